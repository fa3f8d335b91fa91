/* server/render.c - the HTML of Collabble's pages (render.h).
 *
 * Markup is kept terse on purpose: a first visit (page, CSS, script and the
 * board fetched by the script) must stay under 60 KB, and the board alone
 * is 225 buttons, so attribute values that are plain numbers or tokens go
 * unquoted and no byte is spent twice. Nothing here is inline script or
 * style: the Content-Security-Policy forbids both.
 */
/* SPDX-License-Identifier: MIT */
#include "render.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "../core/goals.h"
#include "../core/grade.h"
#include "../core/notation.h"
#include "qr.h"
#include "respond.h"
#include "static_assets.h"

/* A piece of markup and its length, for the tables below. */
struct render_str {
    const char *s;
    size_t n;
};
#define RENDER_STR(text)                                                       \
    {                                                                          \
        text, sizeof text - 1                                                  \
    }

/* Indexed by enum core_premium: NONE, DL, TL, DW, TW. */
static const struct render_str premium_class[] = {
    RENDER_STR(""), RENDER_STR(" dl"), RENDER_STR(" tl"), RENDER_STR(" dw"),
    RENDER_STR(" tw")};
static const struct render_str premium_short[] = {
    RENDER_STR(""), RENDER_STR("DL"), RENDER_STR("TL"), RENDER_STR("DW"),
    RENDER_STR("TW")};
static const struct render_str premium_name[] = {
    RENDER_STR(""), RENDER_STR("double letter"), RENDER_STR("triple letter"),
    RENDER_STR("double word"), RENDER_STR("triple word")};
static const char *player_name(enum core_player p)
{
    return p == CORE_P1 ? "Player 1" : "Player 2";
}

static enum core_player other_player(enum core_player p)
{
    return p == CORE_P1 ? CORE_P2 : CORE_P1;
}

static const char *plural(int n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

/* "Player 1" or "Player 2". */
static void put_player(struct html_buf *b, enum core_player p)
{
    if (p == CORE_P1)
        html_lit(b, "Player 1");
    else
        html_lit(b, "Player 2");
}

/* "1 point", "3 points": n and the word for it (one or many). */
static void put_count(struct html_buf *b, int n, const char *one,
                      const char *many)
{
    html_int(b, n);
    html_char(b, ' ');
    html_raw(b, plural(n, one, many));
}

/* The player on this device: the viewer the script named, else the
 * player to move. */
static enum core_player device_player(const struct render_view *v)
{
    switch (v->viewer) {
    case RENDER_VIEWER_P1: return CORE_P1;
    case RENDER_VIEWER_P2: return CORE_P2;
    case RENDER_VIEWER_UNKNOWN: break;
    }
    return v->game->turn;
}

/* It is the partner's turn, and this device knows it is not theirs: the
 * page shows the position read-only and the link to send. */
static bool is_waiting(const struct render_view *v)
{
    return !v->game->game_over && device_player(v) != v->game->turn;
}

/* ---- page frame ---------------------------------------------------------
 * The script is loaded blocking in <head> so it can mark <html> before the
 * first paint ("js", and "loading" while a /#S link is being fetched):
 * controls that need the script never flash for a no-script reader, and a
 * turn link never flashes the landing page. It is a few KB and cached. */
static void render_head_open(struct html_buf *b)
{
    html_lit(b, "<!doctype html>\n<html lang=\"en\"><head>"
                "<meta charset=\"utf-8\">"
                "<meta name=\"viewport\" "
                "content=\"width=device-width,initial-scale=1\">"
                "<title>");
}

static void render_head_open_fetched(struct html_buf *b)
{
    html_lit(b, "<!doctype html>\n<html lang=\"en\"><head>"
                "<meta charset=\"utf-8\"><title>");
}

/* After the title's text, which the caller writes (escaped). */
static void render_head_close(struct html_buf *b)
{
    /* Versioned links may be cached for good: a new build changes them. */
    html_lit(b, "</title><link rel=\"icon\" href=\"data:,\">"
                "<link rel=\"stylesheet\" href=\"");
    html_url(b, "/static/app.css?v=");
    html_attr(b, srv_static_version("app.css"));
    html_lit(b, "\"><script src=\"");
    html_url(b, "/static/app.js?v=");
    html_attr(b, srv_static_version("app.js"));
    html_lit(b, "\"></script></head>\n<body>"
                "<div id=\"live\" class=\"sr\" role=\"status\" "
                "aria-live=\"polite\" data-testid=\"live\"></div>\n");
}

/* The head of a page only the script reads (render_view.plain unset): it
 * takes the title and #app out of it and swaps them into the page it is
 * already showing, whose head, stylesheet, script and live region stay;
 * so this one carries the title alone (300 bytes less to make, compress
 * and send on every turn). */
static void render_head_close_fetched(struct html_buf *b)
{
    html_lit(b, "</title></head>\n<body>");
}

static void render_head(struct html_buf *b, const char *title)
{
    render_head_open(b);
    html_text(b, title);
    render_head_close(b);
}

static void render_foot(struct html_buf *b)
{
    html_lit(b, "</div>\n</body></html>\n");
}

static void render_brand(struct html_buf *b)
{
    html_lit(b, "<h1 class=\"brand\"><a href=\"");
    html_url(b, "/");
    html_lit(b, "\">"
                "<span aria-hidden=\"true\">\xe2\x9c\xa6 </span>Collabble"
                "</a></h1>");
}

/* ---- small pieces ------------------------------------------------------- */

/* "CAT, AT" for a list of words, escaped. */
static void render_words(struct html_buf *b, int n,
                         const char (*words)[CLB_WORD_MAX + 1])
{
    for (int i = 0; i < n; i++) {
        if (i > 0)
            html_lit(b, ", ");
        html_textn(b, words[i], strnlen(words[i], CLB_WORD_MAX));
    }
}

/* A tile's face: its letter and, as a subscript, its value. */
static void render_tile_face(struct html_buf *b, char letter, int points)
{
    html_textn(b, &letter, 1);
    html_lit(b, "<sub>");
    html_int(b, points);
    html_lit(b, "</sub>");
}

/* ---- the board ---------------------------------------------------------- */

enum {
    MARK_LAST = 1,    /* placed by the previous move */
    MARK_PENDING = 2, /* placed this turn, not yet played */
    MARK_BADWORD = 4, /* part of a word the dictionary refused */
    MARK_BAD = 8,     /* a square the error names */
};

struct board_marks {
    unsigned char mark[CLB_BOARD_SIZE][CLB_BOARD_SIZE];
    /* The board with the pending tiles on it (uppercase; blanks lower). */
    char cell[CLB_BOARD_SIZE][CLB_BOARD_SIZE];
    int from[CLB_BOARD_SIZE][CLB_BOARD_SIZE]; /* rack slot of a pending tile */
};

static bool on_board(int r, int c)
{
    return r >= 0 && r < CLB_BOARD_SIZE && c >= 0 && c < CLB_BOARD_SIZE;
}

static char upper(char c)
{
    return core_is_lower(c) ? (char)(c - 'a' + 'A') : c;
}

/* Marks the run of tiles through (r,c) along (dr,dc) when it spells one of
 * the error's words: the player sees the whole refused word, not only the
 * tiles they just put down. */
static void mark_bad_run(struct board_marks *m, const struct clb_error *err,
                         int r, int c, int dr, int dc)
{
    int r0 = r, c0 = c;
    while (on_board(r0 - dr, c0 - dc) &&
           m->cell[r0 - dr][c0 - dc] != CORE_EMPTY) {
        r0 -= dr;
        c0 -= dc;
    }
    char word[CLB_WORD_MAX + 1];
    int n = 0;
    for (int rr = r0, cc = c0;
         on_board(rr, cc) && m->cell[rr][cc] != CORE_EMPTY; rr += dr, cc += dc)
        word[n++] = upper(m->cell[rr][cc]);
    word[n] = '\0';
    if (n < CLB_WORD_MIN)
        return;
    for (int i = 0; i < err->nwords; i++) {
        if (strcmp(err->words[i], word) != 0)
            continue;
        for (int k = 0; k < n; k++)
            m->mark[r0 + k * dr][c0 + k * dc] |= MARK_BADWORD;
        return;
    }
}

static void board_marks_init(struct board_marks *m, const struct render_view *v)
{
    const struct core_game *g = v->game;
    memset(m->mark, 0, sizeof m->mark);
    memcpy(m->cell, g->board, sizeof m->cell);
    if (g->has_last_move && g->last_move.type == CORE_MOVE_PLAY) {
        for (int i = 0; i < g->last_move.ncells && i < CLB_MAX_MOVE_CELLS;
             i++) {
            const struct clb_cell *c = &g->last_move.cells[i];
            if (on_board(c->row, c->col))
                m->mark[c->row][c->col] |= MARK_LAST;
        }
    }
    for (int i = 0; i < v->npending; i++) {
        const struct render_pending *p = &v->pending[i];
        m->cell[p->row][p->col] =
            p->blank ? (char)(p->letter - 'A' + 'a') : p->letter;
        m->mark[p->row][p->col] |= MARK_PENDING;
        m->from[p->row][p->col] = p->rack_index;
    }
    if (v->error == NULL)
        return;
    for (int i = 0; i < v->error->ncells && i < CLB_MAX_ERR_CELLS; i++) {
        const struct clb_cell *c = &v->error->cells[i];
        if (on_board(c->row, c->col))
            m->mark[c->row][c->col] |= MARK_BAD;
    }
    if (v->error->nwords > 0) {
        for (int i = 0; i < v->npending; i++) {
            mark_bad_run(m, v->error, v->pending[i].row, v->pending[i].col, 0,
                         1);
            mark_bad_run(m, v->error, v->pending[i].row, v->pending[i].col, 1,
                         0);
        }
    }
}

/* A square's class attribute, built token by token (each with its leading
 * space): quoted only when it holds more than one token. */
struct cell_class {
    char s[40];
    size_t n;
    int tokens;
};

static void class_add(struct cell_class *c, const struct render_str *tok)
{
    if (tok->n == 0)
        return;
    memcpy(c->s + c->n, tok->s, tok->n);
    c->n += tok->n;
    c->tokens++;
}

#define CLASS_TOKEN(name, text)                                                \
    static const struct render_str name = {text, sizeof text - 1}
CLASS_TOKEN(class_star, " st");
CLASS_TOKEN(class_badword, " bw");
CLASS_TOKEN(class_bad, " bad");

/* An empty square: its premium (or the centre star) as class and text,
 * and the marks an error can put on it. Every tile is render_tile_square's. */
/* The label a screen reader speaks for a square, the script's words
 * ("H8, centre star, double word, empty"; "D2, blank as C, 0 points, last
 * move"), written by the server only on a page no script runs on: there
 * the script cannot name the squares (render_board). */
static void render_square_label(struct html_buf *b, const struct board_marks *m,
                                int r, int c)
{
    enum core_premium prem = core_premium_at(r, c);
    char ch = m->cell[r][c];
    unsigned mark = m->mark[r][c];
    char letter = upper(ch);
    html_lit(b, " aria-label=\"");
    html_char(b, (char)('A' + c));
    html_int(b, r + 1);
    html_lit(b, ", ");
    if (core_is_upper(letter)) {
        int pts = core_tile_points(ch);
        if (core_is_lower(ch))
            html_lit(b, "blank as ");
        html_char(b, letter);
        html_lit(b, ", ");
        html_int(b, pts);
        if (pts == 1)
            html_lit(b, " point");
        else
            html_lit(b, " points");
        if (mark & MARK_PENDING)
            html_lit(b, ", placed this turn");
        if (mark & MARK_LAST)
            html_lit(b, ", last move");
    } else {
        if (r == CLB_CENTER && c == CLB_CENTER)
            html_lit(b, "centre star, ");
        if (prem != CORE_PREMIUM_NONE) {
            html_rawn(b, premium_name[prem].s, premium_name[prem].n);
            html_lit(b, ", ");
        }
        html_lit(b, "empty");
    }
    if (mark & (MARK_BAD | MARK_BADWORD))
        html_lit(b, ", not valid");
    html_char(b, '"');
}

static void render_empty_square(struct html_buf *b, const struct board_marks *m,
                                int r, int c, bool label)
{
    enum core_premium prem = core_premium_at(r, c);
    unsigned mark = m->mark[r][c];
    bool star = r == CLB_CENTER && c == CLB_CENTER;

    /* Class tokens only where a square has something to say: a plain
     * empty square is styled as "#board button" and costs no bytes. (r, c)
     * is the square's place among the board's buttons, not an attribute. */
    struct cell_class cls = {.n = 0, .tokens = 0};
    class_add(&cls, &premium_class[prem]);
    if (star)
        class_add(&cls, &class_star);
    if (mark & MARK_BADWORD)
        class_add(&cls, &class_badword);
    if (mark & MARK_BAD)
        class_add(&cls, &class_bad);
    html_lit(b, "<button");
    if (cls.tokens == 1) {
        html_lit(b, " class=");
        html_rawn(b, cls.s + 1, cls.n - 1);
    } else if (cls.tokens > 1) {
        html_lit(b, " class=\"");
        html_rawn(b, cls.s + 1, cls.n - 1);
        html_char(b, '"');
    }

    /* No label where the script runs: it names each square once from its
     * place, class and face, which saves about 5 KB of every page; see
     * render_board. */
    if (label)
        render_square_label(b, m, r, c);
    html_char(b, '>');

    if (star)
        html_lit(b, "\xe2\x98\x85");
    else
        html_rawn(b, premium_short[prem].s, premium_short[prem].n);
    html_lit(b, "</button>");
}

/* The markup of every empty square, unmarked, made once by
 * render_empty_square itself (so it is byte for byte what it writes): most
 * squares of a board are empty, and each is then one copy. */
#define EMPTY_SQUARE_MAX 128
static struct {
    char text[CLB_BOARD_SIZE][CLB_BOARD_SIZE][EMPTY_SQUARE_MAX];
    unsigned char len[CLB_BOARD_SIZE][CLB_BOARD_SIZE];
} empty_squares;
static pthread_once_t empty_squares_once = PTHREAD_ONCE_INIT;

static void empty_squares_make(void)
{
    struct board_marks none; /* all empty, nothing marked */
    memset(&none, 0, sizeof none);
    memset(none.cell, CORE_EMPTY, sizeof none.cell);
    for (int r = 0; r < CLB_BOARD_SIZE; r++)
        for (int c = 0; c < CLB_BOARD_SIZE; c++) {
            struct html_buf b;
            html_init(&b, empty_squares.text[r][c], EMPTY_SQUARE_MAX,
                      EMPTY_SQUARE_MAX);
            render_empty_square(&b, &none, r, c, false);
            /* Cannot overflow (the longest is "H8"'s 34 bytes); a square
             * that did is left out of the table and rendered in full. */
            empty_squares.len[r][c] = b.overflow ? 0 : (unsigned char)b.len;
        }
}

/* Copies a literal at o and moves past it. */
#define PUT(o, lit)                                                            \
    (memcpy((o), "" lit, sizeof(lit) - 1), (o) += sizeof(lit) - 1)

/* Writes 0..99 at o and moves past it. */
static char *put_small(char *o, int v)
{
    if (v >= 10)
        *o++ = (char)('0' + v / 10);
    *o++ = (char)('0' + v % 10);
    return o;
}

/* A square holding a tile whose letter is A-Z (a blank's too, shown as the
 * letter it stands for): its classes, the pending tile's rack slot and the
 * tile's face (the script makes from these the label a screen reader
 * speaks, "H8, blank as C, 0 points, last move"), built in a local buffer and
 * appended in one copy (a board has dozens of these). The letter needs no
 * escaping: it is one of A-Z, and a pending tile's slot is 0-99 (render_cell
 * checks both). */
static void render_tile_square(struct html_buf *b, const struct board_marks *m,
                               int r, int c, char letter, bool label)
{
    char cell[256];
    char *o = cell;
    enum core_premium prem = core_premium_at(r, c);
    char ch = m->cell[r][c];
    unsigned mark = m->mark[r][c];
    bool blank = core_is_lower(ch);
    bool star = r == CLB_CENTER && c == CLB_CENTER;
    int pts = core_tile_points(ch);
    bool one = prem == CORE_PREMIUM_NONE && !star && !blank && mark == 0;
    if (one) {
        PUT(o, "<button class=t");
    } else {
        PUT(o, "<button class=\"");
        if (prem != CORE_PREMIUM_NONE) {
            memcpy(o, premium_class[prem].s + 1, premium_class[prem].n - 1);
            o += premium_class[prem].n - 1;
            *o++ = ' ';
        }
        if (star)
            PUT(o, "st ");
        *o++ = 't';
        if (blank)
            PUT(o, " bl");
        if (mark & MARK_LAST)
            PUT(o, " lm");
        if (mark & MARK_PENDING)
            PUT(o, " pd");
        if (mark & MARK_BADWORD)
            PUT(o, " bw");
        if (mark & MARK_BAD)
            PUT(o, " bad");
        *o++ = '"';
    }
    if (mark & MARK_PENDING) {
        PUT(o, " data-from=");
        o = put_small(o, m->from[r][c]);
        PUT(o, " data-letter=");
        *o++ = letter;
        if (blank)
            PUT(o, " data-blank=1");
    }
    if (label) { /* a page without script: flush, label, go on */
        html_rawn(b, cell, (size_t)(o - cell));
        render_square_label(b, m, r, c);
        o = cell;
    }
    *o++ = '>';
    *o++ = letter;
    PUT(o, "<sub>");
    o = put_small(o, pts);
    PUT(o, "</sub></button>");
    html_rawn(b, cell, (size_t)(o - cell));
}

static void render_cell(struct html_buf *b, const struct board_marks *m, int r,
                        int c, bool label)
{
    char ch = m->cell[r][c];
    unsigned char n = empty_squares.len[r][c];
    char letter = upper(ch);
    if (ch == CORE_EMPTY && m->mark[r][c] == 0 && n > 0 && !label)
        html_rawn(b, empty_squares.text[r][c], n);
    else if (core_is_upper(letter) &&
             (!(m->mark[r][c] & MARK_PENDING) ||
              (m->from[r][c] >= 0 && m->from[r][c] < 100)))
        render_tile_square(b, m, r, c, letter, label);
    else /* empty; or, never for a position that was read and checked, a
          * square that is not a letter A-Z: it is not written raw */
        render_empty_square(b, m, r, c, label);
}

static void render_board(struct html_buf *b, const struct render_view *v)
{
    (void)pthread_once(&empty_squares_once, empty_squares_make);
    struct board_marks m;
    board_marks_init(&m, v);
    /* The squares are the board's 225 buttons, row by row: a square's
     * place among them is its coordinate, so it carries no row and column
     * attributes and no label, which were half of a late page's bytes (to
     * make, compress and send). The script adds data-row and data-col and
     * names each square once from its place, classes and face ("H8, centre
     * star, double word, empty"; "D2, blank as C, 0 points, last move").
     * The empty <i>s are the coordinates around the board: the stylesheet
     * writes them (CSS counters). A page a browser navigated to (v->plain:
     * no script may run there, and its forms play the turn) has each
     * square labelled by the server in the script's words, so a screen
     * reader without script still reads the board square by square; the
     * pages the script fetches never pay for it. */
    html_lit(b, "<div class=\"board\" id=\"board\" role=\"group\" "
                "aria-label=\"Board, 15 by 15; columns A to O, rows 1 to 15\" "
                "data-testid=\"board\">");
    for (int c = 0; c <= CLB_BOARD_SIZE; c++)
        html_lit(b, "<i></i>");
    for (int r = 0; r < CLB_BOARD_SIZE; r++) {
        html_lit(b, "\n<i></i>");
        for (int c = 0; c < CLB_BOARD_SIZE; c++)
            render_cell(b, &m, r, c, v->plain);
    }
    html_lit(b, "</div>\n");
}

void render_pending_from_move(struct render_view *v,
                              const struct core_move *move)
{
    const struct core_game *g = v->game;
    const struct core_rack *rack = &g->hands[g->turn];
    bool used[CLB_RACK_SIZE] = {false};
    bool taken[CLB_BOARD_SIZE][CLB_BOARD_SIZE] = {{false}};
    v->npending = 0;
    if (move->type != CORE_MOVE_PLAY)
        return;
    for (int i = 0; i < move->ntiles && i < CLB_RACK_SIZE; i++) {
        const struct core_placement *t = &move->tiles[i];
        if (!on_board(t->row, t->col) || !core_is_upper(t->letter) ||
            g->board[t->row][t->col] != CORE_EMPTY || taken[t->row][t->col])
            continue;
        char want = t->blank ? CORE_BLANK : t->letter;
        int slot = -1;
        for (int j = 0; j < rack->count && j < CLB_RACK_SIZE; j++)
            if (!used[j] && rack->tiles[j] == want) {
                slot = j;
                break;
            }
        if (slot < 0)
            continue;
        used[slot] = true;
        taken[t->row][t->col] = true;
        struct render_pending *p = &v->pending[v->npending++];
        p->row = t->row;
        p->col = t->col;
        p->letter = t->letter;
        p->blank = t->blank;
        p->rack_index = slot;
    }
}

/* ---- racks -------------------------------------------------------------- */

static bool slot_pending(const struct render_view *v, int slot)
{
    for (int i = 0; i < v->npending; i++)
        if (v->pending[i].rack_index == slot)
            return true;
    return false;
}

/* A rack tile's index, letter and name, for the script's controls and a
 * screen reader: a page the script fetches leaves them to the script,
 * which reads them off the tile's face. */
static void render_rack_tile_names(struct html_buf *b, char t, int i)
{
    bool blank = t == CORE_BLANK;
    html_lit(b, " data-index=");
    html_int(b, i);
    html_lit(b, " data-letter=");
    if (blank)
        html_lit(b, "BLANK");
    else
        html_textn(b, &t, 1);
    html_lit(b, " aria-pressed=\"false\" aria-label=\"");
    if (blank) {
        html_lit(b, "Blank tile, 0 points");
    } else {
        html_textn(b, &t, 1);
        html_lit(b, ", ");
        put_count(b, core_tile_points(t), "point", "points");
    }
    html_lit(b, "\"");
}

/* The player to move: each tile a toggle button (selected or, when
 * exchanging, chosen). */
static void render_active_rack(struct html_buf *b, const struct render_view *v)
{
    const struct core_game *g = v->game;
    const struct core_rack *rack = &g->hands[g->turn];
    html_lit(b, "<div class=\"prh\"><h2 id=\"rack-h\">Your rack <span "
                "class=\"who\">(");
    put_player(b, g->turn);
    /* Shuffle, beside the heading, is the script's. */
    html_lit(b, ")</span></h2></div><div class=\"rack\" id=\"rack\" "
                "role=\"group\" aria-labelledby=\"rack-h\" "
                "data-testid=\"rack\">");
    for (int i = 0; i < rack->count && i < CLB_RACK_SIZE; i++) {
        char t = rack->tiles[i];
        bool blank = t == CORE_BLANK;
        int pts = core_tile_points(t);
        html_lit(b, "<button class=\"tile");
        if (blank)
            html_lit(b, " bl");
        if (slot_pending(v, i))
            html_lit(b, " used");
        html_lit(b, "\" data-testid=\"rack-tile\"");
        if (v->plain) /* the script adds these itself, from the face */
            render_rack_tile_names(b, t, i);
        html_lit(b, ">");
        if (blank)
            html_lit(b, "<sub>0</sub>");
        else
            render_tile_face(b, t, pts);
        html_lit(b, "</button>");
    }
    if (rack->count == 0)
        html_lit(b, "<p class=\"none\">No tiles left.</p>");
    html_lit(b, "</div>");
}

/* Which plain rack: the partner's (with the blind-mode eye), this
 * device's own while it waits, or one of both at the end. */
enum rack_kind { RACK_PARTNER, RACK_MINE, RACK_FINAL };

/* A rack shown, not played. */
static void render_plain_rack(struct html_buf *b, const struct core_rack *rack,
                              enum core_player who, const char *heading,
                              enum rack_kind kind)
{
    bool eye = kind == RACK_PARTNER;
    html_lit(b, "<div class=\"prh\"><h2 id=\"prack-h");
    html_int(b, (int)who);
    html_lit(b, "\">");
    html_raw(b, heading);
    html_lit(b, " <span class=\"who\">(");
    put_player(b, who);
    html_lit(b, ")</span></h2>");
    if (eye)
        html_lit(b, "<button class=\"eye needs-js\" id=\"eye\" "
                    "data-testid=\"eye-toggle\" "
                    "aria-pressed=\"false\" aria-controls=\"prack\" "
                    "aria-label=\"Blind mode: hide your partner&#39;s tiles\">"
                    "</button>"); /* its icon: the script's (it runs it) */
    const char *id = kind == RACK_PARTNER ? "prack"
                     : kind == RACK_MINE  ? "myrack"
                     : who == CORE_P1     ? "rack1"
                                          : "rack2";
    const char *testid = kind == RACK_PARTNER ? "partner-rack"
                         : kind == RACK_MINE  ? "my-rack"
                         : who == CORE_P1     ? "final-rack-1"
                                              : "final-rack-2";
    html_lit(b, "</div><ul class=\"rack partner\" id=\"");
    html_raw(b, id);
    html_lit(b, "\" data-testid=\"");
    html_raw(b, testid);
    html_lit(b, "\" aria-labelledby=\"prack-h");
    html_int(b, (int)who);
    html_lit(b, "\">");
    for (int i = 0; i < rack->count && i < CLB_RACK_SIZE; i++) {
        char t = rack->tiles[i];
        /* The face sits in a span so blind mode can hide it, text and
         * all, from sight and from screen readers alike. */
        if (t == CORE_BLANK) {
            html_lit(b, "<li class=\"tile bl\"><span><span class=\"sr\">"
                        "blank</span><sub>0</sub></span></li>");
        } else {
            html_lit(b, "<li class=\"tile\"><span>");
            render_tile_face(b, t, core_tile_points(t));
            html_lit(b, "</span></li>");
        }
    }
    if (rack->count == 0)
        html_lit(b, "<li class=\"none\">No tiles</li>");
    html_lit(b, "</ul>");
}

/* ---- header, summaries, prompts ----------------------------------------- */

/* One list item per kind of tile counted in n[] ("A\xc3\x973",
 * "Blank\xc3\x971"), then the total: "42 in all.". */
static void render_tile_counts(struct html_buf *b, const int n[CLB_TILE_KINDS])
{
    int total = 0;
    html_lit(b, "<ul>");
    for (int k = 0; k < CLB_TILE_KINDS; k++) {
        if (n[k] <= 0)
            continue;
        total += n[k];
        html_lit(b, "<li>");
        if (k == CLB_TILE_KINDS - 1)
            html_lit(b, "Blank");
        else
            html_char(b, (char)('A' + k));
        html_lit(b, "\xc3\x97"); /* the multiplication sign */
        html_int(b, n[k]);
        html_lit(b, "</li>");
    }
    html_lit(b, "</ul><p>");
    html_int(b, total);
    html_lit(b, " in all.</p>");
}

/* The bag's count, which opens (a <details>, so without script too) to
 * what is left in it by letter. Both racks are open in Collabble, so
 * these are exactly the tiles not yet seen; but blind mode hides the
 * partner's rack (`hidden`, NULL once the game is over), so the list of
 * what it has not seen, the bag and that rack, follows, hidden: the
 * script shows it instead of the bag's in blind mode. */
static void render_bag(struct html_buf *b, const struct core_game *g,
                       const struct core_rack *hidden)
{
    int n = core_bag_count(g);
    html_lit(b, "<div class=\"bagd\"><dt>Bag</dt><dd><details id=\"bagbox\">"
                "<summary data-testid=\"bag-toggle\"><span id=\"bag\" "
                "data-testid=\"bag\">");
    html_int(b, n);
    html_lit(b, "</span><span class=\"sr\"> tiles: "
                "show them</span></summary><div class=\"bagl\" "
                "data-testid=\"bag-list\">");
    if (n == 0) {
        html_lit(b, "<p>The bag is empty.</p>");
    } else {
        html_lit(b, "<p>Tiles left in the bag:</p>");
        render_tile_counts(b, g->bag);
    }
    html_lit(b, "</div>");
    if (hidden != NULL) {
        int unseen[CLB_TILE_KINDS];
        memcpy(unseen, g->bag, sizeof unseen);
        for (int i = 0; i < hidden->count && i < CLB_RACK_SIZE; i++) {
            int k = core_tile_kind(hidden->tiles[i]);
            if (k >= 0)
                unseen[k]++;
        }
        html_lit(b, "<div class=\"bagl\" id=\"unseen\" "
                    "data-testid=\"unseen-list\" hidden><p>Tiles you have "
                    "not seen, in the bag and on the hidden rack:</p>");
        render_tile_counts(b, unseen);
        html_lit(b, "</div>");
    }
    html_lit(b, "</details></dd></div>");
}

/* ---- goals mode: what the server judged, shown (docs/UI.md, "Goals
 * mode's page") ---- */

static bool goals_on(const struct core_game *g)
{
    return g->goals.level != CORE_GOALS_OFF;
}

/* A goal's sentence, escaped; nothing for a number out of the table. */
static void put_goal(struct html_buf *b, int goal)
{
    const struct core_goal_info *info = core_goal_info(goal);
    if (info != NULL)
        html_text(b, info->text);
}

/* The score line's "Goals 3 of 12". */
static void render_goals_stat(struct html_buf *b, const struct core_game *g)
{
    if (!goals_on(g))
        return;
    html_rawf(b,
              "<div><dt>Goals</dt><dd id=\"goals-done\" "
              "data-testid=\"goals-done\">%d of %d</dd></div>",
              g->goals.completed, g->goals.target);
}

/* One rack's tiles as the options of a swap's choice: each kind once,
 * the first slot holding it (a tile is named by its letter); the option
 * of tile `chosen` selected. */
static void render_swap_options(struct html_buf *b, const struct core_rack *r,
                                char chosen)
{
    char seen[CLB_RACK_SIZE + 1] = {0};
    for (int i = 0, n = 0; i < r->count && i < CLB_RACK_SIZE; i++) {
        char t = r->tiles[i];
        if (memchr(seen, t, (size_t)n) != NULL)
            continue;
        seen[n++] = t;
        html_raw(b, t == chosen ? "<option selected" : "<option");
        if (t == CORE_BLANK)
            html_lit(b, " value=BLANK>blank");
        else
            html_rawf(b, ">%c", t);
    }
}

/* The helpers, each with what it does, usable by the player to move:
 * New goals, Peek, and Swap a tile (one of this rack's for one of the
 * partner's, chosen in two lists). Disabled once the pool is spent. */
static void render_helpers(struct html_buf *b, const struct core_game *g)
{
    const char *off = g->goals.helpers_left > 0 ? "" : " disabled";
    const struct core_rack *mine = &g->hands[g->turn];
    const struct core_rack *theirs = &g->hands[other_player(g->turn)];
    /* The two lists start on the first pair of different tiles (a tile
     * for the same tile is no swap); with none, Swap stays disabled. */
    char give = 0, take = 0;
    for (int i = 0; i < mine->count && i < CLB_RACK_SIZE && !take; i++)
        for (int j = 0; j < theirs->count && j < CLB_RACK_SIZE && !take; j++)
            if (mine->tiles[i] != theirs->tiles[j]) {
                give = mine->tiles[i];
                take = theirs->tiles[j];
            }
    html_rawf(b,
              "<h2 id=\"helpers-h\">Helpers <span class=\"who\" "
              "data-testid=\"helpers-left\">%d left, shared</span></h2><ul "
              "class=\"helpers\" aria-labelledby=\"helpers-h\"><li><button "
              "data-helper=newGoals "
              "data-testid=\"helper-newGoals\"%s>New goals</button> "
              "replaces the three goals<li><button data-helper=peek "
              "data-testid=\"helper-peek\"%s>Peek</button> shows a square "
              "the best play of your rack covers, not its word<li><button "
              "data-helper=swap data-testid=\"helper-swap\"%s>Swap a tile"
              "</button> <select id=\"h-give\" aria-label=\"Your tile\">",
              g->goals.helpers_left, off, off, take ? off : " disabled");
    render_swap_options(b, mine, give);
    html_lit(b, "</select> for <select id=\"h-take\" aria-label=\"Your "
                "partner&#39;s tile\">");
    render_swap_options(b, theirs, take);
    html_lit(b, "</select>, with your partner</ul>");
}

/* The goals: the three face up, what is done of the target, the helpers
 * left and a Peek's square. Right under the rack, so that a phone shows
 * both above the fold; the helpers themselves come after the actions. */
static void render_goals(struct html_buf *b, const struct render_view *v)
{
    const struct core_game *g = v->game;
    if (!goals_on(g))
        return;
    const char *level = core_goals_level_name(g->goals.level);
    html_rawf(b,
              "<section class=\"goals\" id=\"goals\" data-testid=\"goals\" "
              "aria-labelledby=\"goals-h\"><h2 id=\"goals-h\">Goals <span "
              "class=\"who\">%d of %d done, %c%s</span></h2><ol>",
              g->goals.completed, g->goals.target, level[0] - 'a' + 'A',
              level + 1);
    for (int i = 0; i < CLB_GOALS_FACE_UP; i++) {
        const struct core_goal_info *info = core_goal_info(g->goals.faceup[i]);
        if (info == NULL)
            continue;
        html_lit(b, "<li data-goal=\"");
        html_attr(b, info->name);
        html_lit(b, "\">");
        html_text(b, info->text);
    }
    html_lit(b, "</ol>");
    if (v->peeked)
        html_rawf(b,
                  "<p data-testid=\"peek\">Peek: the best play covers "
                  "%c%d.</p>",
                  'A' + v->peek.col, v->peek.row + 1);
    html_lit(b, "</section>");
}

/* A move list's marks of a goals game: the helpers used before the move,
 * and each goal it completed. */
static void render_goal_marks(struct html_buf *b,
                              const struct core_move_record *rec)
{
    static const char *const helper[] = {"New goals", "Swap a tile", "Peek"};
    for (int i = 0; i < rec->nhelpers && i < CLB_GOALS_MAX_HELPERS; i++)
        if (rec->helpers[i].kind < 3)
            html_rawf(b, " <i class=\"used\">(%s)</i>",
                      helper[rec->helpers[i].kind]);
    for (int i = 0; i < rec->result.ngoals && i < CLB_GOALS_FACE_UP; i++) {
        html_lit(b, " <span class=\"goal\" data-testid=\"goal-done\">"
                    "\xe2\x9c\x93 ");
        put_goal(b, rec->result.goals[i]);
        html_lit(b, "</span>");
    }
}

/* The game-over page's verdict of a goals game. */
static void render_goals_outcome(struct html_buf *b, const struct core_game *g)
{
    if (!goals_on(g))
        return;
    bool won = core_goals_won(&g->goals);
    html_rawf(
        b,
        "<p class=\"outcome\" data-testid=\"goals-outcome\">"
        "<strong>You %s</strong>: %d %s completed of the %d needed%s.</p>",
        won ? "won" : "lost", g->goals.completed,
        plural(g->goals.completed, "goal", "goals"), g->goals.target,
        won ? "" : " before the game ended");
}

static void render_stats(struct html_buf *b, const struct core_game *g,
                         const struct core_rack *hidden)
{
    html_lit(b, "<dl class=\"stats\"><div><dt>Score</dt><dd id=\"score\" "
                "data-testid=\"score\">");
    html_int(b, g->score);
    html_lit(b, "</dd></div><div><dt>Turn</dt><dd id=\"turn\" "
                "data-testid=\"turn\">");
    if (g->game_over)
        html_lit(b, "Game over");
    else
        put_player(b, g->turn);
    html_lit(b, "</dd></div>");
    render_goals_stat(b, g);
    render_bag(b, g, hidden);
    html_lit(b, "</dl>");
}

/* Closes the last move's line; the zoom toggle beside it, shown on narrow
 * screens, is the script's (it runs it). */
static void render_zoom(struct html_buf *b)
{
    html_lit(b, "</p></div>");
}

/* What the previous move did, above the board (on a phone too, so it is in
 * view with the rack), beside the phone's zoom toggle. */
static void render_last_move(struct html_buf *b, const struct core_game *g)
{
    html_lit(b, "<div class=\"lastbar\"><p class=\"lastmove\" "
                "id=\"last-move\" data-testid=\"last-move\">");
    if (!g->has_last_move) {
        html_lit(b, "New game: ");
        put_player(b, g->turn);
        html_lit(b, " starts. The first word must cover the \xe2\x98\x85.");
        render_zoom(b);
        return;
    }
    const struct core_last_move *lm = &g->last_move;
    put_player(b, other_player(g->turn));
    switch (lm->type) {
    case CORE_MOVE_PLAY:
        html_lit(b, " played <strong>");
        render_words(b, lm->nwords < CLB_MAX_WORDS ? lm->nwords : CLB_MAX_WORDS,
                     lm->words);
        html_lit(b, "</strong> for ");
        put_count(b, lm->points, "point", "points");
        if (lm->ncells == CLB_RACK_SIZE)
            html_lit(b, ", a bingo");
        html_char(b, '.');
        break;
    case CORE_MOVE_EXCHANGE:
        html_lit(b, " exchanged ");
        put_count(b, lm->exchanged, "tile", "tiles");
        html_char(b, '.');
        break;
    case CORE_MOVE_PASS:
        html_lit(b, " passed.");
        if (!g->game_over && g->consecutive_passes == 1)
            html_lit(b, " <strong>One more pass ends the game.</strong>");
        break;
    case CORE_MOVE_HELPER: break; /* a helper is not a last move */
    }
    render_zoom(b);
}

/* The sentence for a move just made on this page. */
static void render_moved(struct html_buf *b, const struct core_move_result *r)
{
    switch (r->type) {
    case CORE_MOVE_PLAY:
        html_lit(b, "You played <strong>");
        render_words(b, r->nwords < CLB_MAX_WORDS ? r->nwords : CLB_MAX_WORDS,
                     r->words);
        html_lit(b, "</strong> for ");
        put_count(b, r->points, "point", "points");
        if (r->bingo)
            html_lit(b, " (bingo: +50)");
        html_char(b, '.');
        break;
    case CORE_MOVE_EXCHANGE: html_lit(b, "You exchanged tiles."); break;
    case CORE_MOVE_PASS: html_lit(b, "You passed."); break;
    case CORE_MOVE_HELPER: html_lit(b, "You used a helper."); break;
    }
}

/* The share area's heading: what this device waits for. */
static void render_share_heading(struct html_buf *b,
                                 const struct render_view *v)
{
    const struct core_game *g = v->game;
    html_lit(b, "<h2 id=\"send-h\">");
    if (g->game_over)
        html_lit(b, "Send the final board to your partner");
    else if (is_waiting(v)) {
        html_lit(b, "Waiting for ");
        put_player(b, g->turn);
        html_lit(b, " \xe2\x80\x94 send them the link");
    } else
        html_lit(b, "Send this link to your partner");
    html_lit(b, "</h2>");
}

/* The one share area: the link (absolute when the script said the page's
 * origin; the script completes it otherwise), Copy, Share where the
 * browser has a share sheet, the QR code of the very same link, the
 * classic link for a partner on the original design, and, while waiting,
 * the switch for one person playing both racks. */
static void render_share(struct html_buf *b, const struct render_view *v)
{
    const struct core_game *g = v->game;
    bool origin = v->origin != NULL && v->origin[0] != '\0';
    html_lit(b, "<section class=\"panel send\" id=\"send\" "
                "data-testid=\"copy-prompt\" aria-labelledby=\"send-h\">");
    render_share_heading(b, v);
    if (v->moved != NULL) {
        html_lit(b, "<p>");
        render_moved(b, v->moved);
        if (!g->game_over && v->moved->type == CORE_MOVE_PASS &&
            g->consecutive_passes == 1)
            html_lit(b, " One more pass ends the game.");
        html_lit(b, "</p>");
    }
    html_lit(b, "<input id=\"link\" data-testid=\"copy-link\" readonly "
                "aria-label=\"Turn link\" value=\"");
    if (origin)
        html_attr(b, v->origin);
    html_url(b, "/#");
    html_attr(b, v->state);
    html_lit(b, "\"><div class=\"sharerow\"><button id=\"copy-link\" "
                "class=\"primary needs-js\" "
                "data-testid=\"copy-link-button\">Copy"
                "</button><button id=\"share-link\" class=\"share\" "
                "data-testid=\"share-link\" hidden>Share</button>");
    /* The QR code is for handing the game over in the same room: while
     * this device waits, and right after the move that ended the game. A
     * finished game opened later keeps its first visit light without it. */
    if (origin && (is_waiting(v) || v->moved != NULL)) {
        /* The code holds the same text as the field above. */
        char link[CLB_MAX_ENCODED_STATE + 160 + CLB_MAX_BASE_PATH];
        int n = snprintf(link, sizeof link, "%s%.*s/#%s", v->origin,
                         (int)b->base_len, b->base, v->state);
        if (n > 0 && (size_t)n < sizeof link) {
            html_lit(b, "<details class=\"qrbox\" data-testid=\"qr-box\">"
                        "<summary data-testid=\"qr-toggle\">QR code"
                        "</summary>");
            if (!qr_svg(b, link))
                html_lit(b, "<p>This link is too long for a QR code.</p>");
            html_lit(b, "</details>");
        }
    }
    /* A goals game has no classic link: the format has no place for its
     * goals (docs/RULES.md, "Goals mode"). */
    if (g->goals.level == CORE_GOALS_OFF)
        html_lit(b, "<button id=\"classic\" class=\"minor needs-js\" "
                    "data-testid=\"copy-classic\">Copy classic link</button>");
    html_lit(b, "</div>");
    if (g->goals.level != CORE_GOALS_OFF)
        html_lit(b, "<p class=\"opt\" data-testid=\"no-classic\">No classic "
                    "link: the classic format has no place for goals.</p>");
    if (is_waiting(v)) {
        /* The script follows the partner's link opened in any tab of
         * this browser; a page without it does not update (needs-js). */
        html_lit(b, "<p class=\"note needs-js\" data-testid=\"wait-note\">"
                    "This page "
                    "updates by itself when your partner&#39;s link is "
                    "opened on this device.</p>");
        html_lit(b, "<button id=\"switch\" class=\"minor needs-js\" "
                    "data-testid=\"switch-player\" data-player=");
        html_int(b, (int)g->turn + 1);
        html_lit(b, ">Play ");
        put_player(b, g->turn);
        html_lit(b, "&#39;s turn on this device</button>");
    }
    html_lit(b, "</section>");
}

/* The error as a sentence for the player: "Not in the dictionary: QXZ".
 * A refused move's detail only repeats its words, so it is shown for the
 * other errors (a damaged link, a malformed request) alone. */
static void render_sentence(struct html_buf *b, const struct clb_error *err)
{
    const char *msg = clb_err_str(err->code);
    char first[2] = {msg[0] >= 'a' && msg[0] <= 'z' ? (char)(msg[0] - 'a' + 'A')
                                                    : msg[0],
                     '\0'};
    html_text(b, first);
    if (msg[0] != '\0')
        html_text(b, msg + 1);
    if (err->nwords > 0) {
        html_lit(b, ": <strong>");
        render_words(b,
                     err->nwords < CLB_MAX_WORDS ? err->nwords : CLB_MAX_WORDS,
                     err->words);
        html_lit(b, "</strong>");
    } else if (err->detail[0] != '\0' && clb_err_status(err->code) != 422) {
        html_lit(b, " (");
        html_textn(b, err->detail, strnlen(err->detail, sizeof err->detail));
        html_lit(b, ")");
    }
    html_lit(b, ".");
}

static void render_message(struct html_buf *b, const struct clb_error *err)
{
    if (err != NULL && err->code != CLB_ERR_OK) {
        html_lit(b, "<p class=\"msg err\" id=\"msg\" data-testid=\"message\">");
        render_sentence(b, err);
        html_lit(b, "</p>");
    } else {
        html_lit(b, "<p class=\"msg\" id=\"msg\" data-testid=\"message\"></p>");
    }
}

static void render_footer(struct html_buf *b, const struct render_view *v)
{
    const struct core_game *g = v->game;
    html_raw(
        b, "<footer class=\"foot\"><span>Game <code data-testid=\"game-id\">");
    html_textn(b, g->game_id, strnlen(g->game_id, CLB_GAME_ID_MAX));
    html_lit(b, "</code></span> <span>Dictionary ");
    html_text(b, v->lexicon != NULL && v->lexicon[0] != '\0' ? v->lexicon
                                                             : "default");
    html_lit(b, "</span> <a href=\"");
    html_url(b, "/");
    html_lit(b, "\">New game</a></footer>");
}

/* The help. With script the script adds its own (the controls it runs:
 * dragging, tapping, the keyboard), so no page carries that text; a page
 * a browser navigated to carries, for a reader without script, what the
 * forms do. */
static void render_help(struct html_buf *b, const struct render_view *v)
{
    if (!v->plain)
        return;
    html_lit(b, "<noscript><details class=\"panel help\"><summary>How to play"
                "</summary><p>Play a word, exchange tiles or pass with the "
                "forms above. The page that follows has the link to send "
                "to your partner.</p></details></noscript>");
}

/* ---- the move list ------------------------------------------------------ */

/* The move cell: the words with their points (main word first), an
 * exchange's tile count, or a pass. */
static void render_move_cell(struct html_buf *b,
                             const struct core_move_record *rec)
{
    const struct core_move_result *r = &rec->result;
    switch (rec->move.type) {
    case CORE_MOVE_PLAY:
        for (int i = 0; i < r->nwords && i < CLB_MAX_WORDS; i++) {
            if (i > 0)
                html_lit(b, ", <b>");
            else
                html_lit(b, "<b>");
            html_textn(b, r->words[i], strnlen(r->words[i], CLB_WORD_MAX));
            html_lit(b, "</b> ");
            html_int(b, r->word_points[i]);
        }
        if (r->bingo) {
            html_lit(b, ", bingo +");
            html_int(b, CLB_BINGO_BONUS);
        }
        render_goal_marks(b, rec);
        break;
    case CORE_MOVE_EXCHANGE:
        html_lit(b, "Exchanged ");
        put_count(b, rec->move.ntiles, "tile", "tiles");
        break;
    case CORE_MOVE_PASS: html_lit(b, "Passed"); break;
    case CORE_MOVE_HELPER: break; /* never a record's move */
    }
}

/* ---- the review ----------------------------------------------------------
 * The best play each rack had, in the move list's last column ("Best
 * available") and, on the game-over page, the team's total against them.
 * A board page leaves the column's cells empty (the review costs a search a
 * move: the script asks POST /game/review for the cells); the game-over page
 * and GET /game/review fill them in. */

/* 1034 as "1,034", as the review's total is read. */
static void render_count(struct html_buf *b, int n)
{
    if (n >= 1000) {
        int low = n % 1000;
        html_int(b, n / 1000);
        html_char(b, ',');
        html_char(b, (char)('0' + low / 100));
        html_char(b, (char)('0' + low / 10 % 10));
        html_char(b, (char)('0' + low % 10));
    } else {
        html_int(b, n);
    }
}

/* The result to share, as an attribute's value: "Collabble daily
 * 2026-12-01 · 932 points · 97% of the best plays · Superb · 25 turns";
 * the share and the grade only when the whole game was graded. Nothing of
 * the board: no word, no square, no rack. */
static void render_result_attr(struct html_buf *b,
                               const struct render_result *r,
                               const struct core_grade *grade)
{
    html_lit(b, " data-result=\"Collabble");
    if (r->daily[0] != '\0') {
        html_lit(b, " daily ");
        html_attr(b, r->daily);
    }
    html_rawf(b, " \xc2\xb7 %d %s", r->score,
              plural(r->score, "point", "points"));
    if (grade != NULL)
        html_rawf(b, " \xc2\xb7 %d%% of the best plays \xc2\xb7 %s",
                  grade->percent, grade->name);
    html_rawf(b, " \xc2\xb7 %d %s", r->turns,
              plural(r->turns, "turn", "turns"));
    if (r->goals != NULL)
        html_rawf(b, " \xc2\xb7 %s %d/%d goals",
                  core_goals_won(r->goals) ? "won" : "lost",
                  r->goals->completed, r->goals->target);
    html_char(b, '"');
    if (grade != NULL)
        html_rawf(b, " data-grade=\"%s\" data-pct=%d", grade->name,
                  grade->percent);
}

/* The game-over page's sentence: "you scored 812 of a possible 1,034",
 * and the grade, "Superb: 97% of the best plays"; when the review's
 * budget ran out, of the moves reviewed, and which were not, without a
 * grade. `result`: for the answer of POST /game/review, whose script puts
 * it in the game-over page's place for it (id review-total) and shares
 * its data-result; NULL on the review's own page. */
static void render_review_total(struct html_buf *b,
                                const struct core_review *review,
                                const struct render_result *result)
{
    bool cut = review != NULL && review->reviewed < review->nmoves;
    /* Nothing to compare when no rack could ever play ("0 of 0"). */
    if (review == NULL || (review->possible == 0 && !cut))
        return;
    struct core_grade grade;
    bool graded =
        !cut && core_grade_of(review->scored, review->possible, &grade);
    if (result != NULL) {
        html_lit(b, "<p id=\"review-total\" data-testid=\"review-total\"");
        render_result_attr(b, result, graded ? &grade : NULL);
    } else {
        html_lit(b, "<p data-testid=\"review-total\"");
    }
    html_lit(b, ">Review: you scored <strong>");
    render_count(b, review->scored);
    html_lit(b, "</strong> of a possible <strong>");
    render_count(b, review->possible);
    if (!cut) {
        html_lit(b, "</strong>, the best available play of every turn added "
                    "up.");
        if (graded)
            html_rawf(b,
                      " Grade: <strong data-testid=\"grade\">%s</strong>, "
                      "%d%% of the best plays.",
                      grade.name, grade.percent);
        html_lit(b, "</p>");
        return;
    }
    html_lit(b, "</strong>");
    if (review->reviewed > 0) {
        html_lit(b, " on moves 1\xe2\x80\x93");
        html_int(b, review->reviewed);
    }
    html_lit(b, " (moves ");
    html_int(b, review->reviewed + 1);
    html_lit(b, "\xe2\x80\x93");
    html_int(b, review->nmoves);
    html_lit(b, " not reviewed: the review's work limit ran out).</p>");
}

/* A review cell's text: "QUIXOTE at 8D for 102" (the column is headed
 * "Best available"), or that the rack had no play at all. */
static void render_review_text(struct html_buf *b,
                               const struct core_review_move *rm)
{
    if (!rm->has_best) {
        html_lit(b, "No play possible");
        return;
    }
    char at[4];
    core_play_coord(&rm->best, at);
    const char *word = rm->result.words[0];
    html_textn(b, word, strnlen(word, CLB_WORD_MAX));
    html_lit(b, " at ");
    html_raw(b, at);
    html_lit(b, " for ");
    html_int(b, rm->best.points);
}

/* The review cell of move i (0-based): its best play, or that the
 * review's budget ran out before it (core/review.h). */
static void render_review_cell(struct html_buf *b,
                               const struct core_review *review, int i)
{
    if (i >= review->reviewed)
        html_lit(b, "Not reviewed");
    else
        render_review_text(b, &review->moves[i]);
}

void render_review_cells(struct html_buf *b, const struct core_review *review,
                         const struct render_result *result)
{
    html_lit(b, "<table>");
    for (int i = 0; i < review->nmoves && i < CLB_MAX_GAME_MOVES; i++) {
        html_lit(b, "<tr><td>");
        render_review_cell(b, review, i);
    }
    html_lit(b, "</table>\n");
    if (result != NULL)
        render_review_total(b, review, result);
}

/* One turn of the move list: a row of cells, the last one the turn's
 * review (empty when `rv` is NULL). The end tags of cells and rows are
 * optional in HTML and left out: a long game's list would otherwise spend
 * a kilobyte of the first visit's budget on them. */
static void render_move_row(struct html_buf *b,
                            const struct core_move_record *rec, int number,
                            const struct core_review *rv)
{
    html_lit(b, "<tr><th scope=row>");
    html_int(b, number);
    html_lit(b, "<td>P");
    html_int(b, (int)rec->player + 1);
    html_lit(b, "<td>");
    render_move_cell(b, rec);
    html_lit(b, "<td>");
    html_int(b, rec->result.points);
    html_lit(b, "<td>");
    html_int(b, rec->score);
    html_lit(b, "<td>");
    if (rv != NULL)
        render_review_cell(b, rv, number - 1);
}

/* The end of a finished game: what was taken off for the racks. */
static void render_moves_end(struct html_buf *b, const struct core_game *g)
{
    if (!g->game_over)
        return;
    html_lit(b, "<tfoot><tr><th scope=row colspan=3>");
    /* A game that ended by itself says why, here too. */
    bool blocked = g->end == CORE_END_BLOCKED;
    if (g->end_adjustment > 0)
        html_raw(b, blocked ? "Neither player could play: tiles left on the "
                              "racks"
                            : "Tiles left on the racks");
    else
        html_raw(b, blocked ? "Neither player could play: game over"
                            : "Game over");
    html_lit(b, "</th><td>");
    if (g->end_adjustment > 0)
        html_lit(b, "\xe2\x88\x92"); /* the minus sign */
    html_int(b, g->end_adjustment);
    html_lit(b, "</td><td>");
    html_int(b, g->score);
    html_lit(b, "</td></tr></tfoot>");
}

/* Every move of the game, oldest first, in a table a screen reader can
 * walk by row and column; the box scrolls (and takes the focus, so the
 * keyboard can scroll it) when the list is long. Then the download. */
static void render_moves(struct html_buf *b, const struct render_view *v)
{
    const struct core_history *h = v->history;
    const struct core_game *g = v->game;
    /* The scrolling box is the one landmark named "Moves" (axe:
     * landmark-unique), so the section around it has no name. */
    html_lit(b, "<section class=\"panel moves\" data-testid=\"move-list\">"
                "<h2 id=\"moves-h\">Moves</h2>"
                "<div class=\"movescroll\" id=\"moves\" tabindex=\"0\" "
                "role=\"region\" aria-labelledby=\"moves-h\"><table>"
                "<thead><tr><th scope=col>Turn</th><th scope=col>Player</th>"
                "<th scope=col>Move</th><th scope=col>Points</th>"
                "<th scope=col>Score</th><th scope=col>");
    const struct core_review *rv =
        v->review != NULL && v->review->nmoves == h->nmoves ? v->review : NULL;
    html_lit(b, "Best available</th></tr></thead><tbody>");
    if (h->start == CORE_START_POSITION) {
        html_lit(b, "<tr class=\"start\"><td colspan=\"4\">From a classic "
                    "link: the moves before it are not known</td><td>");
        html_int(b, h->first.score);
        html_lit(b, "</td></tr>");
    } else if (h->nmoves == 0)
        html_lit(b, "<tr class=\"start\"><td colspan=\"6\">No moves yet"
                    "</td></tr>");
    for (int i = 0; i < h->nmoves && i < CLB_MAX_GAME_MOVES; i++)
        render_move_row(b, &h->moves[i], i + 1, rv);
    html_lit(b, "</tbody>");
    render_moves_end(b, g);
    html_lit(b, "</table></div><p class=\"download\"><a href=\"");
    html_url(b, "/game.gcg?s=");
    html_attr(b, v->state);
    html_lit(b, "\" download=\"collabble-");
    html_textn(b, g->game_id, strnlen(g->game_id, CLB_GAME_ID_MAX));
    html_lit(b, ".gcg\" data-testid=\"download\">Download game</a> (GCG, "
                "for Quackle)</p>");
    /* Without the script the review's cells stay empty: this link (on the
     * pages a browser navigates to; the script fills the cells itself, so
     * it is hidden then) opens the page that has them filled in. The
     * heading is no link: it would only reload. */
    if (rv == NULL && h->nmoves > 0 && v->plain) {
        html_lit(b, "<p class=\"nojs\"><a href=\"");
        html_url(b, "/game/review?s=");
        html_attr(b, v->state);
        html_lit(b, "\" data-testid=\"review-link\">The best available play "
                    "of every turn</a></p>");
    }
    html_lit(b, "</section>");
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
static void put_chain_hash(struct html_buf *b, uint32_t x)
{
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                   "abcdefghijklmnopqrstuvwxyz0123456789-_";
    for (int i = 4; i >= 0; i--)
        html_char(b, alphabet[x >> (6 * i) & 63]);
}

/* data-chain: every position of the history, the first one first, so the
 * script tells a newer link of a game from an older one or a branch
 * (docs/UI.md, "One game, one truth"). */
static void put_chain(struct html_buf *b, const struct core_history *h)
{
    html_lit(b, " data-chain=");
    put_chain_hash(b, core_position_hash(&h->first));
    for (int i = 0; i < h->nmoves; i++)
        put_chain_hash(b, h->moves[i].after);
}

static void render_app_open(struct html_buf *b, const char *view,
                            const struct render_view *v)
{
    html_lit(b, "<div id=\"app\" data-view=\"");
    html_raw(b, view);
    html_char(b, '"');
    if (v != NULL) {
        const struct core_game *g = v->game;
        html_lit(b, " data-state=\"");
        html_attr(b, v->state);
        html_lit(b, "\" data-game-id=\"");
        html_textn(b, g->game_id, strnlen(g->game_id, CLB_GAME_ID_MAX));
        html_lit(b, "\" data-turn=");
        html_int(b, (int)g->turn + 1);
        html_lit(b, " data-score=");
        html_int(b, g->score);
        html_lit(b, " data-bag=");
        html_int(b, core_bag_count(g));
        if (g->game_over)
            html_lit(b, " data-over=1");
        if (v->moved != NULL)
            html_lit(b, " data-moved=1");
        if (v->daily[0] != '\0') {
            html_lit(b, " data-daily=");
            html_attr(b, v->daily);
        }
        if (v->history != NULL && v->start != NULL) {
            html_lit(b, " data-move=");
            html_int(b, v->history->nmoves);
            html_lit(b, " data-tiles=");
            html_int(b, tiles_on_board(g));
            html_lit(b, " data-start=\"");
            html_attr(b, v->start);
            html_lit(b, "\"");
            put_chain(b, v->history);
        }
        if (v->error != NULL && v->error->code != CLB_ERR_OK) {
            html_lit(b, " data-error=\"");
            html_attr(b, clb_err_code(v->error->code));
            html_lit(b, "\"");
        }
    }
    html_lit(b, ">\n");
}

/* The points of the tiles on both racks, all of which a game that ends
 * without a player going out takes off the score, down to 0. */
static int racks_value(const struct core_game *g)
{
    int v = 0;
    for (int p = CORE_P1; p <= CORE_P2; p++)
        for (int i = 0; i < g->hands[p].count && i < CLB_RACK_SIZE; i++)
            v += core_tile_points(g->hands[p].tiles[i]);
    return v;
}

/* What a pass would do, as a sentence (the pass bar's question, and the
 * no-script pass form's): the pass that would be the second in a row ends
 * the game, so it says so and what the racks will cost; the score never
 * goes below 0, and when it would, the sentence says why it stops there.
 * Returns whether it ends the game. */
static bool render_pass_question(struct html_buf *b, const struct core_game *g)
{
    bool ends = g->consecutive_passes >= 1;
    if (ends) {
        int cost = core_end_adjustment(g), worth = racks_value(g);
        html_lit(b, "<strong>Passing now ends the game</strong>: ");
        put_player(b, other_player(g->turn));
        html_lit(b, " passed last turn, and two passes in a row end it. ");
        if (g->score == 0) {
            html_lit(b, "The score stays 0: the tiles left on both racks "
                        "would come off it, but it never goes below 0.");
        } else {
            html_lit(b, "The tiles left on both racks take ");
            put_count(b, cost, "point", "points");
            html_lit(b, " off the score (");
            html_int(b, g->score);
            html_lit(b, ", then ");
            html_int(b, g->score - cost);
            html_lit(b, ")");
            if (cost < worth) {
                html_lit(b, ": they are worth ");
                html_int(b, worth);
                html_lit(b, ", but the score never goes below 0");
            }
            html_lit(b, ".");
        }
    } else {
        html_lit(b, "Pass this turn without playing? If ");
        put_player(b, other_player(g->turn));
        html_lit(b, " passes next, the game ends.");
    }
    return ends;
}

/* The confirmation a pass asks for. The pass that would be the second in
 * a row ends the game, so it says so and what the racks will cost. */
static void render_pass_bar(struct html_buf *b, const struct core_game *g)
{
    html_lit(b, "<div class=\"bar needs-js\" id=\"pass-bar\" hidden>"
                "<p id=\"pass-q\" data-testid=\"pass-question\">");
    bool ends = render_pass_question(b, g);
    html_lit(b, "</p><button class=\"primary\" id=\"pass-confirm\" "
                "data-testid=\"pass-confirm\" aria-describedby=\"pass-q\">");
    if (ends)
        html_lit(b, "Pass and end the game");
    else
        html_lit(b, "Pass");
    html_lit(b, "</button><button id=\"pass-cancel\" "
                "data-testid=\"pass-cancel\">Cancel</button></div>");
}

/* ---- the page without script -------------------------------------------
 * A page a browser navigated to carries, inside <noscript>, plain forms
 * that play a turn: each posts the position's S with the move to
 * /game/turn, which answers with a redirect to the next position (or this
 * page again, the move refused, the forms as typed). The pages the script
 * fetches never have them, so a first visit does not pay for them. */

static void render_state_field(struct html_buf *b, const char *state)
{
    html_lit(b, "<input type=\"hidden\" name=\"s\" value=\"");
    html_attr(b, state);
    html_lit(b, "\">");
}

/* The squares a refused move names, in words, after the message: the board
 * marks them too, but a reader of text alone is told where. */
static void render_plain_where(struct html_buf *b, const struct clb_error *e)
{
    if (e == NULL || e->code == CLB_ERR_OK || e->ncells == 0 || e->nwords > 0)
        return;
    html_lit(b, "<p class=\"nojs\" data-testid=\"nojs-where\">The square");
    if (e->ncells > 1)
        html_char(b, 's');
    html_lit(b, " at fault:");
    for (int i = 0; i < e->ncells && i < CLB_MAX_ERR_CELLS; i++) {
        char sq[4];
        core_square_write(e->cells[i].row, e->cells[i].col, true, sq);
        html_raw(b, i > 0 ? ", " : " ");
        html_text(b, sq);
    }
    html_lit(b, ".</p>");
}

/* A play: the square the word starts on, across or down, and the word. */
static void render_plain_play(struct html_buf *b, const struct render_view *v)
{
    const struct render_typed *t = v->typed;
    html_lit(b, "<form class=\"bar\" method=\"post\" action=\"");
    html_url(b, "/game/turn");
    html_lit(b, "\" "
                "data-testid=\"nojs-play\"><fieldset><legend>Play a word"
                "</legend>");
    render_state_field(b, v->state);
    html_lit(b, "<label for=\"nj-at\">Square</label> <input id=\"nj-at\" "
                "name=\"at\" size=\"4\" maxlength=\"3\" autocomplete=\"off\" "
                "placeholder=\"8H\" aria-describedby=\"nj-how\"");
    if (t != NULL && t->square[0] != '\0') {
        html_lit(b, " value=\"");
        html_attr(b, t->square);
        html_lit(b, "\"");
    }
    html_lit(b, "> <label for=\"nj-dir\">Direction</label> <select "
                "id=\"nj-dir\" name=\"dir\"><option value=\"across\">across"
                "</option><option value=\"down\"");
    if (t != NULL && t->down)
        html_lit(b, " selected");
    html_lit(b, ">down</option></select> <label for=\"nj-word\">Word</label> "
                "<input id=\"nj-word\" name=\"word\" size=\"16\" "
                "maxlength=\"15\" autocomplete=\"off\" spellcheck=\"false\" "
                "autocapitalize=\"characters\" aria-describedby=\"nj-how\"");
    if (t != NULL && t->word[0] != '\0') {
        html_lit(b, " value=\"");
        html_attr(b, t->word);
        html_lit(b, "\"");
    }
    html_lit(b, "> <button class=\"primary\" name=\"act\" value=\"play\">"
                "Play word</button><p class=\"nojs\" id=\"nj-how\">The square "
                "is a row (1-15) and a column (A-O), as 8H; the word is the "
                "whole word from that square, the letters already on the "
                "board included. A blank is a lowercase letter among "
                "capitals (QuIT); a word typed all in lowercase has no "
                "blank.</p></fieldset></form>");
}

/* An exchange: a box for each tile of the rack. */
static void render_plain_exchange(struct html_buf *b,
                                  const struct render_view *v)
{
    const struct core_game *g = v->game;
    const struct core_rack *rack = &g->hands[g->turn];
    if (core_bag_count(g) < CLB_EXCHANGE_MIN_BAG || rack->count == 0)
        return; /* the page's note says why there is no exchange */
    html_lit(b, "<form class=\"bar\" method=\"post\" action=\"");
    html_url(b, "/game/turn");
    html_lit(b, "\" "
                "data-testid=\"nojs-exchange\"><fieldset><legend>Exchange "
                "tiles</legend>");
    render_state_field(b, v->state);
    for (int i = 0; i < rack->count && i < CLB_RACK_SIZE; i++) {
        char t = rack->tiles[i];
        html_lit(b, "<label><input type=\"checkbox\" name=\"x");
        html_int(b, i);
        html_lit(b, "\" value=\"");
        html_textn(b, &t, 1);
        html_char(b, '"');
        if (v->typed != NULL && (v->typed->exchange >> i & 1u))
            html_lit(b, " checked");
        html_lit(b, "> ");
        if (t == CORE_BLANK)
            html_lit(b, "blank");
        else
            html_textn(b, &t, 1);
        html_lit(b, "</label> ");
    }
    html_lit(b, "<button name=\"act\" value=\"exchange\">Exchange</button>"
                "</fieldset></form>");
}

/* A pass, with what it would do (the same words the pass bar asks). */
static void render_plain_pass(struct html_buf *b, const struct render_view *v)
{
    html_lit(b, "<form class=\"bar\" method=\"post\" action=\"");
    html_url(b, "/game/turn");
    html_lit(b, "\" "
                "data-testid=\"nojs-pass\"><p id=\"nj-pass-q\">");
    bool ends = render_pass_question(b, v->game);
    html_lit(b, "</p>");
    render_state_field(b, v->state);
    html_lit(b, "<button name=\"act\" value=\"pass\" "
                "aria-describedby=\"nj-pass-q\">");
    if (ends)
        html_lit(b, "Pass and end the game");
    else
        html_lit(b, "Pass");
    html_lit(b, "</button></form>");
}

/* The three forms of the player to move. */
static void render_plain_forms(struct html_buf *b, const struct render_view *v)
{
    html_lit(b, "<noscript><div data-testid=\"nojs-forms\">");
    render_plain_where(b, v->error);
    render_plain_play(b, v);
    render_plain_exchange(b, v);
    render_plain_pass(b, v);
    html_lit(b, "</div></noscript>");
}

/* While waiting or at the end, without script: the link as a link, whose
 * "Copy link" gives the whole address (the field above can only be whole
 * when the script says the page's scheme), and while waiting the other
 * player's board, for one person playing both racks on this device. */
static void render_plain_send(struct html_buf *b, const struct render_view *v)
{
    html_lit(b, "<noscript><p class=\"nojs\" data-testid=\"nojs-send\">Copy "
                "this <a href=\"");
    html_url(b, "/#");
    html_attr(b, v->state);
    html_lit(b, "\" data-testid=\"nojs-link\">link to the game</a> "
                "(right-click or long-press it, then Copy link) and send it to "
                "your partner. Without JavaScript they paste it into the box "
                "on Collabble's first page.</p>");
    if (v->game->game_over) {
        html_lit(b, "</noscript>");
        return;
    }
    html_lit(b, "<p class=\"nojs\"><a href=\"");
    html_url(b, "/game?s=");
    html_attr(b, v->state);
    html_lit(b, "\" data-testid=\"nojs-other\">Play ");
    put_player(b, v->game->turn);
    html_lit(b, "&#39;s turn on this device</a></p></noscript>");
}

/* The box that opens a pasted turn link without script: a GET, so a
 * reload opens it again (ui.c reads the link's S from whatever of the
 * address was pasted). */
static void render_paste_box(struct html_buf *b)
{
    html_lit(b, "<noscript><form class=\"card\" action=\"");
    html_url(b, "/game");
    html_lit(b, "\"><h2><label "
                "for=\"paste\">Paste a game link to open it</label></h2>"
                "<input id=\"paste\" name=\"link\" required> <button "
                "class=\"primary\">Open</button></form></noscript>");
}

static void render_actions(struct html_buf *b, const struct render_view *v)
{
    const struct core_game *g = v->game;
    bool can_exchange = core_bag_count(g) >= CLB_EXCHANGE_MIN_BAG;
    html_lit(b, "<div class=\"actions needs-js\" id=\"actions\">"
                "<button class=\"primary\" id=\"end-turn\" "
                "data-testid=\"end-turn\" aria-describedby=\"preview\"");
    if (v->npending == 0)
        html_lit(b, " disabled");
    html_lit(b, ">End Turn</button><button id=\"exchange\" "
                "data-testid=\"exchange\"");
    if (!can_exchange)
        html_lit(b, " disabled aria-describedby=\"ex-why\"");
    html_lit(b, ">Exchange</button><button id=\"pass\" data-testid=\"pass\">"
                "Pass</button><button id=\"recall\" data-testid=\"recall\"");
    if (v->npending == 0)
        html_lit(b, " disabled");
    html_lit(b, ">Recall all</button></div>");
    if (!can_exchange) {
        html_lit(b, "<p class=\"note\" id=\"ex-why\">Exchanging needs at "
                    "least ");
        html_int(b, CLB_EXCHANGE_MIN_BAG);
        html_lit(b, " tiles in the bag.</p>");
    }
    /* The exchange's bar (the same on every page) is the script's. */
    render_pass_bar(b, g);
    if (v->plain)
        render_plain_forms(b, v);
}

/* New game, and on a daily deal's finished game (a result link a visitor
 * opens) "Play today's deal" first. */
static void render_new_buttons(struct html_buf *b, bool daily)
{
    if (daily) {
        html_lit(b, "<form method=\"get\" action=\"");
        html_url(b, "/daily");
        html_lit(b, "\"><button class=\"primary\" type=\"submit\" "
                    "data-testid=\"play-daily\">Play today&#39;s deal</button>"
                    "</form>");
    }
    html_lit(b, "<form method=\"get\" action=\"");
    html_url(b, "/new");
    html_rawf(b,
              "\"><button%s type=\"submit\" "
              "data-testid=\"new-game\">New game</button></form>",
              daily ? "" : " class=\"primary\"");
}

static void render_game_over_panel(struct html_buf *b,
                                   const struct render_view *v)
{
    const struct core_game *g = v->game;
    html_rawf(b,
              "<section class=\"panel over\" id=\"game-over\" "
              "data-testid=\"game-over\" aria-labelledby=\"over-h\">"
              "<h2 id=\"over-h\">Game over</h2><p class=\"final\">Final score "
              "<strong data-testid=\"final-score\">%d</strong></p>"
              "<p data-testid=\"game-end\">",
              g->score);
    switch (g->end) {
    case CORE_END_PASSES:
        html_lit(b, "Both players passed in a row, so the game ended.");
        if (g->end_adjustment > 0)
            html_rawf(b,
                      " The tiles left on the racks, worth %d %s, were "
                      "taken off the score (%d before).",
                      g->end_adjustment,
                      plural(g->end_adjustment, "point", "points"),
                      g->score + g->end_adjustment);
        break;
    case CORE_END_OUT: {
        enum core_player out = g->hands[CORE_P1].count == 0 ? CORE_P1 : CORE_P2;
        html_rawf(b,
                  "%s went out: the bag was empty and they played their "
                  "last tile.",
                  player_name(out));
        if (g->end_adjustment > 0)
            html_rawf(b, " %d %s left on the racks were taken off.",
                      g->end_adjustment,
                      plural(g->end_adjustment, "point", "points"));
        break;
    }
    case CORE_END_LIMIT:
        html_rawf(b,
                  "The game reached %d moves, the most a game link holds, so "
                  "it ended.",
                  CLB_MAX_GAME_MOVES);
        if (g->end_adjustment > 0)
            html_rawf(b,
                      " The tiles left on the racks, worth %d %s, were "
                      "taken off the score.",
                      g->end_adjustment,
                      plural(g->end_adjustment, "point", "points"));
        break;
    case CORE_END_BLOCKED:
        html_lit(b, "The bag was empty and neither player could play, so the "
                    "game ended by itself.");
        if (g->end_adjustment > 0)
            html_rawf(b,
                      " The tiles left on the racks, worth %d %s, were "
                      "taken off the score (%d before).",
                      g->end_adjustment,
                      plural(g->end_adjustment, "point", "points"),
                      g->score + g->end_adjustment);
        break;
    case CORE_END_NONE: html_lit(b, "The game has ended."); break;
    }
    html_lit(b, "</p>");
    render_goals_outcome(b, g);
    if (v->review != NULL) {
        render_review_total(b, v->review, NULL);
    } else if (v->history != NULL && v->history->nmoves > 0) {
        /* The script puts the review's total here, then shows the result's
         * buttons (the text is the server's: data-result). */
        html_lit(b, "<p id=\"review-total\" hidden></p><p id=\"result\" "
                    "class=\"sharerow\" hidden><button id=\"copy-result\" "
                    "data-testid=\"copy-result\">Copy result</button>"
                    "<button id=\"share-result\" class=\"share\" "
                    "data-testid=\"share-result\" hidden>Share result"
                    "</button></p>");
    }
    render_new_buttons(b, v->daily[0] != '\0');
    html_lit(b, "</section>");
}

/* The side column of a game still on: the rack to play and its controls,
 * then the partner's rack (blind mode hides it). */
static void render_play_side(struct html_buf *b, const struct render_view *v)
{
    const struct core_game *g = v->game;
    /* A helper is used during a turn: nothing to send yet. */
    if (v->moved != NULL && v->moved->type != CORE_MOVE_HELPER)
        render_share(b, v);
    html_lit(b, "<section class=\"panel play\" aria-label=\"Your turn\">");
    render_active_rack(b, v);
    html_lit(b, "<p class=\"preview\" id=\"preview\" data-testid=\"preview\">"
                "</p>");
    if (v->moved != NULL && v->moved->type == CORE_MOVE_HELPER)
        html_lit(b, "<p class=\"msg ok\" id=\"msg\" data-testid=\"message\">"
                    "You used a helper.</p>");
    else
        render_message(b, v->error);
    render_goals(b, v);
    render_actions(b, v);
    if (goals_on(g))
        render_helpers(b, g);
    html_lit(b, "</section><section class=\"panel\" aria-label=\"Partner\">");
    render_plain_rack(b, &g->hands[other_player(g->turn)],
                      other_player(g->turn), "Partner&#39;s rack",
                      RACK_PARTNER);
    html_lit(b, "</section>");
    render_help(b, v);
}

/* The side column while this device waits for its partner: the link to
 * send, then this device's own rack and the partner's (blind mode hides
 * the partner's, whoever is to move). */
static void render_wait_side(struct html_buf *b, const struct render_view *v)
{
    const struct core_game *g = v->game;
    enum core_player me = device_player(v);
    render_share(b, v);
    if (v->plain)
        render_plain_send(b, v);
    html_lit(b, "<section class=\"panel\" aria-label=\"Racks\">");
    render_goals(b, v);
    render_plain_rack(b, &g->hands[me], me, "Your rack", RACK_MINE);
    render_plain_rack(b, &g->hands[other_player(me)], other_player(me),
                      "Partner&#39;s rack", RACK_PARTNER);
    html_lit(b, "</section>");
}

static void render_over_side(struct html_buf *b, const struct render_view *v)
{
    const struct core_game *g = v->game;
    render_game_over_panel(b, v);
    render_share(b, v);
    if (v->plain)
        render_plain_send(b, v);
    html_lit(b, "<section class=\"panel\">");
    render_plain_rack(b, &g->hands[CORE_P1], CORE_P1, "Rack left", RACK_FINAL);
    render_plain_rack(b, &g->hands[CORE_P2], CORE_P2, "Rack left", RACK_FINAL);
    html_lit(b, "</section>");
}

void render_game(struct html_buf *b, const struct render_view *v)
{
    const struct core_game *g = v->game;
    bool waiting = is_waiting(v);
    if (v->plain)
        render_head_open(b);
    else
        render_head_open_fetched(b);
    html_lit(b, "Collabble \xc2\xb7 ");
    if (g->game_over) {
        html_lit(b, "game over");
    } else if (waiting) {
        html_lit(b, "waiting for ");
        put_player(b, g->turn);
    } else {
        put_player(b, g->turn);
        html_lit(b, " to play");
    }
    html_lit(b, ", ");
    html_int(b, g->score);
    if (v->plain)
        render_head_close(b);
    else
        render_head_close_fetched(b);
    render_app_open(b, g->game_over ? "over" : waiting ? "wait" : "board", v);
    html_lit(b, "<header class=\"top\">");
    render_brand(b);
    if (v->daily[0] != '\0') {
        html_lit(b, "<p class=\"daily\" data-testid=\"daily\">Daily deal ");
        html_text(b, v->daily);
        html_lit(b, "</p>");
    }
    /* The rack blind mode (the script's) hides: the partner's, whoever
     * is to move. */
    render_stats(b, g,
                 g->game_over ? NULL
                 : waiting    ? &g->hands[g->turn]
                              : &g->hands[other_player(g->turn)]);
    html_lit(b, "</header>\n<main class=\"game\">");
    render_last_move(b, g);
    html_lit(b, "<section class=\"boardwrap\" id=\"boardwrap\" "
                "aria-label=\"Board\">");
    render_board(b, v);
    html_lit(b, "</section>\n<section class=\"side\" aria-label=\"Racks and "
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
    html_lit(b, "</section></main>\n");
    render_foot(b);
}

/* The landing page's daily deal (the same tiles for every team on a UTC
 * date: GET /daily) and this device's personal bests, which the script
 * fills from localStorage. */
/* The new-game forms' Goals choice: off, or a difficulty with its target
 * and pool of helpers (core/goals.h). */
static void render_goals_choice(struct html_buf *b, const char *id)
{
    html_rawf(
        b,
        "<label for=\"%s\">Goals</label><select id=\"%s\" "
        "name=\"goals\" data-testid=\"%s-level\"><option value=\"\">Off: a "
        "plain game",
        id, id, id);
    for (int l = CORE_GOALS_EASY; l <= CORE_GOALS_HARD; l++) {
        const char *name = core_goals_level_name((enum core_goals_level)l);
        int helpers = core_goals_helpers((enum core_goals_level)l);
        /* Hard's target is below Normal's because its deck has no easy
         * goal: the choice says so, or it would read inverted. */
        html_rawf(b, "<option value=%s>%c%s: win with %d %sgoals, %d %s", name,
                  name[0] - 'a' + 'A', name + 1,
                  core_goals_target((enum core_goals_level)l),
                  l == CORE_GOALS_HARD ? "harder " : "", helpers,
                  plural(helpers, "helper", "helpers"));
    }
    html_lit(b, "</select>");
}

static void render_daily_card(struct html_buf *b)
{
    html_lit(b, "<form class=\"card\" method=\"get\" action=\"");
    html_url(b, "/daily");
    html_lit(b, "\"><h2>"
                "Today&#39;s deal</h2><p>The same tiles for every team today."
                "</p>");
    render_goals_choice(b, "dgoals");
    html_lit(b, "<button class=\"primary\" data-testid=\"daily\">Play "
                "today&#39;s deal</button></form><p class=\"card\" "
                "id=\"bests\" data-testid=\"bests\" hidden></p>");
}

/* The landing and error pages' "Your games", hidden until the script
 * fills it from localStorage with static/landing.js, whose versioned
 * address it carries (data-js): the script loads it only for these pages,
 * so a game link's first visit never does. */
static void render_saved_games(struct html_buf *b)
{
    html_lit(b, "<section class=\"card\" data-js=\"");
    html_url(b, "/static/landing.js?v=");
    html_attr(b, srv_static_version("landing.js"));
    html_lit(b, "\" id=\"games\" data-testid=\"saved-games\" "
                "aria-labelledby=\"games-h\" hidden><h2 id=\"games-h\">Your "
                "games</h2><ul class=\"games\" id=\"game-list\"></ul>"
                "</section>");
}

void render_landing(struct html_buf *b, const struct srv_context *ctx,
                    const char *seed, size_t seed_len,
                    const struct clb_error *err)
{
    render_head(b, "Collabble");
    render_app_open(b, "landing", NULL);
    html_lit(b, "<header class=\"top\">");
    render_brand(b);
    html_lit(b, "</header>\n<main class=\"landing\">"
                "<p class=\"lead\">Scrabble for two, played together: every "
                "word adds to one shared score. Play your turn, then send "
                "the link to your partner.</p>");
    render_paste_box(b);
    render_saved_games(b);
    html_lit(b, "<form class=\"card\" method=\"get\" action=\"");
    html_url(b, "/new");
    html_lit(b, "\" "
                "aria-labelledby=\"new-h\"><h2 id=\"new-h\">New game</h2>"
                "<label for=\"seed\">Seed <span class=\"opt\">(optional: the "
                "same seed deals the same tiles)</span></label>"
                "<input id=\"seed\" name=\"seed\" data-testid=\"seed\" "
                "autocomplete=\"off\" maxlength=\"64\"");
    if (seed != NULL && seed_len > 0) {
        html_lit(b, " value=\"");
        html_textn(b, seed, seed_len);
        html_lit(b, "\"");
    }
    html_lit(b, ">");
    if (ctx != NULL && ctx->nlexicons > 1) {
        html_lit(b, "<label for=\"lexicon\">Dictionary</label>"
                    "<select id=\"lexicon\" name=\"lexicon\" "
                    "data-testid=\"lexicon\">");
        for (int i = 0; i < ctx->nlexicons && i < CLB_MAX_LEXICONS; i++) {
            html_lit(b, "<option value=\"");
            html_attr(b, ctx->lexicon_names[i]);
            html_lit(b, "\">");
            html_text(b, ctx->lexicon_names[i]);
            html_lit(b, "</option>");
        }
        html_lit(b, "</select>");
    }
    if (err != NULL && err->code != CLB_ERR_OK) {
        html_lit(b, "<p class=\"msg err\" id=\"msg\" data-testid=\"message\">");
        render_sentence(b, err);
        html_lit(b, "</p>");
    }
    render_goals_choice(b, "goals");
    html_lit(b, "<button class=\"primary\" type=\"submit\" id=\"new-game\" "
                "data-testid=\"new-game\">New game</button></form>");
    render_daily_card(b);
    html_lit(b, "<section class=\"card how\" aria-labelledby=\"how-h\">"
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

void render_error_page(struct html_buf *b, const struct clb_error *err)
{
    const char *trouble = link_trouble(err);
    render_head(b, "Collabble \xc2\xb7 error");
    render_app_open(b, "error", NULL);
    html_lit(b, "<header class=\"top\">");
    render_brand(b);
    html_lit(b, "</header>\n<main class=\"landing\"><section class=\"card\" "
                "data-testid=\"error-page\" aria-labelledby=\"err-h\">"
                "<h2 id=\"err-h\">");
    html_raw(b, trouble != NULL ? "This game link does not work"
                                : "Something is not right");
    html_lit(b,
             "</h2><p class=\"msg err\" id=\"msg\" data-testid=\"message\">");
    if (trouble != NULL) {
        html_raw(b, trouble);
        html_lit(b, "</p><details class=\"help\" data-testid=\"error-details\">"
                    "<summary>Details</summary><p>");
    }
    render_sentence(b, err);
    if (trouble != NULL)
        html_lit(b, "</p></details><p>A new game is one press away.");
    else
        html_lit(b, "</p><p>Check that the whole link was copied, or start a "
                    "new game.");
    html_lit(b, "</p><a class=\"btn primary\" href=\"");
    html_url(b, "/");
    html_lit(b, "\" "
                "data-testid=\"new-game\">New game</a></section>");
    render_paste_box(b);
    render_saved_games(b);
    html_lit(b, "</main>\n");
    render_foot(b);
}
