/* tests/core/test_history_hash.c - core_position_hash() (core/history.c),
 * the hash of a position the pages' data-chain is made of: what the
 * position is counts (board, racks as sets, bag, score, turn, passes,
 * the end), how it was reached does not (move number, last move, the
 * racks' order), and every move's record holds the hash of the position
 * after it. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <string.h>

#include "../../core/history.h"
#include "test_support.h"

static const struct core_lexicon_id builtin = {CORE_LEXICON_BUILTIN_FINGERPRINT,
                                               CORE_LEXICON_BUILTIN_NAME, NULL};

Test(core_history_hash, what_the_position_is_counts)
{
    struct core_game a, b;
    core_game_deal(&a, 4242, "");
    uint32_t h = core_position_hash(&a);
    b = a;
    cr_assert_eq(core_position_hash(&b), h, "the same position, the same hash");
    b.board[7][7] = 'A';
    cr_assert_neq(core_position_hash(&b), h, "a tile on the board");
    b = a;
    b.score++;
    cr_assert_neq(core_position_hash(&b), h, "the score");
    b = a;
    b.turn = CORE_P2;
    cr_assert_neq(core_position_hash(&b), h, "the turn");
    b = a;
    b.consecutive_passes = 1;
    cr_assert_neq(core_position_hash(&b), h, "a pass in a row");
    b = a;
    b.game_over = true;
    cr_assert_neq(core_position_hash(&b), h, "the end");
    b = a;
    b.game_id[0] = b.game_id[0] == 'x' ? 'y' : 'x';
    cr_assert_neq(core_position_hash(&b), h, "another game");
    /* One tile swapped between the bag and a rack. */
    b = a;
    int k = core_tile_kind(&core_tileset_english, b.hands[0].tiles[0]);
    int other = k == 0 ? 1 : 0;
    cr_assert_gt(b.bag[other], 0);
    b.bag[k]++;
    b.bag[other]--;
    b.hands[0].tiles[0] = core_kind_tile(&core_tileset_english, other);
    cr_assert_neq(core_position_hash(&b), h, "a rack and the bag");
}

Test(core_history_hash, how_it_was_reached_does_not)
{
    struct core_game a, b;
    core_game_deal(&a, 77, "");
    uint32_t h = core_position_hash(&a);
    b = a;
    b.moves = 12;
    b.has_last_move = true;
    b.last_move.points = 30;
    cr_assert_eq(core_position_hash(&b), h, "move number and last move");
    /* The rack's order is the player's alone. */
    b = a;
    char t = b.hands[1].tiles[0];
    b.hands[1].tiles[0] = b.hands[1].tiles[6];
    b.hands[1].tiles[6] = t;
    cr_assert_eq(core_position_hash(&b), h, "a rack in another order");
}

Test(core_history_hash, each_record_holds_the_hash_after_its_move)
{
    struct core_history h;
    struct core_game g, replayed;
    struct core_lexicon lex = ts_any_word();
    struct clb_error err;
    uint64_t rng = 99;
    core_history_from_seed(&h, 31337, &builtin, "");
    g = h.first;
    for (int i = 0; i < 12 && !g.game_over; i++) {
        struct core_move m;
        ts_random_move(&g, &lex, &rng, &m);
        cr_assert_eq(core_history_play(&h, &g, &m, &lex, NULL, &err),
                     CLB_ERR_OK, "%s", err.detail);
        cr_assert_eq(h.moves[h.nmoves - 1].after, core_position_hash(&g),
                     "move %d", i + 1);
    }
    /* A replay writes the same hashes again. */
    struct core_history again = h;
    for (int i = 0; i < again.nmoves; i++)
        again.moves[i].after = 0;
    cr_assert_eq(core_history_replay(&again, &replayed, &lex, &err), CLB_ERR_OK,
                 "%s", err.detail);
    for (int i = 0; i < h.nmoves; i++)
        cr_assert_eq(again.moves[i].after, h.moves[i].after, "move %d", i + 1);
    /* A history that starts from that position (a classic link of it)
     * has it as its first position: the same hash. */
    struct core_history from;
    cr_assert_eq(core_history_from_position(&from, &g, &builtin, &err),
                 CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(core_position_hash(&from.first), core_position_hash(&g));
}
