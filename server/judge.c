/* server/judge.c - the word judge (judge.h). */
/* SPDX-License-Identifier: MIT */
#include "judge.h"

#include <stdio.h>
#include <string.h>

#include "../core/tileset.h"

void srv_judge_word(const struct dict *d, const char *s, size_t n,
                    struct srv_judged *out)
{
    memset(out, 0, sizeof *out);
    const struct core_tileset *ts = dict_tileset(d);
    /* Room for a tile a byte: a word is never cut for its length, so a
     * word longer than the board is answered as spelled, and not valid. */
    out->ntiles =
        core_tileset_spell(ts, s, n, out->tiles, sizeof out->tiles, &out->bad);
    out->spelled = out->ntiles > 0;
    out->valid = out->spelled && dict_contains(d, out->tiles, out->ntiles);
}

/* The bytes of the UTF-8 character at s (n bytes left): 1 for a byte
 * that does not start a well-formed one, so it is named as a byte. */
static size_t char_len(const unsigned char *s, size_t n)
{
    size_t len = s[0] < 0x80 ? 1 : s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : 2;
    if (s[0] >= 0x80 && s[0] < 0xC2)
        return 1;
    if (len > n)
        return 1;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 1;
    return len;
}

enum clb_err srv_judge_why(const struct dict *d, const char *where,
                           const char *s, size_t n, const struct srv_judged *j,
                           struct clb_error *err)
{
    const struct core_tileset *ts = dict_tileset(d);
    const char *in = ts->language_name != NULL ? ts->language_name : ts->name;
    char word[CLB_JUDGE_WORD_BYTES + 1];
    size_t wn = n < CLB_JUDGE_WORD_BYTES ? n : CLB_JUDGE_WORD_BYTES;
    memcpy(word, s, wn);
    word[wn] = '\0';
    /* The word is quoted with its control characters and stray bytes
     * (not UTF-8) as '?', so a detail is always text. */
    for (size_t i = 0; i < wn;) {
        unsigned char b = (unsigned char)word[i];
        size_t len = char_len((const unsigned char *)word + i, wn - i);
        if (b < 0x20 || b == 0x7f || (len == 1 && b >= 0x80))
            word[i] = '?';
        i += len;
    }
    const char *sep = where != NULL ? ": " : "";
    where = where != NULL ? where : "";
    if (j->bad >= n)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "%s%s\"%s\" has no letters", where, sep, word);
    const unsigned char *c = (const unsigned char *)s + j->bad;
    size_t len = char_len(c, n - j->bad);
    if (len == 1 && (c[0] < 0x20 || c[0] >= 0x7f))
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "%s%s\"%s\" cannot be spelled in the tiles of "
                             "%s: byte 0x%02X (at byte %zu) is no letter",
                             where, sep, word, in, c[0], j->bad);
    return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                         "%s%s\"%s\" cannot be spelled in the tiles of %s: "
                         "\"%.*s\" (at byte %zu) is no letter of them",
                         where, sep, word, in, (int)len, (const char *)c,
                         j->bad);
}
