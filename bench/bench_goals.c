/* bench/bench_goals.c - goals mode in self-play: how often a team wins at
 * each difficulty, playing greedily or seeking goals, and what the goals
 * cost in link length.
 *
 * For each difficulty, GAMES games (seeded "goals-i", the same deals for
 * every difficulty and player) are played to their end by two players:
 * - greedy: the highest-scoring play (core_movegen_best), never a helper;
 * - goal-seeking: of the 40 best plays, the one completing the most
 *   face-up goals (then the most points); when none of them completes a
 *   goal and a helper is left, New goals first, then the same choice.
 * A turn with no play exchanges the whole rack while the bag holds 7
 * tiles, else passes. Reported: the share of games won (the difficulty's
 * target reached), the goals completed (mean), the share that would win
 * at other targets (to choose the targets), the mean score, and the link
 * of the whole game: its length, and how much longer it is than the link
 * of the same moves in a plain game (the mode field, wider kind fields
 * while helpers are left, and the helpers used).
 *
 * Usage: bench_goals [GAMES [LEXICON]] (default 1000 games, SOWPODS)
 */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/goals.h"
#include "../core/history.h"
#include "../core/link2.h"
#include "../core/movegen.h"
#include "../dict/dict.h"
#include "bench_util.h"

#define SEEK_PLAYS 40
#define MAX_TARGET 32 /* the win shares are printed for targets up to this */

static const char *prog = "bench_goals";

struct tally {
    int games, won;
    long goals, score, link, plain;
    int extra_max;
    int at_least[MAX_TARGET + 1]; /* games completing at least t goals */
};

/* The move a turn makes: the chosen play, or an exchange of the whole
 * rack, or a pass. */
static void fallback(const struct core_game *g, struct core_move *m)
{
    const struct core_rack *rack = &g->hands[g->turn];
    memset(m, 0, sizeof *m);
    if (rack->count > 0 && core_bag_count(g) >= CLB_EXCHANGE_MIN_BAG) {
        m->type = CORE_MOVE_EXCHANGE;
        m->ntiles = rack->count;
        memcpy(m->exchange, rack->tiles, (size_t)rack->count);
    } else {
        m->type = CORE_MOVE_PASS;
    }
}

static bool greedy(const struct core_game *g, const struct core_lexicon *lex,
                   struct core_move *m)
{
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g->board, lex->graph);
    struct core_play best;
    if (!core_movegen_best(&mg, &g->hands[g->turn], &best))
        return false;
    core_play_to_move(&best, (const char(*)[CLB_BOARD_SIZE])g->board, m);
    return true;
}

/* The goal-seeker's play: *goals gets how many goals it completes. */
static bool seek(const struct core_game *g, const struct core_lexicon *lex,
                 struct core_move *m, int *goals)
{
    static struct core_play top[SEEK_PLAYS];
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g->board, lex->graph);
    size_t n = core_movegen_top(&mg, &g->hands[g->turn], top, SEEK_PLAYS);
    if (n > SEEK_PLAYS)
        n = SEEK_PLAYS;
    int best_goals = -1, best_points = -1;
    for (size_t i = 0; i < n; i++) {
        struct core_move cand;
        struct core_move_result r;
        struct clb_error err;
        core_play_to_move(&top[i], (const char(*)[CLB_BOARD_SIZE])g->board,
                          &cand);
        if (core_move_check(g, &cand, lex, &r, &err) != CLB_ERR_OK)
            bench_die(prog, "core_move_check", &err);
        if (r.ngoals > best_goals ||
            (r.ngoals == best_goals && r.points > best_points)) {
            best_goals = r.ngoals;
            best_points = r.points;
            *m = cand;
        }
    }
    *goals = best_goals;
    return n > 0;
}

/* Plays one game; adds it to *t. */
static void play_game(uint32_t seed, enum core_goals_level level, bool seeker,
                      const struct core_lexicon *lex,
                      const struct core_lexicon_id *id, struct tally *t)
{
    static struct core_history h, plain;
    struct clb_error err;
    core_history_from_seed(&h, seed, id, "");
    if (core_history_set_goals(&h, level, &err) != CLB_ERR_OK)
        bench_die(prog, "core_history_set_goals", &err);
    struct core_game g = h.first;
    while (!g.game_over) {
        struct core_move m;
        bool found;
        if (seeker) {
            int goals = 0;
            found = seek(&g, lex, &m, &goals);
            if (goals == 0 && g.goals.helpers_left > 0) {
                struct core_move helper = {.type = CORE_MOVE_HELPER};
                helper.helper.kind = CORE_HELPER_NEW_GOALS;
                if (core_history_play(&h, &g, &helper, lex, NULL, &err) !=
                    CLB_ERR_OK)
                    bench_die(prog, "new goals", &err);
                found = seek(&g, lex, &m, &goals);
            }
        } else {
            found = greedy(&g, lex, &m);
        }
        if (!found)
            fallback(&g, &m);
        if (core_history_play(&h, &g, &m, lex, NULL, &err) != CLB_ERR_OK)
            bench_die(prog, "core_history_play", &err);
    }
    struct core_link2 link, plain_link;
    if (core_link2_encode(&h, lex, &link, &err) != CLB_ERR_OK)
        bench_die(prog, "core_link2_encode", &err);
    /* The same moves in a plain game: no goals, no helpers (New goals
     * changes no tile, so every move is the same move there). */
    plain = h;
    core_goals_deal(&plain.first.goals, 0, CORE_GOALS_OFF);
    plain.npending = 0;
    for (int i = 0; i < plain.nmoves; i++)
        plain.moves[i].nhelpers = 0;
    if (core_link2_encode(&plain, lex, &plain_link, &err) != CLB_ERR_OK)
        bench_die(prog, "core_link2_encode (plain)", &err);
    t->games++;
    t->won += core_goals_won(&g.goals);
    t->goals += g.goals.completed;
    t->score += g.score;
    t->link += (long)link.len;
    t->plain += (long)plain_link.len;
    int extra = (int)link.len - (int)plain_link.len;
    if (extra > t->extra_max)
        t->extra_max = extra;
    for (int k = 0; k <= MAX_TARGET && k <= g.goals.completed; k++)
        t->at_least[k]++;
}

static void report(const char *level, int target, const char *player,
                   const struct tally *t, double seconds)
{
    double n = t->games;
    printf("%-6s %-12s won %5.1f%%  goals %5.2f  score %6.1f  link %5.1f "
           "(plain %5.1f, +%.2f, at most +%d)  %.1f s\n",
           level, player, 100.0 * t->won / n, t->goals / n, t->score / n,
           t->link / n, t->plain / n, (double)(t->link - t->plain) / n,
           t->extra_max, seconds);
    printf("       win share by target:");
    for (int k = target - 4; k <= target + 4; k++)
        if (k >= 0 && k <= MAX_TARGET)
            printf(" %d:%.0f%%", k, 100.0 * t->at_least[k] / n);
    putchar('\n');
}

int main(int argc, char **argv)
{
    int games = argc > 1 ? atoi(argv[1]) : 1000;
    const char *path = argc > 2 ? argv[2] : CLB_BENCH_LEXICON;
    if (games <= 0) {
        fprintf(stderr, "usage: %s [GAMES [LEXICON]]\n", prog);
        return 2;
    }
    struct dict *d;
    struct clb_error err;
    if (dict_load(path, &d, &err) != CLB_ERR_OK)
        bench_die(prog, path, &err);
    struct core_lexicon lex = dict_lexicon(d);
    struct core_lexicon_id id = {dict_fingerprint(d), "bench", NULL};
    if (core_lexicon_id_builtin(&id))
        strcpy(id.name, CORE_LEXICON_BUILTIN_NAME);
    printf("bench_goals: %d games per difficulty and player\n", games);
    for (int l = CORE_GOALS_EASY; l <= CORE_GOALS_HARD; l++) {
        for (int seeker = 0; seeker <= 1; seeker++) {
            struct tally t;
            memset(&t, 0, sizeof t);
            double start = bench_wall_ns();
            for (int i = 0; i < games; i++) {
                char seed[32];
                int n = snprintf(seed, sizeof seed, "goals-%d", i);
                play_game(core_seed_from_text(seed, (size_t)n),
                          (enum core_goals_level)l, seeker, &lex, &id, &t);
            }
            report(core_goals_level_name((enum core_goals_level)l),
                   core_goals_target((enum core_goals_level)l),
                   seeker ? "goal-seeking" : "greedy", &t,
                   (bench_wall_ns() - start) / 1e9);
        }
    }
    dict_free(d);
    return 0;
}
