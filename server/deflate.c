/* server/deflate.c - the gzip writer for the server's own answers
 * (deflate.h): RFC 1951 DEFLATE in an RFC 1952 gzip member.
 *
 * A page is compressed once per request, so what counts is instructions a
 * byte, and this writer makes one pass over the answer with nothing to
 * build per answer:
 * - Matches: one hash table of the 4 bytes at each position, probed once
 *   (the last place those 4 bytes were seen), matches extended 8 bytes at
 *   a time and taken greedily. The server's answers are markup and JSON
 *   that repeat at short distances (225 board squares, table rows, rack
 *   tiles, a list's objects), where the last occurrence is nearly always
 *   as good as any. Inside a match only the last two positions are hashed:
 *   the next repeat of a run often starts there.
 * - Codes: one dynamic Huffman block whose codes are made once, from the
 *   symbol weights of the server's own answers (deflate_weights.h, which
 *   bench/bench_deflate --weights remakes from tests/data/pages). Every
 *   symbol has a code, so any input can be written; an answer unlike the
 *   server's own just compresses less. With no codes to build and no
 *   tokens to keep, each token is written as soon as it is found.
 * - No clearing between answers: the table holds positions offset by a
 *   base that grows with every answer by its length and a window, so an
 *   entry left by an earlier one reads as too far back, and the same input
 *   always gives the same bytes.
 * An answer the codes would make longer than the room given gets 0, and
 * the server sends it as it is (it only compresses to send fewer bytes).
 */
/* SPDX-License-Identifier: MIT */
#include "deflate.h"

#include <libdeflate.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "deflate_weights.h"

#define SRV_DEFLATE_HASH_BITS 13
#define SRV_DEFLATE_HASH_SIZE (1u << SRV_DEFLATE_HASH_BITS)
#define SRV_DEFLATE_WINDOW 32768u
#define SRV_DEFLATE_MIN_MATCH 4u /* what the hash sees */
#define SRV_DEFLATE_MAX_MATCH 258u
/* Inputs this long or longer are not compressed (positions stay in 32
 * bits with room for the base); the server's answers are far smaller. */
#define SRV_DEFLATE_MAX_INPUT (1u << 30)
#define SRV_DEFLATE_MAX_CODE 15u /* bits, RFC 1951's limit */
/* The longest block header: 19 lengths of 3 bits and 316 of at most 7. */
#define SRV_DEFLATE_MAX_HEADER 320

#define LITLEN_SYMS 286 /* 0-255 literals, 256 end of block, 257-285 */
#define DIST_SYMS 30
#define CL_SYMS 19
#define END_OF_BLOCK 256
#define GZIP_HEADER 10
#define GZIP_TRAILER 8

/* RFC 1951 3.2.5: the base length and extra bits of length codes 257+i,
 * the base distance and extra bits of distance code i. */
static const uint16_t length_base[29] = {
    3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
    31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1,
                                         1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                         4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t dist_base[30] = {
    1,    2,    3,    4,    5,    7,    9,    13,    17,    25,
    33,   49,   65,   97,   129,  193,  257,  385,   513,   769,
    1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t dist_extra[30] = {0, 0, 0,  0,  1,  1,  2,  2,  3,  3,
                                       4, 4, 5,  5,  6,  6,  7,  7,  8,  8,
                                       9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
/* The order the code length code's lengths are sent in (3.2.7). */
static const uint8_t cl_order[CL_SYMS] = {16, 17, 18, 0, 8,  7, 9,  6, 10, 5,
                                          11, 4,  12, 3, 13, 2, 14, 1, 15};
static const uint8_t cl_extra_bits[CL_SYMS] = {[16] = 2, [17] = 3, [18] = 7};

/* One set of codes, ready to send (bit-reversed): a literal's code, a
 * length's code with its extra bits above it (by length), a distance
 * code's; and the block header that describes them (BFINAL, BTYPE and
 * the lengths as RFC 1951 3.2.7 sends them), as whole bytes and the bits
 * of a last partial one. A literal of 0 bits has no code. */
struct codebook {
    uint16_t literal_code[256];
    uint8_t literal_bits[256];
    uint32_t length_code[SRV_DEFLATE_MAX_MATCH + 1];
    uint8_t length_bits[SRV_DEFLATE_MAX_MATCH + 1];
    uint16_t dist_code[DIST_SYMS];
    uint8_t dist_bits[DIST_SYMS];
    /* A distance d of code c is sent as (d << dist_bits[c]) + dist_adj[c]
     * in dist_total[c] bits: its code with d - dist_base[c] above it. */
    uint32_t dist_adj[DIST_SYMS];
    uint8_t dist_total[DIST_SYMS];
    uint16_t end_code;
    uint8_t end_bits;
    uint8_t header[SRV_DEFLATE_MAX_HEADER];
    unsigned header_bits;
};

/* The server's codes give a code to the literals its answers use (those of
 * deflate_weights.h, and printable ASCII with tab, LF and CR), so their
 * header is short; an answer with any other byte is written again with
 * the complete codes, where every byte has one. */
enum { CODES_SERVER, CODES_COMPLETE, CODEBOOKS };

/* What every compressor reads and none writes: made once per process. */
struct shared_tables {
    uint8_t dist_sym[512]; /* see dist_sym_of */
    struct codebook codes[CODEBOOKS];
};

struct srv_deflate {
    uint32_t head[SRV_DEFLATE_HASH_SIZE]; /* base + position, or older */
    uint32_t base;
    const struct shared_tables *tables;
    struct shared_tables *own; /* a test's codes (srv_deflate_new_weighted) */
};

/* ---- Huffman codes ----------------------------------------------------- */

static uint16_t reverse_bits(unsigned code, unsigned n)
{
    code = (code & 0x5555u) << 1 | (code >> 1 & 0x5555u);
    code = (code & 0x3333u) << 2 | (code >> 2 & 0x3333u);
    code = (code & 0x0f0fu) << 4 | (code >> 4 & 0x0f0fu);
    code = (code & 0x00ffu) << 8 | (code >> 8 & 0x00ffu);
    return (uint16_t)(code >> (16 - n));
}

/* The canonical codes of lengths len[0..n) (3.2.2), bit-reversed. */
static void huffman_codes(const uint8_t *len, unsigned n, uint16_t *code)
{
    unsigned count[16] = {0}, next[16];
    for (unsigned i = 0; i < n; i++)
        count[len[i]]++;
    count[0] = 0;
    unsigned c = 0;
    for (unsigned b = 1; b < 16; b++) {
        c = (c + count[b - 1]) << 1;
        next[b] = c;
    }
    for (unsigned i = 0; i < n; i++)
        code[i] = len[i] != 0 ? reverse_bits(next[len[i]]++, len[i]) : 0;
}

/* Huffman code lengths for weights w[0..n) (at least two nonzero, each
 * below 2^23), ignoring any limit; returns the longest. The leaves are
 * sorted by weight, then the two queue method: inner nodes are made in
 * order of weight, so the two lightest nodes are always at the head of
 * one queue or the other. */
static unsigned huffman_depths(const uint32_t *w, unsigned n, uint8_t *len)
{
    uint32_t key[LITLEN_SYMS], weight[2 * LITLEN_SYMS];
    uint16_t parent[2 * LITLEN_SYMS];
    uint8_t depth[2 * LITLEN_SYMS];
    unsigned m = 0;
    for (unsigned i = 0; i < n; i++) {
        len[i] = 0;
        if (w[i] != 0)
            key[m++] = w[i] << 9 | i;
    }
    static const unsigned gaps[] = {132, 57, 23, 10, 4, 1}; /* Shell sort */
    for (unsigned g = 0; g < sizeof gaps / sizeof gaps[0]; g++)
        for (unsigned i = gaps[g]; i < m; i++) {
            uint32_t k = key[i];
            unsigned j = i;
            for (; j >= gaps[g] && key[j - gaps[g]] > k; j -= gaps[g])
                key[j] = key[j - gaps[g]];
            key[j] = k;
        }
    if (m < 2) { /* never, from this file's callers: one code of 1 bit */
        if (m == 1)
            len[key[0] & 511u] = 1;
        return m;
    }
    for (unsigned i = 0; i < m; i++)
        weight[i] = key[i] >> 9;
    unsigned leaf = 0, inner = m;
    for (unsigned k = m; k < 2 * m - 1; k++) {
        unsigned pick[2];
        for (int t = 0; t < 2; t++)
            pick[t] = leaf < m && (inner >= k || weight[leaf] <= weight[inner])
                          ? leaf++
                          : inner++;
        weight[k] = weight[pick[0]] + weight[pick[1]];
        parent[pick[0]] = parent[pick[1]] = (uint16_t)k;
    }
    unsigned longest = 0;
    depth[2 * m - 2] = 0;
    for (unsigned k = 2 * m - 2; k-- > 0;) {
        depth[k] = (uint8_t)(depth[parent[k]] + 1);
        if (k < m) {
            len[key[k] & 511u] = depth[k];
            if (depth[k] > longest)
                longest = depth[k];
        }
    }
    return longest;
}

/* Lengths no longer than `limit` for weights w[0..n), at least two of them
 * nonzero (a symbol of weight 0 gets no code), so the code is complete,
 * which every inflater asks of the code length code, and zlib of all but a
 * one-symbol distance code.
 * When the optimal code is too deep the weights are halved, rounding up,
 * and the code made again: they flatten towards equal weights, whose code
 * is ceil(log2 n) deep, so this ends. */
static void huffman_lengths(const uint32_t *w, unsigned n, unsigned limit,
                            uint8_t *len)
{
    uint32_t f[LITLEN_SYMS];
    memcpy(f, w, n * sizeof *f);
    while (huffman_depths(f, n, len) > limit)
        for (unsigned i = 0; i < n; i++)
            f[i] = (f[i] + 1) / 2;
}

/* ---- bits out ----------------------------------------------------------
 * LSB first, as DEFLATE packs them. Used to make the header; the tokens
 * are written by the loop in srv_deflate_gzip with the same steps in
 * locals. */

struct bits {
    uint8_t *out;
    size_t cap, at;
    uint64_t acc;
    unsigned n;
};

static void bits_put(struct bits *b, uint32_t v, unsigned n)
{
    b->acc |= (uint64_t)v << b->n;
    b->n += n;
    while (b->n >= 8 && b->at < b->cap) {
        b->out[b->at++] = (uint8_t)b->acc;
        b->acc >>= 8;
        b->n -= 8;
    }
}

/* ---- the compressor's tables ------------------------------------------- */

/* The code length code's symbols for the lengths of both codes, run-length
 * coded (3.2.7): each entry is the symbol, and its extra bits' value
 * above bit 8. Returns how many. */
static unsigned lengths_rle(const uint8_t *lens, unsigned total, uint16_t *rle)
{
    unsigned k = 0;
    for (unsigned i = 0; i < total;) {
        unsigned l = lens[i], run = 1;
        while (i + run < total && lens[i + run] == l)
            run++;
        i += run;
        if (l == 0) {
            while (run >= 11) {
                unsigned r = run < 138 ? run : 138;
                rle[k++] = (uint16_t)(18 | (r - 11) << 8);
                run -= r;
            }
            if (run >= 3) {
                rle[k++] = (uint16_t)(17 | (run - 3) << 8);
                run = 0;
            }
        } else {
            rle[k++] = (uint16_t)l;
            run--;
            while (run >= 3) {
                unsigned r = run < 6 ? run : 6;
                rle[k++] = (uint16_t)(16 | (r - 3) << 8);
                run -= r;
            }
        }
        while (run-- > 0)
            rle[k++] = (uint16_t)l;
    }
    return k;
}

static unsigned dist_sym_of(const struct srv_deflate *z, unsigned dist)
{
    unsigned d = dist - 1;
    return d < 256 ? z->tables->dist_sym[d]
                   : z->tables->dist_sym[256 + (d >> 7)];
}

/* The block header: BFINAL 1, BTYPE 2, then the two codes' lengths as
 * RFC 1951 3.2.7 sends them. */
static void header_make(struct codebook *z, const uint8_t *ll_len,
                        const uint8_t *d_len)
{
    uint8_t lens[LITLEN_SYMS + DIST_SYMS];
    memcpy(lens, ll_len, LITLEN_SYMS);
    memcpy(lens + LITLEN_SYMS, d_len, DIST_SYMS);
    uint16_t rle[LITLEN_SYMS + DIST_SYMS];
    unsigned nrle = lengths_rle(lens, LITLEN_SYMS + DIST_SYMS, rle);
    uint32_t cl_weight[CL_SYMS]; /* each at least 1: see huffman_lengths */
    for (unsigned i = 0; i < CL_SYMS; i++)
        cl_weight[i] = 1;
    for (unsigned i = 0; i < nrle; i++)
        cl_weight[rle[i] & 0xffu]++;
    uint8_t cl_len[CL_SYMS];
    uint16_t cl_code[CL_SYMS];
    huffman_lengths(cl_weight, CL_SYMS, 7, cl_len);
    huffman_codes(cl_len, CL_SYMS, cl_code);

    struct bits b = {.out = z->header, .cap = sizeof z->header};
    bits_put(&b, 1 | 2u << 1, 3);
    bits_put(&b, LITLEN_SYMS - 257, 5);
    bits_put(&b, DIST_SYMS - 1, 5);
    bits_put(&b, CL_SYMS - 4, 4);
    for (unsigned i = 0; i < CL_SYMS; i++)
        bits_put(&b, cl_len[cl_order[i]], 3);
    for (unsigned i = 0; i < nrle; i++) {
        unsigned s = rle[i] & 0xffu;
        bits_put(&b, cl_code[s], cl_len[s]);
        bits_put(&b, rle[i] >> 8, cl_extra_bits[s]);
    }
    z->header_bits = (unsigned)(b.at * 8 + b.n);
    if (b.n > 0)
        z->header[b.at] = (uint8_t)b.acc;
}

static bool literal_always(unsigned c)
{
    return (c >= 32 && c < 127) || c == '\t' || c == '\n' || c == '\r';
}

/* Makes one set of codes from the weights (litlen_w[286], dist_w[30]);
 * `complete`: every literal has a code, else only those with a weight or
 * always used. */
static void codebook_make(struct codebook *cb, const uint32_t *litlen_w,
                          const uint32_t *dist_w, bool complete)
{
    uint32_t w[LITLEN_SYMS];
    uint8_t ll_len[LITLEN_SYMS], d_len[DIST_SYMS];
    uint16_t ll_code[LITLEN_SYMS];
    for (unsigned i = 0; i < LITLEN_SYMS; i++) {
        uint32_t v = litlen_w[i];
        bool coded = complete || i >= 256 || v > 0 || literal_always(i);
        w[i] = coded ? v + 1u : 0;
    }
    huffman_lengths(w, LITLEN_SYMS, SRV_DEFLATE_MAX_CODE, ll_len);
    huffman_codes(ll_len, LITLEN_SYMS, ll_code);
    for (unsigned i = 0; i < DIST_SYMS; i++)
        w[i] = dist_w[i] + 1u;
    huffman_lengths(w, DIST_SYMS, SRV_DEFLATE_MAX_CODE, d_len);
    huffman_codes(d_len, DIST_SYMS, cb->dist_code);
    memcpy(cb->dist_bits, d_len, sizeof cb->dist_bits);
    for (unsigned c = 0; c < DIST_SYMS; c++) {
        cb->dist_adj[c] =
            cb->dist_code[c] - ((uint32_t)dist_base[c] << d_len[c]);
        cb->dist_total[c] = (uint8_t)(d_len[c] + dist_extra[c]);
    }
    header_make(cb, ll_len, d_len);

    for (unsigned i = 0; i < 256; i++) {
        cb->literal_code[i] = ll_code[i];
        cb->literal_bits[i] = ll_len[i];
    }
    cb->end_code = ll_code[END_OF_BLOCK];
    cb->end_bits = ll_len[END_OF_BLOCK];
    for (unsigned c = 0; c < 29; c++) {
        unsigned top = c == 28 ? SRV_DEFLATE_MAX_MATCH + 1 : length_base[c + 1];
        unsigned bits = ll_len[257 + c];
        for (unsigned len = length_base[c]; len < top; len++) {
            cb->length_code[len] =
                ll_code[257 + c] | (uint32_t)(len - length_base[c]) << bits;
            cb->length_bits[len] = (uint8_t)(bits + length_extra[c]);
        }
    }
}

static struct shared_tables shared;
static pthread_once_t shared_once = PTHREAD_ONCE_INIT;

static void tables_make(struct shared_tables *t, const uint32_t *litlen_w,
                        const uint32_t *dist_w)
{
    for (unsigned c = 0; c < DIST_SYMS; c++) {
        unsigned first = dist_base[c] - 1u, span = 1u << dist_extra[c];
        for (unsigned d = first; d < first + span; d += d < 256 ? 1 : 128)
            t->dist_sym[d < 256 ? d : 256 + (d >> 7)] = (uint8_t)c;
    }
    codebook_make(&t->codes[CODES_SERVER], litlen_w, dist_w, false);
    codebook_make(&t->codes[CODES_COMPLETE], litlen_w, dist_w, true);
}

static void shared_make(void)
{
    tables_make(&shared, srv_deflate_litlen_weights, srv_deflate_dist_weights);
}

struct srv_deflate *srv_deflate_new(void)
{
    if (pthread_once(&shared_once, shared_make) != 0)
        return NULL;
    struct srv_deflate *z = calloc(1, sizeof *z);
    if (z == NULL)
        return NULL;
    z->base = SRV_DEFLATE_WINDOW + 1; /* 0 is every entry's "never seen" */
    z->tables = &shared;
    return z;
}

struct srv_deflate *srv_deflate_new_weighted(const uint32_t litlen[286],
                                             const uint32_t dist[30])
{
    struct srv_deflate *z = calloc(1, sizeof *z);
    struct shared_tables *t = calloc(1, sizeof *t);
    if (z == NULL || t == NULL) {
        free(z);
        free(t);
        return NULL;
    }
    tables_make(t, litlen, dist);
    z->base = SRV_DEFLATE_WINDOW + 1;
    z->tables = z->own = t;
    return z;
}

void srv_deflate_free(struct srv_deflate *z)
{
    if (z != NULL)
        free(z->own);
    free(z);
}

size_t srv_deflate_gzip_bound(size_t n)
{
    /* A literal's code is at most 15 bits; then the end, the padding and
     * the room the last word needs. */
    return GZIP_HEADER + SRV_DEFLATE_MAX_HEADER +
           (n * SRV_DEFLATE_MAX_CODE) / 8 + 4 + 8 + GZIP_TRAILER;
}

/* ---- matches ----------------------------------------------------------- */

static inline uint32_t load32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline uint64_t load64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline void store32le(uint8_t *p, uint32_t w)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(p, &w, sizeof w);
#else
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(w >> 8 * i);
#endif
}

/* The hash of 4 bytes as they sit in memory: only equality of the loaded
 * words is relied on, so either byte order gives the same matches. */
static inline uint32_t hash4(uint32_t v)
{
    return (v * 0x9E3779B1u) >> (32 - SRV_DEFLATE_HASH_BITS);
}

/* How many bytes of a and b agree, at most max. */
static inline uint32_t match_length(const uint8_t *a, const uint8_t *b,
                                    uint32_t max)
{
    uint32_t n = 0;
    while (n + 8 <= max) {
        uint64_t x = load64(a + n) ^ load64(b + n);
        if (x != 0) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
            return n + (uint32_t)__builtin_clzll(x) / 8;
#else
            return n + (uint32_t)__builtin_ctzll(x) / 8;
#endif
        }
        n += 8;
    }
    while (n < max && a[n] == b[n])
        n++;
    return n;
}

/* One step of the parse, the same for the writer and for the weights'
 * counter: the match at pos (pos < size - 3), as its length with its
 * distance in *dist, or 0 for none (a literal). The table learns pos and,
 * after a match, its last two positions, where the next repeat of a run
 * often starts. Positions are 32-bit (size < 2^30) and offset by base:
 * an entry older than this pass reads as more than a window back. Always
 * inlined: it is the writer's inner loop (gcc -O2 left a call's worth of
 * work in it otherwise, 4% of a page's compression). `far`: the caller
 * knows pos is at least two longest matches from the end (FAR_FROM_END),
 * so neither bound below can bind; a constant where it is inlined, it
 * takes the end out of the loop (see tokens). */
static inline __attribute__((always_inline)) uint32_t
match_at(uint32_t *head, uint32_t base, const uint8_t *in, uint32_t size,
         uint32_t pos, uint32_t *dist, bool far)
{
    uint32_t cur = load32(in + pos);
    uint32_t *slot = &head[hash4(cur)];
    uint32_t d = base + pos - *slot, from = pos - d;
    *slot = base + pos;
    if (d - 1u >= SRV_DEFLATE_WINDOW || load32(in + from) != cur)
        return 0;
    uint32_t max = far || size - pos >= SRV_DEFLATE_MAX_MATCH
                       ? SRV_DEFLATE_MAX_MATCH
                       : size - pos;
    uint32_t len =
        SRV_DEFLATE_MIN_MATCH + match_length(in + from + SRV_DEFLATE_MIN_MATCH,
                                             in + pos + SRV_DEFLATE_MIN_MATCH,
                                             max - SRV_DEFLATE_MIN_MATCH);
    uint32_t end = pos + len;
    if (far || end + SRV_DEFLATE_MIN_MATCH <= size + 1) { /* both inside */
        head[hash4(load32(in + end - 2))] = base + end - 2;
        head[hash4(load32(in + end - 1))] = base + end - 1;
    }
    *dist = d;
    return len;
}

/* The bits are held in acc, fewer than 32 between puts; a put adds at
 * most 28 (a distance code and its extra bits), and whole 32-bit words
 * leave it. `limit` keeps room for the last words and the trailer. */
#define PUT(v, k)                                                              \
    do {                                                                       \
        acc |= (uint64_t)(v) << n;                                             \
        n += (k);                                                              \
        if (n >= 32) {                                                         \
            if (out > limit)                                                   \
                return 0;                                                      \
            store32le(out, (uint32_t)acc);                                     \
            out += 4;                                                          \
            acc >>= 32;                                                        \
            n -= 32;                                                           \
        }                                                                      \
    } while (0)

/* What encode() answers when a literal has no code in the codebook. */
#define UNCODED SIZE_MAX

/* Where a match can no longer reach the end of the input: match_at's
 * `far`. */
#define FAR_FROM_END (2 * SRV_DEFLATE_MAX_MATCH)

/* The writer's state between the runs of tokens(). */
struct token_out {
    uint8_t *out, *limit;
    uint64_t acc;
    unsigned n;
    uint32_t pos;
};

/* Writes the tokens of the parse from t->pos while it is below `end`
 * (end <= size - 3): 1, or 0 when they do not fit, or UNCODED. Inlined
 * twice by encode: once with far set, up to FAR_FROM_END before the end
 * (nearly all of an answer), where the end's bounds fold away and leave
 * the loop the registers it needs (14% fewer instructions a page than
 * one loop for both); once without, for the rest. */
static inline __attribute__((always_inline)) size_t
tokens(const struct srv_deflate *z, uint32_t *head, uint32_t base,
       const struct codebook *cb, const uint8_t *in, uint32_t size,
       uint32_t end, bool far, struct token_out *t)
{
    uint8_t *out = t->out, *const limit = t->limit;
    uint64_t acc = t->acc;
    unsigned n = t->n;
    uint32_t pos = t->pos;
    while (pos < end) {
        uint32_t dist, len = match_at(head, base, in, size, pos, &dist, far);
        if (len != 0) {
            unsigned ds = dist_sym_of(z, dist);
            /* A code and its extra bits in one put: at most 15 + 5 and
             * 15 + 13 bits. */
            PUT(cb->length_code[len], cb->length_bits[len]);
            PUT((dist << cb->dist_bits[ds]) + cb->dist_adj[ds],
                cb->dist_total[ds]);
            pos += len;
            continue;
        }
        unsigned bits = cb->literal_bits[in[pos]];
        if (bits == 0)
            return UNCODED;
        PUT(cb->literal_code[in[pos]], bits);
        pos++;
    }
    *t = (struct token_out){
        .out = out, .limit = limit, .acc = acc, .n = n, .pos = pos};
    return 1;
}

/* The deflate stream of in[0..size) with codebook cb at out, within
 * limit (see PUT): its length, 0 when it does not fit, or UNCODED. */
static size_t encode(struct srv_deflate *z, const struct codebook *cb,
                     const uint8_t *in, uint32_t size, uint8_t *const start,
                     uint8_t *const limit)
{
    /* Every pass starts its positions a window past the last one's (see
     * match_at). */
    if (z->base > UINT32_MAX - size - 2 * SRV_DEFLATE_WINDOW) {
        memset(z->head, 0, sizeof z->head);
        z->base = SRV_DEFLATE_WINDOW + 1;
    }
    const uint32_t base = z->base;
    z->base += size + SRV_DEFLATE_WINDOW + 1;
    uint32_t *head = z->head;

    size_t header_bytes = cb->header_bits / 8;
    if (header_bytes > (size_t)(limit - start))
        return 0;
    uint8_t *out = start;
    memcpy(out, cb->header, header_bytes);
    out += header_bytes;
    unsigned n = cb->header_bits % 8;
    uint64_t acc = cb->header[header_bytes] & ((1u << n) - 1);

    const uint32_t hashable_end =
        size >= SRV_DEFLATE_MIN_MATCH ? size - SRV_DEFLATE_MIN_MATCH + 1 : 0;
    const uint32_t far_end = size > FAR_FROM_END ? size - FAR_FROM_END : 0;
    struct token_out t = {.out = out, .limit = limit, .acc = acc, .n = n};
    size_t r = tokens(z, head, base, cb, in, size, far_end, true, &t);
    if (r == 1)
        r = tokens(z, head, base, cb, in, size, hashable_end, false, &t);
    if (r != 1)
        return r;
    out = t.out;
    acc = t.acc;
    n = t.n;
    uint32_t pos = t.pos;
    for (; pos < size; pos++) {
        unsigned bits = cb->literal_bits[in[pos]];
        if (bits == 0)
            return UNCODED;
        PUT(cb->literal_code[in[pos]], bits);
    }
    PUT(cb->end_code, cb->end_bits);
    if (out > limit)
        return 0;
    store32le(out, (uint32_t)acc); /* n < 32: the last bits, padded */
    out += (n + 7) / 8;
    return (size_t)(out - start);
}

size_t srv_deflate_gzip(struct srv_deflate *z, const void *input, size_t size,
                        void *output, size_t cap)
{
    static const uint8_t gzip_header[GZIP_HEADER] = {0x1f, 0x8b, 8, 0, 0,
                                                     0,    0,    0, 0, 0xff};
    const uint8_t *in = input;
    uint8_t *out = output;
    /* The limit (see PUT) must be past the gzip header. */
    if (size >= SRV_DEFLATE_MAX_INPUT || cap < GZIP_HEADER + 8 + GZIP_TRAILER)
        return 0;
    uint8_t *const limit = out + cap - GZIP_TRAILER - 8;
    size_t len = encode(z, &z->tables->codes[CODES_SERVER], in, (uint32_t)size,
                        out + GZIP_HEADER, limit);
    if (len == UNCODED)
        len = encode(z, &z->tables->codes[CODES_COMPLETE], in, (uint32_t)size,
                     out + GZIP_HEADER, limit);
    if (len == 0)
        return 0;
    memcpy(out, gzip_header, GZIP_HEADER);
    out += GZIP_HEADER + len;
    store32le(out, libdeflate_crc32(0, in, size));
    store32le(out + 4, (uint32_t)size);
    return GZIP_HEADER + len + GZIP_TRAILER;
}

/* ---- the weights ------------------------------------------------------- */

void srv_deflate_count(struct srv_deflate *z, const void *input, size_t size,
                       uint32_t *litlen, uint32_t *dist_counts)
{
    /* The writer's parse (match_at), counting instead of writing, from a
     * table as new. */
    const uint8_t *in = input;
    if (size >= SRV_DEFLATE_MAX_INPUT)
        return;
    memset(z->head, 0, sizeof z->head);
    const uint32_t base = SRV_DEFLATE_WINDOW + 1, end = (uint32_t)size;
    const uint32_t hashable_end =
        end >= SRV_DEFLATE_MIN_MATCH ? end - SRV_DEFLATE_MIN_MATCH + 1 : 0;
    uint32_t pos = 0;
    while (pos < end) {
        uint32_t dist = 0,
                 len = pos < hashable_end
                           ? match_at(z->head, base, in, end, pos, &dist, false)
                           : 0;
        if (len == 0) {
            litlen[in[pos++]]++;
            continue;
        }
        unsigned c = 0;
        while (c < 28 && length_base[c + 1] <= len)
            c++;
        litlen[257 + c]++;
        dist_counts[dist_sym_of(z, dist)]++;
        pos += len;
    }
    litlen[END_OF_BLOCK]++;
    memset(z->head, 0, sizeof z->head); /* as new for srv_deflate_gzip */
    z->base = SRV_DEFLATE_WINDOW + 1;
}
