/* server/deflate.h - the gzip writer for the server's own answers.
 *
 * Pages and API answers are compressed on the fly, once per request, so
 * the cost that matters is instructions a byte, not the last percent of
 * size. This encoder is made for that: one hash probe a position, greedy
 * matches found 8 bytes at a time, Huffman codes made once from the
 * server's own answers, each token written as soon as it is found, and no
 * clearing of its tables between answers. bench/README.md ("The page as a
 * browser fetches it") gives its figures against libdeflate's fastest
 * level. The output is a plain RFC 1951 stream in an RFC 1952 wrapper,
 * which any inflater reads; the static files' build-time copies are still
 * libdeflate's (tools/precompress.c), where size is all that counts.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_DEFLATE_H
#define SRV_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

/* A compressor's hash table (32 KB): one per thread, reused. Its codes
 * are made once per process, at the first compressor. */
struct srv_deflate;

/* A new compressor, or NULL when out of memory. Thread-safe. */
struct srv_deflate *srv_deflate_new(void);
void srv_deflate_free(struct srv_deflate *z);

/* Writes in (n bytes) as a gzip member into out (cap bytes). Returns its
 * length, or 0 when it does not fit in cap less 16 bytes (the room its
 * last 8-byte stores take). The same input always gives the same bytes,
 * whatever the compressor did before. */
size_t srv_deflate_gzip(struct srv_deflate *z, const void *in, size_t n,
                        void *out, size_t cap);

/* The most bytes srv_deflate_gzip writes for n bytes in. */
size_t srv_deflate_gzip_bound(size_t n);

/* Adds to litlen[286] and dist[30] the symbols srv_deflate_gzip's parse of
 * in makes (and one end of block): what bench/bench_deflate --weights sums
 * over the server's answers to make deflate_weights.h. */
void srv_deflate_count(struct srv_deflate *z, const void *in, size_t n,
                       uint32_t *litlen, uint32_t *dist);

/* For tests: a compressor whose codes are made from these weights instead
 * of deflate_weights.h (tests/server/test_deflate_weights.c compares the
 * two on the reference pages), or NULL when out of memory. */
struct srv_deflate *srv_deflate_new_weighted(const uint32_t litlen[286],
                                             const uint32_t dist[30]);

#endif
