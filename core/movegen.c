/* core/movegen.c - the GADDAG search for every legal play (movegen.h).
 *
 * For each direction, each line and each anchor a (an empty square next to
 * a tile; the centre on an empty board), the search walks one GADDAG path
 * per play through a: the letters from some square leftwards to the
 * word's first, then the separator, then the rest rightwards. To the left
 * it may only place tiles on empty squares that are not anchors themselves
 * (and squares left of a tile are always anchors), so a play is found only
 * from the leftmost anchor it covers: once, with no duplicates to remove.
 *
 * Where the walk starts matters for speed, not for the plays found. Tiles
 * already on the board next to the anchor belong to every play through
 * it, so the walk starts with them and the GADDAG rules out, before a
 * single rack tile is tried, every letter they cannot follow or precede:
 * with tiles right of the anchor it starts from the last of them (and
 * goes left through them to the anchor); with tiles only on its left, from
 * the one beside it (left through them, then the separator, then the
 * anchor). Only a free-standing anchor starts on itself.
 *
 * The cross-check of an empty square is the set of letters that make a
 * word with the tiles above and below it (for plays across; left and right
 * for plays down), found with the DAWG or the GADDAG in one walk and one
 * sibling list. Its cross-score is those tiles' points, so the word
 * made at right angles scores (cross + letter x letter premium) x word
 * premium, as in core/play.c.
 *
 * The best play alone (core_movegen_best) bounds every anchor first (the
 * most any play through it could score: the rack's best tiles on its best
 * squares, see mg_bound) and searches anchors from the highest bound down,
 * stopping at the first whose bound is below the best play found: the
 * same play as the best of the whole list, ties included.
 *
 * Pure: no I/O, no allocation, no globals.
 */
/* SPDX-License-Identifier: MIT */
#include "movegen.h"

#include <assert.h>
#include <string.h>

#include "notation.h"
#include "tiles.h"

#define MG_N CLB_BOARD_SIZE
#define MG_LAST (CLB_BOARD_SIZE - 1)
/* Every letter's bit (all but the separator's): a graph's lists hold only
 * its set's letters, so a set of letters taken with a list's header is
 * the set's, whatever its size. */
#define MG_ALL_LETTERS (~(core_kwg_set)1u)
#define MG_LINE_SQUARES ((1u << CLB_BOARD_SIZE) - 1u)
#define MG_BLANK 0 /* rack index of the blank: tile 0 is never a letter */

/* The steps of one square are inlined into the two functions that recurse
 * (mg_left_next, mg_right_next): a call less per square. */
#define MG_INLINE static inline __attribute__((always_inline))

static_assert(sizeof(struct core_play) == 14,
              "a play record is 14 bytes (movegen.h, limits.h)");
static_assert(CLB_BOARD_SIZE <= 16, "a line's squares fit a uint16_t");

enum mg_mode { MG_ALL, MG_ANY, MG_BEST, MG_TOP };

/* The ceiling of every search but core_movegen_top_below's: none (a play
 * scores at most a few thousand). */
#define MG_NO_CEILING INT32_MAX

/* One search: the rack, the line being searched, and where plays go. */
struct mg_search {
    const struct core_movegen *mg;
    const uint32_t *nodes;
    /* the rack */
    int count[CORE_KWG_TILES];  /* by tile; [MG_BLANK] counts blanks */
    core_kwg_set letters;       /* bit t: the rack holds a letter t */
    core_kwg_set blank_letters; /* MG_ALL_LETTERS while a blank is left, or 0 */
    int tiles;                  /* tiles in the rack at the start */
    int points[CORE_KWG_TILES]; /* the points of each letter tile */
    int best_values[CLB_RACK_SIZE];  /* the rack's tile points, highest first */
    uint8_t by_value[CLB_RACK_SIZE]; /* the rack's letters, highest first */
    int nletters;                    /* distinct letters in the rack */
    int rack_count[CORE_KWG_TILES];  /* count[] at the start */
    /* The best play alone: a blank is a wildcard the search spends only on
     * a letter the rack has run out of, and mg_record_best chooses which
     * of the play's tiles are blanks (mg_blank_loss). */
    bool wild;
    /* the line: direction d, line index, and a copy of its data (one load
     * less per square than reaching into the prepared board) */
    int d, line;
    uint8_t tile[MG_N], value[MG_N], lm[MG_N], wm[MG_N];
    core_kwg_set cross[MG_N];
    int16_t cross_sum[MG_N];
    uint32_t empty; /* bit p: square p of the line is empty */
    /* the anchor: the leftmost square the left part may fill, and where the
     * right part starts (the square after `start`) */
    int anchor, left_limit, start, leftmost;
    char placed[MG_N]; /* the tile put on each square of the line */
    /* the output */
    enum mg_mode mode;
    struct core_play *out;
    size_t cap, stored, total;
    bool found;
    bool cut;       /* the budget ran out before every anchor was searched */
    uint64_t spent; /* nodes entered (mg_next's calls) */
    uint64_t limit; /* the budget's nodes at the start, or UINT64_MAX */
    int ceiling;    /* plays scoring more are not counted nor kept */
    int variant;    /* enum mg_variant: the copy of the search to run */
};

/* The running score of a partial play: the main word's letters (with the
 * letter premiums of placed tiles), the product of its word premiums, the
 * words made at right angles, and the tiles placed. */
struct mg_score {
    int main_sum, word_mult, cross_total, ntiles;
};

/* Whether the processor has the POPCNT instruction, and the attribute
 * that compiles a function with it (the search and the cross-checks have
 * a copy each way, see enum mg_variant). */
#if defined(__x86_64__) || defined(__i386__)
#define MG_TARGET_POPCNT __attribute__((target("popcnt")))
static bool mg_has_popcnt(void)
{
    return __builtin_cpu_supports("popcnt");
}
#else
#define MG_TARGET_POPCNT
static bool mg_has_popcnt(void)
{
    return false;
}
#endif

/* ---- preparing a board ------------------------------------------------ */

/* The tile number (1..n) of a board letter or blank of a set of n
 * letters, 0 for anything else. */
static uint8_t mg_tile_of(char c, int n)
{
    return (uint8_t)(core_tile_face_letter(c, n) + 1);
}

/* The tiles before and after square `pos` of a line, as runs of tile
 * numbers: [*lo, pos) and (pos, *hi]; returns their points (`value`, the
 * line's points), summed in the same scan. */
static int mg_runs(const uint8_t *line, const uint8_t *value, int pos, int *lo,
                   int *hi)
{
    int a = pos, b = pos, sum = 0;
    while (a > 0 && line[a - 1] != 0)
        sum += value[--a];
    while (b < MG_LAST && line[b + 1] != 0)
        sum += value[++b];
    *lo = a;
    *hi = b;
    return sum;
}

/* Follows tiles perp[from], perp[from + step], ... up to (not including)
 * perp[to] from `list`; returns the list reached and, in *arc, the last
 * arc taken (both 0 on a dead end; *arc 0 when there were no tiles). */
MG_INLINE uint32_t mg_walk(const struct core_kwg *g, uint32_t list,
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
MG_INLINE core_kwg_set mg_cross_set(const struct core_movegen *mg,
                                    const uint8_t *perp, int pos, int lo,
                                    int hi)
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
    /* Only a letter that can precede the suffix in some word (the GADDAG's
     * list after the suffix backwards) can do, so the walks through the
     * suffix are made for the letters both lists hold. */
    uint32_t before =
        mg_walk(g, core_kwg_gaddag_root(g), perp, hi, pos, -1, &arc);
    if (before == 0)
        return 0;
    core_kwg_set mask = core_kwg_tiles(g->nodes, list) &
                        core_kwg_tiles(g->nodes, before) & MG_ALL_LETTERS;
    core_kwg_set set = 0;
    for (core_kwg_set m = mask; m != 0; m &= m - 1) {
        unsigned t = (unsigned)__builtin_ctzll(m);
        uint32_t sub = core_kwg_target(core_kwg_arc(g, list, t));
        mg_walk(g, sub, perp, pos + 1, hi + 1, 1, &arc);
        if (core_kwg_accepts(arc))
            set |= m & -m;
    }
    return set;
}

/* The letter and word multipliers of each kind of square. */
static const uint8_t mg_letter_premium[] = {
    [CORE_PREMIUM_NONE] = 1, [CORE_PREMIUM_DL] = 2, [CORE_PREMIUM_TL] = 3,
    [CORE_PREMIUM_DW] = 1,   [CORE_PREMIUM_TW] = 1,
};
static const uint8_t mg_word_premium[] = {
    [CORE_PREMIUM_NONE] = 1, [CORE_PREMIUM_DL] = 1, [CORE_PREMIUM_TL] = 1,
    [CORE_PREMIUM_DW] = 2,   [CORE_PREMIUM_TW] = 3,
};

/* The board's letters, points and premiums, each seen along both
 * directions, and which squares hold a tile. */
static void mg_copy_board(struct core_movegen *mg,
                          const char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE])
{
    memset(mg->occupied, 0, sizeof mg->occupied);
    const struct core_tileset *ts = mg->tileset;
    int n = ts->n;
    for (int r = 0; r < MG_N; r++)
        for (int c = 0; c < MG_N; c++) {
            char ch = board[r][c];
            uint8_t t = mg_tile_of(ch, n);
            /* A blank on the board is its blank byte: no points. */
            uint8_t v = (uint8_t)core_tile_points(ts, ch);
            mg->tile[0][r][c] = mg->tile[1][c][r] = t;
            mg->value[0][r][c] = mg->value[1][c][r] = v;
            if (t != 0) {
                mg->occupied[0][r] |= (uint16_t)(1u << c);
                mg->occupied[1][c] |= (uint16_t)(1u << r);
            }
            enum core_premium p = core_premium_at(r, c);
            uint8_t lm = mg_letter_premium[p], wm = mg_word_premium[p];
            mg->letter_mult[0][r][c] = mg->letter_mult[1][c][r] = lm;
            mg->word_mult[0][r][c] = mg->word_mult[1][c][r] = wm;
        }
}

/* Every line's anchors, cross-checks and cross-scores, and whether the
 * board is empty (which the caller has set true). */
MG_INLINE void mg_lines(struct core_movegen *mg)
{
    for (int d = 0; d < 2; d++)
        for (int line = 0; line < MG_N; line++) {
            /* The line's tiles, and those of its neighbours: a square with
             * a tile beside it along the line or across it is an anchor;
             * one with a tile across it needs a cross-check. */
            const uint16_t *occupied = mg->occupied[d];
            uint32_t here = occupied[line];
            uint32_t across = (line > 0 ? occupied[line - 1] : 0u) |
                              (line < MG_LAST ? occupied[line + 1] : 0u);
            uint32_t empty = ~here & MG_LINE_SQUARES;
            mg->empty_board &= here == 0;
            mg->anchors[d][line] =
                (uint16_t)(empty & (across | here << 1 | here >> 1));
            for (int pos = 0; pos < MG_N; pos++) {
                mg->cross[d][line][pos] = MG_ALL_LETTERS;
                mg->cross_sum[d][line][pos] = -1;
            }
            for (uint32_t m = empty & across; m != 0; m &= m - 1) {
                int pos = __builtin_ctz(m);
                /* The line at right angles through this square. */
                const uint8_t *perp = mg->tile[1 - d][pos];
                int lo, hi;
                int sum = mg_runs(perp, mg->value[1 - d][pos], line, &lo, &hi);
                mg->cross_sum[d][line][pos] = (int16_t)sum;
                mg->cross[d][line][pos] = mg_cross_set(mg, perp, line, lo, hi);
            }
        }
}

/* mg_lines compiled twice: the walks' popcounts are the bulk of it, and
 * the compiler turns core_kwg_popcount into the POPCNT instruction where
 * the target has it (chosen at run time, as for the search). */
static void mg_lines_plain(struct core_movegen *mg)
{
    mg_lines(mg);
}

MG_TARGET_POPCNT static void mg_lines_popcnt(struct core_movegen *mg)
{
    mg_lines(mg);
}

static void mg_prepare_lines(struct core_movegen *mg);

void core_movegen_init(struct core_movegen *mg,
                       const char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE],
                       const struct core_kwg *graph)
{
    mg->graph = graph;
    mg->tileset =
        graph->tileset != NULL ? graph->tileset : &core_tileset_english;
    mg->budget = NULL;
    mg->gaddag = core_kwg_gaddag_root(graph);
    mg->plain = false;
    mg_copy_board(mg, board);
    mg_prepare_lines(mg);
}

/* Every line's anchors and cross-checks from the board copied into mg,
 * with the copy of mg_lines that mg->plain asks for. */
static void mg_prepare_lines(struct core_movegen *mg)
{
    mg->empty_board = true;
    if (mg_has_popcnt() && !mg->plain)
        mg_lines_popcnt(mg);
    else
        mg_lines_plain(mg);
    if (mg->empty_board) {
        mg->anchors[0][CLB_CENTER] = (uint16_t)(1u << CLB_CENTER);
        mg->anchors[1][CLB_CENTER] = (uint16_t)(1u << CLB_CENTER);
    }
    /* An empty board whose premiums read the same down as across (the
     * standard layout is symmetric about its diagonal) has, for each play
     * across, its mirror image down with the same points: the search goes
     * across only and records both. */
    mg->mirrored = mg->empty_board &&
                   memcmp(mg->letter_mult[0], mg->letter_mult[1],
                          sizeof mg->letter_mult[0]) == 0 &&
                   memcmp(mg->word_mult[0], mg->word_mult[1],
                          sizeof mg->word_mult[0]) == 0;
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

/* Writes the play covering first..last of the loaded line into *p. */
static void mg_fill(const struct mg_search *s, int first, int last, int ntiles,
                    int points, struct core_play *p)
{
    p->points = (int16_t)points;
    p->down = (uint8_t)s->d;
    p->row = (uint8_t)(s->d == 0 ? s->line : first);
    p->col = (uint8_t)(s->d == 0 ? first : s->line);
    p->len = (uint8_t)(last - first + 1);
    p->ntiles = (uint8_t)ntiles;
    memset(p->tiles, 0, sizeof p->tiles);
    /* The placed tiles are the empty squares of the span, in order. */
    uint32_t span = ((2u << last) - 1u) & ~((1u << first) - 1u);
    int k = 0;
    for (uint32_t m = s->empty & span; m != 0; m &= m - 1)
        p->tiles[k++] = s->placed[__builtin_ctz(m)];
}

/* Keeps play p in a list (MG_ALL) or a heap (MG_TOP) of the best. */
static void mg_keep(struct mg_search *s, const struct core_play *p)
{
    if (s->mode == MG_ALL) {
        if (s->stored < s->cap)
            s->out[s->stored++] = *p;
    } else if (s->stored < s->cap) {
        s->out[s->stored] = *p;
        mg_sift_up(s->out, s->stored++);
    } else if (s->cap > 0 && mg_worse(&s->out[0], p)) {
        s->out[0] = *p; /* the root is the worst play kept */
        mg_sift_down(s->out, s->stored, 0);
    }
}

/* What the blanks cost the best play covering first..last, searched with
 * the blank as a wildcard (s->wild): each of its letters placed more often
 * than the rack holds it takes that many blanks, on the squares where the
 * letter is worth least (its weight: the letter premium times the word
 * multiplier, plus the letter premium times the square's word premium when
 * it makes a word across), the later square on a tie, so the tiles read
 * as early as possible with letters rather than blanks: the first play in
 * core_play_compare order among those with the most points. Using a blank
 * more than needed never scores more nor sorts first. Returns the points
 * lost and sets in *blanks bit i for the i-th tile placed that is a blank. */
static int mg_blank_loss(const struct mg_search *s, int first, int last,
                         int word_mult, uint32_t *blanks)
{
    int letter[CLB_RACK_SIZE], weight[CLB_RACK_SIZE], k = 0, loss = 0;
    uint32_t span = ((2u << last) - 1u) & ~((1u << first) - 1u);
    for (uint32_t m = s->empty & span; m != 0 && k < CLB_RACK_SIZE;
         m &= m - 1) {
        int q = __builtin_ctz(m);
        letter[k] =
            (int)((unsigned char)s->placed[q] - CORE_TILE_LETTER_BASE) + 1;
        weight[k++] = s->lm[q] * word_mult +
                      (s->cross_sum[q] >= 0 ? s->lm[q] * s->wm[q] : 0);
    }
    *blanks = 0;
    core_kwg_set done = 0; /* letters already given their blanks */
    for (int i = 0; i < k; i++) {
        int t = letter[i];
        if ((done >> t & 1u) != 0)
            continue;
        done |= core_kwg_bit((unsigned)t);
        int extra = -s->rack_count[t];
        for (int j = i; j < k; j++)
            extra += letter[j] == t;
        int v = s->points[t];
        for (; extra > 0; extra--) {
            int pick = -1;
            for (int j = i; j < k; j++)
                if (letter[j] == t && (*blanks >> j & 1u) == 0 &&
                    (pick < 0 || weight[j] * v <= weight[pick] * v))
                    pick = j;
            *blanks |= 1u << pick;
            loss += weight[pick] * v;
        }
    }
    return loss;
}

/* The best play so far, or this one if it comes first (core_play_compare):
 * fewer points never win; as many may, on the tie-break (never a mirror
 * image: across comes before down). */
static void mg_record_best(struct mg_search *s, int first, int last, int ntiles,
                           int word_mult, int points)
{
    if (s->stored > 0 && points < s->out->points)
        return;
    uint32_t blanks = 0;
    if (s->wild && s->count[MG_BLANK] < s->rack_count[MG_BLANK]) {
        points -= mg_blank_loss(s, first, last, word_mult, &blanks);
        if (s->stored > 0 && points < s->out->points)
            return;
    }
    struct core_play p;
    mg_fill(s, first, last, ntiles, points, &p);
    for (uint32_t m = blanks; m != 0; m &= m - 1) {
        int i = __builtin_ctz(m);
        p.tiles[i] = core_blank_tile(
            (int)((unsigned char)p.tiles[i] - CORE_TILE_LETTER_BASE));
    }
    if (s->stored == 0 || core_play_compare(&p, s->out) < 0)
        *s->out = p;
    s->stored = 1;
}

static void mg_record(struct mg_search *s, int first, int last,
                      struct mg_score sc)
{
    /* A main word needs two letters (a single tile alone is never one), and
     * a single tile that makes an across word was already found across. */
    if (last == first)
        return;
    if (s->d == 1 && sc.ntiles == 1) {
        for (int p = first; p <= last; p++)
            if (s->tile[p] == 0 && s->cross_sum[p] >= 0)
                return;
    }
    /* On a mirrored board (see core_movegen_init) only plays across are
     * searched, and each stands for itself and its mirror image down. */
    bool mirror = s->mg->mirrored;
    int points = sc.main_sum * sc.word_mult + sc.cross_total +
                 (sc.ntiles == CLB_RACK_SIZE ? CLB_BINGO_BONUS : 0);
    if (points > s->ceiling)
        return; /* core_movegen_top_below: above its ceiling */
    s->total += mirror ? 2 : 1;
    struct core_play p;
    switch (s->mode) {
    case MG_ANY: s->found = true; break;
    case MG_BEST:
        mg_record_best(s, first, last, sc.ntiles, sc.word_mult, points);
        break;
    case MG_ALL:
    case MG_TOP:
        /* A full heap keeps nothing with fewer points than its root. */
        if (s->mode == MG_TOP && s->stored == s->cap &&
            (s->cap == 0 || points < s->out[0].points))
            break;
        mg_fill(s, first, last, sc.ntiles, points, &p);
        mg_keep(s, &p);
        if (mirror) {
            p.down = 1;
            p.row = p.col;
            p.col = (uint8_t)s->line;
            mg_keep(s, &p);
        }
        break;
    }
}

/* ---- the search -------------------------------------------------------- */

/* The search is compiled three times from this one source, each copy with
 * a constant `v` folded in (mg_next picks the copy to recurse into):
 *   MG_PLAIN   every play, popcounts in plain operations (baseline x86-64
 *              has no POPCNT instruction);
 *   MG_POPCNT  the same with the POPCNT instruction, for processors that
 *              have it (chosen at run time, mg_has_popcnt): one instruction
 *              instead of a dozen on the path from a list to its arc;
 *   MG_STOP    "is there any play": stops at the first one. The other two
 *              never test for that.
 * MG_POPCNT is only compiled for x86; elsewhere MG_PLAIN serves. */
enum mg_variant { MG_PLAIN, MG_POPCNT, MG_STOP };

/* Bits of x below bit `tile`: the index of tile's arc in a list. Without
 * POPCNT, the 32 low bits are counted and bit 32 (tile 32, the highest
 * there is) added: no second popcount. */
static_assert(CORE_KWG_TILES <= 33, "a set of tiles has bits 0..32");
MG_INLINE unsigned mg_rank(core_kwg_set mask, unsigned tile, enum mg_variant v)
{
    core_kwg_set below = mask & (core_kwg_bit(tile) - 1u);
    return v == MG_POPCNT
               ? (unsigned)__builtin_popcountll(below)
               : core_kwg_popcount((uint32_t)below) + (unsigned)(below >> 32);
}

/* The letters the rack can still put on square pos: its cross-check and
 * the rack's letters (all of them while a blank is left). Zero once the
 * rack is empty. */
static inline core_kwg_set mg_possible(const struct mg_search *s, int pos)
{
    return s->cross[pos] & (s->letters | s->blank_letters);
}

/* The arc of `tile` in the list at `list` (not 0), or 0 when it has none:
 * one popcount in a headed list, a scan in a plain one. */
MG_INLINE uint32_t mg_arc(const uint32_t *nodes, uint32_t list, unsigned tile,
                          enum mg_variant v)
{
    if (!core_kwg_headed(list))
        return core_kwg_scan(nodes, list, tile);
    const uint32_t *h = &nodes[list & CORE_KWG_INDEX_MASK];
    core_kwg_set mask = h[0]; /* tile 32, never in a header, reads 0 */
    if ((mask >> tile & 1u) == 0)
        return 0;
    return h[1 + mg_rank(mask, tile, v)];
}

/* True once the search may end: a play found by MG_STOP. */
MG_INLINE bool mg_stopped(const struct mg_search *s, enum mg_variant v)
{
    return v == MG_STOP && s->found;
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

/* The copies' recursive functions, defined by MG_COPY below. */
#define MG_COPY_DECLARE(name, target)                                          \
    target static void mg_left_##name(struct mg_search *s, int pos,            \
                                      uint32_t arc, struct mg_score sc);       \
    target static void mg_right_##name(struct mg_search *s, int pos,           \
                                       uint32_t arc, struct mg_score sc);
MG_COPY_DECLARE(plain, )
MG_COPY_DECLARE(popcnt, MG_TARGET_POPCNT)
MG_COPY_DECLARE(stop, )
#undef MG_COPY_DECLARE

/* Goes on from square pos, just taken by `arc`, in the direction of
 * travel, in the same copy of the search. */
MG_INLINE void mg_next(struct mg_search *s, int pos, uint32_t arc,
                       struct mg_score sc, bool right, enum mg_variant v)
{
    s->spent++; /* the budget's unit: one node, counted alike by every copy */
    switch (v) {
    case MG_PLAIN:
        (right ? mg_right_plain : mg_left_plain)(s, pos, arc, sc);
        break;
    case MG_POPCNT:
        (right ? mg_right_popcnt : mg_left_popcnt)(s, pos, arc, sc);
        break;
    case MG_STOP:
        (right ? mg_right_stop : mg_left_stop)(s, pos, arc, sc);
        break;
    }
}

/* The arcs of the list `list` (not 0), and in *mask its tiles: a headed
 * list's header, or a plain list's tiles read in one pass (most have 1 to
 * 3 arcs). Either way the arc of tile t is then arcs[mg_rank(*mask, t)]:
 * a plain list's arcs are in tile order too. */
MG_INLINE const uint32_t *mg_list(const uint32_t *nodes, uint32_t list,
                                  core_kwg_set *mask)
{
    if (core_kwg_headed(list)) {
        const uint32_t *h = &nodes[list & CORE_KWG_INDEX_MASK];
        *mask = h[0];
        return h + 1;
    }
    *mask = core_kwg_tiles(nodes, list);
    return &nodes[list];
}

/* The best play's blank (s->wild): every letter in `wanted` (those the
 * list and the cross-check allow and the rack has none of) as a blank,
 * scored and written as the letter itself: mg_record_best decides which of
 * the play's tiles of each letter are blanks. A letter the rack still has
 * is never given a blank here, so each word is searched once rather than
 * once for every way of spelling it with blanks. */
MG_INLINE void mg_try_wild(struct mg_search *s, int pos, core_kwg_set wanted,
                           core_kwg_set mask, const uint32_t *arcs,
                           struct mg_score sc, bool right, enum mg_variant v)
{
    if (--s->count[MG_BLANK] == 0)
        s->blank_letters = 0;
    for (core_kwg_set m = wanted; m != 0; m &= m - 1) {
        int t = __builtin_ctzll(m);
        uint32_t arc = arcs[mg_rank(mask, (unsigned)t, v)];
        s->placed[pos] = core_letter_tile(t - 1);
        mg_next(s, pos, arc, mg_place(s, pos, s->points[t], sc), right, v);
    }
    s->count[MG_BLANK]++;
    s->blank_letters = MG_ALL_LETTERS;
}

/* The empty square pos, going left (`right` false) or right: every letter
 * of the rack that the list and the square's cross-check both allow, then
 * every such letter as a blank; the list's bitmap gives each one's arc at
 * once (a plain list's is made by one scan, mg_list). */
MG_INLINE void mg_try(struct mg_search *s, int pos, uint32_t list,
                      struct mg_score sc, bool right, enum mg_variant v)
{
    core_kwg_set mask;
    const uint32_t *arcs = mg_list(s->nodes, list, &mask);
    core_kwg_set fits = s->cross[pos] & mask;
    for (core_kwg_set m = fits & s->letters; m != 0; m &= m - 1) {
        int t = __builtin_ctzll(m);
        uint32_t arc = arcs[mg_rank(mask, (unsigned)t, v)];
        if (--s->count[t] == 0)
            s->letters &= ~core_kwg_bit((unsigned)t);
        s->placed[pos] = core_letter_tile(t - 1);
        mg_next(s, pos, arc, mg_place(s, pos, s->points[t], sc), right, v);
        if (s->count[t]++ == 0)
            s->letters |= core_kwg_bit((unsigned)t);
        if (mg_stopped(s, v))
            return;
    }
    if (s->blank_letters == 0)
        return;
    if (s->wild) {
        mg_try_wild(s, pos, fits & ~s->letters, mask, arcs, sc, right, v);
        return;
    }
    if (--s->count[MG_BLANK] == 0)
        s->blank_letters = 0;
    struct mg_score blank = mg_place(s, pos, 0, sc);
    for (core_kwg_set m = fits; m != 0 && !mg_stopped(s, v); m &= m - 1) {
        int t = __builtin_ctzll(m);
        uint32_t arc = arcs[mg_rank(mask, (unsigned)t, v)];
        s->placed[pos] = core_blank_tile(t - 1);
        mg_next(s, pos, arc, blank, right, v);
    }
    s->count[MG_BLANK]++;
    s->blank_letters = MG_ALL_LETTERS;
}

/* The tile on the board at pos, going left or right: taken if the list has
 * it. */
MG_INLINE void mg_board(struct mg_search *s, int pos, uint32_t list,
                        struct mg_score sc, bool right, enum mg_variant v)
{
    uint32_t arc = mg_arc(s->nodes, list, s->tile[pos], v);
    if (arc == 0)
        return;
    sc.main_sum += s->value[pos];
    mg_next(s, pos, arc, sc, right, v);
}

/* After `arc` took square pos (pos <= anchor) going left: record the word
 * if it ends here, go on left, and turn right at the separator. */
MG_INLINE void mg_left(struct mg_search *s, int pos, uint32_t arc,
                       struct mg_score sc, enum mg_variant v)
{
    bool open_left = pos == 0 || s->tile[pos - 1] == 0;
    if (core_kwg_accepts(arc) && open_left)
        mg_record(s, pos, s->start, sc);
    uint32_t next = core_kwg_target(arc);
    if (next == 0 || mg_stopped(s, v))
        return;
    if (!open_left) {
        mg_board(s, pos - 1, next, sc, false, v); /* a tile: take it */
        return;
    }
    if (pos - 1 >= s->left_limit && mg_possible(s, pos - 1) != 0)
        mg_try(s, pos - 1, next, sc, false, v);
    /* The separator is tile 0: the first arc of the list, if present. The
     * square after `start` is always empty (start ends a run of tiles). */
    int r = s->start + 1;
    if (r <= MG_LAST && !mg_stopped(s, v) && mg_possible(s, r) != 0) {
        uint32_t right =
            core_kwg_target(mg_arc(s->nodes, next, CORE_KWG_SEPARATOR, v));
        if (right != 0) {
            s->leftmost = pos;
            mg_try(s, r, right, sc, true, v);
        }
    }
}

/* After `arc` took square pos (pos > anchor) going right. */
MG_INLINE void mg_right(struct mg_search *s, int pos, uint32_t arc,
                        struct mg_score sc, enum mg_variant v)
{
    bool open_right = pos == MG_LAST || s->tile[pos + 1] == 0;
    if (core_kwg_accepts(arc) && open_right)
        mg_record(s, s->leftmost, pos, sc);
    uint32_t next = core_kwg_target(arc);
    if (next == 0 || pos == MG_LAST || mg_stopped(s, v))
        return;
    if (!open_right)
        mg_board(s, pos + 1, next, sc, true, v);
    else if (mg_possible(s, pos + 1) != 0)
        mg_try(s, pos + 1, next, sc, true, v);
}

/* Every play whose leftmost anchor is a (set by mg_set_anchor). */
MG_INLINE void mg_anchor(struct mg_search *s, enum mg_variant v)
{
    int a = s->anchor;
    if (mg_possible(s, a) == 0)
        return;
    struct mg_score sc = {0, 1, 0, 0};
    uint32_t list = s->mg->gaddag;
    if (s->start > a) {
        /* Tiles right of the anchor: from the last of them to the anchor,
         * then the left part as usual. */
        for (int q = s->start; q > a; q--) {
            list = core_kwg_target(mg_arc(s->nodes, list, s->tile[q], v));
            if (list == 0)
                return;
            sc.main_sum += s->value[q];
        }
        mg_try(s, a, list, sc, false, v);
    } else if (a > 0 && s->tile[a - 1] != 0) {
        /* Tiles only on the left: from the one beside the anchor leftwards
         * to the first, then the separator, and the anchor is the first
         * square of the right part. The square before them is an anchor
         * (or the edge), so nothing goes left of them. */
        int q = a - 1;
        for (; q >= 0 && s->tile[q] != 0; q--) {
            list = core_kwg_target(mg_arc(s->nodes, list, s->tile[q], v));
            if (list == 0)
                return;
            sc.main_sum += s->value[q];
        }
        uint32_t right =
            core_kwg_target(mg_arc(s->nodes, list, CORE_KWG_SEPARATOR, v));
        if (right == 0)
            return;
        s->leftmost = q + 1;
        mg_try(s, a, right, sc, true, v);
    } else {
        mg_try(s, a, list, sc, false, v);
    }
}

/* The copies themselves: the only functions that recurse. */
#define MG_COPY(name, target, variant)                                         \
    target static void mg_left_##name(struct mg_search *s, int pos,            \
                                      uint32_t arc, struct mg_score sc)        \
    {                                                                          \
        mg_left(s, pos, arc, sc, variant);                                     \
    }                                                                          \
    target static void mg_right_##name(struct mg_search *s, int pos,           \
                                       uint32_t arc, struct mg_score sc)       \
    {                                                                          \
        mg_right(s, pos, arc, sc, variant);                                    \
    }                                                                          \
    target static void mg_anchor_##name(struct mg_search *s)                   \
    {                                                                          \
        mg_anchor(s, variant);                                                 \
    }
MG_COPY(plain, , MG_PLAIN)
MG_COPY(popcnt, MG_TARGET_POPCNT, MG_POPCNT)
MG_COPY(stop, , MG_STOP)
#undef MG_COPY

/* Every play whose leftmost anchor is the one set in s, with the copy of
 * the search chosen for this search. */
static void mg_search_anchor(struct mg_search *s)
{
    switch (s->variant) {
    case MG_PLAIN: mg_anchor_plain(s); break;
    case MG_POPCNT: mg_anchor_popcnt(s); break;
    case MG_STOP: mg_anchor_stop(s); break;
    }
}

/* Copies line `line` of direction d into the search. */
static void mg_load_line(struct mg_search *s, int d, int line)
{
    const struct core_movegen *mg = s->mg;
    s->d = d;
    s->line = line;
    memcpy(s->tile, mg->tile[d][line], sizeof s->tile);
    memcpy(s->value, mg->value[d][line], sizeof s->value);
    memcpy(s->lm, mg->letter_mult[d][line], sizeof s->lm);
    memcpy(s->wm, mg->word_mult[d][line], sizeof s->wm);
    memcpy(s->cross, mg->cross[d][line], sizeof s->cross);
    memcpy(s->cross_sum, mg->cross_sum[d][line], sizeof s->cross_sum);
    s->empty = ~(uint32_t)mg->occupied[d][line] & MG_LINE_SQUARES;
}

/* Sets the anchor a of the loaded line: how far left its left part may
 * place tiles (up to the previous anchor or tile) and where the walk
 * starts (the last tile of a run right of a, or a). */
static void mg_set_anchor(struct mg_search *s, int a)
{
    /* Found from the line's bits: the left part stops after the nearest
     * tile or anchor left of a, the walk starts at the end of the run of
     * tiles right of a. */
    uint32_t occupied = ~s->empty & MG_LINE_SQUARES;
    uint32_t stops =
        (occupied | s->mg->anchors[s->d][s->line]) & ((1u << a) - 1u);
    s->anchor = a;
    s->left_limit = stops != 0 ? 32 - __builtin_clz(stops) : 0;
    s->start = a + __builtin_ctz(~(occupied >> (a + 1)));
}

/* True when the budget is spent: the next anchor is not searched and the
 * search is marked cut short. Checked between anchors only, so the copies
 * that never test for stopping stay as they are; an anchor's search is a
 * few thousand nodes at most, so a budget is overrun by no more. */
static bool mg_out_of_budget(struct mg_search *s)
{
    if (s->spent < s->limit)
        return false;
    s->cut = true;
    return true;
}

/* Searches every anchor of every line in both directions. */
static void mg_run(struct mg_search *s)
{
    const struct core_movegen *mg = s->mg;
    int directions = mg->mirrored ? 1 : 2;
    for (int d = 0; d < directions && !s->found; d++)
        for (int line = 0; line < MG_N && !s->found; line++) {
            unsigned anchors = mg->anchors[d][line];
            if (anchors == 0)
                continue;
            mg_load_line(s, d, line);
            for (unsigned m = anchors; m != 0 && !s->found; m &= m - 1) {
                if (mg_out_of_budget(s))
                    return;
                mg_set_anchor(s, __builtin_ctz(m));
                mg_search_anchor(s);
            }
        }
}

/* ---- the best play: bounds per anchor ----------------------------------- */

/* The most points a tile of the rack can score on square q: the highest
 * letter of the rack its cross-check allows (0 when only a blank fits). */
static int mg_cap(const struct mg_search *s, int q)
{
    for (int i = 0; i < s->nletters; i++)
        if ((s->cross[q] >> s->by_value[i] & 1u) != 0)
            return s->points[s->by_value[i]];
    return 0;
}

/* The bound of one span: the anchor, the first kl squares of left[] and
 * the first kr of right[], with `board` the points of the tiles on the
 * board it covers. See mg_bound. */
static int mg_span_bound(const struct mg_search *s, const int *left, int kl,
                         const int *right, int kr, int board)
{
    int sq[CLB_RACK_SIZE], k = 0;
    sq[k++] = s->anchor;
    for (int i = 0; i < kl; i++)
        sq[k++] = left[i];
    for (int i = 0; i < kr; i++)
        sq[k++] = right[i];
    int word_mult = 1, fixed = 0;
    for (int i = 0; i < k; i++) {
        word_mult *= s->wm[sq[i]];
        if (s->cross_sum[sq[i]] >= 0)
            fixed += s->cross_sum[sq[i]] * s->wm[sq[i]];
    }
    /* Each square's weight (what a point of the tile on it is worth), kept
     * heaviest first: an insertion sort of at most seven. */
    int w[CLB_RACK_SIZE], capped = 0;
    for (int i = 0; i < k; i++) {
        int q = sq[i];
        int wi = s->lm[q] * word_mult +
                 (s->cross_sum[q] >= 0 ? s->lm[q] * s->wm[q] : 0);
        capped += wi * mg_cap(s, q);
        int j = i;
        for (; j > 0 && w[j - 1] < wi; j--)
            w[j] = w[j - 1];
        w[j] = wi;
    }
    int paired = 0;
    for (int i = 0; i < k; i++)
        paired += w[i] * s->best_values[i];
    return board * word_mult + fixed + (paired < capped ? paired : capped) +
           (k == CLB_RACK_SIZE ? CLB_BINGO_BONUS : 0);
}

/* The most points any play found from the anchor set in s could score, or
 * -1 when it can have none. A true upper bound, never below a play's
 * points. A play covers a span of squares: k placed (k <= the rack's
 * tiles) and the board's tiles between and beside them. Its score is a
 * sum over the placed squares of value x weight, a square's weight being
 * its letter premium times the span's word multiplier, plus its letter
 * premium times its own word premium when it makes a word across; plus
 * fixed parts (the board tiles of the span times the word multiplier, the
 * cross-words' other tiles, the bingo). The sum is at most the rack's k
 * highest tiles on the k heaviest squares (the rearrangement inequality)
 * and at most each square's weight times the highest rack letter its
 * cross-check allows; a blank counts 0. Growing a span never lowers either
 * (weights and the word multiplier only grow, one more tile adds a
 * value), so only the widest spans need bounding: for each number of
 * squares taken on the left, as many on the right as the rack allows. */
static int mg_bound(const struct mg_search *s)
{
    int a = s->anchor, n = s->tiles;
    if (mg_possible(s, a) == 0)
        return -1;
    /* Squares the left part may fill, nearest first (none when a tile is
     * left of the anchor: then its run belongs to every play). */
    int left[CLB_RACK_SIZE], nl = 0, board = 0;
    if (a > 0 && s->tile[a - 1] != 0) {
        for (int q = a - 1; q >= 0 && s->tile[q] != 0; q--)
            board += s->value[q];
    } else {
        for (int q = a - 1;
             q >= s->left_limit && nl < n - 1 && mg_possible(s, q) != 0; q--)
            left[nl++] = q;
    }
    for (int q = a + 1; q <= s->start; q++)
        board += s->value[q];
    /* Squares the right part may fill, in order; runs[i] is the points of
     * the tiles up to the i-th one's run (a word cannot stop before the
     * tiles that follow a square). */
    int right[CLB_RACK_SIZE], runs[CLB_RACK_SIZE + 1], nr = 0;
    runs[0] = 0;
    for (int q = s->start + 1;
         q <= MG_LAST && nr < n - 1 && mg_possible(s, q) != 0;) {
        right[nr] = q++;
        runs[nr + 1] = runs[nr];
        while (q <= MG_LAST && s->tile[q] != 0)
            runs[nr + 1] += s->value[q++];
        nr++;
    }
    int best = -1;
    for (int kl = 0; kl <= nl; kl++) {
        int kr = n - 1 - kl < nr ? n - 1 - kl : nr;
        int b = mg_span_bound(s, left, kl, right, kr, board + runs[kr]);
        if (b > best)
            best = b;
    }
    return best;
}

/* An anchor to search for the best play, and its bound. */
struct mg_bounded {
    int bound;
    uint8_t d, line, anchor;
};

/* Sifts entry i down the max-heap h of n entries (by bound). */
static void mg_bound_sift(struct mg_bounded *h, int n, int i)
{
    for (;;) {
        int l = 2 * i + 1, r = l + 1, top = i;
        if (l < n && h[l].bound > h[top].bound)
            top = l;
        if (r < n && h[r].bound > h[top].bound)
            top = r;
        if (top == i)
            return;
        struct mg_bounded t = h[i];
        h[i] = h[top];
        h[top] = t;
        i = top;
    }
}

/* The best play: every anchor's bound, then the anchors from the highest
 * bound down, until the next bound is below the best play found (a play
 * that only ties it may still come first in core_play_compare order, so an
 * equal bound is searched). */
static void mg_run_best(struct mg_search *s)
{
    const struct core_movegen *mg = s->mg;
    struct mg_bounded heap[2 * MG_N * MG_N];
    int n = 0;
    for (int d = 0; d < (mg->mirrored ? 1 : 2); d++)
        for (int line = 0; line < MG_N; line++) {
            unsigned anchors = mg->anchors[d][line];
            if (anchors == 0)
                continue;
            mg_load_line(s, d, line);
            for (unsigned m = anchors; m != 0; m &= m - 1) {
                int a = __builtin_ctz(m);
                mg_set_anchor(s, a);
                int bound = mg_bound(s);
                if (bound >= 0)
                    heap[n++] = (struct mg_bounded){bound, (uint8_t)d,
                                                    (uint8_t)line, (uint8_t)a};
            }
        }
    for (int i = n / 2 - 1; i >= 0; i--)
        mg_bound_sift(heap, n, i);
    while (n > 0) {
        struct mg_bounded top = heap[0];
        if (s->stored > 0 && top.bound < s->out->points)
            return;
        if (mg_out_of_budget(s))
            return;
        heap[0] = heap[--n];
        mg_bound_sift(heap, n, 0);
        if (top.d != s->d || top.line != s->line)
            mg_load_line(s, top.d, top.line);
        mg_set_anchor(s, top.anchor);
        mg_search_anchor(s);
    }
}

/* ---- the entry points ---------------------------------------------------- */

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
    s->d = -1;
    s->limit = mg->budget != NULL ? mg->budget->left : UINT64_MAX;
    const struct core_tileset *ts = mg->tileset;
    int n = ts->n; /* the set's letters: tiles 1..n */
    for (int i = 0; i < rack->count && i < CLB_RACK_SIZE; i++) {
        char t = rack->tiles[i];
        int value = 0, m = core_tile_letter(t, n);
        if (t == CORE_BLANK) {
            s->count[MG_BLANK]++;
        } else if (m >= 0) {
            value = ts->points[m];
            s->count[m + 1]++;
        } else {
            continue;
        }
        /* Kept highest first for mg_bound. */
        int j = s->tiles++;
        for (; j > 0 && s->best_values[j - 1] < value; j--)
            s->best_values[j] = s->best_values[j - 1];
        s->best_values[j] = value;
    }
    for (int t = 1; t <= n; t++) {
        s->points[t] = ts->points[t - 1];
        if (s->count[t] == 0)
            continue;
        s->letters |= core_kwg_bit((unsigned)t);
        int j = s->nletters++;
        for (; j > 0 && s->points[s->by_value[j - 1]] < s->points[t]; j--)
            s->by_value[j] = s->by_value[j - 1];
        s->by_value[j] = (uint8_t)t;
    }
    if (s->count[MG_BLANK] > 0)
        s->blank_letters = MG_ALL_LETTERS;
    memcpy(s->rack_count, s->count, sizeof s->rack_count);
    s->wild = mode == MG_BEST;
}

/* Prepares a search of `rack` in `mode` and runs it (an empty rack has no
 * play: nothing to run), then charges the budget, if any, what it spent. */
static void mg_search(struct mg_search *s, const struct core_movegen *mg,
                      const struct core_rack *rack, enum mg_mode mode,
                      struct core_play *out, size_t cap, int ceiling)
{
    mg_begin(s, mg, rack, mode, out, cap);
    s->ceiling = ceiling;
    if (s->tiles == 0)
        return;
    s->variant = mode == MG_ANY    ? MG_STOP
                 : mg_has_popcnt() ? MG_POPCNT
                                   : MG_PLAIN;
    if (s->variant == MG_POPCNT && mg->plain)
        s->variant = MG_PLAIN; /* the tests' switch */
    if (mode == MG_BEST)
        mg_run_best(s);
    else
        mg_run(s);
    struct core_budget *b = mg->budget;
    if (b != NULL) {
        b->left = s->spent < b->left ? b->left - s->spent : 0;
        b->exhausted = b->exhausted || s->cut;
    }
}

void core_movegen_use_plain(struct core_movegen *mg)
{
    mg->plain = true;
    mg_prepare_lines(mg); /* the cross-checks again, with the plain copy */
}

size_t core_movegen_all(const struct core_movegen *mg,
                        const struct core_rack *rack, struct core_play *out,
                        size_t cap)
{
    struct mg_search s;
    mg_search(&s, mg, rack, MG_ALL, out, cap, MG_NO_CEILING);
    return s.total;
}

bool core_movegen_any(const struct core_movegen *mg,
                      const struct core_rack *rack)
{
    struct mg_search s;
    mg_search(&s, mg, rack, MG_ANY, NULL, 0, MG_NO_CEILING);
    return s.found || s.cut; /* cut short: a play may exist */
}

bool core_movegen_best(const struct core_movegen *mg,
                       const struct core_rack *rack, struct core_play *best)
{
    struct core_play found;
    struct mg_search s;
    mg_search(&s, mg, rack, MG_BEST, &found, 1, MG_NO_CEILING);
    if (s.stored == 0)
        return false;
    *best = found;
    return true;
}

/* Sorts the heap core_movegen_top_below's search kept, best first. */
static void mg_sort_top(const struct mg_search *s, struct core_play *out)
{
    /* An insertion sort of the heap's at most n entries: no extra buffer,
     * and n is small (CLB_MAX_PLAYS_LISTED) wherever this is called. */
    for (size_t i = 1; i < s->stored; i++) {
        struct core_play p = out[i];
        size_t j = i;
        for (; j > 0 && core_play_compare(&p, &out[j - 1]) < 0; j--)
            out[j] = out[j - 1];
        out[j] = p;
    }
}

size_t core_movegen_top(const struct core_movegen *mg,
                        const struct core_rack *rack, struct core_play *out,
                        size_t n)
{
    return core_movegen_top_below(mg, rack, MG_NO_CEILING, out, n);
}

size_t core_movegen_top_below(const struct core_movegen *mg,
                              const struct core_rack *rack, int ceiling,
                              struct core_play *out, size_t n)
{
    struct mg_search s;
    mg_search(&s, mg, rack, MG_TOP, out, n, ceiling);
    mg_sort_top(&s, out);
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
        /* Letter bytes lie below blank bytes for any set (tiles.h). */
        pl->blank = core_tile_is_blank_letter(t, CLB_MAX_LETTERS);
        pl->letter = core_tile_face(t, CLB_MAX_LETTERS);
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
        out[n++] = core_tile_face(ch, CLB_MAX_LETTERS);
    }
    out[n] = '\0';
}

void core_play_coord(const struct core_play *p, char out[4])
{
    core_square_write(p->row, p->col, p->down, out);
}
