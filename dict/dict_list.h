/* dict/dict_list.h - a language's word list as it is published, made into
 * a lexicon: what collabble-dictc --tileset runs on the lists the build
 * compiles (Debian's /usr/share/dict lists, npm's arrays of words).
 *
 * Such a list is not a game's word list: it has names and abbreviations,
 * hyphenated and apostrophed entries, words longer than the board, and
 * accents the tile set folds away. So instead of refusing the first bad
 * line (dict_from_text_in(), for a list a player made for the game), every
 * entry is spelled in the set's tiles (core_tileset_spell()), what cannot
 * be a play is left out, and the report counts what was left out and why.
 * The rules:
 *   - a list written in lower case marks names and abbreviations with a
 *     capital: an entry that starts with one is left out (capitalised),
 *     except in a language that capitalises its nouns (German), and an
 *     entry with a capital after its first character is an abbreviation
 *     ("kHz", "GmbH"); a list written all in capitals (SOWPODS) keeps
 *     every entry;
 *   - an entry with a character the set cannot spell, once folded, is left
 *     out (unspellable), and the characters that did it are counted;
 *   - so is one of fewer than CLB_WORD_MIN or more than CLB_WORD_MAX tiles;
 *   - entries that spell the same tiles ("rôle", "role") are kept once.
 * Allocates; pure otherwise (the caller reads the file and prints). */
/* SPDX-License-Identifier: MIT */
#ifndef DICT_DICT_LIST_H
#define DICT_DICT_LIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dict.h"

/* The characters a report names as having made entries unspellable: the
 * most frequent few. */
#define DICT_LIST_BAD_CHARS 6

struct dict_list_report {
    size_t read;          /* entries: non-empty lines, or strings */
    size_t kept;          /* distinct words in the lexicon */
    size_t capitalised;   /* left out: a capital first */
    size_t abbreviations; /* left out: a capital after the first character */
    size_t unspellable;   /* left out: a character no tile spells */
    size_t too_short;     /* left out: fewer than CLB_WORD_MIN tiles */
    size_t too_long;      /* left out: more than CLB_WORD_MAX tiles */
    size_t duplicates;    /* the tiles of an entry kept already */
    bool all_capitals;    /* written all in capitals: none left out for it */
    bool nouns_kept;      /* the language capitalises nouns: kept */
    /* The characters (Unicode code points) that made entries unspellable,
     * most frequent first, and how many entries each. */
    int nbad;
    uint32_t bad_char[DICT_LIST_BAD_CHARS];
    size_t bad_count[DICT_LIST_BAD_CHARS];
};

/* Called as the work goes on, for a program to say so: `stage` names it
 * ("reading", "the GADDAG"...), done of total. */
typedef void dict_progress_fn(void *ctx, const char *stage, size_t done,
                              size_t total);

struct dict_progress {
    dict_progress_fn *fn;
    void *ctx;
};

/* A list of len bytes (UTF-8; one entry a line, or a JSON array of
 * strings, as npm's lists are: told apart by the first character, '['),
 * made into a lexicon in `tileset` by the rules above. At most
 * CLB_MAX_BUILD_LIST_BYTES. `progress` may be NULL. Returns CLB_ERR_OK
 * with *out and the report filled in, or CLB_ERR_BAD_LEXICON with a detail
 * beginning with `name` (too big, malformed JSON, no word kept, more than
 * CLB_MAX_LEXICON_WORDS, out of memory). */
enum clb_err dict_from_list(const char *text, size_t len, const char *name,
                            const struct core_tileset *tileset,
                            const struct dict_progress *progress,
                            struct dict_list_report *report, struct dict **out,
                            struct clb_error *err);

/* ISO 8859-1 text (Debian's Norwegian and Swedish lists) as UTF-8, in a
 * new buffer of *out_len bytes (free() it); NULL when out of memory. */
char *dict_latin1_to_utf8(const char *text, size_t len, size_t *out_len);

/* The shape of a compiled lexicon's graph, for what the build reports:
 * its bytes, nodes, arcs (nodes that are not a list's header or the
 * roots) and headed lists. Cannot fail. */
struct dict_graph_stats {
    size_t bytes, nodes, arcs, headed_lists;
};
void dict_graph_stats(const struct dict *d, struct dict_graph_stats *out);

#endif
