/* dict/dict_text.c - turns a plain word list into a compiled lexicon image.
 *
 * The way a player's own list (TWL06, NWL, CSW) gets in, and what
 * collabble-dictc runs on SOWPODS at build time. Every line is checked and
 * the first bad one is reported as "file:line: problem", because a list of
 * 280,000 lines is only fixable if the error points at the line. The words
 * are then sorted, deduplicated and packed into the layout of
 * dict_format.h, so a list loaded from text answers exactly like its
 * compiled file.
 */
/* SPDX-License-Identifier: MIT */
#include "dict.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dict_format.h"

/* One word while building: 16 bytes, compared in one fixed-size memcmp. */
struct dict_word {
    unsigned char len;
    unsigned char codes[DICT_LEN_MAX]; /* 0..25, zero past len */
};

static int dict_word_cmp(const void *a, const void *b)
{
    const struct dict_word *x = a, *y = b;
    if (x->len != y->len)
        return x->len < y->len ? -1 : 1;
    return memcmp(x->codes, y->codes, sizeof x->codes);
}

/* Reports line `line_no` (text, n bytes) of `name` with a problem. */
static enum clb_err dict_line_error(struct clb_error *err, const char *name,
                                    size_t line_no, const char *text, size_t n,
                                    const char *problem)
{
    char shown[DICT_NAME_BYTES];
    char quoted[DICT_EXCERPT_BYTES];
    dict_detail_name(shown, sizeof shown, name);
    bool whole = dict_detail_text(quoted, sizeof quoted, text, n);
    return clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s:%zu: \"%s%s\" %s", shown,
                         line_no, quoted, whole ? "" : "...", problem);
}

/* Checks one line (CR already removed, not empty) and appends its word.
 * Returns CLB_ERR_OK or CLB_ERR_BAD_LEXICON naming the line. */
static enum clb_err dict_take_line(const char *s, size_t n, const char *name,
                                   size_t line_no, struct dict_word *word,
                                   struct clb_error *err)
{
    char problem[64];
    /* Characters first: "CAFÉ" is four letters but five bytes, and saying
     * it has a bad character is the useful answer. */
    for (size_t i = 0; i < n; i++)
        if (dict_code((unsigned char)s[i]) < 0)
            return dict_line_error(err, name, line_no, s, n,
                                   "has a character other than A-Z");
    if (n < DICT_LEN_MIN) {
        (void)snprintf(problem, sizeof problem,
                       "is too short (%zu letter%s; the least is %d)", n,
                       n == 1 ? "" : "s", DICT_LEN_MIN);
        return dict_line_error(err, name, line_no, s, n, problem);
    }
    if (n > DICT_LEN_MAX) {
        (void)snprintf(problem, sizeof problem,
                       "is too long (%zu letters; the most is %d)", n,
                       DICT_LEN_MAX);
        return dict_line_error(err, name, line_no, s, n, problem);
    }
    memset(word, 0, sizeof *word);
    word->len = (unsigned char)n;
    for (size_t i = 0; i < n; i++)
        word->codes[i] = (unsigned char)dict_code((unsigned char)s[i]);
    return CLB_ERR_OK;
}

/* Packs sorted, distinct words into a new struct dict (one allocation).
 * Returns NULL when out of memory. */
static struct dict *dict_build(const struct dict_word *words, size_t count)
{
    size_t per_len[DICT_LEN_MAX + 1] = {0};
    for (size_t i = 0; i < count; i++)
        per_len[words[i].len]++;
    size_t size = DICT_RECORDS_OFFSET;
    for (int len = DICT_LEN_MIN; len <= DICT_LEN_MAX; len++)
        size += per_len[len] * DICT_WIDTH(len);

    struct dict *d = calloc(1, sizeof *d + size);
    if (d == NULL)
        return NULL;
    unsigned char *img = d->image;
    memcpy(img, DICT_MAGIC, DICT_MAGIC_LEN);
    dict_wr32(img + DICT_OFF_VERSION, DICT_VERSION);
    dict_wr32(img + DICT_OFF_HEADER_BYTES, DICT_HEADER_BYTES);
    dict_wr32(img + DICT_OFF_FILE_BYTES, (uint32_t)size);
    dict_wr32(img + DICT_OFF_WORDS, (uint32_t)count);
    dict_wr32(img + DICT_OFF_LEN_MIN, DICT_LEN_MIN);
    dict_wr32(img + DICT_OFF_LEN_MAX, DICT_LEN_MAX);
    dict_wr32(img + DICT_OFF_PREFIX, DICT_PREFIX_LETTERS);

    /* Index rows: count each prefix into the entry after it, then a running
     * sum turns counts into "words before this prefix". */
    unsigned char *index = img + DICT_HEADER_BYTES;
    for (size_t i = 0; i < count; i++) {
        const struct dict_word *w = &words[i];
        unsigned char *e =
            index + ((size_t)(w->len - DICT_LEN_MIN) * DICT_INDEX_ROW +
                     (size_t)w->codes[0] * CLB_LETTERS + w->codes[1] + 1) *
                        4u;
        dict_wr32(e, dict_rd32(e) + 1);
    }
    for (int len = DICT_LEN_MIN; len <= DICT_LEN_MAX; len++) {
        unsigned char *row =
            index + (size_t)(len - DICT_LEN_MIN) * DICT_INDEX_ROW * 4u;
        for (size_t p = 1; p < DICT_INDEX_ROW; p++)
            dict_wr32(row + 4u * p,
                      dict_rd32(row + 4u * p) + dict_rd32(row + 4u * (p - 1)));
    }

    /* Records: the words are sorted by length, then alphabetically, which
     * is exactly the order of the record area. */
    unsigned char *rec = img + DICT_RECORDS_OFFSET;
    for (size_t i = 0; i < count; i++) {
        unsigned char packed[DICT_WIDTH_MAX];
        size_t w = DICT_WIDTH(words[i].len);
        dict_pack(words[i].codes + DICT_PREFIX_LETTERS,
                  words[i].len - DICT_PREFIX_LETTERS, packed);
        memcpy(rec, packed, w);
        rec += w;
    }
    dict_wr32(img + DICT_OFF_CRC, dict_image_crc(img, size));
    d->size = size;
    dict_image_attach(d);
    return d;
}

enum clb_err dict_from_text(const char *text, size_t len, const char *name,
                            struct dict **out, struct clb_error *err)
{
    char shown[DICT_NAME_BYTES];
    *out = NULL;
    clb_error_clear(err);
    if (name == NULL)
        name = "(word list)";
    dict_detail_name(shown, sizeof shown, name);
    if (text == NULL && len > 0)
        return clb_error_set(err, CLB_ERR_INTERNAL, "%s: no text", shown);
    if (len > DICT_MAX_FILE_BYTES)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: %zu bytes, more than the %u MiB a lexicon "
                             "may have",
                             shown, len, DICT_MAX_FILE_BYTES >> 20);

    /* A UTF-8 byte order mark is how Windows editors start a text file; it
     * is encoding, not content, so it does not make line 1 bad. */
    const char *p = text, *end = text + len;
    if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
        p += 3;

    struct dict_word *words = NULL;
    size_t count = 0, cap = 0;
    size_t line_no = 0;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *stop = nl != NULL ? nl : end;
        size_t n = (size_t)(stop - p);
        line_no++;
        if (n > 0 && p[n - 1] == '\r')
            n--; /* a list saved with CR LF line ends */
        if (n > 0) {
            if (count == cap) {
                size_t ncap = cap == 0 ? 4096 : cap * 2;
                struct dict_word *grown = realloc(words, ncap * sizeof *grown);
                if (grown == NULL) {
                    free(words);
                    return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                                         "%s: out of memory at line %zu", shown,
                                         line_no);
                }
                words = grown;
                cap = ncap;
            }
            if (dict_take_line(p, n, name, line_no, &words[count], err) !=
                CLB_ERR_OK) {
                free(words);
                return err->code;
            }
            count++;
        }
        p = nl != NULL ? nl + 1 : end;
    }
    if (count == 0) {
        free(words);
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: the list has no words", shown);
    }

    /* Sorting also brings duplicates together; a list may repeat a word
     * (merged lists often do) and the lexicon keeps it once. */
    qsort(words, count, sizeof *words, dict_word_cmp);
    size_t distinct = 1;
    for (size_t i = 1; i < count; i++)
        if (dict_word_cmp(&words[distinct - 1], &words[i]) != 0)
            words[distinct++] = words[i];

    struct dict *d = dict_build(words, distinct);
    free(words);
    if (d == NULL)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: out of memory for %zu words", shown,
                             distinct);
    *out = d;
    return CLB_ERR_OK;
}
