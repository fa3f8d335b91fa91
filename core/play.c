/* core/play.c - checks and scores a play: rack, geometry, connection, words.
 *
 * The checks run in a fixed order, each with its own error code, so a player
 * always hears about the most basic problem first: tile not in rack, off the
 * board, square taken, not in one line, gap, first-play rules, connection,
 * and only then the dictionary. Pure: works on a stack copy of the board.
 */
/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "internal.h"

/* A run of letters on the board: start square, direction and length. */
struct word_span {
    int row, col;
    int drow, dcol; /* (0,1) across, (1,0) down */
    int len;
};

static bool on_board(int row, int col)
{
    return row >= 0 && row < CLB_BOARD_SIZE && col >= 0 && col < CLB_BOARD_SIZE;
}

static void add_placement_cells(const struct core_move *move,
                                struct clb_error *err)
{
    for (int i = 0; i < move->ntiles; i++)
        clb_error_add_cell(err, move->tiles[i].row, move->tiles[i].col);
}

/* Each placed tile must come from the rack: a blank for a blank play, the
 * letter itself otherwise. Counted as a multiset so two E's need two E's. */
static enum clb_err check_rack(const struct core_tileset *ts,
                               const struct core_rack *rack,
                               const struct core_move *move,
                               struct clb_error *err)
{
    unsigned char have[CLB_MAX_TILE_KINDS] = {0}; /* at most 7 of a kind */
    for (int i = 0; i < rack->count; i++)
        have[core_tile_kind(ts, rack->tiles[i])]++;
    for (int i = 0; i < move->ntiles; i++) {
        const struct core_placement *t = &move->tiles[i];
        int letter = core_tile_letter(t->letter, ts->n);
        int kind = t->blank ? ts->n : letter;
        if (letter < 0 || have[kind] == 0) {
            clb_error_add_cell(err, t->row, t->col);
            if (t->blank || letter < 0)
                return clb_error_set(err, CLB_ERR_NOT_IN_RACK,
                                     t->blank ? "no blank left" : NULL);
            return clb_error_set(err, CLB_ERR_NOT_IN_RACK, "no %s left",
                                 ts->upper[letter]);
        }
        have[kind]--;
    }
    return CLB_ERR_OK;
}

/* Every tile on one of the 225 squares. First of the placement checks: a
 * tile whose square cannot exist is out_of_bounds whatever its letter. */
static enum clb_err check_bounds(const struct core_move *move,
                                 struct clb_error *err)
{
    for (int i = 0; i < move->ntiles; i++) {
        const struct core_placement *t = &move->tiles[i];
        if (!on_board(t->row, t->col)) {
            /* No cell: no square of the board can show where it is. */
            return clb_error_set(err, CLB_ERR_OUT_OF_BOUNDS,
                                 "row %d, column %d is off the board", t->row,
                                 t->col);
        }
    }
    return CLB_ERR_OK;
}

static enum clb_err check_squares(const struct core_game *game,
                                  const struct core_move *move,
                                  struct clb_error *err)
{
    for (int i = 0; i < move->ntiles; i++) {
        const struct core_placement *t = &move->tiles[i];
        /* The move is canonical, sorted by square: a square listed twice
         * is listed twice in a row. */
        bool taken = game->board[t->row][t->col] != CORE_EMPTY ||
                     (i > 0 && move->tiles[i - 1].row == t->row &&
                      move->tiles[i - 1].col == t->col);
        if (taken) {
            clb_error_add_cell(err, t->row, t->col);
            return clb_error_set(err, CLB_ERR_OCCUPIED, NULL);
        }
    }
    return CLB_ERR_OK;
}

/* Works out the play's direction (across unless every tile shares a column
 * and not a row) and that no empty square lies between its ends. */
static enum clb_err check_line(const struct core_game *game,
                               const struct core_move *move, int *drow,
                               int *dcol, struct clb_error *err)
{
    bool same_row = true, same_col = true;
    for (int i = 1; i < move->ntiles; i++) {
        same_row &= move->tiles[i].row == move->tiles[0].row;
        same_col &= move->tiles[i].col == move->tiles[0].col;
    }
    if (!same_row && !same_col) {
        add_placement_cells(move, err);
        return clb_error_set(err, CLB_ERR_NOT_IN_LINE, NULL);
    }
    *drow = same_row ? 0 : 1;
    *dcol = same_row ? 1 : 0;

    int lo = CLB_BOARD_SIZE, hi = -1;
    unsigned placed = 0; /* bit pos: a tile of the play lies there */
    for (int i = 0; i < move->ntiles; i++) {
        int pos = same_row ? move->tiles[i].col : move->tiles[i].row;
        lo = pos < lo ? pos : lo;
        hi = pos > hi ? pos : hi;
        placed |= 1u << pos;
    }
    int fixed = same_row ? move->tiles[0].row : move->tiles[0].col;
    for (int pos = lo; pos <= hi; pos++) {
        int r = same_row ? fixed : pos, c = same_row ? pos : fixed;
        bool filled =
            game->board[r][c] != CORE_EMPTY || (placed >> pos & 1u) != 0;
        if (!filled)
            clb_error_add_cell(err, r, c);
    }
    if (err->ncells > 0)
        return clb_error_set(err, CLB_ERR_GAP, NULL);
    return CLB_ERR_OK;
}

static enum clb_err check_anchor(const struct core_game *game,
                                 const struct core_move *move,
                                 struct clb_error *err)
{
    /* A covered centre says at once that the board is not empty. */
    if (game->board[CLB_CENTER][CLB_CENTER] == CORE_EMPTY &&
        core_board_empty(game)) {
        bool covers = false;
        for (int i = 0; i < move->ntiles; i++)
            covers |= move->tiles[i].row == CLB_CENTER &&
                      move->tiles[i].col == CLB_CENTER;
        if (!covers) {
            clb_error_add_cell(err, CLB_CENTER, CLB_CENTER);
            return clb_error_set(err, CLB_ERR_MUST_COVER_CENTER, NULL);
        }
        /* A one-letter first play forms no word at all. */
        if (move->ntiles < CLB_WORD_MIN) {
            add_placement_cells(move, err);
            return clb_error_set(err, CLB_ERR_TOO_SHORT, NULL);
        }
        return CLB_ERR_OK;
    }
    /* A filled square above, below, left or right of any tile. */
    for (int i = 0; i < move->ntiles; i++) {
        int r = move->tiles[i].row, c = move->tiles[i].col;
        const char(*b)[CLB_BOARD_SIZE] = game->board;
        if ((r > 0 && b[r - 1][c] != CORE_EMPTY) ||
            (r < CLB_BOARD_SIZE - 1 && b[r + 1][c] != CORE_EMPTY) ||
            (c > 0 && b[r][c - 1] != CORE_EMPTY) ||
            (c < CLB_BOARD_SIZE - 1 && b[r][c + 1] != CORE_EMPTY))
            return CLB_ERR_OK;
    }
    add_placement_cells(move, err);
    return clb_error_set(err, CLB_ERR_NOT_CONNECTED, NULL);
}

/* The full run of letters through (row, col) in direction (drow, dcol):
 * back while the squares before are filled, then on from (row, col) while
 * they are (the squares between are the run's, filled). */
static struct word_span
span_through(const char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE], int row, int col,
             int drow, int dcol)
{
    const char *at = &board[row][col];
    int step = drow ? CLB_BOARD_SIZE : 1;
    int pos = drow ? row : col;
    int start = pos;
    for (const char *p = at; start > 0 && p[-step] != CORE_EMPTY; p -= step)
        start--;
    int end = pos;
    for (const char *p = at; end < CLB_BOARD_SIZE && *p != CORE_EMPTY;
         p += step)
        end++;
    struct word_span s = {drow ? start : row, drow ? col : start, drow, dcol,
                          end - start};
    return s;
}

/* Spells one word (a board blank as its capital) and scores it: premiums
 * count only under tiles placed this turn (fresh: a bit per column, a
 * word per row), letter premiums first, then every word multiplier on the
 * word multiplied together (two DWs make x4, two TWs x9). */
static int spell_and_score(const struct core_tileset *ts,
                           const char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE],
                           const uint16_t fresh[CLB_BOARD_SIZE],
                           struct word_span s, char out[CLB_WORD_MAX + 1])
{
    int sum = 0, word_mult = 1;
    for (int i = 0; i < s.len; i++) {
        int r = s.row + i * s.drow, c = s.col + i * s.dcol;
        char ch = board[r][c];
        out[i] = core_tile_face(ch, ts->n);
        int letter = core_tile_points(ts, ch);
        if (fresh[r] >> c & 1u) {
            switch (core_premium_at(r, c)) {
            case CORE_PREMIUM_DL: letter *= 2; break;
            case CORE_PREMIUM_TL: letter *= 3; break;
            case CORE_PREMIUM_DW: word_mult *= 2; break;
            case CORE_PREMIUM_TW: word_mult *= 3; break;
            case CORE_PREMIUM_NONE: break;
            }
        }
        sum += letter;
    }
    out[s.len] = '\0';
    return sum * word_mult;
}

/* Collects the main word (along the play) then one cross-word per placed
 * tile, keeping only runs of two letters or more. */
static int collect_spans(const char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE],
                         const struct core_move *move, int drow, int dcol,
                         struct word_span spans[CLB_MAX_WORDS])
{
    int n = 0;
    const struct core_placement *first = &move->tiles[0];
    struct word_span main =
        span_through(board, first->row, first->col, drow, dcol);
    if (move->ntiles == 1 && main.len < CLB_WORD_MIN) {
        /* A single tile's word may run the other way. */
        drow = !drow;
        dcol = !dcol;
        main = span_through(board, first->row, first->col, drow, dcol);
    }
    if (main.len >= CLB_WORD_MIN)
        spans[n++] = main;
    for (int i = 0; i < move->ntiles; i++) {
        int r = move->tiles[i].row, c = move->tiles[i].col;
        /* Most tiles touch nothing across the line: a run of one. */
        bool before = drow ? c > 0 && board[r][c - 1] != CORE_EMPTY
                           : r > 0 && board[r - 1][c] != CORE_EMPTY;
        bool after =
            drow ? c < CLB_BOARD_SIZE - 1 && board[r][c + 1] != CORE_EMPTY
                 : r < CLB_BOARD_SIZE - 1 && board[r + 1][c] != CORE_EMPTY;
        if (!before && !after)
            continue;
        struct word_span cross = span_through(board, r, c, dcol, drow);
        if (cross.len >= CLB_WORD_MIN && n < CLB_MAX_WORDS)
            spans[n++] = cross;
    }
    return n;
}

/* The detail of an invalid play lists its words in the set's display
 * strings: "CTA, AZ" (err->words keeps their tile bytes). */
static enum clb_err set_word_list(const struct core_tileset *ts,
                                  struct clb_error *err)
{
    size_t used = 0;
    err->detail[0] = '\0';
    for (int i = 0; i < err->nwords; i++) {
        char text[CORE_WORD_TEXT_MAX];
        size_t n = core_tiles_text(ts, err->words[i], strlen(err->words[i]),
                                   text, sizeof text);
        if (used + n + 3 > sizeof err->detail)
            break; /* the words array still names them all */
        if (i > 0) {
            memcpy(err->detail + used, ", ", 2);
            used += 2;
        }
        memcpy(err->detail + used, text, n + 1);
        used += n;
    }
    err->code = CLB_ERR_INVALID_WORD;
    return CLB_ERR_INVALID_WORD;
}

enum clb_err core_play_check(const struct core_game *game,
                             const struct core_move *move,
                             const struct core_lexicon *lexicon,
                             char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE],
                             struct core_move_result *result,
                             struct clb_error *err)
{
    if (move->ntiles <= 0)
        return clb_error_set(err, CLB_ERR_NO_TILES, NULL);
    if (check_bounds(move, err) != CLB_ERR_OK)
        return err->code;
    if (move->ntiles > game->hands[game->turn].count) {
        add_placement_cells(move, err);
        return clb_error_set(err, CLB_ERR_NOT_IN_RACK,
                             "more tiles than your rack holds");
    }
    const struct core_tileset *ts = core_game_tileset(game);
    enum clb_err rc = check_rack(ts, &game->hands[game->turn], move, err);
    if (rc == CLB_ERR_OK)
        rc = check_squares(game, move, err);
    int drow = 0, dcol = 1;
    if (rc == CLB_ERR_OK)
        rc = check_line(game, move, &drow, &dcol, err);
    if (rc == CLB_ERR_OK)
        rc = check_anchor(game, move, err);
    if (rc != CLB_ERR_OK)
        return rc;

    uint16_t fresh[CLB_BOARD_SIZE] = {0};
    static_assert(CLB_BOARD_SIZE <= 16, "a row's squares fit in 16 bits");
    memcpy(board, game->board, sizeof game->board);
    for (int i = 0; i < move->ntiles; i++) {
        const struct core_placement *t = &move->tiles[i];
        board[t->row][t->col] =
            t->blank ? core_blank_tile(core_tile_letter(t->letter, ts->n))
                     : t->letter;
        fresh[t->row] = (uint16_t)(fresh[t->row] | 1u << t->col);
    }

    struct word_span spans[CLB_MAX_WORDS];
    int nspans = collect_spans((const char(*)[CLB_BOARD_SIZE])board, move, drow,
                               dcol, spans);
    /* The caller cleared *result (core_move_apply, core_move_check). */
    result->type = CORE_MOVE_PLAY;
    for (int i = 0; i < nspans; i++) {
        char *word = result->words[result->nwords];
        result->word_points[result->nwords] = spell_and_score(
            ts, (const char(*)[CLB_BOARD_SIZE])board, fresh, spans[i], word);
        result->word_at[result->nwords] = (struct core_word_at){
            (uint8_t)spans[i].row, (uint8_t)spans[i].col,
            (uint8_t)spans[i].drow, (uint8_t)spans[i].len};
        if (!lexicon->contains(lexicon->ctx, word, (size_t)spans[i].len)) {
            clb_error_add_word(err, word, (size_t)spans[i].len);
            for (int j = 0; j < spans[i].len; j++)
                clb_error_add_cell(err, spans[i].row + j * spans[i].drow,
                                   spans[i].col + j * spans[i].dcol);
        }
        result->points += result->word_points[result->nwords];
        result->nwords++;
    }
    if (err->nwords > 0)
        return set_word_list(ts, err);
    result->bingo = move->ntiles == CLB_RACK_SIZE;
    if (result->bingo)
        result->points += CLB_BINGO_BONUS;
    return CLB_ERR_OK;
}
