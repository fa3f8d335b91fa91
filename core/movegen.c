/* core/movegen.c - the GADDAG search for every legal play (movegen.h).
 *
 * For each direction, each line and each anchor a (an empty square next to
 * a tile; the centre on an empty board), the search walks the GADDAG from
 * a leftwards: the tile on a, then the squares to its left, then the
 * separator and the squares right of a. To the left it may only place
 * tiles on empty squares that are not anchors themselves (and squares left
 * of a tile are always anchors), so a play is found only from the leftmost
 * anchor it covers: once, with no duplicates to remove.
 *
 * The cross-check of an empty square is the set of letters that make a
 * word with the tiles above and below it (for plays across; left and right
 * for plays down), found with the DAWG or the GADDAG in one walk and one
 * sibling list. Its cross-score is those tiles' points, so the word
 * made at right angles scores (cross + letter x letter premium) x word
 * premium, as in core/play.c.
 *
 * Pure: no I/O, no allocation, no globals.
 */
/* SPDX-License-Identifier: MIT */
#include "movegen.h"

#include <assert.h>
#include <string.h>

#include "tiles.h"

#define MG_N CLB_BOARD_SIZE
#define MG_LAST (CLB_BOARD_SIZE - 1)
#define MG_ALL_LETTERS (((uint32_t)1 << (CLB_LETTERS + 1)) - 2u) /* 1..26 */
#define MG_BLANK 0 /* rack index of the blank: tile 0 is never a letter */

/* The steps of one square are inlined into the two functions that recurse
 * (mg_left_next, mg_right_next): a call less per square. */
#define MG_INLINE static inline __attribute__((always_inline))

static_assert(sizeof(struct core_play) == 14,
              "a play record is 14 bytes (movegen.h, limits.h)");

enum mg_mode { MG_ALL, MG_ANY, MG_BEST, MG_TOP };

/* One search: the rack, the line being searched, and where plays go. */
struct mg_search {
    const struct core_movegen *mg;
    const uint32_t *nodes;
    int rack[CLB_LETTERS + 1]; /* by tile; [MG_BLANK] counts blanks */
    uint32_t letters;          /* bit t: the rack holds letter t */
    int tiles_left;
    int points[CLB_LETTERS + 1]; /* the points of each letter tile */
    /* the line: direction d, line index, and a copy of its data (one load
     * less per square than reaching into the prepared board) */
    int d, line;
    uint8_t tile[MG_N], value[MG_N], lm[MG_N], wm[MG_N];
    uint32_t cross[MG_N];
    int16_t cross_sum[MG_N];
    int anchor, left_limit, leftmost;
    int start; /* where the walk starts: the end of the tiles right of the
                  anchor, or the anchor */
    char placed[MG_N]; /* the tile put on each square of the line */
    /* the output */
    enum mg_mode mode;
    struct core_play *out;
    size_t cap, stored, total;
    bool found;
};

/* ---- preparing a board ------------------------------------------------ */

static uint8_t mg_tile_of(char c)
{
    if (core_is_upper(c))
        return (uint8_t)(c - 'A' + 1);
    if (core_is_lower(c))
        return (uint8_t)(c - 'a' + 1);
    return 0;
}

/* The tiles before and after square `pos` of a line, as runs of tile
 * numbers: [*lo, pos) and (pos, *hi]. */
static void mg_runs(const uint8_t *line, int pos, int *lo, int *hi)
{
    int a = pos, b = pos;
    while (a > 0 && line[a - 1] != 0)
        a--;
    while (b < MG_LAST && line[b + 1] != 0)
        b++;
    *lo = a;
    *hi = b;
}

/* Follows tiles perp[from], perp[from + step], ... up to (not including)
 * perp[to] from `list`; returns the list reached and, in *arc, the last
 * arc taken (both 0 on a dead end; *arc 0 when there were no tiles). */
static uint32_t mg_walk(const struct core_kwg *g, uint32_t list,
                        const uint8_t *perp, int from, int to, int step,
                        uint32_t *arc)
{
    *arc = 0;
    for (int i = from; i != to; i += step) {
        *arc = core_kwg_arc(g, list, perp[i]);
        if (*arc == 0)
            return 0;
        list = core_kwg_target(*arc);
    }
    return list;
}

/* The letters t for which before + t + after is a word (before = perp[lo..
 * pos-1], after = perp[pos+1..hi]), as a bit set. */
static uint32_t mg_cross_set(const struct core_movegen *mg, const uint8_t *perp,
                             int pos, int lo, int hi)
{
    const struct core_kwg *g = mg->graph;
    uint32_t arc, list;
    if (lo == pos) {
        /* Only a suffix: its GADDAG path backwards, then the letter, ends
         * a word (the split at the word's last letter has no separator). */
        list = mg_walk(g, core_kwg_gaddag_root(g), perp, hi, pos, -1, &arc);
        return core_kwg_accepting(g, list) & MG_ALL_LETTERS;
    }
    /* A prefix: walk it in the DAWG. With nothing after the square, the
     * letters that end a word are the accepting arcs of the list reached;
     * otherwise each letter must lead on through the whole suffix. */
    list = mg_walk(g, core_kwg_dawg_root(g), perp, lo, pos, 1, &arc);
    if (hi == pos)
        return core_kwg_accepting(g, list) & MG_ALL_LETTERS;
    if (list == 0)
        return 0;
    uint32_t mask = g->nodes[list] & MG_ALL_LETTERS, set = 0;
    for (uint32_t m = mask; m != 0; m &= m - 1) {
        unsigned t = (unsigned)__builtin_ctz(m);
        uint32_t sub = core_kwg_target(core_kwg_arc(g, list, t));
        mg_walk(g, sub, perp, pos + 1, hi + 1, 1, &arc);
        if (core_kwg_accepts(arc))
            set |= m & -m;
    }
    return set;
}

static void mg_premiums(struct core_movegen *mg, int r, int c)
{
    uint8_t lm = 1, wm = 1;
    switch (core_premium_at(r, c)) {
    case CORE_PREMIUM_DL: lm = 2; break;
    case CORE_PREMIUM_TL: lm = 3; break;
    case CORE_PREMIUM_DW: wm = 2; break;
    case CORE_PREMIUM_TW: wm = 3; break;
    case CORE_PREMIUM_NONE: break;
    }
    mg->letter_mult[0][r][c] = mg->letter_mult[1][c][r] = lm;
    mg->word_mult[0][r][c] = mg->word_mult[1][c][r] = wm;
}

void core_movegen_init(struct core_movegen *mg,
                       const char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE],
                       const struct core_kwg *graph)
{
    mg->graph = graph;
    mg->gaddag = core_kwg_gaddag_root(graph);
    mg->empty_board = true;
    for (int r = 0; r < MG_N; r++)
        for (int c = 0; c < MG_N; c++) {
            char ch = board[r][c];
            uint8_t t = mg_tile_of(ch);
            uint8_t v = (uint8_t)(core_is_upper(ch) ? core_tile_points(ch) : 0);
            mg->tile[0][r][c] = mg->tile[1][c][r] = t;
            mg->value[0][r][c] = mg->value[1][c][r] = v;
            mg->empty_board &= t == 0;
            mg_premiums(mg, r, c);
        }
    memset(mg->anchors, 0, sizeof mg->anchors);
    for (int d = 0; d < 2; d++)
        for (int line = 0; line < MG_N; line++)
            for (int pos = 0; pos < MG_N; pos++) {
                mg->cross[d][line][pos] = MG_ALL_LETTERS;
                mg->cross_sum[d][line][pos] = -1;
                if (mg->tile[d][line][pos] != 0)
                    continue;
                /* The line at right angles through this square. */
                const uint8_t *perp = mg->tile[1 - d][pos];
                bool before = line > 0 && perp[line - 1] != 0;
                bool after = line < MG_LAST && perp[line + 1] != 0;
                bool side = (pos > 0 && mg->tile[d][line][pos - 1] != 0) ||
                            (pos < MG_LAST && mg->tile[d][line][pos + 1] != 0);
                if (before || after || side)
                    mg->anchors[d][line] |= (uint16_t)(1u << pos);
                if (!before && !after)
                    continue;
                int lo, hi, sum = 0;
                mg_runs(perp, line, &lo, &hi);
                for (int i = lo; i <= hi; i++)
                    sum += i == line ? 0 : mg->value[1 - d][pos][i];
                mg->cross_sum[d][line][pos] = (int16_t)sum;
                mg->cross[d][line][pos] = mg_cross_set(mg, perp, line, lo, hi);
            }
    if (mg->empty_board) {
        mg->anchors[0][CLB_CENTER] = (uint16_t)(1u << CLB_CENTER);
        mg->anchors[1][CLB_CENTER] = (uint16_t)(1u << CLB_CENTER);
    }
}

/* ---- ordering plays ---------------------------------------------------- */

int core_play_compare(const struct core_play *a, const struct core_play *b)
{
    if (a->points != b->points)
        return a->points > b->points ? -1 : 1;
    if (a->down != b->down)
        return a->down < b->down ? -1 : 1;
    if (a->row != b->row)
        return a->row < b->row ? -1 : 1;
    if (a->col != b->col)
        return a->col < b->col ? -1 : 1;
    if (a->len != b->len)
        return a->len < b->len ? -1 : 1;
    if (a->ntiles != b->ntiles)
        return a->ntiles < b->ntiles ? -1 : 1;
    return memcmp(a->tiles, b->tiles, a->ntiles);
}

/* The heap of MG_TOP keeps the worst play kept at its root. */
static bool mg_worse(const struct core_play *a, const struct core_play *b)
{
    return core_play_compare(a, b) > 0;
}

static void mg_sift_down(struct core_play *h, size_t n, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, w = i;
        if (l < n && mg_worse(&h[l], &h[w]))
            w = l;
        if (r < n && mg_worse(&h[r], &h[w]))
            w = r;
        if (w == i)
            return;
        struct core_play t = h[i];
        h[i] = h[w];
        h[w] = t;
        i = w;
    }
}

static void mg_sift_up(struct core_play *h, size_t i)
{
    while (i > 0) {
        size_t up = (i - 1) / 2;
        if (!mg_worse(&h[i], &h[up]))
            return;
        struct core_play t = h[i];
        h[i] = h[up];
        h[up] = t;
        i = up;
    }
}

/* ---- recording a play -------------------------------------------------- */

static void mg_record(struct mg_search *s, int first, int last, int main_sum,
                      int word_mult, int cross_total, int ntiles)
{
    /* A main word needs two letters (a single tile alone is never one), and
     * a single tile that makes an across word was already found across. */
    if (last == first)
        return;
    if (s->d == 1 && ntiles == 1) {
        for (int p = first; p <= last; p++)
            if (s->tile[p] == 0 && s->cross_sum[p] >= 0)
                return;
    }
    s->total++;
    if (s->mode == MG_ANY) {
        s->found = true;
        return;
    }
    struct core_play p;
    p.points = (int16_t)(main_sum * word_mult + cross_total +
                         (ntiles == CLB_RACK_SIZE ? CLB_BINGO_BONUS : 0));
    if (s->mode == MG_ALL && s->stored >= s->cap)
        return;
    if (s->mode == MG_BEST && s->stored > 0 && p.points < s->out->points)
        return;
    p.down = (uint8_t)s->d;
    p.row = (uint8_t)(s->d == 0 ? s->line : first);
    p.col = (uint8_t)(s->d == 0 ? first : s->line);
    p.len = (uint8_t)(last - first + 1);
    p.ntiles = (uint8_t)ntiles;
    memset(p.tiles, 0, sizeof p.tiles);
    int k = 0;
    for (int q = first; q <= last; q++)
        if (s->tile[q] == 0)
            p.tiles[k++] = s->placed[q];

    switch (s->mode) {
    case MG_ALL: s->out[s->stored++] = p; break;
    case MG_BEST:
        if (s->stored == 0 || core_play_compare(&p, s->out) < 0)
            *s->out = p;
        s->stored = 1;
        break;
    case MG_TOP:
        if (s->stored < s->cap) {
            s->out[s->stored] = p;
            mg_sift_up(s->out, s->stored++);
        } else if (s->cap > 0 && mg_worse(&s->out[0], &p)) {
            s->out[0] = p;
            mg_sift_down(s->out, s->stored, 0);
        }
        break;
    case MG_ANY: break;
    }
}

/* ---- the search -------------------------------------------------------- */

/* The running score of a partial play: the main word's letters (with the
 * letter premiums of placed tiles), the product of its word premiums, the
 * words made at right angles, and the tiles placed. */
struct mg_score {
    int main_sum, word_mult, cross_total, ntiles;
};

MG_INLINE void mg_left(struct mg_search *s, int pos, uint32_t list,
                       struct mg_score sc);
MG_INLINE void mg_right(struct mg_search *s, int pos, uint32_t list,
                        struct mg_score sc);

/* The letters the rack can still put on square pos: its cross-check and
 * the rack's letters (all of them while a blank is left). */
static inline uint32_t mg_possible(const struct mg_search *s, int pos)
{
    return s->cross[pos] &
           (s->rack[MG_BLANK] > 0 ? MG_ALL_LETTERS : s->letters);
}

static inline struct mg_score mg_place(const struct mg_search *s, int pos,
                                       int v, struct mg_score sc)
{
    int lm = s->lm[pos], wm = s->wm[pos];
    sc.main_sum += v * lm;
    sc.word_mult *= wm;
    if (s->cross_sum[pos] >= 0)
        sc.cross_total += (s->cross_sum[pos] + v * lm) * wm;
    sc.ntiles++;
    return sc;
}

/* After `arc` took square pos (pos <= anchor) going left: record the word
 * if it ends here, go on left, and turn right at the separator. */
static void mg_left_next(struct mg_search *s, int pos, uint32_t arc,
                         struct mg_score sc)
{
    bool open_left = pos == 0 || s->tile[pos - 1] == 0;
    if (core_kwg_accepts(arc) && open_left)
        mg_record(s, pos, s->start, sc.main_sum, sc.word_mult, sc.cross_total,
                  sc.ntiles);
    uint32_t next = core_kwg_target(arc);
    if (next == 0 || s->found)
        return;
    if (!open_left)
        mg_left(s, pos - 1, next, sc); /* a tile on the board: take it */
    else if (pos - 1 >= s->left_limit && s->tiles_left > 0 &&
             mg_possible(s, pos - 1) != 0)
        mg_left(s, pos - 1, next, sc);
    /* The separator is tile 0: the first arc of the list, if present. */
    int r = s->start + 1;
    if (open_left && r <= MG_LAST && !s->found && (s->nodes[next] & 1u) != 0 &&
        (s->tile[r] != 0 || (s->tiles_left > 0 && mg_possible(s, r) != 0))) {
        uint32_t right = core_kwg_target(s->nodes[next + 1]);
        if (right != 0) {
            s->leftmost = pos;
            mg_right(s, r, right, sc);
        }
    }
}

/* After `arc` took square pos (pos > anchor) going right. */
static void mg_right_next(struct mg_search *s, int pos, uint32_t arc,
                          struct mg_score sc)
{
    bool open_right = pos == MG_LAST || s->tile[pos + 1] == 0;
    if (core_kwg_accepts(arc) && open_right)
        mg_record(s, s->leftmost, pos, sc.main_sum, sc.word_mult,
                  sc.cross_total, sc.ntiles);
    uint32_t next = core_kwg_target(arc);
    if (next == 0 || pos == MG_LAST || s->found)
        return;
    if (!open_right || (s->tiles_left > 0 && mg_possible(s, pos + 1) != 0))
        mg_right(s, pos + 1, next, sc);
}

/* Takes tile t off the rack (a blank when `blank`) and puts it on pos. */
static inline void mg_take(struct mg_search *s, int pos, int t, bool blank)
{
    if (blank) {
        s->rack[MG_BLANK]--;
        s->placed[pos] = (char)('a' + t - 1);
    } else {
        if (--s->rack[t] == 0)
            s->letters &= ~((uint32_t)1 << t);
        s->placed[pos] = (char)('A' + t - 1);
    }
    s->tiles_left--;
}

static inline void mg_give_back(struct mg_search *s, int t, bool blank)
{
    if (blank)
        s->rack[MG_BLANK]++;
    else if (s->rack[t]++ == 0)
        s->letters |= (uint32_t)1 << t;
    s->tiles_left++;
}

/* The empty square pos, going left (`right` false) or right: every tile of
 * the rack that the list and the square both allow, as itself and as a
 * blank; the list's bitmap gives each one's arc at once. */
MG_INLINE void mg_try(struct mg_search *s, int pos, uint32_t list,
                      struct mg_score sc, bool right)
{
    uint32_t mask = s->nodes[list];
    uint32_t cand = mg_possible(s, pos) & mask;
    while (cand != 0 && !s->found) {
        int t = __builtin_ctz(cand);
        cand &= cand - 1;
        uint32_t arc =
            s->nodes[list + 1 +
                     core_kwg_popcount(mask & (((uint32_t)1 << t) - 1u))];
        if (s->rack[t] > 0) {
            mg_take(s, pos, t, false);
            struct mg_score next = mg_place(s, pos, s->points[t], sc);
            if (right)
                mg_right_next(s, pos, arc, next);
            else
                mg_left_next(s, pos, arc, next);
            mg_give_back(s, t, false);
        }
        if (s->rack[MG_BLANK] > 0 && !s->found) {
            mg_take(s, pos, t, true);
            struct mg_score next = mg_place(s, pos, 0, sc);
            if (right)
                mg_right_next(s, pos, arc, next);
            else
                mg_left_next(s, pos, arc, next);
            mg_give_back(s, t, true);
        }
    }
}

/* Square pos, going left (`right` false) or right: a tile on the board is
 * taken if the list has it, an empty square gets every tile that fits. */
MG_INLINE void mg_square(struct mg_search *s, int pos, uint32_t list,
                         struct mg_score sc, bool right)
{
    uint8_t here = s->tile[pos];
    if (here == 0) {
        mg_try(s, pos, list, sc, right);
        return;
    }
    uint32_t arc = core_kwg_arc(s->mg->graph, list, here);
    if (arc == 0)
        return;
    sc.main_sum += s->value[pos];
    if (right)
        mg_right_next(s, pos, arc, sc);
    else
        mg_left_next(s, pos, arc, sc);
}

MG_INLINE void mg_left(struct mg_search *s, int pos, uint32_t list,
                       struct mg_score sc)
{
    mg_square(s, pos, list, sc, false);
}

MG_INLINE void mg_right(struct mg_search *s, int pos, uint32_t list,
                        struct mg_score sc)
{
    mg_square(s, pos, list, sc, true);
}

/* Searches every anchor of every line in both directions. */
static void mg_run(struct mg_search *s)
{
    const struct core_movegen *mg = s->mg;
    for (int d = 0; d < 2 && !s->found; d++)
        for (int line = 0; line < MG_N && !s->found; line++) {
            unsigned anchors = mg->anchors[d][line];
            if (anchors == 0)
                continue;
            s->d = d;
            s->line = line;
            memcpy(s->tile, mg->tile[d][line], sizeof s->tile);
            memcpy(s->value, mg->value[d][line], sizeof s->value);
            memcpy(s->lm, mg->letter_mult[d][line], sizeof s->lm);
            memcpy(s->wm, mg->word_mult[d][line], sizeof s->wm);
            memcpy(s->cross, mg->cross[d][line], sizeof s->cross);
            memcpy(s->cross_sum, mg->cross_sum[d][line], sizeof s->cross_sum);
            for (int a = 0; a < MG_N && !s->found; a++) {
                if ((anchors >> a & 1u) == 0)
                    continue;
                /* Left of the anchor, tiles go only on the empty squares
                 * before the previous anchor (or tile). */
                int limit = a;
                while (limit > 0 && s->tile[limit - 1] == 0 &&
                       (anchors >> (limit - 1) & 1u) == 0)
                    limit--;
                s->anchor = a;
                s->left_limit = limit;
                if (mg_possible(s, a) == 0)
                    continue;
                /* Tiles right of the anchor belong to every play through
                 * it: the walk starts from the last of them, so the GADDAG
                 * checks them before any tile of the rack is tried. */
                int start = a;
                while (start < MG_LAST && s->tile[start + 1] != 0)
                    start++;
                s->start = start;
                struct mg_score sc = {0, 1, 0, 0};
                uint32_t list = mg->gaddag;
                for (int q = start; q > a && list != 0; q--) {
                    list = core_kwg_target(
                        core_kwg_arc(mg->graph, list, s->tile[q]));
                    sc.main_sum += s->value[q];
                }
                if (list != 0)
                    mg_left(s, a, list, sc);
            }
        }
}

static void mg_begin(struct mg_search *s, const struct core_movegen *mg,
                     const struct core_rack *rack, enum mg_mode mode,
                     struct core_play *out, size_t cap)
{
    memset(s, 0, sizeof *s);
    s->mg = mg;
    s->nodes = mg->graph->nodes;
    s->mode = mode;
    s->out = out;
    s->cap = cap;
    for (int i = 0; i < rack->count && i < CLB_RACK_SIZE; i++) {
        char t = rack->tiles[i];
        if (t == CORE_BLANK)
            s->rack[MG_BLANK]++;
        else if (core_is_upper(t))
            s->rack[t - 'A' + 1]++;
        else
            continue;
        s->tiles_left++;
    }
    for (int t = 1; t <= CLB_LETTERS; t++) {
        s->points[t] = core_tile_points((char)('A' + t - 1));
        if (s->rack[t] > 0)
            s->letters |= (uint32_t)1 << t;
    }
}

/* Prepares a search of `rack` in `mode` and runs it (an empty rack has no
 * play: nothing to run). */
static void mg_search(struct mg_search *s, const struct core_movegen *mg,
                      const struct core_rack *rack, enum mg_mode mode,
                      struct core_play *out, size_t cap)
{
    mg_begin(s, mg, rack, mode, out, cap);
    if (s->tiles_left > 0)
        mg_run(s);
}

size_t core_movegen_all(const struct core_movegen *mg,
                        const struct core_rack *rack, struct core_play *out,
                        size_t cap)
{
    struct mg_search s;
    mg_search(&s, mg, rack, MG_ALL, out, cap);
    return s.total;
}

bool core_movegen_any(const struct core_movegen *mg,
                      const struct core_rack *rack)
{
    struct mg_search s;
    mg_search(&s, mg, rack, MG_ANY, NULL, 0);
    return s.found;
}

bool core_movegen_best(const struct core_movegen *mg,
                       const struct core_rack *rack, struct core_play *best)
{
    struct core_play found;
    struct mg_search s;
    mg_search(&s, mg, rack, MG_BEST, &found, 1);
    if (s.stored == 0)
        return false;
    *best = found;
    return true;
}

size_t core_movegen_top(const struct core_movegen *mg,
                        const struct core_rack *rack, struct core_play *out,
                        size_t n)
{
    struct mg_search s;
    mg_search(&s, mg, rack, MG_TOP, out, n);
    /* An insertion sort of the heap's at most n entries: no extra buffer,
     * and n is small (CLB_MAX_PLAYS_LISTED) wherever this is called. */
    for (size_t i = 1; i < s.stored; i++) {
        struct core_play p = out[i];
        size_t j = i;
        for (; j > 0 && core_play_compare(&p, &out[j - 1]) < 0; j--)
            out[j] = out[j - 1];
        out[j] = p;
    }
    return s.total;
}

/* ---- converting a play -------------------------------------------------- */

void core_play_to_move(const struct core_play *p,
                       const char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE],
                       struct core_move *move)
{
    memset(move, 0, sizeof *move);
    move->type = CORE_MOVE_PLAY;
    int dr = p->down ? 1 : 0, dc = p->down ? 0 : 1;
    for (int i = 0; i < p->len && move->ntiles < p->ntiles; i++) {
        int r = p->row + i * dr, c = p->col + i * dc;
        if (r >= MG_N || c >= MG_N)
            break;
        if (board[r][c] != CORE_EMPTY)
            continue;
        char t = p->tiles[move->ntiles];
        struct core_placement *pl = &move->tiles[move->ntiles++];
        pl->row = r;
        pl->col = c;
        pl->blank = core_is_lower(t);
        pl->letter = pl->blank ? (char)(t - 'a' + 'A') : t;
    }
}

void core_play_word(const struct core_play *p,
                    const char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE],
                    char out[CLB_WORD_MAX + 1])
{
    int dr = p->down ? 1 : 0, dc = p->down ? 0 : 1, k = 0, n = 0;
    for (int i = 0; i < p->len && i < CLB_WORD_MAX; i++) {
        int r = p->row + i * dr, c = p->col + i * dc;
        if (r >= MG_N || c >= MG_N)
            break;
        char ch = board[r][c];
        if (ch == CORE_EMPTY)
            ch = k < p->ntiles ? p->tiles[k++] : '?';
        out[n++] = core_is_lower(ch) ? (char)(ch - 'a' + 'A') : ch;
    }
    out[n] = '\0';
}

void core_play_coord(const struct core_play *p, char out[4])
{
    int row = p->row + 1;
    char col = (char)('A' + (p->col < MG_N ? p->col : 0));
    int n = 0;
    if (p->down)
        out[n++] = col;
    if (row >= 10)
        out[n++] = (char)('0' + row / 10);
    out[n++] = (char)('0' + row % 10);
    if (!p->down)
        out[n++] = col;
    out[n] = '\0';
}
