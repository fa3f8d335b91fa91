/* server/api.c - the JSON API under /api/v1 (docs/API.md), and the move
 * reader and lexicon choice the HTML pages share with it.
 *
 * Each endpoint reads one JSON object from the size-checked body, checks
 * every key against what the endpoint accepts, decodes the state through
 * link.c, runs the rules in core and answers JSON through respond.c. The
 * server keeps nothing between requests, and core's draws depend only on
 * the state and the move, so the same request always gets the same bytes.
 */
/* SPDX-License-Identifier: MIT */
#include "api.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>

#include "../core/movegen.h"
#include "link.h"
#include "respond.h"

/* Room for an encoded state: a real one is well under 1 KiB, and
 * link_encode refuses anything over the cap rather than cut it short. */
#define API_STATE_CAP (CLB_MAX_ENCODED_STATE + 1)

/* Random bytes seeding a game that was asked for without a seed. */
#define API_RANDOM_SEED_BYTES 16

/* Plays /plays lists when the request gives no "limit". */
#define API_PLAYS_DEFAULT 10

/* ---- small JSON readers ------------------------------------------------ */

/* Refuses any key of `obj` not in `allowed` (NULL-terminated): a typo such
 * as "tile" for "tiles" should be an error, not a silently empty move. */
static enum clb_err api_only_keys(const json_t *obj, const char *where,
                                  const char *const *allowed,
                                  struct clb_error *err)
{
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)obj, key, value)
    {
        bool known = false;
        for (const char *const *a = allowed; *a != NULL; a++)
            known = known || strcmp(key, *a) == 0;
        if (!known)
            return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                                 "%s: unknown key \"%.40s\"", where, key);
    }
    return CLB_ERR_OK;
}

/* Reads one tile letter: a single ASCII letter, either case. */
static bool api_letter(const json_t *v, char *out)
{
    if (!json_is_string(v) || json_string_length(v) != 1)
        return false;
    char c = json_string_value(v)[0];
    if (c >= 'a' && c <= 'z')
        c = (char)(c - 'a' + 'A');
    if (c < 'A' || c > 'Z')
        return false;
    *out = c;
    return true;
}

/* Reads a board coordinate. Any JSON integer is accepted and one outside
 * the board is left for core to refuse as out_of_bounds (a 422 the player
 * can act on); values beyond int are clamped to -1, still off the board. */
static bool api_coord(const json_t *v, int *out)
{
    if (!json_is_integer(v))
        return false;
    json_int_t n = json_integer_value(v);
    *out = (n < -CLB_BOARD_SIZE || n > 2 * CLB_BOARD_SIZE) ? -1 : (int)n;
    return true;
}

static enum clb_err api_play_tiles(const json_t *tiles, struct core_move *move,
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
                                 "%s: expected an object", where);
        if (api_only_keys(t, where, tile_keys, err) != CLB_ERR_OK)
            return err->code;
        if (!api_coord(json_object_get(t, "row"), &p->row))
            return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                                 "%s.row: expected an integer", where);
        if (!api_coord(json_object_get(t, "col"), &p->col))
            return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                                 "%s.col: expected an integer", where);
        if (!api_letter(json_object_get(t, "letter"), &p->letter))
            return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                                 "%s.letter: expected one letter A-Z", where);
        const json_t *blank = json_object_get(t, "blank");
        if (blank != NULL && !json_is_boolean(blank))
            return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                                 "%s.blank: expected true or false", where);
        p->blank = json_is_true(blank);
    }
    move->ntiles = (int)json_array_size(tiles);
    return CLB_ERR_OK;
}

static enum clb_err api_exchange_tiles(const json_t *tiles,
                                       struct core_move *move,
                                       struct clb_error *err)
{
    size_t i;
    json_t *t;
    json_array_foreach(tiles, i, t)
    {
        char c;
        if (json_is_string(t) && strcmp(json_string_value(t), "BLANK") == 0)
            c = CORE_BLANK;
        else if (!api_letter(t, &c))
            return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                                 "move.tiles[%zu]: expected a letter A-Z or "
                                 "\"BLANK\"",
                                 i);
        move->exchange[i] = c;
    }
    move->ntiles = (int)json_array_size(tiles);
    return CLB_ERR_OK;
}

enum clb_err api_move_from_json(const json_t *m, struct core_move *move,
                                struct clb_error *err)
{
    static const char *const move_keys[] = {"type", "tiles", NULL};
    static const char *const pass_keys[] = {"type", NULL};
    memset(move, 0, sizeof *move);
    if (!json_is_object(m))
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "move: expected an object");
    const char *type = json_string_value(json_object_get(m, "type"));
    if (type == NULL)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "move.type: expected \"play\", \"exchange\" or "
                             "\"pass\"");
    if (strcmp(type, "pass") == 0) {
        move->type = CORE_MOVE_PASS;
        return api_only_keys(m, "move", pass_keys, err);
    }
    if (strcmp(type, "play") == 0)
        move->type = CORE_MOVE_PLAY;
    else if (strcmp(type, "exchange") == 0)
        move->type = CORE_MOVE_EXCHANGE;
    else
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "move.type: expected \"play\", \"exchange\" or "
                             "\"pass\"");
    if (api_only_keys(m, "move", move_keys, err) != CLB_ERR_OK)
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
        return api_play_tiles(tiles, move, err);
    return api_exchange_tiles(tiles, move, err);
}

const struct dict *srv_lexicon_for(const struct srv_context *ctx,
                                   const struct core_game *game,
                                   struct clb_error *err)
{
    if (ctx->nlexicons < 1)
        return NULL; /* main refuses to start without one; be safe */
    if (game->lexicon[0] == '\0')
        return ctx->lexicons[0];
    for (int i = 0; i < ctx->nlexicons && i < CLB_MAX_LEXICONS; i++)
        if (strcmp(ctx->lexicon_names[i], game->lexicon) == 0)
            return ctx->lexicons[i];
    /* The name came through link.c's [A-Za-z0-9_-] check, but quote it
     * only in that alphabet anyway: the detail reaches pages too. */
    char safe[CLB_LEXICON_NAME_MAX + 1];
    size_t n = 0;
    for (const char *c = game->lexicon; *c != '\0' && n < CLB_LEXICON_NAME_MAX;
         c++)
        if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
            (*c >= '0' && *c <= '9') || *c == '_' || *c == '-')
            safe[n++] = *c;
    safe[n] = '\0';
    clb_error_set(err, CLB_ERR_UNKNOWN_LEXICON, "lexicon: \"%s\"", safe);
    return NULL;
}

/* ---- request plumbing --------------------------------------------------- */

/* Nesting depth of a JSON text, counted outside strings. jansson would
 * recurse up to 2048 levels; the API never needs more than a few, and
 * refusing early keeps a hostile body from spending stack or time. */
static bool api_depth_ok(struct clb_str body)
{
    int depth = 0;
    bool in_string = false;
    for (size_t i = 0; i < body.len; i++) {
        char c = body.p[i];
        if (in_string) {
            if (c == '\\')
                i++; /* the escaped character cannot end the string */
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '{' || c == '[') {
            if (++depth > CLB_MAX_JSON_DEPTH)
                return false;
        } else if (c == '}' || c == ']') {
            depth--;
        }
    }
    return true;
}

/* Parses the body as one JSON object. An empty body counts as {} only
 * where the endpoint has no required key (`empty_ok`). */
static json_t *api_body(const struct srv_request *req, bool empty_ok,
                        struct clb_error *err)
{
    if (req->body.len == 0) {
        if (empty_ok)
            return json_object();
        clb_error_set(err, CLB_ERR_BAD_REQUEST, "body: expected a JSON object");
        return NULL;
    }
    if (!api_depth_ok(req->body)) {
        clb_error_set(err, CLB_ERR_BAD_REQUEST, "body: nested deeper than %d",
                      CLB_MAX_JSON_DEPTH);
        return NULL;
    }
    json_error_t jerr;
    /* Duplicate keys are refused: {"move":A,"move":B} would otherwise mean
     * whichever one a given parser keeps. */
    json_t *root =
        json_loadb(req->body.p, req->body.len, JSON_REJECT_DUPLICATES, &jerr);
    if (root == NULL) {
        clb_error_set(err, CLB_ERR_BAD_REQUEST,
                      "body: not valid JSON (line %d, column %d: %.60s)",
                      jerr.line, jerr.column, jerr.text);
        return NULL;
    }
    if (!json_is_object(root)) {
        json_decref(root);
        clb_error_set(err, CLB_ERR_BAD_REQUEST, "body: expected a JSON object");
        return NULL;
    }
    return root;
}

/* Decodes root's "state" (an encoded link state S) into *game. */
static enum clb_err api_state(const json_t *root, struct core_game *game,
                              struct clb_error *err)
{
    const json_t *s = json_object_get(root, "state");
    if (!json_is_string(s))
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "state: expected the encoded state as a string");
    enum clb_err rc =
        link_decode(json_string_value(s), json_string_length(s), game, err);
    /* A state that only grows too large once decompressed is a damaged
     * state, not a large request: the body itself was within bounds. */
    if (rc == CLB_ERR_TOO_LARGE)
        return clb_error_set(err, CLB_ERR_BAD_STATE,
                             "state: too large once decoded");
    if (rc != CLB_ERR_OK && rc != CLB_ERR_BAD_STATE && rc != CLB_ERR_INTERNAL)
        return clb_error_set(err, CLB_ERR_BAD_STATE, "state: %s",
                             clb_err_str(rc));
    return rc;
}

/* Adds "state" (encoded) and "game" (the decoded object) for *game. */
static enum clb_err api_put_game(json_t *obj, const struct core_game *game,
                                 struct clb_error *err)
{
    char s[API_STATE_CAP];
    size_t n = 0;
    if (link_encode(game, s, sizeof s, &n, err) != CLB_ERR_OK)
        return err->code;
    json_t *g = link_game_to_json(game);
    int bad = json_object_set_new(obj, "state", json_stringn(s, n));
    bad |= json_object_set_new(obj, "game", g);
    if (bad)
        return clb_error_set(err, CLB_ERR_INTERNAL, "out of memory");
    return CLB_ERR_OK;
}

/* The result's words, or their points with `points`, as a JSON array in
 * the same order (main word first). NULL only when out of memory. */
static json_t *api_word_list(const struct core_move_result *r, bool points)
{
    json_t *a = json_array();
    for (int i = 0; a != NULL && i < r->nwords && i < CLB_MAX_WORDS; i++) {
        json_t *v =
            points ? json_integer(r->word_points[i]) : json_string(r->words[i]);
        if (json_array_append_new(a, v) != 0) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

static const char *api_move_type_name(enum core_move_type t)
{
    switch (t) {
    case CORE_MOVE_PLAY: return "play";
    case CORE_MOVE_EXCHANGE: return "exchange";
    case CORE_MOVE_PASS: return "pass";
    }
    return "pass"; /* unreachable: the switch names every type */
}

/* Sends `obj` with `status`, or the error in *err if it is set. Takes the
 * reference to obj. */
static void api_finish(struct srv_response *resp, int status, json_t *obj,
                       struct clb_error *err)
{
    if (err->code == CLB_ERR_OK && obj == NULL)
        clb_error_set(err, CLB_ERR_INTERNAL, "out of memory");
    if (err->code != CLB_ERR_OK)
        srv_error_json(resp, err);
    else
        (void)srv_json_body(resp, status, obj);
    json_decref(obj);
}

/* Reads {"state": S, "move": M} for /move and /preview. */
static enum clb_err api_state_and_move(const struct srv_request *req,
                                       struct core_game *game,
                                       struct core_move *move,
                                       const struct dict **dict,
                                       struct clb_error *err)
{
    static const char *const keys[] = {"state", "move", NULL};
    json_t *root = api_body(req, false, err);
    if (root == NULL)
        return err->code;
    /* The request's own shape first (400 bad_request), then the state
     * (400 bad_state), then the lexicon: each error names one problem. */
    enum clb_err rc = api_only_keys(root, "body", keys, err);
    if (rc == CLB_ERR_OK && json_object_get(root, "move") == NULL)
        rc = clb_error_set(err, CLB_ERR_BAD_REQUEST, "move: required");
    if (rc == CLB_ERR_OK)
        rc = api_move_from_json(json_object_get(root, "move"), move, err);
    if (rc == CLB_ERR_OK)
        rc = api_state(root, game, err);
    json_decref(root);
    if (rc != CLB_ERR_OK)
        return rc;
    *dict = srv_lexicon_for(req->ctx, game, err);
    if (*dict == NULL && err->code == CLB_ERR_OK)
        clb_error_set(err, CLB_ERR_INTERNAL, "no lexicon loaded");
    return err->code;
}

/* ---- endpoints ---------------------------------------------------------- */

/* POST /api/v1/games {"seed"?: "1..64 bytes", "lexicon"?: NAME} -> 201 */
static void api_games(const struct srv_request *req, struct srv_response *resp)
{
    static const char *const keys[] = {"seed", "lexicon", NULL};
    struct clb_error err;
    clb_error_clear(&err);
    json_t *root = api_body(req, true, &err);
    json_t *out = NULL;
    if (root == NULL || api_only_keys(root, "body", keys, &err) != CLB_ERR_OK)
        goto done;

    unsigned char seed[CLB_SEED_MAX];
    size_t seed_len = 0;
    const json_t *js = json_object_get(root, "seed");
    if (js != NULL) {
        seed_len = json_string_length(js);
        if (!json_is_string(js) || seed_len < 1 || seed_len > CLB_SEED_MAX) {
            clb_error_set(&err, CLB_ERR_BAD_REQUEST,
                          "seed: expected a string of 1 to %d bytes",
                          CLB_SEED_MAX);
            goto done;
        }
        memcpy(seed, json_string_value(js), seed_len);
    } else {
        /* getrandom blocks only before the kernel's pool is first
         * initialised at boot; a short read cannot happen for 16 bytes. */
        ssize_t got;
        do
            got = getrandom(seed, API_RANDOM_SEED_BYTES, 0);
        while (got < 0 && errno == EINTR);
        if (got != API_RANDOM_SEED_BYTES) {
            clb_error_set(&err, CLB_ERR_INTERNAL, "no randomness");
            goto done;
        }
        seed_len = API_RANDOM_SEED_BYTES;
    }

    /* No "lexicon" records "" (the server's default); a name must be one
     * this server loaded, so the first move cannot fail on it. */
    const char *lexicon = "";
    const json_t *jl = json_object_get(root, "lexicon");
    if (jl != NULL) {
        if (!json_is_string(jl)) {
            clb_error_set(&err, CLB_ERR_BAD_REQUEST,
                          "lexicon: expected a lexicon name");
            goto done;
        }
        lexicon = NULL;
        for (int i = 0; i < req->ctx->nlexicons; i++)
            if (strcmp(req->ctx->lexicon_names[i], json_string_value(jl)) == 0)
                lexicon = req->ctx->lexicon_names[i];
        if (lexicon == NULL) {
            clb_error_set(&err, CLB_ERR_UNKNOWN_LEXICON,
                          "lexicon: not loaded on this server");
            goto done;
        }
    }

    struct core_game game;
    core_game_new(&game, (const char *)seed, seed_len, lexicon);
    out = json_object();
    if (out != NULL)
        (void)api_put_game(out, &game, &err);

done:
    json_decref(root);
    api_finish(resp, 201, out, &err);
}

static json_t *api_result_object(const struct core_move_result *r)
{
    json_t *o = json_object();
    if (o == NULL)
        return NULL;
    int bad = json_object_set_new(o, "type",
                                  json_string(api_move_type_name(r->type)));
    bad |= json_object_set_new(o, "words", api_word_list(r, false));
    bad |= json_object_set_new(o, "points", json_integer(r->points));
    bad |= json_object_set_new(o, "bingo", json_boolean(r->bingo));
    bad |= json_object_set_new(o, "wordPoints", api_word_list(r, true));
    bad |= json_object_set_new(o, "gameOver", json_boolean(r->game_over));
    if (bad) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* POST /api/v1/move {"state": S, "move": M} -> 200 {state, game, result} */
static void api_move(const struct srv_request *req, struct srv_response *resp)
{
    struct clb_error err;
    clb_error_clear(&err);
    struct core_game game, next;
    struct core_move move;
    struct core_move_result result;
    const struct dict *dict = NULL;
    json_t *out = NULL;
    if (api_state_and_move(req, &game, &move, &dict, &err) != CLB_ERR_OK)
        goto done;
    struct core_lexicon lex = dict_lexicon(dict);
    if (core_move_apply(&game, &move, &lex, &next, &result, &err) != CLB_ERR_OK)
        goto done;
    out = json_object();
    if (out == NULL || api_put_game(out, &next, &err) != CLB_ERR_OK)
        goto done;
    if (json_object_set_new(out, "result", api_result_object(&result)) != 0)
        clb_error_set(&err, CLB_ERR_INTERNAL, "out of memory");
done:
    api_finish(resp, 200, out, &err);
}

/* POST /api/v1/preview {"state": S, "move": M} -> 200 {valid, ...} */
static void api_preview(const struct srv_request *req,
                        struct srv_response *resp)
{
    struct clb_error err;
    clb_error_clear(&err);
    struct core_game game;
    struct core_move move;
    struct core_move_result result;
    const struct dict *dict = NULL;
    json_t *out = NULL;
    if (api_state_and_move(req, &game, &move, &dict, &err) != CLB_ERR_OK)
        goto done;
    struct core_lexicon lex = dict_lexicon(dict);
    out = json_object();
    if (out == NULL)
        goto done;
    struct clb_error play_err;
    clb_error_clear(&play_err);
    enum clb_err rc = core_move_check(&game, &move, &lex, &result, &play_err);
    int bad = 0;
    if (rc == CLB_ERR_OK) {
        bad |= json_object_set_new(out, "valid", json_true());
        bad |= json_object_set_new(out, "words", api_word_list(&result, false));
        bad |= json_object_set_new(out, "points", json_integer(result.points));
        bad |= json_object_set_new(out, "bingo", json_boolean(result.bingo));
        bad |= json_object_set_new(out, "wordPoints",
                                   api_word_list(&result, true));
    } else if (clb_err_status(rc) == 422) {
        /* Only a rule the player broke is a preview answer; anything else
         * (a server fault) is reported as the error it is. */
        bad |= json_object_set_new(out, "valid", json_false());
        bad |= json_object_set_new(out, "error", srv_error_object(&play_err));
    } else {
        err = play_err;
    }
    if (bad)
        clb_error_set(&err, CLB_ERR_INTERNAL, "out of memory");
done:
    api_finish(resp, 200, out, &err);
}

/* POST /api/v1/decode {"state": S} -> 200 {"game": G} */
static void api_decode(const struct srv_request *req, struct srv_response *resp)
{
    static const char *const keys[] = {"state", NULL};
    struct clb_error err;
    clb_error_clear(&err);
    struct core_game game;
    json_t *out = NULL;
    json_t *root = api_body(req, false, &err);
    if (root == NULL || api_only_keys(root, "body", keys, &err) != CLB_ERR_OK ||
        api_state(root, &game, &err) != CLB_ERR_OK)
        goto done;
    out = json_object();
    if (out != NULL &&
        json_object_set_new(out, "game", link_game_to_json(&game)) != 0)
        clb_error_set(&err, CLB_ERR_INTERNAL, "out of memory");
done:
    json_decref(root);
    api_finish(resp, 200, out, &err);
}

/* One play for /plays: the API's move form (ready to post to /move), its
 * words and points as core_move_check gives them, and where it starts in
 * Scrabble's notation. NULL when out of memory, or with *err set if the
 * rules refuse a generated play (a bug, or a graph that disagrees with its
 * own word list: never shown as a play). */
static json_t *api_play_object(const struct core_game *game,
                               const struct core_play *play,
                               const struct core_lexicon *lex,
                               struct clb_error *err)
{
    struct core_move move;
    struct core_move_result r;
    struct clb_error rule;
    core_play_to_move(play, (const char(*)[CLB_BOARD_SIZE])game->board, &move);
    if (core_move_check(game, &move, lex, &r, &rule) != CLB_ERR_OK ||
        r.points != play->points) {
        clb_error_set(err, CLB_ERR_INTERNAL,
                      "a generated play was refused by the rules");
        return NULL;
    }
    json_t *tiles = json_array();
    for (int i = 0; tiles != NULL && i < move.ntiles; i++) {
        const struct core_placement *t = &move.tiles[i];
        char letter[2] = {t->letter, '\0'};
        json_t *o = json_pack("{s:i, s:i, s:s}", "row", t->row, "col", t->col,
                              "letter", letter);
        if (o != NULL && t->blank &&
            json_object_set_new(o, "blank", json_true()) != 0) {
            json_decref(o);
            o = NULL;
        }
        if (json_array_append_new(tiles, o) != 0) {
            json_decref(tiles);
            tiles = NULL;
        }
    }
    char at[4];
    core_play_coord(play, at);
    return json_pack(
        "{s:{s:s, s:o}, s:o, s:o, s:i, s:b, s:s, s:s}", "move", "type", "play",
        "tiles", tiles, "words", api_word_list(&r, false), "wordPoints",
        api_word_list(&r, true), "points", r.points, "bingo", r.bingo, "at", at,
        "direction", play->down ? "down" : "across");
}

/* POST /api/v1/plays {"state": S, "limit"?: N} -> 200 {total, plays} */
static void api_plays(const struct srv_request *req, struct srv_response *resp)
{
    static const char *const keys[] = {"state", "limit", NULL};
    struct clb_error err;
    clb_error_clear(&err);
    struct core_game game;
    json_t *out = NULL;
    json_t *root = api_body(req, false, &err);
    if (root == NULL || api_only_keys(root, "body", keys, &err) != CLB_ERR_OK)
        goto done;
    json_int_t limit = API_PLAYS_DEFAULT;
    const json_t *jl = json_object_get(root, "limit");
    if (jl != NULL) {
        limit = json_is_integer(jl) ? json_integer_value(jl) : -1;
        if (limit < 0 || limit > CLB_MAX_PLAYS_LISTED) {
            clb_error_set(&err, CLB_ERR_BAD_REQUEST,
                          "limit: expected an integer from 0 to %d",
                          CLB_MAX_PLAYS_LISTED);
            goto done;
        }
    }
    if (api_state(root, &game, &err) != CLB_ERR_OK)
        goto done;
    const struct dict *dict = srv_lexicon_for(req->ctx, &game, &err);
    if (dict == NULL) {
        if (err.code == CLB_ERR_OK)
            clb_error_set(&err, CLB_ERR_INTERNAL, "no lexicon loaded");
        goto done;
    }
    if (game.game_over) {
        clb_error_set(&err, CLB_ERR_GAME_OVER, "a finished game has no plays");
        goto done;
    }
    struct core_lexicon lex = dict_lexicon(dict);
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])game.board,
                      lex.graph);
    struct core_play top[CLB_MAX_PLAYS_LISTED];
    size_t total =
        core_movegen_top(&mg, &game.hands[game.turn], top, (size_t)limit);
    size_t shown = total < (size_t)limit ? total : (size_t)limit;
    json_t *plays = json_array();
    for (size_t i = 0; plays != NULL && i < shown; i++) {
        json_t *p = api_play_object(&game, &top[i], &lex, &err);
        if (json_array_append_new(plays, p) != 0) {
            json_decref(plays);
            plays = NULL;
        }
    }
    if (err.code == CLB_ERR_OK)
        out = json_pack("{s:s, s:I, s:o}", "player",
                        game.turn == CORE_P1 ? "P1" : "P2", "total",
                        (json_int_t)total, "plays", plays);
    else
        json_decref(plays);
done:
    json_decref(root);
    api_finish(resp, 200, out, &err);
}

static void api_not_found(const struct srv_request *req,
                          struct srv_response *resp)
{
    (void)req;
    struct clb_error err;
    clb_error_clear(&err);
    clb_error_set(&err, CLB_ERR_NOT_FOUND, "no such API endpoint");
    srv_error_json(resp, &err);
}

static void api_method(const struct srv_request *req, struct srv_response *resp)
{
    (void)req;
    struct clb_error err;
    clb_error_clear(&err);
    clb_error_set(&err, CLB_ERR_METHOD, "use POST");
    srv_error_json(resp, &err);
}

static const struct {
    const char *path;
    srv_handler *handler;
} api_routes[] = {
    /* clang-format off */
    {"/api/v1/games", api_games},
    {"/api/v1/move", api_move},
    {"/api/v1/preview", api_preview},
    {"/api/v1/decode", api_decode},
    {"/api/v1/plays", api_plays},
    /* clang-format on */
};

srv_handler *api_route(const struct srv_request *req)
{
    if (!srv_is_api_path(req->path))
        return NULL;
    for (size_t i = 0; i < sizeof api_routes / sizeof api_routes[0]; i++) {
        size_t n = strlen(api_routes[i].path);
        if (req->path.len == n &&
            memcmp(req->path.p, api_routes[i].path, n) == 0)
            /* Every endpoint reads a JSON body, which only POST carries. */
            return strcmp(req->method, "POST") == 0 ? api_routes[i].handler
                                                    : api_method;
    }
    return api_not_found;
}
