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

/* The rule lives in core (core_tileset_cut): the notation reads a typed
 * word by it too, so a word list and a move cut text the same way. */
size_t dict_cut_tile(const struct core_tileset *ts, const char *s, size_t n,
                     int *letter)
{
    return core_tileset_cut(ts, s, n, letter);
}

/* Cuts line s (n bytes) into word's tiles; 0 and the byte where no tile
 * fits, or the number of tiles (which may pass DICT_LEN_MAX: counted,
 * not stored, past it). */
static size_t dict_cut_word(const struct core_tileset *ts, const char *s,
                            size_t n, struct dict_word *word, size_t *bad)
{
    size_t tiles = 0;
    for (size_t i = 0; i < n;) {
        int m;
        size_t used = dict_cut_tile(ts, s + i, n - i, &m);
        if (used == 0) {
            *bad = i;
            return 0;
        }
        if (tiles < DICT_LEN_MAX)
            word->codes[tiles] = (unsigned char)m;
        tiles++;
        i += used;
    }
    return tiles;
}

/* Checks one line (CR already removed, not empty) and appends its word.
 * Returns CLB_ERR_OK or CLB_ERR_BAD_LEXICON naming the line. */
static enum clb_err dict_take_line(const struct core_tileset *ts, const char *s,
                                   size_t n, const char *name, size_t line_no,
                                   struct dict_word *word,
                                   struct clb_error *err)
{
    char problem[64];
    memset(word, 0, sizeof *word);
    /* Characters first: "CAFÉ" is four letters but five bytes, and saying
     * it has a bad character is the useful answer. */
    size_t bad = 0, tiles = dict_cut_word(ts, s, n, word, &bad);
    if (tiles == 0) {
        if (!core_tileset_is_default(ts))
            (void)snprintf(problem, sizeof problem,
                           "has a character that is no tile of %s", ts->name);
        return dict_line_error(err, name, line_no, s, n,
                               core_tileset_is_default(ts)
                                   ? "has a character other than A-Z"
                                   : problem);
    }
    /* A word that one multi-letter tile spells ("CH" with a CH tile) is
     * left out: a play makes words of two tiles or more. */
    if (tiles < DICT_LEN_MIN && n >= DICT_LEN_MIN &&
        !core_tileset_is_default(ts))
        return CLB_ERR_OK; /* word->len 0: not taken */
    if (tiles < DICT_LEN_MIN) {
        (void)snprintf(problem, sizeof problem,
                       "is too short (%zu letter%s; the least is %d)", tiles,
                       tiles == 1 ? "" : "s", DICT_LEN_MIN);
        return dict_line_error(err, name, line_no, s, n, problem);
    }
    if (tiles > DICT_LEN_MAX) {
        (void)snprintf(problem, sizeof problem,
                       "is too long (%zu letters; the most is %d)", tiles,
                       DICT_LEN_MAX);
        return dict_line_error(err, name, line_no, s, n, problem);
    }
    word->len = (unsigned char)tiles;
    return CLB_ERR_OK;
}

enum clb_err dict_from_text(const char *text, size_t len, const char *name,
                            struct dict **out, struct clb_error *err)
{
    return dict_from_text_in(text, len, name, NULL, out, err);
}

enum clb_err dict_from_text_in(const char *text, size_t len, const char *name,
                               const struct core_tileset *tileset,
                               struct dict **out, struct clb_error *err)
{
    char shown[DICT_NAME_BYTES];
    const struct core_tileset *ts =
        tileset != NULL ? tileset : &core_tileset_english;
    *out = NULL;
    clb_error_clear(err);
    if (name == NULL)
        name = "(word list)";
    dict_detail_name(shown, sizeof shown, name);
    if (text == NULL && len > 0)
        return clb_error_set(err, CLB_ERR_INTERNAL, "%s: no text", shown);
    if (ts->n > CLB_KWG_MAX_LETTERS)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: the tile set %s has %d letters; a word "
                             "graph holds at most %d",
                             shown, ts->name, ts->n, CLB_KWG_MAX_LETTERS);
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
            if (dict_take_line(ts, p, n, name, line_no, &words[count], err) !=
                CLB_ERR_OK) {
                free(words);
                return err->code;
            }
            count += words[count].len > 0;
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

    enum clb_err rc = dict_graph_build(words, distinct, ts, shown, out, err);
    free(words);
    return rc;
}
