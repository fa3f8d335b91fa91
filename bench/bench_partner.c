/* bench/bench_partner.c - the computer partner's levels (core/partner.h)
 * measured: the team's final score with each level in Player 2's seat,
 * each level's goals won at Easy, Normal and Hard, and what one reply
 * costs in nodes and CPU time.
 *
 * Solo games: Player 1's seat (the human's) is played by the best level
 * (the top-scoring play; in a goals game the top play meeting the most
 * open goals among the top CLB_PARTNER_GOAL_PLAYS), so that the figures
 * differ by the computer's level alone; a second table has both seats at
 * the level (what the level is worth on its own). Game i is dealt from the
 * seed text "partner-i", the same deals for every level. Every move goes
 * through core_move_apply, so the rules' endings are the rules' own.
 *
 * The reply's cost: the nodes each of Player 2's replies spent of its
 * CLB_PARTNER_NODES budget and its CPU time (median and worst over every
 * reply of every game), and the reply on the worst position known (two
 * blanks on a board of 25 spread vowels, tests/http/worst.mjs).
 *
 * Usage:
 *   bench_partner [GAMES [LEXICON]]          the tables (default 200 games)
 *   bench_partner --replies LEVEL GOALS GAMES [LEXICON]
 *   bench_partner --worst LEVEL [LEXICON]
 * The last two only play (Player 2's replies through partner_reply, one
 * function) for bench/partner_callgrind.sh, which counts each reply's
 * instructions with callgrind; GOALS is off, easy, normal or hard.
 */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/goals.h"
#include "../core/movegen.h"
#include "../core/partner.h"
#include "../dict/dict.h"
#include "bench_util.h"

static const char *prog = "bench_partner";

static const enum core_partner LEVELS[] = {
    CORE_PARTNER_CASUAL, CORE_PARTNER_GOOD, CORE_PARTNER_BEST};
#define NLEVELS 3

/* One game's outcome. */
struct outcome {
    int score;
    bool won;
    int goals;
    int p2_points, p2_plays, p2_swaps, p2_passes;
    enum core_end end;
};

/* The replies measured: nodes and CPU ns of each of Player 2's. */
struct costs {
    double *nodes, *ns;
    int n, cap;
    int exhausted;
};

static void costs_add(struct costs *c, double nodes, double ns, bool cut)
{
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 4096;
        c->nodes = realloc(c->nodes, (size_t)c->cap * sizeof *c->nodes);
        c->ns = realloc(c->ns, (size_t)c->cap * sizeof *c->ns);
        if (c->nodes == NULL || c->ns == NULL) {
            fprintf(stderr, "%s: out of memory\n", prog);
            exit(1);
        }
    }
    c->nodes[c->n] = nodes;
    c->ns[c->n++] = ns;
    c->exhausted += cut;
}

/* Player 2's reply: one function, so that callgrind can count it alone
 * (bench/partner_callgrind.sh: --toggle-collect and --dump-after). */
__attribute__((noinline)) static void
partner_reply(const struct core_game *g, const struct core_lexicon *lex,
              enum core_partner level, struct core_budget *budget,
              struct core_move *m)
{
    struct clb_error err;
    if (core_partner_move(g, lex, level, budget, m, &err) != CLB_ERR_OK)
        bench_die(prog, "core_partner_move", &err);
}

/* Plays one game: Player 1 at `human` (the best level unless both seats
 * are the computer's), Player 2 at `level`; *out gets the outcome, *c
 * (may be NULL) Player 2's replies' costs. */
static void play_game(uint32_t seed, enum core_goals_level goals,
                      enum core_partner human, enum core_partner level,
                      const struct core_lexicon *lex, struct outcome *out,
                      struct costs *c)
{
    struct core_game g;
    struct clb_error err;
    core_game_deal(&g, seed, "");
    core_goals_deal(&g.goals, seed, goals);
    memset(out, 0, sizeof *out);
    while (!g.game_over) {
        struct core_move m;
        struct core_budget budget = {CLB_PARTNER_NODES, false};
        bool p2 = g.turn == CORE_P2;
        if (p2) {
            double start = bench_cpu_ns();
            partner_reply(&g, lex, level, &budget, &m);
            double ns = bench_cpu_ns() - start;
            if (c != NULL)
                costs_add(c, (double)(CLB_PARTNER_NODES - budget.left), ns,
                          budget.exhausted);
        } else if (core_partner_move(&g, lex, human, &budget, &m, &err) !=
                   CLB_ERR_OK) {
            bench_die(prog, "core_partner_move (Player 1)", &err);
        }
        struct core_move_result r;
        if (core_move_apply(&g, &m, lex, &g, &r, &err) != CLB_ERR_OK)
            bench_die(prog, "core_move_apply", &err);
        if (p2) {
            out->p2_points += r.type == CORE_MOVE_PLAY ? r.points : 0;
            out->p2_plays += r.type == CORE_MOVE_PLAY;
            out->p2_swaps += r.type == CORE_MOVE_EXCHANGE;
            out->p2_passes += r.type == CORE_MOVE_PASS;
        }
    }
    out->score = g.score;
    out->won = core_goals_won(&g.goals);
    out->goals = g.goals.completed;
    out->end = g.end;
}

static uint32_t game_seed(int i)
{
    char text[32];
    int n = snprintf(text, sizeof text, "partner-%d", i);
    return core_seed_from_text(text, (size_t)n);
}

/* Mean, population standard deviation, min and max of v[0..n-1]. */
static void spread(const double *v, int n, double *mean, double *sd,
                   double *min, double *max)
{
    double sum = 0, sq = 0;
    *min = *max = v[0];
    for (int i = 0; i < n; i++) {
        sum += v[i];
        *min = v[i] < *min ? v[i] : *min;
        *max = v[i] > *max ? v[i] : *max;
    }
    *mean = sum / n;
    for (int i = 0; i < n; i++)
        sq += (v[i] - *mean) * (v[i] - *mean);
    *sd = sqrt(sq / n);
}

/* The plain games' table: each level's team score, and what its replies
 * did. */
static void plain_table(int games, bool both_seats,
                        const struct core_lexicon *lex, struct costs c[NLEVELS])
{
    double *scores = malloc((size_t)games * sizeof *scores);
    if (scores == NULL)
        exit(1);
    printf("\nplain games, Player 1 %s:\n",
           both_seats ? "at the same level (both seats the computer's)"
                      : "best (the top play)");
    printf("  level   team score: mean    sd    min    max   |  Player 2 "
           "a game: points  plays  exchanges  passes\n");
    for (int l = 0; l < NLEVELS; l++) {
        long points = 0, plays = 0, swaps = 0, passes = 0;
        for (int i = 0; i < games; i++) {
            struct outcome o;
            play_game(game_seed(i), CORE_GOALS_OFF,
                      both_seats ? LEVELS[l] : CORE_PARTNER_BEST, LEVELS[l],
                      lex, &o, c != NULL ? &c[l] : NULL);
            scores[i] = o.score;
            points += o.p2_points;
            plays += o.p2_plays;
            swaps += o.p2_swaps;
            passes += o.p2_passes;
        }
        double mean, sd, min, max;
        spread(scores, games, &mean, &sd, &min, &max);
        printf("  %-6s  %16.1f %5.1f %6.0f %6.0f   |  %19.1f %6.1f %10.2f "
               "%7.2f\n",
               core_partner_name(LEVELS[l]), mean, sd, min, max,
               (double)points / games, (double)plays / games,
               (double)swaps / games, (double)passes / games);
    }
    free(scores);
}

/* The goals games' table: each level's share of games won and goals
 * completed at each difficulty. */
static void goals_table(int games, const struct core_lexicon *lex,
                        struct costs c[NLEVELS])
{
    printf("\ngoals games, Player 1 best (toward open goals); won (goals "
           "completed, mean; team score, mean):\n");
    printf("  level   ");
    for (int d = CORE_GOALS_EASY; d <= CORE_GOALS_HARD; d++)
        printf("  %-6s (target %2d)          ",
               core_goals_level_name((enum core_goals_level)d),
               core_goals_target((enum core_goals_level)d));
    putchar('\n');
    for (int l = 0; l < NLEVELS; l++) {
        printf("  %-6s  ", core_partner_name(LEVELS[l]));
        for (int d = CORE_GOALS_EASY; d <= CORE_GOALS_HARD; d++) {
            int won = 0;
            long goals = 0, score = 0;
            for (int i = 0; i < games; i++) {
                struct outcome o;
                play_game(game_seed(i), (enum core_goals_level)d,
                          CORE_PARTNER_BEST, LEVELS[l], lex, &o, &c[l]);
                won += o.won;
                goals += o.goals;
                score += o.score;
            }
            printf("  %5.1f%% (%5.2f; %5.1f)       ", 100.0 * won / games,
                   (double)goals / games, (double)score / games);
        }
        putchar('\n');
    }
}

static void cost_line(const char *what, struct costs *c)
{
    if (c->n == 0)
        return;
    double nodes_med = bench_median(c->nodes, c->n);
    double ns_med = bench_median(c->ns, c->n);
    double nodes_max = 0, ns_max = 0;
    for (int i = 0; i < c->n; i++) {
        nodes_max = c->nodes[i] > nodes_max ? c->nodes[i] : nodes_max;
        ns_max = c->ns[i] > ns_max ? c->ns[i] : ns_max;
    }
    printf("  %-26s %7d replies  nodes %7.0f median %8.0f worst   CPU "
           "%7.1f us median %8.1f us worst   budget ran out %d\n",
           what, c->n, nodes_med, nodes_max, ns_med / 1e3, ns_max / 1e3,
           c->exhausted);
}

/* The worst position known for a search: 25 vowels spread on the board
 * (rows and columns 1, 4, 7, 10, 13, as tests/http/worst.mjs lays them)
 * and a rack of two blanks, A, E, I, R, S. */
static void worst_position(struct core_game *g)
{
    static const char vowels[] = "AEIOUAEIOUAEIOAEIOUAEIOUE";
    static const int lines[] = {1, 4, 7, 10, 13};
    core_game_deal(g, 1, "");
    memset(g->board, CORE_EMPTY, sizeof g->board);
    int k = 0;
    for (int r = 0; r < 5; r++)
        for (int c = 0; c < 5; c++)
            g->board[lines[r]][lines[c]] = vowels[k++];
    static const char rack[] = "??AEIRS";
    g->hands[g->turn].count = CLB_RACK_SIZE;
    memcpy(g->hands[g->turn].tiles, rack, CLB_RACK_SIZE);
}

static void worst_line(const struct core_lexicon *lex)
{
    struct core_game g;
    worst_position(&g);
    printf("\nthe worst position (two blanks on 25 spread vowels), one "
           "reply within CLB_PARTNER_NODES (%llu):\n",
           (unsigned long long)CLB_PARTNER_NODES);
    for (int l = 0; l < NLEVELS; l++) {
        struct costs c = {0};
        for (int rep = 0; rep < 5; rep++) {
            struct core_budget budget = {CLB_PARTNER_NODES, false};
            struct core_move m;
            double start = bench_cpu_ns();
            partner_reply(&g, lex, LEVELS[l], &budget, &m);
            costs_add(&c, (double)(CLB_PARTNER_NODES - budget.left),
                      bench_cpu_ns() - start, budget.exhausted);
            struct core_move_result r;
            struct clb_error err;
            if (core_move_check(&g, &m, lex, &r, &err) != CLB_ERR_OK)
                bench_die(prog, "the worst position's reply", &err);
        }
        cost_line(core_partner_name(LEVELS[l]), &c);
        free(c.nodes);
        free(c.ns);
    }
}

static int level_named(const char *name)
{
    int l = core_partner_from_name(name, strlen(name));
    if (l < CORE_PARTNER_CASUAL) {
        fprintf(stderr, "%s: no level %s (casual, good or best)\n", prog, name);
        exit(2);
    }
    return l;
}

static struct dict *load(const char *path, struct core_lexicon *lex)
{
    struct dict *d;
    struct clb_error err;
    if (dict_load(path, &d, &err) != CLB_ERR_OK)
        bench_die(prog, path, &err);
    *lex = dict_lexicon(d);
    return d;
}

/* --replies LEVEL GOALS GAMES [LEXICON] and --worst LEVEL [LEXICON]: only
 * play, for callgrind. */
static int replies_only(int argc, char **argv)
{
    struct core_lexicon lex;
    bool worst = strcmp(argv[1], "--worst") == 0;
    if (argc < (worst ? 3 : 5)) {
        fprintf(stderr,
                "usage: %s --replies LEVEL GOALS GAMES [LEXICON] | --worst "
                "LEVEL [LEXICON]\n",
                prog);
        return 2;
    }
    enum core_partner level = (enum core_partner)level_named(argv[2]);
    int at = worst ? 3 : 5;
    struct dict *d = load(argc > at ? argv[at] : CLB_BENCH_LEXICON, &lex);
    if (worst) {
        struct core_game g;
        worst_position(&g);
        struct core_budget budget = {CLB_PARTNER_NODES, false};
        struct core_move m;
        partner_reply(&g, &lex, level, &budget, &m);
        printf("nodes %llu exhausted %d\n",
               (unsigned long long)(CLB_PARTNER_NODES - budget.left),
               budget.exhausted);
    } else {
        enum core_goals_level goals =
            core_goals_level_of(argv[3], strlen(argv[3]));
        int games = atoi(argv[4]);
        for (int i = 0; i < games; i++) {
            struct outcome o;
            play_game(game_seed(i), goals, CORE_PARTNER_BEST, level, &lex, &o,
                      NULL);
        }
    }
    dict_free(d);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 &&
        (strcmp(argv[1], "--replies") == 0 || strcmp(argv[1], "--worst") == 0))
        return replies_only(argc, argv);
    int games = argc > 1 ? atoi(argv[1]) : 200;
    if (games <= 0) {
        fprintf(stderr, "usage: %s [GAMES [LEXICON]]\n", prog);
        return 2;
    }
    struct core_lexicon lex;
    struct dict *d = load(argc > 2 ? argv[2] : CLB_BENCH_LEXICON, &lex);
    printf("bench_partner: %d games a level (seeded partner-0 ...), Player 2 "
           "the computer\n",
           games);
    double start = bench_wall_ns();
    struct costs plain[NLEVELS] = {0}, goals[NLEVELS] = {0};
    plain_table(games, false, &lex, plain);
    plain_table(games, true, &lex, NULL);
    goals_table(games, &lex, goals);
    printf("\nthe cost of one reply (Player 2's, every reply of the games "
           "above with Player 1 best; Release; CPU time of this thread):\n");
    for (int l = 0; l < NLEVELS; l++) {
        char what[64];
        snprintf(what, sizeof what, "%s, plain games",
                 core_partner_name(LEVELS[l]));
        cost_line(what, &plain[l]);
        snprintf(what, sizeof what, "%s, goals games",
                 core_partner_name(LEVELS[l]));
        cost_line(what, &goals[l]);
        free(plain[l].nodes);
        free(plain[l].ns);
        free(goals[l].nodes);
        free(goals[l].ns);
    }
    worst_line(&lex);
    printf("\n%.1f s in all\n", (bench_wall_ns() - start) / 1e9);
    dict_free(d);
    return 0;
}
