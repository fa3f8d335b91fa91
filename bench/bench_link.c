/* bench/bench_link.c - what opening a turn link costs a request: a late-game
 * v2 link decoded and replayed (header, every move through the rules with
 * the lexicon, the move list's records), against the same position's
 * classic v1 link decoded as the server does it (LZ-String straight to
 * UTF-8, JSON, every field, tile conservation). Both in the same
 * run, interleaved, in microseconds per request and as a ratio; writing
 * the next link after a move is timed the same way.
 *
 *   build/bench/bench_link [LINK [LEXICON.clx]]
 *
 * LINK is a file holding a v2 link (default: tests/data/link/late_v2.link,
 * a bot's game with 7 tiles left in the bag). Never registered with CTest:
 * timings are not pass/fail. A Release build gives the meaningful figures.
 */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../dict/dict.h"
#include "../server/link.h"
#include "../server/position.h"
#include "bench_util.h"

#define ROUNDS 7
#define RUN_NS 300000000.0 /* 0.3 s of one kind of request per round */

static struct srv_context ctx;
static struct position pos;
static const char *v2_link, *v1_link;
static size_t v2_len, v1_len;
static volatile int sink;

/* The requests timed: each returns something the compiler must keep. */
static void open_v2(void)
{
    struct clb_error err;
    if (position_open(&ctx, v2_link, v2_len, &pos, &err) != CLB_ERR_OK)
        bench_die("bench_link", "v2", &err);
    sink += pos.game.score;
}

static void decode_v1(void)
{
    struct clb_error err;
    if (link_v1_decode(v1_link, v1_len, &pos.game, &err) != CLB_ERR_OK)
        bench_die("bench_link", "v1", &err);
    sink += pos.game.score;
}

static struct position played;
static struct core_move pass = {.type = CORE_MOVE_PASS};

/* After a move: the v2 link is the old one with the move appended. */
static void write_v2(void)
{
    static char out[CLB_MAX_ENCODED_STATE + 1];
    struct clb_error err;
    size_t n;
    pos = played;
    if (position_play(&pos, &pass, NULL, &err) != CLB_ERR_OK ||
        position_write(&pos, LINK_V2, out, sizeof out, &n, &err) != CLB_ERR_OK)
        bench_die("bench_link", "v2 write", &err);
    sink += (int)n;
}

static void write_v1(void)
{
    static char out[CLB_MAX_ENCODED_STATE + 1];
    struct clb_error err;
    size_t n;
    pos = played;
    if (position_play(&pos, &pass, NULL, &err) != CLB_ERR_OK ||
        link_v1_encode(&pos.game, out, sizeof out, &n, &err) != CLB_ERR_OK)
        bench_die("bench_link", "v1 write", &err);
    sink += (int)n;
}

/* Microseconds per call of fn over about RUN_NS. */
static double time_us(void (*fn)(void))
{
    long n = 0;
    double start = bench_wall_ns(), t;
    do {
        for (int i = 0; i < 100; i++)
            fn();
        n += 100;
        t = bench_wall_ns() - start;
    } while (t < RUN_NS);
    return t / (double)n / 1000.0;
}

int main(int argc, char **argv)
{
    const char *link_file = argc > 1 ? argv[1] : CLB_BENCH_LINK;
    const char *lexicon = argc > 2 ? argv[2] : CLB_BENCH_LEXICON;
    struct clb_error err;
    if (dict_load(lexicon, &ctx.lexicons[0], &err) != CLB_ERR_OK)
        bench_die("bench_link", lexicon, &err);
    strcpy(ctx.lexicon_names[0], "sowpods");
    ctx.nlexicons = 1;

    v2_link = bench_read_link("bench_link", link_file, &v2_len);
    if (position_open(&ctx, v2_link, v2_len, &played, &err) != CLB_ERR_OK)
        bench_die("bench_link", link_file, &err);
    if (played.format != LINK_V2)
        bench_die("bench_link", "not a v2 link", &err);
    static char classic[CLB_MAX_ENCODED_STATE + 1];
    if (link_v1_encode(&played.game, classic, sizeof classic, &v1_len, &err) !=
        CLB_ERR_OK)
        bench_die("bench_link", "classic link", &err);
    v1_link = classic;

    int tiles = 0;
    for (int r = 0; r < CLB_BOARD_SIZE; r++)
        for (int c = 0; c < CLB_BOARD_SIZE; c++)
            tiles += played.game.board[r][c] != CORE_EMPTY;
    printf("turn link decode benchmark: %d moves, %d tiles on the board, %d "
           "in the bag, score %d\n",
           played.history.nmoves, tiles, core_bag_count(&played.game),
           played.game.score);
    printf("  v2 link %zu characters, the same position's v1 link %zu\n",
           v2_len, v1_len);

    double open2[ROUNDS], open1[ROUNDS], w2[ROUNDS], w1[ROUNDS];
    for (int i = 0; i < ROUNDS; i++) {
        open2[i] = time_us(open_v2);
        open1[i] = time_us(decode_v1);
        w2[i] = time_us(write_v2);
        w1[i] = time_us(write_v1);
    }
    double a = bench_median(open2, ROUNDS), b = bench_median(open1, ROUNDS);
    double c = bench_median(w2, ROUNDS), d = bench_median(w1, ROUNDS);
    printf("  open: v2 decode + replay of %d moves  %8.2f us/request\n",
           played.history.nmoves, a);
    printf("        v1 decode (LZ-String + JSON)    %8.2f us/request\n", b);
    printf("        v2 / v1 = %.3f\n", a / b);
    printf("  after a move (a pass): v2 append + write %8.2f us, v1 encode "
           "%8.2f us (v2 / v1 = %.3f)\n",
           c, d, c / d);
    printf("  (medians of %d interleaved rounds of %.1f s each)\n", ROUNDS,
           RUN_NS / 1e9);
    dict_free(ctx.lexicons[0]);
    return sink == 42 ? 2 : 0;
}
