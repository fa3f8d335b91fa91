/* server/json_in.h - a small pull reader for the JSON the server reads most:
 * the API's request bodies and the classic link's schema-v1 state.
 *
 * jansson builds a tree of allocated nodes for every text it parses, which
 * for a move's body or a 1.4 KB state costs far more than the work the
 * request asks for. This reader walks the text in place and hands out
 * slices of it, and it reads only a strict, common subset of JSON: strings
 * of printable ASCII without escapes, integers of at most 18 digits,
 * true, false, null, objects and arrays nested at most CLB_MAX_JSON_DEPTH
 * deep. Whatever lies outside that subset, and every malformed text, makes
 * the reader fail, and the caller then reads the text with jansson as
 * before (the "slow path"), which also words every error. So the reader
 * never has to explain anything, and a text it accepts must mean exactly
 * what jansson and the slow path make of it: the callers check every
 * field as strictly as the slow path does, and fail on anything the slow
 * path would refuse (tests and a fuzz target compare both on every input).
 *
 * Usage: jin_init, then jin_object and jin_key until it says the object
 * is over (or jin_array and jin_item), a value reader after each key or
 * item; finally jin_end. After any failure every call fails: check
 * j->failed (or the boolean results) and fall back.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_JSON_IN_H
#define SRV_JSON_IN_H

#include <stdbool.h>
#include <stddef.h>

#include "http.h"

struct jin {
    const char *p;   /* next byte */
    const char *end; /* one past the text */
    int depth;       /* containers open */
    unsigned first;  /* bit d: container d has had no member yet */
    bool failed;
};

/* Starts reading text (len bytes). Cannot fail. */
void jin_init(struct jin *j, const char *text, size_t len);

/* Opens an object or an array at the current value. */
bool jin_object(struct jin *j);
bool jin_array(struct jin *j);

/* Moves to the next member of the open object: true with its key in *key
 * (ready for the value), false when the object closed (or on failure:
 * check j->failed). */
bool jin_key(struct jin *j, struct clb_str *key);

/* Moves to the next item of the open array: true when there is one, false
 * when the array closed (or on failure). */
bool jin_item(struct jin *j);

/* Values. A string is handed out as its slice of the text. */
bool jin_string(struct jin *j, struct clb_str *out);
bool jin_int(struct jin *j, long long *out);
bool jin_bool(struct jin *j, bool *out);
bool jin_null(struct jin *j);

/* An array of exactly n strings of one character each (a board row):
 * their characters into out. Fails, as the other readers do, on anything
 * else (another count, a longer string, a character outside printable
 * ASCII, an escape). */
bool jin_char_array(struct jin *j, char *out, size_t n);

/* True when the next value is null (without reading it). */
bool jin_peek_null(struct jin *j);

/* True once the whole text was one value and only whitespace follows. */
bool jin_end(struct jin *j);

/* True when key is exactly the literal. */
bool jin_is(struct clb_str key, const char *lit);

/* True when [ and { nest deeper than `limit` outside strings in the text
 * s[0..len-1] (any text; a closer with nothing open is ignored): one pass,
 * stopping at the first level too deep. jansson (2.14) has no depth option
 * and recurses, so srv_json_parse (json_load.h) refuses hostile depth with
 * this before it parses. */
bool jin_too_deep(const char *s, size_t len, int limit);

#endif
