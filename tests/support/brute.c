/* tests/support/brute.c - the brute-force reference generator (brute.h).
 *
 * For each row and column, each empty square as the first tile and each
 * count k of tiles, the play covers the first k empty squares from there
 * (the tiles already on the board in between join the word), and every
 * sequence of rack tiles (a blank as each of the 26 letters) is put there
 * and handed to core_move_check(). One tile alone is tried once, along
 * the rows: core_move_check() decides its direction itself. */
/* SPDX-License-Identifier: MIT */
#include "brute.h"

#include <stdlib.h>
#include <string.h>

struct brute {
    const struct core_game *game;
    const struct core_lexicon *lexicon;
    struct ts_play *out;
    size_t cap, count;
    int have[CLB_MAX_TILE_KINDS];
    bool down;
    int nsquares;
    struct clb_cell squares[CLB_RACK_SIZE];
    struct core_move move;
};

static int placement_cmp(const void *a, const void *b)
{
    const struct core_placement *x = a, *y = b;
    if (x->row != y->row)
        return x->row - y->row;
    if (x->col != y->col)
        return x->col - y->col;
    if (x->letter != y->letter)
        return x->letter - y->letter;
    return (int)x->blank - (int)y->blank;
}

int ts_play_cmp(const void *a, const void *b)
{
    const struct ts_play *x = a, *y = b;
    if (x->ntiles != y->ntiles)
        return x->ntiles - y->ntiles;
    for (int i = 0; i < x->ntiles; i++) {
        int c = placement_cmp(&x->tiles[i], &y->tiles[i]);
        if (c != 0)
            return c;
    }
    return x->points - y->points;
}

void ts_play_sort(struct ts_play *plays, size_t n)
{
    qsort(plays, n, sizeof *plays, ts_play_cmp);
}

static void canonical(const struct core_move *m, int points,
                      struct ts_play *out)
{
    memset(out, 0, sizeof *out);
    out->points = points;
    out->ntiles = m->ntiles;
    memcpy(out->tiles, m->tiles, sizeof out->tiles);
    qsort(out->tiles, (size_t)out->ntiles, sizeof out->tiles[0], placement_cmp);
}

void ts_play_from(const struct core_play *p, const struct core_game *game,
                  struct ts_play *out)
{
    struct core_move m;
    core_play_to_move(p, (const char(*)[CLB_BOARD_SIZE])game->board, &m);
    canonical(&m, p->points, out);
}

static void brute_check(struct brute *b)
{
    struct core_move_result res;
    struct clb_error err;
    if (core_move_check(b->game, &b->move, b->lexicon, &res, &err) !=
        CLB_ERR_OK)
        return;
    if (b->count < b->cap)
        canonical(&b->move, res.points, &b->out[b->count]);
    b->count++;
}

/* Puts a tile on squares[depth] in every way the rack allows. */
static void brute_place(struct brute *b, int depth)
{
    b->move.ntiles = depth;
    if (depth >= 1 && (depth >= 2 || !b->down))
        brute_check(b);
    if (depth >= b->nsquares || depth >= CLB_RACK_SIZE)
        return;
    for (int kind = 0; kind < (core_tileset_english.n + 1); kind++) {
        if (b->have[kind] == 0)
            continue;
        b->have[kind]--;
        struct core_placement *p = &b->move.tiles[depth];
        p->row = b->squares[depth].row;
        p->col = b->squares[depth].col;
        int first = kind == core_tileset_english.n ? 0 : kind;
        int last = kind == core_tileset_english.n ? core_tileset_english.n - 1 : kind;
        for (int letter = first; letter <= last; letter++) {
            p->letter = (char)('A' + letter);
            p->blank = kind == core_tileset_english.n;
            brute_place(b, depth + 1);
        }
        b->have[kind]++;
    }
}

size_t ts_brute_plays(const struct core_game *game,
                      const struct core_lexicon *lexicon, struct ts_play *out,
                      size_t cap)
{
    struct brute b;
    memset(&b, 0, sizeof b);
    b.game = game;
    b.lexicon = lexicon;
    b.out = out;
    b.cap = cap;
    const struct core_rack *rack = &game->hands[game->turn];
    for (int i = 0; i < rack->count; i++)
        b.have[core_tile_kind(&core_tileset_english, rack->tiles[i])]++;
    b.move.type = CORE_MOVE_PLAY;
    for (int dir = 0; dir < 2; dir++) {
        b.down = dir == 1;
        for (int line = 0; line < CLB_BOARD_SIZE; line++)
            for (int start = 0; start < CLB_BOARD_SIZE; start++) {
                b.nsquares = 0;
                for (int pos = start;
                     pos < CLB_BOARD_SIZE && b.nsquares < rack->count; pos++) {
                    int r = b.down ? pos : line, c = b.down ? line : pos;
                    if (game->board[r][c] != CORE_EMPTY) {
                        if (pos == start)
                            break; /* the first tile needs an empty square */
                        continue;
                    }
                    b.squares[b.nsquares].row = r;
                    b.squares[b.nsquares].col = c;
                    b.nsquares++;
                }
                if (b.nsquares > 0)
                    brute_place(&b, 0);
            }
    }
    size_t kept = b.count < cap ? b.count : cap;
    ts_play_sort(out, kept);
    return b.count;
}
