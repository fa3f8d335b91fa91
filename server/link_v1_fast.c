/* server/link_v1_fast.c - the classic (v1) link's fast reader.
 *
 * A state in the usual form (every state ours and the original's writers
 * make: compact or spaced JSON of known keys, no escapes) is read in place
 * with json_in.h, checked field by field exactly as link_game_from_json
 * checks it; any state it does not accept whole, every refused one
 * included, is read again by jansson and link_game_from_json, which word
 * the error. So the two can only ever differ in speed: the fuzz target and
 * server_link_v1 compare them on every input.
 */
/* SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "../core/game.h"
#include "../core/limits.h"
#include "../core/tiles.h"
#include "json_in.h"
#include "link_v1_internal.h"
#include "names.h"

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
            if (!(ch == CORE_EMPTY || link_is_tile(ch)))
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
            !fast_int(j, 0, LINK_V1_SET->total, &g->bag[kind]))
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
        rack->tiles[n++] = core_kind_tile(LINK_V1_SET, kind);
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
        int p = srv_name_value(&srv_player_names, key.p, key.len, -1);
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
            if (!link_is_tile(w.p[k]))
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
    int t = srv_name_value(&srv_move_type_names, type.p, type.len, -1);
    if (t < 0)
        return false;
    lm->type = (enum core_move_type)t;
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
    g->end = (enum core_end)srv_name_value(&srv_ending_names, reason.p,
                                           reason.len, CORE_END_NONE);
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
        if (!jin_string(j, &t) ||
            (v = srv_name_value(&srv_player_names, t.p, t.len, -1)) < 0)
            return false;
        g->turn = (enum core_player)v;
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
bool link_v1_fast_state(const char *text, size_t len, struct core_game *g)
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
