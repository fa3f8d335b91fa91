/* server/json_load.h - jansson's parser for the slow path, with a failed
 * allocation told apart from a bad text.
 *
 * jansson reports an allocation that failed inside its lexer as a syntax
 * error ("string or '}' expected"), and one that failed while it saved a
 * string's bytes not at all: the string comes back a byte short. A body
 * or a classic link read while memory runs out would be answered 400, the
 * client told its text is wrong (or worse, read as another text). Here
 * jansson allocates through a wrapper that notes a failure on the calling
 * thread; srv_json_load then discards what was parsed and says why.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_JSON_LOAD_H
#define SRV_JSON_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "../core/error.h"

/* Routes jansson's allocations through the wrapper; done once (the
 * server calls it before its threads start, srv_json_load on first use).
 * Cannot fail. */
void srv_json_init(void);

/* json_loadb(text, len, flags, jerr), or NULL with *nomem set when an
 * allocation failed while it parsed (the text may be fine). */
json_t *srv_json_load(const char *text, size_t len, size_t flags,
                      json_error_t *jerr, bool *nomem);

/* Refuses any key of `obj` not in `allowed` (NULL-terminated), naming the
 * key after `where` ("move: unknown key \"tile\""): a typo such as "tile"
 * for "tiles" should be an error, not a silently empty move. Returns
 * CLB_ERR_OK or CLB_ERR_BAD_REQUEST. */
enum clb_err srv_json_only_keys(const json_t *obj, const char *where,
                                const char *const *allowed,
                                struct clb_error *err);

#endif
