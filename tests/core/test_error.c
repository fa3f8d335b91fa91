/* tests/core/test_error.c - the shared error type's helpers: a detail
 * formatted from the error's own detail (a wrapper adding context), cut
 * short at the array, and the history's "move N: ..." wrapper built on it.
 */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <string.h>

#include "../../core/error.h"
#include "../../core/history.h"

Test(core_error, detail_formatted_from_itself)
{
    struct clb_error err;
    clb_error_clear(&err);
    clb_error_set(&err, CLB_ERR_INVALID_WORD, "QZX");
    /* The call link2.c makes for a starting position that is no game. */
    cr_assert_eq(
        clb_error_set(&err, CLB_ERR_BAD_STATE, "start: %.100s", err.detail),
        CLB_ERR_BAD_STATE);
    cr_assert_str_eq(err.detail, "start: QZX");
    cr_assert_eq(err.code, CLB_ERR_BAD_STATE);
}

Test(core_error, detail_used_twice_and_after_the_prefix)
{
    struct clb_error err;
    clb_error_set(&err, CLB_ERR_BAD_STATE, "ab");
    clb_error_set(&err, CLB_ERR_BAD_STATE, "%s-%s-%d-%s", err.detail,
                  err.detail, 7, err.detail);
    cr_assert_str_eq(err.detail, "ab-ab-7-ab");
}

/* A detail as long as the array holds, wrapped in a prefix: the result is
 * cut at the array's end (159 characters and the NUL), the prefix first
 * and then the old detail's start. */
Test(core_error, full_detail_wrapped_is_cut_at_the_array)
{
    struct clb_error err;
    char full[CLB_ERR_DETAIL_MAX];
    memset(full, 'x', sizeof full - 1);
    full[sizeof full - 1] = '\0';
    clb_error_set(&err, CLB_ERR_BAD_STATE, "%s", full);
    cr_assert_eq(strlen(err.detail), CLB_ERR_DETAIL_MAX - 1);
    clb_error_set(&err, CLB_ERR_BAD_STATE, "move 12: %s", err.detail);
    char want[CLB_ERR_DETAIL_MAX];
    memcpy(want, "move 12: ", 9);
    memset(want + 9, 'x', sizeof want - 10);
    want[sizeof want - 1] = '\0';
    cr_assert_str_eq(err.detail, want);
}

Test(core_error, null_format_clears_the_detail)
{
    struct clb_error err;
    clb_error_set(&err, CLB_ERR_BAD_STATE, "something");
    cr_assert_eq(clb_error_set(&err, CLB_ERR_INTERNAL, NULL), CLB_ERR_INTERNAL);
    cr_assert_str_eq(err.detail, "");
}

/* core_history_move_error wraps the move's own error without a copy of
 * its own now: the sentence for the code, then the old detail. */
Test(core_error, history_move_error_wraps_the_detail)
{
    struct clb_error err;
    clb_error_clear(&err);
    clb_error_set(&err, CLB_ERR_INVALID_WORD, "QZX");
    cr_assert_eq(core_history_move_error(&err, 3), CLB_ERR_BAD_STATE);
    cr_assert_str_eq(err.detail, "move 3: Not in the dictionary: QZX");

    clb_error_set(&err, CLB_ERR_GAP, NULL);
    core_history_move_error(&err, 250);
    cr_assert_str_eq(err.detail,
                     "move 250: The tiles must form one word with no gaps");
}
