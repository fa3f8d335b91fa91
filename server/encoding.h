/* server/encoding.h - content codings: which one an answer is sent in, and
 * gzip and brotli on the fly.
 *
 * The static files carry gzip and brotli copies made at build time
 * (static_assets.h); the pages are compressed while they are sent, in
 * brotli (libbrotlienc) for a client that accepts it and in gzip
 * (deflate.h) for one that accepts only gzip, and the API's answers in
 * gzip; only when the client asks. The choice follows the request's
 * Accept-Encoding as RFC 9110 (12.5.3) reads it; DESIGN.md
 * ("Compression") says how each edge case is decided.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_ENCODING_H
#define SRV_ENCODING_H

#include <stdbool.h>
#include <stddef.h>

enum srv_coding {
    SRV_CODING_IDENTITY,
    SRV_CODING_GZIP,
    SRV_CODING_BROTLI,
};

/* A set of codings, as a bitmask: the codings one answer exists in. */
#define SRV_CODING_BIT(c) (1u << (unsigned)(c))

/* The coding to send an answer in, given the request's Accept-Encoding
 * value (NULL when the request has none) and the codings the answer exists
 * in (`available`; identity always, whether in the set or not). The
 * acceptable coding with the highest weight; on a tie brotli, then gzip,
 * then identity. Without the header, or when nothing available is
 * acceptable (even identity refused), identity. Cannot fail. */
enum srv_coding srv_coding_choose(const char *accept, unsigned available);

/* The Content-Encoding token of a coding ("gzip", "br"), or NULL for
 * identity. Cannot fail. */
const char *srv_coding_name(enum srv_coding c);

/* Compresses in (n bytes) as gzip into out (cap bytes) with this thread's
 * compressor (made at its first use, freed when the thread ends). Returns
 * the compressed length, or 0 when it does not fit or cannot be made
 * (out of memory): the answer is then sent as it is. */
size_t srv_gzip(const void *in, size_t n, void *out, size_t cap);

/* srv_gzip() for an answer the server writes alike for every request (at
 * most CLB_MAX_KEPT_ANSWER bytes): this thread compresses it once at
 * libdeflate's best level and keeps both, so the next request with the
 * same bytes gets the kept copy for a comparison; other bytes replace
 * what is kept. Falls back to srv_gzip() when it cannot keep one (too
 * long, out of memory). Same returns. */
size_t srv_gzip_kept(const void *in, size_t n, void *out, size_t cap);

/* Compresses in (n bytes, at most CLB_BROTLI_MAX_ANSWER) as brotli at
 * quality 5 with a 32 KB window into out (cap bytes), the encoder's memory
 * taken from this thread's arena (CLB_BROTLI_ARENA_BYTES, made at its
 * first use, freed when the thread ends). Returns the compressed length,
 * or 0 when it does not fit in cap, when n is over the limit or when the
 * memory cannot be had: the caller then sends the answer another way. The
 * same input always gives the same bytes. */
size_t srv_brotli(const void *in, size_t n, void *out, size_t cap);

/* srv_brotli() for an answer the server writes alike for every request:
 * as srv_gzip_kept(), this thread makes its brotli copy once at quality 11
 * (the best) and keeps it beside the gzip one until other bytes come.
 * Falls back to srv_brotli() when it cannot keep one. Same returns. */
size_t srv_brotli_kept(const void *in, size_t n, void *out, size_t cap);

/* For tests: srv_brotli() with only `limit` bytes of the arena, to show
 * that an encoder that runs out of memory gives 0 and leaves the thread
 * able to compress its next answer. */
size_t srv_brotli_limited(size_t limit, const void *in, size_t n, void *out,
                          size_t cap);

#endif
