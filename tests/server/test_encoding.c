/* tests/server/test_encoding.c - which coding an answer goes out in
 * (Accept-Encoding read as RFC 9110 12.5.3 has it, every edge case DESIGN.md
 * decides), gzip on the fly read back with libdeflate's decompressor, and
 * brotli on the fly (fresh, kept, out of memory) read back with
 * libbrotlidec's. */
/* SPDX-License-Identifier: MIT */
#include <brotli/decode.h>
#include <criterion/criterion.h>
#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/limits.h"

#include "../../server/deflate.h"
#include "../../server/encoding.h"

#define ALL                                                                    \
    (SRV_CODING_BIT(SRV_CODING_GZIP) | SRV_CODING_BIT(SRV_CODING_BROTLI))
#define GZ SRV_CODING_BIT(SRV_CODING_GZIP)

Test(server_encoding, accept_encoding_picks_the_coding)
{
    static const struct {
        const char *accept; /* NULL: no header */
        unsigned available;
        enum srv_coding want;
    } cases[] = {
        {NULL, ALL, SRV_CODING_IDENTITY}, /* nothing said: as it is */
        {"", ALL, SRV_CODING_IDENTITY},
        {"identity", ALL, SRV_CODING_IDENTITY},
        {"gzip", ALL, SRV_CODING_GZIP},
        {"gzip", 0, SRV_CODING_IDENTITY}, /* no copy to send */
        {"br", GZ, SRV_CODING_IDENTITY},
        {"gzip, br", ALL, SRV_CODING_BROTLI}, /* a tie: the smaller */
        {"gzip, br", GZ, SRV_CODING_GZIP},
        {"br;q=0.9, gzip", ALL, SRV_CODING_GZIP},
        {"br;q=0.901, gzip;q=0.9", ALL, SRV_CODING_BROTLI},
        {"GZip;Q=1.000", ALL, SRV_CODING_GZIP},
        {"x-gzip", ALL, SRV_CODING_GZIP},
        {"gzip;q=0", ALL, SRV_CODING_IDENTITY},
        {"gzip;q=0.0", ALL, SRV_CODING_IDENTITY},
        {"gzip;q=0.000", ALL, SRV_CODING_IDENTITY},
        {"gzip;q=0.001", ALL, SRV_CODING_GZIP},
        {"*", ALL, SRV_CODING_BROTLI},
        {"*", GZ, SRV_CODING_GZIP},
        {"*;q=0", ALL, SRV_CODING_IDENTITY}, /* even identity refused */
        {"*;q=0.5, br;q=0", ALL, SRV_CODING_GZIP},
        {"*, gzip;q=0", GZ, SRV_CODING_IDENTITY},
        {"gzip;q=0.5, identity", ALL, SRV_CODING_IDENTITY},
        {"gzip;q=0.5, identity;q=0.5", ALL, SRV_CODING_GZIP},
        {"identity;q=0", ALL, SRV_CODING_IDENTITY}, /* nothing else */
        {"identity;q=0, gzip;q=0.1", ALL, SRV_CODING_GZIP},
        {"*;q=0.1, identity;q=0.2", ALL, SRV_CODING_IDENTITY},
        {" gzip ; q = 0.7 ,br;q=0.6 ", ALL, SRV_CODING_GZIP},
        {"gzip;q=1.0000", ALL, SRV_CODING_IDENTITY}, /* 4 decimals */
        {"gzip;q=1.5", ALL, SRV_CODING_IDENTITY},
        {"gzip;q=2", ALL, SRV_CODING_IDENTITY},
        {"gzip;q=.5", ALL, SRV_CODING_IDENTITY},
        {"gzip;q=", ALL, SRV_CODING_IDENTITY},
        {"gzip;level=9", ALL, SRV_CODING_IDENTITY}, /* not a weight */
        {"gzip;q=0.5;x", ALL, SRV_CODING_IDENTITY},
        {"deflate, compress, zstd", ALL, SRV_CODING_IDENTITY},
        {",,gzip,,", ALL, SRV_CODING_GZIP},
        {"gzipx, brr", ALL, SRV_CODING_IDENTITY},
        {"gzip;q=0, gzip", ALL, SRV_CODING_IDENTITY}, /* the first counts */
        {"br, gzip;q=0.3", GZ, SRV_CODING_GZIP},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        cr_expect_eq(
            srv_coding_choose(cases[i].accept, cases[i].available),
            cases[i].want, "\"%s\" (available %u): got %d",
            cases[i].accept != NULL ? cases[i].accept : "(none)",
            cases[i].available,
            (int)srv_coding_choose(cases[i].accept, cases[i].available));
}

Test(server_encoding, names)
{
    cr_assert_null(srv_coding_name(SRV_CODING_IDENTITY));
    cr_assert_str_eq(srv_coding_name(SRV_CODING_GZIP), "gzip");
    cr_assert_str_eq(srv_coding_name(SRV_CODING_BROTLI), "br");
}

Test(server_encoding, gzip_reads_back_and_refuses_to_grow)
{
    size_t n = 40000;
    char *page = malloc(n);
    cr_assert_not_null(page);
    for (size_t i = 0; i < n; i++)
        page[i] = "<button class=t aria-label=\"H8, C, 3 points\">"[i % 45];
    size_t cap = srv_deflate_gzip_bound(n);
    char *z = malloc(cap);
    char *back = malloc(n);
    cr_assert(z != NULL && back != NULL);
    size_t zn = srv_gzip(page, n, z, cap);
    cr_assert_gt(zn, 0);
    cr_assert_lt(zn, n / 10);
    struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
    size_t got = 0;
    cr_assert_eq(libdeflate_gzip_decompress(d, z, zn, back, n, &got),
                 LIBDEFLATE_SUCCESS);
    cr_assert_eq(got, n);
    cr_assert_arr_eq(back, page, n);
    /* Random bytes do not shrink: with a buffer one byte short of the
     * input, nothing is made, and the answer goes out as it is. */
    uint64_t x = 1;
    for (size_t i = 0; i < 4096; i++) {
        x = x * 6364136223846793005u + 1442695040888963407u;
        page[i] = (char)(x >> 56);
    }
    cr_assert_eq(srv_gzip(page, 4096, z, 4095), 0);
    libdeflate_free_decompressor(d);
    free(page);
    free(z);
    free(back);
}

/* The pages' choice as a page sees it (both codings available): the
 * header every current browser sends, brotli refused, gzip alone, and
 * identity. */
Test(server_encoding, a_page_goes_in_brotli_when_accepted)
{
    static const struct {
        const char *accept;
        enum srv_coding want;
    } cases[] = {
        {"gzip, deflate, br", SRV_CODING_BROTLI},
        {"gzip, deflate, br, zstd", SRV_CODING_BROTLI},
        {"br", SRV_CODING_BROTLI},
        {"gzip, deflate, br;q=0", SRV_CODING_GZIP},
        {"br;q=0, gzip", SRV_CODING_GZIP},
        {"gzip", SRV_CODING_GZIP},
        {"gzip, deflate", SRV_CODING_GZIP},
        {"identity", SRV_CODING_IDENTITY},
        {NULL, SRV_CODING_IDENTITY},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        cr_expect_eq(srv_coding_choose(cases[i].accept, ALL), cases[i].want,
                     "\"%s\"",
                     cases[i].accept != NULL ? cases[i].accept : "(none)");
}

/* A file of tests/data/pages, read whole into a new buffer (*n bytes). */
static char *page_file(const char *name, size_t *n)
{
    char path[512];
    (void)snprintf(path, sizeof path, "%s/pages/%s", CLB_TEST_DATA_DIR, name);
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "%s", path);
    char *buf = malloc(CLB_BROTLI_MAX_ANSWER + 1);
    cr_assert_not_null(buf);
    *n = fread(buf, 1, CLB_BROTLI_MAX_ANSWER + 1, f);
    fclose(f);
    cr_assert(*n > 0 && *n <= CLB_BROTLI_MAX_ANSWER, "%s", path);
    return buf;
}

/* z (zn bytes) decompresses with libbrotlidec to exactly in (n bytes). */
static void expect_brotli_of(const char *z, size_t zn, const char *in, size_t n,
                             const char *what)
{
    char *back = malloc(n + 1);
    cr_assert_not_null(back);
    size_t got = n + 1;
    cr_expect_eq(
        BrotliDecoderDecompress(zn, (const uint8_t *)z, &got, (uint8_t *)back),
        BROTLI_DECODER_RESULT_SUCCESS, "%s", what);
    cr_expect_eq(got, n, "%s: %zu bytes back, %zu in", what, got, n);
    cr_expect(got == n && memcmp(back, in, n) == 0, "%s: not the same", what);
    free(back);
}

/* n pseudo-random bytes (the same every run) into p. */
static void random_bytes(char *p, size_t n)
{
    uint64_t x = 7;
    for (size_t i = 0; i < n; i++) {
        x = x * 6364136223846793005u + 1442695040888963407u;
        p[i] = (char)(x >> 56);
    }
}

Test(server_encoding, brotli_reads_back_smaller_than_gzip_and_the_same_twice)
{
    static const char *const pages[] = {"board-mid.html",  "over.html",
                                        "landing.html",    "nojs-word-mid.html",
                                        "daily-over.html", "error-404.html"};
    size_t cap = 64 * 1024;
    char *z = malloc(cap), *again = malloc(cap), *gz = malloc(cap);
    cr_assert(z != NULL && again != NULL && gz != NULL);
    for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
        size_t n;
        char *page = page_file(pages[i], &n);
        size_t zn = srv_brotli(page, n, z, n - 1);
        cr_assert_gt(zn, 0, "%s", pages[i]);
        expect_brotli_of(z, zn, page, n, pages[i]);
        size_t gn = srv_gzip(page, n, gz, cap);
        cr_expect_lt(zn, gn, "%s: brotli %zu, gzip %zu", pages[i], zn, gn);
        /* Another answer between: the same input, the same bytes. */
        (void)srv_brotli(pages[i], strlen(pages[i]), again, cap);
        cr_expect_eq(srv_brotli(page, n, again, cap), zn, "%s", pages[i]);
        cr_expect_arr_eq(again, z, zn, "%s: not deterministic", pages[i]);
        free(page);
    }
    free(z);
    free(again);
    free(gz);
}

Test(server_encoding, brotli_refuses_to_grow_and_to_go_past_its_limits)
{
    size_t n = CLB_BROTLI_MAX_ANSWER;
    char *in = malloc(n + 1), *z = malloc(2 * n);
    cr_assert(in != NULL && z != NULL);
    random_bytes(in, n + 1);
    /* Random bytes do not shrink: one byte short of the input, nothing. */
    cr_expect_eq(srv_brotli(in, 4096, z, 4095), 0);
    /* The largest answer, however it compresses, needs no more than the
     * arena: given room, brotli stores it. */
    size_t zn = srv_brotli(in, n, z, 2 * n);
    cr_assert_gt(zn, 0);
    expect_brotli_of(z, zn, in, n, "64 KB of random bytes");
    /* Over the limit: gzip's to send. */
    cr_expect_eq(srv_brotli(in, n + 1, z, 2 * n), 0);
    free(in);
    free(z);
}

Test(server_encoding, brotli_out_of_memory_gives_nothing_and_no_harm)
{
    size_t n;
    char *page = page_file("over.html", &n);
    char *z = malloc(n), *before = malloc(n);
    cr_assert(z != NULL && before != NULL);
    size_t zn = srv_brotli(page, n, before, n);
    cr_assert_gt(zn, 0);
    /* Each limit stops the encoder at another of its allocations; the
     * arena is dropped whole, and the next answer is as before. */
    static const size_t limits[] = {0, 16, 4096, 100 * 1024, 400 * 1024};
    for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
        cr_expect_eq(srv_brotli_limited(limits[i], page, n, z, n), 0,
                     "limit %zu", limits[i]);
        cr_expect_eq(srv_brotli(page, n, z, n), zn, "after limit %zu",
                     limits[i]);
        cr_expect_arr_eq(z, before, zn, "after limit %zu", limits[i]);
    }
    free(page);
    free(z);
    free(before);
}

Test(server_encoding, the_kept_brotli_copy_is_the_best_and_follows_changes)
{
    size_t n;
    char *landing = page_file("landing.html", &n);
    size_t cap = CLB_MAX_KEPT_ANSWER;
    char *fresh = malloc(cap), *kept = malloc(cap), *again = malloc(cap);
    cr_assert(fresh != NULL && kept != NULL && again != NULL);
    size_t fn = srv_brotli(landing, n, fresh, cap);
    size_t kn = srv_brotli_kept(landing, n, kept, cap);
    cr_assert_gt(kn, 0);
    expect_brotli_of(kept, kn, landing, n, "kept landing");
    cr_expect_lt(kn, fn, "quality 11 %zu, quality 5 %zu", kn, fn);
    /* The gzip copy beside it does not replace it. */
    cr_assert_gt(srv_gzip_kept(landing, n, again, cap), 0);
    cr_expect_eq(srv_brotli_kept(landing, n, again, cap), kn);
    cr_expect_arr_eq(again, kept, kn);
    /* Other bytes, another copy; the largest kept answer fits the arena at
     * quality 11 (smaller than quality 5's, so not its fallback). */
    size_t big_n;
    char *big = page_file("over.html", &big_n);
    big_n = CLB_MAX_KEPT_ANSWER;
    size_t bn = srv_brotli_kept(big, big_n, again, cap);
    cr_assert_gt(bn, 0);
    expect_brotli_of(again, bn, big, big_n, "8 KB kept");
    cr_expect_lt(bn, srv_brotli(big, big_n, fresh, cap));
    /* Too small a room: nothing, and the copy is still kept. */
    cr_expect_eq(srv_brotli_kept(landing, n, again, kn - 1), 0);
    cr_expect_eq(srv_brotli_kept(landing, n, again, cap), kn);
    cr_expect_arr_eq(again, kept, kn);
    free(landing);
    free(big);
    free(fresh);
    free(kept);
    free(again);
}
