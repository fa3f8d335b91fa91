/* dict/dict_text.c - turns a plain word list into a compiled lexicon image.
 *
 * The way a player's own list (TWL06, NWL, CSW) gets in, and what
 * collabble-dictc runs on SOWPODS at build time. Every line is checked and
 * the first bad one is reported as "file:line: problem", because a list of
 * 280,000 lines is only fixable if the error points at the line. The words
 * are then sorted, deduplicated and built into the word graph of
 * dict_format.h (graph.c), so a list loaded from text answers exactly like
 * its compiled file.
 */
/* SPDX-License-Identifier: MIT */
#include "dict.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dict_format.h"

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

    enum clb_err rc = dict_graph_build(words, distinct, shown, out, err);
    free(words);
    return rc;
}
