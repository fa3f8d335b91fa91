/* tools/link_tree.c - the classic (v1) state as a jansson tree: what
 * collabble-cli prints (indented) and what the tests compare the server's
 * own writer with (link_game_write must give jansson's compact dump of it,
 * byte for byte). The server never builds it.
 */
/* SPDX-License-Identifier: MIT */
#include "link_tree.h"

#include <stdbool.h>
#include <string.h>

#include "../core/limits.h"
#include "../core/tiles.h"
#include "../server/link_v1_internal.h"
#include "../server/names.h"

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
    int ncells = link_count(lm->ncells, CLB_MAX_MOVE_CELLS);
    int nwords = link_count(lm->nwords, CLB_MAX_WORDS);
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
    for (int k = 0; ok && k <= LINK_V1_SET->n; k++) {
        ok = json_object_set_new(bag, core_kind_name(LINK_V1_SET, k),
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
        int n = link_count(rack->count, CLB_RACK_SIZE);
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
    const char *reason =
        srv_name_of(&srv_ending_names, (int)game->end, "passes");
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
