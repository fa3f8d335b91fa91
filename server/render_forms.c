/* server/render_forms.c - the forms that play a turn without script, the
 * help that goes with them and the box that opens a pasted link
 * (render_internal.h).
 */
/* SPDX-License-Identifier: MIT */
#include "../core/notation.h"
#include "../core/partner.h"
#include "render_internal.h"

/* The help. With script the script adds its own (the controls it runs:
 * dragging, tapping, the keyboard), so no page carries that text; a page
 * a browser navigated to carries, for a reader without script, what the
 * forms do. */
void render_help(struct out_buf *b, const struct render_view *v)
{
    if (!v->plain)
        return;
    out_lit(b, "<noscript><details class=\"panel help\"><summary>");
    put_tr(b, "How to play");
    out_lit(b, "</summary><p>");
    if (v->game->partner != CORE_PARTNER_FRIEND)
        put_tr(b, "Play a word, exchange tiles or pass with the forms above: "
                  "the computer, Player 2, replies at once, and the page "
                  "that follows shows both moves. To hand Player 2 to a "
                  "friend, tick \xe2\x80\x9cMy friend plays Player "
                  "2\xe2\x80\x9d with your move, then send them the link.");
    else
        put_tr(b, "Play a word, exchange tiles or pass with the forms above. "
                  "The page that follows has the link to send to your "
                  "partner.");
    out_lit(b, "</p></details></noscript>");
}

/* ---- the page without script -------------------------------------------
 * A page a browser navigated to carries, inside <noscript>, plain forms
 * that play a turn: each posts the position's S with the move to
 * /game/turn, which answers with a redirect to the next position (or this
 * page again, the move refused, the forms as typed). The pages the script
 * fetches never have them, so a first visit does not pay for them. */

static void render_state_field(struct out_buf *b, const char *state)
{
    out_lit(b, "<input type=\"hidden\" name=\"s\" value=\"");
    html_attr(b, state);
    out_lit(b, "\">");
}

/* In a solo game, Player 1's forms each offer to hand Player 2's seat to a
 * friend with the move (the computer then does not reply). `form` names
 * the form, for a test id of its own; the box is followed by a space (a
 * game for two gets nothing, so its forms are as they were). */
static void render_plain_handover(struct out_buf *b,
                                  const struct render_view *v, const char *form)
{
    const struct core_game *g = v->game;
    if (g->partner == CORE_PARTNER_FRIEND || g->turn != CORE_P1)
        return;
    out_lit(b, "<label><input type=\"checkbox\" name=\"handover\" "
               "value=\"1\" data-testid=\"nojs-handover-");
    out_raw(b, form);
    out_char(b, '"');
    if (v->typed != NULL && v->typed->handover)
        out_lit(b, " checked");
    out_lit(b, "> ");
    put_tr(b, "My friend plays Player 2 from now on");
    out_lit(b, "</label> ");
}

/* The squares a refused move names, in words, after the message: the board
 * marks them too, but a reader of text alone is told where. */
static void render_plain_where(struct out_buf *b, const struct clb_error *e)
{
    if (e == NULL || e->code == CLB_ERR_OK || e->ncells == 0 || e->nwords > 0)
        return;
    out_lit(b, "<p class=\"nojs\" data-testid=\"nojs-where\">");
    struct fill f;
    fill_begin(&f, b,
               trn(b, "The square at fault: {squares}.",
                   "The squares at fault: {squares}.", e->ncells));
    while (fill_next(&f)) {
        if (!fill_is(&f, "squares"))
            continue;
        for (int i = 0; i < e->ncells && i < CLB_MAX_ERR_CELLS; i++) {
            char sq[4];
            core_square_write(e->cells[i].row, e->cells[i].col, true, sq);
            if (i > 0)
                out_lit(b, ", ");
            html_text(b, sq);
        }
    }
    out_lit(b, "</p>");
}

/* The most characters the word field takes: a word's letters, each as
 * long as the set's longest display string ("CH": two), within what the
 * form reader keeps. 15 for English. */
static int word_maxlength(const struct core_tileset *ts)
{
    size_t longest = 1;
    for (int m = 0; m < ts->n; m++) {
        size_t n = strlen(ts->upper[m]);
        longest = n > longest ? n : longest;
    }
    size_t most = CLB_WORD_MAX * longest;
    return (int)(most < RENDER_TYPED_WORD ? most : RENDER_TYPED_WORD);
}

/* A play: the square the word starts on, across or down, and the word. */
static void render_plain_play(struct out_buf *b, const struct render_view *v)
{
    const struct render_typed *t = v->typed;
    out_lit(b, "<form class=\"bar\" method=\"post\" action=\"");
    html_url(b, "/game/turn");
    out_lit(b, "\" data-testid=\"nojs-play\"><fieldset><legend>");
    put_tr(b, "Play a word");
    out_lit(b, "</legend>");
    render_state_field(b, v->state);
    out_lit(b, "<label for=\"nj-at\">");
    put_tr(b, "Square");
    out_lit(b, "</label> <input id=\"nj-at\" "
               "name=\"at\" size=\"4\" maxlength=\"3\" autocomplete=\"off\" "
               "placeholder=\"8H\" aria-describedby=\"nj-how\"");
    if (t != NULL && t->square[0] != '\0') {
        out_lit(b, " value=\"");
        html_attr(b, t->square);
        out_lit(b, "\"");
    }
    out_lit(b, "> <label for=\"nj-dir\">");
    put_tr(b, "Direction");
    out_lit(b, "</label> <select id=\"nj-dir\" name=\"dir\">"
               "<option value=\"across\">");
    put_tr(b, "across");
    out_lit(b, "</option><option value=\"down\"");
    if (t != NULL && t->down)
        out_lit(b, " selected");
    out_char(b, '>');
    put_tr(b, "down");
    out_lit(b, "</option></select> <label for=\"nj-word\">");
    put_tr(b, "Word");
    out_lit(b, "</label> <input id=\"nj-word\" name=\"word\" size=\"16\" "
               "maxlength=\"");
    out_int(b, word_maxlength(core_game_tileset(v->game)));
    out_lit(b, "\" autocomplete=\"off\" spellcheck=\"false\" "
               "autocapitalize=\"characters\" aria-describedby=\"nj-how\"");
    if (t != NULL && t->word[0] != '\0') {
        out_lit(b, " value=\"");
        html_attr(b, t->word);
        out_lit(b, "\"");
    }
    out_lit(b, "> ");
    render_plain_handover(b, v, "play");
    out_lit(b, "<button class=\"primary\" name=\"act\" value=\"play\">");
    put_tr(b, "Play word");
    out_lit(b, "</button><p class=\"nojs\" id=\"nj-how\">");
    put_tr(b, "The square is a row (1-15) and a column (A-O), as 8H; the "
              "word is the whole word from that square, the letters already "
              "on the board included. A blank is a lowercase letter among "
              "capitals (QuIT); a word typed all in lowercase has no blank.");
    out_lit(b, "</p></fieldset></form>");
}

/* An exchange: a box for each tile of the rack. */
static void render_plain_exchange(struct out_buf *b,
                                  const struct render_view *v)
{
    const struct core_game *g = v->game;
    const struct core_rack *rack = &g->hands[g->turn];
    if (core_bag_count(g) < CLB_EXCHANGE_MIN_BAG || rack->count == 0)
        return; /* the page's note says why there is no exchange */
    out_lit(b, "<form class=\"bar\" method=\"post\" action=\"");
    html_url(b, "/game/turn");
    out_lit(b, "\" data-testid=\"nojs-exchange\"><fieldset><legend>");
    put_tr(b, "Exchange tiles");
    out_lit(b, "</legend>");
    render_state_field(b, v->state);
    for (int i = 0; i < rack->count && i < CLB_RACK_SIZE; i++) {
        char t = rack->tiles[i];
        out_lit(b, "<label><input type=\"checkbox\" name=\"x");
        out_int(b, i);
        out_lit(b, "\" value=\"");
        /* The tile's display string ("CH"), as the form is read back in
         * the game's set; English's is its byte. */
        html_text(b, core_tile_text(core_game_tileset(g), t));
        out_char(b, '"');
        if (v->typed != NULL && (v->typed->exchange >> i & 1u))
            out_lit(b, " checked");
        out_lit(b, "> ");
        if (t == CORE_BLANK)
            put_tr(b, "blank");
        else
            html_text(b, core_tile_text(core_game_tileset(g), t));
        out_lit(b, "</label> ");
    }
    render_plain_handover(b, v, "exchange");
    out_lit(b, "<button name=\"act\" value=\"exchange\">");
    put_tr(b, "Exchange");
    out_lit(b, "</button></fieldset></form>");
}

/* A pass, with what it would do (the same words the pass bar asks). */
static void render_plain_pass(struct out_buf *b, const struct render_view *v)
{
    out_lit(b, "<form class=\"bar\" method=\"post\" action=\"");
    html_url(b, "/game/turn");
    out_lit(b, "\" "
               "data-testid=\"nojs-pass\"><p id=\"nj-pass-q\">");
    bool ends = render_pass_question(b, v->game);
    out_lit(b, "</p>");
    render_state_field(b, v->state);
    render_plain_handover(b, v, "pass");
    out_lit(b, "<button name=\"act\" value=\"pass\" "
               "aria-describedby=\"nj-pass-q\">");
    put_tr(b, ends ? N_("Pass and end the game") : N_("Pass"));
    out_lit(b, "</button></form>");
}

/* The three forms of the player to move. */
void render_plain_forms(struct out_buf *b, const struct render_view *v)
{
    out_lit(b, "<noscript><div data-testid=\"nojs-forms\">");
    render_plain_where(b, v->error);
    render_plain_play(b, v);
    render_plain_exchange(b, v);
    render_plain_pass(b, v);
    out_lit(b, "</div></noscript>");
}

/* While waiting or at the end, without script: the link as a link, whose
 * "Copy link" gives the whole address (the field above can only be whole
 * when the script says the page's scheme), and while waiting the other
 * player's board, for one person playing both racks on this device. */
void render_plain_send(struct out_buf *b, const struct render_view *v)
{
    out_lit(b, "<noscript><p class=\"nojs\" data-testid=\"nojs-send\">");
    struct fill f;
    fill_begin_content(&f, b,
                       tr(b, "Copy this {link} (right-click or long-press "
                             "it, then Copy link) and send it to your "
                             "partner. Without JavaScript they paste it into "
                             "the box on Collabble's first page."));
    while (fill_next(&f)) {
        if (!fill_is(&f, "link"))
            continue;
        out_lit(b, "<a href=\"");
        html_url(b, "/#");
        html_attr(b, v->state);
        out_lit(b, "\" data-testid=\"nojs-link\">");
        put_tr(b, "link to the game");
        out_lit(b, "</a>");
    }
    out_lit(b, "</p>");
    if (v->game->game_over) {
        out_lit(b, "</noscript>");
        return;
    }
    out_lit(b, "<p class=\"nojs\"><a href=\"");
    html_url(b, "/game?s=");
    html_attr(b, v->state);
    out_lit(b, "\" data-testid=\"nojs-other\">");
    put_fill(b, tr(b, "Play {player}'s turn on this device"),
             FILL_TEXT("player", tr(b, player_name(v->game->turn))));
    out_lit(b, "</a></p></noscript>");
}

/* The box that opens a pasted turn link without script: a GET, so a
 * reload opens it again (ui.c reads the link's S from whatever of the
 * address was pasted). */
void render_paste_box(struct out_buf *b)
{
    out_lit(b, "<noscript><form class=\"card\" action=\"");
    html_url(b, "/game");
    out_lit(b, "\"><h2><label for=\"paste\">");
    put_tr(b, "Paste a game link to open it");
    out_lit(b, "</label></h2><input id=\"paste\" name=\"link\" required> "
               "<button class=\"primary\">");
    put_tr(b, "Open");
    out_lit(b, "</button></form></noscript>");
}
