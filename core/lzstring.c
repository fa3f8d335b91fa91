/* core/lzstring.c - LZ-String's base64 and URI codecs, bit for bit as
 * lz-string@1.5.0 writes and reads them, and the UTF-8 <-> UTF-16 steps
 * around them. Pure: no I/O, no globals, no allocation; the dictionaries
 * are fixed-size structs on the stack, sized from core/limits.h. */
/* SPDX-License-Identifier: MIT */
#include "lzstring.h"

#include <assert.h>
#include <stdbool.h>
#include <string.h>

#include "limits.h"

/* Both text forms carry 6 bits per character (the JS passes bitsPerChar 6
 * to _compress and resetValue 32, i.e. bit 5 first, to _decompress). */
#define LZ_BITS_PER_CHAR 6
#define LZ_RESET_VALUE 32u

/* The JS dictionary starts with three reserved codes: 0 and 1 announce an
 * 8- or 16-bit literal, 2 ends the stream. Real entries start at 3. */
#define LZ_CODE_LIT8 0u
#define LZ_CODE_LIT16 1u
#define LZ_CODE_END 2u
#define LZ_FIRST_CODE 3u

/* Literals of one byte are sent in 8 bits, the rest in 16 (JS:
 * `charCodeAt(0) < 256`). */
#define LZ_LIT8_LIMIT 256u

/* The 64 characters of each alphabet, each at the index of its value's
 * 6 bits reversed (alphabet[reverse6(v)]), as the bit writer holds them:
 * the JS shifts a character's bits in from the low end, so the first bit
 * written is its top bit. The JS strings have a 65th character ('=' and
 * '$'), used only for padding. */
static const char lz_out_base64[] =
    "AgQwIoY4EkU0Msc8CiSyKqa6GmW2Oue+BhRxJpZ5FlV1Ntd9DjTzLrb7HnX3Pvf/";
static const char lz_out_uri[] =
    "AgQwIoY4EkU0Msc8CiSyKqa6GmW2Oue+BhRxJpZ5FlV1Ntd9DjTzLrb7HnX3Pvf-";

/* Input positions, first occurrences and dictionary slices are all kept in
 * 16 bits to keep the stack tables small; that needs inputs and outputs of
 * at most 65536 units. */
static_assert(CLB_MAX_DECODED_STATE <= 65536,
              "lzstring stores positions in 16 bits");

/* ------------------------------------------------------------------ */
/* Compression                                                         */
/* ------------------------------------------------------------------ */

/* How the compressor finds its dictionary without a JS object or a heap.
 *
 * Every JS dictionary entry is either one unit (made the first time that
 * unit is seen) or w+c, made when the current match w cannot be extended by
 * the next unit c. Each input position creates at most one of each, and
 * w+c is always the input slice ending at that position. So an entry is
 * named by where it was made:
 *   - a one-unit entry by the position of the unit's first occurrence
 *     (first[c]);
 *   - a longer entry by the position of its last unit; its text is the
 *     `len` units ending there, so a lookup can compare it with the input.
 * at[i] records what position i created: the code of the first entry made
 * there (the one-unit entry if LZ_AT_SINGLE is set, the longer one made
 * just after gets the next code) and the longer entry's length.
 * The longer entries are found through an open-addressing hash table of
 * positions, keyed by (w, c) as the JS object is keyed by the string w+c. */
#define LZ_UNITS 65536u /* distinct UTF-16 code units */

/* Codes: 3 reserved + at most one single and one longer entry per input
 * unit, so below 3 + 2 * 65536 < 2^18. */
#define LZ_CODE_BITS 18u
#define LZ_CODE_MASK ((1u << LZ_CODE_BITS) - 1u)
#define LZ_AT_SINGLE (1u << LZ_CODE_BITS)
#define LZ_AT_LEN_SHIFT (LZ_CODE_BITS + 1u)
#define LZ_AT_LEN_MAX ((1u << (32u - LZ_AT_LEN_SHIFT)) - 1u)
static_assert(LZ_FIRST_CODE + 2u * CLB_MAX_DECODED_STATE <= LZ_CODE_MASK,
              "every code fits in LZ_CODE_BITS");
/* An entry of length L needs matches of lengths 1..L-1 before it, which
 * are disjoint stretches of the input: L(L-1)/2 <= n, so L <= 362 for
 * n = 65536. The length field holds far more than that. */
static_assert((uint64_t)LZ_AT_LEN_MAX * (LZ_AT_LEN_MAX - 1u) / 2u >
                  CLB_MAX_DECODED_STATE,
              "an entry's length fits its field");

/* Longer entries number at most n - 1; twice as many slots keeps linear
 * probing short. Position 0 never ends a longer entry, so 0 marks a free
 * slot. An entry is found without comparing any text: every entry is its
 * w and one more unit c, and no two entries spell the same, so w and c
 * tell it from every other. w of the longer entry ending at pos is
 * w_of[pos]: the unit when w is one unit (the entry is then 2 units long),
 * else the position ending w's own entry (then it is 3 or more). */
#define LZ_SLOTS (2u * CLB_MAX_DECODED_STATE)
static_assert((LZ_SLOTS & (LZ_SLOTS - 1u)) == 0, "slot count is a power of 2");

/* 784 KiB at the 65536-unit limit; only the part of the slot table an
 * input needs is cleared, so small inputs stay cheap. */
struct lz_cdict {
    uint16_t slot[LZ_SLOTS];
    uint16_t w_of[CLB_MAX_DECODED_STATE];
    uint32_t at[CLB_MAX_DECODED_STATE];
    uint16_t first[LZ_UNITS];
    uint64_t seen[LZ_UNITS / 64];    /* unit has a one-unit entry */
    uint64_t pending[LZ_UNITS / 64]; /* JS context_dictionaryToCreate */
};

/* The bit sink. JS pushes each bit into the low end of a 6-bit value and
 * emits a character every 6 bits; here the bits not yet sent wait in acc,
 * the first at bit 0, and go out six at a time through lz_out_*. */
struct lz_bitout {
    const char *chars; /* lz_out_base64 or lz_out_uri */
    char *out;
    size_t cap; /* bytes including the NUL */
    size_t n;
    uint64_t acc;
    unsigned have; /* bits in acc, below 6 between writes */
    bool full;     /* sticky: checked once at the end */
};

struct lz_enc {
    struct lz_cdict *d;
    struct lz_bitout bo;
    const uint16_t *in;
    uint32_t dict_size;
    uint32_t enlarge_in;
    unsigned num_bits;
};

/* "__proto__" is the one key a plain JS object cannot hold: assigning
 * dict["__proto__"] = number calls the prototype setter and stores
 * nothing. So lz-string bumps its code counter for that entry but never
 * finds it again, and compatible output must do the same. */
static const uint16_t lz_proto_key[] = {'_', '_', 'p', 'r', 'o',
                                        't', 'o', '_', '_'};
#define LZ_PROTO_LEN (sizeof lz_proto_key / sizeof lz_proto_key[0])

static bool bit_get(const uint64_t *set, unsigned i)
{
    return (set[i / 64] >> (i % 64)) & 1u;
}

static void bit_put(uint64_t *set, unsigned i, bool on)
{
    uint64_t m = UINT64_C(1) << (i % 64);
    set[i / 64] = on ? set[i / 64] | m : set[i / 64] & ~m;
}

static void bo_put(struct lz_bitout *b, char ch)
{
    /* Keep one byte for the NUL. */
    if (b->n + 1 < b->cap)
        b->out[b->n++] = ch;
    else
        b->full = true;
}

/* Writes the low `nbits` bits (at most 26) of value, lowest first, as the
 * JS loops do (bits above nbits are dropped, as `value >> 1` there drops
 * them). */
static inline void bo_bits(struct lz_bitout *b, uint32_t value, unsigned nbits)
{
    assert(nbits <= 32u - LZ_BITS_PER_CHAR);
    b->acc |= (uint64_t)(value & ((UINT32_C(1) << nbits) - 1u)) << b->have;
    b->have += nbits;
    while (b->have >= LZ_BITS_PER_CHAR) {
        bo_put(b, b->chars[b->acc & 63u]);
        b->acc >>= LZ_BITS_PER_CHAR;
        b->have -= LZ_BITS_PER_CHAR;
    }
}

/* JS "Flush the last char": shifts until the character is complete and
 * emits it, so an already complete stream still gets one more zero char.
 */
static void bo_flush(struct lz_bitout *b)
{
    bo_put(b, b->chars[b->acc & 63u]);
}

/* JS: `if (--enlargeIn == 0) { enlargeIn = 2^numBits; numBits++; }`. */
static void enc_enlarge(struct lz_enc *e)
{
    if (--e->enlarge_in == 0) {
        e->enlarge_in = 1u << e->num_bits;
        e->num_bits++;
    }
}

static uint32_t enc_single_code(const struct lz_enc *e, uint16_t c)
{
    return e->d->at[e->d->first[c]] & LZ_CODE_MASK;
}

/* The longer entry ending at pos was made right after the one-unit entry
 * made at the same position, if there was one. */
static uint32_t enc_pair_code(const struct lz_enc *e, size_t pos)
{
    uint32_t a = e->d->at[pos];
    return (a & LZ_CODE_MASK) + ((a & LZ_AT_SINGLE) ? 1u : 0u);
}

/* Mixes the key (w, c): w is a unit (below 65536) or 65536 + the position
 * ending a longer entry. */
static uint32_t enc_hash(uint32_t wkey, uint16_t c)
{
    uint32_t h =
        wkey * UINT32_C(0x9E3779B1) ^ (uint32_t)c * UINT32_C(0x85EBCA77);
    h ^= h >> 16;
    h *= UINT32_C(0x7FEB352D);
    h ^= h >> 15;
    return h;
}

/* Looks up w+c, the input slice in[start .. start+len-1], w being wkey
 * (see enc_hash). Returns the position ending the entry, or 0 if absent
 * with *free_slot set to where it would go. */
static size_t enc_find(const struct lz_enc *e, uint32_t wkey, size_t start,
                       size_t len, uint32_t mask, uint32_t *free_slot)
{
    uint16_t c = e->in[start + len - 1];
    uint32_t h = enc_hash(wkey, c) & mask;
    uint16_t w16 = (uint16_t)wkey;
    for (;;) {
        size_t pos = e->d->slot[h];
        if (pos == 0) {
            *free_slot = h;
            return 0;
        }
        if (e->d->w_of[pos] == w16 && e->in[pos] == c &&
            (e->d->at[pos] >> LZ_AT_LEN_SHIFT) == len)
            return pos;
        h = (h + 1) & mask;
    }
}

/* Emits the current match w, as the JS body of "if (wc not in dictionary)"
 * and its copy after the loop. A unit's first emission spells it out as a
 * literal and costs an extra enlargeIn step, exactly as in the JS. */
static void enc_emit(struct lz_enc *e, size_t w_start, size_t w_len,
                     size_t w_pos)
{
    uint16_t c = e->in[w_start];
    if (w_len == 1 && bit_get(e->d->pending, c)) {
        if (c < LZ_LIT8_LIMIT) {
            bo_bits(&e->bo, LZ_CODE_LIT8, e->num_bits);
            bo_bits(&e->bo, c, 8);
        } else {
            bo_bits(&e->bo, LZ_CODE_LIT16, e->num_bits);
            bo_bits(&e->bo, c, 16);
        }
        enc_enlarge(e);
        bit_put(e->d->pending, c, false);
    } else {
        uint32_t code =
            w_len == 1 ? enc_single_code(e, c) : enc_pair_code(e, w_pos);
        bo_bits(&e->bo, code, e->num_bits);
    }
    enc_enlarge(e);
}

static bool is_proto_key(const uint16_t *s, size_t len)
{
    return len == LZ_PROTO_LEN &&
           memcmp(s, lz_proto_key, sizeof lz_proto_key) == 0;
}

/* LZString._compress(input, 6, alphabet) followed by the base64 padding
 * when `pad`. Returns LZ_OK, LZ_TOO_LARGE (input over the limit, or output
 * over cap) or LZ_INVALID (NULL pointers); on error out holds "". */
static enum lz_status lz_compress(const uint16_t *in, size_t n,
                                  const char *chars, bool pad, char *out,
                                  size_t cap, size_t *out_len)
{
    if (out_len != NULL)
        *out_len = 0;
    if (out == NULL || (in == NULL && n > 0))
        return LZ_INVALID;
    if (cap == 0)
        return LZ_TOO_LARGE;
    out[0] = '\0';
    if (n > CLB_MAX_DECODED_STATE)
        return LZ_TOO_LARGE;

    struct lz_cdict d;
    uint32_t slots = 16;
    while (slots < 2 * n)
        slots <<= 1;
    memset(d.slot, 0, slots * sizeof d.slot[0]);
    memset(d.seen, 0, sizeof d.seen);
    memset(d.pending, 0, sizeof d.pending);

    struct lz_enc e = {
        .d = &d,
        .bo = {.chars = chars, .out = out, .cap = cap},
        .in = in,
        .dict_size = LZ_FIRST_CODE,
        .enlarge_in = 2, /* JS: compensates for the first entry */
        .num_bits = 2,
    };

    /* The current match w is in[w_start .. w_start+w_len-1]; when longer
     * than one unit it is the entry ending at w_pos. */
    size_t w_start = 0, w_len = 0, w_pos = 0;
    for (size_t i = 0; i < n; i++) {
        uint16_t c = in[i];
        d.at[i] = 0;
        if (!bit_get(d.seen, c)) {
            bit_put(d.seen, c, true);
            bit_put(d.pending, c, true);
            d.first[c] = (uint16_t)i;
            d.at[i] = e.dict_size++ | LZ_AT_SINGLE;
        }
        if (w_len == 0) { /* wc is c alone, always in the dictionary */
            w_start = i;
            w_len = 1;
            continue;
        }
        uint32_t wkey = w_len == 1 ? in[w_start] : LZ_UNITS + (uint32_t)w_pos;
        uint32_t free_slot = 0;
        size_t pos =
            enc_find(&e, wkey, w_start, w_len + 1, slots - 1, &free_slot);
        if (pos != 0) {
            w_len++;
            w_pos = pos;
            continue;
        }
        enc_emit(&e, w_start, w_len, w_pos);
        if (e.bo.full)
            break; /* the answer is LZ_TOO_LARGE; stop working for it */
        /* Add wc. The JS takes a code for it even when it is "__proto__",
         * which its object then fails to store. */
        if ((d.at[i] & LZ_AT_SINGLE) == 0)
            d.at[i] = e.dict_size;
        e.dict_size++;
        if (!is_proto_key(in + w_start, w_len + 1)) {
            d.at[i] |= (uint32_t)(w_len + 1) << LZ_AT_LEN_SHIFT;
            d.w_of[i] = (uint16_t)wkey;
            d.slot[free_slot] = (uint16_t)i;
        }
        w_start = i;
        w_len = 1;
    }
    if (w_len > 0)
        enc_emit(&e, w_start, w_len, w_pos);

    bo_bits(&e.bo, LZ_CODE_END, e.num_bits);
    bo_flush(&e.bo);

    /* compressToBase64 pads to a multiple of 4 with '='. */
    while (pad && e.bo.n % 4 != 0 && !e.bo.full)
        bo_put(&e.bo, '=');
    if (e.bo.full) {
        out[0] = '\0';
        return LZ_TOO_LARGE;
    }
    out[e.bo.n] = '\0';
    if (out_len != NULL)
        *out_len = e.bo.n;
    return LZ_OK;
}

enum lz_status lz_compress_base64(const uint16_t *in, size_t n, char *out,
                                  size_t cap, size_t *out_len)
{
    return lz_compress(in, n, lz_out_base64, true, out, cap, out_len);
}

enum lz_status lz_compress_uri(const uint16_t *in, size_t n, char *out,
                               size_t cap, size_t *out_len)
{
    return lz_compress(in, n, lz_out_uri, false, out, cap, out_len);
}

/* ------------------------------------------------------------------ */
/* Decompression                                                       */
/* ------------------------------------------------------------------ */

/* A dictionary entry is always a stretch of the output already written:
 * a literal is emitted as soon as it is added, and w + entry[0] is the
 * previous emission w followed by the first unit of the current one. So
 * entries are slices of `out`, not copies. */
struct lz_slice {
    uint16_t start;
    uint16_t len_m1; /* length - 1, so a 65536-unit slice fits */
};

/* Each step emits at least one unit and adds at most two entries, after
 * the four fixed slots (0..2 reserved, 3 the first unit): about 512 KiB. */
#define LZ_DICT_MAX (2u * CLB_MAX_DECODED_STATE + 4u)

/* Each character's 6 bits in reverse order, by byte: JS getBaseValue
 * followed by the order the JS reads them in (a character from its top bit
 * down, a value's bits put together lowest first), so that the bit read
 * next is always the lowest one left. Outside the alphabet getBaseValue
 * yields `undefined`, which `&` turns into 0; the 65th character ('=' in
 * base64, '$' in URI) has value 64, whose bits 5..0 are 0: both are 0
 * here. The URI reader reads ' ' as '+' (a '+' that went through form
 * decoding). Each byte is one unit: for bytes >= 0x80 that matches JS
 * given the same text as Latin-1 units. */
/* clang-format off */
static const uint8_t lz_rev_base64[256] = {
     0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0, 31,  0,  0,  0, 63,
    11, 43, 27, 59,  7, 39, 23, 55, 15, 47,  0,  0,  0,  0,  0,  0,
     0,  0, 32, 16, 48,  8, 40, 24, 56,  4, 36, 20, 52, 12, 44, 28,
    60,  2, 34, 18, 50, 10, 42, 26, 58,  6, 38,  0,  0,  0,  0,  0,
     0, 22, 54, 14, 46, 30, 62,  1, 33, 17, 49,  9, 41, 25, 57,  5,
    37, 21, 53, 13, 45, 29, 61,  3, 35, 19, 51,  0,  0,  0,  0,  0,
    /* 0x80..0xff: 0 */
};
/* clang-format on */
/* clang-format off */
static const uint8_t lz_rev_uri[256] = {
     0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
    31,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0, 31,  0, 63,  0,  0,
    11, 43, 27, 59,  7, 39, 23, 55, 15, 47,  0,  0,  0,  0,  0,  0,
     0,  0, 32, 16, 48,  8, 40, 24, 56,  4, 36, 20, 52, 12, 44, 28,
    60,  2, 34, 18, 50, 10, 42, 26, 58,  6, 38,  0,  0,  0,  0,  0,
     0, 22, 54, 14, 46, 30, 62,  1, 33, 17, 49,  9, 41, 25, 57,  5,
    37, 21, 53, 13, 45, 29, 61,  3, 35, 19, 51,  0,  0,  0,  0,  0,
    /* 0x80..0xff: 0 */
};
/* clang-format on */

/* The input as one stream of bits, the next one at bit 0 of `acc`: the
 * characters are looked up in the table and put side by side as they are
 * needed, so a code is one mask and one shift. */
struct lz_bitin {
    const unsigned char *in;
    size_t len;
    /* The next character to put into acc. Past the end it goes on counting
     * the zero characters the JS reads there, so the bits read so far are
     * always 6 * next - have. */
    size_t next;
    const uint8_t *rev;
    uint64_t acc;  /* bits not read yet; above `have` all 0 */
    unsigned have; /* how many of acc's bits are the stream's */
};

/* Codes grow to 18 bits at the limits (a dictionary of up to 2^17 + 4
 * entries), literals are 16: a read finds fewer than 22 bits left when it
 * refills, so seven characters (42 bits) always fit beside them. */
#define LZ_BITIN_MAX_READ 22u
#define LZ_BITIN_BLOCK 7u
static_assert(LZ_DICT_MAX <= 1u << LZ_BITIN_MAX_READ, "codes fit a read");
static_assert(LZ_BITIN_MAX_READ + LZ_BITIN_BLOCK * LZ_BITS_PER_CHAR <= 64,
              "a block fits the bits left");

/* Adds characters to acc: seven at once while they last, then one by one
 * up to 59 bits or more. Past the end the stream is zeros, as JS charAt
 * gives "" there: acc's upper bits are already 0, so they only need
 * counting. Memory past in[len - 1] is never touched. */
static inline void bi_refill(struct lz_bitin *r)
{
    if (r->next + LZ_BITIN_BLOCK <= r->len) {
        const unsigned char *p = r->in + r->next;
        const uint8_t *t = r->rev;
        uint64_t v = (uint64_t)t[p[0]] | (uint64_t)t[p[1]] << 6 |
                     (uint64_t)t[p[2]] << 12 | (uint64_t)t[p[3]] << 18 |
                     (uint64_t)t[p[4]] << 24 | (uint64_t)t[p[5]] << 30 |
                     (uint64_t)t[p[6]] << 36;
        r->acc |= v << r->have;
        r->have += LZ_BITIN_BLOCK * LZ_BITS_PER_CHAR;
        r->next += LZ_BITIN_BLOCK;
        return;
    }
    while (r->have <= 64u - LZ_BITS_PER_CHAR) {
        if (r->next < r->len)
            r->acc |= (uint64_t)r->rev[r->in[r->next]] << r->have;
        r->next++;
        r->have += LZ_BITS_PER_CHAR;
    }
}

/* Reads nbits bits (at most LZ_BITIN_MAX_READ), lowest first, as the JS
 * does one at a time. */
static inline uint32_t bi_bits(struct lz_bitin *r, unsigned nbits)
{
    assert(nbits <= LZ_BITIN_MAX_READ);
    if (r->have < nbits)
        bi_refill(r);
    uint32_t bits = (uint32_t)(r->acc & ((UINT64_C(1) << nbits) - 1u));
    r->acc >>= nbits;
    r->have -= nbits;
    return bits;
}

/* What the JS checks as `data.index > length` before each code: index is
 * 1 + the characters used up, so it passes len once 6 * len bits are read.
 * Before acc has taken the last character that cannot be. */
static inline bool bi_past_end(const struct lz_bitin *r)
{
    return r->next >= r->len &&
           LZ_BITS_PER_CHAR * r->next - r->have >= LZ_BITS_PER_CHAR * r->len;
}

/* The decompressor's output: UTF-16 units, or bytes when every unit is
 * ASCII (a state's JSON always is), which are then already its UTF-8. */
struct lz_sink {
    uint16_t *u16;
    char *u8; /* used when u16 is NULL; LZ_COPY_SLACK bytes past the limit */
};

#define LZ_COPY_SLACK 8u

/* Writes the entry e_start, e_len at out[n] eight bytes at a time, which
 * may write up to 7 bytes past it (later steps write them again) and read
 * up to 7 past out[n - 1] (what it copies from there lands past the entry
 * too). Every byte of the entry comes from before out[n], all final: for
 * an entry of the dictionary its slice ends there, and the entry being
 * defined, w + w[0], is w (which ends there) and then its first byte. Each
 * 8 bytes are read whole before they are written, so overlapping source
 * and destination are fine. */
static inline void copy_entry_wide(char *out, size_t n, size_t e_start,
                                   size_t e_len, bool w_and_first)
{
    size_t from_w = w_and_first ? e_len - 1 : e_len;
    for (size_t k = 0; k < from_w; k += 8) {
        uint64_t chunk;
        memcpy(&chunk, out + e_start + k, sizeof chunk);
        memcpy(out + n + k, &chunk, sizeof chunk);
    }
    if (w_and_first)
        out[n + from_w] = out[e_start];
}

/* lz_decode's result when writing bytes and a literal is not ASCII: the
 * caller starts again with units. Never returned by the API. */
#define LZ_NOT_ASCII ((enum lz_status)(LZ_INVALID + 1))

/* LZString._decompress(len, 32, getBaseValue) into `out`, at most `limit`
 * units. Returns LZ_OK, LZ_TOO_LARGE as soon as the output
 * would pass limit, LZ_INVALID where the JS returns null, returns "" for a
 * stream that runs out, or would go on with `undefined` (first code 3), or
 * (bytes only) LZ_NOT_ASCII. The two kinds of output take the same steps in
 * the same order, so up to a literal of 0x80 or more they answer alike.
 * Always inlined into lz_decode_units and lz_decode_ascii, so that each is
 * compiled for its own output. */
__attribute__((always_inline)) static inline enum lz_status
lz_decode(const char *in, size_t len, bool uri, struct lz_sink out,
          size_t limit, size_t *out_n)
{
    static_assert(LZ_RESET_VALUE == 1u << 5, "six bits a character");
    struct lz_bitin r = {.in = (const unsigned char *)in,
                         .len = len,
                         .rev = uri ? lz_rev_uri : lz_rev_base64};
    bool bytes = out.u16 == NULL;
    const unsigned lit_max = bytes ? 0x80u : 0x10000u;

    uint32_t first = bi_bits(&r, 2);
    uint32_t c0;
    switch (first) {
    case LZ_CODE_LIT8: c0 = bi_bits(&r, 8); break;
    case LZ_CODE_LIT16: c0 = bi_bits(&r, 16); break;
    case LZ_CODE_END: *out_n = 0; return LZ_OK; /* the empty string */
    default: return LZ_INVALID; /* JS carries on with `undefined` */
    }
    if (limit == 0)
        return LZ_TOO_LARGE;
    if (c0 >= lit_max)
        return LZ_NOT_ASCII;

    struct lz_slice dict[LZ_DICT_MAX];
    if (bytes)
        out.u8[0] = (char)c0;
    else
        out.u16[0] = (uint16_t)c0;
    dict[LZ_FIRST_CODE] = (struct lz_slice){0, 0};
    uint32_t dict_size = LZ_FIRST_CODE + 1;
    uint32_t enlarge_in = 4;
    unsigned num_bits = 3;
    size_t n = 1, w_start = 0, w_len = 1;

    for (;;) {
        /* JS returns "" here: the stream ended without its end code. */
        if (bi_past_end(&r))
            return LZ_INVALID;
        /* Never reached (each step writes a unit and adds at most two
         * entries); kept so the table bound does not rest on that proof. */
        if (dict_size + 2 > LZ_DICT_MAX)
            return LZ_TOO_LARGE;

        uint32_t code = bi_bits(&r, num_bits);
        if (code == LZ_CODE_END)
            break;
        if (code == LZ_CODE_LIT8 || code == LZ_CODE_LIT16) {
            uint32_t lit = bi_bits(&r, code == LZ_CODE_LIT8 ? 8 : 16);
            /* The literal is emitted next, at out[n]: it must fit. */
            if (n >= limit)
                return LZ_TOO_LARGE;
            if (lit >= lit_max)
                return LZ_NOT_ASCII;
            if (bytes)
                out.u8[n] = (char)lit;
            else
                out.u16[n] = (uint16_t)lit;
            dict[dict_size] = (struct lz_slice){(uint16_t)n, 0};
            code = dict_size++;
            if (--enlarge_in == 0) {
                enlarge_in = UINT32_C(1) << num_bits;
                num_bits++;
            }
        }

        size_t e_start, e_len;
        if (code >= LZ_FIRST_CODE && code < dict_size) {
            e_start = dict[code].start;
            e_len = (size_t)dict[code].len_m1 + 1;
        } else if (code == dict_size) {
            /* The entry being defined: w + w[0]. As w ends at out[n], the
             * slice w_start..n is it once out[n] = w[0] is written. */
            e_start = w_start;
            e_len = w_len + 1;
        } else {
            return LZ_INVALID; /* JS returns null */
        }
        if (e_len > limit - n)
            return LZ_TOO_LARGE;
        if (bytes)
            copy_entry_wide(out.u8, n, e_start, e_len, code == dict_size);
        else
            /* Forward, one unit at a time: for w + w[0] the source
             * overlaps the destination and must read what was just
             * written. */
            for (size_t k = 0; k < e_len; k++)
                out.u16[n + k] = out.u16[e_start + k];

        /* Add w + entry[0]: w is followed in out by the entry just written. */
        dict[dict_size++] =
            (struct lz_slice){(uint16_t)w_start, (uint16_t)w_len};
        if (--enlarge_in == 0) {
            enlarge_in = UINT32_C(1) << num_bits;
            num_bits++;
        }
        w_start = n;
        w_len = e_len;
        n += e_len;
    }
    *out_n = n;
    return LZ_OK;
}

/* The two compiled forms of lz_decode. Never inlined, so that a
 * dictionary is on the stack once even when the text forms start again
 * with units. */
__attribute__((noinline)) static enum lz_status
lz_decode_units(const char *in, size_t len, bool uri, uint16_t *out,
                size_t limit, size_t *out_n)
{
    return lz_decode(in, len, uri, (struct lz_sink){out, NULL}, limit, out_n);
}

/* out has limit + LZ_COPY_SLACK bytes. */
__attribute__((noinline)) static enum lz_status
lz_decode_ascii(const char *in, size_t len, bool uri, char *out, size_t limit,
                size_t *out_n)
{
    return lz_decode(in, len, uri, (struct lz_sink){NULL, out}, limit, out_n);
}

/* decompressFromBase64 / decompressFromEncodedURIComponent to units. */
static enum lz_status lz_decompress_units(const char *in, size_t len, bool uri,
                                          uint16_t *out, size_t cap,
                                          size_t *out_n)
{
    if (out_n != NULL)
        *out_n = 0;
    /* JS: decompressFromBase64("") is null. */
    if (in == NULL || len == 0)
        return LZ_INVALID;
    size_t limit = cap < CLB_MAX_DECODED_STATE ? cap : CLB_MAX_DECODED_STATE;
    if (out == NULL && limit > 0)
        return LZ_INVALID;
    uint16_t none[1];
    size_t n = 0;
    enum lz_status st =
        lz_decode_units(in, len, uri, out ? out : none, limit, &n);
    if (st == LZ_OK && out_n != NULL)
        *out_n = n;
    return st;
}

enum lz_status lz_decompress_base64(const char *in, size_t len, uint16_t *out,
                                    size_t cap, size_t *out_n)
{
    return lz_decompress_units(in, len, false, out, cap, out_n);
}

enum lz_status lz_decompress_uri(const char *in, size_t len, uint16_t *out,
                                 size_t cap, size_t *out_n)
{
    return lz_decompress_units(in, len, true, out, cap, out_n);
}

/* The two steps the text forms stand for: units, on the stack only here,
 * then clb_utf16_to_utf8. */
static enum lz_status lz_decompress_text_slow(const char *in, size_t len,
                                              bool uri, char *out, size_t cap,
                                              size_t *out_len)
{
    uint16_t units[CLB_MAX_DECODED_STATE];
    size_t n = 0;
    enum lz_status st =
        lz_decompress_units(in, len, uri, units, CLB_MAX_DECODED_STATE, &n);
    if (st != LZ_OK) {
        if (out_len != NULL)
            *out_len = 0;
        if (out != NULL && cap > 0)
            out[0] = '\0';
        return st;
    }
    return clb_utf16_to_utf8(units, n, out, cap, out_len);
}

/* ASCII text is written by lz_decode_ascii in place, one byte a unit,
 * when out has room for the most units, its NUL and the copy's slack:
 * then, as every unit is ASCII, it says what the two steps say. Anything
 * else goes through them. */
static enum lz_status lz_decompress_text(const char *in, size_t len, bool uri,
                                         char *out, size_t cap, size_t *out_len)
{
    if (out == NULL || in == NULL || len == 0 ||
        cap < CLB_MAX_DECODED_STATE + 1 + LZ_COPY_SLACK)
        return lz_decompress_text_slow(in, len, uri, out, cap, out_len);
    if (out_len != NULL)
        *out_len = 0;
    size_t n = 0;
    enum lz_status st =
        lz_decode_ascii(in, len, uri, out, CLB_MAX_DECODED_STATE, &n);
    if (st == LZ_NOT_ASCII)
        return lz_decompress_text_slow(in, len, uri, out, cap, out_len);
    if (st != LZ_OK) {
        out[0] = '\0';
        return st;
    }
    out[n] = '\0';
    if (out_len != NULL)
        *out_len = n;
    return LZ_OK;
}

enum lz_status lz_decompress_base64_utf8(const char *in, size_t len, char *out,
                                         size_t cap, size_t *out_len)
{
    return lz_decompress_text(in, len, false, out, cap, out_len);
}

enum lz_status lz_decompress_uri_utf8(const char *in, size_t len, char *out,
                                      size_t cap, size_t *out_len)
{
    return lz_decompress_text(in, len, true, out, cap, out_len);
}

/* ------------------------------------------------------------------ */
/* UTF-8 <-> UTF-16                                                    */
/* ------------------------------------------------------------------ */

#define UTF16_HI_FIRST 0xD800u
#define UTF16_LO_FIRST 0xDC00u
#define UTF16_LO_LAST 0xDFFFu
#define UNICODE_MAX 0x10FFFFu

/* Decodes one scalar value at in[*i], advancing *i. Strict: no overlong
 * forms, no encoded surrogates, nothing past U+10FFFF, no truncation.
 * Returns false on malformed input. */
static bool utf8_next(const unsigned char *in, size_t len, size_t *i,
                      uint32_t *cp)
{
    unsigned b0 = in[*i];
    size_t need;
    uint32_t v, min;
    if (b0 < 0x80) {
        *cp = b0;
        (*i)++;
        return true;
    } else if (b0 >= 0xC2 && b0 <= 0xDF) { /* C0, C1 would be overlong */
        need = 1, v = b0 & 0x1Fu, min = 0x80;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        need = 2, v = b0 & 0x0Fu, min = 0x800;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        need = 3, v = b0 & 0x07u, min = 0x10000;
    } else {
        return false;
    }
    if (need > len - *i - 1)
        return false;
    for (size_t k = 1; k <= need; k++) {
        unsigned b = in[*i + k];
        if ((b & 0xC0u) != 0x80u)
            return false;
        v = (v << 6) | (b & 0x3Fu);
    }
    if (v < min || v > UNICODE_MAX ||
        (v >= UTF16_HI_FIRST && v <= UTF16_LO_LAST))
        return false;
    *i += need + 1;
    *cp = v;
    return true;
}

/* True when the 8 bytes at p are all ASCII. */
static bool ascii8(const unsigned char *p)
{
    uint64_t eight;
    memcpy(&eight, p, sizeof eight);
    return (eight & UINT64_C(0x8080808080808080)) == 0;
}

enum lz_status clb_utf8_to_utf16(const char *in, size_t len, uint16_t *out,
                                 size_t cap, size_t *out_n)
{
    if (out_n != NULL)
        *out_n = 0;
    if (in == NULL && len > 0)
        return LZ_INVALID;
    if (out == NULL && cap > 0)
        return LZ_INVALID;
    const unsigned char *s = (const unsigned char *)in;
    size_t i = 0, n = 0;
    while (i < len) {
        /* ASCII, nearly every byte of a state: eight bytes at a time while
         * they are, then one unit a byte with no cases. */
        if (len - i >= 8 && cap - n >= 8 && ascii8(s + i)) {
            for (size_t k = 0; k < 8; k++)
                out[n + k] = s[i + k];
            i += 8;
            n += 8;
            continue;
        }
        if (s[i] < 0x80u && n < cap) {
            out[n++] = s[i++];
            continue;
        }
        uint32_t cp;
        if (!utf8_next(s, len, &i, &cp))
            return LZ_INVALID;
        size_t units = cp >= 0x10000u ? 2 : 1;
        if (units > cap - n)
            return LZ_TOO_LARGE;
        if (units == 1) {
            out[n++] = (uint16_t)cp;
        } else {
            cp -= 0x10000u;
            out[n++] = (uint16_t)(UTF16_HI_FIRST + (cp >> 10));
            out[n++] = (uint16_t)(UTF16_LO_FIRST + (cp & 0x3FFu));
        }
    }
    if (out_n != NULL)
        *out_n = n;
    return LZ_OK;
}

enum lz_status clb_utf16_to_utf8(const uint16_t *in, size_t n, char *out,
                                 size_t cap, size_t *out_len)
{
    if (out_len != NULL)
        *out_len = 0;
    if (out == NULL || (in == NULL && n > 0))
        return LZ_INVALID;
    if (cap == 0)
        return LZ_TOO_LARGE;
    out[0] = '\0';
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t cp = in[i];
        /* ASCII, nearly every unit of a state: one byte, no cases. */
        if (cp < 0x80u && o + 1 < cap) {
            out[o++] = (char)cp;
            continue;
        }
        if (cp >= UTF16_HI_FIRST && cp <= UTF16_LO_LAST) {
            /* Only a high surrogate followed by a low one is text. */
            if (cp >= UTF16_LO_FIRST || i + 1 >= n ||
                in[i + 1] < UTF16_LO_FIRST || in[i + 1] > UTF16_LO_LAST) {
                out[0] = '\0';
                return LZ_INVALID;
            }
            cp = 0x10000u + ((cp - UTF16_HI_FIRST) << 10) +
                 (in[i + 1] - UTF16_LO_FIRST);
            i++;
        }
        unsigned char buf[4];
        size_t k;
        if (cp < 0x80u) {
            buf[0] = (unsigned char)cp;
            k = 1;
        } else if (cp < 0x800u) {
            buf[0] = (unsigned char)(0xC0u | (cp >> 6));
            buf[1] = (unsigned char)(0x80u | (cp & 0x3Fu));
            k = 2;
        } else if (cp < 0x10000u) {
            buf[0] = (unsigned char)(0xE0u | (cp >> 12));
            buf[1] = (unsigned char)(0x80u | ((cp >> 6) & 0x3Fu));
            buf[2] = (unsigned char)(0x80u | (cp & 0x3Fu));
            k = 3;
        } else {
            buf[0] = (unsigned char)(0xF0u | (cp >> 18));
            buf[1] = (unsigned char)(0x80u | ((cp >> 12) & 0x3Fu));
            buf[2] = (unsigned char)(0x80u | ((cp >> 6) & 0x3Fu));
            buf[3] = (unsigned char)(0x80u | (cp & 0x3Fu));
            k = 4;
        }
        /* Keep one byte for the NUL. */
        if (k >= cap - o) {
            out[0] = '\0';
            return LZ_TOO_LARGE;
        }
        memcpy(out + o, buf, k);
        o += k;
    }
    out[o] = '\0';
    if (out_len != NULL)
        *out_len = o;
    return LZ_OK;
}
