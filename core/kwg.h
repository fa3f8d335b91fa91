/* core/kwg.h - the word graph: a DAWG and a GADDAG in one array of nodes.
 *
 * The lexicon's words, stored twice in one array of 32-bit nodes: as a DAWG
 * (each word spelled forwards, for lookups and cross-checks) and as a
 * GADDAG (Gordon 1994: for each word x1..xn and each split 1 <= i <= n, the
 * letters xi..x1 backwards, then a separator, then xi+1..xn; for i = n the
 * separator is left out), for generating plays outwards from an anchor.
 * Both halves share their common suffixes, as in the KWG layout of the
 * wolges engine, whose format notes this follows, with one change: each
 * sibling list starts with a bitmap of its tiles, so the arc of a tile is
 * found with one popcount instead of a scan (the move generator takes a
 * child at every step; this made it about 1.7 times faster, for 45% more
 * nodes).
 *
 *   nodes[0]     the DAWG's root list
 *   nodes[1]     the GADDAG's root list
 *   a list       one header node: bits 0..n the tiles it has (bit 0 the
 *                GADDAG separator, bit m+1 the tile set's letter m, n
 *                letters, at most CLB_KWG_MAX_LETTERS), the bits above
 *                zero, never empty; then one arc per tile, in tile order
 *   an arc       bit 31: accepts (the path up to and including this tile
 *                spells a word); bits 0..30: the list it leads to, 0 when
 *                no word continues
 *
 * Lists follow each other from node 2 to the end, and every arc leads to a
 * list that starts below its own list. core_kwg_check() proves an array
 * keeps all of this, so a graph from a file, however forged, can be
 * searched without bounds checks: every index in range, and indices
 * strictly decreasing along every path, so no walk can loop.
 *
 * Pure: no I/O, no allocation. The nodes belong to the caller (dict/).
 */
/* SPDX-License-Identifier: MIT */
#ifndef CORE_KWG_H
#define CORE_KWG_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "limits.h"
#include "tiles.h"

#define CORE_KWG_SEPARATOR 0
/* The separator and the most letters a graph's set may have. */
#define CORE_KWG_TILES (CLB_KWG_MAX_LETTERS + 1)
#define CORE_KWG_ACCEPTS 0x80000000u
#define CORE_KWG_INDEX_MASK 0x7FFFFFFFu
static_assert(CORE_KWG_TILES <= 32, "a list header is one 32-bit mask");

/* The header bits a graph of `letters` letters may set (the separator's
 * and theirs). */
static inline uint32_t core_kwg_header_mask(int letters)
{
    return (uint32_t)((UINT64_C(2) << letters) - 1u);
}

/* nodes[0] and nodes[1] name the roots; the first list starts at 2. */
#define CORE_KWG_DAWG_NODE 0
#define CORE_KWG_GADDAG_NODE 1
#define CORE_KWG_FIRST_LIST 2
#define CORE_KWG_MIN_NODES 4 /* the roots and one list of one arc */

/* A checked node array. Only ever made by core_kwg_init(), so every reader
 * may assume core_kwg_check() passed. */
struct core_kwg {
    const uint32_t *nodes;
    uint32_t count;
    /* The tile set its letters are (dict/ sets it; NULL means English). */
    const struct core_tileset *tileset;
};

/* Bits set in x, without the POPCNT instruction (not in baseline x86-64):
 * a dozen plain operations. */
static inline unsigned core_kwg_popcount(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (x * 0x01010101u) >> 24;
}

static inline uint32_t core_kwg_target(uint32_t arc)
{
    return arc & CORE_KWG_INDEX_MASK;
}

static inline bool core_kwg_accepts(uint32_t arc)
{
    return (arc & CORE_KWG_ACCEPTS) != 0;
}

/* The arc of `tile` (0..n) in the list at `list` (a header), or 0 when
 * the list lacks it; list 0 is the empty list. An arc that leads nowhere
 * and accepts nothing is never stored, so 0 always means "no arc". */
static inline uint32_t core_kwg_arc(const struct core_kwg *g, uint32_t list,
                                    unsigned tile)
{
    if (list == 0)
        return 0;
    uint32_t mask = g->nodes[list];
    if ((mask >> tile & 1u) == 0)
        return 0;
    return g->nodes[list + 1 + core_kwg_popcount(mask & ((1u << tile) - 1u))];
}

/* The letters (bits 1..n) whose arcs in the list accept: the letters that
 * end a word right after the path that led to the list. */
uint32_t core_kwg_accepting(const struct core_kwg *g, uint32_t list);

static inline uint32_t core_kwg_dawg_root(const struct core_kwg *g)
{
    return g->nodes[CORE_KWG_DAWG_NODE];
}

static inline uint32_t core_kwg_gaddag_root(const struct core_kwg *g)
{
    return g->nodes[CORE_KWG_GADDAG_NODE];
}

/* Entries of the scratch core_kwg_check() needs for `count` nodes: a bit
 * per node marking where lists start, a running rank of those bits, and a
 * word count per list (a list has at least two nodes). About 0.56 entries
 * a node: 4 MB for SOWPODS, freed after the check. */
#define CORE_KWG_CHECK_SCRATCH(count)                                          \
    (2 * (((size_t)(count) + 31) / 32) + (size_t)(count) / 2 + 1)

/* Checks that `count` nodes form a graph of `letters` letters (1 to
 * CLB_KWG_MAX_LETTERS) the readers can walk safely (see the top of this
 * file) and counts the DAWG's words (saturating at
 * UINT32_MAX) into *words. `scratch` holds CORE_KWG_CHECK_SCRATCH(count)
 * entries (the caller's). Returns CLB_ERR_OK, or CLB_ERR_BAD_LEXICON with a
 * detail naming the first bad node ("word graph node 12: ..."). Reads only
 * nodes[0..count-1]; linear time. */
enum clb_err core_kwg_check(const uint32_t *nodes, size_t count, int letters,
                            uint32_t *scratch, uint32_t *words,
                            struct clb_error *err);

/* core_kwg_check(), also counting the GADDAG's strings (saturating) into
 * *gaddag_words: a GADDAG of exactly its DAWG's words holds, for each word,
 * one string per letter (dict/ checks that a loaded file's does). */
enum clb_err core_kwg_check_counts(const uint32_t *nodes, size_t count,
                                   int letters, uint32_t *scratch,
                                   uint32_t *words, uint32_t *gaddag_words,
                                   struct clb_error *err);

/* Makes *g a view of nodes that passed core_kwg_check() (valid while the
 * nodes live), its tile set NULL (English) until the caller sets it.
 * Cannot fail. */
void core_kwg_init(struct core_kwg *g, const uint32_t *nodes, size_t count);

/* True if the DAWG holds `word`: len letter tiles or blanks (tiles.h).
 * Anything else (another character, an empty word) is not a word. Never
 * allocates; one list per letter. */
bool core_kwg_contains(const struct core_kwg *g, const char *word, size_t len);

#endif
