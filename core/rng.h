/* core/rng.h - deterministic hashing and pseudo-random draws for core.
 *
 * Tile draws must be reproducible: the same state and the same move always
 * give the same next state, so a link cannot be re-rolled by replaying it
 * and every game replays exactly in tests. The seed is a hash of the state
 * and the move (FNV-1a 64), expanded by splitmix64. Not cryptographic: the
 * partner can see both racks anyway, so unpredictability is not a goal.
 */
/* SPDX-License-Identifier: MIT */
#ifndef CORE_RNG_H
#define CORE_RNG_H

#include <stddef.h>
#include <stdint.h>

#define CORE_HASH_INIT UINT64_C(0xcbf29ce484222325) /* FNV-1a offset basis */

/* Folds len bytes into a running FNV-1a hash. Cannot fail. */
uint64_t core_hash_bytes(uint64_t h, const void *data, size_t len);

/* Folds an int (as 4 little-endian bytes, so the hash is the same on every
 * platform). Cannot fail. */
uint64_t core_hash_int(uint64_t h, int v);

/* splitmix64: advances *state and returns the next 64-bit value. */
uint64_t core_rng_next(uint64_t *state);

/* A value in [0, bound) for bound >= 1, without modulo bias. */
uint32_t core_rng_below(uint64_t *state, uint32_t bound);

#endif
