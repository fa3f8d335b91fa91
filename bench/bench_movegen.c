/* bench/bench_movegen.c - how fast the move generator finds every play,
 * against the brute-force generator in the same run; the "any play" check
 * and the best play on their own; and the word graph's build time, file
 * size and load time.
 *
 * Positions come from bench/positions.txt, a fixed, committed set (made by
 * `bench_movegen --make-positions`, from seeded greedy games): openings,
 * midgames, late games, racks with blanks and positions with no play. One
 * line each: CATEGORY RACK BOARD (RACK: '?' a blank, '-' none; BOARD: 225
 * squares row by row, '.' empty, lowercase a blank).
 *
 * Targets (issue 9): all plays of a midgame position in under 50 us
 * (median, Release, one core). Times are the median of RUNS runs of each
 * position, in this thread's CPU time (other processes on a shared machine
 * do not count, their cache pollution does).
 *
 * Usage: bench_movegen [--brute N] [--runs N] [--only CATEGORY] [--no-graph]
 *                      [--each] [LEXICON [POSITIONS]]
 *        bench_movegen --make-positions [LEXICON] > bench/positions.txt
 * --brute N runs the brute-force generator on the first N positions of
 * each category (default 1; it takes seconds a position, minutes with a
 * blank) and checks it finds exactly the same plays. --only keeps one
 * category's positions and --no-graph skips the graph's load and build,
 * for profiling (valgrind --tool=callgrind) the search alone; --each
 * prints every position's figures.
 */
/* SPDX-License-Identifier: MIT */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../core/movegen.h"
#include "../dict/dict.h"
#include "../tests/support/brute.h"
#include "bench_util.h"

#define MAX_POSITIONS 256
#define DEFAULT_RUNS 41
#define LOAD_RUNS 11
#define BUILD_RUNS 3

static const char *const categories[] = {"opening", "midgame", "late", "blanks",
                                         "noplay"};
#define NCAT (sizeof categories / sizeof categories[0])

struct position {
    int cat;
    struct core_game game; /* board and P1's rack; P1 to move */
};

static struct dict *load(const char *path)
{
    struct dict *d = NULL;
    struct clb_error err;
    if (dict_load(path, &d, &err) != CLB_ERR_OK) {
        fprintf(stderr, "bench_movegen: %s\n", err.detail);
        exit(1);
    }
    return d;
}

/* ---- the position file ------------------------------------------------ */

static int category_of(const char *name)
{
    for (size_t c = 0; c < NCAT; c++)
        if (strcmp(name, categories[c]) == 0)
            return (int)c;
    return -1;
}

static int read_positions(const char *path, struct position *out, int cap)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        perror(path);
        exit(1);
    }
    char line[512];
    int n = 0, line_no = 0;
    while (fgets(line, sizeof line, f) != NULL && n < cap) {
        line_no++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char cat[16], rack[16], board[256];
        if (sscanf(line, "%15s %15s %255s", cat, rack, board) != 3 ||
            strlen(board) != CLB_BOARD_SIZE * CLB_BOARD_SIZE ||
            strlen(rack) > CLB_RACK_SIZE) {
            fprintf(stderr, "%s:%d: expected CATEGORY RACK BOARD\n", path,
                    line_no);
            exit(1);
        }
        struct position *p = &out[n];
        memset(p, 0, sizeof *p);
        p->cat = category_of(cat);
        if (p->cat < 0) {
            fprintf(stderr, "%s:%d: unknown category %s\n", path, line_no, cat);
            exit(1);
        }
        for (int i = 0; i < CLB_BOARD_SIZE * CLB_BOARD_SIZE; i++)
            p->game.board[i / CLB_BOARD_SIZE][i % CLB_BOARD_SIZE] = board[i];
        if (strcmp(rack, "-") != 0)
            for (const char *t = rack; *t; t++)
                p->game.hands[CORE_P1].tiles[p->game.hands[CORE_P1].count++] =
                    *t;
        p->game.turn = CORE_P1;
        n++;
    }
    fclose(f);
    return n;
}

/* Prints a position unless it repeats one already printed (a pass leaves
 * the board as it was, and two racks may both be stuck). Returns whether
 * it printed. */
static bool print_position(const char *cat, const struct core_game *g)
{
    static uint64_t seen[MAX_POSITIONS];
    static int nseen;
    const struct core_rack *r = &g->hands[g->turn];
    uint64_t h = 1469598103934665603u;
    for (int i = 0; i < r->count; i++)
        h = (h ^ (unsigned char)r->tiles[i]) * 1099511628211u;
    for (int i = 0; i < CLB_BOARD_SIZE * CLB_BOARD_SIZE; i++)
        h = (h ^
             (unsigned char)g->board[i / CLB_BOARD_SIZE][i % CLB_BOARD_SIZE]) *
            1099511628211u;
    for (int i = 0; i < nseen; i++)
        if (seen[i] == h)
            return false;
    if (nseen < MAX_POSITIONS)
        seen[nseen++] = h;
    printf("%-8s %-7.*s ", cat, r->count > 0 ? r->count : 1,
           r->count > 0 ? r->tiles : "-");
    for (int i = 0; i < CLB_BOARD_SIZE * CLB_BOARD_SIZE; i++)
        putchar(g->board[i / CLB_BOARD_SIZE][i % CLB_BOARD_SIZE]);
    putchar('\n');
    return true;
}

static int tiles_on_board(const struct core_game *g)
{
    int n = 0;
    for (int r = 0; r < CLB_BOARD_SIZE; r++)
        for (int c = 0; c < CLB_BOARD_SIZE; c++)
            n += g->board[r][c] != CORE_EMPTY;
    return n;
}

static int blanks_in(const struct core_rack *r)
{
    int n = 0;
    for (int i = 0; i < r->count; i++)
        n += r->tiles[i] == CORE_BLANK;
    return n;
}

/* Greedy games (each turn the best play; with none, an exchange of the
 * whole rack while the bag allows, else a pass), taking positions as they
 * come: the opening, the first position past 30 tiles, the first with the
 * bag nearly empty, racks holding blanks, and racks with no play. */
static void make_positions(const struct core_lexicon *lex)
{
    const int want[NCAT] = {8, 24, 12, 12, 6};
    int have[NCAT] = {0};
    printf("# bench/positions.txt - the move generator benchmark's fixed "
           "positions,\n# made by `bench_movegen --make-positions` from "
           "greedy games seeded\n# \"bench-0\", \"bench-1\", ... with "
           "SOWPODS. CATEGORY RACK BOARD;\n# RACK '?' a blank; BOARD 225 "
           "squares row by row, '.' empty,\n# lowercase a blank.\n");
    for (int seed = 0; seed < 400; seed++) {
        bool all = true;
        for (size_t c = 0; c < NCAT; c++)
            all &= have[c] >= want[c];
        if (all)
            break;
        char name[32];
        snprintf(name, sizeof name, "bench-%d", seed);
        struct core_game g;
        core_game_new(&g, name, strlen(name), "");
        bool took_mid = false, took_late = false, took_blank = false;
        while (!g.game_over) {
            struct core_movegen mg;
            core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g.board,
                              lex->graph);
            const struct core_rack *r = &g.hands[g.turn];
            int on = tiles_on_board(&g), bag = core_bag_count(&g);
            bool any = core_movegen_any(&mg, r);
            int cat = -1;
            if (!any && r->count > 0)
                cat = 4;
            else if (on == 0 && blanks_in(r) == 0)
                cat = 0;
            else if (blanks_in(r) > 0 && on >= 20 && !took_blank &&
                     (blanks_in(r) == 2 || have[3] < want[3] - 2))
                cat = 3, took_blank = true;
            else if (blanks_in(r) == 0 && on >= 30 && bag > 10 && !took_mid)
                cat = 1, took_mid = true;
            else if (blanks_in(r) == 0 && bag <= 7 && r->count == 7 &&
                     !took_late)
                cat = 2, took_late = true;
            if (cat >= 0 && have[cat] < want[cat] &&
                print_position(categories[cat], &g))
                have[cat]++;
            struct core_move m;
            memset(&m, 0, sizeof m);
            struct core_play best;
            if (core_movegen_best(&mg, r, &best)) {
                core_play_to_move(&best, (const char(*)[CLB_BOARD_SIZE])g.board,
                                  &m);
            } else if (bag >= CLB_EXCHANGE_MIN_BAG) {
                m.type = CORE_MOVE_EXCHANGE;
                m.ntiles = r->count;
                memcpy(m.exchange, r->tiles, (size_t)r->count);
            } else {
                m.type = CORE_MOVE_PASS;
            }
            struct core_move_result res;
            struct clb_error err;
            if (core_move_apply(&g, &m, lex, &g, &res, &err) != CLB_ERR_OK) {
                fprintf(stderr, "bench_movegen: %s\n", err.detail);
                exit(1);
            }
        }
    }
    for (size_t c = 0; c < NCAT; c++)
        if (have[c] < want[c])
            fprintf(stderr, "bench_movegen: only %d %s positions\n", have[c],
                    categories[c]);
}

/* ---- measuring ------------------------------------------------------- */

struct timing {
    double all_us, init_us, any_us, best_us;
    int best_points; /* the best play's points, -1 for none (--each) */
    size_t plays;
};

static struct core_play plays[CLB_MOVEGEN_MAX_PLAYS];

static struct timing time_position(const struct position *p,
                                   const struct core_kwg *graph, int runs)
{
    struct timing t = {0};
    double *v = malloc((size_t)runs * sizeof *v);
    const struct core_rack *rack = &p->game.hands[CORE_P1];
    const char(*board)[CLB_BOARD_SIZE] =
        (const char(*)[CLB_BOARD_SIZE])p->game.board;
    struct core_movegen mg;
    volatile size_t sink = 0;

    /* Everything from the position: the cross-checks, then every play. */
    for (int i = 0; i < runs; i++) {
        double t0 = bench_cpu_ns();
        core_movegen_init(&mg, board, graph);
        t.plays = core_movegen_all(&mg, rack, plays, CLB_MOVEGEN_MAX_PLAYS);
        v[i] = bench_cpu_ns() - t0;
    }
    t.all_us = bench_quantile(v, runs, 0.5) / 1e3;
    for (int i = 0; i < runs; i++) {
        double t0 = bench_cpu_ns();
        core_movegen_init(&mg, board, graph);
        v[i] = bench_cpu_ns() - t0;
    }
    t.init_us = bench_quantile(v, runs, 0.5) / 1e3;
    for (int i = 0; i < runs; i++) {
        double t0 = bench_cpu_ns();
        core_movegen_init(&mg, board, graph);
        sink += core_movegen_any(&mg, rack);
        v[i] = bench_cpu_ns() - t0;
    }
    t.any_us = bench_quantile(v, runs, 0.5) / 1e3;
    for (int i = 0; i < runs; i++) {
        struct core_play best;
        double t0 = bench_cpu_ns();
        core_movegen_init(&mg, board, graph);
        bool found = core_movegen_best(&mg, rack, &best);
        v[i] = bench_cpu_ns() - t0;
        t.best_points = found ? best.points : -1;
    }
    t.best_us = bench_quantile(v, runs, 0.5) / 1e3;
    (void)sink;
    free(v);
    return t;
}

static void print_each(const struct position *pos, const struct timing *t,
                       int n)
{
    printf("%4s %-8s %-7s %7s %9s %9s %9s %9s %5s\n", "#", "", "rack", "plays",
           "all", "init", "any", "best", "pts");
    for (int i = 0; i < n; i++) {
        const struct core_rack *r = &pos[i].game.hands[CORE_P1];
        printf("%4d %-8s %-7.*s %7zu %7.1fus %7.1fus %7.1fus %7.1fus %5d\n", i,
               categories[pos[i].cat], r->count, r->tiles, t[i].plays,
               t[i].all_us, t[i].init_us, t[i].any_us, t[i].best_us,
               t[i].best_points);
    }
    printf("\n");
}

/* Brute force on one position: its time, and whether it found exactly the
 * generator's plays (same squares, letters, blanks and points). */
static double brute_position(const struct position *p,
                             const struct core_lexicon *lex, size_t gen_plays,
                             bool *same)
{
    size_t cap = CLB_MOVEGEN_MAX_PLAYS;
    struct ts_play *ref = malloc(cap * sizeof *ref);
    struct ts_play *gen = malloc(cap * sizeof *gen);
    double t0 = bench_cpu_ns();
    size_t n = ts_brute_plays(&p->game, lex, ref, cap);
    double t = bench_cpu_ns() - t0;
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])p->game.board,
                      lex->graph);
    size_t m = core_movegen_all(&mg, &p->game.hands[CORE_P1], plays, cap);
    for (size_t i = 0; i < m && i < cap; i++)
        ts_play_from(&plays[i], &p->game, &gen[i]);
    ts_play_sort(gen, m < cap ? m : cap);
    *same = n == m && m == gen_plays && n <= cap;
    for (size_t i = 0; *same && i < n; i++)
        *same = ts_play_cmp(&gen[i], &ref[i]) == 0;
    free(ref);
    free(gen);
    return t / 1e3;
}

/* ---- the graph -------------------------------------------------------- */

static void bench_graph(const char *clx, const char *words)
{
    double v[LOAD_RUNS];
    size_t clx_len;
    free(bench_slurp("bench_movegen", clx, &clx_len));
    for (int i = 0; i < LOAD_RUNS; i++) {
        double t0 = bench_wall_ns();
        dict_free(load(clx));
        v[i] = bench_wall_ns() - t0;
    }
    double load_ms = bench_quantile(v, LOAD_RUNS, 0.5) / 1e6;
    for (int i = 0; i < LOAD_RUNS; i++) {
        double t0 = bench_wall_ns();
        size_t n;
        free(bench_slurp("bench_movegen", clx, &n));
        v[i] = bench_wall_ns() - t0;
    }
    double read_ms = bench_quantile(v, LOAD_RUNS, 0.5) / 1e6;
    printf("word graph\n");
    printf("  file size              %10zu bytes (%.1f MB), %zu nodes\n",
           clx_len, clx_len / 1e6, (clx_len - 64) / 4);
    printf("  load (.clx, checked)   %10.1f ms   median of %d; the bare "
           "read alone: %.1f ms (%.1fx)\n",
           load_ms, LOAD_RUNS, read_ms, load_ms / read_ms);
    if (words == NULL)
        return;
    size_t len;
    char *text = bench_slurp("bench_movegen", words, &len);
    double b[BUILD_RUNS];
    for (int i = 0; i < BUILD_RUNS; i++) {
        struct dict *d;
        struct clb_error err;
        double t0 = bench_wall_ns();
        if (dict_from_text(text, len, words, &d, &err) != CLB_ERR_OK) {
            fprintf(stderr, "bench_movegen: %s\n", err.detail);
            exit(1);
        }
        b[i] = bench_wall_ns() - t0;
        dict_free(d);
    }
    free(text);
    double build_ms = bench_quantile(b, BUILD_RUNS, 0.5) / 1e6;
    printf("  build (from the text)  %10.1f ms   median of %d: %.0fx the "
           "load of the compiled file\n\n",
           build_ms, BUILD_RUNS, build_ms / load_ms);
}

int main(int argc, char **argv)
{
    int brute = 1, runs = DEFAULT_RUNS, arg = 1, only = -1;
    bool make = false, graph = true, each = false;
    for (; arg < argc && argv[arg][0] == '-'; arg++) {
        if (strcmp(argv[arg], "--make-positions") == 0)
            make = true;
        else if (strcmp(argv[arg], "--brute") == 0 && arg + 1 < argc)
            brute = atoi(argv[++arg]);
        else if (strcmp(argv[arg], "--runs") == 0 && arg + 1 < argc)
            runs = atoi(argv[++arg]);
        else if (strcmp(argv[arg], "--only") == 0 && arg + 1 < argc &&
                 (only = category_of(argv[++arg])) >= 0)
            continue;
        else if (strcmp(argv[arg], "--no-graph") == 0)
            graph = false;
        else if (strcmp(argv[arg], "--each") == 0)
            each = true;
        else {
            fprintf(stderr, "usage: bench_movegen [--brute N] [--runs N] "
                            "[--only CATEGORY] [--no-graph] [--each]\n"
                            "                     [LEXICON [POSITIONS]]\n"
                            "       bench_movegen --make-positions "
                            "[LEXICON]\n");
            return 2;
        }
    }
    if (runs < 1)
        runs = 1;
    const char *clx = arg < argc ? argv[arg++] : CLB_BENCH_LEXICON;
    const char *file = arg < argc ? argv[arg++] : CLB_BENCH_POSITIONS;
    struct dict *d = load(clx);
    struct core_lexicon lex = dict_lexicon(d);
    if (make) {
        make_positions(&lex);
        dict_free(d);
        return 0;
    }

    static struct position pos[MAX_POSITIONS];
    int n = read_positions(file, pos, MAX_POSITIONS);
    if (only >= 0) {
        int kept = 0;
        for (int i = 0; i < n; i++)
            if (pos[i].cat == only)
                pos[kept++] = pos[i];
        n = kept;
    }
    printf("move generator benchmark: %d positions from %s\n", n, file);
    printf("lexicon %s (%zu words); median of %d runs a position, thread "
           "CPU time\n\n",
           clx, dict_word_count(d), runs);
    if (graph)
        bench_graph(clx, strcmp(clx, CLB_BENCH_LEXICON) == 0 ? CLB_BENCH_WORDS
                                                             : NULL);

    printf("%-8s %4s %8s %9s %9s %9s %9s %9s %10s %9s %8s\n", "", "n", "plays",
           "all p50", "all p90", "all max", "init", "any p50", "best p50",
           "pos/s", "Mplays/s");
    static struct timing t[MAX_POSITIONS];
    for (int i = 0; i < n; i++)
        t[i] = time_position(&pos[i], lex.graph, runs);
    if (each)
        print_each(pos, t, n);
    double grand_us = 0;
    size_t grand_plays = 0;
    for (size_t c = 0; c < NCAT; c++) {
        double all[MAX_POSITIONS], init[MAX_POSITIONS], any[MAX_POSITIONS],
            best[MAX_POSITIONS], sum_us = 0;
        size_t sum_plays = 0;
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (pos[i].cat != (int)c)
                continue;
            all[k] = t[i].all_us;
            init[k] = t[i].init_us;
            any[k] = t[i].any_us;
            best[k] = t[i].best_us;
            sum_us += t[i].all_us;
            sum_plays += t[i].plays;
            k++;
        }
        if (k == 0)
            continue;
        grand_us += sum_us;
        grand_plays += sum_plays;
        printf("%-8s %4d %8.0f %8.1fus %8.1fus %8.1fus %8.1fus %8.1fus "
               "%9.1fus %9.0f %8.2f\n",
               categories[c], k, (double)sum_plays / k,
               bench_quantile(all, k, 0.5), bench_quantile(all, k, 0.9),
               bench_quantile(all, k, 1.0), bench_quantile(init, k, 0.5),
               bench_quantile(any, k, 0.5), bench_quantile(best, k, 0.5),
               k / sum_us * 1e6, sum_plays / sum_us);
    }
    printf("%-8s %4d %8.0f %46s %9.0f %8.2f\n", "all", n,
           (double)grand_plays / n, "", n / grand_us * 1e6,
           grand_plays / grand_us);
    size_t most = 0;
    int most_at = 0;
    for (int i = 0; i < n; i++)
        if (t[i].plays > most) {
            most = t[i].plays;
            most_at = i;
        }
    printf("most plays in one position: %zu (%s, rack %.*s); the buffer "
           "holds %zu\n",
           most, categories[pos[most_at].cat],
           pos[most_at].game.hands[CORE_P1].count,
           pos[most_at].game.hands[CORE_P1].tiles, CLB_MOVEGEN_MAX_PLAYS);
    printf("\n(all: the cross-checks and every play, from the position; "
           "init: the cross-checks\nalone; any: stop at the first play; "
           "best: the best play only. Target: midgame\nall p50 < 50 us.)\n");

    if (brute > 0) {
        printf("\nbrute force (every placement of every subset of the rack, "
               "each judged by\ncore_move_check), on the first %d "
               "position(s) of each category:\n",
               brute);
        printf("%-8s %8s %12s %12s %10s  %s\n", "", "plays", "brute",
               "generator", "ratio", "same plays");
        for (size_t c = 0; c < NCAT; c++) {
            int done = 0;
            for (int i = 0; i < n && done < brute; i++) {
                if (pos[i].cat != (int)c)
                    continue;
                bool same;
                double us = brute_position(&pos[i], &lex, t[i].plays, &same);
                printf("%-8s %8zu %10.0fms %10.1fus %9.0fx  %s\n",
                       categories[c], t[i].plays, us / 1e3, t[i].all_us,
                       us / t[i].all_us, same ? "yes" : "NO");
                done++;
            }
        }
    }
    dict_free(d);
    return 0;
}
