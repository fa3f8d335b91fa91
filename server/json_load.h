/* server/json_load.h - the one reader of a JSON text through jansson: the
 * API's bodies, the page's move field and the classic link's state.
 *
 * srv_json_parse checks a text the same way whatever it is (its size, its
 * nesting, that it is one object) and words every refusal the same way,
 * naming what was read: "body: not valid JSON (line 1, column 9: ...)",
 * "move: JSON nested deeper than 8 levels", "state: expected an object,
 * got an array". The fast readers (json_in.h) come first where they exist;
 * this is the slow path that also explains.
 *
 * jansson reports an allocation that failed inside its lexer as a syntax
 * error ("string or '}' expected"), and one that failed while it saved a
 * string's bytes not at all: the string comes back a byte short. A body
 * or a classic link read while memory runs out would be answered 400, the
 * client told its text is wrong (or worse, read as another text). Here
 * jansson allocates through a wrapper that notes a failure on the calling
 * thread; srv_json_parse then discards what was parsed and says why.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_JSON_LOAD_H
#define SRV_JSON_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "../core/error.h"

/* Routes jansson's allocations through the wrapper; done once (the
 * server calls it before its threads start, srv_json_parse on first use).
 * Cannot fail. */
void srv_json_init(void);

/* What a JSON text is, for srv_json_parse. */
struct srv_json_what {
    const char *name; /* starts every refusal: "body", "move", "state" */
    size_t max_bytes; /* a longer text is CLB_ERR_TOO_LARGE */
    enum clb_err bad; /* the code of a text that is not one JSON object */
};

/* True when a text of len bytes is within what->max_bytes; else false
 * with CLB_ERR_TOO_LARGE ("state: 70000 bytes of JSON, at most 65536
 * allowed"). srv_json_parse checks it first; a caller with a fast reader
 * checks it before that. */
bool srv_json_fits(size_t len, const struct srv_json_what *what,
                   struct clb_error *err);

/* Parses text (len bytes) as one JSON object: the tree (the caller
 * json_decref()s it), or NULL with *err set: CLB_ERR_TOO_LARGE (over
 * what->max_bytes), what->bad (nothing but white space, nested deeper
 * than CLB_MAX_JSON_DEPTH, not JSON, a duplicate key, an escaped NUL,
 * or a value that is not an object), or CLB_ERR_INTERNAL when memory ran
 * out while it parsed (the text may be fine). */
json_t *srv_json_parse(const char *text, size_t len,
                       const struct srv_json_what *what, struct clb_error *err);

/* "an object", "an array", "a string", "an integer", "a non-integer
 * number", "a boolean", "null": a value's kind, as the refusals name it. */
const char *srv_json_type_name(const json_t *v);

/* Refuses any key of `obj` not in `allowed` (NULL-terminated), naming the
 * key after `where` ("move: unknown key \"tile\""): a typo such as "tile"
 * for "tiles" should be an error, not a silently empty move. Returns
 * CLB_ERR_OK or CLB_ERR_BAD_REQUEST. */
enum clb_err srv_json_only_keys(const json_t *obj, const char *where,
                                const char *const *allowed,
                                struct clb_error *err);

#endif
