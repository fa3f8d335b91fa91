/* core/tiles.c - the English tile set and the premium layout (tiles.h).
 * Tables straight from the design spec; pure, cannot fail. */
/* SPDX-License-Identifier: MIT */
#include "tiles.h"

const unsigned char core_letter_points_[CLB_LETTERS] = {
    1, 3, 3, 2,  1, 4, 2, 4, 1, 8, 5, 1, 3,  /* A..M */
    1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10, /* N..Z */
};

static const int distribution[CLB_TILE_KINDS] = {
    9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, /* A..M */
    6, 8, 2, 1, 6,  4, 6, 4, 2, 2, 1, 2, 1, /* N..Z */
    2,                                      /* blank */
};

/* The spec's premium squares, one quadrant-symmetric map:
 * T = triple word, D = double word (and the star), t = triple letter,
 * d = double letter, _ = none. A lookup, since scoring asks for every
 * square of every word. */
#define T CORE_PREMIUM_TW
#define D CORE_PREMIUM_DW
#define t CORE_PREMIUM_TL
#define d CORE_PREMIUM_DL
#define _ CORE_PREMIUM_NONE
const unsigned char core_premium_grid_[CLB_BOARD_SIZE][CLB_BOARD_SIZE] = {
    {T, _, _, d, _, _, _, T, _, _, _, d, _, _, T}, /*  0 */
    {_, D, _, _, _, t, _, _, _, t, _, _, _, D, _}, /*  1 */
    {_, _, D, _, _, _, d, _, d, _, _, _, D, _, _}, /*  2 */
    {d, _, _, D, _, _, _, d, _, _, _, D, _, _, d}, /*  3 */
    {_, _, _, _, D, _, _, _, _, _, D, _, _, _, _}, /*  4 */
    {_, t, _, _, _, t, _, _, _, t, _, _, _, t, _}, /*  5 */
    {_, _, d, _, _, _, d, _, d, _, _, _, d, _, _}, /*  6 */
    {T, _, _, d, _, _, _, D, _, _, _, d, _, _, T}, /*  7 */
    {_, _, d, _, _, _, d, _, d, _, _, _, d, _, _}, /*  8 */
    {_, t, _, _, _, t, _, _, _, t, _, _, _, t, _}, /*  9 */
    {_, _, _, _, D, _, _, _, _, _, D, _, _, _, _}, /* 10 */
    {d, _, _, D, _, _, _, d, _, _, _, D, _, _, d}, /* 11 */
    {_, _, D, _, _, _, d, _, d, _, _, _, D, _, _}, /* 12 */
    {_, D, _, _, _, t, _, _, _, t, _, _, _, D, _}, /* 13 */
    {T, _, _, d, _, _, _, T, _, _, _, d, _, _, T}, /* 14 */
};
#undef T
#undef D
#undef t
#undef d
#undef _

int core_tile_distribution(int kind)
{
    if (kind < 0 || kind >= CLB_TILE_KINDS)
        return 0;
    return distribution[kind];
}
