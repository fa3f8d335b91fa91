/* core/notation.h - a move written as the move list writes it, read into a
 * struct core_move: "8H QUIXOTE" (a play), "pass", "exchange QZ?".
 *
 * The notation is Scrabble's: columns A-O, rows 1-15; row then column
 * ("8H") is a play across, column then row ("H8") one down; the whole word
 * from its first square, the letters already on the board included (they
 * are matched, not placed); a lowercase letter is a blank played as that
 * letter; in an exchange '?' is a blank. A word is read in its game's tile
 * set: cut into tiles by the longest of the set's display strings that
 * fits (core_tileset_cut, either case), so with a CH tile "CHAT" is CH, A,
 * T; a tile written exactly as its lower display string ("ch", "a") is a
 * blank, any other case ("CH", "Ch") the letter. For English that is the
 * rule above: one letter a tile, lowercase a blank. The command-line tool and
 * the page's move form (played without JavaScript) both read moves through
 * here. Pure: no I/O, no allocation. Whether the move is legal is the
 * rules' to say (core_move_check); this only reads it, and says what could
 * not be read and where, as CLB_ERR_BAD_NOTATION with a detail.
 */
/* SPDX-License-Identifier: MIT */
#ifndef CORE_NOTATION_H
#define CORE_NOTATION_H

#include <stdbool.h>
#include <stddef.h>

#include "error.h"
#include "game.h"

/* Reads a square of len bytes: "8H" (row then column: across) or "H8"
 * (column then row: down); the column letter in either case. Returns true
 * with the 0-based *row and *col and the direction its form names in
 * *down; false (nothing set) unless it is one of the 225 squares. */
bool core_square_read(const char *text, size_t len, int *row, int *col,
                      bool *down);

/* Writes the square (row, col) as a play's notation names it: "8H" across,
 * "H8" down (out holds at least 4 bytes). Off-board squares are written as
 * "?". Cannot fail. */
void core_square_write(int row, int col, bool down, char out[4]);

/* The play of `word` (len bytes) from (row, col) across or down on game's
 * board: a placement for each letter whose square is empty (lowercase: a
 * blank), each letter on a filled square checked against it. Returns
 * CLB_ERR_OK with *move a play, or CLB_ERR_BAD_NOTATION with a detail (and
 * the square at fault in err->cells when there is one); *move is then
 * unspecified. */
enum clb_err core_notation_play(const struct core_game *game, int row, int col,
                                bool down, const char *word, size_t len,
                                struct core_move *move, struct clb_error *err);

/* An exchange of the tiles in `tiles` (len bytes) of English: letters in
 * either case and '?' for a blank; spaces are ignored. Returns CLB_ERR_OK
 * with *move an exchange (with no tiles when none were written: the rules
 * refuse it), or CLB_ERR_BAD_NOTATION for another character or more than a
 * rack's worth. */
enum clb_err core_notation_exchange(const char *tiles, size_t len,
                                    struct core_move *move,
                                    struct clb_error *err);

/* The same in the tile set ts: each tile the longest display string that
 * fits, in either case (spaces part tiles: "C H" is C and H, "CH" one CH
 * tile). */
enum clb_err core_notation_exchange_in(const struct core_tileset *ts,
                                       const char *tiles, size_t len,
                                       struct core_move *move,
                                       struct clb_error *err);

/* A whole move of len bytes: "SQUARE WORD" (one space between), "pass" or
 * "exchange TILES". Returns CLB_ERR_OK with *move, or CLB_ERR_BAD_NOTATION
 * with a detail. */
enum clb_err core_notation_read(const struct core_game *game, const char *text,
                                size_t len, struct core_move *move,
                                struct clb_error *err);

#endif
