/* tests/core/test_game.c - new games, deterministic draws, exchange, pass,
 * the end of the game, and the consistency check of a decoded state. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>

#include "../../core/rng.h"
#include "test_support.h"

static const char *const words[] = {"CAT", "AT", NULL};

static enum clb_err apply(struct core_game *g, const struct core_move *m,
                          struct core_move_result *res)
{
    struct core_lexicon lex = ts_lexicon(words);
    struct clb_error err;
    return core_move_apply(g, m, &lex, g, res, &err);
}

static struct core_move pass_move(void)
{
    struct core_move m;
    memset(&m, 0, sizeof m);
    m.type = CORE_MOVE_PASS;
    return m;
}

static struct core_move exchange_move(const char *tiles)
{
    struct core_move m;
    memset(&m, 0, sizeof m);
    m.type = CORE_MOVE_EXCHANGE;
    for (; *tiles; tiles++)
        m.exchange[m.ntiles++] = *tiles;
    return m;
}

static bool racks_equal(const struct core_rack *a, const struct core_rack *b)
{
    return a->count == b->count && memcmp(a->tiles, b->tiles, 7) == 0;
}

Test(core_game, new_game_deals_two_racks_and_is_valid)
{
    struct core_game g;
    struct clb_error err;
    core_game_new(&g, "hello", 5, "");
    cr_assert_eq(g.hands[0].count, 7);
    cr_assert_eq(g.hands[1].count, 7);
    cr_assert_eq(core_bag_count(&g), 86);
    cr_assert(core_board_empty(&g));
    cr_assert_eq(g.turn, CORE_P1);
    cr_assert_eq(g.score, 0);
    cr_assert_not(g.has_last_move);
    cr_assert_eq(strlen(g.game_id), 10);
    cr_assert_eq(core_game_validate(&g, &err), CLB_ERR_OK, "%s", err.detail);
}

Test(core_game, same_seed_same_game_other_seed_other_game)
{
    struct core_game a, b, c;
    core_game_new(&a, "seed-1", 6, "twl06");
    core_game_new(&b, "seed-1", 6, "twl06");
    core_game_new(&c, "seed-2", 6, "twl06");
    cr_assert_eq(memcmp(&a, &b, sizeof a), 0);
    cr_assert_str_neq(a.game_id, c.game_id);
    cr_assert_str_eq(a.lexicon, "twl06");
}

Test(core_game, same_state_and_move_draw_the_same_tiles)
{
    struct core_game g, a, b;
    struct core_move m;
    struct core_move_result res;
    struct clb_error err;
    struct core_lexicon lex = ts_lexicon(words);
    ts_game(&g, "CATJKXZ", "EEEEEEE");
    ts_play_word(&m, &g, 7, 6, true, "CAT");
    cr_assert_eq(core_move_apply(&g, &m, &lex, &a, &res, &err), CLB_ERR_OK);
    cr_assert_eq(core_move_apply(&g, &m, &lex, &b, &res, &err), CLB_ERR_OK);
    cr_assert(racks_equal(&a.hands[0], &b.hands[0]));
    cr_assert_eq(memcmp(a.bag, b.bag, sizeof a.bag), 0);
    cr_assert_eq(a.hands[0].count, 7, "drew back up to seven");
    cr_assert_eq(core_bag_count(&a), core_bag_count(&g) - 3);
    cr_assert_eq(core_game_validate(&a, &err), CLB_ERR_OK, "%s", err.detail);
}

Test(core_game, play_updates_turn_score_and_last_move)
{
    struct core_game g;
    struct core_move m;
    struct core_move_result res;
    ts_game(&g, "CAT", "EE");
    g.consecutive_passes = 1;
    ts_play_word(&m, &g, 7, 6, true, "CAT");
    cr_assert_eq(apply(&g, &m, &res), CLB_ERR_OK);
    cr_assert_eq(g.turn, CORE_P2);
    cr_assert_eq(g.score, 10);
    cr_assert_eq(g.consecutive_passes, 0, "a play resets the passes");
    cr_assert(g.has_last_move);
    cr_assert_eq(g.last_move.type, CORE_MOVE_PLAY);
    cr_assert_eq(g.last_move.ncells, 3);
    cr_assert_eq(g.last_move.points, 10);
    cr_assert_str_eq(g.last_move.words[0], "CAT");
    cr_assert_eq(g.board[7][6], 'C');
}

Test(core_game, exchange_draws_first_then_returns)
{
    /* The bag holds seven E's only: an exchange of Q must bring an E, never
     * the Q back, and leave the Q in the bag. */
    struct core_game g;
    struct core_move_result res;
    ts_game(&g, "QAT", "");
    memset(g.bag, 0, sizeof g.bag);
    g.bag['E' - 'A'] = 7;
    struct core_move m = exchange_move("Q");
    cr_assert_eq(apply(&g, &m, &res), CLB_ERR_OK);
    cr_assert_eq(g.hands[0].tiles[0], 'E', "the replacement takes Q's place");
    cr_assert_eq(g.hands[0].count, 3);
    cr_assert_eq(g.bag['Q' - 'A'], 1);
    cr_assert_eq(g.bag['E' - 'A'], 6);
    cr_assert_eq(g.turn, CORE_P2);
    cr_assert_eq(g.last_move.type, CORE_MOVE_EXCHANGE);
    cr_assert_eq(g.last_move.exchanged, 1);
}

Test(core_game, exchange_keeps_the_state_conserved)
{
    struct core_game g;
    struct core_move_result res;
    struct clb_error err;
    core_game_new(&g, "x", 1, "");
    char tiles[3] = {g.hands[0].tiles[0], g.hands[0].tiles[3], '\0'};
    struct core_move m = exchange_move(tiles);
    cr_assert_eq(apply(&g, &m, &res), CLB_ERR_OK);
    cr_assert_eq(core_game_validate(&g, &err), CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(core_bag_count(&g), 86);
}

Test(core_game, exchange_needs_seven_in_the_bag)
{
    struct core_game g;
    struct core_move_result res;
    ts_game(&g, "QAT", "");
    memset(g.bag, 0, sizeof g.bag);
    g.bag['E' - 'A'] = 6;
    struct core_move m = exchange_move("Q");
    cr_assert_eq(apply(&g, &m, &res), CLB_ERR_EXCHANGE_NOT_ALLOWED);
}

Test(core_game, exchange_of_a_tile_not_held)
{
    struct core_game g;
    struct core_move_result res;
    ts_game(&g, "QAT", "");
    struct core_move m = exchange_move("Z");
    cr_assert_eq(apply(&g, &m, &res), CLB_ERR_NOT_IN_RACK);
    m = exchange_move("QQ");
    cr_assert_eq(apply(&g, &m, &res), CLB_ERR_NOT_IN_RACK);
}

Test(core_game, exchange_resets_passes)
{
    struct core_game g;
    struct core_move_result res;
    ts_game(&g, "QAT", "EE");
    struct core_move p = pass_move();
    cr_assert_eq(apply(&g, &p, &res), CLB_ERR_OK);
    cr_assert_eq(g.consecutive_passes, 1);
    struct core_move m = exchange_move("EE");
    cr_assert_eq(apply(&g, &m, &res), CLB_ERR_OK);
    cr_assert_eq(g.consecutive_passes, 0);
}

Test(core_game, two_passes_end_the_game_and_take_racks_off)
{
    /* Score 30. Racks left: Q (10) + A T (1 + 1) + a blank (0) = 12.
     * Final score 30 - 12 = 18. */
    struct core_game g;
    struct core_move_result res;
    ts_game(&g, "QAT?", "");
    g.score = 30;
    struct core_move p = pass_move();
    cr_assert_eq(apply(&g, &p, &res), CLB_ERR_OK);
    cr_assert_not(g.game_over);
    cr_assert_eq(g.last_move.type, CORE_MOVE_PASS);
    cr_assert_eq(apply(&g, &p, &res), CLB_ERR_OK);
    cr_assert(res.game_over);
    cr_assert(g.game_over);
    cr_assert_eq(g.end, CORE_END_PASSES);
    cr_assert_eq(g.end_adjustment, 12);
    cr_assert_eq(g.score, 18);
    cr_assert_eq(apply(&g, &p, &res), CLB_ERR_GAME_OVER);
}

Test(core_game, end_adjustment_never_goes_below_zero)
{
    /* Score 5, racks worth Z (10) + Q (10) = 20: the score stops at 0 and
     * the adjustment recorded is the 5 actually taken. */
    struct core_game g;
    struct core_move_result res;
    ts_game(&g, "Z", "Q");
    g.score = 5;
    struct core_move p = pass_move();
    apply(&g, &p, &res);
    apply(&g, &p, &res);
    cr_assert_eq(g.score, 0);
    cr_assert_eq(g.end_adjustment, 5);
}

Test(core_game, end_adjustment_is_known_before_the_ending_pass)
{
    /* Score 30, racks Q A T ? (10 + 1 + 1 + 0) and K (5): the second pass
     * would take 17; with score 9 it would take all 9. What the warning
     * says is what the pass then takes. */
    struct core_game g;
    struct core_move_result res;
    ts_game(&g, "QAT?", "K");
    g.score = 30;
    cr_assert_eq(core_end_adjustment(&g), 17);
    g.score = 9;
    cr_assert_eq(core_end_adjustment(&g), 9);
    struct core_move p = pass_move();
    apply(&g, &p, &res);
    int warned = core_end_adjustment(&g);
    apply(&g, &p, &res);
    cr_assert(g.game_over);
    cr_assert_eq(g.end_adjustment, warned);
}

Test(core_game, going_out_with_an_empty_bag_ends_without_adjustment)
{
    /* Bag empty; P1 plays its last two tiles AT (4 points); P2 still holds
     * a Q, which is not taken off. */
    struct core_game g;
    struct core_move m;
    struct core_move_result res;
    ts_game(&g, "AT", "Q");
    ts_empty_bag(&g);
    ts_play_word(&m, &g, 7, 7, true, "AT");
    cr_assert_eq(apply(&g, &m, &res), CLB_ERR_OK);
    cr_assert(g.game_over);
    cr_assert_eq(g.end, CORE_END_OUT);
    cr_assert_eq(g.end_adjustment, 0);
    cr_assert_eq(g.score, 4);
}

Test(core_game, short_bag_leaves_a_short_rack)
{
    struct core_game g;
    struct core_move m;
    struct core_move_result res;
    ts_game(&g, "CATEEEE", "");
    memset(g.bag, 0, sizeof g.bag);
    g.bag['S' - 'A'] = 1;
    ts_play_word(&m, &g, 7, 6, true, "CAT");
    cr_assert_eq(apply(&g, &m, &res), CLB_ERR_OK);
    cr_assert_eq(g.hands[0].count, 5);
    cr_assert_not(g.game_over);
}

Test(core_game, validate_catches_an_extra_tile)
{
    struct core_game g;
    struct clb_error err;
    core_game_new(&g, "v", 1, "");
    g.bag['E' - 'A']++;
    cr_assert_eq(core_game_validate(&g, &err), CLB_ERR_BAD_STATE);
    cr_assert(strstr(err.detail, "13 E tiles") != NULL, "%s", err.detail);
}

Test(core_game, validate_catches_a_missing_tile)
{
    struct core_game g;
    struct clb_error err;
    core_game_new(&g, "v", 1, "");
    g.hands[0].count = 6;
    cr_assert_eq(core_game_validate(&g, &err), CLB_ERR_BAD_STATE);
    cr_assert(strstr(err.detail, "tiles:") != NULL, "%s", err.detail);
}

Test(core_game, validate_counts_board_blanks_as_blanks)
{
    /* A lowercase 'e' on the board is a blank: with a blank taken from the
     * bag it balances; counted as an E it would not. */
    struct core_game g;
    struct clb_error err;
    ts_game(&g, "CAT", "DOG");
    ts_board_word(&g, 7, 7, true, "e");
    cr_assert_eq(core_game_validate(&g, &err), CLB_ERR_OK, "%s", err.detail);
    g.board[7][7] = 'E';
    cr_assert_eq(core_game_validate(&g, &err), CLB_ERR_BAD_STATE);
}

Test(core_game, validate_field_errors)
{
    struct core_game g;
    struct clb_error err;
    core_game_new(&g, "v", 1, "");
    struct core_game bad = g;
    bad.board[3][4] = '#';
    cr_assert_eq(core_game_validate(&bad, &err), CLB_ERR_BAD_STATE);
    cr_assert(strstr(err.detail, "board[3][4]") != NULL);
    bad = g;
    bad.score = -1;
    cr_assert_eq(core_game_validate(&bad, &err), CLB_ERR_BAD_STATE);
    cr_assert(strstr(err.detail, "score") != NULL);
    bad = g;
    bad.bag[0] = -1;
    cr_assert_eq(core_game_validate(&bad, &err), CLB_ERR_BAD_STATE);
    cr_assert(strstr(err.detail, "bag.A") != NULL);
    bad = g;
    bad.hands[1].count = 8;
    cr_assert_eq(core_game_validate(&bad, &err), CLB_ERR_BAD_STATE);
    cr_assert(strstr(err.detail, "hands.P2") != NULL);
    bad = g;
    bad.hands[0].tiles[2] = 'x';
    cr_assert_eq(core_game_validate(&bad, &err), CLB_ERR_BAD_STATE);
    bad = g;
    bad.consecutive_passes = 2;
    cr_assert_eq(core_game_validate(&bad, &err), CLB_ERR_BAD_STATE);
    cr_assert(strstr(err.detail, "consecutivePasses") != NULL);
    bad = g;
    bad.turn = (enum core_player)5;
    cr_assert_eq(core_game_validate(&bad, &err), CLB_ERR_BAD_STATE);
    bad = g;
    bad.has_last_move = true;
    bad.last_move.ncells = 1;
    bad.last_move.cells[0].row = 7;
    bad.last_move.cells[0].col = 7;
    cr_assert_eq(core_game_validate(&bad, &err), CLB_ERR_BAD_STATE);
    cr_assert(strstr(err.detail, "lastMove.cells[0]") != NULL);
}

Test(core_game, a_whole_seeded_game_replays_identically)
{
    /* Pass and exchange through a seeded game twice: identical states. */
    struct core_game a, b;
    struct core_move_result res;
    core_game_new(&a, "replay", 6, "");
    core_game_new(&b, "replay", 6, "");
    for (int turn = 0; turn < 6; turn++) {
        char t[2] = {a.hands[a.turn].tiles[turn % 7], '\0'};
        struct core_move m = exchange_move(t);
        cr_assert_eq(apply(&a, &m, &res), CLB_ERR_OK);
        cr_assert_eq(apply(&b, &m, &res), CLB_ERR_OK);
        cr_assert_eq(memcmp(&a, &b, sizeof a), 0);
    }
}

/* ---- canonical moves and numeric seeds (what a v2 link relies on) ------ */

Test(core_game, tiles_in_any_order_make_the_same_move_and_draws)
{
    static const char *const w[] = {"CAT", NULL};
    struct core_lexicon lex = ts_lexicon(w);
    struct core_game g, a, b;
    struct core_move fwd, rev;
    struct core_move_result ra, rb;
    struct clb_error err;
    ts_game(&g, "TACJKXZ", "EEEEEEE");
    ts_move_play(&fwd);
    ts_place(&fwd, 7, 6, 'C', false);
    ts_place(&fwd, 7, 7, 'A', false);
    ts_place(&fwd, 7, 8, 'T', false);
    ts_move_play(&rev);
    ts_place(&rev, 7, 8, 'T', false);
    ts_place(&rev, 7, 6, 'C', false);
    ts_place(&rev, 7, 7, 'A', false);
    cr_assert_eq(core_move_apply(&g, &fwd, &lex, &a, &ra, &err), CLB_ERR_OK);
    cr_assert_eq(core_move_apply(&g, &rev, &lex, &b, &rb, &err), CLB_ERR_OK);
    cr_assert_eq(memcmp(&a, &b, sizeof a), 0, "the same next state");
    cr_assert_eq(memcmp(&ra, &rb, sizeof ra), 0, "the same result");
    struct core_move c;
    core_move_canonical(&g, &rev, &c);
    cr_assert_eq(memcmp(&c, &fwd, sizeof c), 0, "sorted along the line");
}

Test(core_game, an_exchange_is_canonical_in_rack_order)
{
    struct core_game g, a, b;
    struct core_move_result res;
    ts_game(&g, "QEAZEBC", "EEEEEEE");
    struct core_move m1 = exchange_move("ZEQ"), m2 = exchange_move("QZE");
    struct core_move c;
    core_move_canonical(&g, &m1, &c);
    cr_assert_eq(memcmp(c.exchange, "QEZ", 3), 0, "%.3s", c.exchange);
    a = g;
    b = g;
    cr_assert_eq(apply(&a, &m1, &res), CLB_ERR_OK);
    cr_assert_eq(apply(&b, &m2, &res), CLB_ERR_OK);
    cr_assert_eq(memcmp(&a, &b, sizeof a), 0);
    /* A tile the rack lacks goes last, as given, and is still refused. */
    struct core_move bad = exchange_move("XQ");
    core_move_canonical(&g, &bad, &c);
    cr_assert_eq(memcmp(c.exchange, "QX", 2), 0);
    cr_assert_eq(apply(&g, &bad, &res), CLB_ERR_NOT_IN_RACK);
    /* A pass carries nothing, whatever a caller left in it. */
    struct core_move p = pass_move();
    p.ntiles = 5;
    core_move_canonical(&g, &p, &c);
    cr_assert_eq(c.ntiles, 0);
}

Test(core_game, more_tiles_than_a_rack_is_refused_not_read)
{
    struct core_game g;
    struct core_move_result res;
    ts_game(&g, "CATJKXZ", "EEEEEEE");
    struct core_move m;
    ts_move_play(&m);
    m.ntiles = CLB_RACK_SIZE + 3;
    cr_assert_eq(apply(&g, &m, &res), CLB_ERR_NOT_IN_RACK);
    m.ntiles = -2;
    cr_assert_eq(apply(&g, &m, &res), CLB_ERR_NOT_IN_RACK);
}

Test(core_game, a_seed_text_maps_to_a_numeric_seed_that_deals_the_game)
{
    struct core_game a, b;
    uint32_t s = core_seed_from_text("hello", 5);
    cr_assert_eq(s, core_seed_from_text("hello", 5));
    cr_assert_neq(s, core_seed_from_text("hellp", 5));
    cr_assert_lt(s, UINT32_C(1) << CLB_SEED_BITS);
    core_game_new(&a, "hello", 5, "");
    core_game_deal(&b, s, "");
    cr_assert_eq(memcmp(&a, &b, sizeof a), 0);
    /* Bits above CLB_SEED_BITS are not part of the seed. */
    core_game_deal(&b, s | (UINT32_C(1) << 31), "");
    cr_assert_eq(memcmp(&a, &b, sizeof a), 0);
    cr_assert_eq(a.moves, 0);
}

/* The hash of an int is, by definition, FNV-1a over its 4 bytes little-
 * endian; the fast ways of computing it (a whole step for a value below
 * 256, the unrolled byte loop) must not change a single draw. Reference:
 * the byte loop written out here. */
static uint64_t fnv_reference(uint64_t h, const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * UINT64_C(0x100000001b3);
    return h;
}

Test(core_game, the_hash_is_fnv1a_of_the_bytes)
{
    static const int ints[] = {
        0,         1,     7,       100, 255, 256,  257,        1000,
        65535,     65536, 1000000, -1,  -7,  -256, 2147483647, -2147483647 - 1,
        0x7f00ff00};
    uint64_t h = CORE_HASH_INIT;
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
        uint32_t u = (uint32_t)ints[i];
        unsigned char b[4] = {(unsigned char)u, (unsigned char)(u >> 8),
                              (unsigned char)(u >> 16),
                              (unsigned char)(u >> 24)};
        cr_assert_eq(core_hash_int(h, ints[i]), fnv_reference(h, b, 4),
                     "int %d", ints[i]);
        h = core_hash_int(h, ints[i]);
    }
    unsigned char bytes[300];
    for (size_t i = 0; i < sizeof bytes; i++)
        bytes[i] = (unsigned char)(i * 37 + 11);
    for (size_t n = 0; n <= sizeof bytes; n += 1 + n / 16)
        cr_assert_eq(core_hash_bytes(CORE_HASH_INIT, bytes, n),
                     fnv_reference(CORE_HASH_INIT, bytes, n), "%zu bytes", n);
}

/* core_hash_board() folds eight empty squares at a time through a table;
 * it must equal the byte loop over the 225 squares for every board and
 * every running hash. Every table entry is reached by an empty board's
 * first word under a hash with that low byte; boards of every density,
 * and tiles on each side of every 8-square word boundary, cover the mix
 * of empty and filled words. */
static uint64_t
board_reference(uint64_t h, const char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE])
{
    return fnv_reference(h, (const unsigned char *)board,
                         (size_t)CLB_BOARD_SIZE * CLB_BOARD_SIZE);
}

Test(core_game, the_board_hash_is_fnv1a_of_the_squares)
{
    char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE];
    memset(board, CORE_EMPTY, sizeof board);
    uint64_t x = UINT64_C(0x9e3779b97f4a7c15);
    for (unsigned low = 0; low < 256; low++) {
        x = x * UINT64_C(6364136223846793005) + 1442695040888963407u;
        uint64_t h = (x & ~UINT64_C(0xFF)) | low;
        cr_assert_eq(core_hash_board(h, (const char(*)[CLB_BOARD_SIZE])board),
                     board_reference(h, (const char(*)[CLB_BOARD_SIZE])board),
                     "empty board, low byte %u", low);
    }
    char *sq = &board[0][0];
    for (int at = 0; at < CLB_BOARD_SIZE * CLB_BOARD_SIZE; at++) {
        memset(board, CORE_EMPTY, sizeof board);
        sq[at] = (char)('A' + at % 26);
        cr_assert_eq(core_hash_board(CORE_HASH_INIT,
                                     (const char(*)[CLB_BOARD_SIZE])board),
                     board_reference(CORE_HASH_INIT,
                                     (const char(*)[CLB_BOARD_SIZE])board),
                     "one tile at square %d", at);
    }
    for (int density = 0; density <= 100; density += 5)
        for (int round = 0; round < 20; round++) {
            for (int i = 0; i < CLB_BOARD_SIZE * CLB_BOARD_SIZE; i++) {
                x = x * UINT64_C(6364136223846793005) + 1442695040888963407u;
                bool tile = (int)((x >> 33) % 100) < density;
                sq[i] = tile ? (char)((x >> 40) % 2 ? 'a' + (x >> 45) % 26
                                                    : 'A' + (x >> 45) % 26)
                             : CORE_EMPTY;
            }
            uint64_t h = x ^ CORE_HASH_INIT;
            cr_assert_eq(
                core_hash_board(h, (const char(*)[CLB_BOARD_SIZE])board),
                board_reference(h, (const char(*)[CLB_BOARD_SIZE])board),
                "density %d%%, round %d", density, round);
        }
}

/* core_hash_board_memo() is core_hash_board() for every board it is
 * handed: a board a move later (a few squares filled anywhere), the same
 * board again, a new game's empty board, and another running hash than
 * the memo began with. */
Test(core_game, the_board_memo_hashes_as_the_board_hash)
{
    char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE];
    memset(board, CORE_EMPTY, sizeof board);
    char *sq = &board[0][0];
    struct core_board_memo memo = {0};
    uint64_t x = UINT64_C(0x2545f4914f6cdd1d);
    for (int step = 0; step < 400; step++) {
        x = x * UINT64_C(6364136223846793005) + 1442695040888963407u;
        int fill = (int)((x >> 60) % 4); /* 0: the board as it was */
        for (int i = 0; i < fill; i++) {
            x = x * UINT64_C(6364136223846793005) + 1442695040888963407u;
            sq[(x >> 33) % (CLB_BOARD_SIZE * CLB_BOARD_SIZE)] =
                (char)('A' + (x >> 45) % 26);
        }
        if (step % 50 == 49)
            memset(board, CORE_EMPTY, sizeof board); /* a new game */
        /* Mostly the same running hash, as a game's moves have. */
        uint64_t h = step % 7 == 6 ? x : CORE_HASH_INIT;
        const char(*b)[CLB_BOARD_SIZE] = (const char(*)[CLB_BOARD_SIZE])board;
        cr_assert_eq(core_hash_board_memo(&memo, h, b), board_reference(h, b),
                     "step %d", step);
    }
}

/* A history applies each move in place (next == game). That must be the
 * very state a separate output gets, for a play, an exchange and a pass,
 * and a refused move must leave the state in place byte for byte. */
Test(core_game, a_move_applied_in_place_is_the_move_applied_to_a_copy)
{
    struct core_game g, copy, in_place;
    struct core_move m;
    struct core_move_result res;
    struct clb_error err;
    struct core_lexicon lex = ts_lexicon(words);
    ts_game(&g, "CATJKXZ", "EEEEEEE");
    ts_play_word(&m, &g, 7, 6, true, "CAT");
    struct core_move moves[3] = {m, exchange_move("E"), pass_move()};
    for (int i = 0; i < 3; i++) {
        in_place = g;
        cr_assert_eq(core_move_apply(&g, &moves[i], &lex, &copy, &res, &err),
                     CLB_ERR_OK, "move %d: %s", i, err.detail);
        cr_assert_eq(
            core_move_apply(&in_place, &moves[i], &lex, &in_place, &res, &err),
            CLB_ERR_OK, "move %d in place: %s", i, err.detail);
        cr_assert_eq(memcmp(&copy, &in_place, sizeof copy), 0, "move %d", i);
        g = copy;
    }
    /* Refused in place: a word the lexicon lacks, then an exchange of a
     * tile the rack lacks. */
    struct core_game before = g;
    ts_play_word(&m, &g, 8, 6, true, "TAC");
    cr_assert_neq(core_move_apply(&g, &m, &lex, &g, &res, &err), CLB_ERR_OK);
    cr_assert_eq(memcmp(&g, &before, sizeof g), 0);
    m = exchange_move("Q");
    cr_assert_neq(core_move_apply(&g, &m, &lex, &g, &res, &err), CLB_ERR_OK);
    cr_assert_eq(memcmp(&g, &before, sizeof g), 0);
}
