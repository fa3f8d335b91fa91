/* core/rng.c - FNV-1a hashing and splitmix64 draws (see rng.h for why the
 * draws are deterministic). Pure; cannot fail. */
/* SPDX-License-Identifier: MIT */
#include "rng.h"

#define FNV_PRIME UINT64_C(0x100000001b3)

uint64_t core_hash_bytes(uint64_t h, const void *data, size_t len)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < len; i++) {
        h ^= p[i];
        h *= FNV_PRIME;
    }
    return h;
}

uint64_t core_hash_int(uint64_t h, int v)
{
    uint32_t u = (uint32_t)v;
    unsigned char b[4] = {(unsigned char)u, (unsigned char)(u >> 8),
                          (unsigned char)(u >> 16), (unsigned char)(u >> 24)};
    return core_hash_bytes(h, b, sizeof b);
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
