/* tests/server/test_refusals.c - refusal paths of server/ that a unit test
 * reaches more directly than HTTP: every refusal of the JSON move reader
 * (move_json_tree, the slow path behind the in-place reader) and
 * position_write's short buffer and finished classic game. Each case names
 * the exact code and detail. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../server/move_json.h"
#include "../../server/encoding.h"
#include "../../server/html.h"
#include "../../server/json_in.h"
#include "../../server/link.h"
#include "../../server/position.h"
#include "../../tools/link_tree.h"
#include "test_support.h"

/* ---- move_json_tree ------------------------------------------------ */

static void expect_move_refused(const char *json, const char *detail)
{
    json_error_t jerr;
    json_t *m = json_loads(json, JSON_DECODE_ANY, &jerr);
    cr_assert_not_null(m, "%s: %s", json, jerr.text);
    struct core_move move;
    struct clb_error err;
    clb_error_clear(&err);
    cr_assert_eq(move_json_tree(m, &move, &err), CLB_ERR_BAD_REQUEST,
                 "%s accepted", json);
    cr_assert_str_eq(err.detail, detail, "%s", json);
    json_decref(m);
}

Test(server_refusals, every_refusal_of_a_json_move)
{
    const struct {
        const char *json, *detail;
    } cases[] = {
        {"[]", "move: expected an object, got an array"},
        {"{}",
         "move.type: expected \"play\", \"exchange\", \"pass\" or \"helper\""},
        {"{\"type\":7}",
         "move.type: expected \"play\", \"exchange\", \"pass\" or \"helper\""},
        {"{\"type\":\"resign\"}",
         "move.type: expected \"play\", \"exchange\", \"pass\" or \"helper\""},
        {"{\"type\":\"pass\",\"tiles\":[]}", "move: unknown key \"tiles\""},
        {"{\"type\":\"helper\"}",
         "move.helper: expected \"newGoals\", \"swap\" or \"peek\""},
        {"{\"type\":\"helper\",\"helper\":\"undo\"}",
         "move.helper: expected \"newGoals\", \"swap\" or \"peek\""},
        {"{\"type\":\"helper\",\"helper\":\"peek\",\"give\":\"A\"}",
         "move: unknown key \"give\""},
        {"{\"type\":\"helper\",\"helper\":\"swap\",\"give\":\"AB\","
         "\"take\":\"E\"}",
         "move.give: expected a letter A-Z or \"BLANK\""},
        {"{\"type\":\"helper\",\"helper\":\"swap\",\"give\":\"A\"}",
         "move.take: expected a letter A-Z or \"BLANK\""},
        {"{\"type\":\"helper\",\"helper\":\"swap\",\"give\":\"A\","
         "\"take\":\"E\",\"also\":1}",
         "move: unknown key \"also\""},
        {"{\"type\":\"play\",\"tile\":[]}", "move: unknown key \"tile\""},
        {"{\"type\":\"play\",\"tiles\":{}}", "move.tiles: expected an array"},
        {"{\"type\":\"play\",\"tiles\":[1]}",
         "move.tiles[0]: expected an object, got an integer"},
        {"{\"type\":\"play\",\"tiles\":[{\"row\":7,\"col\":7,\"letter\":\"A\","
         "\"why\":1}]}",
         "move.tiles[0]: unknown key \"why\""},
        {"{\"type\":\"play\",\"tiles\":[{\"row\":\"7\",\"col\":7,"
         "\"letter\":\"A\"}]}",
         "move.tiles[0].row: expected an integer"},
        {"{\"type\":\"play\",\"tiles\":[{\"row\":7,\"col\":7.5,"
         "\"letter\":\"A\"}]}",
         "move.tiles[0].col: expected an integer"},
        {"{\"type\":\"play\",\"tiles\":[{\"row\":7,\"col\":7,"
         "\"letter\":\"AB\"}]}",
         "move.tiles[0].letter: expected one letter A-Z"},
        {"{\"type\":\"play\",\"tiles\":[{\"row\":7,\"col\":7,"
         "\"letter\":\"1\"}]}",
         "move.tiles[0].letter: expected one letter A-Z"},
        {"{\"type\":\"play\",\"tiles\":[{\"row\":7,\"col\":7,"
         "\"letter\":65}]}",
         "move.tiles[0].letter: expected one letter A-Z"},
        {"{\"type\":\"play\",\"tiles\":[{\"row\":7,\"col\":7,"
         "\"letter\":\"A\",\"blank\":1}]}",
         "move.tiles[0].blank: expected true or false"},
        {"{\"type\":\"exchange\",\"tiles\":[\"A\",\"blank\"]}",
         "move.tiles[1]: expected a letter A-Z or \"BLANK\""},
        {"{\"type\":\"exchange\",\"tiles\":[null]}",
         "move.tiles[0]: expected a letter A-Z or \"BLANK\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_move_refused(cases[i].json, cases[i].detail);
}

Test(server_refusals, what_a_json_move_accepts)
{
    /* The accepting side of the same checks, so the cases above fail for
     * their own reason: lower-case letters, a blank, the board's edges. */
    json_error_t jerr;
    json_t *m = json_loads(
        "{\"type\":\"play\",\"tiles\":[{\"row\":7,\"col\":14,\"letter\":\"q\","
        "\"blank\":true},{\"row\":0,\"col\":0,\"letter\":\"Z\"}]}",
        0, &jerr);
    cr_assert_not_null(m);
    struct core_move move;
    struct clb_error err;
    cr_assert_eq(move_json_tree(m, &move, &err), CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(move.type, CORE_MOVE_PLAY);
    cr_assert_eq(move.ntiles, 2);
    cr_assert_eq(move.tiles[0].letter, 'Q');
    cr_assert(move.tiles[0].blank);
    cr_assert_eq(move.tiles[0].col, 14);
    cr_assert_eq(move.tiles[1].row, 0);
    cr_assert_eq(move.tiles[1].col, 0);
    cr_assert(!move.tiles[1].blank);
    json_decref(m);
    /* A square off the board is refused by the reader, with the value as
     * sent and no cell (docs/API.md). */
    m = json_loads("{\"type\":\"play\",\"tiles\":[{\"row\":7,\"col\":99,"
                   "\"letter\":\"q\"}]}",
                   0, &jerr);
    clb_error_clear(&err);
    cr_assert_eq(move_json_tree(m, &move, &err), CLB_ERR_OUT_OF_BOUNDS);
    cr_assert_str_eq(err.detail, "move.tiles[0].col: 99 is off the board "
                                 "(rows and columns are 0 to 14)");
    cr_assert_eq(err.ncells, 0);
    json_decref(m);
    m = json_loads("{\"type\":\"exchange\",\"tiles\":[\"BLANK\",\"e\"]}", 0,
                   &jerr);
    cr_assert_eq(move_json_tree(m, &move, &err), CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(move.type, CORE_MOVE_EXCHANGE);
    cr_assert_eq(move.ntiles, 2);
    cr_assert_eq(move.exchange[0], CORE_BLANK);
    cr_assert_eq(move.exchange[1], 'E');
    json_decref(m);
}

/* ---- position_write ---------------------------------------------------- */

/* A classic position (CAT at the centre), never played on: no v2 link yet. */
static void classic(struct position *pos)
{
    memset(pos, 0, sizeof *pos);
    struct core_game g;
    ts_game(&g, "DOGSEAR", "BIRDLEG");
    strcpy(g.game_id, "refusals");
    ts_board_word(&g, 7, 6, true, "CAT");
    g.score = 10;
    g.moves = 1;
    struct core_lexicon_id id = {CORE_LEXICON_BUILTIN_FINGERPRINT,
                                 CORE_LEXICON_BUILTIN_NAME, NULL};
    struct clb_error err;
    cr_assert_eq(core_history_from_position(&pos->history, &g, &id, &err),
                 CLB_ERR_OK, "%s", err.detail);
    pos->game = pos->history.first;
    pos->format = LINK_V1;
}

Test(server_refusals, a_link_that_does_not_fit_is_an_internal_error)
{
    struct position *pos = malloc(sizeof *pos);
    cr_assert_not_null(pos);
    classic(pos);
    char out[CLB_MAX_ENCODED_STATE + 1];
    size_t len = 0;
    struct clb_error err;
    /* The whole link fits: its length is what the short buffers miss. */
    cr_assert_eq(position_write(pos, LINK_V2, out, sizeof out, &len, &err),
                 CLB_ERR_OK, "%s", err.detail);
    size_t v2 = len;
    cr_assert_gt(v2, 10);
    cr_assert_eq(position_write(pos, LINK_V2, out, v2, &len, &err),
                 CLB_ERR_INTERNAL);
    char want[64];
    (void)snprintf(want, sizeof want, "the link does not fit in %zu bytes", v2);
    cr_assert_str_eq(err.detail, want);
    cr_assert_eq(position_write(pos, LINK_V2, out, v2 + 1, &len, &err),
                 CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(len, v2);
    /* The classic format's writer refuses a short buffer the same way. */
    cr_assert_eq(position_write(pos, LINK_V1, out, sizeof out, &len, &err),
                 CLB_ERR_OK, "%s", err.detail);
    size_t v1 = len;
    cr_assert_eq(position_write(pos, LINK_V1, out, v1, &len, &err),
                 CLB_ERR_INTERNAL);
    cr_assert_neq(err.detail[0], '\0');
    free(pos);
}

Test(server_refusals, a_finished_classic_game_has_only_its_classic_link)
{
    struct position *pos = malloc(sizeof *pos);
    cr_assert_not_null(pos);
    classic(pos);
    pos->game.game_over = true;
    char out[CLB_MAX_ENCODED_STATE + 1];
    size_t len;
    struct clb_error err;
    cr_assert_eq(position_write(pos, LINK_V2, out, sizeof out, &len, &err),
                 CLB_ERR_BAD_STATE);
    cr_assert_str_eq(err.detail, "a finished game from a classic link has "
                                 "only its classic link");
    free(pos);
}

/* ---- move_json_text: the in-place reader and jansson agree -------------- */

/* move_json_text takes the in-place reader's answer when it reads the text
 * and jansson's (move_json_tree) otherwise; either way the answer must
 * be jansson's. Each text below leaves the in-place reader at a different
 * point; `detail` is the answer ("" for a move read). */
Test(server_refusals, the_in_place_move_reader_agrees_with_jansson)
{
    const struct {
        const char *text, *detail;
    } cases[] = {
        {"{\"type\":\"pass\"}", ""},
        {"{\"type\":\"pass\",\"x\":1}", "move: unknown key \"x\""},
        {"{\"tiles\":[],\"type\":\"pass\"}", "move: unknown key \"tiles\""},
        {"{\"type\":1}",
         "move.type: expected \"play\", \"exchange\", \"pass\" or \"helper\""},
        {"{\"type\":\"swap\",\"tiles\":[]}",
         "move.type: expected \"play\", \"exchange\", \"pass\" or \"helper\""},
        {"{\"type\":\"play\"}", "move.tiles: expected an array"},
        {"{\"type\":\"play\",\"tiles\":5}", "move.tiles: expected an array"},
        {"{\"type\":\"play\",\"tiles\":[]}", ""},
        {"{\"type\":\"play\",\"tiles\":[{\"row\":7,\"col\":7,\"letter\":\"q\","
         "\"blank\":true}]}",
         ""},
        {"{\"type\":\"play\",\"tiles\":[{\"letter\":\"Q\",\"col\":99,"
         "\"row\":-99}]}",
         "move.tiles[0].row: -99 is off the board (rows and columns are 0 to "
         "14)"},
        {"{\"type\":\"play\",\"tiles\":[{\"row\":7,\"row\":8,\"col\":7,"
         "\"letter\":\"A\"}]}",
         "move: not valid JSON (line 1, column 38: duplicate object key near "
         "'\"row\"')"},
        {"{\"type\":\"play\",\"tiles\":[{\"row\":7,\"col\":7}]}",
         "move.tiles[0].letter: expected one letter A-Z"},
        {"{\"type\":\"play\",\"tiles\":[{\"row\":7,\"col\":7,\"letter\":\"\"}]"
         "}",
         "move.tiles[0].letter: expected one letter A-Z"},
        {"{\"type\":\"play\",\"tiles\":[{\"row\":7,\"col\":7,\"letter\":\"#\"}]"
         "}",
         "move.tiles[0].letter: expected one letter A-Z"},
        {"{\"type\":\"play\",\"tiles\":[{\"row\":true,\"col\":7,"
         "\"letter\":\"A\"}]}",
         "move.tiles[0].row: expected an integer"},
        {"{\"type\":\"play\",\"tiles\":[{\"row\":7,\"col\":7,\"letter\":\"A\","
         "\"blank\":\"no\"}]}",
         "move.tiles[0].blank: expected true or false"},
        {"{\"type\":\"play\",\"tiles\":[{\"row\":7,\"col\":7,\"letter\":\"A\","
         "\"note\":1}]}",
         "move.tiles[0]: unknown key \"note\""},
        {"{\"type\":\"play\",\"tiles\":[[]]}",
         "move.tiles[0]: expected an object, got an array"},
        {"{\"type\":\"exchange\",\"tiles\":[\"BLANK\",\"q\",\"Z\"]}", ""},
        {"{\"type\":\"exchange\",\"tiles\":[\"QU\"]}",
         "move.tiles[0]: expected a letter A-Z or \"BLANK\""},
        {"{\"type\":\"exchange\",\"tiles\":[\"%\"]}",
         "move.tiles[0]: expected a letter A-Z or \"BLANK\""},
        {"{\"type\":\"exchange\",\"tiles\":[3]}",
         "move.tiles[0]: expected a letter A-Z or \"BLANK\""},
        {"{\"type\":\"exchange\",\"tiles\":[\"A\"],\"more\":0}",
         "move: unknown key \"more\""},
        {"[\"type\",\"pass\"]", "move: expected an object, got an array"},
        {"{\"type\":\"pass\"} x",
         "move: not valid JSON (line 1, column 17: end of file expected near "
         "'x')"},
        {"", "move: expected an object, got nothing"},
        {" \n", "move: expected an object, got nothing"},
        {"\"pass\"", "move: expected an object, got a string"},
        {"{\"type\":\"pass\",\"x\":\"a\\u0000\"}",
         "move: a string holds \\u0000 (line 1, column 28); no text of the API "
         "may contain a NUL character"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *text = cases[i].text;
        struct core_move fast, slow;
        struct clb_error err, jerr_move;
        clb_error_clear(&err);
        enum clb_err rc = move_json_text(text, strlen(text), &fast, &err);
        if (cases[i].detail[0] == '\0')
            cr_assert_eq(rc, CLB_ERR_OK, "%s: %s", text, err.detail);
        else
            cr_assert_str_eq(err.detail, cases[i].detail, "%s", text);
        json_error_t jerr;
        json_t *m = json_loads(text, JSON_REJECT_DUPLICATES, &jerr);
        if (m == NULL) {
            cr_assert_eq(rc, CLB_ERR_BAD_REQUEST, "%s", text);
            continue;
        }
        clb_error_clear(&jerr_move);
        cr_assert_eq(move_json_tree(m, &slow, &jerr_move), rc, "%s", text);
        json_decref(m);
        if (rc == CLB_ERR_OK)
            cr_assert_eq(memcmp(&fast, &slow, sizeof fast), 0, "%s", text);
        else
            cr_assert_str_eq(err.detail, jerr_move.detail, "%s", text);
    }
}

Test(server_refusals, a_play_of_eight_tiles_is_refused)
{
    /* The in-place reader stops at seven tiles; jansson reads on, and
     * move_json_tree refuses the eighth. */
    char text[1024] = "{\"type\":\"play\",\"tiles\":[";
    for (int i = 0; i < 8; i++)
        (void)snprintf(text + strlen(text), sizeof text - strlen(text),
                       "%s{\"row\":7,\"col\":%d,\"letter\":\"A\"}",
                       i ? "," : "", i);
    strcat(text, "]}");
    struct core_move move;
    struct clb_error err;
    cr_assert_eq(move_json_text(text, strlen(text), &move, &err),
                 CLB_ERR_BAD_REQUEST);
    cr_assert_str_eq(err.detail, "move.tiles: at most 7 tiles");
}

/* The move is read by srv_json_parse as a body or a state is: nesting is
 * refused before jansson recurses into it, and a text over
 * CLB_MAX_MOVE_JSON before anything reads it. */
Test(server_refusals, a_move_nested_too_deep_or_too_long_is_refused)
{
    char deep[64] = "{\"type\":\"pass\",\"x\":";
    for (int i = 0; i < CLB_MAX_JSON_DEPTH; i++)
        strcat(deep, "[");
    for (int i = 0; i < CLB_MAX_JSON_DEPTH; i++)
        strcat(deep, "]");
    strcat(deep, "}");
    struct core_move move;
    struct clb_error err;
    clb_error_clear(&err);
    cr_assert_eq(move_json_text(deep, strlen(deep), &move, &err),
                 CLB_ERR_BAD_REQUEST);
    cr_assert_str_eq(err.detail, "move: JSON nested deeper than 8 levels");

    static char text[CLB_MAX_MOVE_JSON + 2];
    memset(text, ' ', sizeof text);
    memcpy(text, "{\"type\":\"pass\"}", 15);
    clb_error_clear(&err);
    cr_assert_eq(move_json_text(text, CLB_MAX_MOVE_JSON, &move, &err),
                 CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(move_json_text(text, CLB_MAX_MOVE_JSON + 1, &move, &err),
                 CLB_ERR_TOO_LARGE);
    cr_assert_str_eq(err.detail, "move: 2049 bytes of JSON, at most 2048 "
                                 "allowed");
}

/* ---- Accept-Encoding elements that do not parse ------------------------ */

Test(server_refusals, malformed_accept_encoding_elements_count_for_nothing)
{
    const unsigned all =
        SRV_CODING_BIT(SRV_CODING_GZIP) | SRV_CODING_BIT(SRV_CODING_BROTLI);
    const struct {
        const char *accept;
        enum srv_coding want;
    } cases[] = {
        /* Each refused element leaves identity; the same element well
         * formed (the next line) is taken. */
        {"gzip x", SRV_CODING_IDENTITY},
        {"gzip", SRV_CODING_GZIP},
        {"gzip;", SRV_CODING_IDENTITY},
        {"gzip; ", SRV_CODING_IDENTITY},
        {"gzip;q", SRV_CODING_IDENTITY},
        {"gzip;q ", SRV_CODING_IDENTITY},
        {"gzip;q=0.12345", SRV_CODING_IDENTITY},
        {"gzip;q=0.123", SRV_CODING_GZIP},
        {"gzip;q=0.1x", SRV_CODING_IDENTITY},
        {"gzip;Q=1", SRV_CODING_GZIP},
        /* Only the first "*" counts. */
        {"*;q=0, *", SRV_CODING_IDENTITY},
        {"*, *;q=0", SRV_CODING_BROTLI},
        {";q=1", SRV_CODING_IDENTITY},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        cr_expect_eq(srv_coding_choose(cases[i].accept, all), cases[i].want,
                     "\"%s\": got %d", cases[i].accept,
                     (int)srv_coding_choose(cases[i].accept, all));
}

/* ---- the classic link's fast reader against jansson -------------------- */

/* Both readers of schema-v1 JSON on one text: the same code, detail and
 * game. Returns the code. */
static enum clb_err both_readers(const char *text)
{
    struct core_game fast, slow;
    struct clb_error ef, es;
    memset(&fast, 0, sizeof fast);
    memset(&slow, 0, sizeof slow);
    enum clb_err rf = link_decode_json(text, strlen(text), &fast, &ef);
    enum clb_err rs =
        link_decode_json_reference(text, strlen(text), &slow, &es);
    cr_assert_eq(rf, rs, "%s: %s / %s", text, ef.detail, es.detail);
    if (rf == CLB_ERR_OK)
        cr_assert_eq(memcmp(&fast, &slow, sizeof fast), 0, "%s", text);
    else
        cr_assert_str_eq(ef.detail, es.detail, "%s", text);
    return rf;
}

/* text with `add` inserted right after the first `after`. */
static char *insert_after(const char *text, const char *after, const char *add)
{
    const char *at = strstr(text, after);
    cr_assert_not_null(at, "no %s in %s", after, text);
    at += strlen(after);
    size_t n = strlen(text) + strlen(add) + 1;
    char *out = malloc(n);
    cr_assert_not_null(out);
    (void)snprintf(out, n, "%.*s%s%s", (int)(at - text), text, add, at);
    return out;
}

static char *state_json(const struct core_game *g)
{
    json_t *o = link_game_to_json(g);
    cr_assert_not_null(o);
    char *text = json_dumps(o, JSON_COMPACT);
    json_decref(o);
    cr_assert_not_null(text);
    return text;
}

Test(server_refusals, the_fast_v1_reader_agrees_with_jansson_on_repeated_keys)
{
    struct core_game g;
    ts_game(&g, "DOGSEAR", "BIRDLEG");
    strcpy(g.game_id, "fastslow");
    ts_board_word(&g, 7, 6, true, "CAT");
    g.has_last_move = true;
    g.last_move.type = CORE_MOVE_PLAY;
    g.last_move.ncells = 3;
    for (int i = 0; i < 3; i++) {
        g.last_move.cells[i].row = 7;
        g.last_move.cells[i].col = 6 + i;
    }
    g.last_move.nwords = 1;
    strcpy(g.last_move.words[0], "CAT");
    g.last_move.points = 10;
    g.score = 10;
    char *base = state_json(&g);
    cr_assert_eq(both_readers(base), CLB_ERR_OK);
    /* Each repeats a key (or adds an unknown one) but "type": a play's
     * last move is written without it, so "play" is the same move. */
    const struct {
        const char *add;
        enum clb_err want;
    } last_move[] = {
        {"\"cells\":[],", CLB_ERR_BAD_STATE},
        {"\"words\":[],", CLB_ERR_BAD_STATE},
        {"\"points\":0,", CLB_ERR_BAD_STATE},
        {"\"type\":\"play\",", CLB_ERR_OK},
        {"\"type\":\"play\",\"type\":\"play\",", CLB_ERR_BAD_STATE},
        {"\"exchanged\":1,", CLB_ERR_BAD_STATE},
        {"\"exchanged\":1,\"exchanged\":1,", CLB_ERR_BAD_STATE},
        {"\"why\":1,", CLB_ERR_BAD_STATE},
    };
    for (size_t i = 0; i < sizeof last_move / sizeof last_move[0]; i++) {
        char *t = insert_after(base, "\"lastMove\":{", last_move[i].add);
        cr_assert_eq(both_readers(t), last_move[i].want, "%s", t);
        free(t);
    }
    const char *const hands[] = {"\"P1\":[],", "\"P2\":[],", "\"P3\":[],"};
    for (size_t i = 0; i < sizeof hands / sizeof hands[0]; i++) {
        char *t = insert_after(base, "\"hands\":{", hands[i]);
        cr_assert_eq(both_readers(t), CLB_ERR_BAD_STATE, "%s", t);
        free(t);
    }
    /* A pass and an exchange as the last move, read by both. */
    for (int type = CORE_MOVE_EXCHANGE; type <= CORE_MOVE_PASS; type++) {
        struct core_game h = g;
        memset(&h.last_move, 0, sizeof h.last_move);
        h.last_move.type = (enum core_move_type)type;
        h.last_move.exchanged = type == CORE_MOVE_EXCHANGE ? 4 : 0;
        char *t = state_json(&h);
        cr_assert_eq(both_readers(t), CLB_ERR_OK, "%s", t);
        free(t);
    }
    free(base);

    /* A finished game and its "ending". */
    g.game_over = true;
    g.consecutive_passes = 2;
    g.end = CORE_END_PASSES;
    g.end_adjustment = 3;
    base = state_json(&g);
    cr_assert_neq(strstr(base, "\"ending\":{"), NULL, "%s", base);
    cr_assert_eq(both_readers(base), CLB_ERR_OK);
    const char *const ending[] = {"\"reason\":\"out\",", "\"adjustment\":0,",
                                  "\"why\":1,"};
    for (size_t i = 0; i < sizeof ending / sizeof ending[0]; i++) {
        char *t = insert_after(base, "\"ending\":{", ending[i]);
        cr_assert_eq(both_readers(t), CLB_ERR_BAD_STATE, "%s", t);
        free(t);
    }
    for (int end = CORE_END_PASSES; end <= CORE_END_BLOCKED; end++) {
        struct core_game h = g;
        h.end = (enum core_end)end;
        char *t = state_json(&h);
        both_readers(t);
        free(t);
    }
    free(base);
}

/* ---- the in-place JSON reader's refusals ------------------------------- */

Test(server_refusals, the_in_place_json_reader_fails_where_it_must)
{
    struct jin j;
    struct clb_str s;
    long long v;
    bool b;
    /* Every kind of blank between tokens. */
    const char *spaced = " \r\n\t{ \"a\" :\t[ 1 ,\r\n-2 ] }\r\n";
    jin_init(&j, spaced, strlen(spaced));
    cr_assert(jin_object(&j) && jin_key(&j, &s) && jin_is(s, "a"));
    cr_assert(jin_array(&j) && jin_item(&j) && jin_int(&j, &v) && v == 1);
    cr_assert(jin_item(&j) && jin_int(&j, &v) && v == -2);
    cr_assert(!jin_item(&j) && !j.failed);
    cr_assert(!jin_key(&j, &s) && !j.failed);
    cr_assert(jin_end(&j));
    /* Nested past CLB_MAX_JSON_DEPTH. */
    char deep[CLB_MAX_JSON_DEPTH + 2];
    memset(deep, '[', sizeof deep - 1);
    deep[sizeof deep - 1] = '\0';
    jin_init(&j, deep, strlen(deep));
    int opened = 0;
    while (jin_array(&j))
        opened++;
    cr_assert_eq(opened, CLB_MAX_JSON_DEPTH);
    cr_assert(j.failed);
    /* A member asked for outside any container, an end inside one. */
    jin_init(&j, "{}", 2);
    cr_assert(!jin_item(&j) && j.failed);
    jin_init(&j, "{", 1);
    cr_assert(jin_object(&j) && !jin_end(&j));
    /* Numbers the slow path must read: a fraction, an exponent, a leading
     * zero, 18 digits, no digits. */
    const char *const numbers[] = {
        "1.5", "1e3", "2E1", "01", "-", "123456789012345678", "x"};
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
        jin_init(&j, numbers[i], strlen(numbers[i]));
        cr_assert(!jin_int(&j, &v), "%s", numbers[i]);
    }
    jin_init(&j, "0", 1);
    cr_assert(jin_int(&j, &v) && v == 0 && jin_end(&j));
    /* Literals, cut or misspelt; null looked at without taking it. */
    jin_init(&j, "nul", 3);
    cr_assert(!jin_peek_null(&j) && !jin_null(&j));
    jin_init(&j, " null", 5);
    cr_assert(jin_peek_null(&j) && jin_null(&j) && jin_end(&j));
    jin_init(&j, "tru", 3);
    cr_assert(!jin_bool(&j, &b));
    cr_assert(!jin_peek_null(&j), "nothing reads after a failure");
    jin_init(&j, "false", 5);
    cr_assert(jin_bool(&j, &b) && !b);
    /* Strings: an escape, a control byte, no closing quote. */
    const char *const strings[] = {"\"a\\n\"", "\"a\tb\"", "\"open", "x"};
    for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++) {
        jin_init(&j, strings[i], strlen(strings[i]));
        cr_assert(!jin_string(&j, &s), "%s", strings[i]);
    }
    /* A key without its colon; a missing comma. */
    jin_init(&j, "{\"a\" 1}", 7);
    cr_assert(jin_object(&j) && !jin_key(&j, &s) && j.failed);
    jin_init(&j, "[1 2]", 5);
    cr_assert(jin_array(&j) && jin_item(&j) && jin_int(&j, &v));
    cr_assert(!jin_item(&j) && j.failed);
    /* A character array: compact, spaced, of the wrong length or kind. */
    char out[3];
    jin_init(&j, "[\"A\",\"B\",\"C\"]", 13);
    cr_assert(jin_char_array(&j, out, 3) && memcmp(out, "ABC", 3) == 0);
    jin_init(&j, "[ \"A\", \"B\", \"C\" ]", 17);
    cr_assert(jin_char_array(&j, out, 3) && memcmp(out, "ABC", 3) == 0);
    const char *const arrays[] = {"[\"A\",\"B\"]", "[\"A\",\"B\",\"C\",\"D\"]",
                                  "[\"A\",\"BB\",\"C\"]", "[\"A\",1,\"C\"]"};
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; i++) {
        jin_init(&j, arrays[i], strlen(arrays[i]));
        cr_assert(!jin_char_array(&j, out, 3), "%s", arrays[i]);
    }
    jin_init(&j, "[]", 2);
    cr_assert(!jin_char_array(&j, out, 0));
}

/* ---- the page buffer's limits ------------------------------------------ */

Test(server_refusals, the_page_buffer_refuses_past_its_limit)
{
    /* No memory at all: nothing is ever written. */
    struct out_buf none;
    out_init(&none, NULL, 0, 100);
    cr_assert(none.overflow);
    out_raw(&none, "x");
    cr_assert_eq(none.len, 0);
    out_reset(&none);
    cr_assert(none.overflow);
    out_free(&none);

    /* 8 bytes of its own, 64 at most: the stack, then the heap, doubled,
     * then full. */
    char mem[8];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, 64);
    out_raw(&b, "abcdef");
    cr_assert(!b.heap);
    out_raw(&b, "ghij");
    cr_assert(b.heap);
    cr_assert_str_eq(b.p, "abcdefghij");
    out_int(&b, -2147483647 - 1);
    out_int(&b, 100);
    out_int(&b, 7);
    cr_assert_str_eq(b.p, "abcdefghij-21474836481007");
    out_rawf(&b, "%s", "0123456789012345678901234567890123456789");
    cr_assert(b.overflow, "past 64 bytes");
    cr_assert_str_eq(b.p, "abcdefghij-21474836481007");
    out_raw(&b, "z");
    cr_assert_str_eq(b.p, "abcdefghij-21474836481007", "sticky");
    cr_assert(!out_grow(&b, 1));
    /* A length that would wrap size_t cannot fake room. */
    out_reset(&b);
    cr_assert(!b.overflow);
    cr_assert(!out_grow(&b, SIZE_MAX));
    cr_assert(b.overflow);
    out_reset(&b);
    out_rawf(&b, "%d-%s", 42, "ok");
    cr_assert_str_eq(b.p, "42-ok");
    out_free(&b);
    cr_assert(!b.heap);
    cr_assert_eq(b.p, mem);
}
