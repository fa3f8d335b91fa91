/* tests/server/test_deflate_weights.c - the gzip writer's code weights
 * (server/deflate_weights.h) still fit the server's answers: the weights
 * are made again here as bench/bench_deflate --weights makes them (the
 * writer's own parse of every reference answer in tests/data/pages but
 * board-late.html, bench/README.md), and the reference answers compressed
 * with the committed weights may come out at most 3% larger than with the
 * remade ones. When the pages change enough to fail it, remake the header
 * with the command in bench/README.md. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../server/deflate.h"

/* How much larger the committed weights may make the answers. */
#define WEIGHTS_DRIFT_MAX 0.03

/* The reference answers: tests/data/pages' *.html and *.json. */
#define PAGES_MAX 128

struct page {
    char name[64];
    unsigned char *bytes;
    size_t len;
};

static bool is_answer(const char *name)
{
    size_t n = strlen(name);
    return (n > 5 && strcmp(name + n - 5, ".html") == 0) ||
           (n > 5 && strcmp(name + n - 5, ".json") == 0);
}

static unsigned char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot open %s", path);
    cr_assert_eq(fseek(f, 0, SEEK_END), 0);
    long size = ftell(f);
    cr_assert_geq(size, 0);
    rewind(f);
    unsigned char *buf = malloc((size_t)size + 1);
    cr_assert_not_null(buf);
    cr_assert_eq(fread(buf, 1, (size_t)size, f), (size_t)size);
    fclose(f);
    *len = (size_t)size;
    return buf;
}

static size_t pages_read(struct page *pages)
{
    const char *dir = CLB_TEST_DATA_DIR "/pages";
    DIR *d = opendir(dir);
    cr_assert_not_null(d, "cannot list %s", dir);
    size_t n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (!is_answer(e->d_name))
            continue;
        cr_assert_lt(n, PAGES_MAX);
        cr_assert_lt(strlen(e->d_name), sizeof pages[n].name);
        strcpy(pages[n].name, e->d_name);
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        pages[n].bytes = read_file(path, &pages[n].len);
        n++;
    }
    closedir(d);
    cr_assert_gt(n, 20, "too few reference answers in %s", dir);
    return n;
}

/* The answers' gzip bytes, all together, with compressor z. */
static size_t gzip_total(struct srv_deflate *z, const struct page *pages,
                         size_t n)
{
    size_t total = 0;
    for (size_t i = 0; i < n; i++) {
        size_t cap = srv_deflate_gzip_bound(pages[i].len);
        unsigned char *out = malloc(cap);
        cr_assert_not_null(out);
        size_t len =
            srv_deflate_gzip(z, pages[i].bytes, pages[i].len, out, cap);
        cr_assert_gt(len, 0, "%s", pages[i].name);
        total += len;
        free(out);
    }
    return total;
}

Test(server_deflate_weights,
     the_committed_weights_are_within_3_percent_of_remade)
{
    static struct page pages[PAGES_MAX];
    size_t n = pages_read(pages);

    /* Remade as bench/README.md says: every answer but the benchmarks' own
     * position, so that the codes are not tuned to the page measured. */
    uint32_t litlen[286] = {0}, dist[30] = {0};
    struct srv_deflate *counter = srv_deflate_new();
    cr_assert_not_null(counter);
    for (size_t i = 0; i < n; i++)
        if (strcmp(pages[i].name, "board-late.html") != 0)
            srv_deflate_count(counter, pages[i].bytes, pages[i].len, litlen,
                              dist);
    srv_deflate_free(counter);

    struct srv_deflate *committed = srv_deflate_new();
    struct srv_deflate *remade = srv_deflate_new_weighted(litlen, dist);
    cr_assert(committed != NULL && remade != NULL);
    size_t raw = 0;
    for (size_t i = 0; i < n; i++)
        raw += pages[i].len;
    size_t with_committed = gzip_total(committed, pages, n);
    size_t with_remade = gzip_total(remade, pages, n);
    srv_deflate_free(committed);
    srv_deflate_free(remade);
    for (size_t i = 0; i < n; i++)
        free(pages[i].bytes);

    double drift = (double)with_committed / (double)with_remade - 1.0;
    cr_log_info("%zu answers, %zu bytes: %zu gzip bytes with the committed "
                "weights, %zu with remade ones (%+.2f%%)",
                n, raw, with_committed, with_remade, drift * 100.0);
    cr_assert_leq(drift, WEIGHTS_DRIFT_MAX,
                  "the reference answers compress %.2f%% larger with "
                  "server/deflate_weights.h than with weights remade from "
                  "them (at most %.0f%%): remake it with bench/bench_deflate "
                  "--weights (bench/README.md)",
                  drift * 100.0, WEIGHTS_DRIFT_MAX * 100.0);
}

/* The check can fail: weights of one symbol alone make every other code
 * long, and the answers then come out far more than 3% larger. */
Test(server_deflate_weights, weights_far_from_the_answers_are_caught)
{
    static struct page pages[PAGES_MAX];
    size_t n = pages_read(pages);
    uint32_t litlen[286] = {0}, dist[30] = {0};
    litlen[0] = 1000000;
    struct srv_deflate *skewed = srv_deflate_new_weighted(litlen, dist);
    struct srv_deflate *committed = srv_deflate_new();
    cr_assert(skewed != NULL && committed != NULL);
    size_t with_skewed = gzip_total(skewed, pages, n);
    size_t with_committed = gzip_total(committed, pages, n);
    srv_deflate_free(skewed);
    srv_deflate_free(committed);
    for (size_t i = 0; i < n; i++)
        free(pages[i].bytes);
    cr_assert_gt((double)with_skewed / (double)with_committed - 1.0,
                 WEIGHTS_DRIFT_MAX);
}
