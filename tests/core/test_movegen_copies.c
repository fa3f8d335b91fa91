/* tests/core/test_movegen_copies.c - the two copies of the move generator's
 * search and cross-checks give the same answers.
 *
 * The search and the cross-checks are compiled once with the POPCNT
 * instruction, which a processor that has it runs, and once without, which
 * every other processor runs (core/movegen.c). On a machine with POPCNT the second copy
 * would never run in the tests; core_movegen_use_plain() switches a
 * prepared board to it (its cross-checks worked out again by the plain
 * copy, and compared), and here every search (every play in the order
 * found, the count alone, the best play, the top 25, "any play") is made
 * with both copies and compared, on the benchmark's 62 positions, every
 * position of random games played out with SOWPODS, and racks with one and
 * two blanks.
 */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/movegen.h"
#include "../../dict/dict.h"
#include "test_support.h"

#define CAP ((size_t)200000)
#define TOP 25

static struct dict *dict;
static struct core_lexicon lex;
static struct core_play *fast_list, *plain_list;
static int positions; /* the positions compared by a test */

static void setup(void)
{
    struct clb_error err;
    cr_assert_eq(dict_load(CLB_TEST_LEXICON, &dict, &err), CLB_ERR_OK, "%s",
                 err.detail);
    lex = dict_lexicon(dict);
    fast_list = malloc(CAP * sizeof *fast_list);
    plain_list = malloc(CAP * sizeof *plain_list);
    cr_assert(fast_list != NULL && plain_list != NULL);
    positions = 0;
#if defined(__x86_64__) || defined(__i386__)
    if (!__builtin_cpu_supports("popcnt"))
        cr_log_warn("this processor has no POPCNT: both searches are the "
                    "plain copy, and the comparison shows nothing");
#endif
}

static void teardown(void)
{
    free(fast_list);
    free(plain_list);
    dict_free(dict);
}

TestSuite(core_movegen_copies, .init = setup, .fini = teardown);

static bool same_play(const struct core_play *a, const struct core_play *b)
{
    return a->points == b->points && a->row == b->row && a->col == b->col &&
           a->down == b->down && a->len == b->len && a->ntiles == b->ntiles &&
           memcmp(a->tiles, b->tiles, a->ntiles) == 0;
}

/* Every search of `rack` on `board`, with the default copy and with the
 * plain one: the same answers, in the same order. Returns the plays. */
static size_t compare(const char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE],
                      const struct core_rack *rack)
{
    struct core_movegen fast, plain;
    core_movegen_init(&fast, board, lex.graph);
    core_movegen_init(&plain, board, lex.graph);
    core_movegen_use_plain(&plain);
    /* The cross-checks, worked out again by their plain copy: the same. */
    cr_assert(memcmp(fast.cross, plain.cross, sizeof fast.cross) == 0,
              "the copies' cross-checks differ");
    cr_assert(
        memcmp(fast.cross_sum, plain.cross_sum, sizeof fast.cross_sum) == 0 &&
            memcmp(fast.anchors, plain.anchors, sizeof fast.anchors) == 0 &&
            fast.mirrored == plain.mirrored,
        "the copies' cross-scores or anchors differ");

    size_t n = core_movegen_all(&fast, rack, fast_list, CAP);
    cr_assert_lt(n, CAP);
    cr_assert_eq(core_movegen_all(&plain, rack, plain_list, CAP), n,
                 "the copies count different plays");
    for (size_t i = 0; i < n; i++)
        cr_assert(same_play(&fast_list[i], &plain_list[i]),
                  "play %zu of %zu differs", i, n);
    cr_assert_eq(core_movegen_all(&plain, rack, NULL, 0), n);

    struct core_play best_fast, best_plain;
    bool has = core_movegen_best(&fast, rack, &best_fast);
    cr_assert_eq(core_movegen_best(&plain, rack, &best_plain), has);
    cr_assert_eq(has, n > 0);
    if (has)
        cr_assert(same_play(&best_fast, &best_plain), "the best plays differ");

    struct core_play top_fast[TOP], top_plain[TOP];
    cr_assert_eq(core_movegen_top(&fast, rack, top_fast, TOP), n);
    cr_assert_eq(core_movegen_top(&plain, rack, top_plain, TOP), n);
    for (size_t i = 0; i < n && i < TOP; i++)
        cr_assert(same_play(&top_fast[i], &top_plain[i]), "top[%zu]", i);

    cr_assert_eq(core_movegen_any(&plain, rack), n > 0);
    cr_assert_eq(core_movegen_any(&fast, rack), n > 0);
    positions++;
    return n;
}

static void rack_of(struct core_rack *r, const char *tiles)
{
    r->count = 0;
    for (; *tiles != '\0'; tiles++)
        r->tiles[r->count++] = *tiles == '?' ? CORE_BLANK : *tiles;
}

Test(core_movegen_copies, the_benchmark_positions)
{
    FILE *f = fopen(CLB_TEST_DATA_DIR "/../../bench/positions.txt", "r");
    cr_assert_not_null(f);
    char line[512];
    size_t most = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        char cat[16], rack[16], board[256];
        if (line[0] == '#' ||
            sscanf(line, "%15s %15s %255s", cat, rack, board) != 3)
            continue;
        char b[CLB_BOARD_SIZE][CLB_BOARD_SIZE];
        memcpy(b, board, sizeof b);
        struct core_rack r;
        rack_of(&r, strcmp(rack, "-") == 0 ? "" : rack);
        size_t n = compare((const char(*)[CLB_BOARD_SIZE])b, &r);
        most = n > most ? n : most;
    }
    fclose(f);
    cr_assert_eq(positions, 62);
    cr_assert_gt(most, 20000, "the two-blank positions are among them");
}

/* Random games: each turn a play chosen at random from the whole list (so
 * the boards are not only greedy ones), both racks compared, and then the
 * same rack with one and with two of its tiles made blanks. */
Test(core_movegen_copies, random_games_with_blanks)
{
    uint64_t rng = 0x9e3779b97f4a7c15u;
    for (int game = 0; game < 4; game++) {
        char seed[16];
        int len = snprintf(seed, sizeof seed, "copies-%d", game);
        struct core_game g;
        core_game_new(&g, seed, (size_t)len, "");
        for (int turn = 0; turn < 30 && !g.game_over; turn++) {
            const char(*board)[CLB_BOARD_SIZE] =
                (const char(*)[CLB_BOARD_SIZE])g.board;
            (void)compare(board, &g.hands[1 - g.turn]);
            struct core_rack blanks = g.hands[g.turn];
            for (int k = 0; k < 2 && k < blanks.count; k++) {
                blanks.tiles[k] = CORE_BLANK;
                (void)compare(board, &blanks);
            }
            size_t n = compare(board, &g.hands[g.turn]);

            struct core_move m;
            memset(&m, 0, sizeof m);
            if (n > 0) {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                core_play_to_move(&fast_list[rng % n], board, &m);
            } else {
                m.type = CORE_MOVE_PASS;
            }
            struct core_move_result res;
            struct clb_error err;
            cr_assert_eq(core_move_apply(&g, &m, &lex, &g, &res, &err),
                         CLB_ERR_OK, "%s", err.detail);
        }
    }
    cr_log_info("%d positions compared", positions);
    cr_assert_gt(positions, 300, "%d positions", positions);
}
