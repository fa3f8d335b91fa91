/* server/move_json.c - a move read from JSON (move_json.h): the API's
 * "move" member, the page's move field and the command line's MOVE.
 */
/* SPDX-License-Identifier: MIT */
#include "move_json.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "json_load.h"
#include "names.h"

/* A move's JSON text, as srv_json_parse names it in its refusals. */
static const struct srv_json_what move_json = {
    .name = "move",
    .max_bytes = CLB_MAX_MOVE_JSON,
    .bad = CLB_ERR_BAD_REQUEST,
};

/* ---- the jansson readers ------------------------------------------------ */

/* Reads one tile letter of the set: its display string, either case
 * ("a" or "A", "ch" or "CH"), as the letter's tile. */
static bool text_letter(const struct core_tileset *ts, const char *s,
                        size_t len, char *out)
{
    int m = core_tileset_letter(ts, s, len);
    if (m < 0)
        return false;
    *out = core_letter_tile(m);
    return true;
}

static bool json_letter(const struct core_tileset *ts, const json_t *v,
                        char *out)
{
    return json_is_string(v) &&
           text_letter(ts, json_string_value(v), json_string_length(v), out);
}

/* What a refused letter was expected to be, in the set's words. */
static const char *letter_wanted(const struct core_tileset *ts, char *buf,
                                 size_t cap)
{
    if (core_tileset_is_default(ts))
        return "one letter A-Z";
    (void)snprintf(buf, cap, "one tile of %s", ts->name);
    return buf;
}

/* Reads a board coordinate of tile `where` ("move.tiles[1].row"). Any JSON
 * integer jansson reads (-2^63 .. 2^63-1) is a coordinate; one off the
 * board is refused here, as the rules would (422 out_of_bounds), but with
 * the value as it was sent and no cell, since no square can show it. */
static enum clb_err json_coord(const json_t *v, const char *where, int *out,
                               struct clb_error *err)
{
    if (!json_is_integer(v))
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "%s: expected an integer", where);
    json_int_t n = json_integer_value(v);
    if (n < 0 || n >= CLB_BOARD_SIZE)
        return clb_error_set(err, CLB_ERR_OUT_OF_BOUNDS,
                             "%s: %" JSON_INTEGER_FORMAT
                             " is off the board (rows and columns are 0 to "
                             "%d)",
                             where, n, CLB_BOARD_SIZE - 1);
    *out = (int)n;
    return CLB_ERR_OK;
}

static enum clb_err play_tiles(const struct core_tileset *ts,
                               const json_t *tiles, struct core_move *move,
                               struct clb_error *err)
{
    static const char *const tile_keys[] = {"row", "col", "letter", "blank",
                                            NULL};
    size_t i;
    json_t *t;
    json_array_foreach(tiles, i, t)
    {
        struct core_placement *p = &move->tiles[i];
        char where[48];
        (void)snprintf(where, sizeof where, "move.tiles[%zu]", i);
        if (!json_is_object(t))
            return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                                 "%s: expected an object, got %s", where,
                                 srv_json_type_name(t));
        if (srv_json_only_keys(t, where, tile_keys, err) != CLB_ERR_OK)
            return err->code;
        char field[56];
        (void)snprintf(field, sizeof field, "%s.row", where);
        if (json_coord(json_object_get(t, "row"), field, &p->row, err) !=
            CLB_ERR_OK)
            return err->code;
        (void)snprintf(field, sizeof field, "%s.col", where);
        if (json_coord(json_object_get(t, "col"), field, &p->col, err) !=
            CLB_ERR_OK)
            return err->code;
        char wanted[48];
        if (!json_letter(ts, json_object_get(t, "letter"), &p->letter))
            return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                                 "%s.letter: expected %s", where,
                                 letter_wanted(ts, wanted, sizeof wanted));
        const json_t *blank = json_object_get(t, "blank");
        if (blank != NULL && !json_is_boolean(blank))
            return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                                 "%s.blank: expected true or false", where);
        p->blank = json_is_true(blank);
    }
    move->ntiles = (int)json_array_size(tiles);
    return CLB_ERR_OK;
}

static enum clb_err exchange_tiles(const struct core_tileset *ts,
                                   const json_t *tiles, struct core_move *move,
                                   struct clb_error *err)
{
    size_t i;
    json_t *t;
    json_array_foreach(tiles, i, t)
    {
        char c;
        if (json_is_string(t) && strcmp(json_string_value(t), "BLANK") == 0)
            c = CORE_BLANK;
        else if (!json_letter(ts, t, &c))
            return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                                 core_tileset_is_default(ts)
                                     ? "move.tiles[%zu]: expected a letter A-Z "
                                       "or \"BLANK\""
                                     : "move.tiles[%zu]: expected a tile of "
                                       "the game's set or \"BLANK\"",
                                 i);
        move->exchange[i] = c;
    }
    move->ntiles = (int)json_array_size(tiles);
    return CLB_ERR_OK;
}

/* A rack tile: a letter A-Z (either case) or "BLANK". */
static bool rack_tile(const struct core_tileset *ts, const json_t *v, char *out)
{
    if (json_is_string(v) && strcmp(json_string_value(v), "BLANK") == 0) {
        *out = CORE_BLANK;
        return true;
    }
    return json_letter(ts, v, out);
}

/* {"type": "helper", "helper": "newGoals" | "peek" | "swap", and for a
 * swap "give" (a tile of the mover's rack) and "take" (one of the
 * partner's)}: the tiles become slots in core_move_canonical(). */
static enum clb_err helper_from_json(const struct core_tileset *ts,
                                     const json_t *m, struct core_move *move,
                                     struct clb_error *err)
{
    static const char *const keys[] = {"type", "helper", NULL};
    static const char *const swap_keys[] = {"type", "helper", "give", "take",
                                            NULL};
    const json_t *name = json_object_get(m, "helper");
    int h = srv_name_value(&srv_helper_names, json_string_value(name),
                           json_string_length(name), -1);
    if (h < 0)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "move.helper: expected \"newGoals\", \"swap\" "
                             "or \"peek\"");
    move->type = CORE_MOVE_HELPER;
    move->helper.kind = (uint8_t)h;
    if (h != CORE_HELPER_SWAP)
        return srv_json_only_keys(m, "move", keys, err);
    if (srv_json_only_keys(m, "move", swap_keys, err) != CLB_ERR_OK)
        return err->code;
    char give, take;
    if (!rack_tile(ts, json_object_get(m, "give"), &give))
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "move.give: expected a letter A-Z or \"BLANK\"");
    if (!rack_tile(ts, json_object_get(m, "take"), &take))
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "move.take: expected a letter A-Z or \"BLANK\"");
    move->helper.mine = (uint8_t)give;
    move->helper.theirs = (uint8_t)take;
    return CLB_ERR_OK;
}

enum clb_err move_json_tree(const json_t *m, struct core_move *move,
                            struct clb_error *err)
{
    return move_json_tree_in(m, &core_tileset_english, move, err);
}

enum clb_err move_json_tree_in(const json_t *m, const struct core_tileset *ts,
                               struct core_move *move, struct clb_error *err)
{
    static const char *const move_keys[] = {"type", "tiles", NULL};
    static const char *const pass_keys[] = {"type", NULL};
    memset(move, 0, sizeof *move);
    if (!json_is_object(m))
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "move: expected an object, got %s",
                             m == NULL ? "nothing" : srv_json_type_name(m));
    /* Not a string (or absent) reads as NULL: no name. */
    const json_t *type = json_object_get(m, "type");
    /* "helper" is a move of the API, never a classic state's lastMove
     * type, so it is not among srv_move_type_names. */
    if (json_is_string(type) && strcmp(json_string_value(type), "helper") == 0)
        return helper_from_json(ts, m, move, err);
    int t = srv_name_value(&srv_move_type_names, json_string_value(type),
                           json_string_length(type), -1);
    if (t < 0)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "move.type: expected \"play\", \"exchange\", "
                             "\"pass\" or \"helper\"");
    move->type = (enum core_move_type)t;
    if (move->type == CORE_MOVE_PASS)
        return srv_json_only_keys(m, "move", pass_keys, err);
    if (srv_json_only_keys(m, "move", move_keys, err) != CLB_ERR_OK)
        return err->code;
    const json_t *tiles = json_object_get(m, "tiles");
    if (!json_is_array(tiles))
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "move.tiles: expected an array");
    /* An empty list is a real move that core refuses as no_tiles; more
     * than a rack can hold cannot be a move at all. */
    if (json_array_size(tiles) > CLB_RACK_SIZE)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "move.tiles: at most %d tiles", CLB_RACK_SIZE);
    if (move->type == CORE_MOVE_PLAY)
        return play_tiles(ts, tiles, move, err);
    return exchange_tiles(ts, tiles, move, err);
}

/* ---- the fast readers ----------------------------------------------------
 * A move read in place with json_in.h (the bodies of /move and /preview,
 * api.c, and the page's move field). They read only well-formed moves of
 * the usual shape (a move's "type" before its "tiles"); anything else,
 * every error included, goes to the jansson readers above, which word the
 * errors, so a request is answered the same whichever reader took it. */

/* One placement {"row", "col", "letter", "blank"?}, as play_tiles
 * reads it. */
static bool fast_placement(struct jin *j, struct core_placement *p)
{
    struct clb_str key, letter = {0};
    long long row = 0, col = 0;
    bool blank = false;
    unsigned seen = 0;
    if (!jin_object(j))
        return false;
    while (jin_key(j, &key)) {
        unsigned bit = jin_is(key, "row")      ? 1u
                       : jin_is(key, "col")    ? 2u
                       : jin_is(key, "letter") ? 4u
                       : jin_is(key, "blank")  ? 8u
                                               : 0u;
        if (bit == 0 || (seen & bit) != 0)
            return false;
        seen |= bit;
        bool ok = bit == 1u   ? jin_int(j, &row)
                  : bit == 2u ? jin_int(j, &col)
                  : bit == 4u ? jin_string(j, &letter)
                              : jin_bool(j, &blank);
        if (!ok)
            return false;
    }
    char c;
    if (j->failed || (seen & 7u) != 7u ||
        !text_letter(&core_tileset_english, letter.p, letter.len, &c))
        return false;
    /* A square off the board is an error: the jansson reader words it. */
    if (row < 0 || row >= CLB_BOARD_SIZE || col < 0 || col >= CLB_BOARD_SIZE)
        return false;
    p->row = (int)row;
    p->col = (int)col;
    p->letter = c;
    p->blank = blank;
    return true;
}

/* One exchanged tile: "A"-"Z" (either case) or "BLANK". */
static bool fast_exchanged(struct jin *j, char *out)
{
    struct clb_str t;
    if (!jin_string(j, &t))
        return false;
    if (jin_is(t, "BLANK")) {
        *out = CORE_BLANK;
        return true;
    }
    return text_letter(&core_tileset_english, t.p, t.len, out);
}

/* A move object, as move_json_tree reads it. */
bool move_json_fast(struct jin *j, struct core_move *move)
{
    memset(move, 0, sizeof *move);
    struct clb_str key, type;
    if (!jin_object(j) || !jin_key(j, &key) || !jin_is(key, "type") ||
        !jin_string(j, &type))
        return false;
    int t = srv_name_value(&srv_move_type_names, type.p, type.len, -1);
    if (t < 0)
        return false;
    move->type = (enum core_move_type)t;
    if (move->type == CORE_MOVE_PASS)
        return !jin_key(j, &key) && !j->failed;
    if (!jin_key(j, &key) || !jin_is(key, "tiles") || !jin_array(j))
        return false;
    int n = 0;
    while (jin_item(j)) {
        if (n >= CLB_RACK_SIZE)
            return false;
        bool ok = move->type == CORE_MOVE_PLAY
                      ? fast_placement(j, &move->tiles[n])
                      : fast_exchanged(j, &move->exchange[n]);
        if (!ok)
            return false;
        n++;
    }
    move->ntiles = n;
    return !j->failed && !jin_key(j, &key) && !j->failed;
}

enum clb_err move_json_text(const char *text, size_t len,
                            struct core_move *move, struct clb_error *err)
{
    return move_json_text_in(text, len, &core_tileset_english, move, err);
}

enum clb_err move_json_text_in(const char *text, size_t len,
                               const struct core_tileset *ts,
                               struct core_move *move, struct clb_error *err)
{
    if (!srv_json_fits(len, &move_json, err))
        return err->code;
    /* The in-place reader reads English's letters only. */
    struct jin j;
    jin_init(&j, text, len);
    if (core_tileset_is_default(ts) && move_json_fast(&j, move) && jin_end(&j))
        return CLB_ERR_OK;
    json_t *root = srv_json_parse(text, len, &move_json, err);
    if (root == NULL)
        return err->code;
    enum clb_err rc = move_json_tree_in(root, ts, move, err);
    json_decref(root);
    return rc;
}
