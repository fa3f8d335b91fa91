/* server/json_out.h - JSON written straight into an out_buf, for the API's
 * answers and the classic link's state.
 *
 * Every answer used to be built as a jansson tree and then serialised: a
 * move's answer meant thousands of small allocations. Here the answer is
 * written as it is walked, in the same bytes jansson's compact dump writes
 * (the same key order, the same escapes: \" \\ \b \f \n \r \t and \u00XX
 * for the other control bytes, UTF-8 passed through), so clients and the
 * committed reference answers see no difference. With `html_safe` the
 * characters that could open markup, < > &, are written as \u003c \u003e
 * \u0026, as every API answer has them.
 *
 * Commas are the writer's business: a value or key written after another
 * in the same container gets one. A string that is not valid UTF-8 (jansson
 * would refuse it) is not written and makes the writer `bad`, sticky, which
 * the caller checks once at the end; the buffer's own overflow flag is
 * sticky too. Nothing here allocates beyond the buffer's growth.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_JSON_OUT_H
#define SRV_JSON_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "html.h"

struct jout {
    struct out_buf *b;
    bool html_safe; /* < > & as \u escapes */
    bool comma;     /* the open container already holds a value */
    bool bad;       /* a string was not valid UTF-8 */
};

/* Starts writing into b (appending to what it holds). Cannot fail. */
void jout_init(struct jout *j, struct out_buf *b, bool html_safe);

/* Containers: `open` is '{' or '[' (after a comma if one is due), `close`
 * '}' or ']'. Inline: an answer opens hundreds. */
static inline void jout_open(struct jout *j, char open)
{
    char *o = out_room(j->b, 2);
    if (o == NULL)
        return;
    size_t k = 0;
    if (j->comma)
        o[k++] = ',';
    o[k++] = open;
    out_commit(j->b, k);
    j->comma = false;
}

static inline void jout_close(struct jout *j, char close)
{
    out_char(j->b, close);
    j->comma = true;
}

#define jout_open_object(j) jout_open((j), '{')
#define jout_close_object(j) jout_close((j), '}')
#define jout_open_array(j) jout_open((j), '[')
#define jout_close_array(j) jout_close((j), ']')

/* An object key: one of the server's own names, written as it is (they
 * need no escapes). jout_key() for a literal, which is written with its
 * quotes and colon in one copy. */
void jout_key_n(struct jout *j, const char *key, size_t n);

/* `quoted` is "\"key\":" (n bytes): the comma if one is due, then it. */
static inline void jout_key_quoted(struct jout *j, const char *quoted, size_t n)
{
    char *o = out_room(j->b, n + 1);
    if (o == NULL)
        return;
    size_t comma = j->comma ? 1 : 0;
    o[0] = ',';
    memcpy(o + comma, quoted, n);
    out_commit(j->b, n + comma);
    j->comma = false; /* the value follows the colon */
}
#define jout_key(j, lit)                                                       \
    jout_key_quoted((j), "\"" lit "\":", sizeof("\"" lit "\":") - 1)

/* Values. jout_string_n() escapes; invalid UTF-8 makes the writer bad. */
void jout_string_n(struct jout *j, const char *s, size_t n);
void jout_string(struct jout *j, const char *s);
void jout_int(struct jout *j, long long v);
void jout_bool(struct jout *j, bool v);
void jout_null(struct jout *j);

/* True when s (n bytes) is valid UTF-8 as jansson checks it: no overlong
 * forms, no surrogates, nothing above U+10FFFF. Cannot fail. */
bool jout_utf8_valid(const char *s, size_t n);

/* True when everything written so far is in the buffer and well formed. */
static inline bool jout_ok(const struct jout *j)
{
    return !j->bad && !j->b->overflow;
}

#endif
