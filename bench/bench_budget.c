/* bench/bench_budget.c - the work budgets' calibration: the nodes of the
 * search (core/movegen.h, struct core_budget) and the CPU time that the
 * review, the list of plays and the blocked-ending check spend, on real
 * games and on the worst links, with no budget and with the one in
 * core/limits.h.
 *
 *   build/bench/bench_budget [LEXICON.clx] LINK...
 *
 * For each LINK (a file holding one v2 or classic link): the review's
 * nodes and CPU time unbounded and within CLB_REVIEW_NODES (how many moves
 * it then reviews), then for the position after its last move the list of
 * plays (count, nodes, time) and the "any play" check. Then the same for
 * GREEDY_GAMES greedy games (both racks playing their best). Never
 * registered with CTest: timings are not pass/fail.
 */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/movegen.h"
#include "../core/review.h"
#include "../dict/dict.h"
#include "../server/position.h"
#include "bench_util.h"

#define GREEDY_GAMES 20
#define REPEAT 5

static struct srv_context ctx;

/* The nodes and median CPU microseconds of a review of h within `nodes`. */
static void review_cost(const struct position *pos, uint64_t nodes,
                        uint64_t *spent, double *us, int *reviewed)
{
    static struct core_review review;
    struct core_lexicon lex = dict_lexicon(pos->dict);
    struct clb_error err;
    double t[REPEAT];
    for (int r = 0; r < REPEAT; r++) {
        double t0 = bench_cpu_ns();
        if (core_review_history_within(&pos->history, &lex, nodes, &review,
                                       &err) != CLB_ERR_OK)
            bench_die("bench_budget", "review", &err);
        t[r] = (bench_cpu_ns() - t0) / 1000.0;
    }
    *us = bench_median(t, REPEAT);
    *reviewed = review.reviewed;
    *spent = review.nodes;
}

/* The plays of the player to move: their count, the nodes and the time. */
static void plays_cost(const struct position *pos, uint64_t nodes,
                       size_t *count, uint64_t *spent, double *us, bool *cut)
{
    const struct core_game *g = &pos->game;
    struct core_movegen mg;
    struct core_budget b;
    struct core_play top[10];
    double t[REPEAT];
    for (int r = 0; r < REPEAT; r++) {
        double t0 = bench_cpu_ns();
        core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g->board,
                          dict_lexicon(pos->dict).graph);
        b = (struct core_budget){.left = nodes, .exhausted = false};
        mg.budget = &b;
        *count = core_movegen_top(&mg, &g->hands[g->turn], top, 10);
        t[r] = (bench_cpu_ns() - t0) / 1000.0;
    }
    *us = bench_median(t, REPEAT);
    *spent = nodes - b.left;
    *cut = b.exhausted;
}

static void report(const char *name, const struct position *pos)
{
    uint64_t all, within;
    double us_all, us_within;
    int rev_all, rev_within;
    review_cost(pos, UINT64_MAX / 2, &all, &us_all, &rev_all);
    review_cost(pos, CLB_REVIEW_NODES, &within, &us_within, &rev_within);
    printf("%s: %d moves\n", name, pos->history.nmoves);
    printf("  review, no budget:   %11llu nodes %9.1f us (%.1f ns a node)\n",
           (unsigned long long)all, us_all, us_all * 1000.0 / (double)all);
    printf("  review, the budget:  %11llu nodes %9.1f us, moves 1-%d of %d "
           "reviewed\n",
           (unsigned long long)within, us_within, rev_within,
           pos->history.nmoves);
    if (pos->game.game_over)
        return;
    size_t n;
    uint64_t spent;
    double us;
    bool cut;
    plays_cost(pos, UINT64_MAX / 2, &n, &spent, &us, &cut);
    printf("  plays, no budget:    %11llu nodes %9.1f us, %zu plays\n",
           (unsigned long long)spent, us, n);
    plays_cost(pos, CLB_PLAYS_NODES, &n, &spent, &us, &cut);
    printf("  plays, the budget:   %11llu nodes %9.1f us, %zu plays%s\n",
           (unsigned long long)spent, us, n, cut ? " (cut short)" : "");
}

/* The nodes of the blocked check's search ("any play") of each rack of g,
 * unbounded: the most of either, and whether a rack had no play. */
static uint64_t any_nodes(const struct position *pos, bool *none)
{
    const struct core_game *g = &pos->game;
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g->board,
                      dict_lexicon(pos->dict).graph);
    uint64_t most = 0;
    *none = false;
    for (int p = 0; p < CLB_PLAYERS; p++) {
        struct core_budget b = {UINT64_MAX, false};
        mg.budget = &b;
        if (!core_movegen_any(&mg, &g->hands[p]))
            *none = true;
        if (UINT64_MAX - b.left > most)
            most = UINT64_MAX - b.left;
    }
    return most;
}

static void greedy_move(const struct position *pos, struct core_move *m)
{
    const struct core_game *g = &pos->game;
    struct core_movegen mg;
    struct core_play best;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g->board,
                      dict_lexicon(pos->dict).graph);
    memset(m, 0, sizeof *m);
    m->type = CORE_MOVE_PASS;
    if (core_movegen_best(&mg, &g->hands[g->turn], &best))
        core_play_to_move(&best, (const char(*)[CLB_BOARD_SIZE])g->board, m);
}

int main(int argc, char **argv)
{
    int first = 1;
    const char *lexicon = CLB_BENCH_LEXICON;
    if (argc > 1 && strstr(argv[1], ".clx") != NULL)
        lexicon = argv[first++];
    struct clb_error err;
    if (dict_load(lexicon, &ctx.lexicons[0], &err) != CLB_ERR_OK)
        bench_die("bench_budget", lexicon, &err);
    strcpy(ctx.lexicon_names[0], "sowpods");
    ctx.nlexicons = 1;
    static struct position pos;
    for (int i = first; i < argc; i++) {
        size_t len;
        const char *link = bench_read_link("bench_budget", argv[i], &len);
        if (position_open(&ctx, link, len, &pos, &err) != CLB_ERR_OK)
            bench_die("bench_budget", argv[i], &err);
        report(argv[i], &pos);
    }
    uint64_t worst = 0, worst_any = 0, worst_none = 0;
    for (int i = 0; i < GREEDY_GAMES; i++) {
        char seed[32];
        snprintf(seed, sizeof seed, "review-%d", i);
        position_new(&ctx, 0, core_seed_from_text(seed, strlen(seed)), &pos);
        while (!pos.game.game_over) {
            struct core_move m;
            greedy_move(&pos, &m);
            if (position_play(&pos, &m, NULL, &err) != CLB_ERR_OK)
                bench_die("bench_budget", "play", &err);
            if (core_bag_count(&pos.game) == 0) {
                bool none;
                uint64_t n = any_nodes(&pos, &none);
                if (n > worst_any)
                    worst_any = n;
                if (none && n > worst_none)
                    worst_none = n;
            }
        }
        uint64_t nodes;
        double us;
        int reviewed;
        review_cost(&pos, UINT64_MAX / 2, &nodes, &us, &reviewed);
        if (nodes > worst)
            worst = nodes;
        printf("greedy game %2d: %3d moves, review %9llu nodes %8.1f us\n", i,
               pos.history.nmoves, (unsigned long long)nodes, us);
    }
    printf("greedy games: the most nodes a review spent: %llu\n",
           (unsigned long long)worst);
    printf("greedy games, the bag empty: the most nodes of one blocked "
           "check's search %llu (CLB_BLOCKED_NODES %llu), of one that found "
           "no play %llu\n",
           (unsigned long long)worst_any, (unsigned long long)CLB_BLOCKED_NODES,
           (unsigned long long)worst_none);
    return 0;
}
