/* dict/dict.c - loads a lexicon file, checks a compiled image, looks words up.
 *
 * The loader reads the whole file into one allocation. A compiled file
 * (dict_format.h) is then checked once, header and word graph, so a damaged
 * file is refused with CLB_ERR_BAD_LEXICON instead of being trusted by the
 * graph walks; a word list is handed to dict_text.c, which builds the same
 * image in memory. An image checked ahead of time (the built-in list, at
 * build time) is used where it lies instead, read-only, its header matched
 * against what that check found (dict_use_in_place). Either way a lookup,
 * like the move generator, reads only the image and never allocates.
 */
/* SPDX-License-Identifier: MIT */
/* madvise(MADV_DONTNEED), a Linux and BSD call outside POSIX. */
#define _DEFAULT_SOURCE
#include "dict.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "dict_format.h"

/* ---- CRC-32 ----------------------------------------------------------- */

/* The byte table of CRC-32 (the zlib/PNG polynomial, reflected): one byte
 * steps the register to table[(reg ^ byte) & 0xFF] ^ (reg >> 8). Built on
 * the caller's stack (1 KiB, a few microseconds) so the library needs no
 * global state and no initialisation order. The image's checksum and the
 * fingerprint both start here. */
static void dict_crc_table(uint32_t table[256])
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = c & 1u ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[i] = c;
    }
}

/* The bare register (no inversions) stepped over n bytes, one at a time. */
static uint32_t dict_crc_bytes(const uint32_t table[256], uint32_t reg,
                               const unsigned char *p, size_t n)
{
    while (n-- > 0)
        reg = table[(reg ^ *p++) & 0xFFu] ^ (reg >> 8);
    return reg;
}

/* CRC-32 of n bytes, continuing from crc (start with 0). Slicing-by-4:
 * four table lookups per 32-bit step keep the check of a 1.3 MB image near
 * a millisecond. Cannot fail. */
static uint32_t dict_crc32(uint32_t crc, const unsigned char *p, size_t n)
{
    uint32_t t[4][256];
    dict_crc_table(t[0]);
    for (uint32_t i = 0; i < 256; i++) {
        t[1][i] = (t[0][i] >> 8) ^ t[0][t[0][i] & 0xFFu];
        t[2][i] = (t[1][i] >> 8) ^ t[0][t[1][i] & 0xFFu];
        t[3][i] = (t[2][i] >> 8) ^ t[0][t[2][i] & 0xFFu];
    }
    crc = ~crc;
    while (n >= 4) {
        crc ^= dict_rd32(p);
        crc = t[3][crc & 0xFFu] ^ t[2][(crc >> 8) & 0xFFu] ^
              t[1][(crc >> 16) & 0xFFu] ^ t[0][crc >> 24];
        p += 4;
        n -= 4;
    }
    return ~dict_crc_bytes(t[0], crc, p, n);
}

uint32_t dict_image_crc(const unsigned char *image, size_t size)
{
    uint32_t crc = dict_crc32(0, image, DICT_OFF_CRC);
    return dict_crc32(crc, image + DICT_HEADER_BYTES, size - DICT_HEADER_BYTES);
}

/* ---- the fingerprint -------------------------------------------------- */

/* The words are in the graph alphabetically, all lengths mixed; the
 * fingerprint wants them by length first. So one walk keeps a CRC per
 * length, and the CRCs are joined at the end: for CRC-32,
 * crc(A B) = zeros(crc(A), |B|) ^ crc(B), where zeros() runs the bare
 * register over |B| zero bytes. (Why: the register update is linear over
 * GF(2) in the register and the data, and the initial and final inversions
 * cancel.) */
struct dict_fp_walk {
    const uint32_t *nodes;
    uint32_t table[256];
    uint32_t reg[DICT_LEN_MAX + 1]; /* the register, words of each length */
    uint64_t bytes[DICT_LEN_MAX + 1];
    unsigned char word[DICT_LEN_MAX + 1];
};

/* m times v over GF(2): m[i] is the image of bit i. */
static uint32_t dict_fp_times(const uint32_t m[32], uint32_t v)
{
    uint32_t r = 0;
    for (int i = 0; v != 0; i++, v >>= 1)
        if ((v & 1u) != 0)
            r ^= m[i];
    return r;
}

/* The register after n zero bytes. One zero byte is a linear map of the
 * register, so n of them are its n-th power: squared up bit by bit, a few
 * thousand operations instead of n table steps. */
static uint32_t dict_fp_zeros(const uint32_t table[256], uint32_t reg,
                              uint64_t n)
{
    uint32_t m[32], sq[32];
    for (int i = 0; i < 32; i++) {
        uint32_t c = (uint32_t)1 << i;
        m[i] = table[c & 0xFFu] ^ (c >> 8);
    }
    while (n != 0) {
        if ((n & 1u) != 0)
            reg = dict_fp_times(m, reg);
        n >>= 1;
        if (n != 0) {
            for (int i = 0; i < 32; i++)
                sq[i] = dict_fp_times(m, m[i]);
            memcpy(m, sq, sizeof m);
        }
    }
    return reg;
}

/* Every word below `list`, depth letters already in w->word. The depth is
 * bounded by the longest word, and the words by CLB_MAX_LEXICON_WORDS (a
 * checked graph has no path that does not end in a word). */
static void dict_fp_walk(struct dict_fp_walk *w, uint32_t list, int depth)
{
    if (list == 0 || depth >= DICT_LEN_MAX)
        return;
    for (const uint32_t *arc = core_kwg_arcs(w->nodes, list);; arc++) {
        unsigned tile = core_kwg_tile(*arc);
        /* A separator is not in a DAWG; a forged one spells nothing. */
        if (tile != CORE_KWG_SEPARATOR) {
            w->word[depth] = (unsigned char)core_letter_tile((int)tile - 1);
            int len = depth + 1;
            if (core_kwg_accepts(*arc) && len >= DICT_LEN_MIN) {
                w->word[len] = '\n';
                w->reg[len] = dict_crc_bytes(w->table, w->reg[len], w->word,
                                             (size_t)len + 1);
                w->bytes[len] += (uint64_t)len + 1;
            }
            dict_fp_walk(w, core_kwg_target(*arc), len);
        }
        if (core_kwg_is_last(*arc))
            return;
    }
}

void dict_set_fingerprint(struct dict *d)
{
    struct dict_fp_walk w;
    w.nodes = d->graph.nodes;
    dict_crc_table(w.table);
    for (int len = 0; len <= DICT_LEN_MAX; len++) {
        w.reg[len] = 0xFFFFFFFFu;
        w.bytes[len] = 0;
    }
    dict_fp_walk(&w, core_kwg_dawg_root(&d->graph), 0);
    uint32_t crc = 0; /* the CRC of nothing */
    for (int len = DICT_LEN_MIN; len <= DICT_LEN_MAX; len++)
        if (w.bytes[len] > 0)
            crc = dict_fp_zeros(w.table, crc, w.bytes[len]) ^ ~w.reg[len];
    d->fingerprint = crc;
}

void dict_nodes_to_host(uint32_t *nodes, size_t count)
{
    const uint32_t probe = 1;
    if (*(const unsigned char *)&probe == 1)
        return; /* little-endian: the file's order already */
    for (size_t i = 0; i < count; i++)
        nodes[i] = dict_rd32((const unsigned char *)&nodes[i]);
}

void dict_nodes_to_file(uint32_t *nodes, size_t count)
{
    const uint32_t probe = 1;
    if (*(const unsigned char *)&probe == 1)
        return;
    for (size_t i = 0; i < count; i++) {
        uint32_t v = nodes[i];
        dict_wr32((unsigned char *)&nodes[i], v);
    }
}

/* Length of the UTF-8 sequence at s (n bytes left) if it is a printable,
 * well-formed character (no overlong forms, surrogates or values past
 * U+10FFFF, the same rules jansson applies); 0 if it must be escaped. */
static size_t dict_utf8_len(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    if (c < 0x80)
        return c >= 0x20 && c != 0x7F ? 1 : 0;
    size_t len;
    unsigned char lo = 0x80, hi = 0xBF; /* allowed range of the 2nd byte */
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0)
            lo = 0xA0; /* overlong */
        else if (c == 0xED)
            hi = 0x9F; /* UTF-16 surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0)
            lo = 0x90; /* overlong */
        else if (c == 0xF4)
            hi = 0x8F; /* past U+10FFFF */
    } else {
        return 0;
    }
    if (n < len || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    /* C1 controls (U+0080..U+009F) are as unwelcome as C0 ones. */
    if (c == 0xC2 && s[1] < 0xA0)
        return 0;
    return len;
}

bool dict_detail_text(char *out, size_t cap, const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t o = 0, i = 0;
    if (cap == 0)
        return n == 0;
    while (i < n) {
        size_t len = dict_utf8_len(u + i, n - i);
        if (len > 0) {
            if (o + len >= cap)
                break;
            memcpy(out + o, u + i, len);
            o += len;
            i += len;
        } else {
            if (o + 4 >= cap)
                break;
            (void)snprintf(out + o, 5, "\\x%02X", u[i]);
            o += 4;
            i++;
        }
    }
    out[o] = '\0';
    return i == n;
}

void dict_detail_name(char *out, size_t cap, const char *path)
{
    static const char ellipsis[] = "...";
    if (path == NULL)
        path = "(unnamed)";
    size_t n = strlen(path);
    size_t budget = cap < DICT_NAME_BYTES ? cap : DICT_NAME_BYTES;
    if (budget <= sizeof ellipsis) {
        dict_detail_text(out, cap, path, n);
        return;
    }
    if (n < budget) {
        dict_detail_text(out, budget, path, n);
        return;
    }
    /* Keep the tail, starting on a character boundary. */
    size_t keep = budget - sizeof ellipsis;
    const char *tail = path + n - keep;
    while (keep > 0 && ((unsigned char)*tail & 0xC0u) == 0x80u) {
        tail++;
        keep--;
    }
    memcpy(out, ellipsis, sizeof ellipsis - 1);
    dict_detail_text(out + sizeof ellipsis - 1, budget - (sizeof ellipsis - 1),
                     tail, keep);
}

/* ---- the GADDAG against the DAWG -------------------------------------- */

/* core_kwg_check() makes every walk of a forged graph safe, but its GADDAG
 * could still spell other words than its DAWG, and the move generator
 * (which walks the GADDAG) would then find plays the rules (which look
 * words up in the DAWG) refuse: a review or a list of plays the server
 * cannot make, a game called blocked that is not. So a compiled file must
 * hold in its GADDAG exactly, for every DAWG word x1..xn (2 to 15 letters)
 * and each 1 <= i <= n, the string xi..x1, the separator, x(i+1)..xn (no
 * separator for i = n).
 *
 * Walking every form costs a walk from the root per prefix of every word
 * (0.2 s for SOWPODS), so the two sets are compared by a fingerprint
 * instead, computed over the graph in two linear passes: a string
 * s0 s1 ... sk hashes to b[s0] + a[s0](b[s1] + a[s1](... b[sk])) modulo
 * the prime 2^61 - 1, with a[] and b[] drawn at random for each load. The
 * sum over a set of strings is then a polynomial in a[] and b[] that
 * determines the set (its terms count the strings below each prefix), so
 * two different sets agree only where that polynomial of degree at most 16
 * vanishes: for values unknown to whoever made the file, with probability
 * at most 16 / 2^61 (Schwartz-Zippel). The GADDAG's sum is a pass over its
 * lists from the bottom up; the forms' sum is a pass down the DAWG that
 * carries, for the prefixes reaching each list, how many there are and
 * the sums of hash(reverse(prefix)) and of the product of their a[]
 * (reverse(prefix) then the separator and a suffix hashes to the first
 * plus the second times the suffix's hash). The same downward pass checks
 * that every DAWG word has 2 to 15 letters and no separator, and the
 * counts must agree too. Memory: about 50 bytes a list while it runs. */
#define DICT_P ((UINT64_C(1) << 61) - 1)

static uint64_t dict_mod_add(uint64_t x, uint64_t y)
{
    uint64_t z = x + y; /* both below 2^61: no overflow */
    return z >= DICT_P ? z - DICT_P : z;
}

/* GCC and clang's 128-bit integer (an extension, hence the keyword). */
__extension__ typedef unsigned __int128 dict_u128;

static uint64_t dict_mod_mul(uint64_t x, uint64_t y)
{
    dict_u128 z = (dict_u128)x * y;
    uint64_t lo = (uint64_t)(z & DICT_P), hi = (uint64_t)(z >> 61);
    return dict_mod_add(lo, hi);
}

/* Per list, by ordinal: below it (the strings it leads to: how many, the
 * sum of their hashes) and, for the DAWG, above it (the prefixes reaching
 * it: how many, the sums of hash(reverse) and of the product of a[], the
 * shortest and longest). */
struct dict_list_sums {
    uint64_t count, hash;
    uint64_t pre_count, pre_rev, pre_prod;
    uint8_t min_len, max_len;
};

struct dict_agree {
    const uint32_t *nodes;
    size_t count, headed_from;
    uint32_t *ordinal; /* node -> list ordinal, UINT32_MAX where none starts */
    struct dict_list_sums *list;
    size_t nlists;
    uint64_t a[CORE_KWG_TILES], b[CORE_KWG_TILES];
};

/* Random coefficients, below the prime and nonzero; from the clock and the
 * address space when the kernel has no randomness to give. */
static void dict_agree_coefficients(struct dict_agree *g)
{
    uint64_t r[2 * CORE_KWG_TILES];
    size_t got = 0;
    while (got < sizeof r) {
        ssize_t n = getrandom((char *)r + got, sizeof r - got, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    uint64_t x = (uint64_t)time(NULL) ^ (uint64_t)(uintptr_t)g;
    for (size_t i = 0; i < 2 * CORE_KWG_TILES; i++) {
        if (got < sizeof r) { /* splitmix64 of the fallback seed */
            x += UINT64_C(0x9e3779b97f4a7c15);
            uint64_t z = x;
            z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
            z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
            r[i] = z ^ (z >> 31);
        }
        uint64_t v = r[i] % (DICT_P - 1) + 1;
        if (i < CORE_KWG_TILES)
            g->a[i] = v;
        else
            g->b[i - CORE_KWG_TILES] = v;
    }
}

static uint64_t dict_sat_add(uint64_t x, uint64_t y)
{
    return x > UINT64_MAX - y ? UINT64_MAX : x + y;
}

/* The arcs of the graph, a run or a headed list at a time (a unit): the
 * unit starting at node i spans arcs *first..*last; returns the node after
 * it. Plain runs end at the arc marked last; a headed list's arcs follow
 * its header. */
static size_t dict_unit(const struct dict_agree *g, size_t i, size_t *first,
                        size_t *last)
{
    if (i >= g->headed_from) {
        *first = i + 1;
        *last = i + core_kwg_popcount(g->nodes[i]);
        return *last + 1;
    }
    *first = i;
    while (!core_kwg_is_last(g->nodes[i]))
        i++;
    *last = i;
    return i + 1;
}

/* The list starting at node i, or NULL where none does. */
static struct dict_list_sums *dict_list_at(const struct dict_agree *g, size_t i)
{
    uint32_t k = g->ordinal[i];
    return k == UINT32_MAX ? NULL : &g->list[k];
}

/* The pass from the bottom up: every list's strings. A plain run's are
 * added up from its last arc back, each list its run's tail. */
static void dict_agree_below(struct dict_agree *g)
{
    size_t first, last;
    for (size_t i = CORE_KWG_FIRST_LIST; i < g->count;) {
        size_t next = dict_unit(g, i, &first, &last);
        uint64_t count = 0, hash = 0;
        for (size_t p = last + 1; p-- > first;) {
            uint32_t arc = g->nodes[p], to = core_kwg_target(arc);
            unsigned t = core_kwg_tile(arc);
            uint64_t n = core_kwg_accepts(arc) ? 1 : 0, h = 0;
            if (to != 0) {
                const struct dict_list_sums *c =
                    dict_list_at(g, to & CORE_KWG_INDEX_MASK);
                n = dict_sat_add(n, c->count);
                h = dict_mod_mul(g->a[t], c->hash);
            }
            count = dict_sat_add(count, n);
            h = dict_mod_add(h, dict_mod_mul(g->b[t], n % DICT_P));
            hash = dict_mod_add(hash, h);
            struct dict_list_sums *l = first == i ? dict_list_at(g, p) : NULL;
            if (l != NULL) {
                l->count = count;
                l->hash = hash;
            }
        }
        struct dict_list_sums *l = dict_list_at(g, i);
        if (l != NULL && i < first) { /* a headed list: at its header */
            l->count = count;
            l->hash = hash;
        }
        i = next;
    }
}

/* Adds the prefixes reaching list l to those of *acc. */
static void dict_prefixes_add(struct dict_list_sums *acc,
                              const struct dict_list_sums *l)
{
    if (l == NULL || l->pre_count == 0)
        return;
    if (acc->pre_count == 0 || l->min_len < acc->min_len)
        acc->min_len = l->min_len;
    if (acc->pre_count == 0 || l->max_len > acc->max_len)
        acc->max_len = l->max_len;
    acc->pre_count = dict_sat_add(acc->pre_count, l->pre_count);
    acc->pre_rev = dict_mod_add(acc->pre_rev, l->pre_rev);
    acc->pre_prod = dict_mod_add(acc->pre_prod, l->pre_prod);
}

/* One arc taken by the prefixes *l (those of every list of its unit it
 * belongs to), adding to *forms and *hash. NULL, or what is wrong. */
static const char *dict_agree_arc(struct dict_agree *g, uint32_t arc,
                                  const struct dict_list_sums *l,
                                  uint64_t *forms, uint64_t *hash)
{
    const uint64_t sep_a = g->a[CORE_KWG_SEPARATOR],
                   sep_b = g->b[CORE_KWG_SEPARATOR];
    unsigned t = core_kwg_tile(arc);
    if (t == CORE_KWG_SEPARATOR)
        return "a separator in the DAWG";
    if (l->max_len >= DICT_LEN_MAX)
        return "a word longer than 15 letters";
    uint64_t pc = l->pre_count % DICT_P;
    /* The prefixes through this arc: p + t, reversed t + rev(p). */
    uint64_t rev = dict_mod_add(dict_mod_mul(g->b[t], pc),
                                dict_mod_mul(g->a[t], l->pre_rev));
    uint64_t prod = dict_mod_mul(g->a[t], l->pre_prod);
    if (core_kwg_accepts(arc)) {
        if (l->min_len + 1 < DICT_LEN_MIN)
            return "a word of one letter";
        *forms = dict_sat_add(*forms, l->pre_count);
        *hash = dict_mod_add(*hash, rev);
    }
    uint32_t to = core_kwg_target(arc);
    if (to == 0)
        return NULL;
    struct dict_list_sums *c = dict_list_at(g, to & CORE_KWG_INDEX_MASK);
    /* rev(p + t), the separator, then each string below. */
    uint64_t below = dict_mod_add(dict_mod_mul(sep_b, c->count % DICT_P),
                                  dict_mod_mul(sep_a, c->hash));
    *hash = dict_mod_add(*hash, dict_mod_mul(rev, c->count % DICT_P));
    *hash = dict_mod_add(*hash, dict_mod_mul(prod, below));
    *forms = dict_sat_add(*forms, l->pre_count > UINT64_MAX / c->count
                                      ? UINT64_MAX
                                      : l->pre_count * c->count);
    uint8_t len = (uint8_t)(l->min_len + 1), top = (uint8_t)(l->max_len + 1);
    if (c->pre_count == 0 || len < c->min_len)
        c->min_len = len;
    if (top > c->max_len)
        c->max_len = top;
    c->pre_count = dict_sat_add(c->pre_count, l->pre_count);
    c->pre_rev = dict_mod_add(c->pre_rev, rev);
    c->pre_prod = dict_mod_add(c->pre_prod, prod);
    return NULL;
}

/* The pass down the DAWG from its root (units from the highest down:
 * every arc leads to a lower one), adding up the forms its words need
 * into *forms and *hash. An arc of a plain run is taken by the prefixes
 * of every list of the run that starts at or before it. NULL, or what is
 * wrong. */
static const char *dict_agree_above(struct dict_agree *g, uint32_t root,
                                    uint64_t *forms, uint64_t *hash)
{
    struct dict_list_sums *r = dict_list_at(g, root & CORE_KWG_INDEX_MASK);
    r->pre_count = 1;
    r->pre_prod = 1;
    /* The units' starts, to go through them from the top down. */
    size_t nunits = 0, first, last;
    for (size_t i = CORE_KWG_FIRST_LIST; i < g->count; nunits++)
        i = dict_unit(g, i, &first, &last);
    uint32_t *starts = malloc((nunits + 1) * sizeof *starts);
    if (starts == NULL)
        return "out of memory to check the word graph";
    nunits = 0;
    for (size_t i = CORE_KWG_FIRST_LIST; i < g->count;) {
        starts[nunits++] = (uint32_t)i;
        i = dict_unit(g, i, &first, &last);
    }
    const char *error = NULL;
    for (size_t u = nunits; u-- > 0 && error == NULL;) {
        size_t start = starts[u];
        dict_unit(g, start, &first, &last);
        struct dict_list_sums acc = {0};
        if (start < first)
            dict_prefixes_add(&acc, dict_list_at(g, start));
        for (size_t p = first; p <= last && error == NULL; p++) {
            if (start == first)
                dict_prefixes_add(&acc, dict_list_at(g, p));
            if (acc.pre_count != 0) /* else none the DAWG reaches */
                error = dict_agree_arc(g, g->nodes[p], &acc, forms, hash);
        }
    }
    free(starts);
    return error;
}

/* NULL when the checked graph g's GADDAG holds exactly the forms of its
 * DAWG's words (gaddag_words strings counted by core_kwg_check_counts),
 * else what is wrong. */
static const char *dict_graph_disagrees(const struct core_kwg *kwg,
                                        uint32_t gaddag_words)
{
    struct dict_agree g = {.nodes = kwg->nodes,
                           .count = kwg->count,
                           .headed_from = kwg->nodes[CORE_KWG_HEADED_NODE]};
    g.ordinal = malloc(g.count * sizeof *g.ordinal);
    if (g.ordinal == NULL)
        return "out of memory to check the word graph";
    /* A list starts at each root and wherever an arc leads. */
    for (size_t i = 0; i < g.count; i++)
        g.ordinal[i] = UINT32_MAX;
    for (int r = 0; r < 2; r++)
        g.ordinal[kwg->nodes[r] & CORE_KWG_INDEX_MASK] = 0;
    size_t first, last;
    for (size_t i = CORE_KWG_FIRST_LIST; i < g.count;) {
        size_t next = dict_unit(&g, i, &first, &last);
        for (size_t p = first; p <= last; p++)
            if (core_kwg_target(g.nodes[p]) != 0)
                g.ordinal[g.nodes[p] & CORE_KWG_INDEX_MASK] = 0;
        i = next;
    }
    size_t nlists = 0;
    for (size_t i = 0; i < g.count; i++)
        if (g.ordinal[i] != UINT32_MAX)
            g.ordinal[i] = (uint32_t)nlists++;
    g.list = calloc(nlists, sizeof *g.list);
    if (g.list == NULL) {
        free(g.ordinal);
        return "out of memory to check the word graph";
    }
    g.nlists = nlists;
    dict_agree_coefficients(&g);
    dict_agree_below(&g);
    uint64_t forms = 0, hash = 0;
    const char *error =
        dict_agree_above(&g, core_kwg_dawg_root(kwg), &forms, &hash);
    const struct dict_list_sums *gaddag =
        dict_list_at(&g, core_kwg_gaddag_root(kwg) & CORE_KWG_INDEX_MASK);
    if (error == NULL && forms < gaddag_words)
        error = "the GADDAG holds strings that are not its DAWG's words";
    else if (error == NULL && forms > gaddag_words)
        error = "the GADDAG lacks a word of the DAWG";
    else if (error == NULL && hash != gaddag->hash)
        error = "the GADDAG spells other words than its DAWG";
    free(g.ordinal);
    free(g.list);
    return error;
}

/* Checks that size bytes are a complete, undamaged compiled lexicon: the
 * header, the checksum, then the graph through core_kwg_check() (so even a
 * deliberately forged file with a good checksum is safe to search), and
 * the DAWG's word count against the header's. On success d->graph is set
 * and the nodes are in host order. The checksum catches accidents; the
 * structural checks are what make a forged image harmless. */
/* The tile set a header names: English for none (all zero), NULL for a
 * name this build does not know or a field that is not a name. */
static const struct core_tileset *
dict_header_tileset(const unsigned char *image)
{
    const char *field = (const char *)image + DICT_OFF_TILESET;
    size_t len = 0;
    while (len < DICT_TILESET_BYTES && field[len] != 0)
        len++;
    for (size_t i = len; i < DICT_TILESET_BYTES; i++)
        if (field[i] != 0)
            return NULL;
    if (len == 0)
        return &core_tileset_english;
    const struct core_tileset *ts = core_tileset_by_name(field, len);
    return ts != NULL && ts->n <= CLB_KWG_MAX_LETTERS ? ts : NULL;
}

/* The check of an image lying at `image`: d's own image[] (whose nodes
 * are turned to host order here), or, `mapped`, bytes d points at and
 * never writes (a little-endian host's mapping, whose order is the
 * host's already). */
static enum clb_err dict_image_check_at(struct dict *d,
                                        const unsigned char *image,
                                        size_t size, bool mapped,
                                        const char *name,
                                        struct clb_error *err)
{
    if (size < DICT_HEADER_BYTES)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: truncated (a %zu-byte file; the header "
                             "alone is %u)",
                             name, size, DICT_HEADER_BYTES);
    if (memcmp(image, DICT_MAGIC, DICT_MAGIC_LEN) != 0)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: not a compiled lexicon (bad magic number)",
                             name);
    uint32_t version = dict_rd32(image + DICT_OFF_VERSION);
    if (version != DICT_VERSION)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: format version %lu; this build reads "
                             "version %u (rebuild it with collabble-dictc)",
                             name, (unsigned long)version, DICT_VERSION);
    uint32_t file_bytes = dict_rd32(image + DICT_OFF_FILE_BYTES);
    if (file_bytes > size)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: truncated: %zu of %lu bytes", name, size,
                             (unsigned long)file_bytes);
    if (file_bytes < size)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: %zu bytes, but the header says %lu", name,
                             size, (unsigned long)file_bytes);
    if (dict_image_crc(image, size) != dict_rd32(image + DICT_OFF_CRC))
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: checksum mismatch: the file is corrupt",
                             name);

    const struct core_tileset *tileset = dict_header_tileset(image);
    if (dict_rd32(image + DICT_OFF_HEADER_BYTES) != DICT_HEADER_BYTES ||
        tileset == NULL)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: unsupported header fields", name);
    /* 64-bit arithmetic so a forged count cannot wrap around. */
    uint64_t nodes = dict_rd32(image + DICT_OFF_NODES);
    if (DICT_HEADER_BYTES + 4u * nodes != size)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: the header's %llu nodes do not match the "
                             "file size",
                             name, (unsigned long long)nodes);

    /* The graph itself, and its word count against the header's: one
     * linear pass with a number per node. */
    const uint32_t *node_array = (const uint32_t *)(image + DICT_HEADER_BYTES);
    if (!mapped)
        dict_nodes_to_host(dict_nodes(d), (size_t)nodes);
    uint32_t *scratch = malloc(CORE_KWG_CHECK_SCRATCH(nodes) * sizeof *scratch);
    if (scratch == NULL)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: out of memory to check the word graph", name);
    struct clb_error gerr;
    clb_error_clear(&gerr);
    uint32_t counted = 0, gaddag_words = 0;
    enum clb_err rc =
        core_kwg_check_counts(node_array, (size_t)nodes, tileset->n, scratch,
                              &counted, &gaddag_words, &gerr);
    free(scratch);
    if (rc != CLB_ERR_OK)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: corrupt: %s", name,
                             gerr.detail);
    uint32_t words = dict_rd32(image + DICT_OFF_WORDS);
    if (counted != words)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: the header counts %lu words, the graph %lu",
                             name, (unsigned long)words,
                             (unsigned long)counted);
    if (words == 0)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: no words", name);
    if (words > CLB_MAX_LEXICON_WORDS)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: %lu words, more than the %lu a lexicon may "
                             "have",
                             name, (unsigned long)words,
                             (unsigned long)CLB_MAX_LEXICON_WORDS);
    core_kwg_init(&d->graph, node_array, (size_t)nodes);
    d->graph.tileset = tileset;
    const char *disagrees = dict_graph_disagrees(&d->graph, gaddag_words);
    if (disagrees != NULL)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: corrupt: %s", name,
                             disagrees);
    dict_set_fingerprint(d);
    d->words = words;
    return CLB_ERR_OK;
}

static enum clb_err dict_image_check(struct dict *d, size_t size,
                                     const char *name, struct clb_error *err)
{
    return dict_image_check_at(d, dict_bytes(d), size, false, name, err);
}

enum clb_err dict_load(const char *path, struct dict **out,
                       struct clb_error *err)
{
    return dict_load_in(path, NULL, out, err);
}

enum clb_err dict_load_in(const char *path, const struct core_tileset *tileset,
                          struct dict **out, struct clb_error *err)
{
    char name[DICT_NAME_BYTES];
    *out = NULL;
    clb_error_clear(err);
    dict_detail_name(name, sizeof name, path);
    if (path == NULL)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON, "no file name given");

    /* O_NONBLOCK so a FIFO named by mistake cannot hang the open waiting
     * for a writer; it changes nothing for the regular files we accept. */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: cannot open: %s",
                             name, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        close(fd);
        return clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: %s", name,
                             strerror(e));
    }
    /* Only regular files: a directory, FIFO or device has no meaningful
     * size, and reading one could block or never end. */
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        return clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: not a regular file",
                             name);
    }
    if (st.st_size > (off_t)DICT_MAX_FILE_BYTES) {
        close(fd);
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: %lld bytes, more than the %u MiB a "
                             "lexicon may have",
                             name, (long long)st.st_size,
                             DICT_MAX_FILE_BYTES >> 20);
    }

    /* One allocation: the struct and the image behind it. A compiled file
     * is used in place; a word list is only a staging buffer. */
    size_t cap = (size_t)st.st_size;
    struct dict *d = malloc(sizeof *d + cap + sizeof(uint32_t));
    if (d == NULL) {
        close(fd);
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: out of memory for %zu bytes", name, cap);
    }
    d->mapping = NULL;
    d->mapping_bytes = 0;
    size_t size = 0;
    while (size < cap) {
        ssize_t n = read(fd, dict_bytes(d) + size, cap - size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            int e = errno;
            close(fd);
            free(d);
            return clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: read error: %s",
                                 name, strerror(e));
        }
        if (n == 0)
            break; /* shrank while we read: judge what is there */
        size += (size_t)n;
    }
    close(fd);

    /* The magic's first byte is not text, so it alone decides: a file cut
     * short inside the magic is still reported as a damaged lexicon. */
    if (size > 0 && dict_bytes(d)[0] == (unsigned char)DICT_MAGIC[0]) {
        if (dict_image_check(d, size, name, err) != CLB_ERR_OK) {
            free(d);
            return err->code;
        }
        d->size = size;
        *out = d;
        return CLB_ERR_OK;
    }
    enum clb_err rc = dict_from_text_in((const char *)dict_bytes(d), size, path,
                                        tileset, out, err);
    free(d);
    return rc;
}

/* dict_from_compiled() for an image of at most max bytes. */
static enum clb_err dict_compiled_within(const void *bytes, size_t len,
                                         size_t max, const char *name,
                                         struct dict **out,
                                         struct clb_error *err)
{
    char shown[DICT_NAME_BYTES];
    *out = NULL;
    clb_error_clear(err);
    dict_detail_name(shown, sizeof shown, name);
    if (bytes == NULL)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: no bytes", shown);
    if (len > max)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: %zu bytes, more than the %zu MiB a lexicon "
                             "may have",
                             shown, len, max >> 20);
    struct dict *d = malloc(sizeof *d + len + sizeof(uint32_t));
    if (d == NULL)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: out of memory for %zu bytes", shown, len);
    d->mapping = NULL;
    d->mapping_bytes = 0;
    if (len > 0)
        memcpy(dict_bytes(d), bytes, len);
    if (dict_image_check(d, len, shown, err) != CLB_ERR_OK) {
        free(d);
        return err->code;
    }
    d->size = len;
    *out = d;
    return CLB_ERR_OK;
}

enum clb_err dict_from_compiled(const void *bytes, size_t len, const char *name,
                                struct dict **out, struct clb_error *err)
{
    return dict_compiled_within(bytes, len, DICT_MAX_FILE_BYTES, name, out,
                                err);
}

enum clb_err dict_from_built(const void *bytes, size_t len, const char *name,
                             struct dict **out, struct clb_error *err)
{
    return dict_compiled_within(bytes, len, CLB_MAX_BUILD_LEXICON_BYTES, name,
                                out, err);
}

void dict_image_facts(const struct dict *d, struct dict_image_facts *out)
{
    out->bytes = (uint32_t)d->size; /* at most DICT_MAX_FILE_BYTES */
    out->crc = dict_rd32(dict_image_of(d) + DICT_OFF_CRC);
    out->words = d->words;
    out->fingerprint = d->fingerprint;
}

/* On a big-endian host: the copy and the full check, whose findings must
 * still be the facts'. */
static enum clb_err dict_use_copied(const void *bytes, size_t len,
                                    const struct dict_image_facts *facts,
                                    const char *shown, struct dict **out,
                                    struct clb_error *err)
{
    struct dict *d;
    if (dict_from_compiled(bytes, len, shown, &d, err) != CLB_ERR_OK)
        return err->code;
    struct dict_image_facts got;
    dict_image_facts(d, &got);
    if (memcmp(&got, facts, sizeof got) != 0) {
        dict_free(d);
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: not the image the build checked", shown);
    }
    *out = d;
    return CLB_ERR_OK;
}

enum clb_err dict_use_in_place(const void *bytes, size_t len,
                               const struct dict_image_facts *facts,
                               const char *name, struct dict **out,
                               struct clb_error *err)
{
    char shown[DICT_NAME_BYTES];
    *out = NULL;
    clb_error_clear(err);
    dict_detail_name(shown, sizeof shown, name);
    if (bytes == NULL || facts == NULL)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: no bytes", shown);
    const uint32_t probe = 1;
    if (*(const unsigned char *)&probe != 1)
        return dict_use_copied(bytes, len, facts, shown, out, err);

    /* Nothing here reads past the header: the graph was checked with the
     * facts, and these only make sure the facts are these bytes' (a build
     * that paired the wrong file with them is refused, not trusted). */
    const unsigned char *image = bytes;
    if ((uintptr_t)image % sizeof(uint32_t) != 0)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: not 4-byte aligned: the nodes cannot be "
                             "used in place",
                             shown);
    if (len != facts->bytes || len < DICT_HEADER_BYTES ||
        memcmp(image, DICT_MAGIC, DICT_MAGIC_LEN) != 0 ||
        dict_rd32(image + DICT_OFF_VERSION) != DICT_VERSION ||
        dict_rd32(image + DICT_OFF_HEADER_BYTES) != DICT_HEADER_BYTES ||
        dict_rd32(image + DICT_OFF_FILE_BYTES) != len ||
        DICT_HEADER_BYTES + 4u * (uint64_t)dict_rd32(image + DICT_OFF_NODES) !=
            len ||
        dict_rd32(image + DICT_OFF_WORDS) != facts->words ||
        dict_rd32(image + DICT_OFF_CRC) != facts->crc)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: not the image the build checked", shown);

    /* The struct alone: image[] stays empty, the nodes are the caller's. */
    struct dict *d = malloc(sizeof *d);
    if (d == NULL)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: out of memory",
                             shown);
    d->mapping = NULL;
    d->mapping_bytes = 0;
    core_kwg_init(&d->graph, (const uint32_t *)(image + DICT_HEADER_BYTES),
                  (len - DICT_HEADER_BYTES) / sizeof(uint32_t));
    d->size = len;
    d->words = facts->words;
    d->fingerprint = facts->fingerprint;
    *out = d;
    return CLB_ERR_OK;
}

/* ---- mapped from a file ----------------------------------------------- */

/* The facts among built[] that the header of image (size bytes, at least
 * a header's) says it has, or NULL. */
static const struct dict_image_facts *
dict_map_known(const unsigned char *image, size_t size,
               const struct dict_image_facts *built, size_t nbuilt)
{
    for (size_t i = 0; i < nbuilt; i++)
        if (built[i].bytes == size &&
            built[i].crc == dict_rd32(image + DICT_OFF_CRC) &&
            built[i].words == dict_rd32(image + DICT_OFF_WORDS))
            return &built[i];
    return NULL;
}

/* The image the build checked (its facts), mapped at image: its header
 * read as dict_use_in_place() reads it, and its CRC worked out again, so
 * that a file damaged since is refused rather than searched. */
static enum clb_err dict_map_built(struct dict *d, const unsigned char *image,
                                   size_t size,
                                   const struct dict_image_facts *facts,
                                   const char *name, struct clb_error *err)
{
    const struct core_tileset *tileset = dict_header_tileset(image);
    if (memcmp(image, DICT_MAGIC, DICT_MAGIC_LEN) != 0 ||
        dict_rd32(image + DICT_OFF_VERSION) != DICT_VERSION ||
        dict_rd32(image + DICT_OFF_HEADER_BYTES) != DICT_HEADER_BYTES ||
        dict_rd32(image + DICT_OFF_FILE_BYTES) != size ||
        DICT_HEADER_BYTES + 4u * (uint64_t)dict_rd32(image + DICT_OFF_NODES) !=
            size ||
        tileset == NULL)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: not the image the build checked", name);
    if (dict_image_crc(image, size) != facts->crc)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: checksum mismatch: the file is corrupt",
                             name);
    core_kwg_init(&d->graph, (const uint32_t *)(image + DICT_HEADER_BYTES),
                  (size - DICT_HEADER_BYTES) / sizeof(uint32_t));
    d->graph.tileset = tileset;
    d->words = facts->words;
    d->fingerprint = facts->fingerprint;
    return CLB_ERR_OK;
}

/* The bytes of fd (size of them) mapped read-only, or NULL. */
static void *dict_map_fd(int fd, size_t size)
{
    void *p = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    return p == MAP_FAILED ? NULL : p;
}

/* Opens path as a regular file of at most `max` bytes: its descriptor and
 * size, or -1 with err set. */
static int dict_map_open(const char *path, const char *name, size_t max,
                         size_t *size, struct clb_error *err)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: cannot open: %s", name,
                      strerror(errno));
        return -1;
    }
    struct stat st;
    const char *bad = fstat(fd, &st) != 0   ? strerror(errno)
                      : !S_ISREG(st.st_mode) ? "not a regular file"
                      : st.st_size < (off_t)DICT_HEADER_BYTES
                          ? "too short to be a compiled lexicon"
                      : (uint64_t)st.st_size > max
                          ? "bigger than a compiled lexicon may be"
                          : NULL;
    if (bad != NULL) {
        clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: %s", name, bad);
        close(fd);
        return -1;
    }
    *size = (size_t)st.st_size;
    return fd;
}

enum clb_err dict_map(const char *path, const struct dict_image_facts *built,
                      size_t nbuilt, bool *trusted, struct dict **out,
                      struct clb_error *err)
{
    char name[DICT_NAME_BYTES];
    *out = NULL;
    *trusted = false;
    clb_error_clear(err);
    dict_detail_name(name, sizeof name, path);
    size_t size = 0;
    int fd = path == NULL ? -1
                          : dict_map_open(path, name,
                                          CLB_MAX_BUILD_LEXICON_BYTES, &size,
                                          err);
    if (path == NULL)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON, "no file name given");
    if (fd < 0)
        return err->code;
    unsigned char *image = dict_map_fd(fd, size);
    int map_errno = errno;
    close(fd);
    if (image == NULL)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: cannot map: %s",
                             name, strerror(map_errno));
    const uint32_t probe = 1;
    if (*(const unsigned char *)&probe != 1) {
        /* A big-endian host turns the nodes around: a copy, checked. */
        enum clb_err rc = dict_from_built(image, size, name, out, err);
        (void)munmap(image, size);
        return rc;
    }
    struct dict *d = malloc(sizeof *d);
    if (d == NULL) {
        (void)munmap(image, size);
        return clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: out of memory",
                             name);
    }
    d->mapping = image;
    d->mapping_bytes = size;
    d->size = size;
    const struct dict_image_facts *facts =
        dict_map_known(image, size, built, nbuilt);
    enum clb_err rc =
        facts != NULL ? dict_map_built(d, image, size, facts, name, err)
                      : dict_image_check_at(d, image, size, true, name, err);
    /* The check read every page; the searches need only the few they
     * touch, which come back from the page cache when they do. */
    (void)madvise(image, size, MADV_DONTNEED);
    if (rc != CLB_ERR_OK) {
        dict_free(d);
        return rc;
    }
    *trusted = facts != NULL;
    *out = d;
    return CLB_ERR_OK;
}

enum clb_err dict_save_compiled(const struct dict *d, const char *path,
                                struct clb_error *err)
{
    char name[DICT_NAME_BYTES];
    clb_error_clear(err);
    dict_detail_name(name, sizeof name, path);
    if (d == NULL || path == NULL)
        return clb_error_set(err, CLB_ERR_INTERNAL,
                             "dict_save_compiled: nothing to save");

    /* The nodes are kept in host order; the file's are little-endian. On
     * a little-endian host (every one we ship for) they are the same bytes
     * and the image is written as it is. */
    const unsigned char *bytes = dict_image_of(d);
    struct dict *copy = NULL;
    const uint32_t probe = 1;
    if (*(const unsigned char *)&probe != 1) {
        copy = malloc(sizeof *copy + d->size);
        if (copy == NULL)
            return clb_error_set(err, CLB_ERR_INTERNAL, "%s: out of memory",
                                 name);
        memcpy(copy->image, bytes, d->size);
        dict_nodes_to_file(dict_nodes(copy),
                           (d->size - DICT_HEADER_BYTES) / sizeof(uint32_t));
        bytes = dict_bytes(copy);
    }

    /* Write beside the target and rename over it: a failed or interrupted
     * build never leaves a half-written file that looks up to date. */
    size_t plen = strlen(path);
    char *tmp = malloc(plen + sizeof ".tmp");
    if (tmp == NULL) {
        free(copy);
        return clb_error_set(err, CLB_ERR_INTERNAL, "%s: out of memory", name);
    }
    memcpy(tmp, path, plen);
    memcpy(tmp + plen, ".tmp", sizeof ".tmp");

    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) {
        int e = errno;
        free(tmp);
        free(copy);
        return clb_error_set(err, CLB_ERR_INTERNAL, "%s: cannot create: %s",
                             name, strerror(e));
    }
    size_t done = 0;
    int e = 0;
    while (done < d->size) {
        ssize_t n = write(fd, bytes + done, d->size - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            e = n < 0 ? errno : EIO;
            break;
        }
        done += (size_t)n;
    }
    free(copy);
    if (close(fd) != 0 && e == 0)
        e = errno;
    if (e == 0 && rename(tmp, path) != 0)
        e = errno;
    if (e != 0) {
        unlink(tmp);
        free(tmp);
        return clb_error_set(err, CLB_ERR_INTERNAL, "%s: cannot write: %s",
                             name, strerror(e));
    }
    free(tmp);
    return CLB_ERR_OK;
}

bool dict_contains(const struct dict *d, const char *word, size_t len)
{
    if (d == NULL || word == NULL || len < DICT_LEN_MIN || len > DICT_LEN_MAX)
        return false;
    return core_kwg_contains(&d->graph, word, len);
}

const struct core_tileset *dict_tileset(const struct dict *d)
{
    return d != NULL && d->graph.tileset != NULL ? d->graph.tileset
                                                 : &core_tileset_english;
}

size_t dict_word_count(const struct dict *d)
{
    return d == NULL ? 0 : d->words;
}

uint32_t dict_fingerprint(const struct dict *d)
{
    return d == NULL ? 0 : d->fingerprint;
}

const struct core_kwg *dict_graph(const struct dict *d)
{
    return d == NULL ? NULL : &d->graph;
}

/* core's callback shape: ctx is the struct dict. */
static bool dict_lexicon_contains(const void *ctx, const char *word, size_t len)
{
    return dict_contains(ctx, word, len);
}

struct core_lexicon dict_lexicon(const struct dict *d)
{
    struct core_lexicon lex = {
        .contains = dict_lexicon_contains, .ctx = d, .graph = dict_graph(d)};
    return lex;
}

void dict_free(struct dict *d)
{
    if (d != NULL && d->mapping != NULL)
        (void)munmap(d->mapping, d->mapping_bytes);
    free(d);
}
