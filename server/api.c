/* server/api.c - the JSON API under /api/v1 (docs/API.md).
 *
 * Each endpoint reads one JSON object from the size-checked body
 * (srv_json_parse), and a move with move_json.h, checks every key against
 * what the endpoint accepts, opens the state through position.c (either
 * link format), runs the rules in core and answers JSON through respond.c;
 * the answer's link is in the state's own format unless the request asks
 * for the other. The server keeps nothing between requests but what saves
 * work (each thread's last positions and review, server/cache.c, which
 * give exactly what the same link would again), and core's draws depend
 * only on the state and the move, so the same request always gets the same
 * bytes.
 */
/* SPDX-License-Identifier: MIT */
#include "api.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "../core/goals.h"
#include "../core/partner.h"
#include "../core/movegen.h"
#include "../core/review.h"
#include "gcg.h"
#include "judge.h"
#include "app.h"
#include "json_in.h"
#include "json_load.h"
#include "json_out.h"
#include "link.h"
#include "move_json.h"
#include "names.h"
#include "cache.h"
#include "position.h"
#include "turn.h"
#include "respond.h"
#include "seed.h"

/* Room for an encoded state: a v2 link is at most CLB_MAX_LINK2_CHARS, a
 * classic one well under 1 KiB, and position_write refuses anything over
 * the cap rather than cut it short. */
#define API_STATE_CAP (CLB_MAX_ENCODED_STATE + 1)

/* Plays /plays lists when the request gives no "limit". */
#define API_PLAYS_DEFAULT 10
/* ---- request plumbing --------------------------------------------------- */

/* The API's request bodies, as srv_json_parse names them in its
 * refusals. */
static const struct srv_json_what api_body_json = {
    .name = "body",
    .max_bytes = CLB_MAX_BODY_BYTES,
    .bad = CLB_ERR_BAD_REQUEST,
};

/* Parses the body as one JSON object. An empty body counts as {} only
 * where the endpoint has no required key (`empty_ok`). */
static json_t *api_body(const struct srv_request *req, bool empty_ok,
                        struct clb_error *err)
{
    if (req->body.len == 0 && empty_ok) {
        json_t *empty = json_object();
        if (empty == NULL)
            clb_error_set(err, CLB_ERR_INTERNAL, "out of memory");
        return empty;
    }
    return srv_json_parse(req->body.p, req->body.len, &api_body_json, err);
}

/* Opens the state S (len bytes, a turn link of either format) into *pos,
 * as the API words its errors. */
static enum clb_err api_open_state(const struct srv_request *req, const char *s,
                                   size_t len, struct position *pos,
                                   struct clb_error *err)
{
    /* The API never shows the page's chain of positions. */
    enum clb_err rc =
        position_open_for(req->ctx, s, len, POSITION_PLAIN, pos, err);
    /* A state that only grows too large once decompressed is a damaged
     * state, not a large request: the body itself was within bounds. */
    if (rc == CLB_ERR_TOO_LARGE)
        return clb_error_set(err, CLB_ERR_BAD_STATE,
                             "state: too large once decoded");
    if (rc != CLB_ERR_OK && rc != CLB_ERR_BAD_STATE &&
        rc != CLB_ERR_UNKNOWN_LEXICON && rc != CLB_ERR_INTERNAL)
        return clb_error_set(err, CLB_ERR_BAD_STATE, "state: %s",
                             clb_err_str(rc));
    return rc;
}

/* Opens root's "state" (a turn link's S, either format) into *pos. */
static enum clb_err api_position(const struct srv_request *req,
                                 const json_t *root, struct position *pos,
                                 struct clb_error *err)
{
    const json_t *s = json_object_get(root, "state");
    /* Worded as a missing "move" is (api_state_and_move). */
    if (s == NULL)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST, "state: required");
    if (!json_is_string(s))
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "state: expected the encoded state as a string");
    return api_open_state(req, json_string_value(s), json_string_length(s), pos,
                          err);
}

/* Reads the optional "format" ("v1" or "v2") into *format, which keeps its
 * value when the key is absent. */
static enum clb_err api_format(const json_t *root, enum link_format *format,
                               struct clb_error *err)
{
    const json_t *f = json_object_get(root, "format");
    if (f == NULL)
        return CLB_ERR_OK;
    int v = srv_name_value(&srv_format_names, json_string_value(f),
                           json_string_length(f), -1);
    if (v < 0)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "format: expected \"v1\" or \"v2\"");
    *format = (enum link_format)v;
    return CLB_ERR_OK;
}

/* {"state": S, "move": M} and, with `format` (for /move), "format": "v1" or
 * "v2": true with the state's slice of the body, the move and *format (0
 * when absent). */
static bool fast_state_and_move(struct clb_str body, enum link_format *format,
                                struct clb_str *state, struct core_move *move)
{
    struct jin j;
    struct clb_str key, f;
    unsigned seen = 0;
    jin_init(&j, body.p, body.len);
    if (format != NULL)
        *format = 0;
    if (!jin_object(&j))
        return false;
    while (jin_key(&j, &key)) {
        unsigned bit = jin_is(key, "state")                      ? 1u
                       : jin_is(key, "move")                     ? 2u
                       : format != NULL && jin_is(key, "format") ? 4u
                                                                 : 0u;
        if (bit == 0 || (seen & bit) != 0)
            return false;
        seen |= bit;
        if (bit == 1u && !jin_string(&j, state))
            return false;
        if (bit == 2u && !move_json_fast(&j, move))
            return false;
        if (bit == 4u) {
            if (!jin_string(&j, &f))
                return false;
            int v = srv_name_value(&srv_format_names, f.p, f.len, -1);
            if (v < 0)
                return false;
            *format = (enum link_format)v;
        }
    }
    return (seen & 3u) == 3u && jin_end(&j);
}

/* ---- writing the answers ------------------------------------------------- */

/* The result's words, or their points with `points`, as a JSON array in
 * the same order (main word first). */
/* A word (tile bytes) as its display strings: English's as it is. */
static void api_word(struct jout *j, const struct core_tileset *ts,
                     const char *word)
{
    char text[CORE_WORD_TEXT_MAX];
    size_t n = core_tiles_text(ts, word, strnlen(word, CLB_WORD_MAX), text,
                               sizeof text);
    jout_string_n(j, text, n);
}

static void api_word_list(struct jout *j, const struct core_tileset *ts,
                          const struct core_move_result *r, bool points)
{
    jout_open_array(j);
    for (int i = 0; i < r->nwords && i < CLB_MAX_WORDS; i++) {
        if (points)
            jout_int(j, r->word_points[i]);
        else
            api_word(j, ts, r->words[i]);
    }
    jout_close_array(j);
}

static const char *api_move_type_name(enum core_move_type t)
{
    if (t == CORE_MOVE_HELPER)
        return "helper";
    return srv_name_of(&srv_move_type_names, (int)t, "pass");
}

/* The goals a play completed (or, previewed, would complete), by name:
 * a goals game's "goals" member. */
static void api_goal_names(struct jout *j, const struct core_move_result *r)
{
    jout_key(j, "goals");
    jout_open_array(j);
    for (int i = 0; i < r->ngoals && i < CLB_GOALS_FACE_UP; i++)
        jout_string(j, core_goal_info(r->goals[i])->name);
    jout_close_array(j);
}

/* The members of a move's "result" (also a history record's); a goals
 * game's (`goals`) adds the goals the move completed. */
static void api_result_members(struct jout *j, const struct core_tileset *ts,
                               const struct core_move_result *r, bool goals)
{
    jout_key(j, "type");
    jout_string(j, api_move_type_name(r->type));
    jout_key(j, "words");
    api_word_list(j, ts, r, false);
    jout_key(j, "points");
    jout_int(j, r->points);
    jout_key(j, "bingo");
    jout_bool(j, r->bingo);
    jout_key(j, "wordPoints");
    api_word_list(j, ts, r, true);
    jout_key(j, "gameOver");
    jout_bool(j, r->game_over);
    if (goals)
        api_goal_names(j, r);
}

/* The helpers used in a turn, in order: [{"helper": "swap", "mine": 0,
 * "theirs": 3}, {"helper": "peek"}]. */
static void api_helpers(struct jout *j, const struct core_helper_use *uses,
                        int n)
{
    jout_open_array(j);
    for (int i = 0; i < n && i < CLB_GOALS_MAX_HELPERS; i++) {
        jout_open_object(j);
        jout_key(j, "helper");
        jout_string(j, srv_name_of(&srv_helper_names, uses[i].kind, "peek"));
        if (uses[i].kind == CORE_HELPER_SWAP) {
            jout_key(j, "mine");
            jout_int(j, uses[i].mine);
            jout_key(j, "theirs");
            jout_int(j, uses[i].theirs);
        }
        jout_close_object(j);
    }
    jout_close_array(j);
}

/* A tile as the API names it: its letter's display string, or BLANK. */
static void api_tile(struct jout *j, const struct core_tileset *ts, char tile)
{
    if (tile == CORE_BLANK)
        jout_string(j, "BLANK");
    else
        jout_string(j, core_tile_text(ts, tile));
}

static void api_rack(struct jout *j, const struct core_tileset *ts,
                     const struct core_rack *rack)
{
    jout_open_array(j);
    for (int i = 0; i < rack->count && i < CLB_RACK_SIZE; i++)
        api_tile(j, ts, rack->tiles[i]);
    jout_close_array(j);
}

/* A move's tiles in the API's move format: placements for a play, tile
 * names for an exchange. */
static void api_move_tiles(struct jout *j, const struct core_tileset *ts,
                           const struct core_move *m)
{
    jout_open_array(j);
    for (int i = 0; i < m->ntiles && i < CLB_RACK_SIZE; i++) {
        if (m->type != CORE_MOVE_PLAY) {
            api_tile(j, ts, m->exchange[i]);
            continue;
        }
        const struct core_placement *p = &m->tiles[i];
        jout_open_object(j);
        jout_key(j, "row");
        jout_int(j, p->row);
        jout_key(j, "col");
        jout_int(j, p->col);
        jout_key(j, "letter");
        jout_string(j, core_tile_text(ts, p->letter));
        if (p->blank) {
            jout_key(j, "blank");
            jout_bool(j, true);
        }
        jout_close_object(j);
    }
    jout_close_array(j);
}

/* One move of the history: what the move's "result" says, plus its number
 * and player, the rack it was made from, its tiles and the running shared
 * score. */
static void api_record(struct jout *j, const struct core_tileset *ts,
                       const struct core_move_record *rec, int number,
                       bool goals, bool computer)
{
    jout_open_object(j);
    jout_key(j, "number");
    jout_int(j, number);
    jout_key(j, "player");
    jout_string(j, rec->player == CORE_P1 ? "P1" : "P2");
    if (computer) {
        jout_key(j, "computer");
        jout_bool(j, true);
    }
    api_result_members(j, ts, &rec->result, goals);
    if (rec->nhelpers > 0) {
        jout_key(j, "helpers");
        api_helpers(j, rec->helpers, rec->nhelpers);
    }
    jout_key(j, "rack");
    api_rack(j, ts, &rec->rack);
    if (rec->move.type != CORE_MOVE_PASS) {
        jout_key(j, "tiles");
        api_move_tiles(j, ts, &rec->move);
    }
    if (rec->move.type == CORE_MOVE_EXCHANGE) {
        jout_key(j, "exchanged");
        jout_int(j, rec->move.ntiles);
    }
    jout_key(j, "score");
    jout_int(j, rec->score);
    jout_close_object(j);
}

/* {"start": ..., "wordList": ..., "moves": [...]}: where the game began,
 * the word list that judges it, and every move since. */
static void api_history(struct jout *j, const struct core_history *h)
{
    static const char hex[] = "0123456789abcdef";
    char fp[8];
    for (int i = 0; i < 8; i++)
        fp[i] = hex[h->lexicon.fingerprint >> (28 - 4 * i) & 15u];
    bool goals = h->first.goals.level != CORE_GOALS_OFF;
    jout_open_object(j);
    jout_key(j, "start");
    jout_open_object(j);
    jout_key(j, "type");
    if (h->start == CORE_START_SEED) {
        jout_string(j, "seed");
        jout_key(j, "seed");
        jout_int(j, h->seed);
        if (goals) {
            jout_key(j, "goals");
            jout_string(j, core_goals_level_name(h->first.goals.level));
        }
    } else {
        jout_string(j, "position");
        jout_key(j, "score");
        jout_int(j, h->first.score);
    }
    jout_close_object(j);
    jout_key(j, "wordList");
    jout_open_object(j);
    jout_key(j, "name");
    jout_string(j, h->lexicon.name);
    jout_key(j, "fingerprint");
    jout_string_n(j, fp, sizeof fp);
    jout_close_object(j);
    if (h->first.partner != CORE_PARTNER_FRIEND) {
        /* A solo game: the computer's level, and once a friend took the
         * seat, how many moves came before. */
        jout_key(j, "partner");
        jout_open_object(j);
        jout_key(j, "level");
        jout_string(j, core_partner_name((enum core_partner)h->first.partner));
        if (h->handover >= 0) {
            jout_key(j, "handover");
            jout_int(j, h->handover);
        }
        jout_close_object(j);
    }
    jout_key(j, "moves");
    jout_open_array(j);
    for (int i = 0; i < h->nmoves; i++)
        api_record(j, core_game_tileset(&h->first), &h->moves[i], i + 1, goals,
                   core_history_by_computer(h, i));
    jout_close_array(j);
    if (h->npending > 0) {
        jout_key(j, "helpers");
        api_helpers(j, h->pending, h->npending);
    }
    jout_close_object(j);
}

/* The link of pos in `format`, for api_put_position: written before the
 * answer is, since it is the one part that can fail. */
struct api_link {
    char s[API_STATE_CAP];
    size_t n;
    enum link_format format;
};

static enum clb_err api_link_of(const struct position *pos,
                                enum link_format format, struct api_link *l,
                                struct clb_error *err)
{
    l->format = format;
    return position_write(pos, format, l->s, sizeof l->s, &l->n, err);
}

/* A goals game's "goals" member of "game": the difficulty, the goals face
 * up, what is done of the target, the helpers left, the outcome (won as
 * soon as the target is reached; lost when the game ends short of it) and,
 * after a Peek this turn, the square it shows. */
static void api_goals(struct jout *j, const void *ctx)
{
    const struct position *pos = ctx;
    const struct core_game *g = &pos->game;
    const struct core_goals *goals = &g->goals;
    jout_key(j, "goals");
    jout_open_object(j);
    jout_key(j, "difficulty");
    jout_string(j, core_goals_level_name(goals->level));
    jout_key(j, "faceUp");
    jout_open_array(j);
    for (int i = 0; i < CLB_GOALS_FACE_UP; i++) {
        const struct core_goal_info *info = core_goal_info(goals->faceup[i]);
        if (info == NULL)
            continue;
        jout_open_object(j);
        jout_key(j, "name");
        jout_string(j, info->name);
        /* A letter goal names the game's set's letters. */
        char text[CLB_GOAL_TEXT_MAX];
        core_goal_text(goals->faceup[i], core_game_tileset(g), text,
                       sizeof text);
        jout_key(j, "text");
        jout_string(j, text);
        jout_key(j, "weight");
        jout_int(j, info->weight);
        jout_close_object(j);
    }
    jout_close_array(j);
    jout_key(j, "completed");
    jout_int(j, goals->completed);
    jout_key(j, "target");
    jout_int(j, goals->target);
    jout_key(j, "helpersLeft");
    jout_int(j, goals->helpers_left);
    jout_key(j, "outcome");
    if (core_goals_won(goals))
        jout_string(j, "won");
    else if (g->game_over)
        jout_string(j, "lost");
    else
        jout_null(j);
    jout_key(j, "peek");
    struct clb_cell sq;
    if (goals->peeked && !g->game_over &&
        core_goals_peek(g, dict_lexicon(pos->dict).graph, &sq)) {
        jout_open_object(j);
        jout_key(j, "row");
        jout_int(j, sq.row);
        jout_key(j, "col");
        jout_int(j, sq.col);
        jout_close_object(j);
    } else {
        jout_null(j);
    }
    jout_close_object(j);
}

/* The API's members of "game" beyond the classic state's: the
 * "language" (ISO 639-1) of a game in another set than English, and a
 * goals game's "goals". English's G stays exactly its classic link's
 * state, so it says no language: absent is English. */
static void api_game_more(struct jout *j, const void *ctx)
{
    const struct position *pos = ctx;
    const struct core_tileset *ts = core_game_tileset(&pos->game);
    if (!core_tileset_is_default(ts) && ts->language != NULL) {
        jout_key(j, "language");
        jout_string(j, ts->language);
    }
    if (pos->game.goals.level != CORE_GOALS_OFF)
        api_goals(j, ctx);
}

/* Writes the members "state" (pos's link), "format", "game" (the decoded
 * position; another set's with its "language", a goals game's with its
 * "goals"),
 * "moveNumber" and "history". */
static void api_put_position(struct jout *j, const struct position *pos,
                             const struct api_link *l)
{
    jout_key(j, "state");
    jout_string_n(j, l->s, l->n);
    jout_key(j, "format");
    jout_string(j, l->format == LINK_V1 ? "v1" : "v2");
    jout_key(j, "game");
    if (!link_game_write_with(j, &pos->game, api_game_more, pos))
        j->bad = true;
    jout_key(j, "moveNumber");
    jout_int(j, pos->history.nmoves);
    jout_key(j, "history");
    api_history(j, &pos->history);
}

/* Starts an answer of `status`: the JSON content type and a writer. */
static void api_begin(struct srv_response *resp, int status, struct jout *j)
{
    resp->status = status;
    resp->content_type = SRV_TYPE_JSON;
    jout_init(j, resp->body, true);
}

/* Ends an answer begun with api_begin. A string that was not text is a bug
 * of ours (the state is checked when read): the answer is then the
 * internal error instead. */
static void api_end(struct srv_response *resp, struct jout *j)
{
    if (j->bad) {
        struct clb_error err;
        clb_error_clear(&err);
        clb_error_set(&err, CLB_ERR_INTERNAL, "out of memory");
        out_reset(resp->body);
        srv_error_json(resp, &err);
        return;
    }
    out_lit(resp->body, "\n");
}

/* Answers the error in *err if it is set; true when it did. */
static bool api_failed(struct srv_response *resp, const struct clb_error *err)
{
    if (err->code == CLB_ERR_OK)
        return false;
    out_reset(resp->body);
    srv_error_json(resp, err);
    return true;
}

/* The same for an error about a game of tile set ts: its words in the
 * set's display strings. */
static void api_failed_in(struct srv_response *resp,
                          const struct core_tileset *ts,
                          const struct clb_error *err)
{
    out_reset(resp->body);
    srv_error_json_in(resp, ts, err);
}

/* Reads {"state": S, "move": M} for /move and /preview, and for /move
 * (format not NULL) an optional "format": the answer's format is the
 * state's own unless the request asks for the other. */
/* True when the move reads in a tile set other than English (it names a
 * tile English has not, "CH"): then the state decides which set it is in,
 * and the move is read again once the state is open. */
static bool api_move_of_other_set(const json_t *m)
{
    struct core_move scratch;
    struct clb_error ignored;
    for (int i = 0; core_tileset_at(i) != NULL; i++)
        if (!core_tileset_is_default(core_tileset_at(i)) &&
            move_json_tree_in(m, core_tileset_at(i), &scratch, &ignored) ==
                CLB_ERR_OK)
            return true;
    return false;
}

static enum clb_err api_state_and_move(const struct srv_request *req,
                                       struct position *pos,
                                       struct core_move *move,
                                       enum link_format *format, bool *handover,
                                       struct clb_error *err)
{
    static const char *const move_keys[] = {"state", "move", "format",
                                            "handover", NULL};
    static const char *const preview_keys[] = {"state", "move", NULL};
    enum link_format wanted = 0;
    struct clb_str state;
    enum clb_err rc;
    bool fast = fast_state_and_move(req->body, format != NULL ? &wanted : NULL,
                                    &state, move);
    if (fast) {
        rc = api_open_state(req, state.p, state.len, pos, err);
        /* The in-place reader reads English's tiles: a game in another
         * set has its move read again, in its set, below. */
        fast = rc != CLB_ERR_OK ||
               core_tileset_is_default(core_game_tileset(&pos->game));
    }
    if (!fast) {
        json_t *root = api_body(req, false, err);
        if (root == NULL)
            return err->code;
        /* The request's own shape first (400 bad_request), then the state
         * (400 bad_state or unknown_lexicon): each error names one
         * problem. */
        rc = srv_json_only_keys(root, "body",
                                format != NULL ? move_keys : preview_keys, err);
        if (rc == CLB_ERR_OK && json_object_get(root, "move") == NULL)
            rc = clb_error_set(err, CLB_ERR_BAD_REQUEST, "move: required");
        const json_t *m = json_object_get(root, "move");
        bool again = false; /* read the move again in the state's set */
        if (rc == CLB_ERR_OK) {
            rc = move_json_tree(m, move, err);
            again = rc == CLB_ERR_BAD_REQUEST && api_move_of_other_set(m);
            if (again) {
                clb_error_clear(err);
                rc = CLB_ERR_OK;
            }
        }
        if (rc == CLB_ERR_OK && format != NULL)
            rc = api_format(root, &wanted, err);
        const json_t *jh = json_object_get(root, "handover");
        if (rc == CLB_ERR_OK && handover != NULL && jh != NULL) {
            if (!json_is_boolean(jh))
                rc = clb_error_set(err, CLB_ERR_BAD_REQUEST,
                                   "handover: expected true or false");
            else
                *handover = json_is_true(jh);
        }
        if (rc == CLB_ERR_OK)
            rc = api_position(req, root, pos, err);
        if (rc == CLB_ERR_OK) {
            const struct core_tileset *ts = core_game_tileset(&pos->game);
            if (again || !core_tileset_is_default(ts))
                rc = move_json_tree_in(m, ts, move, err);
        }
        json_decref(root);
    }
    if (rc == CLB_ERR_OK && format != NULL)
        *format = wanted != 0 ? wanted : pos->format;
    return rc;
}

/* ---- endpoints ---------------------------------------------------------- */

/* The seed of a new game: the text's (core_seed_from_text), or random. */
static enum clb_err api_seed(const json_t *js, uint32_t *seed,
                             struct clb_error *err)
{
    if (js != NULL) {
        size_t n = json_string_length(js);
        if (!json_is_string(js) || n < 1 || n > CLB_SEED_MAX)
            return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                                 "seed: expected a string of 1 to %d bytes",
                                 CLB_SEED_MAX);
        *seed = core_seed_from_text(json_string_value(js), n);
        return CLB_ERR_OK;
    }
    return srv_random_bytes(seed, sizeof *seed, err);
}

/* A new game's "goals": absent for a plain game, else "easy", "normal"
 * or "hard". */
static enum clb_err api_goals_level(const json_t *v,
                                    enum core_goals_level *level,
                                    struct clb_error *err)
{
    if (v == NULL)
        return CLB_ERR_OK;
    *level = core_goals_level_of(json_string_value(v), json_string_length(v));
    if (!json_is_string(v) || *level == CORE_GOALS_OFF)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "goals: expected \"easy\", \"normal\" or "
                             "\"hard\"");
    return CLB_ERR_OK;
}

/* A new game's "partner" and "level": absent, or "friend", a game for two
 * people; "computer", a solo game whose Player 2 the computer plays at
 * "level" ("casual", "good" or "best"; "good" when absent). */
static enum clb_err api_partner(const json_t *root, int *partner,
                                struct clb_error *err)
{
    const json_t *jp = json_object_get(root, "partner");
    const json_t *jl = json_object_get(root, "level");
    *partner = CORE_PARTNER_FRIEND;
    bool computer = false;
    if (jp != NULL) {
        const char *v = json_string_value(jp);
        computer = v != NULL && strcmp(v, "computer") == 0;
        if (!computer && (v == NULL || strcmp(v, "friend") != 0))
            return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                                 "partner: expected \"friend\" or "
                                 "\"computer\"");
    }
    if (jl != NULL && !computer)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "level: only with \"partner\": \"computer\"");
    if (!computer)
        return CLB_ERR_OK;
    if (jl == NULL) {
        *partner = CORE_PARTNER_GOOD;
        return CLB_ERR_OK;
    }
    int level = json_is_string(jl)
                    ? core_partner_from_name(json_string_value(jl),
                                             json_string_length(jl))
                    : -1;
    if (level <= CORE_PARTNER_FRIEND)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "level: expected \"casual\", \"good\" or "
                             "\"best\"");
    *partner = level;
    return CLB_ERR_OK;
}

/* Writes a move the computer made as the API writes a move's result, with
 * its tiles: {"type", "words", "points", "bingo", "wordPoints",
 * "gameOver"[, "goals"][, "tiles"]}. */
static void api_partner_move(struct jout *j, const struct core_tileset *ts,
                             const struct core_move *move,
                             const struct core_move_result *result, bool goals)
{
    jout_key(j, "partnerMove");
    jout_open_object(j);
    api_result_members(j, ts, result, goals);
    if (move->type != CORE_MOVE_PASS) {
        jout_key(j, "tiles");
        api_move_tiles(j, ts, move);
    }
    jout_close_object(j);
}

/* The computer's reply to a move, for api_answer_position. */
struct api_reply {
    struct core_move move;
    struct core_move_result result;
};

/* Answers pos (and with `result`, the move's result; with `reply`, the
 * computer's reply) as a position answer of `status`: {state, format,
 * game, moveNumber, history[, result][, partnerMove]}. */
static void api_answer_position(struct srv_response *resp, int status,
                                const struct position *pos,
                                enum link_format format,
                                const struct core_move_result *result,
                                const struct api_reply *reply)
{
    struct api_link link;
    struct clb_error err;
    clb_error_clear(&err);
    if (api_link_of(pos, format, &link, &err) != CLB_ERR_OK) {
        (void)api_failed(resp, &err);
        return;
    }
    struct jout j;
    api_begin(resp, status, &j);
    jout_open_object(&j);
    api_put_position(&j, pos, &link);
    if (result != NULL) {
        jout_key(&j, "result");
        jout_open_object(&j);
        api_result_members(&j, core_game_tileset(&pos->game), result,
                           pos->game.goals.level != CORE_GOALS_OFF);
        jout_close_object(&j);
    }
    if (reply != NULL)
        api_partner_move(&j, core_game_tileset(&pos->game), &reply->move,
                         &reply->result,
                         pos->game.goals.level != CORE_GOALS_OFF);
    jout_close_object(&j);
    api_end(resp, &j);
}

/* The lexicon a body asks for by "lexicon" (a loaded lexicon's name)
 * and "language" (ISO 639-1: its default lexicon), either, both when they
 * agree, or neither (the server's default); a name must be one this server
 * loaded, so the first move cannot fail on it. -1 with *err set. */
static int api_lexicon(const struct srv_context *ctx, const json_t *root,
                       struct clb_error *err)
{
    const json_t *jl = json_object_get(root, "lexicon");
    const json_t *jg = json_object_get(root, "language");
    if (jl != NULL && !json_is_string(jl)) {
        clb_error_set(err, CLB_ERR_BAD_REQUEST,
                      "lexicon: expected a lexicon name");
        return -1;
    }
    if (jg != NULL && (!json_is_string(jg) || json_string_length(jg) == 0)) {
        char codes[CLB_LANGUAGE_CODES_TEXT];
        position_language_codes(codes, sizeof codes);
        clb_error_set(err, CLB_ERR_BAD_REQUEST,
                      "language: expected an ISO 639-1 code: %s", codes);
        return -1;
    }
    return position_lexicon_choose(
        ctx, jl != NULL ? json_string_value(jl) : NULL,
        jg != NULL ? json_string_value(jg) : NULL,
        jg != NULL ? json_string_length(jg) : 0, err);
}

/* POST /api/v1/games {"seed"?: "1..64 bytes", "lexicon"?: NAME,
 * "language"?: CODE, "format"?: "v1"|"v2"} -> 201 */
void api_games(const struct srv_request *req, struct srv_response *resp)
{
    static const char *const keys[] = {"seed",  "lexicon", "language", "format",
                                       "goals", "partner", "level",    NULL};
    struct clb_error err;
    clb_error_clear(&err);
    json_t *root = api_body(req, true, &err);
    enum link_format format = LINK_V2;
    uint32_t seed = 0;
    int lexicon = 0;
    enum core_goals_level level = CORE_GOALS_OFF;
    int partner = CORE_PARTNER_FRIEND;
    if (root == NULL ||
        srv_json_only_keys(root, "body", keys, &err) != CLB_ERR_OK ||
        api_format(root, &format, &err) != CLB_ERR_OK ||
        api_seed(json_object_get(root, "seed"), &seed, &err) != CLB_ERR_OK ||
        api_goals_level(json_object_get(root, "goals"), &level, &err) !=
            CLB_ERR_OK ||
        api_partner(root, &partner, &err) != CLB_ERR_OK)
        goto done;

    lexicon = api_lexicon(req->ctx, root, &err);
done:
    json_decref(root);
    if (api_failed(resp, &err))
        return;
    struct position pos;
    position_new(req->ctx, lexicon, seed, &pos);
    if (level != CORE_GOALS_OFF &&
        position_set_goals(&pos, level, &err) != CLB_ERR_OK) {
        (void)api_failed(resp, &err);
        return;
    }
    if (partner != CORE_PARTNER_FRIEND &&
        position_set_partner(&pos, partner, &err) != CLB_ERR_OK) {
        (void)api_failed(resp, &err);
        return;
    }
    api_answer_position(resp, 201, &pos, format, NULL, NULL);
}

/* POST /api/v1/move {"state": S, "move": M, "format"?} -> 200 {state,
 * format, game, moveNumber, history, result} */
void api_move(const struct srv_request *req, struct srv_response *resp)
{
    struct clb_error err;
    clb_error_clear(&err);
    struct position pos;
    struct core_move move;
    struct core_move_result result;
    enum link_format format = LINK_V2;
    bool handover = false;
    if (api_state_and_move(req, &pos, &move, &format, &handover, &err) !=
        CLB_ERR_OK) {
        (void)api_failed(resp, &err);
        return;
    }
    struct api_reply reply;
    bool replied = false;
    enum clb_err rc =
        turn_move_and_reply(req, &pos, &move, handover, &result, &reply.move,
                            &reply.result, &replied, &err);
    if (rc == CLB_ERR_BUSY) {
        srv_search_busy(req, resp);
        return;
    }
    if (rc != CLB_ERR_OK) {
        api_failed_in(resp, core_game_tileset(&pos.game), &err);
        return;
    }
    api_answer_position(resp, 200, &pos, format, &result,
                        replied ? &reply : NULL);
}

/* POST /api/v1/preview {"state": S, "move": M} -> 200 {valid, ...} */
/* The preview of a move the rules refuse: 200, not valid, and why. */
static void api_preview_refused(struct srv_response *resp,
                                const struct clb_error *err)
{
    struct jout j;
    api_begin(resp, 200, &j);
    jout_open_object(&j);
    jout_key(&j, "valid");
    jout_bool(&j, false);
    jout_key(&j, "error");
    srv_error_write(&j, err);
    jout_close_object(&j);
    api_end(resp, &j);
}

void api_preview(const struct srv_request *req, struct srv_response *resp)
{
    struct clb_error err;
    clb_error_clear(&err);
    struct position pos;
    struct core_move move;
    struct core_move_result result;
    if (api_state_and_move(req, &pos, &move, NULL, NULL, &err) != CLB_ERR_OK) {
        /* A move that reads but breaks a rule as it is read (a square off
         * the board) is a preview answer, as docs/API.md says of every
         * refusal of the rules; a malformed request or state is not. */
        if (clb_err_kind_of(err.code) == CLB_ERR_KIND_RULE)
            api_preview_refused(resp, &err);
        else
            (void)api_failed(resp, &err);
        return;
    }
    struct core_lexicon lex = dict_lexicon(pos.dict);
    struct clb_error play_err;
    clb_error_clear(&play_err);
    enum clb_err rc =
        core_move_check(&pos.game, &move, &lex, &result, &play_err);
    /* Only a rule the player broke is a preview answer; anything else (a
     * server fault) is reported as the error it is. */
    if (rc != CLB_ERR_OK && clb_err_kind_of(rc) != CLB_ERR_KIND_RULE) {
        (void)api_failed(resp, &play_err);
        return;
    }
    struct jout j;
    api_begin(resp, 200, &j);
    jout_open_object(&j);
    jout_key(&j, "valid");
    jout_bool(&j, rc == CLB_ERR_OK);
    if (rc == CLB_ERR_OK) {
        jout_key(&j, "words");
        api_word_list(&j, core_game_tileset(&pos.game), &result, false);
        jout_key(&j, "points");
        jout_int(&j, result.points);
        jout_key(&j, "bingo");
        jout_bool(&j, result.bingo);
        jout_key(&j, "wordPoints");
        api_word_list(&j, core_game_tileset(&pos.game), &result, true);
        if (pos.game.goals.level != CORE_GOALS_OFF)
            api_goal_names(&j, &result);
    } else {
        jout_key(&j, "error");
        srv_error_write_in(&j, core_game_tileset(&pos.game), &play_err);
    }
    jout_close_object(&j);
    api_end(resp, &j);
}

/* Reads a body of only the `keys` (NULL-terminated; "state" required) and
 * opens its state. Returns the body (the caller frees it), or NULL with
 * the error set. */
static json_t *api_state_only(const struct srv_request *req,
                              const char *const *keys, struct position *pos,
                              struct clb_error *err)
{
    json_t *root = api_body(req, false, err);
    if (root != NULL &&
        (srv_json_only_keys(root, "body", keys, err) != CLB_ERR_OK ||
         api_position(req, root, pos, err) != CLB_ERR_OK)) {
        json_decref(root);
        return NULL;
    }
    return root;
}

/* POST /api/v1/decode {"state": S, "format"?} -> 200 {state, format, game,
 * moveNumber, history} */
void api_decode(const struct srv_request *req, struct srv_response *resp)
{
    static const char *const keys[] = {"state", "format", NULL};
    struct clb_error err;
    clb_error_clear(&err);
    struct position pos;
    json_t *root = api_state_only(req, keys, &pos, &err);
    enum link_format format = LINK_V2;
    if (root != NULL) {
        format = pos.format;
        (void)api_format(root, &format, &err);
    }
    json_decref(root);
    if (!api_failed(resp, &err))
        api_answer_position(resp, 200, &pos, format, NULL, NULL);
}

/* POST /api/v1/gcg {"state": S} -> 200 {"gcg": TEXT, "filename": NAME} */
void api_gcg(const struct srv_request *req, struct srv_response *resp)
{
    static const char *const keys[] = {"state", NULL};
    struct clb_error err;
    clb_error_clear(&err);
    struct position pos;
    json_t *root = api_state_only(req, keys, &pos, &err);
    json_decref(root);
    if (api_failed(resp, &err))
        return;
    struct out_buf text;
    char mem[8192];
    out_init(&text, mem, sizeof mem, CLB_MAX_RESPONSE_BYTES);
    gcg_write(&text, &pos);
    char name[64];
    gcg_filename(&pos, name, sizeof name);
    if (text.overflow) {
        clb_error_set(&err, CLB_ERR_INTERNAL, "the game is too long to write");
        (void)api_failed(resp, &err);
    } else {
        struct jout j;
        api_begin(resp, 200, &j);
        jout_open_object(&j);
        jout_key(&j, "gcg");
        jout_string_n(&j, text.p, text.len);
        jout_key(&j, "filename");
        jout_string(&j, name);
        jout_close_object(&j);
        api_end(resp, &j);
    }
    out_free(&text);
}

/* A play as /plays and /review answer it: the move that makes it (the
 * API's move form, ready to post to /move), its words and points as
 * core_move_check gives them (`r`), and where its main word starts in
 * Scrabble's notation. */
static void api_play_json(struct jout *j, const struct core_tileset *ts,
                          const struct core_play *play,
                          const struct core_move *move,
                          const struct core_move_result *r, bool goals)
{
    char at[4];
    core_play_coord(play, at);
    jout_open_object(j);
    jout_key(j, "move");
    jout_open_object(j);
    jout_key(j, "type");
    jout_string(j, "play");
    jout_key(j, "tiles");
    api_move_tiles(j, ts, move);
    jout_close_object(j);
    jout_key(j, "words");
    api_word_list(j, ts, r, false);
    jout_key(j, "wordPoints");
    api_word_list(j, ts, r, true);
    jout_key(j, "points");
    jout_int(j, r->points);
    jout_key(j, "bingo");
    jout_bool(j, r->bingo);
    jout_key(j, "at");
    jout_string(j, at);
    jout_key(j, "direction");
    jout_string(j, play->down ? "down" : "across");
    if (goals)
        api_goal_names(j, r);
    jout_close_object(j);
}

/* The move and result of a play for /plays, checked by the rules first.
 * False with *err set if the rules refuse a generated play (a bug, or a
 * graph that disagrees with its own word list: never shown as a play). */
static bool api_play_checked(const struct core_game *game,
                             const struct core_play *play,
                             const struct core_lexicon *lex,
                             struct core_move *move, struct core_move_result *r,
                             struct clb_error *err)
{
    struct clb_error rule;
    core_play_to_move(play, (const char(*)[CLB_BOARD_SIZE])game->board, move);
    if (core_move_check(game, move, lex, r, &rule) != CLB_ERR_OK ||
        r->points != play->points) {
        clb_error_set(err, CLB_ERR_INTERNAL,
                      "a generated play was refused by the rules");
        return false;
    }
    return true;
}

/* POST /api/v1/plays {"state": S, "limit"?: N} -> 200 {total, plays} */
void api_plays(const struct srv_request *req, struct srv_response *resp)
{
    static const char *const keys[] = {"state", "limit", NULL};
    struct clb_error err;
    clb_error_clear(&err);
    struct position pos;
    json_t *root = api_state_only(req, keys, &pos, &err);
    json_int_t limit = API_PLAYS_DEFAULT;
    const json_t *jl = root != NULL ? json_object_get(root, "limit") : NULL;
    if (jl != NULL) {
        limit = json_is_integer(jl) ? json_integer_value(jl) : -1;
        if (limit < 0 || limit > CLB_MAX_PLAYS_LISTED)
            clb_error_set(&err, CLB_ERR_BAD_REQUEST,
                          "limit: expected an integer from 0 to %d",
                          CLB_MAX_PLAYS_LISTED);
    }
    json_decref(root);
    const struct core_game *game = &pos.game;
    if (err.code == CLB_ERR_OK && game->game_over)
        clb_error_set(&err, CLB_ERR_GAME_OVER, "a finished game has no plays");
    if (api_failed(resp, &err))
        return;
    struct core_lexicon lex = dict_lexicon(pos.dict);
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])game->board,
                      lex.graph);
    struct core_budget budget = {CLB_PLAYS_NODES, false};
    mg.budget = &budget;
    struct core_play top[CLB_MAX_PLAYS_LISTED];
    size_t total =
        core_movegen_top(&mg, &game->hands[game->turn], top, (size_t)limit);
    size_t shown = total < (size_t)limit ? total : (size_t)limit;
    struct jout j;
    api_begin(resp, 200, &j);
    jout_open_object(&j);
    jout_key(&j, "player");
    jout_string(&j, game->turn == CORE_P1 ? "P1" : "P2");
    jout_key(&j, "total");
    jout_int(&j, (long long)total);
    if (budget.exhausted) {
        /* Only when cut short, so a whole answer is as it always was. */
        jout_key(&j, "budgetExhausted");
        jout_bool(&j, true);
    }
    jout_key(&j, "plays");
    jout_open_array(&j);
    for (size_t i = 0; i < shown; i++) {
        struct core_move move;
        struct core_move_result r;
        if (!api_play_checked(game, &top[i], &lex, &move, &r, &err)) {
            (void)api_failed(resp, &err);
            return;
        }
        api_play_json(&j, core_game_tileset(game), &top[i], &move, &r,
                      pos.game.goals.level != CORE_GOALS_OFF);
    }
    jout_close_array(&j);
    jout_close_object(&j);
    api_end(resp, &j);
}

/* POST /api/v1/review {"state": S} -> 200 {moves, scored, possible}: for
 * every move made, the best play the mover's rack had before it. */
void api_review(const struct srv_request *req, struct srv_response *resp)
{
    static const char *const keys[] = {"state", NULL};
    struct clb_error err;
    clb_error_clear(&err);
    struct position pos;
    json_t *root = api_state_only(req, keys, &pos, &err);
    json_decref(root);
    if (api_failed(resp, &err))
        return;
    struct core_review review;
    if (srv_cache_review(&pos, &review, &err) != CLB_ERR_OK) {
        (void)api_failed(resp, &err);
        return;
    }
    struct jout j;
    api_begin(resp, 200, &j);
    jout_open_object(&j);
    jout_key(&j, "moves");
    jout_open_array(&j);
    for (int i = 0; i < review.nmoves; i++) {
        const struct core_move_record *rec = &pos.history.moves[i];
        const struct core_review_move *rm = &review.moves[i];
        jout_open_object(&j);
        jout_key(&j, "number");
        jout_int(&j, i + 1);
        jout_key(&j, "player");
        jout_string(&j, rec->player == CORE_P1 ? "P1" : "P2");
        jout_key(&j, "type");
        jout_string(&j, api_move_type_name(rec->move.type));
        jout_key(&j, "points");
        jout_int(&j, i < review.reviewed ? rm->points : rec->result.points);
        if (i >= review.reviewed) {
            jout_key(&j, "reviewed");
            jout_bool(&j, false);
        }
        jout_key(&j, "best");
        if (i < review.reviewed && rm->has_best)
            api_play_json(&j, core_game_tileset(&pos.game), &rm->best,
                          &rm->move, &rm->result, false);
        else
            jout_null(&j);
        jout_close_object(&j);
    }
    jout_close_array(&j);
    jout_key(&j, "scored");
    jout_int(&j, review.scored);
    jout_key(&j, "possible");
    jout_int(&j, review.possible);
    if (review.reviewed < review.nmoves) {
        /* Only when cut short, so a whole review is as it always was. */
        jout_key(&j, "budgetExhausted");
        jout_bool(&j, true);
        jout_key(&j, "reviewedMoves");
        jout_int(&j, review.reviewed);
    }
    jout_close_object(&j);
    api_end(resp, &j);
}

/* The body's "words": an array of 1 to CLB_JUDGE_MAX_WORDS strings of 1
 * to CLB_JUDGE_WORD_BYTES bytes each; the first that is not says where. */
static enum clb_err api_words_of(const json_t *words, struct clb_error *err)
{
    if (words == NULL)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST, "words: required");
    if (!json_is_array(words) || json_array_size(words) == 0 ||
        json_array_size(words) > CLB_JUDGE_MAX_WORDS)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "words: expected an array of 1 to %d words",
                             CLB_JUDGE_MAX_WORDS);
    for (size_t i = 0; i < json_array_size(words); i++) {
        const json_t *w = json_array_get(words, i);
        if (!json_is_string(w))
            return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                                 "words[%zu]: expected a word as a string", i);
        size_t n = json_string_length(w);
        if (n == 0 || n > CLB_JUDGE_WORD_BYTES)
            return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                                 "words[%zu]: expected 1 to %d bytes, not %zu",
                                 i, CLB_JUDGE_WORD_BYTES, n);
    }
    return CLB_ERR_OK;
}

/* One word's answer: {"word", "tiles", "valid"}, or for a word the set
 * cannot spell {"word", "valid": false, "error"}: one word typed wrong
 * does not cost the others their answers. */
static void api_judged(struct jout *j, const struct dict *d, const char *s,
                       size_t n)
{
    struct srv_judged judged;
    srv_judge_word(d, s, n, &judged);
    jout_open_object(j);
    jout_key(j, "word");
    jout_string_n(j, s, n);
    if (judged.spelled) {
        const struct core_tileset *ts = dict_tileset(d);
        jout_key(j, "tiles");
        jout_open_array(j);
        for (size_t t = 0; t < judged.ntiles; t++)
            jout_string(j, core_tile_text(ts, judged.tiles[t]));
        jout_close_array(j);
    }
    jout_key(j, "valid");
    jout_bool(j, judged.valid);
    if (!judged.spelled) {
        /* The word's own answer says which word: the detail need not. */
        struct clb_error why;
        clb_error_clear(&why);
        srv_judge_why(d, NULL, s, n, &judged, &why);
        jout_key(j, "error");
        srv_error_write(j, &why);
    }
    jout_close_object(j);
}

/* POST /api/v1/words {"words": [W...], "language"?: CODE, "lexicon"?:
 * NAME} -> 200 {"language", "lexicon", "words": [{"word", "tiles",
 * "valid"}...]} */
void api_words(const struct srv_request *req, struct srv_response *resp)
{
    static const char *const keys[] = {"words", "language", "lexicon", NULL};
    struct clb_error err;
    clb_error_clear(&err);
    json_t *root = api_body(req, false, &err);
    int lexicon = -1;
    if (root != NULL &&
        srv_json_only_keys(root, "body", keys, &err) == CLB_ERR_OK &&
        api_words_of(json_object_get(root, "words"), &err) == CLB_ERR_OK)
        lexicon = api_lexicon(req->ctx, root, &err);
    if (lexicon < 0) {
        json_decref(root);
        (void)api_failed(resp, &err);
        return;
    }
    const struct dict *d = req->ctx->lexicons[lexicon];
    const struct core_tileset *ts = dict_tileset(d);
    const json_t *words = json_object_get(root, "words");
    struct jout j;
    api_begin(resp, 200, &j);
    jout_open_object(&j);
    jout_key(&j, "language");
    if (ts->language != NULL)
        jout_string(&j, ts->language);
    else
        jout_null(&j);
    jout_key(&j, "lexicon");
    jout_string(&j, req->ctx->lexicon_names[lexicon]);
    jout_key(&j, "words");
    jout_open_array(&j);
    for (size_t i = 0; i < json_array_size(words); i++) {
        const json_t *w = json_array_get(words, i);
        api_judged(&j, d, json_string_value(w), json_string_length(w));
    }
    jout_close_array(&j);
    jout_close_object(&j);
    json_decref(root);
    api_end(resp, &j);
}
