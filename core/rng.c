/* core/rng.c - FNV-1a hashing and splitmix64 draws (see rng.h for why the
 * draws are deterministic). Pure; cannot fail. */
/* SPDX-License-Identifier: MIT */
#include "rng.h"

#define FNV_PRIME UINT64_C(0x100000001b3)
/* FNV_PRIME * FNV_PRIME * FNV_PRIME * FNV_PRIME, mod 2^64 (a test checks). */
#define FNV_PRIME4 (FNV_PRIME * FNV_PRIME * FNV_PRIME * FNV_PRIME)

/* One step of FNV-1a. */
#define FNV_STEP(h, byte) ((h) = ((h) ^ (uint64_t)(byte)) * FNV_PRIME)

uint64_t core_hash_bytes(uint64_t h, const void *data, size_t len)
{
    /* Every move hashes the whole board (225 bytes), so the loop is
     * unrolled: each byte is still one xor and one multiply, in order. */
    const unsigned char *p = data;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        FNV_STEP(h, p[i]);
        FNV_STEP(h, p[i + 1]);
        FNV_STEP(h, p[i + 2]);
        FNV_STEP(h, p[i + 3]);
        FNV_STEP(h, p[i + 4]);
        FNV_STEP(h, p[i + 5]);
        FNV_STEP(h, p[i + 6]);
        FNV_STEP(h, p[i + 7]);
    }
    for (; i < len; i++)
        FNV_STEP(h, p[i]);
    return h;
}

uint64_t core_hash_int(uint64_t h, int v)
{
    uint32_t u = (uint32_t)v;
    /* Most ints hashed (bag counts, scores of one byte, coordinates) are
     * below 256: their three zero bytes each leave the xor alone, so the
     * four steps are the xor and the prime to the fourth power. */
    if (u < 256)
        return (h ^ u) * FNV_PRIME4;
    FNV_STEP(h, u & 0xFF);
    FNV_STEP(h, u >> 8 & 0xFF);
    FNV_STEP(h, u >> 16 & 0xFF);
    FNV_STEP(h, u >> 24);
    return h;
}

uint64_t core_rng_next(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

uint32_t core_rng_below(uint64_t *state, uint32_t bound)
{
    /* Rejection sampling keeps every tile equally likely. */
    uint32_t limit = UINT32_MAX - UINT32_MAX % bound;
    for (;;) {
        uint32_t r = (uint32_t)(core_rng_next(state) >> 32);
        if (r < limit)
            return r % bound;
    }
}
