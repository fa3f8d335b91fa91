/* tests/core/test_game_blocked.c - the spec's last ending: after any move, with
 * the bag empty and neither rack able to play, the game ends as "blocked"
 * and the tiles left come off the shared score as after two passes. The
 * lexicons here have word graphs (dict_from_text), as every lexicon the
 * server loads does; the rules-only lists of the other tests do not, and
 * keep the old behaviour (checked last). */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <string.h>

#include "../../dict/dict.h"
#include "test_support.h"

/* A few words with their graph, for every test of the file. */
static struct dict *dict;
static struct core_lexicon lex;

static void setup(void)
{
    static const char text[] = "CAT\nCATS\nAT\nAS\nTA\nSCAT\n";
    struct clb_error err;
    cr_assert_eq(dict_from_text(text, sizeof text - 1, "words", &dict, &err),
                 CLB_ERR_OK, "%s", err.detail);
    lex = dict_lexicon(dict);
}

static void teardown(void)
{
    dict_free(dict);
}

/* Applies m to g in place, which must succeed; returns the result. */
static struct core_move_result apply(struct core_game *g,
                                     const struct core_move *m)
{
    struct core_move_result res;
    struct clb_error err;
    cr_assert_eq(core_move_apply(g, m, &lex, g, &res, &err), CLB_ERR_OK, "%s",
                 err.detail);
    return res;
}

static struct core_move pass_move(void)
{
    struct core_move m;
    memset(&m, 0, sizeof m);
    m.type = CORE_MOVE_PASS;
    return m;
}

/* The S after CAT. */
static struct core_move s_after_cat(void)
{
    struct core_move m;
    ts_move_play(&m);
    ts_place(&m, 7, 9, 'S', false);
    return m;
}

/* CAT across the centre, the given racks, an empty bag, score 30. */
static void end_position(struct core_game *g, const char *p1, const char *p2)
{
    ts_game(g, p1, p2);
    ts_board_word(g, 7, 6, true, "CAT");
    ts_empty_bag(g);
    g->score = 30;
}

Test(core_game_blocked, neither_can_play_after_a_pass, .init = setup,
     .fini = teardown)
{
    /* P1 holds V V, P2 holds J Q: no word of the list uses them. P1 passes;
     * now neither can play: the game ends at once, blocked. Racks left:
     * V4 + V4 + J8 + Q10 = 26, so 30 - 26 = 4. */
    struct core_game g;
    end_position(&g, "VV", "JQ");
    struct core_move p = pass_move();
    struct core_move_result res = apply(&g, &p);
    cr_assert(res.game_over);
    cr_assert(g.game_over);
    cr_assert_eq(g.end, CORE_END_BLOCKED);
    cr_assert_eq(g.end_adjustment, 26);
    cr_assert_eq(g.score, 4);
    cr_assert_eq(g.consecutive_passes, 1, "one pass, not two");
    struct clb_error err;
    cr_assert_eq(core_move_apply(&g, &p, &lex, &g, &res, &err),
                 CLB_ERR_GAME_OVER);
}

Test(core_game_blocked, one_player_can_still_play_so_the_game_goes_on,
     .init = setup, .fini = teardown)
{
    /* P2 holds an S: CATS. After P1's pass the game is not over. */
    struct core_game g;
    end_position(&g, "VV", "SW");
    struct core_move p = pass_move();
    struct core_move_result res = apply(&g, &p);
    cr_assert_not(g.game_over);
    cr_assert_eq(g.end, CORE_END_NONE);

    /* P2 plays the S: CATS scores C3 + A1 + T1 + S1 = 6 (no premium on
     * (7,9)). P2 keeps a W, P1 two Vs: nobody can play any more, so the play
     * itself ends the game, blocked: 36 - (4 + 4 + 4) = 24. */
    struct core_move m = s_after_cat();
    res = apply(&g, &m);
    cr_assert_eq(res.points, 6);
    cr_assert(res.game_over);
    cr_assert_eq(g.end, CORE_END_BLOCKED);
    cr_assert_eq(g.end_adjustment, 12);
    cr_assert_eq(g.score, 24);
}

Test(core_game_blocked, going_out_is_not_blocked, .init = setup,
     .fini = teardown)
{
    /* P2 plays its only tile: the rack is empty, the game ends "out" with
     * no adjustment, even though P1 could not have played either. */
    struct core_game g;
    end_position(&g, "VV", "S");
    g.turn = CORE_P2;
    struct core_move m = s_after_cat();
    apply(&g, &m);
    cr_assert_eq(g.end, CORE_END_OUT);
    cr_assert_eq(g.end_adjustment, 0);
    cr_assert_eq(g.score, 36);
}

Test(core_game_blocked, tiles_in_the_bag_keep_the_game_going, .init = setup,
     .fini = teardown)
{
    /* The same racks with the bag still full: exchanges and draws can
     * change them, so nothing ends. */
    struct core_game g;
    ts_game(&g, "VV", "JQ");
    ts_board_word(&g, 7, 6, true, "CAT");
    struct core_move p = pass_move();
    (void)apply(&g, &p);
    cr_assert_not(g.game_over);
}

Test(core_game_blocked, an_empty_board_with_unplayable_racks_is_blocked,
     .init = setup, .fini = teardown)
{
    /* Nothing on the board, nothing in the bag, and no word the racks can
     * make through the centre. Score 0 stays 0 (never below). */
    struct core_game g;
    ts_game(&g, "Z", "QX");
    ts_empty_bag(&g);
    struct core_move p = pass_move();
    (void)apply(&g, &p);
    cr_assert_eq(g.end, CORE_END_BLOCKED);
    cr_assert_eq(g.score, 0);
    cr_assert_eq(g.end_adjustment, 0);
}

Test(core_game_blocked, a_lexicon_without_a_graph_cannot_tell)
{
    /* The rules-only lexicon of the other tests: the rule cannot be
     * decided, and only two passes end the game, as before. */
    static const char *const plain[] = {"CAT", "CATS", NULL};
    struct core_lexicon rules_only = ts_lexicon(plain);
    struct core_game g;
    end_position(&g, "VV", "JQ");
    struct core_move p = pass_move();
    struct core_move_result res;
    struct clb_error err;
    cr_assert_eq(core_move_apply(&g, &p, &rules_only, &g, &res, &err),
                 CLB_ERR_OK);
    cr_assert_not(g.game_over);
    cr_assert_eq(core_move_apply(&g, &p, &rules_only, &g, &res, &err),
                 CLB_ERR_OK);
    cr_assert_eq(g.end, CORE_END_PASSES);
}
