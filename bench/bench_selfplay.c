/* bench/bench_selfplay.c - cooperative self-play: games in which every turn
 * takes the highest-scoring play (both racks, one team), through the same
 * code as the server (core_move_apply, the move generator, the link codec),
 * with every position encoded to a link and decoded back.
 *
 * Reports the mean team score and turns per game (issue 9 quotes about 851
 * points for two greedy engine players together with CSW21, in ordinary,
 * competitive games), how the games ended, and the link length at every
 * position (min / median / max) in the v2 format the server writes, beside
 * the classic v1 link of the same position, plus the time each part took.
 *
 * A turn with no play exchanges the whole rack while the bag holds 7 tiles,
 * else passes. Game i is seeded "selfplay-i", so every run plays the same
 * games.
 *
 * Usage: bench_selfplay [GAMES [LEXICON]] (default 1000 games, SOWPODS)
 */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/history.h"
#include "../core/movegen.h"
#include "../dict/dict.h"
#include "../server/link.h"
#include "../server/position.h"
#include "bench_util.h"

#define LINK_CAP (CLB_MAX_ENCODED_STATE + 1)
#define MAX_TURNS 200 /* a game is far shorter; this only stops a bug */

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

/* The one place the link codec is called: writes pos's link as the server
 * would (v2), opens it again as the server does (replaying the history),
 * and checks nothing was lost. Returns the v2 link's length, and in *v1 the
 * classic link's length for the same position. */
static size_t link_round_trip(const struct srv_context *ctx,
                              const struct position *pos, size_t *v1)
{
    static char s[LINK_CAP], again[LINK_CAP], classic[LINK_CAP];
    static struct position back;
    size_t n = 0, m = 0;
    struct clb_error err;
    if (position_write(pos, LINK_V2, s, sizeof s, &n, &err) != CLB_ERR_OK)
        bench_die("bench_selfplay", "position_write", &err);
    if (position_open(ctx, s, n, &back, &err) != CLB_ERR_OK)
        bench_die("bench_selfplay", "position_open", &err);
    if (position_write(&back, LINK_V2, again, sizeof again, &m, &err) !=
        CLB_ERR_OK)
        bench_die("bench_selfplay", "position_write (again)", &err);
    const struct core_game *g = &pos->game, *b = &back.game;
    if (m != n || memcmp(s, again, n) != 0 || b->score != g->score ||
        memcmp(b->board, g->board, sizeof g->board) != 0 ||
        b->turn != g->turn || b->game_over != g->game_over ||
        b->end != g->end) {
        fprintf(stderr, "bench_selfplay: a position changed through its "
                        "link\n");
        exit(1);
    }
    if (link_v1_encode(g, classic, sizeof classic, v1, &err) != CLB_ERR_OK)
        bench_die("bench_selfplay", "link_v1_encode", &err);
    return n;
}

/* bench_greedy_move, timed: the move generator's share goes to *gen_s. */
static void greedy_move(const struct core_game *g, const struct core_kwg *graph,
                        struct core_move *m, double *gen_s)
{
    double t0 = bench_wall_ns() / 1e9;
    bench_greedy_move(g, graph, m);
    *gen_s += bench_wall_ns() / 1e9 - t0;
}

int main(int argc, char **argv)
{
    int games = argc > 1 ? atoi(argv[1]) : 1000;
    const char *lexfile = argc > 2 ? argv[2] : CLB_BENCH_LEXICON;
    if (games < 1) {
        fprintf(stderr, "usage: bench_selfplay [GAMES [LEXICON]]\n");
        return 2;
    }
    static struct srv_context ctx;
    struct clb_error err;
    struct dict *d = bench_context("bench_selfplay", lexfile, &ctx);
    struct core_lexicon lex = dict_lexicon(d);

    size_t cap = (size_t)games * MAX_TURNS, nlinks = 0;
    size_t *links = malloc(cap * sizeof *links);
    size_t *v1links = malloc(cap * sizeof *v1links);
    long long score_sum = 0, turns_sum = 0, plays_sum = 0, best_points = 0;
    int ends[CORE_END_BLOCKED + 1] = {0}, bingos = 0;
    double gen_s = 0, apply_s = 0, link_s = 0, t_start = bench_wall_ns() / 1e9;
    for (int i = 0; i < games; i++) {
        char seed[32];
        snprintf(seed, sizeof seed, "selfplay-%d", i);
        static struct position pos;
        position_new(&ctx, 0, core_seed_from_text(seed, strlen(seed)), &pos);
        const struct core_game *gp = &pos.game;
        double t0 = bench_wall_ns() / 1e9;
        links[nlinks] = link_round_trip(&ctx, &pos, &v1links[nlinks]);
        nlinks++;
        link_s += bench_wall_ns() / 1e9 - t0;
        int turns = 0;
        while (!gp->game_over && turns < MAX_TURNS) {
            struct core_move m;
            greedy_move(gp, lex.graph, &m, &gen_s);
            struct core_move_result res;
            t0 = bench_wall_ns() / 1e9;
            /* position_play is core_move_apply plus the history and the v2
             * link, as on the server. */
            if (position_play(&pos, &m, &res, &err) != CLB_ERR_OK)
                bench_die("bench_selfplay", "position_play", &err);
            apply_s += bench_wall_ns() / 1e9 - t0;
            if (res.type == CORE_MOVE_PLAY) {
                plays_sum++;
                best_points =
                    res.points > best_points ? res.points : best_points;
                bingos += res.bingo;
            }
            turns++;
            t0 = bench_wall_ns() / 1e9;
            links[nlinks] = link_round_trip(&ctx, &pos, &v1links[nlinks]);
            nlinks++;
            link_s += bench_wall_ns() / 1e9 - t0;
        }
        if (!gp->game_over) {
            fprintf(stderr, "bench_selfplay: game %d never ended\n", i);
            return 1;
        }
        score_sum += gp->score;
        turns_sum += turns;
        ends[gp->end]++;
    }
    double total_s = bench_wall_ns() / 1e9 - t_start;
    qsort(links, nlinks, sizeof *links, cmp_size);
    qsort(v1links, nlinks, sizeof *v1links, cmp_size);

    printf("cooperative self-play: %d greedy games (every turn the best "
           "play, both racks one team)\n",
           games);
    printf("lexicon %s (%zu words)\n\n", lexfile, dict_word_count(d));
    printf("  mean team score        %8.1f\n", (double)score_sum / games);
    printf("  turns per game         %8.1f  (%.1f plays; %d bingos in all; "
           "best play %lld)\n",
           (double)turns_sum / games, (double)plays_sum / games, bingos,
           best_points);
    printf("  endings                %8d out, %d two passes, %d blocked, %d "
           "move limit\n",
           ends[CORE_END_OUT], ends[CORE_END_PASSES], ends[CORE_END_BLOCKED],
           ends[CORE_END_LIMIT]);
    printf("  link length (S), v2    %8zu min, %zu median, %zu max bytes "
           "over %zu positions\n",
           links[0], links[nlinks / 2], links[nlinks - 1], nlinks);
    printf("  classic v1 link        %8zu min, %zu median, %zu max bytes\n",
           v1links[0], v1links[nlinks / 2], v1links[nlinks - 1]);
    printf("\n  time                   %8.2f s in all, %.2f ms a game\n",
           total_s, total_s * 1e3 / games);
    printf("    best play search     %8.2f s (%.1f us a turn)\n", gen_s,
           gen_s * 1e6 / (double)turns_sum);
    printf("    position_play        %8.2f s (%.1f us a move: checks, draws, "
           "the blocked rule, the history)\n",
           apply_s, apply_s * 1e6 / (double)turns_sum);
    printf("    v2 link write+open   %8.2f s (%.1f us a position, with the "
           "replay; and the v1 write)\n",
           link_s, link_s * 1e6 / (double)nlinks);
    free(links);
    free(v1links);
    dict_free(d);
    return 0;
}
