/* tests/server/test_score_limit.c - the shared score's limit (CLB_MAX_SCORE),
 * and the promise behind it: every state the server writes, in either link
 * format, is one it reads back. The server's own functions (position_open,
 * position_play, position_write, the v1 codec) over random games with the
 * real SOWPODS: plays chosen by the move generator, exchanges and passes,
 * new games and classic starts near the limit. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/movegen.h"
#include "link.h"
#include "position.h"
#include "test_support.h"

static struct srv_context ctx;

static void setup(void)
{
    ts_sowpods_context(&ctx);
}

static void teardown(void)
{
    ts_context_free(&ctx);
}

TestSuite(server_score_limit, .init = setup, .fini = teardown);

static uint32_t rnd(uint64_t *s, uint32_t n)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return (uint32_t)((*s >> 11) % n);
}

Test(server_score_limit, the_sum_saturates_at_the_limit)
{
    cr_assert_eq(core_score_add(0, 0), 0);
    cr_assert_eq(core_score_add(14, 31), 45);
    cr_assert_eq(core_score_add(CLB_MAX_SCORE - 31, 31), CLB_MAX_SCORE);
    /* 999,990 + 31 = 1,000,021: past the limit, so the limit. */
    cr_assert_eq(core_score_add(999990, 31), CLB_MAX_SCORE);
    cr_assert_eq(core_score_add(CLB_MAX_SCORE, 2000), CLB_MAX_SCORE);
}

/* Writes pos in `format`, opens what was written and checks it is the same
 * position: the link the server would answer with is one it accepts. */
static void assert_round_trip(const struct position *pos,
                              enum link_format format, const char *where)
{
    static char s[CLB_MAX_ENCODED_STATE + 1];
    static struct position back;
    struct clb_error err;
    size_t n;
    clb_error_clear(&err);
    enum clb_err rc = position_write(pos, format, s, sizeof s, &n, &err);
    /* A classic start that was never played on and is over has no v2
     * link (position.h): nothing is written, so nothing is refused. */
    if (rc == CLB_ERR_BAD_STATE && format == LINK_V2 && pos->game.game_over &&
        pos->history.nmoves == 0)
        return;
    cr_assert_eq(rc, CLB_ERR_OK, "%s: writing v%d: %s", where, (int)format,
                 err.detail);
    cr_assert_eq(position_open(&ctx, s, n, &back, &err), CLB_ERR_OK,
                 "%s: the v%d link the server wrote is refused: %s (%s)", where,
                 (int)format, err.detail, s);
    cr_assert_eq(back.game.score, pos->game.score, "%s: v%d score", where,
                 (int)format);
    cr_assert_eq(back.game.game_over, pos->game.game_over, "%s", where);
    cr_assert_eq(core_game_validate(&back.game, &err), CLB_ERR_OK, "%s: %s",
                 where, err.detail);
}

/* A classic link of a new game whose score is `score`, opened as the
 * server opens it. */
static void classic_start(uint32_t seed, int score, struct position *pos)
{
    struct core_game g;
    char seedtext[16];
    int len = snprintf(seedtext, sizeof seedtext, "limit-%u", seed);
    core_game_new(&g, seedtext, (size_t)len, "");
    g.score = score;
    char s[CLB_MAX_ENCODED_STATE + 1];
    size_t n;
    struct clb_error err;
    cr_assert_eq(link_v1_encode(&g, s, sizeof s, &n, &err), CLB_ERR_OK);
    cr_assert_eq(position_open(&ctx, s, n, pos, &err), CLB_ERR_OK, "%s",
                 err.detail);
}

/* A move for the player to move: usually one of the best few plays the
 * generator finds, sometimes an exchange or a pass. */
static void pick_move(const struct core_game *g, const struct dict *d,
                      uint64_t *rng, struct core_move *m)
{
    memset(m, 0, sizeof *m);
    uint32_t roll = rnd(rng, 100);
    const struct core_rack *rack = &g->hands[g->turn];
    if (roll < 10 && core_bag_count(g) >= CLB_EXCHANGE_MIN_BAG) {
        m->type = CORE_MOVE_EXCHANGE;
        for (int i = 0; i < rack->count; i++)
            if (m->ntiles == 0 || rnd(rng, 2))
                m->exchange[m->ntiles++] = rack->tiles[i];
        return;
    }
    if (roll >= 16) {
        struct core_movegen mg;
        struct core_play top[8];
        core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g->board,
                          dict_graph(d));
        size_t n = core_movegen_top(&mg, rack, top, 8);
        if (n > 0) {
            size_t k = rnd(rng, (uint32_t)(n < 8 ? n : 8));
            core_play_to_move(&top[k], (const char(*)[CLB_BOARD_SIZE])g->board,
                              m);
            return;
        }
    }
    m->type = CORE_MOVE_PASS;
}

static struct position pos;

/* Plays one random game from `pos`, checking both links of every state
 * written on the way. Returns the number of moves made. */
static int play_game(uint32_t seed, uint64_t *rng, bool end_by_passes)
{
    char where[64];
    snprintf(where, sizeof where, "seed %u, start", seed);
    assert_round_trip(&pos, LINK_V1, where);
    assert_round_trip(&pos, LINK_V2, where);
    int moves = 0;
    while (!pos.game.game_over) {
        struct core_move m;
        pick_move(&pos.game, pos.dict, rng, &m);
        /* Some games end on two passes from a late position: the end of
         * game adjustment then comes off a saturated score. */
        if (end_by_passes && moves >= 6) {
            memset(&m, 0, sizeof m);
            m.type = CORE_MOVE_PASS;
        }
        struct core_move_result res;
        struct clb_error err;
        int before = pos.game.score;
        cr_assert_eq(position_play(&pos, &m, &res, &err), CLB_ERR_OK,
                     "seed %u move %d: %s", seed, moves + 1, err.detail);
        moves++;
        snprintf(where, sizeof where, "seed %u, move %d", seed, moves);
        assert_round_trip(&pos, LINK_V1, where);
        assert_round_trip(&pos, LINK_V2, where);
        cr_assert_leq(pos.game.score, CLB_MAX_SCORE);
        cr_assert_geq(pos.game.score, 0);
        if (!pos.game.game_over)
            cr_assert_eq(pos.game.score, core_score_add(before, res.points));
    }
    return moves;
}

Test(server_score_limit, every_state_written_in_random_games_reads_back)
{
    int saturated = 0, adjusted = 0, games = 0;
    for (uint32_t seed = 1; seed <= 48; seed++) {
        uint64_t rng = 0x9e3779b97f4a7c15ull * seed + 1;
        switch (seed % 4) {
        case 0: /* a new game from a seed */
            position_new(&ctx, 0, seed, &pos);
            break;
        case 1: /* a classic link a move or two below the limit */
            classic_start(seed, CLB_MAX_SCORE - 10 - (int)rnd(&rng, 60), &pos);
            break;
        case 2: /* the limit itself */
            classic_start(seed, CLB_MAX_SCORE, &pos);
            break;
        default: { /* a classic start, carried on as its v2 link */
            struct position v1;
            classic_start(seed, CLB_MAX_SCORE - 5, &v1);
            char s[CLB_MAX_ENCODED_STATE + 1];
            size_t n;
            struct clb_error err;
            cr_assert_eq(position_write(&v1, LINK_V2, s, sizeof s, &n, &err),
                         CLB_ERR_OK);
            cr_assert_eq(position_open(&ctx, s, n, &pos, &err), CLB_ERR_OK,
                         "%s", err.detail);
            break;
        }
        }
        bool by_passes = seed % 3 == 0;
        play_game(seed, &rng, by_passes);
        games++;
        saturated += pos.history.nmoves > 0 &&
                     pos.game.score + pos.game.end_adjustment == CLB_MAX_SCORE;
        adjusted += pos.game.end_adjustment > 0;
    }
    /* The property covered what it is about. */
    cr_assert_gt(saturated, 10, "games that reached the limit: %d", saturated);
    cr_assert_gt(adjusted, 5, "games with an end adjustment: %d", adjusted);
    cr_assert_eq(games, 48);
}

Test(server_score_limit,
     a_play_past_the_limit_keeps_its_points_and_the_link_reads)
{
    classic_start(7, 999990, &pos);
    struct core_move m;
    uint64_t rng = 7;
    do
        pick_move(&pos.game, pos.dict, &rng, &m);
    while (m.type != CORE_MOVE_PLAY);
    struct core_move_result res;
    struct clb_error err;
    cr_assert_eq(position_play(&pos, &m, &res, &err), CLB_ERR_OK);
    cr_assert_gt(res.points, 10, "the play passes the limit");
    cr_assert_eq(pos.game.score, CLB_MAX_SCORE);
    cr_assert_eq(pos.game.last_move.points, res.points, "all its points");
    cr_assert_eq(pos.history.moves[0].result.points, res.points);
    cr_assert_eq(pos.history.moves[0].score, CLB_MAX_SCORE);
    assert_round_trip(&pos, LINK_V1, "after the play");
    assert_round_trip(&pos, LINK_V2, "after the play");
}
