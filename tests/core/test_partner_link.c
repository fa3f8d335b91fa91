/* tests/core/test_partner_link.c - a solo game's v2 link: the computer's
 * seat and level in the header, its moves as ordinary moves, the seat's
 * one hand-over to a friend; every link written reads back as the same
 * game, two-player links are unchanged, and every prefix is damage. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/link2.h"
#include "../../core/movegen.h"
#include "../../core/partner.h"
#include "../../dict/dict.h"
#include "test_support.h"

static enum clb_err decode(const char *s, size_t len,
                           const struct core_lexicon *lex,
                           struct core_history *h, struct core_game *g,
                           struct core_link2 *link, struct clb_error *err)
{
    if (core_link2_read_header(s, len, h, link, err) != CLB_ERR_OK)
        return err->code;
    return core_link2_read_moves(link, lex, h, g, err);
}

/* Player 1's move: one of the top three plays (rng picks), else a pass. */
static void human_move(const struct core_game *g,
                       const struct core_lexicon *lex, uint64_t *rng,
                       struct core_move *m)
{
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g->board, lex->graph);
    struct core_play top[3];
    /* The count of all plays found; the best three are in top. */
    size_t n = core_movegen_top(&mg, &g->hands[g->turn], top, 3);
    n = n < 3 ? n : 3;
    memset(m, 0, sizeof *m);
    m->type = CORE_MOVE_PASS;
    *rng = *rng * 6364136223846793005u + 1442695040888963407u;
    if (n > 0)
        core_play_to_move(&top[(*rng >> 33) % n],
                          (const char(*)[CLB_BOARD_SIZE])g->board, m);
}

/* The link read back is the same game: moves, seat, hand-over, score. */
static void check_reads_back(const struct core_link2 *link,
                             const struct core_history *h,
                             const struct core_game *g,
                             const struct core_lexicon *lex)
{
    struct core_history *r = malloc(sizeof *r);
    struct core_link2 read;
    struct core_game rg;
    struct clb_error err;
    cr_assert_eq(decode(link->text, link->len, lex, r, &rg, &read, &err),
                 CLB_ERR_OK, "%s: %s", link->text, err.detail);
    cr_assert_eq(r->nmoves, h->nmoves);
    cr_assert_eq(r->first.partner, h->first.partner);
    cr_assert_eq(r->handover, h->handover);
    cr_assert_eq(rg.partner, g->partner);
    cr_assert_eq(rg.score, g->score);
    cr_assert_eq(rg.turn, g->turn);
    for (int i = 0; i < h->nmoves; i++)
        cr_assert_eq(core_history_by_computer(r, i),
                     core_history_by_computer(h, i));
    /* One game, one link: what the history writes is this link. */
    struct core_link2 again;
    cr_assert_eq(core_link2_encode(r, lex, &again, &err), CLB_ERR_OK, "%s",
                 err.detail);
    cr_assert_str_eq(again.text, link->text);
    free(r);
}

Test(core_partner_link, solo_games_read_back_with_their_seat_and_hand_over)
{
    struct dict *d;
    struct clb_error err;
    cr_assert_eq(dict_load(CLB_TEST_LEXICON, &d, &err), CLB_ERR_OK, "%s",
                 err.detail);
    struct core_lexicon lex = dict_lexicon(d);
    struct core_history *h = malloc(sizeof *h);
    struct core_history *r = malloc(sizeof *r);
    uint64_t rng = 0x50105EEDu;
    int handed = 0, computer_moves = 0;
    for (int game = 0; game < 9; game++) {
        int level = CORE_PARTNER_CASUAL + game % CORE_PARTNER_LEVELS;
        struct core_lexicon_id id = {.fingerprint =
                                         CORE_LEXICON_BUILTIN_FINGERPRINT};
        core_history_from_seed(h, (uint32_t)game * 40503u + 11u, &id, "");
        cr_assert_eq(core_history_set_partner(h, level, &err), CLB_ERR_OK);
        struct core_link2 link;
        cr_assert_eq(core_link2_begin(h, &link, &err), CLB_ERR_OK);
        struct core_game g = h->first;
        /* A third of the games hand the seat over at the fourth move. */
        int handover_at = game % 3 == 2 ? 3 : -1;
        while (!g.game_over) {
            struct core_game before = g;
            if (g.turn == CORE_P2 && h->nmoves == handover_at &&
                g.partner != CORE_PARTNER_FRIEND) {
                cr_assert_eq(core_history_handover(h, &g, &err), CLB_ERR_OK,
                             "%s", err.detail);
                cr_assert_eq(
                    core_link2_append_handover(&link, &before, &g, &err),
                    CLB_ERR_OK);
                handed++;
                check_reads_back(&link, h, &g, &lex);
                continue;
            }
            struct core_move m;
            if (g.turn == CORE_P2 && g.partner != CORE_PARTNER_FRIEND) {
                struct core_budget budget = {CLB_PARTNER_NODES, false};
                cr_assert_eq(core_partner_move(&g, &lex,
                                               (enum core_partner)g.partner,
                                               &budget, &m, &err),
                             CLB_ERR_OK, "%s", err.detail);
                computer_moves++;
            } else
                human_move(&g, &lex, &rng, &m);
            cr_assert_eq(core_history_play(h, &g, &m, &lex, NULL, &err),
                         CLB_ERR_OK, "move %d: %s", h->nmoves + 1, err.detail);
            cr_assert_eq(core_link2_append(&link, &before,
                                           &h->moves[h->nmoves - 1].move, &g,
                                           &err),
                         CLB_ERR_OK);
            if (h->nmoves % 7 == 0 || g.game_over)
                check_reads_back(&link, h, &g, &lex);
        }
        /* Replaying the history keeps the seat and its hand-over. */
        struct core_game replayed;
        cr_assert_eq(core_history_replay(h, &replayed, &lex, &err), CLB_ERR_OK);
        cr_assert_eq(replayed.score, g.score);
        cr_assert_eq(replayed.partner, g.partner);
        /* Every prefix of the finished game's link (its check characters
         * made right) is damage: the fields need every character. */
        struct core_link2 read;
        struct core_game rg;
        for (size_t n = 6; n < link.len; n++) {
            char cut[CLB_MAX_LINK2_CHARS + 1];
            memcpy(cut, link.text, n);
            cut[n] = '\0';
            ts_forge_link2_crc(cut, n);
            cr_assert_neq(decode(cut, n, &lex, r, &rg, &read, &err), CLB_ERR_OK,
                          "prefix %zu of %s", n, link.text);
        }
    }
    cr_assert_eq(handed, 3);
    cr_assert_gt(computer_moves, 40, "%d", computer_moves);
    free(r);
    free(h);
    dict_free(d);
}

/* The header, by hand (docs/LINK.md, "The computer's seat"): the seed of
 * "docs" (1478493), then 1110 (14, a solo game), 10 (best), then the first
 * kind, 0000 (the end): 2 + 30 + 4 + 2 + 4 = 42 bits, seven characters. */
Test(core_partner_link, the_worked_example)
{
    struct core_history *h = malloc(sizeof *h);
    struct core_link2 link;
    struct clb_error err;
    struct core_lexicon_id id = {.fingerprint =
                                     CORE_LEXICON_BUILTIN_FINGERPRINT};
    core_history_from_seed(h, 1478493u, &id, "");
    struct core_link2 plain;
    cr_assert_eq(core_link2_begin(h, &plain, &err), CLB_ERR_OK);
    cr_assert_str_eq(plain.text, "2PyMZABaPXQ");
    cr_assert_eq(core_history_set_partner(h, CORE_PARTNER_BEST, &err),
                 CLB_ERR_OK);
    cr_assert_eq(core_link2_begin(h, &link, &err), CLB_ERR_OK);
    cr_assert_str_eq(link.text, "20E0NABaPXeg");
    /* Not after the first move, nor a level that is no level. */
    h->nmoves = 1;
    cr_assert_eq(core_history_set_partner(h, CORE_PARTNER_GOOD, &err),
                 CLB_ERR_BAD_REQUEST);
    h->nmoves = 0;
    cr_assert_eq(core_history_set_partner(h, 4, &err), CLB_ERR_BAD_REQUEST);
    /* No hand-over at Player 1's turn, nor in a game for two. */
    struct core_game g = h->first;
    cr_assert_eq(core_history_handover(h, &g, &err), CLB_ERR_BAD_REQUEST);
    g.partner = CORE_PARTNER_FRIEND;
    g.turn = CORE_P2;
    cr_assert_eq(core_history_handover(h, &g, &err), CLB_ERR_BAD_REQUEST);
    free(h);
}
