/* tests/server/test_gcg.c - the GCG export (server/gcg.c) against a file
 * written by hand for a short game, and the going-out line. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../../server/gcg.h"
#include "test_support.h"

static const char *const words[] = {"CATS", "TIX", NULL};

/* A classic position: CAT across the centre (row 8 from column G), the
 * given racks, `bag_e` E's in the bag, and the rest of the set on the
 * board's top and bottom rows, far from the play. With only E's in the
 * bag every draw is an E, so the whole file can be written by hand. */
static void position(struct position *pos, const char *p1, const char *p2,
                     int bag_e)
{
    struct core_game g;
    ts_game(&g, p1, p2);
    strcpy(g.game_id, "gcgTest");
    ts_board_word(&g, 7, 6, true, "CAT");
    int sq = 0;
    for (int k = 0; k < (core_tileset_english.n + 1); k++) {
        int keep = k == 'E' - 'A' ? bag_e : 0;
        while (g.bag[k] > keep) {
            /* Rows 1-6 and then 12-15: never next to rows 7-11. */
            int at = sq < 90 ? sq : sq + 75;
            cr_assert_lt(at, CLB_BOARD_SIZE * CLB_BOARD_SIZE);
            g.bag[k]--;
            g.board[at / CLB_BOARD_SIZE][at % CLB_BOARD_SIZE] =
                k == core_tileset_english.n
                    ? 'e'
                    : core_kind_tile(&core_tileset_english, k);
            sq++;
        }
    }
    g.score = 50;
    struct core_lexicon_id id = {0x1234abcdu, "test", NULL};
    struct clb_error err;
    cr_assert_eq(core_history_from_position(&pos->history, &g, &id, &err),
                 CLB_ERR_OK, "%s", err.detail);
    pos->game = pos->history.first;
    pos->format = LINK_V1;
}

static void play(struct position *pos, const struct core_move *m)
{
    struct core_lexicon lex = ts_lexicon(words);
    struct clb_error err;
    cr_assert_eq(
        core_history_play(&pos->history, &pos->game, m, &lex, NULL, &err),
        CLB_ERR_OK, "%s", err.detail);
}

static char *gcg_of(const struct position *pos)
{
    static char mem[8192];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, sizeof mem);
    gcg_write(&b, pos);
    cr_assert_not(b.overflow);
    return b.p;
}

Test(server_gcg, a_short_game_matches_the_file_written_by_hand)
{
    struct position *pos = malloc(sizeof *pos);
    position(pos, "?AORSTN", "QZWIJKX", 11);
    struct core_move m;
    /* 1. P1: a blank as S after CAT: CATs = C3 + A1 + T1 + s0 = 5 (no
     *    premium on I8). Draws an E. */
    ts_move_play(&m);
    ts_place(&m, 7, 9, 'S', true);
    play(pos, &m);
    /* 2. P2: TIX down through the T: T1 + I1 x2 (double letter on I9) + X8
     *    = 11. Draws two E's. */
    ts_move_play(&m);
    ts_place(&m, 8, 8, 'I', false);
    ts_place(&m, 9, 8, 'X', false);
    play(pos, &m);
    /* 3. P1 exchanges A and O (eight E's in the bag): two E's come in. */
    memset(&m, 0, sizeof m);
    m.type = CORE_MOVE_EXCHANGE;
    m.ntiles = 2;
    m.exchange[0] = 'O';
    m.exchange[1] = 'A';
    play(pos, &m);
    /* 4, 5. Two passes end it. The racks left, EEENRST (7) and EEJKQWZ
     * (1+1+8+5+10+4+10 = 39), come off the 66 points: 20 left. */
    memset(&m, 0, sizeof m);
    m.type = CORE_MOVE_PASS;
    play(pos, &m);
    play(pos, &m);
    cr_assert(pos->game.game_over);
    cr_assert_eq(pos->game.score, 20);

    static const char want[] =
        "#character-encoding UTF-8\n"
        "#player1 P1 Player 1\n"
        "#player2 P2 Player 2\n"
        "#title Collabble game gcgTest\n"
        "#id collabble gcgTest\n"
        "#lexicon test\n"
        "#description A cooperative game: both players add to one shared "
        "score.\n"
        "#note The game came from a classic link at a shared score of 50; the "
        "moves before it are not known.\n"
        ">P1: ANORST? 8G ...s +5 5\n"
        ">P2: IJKQWXZ I8 .IX +11 11\n"
        ">P1: AENORST -AO +0 5\n"
        ">P2: EEJKQWZ - +0 11\n"
        ">P1: EEENRST - +0 5\n"
        ">P1: EEENRST (EEENRST) -7 -2\n"
        ">P2: EEJKQWZ (EEJKQWZ) -39 -28\n"
        "#note Shared score: 20, final.\n";
    cr_assert_str_eq(gcg_of(pos), want);
    char name[64];
    gcg_filename(pos, name, sizeof name);
    cr_assert_str_eq(name, "collabble-gcgTest.gcg");
    free(pos);
}

Test(server_gcg, going_out_shows_the_partners_rack_at_nothing)
{
    struct position *pos = malloc(sizeof *pos);
    /* The bag is empty: P1 plays both its tiles, TIX (11, as above), and
     * goes out; Collabble takes nothing off for P2's QZ. */
    position(pos, "IX", "QZ", 0);
    struct core_move m;
    ts_move_play(&m);
    ts_place(&m, 9, 8, 'X', false);
    ts_place(&m, 8, 8, 'I', false);
    play(pos, &m);
    cr_assert(pos->game.game_over);
    cr_assert_eq(pos->game.end, CORE_END_OUT);
    static const char tail[] =
        ">P1: IX I8 .IX +11 11\n"
        ">P1: (QZ) +0 11\n"
        "#note Going out scores nothing in Collabble: what one player would "
        "gain, the other would lose.\n"
        "#note Shared score: 61, final.\n";
    const char *text = gcg_of(pos);
    cr_assert(strstr(text, tail) != NULL, "%s", text);
    free(pos);
}
