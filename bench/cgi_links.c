/* bench/cgi_links.c - distinct late-game v2 links for bench/cgi_bench.sh,
 * made by the cooperative self-play of bench_selfplay: every turn the
 * highest-scoring play (else an exchange of the whole rack while the bag
 * allows it, else a pass), through position_play as on the server.
 *
 * Game i is seeded "cgi-i"; its link is taken after the first move that
 * leaves at most 7 tiles in the bag (a late game like
 * tests/data/link/late_v2.link: 16 moves, 7 in the bag), the game not yet
 * over. Every link is opened again (position_open, the server's replay) and
 * checked to give the same link back. One link a line on stdout; a summary
 * (moves, tiles on the board, lengths) on stderr.
 *
 * Usage: bench_cgi_links [COUNT [LEXICON]]   (default 50 links, SOWPODS)
 */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/movegen.h"
#include "../core/tiles.h"
#include "../dict/dict.h"
#include "../server/link.h"
#include "../server/position.h"
#include "bench_util.h"

#define LINK_CAP (CLB_MAX_ENCODED_STATE + 1)
#define LATE_BAG 7      /* the bag at most this full: a late game */
#define MAX_TURNS 200   /* a game is far shorter; this only stops a bug */
#define MAX_SEEDS 10000 /* games tried for COUNT links */

static int tiles_on_board(const struct core_game *g)
{
    int n = 0;
    for (int r = 0; r < CLB_BOARD_SIZE; r++)
        for (int c = 0; c < CLB_BOARD_SIZE; c++)
            n += g->board[r][c] != CORE_EMPTY;
    return n;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    int count = argc > 1 ? atoi(argv[1]) : 50;
    const char *lexfile = argc > 2 ? argv[2] : CLB_BENCH_LEXICON;
    if (count < 1 || count > MAX_SEEDS) {
        fprintf(stderr, "usage: bench_cgi_links [COUNT [LEXICON]]\n");
        return 2;
    }
    static struct srv_context ctx;
    struct clb_error err;
    struct dict *d = bench_context("bench_cgi_links", lexfile, &ctx);
    struct core_lexicon lex = dict_lexicon(d);

    int *moves = malloc((size_t)count * sizeof *moves);
    int *tiles = malloc((size_t)count * sizeof *tiles);
    int *lens = malloc((size_t)count * sizeof *lens);
    int made = 0;
    for (int i = 0; made < count && i < MAX_SEEDS; i++) {
        char seed[32];
        snprintf(seed, sizeof seed, "cgi-%d", i);
        static struct position pos, back;
        position_new(&ctx, 0, core_seed_from_text(seed, strlen(seed)), &pos);
        const struct core_game *g = &pos.game;
        int turns = 0;
        while (!g->game_over && turns < MAX_TURNS &&
               core_bag_count(g) > LATE_BAG) {
            struct core_move m;
            bench_greedy_move(g, lex.graph, &m);
            struct core_move_result res;
            if (position_play(&pos, &m, &res, &err) != CLB_ERR_OK)
                bench_die("bench_cgi_links", "position_play", &err);
            turns++;
        }
        if (g->game_over || core_bag_count(g) > LATE_BAG)
            continue; /* ended before its late game: the next seed */
        static char s[LINK_CAP], again[LINK_CAP];
        size_t n = 0, m2 = 0;
        if (position_write(&pos, LINK_V2, s, sizeof s, &n, &err) != CLB_ERR_OK)
            bench_die("bench_cgi_links", "position_write", &err);
        if (position_open(&ctx, s, n, &back, &err) != CLB_ERR_OK)
            bench_die("bench_cgi_links", "position_open", &err);
        if (position_write(&back, LINK_V2, again, sizeof again, &m2, &err) !=
                CLB_ERR_OK ||
            m2 != n || memcmp(s, again, n) != 0) {
            fprintf(stderr,
                    "bench_cgi_links: %s: the link changed when "
                    "opened again\n",
                    seed);
            return 1;
        }
        printf("%.*s\n", (int)n, s);
        moves[made] = turns;
        tiles[made] = tiles_on_board(g);
        lens[made] = (int)n;
        made++;
    }
    if (made < count) {
        fprintf(stderr, "bench_cgi_links: only %d late-game links\n", made);
        return 1;
    }
    qsort(moves, (size_t)count, sizeof *moves, cmp_int);
    qsort(tiles, (size_t)count, sizeof *tiles, cmp_int);
    qsort(lens, (size_t)count, sizeof *lens, cmp_int);
    fprintf(stderr,
            "bench_cgi_links: %d late-game links (bag <= %d): moves %d-%d "
            "(median %d), tiles on the board %d-%d (median %d), link %d-%d "
            "characters (median %d)\n",
            count, LATE_BAG, moves[0], moves[count - 1], moves[count / 2],
            tiles[0], tiles[count - 1], tiles[count / 2], lens[0],
            lens[count - 1], lens[count / 2]);
    free(moves);
    free(tiles);
    free(lens);
    dict_free(d);
    return 0;
}
