/* dict/dict.h - the lexicon: a word list loaded once, looked up per word.
 *
 * A lexicon comes either from the compact file built at build time by
 * collabble-dictc (the default SOWPODS list) or from a plain text file with
 * one word a line (a TWL06, NWL or CSW list a player owns). Either way it is
 * held as one word graph (a DAWG and a GADDAG, core/kwg.h) that serves both
 * lookups and the move generator. Loading is the only place that
 * allocates; lookups are read-only and allocation-free, so one loaded dict
 * serves every request. A compiled image that was checked in full ahead of
 * time (the built-in list, checked when it is built) can instead be used
 * in place, straight from read-only memory (dict_use_in_place()). dict depends
 * on core/ only for the shared error type and the struct core_lexicon it hands
 * to the rules.
 */
/* SPDX-License-Identifier: MIT */
#ifndef DICT_DICT_H
#define DICT_DICT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/error.h"
#include "../core/game.h"
#include "../core/kwg.h"

struct dict;

/* Loads a lexicon file: a compiled lexicon (recognised by its magic
 * header) or a plain word list (A-Z, 2-15 letters a line, any case, blank
 * lines and a trailing CR ignored, duplicates kept once, a leading UTF-8
 * byte order mark skipped). Returns CLB_ERR_OK and *out, or
 * CLB_ERR_BAD_LEXICON with *out NULL and a detail naming the file (and for a
 * word list the line): a missing or unreadable file, one over 16 MiB, a
 * malformed or empty list, a truncated or corrupt compiled file. out and
 * err must not be NULL. */
enum clb_err dict_load(const char *path, struct dict **out,
                       struct clb_error *err);

/* Builds a lexicon from words in memory (same rules as a text file; `name`
 * is used in error details). Returns as dict_load(). */
/* dict_load() with a plain word list's words cut into the letters of
 * `tileset` (NULL: English; see dict_from_text_in). A compiled lexicon
 * keeps the set it names. */
enum clb_err dict_load_in(const char *path, const struct core_tileset *tileset,
                          struct dict **out, struct clb_error *err);

/* dict_from_text() in a tile set (NULL: English): each word, in UTF-8, is
 * cut into the set's tiles by longest match, in either case ("CHAT" in a
 * set with a CH tile is CH, A, T: a multi-letter tile is never spelled by
 * its parts); 2..15 tiles a word. */
enum clb_err dict_from_text_in(const char *text, size_t len, const char *name,
                               const struct core_tileset *tileset,
                               struct dict **out, struct clb_error *err);

/* The tile set the lexicon's words are spelled in (English for NULL). */
const struct core_tileset *dict_tileset(const struct dict *d);

enum clb_err dict_from_text(const char *text, size_t len, const char *name,
                            struct dict **out, struct clb_error *err);

/* Loads a compiled lexicon from memory: len bytes laid out as a .clx file
 * (dict_format.h), copied (so they may be read-only, and need no
 * alignment), then checked exactly as dict_load() checks a file (`name` is
 * used in error details). It is the build's full check of the built-in
 * list (collabble-dictc --check). NULL bytes are refused. Returns as
 * dict_load(). */
enum clb_err dict_from_compiled(const void *bytes, size_t len, const char *name,
                                struct dict **out, struct clb_error *err);

/* What a full check of a compiled image found (dict_image_facts()): enough
 * to recognise the same image later and use it without checking it again
 * (dict_use_in_place()). The build makes these for the built-in list
 * (collabble-dictc --check). */
struct dict_image_facts {
    uint32_t bytes;       /* the image's size */
    uint32_t crc;         /* the CRC-32 its header carries */
    uint32_t words;       /* dict_word_count() */
    uint32_t fingerprint; /* dict_fingerprint() */
};

/* The facts of a loaded lexicon (compiled or built from text). Cannot
 * fail; d and out must not be NULL. */
void dict_image_facts(const struct dict *d, struct dict_image_facts *out);

/* Uses len bytes of a compiled lexicon IN PLACE, read-only, without
 * copying them and without walking its graph: for an image a full check
 * (dict_from_compiled()) has already accepted, whose results are `facts`.
 * The built-in list is one (server/builtin_lexicon.h): the build checks
 * the very file it takes into the executable. Only what costs nothing is
 * checked here, so that facts and bytes cannot be mismatched: the header
 * (magic, version, sizes, node count), its word count and CRC field
 * against facts, len against facts->bytes, and 4-byte alignment (the
 * nodes are read as uint32_t). The bytes must stay mapped and unchanged
 * while the lexicon lives; dict_free() frees only the small struct that
 * points at them. On a big-endian host, whose nodes must be turned
 * around, the image is instead copied and checked in full as
 * dict_from_compiled() does, and its facts must still match. Returns
 * CLB_ERR_OK and *out, or CLB_ERR_BAD_LEXICON with *out NULL and a detail
 * beginning with `name` (out of memory, or bytes that are not the image
 * the facts describe). */
enum clb_err dict_use_in_place(const void *bytes, size_t len,
                               const struct dict_image_facts *facts,
                               const char *name, struct dict **out,
                               struct clb_error *err);

/* dict_from_compiled() for an image the build compiled (a language's
 * list, dict/CMakeLists.txt): at most CLB_MAX_BUILD_LEXICON_BYTES rather
 * than CLB_MAX_LEXICON_FILE_BYTES. collabble-dictc --check-list checks
 * the languages' graphs with it. */
enum clb_err dict_from_built(const void *bytes, size_t len, const char *name,
                             struct dict **out, struct clb_error *err);

/* Maps the compiled lexicon at `path` (at most CLB_MAX_BUILD_LEXICON_BYTES:
 * the server's languages directory) read-only and uses it where it lies,
 * never copied: the searches read the pages they need from the page cache,
 * shared by every process that maps the file. An image whose header has
 * the size, CRC and word count of one of built[] (what the build's full
 * check found: collabble-dictc --check-list) gets the header checks of
 * dict_use_in_place() and its CRC worked out again (a file damaged since
 * is refused), and *trusted is set; any other gets every check
 * dict_from_compiled() makes. Either check reads the whole file once and
 * then lets its pages go from the process (madvise), so a start does not
 * leave every graph resident. On a big-endian host the image is copied
 * and checked in full instead. Returns as dict_load(). */
enum clb_err dict_map(const char *path, const struct dict_image_facts *built,
                      size_t nbuilt, bool *trusted, struct dict **out,
                      struct clb_error *err);

/* Writes the compiled form of `d` to `path`, through a temporary file
 * renamed into place, so `path` is either the old file or the whole new
 * one. Returns CLB_ERR_OK, or CLB_ERR_INTERNAL with the reason. */
enum clb_err dict_save_compiled(const struct dict *d, const char *path,
                                struct clb_error *err);

/* True if `word` (len bytes, letters in any case) is in the lexicon.
 * Anything that is not 2..15 letters A-Z/a-z is not a word (and NULL is
 * none). Never allocates; safe to call from many threads at once. */
bool dict_contains(const struct dict *d, const char *word, size_t len);

/* Number of words. */
size_t dict_word_count(const struct dict *d);

/* The fingerprint of the word list's content, worked out once at load:
 * CRC-32 of the words in upper case, each followed by a line feed, shorter
 * words first and alphabetical within a length. The same words give the
 * same fingerprint whether they came as text or compiled; a v2 link names
 * its word list by it. 0 for NULL. */
uint32_t dict_fingerprint(const struct dict *d);

/* The lexicon's word graph (core/kwg.h), checked and ready for the move
 * generator; valid while `d` lives. NULL only for a NULL d. */
const struct core_kwg *dict_graph(const struct dict *d);

/* The view core's rules take: lookups and the word graph. Valid while `d`
 * lives. */
struct core_lexicon dict_lexicon(const struct dict *d);

/* Frees a lexicon, loaded or used in place (whose bytes are the caller's
 * and stay); NULL is fine. */
void dict_free(struct dict *d);

#endif
