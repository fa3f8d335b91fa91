/* server/strict_check.h - the start-up guard of strict.c's request-head
 * rules: the libmicrohttpd they were checked against, and a self-test.
 *
 * strict.c tells a sound request head from an ambiguous one by where
 * libmicrohttpd 0.9.75 leaves each header after parsing the head in place.
 * Another version may parse differently, and the rules would then let
 * smuggling heads through (fail open) or refuse every request. So:
 *   - at build time, strict.c refuses to compile against another
 *     MHD_VERSION, and CMake says so first (CLB_MHD_UNCHECKED=ON builds
 *     anyway);
 *   - at start, main.c compares MHD_get_version() with the version checked
 *     (srv_strict_version_ok), and refuses to start on another one unless
 *     the operator names it (--allow-libmicrohttpd VERSION);
 *   - and then, always, srv_strict_self_test() feeds known-bad and
 *     known-good heads through the library and the rules: a bad head
 *     accepted, or a good one refused, and the server does not start.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_STRICT_CHECK_H
#define SRV_STRICT_CHECK_H

#include <stdbool.h>
#include <stddef.h>

#include <microhttpd.h>

/* The libmicrohttpd whose parser strict.c's rules were checked against. */
#define SRV_STRICT_MHD_VERSION "0.9.75"
#define SRV_STRICT_MHD_VERSION_HEX 0x00097500

/* A checker with srv_strict_head()'s contract (NULL: the head is sound). */
typedef const char *srv_strict_head_fn(struct MHD_Connection *conn,
                                       const char *method, const char *version);

/* True when `have` (MHD_get_version()'s answer) is SRV_STRICT_MHD_VERSION,
 * or exactly `allowed` (the operator's --allow-libmicrohttpd; NULL for
 * none). Otherwise false, with one line saying so and what to do in why
 * (cap bytes, NUL-terminated; cap may be 0). */
bool srv_strict_version_ok(const char *have, const char *allowed, char *why,
                           size_t cap);

/* Runs every known-bad head (22 kinds of bare LF, folding, repeated or
 * conflicting framing headers, bad names, values and targets) and every
 * known-good head (6) through a private libmicrohttpd daemon with no
 * listening socket, over socket pairs, and through srv_strict_target() and
 * srv_strict_head(). True when every bad head is refused (by the rules or
 * by the library itself) and every good one reaches the handler and passes
 * the rules; otherwise false with one line naming the first head that did
 * not, in why (cap bytes). Takes a few milliseconds; opens no port. */
bool srv_strict_self_test(char *why, size_t cap);

/* srv_strict_self_test() with `check` in place of srv_strict_head(), so
 * the tests can show that a checker that lets a bad head through, or
 * refuses a good one, fails the self-test. */
bool srv_strict_self_test_with(srv_strict_head_fn *check, char *why,
                               size_t cap);

/* How many heads the self-test feeds: bad ones, then good ones. */
size_t srv_strict_self_test_bad_heads(void);
size_t srv_strict_self_test_good_heads(void);

#endif
