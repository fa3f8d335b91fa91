/* dict/dict.c - loads a lexicon file, checks a compiled image, looks words up.
 *
 * The loader reads the whole file into one allocation. A compiled file
 * (dict_format.h) is then checked once, header and word graph, so a damaged
 * file is refused with CLB_ERR_BAD_LEXICON instead of being trusted by the
 * graph walks; a word list is handed to dict_text.c, which builds the same
 * image in memory. Either way a lookup, like the move generator, reads only
 * the image and never allocates.
 */
/* SPDX-License-Identifier: MIT */
#include "dict.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dict_format.h"

uint32_t dict_crc32(uint32_t crc, const unsigned char *p, size_t n)
{
    /* Slicing-by-4: four table lookups per 32-bit step keep the check of a
     * 1.3 MB image near a millisecond. The tables are built on the stack on
     * each call (4 KiB, a few microseconds) so the library needs no global
     * state and no initialisation order. */
    uint32_t t[4][256];
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = c & 1u ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        t[0][i] = c;
    }
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
    while (n-- > 0)
        crc = t[0][(crc ^ *p++) & 0xFFu] ^ (crc >> 8);
    return ~crc;
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

static uint32_t dict_fp_update(const uint32_t table[256], uint32_t reg,
                               const unsigned char *p, size_t n)
{
    while (n-- > 0)
        reg = table[(reg ^ *p++) & 0xFFu] ^ (reg >> 8);
    return reg;
}

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
    uint32_t mask = w->nodes[list];
    const uint32_t *arc = &w->nodes[list + 1];
    for (uint32_t m = mask; m != 0; m &= m - 1, arc++) {
        unsigned tile = (unsigned)__builtin_ctz(m);
        if (tile == CORE_KWG_SEPARATOR)
            continue; /* not in a DAWG; a forged one spells nothing here */
        w->word[depth] = (unsigned char)('A' + tile - 1);
        int len = depth + 1;
        if (core_kwg_accepts(*arc) && len >= DICT_LEN_MIN) {
            w->word[len] = '\n';
            w->reg[len] =
                dict_fp_update(w->table, w->reg[len], w->word, (size_t)len + 1);
            w->bytes[len] += (uint64_t)len + 1;
        }
        dict_fp_walk(w, core_kwg_target(*arc), len);
    }
}

void dict_set_fingerprint(struct dict *d)
{
    struct dict_fp_walk w;
    w.nodes = d->graph.nodes;
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = c & 1u ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        w.table[i] = c;
    }
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
 * hold in its GADDAG, for every DAWG word x1..xn (2 to 15 letters) and each
 * 1 <= i <= n, the string xi..x1, the separator, x(i+1)..xn (no separator
 * for i = n), and nothing else: each is looked for, and the GADDAG must
 * hold as many strings as the words have letters (distinct words and
 * splits give distinct strings, so then it holds exactly these). One walk
 * of the DAWG carries every form of the current prefix along, so a prefix
 * of k letters costs about 2k steps. */
struct dict_agree {
    const struct core_kwg *g;
    uint8_t x[DICT_LEN_MAX + 1]; /* the prefix's tiles, x[1..k] */
    /* arc[k][i], for the prefix x1..xk: for i < k the arc after xi..x1,
     * the separator, x(i+1)..xk; for i = k the arc after xk..x1. */
    uint32_t arc[DICT_LEN_MAX + 1][DICT_LEN_MAX + 1];
    uint64_t forms; /* strings the DAWG's words need */
    const char *error;
};

/* Sets a->arc[k + 1][*] for the prefix extended by tile t; false when a
 * form the words below need is missing. */
static bool dict_agree_step(struct dict_agree *a, int k, unsigned t)
{
    const struct core_kwg *g = a->g;
    a->x[k + 1] = (uint8_t)t;
    for (int i = 1; i < k; i++)
        if ((a->arc[k + 1][i] =
                 core_kwg_arc(g, core_kwg_target(a->arc[k][i]), t)) == 0)
            return false;
    if (k > 0) {
        uint32_t sep =
            core_kwg_arc(g, core_kwg_target(a->arc[k][k]), CORE_KWG_SEPARATOR);
        if ((a->arc[k + 1][k] = core_kwg_arc(g, core_kwg_target(sep), t)) == 0)
            return false;
    }
    uint32_t list = core_kwg_gaddag_root(g), arc = 0;
    for (int j = k + 1; j >= 1; j--) {
        if ((arc = core_kwg_arc(g, list, a->x[j])) == 0)
            return false;
        list = core_kwg_target(arc);
    }
    a->arc[k + 1][k + 1] = arc;
    return true;
}

static void dict_agree_walk(struct dict_agree *a, uint32_t list, int k)
{
    uint32_t mask = a->g->nodes[list];
    if ((mask & 1u) != 0) {
        a->error = "a separator in the DAWG";
        return;
    }
    const uint32_t *arcs = &a->g->nodes[list + 1];
    for (uint32_t m = mask; m != 0 && a->error == NULL; m &= m - 1, arcs++) {
        unsigned t = (unsigned)__builtin_ctz(m);
        int n = k + 1;
        if (!dict_agree_step(a, k, t)) {
            a->error = "the GADDAG lacks a word of the DAWG";
            return;
        }
        if (core_kwg_accepts(*arcs)) {
            if (n < DICT_LEN_MIN) {
                a->error = "a word of one letter";
                return;
            }
            for (int i = 1; i <= n; i++)
                if (!core_kwg_accepts(a->arc[n][i])) {
                    a->error = "the GADDAG lacks a word of the DAWG";
                    return;
                }
            a->forms += (uint64_t)n;
        }
        if (core_kwg_target(*arcs) != 0) {
            if (n >= DICT_LEN_MAX) {
                a->error = "a word longer than 15 letters";
                return;
            }
            dict_agree_walk(a, core_kwg_target(*arcs), n);
        }
    }
}

/* NULL when the checked graph g's GADDAG holds exactly the forms of its
 * DAWG's words (gaddag_words strings counted by core_kwg_check_counts),
 * else what is wrong. */
static const char *dict_graph_disagrees(const struct core_kwg *g,
                                        uint32_t gaddag_words)
{
    static_assert(DICT_LEN_MAX <= 15, "the forms fit the walk's arrays");
    struct dict_agree a = {.g = g, .forms = 0, .error = NULL};
    uint32_t root = core_kwg_dawg_root(g);
    if (root != 0)
        dict_agree_walk(&a, root, 0);
    if (a.error == NULL && a.forms != gaddag_words)
        a.error = "the GADDAG holds strings that are not its DAWG's words";
    return a.error;
}

/* Checks that size bytes are a complete, undamaged compiled lexicon: the
 * header, the checksum, then the graph through core_kwg_check() (so even a
 * deliberately forged file with a good checksum is safe to search), and
 * the DAWG's word count against the header's. On success d->graph is set
 * and the nodes are in host order. The checksum catches accidents; the
 * structural checks are what make a forged image harmless. */
static enum clb_err dict_image_check(struct dict *d, size_t size,
                                     const char *name, struct clb_error *err)
{
    const unsigned char *image = dict_bytes(d);
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

    bool reserved_zero = true;
    for (size_t i = DICT_OFF_RESERVED; i < DICT_OFF_CRC; i++)
        reserved_zero = reserved_zero && image[i] == 0;
    if (dict_rd32(image + DICT_OFF_HEADER_BYTES) != DICT_HEADER_BYTES ||
        !reserved_zero)
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
    dict_nodes_to_host(dict_nodes(d), (size_t)nodes);
    uint32_t *scratch = malloc(CORE_KWG_CHECK_SCRATCH(nodes) * sizeof *scratch);
    if (scratch == NULL)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: out of memory to check the word graph", name);
    struct clb_error gerr;
    clb_error_clear(&gerr);
    uint32_t counted = 0, gaddag_words = 0;
    enum clb_err rc = core_kwg_check_counts(
        dict_nodes(d), (size_t)nodes, scratch, &counted, &gaddag_words, &gerr);
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
    core_kwg_init(&d->graph, dict_nodes(d), (size_t)nodes);
    const char *disagrees = dict_graph_disagrees(&d->graph, gaddag_words);
    if (disagrees != NULL)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: corrupt: %s", name,
                             disagrees);
    dict_set_fingerprint(d);
    d->words = words;
    return CLB_ERR_OK;
}

enum clb_err dict_load(const char *path, struct dict **out,
                       struct clb_error *err)
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
    enum clb_err rc =
        dict_from_text((const char *)dict_bytes(d), size, path, out, err);
    free(d);
    return rc;
}

enum clb_err dict_from_compiled(const void *bytes, size_t len, const char *name,
                                struct dict **out, struct clb_error *err)
{
    char shown[DICT_NAME_BYTES];
    *out = NULL;
    clb_error_clear(err);
    dict_detail_name(shown, sizeof shown, name);
    if (len > DICT_MAX_FILE_BYTES)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: %zu bytes, more than the %u MiB a lexicon "
                             "may have",
                             shown, len, DICT_MAX_FILE_BYTES >> 20);
    struct dict *d = malloc(sizeof *d + len + sizeof(uint32_t));
    if (d == NULL)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: out of memory for %zu bytes", shown, len);
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
    const unsigned char *bytes = (const unsigned char *)d->image;
    struct dict *copy = NULL;
    const uint32_t probe = 1;
    if (*(const unsigned char *)&probe != 1) {
        copy = malloc(sizeof *copy + d->size);
        if (copy == NULL)
            return clb_error_set(err, CLB_ERR_INTERNAL, "%s: out of memory",
                                 name);
        memcpy(copy->image, d->image, d->size);
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
    free(d);
}
