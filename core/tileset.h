/* core/tileset.h - a tile set as data: its letters, how each is shown,
 * its points and how many the bag holds, and its blanks.
 *
 * Inside core a tile is one byte, whatever the set: letter m (0..n-1, the
 * set's "machine letter") is the byte 0x41 + m, a blank standing for it
 * 0x61 + m, CORE_BLANK a blank in a rack or the bag, CORE_EMPTY an empty
 * square (core/tiles.h reads and writes them). English's bytes are so
 * exactly 'A'..'Z' and 'a'..'z', and its links, boards and draws are the
 * ASCII they always were; another set's letters are only ever shown
 * through `upper` and `lower`, never as their bytes. A game reads its set
 * through core_game_tileset(); a lexicon names the set its words are
 * spelled in. Pure tables; cannot fail.
 */
/* SPDX-License-Identifier: MIT */
#ifndef CORE_TILESET_H
#define CORE_TILESET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "limits.h"

/* One fold of a set (core_tileset_spell): the text `from` (UTF-8, one or
 * a few characters; ASCII letters match in either case, every other
 * character as written, so a table lists both cases of an accented
 * letter) is read as `to` (the set's tiles as shown, upper case). */
struct core_fold {
    const char *from;
    const char *to;
};

struct core_tileset {
    const char *name; /* the id links name: "english", "fr" */
    /* The language a player picks it by: ISO 639-1 ("en", "fr"; NULL for
     * a set players never meet), and its name in that language. */
    const char *language;
    const char *language_name;
    int n;      /* letters, 1..CLB_MAX_LETTERS */
    int blanks; /* blank tiles in the bag */
    int total;  /* every tile: the counts and the blanks */
    /* By machine letter 0..n-1 (a table per field, so scoring reads a
     * packed row of points). */
    uint8_t points[CLB_MAX_LETTERS];
    uint8_t count[CLB_MAX_LETTERS];
    /* The tile as shown (UTF-8, possibly several characters: "CH"), and
     * as a blank standing for it is shown ("ch"). */
    char upper[CLB_MAX_LETTERS][CLB_MAX_TILE_BYTES + 1];
    char lower[CLB_MAX_LETTERS][CLB_MAX_TILE_BYTES + 1];
    /* What a word as a language writes it is read as before it is cut into
     * tiles (French É as E, German ß as SS): n_folds rows, NULL when
     * the set folds nothing but ASCII case (English, Polish). A letter
     * that is a tile of the set is never folded. docs/RULES.md lists each
     * set's folds and why. */
    const struct core_fold *folds;
    int n_folds;
    /* The set's vowels, for goals mode's vowel goals: upper display
     * strings separated by single spaces ("A E I O U"; Polish adds Ą Ę Ó
     * Y). docs/RULES.md lists each set's. */
    const char *vowels;
};

/* The sets (core/tileset_*.c). English is the default; x-test27 (English
 * plus a 27th tile "CH") exists so that the tests prove nothing assumes
 * 26 letters or one-character tiles, and players never meet it. */
extern const struct core_tileset core_tileset_english;
extern const struct core_tileset core_tileset_x_test27;
/* The national editions, by ISO 639-1 code (core/tileset_<code>.c). */
extern const struct core_tileset core_tileset_fr, core_tileset_de,
    core_tileset_es, core_tileset_it, core_tileset_nl, core_tileset_pl,
    core_tileset_pt, core_tileset_ca, core_tileset_nb, core_tileset_sv,
    core_tileset_da;

/* The set named `name` (len bytes), or NULL. "" is not a name. */
const struct core_tileset *core_tileset_by_name(const char *name, size_t len);

/* The set players pick by the ISO 639-1 code `code` (len bytes), or NULL. */
const struct core_tileset *core_tileset_by_language(const char *code,
                                                    size_t len);

/* The set at `i` of the known sets (for listing them), or NULL past the
 * last. */
const struct core_tileset *core_tileset_at(int i);

/* The letter (0..n-1) whose display string, upper or lower, is exactly
 * the len bytes at s (ASCII letters in either case), or -1. */
int core_tileset_letter(const struct core_tileset *ts, const char *s,
                        size_t len);

/* The longest tile of ts whose display string, upper or lower (ASCII
 * letters in either case), starts the n bytes at s: its length in bytes,
 * with its letter in *letter; 0 with -1 when none does. The one rule by
 * which typed text (a move's word) and word lists are cut into tiles:
 * with a CH tile "CHAT" is CH, A, T, never C, H, A, T. */
size_t core_tileset_cut(const struct core_tileset *ts, const char *s, size_t n,
                        int *letter);

/* Spells the UTF-8 word s (n bytes, any case, accents as written) in ts's
 * tiles: folds what the set folds (its table: French É to E, German
 * ß to SS...), then cuts by longest match (core_tileset_cut).
 * Writes the tile bytes (0x41 + letter) to tiles (room for max) and
 * returns how many; 0 when it cannot, with *bad the byte offset in s of
 * the first character the set cannot spell (n when the word has more than
 * max tiles or is empty). Pure; no allocation. */
size_t core_tileset_spell(const struct core_tileset *ts, const char *s,
                          size_t n, char *tiles, size_t max, size_t *bad);

/* The set's vowels (its `vowels` list) as a mask, bit m letter m. */
uint32_t core_tileset_vowels(const struct core_tileset *ts);

/* True for English, the set a link need not name. */
static inline bool core_tileset_is_default(const struct core_tileset *ts)
{
    return ts == &core_tileset_english;
}

#endif
