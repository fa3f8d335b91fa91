/* tests/server/test_encoding.c - which coding an answer goes out in
 * (Accept-Encoding read as RFC 9110 12.5.3 has it, every edge case DESIGN.md
 * decides), and gzip on the fly read back with libdeflate's decompressor. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>

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
