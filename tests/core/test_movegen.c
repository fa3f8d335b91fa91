/* tests/core/test_movegen.c - the move generator against the rules and
 * against brute force.
 *
 * Every play the generator finds must pass core_move_check() with the same
 * points and main word; the set of plays must be exactly the brute-force
 * set (tests/support/brute.c: every placement of every subset of the rack,
 * judged by core_move_check() with a plain word list, so neither the word
 * graph nor anchors nor cross-checks are trusted); "any play" must agree
 * with the count, the best play must be the maximum and the top n the
 * first n. Positions: an empty board, one word, a crowded board, edges,
 * blanks, positions with no play, and whole games played out. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/movegen.h"
#include "../../dict/dict.h"
#include "brute.h"
#include "test_support.h"

/* Two-letter words and short words over common letters, so positions have
 * dozens to thousands of plays while brute force stays quick. */
static const char *const small_words[] = {
    "AA",    "AB",    "AD",   "AE",    "AG",   "AH",   "AI",   "AL",    "AM",
    "AN",    "AR",    "AS",   "AT",    "AW",   "AX",   "AY",   "BA",    "BE",
    "BI",    "BO",    "BY",   "DA",    "DE",   "DO",   "ED",   "EH",    "EL",
    "EM",    "EN",    "ER",   "ES",    "EX",   "GO",   "HA",   "HE",    "HI",
    "HO",    "ID",    "IN",   "IS",    "IT",   "LA",   "LI",   "LO",    "MA",
    "ME",    "MI",    "NA",   "NE",    "NO",   "OD",   "OE",   "OH",    "OI",
    "ON",    "OR",    "OS",   "OX",    "RE",   "SH",   "SI",   "SO",    "TA",
    "TI",    "TO",    "XI",   "ZA",    "ART",  "ARTS", "ATE",  "CAT",   "CATS",
    "EAR",   "EARS",  "EAT",  "EATS",  "ERA",  "ERAS", "NET",  "NETS",  "RAT",
    "RATE",  "RATES", "RATS", "SEA",   "SEAT", "SET",  "STAR", "STARE", "TAR",
    "TARS",  "TEA",   "TEAR", "TEARS", "TEAS", "TEN",  "TENS", "TOE",   "TOES",
    "ZEST",  "QI",    "QAT",  "AXE",   "AXES", "REST", "NEST", "NOTE",  "NOTES",
    "STONE", "ONSET", "TONE", "TONES", NULL,
};

/* A lexicon with its word graph, built from a word array, and the plain
 * list view brute force judges with. */
struct lexicons {
    struct dict *dict;
    struct core_lexicon graph; /* dict_lexicon(): contains + graph */
    struct core_lexicon plain; /* ts_lexicon(): the array, no graph */
};

static void lexicons_make(struct lexicons *l, const char *const *words)
{
    size_t len = 0;
    for (const char *const *w = words; *w != NULL; w++)
        len += strlen(*w) + 1;
    char *text = malloc(len + 1);
    cr_assert_not_null(text);
    size_t o = 0;
    for (const char *const *w = words; *w != NULL; w++) {
        size_t n = strlen(*w);
        memcpy(text + o, *w, n);
        text[o + n] = '\n';
        o += n + 1;
    }
    struct clb_error err;
    cr_assert_eq(dict_from_text(text, o, "words", &l->dict, &err), CLB_ERR_OK,
                 "%s", err.detail);
    free(text);
    l->graph = dict_lexicon(l->dict);
    l->plain = ts_lexicon(words);
}

/* The small list, built once per test by the fixture below. */
static struct lexicons small;

static void small_setup(void)
{
    lexicons_make(&small, small_words);
}

static void small_teardown(void)
{
    dict_free(small.dict);
}

static struct dict *sowpods(void)
{
    struct dict *d = NULL;
    struct clb_error err;
    cr_assert_eq(dict_load(CLB_TEST_LEXICON, &d, &err), CLB_ERR_OK, "%s",
                 err.detail);
    return d;
}

#define CAP ((size_t)200000)

/* Checks everything the generator promises for the player to move in g:
 * rules, brute force, any, best, top. Returns the number of plays. */
static size_t check_position(const struct core_game *g,
                             const struct core_lexicon *graph_lex,
                             const struct core_lexicon *judge)
{
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g->board,
                      graph_lex->graph);
    const struct core_rack *rack = &g->hands[g->turn];
    struct core_play *plays = malloc(CAP * sizeof *plays);
    struct ts_play *gen = malloc(CAP * sizeof *gen);
    struct ts_play *ref = malloc(CAP * sizeof *ref);
    cr_assert(plays != NULL && gen != NULL && ref != NULL);
    size_t n = core_movegen_all(&mg, rack, plays, CAP);
    cr_assert_lt(n, CAP, "too many plays for the test buffer");

    /* Every play passes the rules with the same points and main word. */
    for (size_t i = 0; i < n; i++) {
        struct core_move m;
        struct core_move_result res;
        struct clb_error err;
        core_play_to_move(&plays[i], (const char(*)[CLB_BOARD_SIZE])g->board,
                          &m);
        cr_assert_eq(m.ntiles, plays[i].ntiles);
        enum clb_err rc = core_move_check(g, &m, judge, &res, &err);
        char word[CLB_WORD_MAX + 1], coord[4];
        core_play_word(&plays[i], (const char(*)[CLB_BOARD_SIZE])g->board,
                       word);
        core_play_coord(&plays[i], coord);
        cr_assert_eq(rc, CLB_ERR_OK, "%s at %s refused: %s %s", word, coord,
                     clb_err_code(rc), err.detail);
        cr_assert_eq(res.points, plays[i].points, "%s at %s: %d, rules say %d",
                     word, coord, plays[i].points, res.points);
        cr_assert_str_eq(res.words[0], word, "main word at %s", coord);
        ts_play_from(&plays[i], g, &gen[i]);
    }
    ts_play_sort(gen, n);
    for (size_t i = 1; i < n; i++)
        cr_assert_neq(ts_play_cmp(&gen[i - 1], &gen[i]), 0,
                      "a play was generated twice");

    /* Exactly the brute-force set, points included. */
    size_t m = ts_brute_plays(g, judge, ref, CAP);
    cr_assert_eq(n, m, "generator found %zu plays, brute force %zu", n, m);
    for (size_t i = 0; i < n; i++)
        cr_assert_eq(ts_play_cmp(&gen[i], &ref[i]), 0,
                     "play %zu differs (%d tiles, %d points vs %d tiles, %d)",
                     i, gen[i].ntiles, gen[i].points, ref[i].ntiles,
                     ref[i].points);

    /* any, best and top agree with the whole list. */
    cr_assert_eq(core_movegen_any(&mg, rack), n > 0);
    qsort(plays, n, sizeof *plays,
          (int (*)(const void *, const void *))core_play_compare);
    struct core_play best;
    memset(&best, 0x55, sizeof best);
    bool has = core_movegen_best(&mg, rack, &best);
    cr_assert_eq(has, n > 0);
    if (has)
        cr_assert_eq(core_play_compare(&best, &plays[0]), 0,
                     "best is not the first of the sorted list");
    struct core_play top[25];
    cr_assert_eq(core_movegen_top(&mg, rack, top, 25), n);
    for (size_t i = 0; i < n && i < 25; i++)
        cr_assert_eq(core_play_compare(&top[i], &plays[i]), 0, "top[%zu]", i);
    cr_assert_eq(core_movegen_all(&mg, rack, NULL, 0), n, "counting only");
    free(plays);
    free(gen);
    free(ref);
    return n;
}

/* Checks the player to move in g with the small list. */
static size_t check_small(const struct core_game *g)
{
    return check_position(g, &small.graph, &small.plain);
}

/* ---- small word list ------------------------------------------------- */

Test(core_movegen, empty_board_plays_cross_the_centre, .init = small_setup,
     .fini = small_teardown)
{
    struct core_game g;
    ts_game(&g, "CATS", "");
    size_t n = check_small(&g);
    cr_expect_gt(n, 20, "%zu plays", n);
}

Test(core_movegen, one_word_on_the_board, .init = small_setup,
     .fini = small_teardown)
{
    struct core_game g;
    ts_game(&g, "SEAT", "");
    ts_board_word(&g, 7, 6, true, "CAT");
    size_t n = check_small(&g);
    cr_expect_gt(n, 20, "%zu plays", n);
}

Test(core_movegen, crowded_board, .init = small_setup, .fini = small_teardown)
{
    struct core_game g;
    ts_game(&g, "RATE", "");
    ts_board_word(&g, 7, 5, true, "STONE");
    ts_board_word(&g, 2, 7, false, "TEARS");
    ts_board_word(&g, 5, 3, true, "ZEST");
    ts_board_word(&g, 9, 6, true, "AXES");
    ts_board_word(&g, 10, 11, false, "TEN");
    size_t n = check_small(&g);
    cr_expect_gt(n, 50, "%zu plays", n);
}

Test(core_movegen, words_along_the_edges, .init = small_setup,
     .fini = small_teardown)
{
    struct core_game g;
    ts_game(&g, "SETA", "");
    ts_board_word(&g, 0, 0, true, "STAR");
    ts_board_word(&g, 0, 14, false, "TEAR");
    ts_board_word(&g, 14, 10, true, "NOTES");
    ts_board_word(&g, 10, 0, false, "RATE");
    check_small(&g);
}

Test(core_movegen, one_blank_is_every_letter, .init = small_setup,
     .fini = small_teardown)
{
    struct core_game g;
    ts_game(&g, "T?AS", "");
    ts_board_word(&g, 7, 6, true, "CAT");
    ts_board_word(&g, 4, 8, false, "RATE");
    size_t n = check_small(&g);
    cr_expect_gt(n, 100, "%zu plays", n);
}

Test(core_movegen, two_blanks, .init = small_setup, .fini = small_teardown)
{
    struct core_game g;
    ts_game(&g, "??E", "");
    ts_board_word(&g, 7, 5, true, "TONES");
    check_small(&g);
}

Test(core_movegen, blanks_on_the_board_score_nothing, .init = small_setup,
     .fini = small_teardown)
{
    struct core_game g;
    ts_game(&g, "SEAR", "");
    ts_board_word(&g, 7, 6, true, "cAT");
    ts_board_word(&g, 6, 8, false, "tEN");
    check_small(&g);
}

Test(core_movegen, single_tiles_are_listed_once)
{
    /* Only single tiles fit here: each square is one play whichever way
     * its words run. */
    static const char *const words[] = {"CAT", "CATS", "AS", "TA", NULL};
    struct lexicons l;
    lexicons_make(&l, words);
    struct core_game g;
    ts_game(&g, "S", "");
    ts_board_word(&g, 7, 6, true, "CAT");
    ts_board_word(&g, 6, 9, false, "A");
    /* Board: A at (6,9) above the square (7,9) after CAT: S there makes
     * CATS across and AS down. */
    size_t n = check_position(&g, &l.graph, &l.plain);
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g.board,
                      l.graph.graph);
    struct core_play all[16];
    cr_assert_eq(core_movegen_all(&mg, &g.hands[0], all, 16), n);
    int at_79 = 0;
    for (size_t i = 0; i < n; i++) {
        struct core_move m;
        core_play_to_move(&all[i], (const char(*)[CLB_BOARD_SIZE])g.board, &m);
        if (m.tiles[0].row == 7 && m.tiles[0].col == 9) {
            at_79++;
            /* CATS: C3 + A1 + T1 + S1 = 6, S on (7,9)? no premium there;
             * AS: 1 + 1 = 2. Total 8, main word across. */
            cr_expect_eq(all[i].down, 0);
            cr_expect_eq(all[i].points, 8);
        }
    }
    cr_expect_eq(at_79, 1, "the S after CAT is one play");
    dict_free(l.dict);
}

Test(core_movegen, no_play_finds_nothing, .init = small_setup,
     .fini = small_teardown)
{
    struct core_game g;
    /* V, V, J, K and U appear in no word of the list. */
    ts_game(&g, "VVJKU", "");
    ts_board_word(&g, 7, 6, true, "CAT");
    cr_expect_eq(check_small(&g), 0);
    /* Nor on an empty board. */
    ts_game(&g, "VVJKU", "");
    cr_expect_eq(check_small(&g), 0);
    /* An empty rack has no play. */
    ts_game(&g, "", "");
    ts_board_word(&g, 7, 6, true, "CAT");
    cr_expect_eq(check_small(&g), 0);
}

Test(core_movegen, a_full_line_and_a_one_word_lexicon)
{
    static const char *const words[] = {"ZA", NULL};
    struct lexicons l;
    lexicons_make(&l, words);
    struct core_game g;
    ts_game(&g, "A", "");
    ts_board_word(&g, 7, 7, true, "Z");
    size_t n = check_position(&g, &l.graph, &l.plain);
    /* ZA across (8 + ... Z10 + A1 = 11) and ZA down. */
    cr_expect_eq(n, 2);
    dict_free(l.dict);
}

/* ---- whole games ------------------------------------------------------ */

/* Plays greedy games (best play each turn, passing when there is none)
 * with racks cut to `rack_size`, checking every position on the way. */
static void play_out(const struct core_lexicon *graph_lex,
                     const struct core_lexicon *judge, const char *seed,
                     int rack_size, int max_turns)
{
    struct core_game g;
    core_game_new(&g, seed, strlen(seed), "");
    for (int turn = 0; turn < max_turns && !g.game_over; turn++) {
        struct core_game probe = g;
        struct core_rack *r = &probe.hands[probe.turn];
        if (r->count > rack_size)
            r->count = rack_size;
        check_position(&probe, graph_lex, judge);

        struct core_movegen mg;
        core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g.board,
                          graph_lex->graph);
        struct core_play best;
        struct core_move m;
        memset(&m, 0, sizeof m);
        if (core_movegen_best(&mg, &g.hands[g.turn], &best))
            core_play_to_move(&best, (const char(*)[CLB_BOARD_SIZE])g.board,
                              &m);
        else
            m.type = CORE_MOVE_PASS;
        struct core_move_result res;
        struct clb_error err;
        cr_assert_eq(core_move_apply(&g, &m, graph_lex, &g, &res, &err),
                     CLB_ERR_OK, "%s", err.detail);
    }
}

Test(core_movegen, greedy_games_with_the_small_list, .init = small_setup,
     .fini = small_teardown)
{
    play_out(&small.graph, &small.plain, "small-1", 4, 12);
    play_out(&small.graph, &small.plain, "small-2", 4, 12);
}

Test(core_movegen, sowpods_positions_against_brute_force)
{
    struct dict *d = sowpods();
    struct core_lexicon lex = dict_lexicon(d);
    play_out(&lex, &lex, "sowpods-1", 3, 16);
    dict_free(d);
}

Test(core_movegen, sowpods_blank_rack_against_brute_force)
{
    struct dict *d = sowpods();
    struct core_lexicon lex = dict_lexicon(d);
    struct core_game g;
    ts_game(&g, "ER?", "");
    ts_board_word(&g, 7, 4, true, "QUIXOTE");
    ts_board_word(&g, 3, 9, false, "ZEBRA");
    ts_board_word(&g, 2, 5, true, "JOKE");
    size_t n = check_position(&g, &lex, &lex);
    cr_expect_gt(n, 1000, "%zu plays", n);
    dict_free(d);
}

/* ---- the benchmark's positions ---------------------------------------- */

/* Checks what needs no brute force on a position: every play passes the
 * rules with the same points and main word and is listed once; "any"
 * agrees with the count; the best play (searched with the anchors' bounds)
 * is the first of the whole list in core_play_compare() order; the top 25
 * are its head. Returns the number of plays. */
static size_t check_against_the_rules(const struct core_game *g,
                                      const struct core_lexicon *lex)
{
    struct core_movegen mg;
    const char(*board)[CLB_BOARD_SIZE] =
        (const char(*)[CLB_BOARD_SIZE])g->board;
    core_movegen_init(&mg, board, lex->graph);
    const struct core_rack *rack = &g->hands[g->turn];
    struct core_play *plays = malloc(CAP * sizeof *plays);
    struct ts_play *gen = malloc(CAP * sizeof *gen);
    cr_assert(plays != NULL && gen != NULL);
    size_t n = core_movegen_all(&mg, rack, plays, CAP);
    cr_assert_lt(n, CAP);
    for (size_t i = 0; i < n; i++) {
        struct core_move m;
        struct core_move_result res;
        struct clb_error err;
        core_play_to_move(&plays[i], board, &m);
        cr_assert_eq(core_move_check(g, &m, lex, &res, &err), CLB_ERR_OK, "%s",
                     err.detail);
        cr_assert_eq(res.points, plays[i].points);
        char word[CLB_WORD_MAX + 1];
        core_play_word(&plays[i], board, word);
        cr_assert_str_eq(res.words[0], word);
        ts_play_from(&plays[i], g, &gen[i]);
    }
    ts_play_sort(gen, n);
    for (size_t i = 1; i < n; i++)
        cr_assert_neq(ts_play_cmp(&gen[i - 1], &gen[i]), 0,
                      "a play was generated twice");
    cr_assert_eq(core_movegen_any(&mg, rack), n > 0);
    qsort(plays, n, sizeof *plays,
          (int (*)(const void *, const void *))core_play_compare);
    struct core_play best;
    cr_assert_eq(core_movegen_best(&mg, rack, &best), n > 0);
    if (n > 0)
        cr_assert_eq(core_play_compare(&best, &plays[0]), 0,
                     "best %d points, the list's first %d", best.points,
                     plays[0].points);
    struct core_play top[25];
    cr_assert_eq(core_movegen_top(&mg, rack, top, 25), n);
    for (size_t i = 0; i < n && i < 25; i++)
        cr_assert_eq(core_play_compare(&top[i], &plays[i]), 0, "top[%zu]", i);
    free(plays);
    free(gen);
    return n;
}

Test(core_movegen, every_benchmark_position_against_the_rules)
{
    /* bench/positions.txt: openings, midgames, late games, racks with one
     * or two blanks (22,182 plays at most), positions with no play. Brute
     * force would take minutes here; the rules judge every play instead,
     * and the best play's pruning is checked against the whole list. */
    struct dict *d = sowpods();
    struct core_lexicon lex = dict_lexicon(d);
    FILE *f = fopen(CLB_TEST_DATA_DIR "/../../bench/positions.txt", "r");
    cr_assert_not_null(f);
    char line[512];
    int positions = 0, without = 0;
    size_t most = 0;
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
        size_t n = check_against_the_rules(&g, &lex);
        most = n > most ? n : most;
        without += n == 0;
        positions++;
    }
    fclose(f);
    cr_assert_eq(positions, 62);
    cr_assert_geq(without, 6, "the no-play positions");
    cr_assert_gt(most, 20000);
    dict_free(d);
}

/* ---- the copies of the search ----------------------------------------- */

Test(core_movegen, plain_popcount_counts_as_the_instruction_does)
{
    /* The search is compiled with the POPCNT instruction where the
     * processor has it and with core_kwg_popcount() elsewhere; that count
     * is the only difference between the two copies, so it must agree on
     * every list header the search can meet (27 bits), here every value
     * of up to three bits and a million others. */
    for (int a = 0; a < 32; a++)
        for (int b = a; b < 32; b++)
            for (int c = b; c < 32; c++) {
                uint32_t x = 1u << a | 1u << b | 1u << c;
                cr_assert_eq(core_kwg_popcount(x),
                             (unsigned)__builtin_popcount(x), "%08x", x);
            }
    uint32_t x = 2463534242u;
    for (int i = 0; i < 1000000; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        cr_assert_eq(core_kwg_popcount(x), (unsigned)__builtin_popcount(x),
                     "%08x", x);
    }
    cr_assert_eq(core_kwg_popcount(0), 0);
    cr_assert_eq(core_kwg_popcount(UINT32_MAX), 32);
}

/* ---- the API of plays -------------------------------------------------- */

Test(core_movegen, coordinates_use_scrabble_notation)
{
    struct core_play p = {0};
    char s[4];
    p.row = 7;
    p.col = 3;
    core_play_coord(&p, s);
    cr_expect_str_eq(s, "8D");
    p.down = 1;
    core_play_coord(&p, s);
    cr_expect_str_eq(s, "D8");
    p.row = 14;
    p.col = 14;
    core_play_coord(&p, s);
    cr_expect_str_eq(s, "O15");
    p.down = 0;
    p.row = 0;
    p.col = 0;
    core_play_coord(&p, s);
    cr_expect_str_eq(s, "1A");
}

Test(core_movegen, a_short_top_list_and_a_short_buffer, .init = small_setup,
     .fini = small_teardown)
{
    struct core_game g;
    ts_game(&g, "SEAT", "");
    ts_board_word(&g, 7, 6, true, "CAT");
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g.board,
                      small.graph.graph);
    size_t n = core_movegen_all(&mg, &g.hands[0], NULL, 0);
    cr_assert_gt(n, 10);
    /* A buffer of 3 keeps 3, still counts all; top 0 counts only. */
    struct core_play few[3];
    cr_expect_eq(core_movegen_all(&mg, &g.hands[0], few, 3), n);
    cr_expect_eq(core_movegen_top(&mg, &g.hands[0], few, 0), n);
    cr_expect_eq(core_movegen_top(&mg, &g.hands[0], few, 3), n);
    cr_expect_geq(few[0].points, few[1].points);
    cr_expect_geq(few[1].points, few[2].points);
}
