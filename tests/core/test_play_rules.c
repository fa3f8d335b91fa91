/* tests/core/test_play_rules.c - every way a play can be refused, each with its
 * own error code, in the order the rules check them, plus the cells and
 * words the error names for the page to highlight. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <string.h>

#include "test_support.h"

static const char *const words[] = {"CAT", "CATS", "AT",  "TA",  "ZA",
                                    "QI",  "AX",   "TAX", "ACT", NULL};

static enum clb_err try_move(const struct core_game *g,
                             const struct core_move *m, struct clb_error *err)
{
    struct core_lexicon lex = ts_lexicon(words);
    struct core_move_result res;
    struct core_game next = *g;
    enum clb_err rc = core_move_apply(g, m, &lex, &next, &res, err);
    if (rc != CLB_ERR_OK)
        cr_assert_eq(memcmp(&next, g, sizeof next), 0,
                     "a refused move must leave the state alone");
    /* The preview must agree with the move itself. */
    struct clb_error perr;
    cr_assert_eq(core_move_check(g, m, &lex, &res, &perr), rc);
    return rc;
}

static bool has_cell(const struct clb_error *err, int row, int col)
{
    for (int i = 0; i < err->ncells; i++)
        if (err->cells[i].row == row && err->cells[i].col == col)
            return true;
    return false;
}

Test(core_play_rules, game_over_refuses_every_move)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    ts_game(&g, "CAT", "");
    g.game_over = true;
    ts_play_word(&m, &g, 7, 6, true, "CAT");
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_GAME_OVER);
    m.type = CORE_MOVE_PASS;
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_GAME_OVER);
}

Test(core_play_rules, letter_not_in_rack)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    ts_game(&g, "CAX", "");
    ts_play_word(&m, &g, 7, 6, true, "CAT");
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_NOT_IN_RACK);
    cr_assert(has_cell(&err, 7, 8));
}

Test(core_play_rules, same_letter_twice_needs_two_tiles)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    ts_game(&g, "TA", "");
    ts_move_play(&m);
    ts_place(&m, 7, 7, 'T', false);
    ts_place(&m, 7, 8, 'T', false);
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_NOT_IN_RACK);
}

Test(core_play_rules, blank_play_needs_a_blank)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    ts_game(&g, "CAT", "");
    ts_play_word(&m, &g, 7, 6, true, "CaT");
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_NOT_IN_RACK);
}

Test(core_play_rules, letter_must_be_a_to_z)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    ts_game(&g, "C?T", "");
    ts_move_play(&m);
    ts_place(&m, 7, 7, '1', true);
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_NOT_IN_RACK);
}

Test(core_play_rules, more_tiles_than_the_rack)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    ts_game(&g, "AT", "");
    ts_play_word(&m, &g, 7, 6, true, "CAT");
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_NOT_IN_RACK);
}

Test(core_play_rules, off_the_board)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    ts_game(&g, "CAT", "");
    ts_move_play(&m);
    ts_place(&m, 7, 14, 'C', false);
    ts_place(&m, 7, 15, 'A', false);
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_OUT_OF_BOUNDS);
    ts_move_play(&m);
    ts_place(&m, -1, 7, 'C', false);
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_OUT_OF_BOUNDS);
}

Test(core_play_rules, square_already_taken)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    ts_game(&g, "AT", "");
    ts_board_word(&g, 7, 6, true, "CAT");
    ts_move_play(&m);
    ts_place(&m, 7, 8, 'A', false);
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_OCCUPIED);
    cr_assert(has_cell(&err, 7, 8));
}

Test(core_play_rules, two_tiles_on_one_square)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    ts_game(&g, "AT", "");
    ts_move_play(&m);
    ts_place(&m, 7, 7, 'A', false);
    ts_place(&m, 7, 7, 'T', false);
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_OCCUPIED);
}

Test(core_play_rules, tiles_not_in_one_line)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    ts_game(&g, "CAT", "");
    ts_move_play(&m);
    ts_place(&m, 7, 7, 'C', false);
    ts_place(&m, 7, 8, 'A', false);
    ts_place(&m, 8, 8, 'T', false);
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_NOT_IN_LINE);
    cr_assert_eq(err.ncells, 3);
}

Test(core_play_rules, gap_between_tiles)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    ts_game(&g, "CAT", "");
    ts_move_play(&m);
    ts_place(&m, 7, 6, 'C', false);
    ts_place(&m, 7, 7, 'A', false);
    ts_place(&m, 7, 9, 'T', false);
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_GAP);
    cr_assert_eq(err.ncells, 1);
    cr_assert(has_cell(&err, 7, 8));
}

Test(core_play_rules, existing_tile_fills_the_gap)
{
    /* C _ T with A already on the board between them: not a gap. */
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    ts_game(&g, "CT", "");
    ts_board_word(&g, 6, 7, false, "TA");
    ts_move_play(&m);
    ts_place(&m, 7, 6, 'C', false);
    ts_place(&m, 7, 8, 'T', false);
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_OK);
}

Test(core_play_rules, first_play_must_cover_the_centre)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    ts_game(&g, "CAT", "");
    ts_play_word(&m, &g, 6, 6, true, "CAT");
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_MUST_COVER_CENTER);
    cr_assert(has_cell(&err, 7, 7));
}

Test(core_play_rules, first_play_needs_two_tiles)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    ts_game(&g, "A", "");
    ts_move_play(&m);
    ts_place(&m, 7, 7, 'A', false);
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_TOO_SHORT);
}

Test(core_play_rules, later_play_must_touch)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    ts_game(&g, "AT", "");
    ts_board_word(&g, 7, 6, true, "CAT");
    ts_play_word(&m, &g, 2, 2, true, "AT");
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_NOT_CONNECTED);
}

Test(core_play_rules, invalid_word_names_word_and_cells)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    ts_game(&g, "CTA", "");
    ts_play_word(&m, &g, 7, 6, true, "CTA");
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_INVALID_WORD);
    cr_assert_eq(err.nwords, 1);
    cr_assert_str_eq(err.words[0], "CTA");
    cr_assert_eq(err.ncells, 3);
    cr_assert(has_cell(&err, 7, 6) && has_cell(&err, 7, 8));
    cr_assert(strstr(err.detail, "CTA") != NULL);
}

Test(core_play_rules, invalid_cross_word_is_named_too)
{
    /* CAT across row 7; playing Z at (8,7) and A at (8,8) forms ZA (good)
     * but also AZ down column 7 and TA down column 8: AZ is not a word. */
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    ts_game(&g, "ZA", "");
    ts_board_word(&g, 7, 6, true, "CAT");
    ts_move_play(&m);
    ts_place(&m, 8, 7, 'Z', false);
    ts_place(&m, 8, 8, 'A', false);
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_INVALID_WORD);
    cr_assert_eq(err.nwords, 1);
    cr_assert_str_eq(err.words[0], "AZ");
    cr_assert(has_cell(&err, 7, 7) && has_cell(&err, 8, 7));
}

Test(core_play_rules, no_tiles_to_play_or_exchange)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    ts_game(&g, "CAT", "");
    ts_move_play(&m);
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_NO_TILES);
    m.type = CORE_MOVE_EXCHANGE;
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_NO_TILES);
}

Test(core_play_rules, checks_run_in_the_documented_order)
{
    /* Off the board and not in line at once: the bounds come first. */
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    ts_game(&g, "CAT", "");
    ts_move_play(&m);
    ts_place(&m, 3, 3, 'C', false);
    ts_place(&m, 16, 4, 'A', false);
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_OUT_OF_BOUNDS);
    /* Off the board beats not in the rack: the square cannot exist, and
     * the error names no cell (none could show it). */
    ts_move_play(&m);
    ts_place(&m, 16, 4, 'Q', false);
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_OUT_OF_BOUNDS);
    cr_assert_eq(err.ncells, 0);
    cr_assert_str_eq(err.detail, "row 16, column 4 is off the board");
    /* Also with more tiles than the rack holds. */
    ts_move_play(&m);
    for (int c = 0; c < 4; c++)
        ts_place(&m, 7, c, 'C', false);
    ts_place(&m, -1, 4, 'A', false);
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_OUT_OF_BOUNDS);
    /* On the board, the rack comes before the squares. */
    ts_move_play(&m);
    ts_place(&m, 7, 7, 'Q', false);
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_NOT_IN_RACK);
}

Test(core_play_rules, p2_plays_from_p2_rack)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    ts_game(&g, "Q", "CAT");
    g.turn = CORE_P2;
    ts_play_word(&m, &g, 7, 6, true, "CAT");
    cr_assert_eq(try_move(&g, &m, &err), CLB_ERR_OK);
}

Test(core_play_rules, every_error_has_a_code_and_message)
{
    for (int c = 0; c < CLB_ERR__COUNT; c++) {
        cr_assert_str_neq(clb_err_code((enum clb_err)c), "unknown");
        cr_assert_str_neq(clb_err_str((enum clb_err)c), "unknown error");
    }
    cr_assert_str_eq(clb_err_code(CLB_ERR__COUNT), "unknown");
    cr_assert_str_eq(clb_err_str((enum clb_err) - 1), "unknown error");
    cr_assert_str_eq(clb_err_code(CLB_ERR_INVALID_WORD), "invalid_word");
}
