/* server/link.c - the classic (v1) turn-link codec: struct core_game <->
 * schema-v1 JSON (jansson) <-> LZ-String text. position.c sends every v1
 * link here and writes every classic link with it; core never sees JSON.
 *
 * Decoding is strict and bounded, in this order: the encoded length, the
 * alphabet, decompression straight to UTF-8 capped at CLB_MAX_DECODED_STATE
 * UTF-16 units (lz_decompress_base64_utf8), a nesting-depth scan, json_loadb
 * (duplicates rejected), the shape of every known field (unknown top-level keys
 * are skipped, for links of a newer original design), and finally
 * core_game_validate. Each refusal is one struct clb_error whose detail names
 * the field, e.g. `board[3][4]: "?" is not ".", "A"-"Z" or "a"-"z"`. A state in
 * the usual form is read in place by the fast reader below, and only the others
 * (the refused ones among them) go through jansson; the decompressed text lives
 * on the stack of libmicrohttpd's threads (CLB_THREAD_STACK_BYTES).
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

/* JSON key of each tile kind in "bag" and of the blank in "hands". */
#define LINK_BLANK_NAME "BLANK"

/* The most bytes a state's JSON can take (a full board, both racks, eight
 * words of fifteen letters, the longest names: under 3 KB), with room. */
#define LINK_JSON_MAX 4096

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
    err->code = CLB_ERR_BAD_STATE;
    va_start(ap, fmt);
    (void)vsnprintf(err->detail, sizeof err->detail, fmt, ap);
    va_end(ap);
    detail_sanitize(err->detail);
    return CLB_ERR_BAD_STATE;
}

/* The JSON type of v as a phrase for "expected X, got Y". */
static const char *type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a non-integer number";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    case JSON_NULL: return "null";
    }
    /* No default above, so a new jansson type is a compiler warning. */
    return "an unknown value";
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
        return bad(err, "%s: expected %s, got %s", path, want, type_name(v));
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

/* True when the JSON string v is exactly `want`: lengths are compared too,
 * as a json_t built by a caller may hold an embedded NUL. */
static bool str_is(const json_t *v, const char *want)
{
    size_t n = strlen(want);
    return json_string_length(v) == n &&
           memcmp(json_string_value(v), want, n) == 0;
}

/* True for the characters of a gameId or lexicon name: [A-Za-z0-9_-]. */
static bool is_name_char(char c)
{
    return core_is_upper(c) || core_is_lower(c) || (c >= '0' && c <= '9') ||
           c == '_' || c == '-';
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
                !(ch == CORE_EMPTY || core_is_upper(ch) || core_is_lower(ch)))
                return bad(err,
                           "%s: \"%.16s\" is not \".\", \"A\"-\"Z\" or "
                           "\"a\"-\"z\"",
                           path, s);
            game->board[r][c] = ch;
        }
    }
    return CLB_ERR_OK;
}

/* The JSON key of a tile kind: "A".."Z" or "BLANK" (buf holds 2 bytes). */
static const char *kind_name(int kind, char buf[2])
{
    if (kind == CLB_BLANK_INDEX)
        return LINK_BLANK_NAME;
    buf[0] = core_kind_tile(kind);
    buf[1] = '\0';
    return buf;
}

/* The tile kind of a "bag"/"hands" name, or -1. */
static int name_kind(const char *s, size_t len)
{
    if (len == 1 && core_is_upper(s[0]))
        return s[0] - 'A';
    if (len == sizeof LINK_BLANK_NAME - 1 &&
        memcmp(s, LINK_BLANK_NAME, len) == 0)
        return CLB_BLANK_INDEX;
    return -1;
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
        if (get_int(count, path, 0, CLB_TILE_TOTAL, &game->bag[kind], err) !=
            CLB_ERR_OK)
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
        rack->tiles[i] = core_kind_tile(kind);
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
            ok = core_is_upper(s[k]) || core_is_lower(s[k]);
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
        if (expect_type(t, JSON_STRING, "a string", "lastMove.type", err) !=
            CLB_ERR_OK)
            return err->code;
        if (str_is(t, "play"))
            lm->type = CORE_MOVE_PLAY;
        else if (str_is(t, "exchange"))
            lm->type = CORE_MOVE_EXCHANGE;
        else if (str_is(t, "pass"))
            lm->type = CORE_MOVE_PASS;
        else
            return bad(err,
                       "lastMove.type: \"%.16s\" is not \"play\", "
                       "\"exchange\" or \"pass\"",
                       json_string_value(t));
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
                   type_name(v));
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
    const json_t *reason = json_object_get(v, "reason");
    if (expect_type(reason, JSON_STRING, "a string", "ending.reason", err) !=
        CLB_ERR_OK)
        return err->code;
    if (str_is(reason, "passes"))
        game->end = CORE_END_PASSES;
    else if (str_is(reason, "out"))
        game->end = CORE_END_OUT;
    else if (str_is(reason, "limit"))
        game->end = CORE_END_LIMIT;
    else if (str_is(reason, "blocked"))
        game->end = CORE_END_BLOCKED;
    else
        return bad(err,
                   "ending.reason: \"%.16s\" is not \"passes\", \"out\", "
                   "\"limit\" or \"blocked\"",
                   json_string_value(reason));
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
                   root == NULL ? "nothing" : type_name(root));

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

    const json_t *turn = json_object_get(root, "turn");
    if (expect_type(turn, JSON_STRING, "a string", "turn", err) != CLB_ERR_OK)
        return err->code;
    if (str_is(turn, "P1"))
        game->turn = CORE_P1;
    else if (str_is(turn, "P2"))
        game->turn = CORE_P2;
    else
        return bad(err, "turn: \"%.16s\" is not \"P1\" or \"P2\"",
                   json_string_value(turn));

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
                   type_name(over));
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

/* --- struct -> JSON ------------------------------------------------------ */

/* Builders below chain `ok &= (set(...) == 0)`: jansson's set/append calls
 * accept a NULL value (failed allocation) and return -1, so one flag checked
 * at the end covers every allocation. */

static json_t *one_char(char c)
{
    return json_stringn(&c, 1); /* NULL for a non-UTF-8 byte: reported */
}

static json_t *tile_json(char tile)
{
    if (tile == CORE_BLANK)
        return json_string(LINK_BLANK_NAME);
    return one_char(tile);
}

static json_t *last_move_json(const struct core_last_move *lm)
{
    json_t *o = json_object();
    json_t *cells = json_array();
    json_t *words = json_array();
    bool ok = o != NULL && cells != NULL && words != NULL;
    /* Clamped so a corrupt struct cannot make us read past its arrays. */
    int ncells = lm->ncells < 0 ? 0 : lm->ncells;
    int nwords = lm->nwords < 0 ? 0 : lm->nwords;
    if (ncells > CLB_MAX_MOVE_CELLS)
        ncells = CLB_MAX_MOVE_CELLS;
    if (nwords > CLB_MAX_WORDS)
        nwords = CLB_MAX_WORDS;
    for (int i = 0; ok && i < ncells; i++)
        ok = json_array_append_new(cells, json_pack("[ii]", lm->cells[i].row,
                                                    lm->cells[i].col)) == 0;
    for (int i = 0; ok && i < nwords; i++)
        ok = json_array_append_new(
                 words, json_stringn(lm->words[i],
                                     strnlen(lm->words[i], CLB_WORD_MAX))) == 0;
    if (!ok) {
        json_decref(o);
        json_decref(cells);
        json_decref(words);
        return NULL;
    }
    ok &= json_object_set_new(o, "cells", cells) == 0;
    ok &= json_object_set_new(o, "words", words) == 0;
    ok &= json_object_set_new(o, "points", json_integer(lm->points)) == 0;
    /* "type" only when it is not the original's implicit play. */
    if (lm->type == CORE_MOVE_EXCHANGE) {
        ok &= json_object_set_new(o, "type", json_string("exchange")) == 0;
        ok &= json_object_set_new(o, "exchanged",
                                  json_integer(lm->exchanged)) == 0;
    } else if (lm->type == CORE_MOVE_PASS) {
        ok &= json_object_set_new(o, "type", json_string("pass")) == 0;
    }
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}

static json_t *board_json(const struct core_game *game)
{
    json_t *board = json_array();
    bool ok = board != NULL;
    for (int r = 0; ok && r < CLB_BOARD_SIZE; r++) {
        json_t *row = json_array();
        for (int c = 0; row != NULL && c < CLB_BOARD_SIZE; c++)
            if (json_array_append_new(row, one_char(game->board[r][c])) != 0) {
                json_decref(row);
                row = NULL;
            }
        ok = json_array_append_new(board, row) == 0;
    }
    if (!ok) {
        json_decref(board);
        return NULL;
    }
    return board;
}

static json_t *bag_json(const struct core_game *game)
{
    json_t *bag = json_object();
    bool ok = bag != NULL;
    /* All 27 keys, zeros included, A..Z then BLANK: what the original
     * writes, so our links decode there unchanged. */
    for (int k = 0; ok && k < CLB_TILE_KINDS; k++) {
        char buf[2];
        ok = json_object_set_new(bag, kind_name(k, buf),
                                 json_integer(game->bag[k])) == 0;
    }
    if (!ok) {
        json_decref(bag);
        return NULL;
    }
    return bag;
}

static json_t *hands_json(const struct core_game *game)
{
    static const char *const names[CLB_PLAYERS] = {"P1", "P2"};
    json_t *hands = json_object();
    bool ok = hands != NULL;
    for (int p = 0; ok && p < CLB_PLAYERS; p++) {
        const struct core_rack *rack = &game->hands[p];
        int n = rack->count < 0 ? 0 : rack->count;
        if (n > CLB_RACK_SIZE)
            n = CLB_RACK_SIZE;
        json_t *arr = json_array();
        for (int i = 0; arr != NULL && i < n; i++)
            if (json_array_append_new(arr, tile_json(rack->tiles[i])) != 0) {
                json_decref(arr);
                arr = NULL;
            }
        ok = json_object_set_new(hands, names[p], arr) == 0;
    }
    if (!ok) {
        json_decref(hands);
        return NULL;
    }
    return hands;
}

static json_t *ending_json(const struct core_game *game)
{
    const char *reason = game->end == CORE_END_OUT       ? "out"
                         : game->end == CORE_END_LIMIT   ? "limit"
                         : game->end == CORE_END_BLOCKED ? "blocked"
                                                         : "passes";
    return json_pack("{s:s, s:i}", "reason", reason, "adjustment",
                     game->end_adjustment);
}

json_t *link_game_to_json(const struct core_game *game)
{
    json_t *root = json_object();
    if (root == NULL)
        return NULL;
    bool ok = true;
    /* Insertion order is the schema's order (see top_keys). */
    ok &= json_object_set_new(root, "version",
                              json_integer(CORE_STATE_VERSION)) == 0;
    ok &= json_object_set_new(
              root, "gameId",
              json_stringn(game->game_id,
                           strnlen(game->game_id, CLB_GAME_ID_MAX))) == 0;
    ok &= json_object_set_new(
              root, "turn", json_string(game->turn == CORE_P2 ? "P2" : "P1")) ==
          0;
    ok &= json_object_set_new(root, "board", board_json(game)) == 0;
    ok &= json_object_set_new(root, "bag", bag_json(game)) == 0;
    ok &= json_object_set_new(root, "hands", hands_json(game)) == 0;
    ok &= json_object_set_new(root, "score", json_integer(game->score)) == 0;
    ok &= json_object_set_new(root, "lastMove",
                              game->has_last_move
                                  ? last_move_json(&game->last_move)
                                  : json_null()) == 0;
    ok &= json_object_set_new(root, "consecutivePasses",
                              json_integer(game->consecutive_passes)) == 0;
    ok &= json_object_set_new(root, "gameOver",
                              json_boolean(game->game_over)) == 0;
    if (game->game_over && game->end != CORE_END_NONE)
        ok &= json_object_set_new(root, "ending", ending_json(game)) == 0;
    if (game->lexicon[0] != '\0')
        ok &= json_object_set_new(
                  root, "lexicon",
                  json_stringn(game->lexicon,
                               strnlen(game->lexicon, CLB_LEXICON_NAME_MAX))) ==
              0;
    if (!ok) {
        json_decref(root);
        return NULL;
    }
    return root;
}

/* --- struct -> JSON text, written directly ---------------------------------
 */

/* A one-byte string: the board's squares and the rack's tiles are letters
 * (or '.'), which need no escape; anything else goes through the writer,
 * which escapes it or finds it is not text. */
static void write_char(struct jout *j, char c)
{
    if (core_is_upper(c) || core_is_lower(c) || c == CORE_EMPTY) {
        char q[4] = {j->comma ? ',' : '"', '"', c, '"'};
        if (j->comma)
            html_rawn(j->b, q, 4);
        else
            html_rawn(j->b, q + 1, 3);
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
        plain &= core_is_upper(row[c]) || core_is_lower(row[c]) ||
                 row[c] == CORE_EMPTY;
    char *o = plain ? html_room(j->b, 4 * CLB_BOARD_SIZE + 2) : NULL;
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
    html_commit(j->b, k);
    j->comma = true;
}

static void write_tile(struct jout *j, char tile)
{
    if (tile == CORE_BLANK)
        jout_string(j, LINK_BLANK_NAME);
    else
        write_char(j, tile);
}

static void write_last_move(struct jout *j, const struct core_last_move *lm)
{
    /* Clamped so a corrupt struct cannot make us read past its arrays. */
    int ncells = lm->ncells < 0 ? 0 : lm->ncells;
    int nwords = lm->nwords < 0 ? 0 : lm->nwords;
    if (ncells > CLB_MAX_MOVE_CELLS)
        ncells = CLB_MAX_MOVE_CELLS;
    if (nwords > CLB_MAX_WORDS)
        nwords = CLB_MAX_WORDS;
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
    for (int i = 0; i < nwords; i++)
        jout_string_n(j, lm->words[i], strnlen(lm->words[i], CLB_WORD_MAX));
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
    bool was_bad = j->bad;
    j->bad = false;
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
        write_row(j, game->board[r]);
    jout_close_array(j);
    /* All 27 keys, zeros included, A..Z then BLANK: what the original
     * writes, so our links decode there unchanged. */
    jout_key(j, "bag");
    jout_open_object(j);
    for (int k = 0; k < CLB_TILE_KINDS; k++) {
        char buf[2];
        const char *name = kind_name(k, buf);
        jout_key_n(j, name, strlen(name));
        jout_int(j, game->bag[k]);
    }
    jout_close_object(j);
    jout_key(j, "hands");
    jout_open_object(j);
    for (int p = 0; p < CLB_PLAYERS; p++) {
        const struct core_rack *rack = &game->hands[p];
        int n = rack->count < 0 ? 0 : rack->count;
        if (n > CLB_RACK_SIZE)
            n = CLB_RACK_SIZE;
        jout_key_n(j, p == CORE_P1 ? "P1" : "P2", 2);
        jout_open_array(j);
        for (int i = 0; i < n; i++)
            write_tile(j, rack->tiles[i]);
        jout_close_array(j);
    }
    jout_close_object(j);
    jout_key(j, "score");
    jout_int(j, game->score);
    jout_key(j, "lastMove");
    if (game->has_last_move)
        write_last_move(j, &game->last_move);
    else
        jout_null(j);
    jout_key(j, "consecutivePasses");
    jout_int(j, game->consecutive_passes);
    jout_key(j, "gameOver");
    jout_bool(j, game->game_over);
    if (game->game_over && game->end != CORE_END_NONE) {
        const char *reason = game->end == CORE_END_OUT       ? "out"
                             : game->end == CORE_END_LIMIT   ? "limit"
                             : game->end == CORE_END_BLOCKED ? "blocked"
                                                             : "passes";
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
    jout_close_object(j);
    bool ok = !j->bad;
    j->bad = j->bad || was_bad;
    return ok;
}

/* --- JSON text ----------------------------------------------------------- */

/* True when [ and { nest deeper than `limit` outside strings: one pass over
 * len bytes, stopping at the first level too deep. jansson (2.14) has no
 * depth option and recurses, so hostile depth is refused before parsing. */
static bool json_depth_exceeds(const char *s, size_t len, int limit)
{
    int depth = 0;
    bool in_string = false;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (in_string) {
            if (c == '\\')
                i++; /* the escaped char can never end the string */
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > limit)
                return true;
        } else if ((c == ']' || c == '}') && depth > 0) {
            depth--;
        }
    }
    return false;
}

/* --- the fast reader -------------------------------------------------------
 * A state in the usual form (every state ours and the original's writers
 * make: compact or spaced JSON of known keys, no escapes) is read in place
 * with json_in.h, checked field by field exactly as link_game_from_json
 * checks it; any state it does not accept whole, every refused one
 * included, is read again by jansson and link_game_from_json, which word
 * the error. So the two can only ever differ in speed: the fuzz target and
 * test_link compare them on every input. */

/* Bits for the keys seen in one object (duplicates are refused). */
enum {
    FK_VERSION = 1 << 0,
    FK_GAME_ID = 1 << 1,
    FK_TURN = 1 << 2,
    FK_BOARD = 1 << 3,
    FK_BAG = 1 << 4,
    FK_HANDS = 1 << 5,
    FK_SCORE = 1 << 6,
    FK_LAST_MOVE = 1 << 7,
    FK_PASSES = 1 << 8,
    FK_OVER = 1 << 9,
    FK_ENDING = 1 << 10,
    FK_LEXICON = 1 << 11,
    FK_REQUIRED = (1 << 10) - 1, /* all but ending and lexicon */
};

/* Marks `bit` seen in *seen; false when it already was (a duplicate). */
static bool fast_once(unsigned *seen, unsigned bit)
{
    if (*seen & bit)
        return false;
    *seen |= bit;
    return true;
}

static bool fast_int(struct jin *j, long long min, long long max, int *out)
{
    long long v;
    if (!jin_int(j, &v) || v < min || v > max)
        return false;
    *out = (int)v;
    return true;
}

static bool fast_name(struct jin *j, size_t max, char *out)
{
    struct clb_str s;
    if (!jin_string(j, &s) || s.len < 1 || s.len > max)
        return false;
    for (size_t i = 0; i < s.len; i++)
        if (!is_name_char(s.p[i]))
            return false;
    memcpy(out, s.p, s.len);
    out[s.len] = '\0';
    return true;
}

static bool fast_board(struct jin *j, struct core_game *g)
{
    int r = 0;
    if (!jin_array(j))
        return false;
    while (jin_item(j)) {
        if (r >= CLB_BOARD_SIZE ||
            !jin_char_array(j, g->board[r], CLB_BOARD_SIZE))
            return false;
        for (int c = 0; c < CLB_BOARD_SIZE; c++) {
            char ch = g->board[r][c];
            if (!(ch == CORE_EMPTY || core_is_upper(ch) || core_is_lower(ch)))
                return false;
        }
        r++;
    }
    return !j->failed && r == CLB_BOARD_SIZE;
}

static bool fast_bag(struct jin *j, struct core_game *g)
{
    struct clb_str key;
    uint32_t seen = 0;
    if (!jin_object(j))
        return false;
    while (jin_key(j, &key)) {
        int kind = name_kind(key.p, key.len);
        if (kind < 0 || (seen & (1u << kind)) != 0 ||
            !fast_int(j, 0, CLB_TILE_TOTAL, &g->bag[kind]))
            return false;
        seen |= 1u << kind;
    }
    return !j->failed;
}

static bool fast_hand(struct jin *j, struct core_rack *rack)
{
    int n = 0;
    if (!jin_array(j))
        return false;
    while (jin_item(j)) {
        struct clb_str t;
        if (n >= CLB_RACK_SIZE || !jin_string(j, &t))
            return false;
        int kind = name_kind(t.p, t.len);
        if (kind < 0)
            return false;
        rack->tiles[n++] = core_kind_tile(kind);
    }
    rack->count = n;
    return !j->failed;
}

static bool fast_hands(struct jin *j, struct core_game *g)
{
    struct clb_str key;
    unsigned seen = 0;
    if (!jin_object(j))
        return false;
    while (jin_key(j, &key)) {
        int p = jin_is(key, "P1") ? CORE_P1 : jin_is(key, "P2") ? CORE_P2 : -1;
        if (p < 0 || !fast_once(&seen, 1u << p) || !fast_hand(j, &g->hands[p]))
            return false;
    }
    return !j->failed && seen == 3u;
}

static bool fast_cells(struct jin *j, struct core_last_move *lm)
{
    int n = 0;
    if (!jin_array(j))
        return false;
    while (jin_item(j)) {
        int rc[2], k = 0;
        if (n >= CLB_MAX_MOVE_CELLS || !jin_array(j))
            return false;
        while (jin_item(j))
            if (k >= 2 || !fast_int(j, 0, CLB_BOARD_SIZE - 1, &rc[k++]))
                return false;
        if (j->failed || k != 2)
            return false;
        for (int i = 0; i < n; i++)
            if (lm->cells[i].row == rc[0] && lm->cells[i].col == rc[1])
                return false;
        lm->cells[n].row = rc[0];
        lm->cells[n].col = rc[1];
        n++;
    }
    lm->ncells = n;
    return !j->failed;
}

static bool fast_words(struct jin *j, struct core_last_move *lm)
{
    int n = 0;
    if (!jin_array(j))
        return false;
    while (jin_item(j)) {
        struct clb_str w;
        if (n >= CLB_MAX_WORDS || !jin_string(j, &w) || w.len < CLB_WORD_MIN ||
            w.len > CLB_WORD_MAX)
            return false;
        for (size_t k = 0; k < w.len; k++)
            if (!core_is_upper(w.p[k]) && !core_is_lower(w.p[k]))
                return false;
        memcpy(lm->words[n], w.p, w.len);
        lm->words[n][w.len] = '\0';
        n++;
    }
    lm->nwords = n;
    return !j->failed;
}

static bool fast_last_move(struct jin *j, struct core_game *g)
{
    if (jin_peek_null(j)) {
        g->has_last_move = false;
        return jin_null(j);
    }
    struct core_last_move *lm = &g->last_move;
    struct clb_str key, type = {"play", 4};
    unsigned seen = 0;
    if (!jin_object(j))
        return false;
    while (jin_key(j, &key)) {
        bool ok;
        if (jin_is(key, "cells"))
            ok = fast_once(&seen, 1u) && fast_cells(j, lm);
        else if (jin_is(key, "words"))
            ok = fast_once(&seen, 2u) && fast_words(j, lm);
        else if (jin_is(key, "points"))
            ok = fast_once(&seen, 4u) &&
                 fast_int(j, 0, CLB_MAX_SCORE, &lm->points);
        else if (jin_is(key, "type"))
            ok = fast_once(&seen, 8u) && jin_string(j, &type);
        else if (jin_is(key, "exchanged"))
            ok = fast_once(&seen, 16u) &&
                 fast_int(j, 1, CLB_RACK_SIZE, &lm->exchanged);
        else
            ok = false;
        if (!ok)
            return false;
    }
    if (j->failed || (seen & 7u) != 7u)
        return false;
    if (jin_is(type, "play"))
        lm->type = CORE_MOVE_PLAY;
    else if (jin_is(type, "exchange"))
        lm->type = CORE_MOVE_EXCHANGE;
    else if (jin_is(type, "pass"))
        lm->type = CORE_MOVE_PASS;
    else
        return false;
    /* "exchanged" exactly for an exchange; an exchange or a pass places
     * nothing and scores nothing. */
    if ((lm->type == CORE_MOVE_EXCHANGE) != ((seen & 16u) != 0))
        return false;
    if (lm->type != CORE_MOVE_PLAY &&
        (lm->ncells != 0 || lm->nwords != 0 || lm->points != 0))
        return false;
    g->has_last_move = true;
    return true;
}

static bool fast_ending(struct jin *j, struct core_game *g)
{
    struct clb_str key, reason = {NULL, 0};
    unsigned seen = 0;
    if (!jin_object(j))
        return false;
    while (jin_key(j, &key)) {
        bool ok;
        if (jin_is(key, "reason"))
            ok = fast_once(&seen, 1u) && jin_string(j, &reason);
        else if (jin_is(key, "adjustment"))
            ok = fast_once(&seen, 2u) &&
                 fast_int(j, 0, CLB_MAX_SCORE, &g->end_adjustment);
        else
            ok = false;
        if (!ok)
            return false;
    }
    if (j->failed || seen != 3u)
        return false;
    g->end = jin_is(reason, "passes")    ? CORE_END_PASSES
             : jin_is(reason, "out")     ? CORE_END_OUT
             : jin_is(reason, "limit")   ? CORE_END_LIMIT
             : jin_is(reason, "blocked") ? CORE_END_BLOCKED
                                         : CORE_END_NONE;
    return g->end != CORE_END_NONE;
}

/* One top-level member, its key already read. */
static bool fast_member(struct jin *j, struct clb_str key, unsigned *seen,
                        struct core_game *g)
{
    static const struct {
        const char *name;
        unsigned bit;
    } keys[] = {
        {"version", FK_VERSION},
        {"gameId", FK_GAME_ID},
        {"turn", FK_TURN},
        {"board", FK_BOARD},
        {"bag", FK_BAG},
        {"hands", FK_HANDS},
        {"score", FK_SCORE},
        {"lastMove", FK_LAST_MOVE},
        {"consecutivePasses", FK_PASSES},
        {"gameOver", FK_OVER},
        {"ending", FK_ENDING},
        {"lexicon", FK_LEXICON},
    };
    unsigned bit = 0;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0] && bit == 0; i++)
        if (jin_is(key, keys[i].name))
            bit = keys[i].bit;
    /* An unknown key (which the slow path skips) is the slow path's. */
    if (bit == 0 || !fast_once(seen, bit))
        return false;
    int v;
    struct clb_str t;
    switch (bit) {
    case FK_VERSION:
        return fast_int(j, CORE_STATE_VERSION, CORE_STATE_VERSION, &v);
    case FK_GAME_ID: return fast_name(j, CLB_GAME_ID_MAX, g->game_id);
    case FK_TURN:
        if (!jin_string(j, &t) || !(jin_is(t, "P1") || jin_is(t, "P2")))
            return false;
        g->turn = t.p[1] == '1' ? CORE_P1 : CORE_P2;
        return true;
    case FK_BOARD: return fast_board(j, g);
    case FK_BAG: return fast_bag(j, g);
    case FK_HANDS: return fast_hands(j, g);
    case FK_SCORE: return fast_int(j, 0, CLB_MAX_SCORE, &g->score);
    case FK_LAST_MOVE: return fast_last_move(j, g);
    case FK_PASSES:
        return fast_int(j, 0, CLB_PASSES_TO_END, &g->consecutive_passes);
    case FK_OVER: return jin_bool(j, &g->game_over);
    case FK_ENDING: return fast_ending(j, g);
    case FK_LEXICON: return fast_name(j, CLB_LEXICON_NAME_MAX, g->lexicon);
    default: return false;
    }
}

/* The whole state, or false to fall back to the slow path. */
static bool fast_state(const char *text, size_t len, struct core_game *g)
{
    struct jin j;
    struct clb_str key;
    unsigned seen = 0;
    memset(g, 0, sizeof *g);
    jin_init(&j, text, len);
    if (!jin_object(&j))
        return false;
    while (jin_key(&j, &key))
        if (!fast_member(&j, key, &seen, g))
            return false;
    if (!jin_end(&j) || (seen & FK_REQUIRED) != FK_REQUIRED)
        return false;
    if ((seen & FK_ENDING) != 0 && !g->game_over)
        return false;
    if (g->has_last_move && g->last_move.type == CORE_MOVE_PLAY)
        for (int i = 0; i < g->last_move.ncells; i++) {
            struct clb_cell c = g->last_move.cells[i];
            if (g->board[c.row][c.col] == CORE_EMPTY)
                return false;
        }
    struct clb_error err;
    return core_game_validate(g, &err) == CLB_ERR_OK;
}

/* JSON text (no size check) -> game, through jansson and
 * link_game_from_json: the reader of every state the fast one declines,
 * and the one that words the errors. */
static enum clb_err decode_json_slow(const char *text, size_t len, bool in_link,
                                     struct core_game *game,
                                     struct clb_error *err)
{
    if (json_depth_exceeds(text, len, CLB_MAX_JSON_DEPTH))
        return bad(err, "state: JSON nested deeper than %d levels",
                   CLB_MAX_JSON_DEPTH);
    json_error_t jerr;
    bool nomem;
    json_t *root =
        srv_json_load(text, len, JSON_REJECT_DUPLICATES, &jerr, &nomem);
    if (nomem)
        return clb_error_set(err, CLB_ERR_INTERNAL, "out of memory");
    if (root == NULL)
        return bad(err, "%sstate: not valid JSON (line %d, column %d: %s)",
                   in_link ? "the link is damaged: " : "", jerr.line,
                   jerr.column, jerr.text);
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
    if (fast_state(text, len, game))
        return CLB_ERR_OK;
    return decode_json_slow(text, len, in_link, game, err);
}

enum clb_err link_decode_json(const char *text, size_t len,
                              struct core_game *game, struct clb_error *err)
{
    clb_error_clear(err);
    if (len > CLB_MAX_DECODED_STATE)
        return clb_error_set(err, CLB_ERR_TOO_LARGE,
                             "state: %zu bytes of JSON, at most %d allowed",
                             len, CLB_MAX_DECODED_STATE);
    return decode_json_text(text, len, false, game, err);
}

enum clb_err link_decode_json_reference(const char *text, size_t len,
                                        struct core_game *game,
                                        struct clb_error *err)
{
    clb_error_clear(err);
    if (len > CLB_MAX_DECODED_STATE)
        return clb_error_set(err, CLB_ERR_TOO_LARGE,
                             "state: %zu bytes of JSON, at most %d allowed",
                             len, CLB_MAX_DECODED_STATE);
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
    char mem[LINK_JSON_MAX];
    struct html_buf text;
    html_init(&text, mem, sizeof mem, sizeof mem);
    struct jout j;
    jout_init(&j, &text, false);
    if (!link_game_write(&j, game) || text.overflow)
        return clb_error_set(err, CLB_ERR_INTERNAL,
                             "the state could not be written as JSON");
    uint16_t units[LINK_JSON_MAX];
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
