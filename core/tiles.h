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

/* Premium of a square; CORE_PREMIUM_NONE off the board. The centre is DW. */
enum core_premium core_premium_at(int row, int col);

/* Points of a rack tile ('A'..'Z' or CORE_BLANK) or board square (a
 * lowercase board letter is a blank: 0). Anything else: 0. */
int core_tile_points(char tile);

/* How many of each kind the full bag holds: index 0..25 = A..Z, 26 = blank. */
int core_tile_distribution(int kind);

/* Kind index 0..26 of a rack tile ('A'..'Z', CORE_BLANK), or -1. */
int core_tile_kind(char tile);

/* The rack tile of a kind index (inverse of core_tile_kind). */
char core_kind_tile(int kind);

/* True for 'A'..'Z'. */
bool core_is_upper(char c);

/* True for 'a'..'z'. */
bool core_is_lower(char c);

#endif
