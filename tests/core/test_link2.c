/* tests/core/test_link2.c - the v2 turn link (core/link2.c) and the history
 * it carries (core/history.c): round trips at every position of random
 * games, the integrity property (every truncation and every single changed
 * character refused), canonical uniqueness, the classic-position start,
 * named word lists, the move limit and hostile links. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/link2.h"
#include "test_support.h"

static const struct core_lexicon_id builtin = {CORE_LEXICON_BUILTIN_FINGERPRINT,
                                               CORE_LEXICON_BUILTIN_NAME, NULL};
static const struct core_lexicon_id twl = {0x12345678u, "twl06", NULL};

/* Decodes s with `lex`; returns the code. */
static enum clb_err decode(const char *s, size_t len,
                           const struct core_lexicon *lex,
                           struct core_history *h, struct core_game *g,
                           struct core_link2 *link, struct clb_error *err)
{
    if (core_link2_read_header(s, len, h, link, err) != CLB_ERR_OK)
        return err->code;
    return core_link2_read_moves(link, lex, h, g, err);
}

/* One random game played to its end, with the link after every move. */
struct played {
    struct core_history h;
    int npositions;
    struct core_link2 links[CLB_MAX_GAME_MOVES + 1];
    struct core_game positions[CLB_MAX_GAME_MOVES + 1];
};

static void play_random(struct played *p, uint32_t seed, uint64_t rng,
                        const struct core_lexicon_id *id)
{
    struct core_lexicon lex = ts_any_word();
    struct clb_error err;
    struct core_game g;
    core_history_from_seed(&p->h, seed, id, "");
    g = p->h.first;
    cr_assert_eq(core_link2_begin(&p->h, &p->links[0], &err), CLB_ERR_OK);
    p->positions[0] = g;
    p->npositions = 1;
    while (!g.game_over) {
        struct core_move m;
        struct core_game before = g;
        ts_random_move(&g, &lex, &rng, &m);
        cr_assert_eq(core_history_play(&p->h, &g, &m, &lex, NULL, &err),
                     CLB_ERR_OK, "%s", err.detail);
        struct core_link2 *l = &p->links[p->npositions];
        *l = p->links[p->npositions - 1];
        cr_assert_eq(core_link2_append(l, &before,
                                       &p->h.moves[p->h.nmoves - 1].move, &g,
                                       &err),
                     CLB_ERR_OK, "%s", err.detail);
        p->positions[p->npositions++] = g;
    }
}

static struct played *new_played(void)
{
    struct played *p = malloc(sizeof *p);
    cr_assert_not_null(p);
    return p;
}

Test(core_link2, crc_is_openpgp_crc24)
{
    /* The check value RFC 4880's CRC-24 gives for "123456789". */
    cr_assert_eq(ts_crc24((const unsigned char *)"123456789", 9), 0x21CF02u);
}

Test(core_link2, a_new_game_is_eleven_characters_and_deals_from_its_seed)
{
    struct core_history h, back;
    struct core_link2 link, read;
    struct core_game dealt, g;
    struct clb_error err;
    struct core_lexicon lex = ts_any_word();
    core_history_from_seed(&h, 123456789, &builtin, "");
    cr_assert_eq(core_link2_begin(&h, &link, &err), CLB_ERR_OK);
    /* '2', four check characters, 36 bits of payload (start, lexicon,
     * seed, end) in six characters. */
    cr_assert_eq(link.len, 11, "%s", link.text);
    cr_assert_eq(link.text[0], '2');
    cr_assert_eq(decode(link.text, link.len, &lex, &back, &g, &read, &err),
                 CLB_ERR_OK, "%s", err.detail);
    core_game_deal(&dealt, 123456789, "");
    cr_assert_eq(memcmp(&g, &dealt, sizeof g), 0);
    cr_assert_eq(back.start, CORE_START_SEED);
    cr_assert_eq(back.seed, 123456789u);
    cr_assert_eq(back.nmoves, 0);
    cr_assert(core_lexicon_id_builtin(&back.lexicon));
    cr_assert_str_eq(back.lexicon.name, "sowpods");
}

Test(core_link2, every_position_of_random_games_round_trips)
{
    struct played *p = new_played();
    struct core_history *h = malloc(sizeof *h);
    struct core_link2 read, again;
    struct core_game g;
    struct clb_error err;
    struct core_lexicon lex = ts_any_word();
    int ends[4] = {0};
    for (int game = 0; game < 40; game++) {
        play_random(p, (uint32_t)game * 7919u,
                    0x9E3779B97F4A7C15u ^ (uint64_t)game,
                    game % 5 == 4 ? &twl : &builtin);
        ends[p->positions[p->npositions - 1].end]++;
        for (int i = 0; i < p->npositions; i++) {
            const struct core_link2 *l = &p->links[i];
            cr_assert_eq(decode(l->text, l->len, &lex, h, &g, &read, &err),
                         CLB_ERR_OK, "game %d move %d: %s (%s)", game, i,
                         err.detail, l->text);
            cr_assert_eq(memcmp(&g, &p->positions[i], sizeof g), 0,
                         "game %d move %d replays differently", game, i);
            cr_assert_eq(h->nmoves, i);
            cr_assert_eq(g.moves, i);
            cr_assert_eq(read.next_bit, l->next_bit);
            for (int m = 0; m < i; m++)
                cr_assert_eq(
                    memcmp(&h->moves[m], &p->h.moves[m], sizeof h->moves[m]), 0,
                    "record %d", m);
        }
        /* Written from scratch, the history is the appended link. */
        cr_assert_eq(core_link2_encode(&p->h, &lex, &again, &err), CLB_ERR_OK);
        cr_assert_str_eq(again.text, p->links[p->npositions - 1].text);
    }
    /* The random games end every way a game can. */
    cr_assert_gt(ends[CORE_END_PASSES], 0);
    cr_assert_gt(ends[CORE_END_OUT], 0);
    free(h);
    free(p);
}

/* The integrity property: of a valid link, every truncated prefix and
 * every single-character change is refused as damaged, never read as some
 * other game. The CRC catches all of them with certainty (a changed
 * character is an error burst of at most 8 bits); the structure alone
 * catches every truncation, which forged_truncations_fail_on_structure
 * shows with the check characters recomputed. */
Test(core_link2, every_truncation_and_single_change_is_refused)
{
    struct played *p = new_played();
    struct core_history *h = malloc(sizeof *h);
    struct core_link2 read;
    struct core_game g;
    struct clb_error err;
    struct core_lexicon lex = ts_any_word();
    uint64_t rng = 12345;
    long links = 0, refusals = 0;
    char s[CLB_MAX_LINK2_CHARS + 1];
    for (int game = 0; game < 80; game++) {
        play_random(p, (uint32_t)game, (uint64_t)game * 31 + 7,
                    game % 4 == 3 ? &twl : &builtin);
        for (int i = 0; i < p->npositions; i++, links++) {
            const struct core_link2 *l = &p->links[i];
            for (size_t n = 0; n < l->len; n++, refusals++) {
                enum clb_err rc = decode(l->text, n, &lex, h, &g, &read, &err);
                cr_assert_eq(rc, CLB_ERR_BAD_STATE, "prefix %zu of %s", n,
                             l->text);
            }
            /* Every position with two other characters at random; for the
             * first two links of each game, with every other character. */
            for (size_t at = 0; at < l->len; at++) {
                char others[63];
                int n = 0;
                for (int c = 0; c < 64; c++)
                    if (ts_b64url[c] != l->text[at])
                        others[n++] = ts_b64url[c];
                int tries = i < 2 ? n : 2;
                for (int t = 0; t < tries; t++, refusals++) {
                    rng = rng * 6364136223846793005u + 1442695040888963407u;
                    memcpy(s, l->text, l->len + 1);
                    s[at] = others[i < 2 ? t : (int)((rng >> 33) % 63)];
                    enum clb_err rc =
                        decode(s, l->len, &lex, h, &g, &read, &err);
                    cr_assert_eq(rc, CLB_ERR_BAD_STATE, "%s changed at %zu",
                                 l->text, at);
                    cr_assert(strstr(err.detail, "damaged") != NULL ||
                                  strstr(err.detail, "not a v2 link") != NULL,
                              "%s", err.detail);
                }
            }
        }
    }
    cr_assert_gt(links, 2000, "only %ld links", links);
    cr_log_info("%ld links, %ld damaged variants refused", links, refusals);
    free(h);
    free(p);
}

Test(core_link2, forged_truncations_fail_on_structure)
{
    struct played *p = new_played();
    struct core_history *h = malloc(sizeof *h);
    struct core_link2 read;
    struct core_game g;
    struct clb_error err;
    struct core_lexicon lex = ts_any_word();
    char s[CLB_MAX_LINK2_CHARS + 1];
    for (int game = 0; game < 10; game++) {
        play_random(p, (uint32_t)game + 100, (uint64_t)game + 100, &builtin);
        for (int i = 0; i < p->npositions; i++) {
            const struct core_link2 *l = &p->links[i];
            for (size_t n = 6; n < l->len; n++) {
                memcpy(s, l->text, n);
                s[n] = '\0';
                ts_forge_link2_crc(s, n);
                cr_assert_eq(decode(s, n, &lex, h, &g, &read, &err),
                             CLB_ERR_BAD_STATE, "prefix %zu of %s", n, l->text);
                cr_assert(strstr(err.detail, "cut short") != NULL ||
                              strstr(err.detail, "damaged") != NULL,
                          "%s", err.detail);
            }
        }
    }
    free(h);
    free(p);
}

/* One game, one link: a forged link (its check characters recomputed)
 * that reads at all reads back to exactly itself, so no game has two
 * links and a change can never make another link of the same game. */
Test(core_link2, a_link_that_reads_is_the_only_link_of_its_game)
{
    struct played *p = new_played();
    struct core_history *h = malloc(sizeof *h);
    struct core_link2 read, again;
    struct core_game g;
    struct clb_error err;
    struct core_lexicon lex = ts_any_word();
    char s[CLB_MAX_LINK2_CHARS + 1];
    long accepted = 0;
    for (int game = 0; game < 6; game++) {
        play_random(p, (uint32_t)game + 500, (uint64_t)game + 500, &builtin);
        const struct core_link2 *l = &p->links[p->npositions - 1];
        for (size_t at = 5; at < l->len; at++)
            for (int bit = 0; bit < 6; bit++) {
                memcpy(s, l->text, l->len + 1);
                s[at] = ts_b64url[(strchr(ts_b64url, s[at]) - ts_b64url) ^
                                  (1 << bit)];
                ts_forge_link2_crc(s, l->len);
                if (decode(s, l->len, &lex, h, &g, &read, &err) != CLB_ERR_OK)
                    continue;
                accepted++;
                cr_assert_eq(core_link2_encode(h, &lex, &again, &err),
                             CLB_ERR_OK);
                cr_assert_str_eq(again.text, s);
            }
    }
    cr_log_info("%ld forged variants read as a game of their own", accepted);
    free(h);
    free(p);
}

Test(core_link2, a_classic_position_starts_a_history)
{
    struct core_history *h = malloc(sizeof *h), *back = malloc(sizeof *back);
    struct core_link2 link, read;
    struct core_game g, pos;
    struct clb_error err;
    struct core_lexicon lex = ts_any_word();
    uint64_t rng = 99;
    /* A classic link's position: some moves into a game, a blank on the
     * board, an odd gameId. */
    struct core_move_result res;
    core_game_new(&pos, "classic", 7, "");
    for (int i = 0; i < 6; i++) {
        struct core_move m;
        ts_random_move(&pos, &lex, &rng, &m);
        cr_assert_eq(core_move_apply(&pos, &m, &lex, &pos, &res, &err),
                     CLB_ERR_OK);
    }
    strcpy(pos.game_id, "Ab3_x-9QzK");
    cr_assert_eq(core_game_validate(&pos, &err), CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(core_history_from_position(h, &pos, &twl, &err), CLB_ERR_OK);
    cr_assert_eq(core_link2_begin(h, &link, &err), CLB_ERR_OK);
    g = h->first;
    for (int i = 0; i < 5; i++) {
        struct core_move m;
        struct core_game before = g;
        ts_random_move(&g, &lex, &rng, &m);
        cr_assert_eq(core_history_play(h, &g, &m, &lex, NULL, &err),
                     CLB_ERR_OK);
        cr_assert_eq(
            core_link2_append(&link, &before, &h->moves[i].move, &g, &err),
            CLB_ERR_OK);
    }
    struct core_game want = g;
    cr_assert_eq(decode(link.text, link.len, &lex, back, &g, &read, &err),
                 CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(back->start, CORE_START_POSITION);
    cr_assert_str_eq(back->first.game_id, "Ab3_x-9QzK");
    cr_assert_str_eq(back->lexicon.name, "twl06");
    cr_assert_eq(back->lexicon.fingerprint, 0x12345678u);
    cr_assert_eq(memcmp(&g, &want, sizeof g), 0);
    cr_assert_eq(g.moves, 5);
    /* The draws are the classic position's own: the same moves from the
     * position itself give the same game. */
    struct core_game direct = pos;
    direct.has_last_move = false;
    memset(&direct.last_move, 0, sizeof direct.last_move);
    for (int i = 0; i < 5; i++)
        cr_assert_eq(core_move_apply(&direct, &h->moves[i].move, &lex, &direct,
                                     &res, &err),
                     CLB_ERR_OK);
    cr_assert_str_eq(direct.game_id, g.game_id);
    cr_assert_arr_eq(direct.board, g.board, sizeof g.board);
    cr_assert_arr_eq(direct.bag, g.bag, sizeof g.bag);
    cr_assert_eq(direct.score, g.score);
    free(h);
    free(back);
}

Test(core_link2, a_finished_position_cannot_start_a_history)
{
    struct core_history *h = malloc(sizeof *h);
    struct core_game g;
    struct clb_error err;
    core_game_new(&g, "over", 4, "");
    g.game_over = true;
    g.consecutive_passes = 2;
    g.end = CORE_END_PASSES;
    cr_assert_eq(core_history_from_position(h, &g, &builtin, &err),
                 CLB_ERR_BAD_STATE);
    free(h);
}

Test(core_link2, a_move_the_word_list_refuses_is_named_by_number)
{
    struct played *p = new_played();
    struct core_history *h = malloc(sizeof *h);
    struct core_link2 read;
    struct core_game g;
    struct clb_error err;
    static const char *const none[] = {NULL};
    struct core_lexicon strict = ts_lexicon(none);
    play_random(p, 4242, 4242, &builtin);
    int first_play = -1;
    for (int i = 0; i < p->h.nmoves && first_play < 0; i++)
        if (p->h.moves[i].move.type == CORE_MOVE_PLAY)
            first_play = i;
    cr_assert_geq(first_play, 0);
    const struct core_link2 *l = &p->links[p->npositions - 1];
    cr_assert_eq(decode(l->text, l->len, &strict, h, &g, &read, &err),
                 CLB_ERR_BAD_STATE);
    char want[64];
    snprintf(want, sizeof want, "move %d: Not in the dictionary",
             first_play + 1);
    cr_assert(strstr(err.detail, want) != NULL, "%s", err.detail);
    free(h);
    free(p);
}

Test(core_link2, the_move_limit_ends_the_game)
{
    struct core_history *h = malloc(sizeof *h), *back = malloc(sizeof *back);
    struct core_link2 link, read;
    struct core_game g;
    struct clb_error err;
    struct core_lexicon lex = ts_any_word();
    core_history_from_seed(h, 77, &builtin, "");
    cr_assert_eq(core_link2_begin(h, &link, &err), CLB_ERR_OK);
    g = h->first;
    /* Pass, exchange, pass, exchange...: never two passes in a row, never
     * a tile drawn for good, so only the limit ends it. */
    for (int i = 0; i < CLB_MAX_GAME_MOVES; i++) {
        struct core_move m;
        memset(&m, 0, sizeof m);
        if (i % 2 == 0) {
            m.type = CORE_MOVE_PASS;
        } else {
            m.type = CORE_MOVE_EXCHANGE;
            m.ntiles = 1;
            m.exchange[0] = g.hands[g.turn].tiles[0];
        }
        cr_assert_not(g.game_over, "over after %d moves", i);
        struct core_game before = g;
        cr_assert_eq(core_history_play(h, &g, &m, &lex, NULL, &err), CLB_ERR_OK,
                     "move %d: %s", i + 1, err.detail);
        cr_assert_eq(
            core_link2_append(&link, &before, &h->moves[i].move, &g, &err),
            CLB_ERR_OK);
    }
    cr_assert(g.game_over);
    cr_assert_eq(g.end, CORE_END_LIMIT);
    cr_assert_eq(g.moves, CLB_MAX_GAME_MOVES);
    cr_assert_gt(g.end_adjustment, -1);
    struct core_move pass = {.type = CORE_MOVE_PASS};
    cr_assert_eq(core_history_play(h, &g, &pass, &lex, NULL, &err),
                 CLB_ERR_GAME_OVER);
    struct core_game want = g;
    cr_assert_eq(decode(link.text, link.len, &lex, back, &g, &read, &err),
                 CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(memcmp(&g, &want, sizeof g), 0);
    cr_assert_eq(back->nmoves, CLB_MAX_GAME_MOVES);
    cr_assert_lt(link.len, CLB_MAX_LINK2_CHARS);
    free(h);
    free(back);
}

/* A link that goes on past the limit: its bits say "pass" again after the
 * game ended, which reads as characters after the end. */
Test(core_link2, moves_past_the_end_are_refused)
{
    struct core_history *h = malloc(sizeof *h);
    struct core_link2 link, read;
    struct core_game g, before;
    struct clb_error err;
    struct core_lexicon lex = ts_any_word();
    core_history_from_seed(h, 5, &builtin, "");
    cr_assert_eq(core_link2_begin(h, &link, &err), CLB_ERR_OK);
    g = h->first;
    struct core_move pass = {.type = CORE_MOVE_PASS};
    for (int i = 0; i < 2; i++) {
        before = g;
        cr_assert_eq(core_history_play(h, &g, &pass, &lex, NULL, &err),
                     CLB_ERR_OK);
        cr_assert_eq(core_link2_append(&link, &before, &pass, &g, &err),
                     CLB_ERR_OK);
    }
    cr_assert(g.game_over);
    /* Append a third pass as if the game went on: written against the
     * position before the end, then given valid check characters. */
    struct core_link2 longer = link;
    struct core_game on = g;
    on.game_over = false;
    cr_assert_eq(core_link2_append(&longer, &on, &pass, &on, &err), CLB_ERR_OK);
    cr_assert_gt(longer.len, link.len);
    cr_assert_eq(decode(longer.text, longer.len, &lex, h, &g, &read, &err),
                 CLB_ERR_BAD_STATE);
    cr_assert(strstr(err.detail, "after its end") != NULL, "%s", err.detail);
    free(h);
}

Test(core_link2, hostile_and_foreign_texts_are_refused)
{
    struct core_history *h = malloc(sizeof *h);
    struct core_link2 link;
    struct clb_error err;
    char big[CLB_MAX_LINK2_CHARS + 2];
    memset(big, 'A', sizeof big - 1);
    big[0] = '2';
    big[sizeof big - 1] = '\0';
    cr_assert_eq(core_link2_read_header(big, sizeof big - 1, h, &link, &err),
                 CLB_ERR_BAD_STATE);
    cr_assert(strstr(err.detail, "at most") != NULL, "%s", err.detail);
    cr_assert_eq(core_link2_read_header("2AAAA+AAAAAA", 12, h, &link, &err),
                 CLB_ERR_BAD_STATE);
    cr_assert(strstr(err.detail, "character 6") != NULL, "%s", err.detail);
    cr_assert_eq(core_link2_read_header("2", 1, h, &link, &err),
                 CLB_ERR_BAD_STATE);
    cr_assert_eq(core_link2_read_header("", 0, h, &link, &err),
                 CLB_ERR_BAD_STATE);
    cr_assert_eq(core_link_format("2abc", 4), 2);
    cr_assert_eq(core_link_format("N4Ig", 4), 1);
    cr_assert_eq(core_link_format("", 0), 1);
    cr_assert_eq(core_link_format("3abc", 4), 3);
    free(h);
}

Test(core_link2, a_later_format_is_told_apart_from_damage)
{
    struct core_history *h = malloc(sizeof *h);
    struct core_link2 link;
    struct clb_error err;
    core_history_from_seed(h, 1, &builtin, "");
    cr_assert_eq(core_link2_begin(h, &link, &err), CLB_ERR_OK);
    link.text[0] = '3';
    cr_assert_eq(core_link_newer(link.text, link.len, &err), CLB_ERR_BAD_STATE);
    cr_assert(strstr(err.detail, "damaged") != NULL, "%s", err.detail);
    ts_forge_link2_crc(link.text, link.len);
    cr_assert_eq(core_link_newer(link.text, link.len, &err), CLB_ERR_BAD_STATE);
    cr_assert(strstr(err.detail, "newer version") != NULL, "%s", err.detail);
    free(h);
}

Test(core_link2, a_move_the_link_cannot_hold_is_refused_unchanged)
{
    struct core_history *h = malloc(sizeof *h);
    struct core_link2 link, before_link;
    struct core_game g;
    struct clb_error err;
    core_history_from_seed(h, 3, &builtin, "");
    cr_assert_eq(core_link2_begin(h, &link, &err), CLB_ERR_OK);
    g = h->first;
    before_link = link;
    struct core_move m;
    ts_move_play(&m);
    ts_place(&m, 7, 7, 'Q', false); /* not the rack's tiles, most likely */
    ts_place(&m, 7, 9, 'Q', false); /* and a gap */
    cr_assert_eq(core_link2_append(&link, &g, &m, &g, &err), CLB_ERR_INTERNAL);
    cr_assert_str_eq(link.text, before_link.text);
    free(h);
}
