/* dict/dict_format.h - the compiled lexicon (.clx) layout, shared inside dict/.
 *
 * Private to dict/: dict.c loads, validates and saves an image in this
 * layout, dict_text.c and graph.c build one from a word list, and
 * collabble-dictc writes one to disk. Nothing outside dict/ sees it; other
 * modules use dict.h (and core/kwg.h for the nodes themselves).
 *
 * Layout, version 4. Every integer is a little-endian uint32.
 *
 *   offset  size   field
 *        0     8   magic "\x89CLX\r\n\x1a\n"
 *        8     4   version (4)
 *       12     4   header bytes (64)
 *       16     4   file bytes (the whole file, header included)
 *       20     4   word count
 *       24     4   node count N
 *       28    32   the tile set's name (core/tileset.h), NUL-padded; all
 *                  zero is English (every file before sets had names)
 *       60     4   CRC-32 of bytes 0..59 then 64..end
 *       64    4N   the word graph: N nodes in the layout of core/kwg.h, a
 *                  DAWG and a GADDAG of the words sharing one node array
 *
 * Why this layout: the graph is both what the move generator needs and a
 * fast lookup structure (a DAWG walk is a short scan or one bitmap test a
 * letter), so it replaces version 1's sorted word records instead of
 * sitting beside them: one structure means the rules and the generator can
 * never disagree about a word, and the server holds one copy (SOWPODS: 4.8
 * MB). The nodes are used exactly as they lie in the file: loading is one
 * read, a CRC, core_kwg_check() (which also counts the words) and the
 * fingerprint's walk, with no pointers to fix up. On a little-endian host
 * (every one we ship for) an image can also be used where it lies,
 * read-only, once it has been checked: the built-in list is used straight
 * from the executable's data (dict_use_in_place(), checked at build time).
 * Version 1 files (sorted word records), version 2 files (every list
 * of the graph with a header: 7.1 MB for SOWPODS) and version 3 files
 * (an arc's tile in five bits: at most 31 letters; version 4 gives it six
 * for Polish's 32, core/kwg.h) are refused with a message naming their
 * version and saying to rebuild them with collabble-dictc.
 */
/* SPDX-License-Identifier: MIT */
#ifndef DICT_FORMAT_H
#define DICT_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/kwg.h"
#include "../core/limits.h"

/* The first byte is not ASCII, so a compiled file can never be mistaken for a
 * word list; the CR LF and ^Z catch a file mangled by a text-mode transfer
 * (the trick PNG uses). */
#define DICT_MAGIC                                                             \
    "\x89"                                                                     \
    "CLX\r\n\x1a\n"
#define DICT_MAGIC_LEN 8
#define DICT_VERSION 4u

/* Word lengths: a word must fit one line of the board. */
#define DICT_LEN_MIN CLB_WORD_MIN
#define DICT_LEN_MAX CLB_WORD_MAX

/* Bytes of the fixed header, and where its fields sit. */
#define DICT_HEADER_BYTES 64u
#define DICT_OFF_VERSION 8
#define DICT_OFF_HEADER_BYTES 12
#define DICT_OFF_FILE_BYTES 16
#define DICT_OFF_WORDS 20
#define DICT_OFF_NODES 24
/* The tile set's name, NUL-padded (all zero: English, as every file before
 * sets had), then zero. */
#define DICT_OFF_TILESET 28
#define DICT_TILESET_BYTES 32
#define DICT_OFF_CRC 60

/* The largest file dict_load() reads: CLB_MAX_LEXICON_FILE_BYTES. */
#define DICT_MAX_FILE_BYTES CLB_MAX_LEXICON_FILE_BYTES

/* One word while building: its length and letter codes (A = 0), zero past
 * the length. */
struct dict_word {
    unsigned char len;
    unsigned char codes[DICT_LEN_MAX];
};

/* A loaded lexicon: the image exactly as in the file (header, then the
 * nodes, 4-byte aligned), and the checked view core walks. The image is
 * image[] behind the struct, or, for a lexicon used in place
 * (dict_use_in_place()), the caller's read-only bytes, and then image[] is
 * empty; either way the header lies just before graph.nodes
 * (dict_image_of()). */
struct dict {
    uint32_t words;
    uint32_t fingerprint;  /* dict_fingerprint(), worked out at load */
    size_t size;           /* bytes of image */
    /* A lexicon mapped from its file (dict_map()): the mapping, unmapped
     * by dict_free(); NULL for every other. */
    void *mapping;
    size_t mapping_bytes;
    struct core_kwg graph; /* graph.tileset: the set its words are in */
    uint32_t image[];      /* the .clx bytes; nodes at DICT_HEADER_BYTES */
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

/* The image of d as bytes, and its nodes. */
static inline unsigned char *dict_bytes(struct dict *d)
{
    return (unsigned char *)d->image;
}

static inline uint32_t *dict_nodes(struct dict *d)
{
    return d->image + DICT_HEADER_BYTES / 4u;
}

/* The image of d wherever it lies (image[] or the caller's bytes), read
 * only: its header, then its nodes in host order. */
static inline const unsigned char *dict_image_of(const struct dict *d)
{
    return (const unsigned char *)d->graph.nodes - DICT_HEADER_BYTES;
}

/* The longest tile of `ts` whose display string (upper or lower, ASCII
 * letters in either case) starts the n bytes at s: its length in bytes,
 * and its letter in *letter; 0 and -1 when none does. */
size_t dict_cut_tile(const struct core_tileset *ts, const char *s, size_t n,
                     int *letter);

/* The checksum a header stores for an image of size bytes (>= the header):
 * every byte except the checksum field itself. */
uint32_t dict_image_crc(const unsigned char *image, size_t size);

/* Turns the nodes of an image between the file's little-endian order and
 * the host's (a no-op on little-endian hosts). Cannot fail. */
void dict_nodes_to_host(uint32_t *nodes, size_t count);
void dict_nodes_to_file(uint32_t *nodes, size_t count);

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

/* Sets d->fingerprint from d's graph (dict_fingerprint() in dict.h says
 * what it is). Walks every word of the DAWG once: d->words must be at most
 * CLB_MAX_LEXICON_WORDS. Cannot fail. */
void dict_set_fingerprint(struct dict *d);

/* Builds the word graph of `count` distinct words (any order) into a new
 * struct dict with its image and header filled in (graph.c). Allocates;
 * memory stays near the final graph's size (the GADDAG's strings are made
 * and sorted one first letter at a time). Returns CLB_ERR_OK and *out, or
 * CLB_ERR_BAD_LEXICON with a detail (out of memory, too many nodes) that
 * begins with `name`. */
enum clb_err dict_graph_build(const struct dict_word *words, size_t count,
                              const struct core_tileset *tileset,
                              const char *name, struct dict **out,
                              struct clb_error *err);

/* dict_graph_build(), saying how far it is through `progress` (NULL: no
 * one is told; dict_list.h). */
struct dict_progress;
enum clb_err dict_graph_build_progress(const struct dict_word *words,
                                       size_t count,
                                       const struct core_tileset *tileset,
                                       const char *name,
                                       const struct dict_progress *progress,
                                       struct dict **out,
                                       struct clb_error *err);

#endif
