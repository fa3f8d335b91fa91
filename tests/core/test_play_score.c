/* tests/core/test_play_score.c - scoring: letter and word premiums, stacking,
 * cross-words, blanks, bingo, and premiums already covered. Every expected
 * score is worked out by hand in the comment beside the case. Board squares
 * are (row, col), 0-based; the premium map is the spec's. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>

#include "test_support.h"

static const char *const words[] = {
    "CAT",     "CATS",     "QUART", "MUSSELS", "SEAT", "ABSTRACT",
    "AT",      "BALLOONS", "OX",    "AX",      "XI",   "TI",
    "RETAINS", "TO",       "ZA",    "QI",      NULL};

static struct core_move_result play_ok(struct core_game *g,
                                       const struct core_move *m)
{
    struct core_lexicon lex = ts_lexicon(words);
    struct core_move_result res;
    struct clb_error err;
    enum clb_err rc = core_move_apply(g, m, &lex, g, &res, &err);
    cr_assert_eq(rc, CLB_ERR_OK, "move refused: %s (%s)", clb_err_str(rc),
                 err.detail);
    return res;
}

Test(core_play_score, first_word_doubled_by_the_star)
{
    /* CAT at (7,6)-(7,8): C 3 + A 1 (star, DW) + T 1 = 5, x2 = 10. */
    struct core_game g;
    struct core_move m;
    ts_game(&g, "CAT", "");
    ts_play_word(&m, &g, 7, 6, true, "CAT");
    struct core_move_result r = play_ok(&g, &m);
    cr_assert_eq(r.points, 10);
    cr_assert_eq(r.nwords, 1);
    cr_assert_str_eq(r.words[0], "CAT");
    cr_assert_eq(g.score, 10);
    cr_assert_not(r.bingo);
}

Test(core_play_score, double_letter_then_double_word)
{
    /* QUART at (7,3)-(7,7): Q 10 on DL (7,3) = 20, U 1, A 1, R 1,
     * T 1 on the star; (20+1+1+1+1) = 24, x2 = 48. */
    struct core_game g;
    struct core_move m;
    ts_game(&g, "QUART", "");
    ts_play_word(&m, &g, 7, 3, true, "QUART");
    cr_assert_eq(play_ok(&g, &m).points, 48);
}

Test(core_play_score, two_double_words_make_times_four)
{
    /* SEAT down column 7 (4,7)-(7,7) is on the board. MUSSELS across row 4
     * from (4,4) to (4,10) uses its S at (4,7). DWs at (4,4) and (4,10):
     * M3 U1 S1 S1 E1 L1 S1 = 9, x2 x2 = 36. Six tiles: no bingo. */
    struct core_game g;
    struct core_move m;
    ts_game(&g, "MUSELSE", "");
    ts_board_word(&g, 4, 7, false, "SEAT");
    ts_play_word(&m, &g, 4, 4, true, "MUSSELS");
    cr_assert_eq(m.ntiles, 6);
    struct core_move_result r = play_ok(&g, &m);
    cr_assert_eq(r.points, 36);
    cr_assert_not(r.bingo);
}

Test(core_play_score, two_triple_words_make_times_nine_with_bingo)
{
    /* OX down column 4 from (0,4). BALLOONS across row 0 (0,0)-(0,7) with
     * the O at (0,4) already there: B3 (TW) A1 L1 L1x2 (DL at (0,3)) O1
     * O1 N1 S1 (TW) = 11, x3 x3 = 99, seven tiles placed: +50 = 149. */
    struct core_game g;
    struct core_move m;
    ts_game(&g, "BALLONS", "");
    ts_board_word(&g, 0, 4, false, "OX");
    ts_play_word(&m, &g, 0, 0, true, "BALLOONS");
    cr_assert_eq(m.ntiles, 7);
    struct core_move_result r = play_ok(&g, &m);
    cr_assert_eq(r.points, 149);
    cr_assert(r.bingo);
}

Test(core_play_score, covered_premium_not_counted_again)
{
    /* AT down column 7 at (6,7),(7,7) covers the star. ABSTRACT across row
     * 7 (7,0)-(7,7) ends on its T: A1 (TW) B3 S1 T1x2 (DL (7,3)) R1 A1 C3
     * + T1 on the covered star (no x2) = 13, x3 = 39, bingo +50 = 89. */
    struct core_game g;
    struct core_move m;
    ts_game(&g, "ABSTRAC", "");
    ts_board_word(&g, 6, 7, false, "AT");
    ts_play_word(&m, &g, 7, 0, true, "ABSTRACT");
    struct core_move_result r = play_ok(&g, &m);
    cr_assert_eq(r.points, 89);
    cr_assert(r.bingo);
}

Test(core_play_score, cross_words_each_scored_with_shared_premium)
{
    /* CAT across (7,6)-(7,8). Play X at (8,7) and I at (8,8) (DL).
     * XI: X8 + I1x2 = 10. AX (down col 7): A1 (covered star) + X8 = 9.
     * TI (down col 8): T1 + I1x2 = 3. Total 10 + 9 + 3 = 22. */
    struct core_game g;
    struct core_move m;
    ts_game(&g, "XI", "");
    ts_board_word(&g, 7, 6, true, "CAT");
    ts_move_play(&m);
    ts_place(&m, 8, 7, 'X', false);
    ts_place(&m, 8, 8, 'I', false);
    struct core_move_result r = play_ok(&g, &m);
    cr_assert_eq(r.nwords, 3);
    cr_assert_str_eq(r.words[0], "XI");
    cr_assert_eq(r.word_points[0], 10);
    cr_assert_eq(r.word_points[1] + r.word_points[2], 12);
    cr_assert_eq(r.points, 22);
}

Test(core_play_score, hook_extends_a_word)
{
    /* CAT across (7,6)-(7,8); S at (7,9): CATS = 3+1+1+1 = 6, no premium
     * under the new S and the star is already covered. */
    struct core_game g;
    struct core_move m;
    ts_game(&g, "S", "");
    ts_board_word(&g, 7, 6, true, "CAT");
    ts_move_play(&m);
    ts_place(&m, 7, 9, 'S', false);
    struct core_move_result r = play_ok(&g, &m);
    cr_assert_str_eq(r.words[0], "CATS");
    cr_assert_eq(r.points, 6);
}

Test(core_play_score, single_tile_forming_a_vertical_word)
{
    /* CAT across (7,6)-(7,8); O at (8,8) (DL) forms TO down column 8:
     * T1 + O1x2 = 3. No across word: O has no neighbours in row 8. */
    struct core_game g;
    struct core_move m;
    ts_game(&g, "O", "");
    ts_board_word(&g, 7, 6, true, "CAT");
    ts_move_play(&m);
    ts_place(&m, 8, 8, 'O', false);
    struct core_move_result r = play_ok(&g, &m);
    cr_assert_eq(r.nwords, 1);
    cr_assert_str_eq(r.words[0], "TO");
    cr_assert_eq(r.points, 3);
}

Test(core_play_score, blank_on_double_word_scores_zero_but_doubles)
{
    /* C (7,6), blank as A on the star (7,7), T (7,8): 3 + 0 + 1 = 4, x2 = 8.
     * The blank is stored lowercase. */
    struct core_game g;
    struct core_move m;
    ts_game(&g, "C?T", "");
    ts_play_word(&m, &g, 7, 6, true, "CaT");
    struct core_move_result r = play_ok(&g, &m);
    cr_assert_eq(r.points, 8);
    cr_assert_eq(g.board[7][7], 'a');
    cr_assert_str_eq(r.words[0], "CAT");
}

Test(core_play_score, blank_on_letter_premium_is_still_zero)
{
    /* Blank as Q on the DL (7,3), then U A R T to the star:
     * 0x2 + 1 + 1 + 1 + 1 = 4, x2 = 8. */
    struct core_game g;
    struct core_move m;
    ts_game(&g, "?UART", "");
    ts_play_word(&m, &g, 7, 3, true, "qUART");
    cr_assert_eq(play_ok(&g, &m).points, 8);
}

Test(core_play_score, blank_on_triple_letter_in_cross_word)
{
    /* Z is on the board at (8,5); a blank as A on the TL (9,5) forms ZA
     * down column 5: Z10 (already there) + 0x3 = 10. */
    struct core_game g;
    struct core_move m;
    ts_game(&g, "?", "");
    ts_board_word(&g, 8, 5, true, "Z");
    ts_move_play(&m);
    ts_place(&m, 9, 5, 'A', true);
    struct core_move_result r = play_ok(&g, &m);
    cr_assert_str_eq(r.words[0], "ZA");
    cr_assert_eq(r.points, 10);
}

Test(core_play_score, seven_tile_first_play_is_a_bingo)
{
    /* RETAINS (7,1)-(7,7): R1 E1 T1x2 (DL (7,3)) A1 I1 N1 S1 (star) = 8,
     * x2 = 16, +50 = 66. */
    struct core_game g;
    struct core_move m;
    ts_game(&g, "RETAINS", "");
    ts_play_word(&m, &g, 7, 1, true, "RETAINS");
    struct core_move_result r = play_ok(&g, &m);
    cr_assert(r.bingo);
    cr_assert_eq(r.points, 66);
}

Test(core_play_score, emptying_a_short_rack_is_not_a_bingo)
{
    /* The bag is empty and P1 holds only A T. AT at (7,7)-(7,8):
     * A1 (star) + T1 = 2, x2 = 4; two tiles: no bingo; P1 went out. */
    struct core_game g;
    struct core_move m;
    ts_game(&g, "AT", "QI");
    ts_empty_bag(&g);
    ts_play_word(&m, &g, 7, 7, true, "AT");
    struct core_move_result r = play_ok(&g, &m);
    cr_assert_not(r.bingo);
    cr_assert_eq(r.points, 4);
    cr_assert(r.game_over);
}
