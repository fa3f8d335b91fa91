/* tests/core/test_grade.c - the grade bands (core/grade.h), at every
 * boundary, worked by hand: the share is floor(100 x scored / possible). */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>

#include "../../core/grade.h"

static void graded(int scored, int possible, int percent, const char *name)
{
    struct core_grade g;
    cr_assert(core_grade_of(scored, possible, &g), "%d/%d", scored, possible);
    cr_assert_eq(g.percent, percent, "%d/%d: %d%%", scored, possible,
                 g.percent);
    cr_assert_str_eq(g.name, name, "%d/%d", scored, possible);
}

Test(core_grade, bands_at_their_boundaries)
{
    graded(953, 953, 100, "Perfect");  /* every turn the best play */
    graded(952, 953, 99, "Superb");    /* 99.89...: floor 99 */
    graded(932, 953, 97, "Superb");    /* 97.79... */
    graded(90, 100, 90, "Superb");     /* exactly 90 */
    graded(899, 1000, 89, "Expert");   /* 89.9: never rounded up */
    graded(3, 4, 75, "Expert");        /* exactly 75 */
    graded(749, 1000, 74, "Strong");   /* 74.9 */
    graded(3, 5, 60, "Strong");        /* exactly 60 */
    graded(599, 1000, 59, "Good");     /* 59.9 */
    graded(2, 5, 40, "Good");          /* exactly 40 */
    graded(399, 1000, 39, "Learning"); /* 39.9 */
    graded(0, 17, 0, "Learning");      /* not one point */
}

Test(core_grade, large_scores_do_not_overflow)
{
    /* 100 x 1,000,000 is within int, but the product is taken in 64 bits
     * all the same: 999,999 of 1,000,000 is 99.9999%: 99. */
    graded(999999, 1000000, 99, "Superb");
    graded(2000000000, 2000000000, 100, "Perfect");
}

Test(core_grade, nothing_to_compare)
{
    struct core_grade g = {7, "x"};
    cr_assert_not(core_grade_of(0, 0, &g)); /* no rack could ever play */
    cr_assert_not(core_grade_of(5, 4, &g)); /* more than possible */
    cr_assert_not(core_grade_of(-1, 4, &g));
    cr_assert_eq(g.percent, 7);
}
