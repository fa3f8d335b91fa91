/* core/kwg.h - the word graph: a DAWG and a GADDAG in one array of nodes.
 *
 * The lexicon's words, stored twice in one array of 32-bit nodes: as a DAWG
 * (each word spelled forwards, for lookups and cross-checks) and as a
 * GADDAG (Gordon 1994: for each word x1..xn and each split 1 <= i <= n, the
 * letters xi..x1 backwards, then a separator, then xi+1..xn; for i = n the
 * separator is left out), for generating plays outwards from an anchor.
 * Both halves share their common suffixes, as in the KWG layout of the
 * wolges engine, whose format notes this follows: one 32-bit node an arc,
 * each arc carrying its tile, a sibling list a run of arcs in tile order
 * whose last is marked, so a list that is the tail of another is stored
 * once, inside it. One change: a list of many arcs (the roots, the early
 * levels, CLB_KWG_HEADER_MIN_ARCS or more) starts with a bitmap of its
 * tiles, so the arc of a tile is found with one popcount instead of a
 * scan; the short lists, most of them, are scanned (a list of 1 to 3 arcs
 * is as quick to scan as to look up).
 *
 *   nodes[0]     the DAWG's root list (a list reference, below)
 *   nodes[1]     the GADDAG's root list
 *   nodes[2]     H, the first node of the headed lists (the node count
 *                when there are none)
 *   an arc       bits 26..31: its tile (0 the GADDAG separator, m+1 the
 *                tile set's letter m, at most CLB_KWG_MAX_LETTERS letters:
 *                0..32); bit 25: accepts (the path up to and including
 *                this tile spells a word); bit 24: the last arc of its
 *                list; bits 0..23: the list it leads to, 0 when no word
 *                continues
 *   a list reference  bits 0..22 a node index; bit 23 set when the list
 *                there starts with a header
 *   nodes[3..H-1]  plain lists: runs of arcs, tiles strictly rising, the
 *                last of each run marked; a list may start at any arc of
 *                a run (it is the run's tail from there)
 *   nodes[H..]   headed lists: a header node, bits 0..n the tiles it has
 *                (bit t tile t), the bits above zero, never empty; then one
 *                arc per tile, in tile order, the last marked. A header is
 *                one 32-bit word, so it names tiles 0..31: a list holding
 *                tile 32 (the last letter of a 32-letter set, Polish Ż)
 *                is always plain, scanned.
 *
 * This is .clx version 4 (docs/ENGINE.md). Version 3 had the tile in bits
 * 27..31 (31 letters at most) and a 22-bit index; the tile's sixth bit and
 * the index's 23rd took its two spare bits, so the English graph keeps its
 * size and its lists, and its headers are the same words.
 *
 * Every arc leads to a list that lies wholly below its own run (or its
 * own headed list). core_kwg_check() proves an array keeps all of this,
 * so a graph from a file, however forged, can be searched without bounds
 * checks: every index in range, and indices strictly decreasing along
 * every path, so no walk can loop.
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
/* The tiles a list header can name (bit t tile t of one 32-bit word). */
#define CORE_KWG_HEADER_TILES 32
#define CORE_KWG_TILE_SHIFT 26
#define CORE_KWG_ACCEPTS 0x02000000u
#define CORE_KWG_END 0x01000000u
#define CORE_KWG_HEADED 0x00800000u
#define CORE_KWG_INDEX_MASK 0x007FFFFFu
/* The bits of an arc that name the list it leads to. */
#define CORE_KWG_LIST_MASK (CORE_KWG_INDEX_MASK | CORE_KWG_HEADED)
/* A set of tiles, bit t tile t: 33 tiles need more than 32 bits. */
typedef uint64_t core_kwg_set;
static_assert(CORE_KWG_TILES <= 64, "a set of tiles is one 64-bit mask");
static_assert(CORE_KWG_TILES <= (1 << (32 - CORE_KWG_TILE_SHIFT)),
              "an arc's tile fits its bits");
static_assert((CORE_KWG_ACCEPTS | CORE_KWG_END | CORE_KWG_LIST_MASK) ==
                  (1u << CORE_KWG_TILE_SHIFT) - 1u,
              "an arc's fields fill its 32 bits");
static_assert(CLB_KWG_MAX_NODES <= (size_t)CORE_KWG_INDEX_MASK + 1,
              "every node index fits an arc");

/* The header bits a graph of `letters` letters may set (the separator's
 * and theirs, up to tile 31). */
static inline uint32_t core_kwg_header_mask(int letters)
{
    return (uint32_t)((UINT64_C(2) << letters) - 1u);
}

/* The set of just tile t. */
static inline core_kwg_set core_kwg_bit(unsigned t)
{
    return (core_kwg_set)1 << t;
}

/* nodes[0] and nodes[1] name the roots, nodes[2] where the headed lists
 * start; the first list starts at 3. */
#define CORE_KWG_DAWG_NODE 0
#define CORE_KWG_GADDAG_NODE 1
#define CORE_KWG_HEADED_NODE 2
#define CORE_KWG_FIRST_LIST 3
#define CORE_KWG_MIN_NODES 4 /* the roots, H and one list of one arc */

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

/* The list an arc leads to (a list reference: index and header bit). */
static inline uint32_t core_kwg_target(uint32_t arc)
{
    return arc & CORE_KWG_LIST_MASK;
}

static inline bool core_kwg_accepts(uint32_t arc)
{
    return (arc & CORE_KWG_ACCEPTS) != 0;
}

static inline unsigned core_kwg_tile(uint32_t arc)
{
    return arc >> CORE_KWG_TILE_SHIFT;
}

static inline bool core_kwg_is_last(uint32_t arc)
{
    return (arc & CORE_KWG_END) != 0;
}

static inline bool core_kwg_headed(uint32_t list)
{
    return (list & CORE_KWG_HEADED) != 0;
}

/* The first arc of the list `list` (not 0): behind its header if it has
 * one. Its arcs run from there to the one marked last. */
static inline const uint32_t *core_kwg_arcs(const uint32_t *nodes,
                                            uint32_t list)
{
    return core_kwg_headed(list) ? &nodes[(list & CORE_KWG_INDEX_MASK) + 1]
                                 : &nodes[list];
}

/* The tiles of the list `list` (not 0) as a bit set (bit t: tile t): the
 * header of a headed list, else its arcs' tiles, read in one scan. */
static inline core_kwg_set core_kwg_tiles(const uint32_t *nodes, uint32_t list)
{
    if (core_kwg_headed(list))
        return nodes[list & CORE_KWG_INDEX_MASK];
    core_kwg_set set = 0;
    for (const uint32_t *a = &nodes[list];; a++) {
        set |= core_kwg_bit(core_kwg_tile(*a));
        if (core_kwg_is_last(*a))
            return set;
    }
}

/* The arc of `tile` in the plain (headerless) list at `list`, or 0: a
 * scan, stopping at the first tile past it (tiles rise along a list). */
static inline uint32_t core_kwg_scan(const uint32_t *nodes, uint32_t list,
                                     unsigned tile)
{
    for (const uint32_t *a = &nodes[list];; a++) {
        unsigned t = core_kwg_tile(*a);
        if (t == tile)
            return *a;
        if (t > tile || core_kwg_is_last(*a))
            return 0;
    }
}

/* The arc of `tile` (0..n) in the list `list`, or 0 when the list lacks
 * it; list 0 is the empty list. An arc is never 0 (a separator's leads
 * somewhere, a letter's has its tile), so 0 always means "no arc". */
static inline uint32_t core_kwg_arc(const struct core_kwg *g, uint32_t list,
                                    unsigned tile)
{
    if (list == 0)
        return 0;
    if (!core_kwg_headed(list))
        return core_kwg_scan(g->nodes, list, tile);
    const uint32_t *h = &g->nodes[list & CORE_KWG_INDEX_MASK];
    uint32_t mask = h[0];
    /* Shifted as 64 bits: tile 32, never in a header, reads 0. */
    if (((uint64_t)mask >> tile & 1u) == 0)
        return 0;
    return h[1 + core_kwg_popcount(mask & ((1u << tile) - 1u))];
}

/* The letters (bits 1..n) whose arcs in the list accept: the letters that
 * end a word right after the path that led to the list. */
core_kwg_set core_kwg_accepting(const struct core_kwg *g, uint32_t list);

static inline uint32_t core_kwg_dawg_root(const struct core_kwg *g)
{
    return g->nodes[CORE_KWG_DAWG_NODE];
}

static inline uint32_t core_kwg_gaddag_root(const struct core_kwg *g)
{
    return g->nodes[CORE_KWG_GADDAG_NODE];
}

/* Entries of the scratch core_kwg_check() needs for `count` nodes: a word
 * count per node (any arc of a run may start a list) and a bit per node
 * marking where headed lists start. About 1.03 entries a node: 4.9 MB
 * for SOWPODS, freed after the check. */
#define CORE_KWG_CHECK_SCRATCH(count)                                          \
    ((size_t)(count) + ((size_t)(count) + 31) / 32 + 1)

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
