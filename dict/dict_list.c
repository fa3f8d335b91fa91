/* dict/dict_list.c - a language's published word list made into a lexicon
 * (dict_list.h): entries read from lines or a JSON array, spelled in the
 * set's tiles, left out by the rules dict_list.h gives, counted, sorted,
 * deduplicated and built into the word graph (graph.c). */
/* SPDX-License-Identifier: MIT */
#include "dict_list.h"

#include <stdlib.h>
#include <string.h>

#include "../core/tileset.h"
#include "dict_format.h"

/* Entries between two calls of the progress callback while reading. */
#define LIST_PROGRESS_EVERY ((size_t)1 << 18)

/* Distinct characters counted as making entries unspellable; any past
 * these are counted in the entries but not named. */
#define LIST_BAD_SLOTS 128

/* The longest entry of a JSON array decoded (its escapes turned into
 * UTF-8): far more than 15 tiles of 8 bytes. A longer one is too long. */
#define LIST_ENTRY_MAX 256

/* The languages whose lists capitalise every noun, so that a capital
 * first is no sign of a name: ISO 639-1 codes. */
static const char *const list_nouns_capitalised[] = {"de"};

/* ---- reading entries -------------------------------------------------- */

struct list_reader {
    const char *p, *end;
    bool json;
    const char *problem; /* set when the JSON is malformed */
    char buf[LIST_ENTRY_MAX];
};

static bool list_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static void list_reader_init(struct list_reader *r, const char *text,
                             size_t len)
{
    r->p = text;
    r->end = text + len;
    r->problem = NULL;
    /* A UTF-8 byte order mark is encoding, not an entry. */
    if (len >= 3 && memcmp(r->p, "\xEF\xBB\xBF", 3) == 0)
        r->p += 3;
    const char *q = r->p;
    while (q < r->end && list_space(*q))
        q++;
    r->json = q < r->end && *q == '[';
    if (r->json)
        r->p = q + 1;
}

static int list_hex(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Four hex digits at s (at least 4 bytes), or -1. */
static long list_hex4(const char *s)
{
    long v = 0;
    for (int i = 0; i < 4; i++) {
        int h = list_hex(s[i]);
        if (h < 0)
            return -1;
        v = v * 16 + h;
    }
    return v;
}

/* Writes code point c as UTF-8 at out (room for 4); returns its bytes. */
static size_t list_put_utf8(uint32_t c, char *out)
{
    if (c < 0x80) {
        out[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        out[0] = (char)(0xC0 | c >> 6);
        out[1] = (char)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        out[0] = (char)(0xE0 | c >> 12);
        out[1] = (char)(0x80 | (c >> 6 & 0x3F));
        out[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | c >> 18);
    out[1] = (char)(0x80 | (c >> 12 & 0x3F));
    out[2] = (char)(0x80 | (c >> 6 & 0x3F));
    out[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

/* The escape at *s (after its backslash, before end) decoded into out
 * (room for 4 bytes): its bytes, or 0 if malformed; *s moves past it. */
static size_t list_json_escape(const char **s, const char *end, char *out)
{
    const char *q = *s;
    static const char plain[] = "\"\\/bfnrt", as[] = "\"\\/\b\f\n\r\t";
    const char *k = q < end ? memchr(plain, *q, sizeof plain - 1) : NULL;
    if (k != NULL) {
        *out = as[k - plain];
        *s = q + 1;
        return 1;
    }
    if (q >= end || *q != 'u' || end - q < 5)
        return 0;
    long c = list_hex4(q + 1);
    q += 5;
    if (c >= 0xD800 && c <= 0xDBFF) { /* a surrogate pair */
        long lo = end - q >= 6 && q[0] == '\\' && q[1] == 'u'
                      ? list_hex4(q + 2)
                      : -1;
        if (lo < 0xDC00 || lo > 0xDFFF)
            return 0;
        c = 0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00);
        q += 6;
    } else if (c < 0 || (c >= 0xDC00 && c <= 0xDFFF)) {
        return 0;
    }
    *s = q;
    return list_put_utf8((uint32_t)c, out);
}

/* The next string of a JSON array into *s, *n; false at its end or when it
 * is malformed (r->problem). A string longer than LIST_ENTRY_MAX bytes is
 * cut there: it is too long to be a word either way. */
static bool list_next_json(struct list_reader *r, const char **s, size_t *n)
{
    while (r->p < r->end && (list_space(*r->p) || *r->p == ','))
        r->p++;
    if (r->p >= r->end) {
        r->problem = "the JSON array is not closed";
        return false;
    }
    if (*r->p == ']')
        return false;
    if (*r->p != '"') {
        r->problem = "a JSON array of strings was expected";
        return false;
    }
    const char *q = ++r->p;
    size_t o = 0;
    while (q < r->end && *q != '"') {
        char tmp[4];
        size_t k = 1;
        if (*q == '\\') {
            q++;
            k = list_json_escape(&q, r->end, tmp);
            if (k == 0) {
                r->problem = "a malformed escape in a JSON string";
                return false;
            }
        } else {
            tmp[0] = *q++;
        }
        if (o + k <= sizeof r->buf) {
            memcpy(r->buf + o, tmp, k);
            o += k;
        }
    }
    if (q >= r->end) {
        r->problem = "a JSON string is not closed";
        return false;
    }
    r->p = q + 1;
    *s = r->buf;
    *n = o;
    return true;
}

/* The next entry (a non-empty line, or a JSON string) into *s, *n; false
 * at the end, or with r->problem set when the JSON is malformed. */
static bool list_next(struct list_reader *r, const char **s, size_t *n)
{
    if (r->json)
        return list_next_json(r, s, n);
    while (r->p < r->end) {
        const char *nl = memchr(r->p, '\n', (size_t)(r->end - r->p));
        const char *stop = nl != NULL ? nl : r->end;
        size_t len = (size_t)(stop - r->p);
        const char *line = r->p;
        r->p = nl != NULL ? nl + 1 : r->end;
        if (len > 0 && line[len - 1] == '\r')
            len--; /* a list saved with CR LF line ends */
        if (len > 0) {
            *s = line;
            *n = len;
            return true;
        }
    }
    return false;
}

/* ---- characters -------------------------------------------------------- */

/* The code point of the UTF-8 character at s (n > 0 bytes), U+FFFD for a
 * malformed one; *used its bytes. */
static uint32_t list_decode(const char *s, size_t n, size_t *used)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t len = u[0] < 0x80 ? 1 : u[0] >= 0xF0 ? 4 : u[0] >= 0xE0 ? 3 : 2;
    if (u[0] >= 0x80 && (u[0] < 0xC2 || u[0] > 0xF4 || len > n)) {
        *used = 1;
        return 0xFFFD;
    }
    uint32_t c = len == 1   ? u[0]
                 : len == 2 ? u[0] & 0x1Fu
                 : len == 3 ? u[0] & 0x0Fu
                            : u[0] & 0x07u;
    for (size_t i = 1; i < len; i++) {
        if ((u[i] & 0xC0) != 0x80) {
            *used = 1;
            return 0xFFFD;
        }
        c = c << 6 | (u[i] & 0x3Fu);
    }
    *used = len;
    return c;
}

/* Upper- and lower-case letters of the Latin scripts the sets use (ASCII,
 * Latin-1, Latin Extended-A): enough to tell a capital in these lists. In
 * Extended-A the cases alternate, upper first, except in two runs that
 * start one later. */
static bool list_upper(uint32_t c)
{
    if (c >= 'A' && c <= 'Z')
        return true;
    if (c >= 0xC0 && c <= 0xDE)
        return c != 0xD7;
    if ((c >= 0x100 && c <= 0x137) || (c >= 0x14A && c <= 0x177))
        return c % 2 == 0;
    if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E))
        return c % 2 == 1;
    return c == 0x178 || c == 0x1E9E; /* Ÿ, capital sharp s */
}

static bool list_lower(uint32_t c)
{
    if (c >= 'a' && c <= 'z')
        return true;
    if (c >= 0xDF && c <= 0xFF)
        return c != 0xF7;
    if ((c >= 0x100 && c <= 0x137) || (c >= 0x14A && c <= 0x177))
        return c % 2 == 1;
    if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E))
        return c % 2 == 0;
    return c == 0x138 || c == 0x149 || c == 0x17F;
}

/* True if a character after the first of s (n bytes) is a capital. */
static bool list_capital_inside(const char *s, size_t n)
{
    size_t used;
    (void)list_decode(s, n, &used);
    for (size_t i = used; i < n; i += used)
        if (list_upper(list_decode(s + i, n - i, &used)))
            return true;
    return false;
}

/* ---- the report -------------------------------------------------------- */

struct list_bad {
    uint32_t c[LIST_BAD_SLOTS];
    size_t count[LIST_BAD_SLOTS];
    int n;
};

static void list_bad_add(struct list_bad *b, uint32_t c)
{
    for (int i = 0; i < b->n; i++)
        if (b->c[i] == c) {
            b->count[i]++;
            return;
        }
    if (b->n < LIST_BAD_SLOTS) {
        b->c[b->n] = c;
        b->count[b->n++] = 1;
    }
}

/* The most frequent into the report, most first (the lower code point on
 * a tie, so a report reads the same on every run). */
static void list_bad_report(struct list_bad *b, struct dict_list_report *r)
{
    r->nbad = 0;
    while (r->nbad < DICT_LIST_BAD_CHARS) {
        int best = -1;
        for (int i = 0; i < b->n; i++)
            if (b->count[i] > 0 &&
                (best < 0 || b->count[i] > b->count[best] ||
                 (b->count[i] == b->count[best] && b->c[i] < b->c[best])))
                best = i;
        if (best < 0)
            return;
        r->bad_char[r->nbad] = b->c[best];
        r->bad_count[r->nbad++] = b->count[best];
        b->count[best] = 0;
    }
}

/* ---- the list --------------------------------------------------------- */

static bool list_keeps_nouns(const struct core_tileset *ts)
{
    for (size_t i = 0; i < sizeof list_nouns_capitalised /
                                sizeof list_nouns_capitalised[0];
         i++)
        if (ts->language != NULL &&
            strcmp(ts->language, list_nouns_capitalised[i]) == 0)
            return true;
    return false;
}

static void list_progress(const struct dict_progress *p, const char *stage,
                          size_t done, size_t total)
{
    if (p != NULL && p->fn != NULL)
        p->fn(p->ctx, stage, done, total);
}

/* True if every entry that starts with a letter starts with a capital:
 * a list in capitals, whose capitals mark nothing. */
static bool list_all_capitals(const char *text, size_t len)
{
    struct list_reader r;
    list_reader_init(&r, text, len);
    const char *s;
    size_t n, used;
    while (list_next(&r, &s, &n))
        if (list_lower(list_decode(s, n, &used)))
            return false;
    return true;
}

/* What one entry is: kept (its tiles in *w), or why it is left out. */
enum list_verdict {
    LIST_KEPT,
    LIST_CAPITALISED,
    LIST_ABBREVIATION,
    LIST_UNSPELLABLE,
    LIST_TOO_SHORT,
    LIST_TOO_LONG,
};

struct list_rules {
    const struct core_tileset *ts;
    bool judge_capitals; /* a list in lower case: capitals mean something */
    bool nouns_kept;     /* ... but a capital first may be a noun */
};

static enum list_verdict list_judge(const struct list_rules *rules,
                                    const char *s, size_t n,
                                    struct dict_word *w, uint32_t *bad_char)
{
    size_t used;
    if (rules->judge_capitals) {
        if (!rules->nouns_kept && list_upper(list_decode(s, n, &used)))
            return LIST_CAPITALISED;
        if (list_capital_inside(s, n))
            return LIST_ABBREVIATION;
    }
    char tiles[DICT_LEN_MAX];
    size_t bad = 0;
    size_t k = core_tileset_spell(rules->ts, s, n, tiles, DICT_LEN_MAX, &bad);
    if (k == 0 && bad < n) {
        *bad_char = list_decode(s + bad, n - bad, &used);
        return LIST_UNSPELLABLE;
    }
    if (k == 0)
        return LIST_TOO_LONG;
    if (k < DICT_LEN_MIN)
        return LIST_TOO_SHORT;
    memset(w, 0, sizeof *w);
    w->len = (unsigned char)k;
    for (size_t i = 0; i < k; i++)
        w->codes[i] = (unsigned char)(tiles[i] - 0x41);
    return LIST_KEPT;
}

static int list_word_cmp(const void *a, const void *b)
{
    const struct dict_word *x = a, *y = b;
    if (x->len != y->len)
        return x->len < y->len ? -1 : 1;
    return memcmp(x->codes, y->codes, sizeof x->codes);
}

static void list_count(struct dict_list_report *r, enum list_verdict v)
{
    switch (v) {
    case LIST_CAPITALISED:
        r->capitalised++;
        break;
    case LIST_ABBREVIATION:
        r->abbreviations++;
        break;
    case LIST_UNSPELLABLE:
        r->unspellable++;
        break;
    case LIST_TOO_SHORT:
        r->too_short++;
        break;
    case LIST_TOO_LONG:
        r->too_long++;
        break;
    case LIST_KEPT:
        break;
    }
}

/* Reads every entry, keeping the words in a new array (*words, *count). */
static enum clb_err list_read(const char *text, size_t len, const char *shown,
                              const struct list_rules *rules,
                              const struct dict_progress *progress,
                              struct dict_list_report *report,
                              struct dict_word **words, size_t *count,
                              struct clb_error *err)
{
    struct list_reader r;
    list_reader_init(&r, text, len);
    struct list_bad *bad = calloc(1, sizeof *bad);
    struct dict_word *w = NULL;
    size_t n = 0, cap = 0;
    const char *s;
    size_t sn;
    enum clb_err rc = CLB_ERR_OK;
    if (bad == NULL)
        rc = clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: out of memory",
                           shown);
    while (rc == CLB_ERR_OK && list_next(&r, &s, &sn)) {
        if (++report->read % LIST_PROGRESS_EVERY == 0)
            list_progress(progress, "reading", (size_t)(r.p - text), len);
        if (n == cap) {
            size_t ncap = cap == 0 ? 4096 : cap * 2;
            struct dict_word *grown = realloc(w, ncap * sizeof *grown);
            if (grown == NULL) {
                rc = clb_error_set(err, CLB_ERR_BAD_LEXICON,
                                   "%s: out of memory at entry %zu", shown,
                                   report->read);
                break;
            }
            w = grown;
            cap = ncap;
        }
        uint32_t c = 0;
        enum list_verdict v = list_judge(rules, s, sn, &w[n], &c);
        list_count(report, v);
        if (v == LIST_UNSPELLABLE)
            list_bad_add(bad, c);
        n += v == LIST_KEPT;
    }
    if (rc == CLB_ERR_OK && r.problem != NULL)
        rc = clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: entry %zu: %s",
                           shown, report->read + 1, r.problem);
    if (bad != NULL)
        list_bad_report(bad, report);
    free(bad);
    if (rc != CLB_ERR_OK) {
        free(w);
        return rc;
    }
    *words = w;
    *count = n;
    return CLB_ERR_OK;
}

enum clb_err dict_from_list(const char *text, size_t len, const char *name,
                            const struct core_tileset *tileset,
                            const struct dict_progress *progress,
                            struct dict_list_report *report, struct dict **out,
                            struct clb_error *err)
{
    char shown[DICT_NAME_BYTES];
    const struct core_tileset *ts =
        tileset != NULL ? tileset : &core_tileset_english;
    *out = NULL;
    memset(report, 0, sizeof *report);
    clb_error_clear(err);
    dict_detail_name(shown, sizeof shown, name != NULL ? name : "(word list)");
    if (text == NULL && len > 0)
        return clb_error_set(err, CLB_ERR_INTERNAL, "%s: no text", shown);
    if (len > CLB_MAX_BUILD_LIST_BYTES)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: %zu bytes, more than the %u MiB a list "
                             "compiled for a build may have",
                             shown, len, CLB_MAX_BUILD_LIST_BYTES >> 20);
    if (ts->n > CLB_KWG_MAX_LETTERS)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: the tile set %s has %d letters; a word "
                             "graph holds at most %d",
                             shown, ts->name, ts->n, CLB_KWG_MAX_LETTERS);

    report->all_capitals = list_all_capitals(text, len);
    report->nouns_kept = !report->all_capitals && list_keeps_nouns(ts);
    struct list_rules rules = {.ts = ts,
                               .judge_capitals = !report->all_capitals,
                               .nouns_kept = report->nouns_kept};
    struct dict_word *words = NULL;
    size_t count = 0;
    if (list_read(text, len, shown, &rules, progress, report, &words, &count,
                  err) != CLB_ERR_OK)
        return err->code;

    list_progress(progress, "sorting", 0, count);
    qsort(words, count, sizeof *words, list_word_cmp);
    size_t distinct = count > 0 ? 1 : 0;
    for (size_t i = 1; i < count; i++)
        if (list_word_cmp(&words[distinct - 1], &words[i]) != 0)
            words[distinct++] = words[i];
    report->duplicates = count - distinct;
    report->kept = distinct;
    enum clb_err rc = CLB_ERR_OK;
    if (distinct == 0)
        rc = clb_error_set(err, CLB_ERR_BAD_LEXICON,
                           "%s: no entry of the list is a word of %s", shown,
                           ts->name);
    else if (distinct > CLB_MAX_LEXICON_WORDS)
        rc = clb_error_set(err, CLB_ERR_BAD_LEXICON,
                           "%s: %zu words, more than the %lu a lexicon may "
                           "have",
                           shown, distinct,
                           (unsigned long)CLB_MAX_LEXICON_WORDS);
    else
        rc = dict_graph_build_progress(words, distinct, ts, shown, progress,
                                       out, err);
    free(words);
    return rc;
}

char *dict_latin1_to_utf8(const char *text, size_t len, size_t *out_len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += (unsigned char)text[i] < 0x80 ? 1 : 2;
    char *out = malloc(n > 0 ? n : 1);
    if (out == NULL)
        return NULL;
    size_t o = 0;
    for (size_t i = 0; i < len; i++)
        o += list_put_utf8((unsigned char)text[i], out + o);
    *out_len = o;
    return out;
}

void dict_graph_stats(const struct dict *d, struct dict_graph_stats *out)
{
    memset(out, 0, sizeof *out);
    const struct core_kwg *g = dict_graph(d);
    if (g == NULL)
        return;
    out->bytes = DICT_HEADER_BYTES + (size_t)g->count * sizeof(uint32_t);
    out->nodes = g->count;
    for (size_t i = g->nodes[CORE_KWG_HEADED_NODE]; i < g->count;
         i += 1u + core_kwg_popcount(g->nodes[i]))
        out->headed_lists++;
    out->arcs = g->count - CORE_KWG_FIRST_LIST - out->headed_lists;
}
