/* core/grade.c - the grade bands (grade.h): data, highest first. */
/* SPDX-License-Identifier: MIT */
#include "grade.h"

#include <stddef.h>
#include <stdint.h>

static const struct {
    int least; /* the least whole percent of the best plays */
    const char *name;
} bands[] = {
    {100, "Perfect"}, /* the best play every turn */
    {90, "Superb"},   /* a best play missed by a few points */
    {75, "Expert"},   /* most turns at or near their best */
    {60, "Strong"},   /* a good share of the board's worth */
    {40, "Good"},     /* a sound game, chances left */
    {0, "Learning"},  /* under 40%: the review shows where */
};

bool core_grade_of(int scored, int possible, struct core_grade *out)
{
    if (possible <= 0 || scored < 0 || scored > possible)
        return false;
    out->percent = (int)((int64_t)scored * 100 / possible);
    size_t i = 0;
    while (out->percent < bands[i].least)
        i++;
    out->name = bands[i].name;
    return true;
}
