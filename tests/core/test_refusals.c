/* tests/core/test_refusals.c - the refusal paths of core/: a state's
 * fields and its last move out of range (core_game_validate), and a v2
 * link of a classic position cut short at every point of its header or
 * forged field by field (core_link2_read_header). Each case names the
 * exact code and detail it expects. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/link2.h"
#include "test_support.h"

/* ---- core_game_validate ------------------------------------------------ */

/* A valid mid-game state with a last move: one play of CAT at the
 * centre. */
static void valid_game(struct core_game *g)
{
    ts_game(g, "DOGSEAR", "BIRDLEG");
    ts_board_word(g, 7, 6, true, "CAT");
    g->has_last_move = true;
    g->last_move.type = CORE_MOVE_PLAY;
    g->last_move.ncells = 3;
    for (int i = 0; i < 3; i++) {
        g->last_move.cells[i].row = 7;
        g->last_move.cells[i].col = 6 + i;
    }
    g->last_move.nwords = 1;
    strcpy(g->last_move.words[0], "CAT");
    g->last_move.points = 10;
    g->moves = 1;
    struct clb_error err;
    cr_assert_eq(core_game_validate(g, &err), CLB_ERR_OK, "%s", err.detail);
}

static void expect_refused(const struct core_game *g, const char *detail)
{
    struct clb_error err;
    cr_assert_eq(core_game_validate(g, &err), CLB_ERR_BAD_STATE,
                 "accepted; expected \"%s\"", detail);
    cr_assert_str_eq(err.detail, detail);
}

Test(core_refusals, the_last_move_out_of_range)
{
    struct core_game g;
    valid_game(&g);
    g.last_move.ncells = -1;
    expect_refused(&g, "lastMove.cells: more than 7 cells");
    valid_game(&g);
    g.last_move.ncells = CLB_MAX_MOVE_CELLS + 1;
    expect_refused(&g, "lastMove.cells: more than 7 cells");
    valid_game(&g);
    g.last_move.nwords = -1;
    expect_refused(&g, "lastMove.words: more than 8 words");
    valid_game(&g);
    g.last_move.nwords = CLB_MAX_WORDS + 1;
    expect_refused(&g, "lastMove.words: more than 8 words");
    /* Each side of the board, for each coordinate. */
    const int off[][2] = {
        {-1, 7}, {CLB_BOARD_SIZE, 7}, {7, -1}, {7, CLB_BOARD_SIZE}};
    for (size_t i = 0; i < sizeof off / sizeof off[0]; i++) {
        valid_game(&g);
        g.last_move.cells[1].row = off[i][0];
        g.last_move.cells[1].col = off[i][1];
        expect_refused(&g, "lastMove.cells[1]: off the board");
    }
    valid_game(&g);
    g.last_move.cells[2].row = 0;
    expect_refused(&g, "lastMove.cells[2]: square is empty");
    valid_game(&g);
    g.last_move.points = -1;
    expect_refused(&g, "lastMove.points: negative");
    /* Without a last move its contents are not looked at. */
    g.has_last_move = false;
    struct clb_error err;
    cr_assert_eq(core_game_validate(&g, &err), CLB_ERR_OK, "%s", err.detail);
}

Test(core_refusals, the_fields_out_of_range)
{
    struct core_game g;
    valid_game(&g);
    g.turn = (enum core_player)2;
    expect_refused(&g, "turn: not P1 or P2");
    valid_game(&g);
    g.board[0][0] = '?';
    expect_refused(&g, "board[0][0]: not a tile");
    valid_game(&g);
    g.bag[3] = -1;
    expect_refused(&g, "bag.D: count -1 out of range");
    valid_game(&g);
    g.bag[core_tileset_english.n] = core_tileset_english.total + 1;
    expect_refused(&g, "bag.BLANK: count 101 out of range");
    valid_game(&g);
    g.hands[1].count = -1;
    expect_refused(&g, "hands.P2: more than 7 tiles");
    valid_game(&g);
    g.hands[0].count = CLB_RACK_SIZE + 1;
    expect_refused(&g, "hands.P1: more than 7 tiles");
    valid_game(&g);
    g.hands[1].tiles[4] = '#';
    expect_refused(&g, "hands.P2[4]: unknown tile");
    valid_game(&g);
    g.score = -1;
    expect_refused(&g, "score: must be 0 to 1000000");
    valid_game(&g);
    g.score = CLB_MAX_SCORE + 1;
    expect_refused(&g, "score: must be 0 to 1000000");
    valid_game(&g);
    g.consecutive_passes = -1;
    expect_refused(&g, "consecutivePasses: must be 0 to 2");
    valid_game(&g);
    g.consecutive_passes = CLB_PASSES_TO_END + 1;
    expect_refused(&g, "consecutivePasses: must be 0 to 2");
    valid_game(&g);
    g.moves = -1;
    expect_refused(&g, "moves: must be 0 to 250");
    valid_game(&g);
    g.moves = CLB_MAX_GAME_MOVES + 1;
    expect_refused(&g, "moves: must be 0 to 250");
}

/* ---- a classic position's v2 header ------------------------------------ */

/* A v2 link written field by field: the fields' bits, most significant
 * first, six to a character after the version and check characters. */
struct bits {
    char text[CLB_MAX_LINK2_CHARS + 1];
    size_t nbits;
    unsigned char bit[6 * CLB_MAX_LINK2_CHARS];
};

static void put(struct bits *b, uint64_t v, int width)
{
    for (int i = width - 1; i >= 0; i--)
        b->bit[b->nbits++] = (unsigned char)(v >> i & 1u);
}

/* The link of the bits so far, with check characters that match. */
static size_t finish(struct bits *b)
{
    size_t n = 5;
    memcpy(b->text, "2AAAA", 5);
    for (size_t i = 0; i < b->nbits; i += 6) {
        unsigned v = 0;
        for (size_t k = i; k < i + 6; k++)
            v = v << 1 | (k < b->nbits ? b->bit[k] : 0u);
        b->text[n++] = ts_b64url[v];
    }
    b->text[n] = '\0';
    ts_forge_link2_crc(b->text, n);
    return n;
}

/* A classic position's header up to its board: the built-in list, gameId
 * "AB", P1 to move, no passes, score `score`. */
static void position_head(struct bits *b, uint64_t score)
{
    b->nbits = 0;
    put(b, 1, 1); /* a classic position, not a seed */
    put(b, 0, 1); /* the built-in word list */
    put(b, 1, 5); /* a gameId of two characters */
    put(b, 0, 6); /* 'A' */
    put(b, 1, 6); /* 'B' */
    put(b, 0, 1); /* P1 */
    put(b, 0, 1); /* no passes */
    put(b, score, 20);
}

static void expect_header_refused(struct bits *b, const char *detail)
{
    size_t n = finish(b);
    struct core_history *h = malloc(sizeof *h);
    struct core_link2 link;
    struct clb_error err;
    cr_assert_eq(core_link2_read_header(b->text, n, h, &link, &err),
                 CLB_ERR_BAD_STATE, "%s read", b->text);
    cr_assert_str_eq(err.detail, detail, "%s", b->text);
    free(h);
}

Test(core_refusals, a_written_classic_header_reads)
{
    /* The writer above is right: an empty board and two empty racks read
     * as that position, so the refusals below are for their own reason. */
    struct bits *b = malloc(sizeof *b);
    position_head(b, 1234);
    for (int sq = 0; sq < CLB_BOARD_SIZE * CLB_BOARD_SIZE; sq++)
        put(b, 0, 1);
    put(b, 2, 3);  /* P1: two tiles */
    put(b, 0, 5);  /* A */
    put(b, 26, 5); /* a blank */
    put(b, 0, 3);  /* P2: none */
    size_t n = finish(b);
    struct core_history *h = malloc(sizeof *h);
    struct core_link2 link;
    struct clb_error err;
    cr_assert_eq(core_link2_read_header(b->text, n, h, &link, &err), CLB_ERR_OK,
                 "%s", err.detail);
    cr_assert_eq(h->start, CORE_START_POSITION);
    cr_assert_str_eq(h->first.game_id, "AB");
    cr_assert_eq(h->first.score, 1234);
    cr_assert_eq(h->first.hands[0].count, 2);
    cr_assert_eq(h->first.hands[0].tiles[1], CORE_BLANK);
    cr_assert_eq(h->first.bag[0], 8);
    free(h);
    free(b);
}

Test(core_refusals, a_classic_header_forged_field_by_field)
{
    struct bits *b = malloc(sizeof *b);
    /* A score past CLB_MAX_SCORE (20 bits hold up to 1,048,575). */
    position_head(b, CLB_MAX_SCORE + 1);
    expect_header_refused(b, "the link is damaged: a value out of range in "
                             "its header");
    /* A board tile past the 52 (26 letters, 26 blanks). */
    position_head(b, 0);
    put(b, 1, 1);
    put(b, 60, 6);
    expect_header_refused(b, "the link is damaged: a value out of range in "
                             "its header");
    /* Two Zs: the set has one. */
    position_head(b, 0);
    put(b, 1, 1);
    put(b, 25, 6);
    put(b, 1, 1);
    put(b, 25, 6);
    for (int sq = 2; sq < CLB_BOARD_SIZE * CLB_BOARD_SIZE; sq++)
        put(b, 0, 1);
    put(b, 0, 3);
    put(b, 0, 3);
    expect_header_refused(b, "the link is damaged: more tiles than the set "
                             "has in its header");
    /* A rack tile past the 27 (26 letters and the blank). */
    position_head(b, 0);
    for (int sq = 0; sq < CLB_BOARD_SIZE * CLB_BOARD_SIZE; sq++)
        put(b, 0, 1);
    put(b, 1, 3);
    put(b, 30, 5);
    expect_header_refused(b, "the link is damaged: a value out of range in "
                             "its header");
    /* The built-in word list written by name: it has a one-bit code of its
     * own, so this spelling is not a link the server writes. */
    b->nbits = 0;
    put(b, 0, 1); /* a seed */
    put(b, 1, 1); /* a named list */
    put(b, sizeof CORE_LEXICON_BUILTIN_NAME - 2, 5);
    for (const char *c = CORE_LEXICON_BUILTIN_NAME; *c != '\0'; c++)
        put(b, (uint64_t)(strchr(ts_b64url, *c) - ts_b64url), 6);
    put(b, CORE_LEXICON_BUILTIN_FINGERPRINT, 32);
    put(b, 12345, CLB_SEED_BITS);
    expect_header_refused(b, "the link is damaged: the built-in word list "
                             "written by name in its header");
    free(b);
}

/* Every prefix of a classic position's link, its check characters forged
 * to match, is refused as cut short: each early exit of the header's
 * reader (the gameId, turn, passes, score, every square, the racks). */
Test(core_refusals, a_classic_header_cut_short_anywhere)
{
    struct core_game pos;
    ts_game(&pos, "QUIZ?ER", "AEIOU");
    strcpy(pos.game_id, "Ab3_x-9QzK");
    ts_board_word(&pos, 7, 4, true, "JOKEs");
    ts_board_word(&pos, 0, 0, true, "AXE");
    ts_board_word(&pos, 14, 10, true, "VOWEL");
    pos.score = 777;
    pos.turn = CORE_P2;
    pos.consecutive_passes = 1;
    struct clb_error err;
    cr_assert_eq(core_game_validate(&pos, &err), CLB_ERR_OK, "%s", err.detail);
    struct core_history *h = malloc(sizeof *h), *back = malloc(sizeof *back);
    struct core_link2 link, read;
    const struct core_lexicon_id twl = {0x12345678u, "twl06", NULL};
    cr_assert_eq(core_history_from_position(h, &pos, &twl, &err), CLB_ERR_OK,
                 "%s", err.detail);
    cr_assert_eq(core_link2_begin(h, &link, &err), CLB_ERR_OK, "%s",
                 err.detail);
    cr_assert_eq(core_link2_read_header(link.text, link.len, back, &read, &err),
                 CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(back->first.score, 777);
    char s[CLB_MAX_LINK2_CHARS + 1];
    int refused = 0;
    for (size_t n = 6; n < link.len; n++) {
        memcpy(s, link.text, n);
        s[n] = '\0';
        ts_forge_link2_crc(s, n);
        cr_assert_eq(core_link2_read_header(s, n, back, &read, &err),
                     CLB_ERR_BAD_STATE, "prefix %zu of %s", n, link.text);
        cr_assert_str_eq(err.detail, "the link is cut short", "prefix %zu", n);
        refused++;
    }
    /* gameId, list, score and 225 squares: well over 40 characters. */
    cr_assert_gt(refused, 40, "%d prefixes", refused);
    free(h);
    free(back);
}
