/* core/tiles.h - a tile's byte and what it means in a tile set, and the
 * premium layout of the 15x15 board.
 *
 * Tiles are one byte throughout core (core/tileset.h says why): letter m
 * of the set is 0x41 + m, a blank standing for it (on the board, or in a
 * play) 0x61 + m, CORE_BLANK a blank in a rack or the bag, CORE_EMPTY an
 * empty square. Every test of a byte's range is one of the helpers below:
 * they take the set's letter count n and compare unsigned, because the
 * blank of letter 31 is 0x80. A bag counts tiles by kind: letters 0..n-1,
 * then the blank as kind n. Pure; cannot fail.
 */
/* SPDX-License-Identifier: MIT */
#ifndef CORE_TILES_H
#define CORE_TILES_H

#include <stdbool.h>

#include "limits.h"
#include "tileset.h"

#define CORE_BLANK '?'
#define CORE_EMPTY '.'

/* The byte of letter 0 and of a blank standing for letter 0. */
#define CORE_TILE_LETTER_BASE 0x41u
#define CORE_TILE_BLANK_BASE 0x61u

enum core_premium {
    CORE_PREMIUM_NONE,
    CORE_PREMIUM_DL,
    CORE_PREMIUM_TL,
    CORE_PREMIUM_DW,
    CORE_PREMIUM_TW,
};

/* The premium of every square (core/tiles.c); read it through
 * core_premium_at, inline because scoring asks for every square. */
extern const unsigned char core_premium_grid_[CLB_BOARD_SIZE][CLB_BOARD_SIZE];

/* The letter (0..n-1) of a letter tile's byte, or -1. */
static inline int core_tile_letter(char tile, int n)
{
    unsigned m = (unsigned char)tile - CORE_TILE_LETTER_BASE;
    return m < (unsigned)n ? (int)m : -1;
}

/* The letter (0..n-1) a blank's byte stands for, or -1. */
static inline int core_tile_blank_letter(char tile, int n)
{
    unsigned m = (unsigned char)tile - CORE_TILE_BLANK_BASE;
    return m < (unsigned)n ? (int)m : -1;
}

/* True for a letter tile of a set of n letters. */
static inline bool core_tile_is_letter(char tile, int n)
{
    return core_tile_letter(tile, n) >= 0;
}

/* True for a blank standing for a letter of a set of n letters. */
static inline bool core_tile_is_blank_letter(char tile, int n)
{
    return core_tile_blank_letter(tile, n) >= 0;
}

/* The letter shown by a board square or play tile (a letter tile or a
 * blank standing for one), or -1. */
static inline int core_tile_face_letter(char tile, int n)
{
    int m = core_tile_letter(tile, n);
    return m >= 0 ? m : core_tile_blank_letter(tile, n);
}

/* The byte of letter m, and of a blank standing for it. */
static inline char core_letter_tile(int m)
{
    return (char)(unsigned char)(CORE_TILE_LETTER_BASE + (unsigned)m);
}

static inline char core_blank_tile(int m)
{
    return (char)(unsigned char)(CORE_TILE_BLANK_BASE + (unsigned)m);
}

/* The letter tile a square shows: a blank's byte becomes its letter's
 * (so a word reads as letters); anything else is returned as it is. */
static inline char core_tile_face(char tile, int n)
{
    int m = core_tile_blank_letter(tile, n);
    return m >= 0 ? core_letter_tile(m) : tile;
}

/* Premium of a square; CORE_PREMIUM_NONE off the board. The centre is DW. */
static inline enum core_premium core_premium_at(int row, int col)
{
    if (row < 0 || row >= CLB_BOARD_SIZE || col < 0 || col >= CLB_BOARD_SIZE)
        return CORE_PREMIUM_NONE;
    return (enum core_premium)core_premium_grid_[row][col];
}

/* Points of a rack tile (a letter or CORE_BLANK) or board square (a blank
 * standing for a letter: 0). Anything else: 0. */
static inline int core_tile_points(const struct core_tileset *ts, char tile)
{
    int m = core_tile_letter(tile, ts->n);
    return m >= 0 ? ts->points[m] : 0;
}

/* The kind of a rack tile (a letter m is kind m, CORE_BLANK kind n), or
 * -1. */
static inline int core_tile_kind(const struct core_tileset *ts, char tile)
{
    if (tile == CORE_BLANK)
        return ts->n;
    return core_tile_letter(tile, ts->n);
}

/* The rack tile of a kind (inverse of core_tile_kind). */
static inline char core_kind_tile(const struct core_tileset *ts, int kind)
{
    return kind >= 0 && kind < ts->n ? core_letter_tile(kind) : CORE_BLANK;
}

/* How many of a kind the full bag holds; 0 for no kind of the set. */
static inline int core_tile_distribution(const struct core_tileset *ts,
                                         int kind)
{
    if (kind >= 0 && kind < ts->n)
        return ts->count[kind];
    return kind == ts->n ? ts->blanks : 0;
}

/* The name of a kind as links, errors and the API write it: the letter's
 * display string, or "BLANK" for the blank. */
const char *core_kind_name(const struct core_tileset *ts, int kind);

/* How a tile's byte is shown: a letter's upper display string, a blank
 * standing for one its lower, CORE_BLANK "?"; anything else "". */
const char *core_tile_text(const struct core_tileset *ts, char tile);

/* The bytes a word's text may take: each tile's display string. */
#define CORE_WORD_TEXT_MAX (CLB_WORD_MAX * CLB_MAX_TILE_BYTES + 1)

/* Writes the display strings of n tile bytes (a word, a rack) into out
 * (cap bytes, NUL-terminated, cut short if it must be); returns its
 * length. English's text is its bytes. */
size_t core_tiles_text(const struct core_tileset *ts, const char *tiles,
                       size_t n, char *out, size_t cap);

#endif
