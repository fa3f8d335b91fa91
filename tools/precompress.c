/* tools/precompress.c - collabble-precompress: the build-time step that
 * makes the compressed copies of every static file the server embeds.
 *
 *   collabble-precompress IN OUT_PREFIX   writes OUT_PREFIX.gz and .br
 *
 * gzip with libdeflate at its highest level (12) and brotli at quality 11:
 * the slowest and smallest settings both libraries have, since this runs
 * once a build and the server then sends the bytes as they are, to every
 * client that accepts them (server/static_assets.h). Both outputs are the
 * same bytes on every run (libdeflate writes no time stamp). The
 * generator (server/static_assets.cmake) embeds a copy only where it is
 * smaller than the file. Exit 0, or 1 when a file cannot be read or
 * written, 2 on misuse.
 */
/* SPDX-License-Identifier: MIT */
#include <brotli/encode.h>
#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The largest static file there is reason to embed (the script and the
 * stylesheet are tens of KB). */
#define PRECOMPRESS_MAX_BYTES (8u * 1024 * 1024)
#define PRECOMPRESS_GZIP_LEVEL 12
#define PRECOMPRESS_BROTLI_QUALITY 11

static int usage(FILE *out, int status)
{
    fprintf(out, "Usage: collabble-precompress IN OUT_PREFIX\n"
                 "Writes OUT_PREFIX.gz (gzip, libdeflate level 12) and "
                 "OUT_PREFIX.br (brotli, quality 11) of the file IN.\n");
    return status;
}

static int fail(const char *what, const char *path)
{
    fprintf(stderr, "collabble-precompress: %s: %s\n", what, path);
    return 1;
}

static int write_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL)
        return fail("cannot write", path);
    int bad = fwrite(data, 1, len, f) != len;
    bad |= fclose(f) != 0;
    return bad ? fail("cannot write", path) : 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--help") == 0)
        return usage(stdout, 0);
    if (argc != 3) {
        fprintf(stderr, "collabble-precompress: expected IN and OUT_PREFIX\n");
        return usage(stderr, 2);
    }
    FILE *f = fopen(argv[1], "rb");
    if (f == NULL)
        return fail("cannot read", argv[1]);
    unsigned char *in = malloc(PRECOMPRESS_MAX_BYTES + 1);
    size_t n = in != NULL ? fread(in, 1, PRECOMPRESS_MAX_BYTES + 1, f) : 0;
    int read_bad = in == NULL || ferror(f) || n > PRECOMPRESS_MAX_BYTES;
    fclose(f);
    if (read_bad) {
        free(in);
        return fail("cannot read (or over 8 MiB)", argv[1]);
    }

    size_t prefix = strlen(argv[2]);
    char *path = malloc(prefix + 4);
    struct libdeflate_compressor *c =
        libdeflate_alloc_compressor(PRECOMPRESS_GZIP_LEVEL);
    size_t gz_cap = c != NULL ? libdeflate_gzip_compress_bound(c, n) : 0;
    size_t br_cap = BrotliEncoderMaxCompressedSize(n);
    if (br_cap == 0)
        br_cap = n + 1024; /* only 0 for inputs too large to bound */
    unsigned char *gz = malloc(gz_cap + 1), *br = malloc(br_cap);
    int rc = 1;
    if (path == NULL || c == NULL || gz == NULL || br == NULL) {
        fprintf(stderr, "collabble-precompress: out of memory\n");
        goto done;
    }
    size_t gz_len = libdeflate_gzip_compress(c, in, n, gz, gz_cap);
    size_t br_len = br_cap;
    if (gz_len == 0 || !BrotliEncoderCompress(
                           PRECOMPRESS_BROTLI_QUALITY, BROTLI_DEFAULT_WINDOW,
                           BROTLI_MODE_GENERIC, n, in, &br_len, br)) {
        fprintf(stderr, "collabble-precompress: cannot compress %s\n", argv[1]);
        goto done;
    }
    memcpy(path, argv[2], prefix);
    memcpy(path + prefix, ".gz", 4);
    rc = write_file(path, gz, gz_len);
    memcpy(path + prefix, ".br", 4);
    rc |= write_file(path, br, br_len);
done:
    libdeflate_free_compressor(c);
    free(path);
    free(gz);
    free(br);
    free(in);
    return rc;
}
