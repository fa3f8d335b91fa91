/* tests/fuzz/fuzz_deflate.c - the server's gzip writer (server/deflate.c):
 * whatever the input, what it writes reads back through libdeflate's
 * decompressor as that input, within srv_deflate_gzip_bound, and with a
 * room of fewer bytes (the first input byte picks how many) it either
 * fits or writes nothing: ASan sees any write past the room. One
 * compressor is kept across inputs, as a server thread keeps its own.
 */
/* SPDX-License-Identifier: MIT */
#include <libdeflate.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "deflate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct srv_deflate *z;
    static struct libdeflate_decompressor *d;
    if (z == NULL)
        z = srv_deflate_new();
    if (d == NULL)
        d = libdeflate_alloc_decompressor();
    if (z == NULL || d == NULL)
        abort();
    size_t cap = srv_deflate_gzip_bound(size);
    uint8_t *gz = malloc(cap), *back = malloc(size + 1);
    if (gz == NULL || back == NULL)
        abort();
    size_t n = srv_deflate_gzip(z, data, size, gz, cap);
    size_t got = 0;
    if (n == 0 || n > cap ||
        libdeflate_gzip_decompress(d, gz, n, back, size + 1, &got) !=
            LIBDEFLATE_SUCCESS ||
        got != size || (size > 0 && memcmp(back, data, size) != 0))
        abort();
    size_t room = size > 0 ? (size_t)data[0] * size / 256 : 0;
    uint8_t *small = malloc(room + 1);
    if (small == NULL)
        abort();
    size_t m = srv_deflate_gzip(z, data, size, small, room);
    if (m != 0 && (m != n || memcmp(small, gz, n) != 0))
        abort(); /* the same bytes when it fits at all */
    free(small);
    free(gz);
    free(back);
    return 0;
}
