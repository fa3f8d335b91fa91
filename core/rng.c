/* core/rng.c - FNV-1a hashing and splitmix64 draws (see rng.h for why the
 * draws are deterministic). Pure; cannot fail. */
/* SPDX-License-Identifier: MIT */
#include "rng.h"

#include <string.h>

#define FNV_PRIME CORE_FNV_PRIME

/* One step of FNV-1a. */
#define FNV_STEP(h, byte) ((h) = ((h) ^ (uint64_t)(byte)) * FNV_PRIME)

/* Eight steps, unrolled: each byte still one xor and one multiply, in
 * order. */
static inline uint64_t fnv_step8(uint64_t h, const unsigned char *p)
{
    FNV_STEP(h, p[0]);
    FNV_STEP(h, p[1]);
    FNV_STEP(h, p[2]);
    FNV_STEP(h, p[3]);
    FNV_STEP(h, p[4]);
    FNV_STEP(h, p[5]);
    FNV_STEP(h, p[6]);
    FNV_STEP(h, p[7]);
    return h;
}

uint64_t core_hash_bytes(uint64_t h, const void *data, size_t len)
{
    const unsigned char *p = data;
    size_t i = 0;
    for (; i + 8 <= len; i += 8)
        h = fnv_step8(h, p + i);
    for (; i < len; i++)
        FNV_STEP(h, p[i]);
    return h;
}

/* Eight empty squares in a row, as one 64-bit word of CORE_EMPTY bytes. */
#define EMPTY8 (UINT64_C(0x0101010101010101) * (unsigned char)CORE_EMPTY)
/* FNV_PRIME to the eighth power, mod 2^64 (the board-hash test checks it
 * with every entry of the table below). */
#define FNV_PRIME8                                                             \
    (FNV_PRIME * FNV_PRIME * FNV_PRIME * FNV_PRIME * FNV_PRIME * FNV_PRIME *   \
     FNV_PRIME * FNV_PRIME)

/* Eight FNV-1a steps over CORE_EMPTY bytes in one. A step's xor with a
 * byte e changes only the low byte of h, so h ^ e = h + c(l), where c
 * depends only on l = h mod 256, and the step is h -> (h + c(l)) * P. The
 * low byte's own path through eight steps depends on l alone (a product's
 * low byte needs only its factors' low bytes), so eight steps make
 * h * P^8 + K(l), K(l) = the sum of c(l_i) * P^(8 - i). This table is K
 * for e = CORE_EMPTY, made by running the steps. CORE_EMPTY ('.', 0x2E) has
 * no bit above the sixth, and a product's bit k depends only on its
 * factors' bits up to k, so bits 6 and 7 of l never reach the bits the
 * xor changes: K depends on l mod 64 alone, and the table has 64 entries.
 * A test checks all 256 low bytes against the byte loop. */
static const uint64_t empty8_tail[64] = {
    UINT64_C(0xecc440010982e130), UINT64_C(0x456193d7cd85b780),
    UINT64_C(0x270310145d072150), UINT64_C(0x5630b75d9c0a8180),
    UINT64_C(0x21e3cb3fb1b18330), UINT64_C(0xa1b2742bcfb8d800),
    UINT64_C(0x4e337aa3926836d0), UINT64_C(0x39c13ef9baf8f200),
    UINT64_C(0xc8662670c96fdc30), UINT64_C(0xb029034a3b927800),
    UINT64_C(0xf154a89b5bfb3090), UINT64_C(0x6b7e72c789a55c80),
    UINT64_C(0xad59c9e1cc69c4f0), UINT64_C(0x13086850aa1a1900),
    UINT64_C(0xe5755a2318d254d0), UINT64_C(0xa855c443e6cf8c80),
    UINT64_C(0x3eb41a0cf20bce30), UINT64_C(0x994aa08de8165500),
    UINT64_C(0xaef95eaedeea1590), UINT64_C(0x7bced0ccbfc62200),
    UINT64_C(0xfd9fbc6ea7d0d0b0), UINT64_C(0x77cf72150791ab80),
    UINT64_C(0x7970c758746abe10), UINT64_C(0xe106f6d372caab80),
    UINT64_C(0x44167dccd3bb4130), UINT64_C(0x08e34b7083c0be80),
    UINT64_C(0x1abb4b2e96377250), UINT64_C(0x956174de51cc8900),
    UINT64_C(0xaae63ea82879ff70), UINT64_C(0xed6a4ee1865e7880),
    UINT64_C(0x65ccc756e1a13790), UINT64_C(0x546cb78dcc3eef00),
    UINT64_C(0x5b430b0eba80eeb0), UINT64_C(0xab93487233c11100),
    UINT64_C(0x9a3011cb953d49d0), UINT64_C(0x1295b11e79a18780),
    UINT64_C(0xe81b4cf95c756cb0), UINT64_C(0x6a9e8b21ae337700),
    UINT64_C(0x5f55f466e3fe9250), UINT64_C(0xf71cb48f7c3f4180),
    UINT64_C(0x314156e014cc13b0), UINT64_C(0x1ef9092c8d355480),
    UINT64_C(0x573e88f2758c4e90), UINT64_C(0x88308deaf86e5480),
    UINT64_C(0x153e7e7c3416b2f0), UINT64_C(0x84312f334039de00),
    UINT64_C(0x54f4ba6cfc13d050), UINT64_C(0x66b55f7217e9ab00),
    UINT64_C(0x09533102d1f801b0), UINT64_C(0x57aa3bbc19307380),
    UINT64_C(0x1239c331135a5590), UINT64_C(0xecf797af55e5e700),
    UINT64_C(0x0c5f5bca66561f30), UINT64_C(0x94818d38765aa380),
    UINT64_C(0x3418a7b201fc0b10), UINT64_C(0x4fd6fcb5c46d8800),
    UINT64_C(0xb590ff840a80aeb0), UINT64_C(0xc63ec10645070e00),
    UINT64_C(0x2dd7e65f3b500cd0), UINT64_C(0x5e4d8bd430472800),
    UINT64_C(0x17b209b5d8067870), UINT64_C(0xa9cf48a263f57e80),
    UINT64_C(0xd49d4d393344ed90), UINT64_C(0xba9e6c28327a4880),
};

static_assert(((unsigned char)CORE_EMPTY & 0xC0u) == 0,
              "the empty-word table is indexed by the low 6 bits");

/* The board's bytes from the 8-byte word `from` on, h being the state
 * before it; when states is not NULL, states[w] gets the state before each
 * later word w (the last, CORE_BOARD_HASH_WORDS - 1, is the short tail). */
static inline uint64_t board_words(uint64_t h, const unsigned char *p, int from,
                                   uint64_t *states)
{
    const size_t n = (size_t)CLB_BOARD_SIZE * CLB_BOARD_SIZE;
    size_t i = (size_t)from * 8;
    for (; i + 8 <= n; i += 8) {
        if (states != NULL)
            states[i / 8] = h;
        uint64_t w;
        memcpy(&w, p + i, sizeof w);
        /* Most of a board is empty squares, and most of its 8-byte words
         * are all empty: each of those is one multiply and one lookup
         * instead of eight steps. */
        if (w == EMPTY8) {
            h = h * FNV_PRIME8 + empty8_tail[h & 0x3F];
            continue;
        }
        h = fnv_step8(h, p + i);
    }
    if (states != NULL && i < n)
        states[i / 8] = h;
    for (; i < n; i++)
        FNV_STEP(h, p[i]);
    return h;
}

uint64_t core_hash_board(uint64_t h,
                         const char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE])
{
    /* The result is core_hash_bytes() over the same bytes. */
    return board_words(h, (const unsigned char *)board, 0, NULL);
}

uint64_t core_hash_board_memo(struct core_board_memo *m, uint64_t h,
                              const char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE])
{
    const unsigned char *p = (const unsigned char *)board;
    int from = 0;
    if (m->magic == CORE_BOARD_MEMO_MAGIC && m->start == h) {
        /* The same board (an exchange, a pass): its hash as it was. */
        if (memcmp(p, m->board, sizeof m->board) == 0)
            return m->end;
        /* The first word that differs from the board hashed last: the
         * states before it are still right. */
        const size_t n = (size_t)CLB_BOARD_SIZE * CLB_BOARD_SIZE;
        size_t i = 0;
        for (; i + 8 <= n; i += 8) {
            uint64_t a, b;
            memcpy(&a, p + i, sizeof a);
            memcpy(&b, m->board + i, sizeof b);
            if (a != b)
                break;
        }
        while (i < n && p[i] == m->board[i])
            i++;
        if (i == n)
            return m->end;
        from = (int)(i / 8);
    } else {
        m->magic = CORE_BOARD_MEMO_MAGIC;
        m->start = h;
    }
    memcpy(m->board, p, sizeof m->board);
    m->end = board_words(from == 0 ? h : m->states[from], p, from, m->states);
    return m->end;
}
