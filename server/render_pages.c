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
#include "json_out.h"
#include "qr.h"
#include "render_internal.h"
#include "render_judge.h"
#include "static_assets.h"

/* ---- page frame ---------------------------------------------------------
 * The script is loaded blocking in <head> so it can mark <html> before the
 * first paint ("js", and "loading" while a /#S link is being fetched):
 * controls that need the script never flash for a no-script reader, and a
 * turn link never flashes the landing page. It is a few KB and cached. */
/* <html lang>: the page's language (server/i18n.h). */
static void render_html_open(struct out_buf *b)
{
    out_lit(b, "<!doctype html>\n<html lang=\"");
    out_raw(b, i18n_code(b->lang));
    out_lit(b, "\"><head>");
}

/* The script's strings in the page's language (static/js/i18n.js reads
 * them): data, not script, so the Content-Security-Policy lets it be; a
 * '<' is written \u003c, so no text can close the element. English needs
 * none: the script's text is the msgids. */
static void render_script_strings(struct out_buf *b)
{
    if (b->lang == NULL || b->lang == &i18n_english)
        return;
    out_lit(b, "<script type=\"application/json\" id=\"i18n\">");
    struct jout j;
    jout_init(&j, b, true); /* < > & as \u escapes */
    jout_open_object(&j);
    /* "": which form of a plural n takes, for n from 0 to 199, a digit
     * each (the script takes n % 100 + 100 past 199: every plural rule
     * reads n through n % 100 and small numbers). */
    jout_key(&j, "");
    out_char(b, '"');
    for (int n = 0; n < 200; n++)
        out_char(b, (char)('0' + i18n_plural_index(b->lang, n) % 10));
    out_char(b, '"');
    j.comma = true;
    const char *many;
    for (int i = 0; i18n_script_id(i, &many) != NULL; i++) {
        const char *id = i18n_script_id(i, &many);
        jout_string(&j, id); /* a key, with the comma due */
        out_char(b, ':');
        j.comma = false;
        if (many == NULL) {
            jout_string(&j, tr(b, id));
            continue;
        }
        jout_open_array(&j); /* a plural: its forms */
        const char *form;
        for (int k = 0; (form = i18n_plural_form(b->lang, id, many, k)) != NULL;
             k++)
            jout_string(&j, form);
        jout_close_array(&j);
    }
    jout_close_object(&j);
    out_lit(b, "</script>");
}

static void render_head_open(struct out_buf *b)
{
    render_html_open(b);
    out_lit(b, "<meta charset=\"utf-8\">"
               "<meta name=\"viewport\" "
               "content=\"width=device-width,initial-scale=1\">"
               "<title>");
}

static void render_head_open_fetched(struct out_buf *b)
{
    render_html_open(b);
    out_lit(b, "<meta charset=\"utf-8\"><title>");
}

/* After the title's text, which the caller writes (escaped). */
static void render_head_close(struct out_buf *b)
{
    /* Versioned links may be cached for good: a new build changes them. */
    out_lit(b, "</title><link rel=\"icon\" href=\"data:,\">"
               "<link rel=\"stylesheet\" href=\"");
    put_static_url(b, "app.css");
    out_lit(b, "\">");
    render_script_strings(b);
    out_lit(b, "<script src=\"");
    put_static_url(b, "app.js");
    /* The script's part that types tiles of several characters (Spanish
     * CH, Catalan L·L), a script of its own it loads only for a set
     * that has such tiles (static/js/tiles.js, several). */
    out_lit(b, "\" data-runs=\"");
    put_static_url(b, "runs.js");
    /* And its part that no first visit runs (the blank's letter picker,
     * the exchange and pass modes' words, the notices of an older
     * position and of a branch, the Names panel's fields...), a script of
     * its own it loads the first time one of them is needed
     * (static/js/tiles.js, more). */
    out_lit(b, "\" data-more=\"");
    put_static_url(b, "more.js");
    /* The stylesheet of what it and static/landing.js show, loaded with
     * the first of them to show something (static/js/dom.js, sheet). */
    out_lit(b, "\" data-css=\"");
    put_static_url(b, "more.css");
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
    out_lit(b, "</title>");
    render_script_strings(b); /* the script takes a new page's language */
    out_lit(b, "</head>\n<body>");
}

static void render_head(struct out_buf *b, const char *title)
{
    render_head_open(b);
    html_text(b, title);
    render_head_close(b);
}

/* The language switch, at the end of every page a browser navigated to
 * (outside #app, so it stays while the script swaps pages in): one
 * button a catalogue, each named in its own language, posting to /lang,
 * which keeps the choice in a cookie for this device and comes back to
 * `back` (an address of the application: "/", or "/?s=S" for a game's
 * page; the script puts the address it shows instead, fragment and all).
 * Works without script. Written short: every first visit carries it. */
static void render_lang_switch(struct out_buf *b, const char *state)
{
    out_lit(b, "<form class=langs method=post action=\"");
    html_url(b, "/lang");
    out_lit(b, "\" aria-label=\"");
    html_attr(b, tr(b, "Language"));
    out_lit(b, "\"><input type=hidden name=back value=\"/");
    if (state != NULL) {
        out_lit(b, "?s=");
        html_attr(b, state);
    }
    out_lit(b, "\">");
    const struct i18n_catalogue *now =
        b->lang != NULL ? b->lang : &i18n_english;
    for (int i = 0; i18n_at(i) != NULL; i++) {
        const struct i18n_catalogue *c = i18n_at(i);
        out_rawf(b, "<button name=lang value=%s lang=%s%s>", i18n_code(c),
                 i18n_code(c), c == now ? " aria-current=true" : "");
        html_text(b, i18n_name(c));
        out_lit(b, "</button>");
    }
    out_lit(b, "</form>");
}

/* Closes #app and the page; `plain`: a page a browser navigated to (not
 * one the script fetched), which carries the language switch. */
static void render_foot(struct out_buf *b, bool plain, const char *state)
{
    out_lit(b, "</div>\n");
    if (plain)
        render_lang_switch(b, state);
    out_lit(b, "</body></html>\n");
}

static void render_brand(struct out_buf *b)
{
    out_lit(b, "<h1 class=\"brand\"><a href=\"");
    html_url(b, "/");
    out_lit(b, "\">"
               "<span aria-hidden=\"true\">\xe2\x9c\xa6 </span>Collabble"
               "</a></h1>");
}

void render_speak(struct out_buf *b, const struct core_tileset *ts)
{
    const char *code = ts->language;
    const struct i18n_catalogue *c =
        code != NULL ? i18n_by_code(code, strlen(code)) : NULL;
    if (!b->lang_chosen && c != NULL && c != i18n_pseudo())
        b->lang = c;
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

/* The same, bold, as markup in out: a FILL_HTML datum. */
static const char *words_markup(char out[RENDER_WORDS_CHARS],
                                const struct core_tileset *ts, int n,
                                const char (*words)[CLB_WORD_MAX + 1])
{
    struct out_buf w;
    out_init(&w, out, RENDER_WORDS_CHARS, RENDER_WORDS_CHARS);
    out_lit(&w, "<strong>");
    render_words(&w, ts, n, words);
    out_lit(&w, "</strong>");
    if (w.overflow) /* cannot happen: the room is the longest words' */
        out[0] = '\0';
    return out;
}

/* ---- header, summaries, prompts ----------------------------------------- */

static void render_stats(struct out_buf *b, const struct core_game *g,
                         const struct core_rack *hidden)
{
    out_lit(b, "<dl class=\"stats\"><div><dt>");
    put_tr(b, "Score");
    out_lit(b, "</dt><dd id=\"score\" data-testid=\"score\">");
    out_int(b, g->score);
    out_lit(b, "</dd></div><div><dt>");
    put_tr(b, "Turn");
    out_lit(b, "</dt><dd id=\"turn\" data-testid=\"turn\">");
    if (g->game_over)
        put_tr(b, "Game over");
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
        put_fill(b,
                 tr(b, "New game: {player} starts. The first word must cover "
                       "the \xe2\x98\x85."),
                 FILL_TEXT("player", tr(b, player_name(g->turn))));
        render_zoom(b);
        return;
    }
    const struct core_last_move *lm = &g->last_move;
    /* In a solo game Player 2's moves are the computer's (until a friend
     * takes its seat). */
    bool computer =
        g->partner != CORE_PARTNER_FRIEND && other_player(g->turn) == CORE_P2;
    const char *who = tr(b, player_name(other_player(g->turn)));
    switch (lm->type) {
    case CORE_MOVE_PLAY: {
        char words[RENDER_WORDS_CHARS];
        words_markup(words, core_game_tileset(g),
                     lm->nwords < CLB_MAX_WORDS ? lm->nwords : CLB_MAX_WORDS,
                     lm->words);
        const char *text;
        if (lm->ncells == CLB_RACK_SIZE)
            text = computer ? trn(b,
                                  "The computer played {words} for "
                                  "{points} point, a bingo.",
                                  "The computer played {words} for {points} "
                                  "points, a bingo.",
                                  lm->points)
                            : trn(b,
                                  "{player} played {words} for {points} "
                                  "point, a bingo.",
                                  "{player} played {words} for {points} "
                                  "points, a bingo.",
                                  lm->points);
        else
            text = computer ? trn(b,
                                  "The computer played {words} for "
                                  "{points} point.",
                                  "The computer played {words} for {points} "
                                  "points.",
                                  lm->points)
                            : trn(b,
                                  "{player} played {words} for {points} "
                                  "point.",
                                  "{player} played {words} for {points} "
                                  "points.",
                                  lm->points);
        put_fill(b, text, FILL_TEXT("player", who), FILL_HTML("words", words),
                 FILL_INT("points", lm->points));
        break;
    }
    case CORE_MOVE_EXCHANGE:
        put_fill(b,
                 computer
                     ? trn(b, "The computer exchanged {tiles} tile.",
                           "The computer exchanged {tiles} tiles.",
                           lm->exchanged)
                     : trn(b, "{player} exchanged {tiles} tile.",
                           "{player} exchanged {tiles} tiles.", lm->exchanged),
                 FILL_TEXT("player", who), FILL_INT("tiles", lm->exchanged));
        break;
    case CORE_MOVE_PASS:
        put_fill(b,
                 computer ? tr(b, "The computer passed.")
                          : tr(b, "{player} passed."),
                 FILL_TEXT("player", who));
        if (!g->game_over && g->consecutive_passes == 1) {
            out_lit(b, " <strong>");
            put_tr(b, "One more pass ends the game.");
            out_lit(b, "</strong>");
        }
        break;
    case CORE_MOVE_HELPER: break; /* a helper is not a last move */
    }
    render_zoom(b);
}

/* A play's sentence, "You played QI for 32 points (bingo: +50).", said
 * by the player on this device or by the computer; the words are the
 * first nwords of the play's. */
static void render_play_sentence(struct out_buf *b,
                                 const struct core_tileset *ts,
                                 const struct core_move_result *r, int nwords,
                                 bool computer)
{
    char words[RENDER_WORDS_CHARS];
    words_markup(words, ts, nwords, r->words);
    const char *text;
    if (computer)
        text = r->bingo ? trn(b,
                              "The computer played {words} for {points} "
                              "point (bingo: +50).",
                              "The computer played {words} for {points} "
                              "points (bingo: +50).",
                              r->points)
                        : trn(b,
                              "The computer played {words} for {points} "
                              "point.",
                              "The computer played {words} for {points} "
                              "points.",
                              r->points);
    else
        text = r->bingo
                   ? trn(b,
                         "You played {words} for {points} point "
                         "(bingo: +50).",
                         "You played {words} for {points} points "
                         "(bingo: +50).",
                         r->points)
                   : trn(b, "You played {words} for {points} point.",
                         "You played {words} for {points} points.", r->points);
    put_fill(b, text, FILL_HTML("words", words), FILL_INT("points", r->points));
}

/* The sentence for a move just made on this page. */
static void render_moved(struct out_buf *b, const struct core_tileset *ts,
                         const struct core_move_result *r)
{
    switch (r->type) {
    case CORE_MOVE_PLAY:
        render_play_sentence(
            b, ts, r, r->nwords < CLB_MAX_WORDS ? r->nwords : CLB_MAX_WORDS,
            false);
        break;
    case CORE_MOVE_EXCHANGE: put_tr(b, "You exchanged tiles."); break;
    case CORE_MOVE_PASS: put_tr(b, "You passed."); break;
    case CORE_MOVE_HELPER: put_tr(b, "You used a helper."); break;
    }
}

/* The computer's reply, made in the request of the move this page shows:
 * the sentence the script also reads out ("The computer played QI for 32
 * points."). */
static void render_reply(struct out_buf *b, const struct core_tileset *ts,
                         const struct core_move_result *r)
{
    out_lit(b, "<p id=\"reply\" data-testid=\"partner-reply\">");
    switch (r->type) {
    case CORE_MOVE_PLAY:
        /* The main word, as a player says it ("QI for 32"); the move
         * list and the last move's line give every word. */
        render_play_sentence(b, ts, r, r->nwords > 0 ? 1 : 0, true);
        break;
    case CORE_MOVE_EXCHANGE: put_tr(b, "The computer exchanged tiles."); break;
    case CORE_MOVE_PASS:
    case CORE_MOVE_HELPER: put_tr(b, "The computer passed."); break;
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
        put_tr(b, "The final board's link");
    else if (g->game_over)
        put_tr(b, "Send the final board to your partner");
    else if (solo(g) && !is_waiting(v))
        put_tr(b, "Your game's link");
    else if (is_waiting(v))
        put_fill(b,
                 tr(b, "Waiting for {player} \xe2\x80\x94 send them the link"),
                 FILL_TEXT("player", tr(b, player_name(g->turn))));
    else
        put_tr(b, "Send this link to your partner");
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
            g->consecutive_passes == 1 && v->reply == NULL) {
            out_char(b, ' ');
            put_tr(b, "One more pass ends the game.");
        }
        out_lit(b, "</p>");
        if (v->reply != NULL)
            render_reply(b, core_game_tileset(g), v->reply);
    }
    if (solo(g) && !g->game_over) {
        out_lit(b, "<p class=\"opt\" data-testid=\"solo-note\">");
        put_tr(b, "Keep this link to go on later. To hand Player 2 to a "
                  "friend, tick \xe2\x80\x9cMy friend plays Player "
                  "2\xe2\x80\x9d as you end your turn, then send them the "
                  "link.");
        out_lit(b, "</p>");
    }
    out_lit(b, "<input id=\"link\" data-testid=\"copy-link\" readonly "
               "aria-label=\"");
    html_attr(b, tr(b, "Turn link"));
    out_lit(b, "\" value=\"");
    if (origin)
        html_attr(b, v->origin);
    html_url(b, "/#");
    html_attr(b, v->state);
    out_lit(b, "\"><div class=\"sharerow\"><button id=\"copy-link\" "
               "class=\"primary needs-js\" "
               "data-testid=\"copy-link-button\">");
    put_tr(b, "Copy");
    out_lit(b, "</button><button id=\"share-link\" class=\"share\" "
               "data-testid=\"share-link\" hidden>");
    put_tr(b, "Share");
    out_lit(b, "</button>");
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
                       "<summary data-testid=\"qr-toggle\">");
            put_tr(b, "QR code");
            out_lit(b, "</summary>");
            if (!qr_svg(b, link)) {
                out_lit(b, "<p>");
                put_tr(b, "This link is too long for a QR code.");
                out_lit(b, "</p>");
            }
            out_lit(b, "</details>");
        }
    }
    /* A goals game has no classic link: the format has no place for its
     * goals (docs/RULES.md, "Goals mode"); nor has a game that began solo
     * (its link says whose the seat was, docs/LINK.md). */
    bool began_solo = v->history != NULL
                          ? v->history->first.partner != CORE_PARTNER_FRIEND
                          : solo(g);
    if (g->goals.level == CORE_GOALS_OFF && !began_solo) {
        out_lit(b, "<button id=\"classic\" class=\"minor needs-js\" "
                   "data-testid=\"copy-classic\">");
        put_tr(b, "Copy classic link");
        out_lit(b, "</button>");
    }
    out_lit(b, "</div>");
    if (g->goals.level != CORE_GOALS_OFF || began_solo) {
        out_lit(b, "<p class=\"opt\" data-testid=\"no-classic\">");
        put_tr(b, g->goals.level != CORE_GOALS_OFF
                      ? N_("No classic link: the classic format has no "
                           "place for goals.")
                      : N_("No classic link: the classic format has no "
                           "place for the computer's seat."));
        out_lit(b, "</p>");
    }
    if (is_waiting(v)) {
        /* The script follows the partner's link opened in any tab of
         * this browser; a page without it does not update (needs-js). */
        out_lit(b, "<p class=\"note needs-js\" data-testid=\"wait-note\">");
        put_tr(b, "This page updates by itself when your partner's link is "
                  "opened on this device.");
        out_lit(b, "</p>");
        out_lit(b, "<button id=\"switch\" class=\"minor needs-js\" "
                   "data-testid=\"switch-player\" data-player=");
        out_int(b, (int)g->turn + 1);
        out_char(b, '>');
        put_fill(b, tr(b, "Play {player}'s turn on this device"),
                 FILL_TEXT("player", tr(b, player_name(g->turn))));
        out_lit(b, "</button>");
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
    /* The table's message in the page's language, by its English text
     * (po/pot.cmake extracts the table): core knows no catalogue. */
    const char *msg = tr(b, clb_err_str(err->code));
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
        /* The detail is data, in English whatever the page's language:
         * marked so, for a screen reader's voice (an English page needs
         * no mark). */
        bool english = b->lang == NULL || b->lang == &i18n_english;
        out_raw(b, english ? " (" : " (<span lang=\"en\">");
        html_textn(b, err->detail, strnlen(err->detail, sizeof err->detail));
        out_raw(b, english ? ")" : "</span>)");
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
    out_lit(b, "<footer class=\"foot\"><span>");
    put_tr(b, "Game");
    out_lit(b, " <code data-testid=\"game-id\">");
    html_textn(b, g->game_id, strnlen(g->game_id, CLB_GAME_ID_MAX));
    out_lit(b, "</code></span> <span>");
    put_tr(b, "Dictionary");
    out_char(b, ' ');
    if (v->lexicon != NULL && v->lexicon[0] != '\0')
        html_text(b, v->lexicon);
    else
        put_tr(b, "default");
    out_lit(b, "</span> <a href=\"");
    html_url(b, "/");
    out_lit(b, "\">");
    put_tr(b, "New game");
    out_lit(b, "</a></footer>");
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
    const char *other = tr(b, player_name(other_player(g->turn)));
    if (ends) {
        int cost = core_end_adjustment(g), worth = racks_value(g);
        out_lit(b, "<strong>");
        put_tr(b, "Passing now ends the game");
        out_lit(b, "</strong>: ");
        put_fill(b,
                 tr(b, "{player} passed last turn, and two passes in a row "
                       "end it."),
                 FILL_TEXT("player", other));
        out_char(b, ' ');
        if (g->score == 0)
            put_tr(b, "The score stays 0: the tiles left on both racks "
                      "would come off it, but it never goes below 0.");
        else if (cost < worth)
            put_fill(b,
                     trn(b,
                         "The tiles left on both racks take {cost} point "
                         "off the score ({before}, then {after}): they "
                         "are worth {worth}, but the score never goes "
                         "below 0.",
                         "The tiles left on both racks take {cost} points "
                         "off the score ({before}, then {after}): they are "
                         "worth {worth}, but the score never goes below 0.",
                         cost),
                     FILL_INT("cost", cost), FILL_INT("before", g->score),
                     FILL_INT("after", g->score - cost),
                     FILL_INT("worth", worth));
        else
            put_fill(b,
                     trn(b,
                         "The tiles left on both racks take {cost} point "
                         "off the score ({before}, then {after}).",
                         "The tiles left on both racks take {cost} points "
                         "off the score ({before}, then {after}).",
                         cost),
                     FILL_INT("cost", cost), FILL_INT("before", g->score),
                     FILL_INT("after", g->score - cost));
    } else {
        put_fill(b,
                 tr(b, "Pass this turn without playing? If {player} passes "
                       "next, the game ends."),
                 FILL_TEXT("player", other));
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
    put_tr(b, ends ? N_("Pass and end the game") : N_("Pass"));
    out_lit(b, "</button><button id=\"pass-cancel\" "
               "data-testid=\"pass-cancel\">");
    put_tr(b, "Cancel");
    out_lit(b, "</button></div>");
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
    out_char(b, '>');
    put_tr(b, "End Turn");
    out_lit(b, "</button><button id=\"exchange\" data-testid=\"exchange\"");
    if (!can_exchange)
        out_lit(b, " disabled aria-describedby=\"ex-why\"");
    out_char(b, '>');
    put_tr(b, "Exchange");
    out_lit(b, "</button><button id=\"pass\" data-testid=\"pass\">");
    put_tr(b, "Pass");
    out_lit(b, "</button><button id=\"recall\" data-testid=\"recall\"");
    if (v->npending == 0)
        out_lit(b, " disabled");
    out_char(b, '>');
    put_tr(b, "Recall all");
    out_lit(b, "</button></div>");
    if (solo(g) && g->turn == CORE_P1) {
        out_lit(b, "<label class=\"opt needs-js\"><input type=\"checkbox\" "
                   "id=\"handover\" data-testid=\"handover\"> ");
        put_tr(b, "My friend plays Player 2 from now on (no computer reply)");
        out_lit(b, "</label>");
    }
    if (!can_exchange) {
        out_lit(b, "<p class=\"note\" id=\"ex-why\">");
        put_fill(b,
                 trn(b, "Exchanging needs at least {tiles} tile in the bag.",
                     "Exchanging needs at least {tiles} tiles in the bag.",
                     CLB_EXCHANGE_MIN_BAG),
                 FILL_INT("tiles", CLB_EXCHANGE_MIN_BAG));
        out_lit(b, "</p>");
    }
    /* The exchange's bar (the same on every page) is the script's. */
    render_pass_bar(b, g);
    if (v->plain)
        render_plain_forms(b, v);
}

/* New game, and on a daily deal's finished game (a result link a visitor
 * opens) "Play today's deal" first. */
/* A game in another language than English starts the next one in the
 * same language (/new and /daily read `language`); English's forms stay
 * as they were. */
static void put_language_field(struct out_buf *b, const struct core_tileset *ts)
{
    if (core_tileset_is_default(ts) || ts->language == NULL)
        return;
    out_lit(b, "<input type=hidden name=language value=\"");
    html_attr(b, ts->language);
    out_lit(b, "\">");
}

static void render_new_buttons(struct out_buf *b, bool daily,
                               const struct core_tileset *ts)
{
    if (daily) {
        out_lit(b, "<form method=\"get\" action=\"");
        html_url(b, "/daily");
        out_lit(b, "\">");
        put_language_field(b, ts);
        out_lit(b, "<button class=\"primary\" type=\"submit\" "
                   "data-testid=\"play-daily\">");
        put_tr(b, "Play today's deal");
        out_lit(b, "</button></form>");
    }
    out_lit(b, "<form method=\"get\" action=\"");
    html_url(b, "/new");
    out_lit(b, "\">");
    put_language_field(b, ts);
    out_rawf(b, "<button%s type=\"submit\" data-testid=\"new-game\">",
             daily ? "" : " class=\"primary\"");
    put_tr(b, "New game");
    out_lit(b, "</button></form>");
}

/* What the tiles left on the racks took off the score, and the score
 * before: the ending by passes and the blocked ending say it alike. */
static void put_adjustment_before(struct out_buf *b, const struct core_game *g)
{
    if (g->end_adjustment > 0) {
        out_char(b, ' ');
        put_fill(b,
                 trn(b,
                     "The tiles left on the racks, worth {points} point, "
                     "were taken off the score ({before} before).",
                     "The tiles left on the racks, worth {points} points, "
                     "were taken off the score ({before} before).",
                     g->end_adjustment),
                 FILL_INT("points", g->end_adjustment),
                 FILL_INT("before", g->score + g->end_adjustment));
    }
}

static void render_game_over_panel(struct out_buf *b,
                                   const struct render_view *v)
{
    const struct core_game *g = v->game;
    out_lit(b, "<section class=\"panel over\" id=\"game-over\" "
               "data-testid=\"game-over\" aria-labelledby=\"over-h\">"
               "<h2 id=\"over-h\">");
    put_tr(b, "Game over");
    out_lit(b, "</h2><p class=\"final\">");
    put_tr(b, "Final score");
    out_rawf(b,
             " <strong data-testid=\"final-score\">%d</strong></p>"
             "<p data-testid=\"game-end\">",
             g->score);
    switch (g->end) {
    case CORE_END_PASSES:
        put_tr(b, "Both players passed in a row, so the game ended.");
        put_adjustment_before(b, g);
        break;
    case CORE_END_OUT: {
        enum core_player out = g->hands[CORE_P1].count == 0 ? CORE_P1 : CORE_P2;
        put_fill(b,
                 tr(b, "{player} went out: the bag was empty and they played "
                       "their last tile."),
                 FILL_TEXT("player", tr(b, player_name(out))));
        if (g->end_adjustment > 0) {
            out_char(b, ' ');
            put_fill(b,
                     trn(b, "{points} point left on the racks was taken off.",
                         "{points} points left on the racks were taken off.",
                         g->end_adjustment),
                     FILL_INT("points", g->end_adjustment));
        }
        break;
    }
    case CORE_END_LIMIT:
        put_fill(b,
                 tr(b, "The game reached {moves} moves, the most a game link "
                       "holds, so it ended."),
                 FILL_INT("moves", CLB_MAX_GAME_MOVES));
        if (g->end_adjustment > 0) {
            out_char(b, ' ');
            put_fill(b,
                     trn(b,
                         "The tiles left on the racks, worth {points} "
                         "point, were taken off the score.",
                         "The tiles left on the racks, worth {points} "
                         "points, were taken off the score.",
                         g->end_adjustment),
                     FILL_INT("points", g->end_adjustment));
        }
        break;
    case CORE_END_BLOCKED:
        put_tr(b, "The bag was empty and neither player could play, so the "
                  "game ended by itself.");
        put_adjustment_before(b, g);
        break;
    case CORE_END_NONE: put_tr(b, "The game has ended."); break;
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
                   "data-testid=\"copy-result\">");
        put_tr(b, "Copy result");
        out_lit(b, "</button><button id=\"share-result\" class=\"share\" "
                   "data-testid=\"share-result\" hidden>");
        put_tr(b, "Share result");
        out_lit(b, "</button></p>");
    }
    render_new_buttons(b, v->daily[0] != '\0', core_game_tileset(g));
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
    out_lit(b, "<section class=\"panel play\" aria-label=\"");
    html_attr(b, tr(b, "Your turn"));
    out_lit(b, "\">");
    render_active_rack(b, v);
    out_lit(b, "<p class=\"preview\" id=\"preview\" data-testid=\"preview\">"
               "</p>");
    if (v->moved != NULL && v->moved->type == CORE_MOVE_HELPER) {
        out_lit(b, "<p class=\"msg ok\" id=\"msg\" data-testid=\"message\">");
        put_tr(b, "You used a helper.");
        out_lit(b, "</p>");
    } else
        render_message(b, core_game_tileset(g), v->error);
    render_goals(b, v);
    render_actions(b, v);
    if (goals_on(g))
        render_helpers(b, g);
    out_lit(b, "</section><section class=\"panel\" aria-label=\"");
    html_attr(b, tr(b, "Partner"));
    out_lit(b, "\">");
    render_plain_rack(b, core_game_tileset(g), &g->hands[other_player(g->turn)],
                      other_player(g->turn), RACK_PARTNER);
    out_lit(b, "</section>");
    render_judge_box(b, v);
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
    out_lit(b, "<section class=\"panel\" aria-label=\"");
    html_attr(b, tr(b, "Racks"));
    out_lit(b, "\">");
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
    speak_game_language(b, g);
    if (v->plain)
        render_head_open(b);
    else
        render_head_open_fetched(b);
    out_lit(b, "Collabble \xc2\xb7 ");
    const char *who = tr(b, player_name(g->turn));
    if (g->game_over)
        put_fill(b, tr(b, "game over, {score}"), FILL_INT("score", g->score));
    else if (waiting)
        put_fill(b, tr(b, "waiting for {player}, {score}"),
                 FILL_TEXT("player", who), FILL_INT("score", g->score));
    else
        put_fill(b, tr(b, "{player} to play, {score}"),
                 FILL_TEXT("player", who), FILL_INT("score", g->score));
    if (v->plain)
        render_head_close(b);
    else
        render_head_close_fetched(b);
    render_app_open(b, g->game_over ? "over" : waiting ? "wait" : "board", v);
    out_lit(b, "<header class=\"top\">");
    render_brand(b);
    if (v->daily[0] != '\0') {
        out_lit(b, "<p class=\"daily\" data-testid=\"daily\">");
        put_tr(b, "Daily deal");
        out_char(b, ' ');
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
    out_lit(b, "<section class=\"boardwrap\" id=\"boardwrap\" aria-label=\"");
    html_attr(b, tr(b, "Board"));
    out_lit(b, "\">");
    render_board(b, v);
    out_lit(b, "</section>\n<section class=\"side\" aria-label=\"");
    html_attr(b, tr(b, "Racks and actions"));
    out_lit(b, "\">");
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
    render_foot(b, v->plain, v->state);
}

/* The landing page's daily deal (the same tiles for every team on a UTC
 * date: GET /daily) and this device's personal bests, which the script
 * fills from localStorage. */
/* The new-game forms' partner: a friend (links passed by hand), or the
 * computer in Player 2's seat at one of its levels. Every first visit
 * loads the landing page, so it is written short: an option without a
 * value is its text ("casual"), grouped under "The computer". */
/* The computer's levels as a player reads them (core_partner_name() is
 * the form's value). */
static const char *partner_level_text(int level)
{
    switch (level) {
    case CORE_PARTNER_CASUAL: return N_("casual");
    case CORE_PARTNER_GOOD: return N_("good");
    case CORE_PARTNER_BEST: return N_("best");
    default: return "";
    }
}

static void render_partner_choice(struct out_buf *b, const char *id)
{
    out_rawf(b, "<label for=%s>", id);
    put_tr(b, "Partner");
    out_rawf(b, "</label><select id=%s name=partner><option value=\"\">", id);
    put_tr(b, "A friend");
    out_lit(b, "<optgroup label=\"");
    html_attr(b, tr(b, "The computer"));
    out_lit(b, "\">");
    /* The level's name is the value the form sends: a translated name
     * names its value apart. */
    for (int l = CORE_PARTNER_CASUAL; l <= CORE_PARTNER_BEST; l++) {
        const char *name = core_partner_name((enum core_partner)l);
        const char *shown = tr(b, partner_level_text(l));
        if (strcmp(shown, name) == 0) {
            out_rawf(b, "<option>%s", name);
        } else {
            out_rawf(b, "<option value=%s>", name);
            html_text(b, shown);
        }
    }
    out_lit(b, "</optgroup></select>");
}

/* How many languages have a lexicon loaded (*lists: how many lexicons
 * are of a language at all). */
static int loaded_languages(const struct srv_context *ctx, int *lists)
{
    int n = 0;
    *lists = 0;
    for (int t = 0; ctx != NULL && core_tileset_at(t) != NULL; t++) {
        const struct core_tileset *ts = core_tileset_at(t);
        int k = 0;
        for (int i = 0;
             ts->language != NULL && i < ctx->nlexicons && i < CLB_MAX_LEXICONS;
             i++)
            k += dict_tileset(ctx->lexicons[i]) == ts;
        n += k > 0;
        *lists += k;
    }
    return n;
}

/* The new-game forms' language, when lists of more than one are loaded:
 * each such language by its own name, the default lexicon's chosen. */
static void render_language_choice(struct out_buf *b,
                                   const struct srv_context *ctx,
                                   const char *id)
{
    int lists;
    if (loaded_languages(ctx, &lists) < 2)
        return;
    const struct core_tileset *first = dict_tileset(ctx->lexicons[0]);
    out_rawf(b, "<label for=%s>", id);
    put_tr(b, "Language");
    out_rawf(b, "</label><select id=%s name=language>", id);
    for (int t = 0; core_tileset_at(t) != NULL; t++) {
        const struct core_tileset *ts = core_tileset_at(t);
        int i = 0;
        while (ts->language != NULL && i < ctx->nlexicons &&
               i < CLB_MAX_LEXICONS && dict_tileset(ctx->lexicons[i]) != ts)
            i++;
        if (ts->language == NULL || i >= ctx->nlexicons ||
            i >= CLB_MAX_LEXICONS)
            continue;
        out_rawf(b, "<option value=%s lang=%s%s>", ts->language, ts->language,
                 ts == first ? " selected" : "");
        html_text(b, ts->language_name);
    }
    out_lit(b, "</select>");
}

/* Today's deal: a second submit of the new-game form (its language,
 * goals and partner; /daily has no use for its seed or dictionary), in a
 * card of its own, so the choices are not written twice. */
static void render_daily_card(struct out_buf *b)
{
    out_lit(b, "<div class=\"card\"><h2>");
    put_tr(b, "Today's deal");
    out_lit(b, "</h2><p>");
    put_tr(b, "The same tiles for every team today, with the choices above.");
    out_lit(b, "</p><button class=\"primary\" form=\"new\" formaction=\"");
    html_url(b, "/daily");
    out_lit(b, "\" data-testid=\"daily\">");
    put_tr(b, "Play today's deal");
    out_lit(b, "</button></div><p class=\"card\" "
               "id=\"bests\" data-testid=\"bests\" hidden></p>");
}

/* The landing and error pages' "Your games", hidden until the script
 * fills it from localStorage with static/landing.js, whose versioned
 * address it carries (data-js): the script loads it only for these pages,
 * so a game link's first visit never does. */
static void render_saved_games(struct out_buf *b)
{
    out_lit(b, "<section class=\"card\" data-js=\"");
    put_static_url(b, "landing.js");
    out_lit(b, "\" id=\"games\" data-testid=\"saved-games\" "
               "aria-labelledby=\"games-h\" hidden><h2 id=\"games-h\">");
    put_tr(b, "Your games");
    out_lit(b, "</h2><ul class=\"games\" id=\"game-list\"></ul></section>");
}

void render_landing(struct out_buf *b, const struct srv_context *ctx,
                    const char *seed, size_t seed_len,
                    const struct clb_error *err)
{
    render_head(b, "Collabble");
    render_app_open(b, "landing", NULL);
    out_lit(b, "<header class=\"top\">");
    render_brand(b);
    out_lit(b, "</header>\n<main class=\"landing\"><p class=\"lead\">");
    put_tr(b, "Scrabble for two, played together: every word adds to one "
              "shared score. Play your turn, then send the link to your "
              "partner.");
    out_lit(b, "</p>");
    render_paste_box(b);
    render_saved_games(b);
    out_lit(b, "<form class=\"card\" id=\"new\" method=\"get\" action=\"");
    html_url(b, "/new");
    out_lit(b, "\" aria-labelledby=\"new-h\"><h2 id=\"new-h\">");
    put_tr(b, "New game");
    out_lit(b, "</h2><label for=\"seed\">");
    put_tr(b, "Seed");
    out_lit(b, " <span class=\"opt\">");
    put_tr(b, "(optional: the same seed deals the same tiles)");
    out_lit(b, "</span></label><input id=\"seed\" name=\"seed\" "
               "data-testid=\"seed\" autocomplete=\"off\" maxlength=\"64\"");
    if (seed != NULL && seed_len > 0) {
        out_lit(b, " value=\"");
        html_textn(b, seed, seed_len);
        out_lit(b, "\"");
    }
    out_lit(b, ">");
    /* With a language to choose, the dictionary is chosen only where a
     * language has several, "" (the language's own) first. */
    int lists, languages = loaded_languages(ctx, &lists);
    render_language_choice(b, ctx, "language");
    if (ctx != NULL && ctx->nlexicons > 1 &&
        (languages < 2 || lists > languages)) {
        out_lit(b, "<label for=\"lexicon\">");
        put_tr(b, "Dictionary");
        out_lit(b, "</label><select id=\"lexicon\" name=\"lexicon\" "
                   "data-testid=\"lexicon\">");
        if (languages >= 2) {
            out_lit(b, "<option value=\"\">");
            put_tr(b, "The language's own");
            out_lit(b, "</option>");
        }
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
               "data-testid=\"new-game\">");
    put_tr(b, "New game");
    out_lit(b, "</button></form>");
    render_daily_card(b);
    out_lit(b, "<section class=\"card how\" aria-labelledby=\"how-h\">"
               "<h2 id=\"how-h\">");
    put_tr(b, "How it works");
    out_lit(b, "</h2><ol><li>");
    put_tr(b, "Start a game and play the first word through the "
              "\xe2\x98\x85.");
    out_lit(b, "</li><li>");
    put_tr(b, "End your turn and send the link to your partner.");
    out_lit(b, "</li><li>");
    put_tr(b, "They open it, play, and send a link back. The game lives in "
              "the link: nothing is stored on the server.");
    out_lit(b, "</li></ol></section></main>\n");
    render_foot(b, true, NULL);
}

/* What a broken link means to a player, and what to do about it: the
 * technical reason goes in the page's Details. NULL for errors that are
 * not about the link (they keep their one sentence). */
static const char *link_trouble(const struct clb_error *err)
{
    switch (err->code) {
    case CLB_ERR_BAD_STATE:
        if (strstr(err->detail, "made by a newer") != NULL)
            return N_("This link was made by a newer version of Collabble. "
                      "Open it on the Collabble your partner uses, or update "
                      "this one.");
        return N_("This link is damaged: part of it was changed or cut off. "
                  "Ask your partner to send it again.");
    case CLB_ERR_TOO_LARGE:
        return N_("This link is too long to be a Collabble game: it may have "
                  "been pasted twice, or with other text. Ask your partner "
                  "to send it again.");
    case CLB_ERR_UNKNOWN_LEXICON:
        return N_("This game is judged by a dictionary this Collabble does "
                  "not have. Open it on the Collabble your partner uses.");
    default: return NULL;
    }
}

void render_error_page(struct out_buf *b, const struct clb_error *err)
{
    const char *trouble = link_trouble(err);
    render_head(b, tr(b, "Collabble \xc2\xb7 error"));
    render_app_open(b, "error", NULL);
    out_lit(b, "<header class=\"top\">");
    render_brand(b);
    out_lit(b, "</header>\n<main class=\"landing\"><section class=\"card\" "
               "data-testid=\"error-page\" aria-labelledby=\"err-h\">"
               "<h2 id=\"err-h\">");
    put_tr(b, trouble != NULL ? N_("This game link does not work")
                              : N_("Something is not right"));
    out_lit(b, "</h2><p class=\"msg err\" id=\"msg\" data-testid=\"message\">");
    if (trouble != NULL) {
        put_tr(b, trouble);
        out_lit(b, "</p><details class=\"help\" data-testid=\"error-details\">"
                   "<summary>");
        put_tr(b, "Details");
        out_lit(b, "</summary><p>");
    }
    render_sentence(b, &core_tileset_english, err);
    out_raw(b, trouble != NULL ? "</p></details><p>" : "</p><p>");
    put_tr(b, trouble != NULL ? N_("A new game is one press away.")
                              : N_("Check that the whole link was copied, "
                                   "or start a new game."));
    out_lit(b, "</p><a class=\"btn primary\" href=\"");
    html_url(b, "/");
    out_lit(b, "\" data-testid=\"new-game\">");
    put_tr(b, "New game");
    out_lit(b, "</a></section>");
    render_paste_box(b);
    render_saved_games(b);
    out_lit(b, "</main>\n");
    render_foot(b, true, NULL);
}
