/* core/kwg.c - checking a word graph, counting and looking up its words
 * (kwg.h). Pure: no I/O, no allocation.
 *
 * The check is the only line of defence between a file on disk and the
 * move generator, which walks the nodes without bounds checks. It reads
 * the plain lists' runs in order, as they lie from node 3 to H, then the
 * headed lists from H to the end, and accepts an arc only if it leads to a
 * list that lies wholly below its own run or headed list (so already
 * read): indices then strictly decrease along every path, no walk can
 * loop, and none can leave the array. The same pass counts words, because
 * a list's children are all counted before it: a run's from its last arc
 * back to its first, each arc's count the words of the list starting
 * there (any arc of a run may start a list, the run's tail).
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

/* What the check knows so far: the words of the list starting at each
 * node read (scratch), and a bit per node where a headed list starts. */
struct kwg_checker {
    const uint32_t *nodes;
    size_t count, headed_from; /* H */
    uint32_t letters;          /* the highest tile */
    uint32_t *words, *heads;
};

static bool kwg_is_head(const struct kwg_checker *c, size_t i)
{
    return (c->heads[i / 32] >> (i % 32) & 1u) != 0;
}

/* True if `list` (a list reference) names a list wholly below node
 * `limit`, already read: a plain list's arc below H, or a headed list's
 * header. */
static bool kwg_list_below(const struct kwg_checker *c, uint32_t list,
                           size_t limit)
{
    size_t i = list & CORE_KWG_INDEX_MASK;
    if (i >= limit)
        return false;
    if (core_kwg_headed(list))
        return i >= c->headed_from && kwg_is_head(c, i);
    return i >= CORE_KWG_FIRST_LIST && i < c->headed_from;
}

/* Checks the arc at node i, of a list that starts at node `limit` (its
 * run's first arc or its header); *words gets the words through it. */
static enum clb_err kwg_arc_check(const struct kwg_checker *c, size_t i,
                                  size_t limit, uint32_t *words,
                                  struct clb_error *err)
{
    uint32_t arc = c->nodes[i], to = core_kwg_target(arc);
    if (core_kwg_tile(arc) > c->letters)
        return kwg_bad(err, i, "an arc of a tile past the tile set");
    /* A separator only ever leads on: a path ending in one is not a
     * word. */
    if (core_kwg_tile(arc) == CORE_KWG_SEPARATOR && core_kwg_accepts(arc))
        return kwg_bad(err, i, "a separator that ends a word");
    if (to == 0 && !core_kwg_accepts(arc))
        return kwg_bad(err, i, "an arc that leads nowhere");
    if (to != 0 && !kwg_list_below(c, to, limit))
        return kwg_bad(err, i, "an arc to a place that is not a list below it");
    *words = core_kwg_accepts(arc) ? 1u : 0u;
    if (to != 0)
        *words = kwg_add(*words, c->words[to & CORE_KWG_INDEX_MASK]);
    return CLB_ERR_OK;
}

/* The plain run starting at node i: arcs in rising tile order up to one
 * marked last, before H. Returns the node after it, or 0 (with *rc). */
static size_t kwg_run_check(struct kwg_checker *c, size_t i, enum clb_err *rc,
                            struct clb_error *err)
{
    size_t first = i;
    uint32_t words = 0;
    for (;; i++) {
        if (i >= c->headed_from) {
            *rc = kwg_bad(err, first, "a list with no last arc");
            return 0;
        }
        uint32_t arc = c->nodes[i];
        if (i > first && core_kwg_tile(arc) <= core_kwg_tile(c->nodes[i - 1])) {
            *rc = kwg_bad(err, i, "a list whose tiles are out of order");
            return 0;
        }
        if ((*rc = kwg_arc_check(c, i, first, &words, err)) != CLB_ERR_OK)
            return 0;
        c->words[i] = words; /* the arc's own, for now */
        if (core_kwg_is_last(arc))
            break;
    }
    /* Each arc's list is the run's tail from it. */
    uint32_t tail = 0;
    for (size_t k = i + 1; k-- > first;)
        c->words[k] = tail = kwg_add(tail, c->words[k]);
    return i + 1;
}

/* The headed list at node i: a header, then an arc per tile it has, the
 * last marked. Returns the node after it, or 0 (with *rc). */
static size_t kwg_headed_check(struct kwg_checker *c, size_t i,
                               enum clb_err *rc, struct clb_error *err)
{
    uint32_t mask = c->nodes[i];
    if (mask == 0 || (mask & ~core_kwg_header_mask((int)c->letters)) != 0) {
        *rc = kwg_bad(err, i, "not a list header");
        return 0;
    }
    size_t n = core_kwg_popcount(mask);
    if (n > c->count - i - 1) {
        *rc = kwg_bad(err, i, "a list cut short by the end");
        return 0;
    }
    uint32_t here = 0, words = 0;
    for (size_t k = 1; k <= n; k++, mask &= mask - 1) {
        uint32_t arc = c->nodes[i + k];
        if (core_kwg_tile(arc) != (unsigned)__builtin_ctz(mask)) {
            *rc = kwg_bad(err, i + k, "an arc whose tile is not its header's");
            return 0;
        }
        if (core_kwg_is_last(arc) != (k == n)) {
            *rc = kwg_bad(err, i + k,
                          k == n ? "a list with no last arc"
                                 : "a list marked last before its end");
            return 0;
        }
        if ((*rc = kwg_arc_check(c, i + k, i, &words, err)) != CLB_ERR_OK)
            return 0;
        here = kwg_add(here, words);
    }
    c->heads[i / 32] |= (uint32_t)1 << (i % 32);
    c->words[i] = here;
    return i + n + 1;
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
    if (count > CLB_KWG_MAX_NODES)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "the word graph has %zu nodes, more than the %zu "
                             "allowed",
                             count, CLB_KWG_MAX_NODES);
    struct kwg_checker c = {
        nodes,   count,          nodes[CORE_KWG_HEADED_NODE], (uint32_t)letters,
        scratch, scratch + count};
    if (c.headed_from < CORE_KWG_FIRST_LIST || c.headed_from > count)
        return kwg_bad(err, CORE_KWG_HEADED_NODE,
                       "the headed lists' start is out of range");
    for (size_t w = 0; w < (count + 31) / 32; w++)
        c.heads[w] = 0;
    enum clb_err rc = CLB_ERR_OK;
    size_t i = CORE_KWG_FIRST_LIST;
    while (i < c.headed_from)
        if ((i = kwg_run_check(&c, i, &rc, err)) == 0)
            return rc;
    while (i < count)
        if ((i = kwg_headed_check(&c, i, &rc, err)) == 0)
            return rc;
    uint32_t root_words[2];
    for (int r = 0; r < 2; r++) {
        if (nodes[r] == 0 || (nodes[r] & ~CORE_KWG_LIST_MASK) != 0 ||
            !kwg_list_below(&c, nodes[r], count))
            return kwg_bad(err, (size_t)r, "a root that is not a list");
        root_words[r] = c.words[nodes[r] & CORE_KWG_INDEX_MASK];
    }
    *words = root_words[CORE_KWG_DAWG_NODE];
    *gaddag_words = root_words[CORE_KWG_GADDAG_NODE];
    return CLB_ERR_OK;
}

void core_kwg_init(struct core_kwg *g, const uint32_t *nodes, size_t count)
{
    g->nodes = nodes;
    g->count = (uint32_t)count;
    g->tileset = NULL;
}

core_kwg_set core_kwg_accepting(const struct core_kwg *g, uint32_t list)
{
    if (list == 0)
        return 0;
    core_kwg_set set = 0;
    for (const uint32_t *a = core_kwg_arcs(g->nodes, list);; a++) {
        if (core_kwg_accepts(*a))
            set |= core_kwg_bit(core_kwg_tile(*a));
        if (core_kwg_is_last(*a))
            return set;
    }
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
