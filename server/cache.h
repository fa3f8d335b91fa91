/* server/cache.h - each thread's last few positions, keyed by the whole
 * link they were replayed from (CLB_POSITION_CACHE_ENTRIES of them).
 *
 * A hit is a copy of the position that the very same link (every byte of
 * it, with the same loaded lexicons) gave when it was opened and checked:
 * nothing is ever taken from a link that is merely similar, so the rules'
 * checks are never skipped for a text they did not see. */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_CACHE_H
#define SRV_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/review.h"
#include "position.h"

/* Copies into pos the position this thread last opened from exactly the
 * link s (len bytes) with ctx's lexicons, and returns true; false (pos
 * untouched) when it has none, or, when `chained` asks for every move's
 * hash (a page), it was opened without them. Cannot fail. */
bool srv_cache_get(const struct srv_context *ctx, const char *s, size_t len,
                   bool chained, struct position *pos);

/* srv_cache_get() without the copy: the kept position itself, valid until
 * this thread keeps another (srv_cache_put, srv_cache_claim), or NULL. */
const struct position *srv_cache_find(const struct srv_context *ctx,
                                      const char *s, size_t len, bool chained);

/* The room to open the link s (len bytes) in, to be kept there: an entry
 * emptied for it (as srv_cache_put would choose), or NULL when the link is
 * too long or the thread has no room. The caller opens the link into it
 * and calls srv_cache_keep() on success; on failure the entry stays
 * empty. Cannot fail. */
struct position *srv_cache_claim(const struct srv_context *ctx, const char *s,
                                 size_t len);

/* Keeps the position opened in srv_cache_claim()'s room. */
void srv_cache_keep(struct position *pos);

/* Keeps pos, just opened from the link s (len bytes) without error, for
 * this thread, in place of its least recently used entry (or of the same
 * link's, kept without the chain a page then wanted). Keeps nothing
 * when the link is too long or the thread's room cannot be allocated (a
 * later request then replays again). Cannot fail. */
void srv_cache_put(const struct srv_context *ctx, const char *s, size_t len,
                   const struct position *pos);

/* The review of pos's moves (core_review_history) into *out. When this
 * thread's last review was of the same game's first moves (the same start,
 * word list and moves, compared in full), it is carried on
 * (core_review_history_after): only the moves since are searched. Returns
 * as core_review_history. */
enum clb_err srv_cache_review(const struct position *pos,
                              struct core_review *out, struct clb_error *err);

/* Reviews carried on from the thread's last, and made whole, since the
 * start. */
void srv_cache_review_counts(uint64_t *carried, uint64_t *whole);

/* Hits and misses of every thread since the start. */
void srv_cache_counts(uint64_t *hits, uint64_t *misses);

#endif
