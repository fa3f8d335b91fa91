/* server/seed.h - the randomness of a new game without a seed: one source
 * and one failure rule for the pages and the API alike.
 *
 * The bytes come from getrandom(2) (the kernel's pool; it blocks only until
 * the pool is first initialised at boot), retried when a signal interrupts
 * it and continued after a short read. If it still fails (a kernel without
 * it, or a sandbox that forbids it), the new game is refused with
 * CLB_ERR_INTERNAL and a detail that says a seed of one's own still works:
 * never a seed made from the clock, which would deal guessable or, for two
 * requests at once, identical games without a word. docs/RULES.md, "A random
 * seed".
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_SEED_H
#define SRV_SEED_H

#include <stddef.h>
#include <sys/types.h>

#include "../core/error.h"

/* getrandom(2)'s shape, so that the tests can hand in a source that fails,
 * is interrupted or reads short. */
typedef ssize_t srv_random_source(void *buf, size_t len, unsigned flags);

/* Fills out[0..n-1] from the kernel's random source. Returns CLB_ERR_OK, or
 * CLB_ERR_INTERNAL with a detail naming the error (out unspecified). */
enum clb_err srv_random_bytes(void *out, size_t n, struct clb_error *err);

/* srv_random_bytes() from `source` instead of getrandom(2). */
enum clb_err srv_random_bytes_from(srv_random_source *source, void *out,
                                   size_t n, struct clb_error *err);

#endif
