/* server/render_pages.c - the pages themselves (render.h): the frame, the
 * header, the share area and the messages around the board, the board
 * page, the landing page and the error page; the board, the move list,
 * goals and the no-script forms are written by their own files
 * (render_internal.h).
 *
 * Nothing here is inline script or style: the Content-Security-Policy
 * forbids both.
 */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "../core/goals.h"
#include "../core/partner.h"
#include "qr.h"
#include "render_internal.h"
#include "static_assets.h"

/* ---- page frame ---------------------------------------------------------
 * The script is loaded blocking in <head> so it can mark <html> before the
 * first paint ("js", and "loading" while a /#S link is being fetched):
 * controls that need the script never flash for a no-script reader, and a
 * turn link never flashes the landing page. It is a few KB and cached. */
static void render_head_open(struct out_buf *b)
{
    out_lit(b, "<!doctype html>\n<html lang=\"en\"><head>"
               "<meta charset=\"utf-8\">"
               "<meta name=\"viewport\" "
               "content=\"width=device-width,initial-scale=1\">"
               "<title>");
}

static void render_head_open_fetched(struct out_buf *b)
{
    out_lit(b, "<!doctype html>\n<html lang=\"en\"><head>"
               "<meta charset=\"utf-8\"><title>");
}

/* After the title's text, which the caller writes (escaped). */
static void render_head_close(struct out_buf *b)
{
    /* Versioned links may be cached for good: a new build changes them. */
    out_lit(b, "</title><link rel=\"icon\" href=\"data:,\">"
               "<link rel=\"stylesheet\" href=\"");
    html_url(b, "/static/app.css?v=");
    html_attr(b, srv_static_version("app.css"));
    out_lit(b, "\"><script src=\"");
    html_url(b, "/static/app.js?v=");
    html_attr(b, srv_static_version("app.js"));
    out_lit(b, "\"></script></head>\n<body>"
               "<div id=\"live\" class=\"sr\" role=\"status\" "
               "aria-live=\"polite\" data-testid=\"live\"></div>\n");
}

/* The head of a page only the script reads (render_view.plain unset): it
 * takes the title and #app out of it and swaps them into the page it is
 * already showing, whose head, stylesheet, script and live region stay;
 * so this one carries the title alone (300 bytes less to make, compress
 * and send on every turn). */
static void render_head_close_fetched(struct out_buf *b)
{
    out_lit(b, "</title></head>\n<body>");
}

static void render_head(struct out_buf *b, const char *title)
{
    render_head_open(b);
    html_text(b, title);
    render_head_close(b);
}

static void render_foot(struct out_buf *b)
{
    out_lit(b, "</div>\n</body></html>\n");
}

static void render_brand(struct out_buf *b)
{
    out_lit(b, "<h1 class=\"brand\"><a href=\"");
    html_url(b, "/");
    out_lit(b, "\">"
               "<span aria-hidden=\"true\">\xe2\x9c\xa6 </span>Collabble"
               "</a></h1>");
}

/* ---- small pieces ------------------------------------------------------- */

/* "CAT, AT" for a list of words, escaped. */
static void render_words(struct out_buf *b, const struct core_tileset *ts,
                         int n, const char (*words)[CLB_WORD_MAX + 1])
{
    for (int i = 0; i < n; i++) {
        if (i > 0)
            out_lit(b, ", ");
        render_word(b, ts, words[i]);
    }
}

/* ---- header, summaries, prompts ----------------------------------------- */

static void render_stats(struct out_buf *b, const struct core_game *g,
                         const struct core_rack *hidden)
{
    out_lit(b, "<dl class=\"stats\"><div><dt>Score</dt><dd id=\"score\" "
               "data-testid=\"score\">");
    out_int(b, g->score);
    out_lit(b, "</dd></div><div><dt>Turn</dt><dd id=\"turn\" "
               "data-testid=\"turn\">");
    if (g->game_over)
        out_lit(b, "Game over");
    else
        put_player(b, g->turn);
    out_lit(b, "</dd></div>");
    render_goals_stat(b, g);
    render_bag(b, g, hidden);
    out_lit(b, "</dl>");
}

/* Closes the last move's line; the zoom toggle beside it, shown on narrow
 * screens, is the script's (it runs it). */
static void render_zoom(struct out_buf *b)
{
    out_lit(b, "</p></div>");
}

/* What the previous move did, above the board (on a phone too, so it is in
 * view with the rack), beside the phone's zoom toggle. */
static void render_last_move(struct out_buf *b, const struct core_game *g)
{
    out_lit(b, "<div class=\"lastbar\"><p class=\"lastmove\" "
               "id=\"last-move\" data-testid=\"last-move\">");
    if (!g->has_last_move) {
        out_lit(b, "New game: ");
        put_player(b, g->turn);
        out_lit(b, " starts. The first word must cover the \xe2\x98\x85.");
        render_zoom(b);
        return;
    }
    const struct core_last_move *lm = &g->last_move;
    /* In a solo game Player 2's moves are the computer's (until a friend
     * takes its seat). */
    if (g->partner != CORE_PARTNER_FRIEND && other_player(g->turn) == CORE_P2)
        out_lit(b, "The computer");
    else
        put_player(b, other_player(g->turn));
    switch (lm->type) {
    case CORE_MOVE_PLAY:
        out_lit(b, " played <strong>");
        render_words(b, core_game_tileset(g),
                     lm->nwords < CLB_MAX_WORDS ? lm->nwords : CLB_MAX_WORDS,
                     lm->words);
        out_lit(b, "</strong> for ");
        put_count(b, lm->points, "point", "points");
        if (lm->ncells == CLB_RACK_SIZE)
            out_lit(b, ", a bingo");
        out_char(b, '.');
        break;
    case CORE_MOVE_EXCHANGE:
        out_lit(b, " exchanged ");
        put_count(b, lm->exchanged, "tile", "tiles");
        out_char(b, '.');
        break;
    case CORE_MOVE_PASS:
        out_lit(b, " passed.");
        if (!g->game_over && g->consecutive_passes == 1)
            out_lit(b, " <strong>One more pass ends the game.</strong>");
        break;
    case CORE_MOVE_HELPER: break; /* a helper is not a last move */
    }
    render_zoom(b);
}

/* The end of a play's sentence: "</strong> for 32 points (bingo: +50)." */
static void render_play_points(struct out_buf *b,
                               const struct core_move_result *r)
{
    out_lit(b, "</strong> for ");
    put_count(b, r->points, "point", "points");
    if (r->bingo)
        out_lit(b, " (bingo: +50)");
    out_char(b, '.');
}

/* The sentence for a move just made on this page. */
static void render_moved(struct out_buf *b, const struct core_tileset *ts,
                         const struct core_move_result *r)
{
    switch (r->type) {
    case CORE_MOVE_PLAY:
        out_lit(b, "You played <strong>");
        render_words(b, ts,
                     r->nwords < CLB_MAX_WORDS ? r->nwords : CLB_MAX_WORDS,
                     r->words);
        render_play_points(b, r);
        break;
    case CORE_MOVE_EXCHANGE: out_lit(b, "You exchanged tiles."); break;
    case CORE_MOVE_PASS: out_lit(b, "You passed."); break;
    case CORE_MOVE_HELPER: out_lit(b, "You used a helper."); break;
    }
}

/* The computer's reply, made in the request of the move this page shows:
 * the sentence the script also reads out ("The computer played QI for 32
 * points."). */
static void render_reply(struct out_buf *b, const struct core_tileset *ts,
                         const struct core_move_result *r)
{
    out_lit(b, "<p id=\"reply\" data-testid=\"partner-reply\">The computer ");
    switch (r->type) {
    case CORE_MOVE_PLAY:
        /* The main word, as a player says it ("QI for 32"); the move
         * list and the last move's line give every word. */
        out_lit(b, "played <strong>");
        render_words(b, ts, r->nwords > 0 ? 1 : 0, r->words);
        render_play_points(b, r);
        break;
    case CORE_MOVE_EXCHANGE: out_lit(b, "exchanged tiles."); break;
    case CORE_MOVE_PASS:
    case CORE_MOVE_HELPER: out_lit(b, "passed."); break;
    }
    out_lit(b, "</p>");
}

/* Whether Player 2's seat of the game is the computer's. */
static bool solo(const struct core_game *g)
{
    return g->partner != CORE_PARTNER_FRIEND;
}

/* The share area's heading: what this device waits for. */
static void render_share_heading(struct out_buf *b, const struct render_view *v)
{
    const struct core_game *g = v->game;
    out_lit(b, "<h2 id=\"send-h\">");
    if (g->game_over && solo(g))
        out_lit(b, "The final board&#39;s link");
    else if (g->game_over)
        out_lit(b, "Send the final board to your partner");
    else if (solo(g) && !is_waiting(v))
        out_lit(b, "Your game&#39;s link");
    else if (is_waiting(v)) {
        out_lit(b, "Waiting for ");
        put_player(b, g->turn);
        out_lit(b, " \xe2\x80\x94 send them the link");
    } else
        out_lit(b, "Send this link to your partner");
    out_lit(b, "</h2>");
}

/* The one share area: the link (absolute when the script said the page's
 * origin; the script completes it otherwise), Copy, Share where the
 * browser has a share sheet, the QR code of the very same link, the
 * classic link for a partner on the original design, and, while waiting,
 * the switch for one person playing both racks. */
static void render_share(struct out_buf *b, const struct render_view *v)
{
    const struct core_game *g = v->game;
    bool origin = v->origin != NULL && v->origin[0] != '\0';
    out_lit(b, "<section class=\"panel send\" id=\"send\" "
               "data-testid=\"copy-prompt\" aria-labelledby=\"send-h\">");
    render_share_heading(b, v);
    if (v->moved != NULL) {
        out_lit(b, "<p>");
        render_moved(b, core_game_tileset(v->game), v->moved);
        if (!g->game_over && v->moved->type == CORE_MOVE_PASS &&
            g->consecutive_passes == 1 && v->reply == NULL)
            out_lit(b, " One more pass ends the game.");
        out_lit(b, "</p>");
        if (v->reply != NULL)
            render_reply(b, core_game_tileset(g), v->reply);
    }
    if (solo(g) && !g->game_over)
        out_lit(b, "<p class=\"opt\" data-testid=\"solo-note\">Keep this "
                   "link to go on later. To hand Player 2 to a friend, tick "
                   "&#8220;My friend plays Player 2&#8221; as you end your "
                   "turn, then send them the link.</p>");
    out_lit(b, "<input id=\"link\" data-testid=\"copy-link\" readonly "
               "aria-label=\"Turn link\" value=\"");
    if (origin)
        html_attr(b, v->origin);
    html_url(b, "/#");
    html_attr(b, v->state);
    out_lit(b, "\"><div class=\"sharerow\"><button id=\"copy-link\" "
               "class=\"primary needs-js\" "
               "data-testid=\"copy-link-button\">Copy"
               "</button><button id=\"share-link\" class=\"share\" "
               "data-testid=\"share-link\" hidden>Share</button>");
    /* The QR code is for handing the game over in the same room: while
     * this device waits, and right after the move that ended the game. A
     * finished game opened later keeps its first visit light without it. */
    if (origin && (is_waiting(v) || v->moved != NULL)) {
        /* The code holds the same text as the field above. */
        char link[CLB_MAX_ORIGIN + CLB_MAX_BASE_PATH + sizeof "/#" +
                  CLB_MAX_ENCODED_STATE];
        int n = snprintf(link, sizeof link, "%s%.*s/#%s", v->origin,
                         (int)b->base_len, b->base, v->state);
        if (n > 0 && (size_t)n < sizeof link) {
            out_lit(b, "<details class=\"qrbox\" data-testid=\"qr-box\">"
                       "<summary data-testid=\"qr-toggle\">QR code"
                       "</summary>");
            if (!qr_svg(b, link))
                out_lit(b, "<p>This link is too long for a QR code.</p>");
            out_lit(b, "</details>");
        }
    }
    /* A goals game has no classic link: the format has no place for its
     * goals (docs/RULES.md, "Goals mode"); nor has a game that began solo
     * (its link says whose the seat was, docs/LINK.md). */
    bool began_solo = v->history != NULL
                          ? v->history->first.partner != CORE_PARTNER_FRIEND
                          : solo(g);
    if (g->goals.level == CORE_GOALS_OFF && !began_solo)
        out_lit(b, "<button id=\"classic\" class=\"minor needs-js\" "
                   "data-testid=\"copy-classic\">Copy classic link</button>");
    out_lit(b, "</div>");
    if (g->goals.level != CORE_GOALS_OFF)
        out_lit(b, "<p class=\"opt\" data-testid=\"no-classic\">No classic "
                   "link: the classic format has no place for goals.</p>");
    else if (began_solo)
        out_lit(b, "<p class=\"opt\" data-testid=\"no-classic\">No classic "
                   "link: the classic format has no place for the "
                   "computer&#39;s seat.</p>");
    if (is_waiting(v)) {
        /* The script follows the partner's link opened in any tab of
         * this browser; a page without it does not update (needs-js). */
        out_lit(b, "<p class=\"note needs-js\" data-testid=\"wait-note\">"
                   "This page "
                   "updates by itself when your partner&#39;s link is "
                   "opened on this device.</p>");
        out_lit(b, "<button id=\"switch\" class=\"minor needs-js\" "
                   "data-testid=\"switch-player\" data-player=");
        out_int(b, (int)g->turn + 1);
        out_lit(b, ">Play ");
        put_player(b, g->turn);
        out_lit(b, "&#39;s turn on this device</button>");
    }
    out_lit(b, "</section>");
}

/* The error as a sentence for the player, the one place it is written:
 * the table's message, then the words it names ("Not in the dictionary:
 * QXZ.") or, for an error that is not a rule's, its detail in brackets
 * ("The request is malformed (move.tiles: expected an array)."). A rule's
 * detail only repeats its words and squares, which the page marks on the
 * board, so it is left out. Escaped for HTML text. */
static void render_sentence(struct out_buf *b, const struct core_tileset *ts,
                            const struct clb_error *err)
{
    const char *msg = clb_err_str(err->code);
    char first[2] = {msg[0] >= 'a' && msg[0] <= 'z' ? (char)(msg[0] - 'a' + 'A')
                                                    : msg[0],
                     '\0'};
    html_text(b, first);
    if (msg[0] != '\0')
        html_text(b, msg + 1);
    if (err->nwords > 0) {
        out_lit(b, ": <strong>");
        /* An error's words in the game's display strings (English where
         * the page has no game). */
        render_words(b, ts,
                     err->nwords < CLB_MAX_WORDS ? err->nwords : CLB_MAX_WORDS,
                     err->words);
        out_lit(b, "</strong>");
    } else if (err->detail[0] != '\0' &&
               clb_err_kind_of(err->code) != CLB_ERR_KIND_RULE) {
        out_lit(b, " (");
        html_textn(b, err->detail, strnlen(err->detail, sizeof err->detail));
        out_lit(b, ")");
    }
    out_lit(b, ".");
}

static void render_message(struct out_buf *b, const struct core_tileset *ts,
                           const struct clb_error *err)
{
    if (err != NULL && err->code != CLB_ERR_OK) {
        out_lit(b, "<p class=\"msg err\" id=\"msg\" data-testid=\"message\">");
        render_sentence(b, ts, err);
        out_lit(b, "</p>");
    } else {
        out_lit(b, "<p class=\"msg\" id=\"msg\" data-testid=\"message\"></p>");
    }
}

static void render_footer(struct out_buf *b, const struct render_view *v)
{
    const struct core_game *g = v->game;
    out_raw(b,
            "<footer class=\"foot\"><span>Game <code data-testid=\"game-id\">");
    html_textn(b, g->game_id, strnlen(g->game_id, CLB_GAME_ID_MAX));
    out_lit(b, "</code></span> <span>Dictionary ");
    html_text(b, v->lexicon != NULL && v->lexicon[0] != '\0' ? v->lexicon
                                                             : "default");
    out_lit(b, "</span> <a href=\"");
    html_url(b, "/");
    out_lit(b, "\">New game</a></footer>");
}

/* ---- pages -------------------------------------------------------------- */

static int tiles_on_board(const struct core_game *g)
{
    int n = 0;
    for (int r = 0; r < CLB_BOARD_SIZE; r++)
        for (int c = 0; c < CLB_BOARD_SIZE; c++)
            n += g->board[r][c] != CORE_EMPTY;
    return n;
}

/* One position of the chain: its core_position_hash() in five characters
 * of the link's alphabet (30 bits: enough to tell apart the few lines of
 * one game a device keeps). */
static void put_chain_hash(struct out_buf *b, uint32_t x)
{
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                   "abcdefghijklmnopqrstuvwxyz0123456789-_";
    for (int i = 4; i >= 0; i--)
        out_char(b, alphabet[x >> (6 * i) & 63]);
}

/* data-chain: every position of the history, the first one first, so the
 * script tells a newer link of a game from an older one or a branch
 * (docs/UI.md, "One game, one truth"). */
static void put_chain(struct out_buf *b, const struct core_history *h)
{
    out_lit(b, " data-chain=");
    put_chain_hash(b, core_position_hash(&h->first));
    for (int i = 0; i < h->nmoves; i++)
        put_chain_hash(b, h->moves[i].after);
}

/* data-alphabet: the tile set's letters for the script, their upper
 * display strings in machine order, a space between. Written only for a
 * set other than English (the script assumes A-Z without it), so an
 * English page is as it was. */
static void put_alphabet(struct out_buf *b, const struct core_tileset *ts)
{
    if (core_tileset_is_default(ts))
        return;
    out_lit(b, " data-alphabet=\"");
    for (int m = 0; m < ts->n; m++) {
        if (m > 0)
            out_char(b, ' ');
        html_attr(b, ts->upper[m]);
    }
    out_lit(b, "\"");
}

static void render_app_open(struct out_buf *b, const char *view,
                            const struct render_view *v)
{
    out_lit(b, "<div id=\"app\" data-view=\"");
    out_raw(b, view);
    out_char(b, '"');
    if (v != NULL) {
        const struct core_game *g = v->game;
        out_lit(b, " data-state=\"");
        html_attr(b, v->state);
        out_lit(b, "\" data-game-id=\"");
        html_textn(b, g->game_id, strnlen(g->game_id, CLB_GAME_ID_MAX));
        out_lit(b, "\" data-turn=");
        out_int(b, (int)g->turn + 1);
        out_lit(b, " data-score=");
        out_int(b, g->score);
        out_lit(b, " data-bag=");
        out_int(b, core_bag_count(g));
        if (g->game_over)
            out_lit(b, " data-over=1");
        if (v->moved != NULL)
            out_lit(b, " data-moved=1");
        if (v->daily[0] != '\0') {
            out_lit(b, " data-daily=");
            html_attr(b, v->daily);
        }
        if (v->history != NULL && v->start != NULL) {
            out_lit(b, " data-move=");
            out_int(b, v->history->nmoves);
            out_lit(b, " data-tiles=");
            out_int(b, tiles_on_board(g));
            out_lit(b, " data-start=\"");
            html_attr(b, v->start);
            out_lit(b, "\"");
            put_chain(b, v->history);
        }
        put_alphabet(b, core_game_tileset(g));
        if (v->error != NULL && v->error->code != CLB_ERR_OK) {
            out_lit(b, " data-error=\"");
            html_attr(b, clb_err_code(v->error->code));
            out_lit(b, "\"");
        }
    }
    out_lit(b, ">\n");
}

/* The points of the tiles on both racks, all of which a game that ends
 * without a player going out takes off the score, down to 0. */
static int racks_value(const struct core_game *g)
{
    int v = 0;
    for (int p = CORE_P1; p <= CORE_P2; p++)
        for (int i = 0; i < g->hands[p].count && i < CLB_RACK_SIZE; i++)
            v += core_tile_points(core_game_tileset(g), g->hands[p].tiles[i]);
    return v;
}

/* What a pass would do, as a sentence (the pass bar's question, and the
 * no-script pass form's): the pass that would be the second in a row ends
 * the game, so it says so and what the racks will cost; the score never
 * goes below 0, and when it would, the sentence says why it stops there.
 * Returns whether it ends the game. */
bool render_pass_question(struct out_buf *b, const struct core_game *g)
{
    bool ends = g->consecutive_passes >= 1;
    if (ends) {
        int cost = core_end_adjustment(g), worth = racks_value(g);
        out_lit(b, "<strong>Passing now ends the game</strong>: ");
        put_player(b, other_player(g->turn));
        out_lit(b, " passed last turn, and two passes in a row end it. ");
        if (g->score == 0) {
            out_lit(b, "The score stays 0: the tiles left on both racks "
                       "would come off it, but it never goes below 0.");
        } else {
            out_lit(b, "The tiles left on both racks take ");
            put_count(b, cost, "point", "points");
            out_lit(b, " off the score (");
            out_int(b, g->score);
            out_lit(b, ", then ");
            out_int(b, g->score - cost);
            out_lit(b, ")");
            if (cost < worth) {
                out_lit(b, ": they are worth ");
                out_int(b, worth);
                out_lit(b, ", but the score never goes below 0");
            }
            out_lit(b, ".");
        }
    } else {
        out_lit(b, "Pass this turn without playing? If ");
        put_player(b, other_player(g->turn));
        out_lit(b, " passes next, the game ends.");
    }
    return ends;
}

/* The confirmation a pass asks for. The pass that would be the second in
 * a row ends the game, so it says so and what the racks will cost. */
static void render_pass_bar(struct out_buf *b, const struct core_game *g)
{
    out_lit(b, "<div class=\"bar needs-js\" id=\"pass-bar\" hidden>"
               "<p id=\"pass-q\" data-testid=\"pass-question\">");
    bool ends = render_pass_question(b, g);
    out_lit(b, "</p><button class=\"primary\" id=\"pass-confirm\" "
               "data-testid=\"pass-confirm\" aria-describedby=\"pass-q\">");
    if (ends)
        out_lit(b, "Pass and end the game");
    else
        out_lit(b, "Pass");
    out_lit(b, "</button><button id=\"pass-cancel\" "
               "data-testid=\"pass-cancel\">Cancel</button></div>");
}

static void render_actions(struct out_buf *b, const struct render_view *v)
{
    const struct core_game *g = v->game;
    bool can_exchange = core_bag_count(g) >= CLB_EXCHANGE_MIN_BAG;
    out_lit(b, "<div class=\"actions needs-js\" id=\"actions\">"
               "<button class=\"primary\" id=\"end-turn\" "
               "data-testid=\"end-turn\" aria-describedby=\"preview\"");
    if (v->npending == 0)
        out_lit(b, " disabled");
    out_lit(b, ">End Turn</button><button id=\"exchange\" "
               "data-testid=\"exchange\"");
    if (!can_exchange)
        out_lit(b, " disabled aria-describedby=\"ex-why\"");
    out_lit(b, ">Exchange</button><button id=\"pass\" data-testid=\"pass\">"
               "Pass</button><button id=\"recall\" data-testid=\"recall\"");
    if (v->npending == 0)
        out_lit(b, " disabled");
    out_lit(b, ">Recall all</button></div>");
    if (solo(g) && g->turn == CORE_P1)
        out_lit(b, "<label class=\"opt needs-js\"><input type=\"checkbox\" "
                   "id=\"handover\" data-testid=\"handover\"> My friend "
                   "plays Player 2 from now on (no computer reply)</label>");
    if (!can_exchange) {
        out_lit(b, "<p class=\"note\" id=\"ex-why\">Exchanging needs at "
                   "least ");
        out_int(b, CLB_EXCHANGE_MIN_BAG);
        out_lit(b, " tiles in the bag.</p>");
    }
    /* The exchange's bar (the same on every page) is the script's. */
    render_pass_bar(b, g);
    if (v->plain)
        render_plain_forms(b, v);
}

/* New game, and on a daily deal's finished game (a result link a visitor
 * opens) "Play today's deal" first. */
static void render_new_buttons(struct out_buf *b, bool daily)
{
    if (daily) {
        out_lit(b, "<form method=\"get\" action=\"");
        html_url(b, "/daily");
        out_lit(b, "\"><button class=\"primary\" type=\"submit\" "
                   "data-testid=\"play-daily\">Play today&#39;s deal</button>"
                   "</form>");
    }
    out_lit(b, "<form method=\"get\" action=\"");
    html_url(b, "/new");
    out_rawf(b,
             "\"><button%s type=\"submit\" "
             "data-testid=\"new-game\">New game</button></form>",
             daily ? "" : " class=\"primary\"");
}

/* What the tiles left on the racks took off the score, and the score
 * before: the ending by passes and the blocked ending say it alike. */
static void put_adjustment_before(struct out_buf *b, const struct core_game *g)
{
    if (g->end_adjustment > 0)
        out_rawf(b,
                 " The tiles left on the racks, worth %d %s, were "
                 "taken off the score (%d before).",
                 g->end_adjustment,
                 plural(g->end_adjustment, "point", "points"),
                 g->score + g->end_adjustment);
}

static void render_game_over_panel(struct out_buf *b,
                                   const struct render_view *v)
{
    const struct core_game *g = v->game;
    out_rawf(b,
             "<section class=\"panel over\" id=\"game-over\" "
             "data-testid=\"game-over\" aria-labelledby=\"over-h\">"
             "<h2 id=\"over-h\">Game over</h2><p class=\"final\">Final score "
             "<strong data-testid=\"final-score\">%d</strong></p>"
             "<p data-testid=\"game-end\">",
             g->score);
    switch (g->end) {
    case CORE_END_PASSES:
        out_lit(b, "Both players passed in a row, so the game ended.");
        put_adjustment_before(b, g);
        break;
    case CORE_END_OUT: {
        enum core_player out = g->hands[CORE_P1].count == 0 ? CORE_P1 : CORE_P2;
        out_rawf(b,
                 "%s went out: the bag was empty and they played their "
                 "last tile.",
                 player_name(out));
        if (g->end_adjustment > 0)
            out_rawf(b, " %d %s left on the racks were taken off.",
                     g->end_adjustment,
                     plural(g->end_adjustment, "point", "points"));
        break;
    }
    case CORE_END_LIMIT:
        out_rawf(b,
                 "The game reached %d moves, the most a game link holds, so "
                 "it ended.",
                 CLB_MAX_GAME_MOVES);
        if (g->end_adjustment > 0)
            out_rawf(b,
                     " The tiles left on the racks, worth %d %s, were "
                     "taken off the score.",
                     g->end_adjustment,
                     plural(g->end_adjustment, "point", "points"));
        break;
    case CORE_END_BLOCKED:
        out_lit(b, "The bag was empty and neither player could play, so the "
                   "game ended by itself.");
        put_adjustment_before(b, g);
        break;
    case CORE_END_NONE: out_lit(b, "The game has ended."); break;
    }
    out_lit(b, "</p>");
    render_goals_outcome(b, g);
    if (v->review != NULL) {
        render_review_total(b, v->review, NULL);
    } else if (v->history != NULL && v->history->nmoves > 0) {
        /* The script puts the review's total here, then shows the result's
         * buttons (the text is the server's: data-result). */
        out_lit(b, "<p id=\"review-total\" hidden></p><p id=\"result\" "
                   "class=\"sharerow\" hidden><button id=\"copy-result\" "
                   "data-testid=\"copy-result\">Copy result</button>"
                   "<button id=\"share-result\" class=\"share\" "
                   "data-testid=\"share-result\" hidden>Share result"
                   "</button></p>");
    }
    render_new_buttons(b, v->daily[0] != '\0');
    out_lit(b, "</section>");
}

/* The side column of a game still on: the rack to play and its controls,
 * then the partner's rack (blind mode hides it). */
static void render_play_side(struct out_buf *b, const struct render_view *v)
{
    const struct core_game *g = v->game;
    /* A helper is used during a turn: nothing to send yet. */
    if (v->moved != NULL && v->moved->type != CORE_MOVE_HELPER)
        render_share(b, v);
    out_lit(b, "<section class=\"panel play\" aria-label=\"Your turn\">");
    render_active_rack(b, v);
    out_lit(b, "<p class=\"preview\" id=\"preview\" data-testid=\"preview\">"
               "</p>");
    if (v->moved != NULL && v->moved->type == CORE_MOVE_HELPER)
        out_lit(b, "<p class=\"msg ok\" id=\"msg\" data-testid=\"message\">"
                   "You used a helper.</p>");
    else
        render_message(b, core_game_tileset(g), v->error);
    render_goals(b, v);
    render_actions(b, v);
    if (goals_on(g))
        render_helpers(b, g);
    out_lit(b, "</section><section class=\"panel\" aria-label=\"Partner\">");
    render_plain_rack(b, core_game_tileset(g), &g->hands[other_player(g->turn)],
                      other_player(g->turn), RACK_PARTNER);
    out_lit(b, "</section>");
    render_help(b, v);
}

/* The side column while this device waits for its partner: the link to
 * send, then this device's own rack and the partner's (blind mode hides
 * the partner's, whoever is to move). */
static void render_wait_side(struct out_buf *b, const struct render_view *v)
{
    const struct core_game *g = v->game;
    enum core_player me = device_player(v);
    render_share(b, v);
    if (v->plain)
        render_plain_send(b, v);
    out_lit(b, "<section class=\"panel\" aria-label=\"Racks\">");
    render_goals(b, v);
    render_plain_rack(b, core_game_tileset(g), &g->hands[me], me, RACK_MINE);
    render_plain_rack(b, core_game_tileset(g), &g->hands[other_player(me)],
                      other_player(me), RACK_PARTNER);
    out_lit(b, "</section>");
}

static void render_over_side(struct out_buf *b, const struct render_view *v)
{
    const struct core_game *g = v->game;
    render_game_over_panel(b, v);
    render_share(b, v);
    if (v->plain)
        render_plain_send(b, v);
    out_lit(b, "<section class=\"panel\">");
    render_plain_rack(b, core_game_tileset(g), &g->hands[CORE_P1], CORE_P1,
                      RACK_FINAL);
    render_plain_rack(b, core_game_tileset(g), &g->hands[CORE_P2], CORE_P2,
                      RACK_FINAL);
    out_lit(b, "</section>");
}

void render_game(struct out_buf *b, const struct render_view *v)
{
    const struct core_game *g = v->game;
    bool waiting = is_waiting(v);
    if (v->plain)
        render_head_open(b);
    else
        render_head_open_fetched(b);
    out_lit(b, "Collabble \xc2\xb7 ");
    if (g->game_over) {
        out_lit(b, "game over");
    } else if (waiting) {
        out_lit(b, "waiting for ");
        put_player(b, g->turn);
    } else {
        put_player(b, g->turn);
        out_lit(b, " to play");
    }
    out_lit(b, ", ");
    out_int(b, g->score);
    if (v->plain)
        render_head_close(b);
    else
        render_head_close_fetched(b);
    render_app_open(b, g->game_over ? "over" : waiting ? "wait" : "board", v);
    out_lit(b, "<header class=\"top\">");
    render_brand(b);
    if (v->daily[0] != '\0') {
        out_lit(b, "<p class=\"daily\" data-testid=\"daily\">Daily deal ");
        html_text(b, v->daily);
        out_lit(b, "</p>");
    }
    /* The rack blind mode (the script's) hides: the partner's, whoever
     * is to move. */
    render_stats(b, g,
                 g->game_over ? NULL
                 : waiting    ? &g->hands[g->turn]
                              : &g->hands[other_player(g->turn)]);
    out_lit(b, "</header>\n<main class=\"game\">");
    render_last_move(b, g);
    out_lit(b, "<section class=\"boardwrap\" id=\"boardwrap\" "
               "aria-label=\"Board\">");
    render_board(b, v);
    out_lit(b, "</section>\n<section class=\"side\" aria-label=\"Racks and "
               "actions\">");
    if (g->game_over)
        render_over_side(b, v);
    else if (waiting)
        render_wait_side(b, v);
    else
        render_play_side(b, v);
    if (v->history != NULL)
        render_moves(b, v);
    render_footer(b, v);
    out_lit(b, "</section></main>\n");
    render_foot(b);
}

/* The landing page's daily deal (the same tiles for every team on a UTC
 * date: GET /daily) and this device's personal bests, which the script
 * fills from localStorage. */
/* The new-game forms' partner: a friend (links passed by hand), or the
 * computer in Player 2's seat at one of its levels. Every first visit
 * loads the landing page, so it is written short: an option without a
 * value is its text ("casual"), grouped under "The computer". */
static void render_partner_choice(struct out_buf *b, const char *id)
{
    out_rawf(b,
             "<label for=%s>Partner</label><select id=%s name=partner>"
             "<option value=\"\">A friend<optgroup label=\"The computer\">",
             id, id);
    for (int l = CORE_PARTNER_CASUAL; l <= CORE_PARTNER_BEST; l++)
        out_rawf(b, "<option>%s", core_partner_name((enum core_partner)l));
    out_lit(b, "</optgroup></select>");
}

static void render_daily_card(struct out_buf *b)
{
    out_lit(b, "<form class=\"card\" method=\"get\" action=\"");
    html_url(b, "/daily");
    out_lit(b, "\"><h2>"
               "Today&#39;s deal</h2><p>The same tiles for every team today."
               "</p>");
    render_goals_choice(b, "dgoals");
    render_partner_choice(b, "dpartner");
    out_lit(b, "<button class=\"primary\" data-testid=\"daily\">Play "
               "today&#39;s deal</button></form><p class=\"card\" "
               "id=\"bests\" data-testid=\"bests\" hidden></p>");
}

/* The landing and error pages' "Your games", hidden until the script
 * fills it from localStorage with static/landing.js, whose versioned
 * address it carries (data-js): the script loads it only for these pages,
 * so a game link's first visit never does. */
static void render_saved_games(struct out_buf *b)
{
    out_lit(b, "<section class=\"card\" data-js=\"");
    html_url(b, "/static/landing.js?v=");
    html_attr(b, srv_static_version("landing.js"));
    out_lit(b, "\" id=\"games\" data-testid=\"saved-games\" "
               "aria-labelledby=\"games-h\" hidden><h2 id=\"games-h\">Your "
               "games</h2><ul class=\"games\" id=\"game-list\"></ul>"
               "</section>");
}

void render_landing(struct out_buf *b, const struct srv_context *ctx,
                    const char *seed, size_t seed_len,
                    const struct clb_error *err)
{
    render_head(b, "Collabble");
    render_app_open(b, "landing", NULL);
    out_lit(b, "<header class=\"top\">");
    render_brand(b);
    out_lit(b, "</header>\n<main class=\"landing\">"
               "<p class=\"lead\">Scrabble for two, played together: every "
               "word adds to one shared score. Play your turn, then send "
               "the link to your partner.</p>");
    render_paste_box(b);
    render_saved_games(b);
    out_lit(b, "<form class=\"card\" method=\"get\" action=\"");
    html_url(b, "/new");
    out_lit(b, "\" "
               "aria-labelledby=\"new-h\"><h2 id=\"new-h\">New game</h2>"
               "<label for=\"seed\">Seed <span class=\"opt\">(optional: the "
               "same seed deals the same tiles)</span></label>"
               "<input id=\"seed\" name=\"seed\" data-testid=\"seed\" "
               "autocomplete=\"off\" maxlength=\"64\"");
    if (seed != NULL && seed_len > 0) {
        out_lit(b, " value=\"");
        html_textn(b, seed, seed_len);
        out_lit(b, "\"");
    }
    out_lit(b, ">");
    if (ctx != NULL && ctx->nlexicons > 1) {
        out_lit(b, "<label for=\"lexicon\">Dictionary</label>"
                   "<select id=\"lexicon\" name=\"lexicon\" "
                   "data-testid=\"lexicon\">");
        for (int i = 0; i < ctx->nlexicons && i < CLB_MAX_LEXICONS; i++) {
            out_lit(b, "<option value=\"");
            html_attr(b, ctx->lexicon_names[i]);
            out_lit(b, "\">");
            html_text(b, ctx->lexicon_names[i]);
            out_lit(b, "</option>");
        }
        out_lit(b, "</select>");
    }
    if (err != NULL && err->code != CLB_ERR_OK) {
        out_lit(b, "<p class=\"msg err\" id=\"msg\" data-testid=\"message\">");
        render_sentence(b, &core_tileset_english, err);
        out_lit(b, "</p>");
    }
    render_goals_choice(b, "goals");
    render_partner_choice(b, "partner");
    out_lit(b, "<button class=\"primary\" type=\"submit\" id=\"new-game\" "
               "data-testid=\"new-game\">New game</button></form>");
    render_daily_card(b);
    out_lit(b, "<section class=\"card how\" aria-labelledby=\"how-h\">"
               "<h2 id=\"how-h\">How it works</h2><ol>"
               "<li>Start a game and play the first word through the "
               "\xe2\x98\x85.</li>"
               "<li>End your turn and send the link to your partner.</li>"
               "<li>They open it, play, and send a link back. The game lives "
               "in the link: nothing is stored on the server.</li></ol>"
               "</section></main>\n");
    render_foot(b);
}

/* What a broken link means to a player, and what to do about it: the
 * technical reason goes in the page's Details. NULL for errors that are
 * not about the link (they keep their one sentence). */
static const char *link_trouble(const struct clb_error *err)
{
    switch (err->code) {
    case CLB_ERR_BAD_STATE:
        if (strstr(err->detail, "made by a newer") != NULL)
            return "This link was made by a newer version of Collabble. "
                   "Open it on the Collabble your partner uses, or update "
                   "this one.";
        return "This link is damaged: part of it was changed or cut off. "
               "Ask your partner to send it again.";
    case CLB_ERR_TOO_LARGE:
        return "This link is too long to be a Collabble game: it may have "
               "been pasted twice, or with other text. Ask your partner to "
               "send it again.";
    case CLB_ERR_UNKNOWN_LEXICON:
        return "This game is judged by a dictionary this Collabble does not "
               "have. Open it on the Collabble your partner uses.";
    default: return NULL;
    }
}

void render_error_page(struct out_buf *b, const struct clb_error *err)
{
    const char *trouble = link_trouble(err);
    render_head(b, "Collabble \xc2\xb7 error");
    render_app_open(b, "error", NULL);
    out_lit(b, "<header class=\"top\">");
    render_brand(b);
    out_lit(b, "</header>\n<main class=\"landing\"><section class=\"card\" "
               "data-testid=\"error-page\" aria-labelledby=\"err-h\">"
               "<h2 id=\"err-h\">");
    out_raw(b, trouble != NULL ? "This game link does not work"
                               : "Something is not right");
    out_lit(b, "</h2><p class=\"msg err\" id=\"msg\" data-testid=\"message\">");
    if (trouble != NULL) {
        out_raw(b, trouble);
        out_lit(b, "</p><details class=\"help\" data-testid=\"error-details\">"
                   "<summary>Details</summary><p>");
    }
    render_sentence(b, &core_tileset_english, err);
    if (trouble != NULL)
        out_lit(b, "</p></details><p>A new game is one press away.");
    else
        out_lit(b, "</p><p>Check that the whole link was copied, or start a "
                   "new game.");
    out_lit(b, "</p><a class=\"btn primary\" href=\"");
    html_url(b, "/");
    out_lit(b, "\" "
               "data-testid=\"new-game\">New game</a></section>");
    render_paste_box(b);
    render_saved_games(b);
    out_lit(b, "</main>\n");
    render_foot(b);
}
