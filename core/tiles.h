/* core/tiles.h - the English tile set: letter values, the 100-tile
 * distribution, and the premium layout of the 15x15 board.
 *
 * Tiles are written as chars throughout core: 'A'..'Z' for letters and
 * CORE_BLANK ('?') for a blank in a rack or the bag. On the board a blank is
 * stored as the lowercase letter it stands for. Pure tables; cannot fail.
 */
/* SPDX-License-Identifier: MIT */
#ifndef CORE_TILES_H
#define CORE_TILES_H

#include <stdbool.h>

#include "limits.h"

#define CORE_BLANK '?'
#define CORE_EMPTY '.'

enum core_premium {
    CORE_PREMIUM_NONE,
    CORE_PREMIUM_DL,
    CORE_PREMIUM_TL,
    CORE_PREMIUM_DW,
    CORE_PREMIUM_TW,
};

/* The tables behind the inline lookups below (core/tiles.c): letter
 * values A..Z, and the premium of every square. Read them through the
 * functions. The lookups are inline because scoring and replaying a link
 * ask for them for every square of every word. */
extern const unsigned char core_letter_points_[CLB_LETTERS];
extern const unsigned char core_premium_grid_[CLB_BOARD_SIZE][CLB_BOARD_SIZE];

/* True for 'A'..'Z'. */
static inline bool core_is_upper(char c)
{
    return c >= 'A' && c <= 'Z';
}

/* True for 'a'..'z'. */
static inline bool core_is_lower(char c)
{
    return c >= 'a' && c <= 'z';
}

/* Premium of a square; CORE_PREMIUM_NONE off the board. The centre is DW. */
static inline enum core_premium core_premium_at(int row, int col)
{
    if (row < 0 || row >= CLB_BOARD_SIZE || col < 0 || col >= CLB_BOARD_SIZE)
        return CORE_PREMIUM_NONE;
    return (enum core_premium)core_premium_grid_[row][col];
}

/* Points of a rack tile ('A'..'Z' or CORE_BLANK) or board square (a
 * lowercase board letter is a blank: 0). Anything else: 0. */
static inline int core_tile_points(char tile)
{
    if (core_is_upper(tile))
        return core_letter_points_[tile - 'A'];
    return 0; /* blanks, in a rack ('?') or on the board (lowercase) */
}

/* How many of each kind the full bag holds: index 0..25 = A..Z, 26 = blank. */
int core_tile_distribution(int kind);

/* Kind index 0..26 of a rack tile ('A'..'Z', CORE_BLANK), or -1. */
static inline int core_tile_kind(char tile)
{
    if (core_is_upper(tile))
        return tile - 'A';
    if (tile == CORE_BLANK)
        return CLB_BLANK_INDEX;
    return -1;
}

/* The rack tile of a kind index (inverse of core_tile_kind). */
static inline char core_kind_tile(int kind)
{
    if (kind >= 0 && kind < CLB_LETTERS)
        return (char)('A' + kind);
    return CORE_BLANK;
}

#endif
