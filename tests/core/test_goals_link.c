/* tests/core/test_goals_link.c - goals games in the v2 link (core/link2.c,
 * core/history.c): round trips at every position of random goals games
 * with helpers, the refusals (a mode out of range, a helper with none
 * left or in a plain game, a swap of two tiles alike), the plain game's
 * link unchanged, and the cost of the goals in characters. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/goals.h"
#include "../../core/link2.h"
#include "test_support.h"

static const struct core_lexicon_id builtin = {CORE_LEXICON_BUILTIN_FINGERPRINT,
                                               CORE_LEXICON_BUILTIN_NAME, NULL};

static enum clb_err decode(const char *s, size_t len,
                           const struct core_lexicon *lex,
                           struct core_history *h, struct core_game *g,
                           struct core_link2 *link, struct clb_error *err)
{
    if (core_link2_read_header(s, len, h, link, err) != CLB_ERR_OK)
        return err->code;
    return core_link2_read_moves(link, lex, h, g, err);
}

/* A helper the rules take on g, chosen with rng; false when none is left
 * (or the swap chosen has no two different tiles to trade). */
static bool random_helper(const struct core_game *g, uint64_t *rng, bool swaps,
                          struct core_move *m)
{
    if (g->goals.helpers_left <= 0 || g->game_over)
        return false;
    memset(m, 0, sizeof *m);
    m->type = CORE_MOVE_HELPER;
    int pick = (int)(*rng % (swaps ? 3 : 2));
    m->helper.kind = (uint8_t)(pick == 0   ? CORE_HELPER_NEW_GOALS
                               : pick == 1 ? CORE_HELPER_PEEK
                                           : CORE_HELPER_SWAP);
    *rng = *rng * 6364136223846793005u + 1442695040888963407u;
    if (m->helper.kind != CORE_HELPER_SWAP)
        return true;
    const struct core_rack *a = &g->hands[g->turn], *b = &g->hands[!g->turn];
    for (int i = 0; i < a->count; i++)
        for (int j = 0; j < b->count; j++) {
            bool first_a = true, first_b = true;
            for (int k = 0; k < i; k++)
                first_a = first_a && a->tiles[k] != a->tiles[i];
            for (int k = 0; k < j; k++)
                first_b = first_b && b->tiles[k] != b->tiles[j];
            if (first_a && first_b && a->tiles[i] != b->tiles[j] &&
                (*rng >> 20) % 3 == 0) {
                m->helper.mine = (uint8_t)i;
                m->helper.theirs = (uint8_t)j;
                return true;
            }
        }
    return false;
}

/* One random goals game to its end, with its link and position after
 * every step (helpers included). */
struct played {
    struct core_history h;
    int n;
    struct core_link2 links[CLB_MAX_GAME_MOVES + CLB_GOALS_MAX_HELPERS + 1];
    struct core_game positions[CLB_MAX_GAME_MOVES + CLB_GOALS_MAX_HELPERS + 1];
    int helpers;
};

static void play_goals(struct played *p, uint32_t seed, uint64_t rng,
                       enum core_goals_level level, bool swaps)
{
    struct core_lexicon lex = ts_any_word();
    struct clb_error err;
    core_history_from_seed(&p->h, seed, &builtin, "");
    if (level != CORE_GOALS_OFF)
        cr_assert_eq(core_history_set_goals(&p->h, level, &err), CLB_ERR_OK);
    struct core_game g = p->h.first;
    cr_assert_eq(core_link2_begin(&p->h, &p->links[0], &err), CLB_ERR_OK);
    p->positions[0] = g;
    p->n = 1;
    p->helpers = 0;
    while (!g.game_over) {
        struct core_move m;
        struct core_game before = g;
        rng = rng * 6364136223846793005u + 1442695040888963407u;
        bool helper =
            (rng >> 33) % 6 == 0 && random_helper(&g, &rng, swaps, &m);
        if (!helper)
            ts_random_move(&g, &lex, &rng, &m);
        cr_assert_eq(core_history_play(&p->h, &g, &m, &lex, NULL, &err),
                     CLB_ERR_OK, "%s", err.detail);
        const struct core_move *made =
            helper ? &m : &p->h.moves[p->h.nmoves - 1].move;
        p->helpers += helper;
        struct core_link2 *l = &p->links[p->n];
        *l = p->links[p->n - 1];
        cr_assert_eq(core_link2_append(l, &before, made, &g, &err), CLB_ERR_OK,
                     "%s", err.detail);
        p->positions[p->n++] = g;
    }
}

static struct played *new_played(void)
{
    struct played *p = malloc(sizeof *p);
    cr_assert_not_null(p);
    return p;
}

Test(core_goals_link, every_position_of_random_goals_games_round_trips)
{
    struct played *p = new_played();
    struct core_history *h = malloc(sizeof *h);
    struct core_link2 read, again;
    struct core_game g;
    struct clb_error err;
    struct core_lexicon lex = ts_any_word();
    int helpers = 0, completed = 0;
    for (int game = 0; game < 45; game++) {
        enum core_goals_level level = (enum core_goals_level)(1 + game % 3);
        play_goals(p, (uint32_t)game * 104729u, 0xC0FFEEu + (uint64_t)game,
                   level, true);
        helpers += p->helpers;
        completed += p->positions[p->n - 1].goals.completed;
        for (int i = 0; i < p->n; i++) {
            const struct core_link2 *l = &p->links[i];
            cr_assert_eq(decode(l->text, l->len, &lex, h, &g, &read, &err),
                         CLB_ERR_OK, "game %d step %d: %s (%s)", game, i,
                         err.detail, l->text);
            cr_assert_eq(memcmp(&g, &p->positions[i], sizeof g), 0,
                         "game %d step %d replays differently", game, i);
            cr_assert_eq(read.next_bit, l->next_bit);
        }
        cr_assert_eq(h->nmoves, p->h.nmoves);
        cr_assert_eq(h->npending, p->h.npending);
        for (int m = 0; m < h->nmoves; m++)
            cr_assert_eq(
                memcmp(&h->moves[m], &p->h.moves[m], sizeof h->moves[m]), 0,
                "game %d record %d", game, m);
        /* Written from scratch, the history is the appended link; and
         * replayed, the same game. */
        cr_assert_eq(core_link2_encode(&p->h, &lex, &again, &err), CLB_ERR_OK,
                     "%s", err.detail);
        cr_assert_str_eq(again.text, p->links[p->n - 1].text);
        struct core_game replayed;
        cr_assert_eq(core_history_replay(h, &replayed, &lex, &err), CLB_ERR_OK,
                     "%s", err.detail);
        cr_assert_eq(memcmp(&replayed, &p->positions[p->n - 1], sizeof g), 0);
    }
    /* The games used helpers and completed goals. */
    cr_assert_gt(helpers, 30);
    cr_assert_gt(completed, 45);
    free(h);
    free(p);
}

Test(core_goals_link, a_link_with_a_pending_helper_reads_back)
{
    struct core_history *h = malloc(sizeof *h), *back = malloc(sizeof *back);
    struct core_lexicon lex = ts_any_word();
    struct core_link2 link, read;
    struct clb_error err;
    core_history_from_seed(h, 1478493, &builtin, "");
    cr_assert_eq(core_history_set_goals(h, CORE_GOALS_NORMAL, &err),
                 CLB_ERR_OK);
    struct core_game g = h->first, before = g, back_g;
    cr_assert_eq(core_link2_begin(h, &link, &err), CLB_ERR_OK);
    /* A new goals game: the 11 characters of a plain one's link and the
     * 4 bits of the mode field, one character more. */
    cr_assert_eq(link.len, 12, "%s", link.text);
    struct core_move peek = {.type = CORE_MOVE_HELPER,
                             .helper = {CORE_HELPER_PEEK, 0, 0}};
    cr_assert_eq(core_history_play(h, &g, &peek, &lex, NULL, &err), CLB_ERR_OK);
    cr_assert_eq(core_link2_append(&link, &before, &peek, &g, &err),
                 CLB_ERR_OK);
    cr_assert_eq(decode(link.text, link.len, &lex, back, &back_g, &read, &err),
                 CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(back->npending, 1);
    cr_assert_eq(back->pending[0].kind, CORE_HELPER_PEEK);
    cr_assert(back_g.goals.peeked);
    cr_assert_eq(back_g.goals.helpers_left,
                 core_goals_helpers(CORE_GOALS_NORMAL) - 1);
    cr_assert_eq(back->first.goals.level, CORE_GOALS_NORMAL);
    free(h);
    free(back);
}

/* The link of `bits` (a string of '0' and '1') as a v2 link, with its
 * check characters made right, into out. */
static void forge(const char *bits, char *out)
{
    size_t n = strlen(bits), chars = (n + 5) / 6;
    out[0] = '2';
    for (size_t i = 0; i < chars; i++) {
        int v = 0;
        for (size_t b = 0; b < 6; b++)
            v = v << 1 | (6 * i + b < n && bits[6 * i + b] == '1');
        out[5 + i] = ts_b64url[v];
    }
    out[5 + chars] = '\0';
    ts_forge_link2_crc(out, 5 + chars);
}

/* Appends value in w bits to s. */
static void bits_put(char *s, unsigned long value, int w)
{
    size_t n = strlen(s);
    for (int i = w - 1; i >= 0; i--)
        s[n++] = (value >> i & 1u) ? '1' : '0';
    s[n] = '\0';
}

Test(core_goals_link, refusals)
{
    struct core_history *h = malloc(sizeof *h);
    struct core_lexicon lex = ts_any_word();
    struct core_link2 read;
    struct core_game g;
    struct clb_error err;
    char bits[256], link[64];
    /* A mode of 13 (with no tile set's name after it) or 15 is no
     * difficulty; 14 is a solo game (test_partner_link.c), whose level
     * (radix 3) of 3 is out of range. */
    for (unsigned mode = 13; mode <= 16; mode += mode == 13 ? 2 : 1) {
        bits[0] = '\0';
        bits_put(bits, 0, 2);
        bits_put(bits, 1478493, 30);
        bits_put(bits, mode == 16 ? 14 : mode, 4);
        bits_put(bits, mode == 16 ? 3 : 0, mode == 16 ? 2 : 4);
        forge(bits, link);
        cr_assert_eq(decode(link, strlen(link), &lex, h, &g, &read, &err),
                     CLB_ERR_BAD_STATE);
        cr_assert(strstr(err.detail, "out of range") != NULL, "%s", err.detail);
    }
    /* Hard (mode 12) has one helper: a Peek (kind 2 + 1 + 7 = 10, helper
     * 2), then a second helper kind is past the radix (10: end, pass,
     * exchange, 7 plays) and refused. */
    bits[0] = '\0';
    bits_put(bits, 0, 2);
    bits_put(bits, 1478493, 30);
    bits_put(bits, 12, 4);
    bits_put(bits, 10, 4);
    bits_put(bits, 2, 2);
    bits_put(bits, 10, 4);
    forge(bits, link);
    cr_assert_eq(decode(link, strlen(link), &lex, h, &g, &read, &err),
                 CLB_ERR_BAD_STATE);
    cr_assert(strstr(err.detail, "out of range at move 1") != NULL, "%s",
              err.detail);
    /* A plain game has no helper kind: its radix is 10 (value 10 is the
     * mode field only right after the seed). After a pass (kind 1), P2's
     * kind 10 is out of range. */
    bits[0] = '\0';
    bits_put(bits, 0, 2);
    bits_put(bits, 1478493, 30);
    bits_put(bits, 1, 4);
    bits_put(bits, 10, 4);
    forge(bits, link);
    cr_assert_eq(decode(link, strlen(link), &lex, h, &g, &read, &err),
                 CLB_ERR_BAD_STATE);
    cr_assert(strstr(err.detail, "out of range at move 2") != NULL, "%s",
              err.detail);
    /* A swap of two tiles alike: seed 1478493 deals P1 GRODI?D and P2
     * OUIITLT; P1's slot 4 (I) for P2's slot 2 (I) is refused by the
     * rules, named with its move. */
    bits[0] = '\0';
    bits_put(bits, 0, 2);
    bits_put(bits, 1478493, 30);
    bits_put(bits, 10, 4); /* Easy */
    bits_put(bits, 10, 4); /* a helper */
    bits_put(bits, 1, 2);  /* swap */
    bits_put(bits, 4, 3);
    bits_put(bits, 2, 3);
    bits_put(bits, 0, 4);
    forge(bits, link);
    cr_assert_eq(decode(link, strlen(link), &lex, h, &g, &read, &err),
                 CLB_ERR_BAD_STATE);
    cr_assert(strstr(err.detail, "move 1: A swap gives one tile") != NULL, "%s",
              err.detail);
    cr_assert(strstr(err.detail, "the same") != NULL, "%s", err.detail);
    /* The same swap of P2's slot 0 (O) is taken: an I for an O. */
    bits[0] = '\0';
    bits_put(bits, 0, 2);
    bits_put(bits, 1478493, 30);
    bits_put(bits, 10, 4);
    bits_put(bits, 10, 4);
    bits_put(bits, 1, 2);
    bits_put(bits, 4, 3);
    bits_put(bits, 0, 3);
    bits_put(bits, 0, 4);
    forge(bits, link);
    cr_assert_eq(decode(link, strlen(link), &lex, h, &g, &read, &err),
                 CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(memcmp(g.hands[0].tiles, "GRODO?D", 7), 0);
    cr_assert_eq(memcmp(g.hands[1].tiles, "IUIITLT", 7), 0);
    free(h);
}

Test(core_goals_link, a_plain_game_s_link_is_unchanged)
{
    /* docs/LINK.md's worked example: seed 1478493, P1 plays DROID across
     * from F8, P2 passes: 2aqIzABaPXXarDQg, as before goals mode. */
    struct core_history *h = malloc(sizeof *h);
    struct core_lexicon lex = ts_any_word();
    struct core_link2 link;
    struct clb_error err;
    core_history_from_seed(h, 1478493, &builtin, "");
    struct core_game g = h->first;
    struct core_move m;
    ts_play_word(&m, &g, 7, 5, true, "DROID");
    cr_assert_eq(core_history_play(h, &g, &m, &lex, NULL, &err), CLB_ERR_OK);
    struct core_move pass = {.type = CORE_MOVE_PASS};
    cr_assert_eq(core_history_play(h, &g, &pass, &lex, NULL, &err), CLB_ERR_OK);
    cr_assert_eq(core_link2_encode(h, &lex, &link, &err), CLB_ERR_OK);
    cr_assert_str_eq(link.text, "2aqIzABaPXXarDQg");
    /* The same moves in a goals game: the same draws, one field more. */
    struct core_history *goals = malloc(sizeof *goals);
    core_history_from_seed(goals, 1478493, &builtin, "");
    cr_assert_eq(core_history_set_goals(goals, CORE_GOALS_EASY, &err),
                 CLB_ERR_OK);
    struct core_game gg = goals->first;
    cr_assert_eq(core_history_play(goals, &gg, &m, &lex, NULL, &err),
                 CLB_ERR_OK);
    cr_assert_eq(core_history_play(goals, &gg, &pass, &lex, NULL, &err),
                 CLB_ERR_OK);
    cr_assert_eq(memcmp(gg.hands, g.hands, sizeof g.hands), 0);
    cr_assert_eq(gg.score, g.score);
    struct core_link2 glink;
    cr_assert_eq(core_link2_encode(goals, &lex, &glink, &err), CLB_ERR_OK);
    cr_assert_eq(glink.len, link.len + 1, "%s", glink.text);
    free(h);
    free(goals);
}

Test(core_goals_link, a_goals_game_costs_at_most_eight_characters_more)
{
    /* The same moves in a plain game and a goals game of each difficulty,
     * without helpers and with New goals and Peeks (which change no tile,
     * so the plain game can make the same moves): the goals game's link is
     * at most 8 characters longer. */
    struct played *p = new_played();
    struct core_history *plain = malloc(sizeof *plain);
    struct core_lexicon lex = ts_any_word();
    struct clb_error err;
    int worst = 0;
    for (int game = 0; game < 120; game++) {
        enum core_goals_level level = (enum core_goals_level)(1 + game % 3);
        play_goals(p, (uint32_t)game * 31337u, 0xBEEFu + (uint64_t)game, level,
                   false);
        *plain = p->h;
        plain->first.goals = (struct core_goals){0};
        plain->first.goals.faceup[0] = plain->first.goals.faceup[1] =
            plain->first.goals.faceup[2] = -1;
        plain->npending = 0;
        for (int i = 0; i < plain->nmoves; i++)
            plain->moves[i].nhelpers = 0;
        struct core_link2 link;
        cr_assert_eq(core_link2_encode(plain, &lex, &link, &err), CLB_ERR_OK,
                     "%s", err.detail);
        int extra = (int)p->links[p->n - 1].len - (int)link.len;
        cr_assert_leq(extra, 8, "game %d: %d characters more", game, extra);
        cr_assert_geq(extra, 0);
        if (extra > worst)
            worst = extra;
    }
    cr_assert_gt(worst, 0);
    free(plain);
    free(p);
}
