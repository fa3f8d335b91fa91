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

/* The 64 characters of each alphabet. The JS strings have a 65th character
 * ('=' and '$'), used only for padding; see lz_char_value. */
static const char lz_alpha_base64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static const char lz_alpha_uri[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-";

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
 * slot. */
#define LZ_SLOTS (2u * CLB_MAX_DECODED_STATE)
static_assert((LZ_SLOTS & (LZ_SLOTS - 1u)) == 0, "slot count is a power of 2");

/* 656 KiB at the 65536-unit limit; only the part of the slot table an
 * input needs is cleared, so small inputs stay cheap. */
struct lz_cdict {
    uint16_t slot[LZ_SLOTS];
    uint32_t at[CLB_MAX_DECODED_STATE];
    uint16_t first[LZ_UNITS];
    uint64_t seen[LZ_UNITS / 64];    /* unit has a one-unit entry */
    uint64_t pending[LZ_UNITS / 64]; /* JS context_dictionaryToCreate */
};

/* The bit sink: JS pushes each bit into the low end of a 6-bit value and
 * emits a character every 6 bits. */
struct lz_bitout {
    const char *alphabet;
    char *out;
    size_t cap; /* bytes including the NUL */
    size_t n;
    unsigned val;
    unsigned pos;
    bool full; /* sticky: checked once at the end */
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

/* Writes the low `nbits` bits of value, lowest first, as the JS loops do
 * (bits above nbits are dropped, as `value >> 1` there drops them). */
static void bo_bits(struct lz_bitout *b, uint32_t value, unsigned nbits)
{
    for (unsigned k = 0; k < nbits; k++) {
        b->val = (b->val << 1) | (value & 1u);
        value >>= 1;
        if (b->pos == LZ_BITS_PER_CHAR - 1) {
            b->pos = 0;
            bo_put(b, b->alphabet[b->val]);
            b->val = 0;
        } else {
            b->pos++;
        }
    }
}

/* JS "Flush the last char": shifts until the character is complete and
 * emits it, so an already complete stream still gets one more zero char. */
static void bo_flush(struct lz_bitout *b)
{
    for (;;) {
        b->val <<= 1;
        if (b->pos == LZ_BITS_PER_CHAR - 1) {
            bo_put(b, b->alphabet[b->val]);
            return;
        }
        b->pos++;
    }
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

/* Looks up w+c, the input slice in[start .. start+len-1]. Returns the
 * position ending the entry, or 0 if absent with *free_slot set to where
 * it would go. Candidates are checked against the input itself, so a hash
 * collision can never give a wrong match. */
static size_t enc_find(const struct lz_enc *e, uint32_t wkey, size_t start,
                       size_t len, uint32_t mask, uint32_t *free_slot)
{
    const uint16_t *in = e->in;
    uint16_t c = in[start + len - 1];
    uint32_t h = enc_hash(wkey, c) & mask;
    for (;;) {
        size_t pos = e->d->slot[h];
        if (pos == 0) {
            *free_slot = h;
            return 0;
        }
        if ((e->d->at[pos] >> LZ_AT_LEN_SHIFT) == len && in[pos] == c &&
            memcmp(in + pos + 1 - len, in + start, (len - 1) * sizeof *in) == 0)
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
                                  const char *alphabet, bool pad, char *out,
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
        .bo = {.alphabet = alphabet, .out = out, .cap = cap},
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
    return lz_compress(in, n, lz_alpha_base64, true, out, cap, out_len);
}

enum lz_status lz_compress_uri(const uint16_t *in, size_t n, char *out,
                               size_t cap, size_t *out_len)
{
    return lz_compress(in, n, lz_alpha_uri, false, out, cap, out_len);
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

struct lz_bitin {
    const char *in;
    size_t len;
    size_t index; /* JS data.index: the next character to load */
    /* The current character's bits not read yet, reversed, so the next
     * one is bit 0 (the JS reads a character from its top bit down, and
     * puts the bits of a value together lowest first), and how many. */
    unsigned rev;
    unsigned left;
    bool uri;
};

/* A 6-bit value with its bits in the opposite order. */
static unsigned reverse6(unsigned v)
{
    return (v >> 5 & 1u) | (v >> 3 & 2u) | (v >> 1 & 4u) | (v << 1 & 8u) |
           (v << 3 & 16u) | (v << 5 & 32u);
}

/* JS getBaseValue. Outside the alphabet it yields `undefined`, which `&`
 * turns into 0; so does charAt past the end (""). The alphabets' 65th
 * character ('=' in base64, '$' in URI) has value 64, and only bits 5..0
 * are ever read, so it too reads as 0. The URI reader first turns ' ' into
 * '+' (a '+' that went through form decoding). Each byte is one unit: for
 * bytes >= 0x80 that matches JS given the same text as Latin-1 units. */
static unsigned lz_char_value(unsigned char ch, bool uri)
{
    if (ch >= 'A' && ch <= 'Z')
        return (unsigned)(ch - 'A');
    if (ch >= 'a' && ch <= 'z')
        return (unsigned)(ch - 'a') + 26u;
    if (ch >= '0' && ch <= '9')
        return (unsigned)(ch - '0') + 52u;
    if (ch == '+' || (uri && ch == ' '))
        return 62;
    if (ch == (uri ? '-' : '/'))
        return 63;
    return 0;
}

static unsigned bi_value(const struct lz_bitin *r, size_t index)
{
    return index < r->len ? lz_char_value((unsigned char)r->in[index], r->uri)
                          : 0;
}

/* Loads the character at r->index (zeros past the end), as the JS does
 * the moment the previous one is used up. */
static void bi_load(struct lz_bitin *r)
{
    r->rev = reverse6(bi_value(r, r->index++));
    r->left = 6; /* LZ_RESET_VALUE is 1 << 5: six bits a character */
}

/* Reads nbits bits (at most 16), lowest first, as many of a character's
 * at a time as it holds. Like the JS it loads the next character as soon
 * as one is used up, and past the end reads zeros; memory past `len` is
 * never touched. */
static uint32_t bi_bits(struct lz_bitin *r, unsigned nbits)
{
    uint32_t bits = 0;
    for (unsigned k = 0; k < nbits;) {
        unsigned take = nbits - k < r->left ? nbits - k : r->left;
        bits |= (uint32_t)(r->rev & ((1u << take) - 1)) << k;
        r->rev >>= take;
        r->left -= take;
        k += take;
        if (r->left == 0)
            bi_load(r);
    }
    return bits;
}

/* LZString._decompress(len, 32, getBaseValue). Returns LZ_OK,
 * LZ_TOO_LARGE as soon as the output would pass min(cap, the limit), or
 * LZ_INVALID where the JS returns null, returns "" for a stream that runs
 * out, or would go on with `undefined` (first code 3). */
static enum lz_status lz_decompress(const char *in, size_t len, bool uri,
                                    uint16_t *out, size_t cap, size_t *out_n)
{
    if (out_n != NULL)
        *out_n = 0;
    /* JS: decompressFromBase64("") is null. */
    if (in == NULL || len == 0)
        return LZ_INVALID;
    size_t limit = cap < CLB_MAX_DECODED_STATE ? cap : CLB_MAX_DECODED_STATE;
    if (out == NULL && limit > 0)
        return LZ_INVALID;

    static_assert(LZ_RESET_VALUE == 1u << 5, "six bits a character");
    struct lz_bitin r = {.in = in, .len = len, .index = 0, .uri = uri};
    bi_load(&r); /* the JS: val = getNextValue(0), index = 1 */

    uint32_t first = bi_bits(&r, 2);
    uint16_t c0;
    switch (first) {
    case LZ_CODE_LIT8: c0 = (uint16_t)bi_bits(&r, 8); break;
    case LZ_CODE_LIT16: c0 = (uint16_t)bi_bits(&r, 16); break;
    case LZ_CODE_END: return LZ_OK; /* the empty string */
    default: return LZ_INVALID;     /* JS carries on with `undefined` */
    }
    if (limit == 0)
        return LZ_TOO_LARGE;

    struct lz_slice dict[LZ_DICT_MAX];
    out[0] = c0;
    dict[LZ_FIRST_CODE] = (struct lz_slice){0, 0};
    uint32_t dict_size = LZ_FIRST_CODE + 1;
    uint32_t enlarge_in = 4;
    unsigned num_bits = 3;
    size_t n = 1, w_start = 0, w_len = 1;

    for (;;) {
        /* JS returns "" here: the stream ended without its end code. */
        if (r.index > len)
            return LZ_INVALID;
        /* Never reached (each step writes a unit and adds at most two
         * entries); kept so the table bound does not rest on that proof. */
        if (dict_size + 2 > LZ_DICT_MAX)
            return LZ_TOO_LARGE;

        uint32_t code = bi_bits(&r, num_bits);
        if (code == LZ_CODE_END)
            break;
        if (code == LZ_CODE_LIT8 || code == LZ_CODE_LIT16) {
            uint16_t lit = (uint16_t)bi_bits(&r, code == LZ_CODE_LIT8 ? 8 : 16);
            /* The literal is emitted next, at out[n]: it must fit. */
            if (n >= limit)
                return LZ_TOO_LARGE;
            out[n] = lit;
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
        /* Forward, one unit at a time: for w + w[0] the source overlaps
         * the destination and must read what was just written. */
        for (size_t k = 0; k < e_len; k++)
            out[n + k] = out[e_start + k];

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
    if (out_n != NULL)
        *out_n = n;
    return LZ_OK;
}

enum lz_status lz_decompress_base64(const char *in, size_t len, uint16_t *out,
                                    size_t cap, size_t *out_n)
{
    return lz_decompress(in, len, false, out, cap, out_n);
}

enum lz_status lz_decompress_uri(const char *in, size_t len, uint16_t *out,
                                 size_t cap, size_t *out_n)
{
    return lz_decompress(in, len, true, out, cap, out_n);
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
