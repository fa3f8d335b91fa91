/* tests/server/test_deflate.c - the server's gzip writer (server/deflate.c):
 * what it writes reads back, byte for byte, through libdeflate's decompressor
 * (an inflater written apart from it), at the edges of the format (empty
 * input, the shortest and longest matches, the window's far end, bytes the
 * server's codes leave out), the edges of its room, and its tables' reuse.
 */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <libdeflate.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deflate.h"
#include "test_support.h"

/* Compresses in[0..n) with z into a buffer of exactly its bound (ASan sees
 * any write past it), reads it back and compares; returns the gzip size. */
static size_t round_trip(struct srv_deflate *z, const void *in, size_t n)
{
    size_t cap = srv_deflate_gzip_bound(n);
    unsigned char *gz = malloc(cap), *back = malloc(n + 1);
    cr_assert(gz != NULL && back != NULL);
    size_t zn = srv_deflate_gzip(z, in, n, gz, cap);
    cr_assert_gt(zn, 0, "%zu bytes: nothing written within the bound %zu", n,
                 cap);
    cr_assert_leq(zn, cap);
    struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
    size_t got = 0;
    enum libdeflate_result r =
        libdeflate_gzip_decompress(d, gz, zn, back, n + 1, &got);
    cr_assert_eq(r, LIBDEFLATE_SUCCESS,
                 "%zu bytes: the gzip does not read back (%d)", n, (int)r);
    cr_assert_eq(got, n);
    cr_assert(n == 0 || memcmp(back, in, n) == 0, "%zu bytes read back differ",
              n);
    libdeflate_free_decompressor(d);
    free(gz);
    free(back);
    return zn;
}

static uint64_t next_random(uint64_t *x)
{
    *x = *x * 6364136223846793005u + 1442695040888963407u;
    return *x >> 33;
}

Test(server_deflate, the_shortest_inputs)
{
    struct srv_deflate *z = srv_deflate_new();
    cr_assert_not_null(z);
    const char *s = "<<<<<<<<<<<";
    for (size_t n = 0; n <= 10; n++) /* below, at and past the 4-byte hash */
        round_trip(z, s, n);
    round_trip(z, "abcabcabc", 9); /* a 6-byte match 3 back */
    srv_deflate_free(z);
}

Test(server_deflate, every_byte_value_uses_the_complete_codes)
{
    /* 0x00 and 0x80-0xff have no code among the server's own: the answer
     * is written again with the complete codes, and still reads back. */
    struct srv_deflate *z = srv_deflate_new();
    unsigned char all[512];
    for (int i = 0; i < 512; i++)
        all[i] = (unsigned char)(i * 7);
    round_trip(z, all, sizeof all);
    const char *page =
        "<p>Caf\xc3\xa9 \xe2\x9c\xa6 \x01 ok</p><p>Caf\xc3\xa9</p>";
    round_trip(z, page, strlen(page));
    srv_deflate_free(z);
}

Test(server_deflate, runs_and_the_longest_matches)
{
    struct srv_deflate *z = srv_deflate_new();
    size_t n = 100000;
    char *run = malloc(n);
    memset(run, 'a', n); /* matches of 258, one byte back */
    size_t zn = round_trip(z, run, n);
    /* 387 matches of at most 28 bits, with the header: well under 2 KB. */
    cr_assert_lt(zn, 2000, "a run of %zu bytes took %zu", n, zn);
    for (size_t len = 250; len < 270; len++) /* a run ending at each length */
        round_trip(z, run, len);
    free(run);
    srv_deflate_free(z);
}

Test(server_deflate, matches_at_the_window_edge)
{
    /* A block of random bytes repeated 32,768 bytes later (the farthest a
     * match may reach) and again 32,769 later (just too far). */
    struct srv_deflate *z = srv_deflate_new();
    for (size_t gap = 32760; gap <= 32770; gap++) {
        size_t n = gap + 600;
        unsigned char *buf = malloc(n);
        uint64_t x = gap;
        for (size_t i = 0; i < n; i++)
            buf[i] = (unsigned char)('a' + next_random(&x) % 26);
        memcpy(buf + gap, buf, 600);
        round_trip(z, buf, n);
        free(buf);
    }
    srv_deflate_free(z);
}

Test(server_deflate, random_bytes_and_too_little_room)
{
    struct srv_deflate *z = srv_deflate_new();
    uint64_t x = 7;
    size_t n = 70000;
    unsigned char *buf = malloc(n);
    for (size_t i = 0; i < n; i++)
        buf[i] = (unsigned char)next_random(&x);
    round_trip(z, buf, n); /* within the bound, however badly it codes */
    /* Room for fewer bytes than the input: nothing is made (the server
     * then sends the answer as it is); ASan sees any write past the room. */
    for (size_t cap = 0; cap < 600; cap += 37) {
        unsigned char *small = malloc(cap + 1);
        cr_assert_eq(srv_deflate_gzip(z, buf, 500, small, cap), 0, "cap %zu",
                     cap);
        free(small);
    }
    unsigned char *out = malloc(n - 1);
    cr_assert_eq(srv_deflate_gzip(z, buf, n, out, n - 1), 0);
    free(out);
    free(buf);
    srv_deflate_free(z);
}

Test(server_deflate, the_room_it_needs_is_what_it_writes_and_16_bytes)
{
    struct srv_deflate *z = srv_deflate_new();
    const char *s =
        "<button class=tw>TW</button><button></button><button></button>"
        "<button class=dl>DL</button><button></button><button></button>";
    size_t n = strlen(s), cap = srv_deflate_gzip_bound(n);
    unsigned char *gz = malloc(cap);
    size_t zn = srv_deflate_gzip(z, s, n, gz, cap);
    cr_assert_gt(zn, 0);
    unsigned char *exact = malloc(zn + 16);
    cr_assert_eq(srv_deflate_gzip(z, s, n, exact, zn + 16), zn);
    cr_assert_arr_eq(exact, gz, zn);
    free(exact);
    free(gz);
    srv_deflate_free(z);
}

Test(server_deflate, the_same_input_gives_the_same_bytes)
{
    /* Whatever the compressor wrote before, and across the wrap of the
     * positions' base (each empty answer moves it on by a window). */
    size_t n;
    char *page = ts_read_file(CLB_TEST_DATA_DIR "/pages/board-mid.html", &n);
    struct srv_deflate *fresh = srv_deflate_new(), *used = srv_deflate_new();
    size_t cap = srv_deflate_gzip_bound(n);
    unsigned char *a = malloc(cap), *b = malloc(cap), *c = malloc(cap);
    size_t an = srv_deflate_gzip(fresh, page, n, a, cap);
    cr_assert_gt(an, 0);
    for (int i = 0; i < 140000; i++) /* 140,000 x 32,769 > 2^32 */
        cr_assert_gt(srv_deflate_gzip(used, "", 0, c, cap), 0);
    size_t bn = srv_deflate_gzip(used, page, n / 2, b, cap);
    cr_assert_gt(bn, 0);
    bn = srv_deflate_gzip(used, page, n, b, cap);
    cr_assert_eq(bn, an);
    cr_assert_arr_eq(a, b, an);
    free(a);
    free(b);
    free(c);
    free(page);
    srv_deflate_free(fresh);
    srv_deflate_free(used);
}

Test(server_deflate, every_reference_answer_reads_back_smaller)
{
    /* The server's own pages and API answers (tests/data/pages): each reads
     * back, at most half its size (the board pages about a quarter; the
     * codes' header weighs most in the shortest). */
    static const char *names[] = {
        "board-late.html",       "board-mid.html", "review-mid.html",
        "landing.html",          "over.html",      "goals-mid.html",
        "nojs-refused-mid.html", "api-move.json",  "api-plays.json",
        "api-review.json",       "api-games.json"};
    struct srv_deflate *z = srv_deflate_new();
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/pages/%s", CLB_TEST_DATA_DIR, names[i]);
        size_t n;
        char *page = ts_read_file(path, &n);
        size_t zn = round_trip(z, page, n);
        cr_expect_lt(zn * 2, n, "%s: %zu bytes to %zu", names[i], n, zn);
        free(page);
    }
    srv_deflate_free(z);
}
