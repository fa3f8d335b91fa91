/* core/notation.c - reads a move written in the move list's notation
 * (notation.h). Pure: no I/O, no allocation.
 */
/* SPDX-License-Identifier: MIT */
#include "notation.h"

#include <string.h>

#include "tiles.h"

static bool is_upper(char c)
{
    return c >= 'A' && c <= 'Z';
}

static bool is_lower(char c)
{
    return c >= 'a' && c <= 'z';
}

static char to_upper(char c)
{
    return is_lower(c) ? (char)(c - 0x20) : c;
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* A column letter of the board, in either case: its index, or -1. */
static int column_of(char c)
{
    c = to_upper(c);
    return is_upper(c) && c < 'A' + CLB_BOARD_SIZE ? c - 'A' : -1;
}

bool core_square_read(const char *text, size_t len, int *row, int *col,
                      bool *down)
{
    if (len < 2 || len > 3)
        return false;
    bool col_first = !is_digit(text[0]);
    int c = column_of(col_first ? text[0] : text[len - 1]);
    const char *digits = col_first ? text + 1 : text;
    size_t ndigits = len - 1;
    int r = 0;
    for (size_t i = 0; i < ndigits; i++) {
        if (!is_digit(digits[i]))
            return false;
        r = r * 10 + (digits[i] - '0');
    }
    /* "08H" is not how a square is written; a leading zero would also
     * let two spellings name one square. */
    if (c < 0 || digits[0] == '0' || r < 1 || r > CLB_BOARD_SIZE)
        return false;
    *row = r - 1;
    *col = c;
    *down = col_first;
    return true;
}

void core_square_write(int row, int col, bool down, char out[4])
{
    if (row < 0 || row >= CLB_BOARD_SIZE || col < 0 || col >= CLB_BOARD_SIZE) {
        memcpy(out, "?", 2);
        return;
    }
    int r = row + 1, n = 0;
    char letter = (char)('A' + col);
    if (down)
        out[n++] = letter;
    if (r >= 10)
        out[n++] = (char)('0' + r / 10);
    out[n++] = (char)('0' + r % 10);
    if (!down)
        out[n++] = letter;
    out[n] = '\0';
}

/* A character of a player's text, for a message: itself when it prints as
 * one ASCII character, else nothing (a byte of a longer UTF-8 character
 * alone would not be text). */
static bool printable(char c)
{
    return c > ' ' && c < 0x7f;
}

/* The refusal of tile i (0-based) of a word, whose first byte c starts
 * no tile of ts. English names its letters as it always did. */
static enum clb_err not_a_letter(const struct core_tileset *ts, char c,
                                 size_t i, struct clb_error *err)
{
    bool english = core_tileset_is_default(ts);
    if (printable(c))
        return english ? clb_error_set(err, CLB_ERR_BAD_NOTATION,
                                       "'%c' (letter %zu of the word) is not "
                                       "a letter from A to Z",
                                       c, i + 1)
                       : clb_error_set(err, CLB_ERR_BAD_NOTATION,
                                       "'%c' (letter %zu of the word) is not "
                                       "a tile of %s",
                                       c, i + 1, ts->name);
    return english ? clb_error_set(err, CLB_ERR_BAD_NOTATION,
                                   "letter %zu of the word is not a letter "
                                   "from A to Z",
                                   i + 1)
                   : clb_error_set(err, CLB_ERR_BAD_NOTATION,
                                   "letter %zu of the word is not a tile of "
                                   "%s",
                                   i + 1, ts->name);
}

/* One tile of a typed word: its letter (-1 where no tile of the set
 * starts), whether it is written as a blank, and its first byte. */
struct typed_tile {
    int letter;
    bool blank;
    char first;
};

/* Whether the len bytes at s, read as letter m, are written as a blank:
 * exactly the set's lower display string (a lowercase letter for
 * English; "ch" for a CH tile, where "Ch" and "CH" are the letter). */
static bool typed_blank(const struct core_tileset *ts, int m, const char *s,
                        size_t len)
{
    const char *lower = ts->lower[m];
    return strlen(lower) == len && memcmp(lower, s, len) == 0 &&
           strcmp(lower, ts->upper[m]) != 0;
}

/* Cuts the typed word (len bytes) into tiles by the set's longest match
 * (core_tileset_cut), keeping at most `cap`. A byte no tile starts counts
 * as one tile (letter -1) so that a word's length is judged before its
 * characters, as English always did (every English tile is one byte).
 * Returns the number of tiles, counted past cap. */
static size_t cut_typed(const struct core_tileset *ts, const char *word,
                        size_t len, struct typed_tile *tiles, size_t cap)
{
    size_t count = 0;
    for (size_t i = 0; i < len; count++) {
        int m;
        size_t used = core_tileset_cut(ts, word + i, len - i, &m);
        if (count < cap) {
            tiles[count].letter = m;
            tiles[count].blank = used > 0 && typed_blank(ts, m, word + i, used);
            tiles[count].first = word[i];
        }
        i += used > 0 ? used : 1;
    }
    return count;
}

/* The refusal of a letter on the board that the word does not spell. */
static enum clb_err not_on_board(const struct core_tileset *ts, int r, int cl,
                                 int on, int typed, size_t i,
                                 struct clb_error *err)
{
    char sq[4];
    core_square_write(r, cl, true, sq);
    clb_error_add_cell(err, r, cl);
    return clb_error_set(err, CLB_ERR_BAD_NOTATION,
                         "%s already holds %s, not %s (letter %zu of the "
                         "word)",
                         sq, ts->upper[on], ts->upper[typed], i + 1);
}

enum clb_err core_notation_play(const struct core_game *game, int row, int col,
                                bool down, const char *word, size_t len,
                                struct core_move *move, struct clb_error *err)
{
    const struct core_tileset *ts = core_game_tileset(game);
    struct typed_tile typed[CLB_WORD_MAX];
    memset(move, 0, sizeof *move);
    move->type = CORE_MOVE_PLAY;
    size_t count = cut_typed(ts, word, len, typed, CLB_WORD_MAX);
    if (count < CLB_WORD_MIN || count > CLB_WORD_MAX)
        return clb_error_set(err, CLB_ERR_BAD_NOTATION,
                             "the word must have %d to %d letters",
                             CLB_WORD_MIN, CLB_WORD_MAX);
    for (size_t i = 0; i < count; i++) {
        int m = typed[i].letter;
        if (m < 0)
            return not_a_letter(ts, typed[i].first, i, err);
        int r = row + (down ? (int)i : 0), cl = col + (down ? 0 : (int)i);
        if (r < 0 || cl < 0 || r >= CLB_BOARD_SIZE || cl >= CLB_BOARD_SIZE)
            return clb_error_set(err, CLB_ERR_BAD_NOTATION,
                                 "the word runs off the board at letter %zu",
                                 i + 1);
        char on = game->board[r][cl];
        if (on != CORE_EMPTY) {
            /* A letter already there (a blank's too): the word must spell
             * it, whatever case it is written in. */
            int there = core_tile_face_letter(on, ts->n);
            if (there != m)
                return not_on_board(ts, r, cl, there < 0 ? m : there, m, i,
                                    err);
            continue;
        }
        if (move->ntiles >= CLB_RACK_SIZE)
            return clb_error_set(err, CLB_ERR_BAD_NOTATION,
                                 "the word needs more than %d new tiles",
                                 CLB_RACK_SIZE);
        struct core_placement *t = &move->tiles[move->ntiles++];
        t->row = r;
        t->col = cl;
        t->letter = core_letter_tile(m);
        t->blank = typed[i].blank;
    }
    if (move->ntiles == 0)
        return clb_error_set(err, CLB_ERR_BAD_NOTATION,
                             "every letter of the word is already on the "
                             "board");
    return CLB_ERR_OK;
}

/* The refusal of a character that starts no tile in an exchange. */
static enum clb_err not_a_tile(const struct core_tileset *ts, char c,
                               struct clb_error *err)
{
    bool english = core_tileset_is_default(ts);
    if (printable(c))
        return english ? clb_error_set(err, CLB_ERR_BAD_NOTATION,
                                       "'%c' is not a tile (A to Z, ? for a "
                                       "blank)",
                                       c)
                       : clb_error_set(err, CLB_ERR_BAD_NOTATION,
                                       "'%c' is not a tile of %s (? for a "
                                       "blank)",
                                       c, ts->name);
    return english ? clb_error_set(err, CLB_ERR_BAD_NOTATION,
                                   "a tile is a letter from A to Z, or ? for "
                                   "a blank")
                   : clb_error_set(err, CLB_ERR_BAD_NOTATION,
                                   "a tile is a tile of %s, or ? for a blank",
                                   ts->name);
}

enum clb_err core_notation_exchange(const char *tiles, size_t len,
                                    struct core_move *move,
                                    struct clb_error *err)
{
    return core_notation_exchange_in(&core_tileset_english, tiles, len, move,
                                     err);
}

enum clb_err core_notation_exchange_in(const struct core_tileset *ts,
                                       const char *tiles, size_t len,
                                       struct core_move *move,
                                       struct clb_error *err)
{
    memset(move, 0, sizeof *move);
    move->type = CORE_MOVE_EXCHANGE;
    for (size_t i = 0; i < len;) {
        char c = tiles[i];
        if (c == ' ') {
            i++;
            continue;
        }
        int m = -1;
        size_t used =
            c == CORE_BLANK ? 1 : core_tileset_cut(ts, tiles + i, len - i, &m);
        if (used == 0)
            return not_a_tile(ts, c, err);
        if (move->ntiles >= CLB_RACK_SIZE)
            return clb_error_set(err, CLB_ERR_BAD_NOTATION,
                                 "an exchange is at most %d tiles",
                                 CLB_RACK_SIZE);
        move->exchange[move->ntiles++] =
            c == CORE_BLANK ? CORE_BLANK : core_letter_tile(m);
        i += used;
    }
    return CLB_ERR_OK;
}

/* Whether text (len bytes) starts with the word `lit` and then ends or has
 * a space. */
static bool starts_with_word(const char *text, size_t len, const char *lit)
{
    size_t n = strlen(lit);
    return len >= n && memcmp(text, lit, n) == 0 &&
           (len == n || text[n] == ' ');
}

enum clb_err core_notation_read(const struct core_game *game, const char *text,
                                size_t len, struct core_move *move,
                                struct clb_error *err)
{
    memset(move, 0, sizeof *move);
    if (len == 4 && memcmp(text, "pass", 4) == 0) {
        move->type = CORE_MOVE_PASS;
        return CLB_ERR_OK;
    }
    if (starts_with_word(text, len, "exchange"))
        return core_notation_exchange_in(core_game_tileset(game), text + 8,
                                         len - 8, move, err);
    const char *space = memchr(text, ' ', len);
    if (space == NULL || space == text)
        return clb_error_set(err, CLB_ERR_BAD_NOTATION,
                             "a move is a play like '8H WORD', 'pass' or "
                             "'exchange TILES'");
    size_t sqlen = (size_t)(space - text);
    int row, col;
    bool down;
    if (!core_square_read(text, sqlen, &row, &col, &down)) {
        /* The square as written, when it is short plain text: it names
         * what to fix. */
        bool echo = sqlen <= 8;
        for (size_t i = 0; echo && i < sqlen; i++)
            echo = printable(text[i]);
        if (!echo)
            return clb_error_set(err, CLB_ERR_BAD_NOTATION,
                                 "the move does not start with a square "
                                 "(8H across, H8 down)");
        return clb_error_set(err, CLB_ERR_BAD_NOTATION,
                             "'%.*s' is not a square (8H across, H8 down)",
                             (int)sqlen, text);
    }
    return core_notation_play(game, row, col, down, space + 1, len - sqlen - 1,
                              move, err);
}
