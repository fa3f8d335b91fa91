/* server/names.h - the words the JSON formats (the classic link's state
 * and the API) give core's enums, one table each, and one lookup for all
 * of them in both directions: a reader and a writer that take their words
 * from the same table cannot drift apart, and no format spells its enums
 * as a chain of string compares.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_NAMES_H
#define SRV_NAMES_H

#include <stddef.h>

struct srv_name {
    const char *name;
    int value;
};

struct srv_names {
    const struct srv_name *names;
    size_t n;
};

/* "play", "exchange", "pass": enum core_move_type, less the API's "helper"
 * (a classic state's lastMove never names one; server/api.c reads it). */
extern const struct srv_names srv_move_type_names;
/* "passes", "out", "limit", "blocked": enum core_end (not CORE_END_NONE). */
extern const struct srv_names srv_ending_names;
/* A goals game's helpers: "newGoals", "swap", "peek". */
extern const struct srv_names srv_helper_names;
/* "P1", "P2": enum core_player. */
extern const struct srv_names srv_player_names;
/* "v1", "v2": enum link_format (position.h). */
extern const struct srv_names srv_format_names;

/* The value that the table names s[0..len-1] (compared exactly: case and
 * length, so an embedded NUL never matches), or `none`. s may be NULL (a
 * JSON value that is not a string), which is `none` too. */
int srv_name_value(const struct srv_names *t, const char *s, size_t len,
                   int none);

/* The table's words for a message, quoted, in order: "\"play\",
 * \"exchange\" or \"pass\"" into out (cap bytes, NUL-terminated, cut
 * short if need be). */
void srv_names_list(const struct srv_names *t, char *out, size_t cap);

/* The table's name of `value`, or `fallback` when it has none. */
const char *srv_name_of(const struct srv_names *t, int value,
                        const char *fallback);

#endif
