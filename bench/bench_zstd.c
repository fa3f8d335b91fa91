/* bench/bench_zstd.c - compression on the fly, side by side in one run:
 * the server's gzip writer (server/deflate.c, the baseline), libdeflate's
 * fastest level, and libzstd at levels 1 and -1 to -5 (one context,
 * reused, as a server thread keeps one), on the files given (the
 * server's own answers: tests/data/pages).
 *
 *   bench_zstd FILE...          bytes of each coding, CPU nanoseconds a
 *                               byte (medians of interleaved rounds), and
 *                               both as ratios against the gzip writer
 *   bench_zstd --count FILE...  run under callgrind by bench/zstd_callgrind.sh:
 *                               compresses each file once a coding between
 *                               a zeroing of the counters and a dump named
 *                               "CODING FILE", so each dump is the
 *                               instructions of one answer; prints
 *                               "CODING FILE BYTES COMPRESSED" for each
 *   --dict                      adds zstd level 1 and -1 with a dictionary
 *                               trained (ZDICT_trainFromBuffer, which is
 *                               deterministic) from the files given other
 *                               than board-late.html, the benchmarks' own
 *                               position: what a shared dictionary would
 *                               give. Browsers cannot use one with
 *                               Content-Encoding: zstd (bench/README.md).
 *
 * Every compressed answer is read back (libdeflate's inflater, libzstd's
 * decompressor) and compared with the file before anything is printed.
 * Never run by CTest: timings are not pass/fail.
 */
/* SPDX-License-Identifier: MIT */
#include <libdeflate.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/callgrind.h>
#include <zdict.h>
#include <zstd.h>

#include "bench_util.h"
#include "deflate.h"

#define MAX_FILE (4u << 20)
#define MAX_FILES 256
#define MAX_CODINGS 12
#define ROUNDS 7
#define ROUND_NS 1e7 /* CPU time a coding gets a round, a file */
#define DICT_BYTES 16384

enum kind { OURS, LIBDEFLATE, ZSTD, ZSTD_DICT };

struct coding {
    const char *name;
    enum kind kind;
    int level;
};

static struct coding codings[MAX_CODINGS] = {
    {"gzip-ours", OURS, 0}, {"libdeflate-1", LIBDEFLATE, 1},
    {"zstd-1", ZSTD, 1},    {"zstd--1", ZSTD, -1},
    {"zstd--2", ZSTD, -2},  {"zstd--3", ZSTD, -3},
    {"zstd--5", ZSTD, -5},
};
static int n_codings = 7;

static struct srv_deflate *ours;
static struct libdeflate_compressor *libdeflate;
static ZSTD_CCtx *cctx;
static ZSTD_CDict *cdicts[2]; /* levels 1 and -1 */
static ZSTD_DDict *ddict;

static size_t compress(const struct coding *c, const void *in, size_t n,
                       void *out, size_t cap)
{
    switch (c->kind) {
    case OURS: return srv_deflate_gzip(ours, in, n, out, cap);
    case LIBDEFLATE:
        return libdeflate_gzip_compress(libdeflate, in, n, out, cap);
    case ZSTD: {
        size_t r = ZSTD_compressCCtx(cctx, out, cap, in, n, c->level);
        return ZSTD_isError(r) ? 0 : r;
    }
    case ZSTD_DICT: {
        size_t r = ZSTD_compress_usingCDict(cctx, out, cap, in, n,
                                            cdicts[c->level == 1 ? 0 : 1]);
        return ZSTD_isError(r) ? 0 : r;
    }
    }
    return 0;
}

static bool reads_back(const struct coding *c, const unsigned char *in,
                       size_t n, const unsigned char *z, size_t zn)
{
    static unsigned char back[MAX_FILE];
    size_t got = 0;
    if (c->kind == OURS || c->kind == LIBDEFLATE) {
        struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
        bool ok =
            d != NULL && libdeflate_gzip_decompress(d, z, zn, back, sizeof back,
                                                    &got) == LIBDEFLATE_SUCCESS;
        libdeflate_free_decompressor(d);
        if (!ok)
            return false;
    } else {
        ZSTD_DCtx *d = ZSTD_createDCtx();
        got =
            c->kind == ZSTD_DICT
                ? ZSTD_decompress_usingDDict(d, back, sizeof back, z, zn, ddict)
                : ZSTD_decompressDCtx(d, back, sizeof back, z, zn);
        ZSTD_freeDCtx(d);
        if (ZSTD_isError(got))
            return false;
    }
    return got == n && memcmp(back, in, n) == 0;
}

struct file {
    const char *name;
    unsigned char *data;
    size_t n;
};

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s != NULL ? s + 1 : path;
}

/* A dictionary trained from every file but board-late.html. */
static void make_dict(const struct file *f, int nf)
{
    size_t total = 0;
    for (int i = 0; i < nf; i++)
        total += f[i].n;
    unsigned char *samples = malloc(total);
    size_t sizes[MAX_FILES];
    unsigned ns = 0;
    size_t at = 0;
    for (int i = 0; i < nf; i++) {
        if (strcmp(f[i].name, "board-late.html") == 0)
            continue;
        memcpy(samples + at, f[i].data, f[i].n);
        at += f[i].n;
        sizes[ns++] = f[i].n;
    }
    static unsigned char dict[DICT_BYTES];
    size_t dn = ZDICT_trainFromBuffer(dict, sizeof dict, samples, sizes, ns);
    free(samples);
    if (ZDICT_isError(dn)) {
        fprintf(stderr, "bench_zstd: no dictionary: %s\n",
                ZDICT_getErrorName(dn));
        return;
    }
    cdicts[0] = ZSTD_createCDict(dict, dn, 1);
    cdicts[1] = ZSTD_createCDict(dict, dn, -1);
    ddict = ZSTD_createDDict(dict, dn);
    codings[n_codings++] = (struct coding){"zstd-1+dict", ZSTD_DICT, 1};
    codings[n_codings++] = (struct coding){"zstd--1+dict", ZSTD_DICT, -1};
    printf("dictionary: %zu bytes, trained from %u files\n", dn, ns);
}

/* Under callgrind: one dump per coding and file, each one compression
 * after a warm-up of the same. */
static void count(const struct file *f, int nf, unsigned char *out, size_t cap)
{
    for (int c = 0; c < n_codings; c++)
        for (int i = 0; i < nf; i++) {
            (void)compress(&codings[c], f[i].data, f[i].n, out, cap);
            char name[256];
            (void)snprintf(name, sizeof name, "%s %s", codings[c].name,
                           f[i].name);
            CALLGRIND_ZERO_STATS;
            size_t zn = compress(&codings[c], f[i].data, f[i].n, out, cap);
            CALLGRIND_DUMP_STATS_AT(name);
            printf("%s %zu %zu\n", name, f[i].n, zn);
        }
}

static double ns_a_byte(const struct coding *c, const struct file *f,
                        unsigned char *out, size_t cap)
{
    unsigned reps = 0;
    double t0 = bench_cpu_ns();
    do {
        (void)compress(c, f->data, f->n, out, cap);
        reps++;
    } while (bench_cpu_ns() - t0 < ROUND_NS);
    return (bench_cpu_ns() - t0) / ((double)reps * (double)f->n);
}

static void time_all(const struct file *f, int nf, unsigned char *out,
                     size_t cap)
{
    static size_t size[MAX_FILES][MAX_CODINGS];
    static double ns[MAX_FILES][MAX_CODINGS];
    for (int i = 0; i < nf; i++) {
        double t[MAX_CODINGS][ROUNDS];
        for (int c = 0; c < n_codings; c++)
            size[i][c] = compress(&codings[c], f[i].data, f[i].n, out, cap);
        /* Interleaved rounds, medians: see bench_util.h. */
        for (int r = 0; r < ROUNDS; r++)
            for (int c = 0; c < n_codings; c++)
                t[c][r] = ns_a_byte(&codings[c], &f[i], out, cap);
        for (int c = 0; c < n_codings; c++)
            ns[i][c] = bench_median(t[c], ROUNDS);
    }
    printf("%-24s %7s", "file", "bytes");
    for (int c = 0; c < n_codings; c++)
        printf(" %13s", codings[c].name);
    printf("\n");
    double tot_in = 0, tot_size[MAX_CODINGS] = {0}, tot_ns[MAX_CODINGS] = {0};
    for (int i = 0; i < nf; i++) {
        printf("%-24s %7zu", f[i].name, f[i].n);
        for (int c = 0; c < n_codings; c++)
            printf(" %6zu %6.2f", size[i][c], ns[i][c]);
        printf("\n");
        tot_in += (double)f[i].n;
        for (int c = 0; c < n_codings; c++) {
            tot_size[c] += (double)size[i][c];
            tot_ns[c] += ns[i][c] * (double)f[i].n;
        }
    }
    printf("\nall %d files, %.0f bytes: against gzip-ours (size, CPU time)\n",
           nf, tot_in);
    for (int c = 0; c < n_codings; c++)
        printf("  %-14s %8.0f bytes %6.3f   %6.2f ns/B %6.3f\n",
               codings[c].name, tot_size[c], tot_size[c] / tot_size[0],
               tot_ns[c] / tot_in, tot_ns[c] / tot_ns[0]);
    printf("(each file: compressed bytes, CPU ns a byte; medians of %d "
           "interleaved rounds of %.0f ms a coding)\n",
           ROUNDS, ROUND_NS / 1e6);
}

int main(int argc, char **argv)
{
    bool counting = false, dict = false;
    int a = 1;
    for (; a < argc && argv[a][0] == '-' && argv[a][1] == '-'; a++) {
        if (strcmp(argv[a], "--count") == 0)
            counting = true;
        else if (strcmp(argv[a], "--dict") == 0)
            dict = true;
        else
            break;
    }
    if (a >= argc || argc - a > MAX_FILES) {
        fprintf(stderr, "usage: bench_zstd [--count] [--dict] FILE...\n");
        return 2;
    }
    static struct file files[MAX_FILES];
    int nf = 0;
    size_t biggest = 0;
    for (; a < argc; a++, nf++) {
        files[nf].data =
            (unsigned char *)bench_slurp("bench_zstd", argv[a], &files[nf].n);
        files[nf].name = base_name(argv[a]);
        if (files[nf].n > MAX_FILE || files[nf].n == 0) {
            fprintf(stderr, "bench_zstd: %s is empty or over %u bytes\n",
                    argv[a], MAX_FILE);
            return 1;
        }
        if (files[nf].n > biggest)
            biggest = files[nf].n;
    }
    ours = srv_deflate_new();
    libdeflate = libdeflate_alloc_compressor(1);
    cctx = ZSTD_createCCtx();
    if (ours == NULL || libdeflate == NULL || cctx == NULL)
        return 1;
    if (dict)
        make_dict(files, nf);
    size_t cap = srv_deflate_gzip_bound(biggest) + ZSTD_compressBound(biggest);
    unsigned char *out = malloc(cap);
    for (int i = 0; i < nf; i++)
        for (int c = 0; c < n_codings; c++) {
            size_t zn =
                compress(&codings[c], files[i].data, files[i].n, out, cap);
            if (zn == 0 ||
                !reads_back(&codings[c], files[i].data, files[i].n, out, zn)) {
                fprintf(stderr, "bench_zstd: %s of %s does not read back\n",
                        codings[c].name, files[i].name);
                return 1;
            }
        }
    if (counting)
        count(files, nf, out, cap);
    else
        time_all(files, nf, out, cap);
    free(out);
    for (int i = 0; i < nf; i++)
        free(files[i].data);
    srv_deflate_free(ours);
    libdeflate_free_compressor(libdeflate);
    ZSTD_freeCCtx(cctx);
    ZSTD_freeCDict(cdicts[0]);
    ZSTD_freeCDict(cdicts[1]);
    ZSTD_freeDDict(ddict);
    return 0;
}
