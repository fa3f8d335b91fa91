/* tests/core/test_goals.c - goals mode (core/goals.c): every goal's
 * predicate on hand-worked plays (each case says why it meets or misses),
 * the deal from the seed, completing and replacing goals, the helpers and
 * their refusals, and the Peek. The board is 0-based (row, col); the
 * centre is (7,7). The plays are judged with a word list that takes every
 * word, so only the goals' own rules decide. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/goals.h"
#include "../../core/history.h"
#include "../../core/review.h"
#include "../../dict/dict.h"
#include "test_support.h"

static int goal_named(const char *name)
{
    for (int i = 0; i < CLB_GOALS_COUNT; i++)
        if (strcmp(core_goal_info(i)->name, name) == 0)
            return i;
    cr_assert_fail("no goal %s", name);
    return -1;
}

/* Whether the play of `word` at (row, col) on g (racks as given) meets the
 * goal: the goal alone face up, the play checked as a preview is. */
static bool meets(struct core_game *g, const char *goal, int row, int col,
                  bool across, const char *word)
{
    struct core_lexicon lex = ts_any_word();
    struct core_move m;
    struct core_move_result r;
    struct clb_error err;
    ts_play_word(&m, g, row, col, across, word);
    g->goals.level = CORE_GOALS_NORMAL;
    g->goals.faceup[0] = (int16_t)goal_named(goal);
    g->goals.faceup[1] = g->goals.faceup[2] = -1;
    cr_assert_eq(core_move_check(g, &m, &lex, &r, &err), CLB_ERR_OK,
                 "%s at %d,%d: %s", word, row, col, err.detail);
    cr_assert_leq(r.ngoals, 1);
    return r.ngoals == 1;
}

/* An empty board, P1 holding `rack`. */
static struct core_game fresh(const char *rack)
{
    struct core_game g;
    ts_game(&g, rack, "EEEEEEE");
    return g;
}

Test(core_goals, word_length)
{
    struct core_game g = fresh("PLANETS");
    /* PLANET: 6 letters; PLANE: 5. */
    cr_assert(meets(&g, "six-letters", 7, 2, true, "PLANET"));
    cr_assert_not(meets(&g, "six-letters", 7, 3, true, "PLANE"));
    /* PLANETS: 7; PLANET: 6. */
    cr_assert(meets(&g, "seven-letters", 7, 1, true, "PLANETS"));
    cr_assert_not(meets(&g, "seven-letters", 7, 2, true, "PLANET"));
    /* Seven tiles before an A on the board: PLANETSA, 8 letters (the word
     * list of the test takes it); seven tiles alone: 7. */
    ts_board_word(&g, 7, 7, true, "A");
    cr_assert(meets(&g, "eight-letters", 7, 0, true, "PLANETSA"));
    cr_assert_not(meets(&g, "eight-letters", 6, 1, true, "PLANETS"));
}

Test(core_goals, words_formed)
{
    struct core_game g = fresh("SOATXYZ");
    ts_board_word(&g, 7, 6, true, "CAT");
    /* S at (7,9): CATS alone, one word. */
    cr_assert_not(meets(&g, "two-words", 7, 6, true, "CATS"));
    /* SO down from (7,9): SO, and CATS across: two words, not three. */
    cr_assert(meets(&g, "two-words", 7, 9, false, "SO"));
    cr_assert_not(meets(&g, "three-words", 7, 9, false, "SO"));
    /* AT under CA(T): AT across, then CA and AT down: three words. */
    cr_assert(meets(&g, "three-words", 8, 6, true, "AT"));
}

Test(core_goals, points)
{
    struct core_game g = fresh("QUIZLET");
    /* QUIZ from (7,4): Q10 U1 I1 Z10 = 22, the centre's DW: 44. */
    cr_assert(meets(&g, "score-20", 7, 4, true, "QUIZ"));
    cr_assert(meets(&g, "score-30", 7, 4, true, "QUIZ"));
    cr_assert(meets(&g, "score-40", 7, 4, true, "QUIZ"));
    cr_assert_not(meets(&g, "score-60", 7, 4, true, "QUIZ"));
    /* QUIZLET from (7,1): the I on the DL of (7,3): 10+1+2+10+1+1+1 = 26,
     * doubled by the centre, 52, and the bingo's 50: 102. */
    cr_assert(meets(&g, "score-60", 7, 1, true, "QUIZLET"));
    /* ZE from (7,7): (10 + 1) x 2 = 22: over 20, under 30. */
    cr_assert(meets(&g, "score-20", 7, 7, true, "ZE"));
    cr_assert_not(meets(&g, "score-30", 7, 7, true, "ZE"));
    /* TE: (1 + 1) x 2 = 4. */
    cr_assert_not(meets(&g, "score-20", 7, 7, true, "TE"));
}

Test(core_goals, letter_tiles)
{
    struct core_game g = fresh("QUIZ?HA");
    /* QUIZ holds a Q and a Z tile. */
    cr_assert(meets(&g, "jqxz", 7, 4, true, "QUIZ"));
    /* QI with a blank as the Q: the word holds no Q tile. */
    cr_assert_not(meets(&g, "jqxz", 7, 7, true, "qI"));
    /* HA holds an H (4 points); QUIZ none of F H K V W Y. */
    cr_assert(meets(&g, "fhkvwy", 7, 7, true, "HA"));
    cr_assert_not(meets(&g, "fhkvwy", 7, 4, true, "QUIZ"));
}

Test(core_goals, direction_and_blank)
{
    struct core_game g = fresh("AT?QIES");
    /* AT across from the centre: across, not down; no blank. */
    cr_assert(meets(&g, "across", 7, 7, true, "AT"));
    cr_assert_not(meets(&g, "down", 7, 7, true, "AT"));
    cr_assert_not(meets(&g, "blank", 7, 7, true, "AT"));
    /* AT down from the centre. */
    cr_assert(meets(&g, "down", 7, 7, false, "AT"));
    cr_assert_not(meets(&g, "across", 7, 7, false, "AT"));
    /* qI: a blank played as Q. */
    cr_assert(meets(&g, "blank", 7, 7, true, "qI"));
}

Test(core_goals, premium_squares)
{
    struct core_game g = fresh("QUIZLET");
    /* QUIZLET on (7,1)-(7,7) covers the DL (7,3) and the DW (7,7): two
     * premiums, not three; no TW, no TL. */
    cr_assert(meets(&g, "two-premiums", 7, 1, true, "QUIZLET"));
    cr_assert_not(meets(&g, "three-premiums", 7, 1, true, "QUIZLET"));
    cr_assert_not(meets(&g, "triple-word", 7, 1, true, "QUIZLET"));
    cr_assert(meets(&g, "double-word", 7, 1, true, "QUIZLET"));
    /* ZE on (7,7)-(7,8): only the centre, one premium. */
    cr_assert_not(meets(&g, "two-premiums", 7, 7, true, "ZE"));
    /* With ROBES down (3,5)-(7,5), seven tiles on row 2, (2,2)-(2,8),
     * touch it and cover the DW (2,2) and the DLs (2,6), (2,8): three. */
    ts_board_word(&g, 3, 5, false, "ROBES");
    cr_assert(meets(&g, "three-premiums", 2, 2, true, "QUIZLET"));
    /* With AT at (7,7)-(7,8), QUIZLET on (7,0)-(7,6) covers the TW of
     * (7,0). */
    struct core_game h = fresh("QUIZLET");
    ts_board_word(&h, 7, 7, true, "AT");
    cr_assert(meets(&h, "triple-word", 7, 0, true, "QUIZLETAT"));
    /* ...and an S under the T of CAT down (6,5)-(8,5) lands on the TL
     * (9,5), not on a DW. */
    struct core_game c = fresh("STYOKBE");
    ts_board_word(&c, 6, 5, false, "CAT");
    cr_assert(meets(&c, "triple-letter", 6, 5, false, "CATS"));
    cr_assert_not(meets(&c, "double-word", 6, 5, false, "CATS"));
    cr_assert_not(meets(&c, "triple-letter", 7, 6, true, "TO"));
}

Test(core_goals, hook)
{
    struct core_game g = fresh("STYOKBE");
    ts_board_word(&g, 6, 5, false, "CAT");
    /* CAT + S at its end, and S + CAT at its start: one placed tile at an
     * end of a word that was on the board. */
    cr_assert(meets(&g, "hook", 6, 5, false, "CATS"));
    cr_assert(meets(&g, "hook", 5, 5, false, "SCAT"));
    /* CATTY: two placed tiles, not a hook. */
    cr_assert_not(meets(&g, "hook", 6, 5, false, "CATTY"));
    /* An O at (7,6) makes AO across: one placed tile at an end, but the
     * rest is the single A of CAT, not a word on the board. */
    cr_assert_not(meets(&g, "hook", 7, 5, true, "AO"));
}

Test(core_goals, vowels)
{
    struct core_game g = fresh("PLANTEO");
    /* PLANT: 5 letters, one vowel (A). PLANET: two. PLAN is 4 letters with
     * one vowel (meets); a 3-letter word never does. */
    cr_assert(meets(&g, "one-vowel", 7, 3, true, "PLANT"));
    cr_assert(meets(&g, "one-vowel", 7, 4, true, "PLAN"));
    cr_assert_not(meets(&g, "one-vowel", 7, 2, true, "PLANET"));
    cr_assert_not(meets(&g, "one-vowel", 7, 5, true, "PAN"));
    struct core_game a = fresh("AUDIOST");
    /* AUDIO: A U I O, four vowels; DOT: one. */
    cr_assert(meets(&a, "three-vowels", 7, 3, true, "AUDIO"));
    cr_assert_not(meets(&a, "three-vowels", 7, 6, true, "DOT"));
}

Test(core_goals, bingo_and_tile_count)
{
    struct core_game g = fresh("PLANETS");
    /* All seven placed; six are not. */
    cr_assert(meets(&g, "bingo", 7, 1, true, "PLANETS"));
    cr_assert_not(meets(&g, "bingo", 7, 2, true, "PLANET"));
    /* PLANE: five tiles; PLAN: four. */
    cr_assert(meets(&g, "five-tiles", 7, 3, true, "PLANE"));
    cr_assert_not(meets(&g, "five-tiles", 7, 4, true, "PLAN"));
}

Test(core_goals, palindrome_and_ends)
{
    struct core_game g = fresh("EYESTOT");
    /* EYE reads the same backwards; EYES does not; a palindrome of two
     * letters is too short. */
    cr_assert(meets(&g, "palindrome", 7, 6, true, "EYE"));
    cr_assert_not(meets(&g, "palindrome", 7, 6, true, "EYES"));
    /* TOT and EYE start and end with the same letter; EYES does not (E,
     * S). */
    cr_assert(meets(&g, "same-ends", 7, 6, true, "TOT"));
    cr_assert(meets(&g, "same-ends", 7, 6, true, "EYE"));
    cr_assert_not(meets(&g, "same-ends", 7, 5, true, "EYES"));
    /* A two-letter word never counts: ES is not checked as E..E. */
    cr_assert_not(meets(&g, "same-ends", 7, 7, true, "ES"));
}

Test(core_goals, one_point_tiles)
{
    struct core_game g = fresh("STONEY?");
    /* STONE: S T O N E, each worth 1. STONY holds a Y (4). sTONE's blank
     * is worth 0, not 1. */
    cr_assert(meets(&g, "one-pointers", 7, 3, true, "STONE"));
    cr_assert_not(meets(&g, "one-pointers", 7, 3, true, "STONY"));
    cr_assert_not(meets(&g, "one-pointers", 7, 3, true, "sTONE"));
    /* TONE: four letters, one short. */
    cr_assert_not(meets(&g, "one-pointers", 7, 4, true, "TONE"));
}

Test(core_goals, double_letter)
{
    struct core_game g = fresh("BOOKLTS");
    /* BOOK has OO; BOLT has no letter twice in a row. */
    cr_assert(meets(&g, "double-letter", 7, 4, true, "BOOK"));
    cr_assert_not(meets(&g, "double-letter", 7, 4, true, "BOLT"));
}

Test(core_goals, last_tile_of_a_letter)
{
    struct core_game g = fresh("QUIZBAT");
    /* The set has one Z: QUIZ plays the last. */
    cr_assert(meets(&g, "last-tile", 7, 4, true, "QUIZ"));
    /* The set has two Bs: with one on the board, BAT plays the other. */
    cr_assert_not(meets(&g, "last-tile", 7, 7, true, "BAT"));
    /* With AB on (6,7)-(6,8), BAT under it plays the second B: both are
     * then on the board. */
    ts_board_word(&g, 6, 7, true, "AB");
    cr_assert(meets(&g, "last-tile", 7, 7, true, "BAT"));
    /* A blank as Z is not a Z tile. */
    struct core_game b = fresh("?AT");
    cr_assert_not(meets(&b, "last-tile", 7, 7, true, "zA"));
}

Test(core_goals, edge_and_small_play)
{
    struct core_game g = fresh("QUIZLET");
    ts_board_word(&g, 7, 7, true, "AT");
    /* (7,0) is on the board's edge. */
    cr_assert(meets(&g, "edge", 7, 0, true, "QUIZLETAT"));
    struct core_game z = fresh("ZEATQUI");
    cr_assert_not(meets(&z, "edge", 7, 7, true, "ZE"));
    /* ZE: two tiles for 22. TE: two tiles for 4. QUIZ: 44, but four
     * tiles. */
    cr_assert(meets(&z, "small-play", 7, 7, true, "ZE"));
    cr_assert_not(meets(&z, "small-play", 7, 7, true, "TE"));
    cr_assert_not(meets(&z, "small-play", 7, 4, true, "QUIZ"));
}

Test(core_goals, every_goal_has_a_name_a_text_and_a_weight)
{
    for (int i = 0; i < CLB_GOALS_COUNT; i++) {
        const struct core_goal_info *g = core_goal_info(i);
        cr_assert_not_null(g);
        cr_assert_gt(strlen(g->name), 0);
        cr_assert_gt(strlen(g->text), 10);
        cr_assert(g->weight >= 1 && g->weight <= 3);
        for (int j = 0; j < i; j++)
            cr_assert_str_neq(core_goal_info(j)->name, g->name);
    }
    cr_assert_null(core_goal_info(-1));
    cr_assert_null(core_goal_info(CLB_GOALS_COUNT));
}

Test(core_goals, the_deal_is_fixed_by_the_seed_and_the_level)
{
    struct core_goals a, b, c;
    core_goals_deal(&a, 1478493, CORE_GOALS_NORMAL);
    core_goals_deal(&b, 1478493, CORE_GOALS_NORMAL);
    core_goals_deal(&c, 1478494, CORE_GOALS_NORMAL);
    cr_assert_eq(memcmp(&a, &b, sizeof a), 0);
    cr_assert_neq(memcmp(a.deck, c.deck, sizeof a.deck), 0);
    /* Normal's deck is every goal, once. */
    cr_assert_eq(a.ndeck, CLB_GOALS_COUNT);
    int seen[CLB_GOALS_COUNT] = {0};
    for (int i = 0; i < a.ndeck; i++)
        seen[a.deck[i]]++;
    for (int i = 0; i < CLB_GOALS_COUNT; i++)
        cr_assert_eq(seen[i], 1);
    for (int i = 0; i < CLB_GOALS_FACE_UP; i++)
        cr_assert_eq(a.faceup[i], a.deck[i]);
    cr_assert_eq(a.next, CLB_GOALS_FACE_UP);
    cr_assert_eq(a.target, core_goals_target(CORE_GOALS_NORMAL));
    cr_assert_eq(a.helpers_left, core_goals_helpers(CORE_GOALS_NORMAL));
    /* Easy leaves out the hardest goals, Hard the easiest. */
    struct core_goals e, h;
    core_goals_deal(&e, 7, CORE_GOALS_EASY);
    core_goals_deal(&h, 7, CORE_GOALS_HARD);
    for (int i = 0; i < e.ndeck; i++)
        cr_assert_leq(core_goal_info(e.deck[i])->weight, 2);
    for (int i = 0; i < h.ndeck; i++)
        cr_assert_geq(core_goal_info(h.deck[i])->weight, 2);
    int light = 0, heavy = 0;
    for (int i = 0; i < CLB_GOALS_COUNT; i++) {
        light += core_goal_info(i)->weight <= 2;
        heavy += core_goal_info(i)->weight >= 2;
    }
    cr_assert_eq(e.ndeck, light);
    cr_assert_eq(h.ndeck, heavy);
    /* OFF is a plain game: nothing dealt. */
    struct core_goals off;
    core_goals_deal(&off, 7, CORE_GOALS_OFF);
    cr_assert_eq(off.level, CORE_GOALS_OFF);
    cr_assert_eq(off.faceup[0], -1);
}

Test(core_goals,
     a_play_completes_every_face_up_goal_it_meets_and_they_are_replaced)
{
    struct core_lexicon lex = ts_any_word();
    struct core_game g = fresh("QUIZLET");
    core_goals_deal(&g.goals, 99, CORE_GOALS_NORMAL);
    g.goals.faceup[0] = (int16_t)goal_named("score-40");
    g.goals.faceup[1] = (int16_t)goal_named("bingo");
    g.goals.faceup[2] = (int16_t)goal_named("jqxz");
    /* The deck's next two, which replace them. */
    g.goals.deck[g.goals.next] = (uint8_t)goal_named("six-letters");
    g.goals.deck[g.goals.next + 1] = (uint8_t)goal_named("down");
    int next = g.goals.next;
    struct core_move m;
    struct core_move_result r;
    struct clb_error err;
    /* QUIZ: 44 points and a Q, but not seven tiles. */
    ts_play_word(&m, &g, 7, 4, true, "QUIZ");
    cr_assert_eq(core_move_apply(&g, &m, &lex, &g, &r, &err), CLB_ERR_OK);
    cr_assert_eq(r.ngoals, 2);
    cr_assert_eq(r.goals[0], goal_named("score-40"));
    cr_assert_eq(r.goals[1], goal_named("jqxz"));
    cr_assert_eq(g.goals.completed, 2);
    cr_assert_eq(g.goals.faceup[0], goal_named("six-letters"));
    cr_assert_eq(g.goals.faceup[1], goal_named("bingo"));
    cr_assert_eq(g.goals.faceup[2], goal_named("down"));
    cr_assert_eq(g.goals.next, next + 2);
    /* A pass completes nothing. */
    struct core_move pass = {.type = CORE_MOVE_PASS};
    int done = g.goals.completed;
    cr_assert_eq(core_move_apply(&g, &pass, &lex, &g, &r, &err), CLB_ERR_OK);
    cr_assert_eq(r.ngoals, 0);
    cr_assert_eq(g.goals.completed, done);
}

Test(core_goals, the_target_wins)
{
    struct core_goals g;
    core_goals_deal(&g, 5, CORE_GOALS_EASY);
    g.completed = g.target - 1;
    cr_assert_not(core_goals_won(&g));
    g.completed = g.target;
    cr_assert(core_goals_won(&g));
    core_goals_deal(&g, 5, CORE_GOALS_OFF);
    cr_assert_not(core_goals_won(&g));
}

Test(core_goals, the_deck_is_dealt_round_again)
{
    struct core_goals g;
    core_goals_deal(&g, 11, CORE_GOALS_HARD);
    struct core_move_result r;
    memset(&r, 0, sizeof r);
    /* Completing the face-up goals over and over never runs out, and the
     * three face up always differ. */
    for (int round = 0; round < 100; round++) {
        r.ngoals = CLB_GOALS_FACE_UP;
        for (int i = 0; i < CLB_GOALS_FACE_UP; i++)
            r.goals[i] = (uint8_t)g.faceup[i];
        core_goals_complete(&g, &r);
        for (int i = 0; i < CLB_GOALS_FACE_UP; i++) {
            cr_assert_geq(g.faceup[i], 0);
            for (int j = 0; j < i; j++)
                cr_assert_neq(g.faceup[i], g.faceup[j]);
        }
    }
    cr_assert_eq(g.completed, 300);
}

/* ---- helpers ------------------------------------------------------------ */

static struct core_game goals_game(enum core_goals_level level)
{
    struct core_game g;
    ts_game(&g, "QUIZLET", "AEIOUST");
    core_goals_deal(&g.goals, 42, level);
    return g;
}

Test(core_goals, new_goals_replaces_all_three)
{
    struct core_game g = goals_game(CORE_GOALS_EASY), next;
    struct core_helper_use use = {CORE_HELPER_NEW_GOALS, 0, 0};
    struct clb_error err;
    cr_assert_eq(core_goals_helper(&g, &use, &next, &err), CLB_ERR_OK);
    cr_assert_eq(next.goals.helpers_left, g.goals.helpers_left - 1);
    /* The next three of the deck (none of them face up before). */
    for (int i = 0; i < CLB_GOALS_FACE_UP; i++)
        cr_assert_eq(next.goals.faceup[i], g.goals.deck[3 + i]);
    cr_assert_eq(next.goals.completed, 0);
}

Test(core_goals, swap_trades_a_tile_of_each_rack_in_place)
{
    struct core_game g = goals_game(CORE_GOALS_EASY), next;
    /* Slot 0 of P1's QUIZLET (Q) for slot 1 of P2's AEIOUST (E). */
    struct core_helper_use use = {CORE_HELPER_SWAP, 0, 1};
    struct clb_error err;
    cr_assert_eq(core_goals_helper(&g, &use, &next, &err), CLB_ERR_OK, "%s",
                 err.detail);
    cr_assert_eq(memcmp(next.hands[0].tiles, "EUIZLET", 7), 0);
    cr_assert_eq(memcmp(next.hands[1].tiles, "AQIOUST", 7), 0);
    cr_assert_eq(next.turn, CORE_P1, "still P1's turn");
}

Test(core_goals, helper_refusals)
{
    struct core_game g = goals_game(CORE_GOALS_HARD), next;
    struct clb_error err;
    /* The same tile both sides: E of P1 (slot 5) for E of P2 (slot 1). */
    struct core_helper_use same = {CORE_HELPER_SWAP, 5, 1};
    cr_assert_eq(core_goals_helper(&g, &same, &next, &err), CLB_ERR_BAD_SWAP);
    /* A slot off the rack. */
    struct core_helper_use off = {CORE_HELPER_SWAP, 7, 0};
    cr_assert_eq(core_goals_helper(&g, &off, &next, &err), CLB_ERR_BAD_SWAP);
    /* Not the first slot holding its tile: P2 holds AEIOUST; make it
     * AEIOUSA, and name the second A. */
    struct core_game twice = g;
    twice.hands[1].tiles[6] = 'A';
    struct core_helper_use later = {CORE_HELPER_SWAP, 0, 6};
    cr_assert_eq(core_goals_helper(&twice, &later, &next, &err),
                 CLB_ERR_BAD_SWAP);
    /* No such helper. */
    struct core_helper_use bogus = {7, 0, 0};
    cr_assert_eq(core_goals_helper(&g, &bogus, &next, &err),
                 CLB_ERR_BAD_REQUEST);
    /* Hard has one helper: a Peek uses it, and then none is left. */
    struct core_helper_use peek = {CORE_HELPER_PEEK, 0, 0};
    cr_assert_eq(core_goals_helper(&g, &peek, &next, &err), CLB_ERR_OK);
    cr_assert(next.goals.peeked);
    cr_assert_eq(core_goals_helper(&next, &peek, &next, &err),
                 CLB_ERR_NO_HELPER_LEFT);
    /* A plain game has none at all. */
    struct core_game plain;
    ts_game(&plain, "QUIZLET", "AEIOUST");
    cr_assert_eq(core_goals_helper(&plain, &peek, &next, &err),
                 CLB_ERR_NOT_GOALS_GAME);
    /* Nor does a finished game. */
    struct core_game over = goals_game(CORE_GOALS_EASY);
    over.game_over = true;
    cr_assert_eq(core_goals_helper(&over, &peek, &next, &err),
                 CLB_ERR_GAME_OVER);
    /* And a helper is not a move of the rules. */
    struct core_move h = {.type = CORE_MOVE_HELPER};
    struct core_move_result r;
    struct core_lexicon lex = ts_any_word();
    cr_assert_eq(core_move_apply(&g, &h, &lex, &next, &r, &err),
                 CLB_ERR_BAD_REQUEST);
}

Test(core_goals, a_move_clears_the_peek)
{
    struct core_game g = goals_game(CORE_GOALS_EASY);
    struct core_helper_use peek = {CORE_HELPER_PEEK, 0, 0};
    struct clb_error err;
    struct core_move_result r;
    struct core_lexicon lex = ts_any_word();
    cr_assert_eq(core_goals_helper(&g, &peek, &g, &err), CLB_ERR_OK);
    struct core_move pass = {.type = CORE_MOVE_PASS};
    cr_assert_eq(core_move_apply(&g, &pass, &lex, &g, &r, &err), CLB_ERR_OK);
    cr_assert_not(g.goals.peeked);
}

Test(core_goals, peek_shows_a_square_of_the_best_play)
{
    static const char text[] = "QI\nZA\nQUIZ\nAT\n";
    struct dict *d;
    struct clb_error err;
    cr_assert_eq(dict_from_text(text, sizeof text - 1, "w", &d, &err),
                 CLB_ERR_OK, "%s", err.detail);
    struct core_lexicon lex = dict_lexicon(d);
    struct core_game g;
    ts_game(&g, "QUIZVVW", "AEIOUST");
    struct clb_cell sq;
    /* The best play of QUIZVVW on an empty board: QUIZ (44 from (7,4) or
     * (7,7)); its first tile is on row 7 (across before down), some
     * column 4..7 that puts the word over the centre. */
    cr_assert(core_goals_peek(&g, lex.graph, &sq));
    cr_assert_eq(sq.row, 7);
    cr_assert(sq.col >= 4 && sq.col <= 7, "col %d", sq.col);
    /* A rack with no play shows nothing. */
    ts_game(&g, "VW", "AEIOUST");
    cr_assert_not(core_goals_peek(&g, lex.graph, &sq));
    cr_assert_not(core_goals_peek(&g, NULL, &sq));
    dict_free(d);
}

Test(core_goals, history_records_helpers_with_the_move_that_follows)
{
    struct core_history *h = malloc(sizeof *h);
    struct core_lexicon_id id = {CORE_LEXICON_BUILTIN_FINGERPRINT, "sowpods", NULL};
    struct core_lexicon lex = ts_any_word();
    struct clb_error err;
    core_history_from_seed(h, 1478493, &id, "");
    cr_assert_eq(core_history_set_goals(h, CORE_GOALS_EASY, &err), CLB_ERR_OK);
    cr_assert_eq(core_history_set_goals(h, CORE_GOALS_OFF, &err),
                 CLB_ERR_BAD_REQUEST);
    struct core_game g = h->first;
    struct core_move peek = {.type = CORE_MOVE_HELPER,
                             .helper = {CORE_HELPER_PEEK, 0, 0}};
    struct core_move pass = {.type = CORE_MOVE_PASS};
    cr_assert_eq(core_history_play(h, &g, &peek, &lex, NULL, &err), CLB_ERR_OK);
    cr_assert_eq(h->npending, 1);
    cr_assert_eq(h->nmoves, 0);
    cr_assert_eq(core_history_play(h, &g, &pass, &lex, NULL, &err), CLB_ERR_OK);
    cr_assert_eq(h->npending, 0);
    cr_assert_eq(h->moves[0].nhelpers, 1);
    cr_assert_eq(h->moves[0].helpers[0].kind, CORE_HELPER_PEEK);
    /* Goals cannot be dealt once moves are made. */
    cr_assert_eq(core_history_set_goals(h, CORE_GOALS_HARD, &err),
                 CLB_ERR_BAD_REQUEST);
    free(h);
}

Test(core_goals, the_review_replays_the_helpers)
{
    /* Seed 1478493 deals P1 GRODI?D, P2 OUIITLT. P1 swaps the blank for
     * P2's L and plays OLD, which needs the L: a review that skipped the
     * swap could not replay it. The best play of GRODILD (not of the rack
     * with the blank) is what it reviews. */
    static const char text[] = "OLD\nGOLD\nGRID\nDO\n";
    struct dict *d;
    struct clb_error err;
    cr_assert_eq(dict_from_text(text, sizeof text - 1, "w", &d, &err),
                 CLB_ERR_OK, "%s", err.detail);
    struct core_lexicon lex = dict_lexicon(d);
    struct core_history *h = malloc(sizeof *h);
    struct core_review *review = malloc(sizeof *review);
    struct core_lexicon_id id = {dict_fingerprint(d), "w", NULL};
    core_history_from_seed(h, 1478493, &id, "");
    cr_assert_eq(core_history_set_goals(h, CORE_GOALS_EASY, &err), CLB_ERR_OK);
    struct core_game g = h->first;
    cr_assert_eq(memcmp(g.hands[0].tiles, "GRODI?D", 7), 0);
    struct core_move swap = {.type = CORE_MOVE_HELPER,
                             .helper = {CORE_HELPER_SWAP, '?', 'L'}};
    cr_assert_eq(core_history_play(h, &g, &swap, &lex, NULL, &err), CLB_ERR_OK,
                 "%s", err.detail);
    struct core_move m;
    ts_play_word(&m, &g, 7, 7, true, "OLD");
    cr_assert_eq(core_history_play(h, &g, &m, &lex, NULL, &err), CLB_ERR_OK,
                 "%s", err.detail);
    cr_assert_eq(core_review_history(h, &lex, review, &err), CLB_ERR_OK, "%s",
                 err.detail);
    cr_assert_eq(review->reviewed, 1);
    /* GOLD from (7,4)..(7,7): G2 O1 L1 D2 = 6, doubled: 12, the best of
     * GRODILD (GRID 2+1+1+2 = 6, doubled, is as much, and GOLD sorts
     * first only if it scores more; both score 12: either is the best,
     * worth 12). OLD: 1+1+2 = 4, doubled: 8. */
    cr_assert(review->moves[0].has_best);
    cr_assert_eq(review->moves[0].best.points, 12);
    cr_assert_eq(review->scored, 8);
    free(review);
    free(h);
    dict_free(d);
}

/* The same game one move on, its review carried on from the first move's
 * (core_review_history_after): the first move is made again with its swap
 * (OLD needs the L), and the review is the one-pass review. */
Test(core_goals, a_carried_review_makes_the_helpers_again)
{
    static const char text[] = "OLD\nGOLD\nGRID\nDO\n";
    struct dict *d;
    struct clb_error err;
    cr_assert_eq(dict_from_text(text, sizeof text - 1, "w", &d, &err),
                 CLB_ERR_OK, "%s", err.detail);
    struct core_lexicon lex = dict_lexicon(d);
    struct core_history *h = malloc(sizeof *h);
    struct core_review *first = malloc(sizeof *first);
    struct core_review *carried = malloc(sizeof *carried);
    struct core_review *whole = malloc(sizeof *whole);
    struct core_lexicon_id id = {dict_fingerprint(d), "w", NULL};
    core_history_from_seed(h, 1478493, &id, "");
    cr_assert_eq(core_history_set_goals(h, CORE_GOALS_EASY, &err), CLB_ERR_OK);
    struct core_game g = h->first;
    struct core_move swap = {.type = CORE_MOVE_HELPER,
                             .helper = {CORE_HELPER_SWAP, '?', 'L'}};
    cr_assert_eq(core_history_play(h, &g, &swap, &lex, NULL, &err), CLB_ERR_OK,
                 "%s", err.detail);
    struct core_move m;
    ts_play_word(&m, &g, 7, 7, true, "OLD");
    cr_assert_eq(core_history_play(h, &g, &m, &lex, NULL, &err), CLB_ERR_OK,
                 "%s", err.detail);
    cr_assert_eq(core_review_history(h, &lex, first, &err), CLB_ERR_OK);
    struct core_move pass = {.type = CORE_MOVE_PASS};
    cr_assert_eq(core_history_play(h, &g, &pass, &lex, NULL, &err), CLB_ERR_OK,
                 "%s", err.detail);
    cr_assert_eq(core_review_history_after(h, &lex, CLB_REVIEW_NODES, first,
                                           carried, &err),
                 CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(core_review_history(h, &lex, whole, &err), CLB_ERR_OK);
    cr_assert_eq(carried->nmoves, 2);
    cr_assert_eq(carried->reviewed, whole->reviewed);
    cr_assert_eq(carried->scored, whole->scored);
    cr_assert_eq(carried->possible, whole->possible);
    cr_assert_eq(carried->nodes, whole->nodes);
    cr_assert_eq(carried->moves[1].best.points, whole->moves[1].best.points);
    free(whole);
    free(carried);
    free(first);
    free(h);
    dict_free(d);
}
