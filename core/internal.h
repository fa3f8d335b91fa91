/* core/internal.h - helpers shared by core's own files, not part of the
 * API the server sees. */
/* SPDX-License-Identifier: MIT */
#ifndef CORE_INTERNAL_H
#define CORE_INTERNAL_H

#include <stdint.h>

#include "game.h"

/* Takes one tile from the bag (of set ts) at random; '\0' when the bag
 * is empty. */
char core_bag_draw(const struct core_tileset *ts, int bag[CLB_MAX_TILE_KINDS],
                   uint64_t *rng);

/* Draws into the rack until it holds CLB_RACK_SIZE or the bag is empty. */
void core_rack_refill(const struct core_tileset *ts, struct core_rack *rack,
                      int bag[CLB_MAX_TILE_KINDS], uint64_t *rng);

/* The kinds a bag of set ts counts (its letters and the blank), rounded
 * up to whole groups of three, for the loops that take three at a time
 * (the kinds past the blank are zero). */
static inline int core_bag_groups_end(const struct core_tileset *ts)
{
    return (ts->n + 1 + 2) / 3 * 3;
}

/* Validates and scores a play (geometry, connection, words). The move is
 * canonical (core_move_canonical: sorted by square) and *result cleared
 * by the caller. Fills result and, for apply, `placed_board` (the board
 * with the play on it). */
enum clb_err core_play_check(const struct core_game *game,
                             const struct core_move *move,
                             const struct core_lexicon *lexicon,
                             char placed_board[CLB_BOARD_SIZE][CLB_BOARD_SIZE],
                             struct core_move_result *result,
                             struct clb_error *err);

struct core_board_memo;

/* core_move_apply() for a move that is canonical already (the output of
 * core_move_canonical(), as a history records it): the same checks, draws
 * and result, without making it canonical again. next may be game.
 * memo (NULL for none) is CLB_PLAYERS board memos, one for each player's
 * turn, that the draws' seed hashes the board through: a history's replay
 * passes its own, so each move hashes only what changed. */
enum clb_err core_move_apply_canonical(const struct core_game *game,
                                       const struct core_move *move,
                                       const struct core_lexicon *lexicon,
                                       struct core_game *next,
                                       struct core_move_result *result,
                                       struct core_board_memo *memo,
                                       struct clb_error *err);

#endif
