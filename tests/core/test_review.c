/* tests/core/test_review.c - the review of a game (core/review.h): for each
 * move, the best play the mover's rack had on the position before it.
 *
 * Whole games (plays that are not always the best, exchanges, passes, to
 * the end) are reviewed and each move checked against the maximum over
 * core_movegen_all() of that position, replayed here independently; the
 * totals are the sums; exchanges and passes have a best play too; a rack
 * with no play has none; the rack of the player to move after the last
 * move is never searched (its review does not depend on it); a lexicon
 * without a word graph and an illegal history are errors. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/review.h"
#include "../../core/rng.h"
#include "../../dict/dict.h"
#include "test_support.h"

static struct dict *dict;
static struct core_lexicon lex;

static void small_setup(void)
{
    static const char text[] =
        "AA\nAB\nAD\nAE\nAG\nAH\nAI\nAL\nAM\nAN\nAR\nAS\nAT\nAW\nAX\nAY\n"
        "BA\nBE\nBI\nBO\nBY\nDA\nDE\nDO\nED\nEH\nEL\nEM\nEN\nER\nES\nEX\n"
        "GO\nHA\nHE\nHI\nHO\nID\nIN\nIS\nIT\nLA\nLI\nLO\nMA\nME\nMI\nNA\n"
        "NE\nNO\nOD\nOE\nOH\nOI\nON\nOR\nOS\nOX\nRE\nSH\nSI\nSO\nTA\nTI\n"
        "TO\nXI\nZA\nQI\nCAT\nCATS\nEAT\nEATS\nRATE\nRATES\nSEAT\nSTAR\n"
        "STARE\nTEAR\nTEARS\nNOTE\nNOTES\nSTONE\nONSET\nTONE\nTONES\n";
    struct clb_error err;
    cr_assert_eq(dict_from_text(text, sizeof text - 1, "small", &dict, &err),
                 CLB_ERR_OK, "%s", err.detail);
    lex = dict_lexicon(dict);
}

static void sowpods_setup(void)
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

/* The review is large (a record per possible move): one per test. */
static struct core_review review;

#define PLAYS_CAP ((size_t)1 << 17)

/* The best play of the player to move in g by the whole list: the first in
 * core_play_compare() order. False when there is no play. */
static bool best_of_all(const struct core_game *g, struct core_play *best)
{
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g->board, lex.graph);
    struct core_play *plays = malloc(PLAYS_CAP * sizeof *plays);
    cr_assert_not_null(plays);
    size_t n = core_movegen_all(&mg, &g->hands[g->turn], plays, PLAYS_CAP);
    cr_assert_lt(n, PLAYS_CAP);
    for (size_t i = 1; i < n; i++)
        if (core_play_compare(&plays[i], &plays[0]) < 0)
            plays[0] = plays[i];
    if (n > 0)
        *best = plays[0];
    free(plays);
    return n > 0;
}

/* A move for the player to move in g, chosen with *rng so that games hold
 * every kind of move and plays that are not the best: mostly one of the top
 * five plays, sometimes an exchange, sometimes a pass (never a second one
 * in a row, which would end the game at once). */
static void choose_move(const struct core_game *g, uint64_t *rng,
                        struct core_move *m)
{
    memset(m, 0, sizeof *m);
    uint32_t roll = core_rng_below(rng, 100);
    const struct core_rack *rack = &g->hands[g->turn];
    if (roll < 10 && core_bag_count(g) >= CLB_EXCHANGE_MIN_BAG) {
        m->type = CORE_MOVE_EXCHANGE;
        for (int i = 0; i < rack->count; i++)
            if (m->ntiles == 0 || core_rng_below(rng, 2))
                m->exchange[m->ntiles++] = rack->tiles[i];
        return;
    }
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g->board, lex.graph);
    struct core_play top[5];
    size_t n = core_movegen_top(&mg, rack, top, 5);
    if (n == 0 || (roll < 18 && g->consecutive_passes == 0)) {
        m->type = CORE_MOVE_PASS;
        return;
    }
    size_t k = core_rng_below(rng, (uint32_t)(n < 5 ? n : 5));
    core_play_to_move(&top[k], (const char(*)[CLB_BOARD_SIZE])g->board, m);
}

/* A whole game from `seed` into *h (at most max_moves moves). */
static void play_game(struct core_history *h, const char *seed, int max_moves)
{
    struct core_lexicon_id id = {.fingerprint = dict_fingerprint(dict)};
    core_history_from_seed(h, core_seed_from_text(seed, strlen(seed)), &id, "");
    struct core_game g = h->first;
    uint64_t rng = core_hash_bytes(CORE_HASH_INIT, seed, strlen(seed));
    while (!g.game_over && h->nmoves < max_moves) {
        struct core_move m;
        choose_move(&g, &rng, &m);
        struct clb_error err;
        cr_assert_eq(core_history_play(h, &g, &m, &lex, NULL, &err), CLB_ERR_OK,
                     "%s", err.detail);
    }
}

/* Reviews h and checks every move against the whole list of plays of its
 * position, replayed here on its own; returns the moves that were
 * exchanges or passes. */
static int check_review(const struct core_history *h)
{
    struct clb_error err;
    cr_assert_eq(core_review_history(h, &lex, &review, &err), CLB_ERR_OK, "%s",
                 err.detail);
    cr_assert_eq(review.nmoves, h->nmoves);
    struct core_game g = h->first;
    int scored = 0, possible = 0, not_plays = 0;
    for (int i = 0; i < h->nmoves; i++) {
        const struct core_review_move *rm = &review.moves[i];
        const struct core_move_record *rec = &h->moves[i];
        struct core_play best;
        bool has = best_of_all(&g, &best);
        cr_assert_eq(rm->has_best, has, "move %d", i + 1);
        if (has) {
            cr_assert_eq(core_play_compare(&rm->best, &best), 0,
                         "move %d: %d points, the whole list's best %d", i + 1,
                         rm->best.points, best.points);
            /* Its move and words are the rules' own. */
            struct core_move_result res;
            cr_assert_eq(core_move_check(&g, &rm->move, &lex, &res, &err),
                         CLB_ERR_OK, "move %d: %s", i + 1, err.detail);
            cr_assert_eq(res.points, best.points);
            cr_assert_eq(rm->result.points, best.points);
            char word[CLB_WORD_MAX + 1];
            core_play_word(&best, (const char(*)[CLB_BOARD_SIZE])g.board, word);
            cr_assert_str_eq(rm->result.words[0], word, "move %d", i + 1);
            /* No move scores more than the best its rack had. */
            cr_assert_leq(rec->result.points, best.points, "move %d", i + 1);
            possible += best.points;
        }
        cr_assert_eq(rm->points, rec->result.points, "move %d", i + 1);
        scored += rec->result.points;
        not_plays += rec->move.type != CORE_MOVE_PLAY;
        struct core_move_result res;
        cr_assert_eq(core_move_apply(&g, &rec->move, &lex, &g, &res, &err),
                     CLB_ERR_OK);
    }
    cr_assert_eq(review.scored, scored);
    cr_assert_eq(review.possible, possible);
    return not_plays;
}

static struct core_history history;

Test(core_review, whole_games_with_a_small_list, .init = small_setup,
     .fini = teardown)
{
    int not_plays = 0;
    for (int i = 0; i < 6; i++) {
        char seed[32];
        snprintf(seed, sizeof seed, "review-small-%d", i);
        play_game(&history, seed, CLB_MAX_GAME_MOVES);
        cr_assert(history.nmoves > 4, "%s: %d moves", seed, history.nmoves);
        int n = check_review(&history);
        cr_log_info("%s: %d moves (%d exchanges or passes), scored %d of %d",
                    seed, history.nmoves, n, review.scored, review.possible);
        not_plays += n;
    }
    cr_expect_gt(not_plays, 3, "the games hold exchanges and passes");
}

Test(core_review, whole_games_with_sowpods, .init = sowpods_setup,
     .fini = teardown)
{
    for (int i = 0; i < 2; i++) {
        char seed[32];
        snprintf(seed, sizeof seed, "review-sowpods-%d", i);
        play_game(&history, seed, CLB_MAX_GAME_MOVES);
        cr_assert(history.nmoves > 10, "%s: %d moves", seed, history.nmoves);
        int not_plays = check_review(&history);
        cr_log_info("%s: %d moves (%d exchanges or passes), scored %d of %d",
                    seed, history.nmoves, not_plays, review.scored,
                    review.possible);
        /* Plays not always the best: the team scored less than possible. */
        cr_expect_lt(review.scored, review.possible, "%s", seed);
        cr_expect_gt(review.scored, 100, "%s", seed);
    }
}

/* A history starting from g (a position, not a deal). */
static void history_from(struct core_history *h, const struct core_game *g)
{
    struct core_lexicon_id id = {.fingerprint = dict_fingerprint(dict)};
    struct clb_error err;
    cr_assert_eq(core_history_from_position(h, g, &id, &err), CLB_ERR_OK, "%s",
                 err.detail);
}

static void play(struct core_history *h, struct core_game *g,
                 const struct core_move *m)
{
    struct clb_error err;
    cr_assert_eq(core_history_play(h, g, m, &lex, NULL, &err), CLB_ERR_OK, "%s",
                 err.detail);
}

Test(core_review, exchanges_and_passes_have_a_best_play, .init = small_setup,
     .fini = teardown)
{
    /* P1 holds C A T S E R N on an empty board: CAT, CATS, STARE... are
     * there; P1 exchanges, P2 passes. Both moves scored 0; both racks
     * could have played. */
    struct core_game g;
    ts_game(&g, "CATSERN", "TONESAB");
    history_from(&history, &g);
    struct core_move ex = {.type = CORE_MOVE_EXCHANGE, .ntiles = 1};
    ex.exchange[0] = 'C';
    play(&history, &g, &ex);
    struct core_move pass = {.type = CORE_MOVE_PASS};
    play(&history, &g, &pass);
    struct clb_error err;
    cr_assert_eq(core_review_history(&history, &lex, &review, &err),
                 CLB_ERR_OK);
    cr_assert_eq(review.nmoves, 2);
    for (int i = 0; i < 2; i++) {
        cr_expect(review.moves[i].has_best, "move %d", i + 1);
        cr_expect_eq(review.moves[i].points, 0);
        cr_expect_gt(review.moves[i].best.points, 0);
    }
    cr_expect_eq(review.scored, 0);
    cr_expect_eq(review.possible,
                 review.moves[0].best.points + review.moves[1].best.points);
    cr_expect_eq(review.moves[0].move.type, CORE_MOVE_PLAY);
    cr_expect_eq(review.moves[0].result.points, review.moves[0].best.points);
}

Test(core_review, the_best_play_made_is_matched, .init = small_setup,
     .fini = teardown)
{
    /* P1 makes the very play the review names: its points are the best. */
    struct core_game g;
    ts_game(&g, "CATSERN", "TONESAB");
    history_from(&history, &g);
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g.board, lex.graph);
    struct core_play best;
    cr_assert(core_movegen_best(&mg, &g.hands[0], &best));
    struct core_move m;
    core_play_to_move(&best, (const char(*)[CLB_BOARD_SIZE])g.board, &m);
    play(&history, &g, &m);
    struct clb_error err;
    cr_assert_eq(core_review_history(&history, &lex, &review, &err),
                 CLB_ERR_OK);
    cr_expect_eq(review.moves[0].points, best.points);
    cr_expect_eq(review.scored, review.possible);
    cr_expect_eq(memcmp(&review.moves[0].move, &m, sizeof m), 0);
}

Test(core_review, a_rack_with_no_play_has_no_best, .init = small_setup,
     .fini = teardown)
{
    /* No word of the list holds a V: P1's V V has no play anywhere. P1
     * passes; the review says there was none, and adds nothing. */
    struct core_game g;
    ts_game(&g, "VV", "CATSERN");
    ts_board_word(&g, 7, 6, true, "CAT");
    history_from(&history, &g);
    struct core_move pass = {.type = CORE_MOVE_PASS};
    play(&history, &g, &pass);
    struct clb_error err;
    cr_assert_eq(core_review_history(&history, &lex, &review, &err),
                 CLB_ERR_OK);
    cr_assert_eq(review.nmoves, 1);
    cr_expect_not(review.moves[0].has_best);
    cr_expect_eq(review.possible, 0);
    cr_expect_eq(review.scored, 0);
}

/* The same reviewed move, field by field. */
static void assert_same(const struct core_review_move *a,
                        const struct core_review_move *b)
{
    cr_assert_eq(a->has_best, b->has_best);
    cr_assert_eq(a->points, b->points);
    cr_assert_eq(core_play_compare(&a->best, &b->best), 0);
    cr_assert_eq(memcmp(&a->move, &b->move, sizeof a->move), 0);
    cr_assert_eq(a->result.points, b->result.points);
    cr_assert_eq(a->result.nwords, b->result.nwords);
    for (int i = 0; i < a->result.nwords; i++)
        cr_assert_str_eq(a->result.words[i], b->result.words[i]);
}

Test(core_review, the_rack_to_move_is_never_searched, .init = small_setup,
     .fini = teardown)
{
    /* Two games alike but for P2's rack: P1 plays the same word in both,
     * and then it is P2's turn. The review holds P1's move only, and is
     * the same in both, although P2's best plays differ. */
    static struct core_history other;
    static struct core_review other_review;
    struct core_game a, b;
    ts_game(&a, "CATSERN", "TONESAB");
    ts_game(&b, "CATSERN", "QIXZAEH");
    history_from(&history, &a);
    history_from(&other, &b);
    struct core_move m;
    ts_move_play(&m);
    ts_play_word(&m, &a, 7, 7, true, "CAT");
    play(&history, &a, &m);
    play(&other, &b, &m);
    struct clb_error err;
    cr_assert_eq(core_review_history(&history, &lex, &review, &err),
                 CLB_ERR_OK);
    cr_assert_eq(core_review_history(&other, &lex, &other_review, &err),
                 CLB_ERR_OK);
    cr_assert_eq(review.nmoves, 1);
    cr_assert_eq(other_review.nmoves, 1);
    assert_same(&review.moves[0], &other_review.moves[0]);
    cr_assert_eq(review.possible, other_review.possible);
    /* P2's racks (to move now) do have different best plays. */
    struct core_play pa, pb;
    cr_assert(best_of_all(&a, &pa));
    cr_assert(best_of_all(&b, &pb));
    cr_assert_neq(core_play_compare(&pa, &pb), 0);
}

Test(core_review, a_lexicon_without_a_graph_is_an_error, .init = small_setup,
     .fini = teardown)
{
    static const char *const words[] = {"CAT", NULL};
    struct core_lexicon plain = ts_lexicon(words);
    struct core_game g;
    ts_game(&g, "CATSERN", "TONESAB");
    history_from(&history, &g);
    struct clb_error err;
    cr_assert_eq(core_review_history(&history, &plain, &review, &err),
                 CLB_ERR_INTERNAL);
    cr_expect(strstr(err.detail, "word graph") != NULL, "%s", err.detail);
}

Test(core_review, an_illegal_history_names_its_move, .init = small_setup,
     .fini = teardown)
{
    struct core_game g;
    ts_game(&g, "CATSERN", "TONESAB");
    history_from(&history, &g);
    struct core_move pass = {.type = CORE_MOVE_PASS};
    play(&history, &g, &pass);
    /* A second move the rules refuse: a tile P2 does not hold. */
    history.moves[1] = history.moves[0];
    ts_move_play(&history.moves[1].move);
    ts_place(&history.moves[1].move, 7, 7, 'Q', false);
    history.nmoves = 2;
    struct clb_error err;
    cr_assert_eq(core_review_history(&history, &lex, &review, &err),
                 CLB_ERR_BAD_STATE);
    cr_expect(strncmp(err.detail, "move 2: ", 8) == 0, "%s", err.detail);
}

Test(core_review, a_history_with_no_moves_has_an_empty_review,
     .init = small_setup, .fini = teardown)
{
    struct core_lexicon_id id = {.fingerprint = dict_fingerprint(dict)};
    core_history_from_seed(&history, 7, &id, "");
    struct clb_error err;
    review.nmoves = 99;
    cr_assert_eq(core_review_history(&history, &lex, &review, &err),
                 CLB_ERR_OK);
    cr_expect_eq(review.nmoves, 0);
    cr_expect_eq(review.scored, 0);
    cr_expect_eq(review.possible, 0);
}

/* Carrying on the review of the first k moves gives, for every k, exactly
 * the review of the whole game in one pass: the same plays, totals, nodes
 * spent and, with a budget that runs out part of the way (a half and a
 * tenth of what the whole game spends), the same move where it stops. */
static struct core_history prefix;
static struct core_review whole, first_k, carried;

static void assert_carried(const struct core_history *h, uint64_t nodes)
{
    struct clb_error err;
    cr_assert_eq(core_review_history_within(h, &lex, nodes, &whole, &err),
                 CLB_ERR_OK, "%s", err.detail);
    for (int k = 0; k <= h->nmoves; k++) {
        memcpy(&prefix, h, sizeof prefix);
        prefix.nmoves = k;
        cr_assert_eq(
            core_review_history_within(&prefix, &lex, nodes, &first_k, &err),
            CLB_ERR_OK);
        cr_assert_eq(
            core_review_history_after(h, &lex, nodes, &first_k, &carried, &err),
            CLB_ERR_OK, "%s", err.detail);
        cr_assert_eq(carried.nmoves, whole.nmoves, "k %d", k);
        cr_assert_eq(carried.reviewed, whole.reviewed, "k %d", k);
        cr_assert_eq(carried.scored, whole.scored, "k %d", k);
        cr_assert_eq(carried.possible, whole.possible, "k %d", k);
        cr_assert_eq(carried.nodes, whole.nodes, "k %d", k);
        for (int i = 0; i < whole.nmoves; i++)
            assert_same(&carried.moves[i], &whole.moves[i]);
    }
}

Test(core_review, carrying_on_a_review_is_the_review_in_one_pass,
     .init = small_setup, .fini = teardown)
{
    int cut = 0;
    for (int i = 0; i < 3; i++) {
        char seed[32];
        snprintf(seed, sizeof seed, "review-carry-%d", i);
        play_game(&history, seed, CLB_MAX_GAME_MOVES);
        assert_carried(&history, CLB_REVIEW_NODES);
        uint64_t all = whole.nodes;
        cr_assert_eq(whole.reviewed, whole.nmoves);
        assert_carried(&history, all / 2);
        cut += whole.reviewed < whole.nmoves;
        assert_carried(&history, all / 10);
        cut += whole.reviewed < whole.nmoves;
    }
    cr_assert_gt(cut, 3, "the smaller budgets ran out part of the way");
}

/* A previous review that is not a prefix's (more moves than the history)
 * is not carried on: the whole history is reviewed. */
Test(core_review, a_longer_previous_review_is_not_carried_on,
     .init = small_setup, .fini = teardown)
{
    play_game(&history, "review-carry-longer", 8);
    struct clb_error err;
    cr_assert_eq(core_review_history(&history, &lex, &whole, &err), CLB_ERR_OK);
    memcpy(&prefix, &history, sizeof prefix);
    prefix.nmoves = 4;
    cr_assert_eq(core_review_history_after(&prefix, &lex, CLB_REVIEW_NODES,
                                           &whole, &carried, &err),
                 CLB_ERR_OK);
    cr_assert_eq(core_review_history(&prefix, &lex, &first_k, &err),
                 CLB_ERR_OK);
    cr_assert_eq(carried.nmoves, 4);
    cr_assert_eq(carried.nodes, first_k.nodes);
    for (int i = 0; i < 4; i++)
        assert_same(&carried.moves[i], &first_k.moves[i]);
}

/* P1 passes, P2 exchanges, P1 passes with the same rack on the same board:
 * the third move takes the first's review without a search. Carried on
 * from the first two moves, it still does (the same nodes spent). */
Test(core_review, a_carried_review_remembers_the_racks_of_its_board,
     .init = small_setup, .fini = teardown)
{
    struct core_game g;
    ts_game(&g, "CATSERN", "TONESAB");
    history_from(&history, &g);
    struct core_move pass = {.type = CORE_MOVE_PASS};
    struct core_move ex = {.type = CORE_MOVE_EXCHANGE, .ntiles = 1};
    ex.exchange[0] = 'T';
    play(&history, &g, &pass);
    play(&history, &g, &ex);
    play(&history, &g, &pass);
    assert_carried(&history, CLB_REVIEW_NODES);
    struct clb_error err;
    memcpy(&prefix, &history, sizeof prefix);
    prefix.nmoves = 2;
    cr_assert_eq(core_review_history(&prefix, &lex, &first_k, &err),
                 CLB_ERR_OK);
    cr_assert_eq(whole.nodes, first_k.nodes, "the third move searched nothing");
}
