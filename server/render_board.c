/* server/render_board.c - the board, the racks and the bag: every square
 * and tile a page shows (render_internal.h).
 *
 * Markup is kept terse on purpose: a first visit (page, CSS, script and the
 * board fetched by the script) must stay under 60 KB, and the board alone
 * is 225 buttons, so attribute values that are plain numbers or tokens go
 * unquoted and no byte is spent twice. Nothing here is inline script or
 * style: the Content-Security-Policy forbids both.
 */
/* SPDX-License-Identifier: MIT */
#include <pthread.h>
#include <string.h>

#include "render_internal.h"

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
/* The messages of a premium square: its face and a screen reader's name.
 * (NONE has neither: an empty msgid is a catalogue's header.) */
static const char *const premium_short[] = {
    "",
    /* TRANSLATORS: the face of a double letter square, two or three
     * letters (the board's squares are small) */
    N_("DL"), N_("TL"), N_("DW"), N_("TW")};
static const char *const premium_name[] = {
    "", N_("double letter"), N_("triple letter"), N_("double word"),
    N_("triple word")};

/* The class of a tile whose face has several characters (CH, L·L), which
 * the stylesheet sets smaller so that it stays clear of its value on a
 * phone's 25-pixel square: " w"; "" for one character. */
static const char *tile_width_class(const char *face)
{
    int chars = 0;
    for (const char *p = face; *p != '\0'; p++)
        chars += ((unsigned char)*p & 0xC0) != 0x80; /* not a continuation */
    return chars > 1 ? " w" : "";
}

/* A tile's face: its letter's display string and, as a subscript, its
 * value. */
static void render_tile_face(struct out_buf *b, const struct core_tileset *ts,
                             char letter, int points)
{
    html_text(b, core_tile_text(ts, letter));
    out_lit(b, "<sub>");
    out_int(b, points);
    out_lit(b, "</sub>");
}

void render_word(struct out_buf *b, const struct core_tileset *ts,
                 const char *word)
{
    char text[CORE_WORD_TEXT_MAX];
    size_t n = core_tiles_text(ts, word, strnlen(word, CLB_WORD_MAX), text,
                               sizeof text);
    html_textn(b, text, n);
}

/* ---- the board ---------------------------------------------------------- */

enum {
    MARK_LAST = 1,    /* placed by the previous move */
    MARK_PENDING = 2, /* placed this turn, not yet played */
    MARK_BADWORD = 4, /* part of a word the dictionary refused */
    MARK_BAD = 8,     /* a square the error names */
};

struct board_marks {
    const struct core_tileset *ts; /* the game's */
    unsigned char mark[CLB_BOARD_SIZE][CLB_BOARD_SIZE];
    /* The board with the pending tiles on it (uppercase; blanks lower). */
    char cell[CLB_BOARD_SIZE][CLB_BOARD_SIZE];
    int from[CLB_BOARD_SIZE][CLB_BOARD_SIZE]; /* rack slot of a pending tile */
};

static bool on_board(int r, int c)
{
    return r >= 0 && r < CLB_BOARD_SIZE && c >= 0 && c < CLB_BOARD_SIZE;
}

/* The letter tile a square shows (a blank as its letter's). */
static char upper(const struct board_marks *m, char c)
{
    return core_tile_face(c, m->ts->n);
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
        word[n++] = upper(m, m->cell[rr][cc]);
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
    m->ts = core_game_tileset(g);
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
        int letter = core_tile_letter(p->letter, m->ts->n);
        m->cell[p->row][p->col] =
            p->blank && letter >= 0 ? core_blank_tile(letter) : p->letter;
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

/* The label a screen reader speaks for a square, the script's words
 * ("H8, centre star, double word, empty"; "D2, blank as C, 0 points, last
 * move"), written by the server only on a page no script runs on: there
 * the script cannot name the squares (render_board). */
static void render_square_label(struct out_buf *b, const struct board_marks *m,
                                int r, int c)
{
    enum core_premium prem = core_premium_at(r, c);
    char ch = m->cell[r][c];
    unsigned mark = m->mark[r][c];
    const struct core_tileset *ts = m->ts;
    int letter = core_tile_face_letter(ch, ts->n);
    /* A list of what the square holds, each item a message of its own:
     * the items are a list in every language, never a sentence. */
    out_lit(b, " aria-label=\"");
    out_char(b, (char)('A' + c)); /* the column: a board coordinate */
    out_int(b, r + 1);
    out_lit(b, ", ");
    if (letter >= 0) {
        int pts = core_tile_points(ts, ch);
        if (core_tile_is_blank_letter(ch, ts->n))
            put_fill(b, tr(b, "blank as {letter}"),
                     FILL_TEXT("letter", ts->upper[letter]));
        else
            html_text(b, ts->upper[letter]);
        out_lit(b, ", ");
        put_fill(b, trn(b, "{n} point", "{n} points", pts), FILL_INT("n", pts));
        if (mark & MARK_PENDING) {
            out_lit(b, ", ");
            put_tr(b, "placed this turn");
        }
        if (mark & MARK_LAST) {
            out_lit(b, ", ");
            put_tr(b, "last move");
        }
    } else {
        if (r == CLB_CENTER && c == CLB_CENTER) {
            put_tr(b, "centre star");
            out_lit(b, ", ");
        }
        if (prem != CORE_PREMIUM_NONE) {
            put_tr(b, premium_name[prem]);
            out_lit(b, ", ");
        }
        put_tr(b, "empty");
    }
    if (mark & (MARK_BAD | MARK_BADWORD)) {
        out_lit(b, ", ");
        put_tr(b, "not valid");
    }
    out_char(b, '"');
}

/* An empty square: its premium (or the centre star) as class and text,
 * and the marks an error can put on it. Every tile is render_tile_square's. */
static void render_empty_square(struct out_buf *b, const struct board_marks *m,
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
    out_lit(b, "<button");
    if (cls.tokens == 1) {
        out_lit(b, " class=");
        out_rawn(b, cls.s + 1, cls.n - 1);
    } else if (cls.tokens > 1) {
        out_lit(b, " class=\"");
        out_rawn(b, cls.s + 1, cls.n - 1);
        out_char(b, '"');
    }

    /* No label where the script runs: it names each square once from its
     * place, class and face, which saves about 5 KB of every page; see
     * render_board. */
    if (label)
        render_square_label(b, m, r, c);
    out_char(b, '>');

    if (star)
        out_lit(b, "\xe2\x98\x85");
    else if (prem != CORE_PREMIUM_NONE)
        put_tr(b, premium_short[prem]);
    out_lit(b, "</button>");
}

/* The markup of every empty square, unmarked, made once by
 * render_empty_square itself (so it is byte for byte what it writes): most
 * squares of a board are empty, and each is then one copy. A premium
 * square's face is a message ("DL", French "LD"), so there is a table for
 * each of the first EMPTY_SQUARE_LANGS catalogues (i18n_at's order); a
 * page in a later one writes its squares in full. */
#define EMPTY_SQUARE_MAX 64
#define EMPTY_SQUARE_LANGS 8
struct empty_table {
    char text[CLB_BOARD_SIZE][CLB_BOARD_SIZE][EMPTY_SQUARE_MAX];
    unsigned char len[CLB_BOARD_SIZE][CLB_BOARD_SIZE];
};
static struct empty_table empty_squares[EMPTY_SQUARE_LANGS];
static pthread_once_t empty_squares_once = PTHREAD_ONCE_INIT;

static void empty_squares_make(void)
{
    struct board_marks none; /* all empty, nothing marked */
    memset(&none, 0, sizeof none);
    memset(none.cell, CORE_EMPTY, sizeof none.cell);
    for (int i = 0; i < EMPTY_SQUARE_LANGS && i18n_at(i) != NULL; i++)
        for (int r = 0; r < CLB_BOARD_SIZE; r++)
            for (int c = 0; c < CLB_BOARD_SIZE; c++) {
                struct out_buf b;
                out_init(&b, empty_squares[i].text[r][c], EMPTY_SQUARE_MAX,
                         EMPTY_SQUARE_MAX);
                b.lang = i18n_at(i);
                render_empty_square(&b, &none, r, c, false);
                /* Cannot overflow (the longest English is "H8"'s 34
                 * bytes); a square that did is left out of the table
                 * and rendered in full. */
                empty_squares[i].len[r][c] =
                    b.overflow ? 0 : (unsigned char)b.len;
            }
}

/* The table of empty squares in b's language, or NULL (none made). */
static const struct empty_table *empty_squares_of(const struct out_buf *b)
{
    const struct i18n_catalogue *lang =
        b->lang != NULL ? b->lang : &i18n_english;
    for (int i = 0; i < EMPTY_SQUARE_LANGS && i18n_at(i) != NULL; i++)
        if (i18n_at(i) == lang)
            return &empty_squares[i];
    return NULL;
}

/* Copies a literal at o and moves past it. */
#define PUT(o, lit)                                                            \
    (memcpy((o), "" lit, sizeof(lit) - 1), (o) += sizeof(lit) - 1)

/* A tile's display string, at most CLB_MAX_TILE_BYTES bytes, each of
 * which escaping may make 6 ("&quot;"). */
#define RENDER_TILE_TEXT_MAX (6 * CLB_MAX_TILE_BYTES)

/* Writes s (a tile's display string) at o, HTML-escaped, and moves past
 * it. */
static char *render_put_text(char *o, const char *s)
{
    for (size_t i = 0; s[i] != '\0' && i < CLB_MAX_TILE_BYTES; i++)
        switch (s[i]) {
        case '&': PUT(o, "&amp;"); break;
        case '<': PUT(o, "&lt;"); break;
        case '>': PUT(o, "&gt;"); break;
        case '"': PUT(o, "&quot;"); break;
        case '\'': PUT(o, "&#39;"); break;
        default: *o++ = s[i]; break;
        }
    return o;
}

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
static void render_tile_square(struct out_buf *b, const struct board_marks *m,
                               int r, int c, int letter, bool label)
{
    char cell[256 + 2 * RENDER_TILE_TEXT_MAX];
    char *o = cell;
    enum core_premium prem = core_premium_at(r, c);
    char ch = m->cell[r][c];
    unsigned mark = m->mark[r][c];
    bool blank = core_tile_is_blank_letter(ch, m->ts->n);
    bool star = r == CLB_CENTER && c == CLB_CENTER;
    int pts = core_tile_points(m->ts, ch);
    const char *face = m->ts->upper[letter];
    const char *wide = tile_width_class(face);
    bool one = prem == CORE_PREMIUM_NONE && !star && !blank && mark == 0 &&
               wide[0] == '\0';
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
        memcpy(o, wide, strlen(wide));
        o += strlen(wide);
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
        o = render_put_text(o, face);
        if (blank)
            PUT(o, " data-blank=1");
    }
    if (label) { /* a page without script: flush, label, go on */
        out_rawn(b, cell, (size_t)(o - cell));
        render_square_label(b, m, r, c);
        o = cell;
    }
    *o++ = '>';
    o = render_put_text(o, face);
    PUT(o, "<sub>");
    o = put_small(o, pts);
    PUT(o, "</sub></button>");
    out_rawn(b, cell, (size_t)(o - cell));
}

static void render_cell(struct out_buf *b, const struct board_marks *m,
                        const struct empty_table *empty, int r, int c,
                        bool label)
{
    char ch = m->cell[r][c];
    unsigned char n = empty != NULL ? empty->len[r][c] : 0;
    int letter = core_tile_face_letter(ch, m->ts->n);
    if (ch == CORE_EMPTY && m->mark[r][c] == 0 && n > 0 && !label)
        out_rawn(b, empty->text[r][c], n);
    else if (letter >= 0 && (!(m->mark[r][c] & MARK_PENDING) ||
                             (m->from[r][c] >= 0 && m->from[r][c] < 100)))
        render_tile_square(b, m, r, c, letter, label);
    else /* empty; or, never for a position that was read and checked, a
          * square that is not a letter A-Z: it is not written raw */
        render_empty_square(b, m, r, c, label);
}

void render_board(struct out_buf *b, const struct render_view *v)
{
    (void)pthread_once(&empty_squares_once, empty_squares_make);
    struct board_marks m;
    board_marks_init(&m, v);
    const struct empty_table *empty = empty_squares_of(b);
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
    out_lit(b, "<div class=\"board\" id=\"board\" role=\"group\" "
               "aria-label=\"");
    put_tr(b, "Board, 15 by 15; columns A to O, rows 1 to 15");
    out_lit(b, "\" data-testid=\"board\">");
    for (int c = 0; c <= CLB_BOARD_SIZE; c++)
        out_lit(b, "<i></i>");
    for (int r = 0; r < CLB_BOARD_SIZE; r++) {
        out_lit(b, "\n<i></i>");
        for (int c = 0; c < CLB_BOARD_SIZE; c++)
            render_cell(b, &m, empty, r, c, v->plain);
    }
    out_lit(b, "</div>\n");
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
        if (!on_board(t->row, t->col) ||
            !core_tile_is_letter(t->letter, core_game_tileset(g)->n) ||
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
static void render_rack_tile_names(struct out_buf *b,
                                   const struct core_tileset *ts, char t, int i)
{
    bool blank = t == CORE_BLANK;
    out_lit(b, " data-index=");
    out_int(b, i);
    out_lit(b, " data-letter=");
    if (blank)
        out_lit(b, "BLANK");
    else
        html_text(b, core_tile_text(ts, t));
    out_lit(b, " aria-pressed=\"false\" aria-label=\"");
    if (blank) {
        put_tr(b, "Blank tile, 0 points");
    } else {
        int pts = core_tile_points(ts, t);
        put_fill(b, trn(b, "{letter}, {n} point", "{letter}, {n} points", pts),
                 FILL_TEXT("letter", core_tile_text(ts, t)),
                 FILL_INT("n", pts));
    }
    out_lit(b, "\"");
}

/* The keys of tile face f: each character in a <kbd> (after a no-break
 * space: a tile's keys stay on one line), the middle dot of
 * L·L as "·" or "." (few keyboards have the dot). */
static void put_tile_keys(struct out_buf *b, const char *f)
{
    for (size_t i = 0, n; f[i] != '\0'; i += n) {
        for (n = 1; ((unsigned char)f[i + n] & 0xC0) == 0x80; n++)
            ; /* a character's continuation bytes */
        out_lit(b, "&#160;<kbd>");
        html_textn(b, f + i, n);
        out_lit(b, "</kbd>");
        if (n == 2 && memcmp(f + i, "\xc2\xb7", 2) == 0)
            out_lit(b, "/<kbd>.</kbd>");
    }
}

/* How a tile of several characters is typed on the board (the script's
 * static/js/tiles.js, type): by its characters, C then H for CH. Shown
 * under the rack of a set that has such tiles, never without script,
 * which alone types. */
static void render_typing_hint(struct out_buf *b, const struct core_tileset *ts)
{
    bool any = false;
    for (int m = 0; m < ts->n; m++) {
        if (tile_width_class(ts->upper[m])[0] == '\0')
            continue;
        if (!any)
            out_lit(b,
                    "<p class=\"note needs-js\" data-testid=\"typing-hint\">");
        else
            out_char(b, ',');
        if (!any)
            put_tr(b, "Type a tile of several letters by its letters:");
        any = true;
        out_lit(b, " <b>");
        html_text(b, ts->upper[m]);
        out_lit(b, "</b>");
        put_tile_keys(b, ts->upper[m]);
    }
    if (any)
        out_lit(b, "</p>");
}

/* The player to move: each tile a toggle button (selected or, when
 * exchanging, chosen). */
void render_active_rack(struct out_buf *b, const struct render_view *v)
{
    const struct core_game *g = v->game;
    const struct core_tileset *ts = core_game_tileset(g);
    const struct core_rack *rack = &g->hands[g->turn];
    out_lit(b, "<div class=\"prh\"><h2 id=\"rack-h\">");
    put_tr(b, "Your rack");
    out_lit(b, " <span class=\"who\">(");
    put_player(b, g->turn);
    /* Shuffle, beside the heading, is the script's. */
    out_lit(b, ")</span></h2></div><div class=\"rack\" id=\"rack\" "
               "role=\"group\" aria-labelledby=\"rack-h\" "
               "data-testid=\"rack\">");
    for (int i = 0; i < rack->count && i < CLB_RACK_SIZE; i++) {
        char t = rack->tiles[i];
        bool blank = t == CORE_BLANK;
        int pts = core_tile_points(ts, t);
        out_lit(b, "<button class=\"tile");
        if (blank)
            out_lit(b, " bl");
        else
            out_raw(b, tile_width_class(core_tile_text(ts, t)));
        if (slot_pending(v, i))
            out_lit(b, " used");
        out_lit(b, "\" data-testid=\"rack-tile\"");
        if (v->plain) /* the script adds these itself, from the face */
            render_rack_tile_names(b, ts, t, i);
        out_lit(b, ">");
        if (blank)
            out_lit(b, "<sub>0</sub>");
        else
            render_tile_face(b, ts, t, pts);
        out_lit(b, "</button>");
    }
    if (rack->count == 0) {
        out_lit(b, "<p class=\"none\">");
        put_tr(b, "No tiles left.");
        out_lit(b, "</p>");
    }
    out_lit(b, "</div>");
    render_typing_hint(b, ts);
}

/* A rack shown, not played: its heading says whose (`kind`). */
void render_plain_rack(struct out_buf *b, const struct core_tileset *ts,
                       const struct core_rack *rack, enum core_player who,
                       enum rack_kind kind)
{
    bool eye = kind == RACK_PARTNER;
    out_lit(b, "<div class=\"prh\"><h2 id=\"prack-h");
    out_int(b, (int)who);
    out_lit(b, "\">");
    put_tr(b, kind == RACK_PARTNER ? N_("Partner's rack")
              : kind == RACK_MINE  ? N_("Your rack")
                                   : N_("Rack left"));
    out_lit(b, " <span class=\"who\">(");
    put_player(b, who);
    out_lit(b, ")</span></h2>");
    if (eye) {
        out_lit(b, "<button class=\"eye needs-js\" id=\"eye\" "
                   "data-testid=\"eye-toggle\" "
                   "aria-pressed=\"false\" aria-controls=\"prack\" "
                   "aria-label=\"");
        put_tr(b, "Blind mode: hide your partner's tiles");
        out_lit(b, "\"></button>"); /* its icon: the script's (it runs it) */
    }
    const char *id = kind == RACK_PARTNER ? "prack"
                     : kind == RACK_MINE  ? "myrack"
                     : who == CORE_P1     ? "rack1"
                                          : "rack2";
    const char *testid = kind == RACK_PARTNER ? "partner-rack"
                         : kind == RACK_MINE  ? "my-rack"
                         : who == CORE_P1     ? "final-rack-1"
                                              : "final-rack-2";
    out_lit(b, "</div><ul class=\"rack partner\" id=\"");
    out_raw(b, id);
    out_lit(b, "\" data-testid=\"");
    out_raw(b, testid);
    out_lit(b, "\" aria-labelledby=\"prack-h");
    out_int(b, (int)who);
    out_lit(b, "\">");
    for (int i = 0; i < rack->count && i < CLB_RACK_SIZE; i++) {
        char t = rack->tiles[i];
        /* The face sits in a span so blind mode can hide it, text and
         * all, from sight and from screen readers alike. */
        if (t == CORE_BLANK) {
            out_lit(b, "<li class=\"tile bl\"><span><span class=\"sr\">");
            put_tr(b, "blank");
            out_lit(b, "</span><sub>0</sub></span></li>");
        } else {
            out_lit(b, "<li class=\"tile");
            out_raw(b, tile_width_class(core_tile_text(ts, t)));
            out_lit(b, "\"><span>");
            render_tile_face(b, ts, t, core_tile_points(ts, t));
            out_lit(b, "</span></li>");
        }
    }
    if (rack->count == 0) {
        out_lit(b, "<li class=\"none\">");
        put_tr(b, "No tiles");
        out_lit(b, "</li>");
    }
    out_lit(b, "</ul>");
}

/* ---- the bag ------------------------------------------------------------ */

/* One list item per kind of tile counted in n[] ("A\xc3\x973",
 * "Blank\xc3\x971"), then the total: "42 in all.". */
static void render_tile_counts(struct out_buf *b, const struct core_tileset *ts,
                               const int n[CLB_MAX_TILE_KINDS])
{
    int total = 0;
    out_lit(b, "<ul>");
    for (int k = 0; k <= ts->n; k++) {
        if (n[k] <= 0)
            continue;
        total += n[k];
        out_lit(b, "<li>");
        if (k == ts->n)
            put_tr(b, "Blank");
        else
            html_text(b, ts->upper[k]);
        out_lit(b, "\xc3\x97"); /* the multiplication sign */
        out_int(b, n[k]);
        out_lit(b, "</li>");
    }
    out_lit(b, "</ul><p>");
    put_fill(b, trn(b, "{n} in all.", "{n} in all.", total),
             FILL_INT("n", total));
    out_lit(b, "</p>");
}

/* The bag's count, which opens (a <details>, so without script too) to
 * what is left in it by letter. Both racks are open in Collabble, so
 * these are exactly the tiles not yet seen; but blind mode hides the
 * partner's rack (`hidden`, NULL once the game is over), so the list of
 * what it has not seen, the bag and that rack, follows, hidden: the
 * script shows it instead of the bag's in blind mode. */
void render_bag(struct out_buf *b, const struct core_game *g,
                const struct core_rack *hidden)
{
    int n = core_bag_count(g);
    out_lit(b, "<div class=\"bagd\"><dt>");
    put_tr(b, "Bag");
    out_lit(b, "</dt><dd><details id=\"bagbox\">"
               "<summary data-testid=\"bag-toggle\"><span id=\"bag\" "
               "data-testid=\"bag\">");
    out_int(b, n);
    /* The count is a span of its own (a test hook), so the words after
     * it are a message of their own, with the count's plural. */
    out_lit(b, "</span><span class=\"sr\"> ");
    /* TRANSLATORS: a screen reader's words after the bag's count ("42
     * tiles: show them"), on the button that opens the bag's list */
    html_text(b, trn(b, "tile: show it", "tiles: show them", n));
    out_lit(b, "</span></summary><div class=\"bagl\" "
               "data-testid=\"bag-list\">");
    if (n == 0) {
        out_lit(b, "<p>");
        put_tr(b, "The bag is empty.");
        out_lit(b, "</p>");
    } else {
        out_lit(b, "<p>");
        put_tr(b, "Tiles left in the bag:");
        out_lit(b, "</p>");
        render_tile_counts(b, core_game_tileset(g), g->bag);
    }
    out_lit(b, "</div>");
    if (hidden != NULL) {
        const struct core_tileset *ts = core_game_tileset(g);
        int unseen[CLB_MAX_TILE_KINDS];
        memcpy(unseen, g->bag, sizeof unseen);
        for (int i = 0; i < hidden->count && i < CLB_RACK_SIZE; i++) {
            int k = core_tile_kind(ts, hidden->tiles[i]);
            if (k >= 0)
                unseen[k]++;
        }
        out_lit(b, "<div class=\"bagl\" id=\"unseen\" "
                   "data-testid=\"unseen-list\" hidden><p>");
        put_tr(b, "Tiles you have not seen, in the bag and on the hidden "
                  "rack:");
        out_lit(b, "</p>");
        render_tile_counts(b, ts, unseen);
        out_lit(b, "</div>");
    }
    out_lit(b, "</details></dd></div>");
}
