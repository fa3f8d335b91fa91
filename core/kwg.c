/* core/kwg.c - checking a word graph, counting and looking up its words
 * (kwg.h). Pure: no I/O, no allocation.
 *
 * The check is the only line of defence between a file on disk and the
 * move generator, which walks the nodes without bounds checks. It reads
 * the lists in order, as they lie from node 2 to the end, and accepts an
 * arc only if it leads to a list already read (so below its own): indices
 * then strictly decrease along every path, no walk can loop, and none can
 * leave the array. The same pass counts words, because a list's children
 * are all counted before it. Its scratch is small (a bit a node, and a
 * count a list) so that loading stays near the graph's own size.
 */
/* SPDX-License-Identifier: MIT */
#include "kwg.h"

static enum clb_err kwg_bad(struct clb_error *err, size_t i, const char *what)
{
    return clb_error_set(err, CLB_ERR_BAD_LEXICON, "word graph node %zu: %s", i,
                         what);
}

static uint32_t kwg_add(uint32_t a, uint32_t b)
{
    return a > UINT32_MAX - b ? UINT32_MAX : a + b;
}

/* The lists read so far: a bit per node where one starts, the number of
 * starts before each 32-node word of bits, and each list's word count. */
struct kwg_lists {
    uint32_t *starts, *rank, *words;
    uint32_t n;
};

/* The ordinal of the list starting at node i, or -1 if none starts there.
 * Only for i below the list being read (its rank words are complete). */
static long kwg_list_at(const struct kwg_lists *l, size_t i)
{
    uint32_t bit = (uint32_t)1 << (i % 32), word = l->starts[i / 32];
    if ((word & bit) == 0)
        return -1;
    return (long)(l->rank[i / 32] + core_kwg_popcount(word & (bit - 1u)));
}

static void kwg_list_add(struct kwg_lists *l, size_t i, uint32_t words)
{
    l->starts[i / 32] |= (uint32_t)1 << (i % 32);
    l->words[l->n++] = words;
}

enum clb_err core_kwg_check(const uint32_t *nodes, size_t count, int letters,
                            uint32_t *scratch, uint32_t *words,
                            struct clb_error *err)
{
    uint32_t gaddag;
    return core_kwg_check_counts(nodes, count, letters, scratch, words, &gaddag,
                                 err);
}

enum clb_err core_kwg_check_counts(const uint32_t *nodes, size_t count,
                                   int letters, uint32_t *scratch,
                                   uint32_t *words, uint32_t *gaddag_words,
                                   struct clb_error *err)
{
    *words = 0;
    *gaddag_words = 0;
    if (nodes == NULL || count < CORE_KWG_MIN_NODES)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "the word graph has %zu nodes; it needs at least "
                             "%d",
                             count, CORE_KWG_MIN_NODES);
    if (letters < 1 || letters > CLB_KWG_MAX_LETTERS)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "the word graph's tile set has %d letters; it "
                             "may have 1 to %d",
                             letters, CLB_KWG_MAX_LETTERS);
    uint32_t header_mask = core_kwg_header_mask(letters);
    if (count > CLB_KWG_MAX_NODES)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "the word graph has %zu nodes, more than the %zu "
                             "allowed",
                             count, CLB_KWG_MAX_NODES);
    size_t bit_words = (count + 31) / 32;
    struct kwg_lists l = {scratch, scratch + bit_words, scratch + 2 * bit_words,
                          0};
    for (size_t w = 0; w < 2 * bit_words; w++)
        scratch[w] = 0;
    size_t i = CORE_KWG_FIRST_LIST, ranked = 0;
    while (i < count) {
        /* Every list below i is in: the rank of each whole word of bits
         * below i's word can be fixed now. */
        for (; ranked < i / 32; ranked++)
            l.rank[ranked + 1] =
                l.rank[ranked] + core_kwg_popcount(l.starts[ranked]);
        uint32_t mask = nodes[i];
        if (mask == 0 || (mask & ~header_mask) != 0)
            return kwg_bad(err, i, "not a list header");
        size_t n = core_kwg_popcount(mask);
        if (n > count - i - 1)
            return kwg_bad(err, i, "a list cut short by the end");
        uint32_t here = 0;
        for (size_t k = 1; k <= n; k++) {
            uint32_t arc = nodes[i + k];
            uint32_t to = core_kwg_target(arc);
            long list = to != 0 && to < i ? kwg_list_at(&l, to) : -1;
            if (to != 0 && list < 0)
                return kwg_bad(err, i + k,
                               "an arc to a place that is not a list below "
                               "it");
            if (to == 0 && !core_kwg_accepts(arc))
                return kwg_bad(err, i + k, "an arc that leads nowhere");
            here = kwg_add(here, core_kwg_accepts(arc) ? 1u : 0u);
            if (list >= 0)
                here = kwg_add(here, l.words[list]);
        }
        /* A separator only ever leads on: a path ending in one is not a
         * word. */
        if ((mask & 1u) != 0 && core_kwg_accepts(nodes[i + 1]))
            return kwg_bad(err, i + 1, "a separator that ends a word");
        kwg_list_add(&l, i, here);
        i += n + 1;
    }
    for (; ranked + 1 < bit_words; ranked++)
        l.rank[ranked + 1] =
            l.rank[ranked] + core_kwg_popcount(l.starts[ranked]);
    long root[2];
    for (int r = 0; r < 2; r++) {
        root[r] = nodes[r] < count ? kwg_list_at(&l, nodes[r]) : -1;
        if (root[r] < 0)
            return kwg_bad(err, (size_t)r, "a root that is not a list");
    }
    *words = l.words[root[CORE_KWG_DAWG_NODE]];
    *gaddag_words = l.words[root[CORE_KWG_GADDAG_NODE]];
    return CLB_ERR_OK;
}

void core_kwg_init(struct core_kwg *g, const uint32_t *nodes, size_t count)
{
    g->nodes = nodes;
    g->count = (uint32_t)count;
    g->tileset = NULL;
}

uint32_t core_kwg_accepting(const struct core_kwg *g, uint32_t list)
{
    if (list == 0)
        return 0;
    uint32_t mask = g->nodes[list], set = 0;
    const uint32_t *arc = &g->nodes[list + 1];
    for (uint32_t m = mask; m != 0; m &= m - 1, arc++)
        if (core_kwg_accepts(*arc))
            set |= m & -m;
    return set;
}

/* The graph tile (1..) of a letter tile or a blank standing for one, or
 * -1. A letter past the graph's set is in none of its lists, so the
 * look-up fails there without knowing the set. */
static int kwg_letter_tile(char c)
{
    int m = core_tile_face_letter(c, CLB_KWG_MAX_LETTERS);
    return m >= 0 ? m + 1 : -1;
}

bool core_kwg_contains(const struct core_kwg *g, const char *word, size_t len)
{
    if (g == NULL || g->nodes == NULL || word == NULL || len == 0)
        return false;
    uint32_t list = core_kwg_dawg_root(g), arc = 0;
    for (size_t i = 0; i < len; i++) {
        int tile = kwg_letter_tile(word[i]);
        if (tile < 0)
            return false;
        arc = core_kwg_arc(g, list, (unsigned)tile);
        if (arc == 0)
            return false;
        list = core_kwg_target(arc);
    }
    return core_kwg_accepts(arc);
}
