/* server/gcg.h - a game's history as a GCG file, the plain-text record of
 * Scrabble games that analysis tools (Quackle, Woogles) import.
 *
 * Written from the history a link carries: both players, each move's rack,
 * position, word, points and running total, exchanges, passes, and the
 * end-of-game rack adjustment. Collabble's score is shared, so each
 * player's total in the file is their own moves' points (the two add up to
 * the shared score) and a note gives the shared score. Served by
 * GET /game.gcg?s=S and POST /api/v1/gcg.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_GCG_H
#define SRV_GCG_H

#include <stddef.h>

#include "html.h"
#include "position.h"

/* Appends the GCG text of pos's history to b (overflow is sticky in *b).
 * Cannot fail otherwise. */
void gcg_write(struct out_buf *b, const struct position *pos);

/* "collabble-<gameId>.gcg" into out (cap bytes). Cannot fail. */
void gcg_filename(const struct position *pos, char *out, size_t cap);

#endif
