/* bench/bench_util.c - the helpers every benchmark shares (bench_util.h). */
/* SPDX-License-Identifier: MIT */
#include "bench_util.h"

#include <string.h>

#include "../core/history.h"
#include "../core/movegen.h"
#include "../core/tiles.h"
#include "../dict/dict.h"
#include "../server/http.h"

#include <stdio.h>
#include <stdlib.h>

#include "../core/limits.h"

double bench_ns(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

double bench_wall_ns(void)
{
    return bench_ns(CLOCK_MONOTONIC);
}

double bench_cpu_ns(void)
{
    return bench_ns(CLOCK_THREAD_CPUTIME_ID);
}

int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_quantile(double *v, int n, double q)
{
    qsort(v, (size_t)n, sizeof *v, bench_cmp_double);
    int i = (int)(q * (n - 1) + 0.5);
    return v[i < 0 ? 0 : i >= n ? n - 1 : i];
}

double bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, bench_cmp_double);
    return v[n / 2];
}

char *bench_slurp(const char *prog, const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "%s: ", prog);
        perror(path);
        exit(1);
    }
    char *buf = NULL;
    size_t got = 0;
    long size = -1;
    if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 &&
        fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)size + 1)) != NULL)
        got = fread(buf, 1, (size_t)size, f);
    fclose(f);
    if (buf == NULL || got != (size_t)size) {
        fprintf(stderr, "%s: cannot read %s\n", prog, path);
        exit(1);
    }
    buf[got] = '\0';
    *len = got;
    return buf;
}

const char *bench_read_link(const char *prog, const char *path, size_t *len)
{
    static char buf[CLB_MAX_ENCODED_STATE + 2];
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "%s: ", prog);
        perror(path);
        exit(1);
    }
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
        n--;
    buf[n] = '\0';
    *len = n;
    return buf;
}

void bench_die(const char *prog, const char *what, const struct clb_error *err)
{
    fprintf(stderr, "%s: %s: %s (%s)\n", prog, what, clb_err_str(err->code),
            err->detail);
    exit(1);
}

struct dict *bench_context(const char *prog, const char *path,
                           struct srv_context *ctx)
{
    struct dict *d = NULL;
    struct clb_error err;
    if (dict_load(path, &d, &err) != CLB_ERR_OK)
        bench_die(prog, path, &err);
    ctx->lexicons[0] = d;
    strcpy(ctx->lexicon_names[0],
           dict_fingerprint(d) == CORE_LEXICON_BUILTIN_FINGERPRINT
               ? CORE_LEXICON_BUILTIN_NAME
               : "default");
    ctx->nlexicons = 1;
    return d;
}

void bench_greedy_move(const struct core_game *g, const struct core_kwg *graph,
                       struct core_move *m)
{
    memset(m, 0, sizeof *m);
    const struct core_rack *r = &g->hands[g->turn];
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g->board, graph);
    struct core_play best;
    if (core_movegen_best(&mg, r, &best)) {
        core_play_to_move(&best, (const char(*)[CLB_BOARD_SIZE])g->board, m);
    } else if (core_bag_count(g) >= CLB_EXCHANGE_MIN_BAG) {
        m->type = CORE_MOVE_EXCHANGE;
        m->ntiles = r->count;
        memcpy(m->exchange, r->tiles, (size_t)r->count);
    } else {
        m->type = CORE_MOVE_PASS;
    }
}
