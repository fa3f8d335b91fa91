/* server/say.h - the server's own lines on standard error: start, word
 * lists, listening, signals, stops, errors, libmicrohttpd's messages.
 *
 * As text ("collabble: listening on ...") or, with --log-format json, as
 * one JSON object a line like the access lines ({"time", "level", "msg"}),
 * so that every line a run writes parses (`jq -e`). One write(2) a line,
 * so lines of threads never mix. The access lines are server.c's.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_SAY_H
#define SRV_SAY_H

#include <stdbool.h>

enum srv_level { SRV_INFO, SRV_WARN, SRV_ERROR };

/* Set once at start, before a second thread exists: JSON lines or text. */
void srv_say_json(bool json);
bool srv_say_is_json(void);

/* One line. In text, "collabble: " and the message; in JSON, the time,
 * the level and the message (escaped). */
void srv_say(enum srv_level level, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Writes the time as "2026-12-01T22:50:50.123Z" at out (24 bytes, no
 * NUL); returns its length. */
unsigned long srv_say_time(char *out);

#endif
