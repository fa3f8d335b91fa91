/* server/link.h - the classic (v1) turn link: game state <-> JSON (schema
 * v1) <-> LZ-String.
 *
 * A v1 link is `http://HOST/#<S>` where S is the state as JSON, compressed
 * with LZ-String's compressToBase64 (the EncodedURIComponent form is
 * accepted on input too), exactly as the original design makes it.
 * Decoding is strict and bounded: over CLB_MAX_ENCODED_STATE bytes in or
 * CLB_MAX_DECODED_STATE bytes out is refused before the work is done, and
 * every known field is checked (shape here, game consistency in
 * core_game_validate); an unknown top-level key is skipped. The format
 * is link_v1.c's (read with jansson, written as text directly), with its
 * fast reader in link_v1_fast.c; jansson stays in server/ and core only
 * sees structs. The state as a jansson tree, for the tools and the tests,
 * is tools/link_tree.h's. The v2 link is core's (link2.h); position.h is
 * the one entry point that tells the two apart.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_LINK_H
#define SRV_LINK_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "../core/error.h"
#include "../core/game.h"
#include "json_out.h"

/* Decodes a v1 S (len bytes, base64 or URI-safe LZ-String) into *game.
 * Returns CLB_ERR_OK, CLB_ERR_TOO_LARGE, or CLB_ERR_BAD_STATE with a detail
 * naming the field ("board[3][4]: ..."); CLB_ERR_INTERNAL only when out of
 * memory. On error *game is unspecified. */
enum clb_err link_v1_decode(const char *s, size_t len, struct core_game *game,
                            struct clb_error *err);

/* Encodes *game as a v1 S (compressToBase64 of its JSON) into out (cap
 * bytes, NUL-terminated). Returns CLB_ERR_OK or CLB_ERR_INTERNAL if cap is
 * short (or link_game_write finds a field that is not text). */
enum clb_err link_v1_encode(const struct core_game *game, char *out, size_t cap,
                            size_t *out_len, struct clb_error *err);

/* Writes the state as schema-v1 JSON with j: the very bytes jansson's
 * compact dump of link_game_to_json() gives (a test compares them), without
 * building the tree. Returns false where link_game_to_json() would give
 * NULL: a field that is not text (never for a decoded or core-made game). */
bool link_game_write(struct jout *j, const struct core_game *game);

/* link_game_write() with more members: `more` (not NULL) writes them, with
 * ctx, before the object closes (the API's "goals" of a goals game, which
 * a classic state never holds). */
bool link_game_write_with(struct jout *j, const struct core_game *game,
                          void (*more)(struct jout *, const void *),
                          const void *ctx);

/* Reads a schema-v1 JSON object into *game, checking every known field
 * (unknown top-level keys are skipped) and then core_game_validate.
 * Returns CLB_ERR_OK or CLB_ERR_BAD_STATE. */
enum clb_err link_game_from_json(const json_t *root, struct core_game *game,
                                 struct clb_error *err);

/* For tests (the unit tests, tests/tools/link_tool.c and
 * tests/fuzz/fuzz_link.c; the server reads links with position_open()):
 * reads schema-v1 JSON text (len bytes, need not be NUL-terminated) into
 * *game with the same guards link_v1_decode applies after decompressing:
 * over CLB_MAX_DECODED_STATE bytes is CLB_ERR_TOO_LARGE; nesting deeper
 * than CLB_MAX_JSON_DEPTH, duplicate keys or invalid JSON are
 * CLB_ERR_BAD_STATE (CLB_ERR_INTERNAL when out of memory); then
 * link_game_from_json. */
enum clb_err link_decode_json(const char *text, size_t len,
                              struct core_game *game, struct clb_error *err);

/* link_decode_json() with jansson and link_game_from_json alone, never
 * the fast reader: the reference the fast reader is tested and fuzzed
 * against (the two must agree on every text). */
enum clb_err link_decode_json_reference(const char *text, size_t len,
                                        struct core_game *game,
                                        struct clb_error *err);

#endif
