/* server/api.c - the JSON API under /api/v1 (docs/API.md), and the move
 * reader and lexicon choice the HTML pages share with it.
 *
 * Each endpoint reads one JSON object from the size-checked body, checks
 * every key against what the endpoint accepts, opens the state through
 * position.c (either link format), runs the rules in core and answers JSON
 * through respond.c; the answer's link is in the state's own format unless
 * the request asks for the other. The
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
#include "gcg.h"
#include "link.h"
#include "position.h"
#include "respond.h"

/* Room for an encoded state: a v2 link is at most CLB_MAX_LINK2_CHARS, a
 * classic one well under 1 KiB, and position_write refuses anything over
 * the cap rather than cut it short. */
#define API_STATE_CAP (CLB_MAX_ENCODED_STATE + 1)

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
    int i = position_lexicon_by_name(ctx, game->lexicon, err);
    return i < 0 ? NULL : ctx->lexicons[i];
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

/* Opens root's "state" (a turn link's S, either format) into *pos. */
static enum clb_err api_position(const struct srv_request *req,
                                 const json_t *root, struct position *pos,
                                 struct clb_error *err)
{
    const json_t *s = json_object_get(root, "state");
    if (!json_is_string(s))
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "state: expected the encoded state as a string");
    enum clb_err rc = position_open(req->ctx, json_string_value(s),
                                    json_string_length(s), pos, err);
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

/* Reads the optional "format" ("v1" or "v2") into *format, which keeps its
 * value when the key is absent. */
static enum clb_err api_format(const json_t *root, enum link_format *format,
                               struct clb_error *err)
{
    const json_t *f = json_object_get(root, "format");
    if (f == NULL)
        return CLB_ERR_OK;
    const char *v = json_string_value(f);
    if (v != NULL && strcmp(v, "v1") == 0)
        *format = LINK_V1;
    else if (v != NULL && strcmp(v, "v2") == 0)
        *format = LINK_V2;
    else
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "format: expected \"v1\" or \"v2\"");
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

static json_t *api_tile(char tile)
{
    return tile == CORE_BLANK ? json_string("BLANK") : json_stringn(&tile, 1);
}

static json_t *api_rack(const struct core_rack *rack)
{
    json_t *a = json_array();
    for (int i = 0; a != NULL && i < rack->count && i < CLB_RACK_SIZE; i++)
        if (json_array_append_new(a, api_tile(rack->tiles[i])) != 0) {
            json_decref(a);
            return NULL;
        }
    return a;
}

/* A move's tiles in the API's move format: placements for a play, tile
 * names for an exchange. */
static json_t *api_move_tiles(const struct core_move *m)
{
    json_t *a = json_array();
    for (int i = 0; a != NULL && i < m->ntiles && i < CLB_RACK_SIZE; i++) {
        json_t *t;
        if (m->type == CORE_MOVE_PLAY) {
            const struct core_placement *p = &m->tiles[i];
            t = json_pack("{s:i, s:i, s:s#}", "row", p->row, "col", p->col,
                          "letter", &p->letter, (size_t)1);
            if (t != NULL && p->blank &&
                json_object_set_new(t, "blank", json_true()) != 0) {
                json_decref(t);
                t = NULL;
            }
        } else {
            t = api_tile(m->exchange[i]);
        }
        if (json_array_append_new(a, t) != 0) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

/* One move of the history: what the move's "result" says, plus its number
 * and player, the rack it was made from, its tiles and the running shared
 * score. */
static json_t *api_record(const struct core_move_record *rec, int number)
{
    json_t *o = json_object();
    json_t *result = api_result_object(&rec->result);
    int bad = o == NULL || result == NULL;
    bad |= json_object_set_new(o, "number", json_integer(number));
    bad |= json_object_set_new(
        o, "player", json_string(rec->player == CORE_P1 ? "P1" : "P2"));
    bad |= json_object_update(o, result);
    json_decref(result);
    bad |= json_object_set_new(o, "rack", api_rack(&rec->rack));
    if (rec->move.type != CORE_MOVE_PASS)
        bad |= json_object_set_new(o, "tiles", api_move_tiles(&rec->move));
    if (rec->move.type == CORE_MOVE_EXCHANGE)
        bad |=
            json_object_set_new(o, "exchanged", json_integer(rec->move.ntiles));
    bad |= json_object_set_new(o, "score", json_integer(rec->score));
    if (bad) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* {"start": ..., "wordList": ..., "moves": [...]}: where the game began,
 * the word list that judges it, and every move since. */
static json_t *api_history(const struct core_history *h)
{
    char fp[16];
    (void)snprintf(fp, sizeof fp, "%08lx",
                   (unsigned long)h->lexicon.fingerprint);
    json_t *start = h->start == CORE_START_SEED
                        ? json_pack("{s:s, s:I}", "type", "seed", "seed",
                                    (json_int_t)h->seed)
                        : json_pack("{s:s, s:i}", "type", "position", "score",
                                    h->first.score);
    json_t *list =
        json_pack("{s:s, s:s}", "name", h->lexicon.name, "fingerprint", fp);
    json_t *moves = json_array();
    json_t *o = json_object();
    int bad = start == NULL || list == NULL || moves == NULL || o == NULL;
    for (int i = 0; !bad && i < h->nmoves; i++)
        bad |= json_array_append_new(moves, api_record(&h->moves[i], i + 1));
    if (bad) {
        json_decref(start);
        json_decref(list);
        json_decref(moves);
        json_decref(o);
        return NULL;
    }
    bad |= json_object_set_new(o, "start", start);
    bad |= json_object_set_new(o, "wordList", list);
    bad |= json_object_set_new(o, "moves", moves);
    if (bad) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* Adds "state" (pos's link in `format`), "format", "game" (the decoded
 * position), "moveNumber" and "history". */
static enum clb_err api_put_position(json_t *obj, const struct position *pos,
                                     enum link_format format,
                                     struct clb_error *err)
{
    char s[API_STATE_CAP];
    size_t n = 0;
    if (position_write(pos, format, s, sizeof s, &n, err) != CLB_ERR_OK)
        return err->code;
    int bad = json_object_set_new(obj, "state", json_stringn(s, n));
    bad |= json_object_set_new(obj, "format",
                               json_string(format == LINK_V1 ? "v1" : "v2"));
    bad |= json_object_set_new(obj, "game", link_game_to_json(&pos->game));
    bad |= json_object_set_new(obj, "moveNumber",
                               json_integer(pos->history.nmoves));
    bad |= json_object_set_new(obj, "history", api_history(&pos->history));
    if (bad)
        return clb_error_set(err, CLB_ERR_INTERNAL, "out of memory");
    return CLB_ERR_OK;
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

/* Reads {"state": S, "move": M} for /move and /preview, and for /move
 * (format not NULL) an optional "format": the answer's format is the
 * state's own unless the request asks for the other. */
static enum clb_err api_state_and_move(const struct srv_request *req,
                                       struct position *pos,
                                       struct core_move *move,
                                       enum link_format *format,
                                       struct clb_error *err)
{
    static const char *const move_keys[] = {"state", "move", "format", NULL};
    static const char *const preview_keys[] = {"state", "move", NULL};
    json_t *root = api_body(req, false, err);
    if (root == NULL)
        return err->code;
    /* The request's own shape first (400 bad_request), then the state
     * (400 bad_state or unknown_lexicon): each error names one problem. */
    enum clb_err rc = api_only_keys(
        root, "body", format != NULL ? move_keys : preview_keys, err);
    if (rc == CLB_ERR_OK && json_object_get(root, "move") == NULL)
        rc = clb_error_set(err, CLB_ERR_BAD_REQUEST, "move: required");
    if (rc == CLB_ERR_OK)
        rc = api_move_from_json(json_object_get(root, "move"), move, err);
    enum link_format wanted = 0;
    if (rc == CLB_ERR_OK && format != NULL)
        rc = api_format(root, &wanted, err);
    if (rc == CLB_ERR_OK)
        rc = api_position(req, root, pos, err);
    json_decref(root);
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
    /* getrandom blocks only before the kernel's pool is first initialised
     * at boot; a short read cannot happen for 4 bytes. */
    ssize_t got;
    do
        got = getrandom(seed, sizeof *seed, 0);
    while (got < 0 && errno == EINTR);
    if (got != (ssize_t)sizeof *seed)
        return clb_error_set(err, CLB_ERR_INTERNAL, "no randomness");
    return CLB_ERR_OK;
}

/* POST /api/v1/games {"seed"?: "1..64 bytes", "lexicon"?: NAME,
 * "format"?: "v1"|"v2"} -> 201 */
static void api_games(const struct srv_request *req, struct srv_response *resp)
{
    static const char *const keys[] = {"seed", "lexicon", "format", NULL};
    struct clb_error err;
    clb_error_clear(&err);
    json_t *root = api_body(req, true, &err);
    json_t *out = NULL;
    enum link_format format = LINK_V2;
    uint32_t seed = 0;
    if (root == NULL || api_only_keys(root, "body", keys, &err) != CLB_ERR_OK ||
        api_format(root, &format, &err) != CLB_ERR_OK ||
        api_seed(json_object_get(root, "seed"), &seed, &err) != CLB_ERR_OK)
        goto done;

    /* No "lexicon" is the server's default; a name must be one this server
     * loaded, so the first move cannot fail on it. */
    int lexicon = 0;
    const json_t *jl = json_object_get(root, "lexicon");
    if (jl != NULL) {
        if (!json_is_string(jl)) {
            clb_error_set(&err, CLB_ERR_BAD_REQUEST,
                          "lexicon: expected a lexicon name");
            goto done;
        }
        lexicon = -1;
        for (int i = 0; i < req->ctx->nlexicons; i++)
            if (strcmp(req->ctx->lexicon_names[i], json_string_value(jl)) == 0)
                lexicon = i;
        if (lexicon < 0) {
            clb_error_set(&err, CLB_ERR_UNKNOWN_LEXICON,
                          "lexicon: not loaded on this server");
            goto done;
        }
    }

    struct position pos;
    position_new(req->ctx, lexicon, seed, &pos);
    out = json_object();
    if (out != NULL)
        (void)api_put_position(out, &pos, format, &err);

done:
    json_decref(root);
    api_finish(resp, 201, out, &err);
}

/* POST /api/v1/move {"state": S, "move": M, "format"?} -> 200 {state,
 * format, game, moveNumber, history, result} */
static void api_move(const struct srv_request *req, struct srv_response *resp)
{
    struct clb_error err;
    clb_error_clear(&err);
    struct position pos;
    struct core_move move;
    struct core_move_result result;
    enum link_format format = LINK_V2;
    json_t *out = NULL;
    if (api_state_and_move(req, &pos, &move, &format, &err) != CLB_ERR_OK ||
        position_play(&pos, &move, &result, &err) != CLB_ERR_OK)
        goto done;
    out = json_object();
    if (out == NULL || api_put_position(out, &pos, format, &err) != CLB_ERR_OK)
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
    struct position pos;
    struct core_move move;
    struct core_move_result result;
    json_t *out = NULL;
    if (api_state_and_move(req, &pos, &move, NULL, &err) != CLB_ERR_OK)
        goto done;
    struct core_lexicon lex = dict_lexicon(pos.dict);
    out = json_object();
    if (out == NULL)
        goto done;
    struct clb_error play_err;
    clb_error_clear(&play_err);
    enum clb_err rc =
        core_move_check(&pos.game, &move, &lex, &result, &play_err);
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

/* Reads a body of only the `keys` (NULL-terminated; "state" required) and
 * opens its state. Returns the body (the caller frees it), or NULL with
 * the error set. */
static json_t *api_state_only(const struct srv_request *req,
                              const char *const *keys, struct position *pos,
                              struct clb_error *err)
{
    json_t *root = api_body(req, false, err);
    if (root != NULL && (api_only_keys(root, "body", keys, err) != CLB_ERR_OK ||
                         api_position(req, root, pos, err) != CLB_ERR_OK)) {
        json_decref(root);
        return NULL;
    }
    return root;
}

/* POST /api/v1/decode {"state": S, "format"?} -> 200 {state, format, game,
 * moveNumber, history} */
static void api_decode(const struct srv_request *req, struct srv_response *resp)
{
    static const char *const keys[] = {"state", "format", NULL};
    struct clb_error err;
    clb_error_clear(&err);
    struct position pos;
    json_t *out = NULL;
    json_t *root = api_state_only(req, keys, &pos, &err);
    if (root != NULL) {
        enum link_format format = pos.format;
        if (api_format(root, &format, &err) == CLB_ERR_OK &&
            (out = json_object()) != NULL)
            (void)api_put_position(out, &pos, format, &err);
    }
    json_decref(root);
    api_finish(resp, 200, out, &err);
}

/* POST /api/v1/gcg {"state": S} -> 200 {"gcg": TEXT, "filename": NAME} */
static void api_gcg(const struct srv_request *req, struct srv_response *resp)
{
    static const char *const keys[] = {"state", NULL};
    struct clb_error err;
    clb_error_clear(&err);
    struct position pos;
    json_t *out = NULL;
    json_t *root = api_state_only(req, keys, &pos, &err);
    json_decref(root);
    if (root == NULL)
        goto done;
    struct html_buf text;
    char mem[8192];
    html_init(&text, mem, sizeof mem, CLB_MAX_RESPONSE_BYTES);
    gcg_write(&text, &pos);
    char name[64];
    gcg_filename(&pos, name, sizeof name);
    if (text.overflow)
        clb_error_set(&err, CLB_ERR_INTERNAL, "the game is too long to write");
    else
        out =
            json_pack("{s:s#, s:s}", "gcg", text.p, text.len, "filename", name);
    html_free(&text);
done:
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
    struct position pos;
    json_t *out = NULL;
    json_t *root = api_state_only(req, keys, &pos, &err);
    if (root == NULL)
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
    const struct core_game *game = &pos.game;
    if (game->game_over) {
        clb_error_set(&err, CLB_ERR_GAME_OVER, "a finished game has no plays");
        goto done;
    }
    struct core_lexicon lex = dict_lexicon(pos.dict);
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])game->board,
                      lex.graph);
    struct core_play top[CLB_MAX_PLAYS_LISTED];
    size_t total =
        core_movegen_top(&mg, &game->hands[game->turn], top, (size_t)limit);
    size_t shown = total < (size_t)limit ? total : (size_t)limit;
    json_t *plays = json_array();
    for (size_t i = 0; plays != NULL && i < shown; i++) {
        json_t *p = api_play_object(game, &top[i], &lex, &err);
        if (json_array_append_new(plays, p) != 0) {
            json_decref(plays);
            plays = NULL;
        }
    }
    if (err.code == CLB_ERR_OK)
        out = json_pack("{s:s, s:I, s:o}", "player",
                        game->turn == CORE_P1 ? "P1" : "P2", "total",
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
    {"/api/v1/gcg", api_gcg},
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
