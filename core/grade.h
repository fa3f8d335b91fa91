/* core/grade.h - the grade of a game: the team's points against the best
 * plays' (core/review.h), as a share and a named band.
 *
 * The share is floor(100 x scored / possible), a whole percent, and the
 * band the first whose least share it reaches (docs/RULES.md, "Grades"). The
 * comparison is exact integer arithmetic, so a boundary is never missed by
 * rounding: 899 of 1,000 is 89%, never 90%. Pure: no I/O.
 */
/* SPDX-License-Identifier: MIT */
#ifndef CORE_GRADE_H
#define CORE_GRADE_H

#include <stdbool.h>

struct core_grade {
    int percent;      /* floor(100 x scored / possible), 0..100 */
    const char *name; /* the band's name, "Expert" */
};

/* The grade of `scored` points of a possible `possible` (the review's
 * totals: 0 <= scored <= possible). False, and no grade, when possible is
 * not above 0 (no rack could ever play: nothing to compare) or scored is
 * outside 0..possible. */
bool core_grade_of(int scored, int possible, struct core_grade *out);

#endif
