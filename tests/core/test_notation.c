/* tests/core/test_notation.c - reading a move in the move list's notation
 * (core/notation.h): squares both ways round, blanks, letters already on
 * the board, exchanges, and every refusal with what it names.
 */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <string.h>

#include "../../core/notation.h"

/* An empty board with `word` written across from (row, col). */
static void board_with(struct core_game *g, int row, int col, const char *word)
{
    memset(g, 0, sizeof *g);
    memset(g->board, CORE_EMPTY, sizeof g->board);
    for (size_t i = 0; word[i] != '\0'; i++)
        g->board[row][col + (int)i] = word[i];
}

static enum clb_err read_move(const struct core_game *g, const char *text,
                              struct core_move *m, struct clb_error *err)
{
    clb_error_clear(err);
    return core_notation_read(g, text, strlen(text), m, err);
}

Test(core_notation, squares_both_ways_round_and_either_case)
{
    int r, c;
    bool down;
    cr_assert(core_square_read("8H", 2, &r, &c, &down));
    cr_assert(r == 7 && c == 7 && !down);
    cr_assert(core_square_read("H8", 2, &r, &c, &down));
    cr_assert(r == 7 && c == 7 && down);
    cr_assert(core_square_read("15o", 3, &r, &c, &down));
    cr_assert(r == 14 && c == 14 && !down);
    cr_assert(core_square_read("a1", 2, &r, &c, &down));
    cr_assert(r == 0 && c == 0 && down);
}

Test(core_notation, squares_off_the_board_are_refused)
{
    int r = -5, c = -5;
    bool down;
    const char *bad[] = {"8Z", "P8", "16A", "A0",  "0A",  "08H", "H",  "8",
                         "",   "HH", "88",  "1A1", "A1A", "8H ", "H-8"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_assert(!core_square_read(bad[i], strlen(bad[i]), &r, &c, &down),
                  "%s", bad[i]);
    cr_assert(r == -5 && c == -5, "nothing set on a refusal");
}

Test(core_notation, squares_written_back)
{
    char out[4];
    core_square_write(7, 7, false, out);
    cr_assert_str_eq(out, "8H");
    core_square_write(14, 0, true, out);
    cr_assert_str_eq(out, "A15");
    core_square_write(15, 0, true, out);
    cr_assert_str_eq(out, "?");
}

Test(core_notation, play_across_places_each_letter)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    board_with(&g, 0, 0, "");
    cr_assert_eq(read_move(&g, "8G QUIT", &m, &err), CLB_ERR_OK);
    cr_assert_eq(m.type, CORE_MOVE_PLAY);
    cr_assert_eq(m.ntiles, 4);
    for (int i = 0; i < 4; i++) {
        cr_assert_eq(m.tiles[i].row, 7);
        cr_assert_eq(m.tiles[i].col, 6 + i);
        cr_assert_eq(m.tiles[i].letter, "QUIT"[i]);
        cr_assert(!m.tiles[i].blank);
    }
}

Test(core_notation, play_down_with_a_blank)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    board_with(&g, 0, 0, "");
    cr_assert_eq(read_move(&g, "H7 QuIT", &m, &err), CLB_ERR_OK);
    cr_assert_eq(m.ntiles, 4);
    cr_assert_eq(m.tiles[1].row, 7);
    cr_assert_eq(m.tiles[1].col, 7);
    cr_assert_eq(m.tiles[1].letter, 'U');
    cr_assert(m.tiles[1].blank);
    cr_assert(!m.tiles[0].blank && !m.tiles[2].blank);
}

/* CaT (its A a blank) on 8G-8I: "H7 MAT" goes down through the A,
 * placing M and T only (the board's blank matches A); "8G cATS" writes the
 * board's letters in any case and places the S on 8J alone. */
Test(core_notation, play_through_letters_on_the_board)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    board_with(&g, 7, 6, "CaT");
    cr_assert_eq(read_move(&g, "H7 MAT", &m, &err), CLB_ERR_OK);
    cr_assert_eq(m.ntiles, 2);
    cr_assert(m.tiles[0].row == 6 && m.tiles[0].col == 7);
    cr_assert(m.tiles[1].row == 8 && m.tiles[1].col == 7);
    cr_assert_eq(m.tiles[1].letter, 'T');
    cr_assert_eq(read_move(&g, "8G cATS", &m, &err), CLB_ERR_OK);
    cr_assert_eq(m.ntiles, 1);
    cr_assert(m.tiles[0].col == 9 && m.tiles[0].letter == 'S');
}

Test(core_notation, a_letter_that_differs_from_the_board_names_its_square)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    board_with(&g, 7, 6, "CAT");
    cr_assert_eq(read_move(&g, "H7 MOT", &m, &err), CLB_ERR_BAD_NOTATION);
    cr_assert_str_eq(err.detail,
                     "H8 already holds A, not O (letter 2 of the word)");
    cr_assert_eq(err.ncells, 1);
    cr_assert(err.cells[0].row == 7 && err.cells[0].col == 7);
}

Test(core_notation, every_letter_on_the_board_is_no_play)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    board_with(&g, 7, 6, "CAT");
    cr_assert_eq(read_move(&g, "8G CAT", &m, &err), CLB_ERR_BAD_NOTATION);
    cr_assert(strstr(err.detail, "already on the board") != NULL);
}

Test(core_notation, words_that_cannot_be_read)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    board_with(&g, 0, 0, "");
    cr_assert_eq(read_move(&g, "8H A", &m, &err), CLB_ERR_BAD_NOTATION);
    cr_assert_str_eq(err.detail, "the word must have 2 to 15 letters");
    cr_assert_eq(read_move(&g, "8A ABCDEFGHIJKLMNOP", &m, &err),
                 CLB_ERR_BAD_NOTATION);
    cr_assert_eq(read_move(&g, "8H WO3D", &m, &err), CLB_ERR_BAD_NOTATION);
    cr_assert_str_eq(err.detail,
                     "'3' (letter 3 of the word) is not a letter from A to Z");
    cr_assert_eq(read_move(&g, "8H W\xc3\xa9", &m, &err), CLB_ERR_BAD_NOTATION);
    cr_assert_str_eq(err.detail,
                     "letter 2 of the word is not a letter from A to Z");
    cr_assert_eq(read_move(&g, "8M WORDS", &m, &err), CLB_ERR_BAD_NOTATION);
    cr_assert_str_eq(err.detail, "the word runs off the board at letter 4");
    cr_assert_eq(read_move(&g, "M12 WORDS", &m, &err), CLB_ERR_BAD_NOTATION);
    cr_assert_eq(read_move(&g, "8A ABCDEFGH", &m, &err), CLB_ERR_BAD_NOTATION);
    cr_assert_str_eq(err.detail, "the word needs more than 7 new tiles");
}

Test(core_notation, squares_that_cannot_be_read_are_echoed_when_plain)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    board_with(&g, 0, 0, "");
    cr_assert_eq(read_move(&g, "8Z WORD", &m, &err), CLB_ERR_BAD_NOTATION);
    cr_assert_str_eq(err.detail, "'8Z' is not a square (8H across, H8 down)");
    cr_assert_eq(read_move(&g, "\xc3\xa9 WORD", &m, &err),
                 CLB_ERR_BAD_NOTATION);
    cr_assert(strstr(err.detail, "does not start with a square") != NULL);
    cr_assert_eq(read_move(&g, "WORD", &m, &err), CLB_ERR_BAD_NOTATION);
    cr_assert(strstr(err.detail, "a move is a play like") != NULL);
    cr_assert_eq(read_move(&g, " 8H WORD", &m, &err), CLB_ERR_BAD_NOTATION);
    cr_assert_eq(read_move(&g, "passing", &m, &err), CLB_ERR_BAD_NOTATION);
}

Test(core_notation, pass_and_exchange)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    board_with(&g, 0, 0, "");
    cr_assert_eq(read_move(&g, "pass", &m, &err), CLB_ERR_OK);
    cr_assert_eq(m.type, CORE_MOVE_PASS);
    cr_assert_eq(m.ntiles, 0);
    cr_assert_eq(read_move(&g, "exchange Qz ?", &m, &err), CLB_ERR_OK);
    cr_assert_eq(m.type, CORE_MOVE_EXCHANGE);
    cr_assert_eq(m.ntiles, 3);
    cr_assert(memcmp(m.exchange, "QZ?", 3) == 0);
    /* No tiles is read; the rules refuse it (no_tiles). */
    cr_assert_eq(read_move(&g, "exchange", &m, &err), CLB_ERR_OK);
    cr_assert_eq(m.ntiles, 0);
}

Test(core_notation, exchanges_that_cannot_be_read)
{
    struct core_move m;
    struct clb_error err;
    clb_error_clear(&err);
    cr_assert_eq(core_notation_exchange("AB1", 3, &m, &err),
                 CLB_ERR_BAD_NOTATION);
    cr_assert_str_eq(err.detail, "'1' is not a tile (A to Z, ? for a blank)");
    cr_assert_eq(core_notation_exchange("ABCDEFGH", 8, &m, &err),
                 CLB_ERR_BAD_NOTATION);
    cr_assert_str_eq(err.detail, "an exchange is at most 7 tiles");
    cr_assert_eq(core_notation_exchange("A\n", 2, &m, &err),
                 CLB_ERR_BAD_NOTATION);
}

/* x-test27's CH tile is letter 26: byte '[' (0x41 + 26), a blank for it
 * '{' (0x61 + 26). */
#define CH_TILE '['
#define CH_BLANK '{'

/* An x-test27 game: an empty board with `word` (tile bytes) across from
 * (row, col). */
static void x27_board_with(struct core_game *g, int row, int col,
                           const char *word)
{
    board_with(g, row, col, word);
    g->tileset = &core_tileset_x_test27;
}

Test(core_notation, a_word_is_cut_into_the_sets_tiles)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    x27_board_with(&g, 0, 0, "");
    cr_assert_eq(read_move(&g, "8H CHAT", &m, &err), CLB_ERR_OK, "%s",
                 err.detail);
    cr_assert_eq(m.ntiles, 3, "CH is one tile");
    cr_assert(m.tiles[0].letter == CH_TILE && !m.tiles[0].blank);
    cr_assert(m.tiles[1].letter == 'A' && m.tiles[1].col == 8);
    cr_assert(m.tiles[2].letter == 'T' && m.tiles[2].col == 9);
    /* Exactly the lower display string is a blank; any other case the
     * letter. */
    cr_assert_eq(read_move(&g, "H8 chAT", &m, &err), CLB_ERR_OK);
    cr_assert(m.tiles[0].letter == CH_TILE && m.tiles[0].blank);
    cr_assert(m.tiles[1].row == 8 && m.tiles[1].col == 7, "down");
    cr_assert_eq(read_move(&g, "8H ChAT", &m, &err), CLB_ERR_OK);
    cr_assert(m.tiles[0].letter == CH_TILE && !m.tiles[0].blank);
    cr_assert_eq(read_move(&g, "8H CHat", &m, &err), CLB_ERR_OK);
    cr_assert(m.tiles[1].letter == 'A' && m.tiles[1].blank);
    cr_assert(m.tiles[2].letter == 'T' && m.tiles[2].blank);
}

Test(core_notation, a_multi_letter_tile_on_the_board_is_matched)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    char on[2] = {CH_TILE, '\0'};
    x27_board_with(&g, 7, 8, on);
    cr_assert_eq(read_move(&g, "8H ACHE", &m, &err), CLB_ERR_OK, "%s",
                 err.detail);
    cr_assert_eq(m.ntiles, 2);
    cr_assert(m.tiles[0].col == 7 && m.tiles[1].col == 9);
    on[0] = CH_BLANK; /* a blank's letter, written in any case */
    x27_board_with(&g, 7, 8, on);
    cr_assert_eq(read_move(&g, "8H AchE", &m, &err), CLB_ERR_OK);
    cr_assert_eq(m.ntiles, 2);
    x27_board_with(&g, 7, 8, "C");
    cr_assert_eq(read_move(&g, "8H ACHE", &m, &err), CLB_ERR_BAD_NOTATION);
    cr_assert_str_eq(err.detail,
                     "I8 already holds C, not CH (letter 2 of the word)");
    x27_board_with(&g, 7, 8, on);
    cr_assert_eq(read_move(&g, "8H ACE", &m, &err), CLB_ERR_BAD_NOTATION);
    cr_assert_str_eq(err.detail,
                     "I8 already holds CH, not C (letter 2 of the word)");
}

Test(core_notation, words_of_another_set_that_cannot_be_read)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    x27_board_with(&g, 0, 0, "");
    cr_assert_eq(read_move(&g, "8H CH", &m, &err), CLB_ERR_BAD_NOTATION);
    cr_assert_str_eq(err.detail, "the word must have 2 to 15 letters",
                     "CH is one tile");
    cr_assert_eq(read_move(&g, "8H CH1", &m, &err), CLB_ERR_BAD_NOTATION);
    cr_assert_str_eq(err.detail,
                     "'1' (letter 2 of the word) is not a tile of x-test27");
    cr_assert_eq(read_move(&g, "8H CH\xc3\x89", &m, &err),
                 CLB_ERR_BAD_NOTATION);
    cr_assert_str_eq(err.detail,
                     "letter 2 of the word is not a tile of x-test27");
    cr_assert_eq(read_move(&g, "exchange C1", &m, &err), CLB_ERR_BAD_NOTATION);
    cr_assert_str_eq(err.detail, "'1' is not a tile of x-test27 (? for a "
                                 "blank)");
}

Test(core_notation, an_exchange_in_another_set)
{
    struct core_game g;
    struct core_move m;
    struct clb_error err;
    x27_board_with(&g, 0, 0, "");
    cr_assert_eq(read_move(&g, "exchange CH C H ?", &m, &err), CLB_ERR_OK, "%s",
                 err.detail);
    cr_assert_eq(m.ntiles, 4);
    cr_assert(m.exchange[0] == CH_TILE && m.exchange[1] == 'C' &&
              m.exchange[2] == 'H' && m.exchange[3] == CORE_BLANK);
    cr_assert_eq(read_move(&g, "exchange chc", &m, &err), CLB_ERR_OK);
    cr_assert(m.ntiles == 2 && m.exchange[0] == CH_TILE &&
              m.exchange[1] == 'C');
    /* The same letters in English are two tiles. */
    cr_assert_eq(core_notation_exchange("CH", 2, &m, &err), CLB_ERR_OK);
    cr_assert(m.ntiles == 2 && m.exchange[0] == 'C' && m.exchange[1] == 'H');
}
