/* tests/core/test_movegen_budget.c - the searches' work budget
 * (core/movegen.h's struct core_budget) and the review's use of it
 * (core/review.h).
 *
 * A budget is counted in nodes, so a search cut short is cut at the same
 * place every time: the same answer and the same nodes left on every run.
 * A search that runs to its end within its budget is the unbounded search;
 * one cut short says so (exhausted), "any play" then answers "a play may
 * exist". The review searches once per distinct board and rack (the same
 * rack on the same board costs nothing the second time), spends its budget
 * in move order and marks the rest "not reviewed"; so the review of moves
 * 1..k is the same whatever moves follow them. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/movegen.h"
#include "../../core/review.h"
#include "../../core/rng.h"
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

TestSuite(core_movegen_budget, .init = setup, .fini = teardown);

/* A midgame board with a rack of two blanks: tens of thousands of plays. */
static void two_blank_game(struct core_game *g)
{
    ts_game(g, "??AEIRS", "BCDFGHK");
    ts_board_word(g, 7, 4, true, "QUARTZ");
    /* JOVIAL down through QUARTZ's A, which is already there. */
    ts_board_word(g, 3, 6, false, "JOVI");
    ts_board_word(g, 8, 6, false, "L");
}

static size_t top_within(const struct core_game *g, uint64_t nodes,
                         struct core_play *out, size_t n, struct core_budget *b)
{
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g->board, lex.graph);
    *b = (struct core_budget){nodes, false};
    mg.budget = b;
    return core_movegen_top(&mg, &g->hands[g->turn], out, n);
}

Test(core_movegen_budget, a_search_within_its_budget_is_the_unbounded_search)
{
    struct core_game g;
    two_blank_game(&g);
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g.board, lex.graph);
    struct core_play free_top[5], top[5];
    size_t all = core_movegen_top(&mg, &g.hands[0], free_top, 5);
    cr_assert_gt(all, 10000, "%zu plays", all);
    struct core_budget b;
    size_t n = top_within(&g, UINT64_MAX, top, 5, &b);
    uint64_t spent = UINT64_MAX - b.left;
    cr_assert_not(b.exhausted);
    cr_assert_eq(n, all);
    cr_assert_gt(spent, 1000);
    /* Exactly what it spends is enough. */
    n = top_within(&g, spent, top, 5, &b);
    cr_assert_not(b.exhausted);
    cr_assert_eq(b.left, 0);
    cr_assert_eq(n, all);
    for (int i = 0; i < 5; i++)
        cr_assert_eq(core_play_compare(&top[i], &free_top[i]), 0);
}

Test(core_movegen_budget,
     a_search_cut_short_says_so_and_is_cut_alike_every_time)
{
    struct core_game g;
    two_blank_game(&g);
    struct core_budget b0, b1;
    struct core_play all[5], t0[5], t1[5];
    size_t total = top_within(&g, UINT64_MAX, all, 5, &b0);
    uint64_t spent = UINT64_MAX - b0.left;
    size_t n0 = top_within(&g, spent / 3, t0, 5, &b0);
    size_t n1 = top_within(&g, spent / 3, t1, 5, &b1);
    cr_assert(b0.exhausted && b1.exhausted);
    cr_assert_eq(b0.left, 0);
    cr_assert_lt(n0, total, "a partial count");
    cr_assert_gt(n0, 0);
    cr_assert_eq(n0, n1, "the same count on every run");
    for (int i = 0; i < 5; i++)
        cr_assert_eq(core_play_compare(&t0[i], &t1[i]), 0);
    /* The best play within the budget, too. */
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g.board, lex.graph);
    struct core_budget b = {0, false};
    mg.budget = &b;
    struct core_play best;
    (void)core_movegen_best(&mg, &g.hands[0], &best);
    cr_assert(b.exhausted, "nothing left: cut before the first anchor");
}

Test(core_movegen_budget, any_play_cut_short_means_a_play_may_exist)
{
    /* A lone Q on an empty board has no play. */
    struct core_game g;
    ts_game(&g, "Q", "BCDFGHK");
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g.board, lex.graph);
    cr_assert_not(core_movegen_any(&mg, &g.hands[0]));
    struct core_budget b = {0, false};
    mg.budget = &b;
    cr_assert(core_movegen_any(&mg, &g.hands[0]), "may exist");
    cr_assert(b.exhausted);
    /* With the blocked check's budget the answer is the true one. */
    b = (struct core_budget){CLB_BLOCKED_NODES, false};
    cr_assert_not(core_movegen_any(&mg, &g.hands[0]));
    cr_assert_not(b.exhausted);
}

/* The history from g of `n` moves: P1 passes, P2 exchanges its whole rack,
 * and so on (the worst link's recipe). */
static void pass_exchange(struct core_history *h, const struct core_game *g,
                          int n)
{
    struct core_lexicon_id id = {.fingerprint = dict_fingerprint(dict)};
    struct clb_error err;
    cr_assert_eq(core_history_from_position(h, g, &id, &err), CLB_ERR_OK, "%s",
                 err.detail);
    struct core_game now = h->first;
    for (int i = 0; i < n && !now.game_over; i++) {
        struct core_move m;
        memset(&m, 0, sizeof m);
        if (now.turn == CORE_P1) {
            m.type = CORE_MOVE_PASS;
        } else {
            m.type = CORE_MOVE_EXCHANGE;
            for (int k = 0; k < now.hands[1].count; k++)
                m.exchange[m.ntiles++] = now.hands[1].tiles[k];
        }
        cr_assert_eq(core_history_play(h, &now, &m, &lex, NULL, &err),
                     CLB_ERR_OK, "move %d: %s", i + 1, err.detail);
    }
}

static struct core_history history, prefix;
static struct core_review full, part, again;

/* The nodes one best-play search of the player to move's rack spends. */
static uint64_t best_nodes(const struct core_game *g)
{
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g->board, lex.graph);
    struct core_budget b = {UINT64_MAX, false};
    mg.budget = &b;
    struct core_play best;
    (void)core_movegen_best(&mg, &g->hands[g->turn], &best);
    return UINT64_MAX - b.left;
}

Test(core_movegen_budget, the_same_board_and_rack_are_searched_once)
{
    struct core_game g;
    two_blank_game(&g);
    pass_exchange(&history, &g, 9);
    struct clb_error err;
    cr_assert_eq(core_review_history(&history, &lex, &full, &err), CLB_ERR_OK);
    cr_assert_eq(full.reviewed, 9);
    /* P1's rack, the same on the same board, costs one search; each of
     * P2's racks (new tiles each time) one search of its own. */
    uint64_t want = 0;
    struct core_game now = history.first;
    for (int i = 0; i < 9; i++) {
        if (i == 0 || now.turn == CORE_P2)
            want += best_nodes(&now);
        struct core_move_result r;
        cr_assert_eq(
            core_move_apply(&now, &history.moves[i].move, &lex, &now, &r, &err),
            CLB_ERR_OK);
    }
    cr_assert_eq(full.nodes, want, "%llu nodes, %llu wanted",
                 (unsigned long long)full.nodes, (unsigned long long)want);
    for (int i = 2; i < 9; i += 2) {
        cr_assert(full.moves[i].has_best);
        cr_assert_eq(
            core_play_compare(&full.moves[i].best, &full.moves[0].best), 0);
        cr_assert_str_eq(full.moves[i].result.words[0],
                         full.moves[0].result.words[0]);
    }
}

/* The review of h's first k moves within `nodes` into *out. */
static void review_prefix(const struct core_history *h, int k, uint64_t nodes,
                          struct core_review *out)
{
    prefix = *h;
    prefix.nmoves = k;
    struct clb_error err;
    cr_assert_eq(core_review_history_within(&prefix, &lex, nodes, out, &err),
                 CLB_ERR_OK, "%s", err.detail);
}

static void assert_same_move(const struct core_review_move *a,
                             const struct core_review_move *b, int i)
{
    cr_assert_eq(a->has_best, b->has_best, "move %d", i + 1);
    cr_assert_eq(a->points, b->points, "move %d", i + 1);
    if (a->has_best) {
        cr_assert_eq(core_play_compare(&a->best, &b->best), 0, "move %d",
                     i + 1);
        cr_assert_str_eq(a->result.words[0], b->result.words[0]);
    }
}

Test(core_movegen_budget,
     a_review_cut_short_marks_the_rest_and_keeps_its_prefix)
{
    /* Two blanks kept: P1 exchanges the other five, every rack differs. */
    struct core_game g;
    two_blank_game(&g);
    struct core_lexicon_id id = {.fingerprint = dict_fingerprint(dict)};
    struct clb_error err;
    cr_assert_eq(core_history_from_position(&history, &g, &id, &err),
                 CLB_ERR_OK);
    struct core_game now = history.first;
    for (int i = 0; i < 16; i++) {
        struct core_move m;
        memset(&m, 0, sizeof m);
        m.type = CORE_MOVE_EXCHANGE;
        const struct core_rack *r = &now.hands[now.turn];
        for (int k = 0; k < r->count; k++)
            if (r->tiles[k] != CORE_BLANK)
                m.exchange[m.ntiles++] = r->tiles[k];
        cr_assert_eq(core_history_play(&history, &now, &m, &lex, NULL, &err),
                     CLB_ERR_OK, "%s", err.detail);
    }
    /* Unbounded, then within a third of what it spends. */
    review_prefix(&history, 16, UINT64_MAX / 2, &full);
    cr_assert_eq(full.reviewed, 16);
    uint64_t budget = full.nodes / 3;
    struct core_review *cut = &again;
    review_prefix(&history, 16, budget, cut);
    cr_assert_lt(cut->reviewed, 16, "cut short");
    cr_assert_gt(cut->reviewed, 0);
    cr_assert_eq(cut->nmoves, 16);
    cr_assert_leq(cut->nodes, budget);
    /* The moves reviewed are the unbounded review's; the rest are not
     * reviewed, and the totals are of the moves reviewed. */
    int possible = 0;
    for (int i = 0; i < cut->reviewed; i++) {
        assert_same_move(&cut->moves[i], &full.moves[i], i);
        possible += full.moves[i].has_best ? full.moves[i].best.points : 0;
    }
    cr_assert_eq(cut->possible, possible);
    /* Every prefix's review is the full history's, cut alike. */
    for (int k = 0; k <= 16; k++) {
        review_prefix(&history, k, budget, &part);
        int want = k < cut->reviewed ? k : cut->reviewed;
        cr_assert_eq(part.reviewed, want, "prefix %d", k);
        cr_assert_eq(part.nmoves, k);
        for (int i = 0; i < part.reviewed; i++)
            assert_same_move(&part.moves[i], &cut->moves[i], i);
    }
    /* And the same on every run. */
    review_prefix(&history, 16, budget, &part);
    cr_assert_eq(part.reviewed, cut->reviewed);
    cr_assert_eq(part.nodes, cut->nodes);
    cr_assert_eq(part.possible, cut->possible);
}

Test(core_movegen_budget, a_real_game_is_reviewed_whole_within_the_budget)
{
    /* Greedy games, both racks playing their best to the end. */
    for (int s = 0; s < 3; s++) {
        char seed[32];
        snprintf(seed, sizeof seed, "budget-%d", s);
        struct core_lexicon_id id = {.fingerprint = dict_fingerprint(dict)};
        core_history_from_seed(
            &history, core_seed_from_text(seed, strlen(seed)), &id, "");
        struct core_game g = history.first;
        while (!g.game_over) {
            struct core_movegen mg;
            core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g.board,
                              lex.graph);
            struct core_play best;
            struct core_move m;
            memset(&m, 0, sizeof m);
            m.type = CORE_MOVE_PASS;
            if (core_movegen_best(&mg, &g.hands[g.turn], &best))
                core_play_to_move(&best, (const char(*)[CLB_BOARD_SIZE])g.board,
                                  &m);
            struct clb_error err;
            cr_assert_eq(core_history_play(&history, &g, &m, &lex, NULL, &err),
                         CLB_ERR_OK);
        }
        struct clb_error err;
        cr_assert_eq(core_review_history(&history, &lex, &full, &err),
                     CLB_ERR_OK);
        cr_assert_eq(full.reviewed, full.nmoves, "%s", seed);
        cr_assert_lt(full.nodes, CLB_REVIEW_NODES / 4, "%s: %llu nodes", seed,
                     (unsigned long long)full.nodes);
    }
}
