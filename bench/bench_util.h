/* bench/bench_util.h - what every benchmark program shares: its clocks,
 * medians and quantiles, reading its input files, a server context with
 * one word list, and one way to stop on an error.
 *
 * For the programs of bench/ only: these helpers print and exit on
 * failure, which no library code of Collabble ever does.
 */
/* SPDX-License-Identifier: MIT */
#ifndef BENCH_UTIL_H
#define BENCH_UTIL_H

#include <stddef.h>
#include <time.h>

#include "../core/error.h"

/* Nanoseconds on `clock` (CLOCK_MONOTONIC for wall time,
 * CLOCK_THREAD_CPUTIME_ID for the thread's CPU time, so other processes'
 * run time on a shared machine does not count). */
double bench_ns(clockid_t clock);
double bench_wall_ns(void);
double bench_cpu_ns(void);

/* qsort comparator of doubles, ascending. */
int bench_cmp_double(const void *a, const void *b);

/* The q-quantile (0..1) of v[0..n-1], n >= 1, nearest rank; sorts v. */
double bench_quantile(double *v, int n, double q);

/* The median of v[0..n-1] (v[n / 2] once sorted); sorts v. */
double bench_median(double *v, int n);

/* The whole file at `path`, NUL-terminated, in a new allocation the
 * caller frees; its length in *len. Exits naming `prog` if it cannot. */
char *bench_slurp(const char *prog, const char *path, size_t *len);

/* The link stored in the file at `path` (one line; the line end dropped),
 * in a static buffer: valid until the next call. Exits if unreadable. */
const char *bench_read_link(const char *prog, const char *path, size_t *len);

struct srv_context;
struct dict;
struct core_game;
struct core_kwg;
struct core_move;

/* The move of a greedy team into *m: the best play, else an exchange of
 * the whole rack while the bag allows one, else a pass. */
void bench_greedy_move(const struct core_game *g, const struct core_kwg *graph,
                       struct core_move *m);

/* Loads the word list at `path` as the one lexicon of *ctx, named as a
 * link names it (the built-in SOWPODS by its name, any other "default"),
 * and returns it; exits naming `prog` if it cannot. */
struct dict *bench_context(const char *prog, const char *path,
                           struct srv_context *ctx);

/* Prints "prog: what: message (detail)" and exits 1. */
_Noreturn void bench_die(const char *prog, const char *what,
                         const struct clb_error *err);

#endif
