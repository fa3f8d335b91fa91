/* core/tileset.c - the list of known tile sets and the look-up by name
 * (tileset.h). Each set's table has a file of its own, named after
 * the set (tileset_english.c). */
/* SPDX-License-Identifier: MIT */
#include "tileset.h"

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
    for (int m = 0; m < ts->n; m++) {
        const char *forms[2] = {ts->upper[m], ts->lower[m]};
        for (int f = 0; f < 2; f++) {
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
