/* tests/test_core_movegen_copies.c - the two full copies of the move
 * generator's search (core/movegen.c: MG_PLAIN, popcounts in plain
 * operations, and MG_POPCNT, the instruction) give the same plays in the
 * same order on every position of bench/positions.txt. On a processor with
 * POPCNT the plain copy would otherwise never run: the test switch
 * core_movegen.plain_popcount selects it. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/movegen.h"
#include "../dict/dict.h"
#include "test_support.h"

#define CAP ((size_t)200000)

static struct dict *sowpods(void)
{
    struct dict *d = NULL;
    struct clb_error err;
    cr_assert_eq(dict_load(CLB_TEST_LEXICON, &d, &err), CLB_ERR_OK, "%s",
                 err.detail);
    return d;
}

/* The same play: placement and points (tiles past ntiles are not
 * written). */
static bool same_play(const struct core_play *x, const struct core_play *y)
{
    return x->points == y->points && x->row == y->row && x->col == y->col &&
           x->down == y->down && x->len == y->len && x->ntiles == y->ntiles &&
           memcmp(x->tiles, y->tiles, x->ntiles) == 0;
}

/* Both copies on one position: every play (the same list, in the same
 * order), the best play and the top 25. Returns the number of plays. */
static size_t compare_copies(const struct core_game *g,
                             const struct core_lexicon *lex,
                             struct core_play *a, struct core_play *b)
{
    struct core_movegen fast, plain;
    const char(*board)[CLB_BOARD_SIZE] =
        (const char(*)[CLB_BOARD_SIZE])g->board;
    core_movegen_init(&fast, board, lex->graph);
    core_movegen_init(&plain, board, lex->graph);
    cr_assert(!plain.plain_popcount, "init selects the usual copy");
    plain.plain_popcount = true;
    const struct core_rack *rack = &g->hands[g->turn];
    size_t n = core_movegen_all(&fast, rack, a, CAP);
    cr_assert_lt(n, CAP);
    cr_assert_eq(core_movegen_all(&plain, rack, b, CAP), n);
    for (size_t i = 0; i < n; i++)
        cr_assert(same_play(&a[i], &b[i]), "play %zu", i);
    struct core_play best_a, best_b;
    cr_assert_eq(core_movegen_best(&plain, rack, &best_b),
                 core_movegen_best(&fast, rack, &best_a));
    if (n > 0)
        cr_assert(same_play(&best_a, &best_b));
    struct core_play top_a[25], top_b[25];
    cr_assert_eq(core_movegen_top(&plain, rack, top_b, 25),
                 core_movegen_top(&fast, rack, top_a, 25));
    for (size_t i = 0; i < n && i < 25; i++)
        cr_assert(same_play(&top_a[i], &top_b[i]), "top[%zu]", i);
    cr_assert_eq(core_movegen_any(&plain, rack), n > 0);
    return n;
}

Test(core_movegen_copies, both_copies_find_the_same_plays, .timeout = 240)
{
    struct dict *d = sowpods();
    struct core_lexicon lex = dict_lexicon(d);
    struct core_play *a = malloc(CAP * sizeof *a), *b = malloc(CAP * sizeof *b);
    cr_assert(a != NULL && b != NULL);
    FILE *f = fopen(CLB_TEST_DATA_DIR "/../../bench/positions.txt", "r");
    cr_assert_not_null(f);
    char line[512];
    int positions = 0;
    size_t total = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        char cat[16], rack[16], board[256];
        if (line[0] == '#' ||
            sscanf(line, "%15s %15s %255s", cat, rack, board) != 3)
            continue;
        cr_assert_eq(strlen(board), (size_t)(CLB_BOARD_SIZE * CLB_BOARD_SIZE));
        struct core_game g;
        ts_game(&g, strcmp(rack, "-") == 0 ? "" : rack, "");
        for (int i = 0; i < CLB_BOARD_SIZE * CLB_BOARD_SIZE; i++)
            g.board[i / CLB_BOARD_SIZE][i % CLB_BOARD_SIZE] = board[i];
        total += compare_copies(&g, &lex, a, b);
        positions++;
    }
    fclose(f);
    cr_assert_eq(positions, 62);
    cr_assert_gt(total, 100000, "%zu plays in all", total);
    free(a);
    free(b);
    dict_free(d);
}
