/* core/tiles.c - the English tile set and the premium layout (tiles.h).
 * Tables straight from the design spec; pure, cannot fail. */
/* SPDX-License-Identifier: MIT */
#include "tiles.h"

static const int letter_points[CLB_LETTERS] = {
    1, 3, 3, 2,  1, 4, 2, 4, 1, 8, 5, 1, 3,  /* A..M */
    1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10, /* N..Z */
};

static const int distribution[CLB_TILE_KINDS] = {
    9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, /* A..M */
    6, 8, 2, 1, 6,  4, 6, 4, 2, 2, 1, 2, 1, /* N..Z */
    2,                                      /* blank */
};

/* The spec's premium squares, one quadrant-symmetric map. Letters:
 * T = triple word, D = double word (and the star), t = triple letter,
 * d = double letter. */
static const char premium_map[CLB_BOARD_SIZE][CLB_BOARD_SIZE + 1] = {
    "T..d...T...d..T", /*  0 */
    ".D...t...t...D.", /*  1 */
    "..D...d.d...D..", /*  2 */
    "d..D...d...D..d", /*  3 */
    "....D.....D....", /*  4 */
    ".t...t...t...t.", /*  5 */
    "..d...d.d...d..", /*  6 */
    "T..d...D...d..T", /*  7 */
    "..d...d.d...d..", /*  8 */
    ".t...t...t...t.", /*  9 */
    "....D.....D....", /* 10 */
    "d..D...d...D..d", /* 11 */
    "..D...d.d...D..", /* 12 */
    ".D...t...t...D.", /* 13 */
    "T..d...T...d..T", /* 14 */
};

/* The premium of each letter of the map (the rest, '.', is none): a
 * lookup, since scoring asks for every square of every word. */
static const unsigned char premium_of[128] = {
    ['T'] = CORE_PREMIUM_TW,
    ['D'] = CORE_PREMIUM_DW,
    ['t'] = CORE_PREMIUM_TL,
    ['d'] = CORE_PREMIUM_DL,
};
static_assert(CORE_PREMIUM_NONE == 0, "unlisted letters are no premium");

enum core_premium core_premium_at(int row, int col)
{
    if (row < 0 || row >= CLB_BOARD_SIZE || col < 0 || col >= CLB_BOARD_SIZE)
        return CORE_PREMIUM_NONE;
    return (enum core_premium)premium_of[(unsigned char)premium_map[row][col]];
}

bool core_is_upper(char c)
{
    return c >= 'A' && c <= 'Z';
}

bool core_is_lower(char c)
{
    return c >= 'a' && c <= 'z';
}

int core_tile_points(char tile)
{
    if (core_is_upper(tile))
        return letter_points[tile - 'A'];
    return 0; /* blanks, in a rack ('?') or on the board (lowercase) */
}

int core_tile_distribution(int kind)
{
    if (kind < 0 || kind >= CLB_TILE_KINDS)
        return 0;
    return distribution[kind];
}

int core_tile_kind(char tile)
{
    if (core_is_upper(tile))
        return tile - 'A';
    if (tile == CORE_BLANK)
        return CLB_BLANK_INDEX;
    return -1;
}

char core_kind_tile(int kind)
{
    if (kind >= 0 && kind < CLB_LETTERS)
        return (char)('A' + kind);
    return CORE_BLANK;
}
