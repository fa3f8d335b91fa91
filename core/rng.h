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

#include "tiles.h"

#define CORE_HASH_INIT UINT64_C(0xcbf29ce484222325) /* FNV-1a offset basis */

/* Folds len bytes into a running FNV-1a hash. Cannot fail. */
uint64_t core_hash_bytes(uint64_t h, const void *data, size_t len);

/* core_hash_bytes() over a board's 225 squares, row by row, in fewer
 * steps where the squares are empty (the same value). Cannot fail. */
uint64_t core_hash_board(uint64_t h,
                         const char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE]);

/* What core_hash_board_memo() keeps of the board it hashed last: the
 * state it began with, the board, and the state before each of its 8-byte
 * words, so that the next board, a move later, is hashed from its first
 * changed word on (an exchange or a pass changes none). Valid only when
 * magic is CORE_BOARD_MEMO_MAGIC; set magic to 0 to start one. */
#define CORE_BOARD_HASH_WORDS ((CLB_BOARD_SIZE * CLB_BOARD_SIZE + 7) / 8)
#define CORE_BOARD_MEMO_MAGIC UINT32_C(0x6d656d6f)
struct core_board_memo {
    uint32_t magic;
    uint64_t start;
    uint64_t end;
    unsigned char board[CLB_BOARD_SIZE * CLB_BOARD_SIZE];
    uint64_t states[CORE_BOARD_HASH_WORDS];
};

/* core_hash_board(h, board), the same value, from what *m kept of the
 * last board it hashed from the same h; *m then keeps this one. It checks
 * the whole board against the kept one, so a memo that is stale, copied
 * or of another game only costs the full hash. Cannot fail. */
uint64_t core_hash_board_memo(struct core_board_memo *m, uint64_t h,
                              const char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE]);

#define CORE_FNV_PRIME UINT64_C(0x100000001b3)
/* The prime to the fourth power, mod 2^64: four steps over zero bytes. */
#define CORE_FNV_PRIME4                                                        \
    (CORE_FNV_PRIME * CORE_FNV_PRIME * CORE_FNV_PRIME * CORE_FNV_PRIME)

/* Folds an int (as 4 little-endian bytes, so the hash is the same on every
 * platform). Cannot fail. Inline, like the draws below: every move of a
 * replayed link hashes some fifty ints and draws its tiles. */
static inline uint64_t core_hash_int(uint64_t h, int v)
{
    uint32_t u = (uint32_t)v;
    /* Most ints hashed (bag counts, scores of one byte, coordinates) are
     * below 256: their three zero bytes each leave the xor alone, so the
     * four steps are the xor and the prime to the fourth power (the
     * product wraps mod 2^64 as the steps do; a test checks). */
    if (u < 256)
        return (h ^ u) * CORE_FNV_PRIME4;
    for (int i = 0; i < 4; i++)
        h = (h ^ (u >> (8 * i) & 0xFF)) * CORE_FNV_PRIME;
    return h;
}

/* splitmix64: advances *state and returns the next 64-bit value. */
static inline uint64_t core_rng_next(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* A value in [0, bound) for bound >= 1, without modulo bias. */
static inline uint32_t core_rng_below(uint64_t *state, uint32_t bound)
{
    /* Rejection sampling keeps every tile equally likely. */
    uint32_t limit = UINT32_MAX - UINT32_MAX % bound;
    for (;;) {
        uint32_t r = (uint32_t)(core_rng_next(state) >> 32);
        if (r < limit)
            return r % bound;
    }
}

#endif
