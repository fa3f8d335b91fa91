/* server/link_v1.c - the classic (v1) turn-link codec: struct core_game <->
 * schema-v1 JSON (jansson) <-> LZ-String text. position.c sends every v1
 * link here and writes every classic link with it; core never sees JSON.
 *
 * Decoding is strict and bounded, in this order: the encoded length, the
 * alphabet, decompression straight to UTF-8 capped at CLB_MAX_DECODED_STATE
 * UTF-16 units (lz_decompress_base64_utf8), srv_json_parse (nesting depth,
 * duplicates rejected, one object), the shape of every known field (unknown
 * top-level keys are skipped, for links of a newer original design), and
 * finally core_game_validate. Each refusal is one struct clb_error whose detail
 * names the field, e.g. `board[3][4]: "?" is not ".", "A"-"Z" or "a"-"z"`. A
 * state in the usual form is read in place by the fast reader (link_v1_fast.c),
 * and only the others (the refused ones among them) go through jansson; the
 * decompressed text lives on the stack of libmicrohttpd's threads
 * (CLB_THREAD_STACK_BYTES). States are written as JSON text directly
 * (link_game_write); the jansson tree of a state, which the tools and the
 * tests use, is tools/link_tree.c's.
 */
/* SPDX-License-Identifier: MIT */
#include "link.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/limits.h"
#include "../core/lzstring.h"
#include "../core/tiles.h"
#include "json_in.h"
#include "json_load.h"
#include "link_v1_internal.h"
#include "names.h"

/* A link's text is decompressed on the handler's stack (link_v1_decode):
 * 3 bytes of UTF-8 a unit, beside LZ-String's own tables (about 520 KB,
 * and 2 bytes a unit more for text that is not ASCII), well within a
 * thread's stack. */
static_assert(CLB_MAX_DECODED_STATE * 5 < CLB_THREAD_STACK_BYTES / 4,
              "a decoded link fits a handler's stack");

/* The detail said for anything that does not even decompress to text. */
#define LINK_NOT_A_STATE "the link is damaged: it is not a Collabble link"

/* --- errors ------------------------------------------------------------ */

/* The detail travels to players and into JSON API responses (jansson refuses
 * invalid UTF-8), and it may quote hostile input: keep it printable ASCII. */
static void detail_sanitize(char *s)
{
    for (; *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x20 || c >= 0x7f)
            *s = '?';
    }
}

/* Sets a CLB_ERR_BAD_STATE with a formatted detail; returns the code so a
 * check reads `return bad(err, "...")`. */
__attribute__((format(printf, 2, 3))) static enum clb_err
bad(struct clb_error *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    (void)clb_error_setv(err, CLB_ERR_BAD_STATE, fmt, ap);
    va_end(ap);
    detail_sanitize(err->detail);
    return CLB_ERR_BAD_STATE;
}

/* --- small field readers ------------------------------------------------- */

/* Each reader takes the field's path for the detail, and treats v == NULL
 * as the key being absent. */

static enum clb_err expect_type(const json_t *v, json_type type,
                                const char *want, const char *path,
                                struct clb_error *err)
{
    if (v == NULL)
        return bad(err, "%s: missing", path);
    if (json_typeof(v) != type)
        return bad(err, "%s: expected %s, got %s", path, want,
                   srv_json_type_name(v));
    return CLB_ERR_OK;
}

static enum clb_err get_int(const json_t *v, const char *path, json_int_t min,
                            json_int_t max, int *out, struct clb_error *err)
{
    if (expect_type(v, JSON_INTEGER, "an integer", path, err) != CLB_ERR_OK)
        return err->code;
    json_int_t x = json_integer_value(v);
    if (x < min || x > max)
        return bad(err,
                   "%s: %" JSON_INTEGER_FORMAT
                   " is out of range %" JSON_INTEGER_FORMAT
                   "..%" JSON_INTEGER_FORMAT,
                   path, x, min, max);
    *out = (int)x;
    return CLB_ERR_OK;
}

/* Reads a string that must be one of the table's words into *out (its
 * value). The lengths are compared too, as a json_t built by a caller may
 * hold an embedded NUL. */
static enum clb_err get_word(const json_t *v, const char *path,
                             const struct srv_names *t, int *out,
                             struct clb_error *err)
{
    if (expect_type(v, JSON_STRING, "a string", path, err) != CLB_ERR_OK)
        return err->code;
    int x = srv_name_value(t, json_string_value(v), json_string_length(v), -1);
    if (x < 0) {
        char words[64];
        srv_names_list(t, words, sizeof words);
        return bad(err, "%s: \"%.16s\" is not %s", path, json_string_value(v),
                   words);
    }
    *out = x;
    return CLB_ERR_OK;
}

/* Reads a [A-Za-z0-9_-]{1,max} string into out (max + 1 bytes). */
static enum clb_err get_name(const json_t *v, const char *path, size_t max,
                             char *out, struct clb_error *err)
{
    if (expect_type(v, JSON_STRING, "a string", path, err) != CLB_ERR_OK)
        return err->code;
    const char *s = json_string_value(v);
    size_t len = json_string_length(v);
    bool ok = len >= 1 && len <= max;
    for (size_t i = 0; ok && i < len; i++)
        ok = is_name_char(s[i]);
    if (!ok)
        return bad(err,
                   "%s: \"%.40s\" is not 1-%zu characters of A-Z, a-z, 0-9, "
                   "\"_\" and \"-\"",
                   path, s, max);
    memcpy(out, s, len);
    out[len] = '\0';
    return CLB_ERR_OK;
}

/* Refuses any key of obj not in `allowed` (NULL-terminated). Unknown keys
 * are errors, not ignored: a state we would silently drop part of on the
 * next encode is a state we do not understand. */
static enum clb_err check_keys(const json_t *obj, const char *path,
                               const char *const *allowed,
                               struct clb_error *err)
{
    const char *key;
    const json_t *value;
    json_object_foreach((json_t *)obj, key, value)
    {
        bool known = false;
        for (const char *const *a = allowed; *a != NULL && !known; a++)
            known = strcmp(key, *a) == 0;
        if (!known)
            return bad(err, "%s: unknown key \"%.32s\"", path, key);
        (void)value;
    }
    return CLB_ERR_OK;
}

/* --- the fields of schema v1 --------------------------------------------- */

static enum clb_err read_board(const json_t *v, struct core_game *game,
                               struct clb_error *err)
{
    if (expect_type(v, JSON_ARRAY, "an array of 15 rows", "board", err) !=
        CLB_ERR_OK)
        return err->code;
    if (json_array_size(v) != CLB_BOARD_SIZE)
        return bad(err, "board: has %zu rows, expected %d", json_array_size(v),
                   CLB_BOARD_SIZE);
    for (int r = 0; r < CLB_BOARD_SIZE; r++) {
        const json_t *row = json_array_get(v, (size_t)r);
        char path[32];
        (void)snprintf(path, sizeof path, "board[%d]", r);
        if (expect_type(row, JSON_ARRAY, "an array of 15 squares", path, err) !=
            CLB_ERR_OK)
            return err->code;
        if (json_array_size(row) != CLB_BOARD_SIZE)
            return bad(err, "%s: has %zu squares, expected %d", path,
                       json_array_size(row), CLB_BOARD_SIZE);
        for (int c = 0; c < CLB_BOARD_SIZE; c++) {
            const json_t *sq = json_array_get(row, (size_t)c);
            (void)snprintf(path, sizeof path, "board[%d][%d]", r, c);
            if (expect_type(sq, JSON_STRING, "a string", path, err) !=
                CLB_ERR_OK)
                return err->code;
            const char *s = json_string_value(sq);
            char ch = s[0];
            if (json_string_length(sq) != 1 ||
                !(ch == CORE_EMPTY || link_is_tile(ch)))
                return bad(err,
                           "%s: \"%.16s\" is not \".\", \"A\"-\"Z\" or "
                           "\"a\"-\"z\"",
                           path, s);
            game->board[r][c] = ch;
        }
    }
    return CLB_ERR_OK;
}

/* Missing letters count as 0 (a writer may leave out what ran out); unknown
 * keys are refused. Each count is capped at the whole bag so no sum the
 * core makes can overflow. */
static enum clb_err read_bag(const json_t *v, struct core_game *game,
                             struct clb_error *err)
{
    if (expect_type(v, JSON_OBJECT, "an object", "bag", err) != CLB_ERR_OK)
        return err->code;
    const char *key;
    const json_t *count;
    json_object_foreach((json_t *)v, key, count)
    {
        int kind = name_kind(key, strlen(key));
        if (kind < 0)
            return bad(err,
                       "bag: unknown key \"%.32s\" (expected \"A\"-\"Z\" or "
                       "\"BLANK\")",
                       key);
        char path[16];
        (void)snprintf(path, sizeof path, "bag.%s", key);
        if (get_int(count, path, 0, LINK_V1_SET->total, &game->bag[kind],
                    err) != CLB_ERR_OK)
            return err->code;
    }
    return CLB_ERR_OK;
}

static enum clb_err read_hand(const json_t *v, const char *path,
                              struct core_rack *rack, struct clb_error *err)
{
    if (expect_type(v, JSON_ARRAY, "an array of tiles", path, err) !=
        CLB_ERR_OK)
        return err->code;
    size_t n = json_array_size(v);
    if (n > CLB_RACK_SIZE)
        return bad(err, "%s: has %zu tiles, at most %d allowed", path, n,
                   CLB_RACK_SIZE);
    for (size_t i = 0; i < n; i++) {
        const json_t *t = json_array_get(v, i);
        char tpath[32];
        (void)snprintf(tpath, sizeof tpath, "%s[%zu]", path, i);
        if (expect_type(t, JSON_STRING, "a string", tpath, err) != CLB_ERR_OK)
            return err->code;
        int kind = name_kind(json_string_value(t), json_string_length(t));
        if (kind < 0)
            return bad(err,
                       "%s: \"%.16s\" is not a tile (\"A\"-\"Z\" or "
                       "\"BLANK\")",
                       tpath, json_string_value(t));
        rack->tiles[i] = core_kind_tile(LINK_V1_SET, kind);
    }
    rack->count = (int)n;
    return CLB_ERR_OK;
}

static enum clb_err read_hands(const json_t *v, struct core_game *game,
                               struct clb_error *err)
{
    static const char *const keys[] = {"P1", "P2", NULL};
    if (expect_type(v, JSON_OBJECT, "an object", "hands", err) != CLB_ERR_OK ||
        check_keys(v, "hands", keys, err) != CLB_ERR_OK ||
        read_hand(json_object_get(v, "P1"), "hands.P1", &game->hands[CORE_P1],
                  err) != CLB_ERR_OK ||
        read_hand(json_object_get(v, "P2"), "hands.P2", &game->hands[CORE_P2],
                  err) != CLB_ERR_OK)
        return err->code;
    return CLB_ERR_OK;
}

static enum clb_err read_cells(const json_t *v, struct core_last_move *lm,
                               struct clb_error *err)
{
    if (expect_type(v, JSON_ARRAY, "an array of [row, col] pairs",
                    "lastMove.cells", err) != CLB_ERR_OK)
        return err->code;
    size_t n = json_array_size(v);
    if (n > CLB_MAX_MOVE_CELLS)
        return bad(err, "lastMove.cells: has %zu cells, at most %d allowed", n,
                   CLB_MAX_MOVE_CELLS);
    for (size_t i = 0; i < n; i++) {
        const json_t *pair = json_array_get(v, i);
        char path[40];
        (void)snprintf(path, sizeof path, "lastMove.cells[%zu]", i);
        if (expect_type(pair, JSON_ARRAY, "a [row, col] pair", path, err) !=
            CLB_ERR_OK)
            return err->code;
        if (json_array_size(pair) != 2)
            return bad(err, "%s: has %zu elements, expected a [row, col] pair",
                       path, json_array_size(pair));
        int rc[2];
        for (size_t k = 0; k < 2; k++) {
            (void)snprintf(path, sizeof path, "lastMove.cells[%zu][%zu]", i, k);
            if (get_int(json_array_get(pair, k), path, 0, CLB_BOARD_SIZE - 1,
                        &rc[k], err) != CLB_ERR_OK)
                return err->code;
        }
        for (size_t j = 0; j < i; j++)
            if (lm->cells[j].row == rc[0] && lm->cells[j].col == rc[1])
                return bad(err, "lastMove.cells[%zu]: [%d, %d] is listed twice",
                           i, rc[0], rc[1]);
        lm->cells[i].row = rc[0];
        lm->cells[i].col = rc[1];
    }
    lm->ncells = (int)n;
    return CLB_ERR_OK;
}

/* Words are kept as written (a writer may show a blank in lowercase) so a
 * link re-encodes to the same text. */
static enum clb_err read_words(const json_t *v, struct core_last_move *lm,
                               struct clb_error *err)
{
    if (expect_type(v, JSON_ARRAY, "an array of words", "lastMove.words",
                    err) != CLB_ERR_OK)
        return err->code;
    size_t n = json_array_size(v);
    if (n > CLB_MAX_WORDS)
        return bad(err, "lastMove.words: has %zu words, at most %d allowed", n,
                   CLB_MAX_WORDS);
    for (size_t i = 0; i < n; i++) {
        const json_t *w = json_array_get(v, i);
        char path[32];
        (void)snprintf(path, sizeof path, "lastMove.words[%zu]", i);
        if (expect_type(w, JSON_STRING, "a string", path, err) != CLB_ERR_OK)
            return err->code;
        const char *s = json_string_value(w);
        size_t len = json_string_length(w);
        bool ok = len >= CLB_WORD_MIN && len <= CLB_WORD_MAX;
        for (size_t k = 0; ok && k < len; k++)
            ok = link_is_tile(s[k]);
        if (!ok)
            return bad(err, "%s: \"%.20s\" is not a word of %d-%d letters",
                       path, s, CLB_WORD_MIN, CLB_WORD_MAX);
        memcpy(lm->words[i], s, len);
        lm->words[i][len] = '\0';
    }
    lm->nwords = (int)n;
    return CLB_ERR_OK;
}

/* "type" and "exchanged" are our additions; a lastMove without "type" (as
 * the original JavaScript writes it) is a play. */
static enum clb_err read_move_type(const json_t *lmv, struct core_last_move *lm,
                                   struct clb_error *err)
{
    const json_t *t = json_object_get(lmv, "type");
    const json_t *x = json_object_get(lmv, "exchanged");
    lm->type = CORE_MOVE_PLAY;
    if (t != NULL) {
        int type;
        if (get_word(t, "lastMove.type", &srv_move_type_names, &type, err) !=
            CLB_ERR_OK)
            return err->code;
        lm->type = (enum core_move_type)type;
    }
    if (lm->type == CORE_MOVE_EXCHANGE) {
        if (x == NULL)
            return bad(err, "lastMove.exchanged: missing (required for an "
                            "exchange)");
        if (get_int(x, "lastMove.exchanged", 1, CLB_RACK_SIZE, &lm->exchanged,
                    err) != CLB_ERR_OK)
            return err->code;
    } else if (x != NULL) {
        return bad(err, "lastMove.exchanged: only allowed when type is "
                        "\"exchange\"");
    }
    if (lm->type != CORE_MOVE_PLAY) {
        /* An exchange or a pass places nothing and scores nothing. */
        const char *what =
            lm->type == CORE_MOVE_PASS ? "a pass" : "an exchange";
        if (lm->ncells != 0)
            return bad(err, "lastMove.cells: must be empty for %s", what);
        if (lm->nwords != 0)
            return bad(err, "lastMove.words: must be empty for %s", what);
        if (lm->points != 0)
            return bad(err, "lastMove.points: must be 0 for %s", what);
    }
    return CLB_ERR_OK;
}

static enum clb_err read_last_move(const json_t *v, struct core_game *game,
                                   struct clb_error *err)
{
    static const char *const keys[] = {"cells", "words",     "points",
                                       "type",  "exchanged", NULL};
    if (v == NULL)
        return bad(err, "lastMove: missing (null when there is none)");
    if (json_is_null(v)) {
        game->has_last_move = false;
        return CLB_ERR_OK;
    }
    if (!json_is_object(v))
        return bad(err, "lastMove: expected an object or null, got %s",
                   srv_json_type_name(v));
    struct core_last_move *lm = &game->last_move;
    if (check_keys(v, "lastMove", keys, err) != CLB_ERR_OK ||
        read_cells(json_object_get(v, "cells"), lm, err) != CLB_ERR_OK ||
        read_words(json_object_get(v, "words"), lm, err) != CLB_ERR_OK ||
        get_int(json_object_get(v, "points"), "lastMove.points", 0,
                CLB_MAX_SCORE, &lm->points, err) != CLB_ERR_OK ||
        read_move_type(v, lm, err) != CLB_ERR_OK)
        return err->code;
    game->has_last_move = true;
    return CLB_ERR_OK;
}

/* "ending" is ours: why a finished game ended and what was taken off. A
 * finished game without it (the original JavaScript) has end NONE. */
static enum clb_err read_ending(const json_t *v, struct core_game *game,
                                struct clb_error *err)
{
    static const char *const keys[] = {"reason", "adjustment", NULL};
    game->end = CORE_END_NONE;
    game->end_adjustment = 0;
    if (v == NULL)
        return CLB_ERR_OK;
    if (!game->game_over)
        return bad(err, "ending: only allowed when gameOver is true");
    if (expect_type(v, JSON_OBJECT, "an object", "ending", err) != CLB_ERR_OK ||
        check_keys(v, "ending", keys, err) != CLB_ERR_OK)
        return err->code;
    int end;
    if (get_word(json_object_get(v, "reason"), "ending.reason",
                 &srv_ending_names, &end, err) != CLB_ERR_OK)
        return err->code;
    game->end = (enum core_end)end;
    return get_int(json_object_get(v, "adjustment"), "ending.adjustment", 0,
                   CLB_MAX_SCORE, &game->end_adjustment, err);
}

enum clb_err link_game_from_json(const json_t *root, struct core_game *game,
                                 struct clb_error *err)
{
    clb_error_clear(err);
    memset(game, 0, sizeof *game);
    if (root == NULL || !json_is_object(root))
        return bad(err, "state: expected an object, got %s",
                   root == NULL ? "nothing" : srv_json_type_name(root));

    /* The version first: a future schema should say so, not fail on a field
     * it renamed. */
    const json_t *vv = json_object_get(root, "version");
    if (expect_type(vv, JSON_INTEGER, "an integer", "version", err) !=
        CLB_ERR_OK)
        return err->code;
    if (json_integer_value(vv) != CORE_STATE_VERSION)
        return bad(err,
                   "version: %" JSON_INTEGER_FORMAT
                   " is not supported (expected %d)",
                   json_integer_value(vv), CORE_STATE_VERSION);

    /* An unknown top-level key is skipped, not refused: a newer version of
     * the original design may add one, and its links must still open here.
     * Every key we know stays strictly checked, as does everything inside
     * them (a typo in lastMove is still an error). */
    if (get_name(json_object_get(root, "gameId"), "gameId", CLB_GAME_ID_MAX,
                 game->game_id, err) != CLB_ERR_OK)
        return err->code;

    int player;
    if (get_word(json_object_get(root, "turn"), "turn", &srv_player_names,
                 &player, err) != CLB_ERR_OK)
        return err->code;
    game->turn = (enum core_player)player;

    if (read_board(json_object_get(root, "board"), game, err) != CLB_ERR_OK ||
        read_bag(json_object_get(root, "bag"), game, err) != CLB_ERR_OK ||
        read_hands(json_object_get(root, "hands"), game, err) != CLB_ERR_OK ||
        get_int(json_object_get(root, "score"), "score", 0, CLB_MAX_SCORE,
                &game->score, err) != CLB_ERR_OK ||
        read_last_move(json_object_get(root, "lastMove"), game, err) !=
            CLB_ERR_OK ||
        get_int(json_object_get(root, "consecutivePasses"), "consecutivePasses",
                0, CLB_PASSES_TO_END, &game->consecutive_passes,
                err) != CLB_ERR_OK)
        return err->code;

    const json_t *over = json_object_get(root, "gameOver");
    if (over == NULL)
        return bad(err, "gameOver: missing");
    if (!json_is_boolean(over))
        return bad(err, "gameOver: expected a boolean, got %s",
                   srv_json_type_name(over));
    game->game_over = json_is_true(over);

    if (read_ending(json_object_get(root, "ending"), game, err) != CLB_ERR_OK)
        return err->code;

    const json_t *lex = json_object_get(root, "lexicon");
    if (lex != NULL && get_name(lex, "lexicon", CLB_LEXICON_NAME_MAX,
                                game->lexicon, err) != CLB_ERR_OK)
        return err->code;

    /* The squares a play just filled must hold tiles: the page highlights
     * them, and a play onto empty squares never happened. */
    if (game->has_last_move && game->last_move.type == CORE_MOVE_PLAY)
        for (int i = 0; i < game->last_move.ncells; i++) {
            struct clb_cell c = game->last_move.cells[i];
            if (game->board[c.row][c.col] == CORE_EMPTY)
                return bad(err, "lastMove.cells[%d]: square [%d, %d] is empty",
                           i, c.row, c.col);
        }

    /* Shape is fine; now whether the game could be real (conservation). */
    if (core_game_validate(game, err) != CLB_ERR_OK) {
        if (err->code == CLB_ERR_OK) /* a validator that forgot the code */
            err->code = CLB_ERR_BAD_STATE;
        detail_sanitize(err->detail);
        return err->code;
    }
    return CLB_ERR_OK;
}

/* --- struct -> JSON text, written directly ---------------------------------
 */

/* A one-byte string: the board's squares and the rack's tiles are letters
 * (or '.'), which need no escape; anything else goes through the writer,
 * which escapes it or finds it is not text. */
static void write_char(struct jout *j, char c)
{
    if (link_is_tile(c) || c == CORE_EMPTY) {
        char q[4] = {j->comma ? ',' : '"', '"', c, '"'};
        if (j->comma)
            out_rawn(j->b, q, 4);
        else
            out_rawn(j->b, q + 1, 3);
        j->comma = true;
        return;
    }
    jout_string_n(j, &c, 1);
}

/* A board row, ["A",".",...]: in one copy when every square is a letter or
 * empty (always, for a real game), else square by square. */
static void write_row(struct jout *j, const char row[CLB_BOARD_SIZE])
{
    bool plain = true;
    for (int c = 0; c < CLB_BOARD_SIZE; c++)
        plain &= link_is_tile(row[c]) || row[c] == CORE_EMPTY;
    char *o = plain ? out_room(j->b, 4 * CLB_BOARD_SIZE + 2) : NULL;
    if (o == NULL) {
        jout_open_array(j);
        for (int c = 0; c < CLB_BOARD_SIZE; c++)
            write_char(j, row[c]);
        jout_close_array(j);
        return;
    }
    size_t k = 0;
    if (j->comma)
        o[k++] = ',';
    o[k++] = '[';
    for (int c = 0; c < CLB_BOARD_SIZE; c++) {
        o[k++] = '"';
        o[k++] = row[c];
        o[k++] = '"';
        o[k++] = c + 1 < CLB_BOARD_SIZE ? ',' : ']';
    }
    out_commit(j->b, k);
    j->comma = true;
}

/* A board row of a game in another set than English: each square its
 * tile's display string (a blank's lower), "." for an empty one. */
static void write_row_text(struct jout *j, const struct core_tileset *ts,
                           const char row[CLB_BOARD_SIZE])
{
    jout_open_array(j);
    for (int c = 0; c < CLB_BOARD_SIZE; c++)
        if (row[c] == CORE_EMPTY)
            jout_string(j, ".");
        else
            jout_string(j, core_tile_text(ts, row[c]));
    jout_close_array(j);
}

static void write_tile(struct jout *j, const struct core_tileset *ts, char tile)
{
    if (tile == CORE_BLANK)
        jout_string(j, LINK_BLANK_NAME);
    else if (core_tileset_is_default(ts))
        write_char(j, tile);
    else
        jout_string(j, core_tile_text(ts, tile));
}

static void write_last_move(struct jout *j, const struct core_tileset *ts,
                            const struct core_last_move *lm)
{
    int ncells = link_count(lm->ncells, CLB_MAX_MOVE_CELLS);
    int nwords = link_count(lm->nwords, CLB_MAX_WORDS);
    jout_open_object(j);
    jout_key(j, "cells");
    jout_open_array(j);
    for (int i = 0; i < ncells; i++) {
        jout_open_array(j);
        jout_int(j, lm->cells[i].row);
        jout_int(j, lm->cells[i].col);
        jout_close_array(j);
    }
    jout_close_array(j);
    jout_key(j, "words");
    jout_open_array(j);
    for (int i = 0; i < nwords; i++) {
        char text[CORE_WORD_TEXT_MAX];
        size_t n = core_tiles_text(ts, lm->words[i],
                                   strnlen(lm->words[i], CLB_WORD_MAX), text,
                                   sizeof text);
        jout_string_n(j, text, n);
    }
    jout_close_array(j);
    jout_key(j, "points");
    jout_int(j, lm->points);
    /* "type" only when it is not the original's implicit play. */
    if (lm->type == CORE_MOVE_EXCHANGE) {
        jout_key(j, "type");
        jout_string(j, "exchange");
        jout_key(j, "exchanged");
        jout_int(j, lm->exchanged);
    } else if (lm->type == CORE_MOVE_PASS) {
        jout_key(j, "type");
        jout_string(j, "pass");
    }
    jout_close_object(j);
}

bool link_game_write(struct jout *j, const struct core_game *game)
{
    return link_game_write_with(j, game, NULL, NULL);
}

bool link_game_write_with(struct jout *j, const struct core_game *game,
                          void (*more)(struct jout *, const void *),
                          const void *ctx)
{
    bool was_bad = j->bad;
    j->bad = false;
    /* A game in another set than English is written in its set's display
     * strings (it has no classic link; G is for reading). */
    const struct core_tileset *ts = core_game_tileset(game);
    bool english = core_tileset_is_default(ts);
    /* The keys in the schema's order (see top_keys), as link_game_to_json
     * inserts them. */
    jout_open_object(j);
    jout_key(j, "version");
    jout_int(j, CORE_STATE_VERSION);
    jout_key(j, "gameId");
    jout_string_n(j, game->game_id, strnlen(game->game_id, CLB_GAME_ID_MAX));
    jout_key(j, "turn");
    jout_string(j, game->turn == CORE_P2 ? "P2" : "P1");
    jout_key(j, "board");
    jout_open_array(j);
    for (int r = 0; r < CLB_BOARD_SIZE; r++)
        if (english)
            write_row(j, game->board[r]);
        else
            write_row_text(j, ts, game->board[r]);
    jout_close_array(j);
    /* All 27 keys, zeros included, A..Z then BLANK: what the original
     * writes, so our links decode there unchanged. */
    jout_key(j, "bag");
    jout_open_object(j);
    for (int k = 0; k <= ts->n; k++) {
        const char *name = core_kind_name(ts, k);
        jout_key_n(j, name, strlen(name));
        jout_int(j, game->bag[k]);
    }
    jout_close_object(j);
    jout_key(j, "hands");
    jout_open_object(j);
    for (int p = 0; p < CLB_PLAYERS; p++) {
        const struct core_rack *rack = &game->hands[p];
        int n = link_count(rack->count, CLB_RACK_SIZE);
        jout_key_n(j, p == CORE_P1 ? "P1" : "P2", 2);
        jout_open_array(j);
        for (int i = 0; i < n; i++)
            write_tile(j, ts, rack->tiles[i]);
        jout_close_array(j);
    }
    jout_close_object(j);
    jout_key(j, "score");
    jout_int(j, game->score);
    jout_key(j, "lastMove");
    if (game->has_last_move)
        write_last_move(j, ts, &game->last_move);
    else
        jout_null(j);
    jout_key(j, "consecutivePasses");
    jout_int(j, game->consecutive_passes);
    jout_key(j, "gameOver");
    jout_bool(j, game->game_over);
    if (game->game_over && game->end != CORE_END_NONE) {
        const char *reason =
            srv_name_of(&srv_ending_names, (int)game->end, "passes");
        jout_key(j, "ending");
        jout_open_object(j);
        jout_key(j, "reason");
        jout_string(j, reason);
        jout_key(j, "adjustment");
        jout_int(j, game->end_adjustment);
        jout_close_object(j);
    }
    if (game->lexicon[0] != '\0') {
        jout_key(j, "lexicon");
        jout_string_n(j, game->lexicon,
                      strnlen(game->lexicon, CLB_LEXICON_NAME_MAX));
    }
    if (!english) {
        jout_key(j, "tileset");
        jout_string(j, ts->name);
    }
    if (more != NULL)
        more(j, ctx);
    jout_close_object(j);
    bool ok = !j->bad;
    j->bad = j->bad || was_bad;
    return ok;
}

/* --- JSON text ----------------------------------------------------------- */

/* A state's JSON text, as srv_json_parse names it in its refusals: given
 * as such (link_decode_json), or out of a link, where a text that is not
 * one JSON object means the link was damaged (its text is at most
 * CLB_MAX_DECODED_STATE units, each at most 3 bytes of UTF-8). */
static const struct srv_json_what state_json = {
    .name = "state",
    .max_bytes = CLB_MAX_DECODED_STATE,
    .bad = CLB_ERR_BAD_STATE,
};
static const struct srv_json_what link_state_json = {
    .name = "the link is damaged: state",
    .max_bytes = (size_t)CLB_MAX_DECODED_STATE * 3,
    .bad = CLB_ERR_BAD_STATE,
};

/* JSON text -> game, through srv_json_parse and link_game_from_json: the
 * reader of every state the fast one declines, and the one that words the
 * errors. */
static enum clb_err decode_json_slow(const char *text, size_t len, bool in_link,
                                     struct core_game *game,
                                     struct clb_error *err)
{
    json_t *root = srv_json_parse(
        text, len, in_link ? &link_state_json : &state_json, err);
    if (root == NULL) {
        detail_sanitize(err->detail); /* jansson's words quote the text */
        return err->code;
    }
    enum clb_err rc = link_game_from_json(root, game, err);
    json_decref(root);
    return rc;
}

/* JSON text (no size check) -> game. `in_link` says the text came out of
 * a link, where text that is not JSON means the link was damaged. */
static enum clb_err decode_json_text(const char *text, size_t len, bool in_link,
                                     struct core_game *game,
                                     struct clb_error *err)
{
    if (link_v1_fast_state(text, len, game))
        return CLB_ERR_OK;
    return decode_json_slow(text, len, in_link, game, err);
}

enum clb_err link_decode_json(const char *text, size_t len,
                              struct core_game *game, struct clb_error *err)
{
    clb_error_clear(err);
    if (!srv_json_fits(len, &state_json, err))
        return err->code;
    return decode_json_text(text, len, false, game, err);
}

enum clb_err link_decode_json_reference(const char *text, size_t len,
                                        struct core_game *game,
                                        struct clb_error *err)
{
    clb_error_clear(err);
    if (!srv_json_fits(len, &state_json, err))
        return err->code;
    return decode_json_slow(text, len, false, game, err);
}

/* --- the link ------------------------------------------------------------ */

enum link_alphabet { LINK_BASE64, LINK_URI, LINK_NEITHER };

/* Which LZ-String variant s is. The URI form is chosen by its own letters
 * ('-', '$', or ' ' where a form decoder turned '+' into a space); anything
 * else is base64. Both share A-Za-z0-9+, so a URI link without those
 * letters decodes the same either way. A character in neither alphabet
 * means it is not a link at all (the JavaScript would read it as zero bits
 * and produce garbage). */
static enum link_alphabet link_alphabet(const char *s, size_t len)
{
    /* By byte: bit 0 in some alphabet, bit 1 URI's own, bit 2 base64's
     * own; 0 for the bytes not listed (0x80 and up). */
    enum { IN_ONE = 1, URI_ONLY = 2, B64_ONLY = 4 };
    /* clang-format off */
    static const uint8_t kind[256] = {
         0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
         3,  0,  0,  0,  3,  0,  0,  0,  0,  0,  0,  1,  0,  3,  0,  5,
         1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  0,  0,  0,  5,  0,  0,
         0,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,
         1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  0,  0,  0,  0,  0,
         0,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,
         1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  0,  0,  0,  0,  0,
    };
    /* clang-format on */
    unsigned all = IN_ONE, any = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        all &= kind[c];
        any |= kind[c];
    }
    if ((all & IN_ONE) == 0 ||
        (any & (URI_ONLY | B64_ONLY)) == (URI_ONLY | B64_ONLY))
        return LINK_NEITHER;
    return (any & URI_ONLY) != 0 ? LINK_URI : LINK_BASE64;
}

enum clb_err link_v1_decode(const char *s, size_t len, struct core_game *game,
                            struct clb_error *err)
{
    clb_error_clear(err);
    /* The cheapest refusal first: nothing is read past this check. */
    if (len > CLB_MAX_ENCODED_STATE)
        return clb_error_set(err, CLB_ERR_TOO_LARGE,
                             "the link is %zu characters, at most %d allowed",
                             len, CLB_MAX_ENCODED_STATE);
    enum link_alphabet alpha = len == 0 ? LINK_NEITHER : link_alphabet(s, len);
    if (alpha == LINK_NEITHER)
        return bad(err, LINK_NOT_A_STATE);

    /* The decompressed text lives on the stack (the handler threads have
     * CLB_THREAD_STACK_BYTES), so opening a link allocates nothing: its
     * UTF-8 at the cap, at most 3 bytes a unit (a surrogate pair, 2 units,
     * is 4). Only what the link holds is written. */
    char text[CLB_MAX_DECODED_STATE * 3 + 1];
    size_t tlen = 0;
    enum lz_status st =
        alpha == LINK_URI
            ? lz_decompress_uri_utf8(s, len, text, sizeof text, &tlen)
            : lz_decompress_base64_utf8(s, len, text, sizeof text, &tlen);
    if (st == LZ_TOO_LARGE)
        return clb_error_set(err, CLB_ERR_TOO_LARGE,
                             "the link expands to more than %d characters",
                             CLB_MAX_DECODED_STATE);
    if (st != LZ_OK || tlen == 0)
        return bad(err, LINK_NOT_A_STATE);
    return decode_json_text(text, tlen, true, game, err);
}

enum clb_err link_v1_encode(const struct core_game *game, char *out, size_t cap,
                            size_t *out_len, struct clb_error *err)
{
    clb_error_clear(err);
    if (cap > 0)
        out[0] = '\0';
    /* A state's JSON is about 1.4 KB and never above 3 KB: it is written on
     * the stack, and so are its UTF-16 units (JSON of ours is ASCII: one
     * unit a byte). */
    char mem[CLB_MAX_V1_JSON];
    struct out_buf text;
    out_init(&text, mem, sizeof mem, sizeof mem);
    struct jout j;
    jout_init(&j, &text, false);
    if (!link_game_write(&j, game) || text.overflow)
        return clb_error_set(err, CLB_ERR_INTERNAL,
                             "the state could not be written as JSON");
    uint16_t units[CLB_MAX_V1_JSON];
    size_t n = 0;
    enum lz_status st =
        clb_utf8_to_utf16(text.p, text.len, units, sizeof units / 2, &n);
    if (st == LZ_OK)
        st = lz_compress_base64(units, n, out, cap, out_len);
    if (st == LZ_TOO_LARGE)
        return clb_error_set(err, CLB_ERR_INTERNAL,
                             "the link does not fit in %zu bytes", cap);
    if (st != LZ_OK)
        return clb_error_set(err, CLB_ERR_INTERNAL,
                             "the state could not be compressed");
    return CLB_ERR_OK;
}
