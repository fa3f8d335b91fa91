/* tests/core/test_partner.c - the computer partner (core/partner.h): every
 * level's move is one the rules accept, over whole games the computer
 * plays in both seats; the same position gives the same move; a budget cut
 * short still gives a move (the best found, else an exchange or a pass);
 * the levels' names; the refusals; and, in a goals game, best plays
 * toward the open goals. With the build's SOWPODS, as the server plays. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/goals.h"
#include "../../core/movegen.h"
#include "../../core/partner.h"
#include "../../dict/dict.h"
#include "test_support.h"

static struct dict *dict;
static struct core_lexicon lex;

static void setup(void)
{
    struct clb_error err;
    cr_assert_eq(dict_load(CLB_TEST_LEXICON, &dict, &err), CLB_ERR_OK, "%s",
                 err.detail);
    lex = dict_lexicon(dict);
}

static void teardown(void)
{
    dict_free(dict);
}

TestSuite(core_partner, .init = setup, .fini = teardown);

static const enum core_partner LEVELS[] = {
    CORE_PARTNER_CASUAL, CORE_PARTNER_GOOD, CORE_PARTNER_BEST};

/* The level's move within the server's budget; the call must succeed. */
static struct core_move reply(const struct core_game *g,
                              enum core_partner level)
{
    struct core_budget budget = {CLB_PARTNER_NODES, false};
    struct core_move m;
    struct clb_error err;
    cr_assert_eq(core_partner_move(g, &lex, level, &budget, &m, &err),
                 CLB_ERR_OK, "%s: %s", core_partner_name(level), err.detail);
    return m;
}

/* The best play of the mover's rack (unbounded): *points, or false. */
static bool best_points(const struct core_game *g, int *points)
{
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g->board, lex.graph);
    struct core_play best;
    if (!core_movegen_best(&mg, &g->hands[g->turn], &best))
        return false;
    *points = best.points;
    return true;
}

/* Checks one reply against its level's rule (docs/RULES.md, "The computer
 * partner"), given what the rules made of it. */
static void check_rule(const struct core_game *g, enum core_partner level,
                       const struct core_move *m,
                       const struct core_move_result *r, bool *varied)
{
    int best = 0;
    bool has_play = best_points(g, &best);
    if (!has_play) {
        cr_assert_neq(m->type, CORE_MOVE_PLAY);
        return;
    }
    bool swap_ok = core_bag_count(g) >= CLB_EXCHANGE_MIN_BAG;
    if (m->type != CORE_MOVE_PLAY) {
        /* Only casual leaves a play, and only for a poor rack. */
        cr_assert_eq(level, CORE_PARTNER_CASUAL, "%s left a play of %d",
                     core_partner_name(level), best);
        cr_assert_lt(best, CLB_PARTNER_CASUAL_SWAP_BELOW);
        cr_assert(swap_ok && m->type == CORE_MOVE_EXCHANGE);
        return;
    }
    bool goal = g->goals.level != CORE_GOALS_OFF && r->ngoals > 0;
    if (level == CORE_PARTNER_BEST) {
        /* A goal's play is one of the top plays; else the best play. */
        cr_assert(goal || r->points == best, "best played %d of %d", r->points,
                  best);
        return;
    }
    /* One of the level's plays: the first CLB_PARTNER_GOAL_PLAYS in order
     * at most its share of the best play, the first CLB_PARTNER_CHOICES of
     * them unless it meets a goal; the best play when there are none. */
    int pct = level == CORE_PARTNER_GOOD ? CLB_PARTNER_GOOD_SHARE_PCT
                                         : CLB_PARTNER_CASUAL_SHARE_PCT;
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g->board, lex.graph);
    struct core_play plays[CLB_PARTNER_GOAL_PLAYS];
    size_t n = core_movegen_top_below(&mg, &g->hands[g->turn], best * pct / 100,
                                      plays, CLB_PARTNER_GOAL_PLAYS);
    if (n == 0) {
        cr_assert_eq(r->points, best);
        return;
    }
    int at = -1;
    for (size_t i = 0; i < n && i < CLB_PARTNER_GOAL_PLAYS; i++) {
        struct core_move c;
        core_play_to_move(&plays[i], (const char(*)[CLB_BOARD_SIZE])g->board,
                          &c);
        if (memcmp(&c, m, sizeof c) == 0)
            at = (int)i;
    }
    cr_assert_geq(at, 0, "%s played %d of %d, not one of its plays",
                  core_partner_name(level), r->points, best);
    cr_assert(goal || at < CLB_PARTNER_CHOICES,
              "%s played its play number %d without a goal",
              core_partner_name(level), at);
    if (at > 0 && !goal)
        *varied = true; /* the hash's pick, not always the first choice */
}

/* Plays seeded games to their end, the computer at `level` in both seats,
 * every fourth a goals game of each difficulty in turn: each reply is
 * applied by the rules, and follows its level's rule. */
static void play_games(enum core_partner level, int games)
{
    bool varied = false;
    int plays = 0, others = 0;
    for (int s = 0; s < games; s++) {
        struct core_game g;
        core_game_deal(&g, (uint32_t)(7919 * s + 17), "");
        core_goals_deal(&g.goals, (uint32_t)(7919 * s + 17),
                        (enum core_goals_level)(s % 4));
        int moves = 0;
        while (!g.game_over) {
            struct core_move m = reply(&g, level);
            struct core_move_result r;
            struct clb_error err;
            struct core_game next;
            cr_assert_eq(core_move_apply(&g, &m, &lex, &next, &r, &err),
                         CLB_ERR_OK, "seed %d move %d (%s): %s", s, moves,
                         core_partner_name(level), err.detail);
            check_rule(&g, level, &m, &r, &varied);
            plays += m.type == CORE_MOVE_PLAY;
            others += m.type != CORE_MOVE_PLAY;
            g = next;
            cr_assert_lt(++moves, CLB_MAX_GAME_MOVES + 1);
        }
    }
    cr_assert_gt(plays, 20 * games, "%d plays in %d games", plays, games);
    if (level != CORE_PARTNER_BEST)
        cr_assert(varied, "%s always played its first choice",
                  core_partner_name(level));
    (void)others;
}

Test(core_partner, casual_moves_are_legal_over_whole_games)
{
    play_games(CORE_PARTNER_CASUAL, 60);
}

Test(core_partner, good_moves_are_legal_over_whole_games)
{
    play_games(CORE_PARTNER_GOOD, 60);
}

Test(core_partner, best_moves_are_legal_over_whole_games)
{
    play_games(CORE_PARTNER_BEST, 60);
}

/* A seeded game after `moves` best plays (a midgame position). */
static struct core_game midgame(uint32_t seed, int moves)
{
    struct core_game g;
    core_game_deal(&g, seed, "");
    for (int i = 0; i < moves && !g.game_over; i++) {
        struct core_move m = reply(&g, CORE_PARTNER_BEST);
        struct core_move_result r;
        struct clb_error err;
        cr_assert_eq(core_move_apply(&g, &m, &lex, &g, &r, &err), CLB_ERR_OK,
                     "%s", err.detail);
    }
    cr_assert_not(g.game_over);
    return g;
}

Test(core_partner, the_same_position_gives_the_same_move)
{
    for (int k = 0; k < 3; k++) {
        struct core_game g = midgame(4242 + (uint32_t)k, 6 + k);
        for (size_t l = 0; l < 3; l++) {
            struct core_move a = reply(&g, LEVELS[l]);
            struct core_move b = reply(&g, LEVELS[l]);
            struct core_game copy;
            memcpy(&copy, &g, sizeof copy);
            struct core_move c = reply(&copy, LEVELS[l]);
            cr_assert_eq(memcmp(&a, &b, sizeof a), 0);
            cr_assert_eq(memcmp(&a, &c, sizeof a), 0);
        }
    }
}

Test(core_partner, the_levels_differ_on_a_midgame)
{
    /* best's play scores the most; good's at most 3/4 of it and casual's
     * at most 1/2, so the three moves differ here (worked: the midgame's
     * best play scores well above 2 points, so the shares are distinct). */
    struct core_game g = midgame(90210, 8);
    int best = 0;
    cr_assert(best_points(&g, &best));
    cr_assert_geq(best, CLB_PARTNER_CASUAL_SWAP_BELOW);
    int points[3];
    for (size_t l = 0; l < 3; l++) {
        struct core_move m = reply(&g, LEVELS[l]);
        struct core_move_result r;
        struct clb_error err;
        cr_assert_eq(core_move_check(&g, &m, &lex, &r, &err), CLB_ERR_OK);
        cr_assert_eq(r.type, CORE_MOVE_PLAY);
        points[l] = r.points;
    }
    cr_assert_eq(points[2], best);
    cr_assert_leq(points[1], best * CLB_PARTNER_GOOD_SHARE_PCT / 100);
    cr_assert_leq(points[0], best * CLB_PARTNER_CASUAL_SHARE_PCT / 100);
}

/* The nodes a best-play search of g's mover spends unbounded. */
static uint64_t best_search_nodes(const struct core_game *g)
{
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g->board, lex.graph);
    struct core_budget b = {UINT64_MAX, false};
    mg.budget = &b;
    struct core_play p;
    cr_assert(core_movegen_best(&mg, &g->hands[g->turn], &p));
    cr_assert_not(b.exhausted);
    return UINT64_MAX - b.left;
}

Test(core_partner, a_budget_cut_short_still_plays_the_best_found)
{
    struct core_game g = midgame(31337, 7);
    struct clb_error err;
    struct core_move_result r;
    for (size_t l = 0; l < 3; l++) {
        /* One node: the first anchor is searched, then the search stops. */
        struct core_budget tiny = {1, false};
        struct core_move m;
        cr_assert_eq(core_partner_move(&g, &lex, LEVELS[l], &tiny, &m, &err),
                     CLB_ERR_OK);
        cr_assert(tiny.exhausted);
        cr_assert_eq(core_move_check(&g, &m, &lex, &r, &err), CLB_ERR_OK, "%s",
                     err.detail);
        cr_assert_eq(m.type, CORE_MOVE_PLAY, "%s",
                     core_partner_name(LEVELS[l]));
    }
    /* Exactly the best play's search: good finds nothing below its share
     * (no nodes left) and plays the best play found. */
    struct core_budget just = {best_search_nodes(&g), false};
    struct core_move m;
    cr_assert_eq(
        core_partner_move(&g, &lex, CORE_PARTNER_GOOD, &just, &m, &err),
        CLB_ERR_OK);
    cr_assert(just.exhausted);
    cr_assert_eq(core_move_check(&g, &m, &lex, &r, &err), CLB_ERR_OK);
    int best = 0;
    cr_assert(best_points(&g, &best));
    cr_assert_eq(r.points, best);
}

Test(core_partner, nothing_left_exchanges_or_passes)
{
    struct core_game g = midgame(27182, 5);
    struct clb_error err;
    struct core_move_result r;
    for (size_t l = 0; l < 3; l++) {
        struct core_budget none = {0, false};
        struct core_move m;
        cr_assert_eq(core_partner_move(&g, &lex, LEVELS[l], &none, &m, &err),
                     CLB_ERR_OK);
        cr_assert(none.exhausted);
        cr_assert_eq(m.type, CORE_MOVE_EXCHANGE); /* the bag holds 7 or more */
        cr_assert_eq(m.ntiles, g.hands[g.turn].count);
        cr_assert_eq(core_move_check(&g, &m, &lex, &r, &err), CLB_ERR_OK, "%s",
                     err.detail);
    }
    /* With fewer than 7 in the bag, a pass. */
    ts_game(&g, "AEINRST", "DEILORS");
    ts_empty_bag(&g);
    struct core_budget none = {0, false};
    struct core_move m;
    cr_assert_eq(
        core_partner_move(&g, &lex, CORE_PARTNER_BEST, &none, &m, &err),
        CLB_ERR_OK);
    cr_assert_eq(m.type, CORE_MOVE_PASS);
    cr_assert_eq(core_move_check(&g, &m, &lex, &r, &err), CLB_ERR_OK);
}

Test(core_partner, no_play_exchanges_or_passes)
{
    /* A rack of consonants that makes no word on an empty board (SOWPODS
     * has CH and HM, so not just any consonants). */
    struct core_game g;
    ts_game(&g, "QVVJXZK", "AEINRST");
    struct clb_error err;
    struct core_move_result r;
    for (size_t l = 0; l < 3; l++) {
        struct core_move m = reply(&g, LEVELS[l]);
        cr_assert_eq(m.type, CORE_MOVE_EXCHANGE);
        cr_assert_eq(core_move_check(&g, &m, &lex, &r, &err), CLB_ERR_OK);
    }
    ts_empty_bag(&g);
    for (size_t l = 0; l < 3; l++)
        cr_assert_eq(reply(&g, LEVELS[l]).type, CORE_MOVE_PASS);
}

Test(core_partner, names_round_trip)
{
    static const char *const names[] = {"friend", "casual", "good", "best"};
    for (int i = 0; i <= CORE_PARTNER_BEST; i++) {
        cr_assert_str_eq(core_partner_name((enum core_partner)i), names[i]);
        cr_assert_eq(core_partner_from_name(names[i], strlen(names[i])), i);
    }
    cr_assert_eq(core_partner_from_name("Best", 4), -1);
    cr_assert_eq(core_partner_from_name("bestest", 7), -1);
    cr_assert_eq(core_partner_from_name("bes", 3), -1);
    cr_assert_eq(core_partner_from_name("", 0), -1);
    cr_assert_eq(core_partner_from_name("good\0", 5), -1);
    cr_assert_str_eq(core_partner_name((enum core_partner)7), "friend");
    cr_assert_eq(CORE_PARTNER_BEST - CORE_PARTNER_CASUAL + 1,
                 CORE_PARTNER_LEVELS);
}

Test(core_partner, refusals)
{
    struct core_game g = midgame(777, 2);
    struct core_budget b = {CLB_PARTNER_NODES, false};
    struct core_move m;
    struct clb_error err;
    cr_assert_eq(core_partner_move(&g, &lex, CORE_PARTNER_FRIEND, &b, &m, &err),
                 CLB_ERR_BAD_REQUEST);
    cr_assert_eq(
        core_partner_move(&g, &lex, (enum core_partner)4, &b, &m, &err),
        CLB_ERR_BAD_REQUEST);
    cr_assert_eq(
        core_partner_move(&g, &lex, (enum core_partner) - 1, &b, &m, &err),
        CLB_ERR_BAD_REQUEST);
    static const char *const words[] = {"CAT", NULL};
    struct core_lexicon no_graph = ts_lexicon(words);
    cr_assert_eq(
        core_partner_move(&g, &no_graph, CORE_PARTNER_BEST, &b, &m, &err),
        CLB_ERR_BAD_REQUEST);
    cr_assert_eq(core_partner_move(&g, NULL, CORE_PARTNER_BEST, &b, &m, &err),
                 CLB_ERR_BAD_REQUEST);
    g.game_over = true;
    cr_assert_eq(core_partner_move(&g, &lex, CORE_PARTNER_BEST, &b, &m, &err),
                 CLB_ERR_BAD_REQUEST);
    cr_assert_eq(b.left, CLB_PARTNER_NODES, "a refusal spends nothing");
}

static int goal_named(const char *name)
{
    for (int i = 0; i < CLB_GOALS_COUNT; i++)
        if (strcmp(core_goal_info(i)->name, name) == 0)
            return i;
    cr_assert_fail("no goal %s", name);
    return -1;
}

/* g with one goal face up (the others empty places). */
static void only_goal(struct core_game *g, const char *goal)
{
    g->goals.level = CORE_GOALS_NORMAL;
    g->goals.faceup[0] = (int16_t)goal_named(goal);
    g->goals.faceup[1] = g->goals.faceup[2] = -1;
    g->goals.target = core_goals_target(CORE_GOALS_NORMAL);
}

Test(core_partner, best_plays_toward_an_open_goal)
{
    /* The first play of C, A, T: CAT and ACT across the centre, at three
     * columns each, score (3 + 1 + 1) x 2 = 10, and so do their images
     * down; core_play_compare puts the six across first. With "Play a word
     * down" face up, best plays one of the six down, for the same 10. */
    struct core_game g;
    ts_game(&g, "CAT", "DEILORS");
    struct core_move plain = reply(&g, CORE_PARTNER_BEST);
    struct core_move_result r;
    struct clb_error err;
    cr_assert_eq(core_move_check(&g, &plain, &lex, &r, &err), CLB_ERR_OK);
    cr_assert_eq(r.points, 10);
    cr_assert_eq(r.word_at[0].down, 0);
    only_goal(&g, "down");
    struct core_move m = reply(&g, CORE_PARTNER_BEST);
    cr_assert_eq(core_move_check(&g, &m, &lex, &r, &err), CLB_ERR_OK);
    cr_assert_eq(r.ngoals, 1);
    cr_assert_eq(r.word_at[0].down, 1);
    cr_assert_eq(r.points, 10);

    /* A goal the top play misses: "Score 15 or more with a play of one or
     * two tiles". Z, A, S's top plays are ZAS across the centre, at three
     * columns, and down: (10 + 1 + 1) x 2 = 24; ZA scores
     * (10 + 1) x 2 = 22, the seventh play, with two tiles. Best gives up
     * 2 points for the goal. */
    ts_game(&g, "ZAS", "DEILORS");
    plain = reply(&g, CORE_PARTNER_BEST);
    cr_assert_eq(core_move_check(&g, &plain, &lex, &r, &err), CLB_ERR_OK);
    cr_assert_eq(r.points, 24, "%s for %d", r.words[0], r.points);
    only_goal(&g, "small-play");
    m = reply(&g, CORE_PARTNER_BEST);
    cr_assert_eq(core_move_check(&g, &m, &lex, &r, &err), CLB_ERR_OK);
    cr_assert_eq(r.ngoals, 1, "%s for %d", r.words[0], r.points);
    cr_assert_eq(r.points, 22, "%s for %d", r.words[0], r.points);
    cr_assert_str_eq(r.words[0], "ZA");
}

Test(core_partner, a_goal_out_of_reach_leaves_best_to_the_points)
{
    /* "Play a blank" with no blank on the rack: no play meets it, so best
     * plays its top play. */
    struct core_game g;
    ts_game(&g, "AEINRST", "DEILORS");
    int best = 0;
    cr_assert(best_points(&g, &best));
    only_goal(&g, "blank");
    struct core_move m = reply(&g, CORE_PARTNER_BEST);
    struct core_move_result r;
    struct clb_error err;
    cr_assert_eq(core_move_check(&g, &m, &lex, &r, &err), CLB_ERR_OK);
    cr_assert_eq(r.ngoals, 0);
    cr_assert_eq(r.points, best);
}

Test(core_partner, good_plays_toward_an_open_goal_among_its_choices)
{
    /* C, A, T's plays on the empty board: CAT and ACT (10) and AT and TA
     * ((1 + 1) x 2 = 4), each at several columns, across and down. Good's
     * ceiling is 10 x 3/4 = 7: its plays are AT and TA, across then down;
     * with "down" face up it plays one down. */
    struct core_game g;
    ts_game(&g, "CAT", "DEILORS");
    only_goal(&g, "down");
    struct core_move m = reply(&g, CORE_PARTNER_GOOD);
    struct core_move_result r;
    struct clb_error err;
    cr_assert_eq(core_move_check(&g, &m, &lex, &r, &err), CLB_ERR_OK);
    cr_assert_eq(r.ngoals, 1);
    cr_assert_eq(r.word_at[0].down, 1);
}

/* core_movegen_top_below, which the weaker levels choose with, is
 * core_movegen_top of the plays at most the ceiling: checked against every
 * play of midgame racks sorted by core_play_compare. */
static int compare_plays(const void *a, const void *b)
{
    return core_play_compare(a, b);
}

Test(core_partner, top_below_is_the_top_of_the_plays_below_the_ceiling)
{
    enum { CAP = 20000, N = 8 };
    struct core_play *all = malloc(CAP * sizeof *all);
    cr_assert_not_null(all);
    for (int k = 0; k < 4; k++) {
        struct core_game g = midgame(555 + (uint32_t)k, 3 + 2 * k);
        struct core_movegen mg;
        core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g.board,
                          lex.graph);
        const struct core_rack *rack = &g.hands[g.turn];
        size_t n = core_movegen_all(&mg, rack, all, CAP);
        cr_assert_lt(n, CAP);
        qsort(all, n, sizeof *all, compare_plays);
        int ceilings[] = {all[0].points, all[0].points * 3 / 4,
                          all[0].points / 2, 3, 0};
        for (size_t c = 0; c < sizeof ceilings / sizeof ceilings[0]; c++) {
            size_t first = 0;
            while (first < n && all[first].points > ceilings[c])
                first++;
            struct core_play top[N];
            size_t below =
                core_movegen_top_below(&mg, rack, ceilings[c], top, N);
            cr_assert_eq(below, n - first, "ceiling %d", ceilings[c]);
            for (size_t i = 0; i < N && i < below; i++)
                cr_assert_eq(core_play_compare(&top[i], &all[first + i]), 0,
                             "ceiling %d, play %zu", ceilings[c], i);
        }
    }
    free(all);
}
