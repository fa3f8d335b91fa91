/* tests/support/brute.h - the reference move generator the real one is
 * checked against: every placement of every subset of the rack, each
 * judged by core_move_check(). Slow on purpose and independent of the word
 * graph, anchors and cross-checks; used by tests/core/test_movegen.c and
 * bench/bench_movegen.c. No Criterion here, so the benchmark can link it. */
/* SPDX-License-Identifier: MIT */
#ifndef TS_BRUTE_H
#define TS_BRUTE_H

#include <stddef.h>

#include "../../core/game.h"
#include "../../core/movegen.h"

/* A play in canonical form: its placements sorted by square, and the
 * points core_move_check() gives it. */
struct ts_play {
    int points;
    int ntiles;
    struct core_placement tiles[CLB_RACK_SIZE];
};

/* Every legal play of the player to move in `game`, judged by `lexicon`,
 * into out[0..cap-1] sorted (ts_play_cmp); returns how many there are (only
 * the first cap are kept). Placements with an empty square between two of
 * their tiles are not tried: the gap rule refuses every one of them. */
size_t ts_brute_plays(const struct core_game *game,
                      const struct core_lexicon *lexicon, struct ts_play *out,
                      size_t cap);

/* A generated play in the same canonical form. */
void ts_play_from(const struct core_play *p, const struct core_game *game,
                  struct ts_play *out);

/* Orders canonical plays: by placements, then points. */
int ts_play_cmp(const void *a, const void *b);

/* Sorts n canonical plays. */
void ts_play_sort(struct ts_play *plays, size_t n);

#endif
