/* dict/graph.c - builds the word graph (core/kwg.h) of a word list.
 *
 * Incremental construction of a minimal acyclic automaton from sorted
 * strings (Daciuk, Mihov, Watson and Watson 2000): the strings are added in
 * order, and as soon as one diverges from the previous, the states of the
 * previous string's tail can no longer change, so each is either replaced
 * by an equal state already built or registered as new. Memory stays near
 * the final graph's size. A state is its sibling list (a node with its
 * arc count, then an arc per tile: tile, accepts and target), written straight
 * into a node array when registered, so two states are equal exactly when their
 * lists are, and the register is a hash set of list starts. Children are always
 * registered before their parent.
 *
 * The DAWG gets the words in alphabetical order. The GADDAG needs about
 * nine strings a word (one per split), too many to sort at once in little
 * memory; they are made and sorted one first letter at a time, which is
 * still sorted order overall. Both halves share one register, so the
 * GADDAG reuses the DAWG's suffix lists.
 *
 * Then the lists are laid out as kwg.h says (graph_layout): a list of
 * CLB_KWG_HEADER_MIN_ARCS arcs or more whose every parent is headed too
 * keeps its header, at the top; the others lose it, and one that is the
 * tail of another (the same last arcs) is stored inside it. A run must lie
 * below every list that leads into it, so tails are only shared between
 * lists of the same height (the longest path below them), and the runs are
 * laid out by rising height: every arc leads to a lower height, so below.
 */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "dict_format.h"
#include "dict_list.h"

/* A GADDAG string: at most 15 letters and the separator. */
#define GRAPH_KEY_BYTES (DICT_LEN_MAX + 1)
#define GRAPH_DEPTH (GRAPH_KEY_BYTES + 1)
#define GRAPH_TILES CORE_KWG_TILES

/* A string as a sort key: tile + 1 per byte (separator 1, A 2 .. Z 27) and
 * zero padding, so memcmp() order is the graph's order (separator first,
 * a prefix before its extensions). */
struct graph_key {
    unsigned char b[GRAPH_KEY_BYTES];
};

/* A state still under construction: its arcs so far, in tile order. */
struct graph_state {
    int n;
    unsigned char tile[GRAPH_TILES];
    bool accepts[GRAPH_TILES];
    uint32_t target[GRAPH_TILES];
};

struct graph_builder {
    struct dict *d;  /* the output, grown in place: no copy at the end */
    uint32_t *nodes; /* dict_nodes(d); nodes 0 and 1 are the root arcs */
    size_t n, cap;
    uint32_t *table; /* open addressing: list starts, 0 = empty */
    size_t table_cap, table_used;
    struct graph_state path[GRAPH_DEPTH];
    unsigned char prev[GRAPH_KEY_BYTES];
    int prev_len;
    const char *problem; /* set once something failed */
    const struct dict_progress *progress; /* NULL: nobody is told */
};

static void graph_progress(const struct graph_builder *gb, const char *stage,
                           size_t done, size_t total)
{
    if (gb->progress != NULL && gb->progress->fn != NULL)
        gb->progress->fn(gb->progress->ctx, stage, done, total);
}

static uint32_t graph_hash(const uint32_t *list, int n)
{
    uint32_t h = 2166136261u;
    for (int i = 0; i < n; i++) {
        h ^= list[i];
        h *= 16777619u;
        h ^= h >> 15;
    }
    return h;
}

static bool graph_same(const uint32_t *a, const uint32_t *b, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i] != b[i])
            return false;
    return true;
}

/* Nodes of the list at `at`: its count and one arc per tile. */
static int graph_list_len(const uint32_t *nodes, uint32_t at)
{
    return 1 + (int)nodes[at];
}

static bool graph_table_grow(struct graph_builder *gb)
{
    size_t cap = gb->table_cap == 0 ? 1u << 16 : gb->table_cap * 2;
    uint32_t *t = calloc(cap, sizeof *t);
    if (t == NULL)
        return false;
    for (size_t i = 0; i < gb->table_cap; i++) {
        uint32_t at = gb->table[i];
        if (at == 0)
            continue;
        int len = graph_list_len(gb->nodes, at);
        size_t j = graph_hash(gb->nodes + at, len) & (cap - 1);
        while (t[j] != 0)
            j = (j + 1) & (cap - 1);
        t[j] = at;
    }
    free(gb->table);
    gb->table = t;
    gb->table_cap = cap;
    return true;
}

/* Makes room for `cap` nodes behind the header. */
static bool graph_nodes_grow(struct graph_builder *gb, size_t cap)
{
    struct dict *d =
        realloc(gb->d, sizeof *d + DICT_HEADER_BYTES + cap * sizeof(uint32_t));
    if (d == NULL)
        return false;
    gb->d = d;
    gb->nodes = dict_nodes(d);
    gb->cap = cap;
    return true;
}

/* Freezes a finished state: returns the start of an equal list already in
 * the graph, or writes its list and registers it. 0 for a state without
 * arcs (the arc leads nowhere), and 0 after a failure. */
static uint32_t graph_register(struct graph_builder *gb,
                               const struct graph_state *s)
{
    if (s->n == 0 || gb->problem != NULL)
        return 0;
    uint32_t list[GRAPH_TILES + 1] = {0};
    int len = s->n + 1;
    list[0] = (uint32_t)s->n;
    for (int i = 0; i < s->n; i++)
        list[i + 1] = (uint32_t)s->tile[i] << CORE_KWG_TILE_SHIFT |
                      (s->accepts[i] ? CORE_KWG_ACCEPTS : 0) | s->target[i];
    if (2 * (gb->table_used + 1) > gb->table_cap && !graph_table_grow(gb)) {
        gb->problem = "out of memory";
        return 0;
    }
    size_t mask = gb->table_cap - 1;
    size_t j = graph_hash(list, len) & mask;
    for (; gb->table[j] != 0; j = (j + 1) & mask) {
        uint32_t at = gb->table[j];
        if (at + (size_t)len <= gb->n && graph_same(gb->nodes + at, list, len))
            return at;
    }
    if (gb->n + (size_t)len > CLB_KWG_MAX_NODES) {
        gb->problem = "the word graph would pass its limit of nodes "
                      "(CLB_KWG_MAX_NODES)";
        return 0;
    }
    if (gb->n + (size_t)len > gb->cap &&
        !graph_nodes_grow(gb, gb->cap + gb->cap / 2)) {
        gb->problem = "out of memory";
        return 0;
    }
    uint32_t at = (uint32_t)gb->n;
    memcpy(gb->nodes + at, list, (size_t)len * sizeof *list);
    gb->n += (size_t)len;
    gb->table[j] = at;
    gb->table_used++;
    return at;
}

/* Freezes the states of the current path deeper than `depth`, deepest
 * first, hooking each into the arc that leads to it. */
static void graph_freeze(struct graph_builder *gb, int depth)
{
    for (int d = gb->prev_len; d > depth; d--) {
        uint32_t at = graph_register(gb, &gb->path[d]);
        struct graph_state *up = &gb->path[d - 1];
        up->target[up->n - 1] = at;
    }
}

static void graph_begin(struct graph_builder *gb)
{
    gb->prev_len = 0;
    gb->path[0].n = 0;
}

/* Adds one string (len bytes of sort key, len >= 1). Strings must come in
 * strictly increasing memcmp order; a repeat is ignored. */
static void graph_add(struct graph_builder *gb, const unsigned char *key,
                      int len)
{
    int p = 0;
    while (p < len && p < gb->prev_len && key[p] == gb->prev[p])
        p++;
    if (p == len) {
        if (len != gb->prev_len)
            gb->problem = "strings out of order"; /* a prefix came after */
        return;
    }
    if (p < gb->prev_len && key[p] < gb->prev[p]) {
        gb->problem = "strings out of order";
        return;
    }
    graph_freeze(gb, p);
    for (int d = p; d < len; d++) {
        struct graph_state *s = &gb->path[d];
        s->tile[s->n] = (unsigned char)(key[d] - 1);
        s->accepts[s->n] = d == len - 1;
        s->target[s->n] = 0;
        s->n++;
        gb->path[d + 1].n = 0;
    }
    memcpy(gb->prev, key, (size_t)len);
    gb->prev_len = len;
}

/* Freezes everything and returns the root list. */
static uint32_t graph_end(struct graph_builder *gb)
{
    graph_freeze(gb, 0);
    return graph_register(gb, &gb->path[0]);
}

static int graph_key_cmp(const void *a, const void *b)
{
    return memcmp(a, b, GRAPH_KEY_BYTES);
}

static int graph_key_len(const struct graph_key *k)
{
    int n = 0;
    while (n < GRAPH_KEY_BYTES && k->b[n] != 0)
        n++;
    return n;
}

static void graph_add_sorted(struct graph_builder *gb, struct graph_key *keys,
                             size_t n)
{
    qsort(keys, n, sizeof *keys, graph_key_cmp);
    for (size_t i = 0; i < n && gb->problem == NULL; i++)
        graph_add(gb, keys[i].b, graph_key_len(&keys[i]));
}

/* The GADDAG strings of one word whose split letter (the i-th) is `first`:
 * the letters i..1 backwards, then, unless i is the whole word, the
 * separator and letters i+1..n. Returns how many were written. */
static size_t graph_gaddag_keys(const struct dict_word *w, unsigned first,
                                struct graph_key *out)
{
    size_t made = 0;
    for (int i = 1; i <= w->len; i++) {
        if (w->codes[i - 1] + 1u != first)
            continue;
        struct graph_key *k = &out[made++];
        memset(k, 0, sizeof *k);
        int o = 0;
        for (int j = i - 1; j >= 0; j--)
            k->b[o++] = (unsigned char)(w->codes[j] + 2);
        if (i < w->len) {
            k->b[o++] = CORE_KWG_SEPARATOR + 1;
            for (int j = i; j < w->len; j++)
                k->b[o++] = (unsigned char)(w->codes[j] + 2);
        }
    }
    return made;
}

static bool graph_build_dawg(struct graph_builder *gb,
                             const struct dict_word *words, size_t count,
                             uint32_t *root)
{
    struct graph_key *keys = malloc(count * sizeof *keys);
    if (keys == NULL)
        return false;
    for (size_t i = 0; i < count; i++) {
        memset(&keys[i], 0, sizeof keys[i]);
        for (int j = 0; j < words[i].len; j++)
            keys[i].b[j] = (unsigned char)(words[i].codes[j] + 2);
    }
    graph_begin(gb);
    graph_add_sorted(gb, keys, count);
    free(keys);
    *root = graph_end(gb);
    return true;
}

static bool graph_build_gaddag(struct graph_builder *gb,
                               const struct dict_word *words, size_t count,
                               uint32_t *root)
{
    /* Size the buffer for the largest first letter. */
    size_t per_tile[GRAPH_TILES] = {0}, most = 0;
    for (size_t i = 0; i < count; i++)
        for (int j = 0; j < words[i].len; j++)
            per_tile[words[i].codes[j] + 1]++;
    for (int t = 1; t < GRAPH_TILES; t++)
        most = per_tile[t] > most ? per_tile[t] : most;
    struct graph_key *keys = malloc((most > 0 ? most : 1) * sizeof *keys);
    if (keys == NULL)
        return false;
    graph_begin(gb);
    for (unsigned t = 1; t < GRAPH_TILES && gb->problem == NULL; t++) {
        graph_progress(gb, "the GADDAG", t - 1, GRAPH_TILES - 1);
        size_t n = 0;
        for (size_t i = 0; i < count; i++)
            n += graph_gaddag_keys(&words[i], t, keys + n);
        graph_add_sorted(gb, keys, n);
    }
    free(keys);
    *root = graph_end(gb);
    return true;
}

/* Fills the header of a finished image. */
static void graph_header(struct dict *d, uint32_t words, size_t nodes,
                         const struct core_tileset *tileset)
{
    unsigned char *img = dict_bytes(d);
    memset(img, 0, DICT_HEADER_BYTES);
    memcpy(img, DICT_MAGIC, DICT_MAGIC_LEN);
    dict_wr32(img + DICT_OFF_VERSION, DICT_VERSION);
    dict_wr32(img + DICT_OFF_HEADER_BYTES, DICT_HEADER_BYTES);
    dict_wr32(img + DICT_OFF_FILE_BYTES, (uint32_t)d->size);
    dict_wr32(img + DICT_OFF_WORDS, words);
    dict_wr32(img + DICT_OFF_NODES, (uint32_t)nodes);
    if (!core_tileset_is_default(tileset))
        memcpy(img + DICT_OFF_TILESET, tileset->name, strlen(tileset->name));
}

/* One list of the first phase's array, as the layout sees it. */
struct graph_list {
    const uint32_t *at; /* its header, then its arcs */
    uint32_t id;        /* its ordinal in the first array */
    uint8_t height;     /* the longest path below it */
    uint8_t n;          /* its arcs */
};

struct graph_layout {
    const uint32_t *old;
    size_t old_count;
    uint32_t *id_of; /* old node -> list ordinal (valid at list starts) */
    struct graph_list *lists;
    uint32_t *ref; /* list ordinal -> its reference in the new array */
    bool *headed;
    size_t nlists;
};

/* Arc k of a list counted from its last (0 the last), as a sort key:
 * tile, then the first phase's arc (accepts and target). */
static uint64_t graph_arc_from_end(const struct graph_list *l, int k)
{
    uint32_t arc = l->at[l->n - k];
    return (uint64_t)core_kwg_tile(arc) << 32 | arc;
}

/* Height, then the arcs read from the last backwards, a list before those
 * it is the tail of. */
static int graph_tail_cmp(const void *pa, const void *pb)
{
    const struct graph_list *a = pa, *b = pb;
    if (a->height != b->height)
        return a->height < b->height ? -1 : 1;
    int n = a->n < b->n ? a->n : b->n;
    for (int k = 0; k < n; k++) {
        uint64_t x = graph_arc_from_end(a, k), y = graph_arc_from_end(b, k);
        if (x != y)
            return x < y ? -1 : 1;
    }
    if (a->n != b->n)
        return a->n < b->n ? -1 : 1;
    return a->id < b->id ? -1 : a->id > b->id;
}

/* True if list a is the tail of list b (its arcs are b's last ones). */
static bool graph_is_tail(const struct graph_list *a,
                          const struct graph_list *b)
{
    if (a->height != b->height || a->n >= b->n)
        return false;
    for (int k = 0; k < a->n; k++)
        if (graph_arc_from_end(a, k) != graph_arc_from_end(b, k))
            return false;
    return true;
}

/* Finds the lists, their heights, and which keep a header: processed from
 * the top down, a list's parents are all settled before it. */
static bool graph_layout_lists(struct graph_layout *L)
{
    size_t n = 0;
    for (size_t i = CORE_KWG_FIRST_LIST; i < L->old_count; i += 1 + L->old[i])
        n++;
    L->nlists = n;
    L->id_of = malloc(L->old_count * sizeof *L->id_of);
    L->lists = malloc((n + 1) * sizeof *L->lists);
    L->ref = malloc((n + 1) * sizeof *L->ref);
    L->headed = calloc(n + 1, sizeof *L->headed);
    bool *plain_parent = calloc(n + 1, sizeof *plain_parent);
    if (L->id_of == NULL || L->lists == NULL || L->ref == NULL ||
        L->headed == NULL || plain_parent == NULL) {
        free(plain_parent);
        return false;
    }
    size_t k = 0;
    for (size_t i = CORE_KWG_FIRST_LIST; i < L->old_count; k++) {
        struct graph_list *l = &L->lists[k];
        l->at = &L->old[i];
        l->id = (uint32_t)k;
        l->n = (uint8_t)L->old[i];
        l->height = 0;
        for (int a = 1; a <= l->n; a++) {
            uint32_t to = l->at[a] & CORE_KWG_INDEX_MASK;
            uint8_t h =
                to == 0 ? 0 : (uint8_t)(L->lists[L->id_of[to]].height + 1);
            l->height = h > l->height ? h : l->height;
        }
        L->id_of[i] = (uint32_t)k;
        i += 1u + l->n;
    }
    for (size_t j = n; j-- > 0;) {
        struct graph_list *l = &L->lists[j];
        /* A header names tiles 0..31 (kwg.h): a list holding tile 32
         * (its last arc's, tiles rising) stays plain. */
        L->headed[j] = l->n >= CLB_KWG_HEADER_MIN_ARCS && !plain_parent[j] &&
                       core_kwg_tile(l->at[l->n]) < CORE_KWG_HEADER_TILES;
        if (L->headed[j])
            continue;
        for (int a = 1; a <= l->n; a++) {
            uint32_t to = l->at[a] & CORE_KWG_INDEX_MASK;
            if (to != 0)
                plain_parent[L->id_of[to]] = true;
        }
    }
    free(plain_parent);
    return true;
}

/* Writes list l's arcs at out, their targets the new references. */
static void graph_write_arcs(const struct graph_layout *L,
                             const struct graph_list *l, uint32_t *out)
{
    for (int a = 1; a <= l->n; a++) {
        uint32_t old = l->at[a], to = old & CORE_KWG_INDEX_MASK;
        uint32_t arc =
            old & (CORE_KWG_ACCEPTS | ~((1u << CORE_KWG_TILE_SHIFT) - 1u));
        if (to != 0)
            arc |= L->ref[L->id_of[to]];
        if (a == l->n)
            arc |= CORE_KWG_END;
        out[a - 1] = arc;
    }
}

/* Places list id's host (and so id) unless it is placed already, after
 * the lists it leads to. Recursion as deep as the longest string. */
static void graph_place(struct graph_layout *L, const uint32_t *host_of,
                        uint32_t id, size_t *plain_at, size_t *headed_at)
{
    uint32_t h = host_of[id];
    if (L->ref[h] != UINT32_MAX)
        return;
    const struct graph_list *l = &L->lists[h];
    for (int a = 1; a <= l->n; a++) {
        uint32_t to = l->at[a] & CORE_KWG_INDEX_MASK;
        if (to != 0)
            graph_place(L, host_of, L->id_of[to], plain_at, headed_at);
    }
    if (L->headed[h]) {
        L->ref[h] = (uint32_t)*headed_at | CORE_KWG_HEADED;
        *headed_at += 1u + l->n;
    } else {
        L->ref[h] = (uint32_t)*plain_at;
        *plain_at += l->n;
    }
}

/* Lays the first phase's lists out as kwg.h says, into *out (a new dict
 * of *count nodes). False when out of memory. */
static bool graph_layout(struct graph_builder *gb, struct dict **out,
                         size_t *count)
{
    struct graph_layout L = {.old = gb->nodes, .old_count = gb->n};
    uint32_t root[2] = {gb->nodes[0], gb->nodes[1]};
    struct graph_list *plain = NULL;
    uint32_t *host = NULL, *host_of = NULL;
    bool ok = false;
    if (!graph_layout_lists(&L))
        goto done;
    size_t np = 0;
    plain = malloc((L.nlists + 1) * sizeof *plain);
    host = malloc((L.nlists + 1) * sizeof *host);
    host_of = malloc((L.nlists + 1) * sizeof *host_of);
    if (plain == NULL || host == NULL || host_of == NULL)
        goto done;
    for (size_t k = 0; k < L.nlists; k++)
        if (!L.headed[k])
            plain[np++] = L.lists[k];
    qsort(plain, np, sizeof *plain, graph_tail_cmp);
    /* Each plain list's host: the longest list of its height it is the
     * tail of, along the sorted chain of tails. */
    for (size_t p = np; p-- > 0;)
        host[p] = p + 1 < np && graph_is_tail(&plain[p], &plain[p + 1])
                      ? host[p + 1]
                      : (uint32_t)p;
    /* Where each list lies: its host's place, laid out depth first from
     * the roots (children first, so below; a list near the lists it leads
     * to, as the walks read them), plain runs from node 3 and headed lists
     * from H. */
    size_t plain_nodes = 0, at = CORE_KWG_FIRST_LIST;
    for (size_t k = 0; k < L.nlists; k++)
        host_of[k] = (uint32_t)k;
    for (size_t p = 0; p < np; p++) {
        host_of[plain[p].id] = plain[host[p]].id;
        if (host[p] == p)
            plain_nodes += plain[p].n;
    }
    for (size_t k = 0; k < L.nlists; k++)
        L.ref[k] = UINT32_MAX;
    size_t headed_from = at + plain_nodes, headed_at = headed_from;
    for (int r = 0; r < 2; r++)
        if (root[r] != 0)
            graph_place(&L, host_of, L.id_of[root[r]], &at, &headed_at);
    for (size_t k = 0; k < L.nlists; k++)
        graph_place(&L, host_of, (uint32_t)k, &at, &headed_at);
    for (size_t k = 0; k < L.nlists; k++)
        if (host_of[k] != k) {
            const struct graph_list *h = &L.lists[host_of[k]];
            L.ref[k] = L.ref[h->id] + h->n - L.lists[k].n;
        }
    at = headed_at;
    struct dict *d = malloc(sizeof *d + DICT_HEADER_BYTES + at * 4);
    if (d == NULL)
        goto done;
    d->mapping = NULL;
    d->mapping_bytes = 0;
    uint32_t *nodes = dict_nodes(d);
    for (size_t p = 0; p < np; p++)
        if (host[p] == p)
            graph_write_arcs(&L, &plain[p], &nodes[L.ref[plain[p].id]]);
    for (size_t k = 0; k < L.nlists; k++)
        if (L.headed[k]) {
            uint32_t i = L.ref[k] & CORE_KWG_INDEX_MASK;
            uint32_t header = 0;
            for (int a = 1; a <= L.lists[k].n; a++)
                header |= 1u << core_kwg_tile(L.lists[k].at[a]);
            nodes[i] = header;
            graph_write_arcs(&L, &L.lists[k], &nodes[i + 1]);
        }
    for (int r = 0; r < 2; r++)
        nodes[r] = root[r] == 0 ? 0 : L.ref[L.id_of[root[r]]];
    nodes[CORE_KWG_HEADED_NODE] = (uint32_t)headed_from;
    *out = d;
    *count = at;
    ok = true;
done:
    free(plain);
    free(host);
    free(host_of);
    free(L.id_of);
    free(L.lists);
    free(L.ref);
    free(L.headed);
    return ok;
}

enum clb_err dict_graph_build(const struct dict_word *words, size_t count,
                              const struct core_tileset *tileset,
                              const char *name, struct dict **out,
                              struct clb_error *err)
{
    return dict_graph_build_progress(words, count, tileset, name, NULL, out,
                                     err);
}

enum clb_err dict_graph_build_progress(const struct dict_word *words,
                                       size_t count,
                                       const struct core_tileset *tileset,
                                       const char *name,
                                       const struct dict_progress *progress,
                                       struct dict **out,
                                       struct clb_error *err)
{
    *out = NULL;
    struct graph_builder gb = {.progress = progress};
    if (!graph_nodes_grow(&gb, (size_t)1 << 16))
        return clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: out of memory",
                             name);
    gb.n = CORE_KWG_FIRST_LIST;
    uint32_t dawg = 0, gaddag = 0;
    graph_progress(&gb, "the DAWG", 0, 1);
    if (!graph_build_dawg(&gb, words, count, &dawg) ||
        !graph_build_gaddag(&gb, words, count, &gaddag))
        gb.problem = "out of memory";
    free(gb.table);
    gb.table = NULL;
    gb.nodes[CORE_KWG_DAWG_NODE] = dawg;
    gb.nodes[CORE_KWG_GADDAG_NODE] = gaddag;
    struct dict *d = NULL;
    size_t n = 0;
    graph_progress(&gb, "laying the graph out", 0, 1);
    if (gb.problem == NULL && !graph_layout(&gb, &d, &n))
        gb.problem = "out of memory";
    free(gb.d);
    if (gb.problem != NULL)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: %s", name,
                             gb.problem);

    d->size = DICT_HEADER_BYTES + n * sizeof(uint32_t);
    d->words = (uint32_t)count;
    graph_header(d, d->words, n, tileset);
    /* The builder's own output must pass the reader's check and hold every
     * word; anything else is a bug here, reported rather than handed to
     * the generator. */
    graph_progress(&gb, "checking the graph", 0, 1);
    uint32_t *scratch = malloc(CORE_KWG_CHECK_SCRATCH(n) * sizeof *scratch);
    uint32_t counted = 0;
    struct clb_error check;
    clb_error_clear(&check);
    if (scratch == NULL)
        clb_error_set(&check, CLB_ERR_INTERNAL, "out of memory");
    enum clb_err rc = scratch == NULL
                          ? CLB_ERR_INTERNAL
                          : core_kwg_check(dict_nodes(d), n, tileset->n,
                                           scratch, &counted, &check);
    /* Whether the scratch was there is decided above: a freed pointer's
     * value is indeterminate (C17 6.2.4p2), so it is not looked at after. */
    free(scratch);
    if (rc != CLB_ERR_OK || counted != d->words) {
        free(d);
        return clb_error_set(err, CLB_ERR_INTERNAL,
                             "%s: the word graph built is invalid (%s)", name,
                             check.detail);
    }
    core_kwg_init(&d->graph, dict_nodes(d), n);
    d->graph.tileset = tileset;
    dict_set_fingerprint(d);
    dict_nodes_to_file(dict_nodes(d), n);
    dict_wr32(dict_bytes(d) + DICT_OFF_CRC,
              dict_image_crc(dict_bytes(d), d->size));
    dict_nodes_to_host(dict_nodes(d), n);
    *out = d;
    return CLB_ERR_OK;
}
