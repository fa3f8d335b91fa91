/* server/judge.h - the word judge: a word as a player writes it ("été",
 * "garçon", "CHICO"), spelled in a lexicon's tiles by the set's own rule
 * (core_tileset_spell: its folds, then longest match) and looked up in
 * that lexicon. POST /api/v1/words and the game page's "Check a word" box
 * (GET /game/word) share it, so both answer alike.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_JUDGE_H
#define SRV_JUDGE_H

#include <stdbool.h>
#include <stddef.h>

#include "../core/error.h"
#include "../core/limits.h"
#include "../dict/dict.h"

/* One word judged. */
struct srv_judged {
    bool spelled; /* the set spells it; false: `bad` says where not */
    size_t bad;   /* the byte offset of the first character it cannot */
    size_t ntiles;
    char tiles[CLB_JUDGE_WORD_BYTES]; /* tile bytes (0x41 + letter) */
    bool valid;                       /* spelled, and in the lexicon */
};

/* Judges the word s (n bytes, 1..CLB_JUDGE_WORD_BYTES, UTF-8) by d.
 * Pure but for the look-up; cannot fail (a word the set cannot spell is
 * out->spelled false). */
void srv_judge_word(const struct dict *d, const char *s, size_t n,
                    struct srv_judged *out);

/* Sets *err to why the word s (n bytes; `where`, if not NULL, names it,
 * "words[2]")
 * cannot be spelled in d's tiles: CLB_ERR_BAD_REQUEST naming the word and
 * its first character the set has no tile for. Returns the code. */
enum clb_err srv_judge_why(const struct dict *d, const char *where,
                           const char *s, size_t n, const struct srv_judged *j,
                           struct clb_error *err);

#endif
