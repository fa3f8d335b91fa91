/* core/tileset.c - the list of known tile sets and the look-up by name
 * (tileset.h). Each set's table has a file of its own, named after
 * the set (tileset_english.c). */
/* SPDX-License-Identifier: MIT */
#include "tileset.h"

#include "tiles.h"

#include <string.h>

static const struct core_tileset *const sets[] = {
    &core_tileset_english, &core_tileset_x_test27, &core_tileset_fr,
    &core_tileset_de,      &core_tileset_es,       &core_tileset_it,
    &core_tileset_nl,      &core_tileset_pl,       &core_tileset_pt,
    &core_tileset_ca,      &core_tileset_nb,       &core_tileset_sv,
    &core_tileset_da,
};

const struct core_tileset *core_tileset_at(int i)
{
    if (i < 0 || (size_t)i >= sizeof sets / sizeof sets[0])
        return NULL;
    return sets[i];
}

const struct core_tileset *core_tileset_by_name(const char *name, size_t len)
{
    if (name == NULL || len == 0)
        return NULL;
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        if (strlen(sets[i]->name) == len &&
            memcmp(sets[i]->name, name, len) == 0)
            return sets[i];
    return NULL;
}

const struct core_tileset *core_tileset_by_language(const char *code,
                                                    size_t len)
{
    if (code == NULL || len == 0)
        return NULL;
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        if (sets[i]->language != NULL && strlen(sets[i]->language) == len &&
            memcmp(sets[i]->language, code, len) == 0)
            return sets[i];
    return NULL;
}

/* The byte c with an ASCII lower-case letter made upper case. */
static unsigned char ascii_upper(unsigned char c)
{
    return c >= 0x61 && c <= 0x7A ? (unsigned char)(c - 0x20) : c;
}

/* True if the n bytes at s begin with the len bytes of tile, ASCII
 * letters compared in either case. */
static bool starts_with_tile(const char *s, size_t n, const char *tile,
                             size_t len)
{
    if (len == 0 || len > n)
        return false;
    for (size_t i = 0; i < len; i++)
        if (ascii_upper((unsigned char)s[i]) !=
            ascii_upper((unsigned char)tile[i]))
            return false;
    return true;
}

size_t core_tileset_cut(const struct core_tileset *ts, const char *s, size_t n,
                        int *letter)
{
    *letter = -1;
    if (s == NULL || n == 0)
        return 0;
    if (ts == &core_tileset_english) { /* one ASCII letter a tile */
        unsigned m = (unsigned)ascii_upper((unsigned char)s[0]) -
                     (unsigned char)ts->upper[0][0];
        if (m >= (unsigned)ts->n)
            return 0;
        *letter = (int)m;
        return 1;
    }
    size_t best = 0;
    unsigned char first = ascii_upper((unsigned char)s[0]);
    for (int m = 0; m < ts->n; m++) {
        const char *forms[2] = {ts->upper[m], ts->lower[m]};
        for (int f = 0; f < 2; f++) {
            /* The first byte rules out nearly every tile before strlen:
             * word lists of millions of words are cut by this. */
            if (ascii_upper((unsigned char)forms[f][0]) != first)
                continue;
            size_t len = strlen(forms[f]);
            if (len > best && starts_with_tile(s, n, forms[f], len)) {
                best = len;
                *letter = m;
            }
        }
    }
    return best;
}

static int same_text(const char *a, const char *s, size_t len)
{
    if (strlen(a) != len)
        return 0;
    for (size_t i = 0; i < len; i++)
        if (ascii_upper((unsigned char)a[i]) !=
            ascii_upper((unsigned char)s[i]))
            return 0;
    return 1;
}

int core_tileset_letter(const struct core_tileset *ts, const char *s,
                        size_t len)
{
    if (s == NULL || len == 0 || len > CLB_MAX_TILE_BYTES)
        return -1;
    if (ts == &core_tileset_english && len == 1) { /* one ASCII letter */
        unsigned m = (unsigned)ascii_upper((unsigned char)s[0]) -
                     (unsigned char)ts->upper[0][0];
        return m < (unsigned)ts->n ? (int)m : -1;
    }
    for (int m = 0; m < ts->n; m++)
        if (same_text(ts->upper[m], s, len) || same_text(ts->lower[m], s, len))
            return m;
    return -1;
}

uint32_t core_tileset_vowels(const struct core_tileset *ts)
{
    uint32_t mask = 0;
    const char *v = ts->vowels;
    while (v != NULL && *v != '\0') {
        size_t len = strcspn(v, " ");
        int m = core_tileset_letter(ts, v, len);
        if (m >= 0)
            mask |= UINT32_C(1) << m;
        v += len + (v[len] == ' ');
    }
    return mask;
}

/* ---- spelling a word (core_tileset_spell) -------------------------------- */

/* Bytes of the UTF-8 character whose first byte is c, at most left: 1 for
 * ASCII and for a byte that starts no character, so that a stray byte is
 * reported where it stands, never skipped. */
static size_t utf8_length(unsigned char c, size_t left)
{
    size_t len = 1;
    if (c >= 0xF0 && c <= 0xF4)
        len = 4;
    else if (c >= 0xE0 && c <= 0xEF)
        len = 3;
    else if (c >= 0xC2 && c <= 0xDF)
        len = 2;
    return len < left ? len : left;
}

/* The longest fold of ts whose `from` starts the n bytes at s: its length,
 * with its `to` in *to; 0 when none does. A fold whose `to` could not fit
 * the window is never taken (the tests keep every table within it). */
static size_t find_fold(const struct core_tileset *ts, const char *s, size_t n,
                        const char **to)
{
    size_t best = 0;
    unsigned char first = ascii_upper((unsigned char)s[0]);
    for (int k = 0; k < ts->n_folds; k++) {
        const struct core_fold *f = &ts->folds[k];
        if (ascii_upper((unsigned char)f->from[0]) != first)
            continue;
        size_t len = strlen(f->from);
        if (len > best && strlen(f->to) <= CLB_MAX_TILE_BYTES &&
            starts_with_tile(s, n, f->from, len)) {
            best = len;
            *to = f->to;
        }
    }
    return best;
}

/* The folded text ahead of the cut: at least one tile's worth of bytes
 * (or the rest of the word), each with the offset in the word of the
 * character it came from, so that a failed cut names that character.
 * Folding as it goes keeps spelling free of any bound on the word's
 * length; a fold's output may join what follows into one tile (Catalan
 * "QÜ" is the QU tile). */
struct fold_window {
    char text[2 * CLB_MAX_TILE_BYTES];
    size_t at[2 * CLB_MAX_TILE_BYTES];
    size_t len;
};

/* Folds characters of s from *i on into w until it holds a tile's worth. */
static void fill_window(const struct core_tileset *ts, const char *s, size_t n,
                        size_t *i, struct fold_window *w)
{
    while (w->len < CLB_MAX_TILE_BYTES && *i < n) {
        const char *to = NULL;
        size_t used = find_fold(ts, s + *i, n - *i, &to);
        size_t out;
        if (used > 0) {
            out = strlen(to);
        } else {
            used = utf8_length((unsigned char)s[*i], n - *i);
            to = s + *i;
            out = used;
        }
        for (size_t k = 0; k < out; k++) {
            w->text[w->len] = to[k];
            w->at[w->len++] = *i;
        }
        *i += used;
    }
}

size_t core_tileset_spell(const struct core_tileset *ts, const char *s,
                          size_t n, char *tiles, size_t max, size_t *bad)
{
    struct fold_window w = {.len = 0};
    size_t i = 0, count = 0;
    *bad = n;
    if (s == NULL || n == 0)
        return 0;
    for (;;) {
        fill_window(ts, s, n, &i, &w);
        if (w.len == 0)
            break;
        int m;
        size_t used = core_tileset_cut(ts, w.text, w.len, &m);
        if (used == 0) {
            *bad = w.at[0];
            return 0;
        }
        /* Past max the tiles are counted, not written, so that a long
         * word with a character the set lacks is reported as the latter. */
        if (count < max)
            tiles[count] = core_letter_tile(m);
        count++;
        w.len -= used;
        memmove(w.text, w.text + used, w.len);
        memmove(w.at, w.at + used, w.len * sizeof w.at[0]);
    }
    if (count > max)
        return 0; /* *bad is n */
    return count;
}
