/* dict/dict_format.h - the compiled lexicon (.clx) layout, shared inside dict/.
 *
 * Private to dict/: dict.c loads, validates and searches an image in this
 * layout, dict_text.c builds one from a word list, and collabble-dictc writes
 * one to disk. Nothing outside dict/ sees it; other modules use dict.h.
 *
 * Layout, version 1. Every integer is a little-endian uint32.
 *
 *   offset  size   field
 *        0     8   magic "\x89CLX\r\n\x1a\n"
 *        8     4   version (1)
 *       12     4   header bytes (64)
 *       16     4   file bytes (the whole file, header included)
 *       20     4   word count
 *       24     4   shortest word (2)
 *       28     4   longest word (15)
 *       32     4   letters in the prefix index (2)
 *       36    24   reserved, zero
 *       60     4   CRC-32 of bytes 0..59 then 64..end
 *       64         the prefix index: for each length L = 2..15, 677 entries.
 *                  Entry p (p = 26 * first letter + second letter, A = 0) is
 *                  the number of L-letter words that sort before prefix p;
 *                  entry 676 is the number of L-letter words.
 *                  Then the records: for each length L = 2..15 in turn, the
 *                  L-letter words in alphabetical order, one fixed-width
 *                  record each, holding letters 3..L. Two-letter words
 *                  take no record bytes: their index entry alone says
 *                  whether the word exists.
 *
 * A record packs its L - 2 letters five bits each (A = 0 .. Z = 25), most
 * significant bit first, zero-padded to DICT_WIDTH(L) bytes. Because the
 * codes keep alphabetical order and the padding is at the end, memcmp() of
 * two records of one length orders them alphabetically, so a lookup is a
 * binary search with memcmp inside the range the prefix index gives.
 *
 * Why this layout: the two prefix letters cost nothing (the index names
 * them), five bits a letter is the least a fixed width allows, and the whole
 * thing is used exactly as it lies in the file: loading is one read and one
 * pass of checks, with no pointers to fix up and no per-word allocation.
 * SOWPODS compiles to about 1.3 MB; the largest prefix range (9-letter words
 * in RE-) holds 1486 records, so a lookup takes at most 11 comparisons.
 * A minimised trie (DAWG) would be smaller still, but a lookup walks one
 * dependent load per letter and a forged one is harder to validate (shared
 * nodes, possible cycles); 1.3 MB is well inside the memory target.
 */
/* SPDX-License-Identifier: MIT */
#ifndef DICT_FORMAT_H
#define DICT_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/limits.h"

/* The first byte is not ASCII, so a compiled file can never be mistaken for a
 * word list; the CR LF and ^Z catch a file mangled by a text-mode transfer
 * (the trick PNG uses). */
#define DICT_MAGIC                                                             \
    "\x89"                                                                     \
    "CLX\r\n\x1a\n"
#define DICT_MAGIC_LEN 8
#define DICT_VERSION 1u

/* Word lengths: a word must fit one line of the board. */
#define DICT_LEN_MIN CLB_WORD_MIN
#define DICT_LEN_MAX CLB_WORD_MAX
#define DICT_LENGTHS (DICT_LEN_MAX - DICT_LEN_MIN + 1)

/* The index covers the first two letters: 676 prefixes plus an end entry. */
#define DICT_PREFIX_LETTERS 2u
#define DICT_PREFIXES (CLB_LETTERS * CLB_LETTERS)
#define DICT_INDEX_ROW (DICT_PREFIXES + 1)

/* Bytes of the fixed header, and where its fields sit. */
#define DICT_HEADER_BYTES 64u
#define DICT_OFF_VERSION 8
#define DICT_OFF_HEADER_BYTES 12
#define DICT_OFF_FILE_BYTES 16
#define DICT_OFF_WORDS 20
#define DICT_OFF_LEN_MIN 24
#define DICT_OFF_LEN_MAX 28
#define DICT_OFF_PREFIX 32
#define DICT_OFF_RESERVED 36
#define DICT_OFF_CRC 60

/* Where the records start: after the header and the whole index. */
#define DICT_INDEX_BYTES ((size_t)DICT_LENGTHS * DICT_INDEX_ROW * 4u)
#define DICT_RECORDS_OFFSET (DICT_HEADER_BYTES + DICT_INDEX_BYTES)

/* Bytes of one record of an L-letter word: letters 3..L at five bits. */
#define DICT_WIDTH(len) ((((size_t)(len)-DICT_PREFIX_LETTERS) * 5u + 7u) / 8u)
#define DICT_WIDTH_MAX DICT_WIDTH(DICT_LEN_MAX)

/* The largest file dict_load() reads: CLB_MAX_LEXICON_FILE_BYTES. */
#define DICT_MAX_FILE_BYTES CLB_MAX_LEXICON_FILE_BYTES

/* A loaded lexicon: the image exactly as in the file, plus pointers into it
 * worked out once at load so a lookup does no arithmetic on the header. */
struct dict {
    uint32_t words;
    uint32_t fingerprint; /* dict_fingerprint(), worked out at load */
    size_t size;          /* bytes of image */
    const unsigned char *index[DICT_LEN_MAX + 1]; /* row of 677, by length */
    const unsigned char
        *records[DICT_LEN_MAX + 1]; /* first record, by length */
    unsigned char image[];          /* the .clx bytes */
};

static inline uint32_t dict_rd32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static inline void dict_wr32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
}

/* The letter code of c (A..Z or a..z give 0..25), or -1 for anything else.
 * Plain ASCII arithmetic on purpose: <ctype.h> depends on the locale. */
static inline int dict_code(unsigned char c)
{
    unsigned lower = c | 0x20u;
    return lower >= 'a' && lower <= 'z' ? (int)(lower - 'a') : -1;
}

/* Packs n letter codes into a record of DICT_WIDTH(n + 2) bytes (the layout
 * above). out must hold DICT_WIDTH_MAX bytes. Cannot fail. */
static inline void dict_pack(const unsigned char *codes, size_t n,
                             unsigned char *out)
{
    uint32_t acc = 0;
    unsigned bits = 0;
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        acc = acc << 5 | codes[i];
        bits += 5;
        if (bits >= 8) {
            bits -= 8;
            out[o++] = (unsigned char)(acc >> bits);
        }
    }
    if (bits > 0)
        out[o] = (unsigned char)(acc << (8 - bits));
}

/* The index row (677 entries) of len-letter words in an image. */
static inline const unsigned char *dict_index_row(const unsigned char *image,
                                                  int len)
{
    return image + DICT_HEADER_BYTES +
           (size_t)(len - DICT_LEN_MIN) * DICT_INDEX_ROW * 4u;
}

/* CRC-32 (the zlib/PNG polynomial) of n bytes, continuing from crc (start
 * with 0). Cannot fail. */
uint32_t dict_crc32(uint32_t crc, const unsigned char *p, size_t n);

/* The checksum a header stores for an image of size bytes (>= the header):
 * every byte except the checksum field itself. */
uint32_t dict_image_crc(const unsigned char *image, size_t size);

/* Error details must stay short (CLB_ERR_DETAIL_MAX bytes in all) and must
 * be valid UTF-8 without control characters: the server puts them into JSON
 * (jansson refuses invalid UTF-8) and they reach terminals. A file name takes
 * at most DICT_NAME_BYTES (a longer path keeps its tail, "...lists/words.txt",
 * the part that tells files apart) and a quoted bad line DICT_EXCERPT_BYTES,
 * which leaves room for "name:line: " and the problem within the limit. */
#define DICT_NAME_BYTES 56
#define DICT_EXCERPT_BYTES 32

/* Copies s (n bytes) into out (cap bytes, always NUL-terminated): valid
 * UTF-8 sequences as they are, control characters and invalid bytes as
 * \xNN, whole characters only. Returns true when all of s fitted. */
bool dict_detail_text(char *out, size_t cap, const char *s, size_t n);

/* The name of path for an error detail, as above, into out (cap bytes). */
void dict_detail_name(char *out, size_t cap, const char *path);

/* Sets the per-length pointers of d from its image; the image must already
 * have passed dict_image_check() (or have been built by dict_text.c). */
void dict_image_attach(struct dict *d);

#endif
