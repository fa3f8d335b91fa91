/* tests/server/test_link_v1.c - the classic turn-link codec (server/link_v1.c):
 * round trips, links made by the reference JavaScript, the bad-state corpus in
 * tests/data/bad_states (NAME.json + NAME.expect), tile conservation, the
 * size bounds and garbage. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/lzstring.h"
#include "../../server/json_out.h"
#include "../../server/link.h"
#include "../../tools/link_tree.h"
#include "test_support.h"

#ifndef CLB_TEST_DATA_DIR
#error "CLB_TEST_DATA_DIR must point at tests/data"
#endif

/* Room for any real link (they are ~600 bytes) and then some. */
#define LINK_CAP 8192

/* --- helpers ------------------------------------------------------------- */

static char *read_data(const char *name, size_t *len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", CLB_TEST_DATA_DIR, name);
    return ts_read_file(path, len);
}

/* A link file holds one line: drop the newline. */
static char *read_link(const char *name, size_t *len)
{
    char *s = read_data(name, len);
    while (*len > 0 && (s[*len - 1] == '\n' || s[*len - 1] == '\r'))
        s[--*len] = '\0';
    return s;
}

/* Compresses arbitrary UTF-8 text exactly as the JavaScript would
 * (LZString.compressToBase64), to feed link_decode what a hostile or
 * broken page could send. */
static size_t compress_text(const char *text, size_t len, char *out, size_t cap)
{
    uint16_t *units = malloc((len + 1) * sizeof *units);
    cr_assert_not_null(units);
    size_t n = 0, out_len = 0;
    cr_assert_eq(clb_utf8_to_utf16(text, len, units, len + 1, &n), LZ_OK);
    cr_assert_eq(lz_compress_base64(units, n, out, cap, &out_len), LZ_OK);
    free(units);
    return out_len;
}

/* Field-by-field equality of everything a link carries (padding and the
 * unused tails of arrays are not part of the state). */
static void assert_same_game(const struct core_game *a,
                             const struct core_game *b)
{
    cr_assert_str_eq(a->game_id, b->game_id);
    cr_assert_str_eq(a->lexicon, b->lexicon);
    cr_assert_eq(a->turn, b->turn);
    cr_assert_arr_eq(a->board, b->board, sizeof a->board);
    cr_assert_arr_eq(a->bag, b->bag, sizeof a->bag);
    for (int p = 0; p < CLB_PLAYERS; p++) {
        cr_assert_eq(a->hands[p].count, b->hands[p].count, "hand %d", p);
        cr_assert_arr_eq(a->hands[p].tiles, b->hands[p].tiles,
                         (size_t)a->hands[p].count);
    }
    cr_assert_eq(a->score, b->score);
    cr_assert_eq(a->has_last_move, b->has_last_move);
    if (a->has_last_move) {
        const struct core_last_move *x = &a->last_move, *y = &b->last_move;
        cr_assert_eq(x->type, y->type);
        cr_assert_eq(x->ncells, y->ncells);
        for (int i = 0; i < x->ncells; i++) {
            cr_assert_eq(x->cells[i].row, y->cells[i].row);
            cr_assert_eq(x->cells[i].col, y->cells[i].col);
        }
        cr_assert_eq(x->nwords, y->nwords);
        for (int i = 0; i < x->nwords; i++)
            cr_assert_str_eq(x->words[i], y->words[i]);
        cr_assert_eq(x->points, y->points);
        if (x->type == CORE_MOVE_EXCHANGE)
            cr_assert_eq(x->exchanged, y->exchanged);
    }
    cr_assert_eq(a->consecutive_passes, b->consecutive_passes);
    cr_assert_eq(a->game_over, b->game_over);
    cr_assert_eq(a->end, b->end);
    cr_assert_eq(a->end_adjustment, b->end_adjustment);
}

/* encode -> decode must give the same game back, and encoding that again
 * the same link. */
static void assert_round_trip(const struct core_game *g)
{
    char s[LINK_CAP], s2[LINK_CAP];
    size_t n = 0, n2 = 0;
    struct clb_error err;
    struct core_game back;
    cr_assert_eq(link_v1_encode(g, s, sizeof s, &n, &err), CLB_ERR_OK, "%s",
                 err.detail);
    cr_assert_eq(strlen(s), n);
    cr_assert_eq(link_v1_decode(s, n, &back, &err), CLB_ERR_OK, "%s",
                 err.detail);
    assert_same_game(g, &back);
    cr_assert_eq(link_v1_encode(&back, s2, sizeof s2, &n2, &err), CLB_ERR_OK);
    cr_assert_str_eq(s, s2);
}

static void load_state(const char *name, struct core_game *g)
{
    size_t len = 0;
    char *text = read_data(name, &len);
    struct clb_error err;
    cr_assert_eq(link_decode_json(text, len, g, &err), CLB_ERR_OK, "%s: %s",
                 name, err.detail);
    free(text);
}

static void expect_json_error(const char *json, enum clb_err code,
                              const char *substring)
{
    struct core_game g;
    struct clb_error err;
    cr_assert_eq(link_decode_json(json, strlen(json), &g, &err), code,
                 "got %s (%s)", clb_err_code(err.code), err.detail);
    cr_assert_eq(err.code, code);
    cr_assert_not_null(strstr(err.detail, substring),
                       "detail \"%s\" lacks \"%s\"", err.detail, substring);
}

/* The base test state as compact JSON, with `from` replaced by `to`. */
static char *state_with(const char *from, const char *to)
{
    struct core_game g;
    load_state("link/state_cat.json", &g);
    json_t *root = link_game_to_json(&g);
    cr_assert_not_null(root);
    char *text = json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(root);
    cr_assert_not_null(text);
    char *at = strstr(text, from);
    cr_assert_not_null(at, "\"%s\" not in the base state", from);
    size_t flen = strlen(from), tlen = strlen(to), len = strlen(text);
    char *out = malloc(len - flen + tlen + 1);
    cr_assert_not_null(out);
    size_t pre = (size_t)(at - text);
    memcpy(out, text, pre);
    memcpy(out + pre, to, tlen);
    memcpy(out + pre + tlen, at + flen, len - pre - flen + 1);
    free(text);
    return out;
}

static bool accept_all(const void *ctx, const char *word, size_t len)
{
    (void)ctx;
    (void)word;
    (void)len;
    return true;
}

/* --- round trips --------------------------------------------------------- */

Test(server_link_v1, new_game_round_trips)
{
    struct core_game g;
    core_game_new(&g, "round trip", 10, "");
    assert_round_trip(&g);
    core_game_new(&g, "", 0, "TWL06");
    assert_round_trip(&g);
}

Test(server_link_v1, many_new_games_round_trip)
{
    for (int i = 0; i < 200; i++) {
        char seed[16];
        int n = snprintf(seed, sizeof seed, "seed-%d", i);
        struct core_game g;
        core_game_new(&g, seed, (size_t)n, i % 3 == 0 ? "sowpods" : "");
        assert_round_trip(&g);
    }
}

/* Plays, an exchange and two passes through the real rules: every kind of
 * lastMove and the ending survive the link. */
Test(server_link_v1, moves_round_trip)
{
    struct core_lexicon lex = {accept_all, NULL, NULL};
    struct core_game g;
    struct core_move m;
    struct core_move_result res;
    struct clb_error err;
    ts_game(&g, "CAT?ERS", "DOGSEAT");

    ts_play_word(&m, &g, 7, 6, true, "CAtE");
    cr_assert_eq(core_move_apply(&g, &m, &lex, &g, &res, &err), CLB_ERR_OK,
                 "%s", err.detail);
    assert_round_trip(&g);
    cr_assert_eq(g.last_move.type, CORE_MOVE_PLAY);

    memset(&m, 0, sizeof m);
    m.type = CORE_MOVE_EXCHANGE;
    m.ntiles = 2;
    m.exchange[0] = g.hands[g.turn].tiles[0];
    m.exchange[1] = g.hands[g.turn].tiles[1];
    cr_assert_eq(core_move_apply(&g, &m, &lex, &g, &res, &err), CLB_ERR_OK,
                 "%s", err.detail);
    cr_assert_eq(g.last_move.type, CORE_MOVE_EXCHANGE);
    assert_round_trip(&g);

    memset(&m, 0, sizeof m);
    m.type = CORE_MOVE_PASS;
    cr_assert_eq(core_move_apply(&g, &m, &lex, &g, &res, &err), CLB_ERR_OK);
    cr_assert_eq(g.last_move.type, CORE_MOVE_PASS);
    assert_round_trip(&g);
    cr_assert_eq(core_move_apply(&g, &m, &lex, &g, &res, &err), CLB_ERR_OK);
    cr_assert(g.game_over);
    assert_round_trip(&g);
}

/* Our optional keys, set by hand so they are tested whatever the rules do. */
Test(server_link_v1, optional_keys_round_trip)
{
    struct core_game g;
    load_state("link/state_cat.json", &g);
    strcpy(g.lexicon, "TWL06");
    assert_round_trip(&g);

    g.last_move.type = CORE_MOVE_EXCHANGE;
    g.last_move.exchanged = 3;
    g.last_move.ncells = g.last_move.nwords = g.last_move.points = 0;
    assert_round_trip(&g);

    g.last_move.type = CORE_MOVE_PASS;
    g.last_move.exchanged = 0;
    g.consecutive_passes = 2;
    g.game_over = true;
    g.end = CORE_END_PASSES;
    g.end_adjustment = 17;
    assert_round_trip(&g);

    g.end = CORE_END_OUT;
    g.end_adjustment = 0;
    assert_round_trip(&g);

    /* Neither player could play with the bag empty. */
    g.consecutive_passes = 1;
    g.end = CORE_END_BLOCKED;
    g.end_adjustment = 9;
    assert_round_trip(&g);
    json_t *root = link_game_to_json(&g);
    cr_assert_not_null(root);
    char *text = json_dumps(json_object_get(root, "ending"),
                            JSON_COMPACT | JSON_PRESERVE_ORDER);
    cr_expect_str_eq(text, "{\"reason\":\"blocked\",\"adjustment\":9}");
    free(text);
    json_decref(root);
    g.consecutive_passes = 2;
    g.end_adjustment = 0;

    /* A finished game from the original JavaScript has no "ending". */
    g.end = CORE_END_NONE;
    assert_round_trip(&g);
    g.has_last_move = false;
    assert_round_trip(&g);
}

/* --- what we write ------------------------------------------------------- */

Test(server_link_v1, json_is_compact_in_schema_order)
{
    struct core_game g;
    load_state("link/state_ended.json", &g);
    json_t *root = link_game_to_json(&g);
    cr_assert_not_null(root);
    char *text = json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(root);
    const char *order[] = {"{\"version\":1,\"gameId\":",
                           "\"turn\":",
                           "\"board\":[[\".\",",
                           "\"bag\":{\"A\":8,\"B\":2,",
                           "\"Y\":2,\"Z\":0,\"BLANK\":0},",
                           "\"hands\":{\"P1\":[",
                           "\"P2\":[\"A\",\"E\",\"L\",\"Q\",\"U\",\"BLANK\",",
                           "\"score\":0,",
                           ("\"lastMove\":{\"cells\":[],\"words\":[],"
                            "\"points\":0,\"type\":\"pass\"},"),
                           "\"consecutivePasses\":2,\"gameOver\":true,",
                           ("\"ending\":{\"reason\":\"passes\","
                            "\"adjustment\":8},"),
                           "\"lexicon\":\"TWL06\"}"};
    const char *at = text;
    for (size_t i = 0; i < sizeof order / sizeof *order; i++) {
        const char *next = strstr(at, order[i]);
        cr_assert_not_null(next, "\"%s\" missing or out of order in %s",
                           order[i], text);
        at = next + strlen(order[i]);
    }
    cr_assert_eq(*at, '\0');
    free(text);
}

Test(server_link_v1, optional_keys_absent_when_not_meaningful)
{
    struct core_game g;
    core_game_new(&g, "x", 1, "");
    json_t *root = link_game_to_json(&g);
    cr_assert_not_null(root);
    cr_assert_null(json_object_get(root, "lexicon"));
    cr_assert_null(json_object_get(root, "ending"));
    cr_assert(json_is_null(json_object_get(root, "lastMove")));
    cr_assert_eq(json_object_size(json_object_get(root, "bag")),
                 (core_tileset_english.n + 1));
    json_decref(root);
}

/* The fullest classic state the writer can be handed (the longest id and
 * lexicon name, every square and rack slot taken, three-digit bag counts,
 * a last move of eight fifteen-letter words over seven squares, the
 * largest numbers) is written within CLB_MAX_V1_JSON, the buffer it is
 * written into on the stack, and makes a link. */
Test(server_link_v1, the_fullest_state_fits_the_writers_buffer)
{
    struct core_game g;
    core_game_new(&g, "x", 1, "");
    memset(g.game_id, 'g', CLB_GAME_ID_MAX);
    g.game_id[CLB_GAME_ID_MAX] = '\0';
    memset(g.lexicon, 'l', CLB_LEXICON_NAME_MAX);
    g.lexicon[CLB_LEXICON_NAME_MAX] = '\0';
    memset(g.board, 'q', sizeof g.board);
    for (int k = 0; k <= core_tileset_english.n; k++)
        g.bag[k] = core_tileset_english.total;
    g.score = CLB_MAX_SCORE;
    g.has_last_move = true;
    struct core_last_move *lm = &g.last_move;
    lm->type = CORE_MOVE_PLAY;
    lm->ncells = CLB_MAX_MOVE_CELLS;
    for (int i = 0; i < lm->ncells; i++)
        lm->cells[i] = (struct clb_cell){CLB_BOARD_SIZE - 1, i + 8};
    lm->nwords = CLB_MAX_WORDS;
    for (int i = 0; i < lm->nwords; i++) {
        memset(lm->words[i], 'Q', CLB_WORD_MAX);
        lm->words[i][CLB_WORD_MAX] = '\0';
    }
    lm->points = CLB_MAX_SCORE;
    g.consecutive_passes = 1;
    g.game_over = true;
    g.end = CORE_END_PASSES;
    g.end_adjustment = CLB_MAX_SCORE;

    char mem[CLB_MAX_V1_JSON];
    struct out_buf text;
    out_init(&text, mem, sizeof mem, sizeof mem);
    struct jout j;
    jout_init(&j, &text, false);
    cr_assert(link_game_write(&j, &g));
    cr_assert_not(text.overflow);
    /* Room to spare: a field added to the schema must not reach it. */
    cr_assert_lt(text.len, CLB_MAX_V1_JSON * 9 / 10, "%zu bytes", text.len);
    char s[LINK_CAP];
    size_t n = 0;
    struct clb_error err;
    cr_assert_eq(link_v1_encode(&g, s, sizeof s, &n, &err), CLB_ERR_OK, "%s",
                 err.detail);
}

Test(server_link_v1, encode_into_short_buffer_fails_cleanly)
{
    struct core_game g;
    core_game_new(&g, "x", 1, "");
    char s[16];
    size_t n = 0;
    struct clb_error err;
    cr_assert_eq(link_v1_encode(&g, s, sizeof s, &n, &err), CLB_ERR_INTERNAL);
    cr_assert_eq(err.code, CLB_ERR_INTERNAL);
}

/* A struct no decoder produced (bytes that are not text): refused, not
 * written as broken JSON. */
Test(server_link_v1, encoder_refuses_a_corrupt_struct)
{
    struct core_game g;
    char s[LINK_CAP];
    size_t n = 0;
    struct clb_error err;
    core_game_new(&g, "x", 1, "");
    g.board[3][3] = (char)0xC3;
    cr_assert_null(link_game_to_json(&g));
    cr_assert_eq(link_v1_encode(&g, s, sizeof s, &n, &err), CLB_ERR_INTERNAL);
    cr_assert_str_eq(s, "");

    core_game_new(&g, "x", 1, "");
    g.hands[CORE_P2].tiles[0] = (char)0xFF;
    cr_assert_null(link_game_to_json(&g));

    core_game_new(&g, "x", 1, "");
    g.has_last_move = true;
    g.last_move.ncells = 0;
    g.last_move.nwords = 1;
    strcpy(g.last_move.words[0], "A\xFF");
    cr_assert_null(link_game_to_json(&g));

    /* Counts out of range are clamped, never read past the arrays. */
    core_game_new(&g, "x", 1, "");
    g.hands[CORE_P1].count = 99;
    g.has_last_move = true;
    g.last_move.ncells = 99;
    g.last_move.nwords = -1;
    json_t *root = link_game_to_json(&g);
    cr_assert_not_null(root);
    cr_assert_eq(
        json_array_size(json_object_get(json_object_get(root, "hands"), "P1")),
        CLB_RACK_SIZE);
    cr_assert_eq(json_array_size(json_object_get(
                     json_object_get(root, "lastMove"), "cells")),
                 CLB_MAX_MOVE_CELLS);
    json_decref(root);
}

/* jansson allocations fail one at a time: every builder path must give
 * NULL or a result, and free what it made (ASan checks the leaks). */
static int alloc_left;
static void *failing_malloc(size_t n)
{
    if (alloc_left-- <= 0)
        return NULL;
    return malloc(n);
}

Test(server_link_v1, survives_every_jansson_allocation_failure)
{
    struct core_game g, back;
    struct clb_error err;
    load_state("link/state_ended.json", &g);
    size_t len = 0;
    char *text = read_data("link/state_ended.json", &len);
    bool built = false, parsed = false;
    for (int limit = 0; limit < 100000 && !(built && parsed); limit++) {
        json_set_alloc_funcs(failing_malloc, free);
        alloc_left = limit;
        json_t *root = link_game_to_json(&g);
        alloc_left = limit;
        enum clb_err rc = link_decode_json_reference(text, len, &back, &err);
        json_set_alloc_funcs(malloc, free);
        if (root != NULL) {
            built = true;
            json_decref(root);
        }
        if (rc == CLB_ERR_OK) {
            parsed = true;
            assert_same_game(&g, &back);
        } else {
            /* jansson reports some failed allocations as syntax errors. */
            cr_assert(rc == CLB_ERR_INTERNAL || rc == CLB_ERR_BAD_STATE,
                      "%s: %s", clb_err_code(rc), err.detail);
        }
    }
    cr_assert(built && parsed);
    free(text);
}

/* The original writes no "type"; an explicit "play" means the same. */
Test(server_link_v1, explicit_play_type_is_accepted)
{
    char *s = state_with("\"points\":8}", "\"points\":8,\"type\":\"play\"}");
    struct core_game g, want;
    struct clb_error err;
    cr_assert_eq(link_decode_json(s, strlen(s), &g, &err), CLB_ERR_OK, "%s",
                 err.detail);
    load_state("link/state_cat.json", &want);
    assert_same_game(&g, &want);
    free(s);
}

/* --- links made by the original JavaScript ------------------------------ */

/* state_cat.link is LZString.compressToBase64(JSON.stringify(state)) made by
 * lz-string 1.5.0 (tests/data/link/generate.mjs). */
Test(server_link_v1, javascript_link_decodes)
{
    size_t n = 0;
    char *s = read_link("link/state_cat.link", &n);
    struct core_game from_link, from_json;
    struct clb_error err;
    cr_assert_eq(link_v1_decode(s, n, &from_link, &err), CLB_ERR_OK, "%s",
                 err.detail);
    load_state("link/state_cat.json", &from_json);
    assert_same_game(&from_link, &from_json);
    cr_assert_str_eq(from_link.game_id, "abc123XYZ_-");
    cr_assert_eq(from_link.board[7][7], 'a');
    cr_assert_eq(from_link.hands[CORE_P2].tiles[5], CORE_BLANK);
    cr_assert_eq(from_link.turn, CORE_P2);
    cr_assert_eq(from_link.last_move.type, CORE_MOVE_PLAY);

    /* Same keys in the same order, so our link is the very same text. */
    char ours[LINK_CAP];
    size_t on = 0;
    cr_assert_eq(link_v1_encode(&from_link, ours, sizeof ours, &on, &err),
                 CLB_ERR_OK);
    cr_assert_str_eq(ours, s);
    free(s);
}

Test(server_link_v1, javascript_link_with_our_keys_decodes)
{
    size_t n = 0;
    char *s = read_link("link/state_ended.link", &n);
    struct core_game g, want;
    struct clb_error err;
    cr_assert_eq(link_v1_decode(s, n, &g, &err), CLB_ERR_OK, "%s", err.detail);
    load_state("link/state_ended.json", &want);
    assert_same_game(&g, &want);
    cr_assert_eq(g.end, CORE_END_PASSES);
    cr_assert_eq(g.end_adjustment, 8);
    cr_assert_str_eq(g.lexicon, "TWL06");
    cr_assert_eq(g.last_move.type, CORE_MOVE_PASS);
    free(s);
}

Test(server_link_v1, uri_variant_decodes)
{
    size_t n = 0, bn = 0;
    char *uri = read_link("link/state_cat.uri", &n);
    char *b64 = read_link("link/state_cat.link", &bn);
    cr_assert(strchr(uri, '-') != NULL || strchr(uri, '$') != NULL,
              "the test link should use the URI alphabet");
    struct core_game a, b;
    struct clb_error err;
    cr_assert_eq(link_v1_decode(uri, n, &a, &err), CLB_ERR_OK, "%s",
                 err.detail);
    cr_assert_eq(link_v1_decode(b64, bn, &b, &err), CLB_ERR_OK);
    assert_same_game(&a, &b);

    /* A form decoder turns '+' into ' '; the URI variant reads it back. */
    int spaces = 0;
    for (size_t i = 0; i < n; i++)
        if (uri[i] == '+') {
            uri[i] = ' ';
            spaces++;
        }
    if (spaces > 0) {
        cr_assert_eq(link_v1_decode(uri, n, &a, &err), CLB_ERR_OK, "%s",
                     err.detail);
        assert_same_game(&a, &b);
    }
    free(uri);
    free(b64);
}

Test(server_link_v1, uri_link_made_here_decodes)
{
    size_t len = 0;
    char *text = read_data("link/state_cat.json", &len);
    uint16_t *units = malloc(len * sizeof *units);
    size_t n = 0, sn = 0;
    char s[LINK_CAP];
    cr_assert_eq(clb_utf8_to_utf16(text, len, units, len, &n), LZ_OK);
    cr_assert_eq(lz_compress_uri(units, n, s, sizeof s, &sn), LZ_OK);
    struct core_game a, b;
    struct clb_error err;
    cr_assert_eq(link_v1_decode(s, sn, &a, &err), CLB_ERR_OK, "%s", err.detail);
    load_state("link/state_cat.json", &b);
    assert_same_game(&a, &b);
    free(units);
    free(text);
}

/* --- the bad-state corpus ------------------------------------------------ */

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Every tests/data/bad_states/NAME.json must be refused with BAD_STATE and
 * a detail containing NAME.expect, both as JSON and as a compressed link. */
Test(server_link_v1, bad_states_corpus)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s/bad_states", CLB_TEST_DATA_DIR);
    DIR *d = opendir(dir);
    cr_assert_not_null(d, "cannot open %s", dir);
    int checked = 0;
    struct dirent *e;
    char *link = malloc(CLB_MAX_ENCODED_STATE * 2);
    cr_assert_not_null(link);
    while ((e = readdir(d)) != NULL) {
        if (!ends_with(e->d_name, ".json"))
            continue;
        char path[1024];
        size_t base = strlen(e->d_name) - strlen(".json");
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t len = 0, elen = 0;
        char *json = ts_read_file(path, &len);
        snprintf(path, sizeof path, "%s/%.*s.expect", dir, (int)base,
                 e->d_name);
        char *expect = ts_read_file(path, &elen);
        while (elen > 0 &&
               (expect[elen - 1] == '\n' || expect[elen - 1] == '\r'))
            expect[--elen] = '\0';
        cr_assert_gt(elen, 0, "%s is empty", path);

        struct core_game g;
        struct clb_error err;
        cr_expect_eq(link_decode_json(json, len, &g, &err), CLB_ERR_BAD_STATE,
                     "%s: got %s (%s)", e->d_name, clb_err_code(err.code),
                     err.detail);
        cr_expect_not_null(strstr(err.detail, expect),
                           "%s: detail \"%s\" lacks \"%s\"", e->d_name,
                           err.detail, expect);

        size_t n = compress_text(json, len, link, CLB_MAX_ENCODED_STATE * 2);
        cr_expect_eq(link_v1_decode(link, n, &g, &err), CLB_ERR_BAD_STATE,
                     "%s as a link: got %s (%s)", e->d_name,
                     clb_err_code(err.code), err.detail);
        cr_expect_not_null(strstr(err.detail, expect),
                           "%s as a link: detail \"%s\" lacks \"%s\"",
                           e->d_name, err.detail, expect);
        free(json);
        free(expect);
        checked++;
    }
    closedir(d);
    free(link);
    cr_assert_geq(checked, 100, "only %d bad states found in %s", checked, dir);
}

Test(server_link_v1, details_are_printable_ascii)
{
    expect_json_error("{\"version\":1,\"gameId\":\"\xc3\xa9\xe2\x82\xac\"}",
                      CLB_ERR_BAD_STATE, "gameId: \"?????\" is not");
    char *s = state_with("\"lastMove\":{", "\"lastMove\":{\"caf\xc3\xa9\":1,");
    expect_json_error(s, CLB_ERR_BAD_STATE, "lastMove: unknown key \"caf??\"");
    free(s);
}

/* A newer version of the original design may add a top-level key: its
 * links open, the key is skipped (the known keys stay strict), and the
 * classic link written back simply lacks it. */
Test(server_link_v1, an_unknown_top_level_key_is_skipped)
{
    struct core_game g, plain;
    load_state("link/unknown_top_key.json", &g);
    char *text = read_data("link/unknown_top_key.json", NULL);
    cr_assert_not_null(strstr(text, "\"cheat\""));
    free(text);
    char s[LINK_CAP];
    size_t n;
    struct clb_error err;
    cr_assert_eq(link_v1_encode(&g, s, sizeof s, &n, &err), CLB_ERR_OK);
    cr_assert_eq(link_v1_decode(s, n, &plain, &err), CLB_ERR_OK);
    assert_same_game(&g, &plain);
    json_t *j = link_game_to_json(&g);
    cr_assert_null(json_object_get(j, "cheat"));
    json_decref(j);
    /* A known key keeps its checks, wherever it is. */
    char *bad = state_with("\"score\":", "\"extra\":{\"any\":[1]},\"score\":");
    struct core_game x;
    cr_assert_eq(link_decode_json(bad, strlen(bad), &x, &err), CLB_ERR_OK, "%s",
                 err.detail);
    free(bad);
    bad = state_with("\"score\":", "\"score\":-1,\"x\":1,\"y\":");
    expect_json_error(bad, CLB_ERR_BAD_STATE, "score: -1 is out of range");
    free(bad);
}

/* --- tile conservation (built here as well as in the corpus) ------------ */

Test(server_link_v1, conservation_one_extra_tile)
{
    char *s = state_with("\"T\",\".\"", "\"T\",\"S\"");
    expect_json_error(s, CLB_ERR_BAD_STATE,
                      "tiles: 5 S tiles on the board, in the hands and in "
                      "the bag, but the set has 4");
    free(s);
}

Test(server_link_v1, conservation_one_missing_tile)
{
    char *s = state_with("\"X\":1", "\"X\":0");
    expect_json_error(s, CLB_ERR_BAD_STATE, "tiles: 0 X tiles");
    free(s);
}

Test(server_link_v1, conservation_blank_counted_wrong)
{
    /* The blank on the board counted as an A. */
    char *s = state_with("\"C\",\"a\",\"T\"", "\"C\",\"A\",\"T\"");
    expect_json_error(s, CLB_ERR_BAD_STATE, "tiles: 10 A tiles");
    free(s);
    /* The blank in P2's hand left in the bag as well. */
    s = state_with("\"BLANK\":0", "\"BLANK\":1");
    expect_json_error(s, CLB_ERR_BAD_STATE, "tiles: 3 BLANK tiles");
    free(s);
}

Test(server_link_v1, missing_bag_keys_count_as_zero)
{
    /* The Q, Z and BLANK counts are 0 in the base state; leave them out. */
    char *s = state_with("\"Q\":0,", "");
    struct core_game g, want;
    struct clb_error err;
    cr_assert_eq(link_decode_json(s, strlen(s), &g, &err), CLB_ERR_OK, "%s",
                 err.detail);
    load_state("link/state_cat.json", &want);
    assert_same_game(&g, &want);
    free(s);
    s = state_with(",\"BLANK\":0}", "}");
    cr_assert_eq(link_decode_json(s, strlen(s), &g, &err), CLB_ERR_OK, "%s",
                 err.detail);
    free(s);
}

Test(server_link_v1, from_json_rejects_null_and_non_objects)
{
    struct core_game g;
    struct clb_error err;
    cr_assert_eq(link_game_from_json(NULL, &g, &err), CLB_ERR_BAD_STATE);
    json_t *arr = json_array();
    cr_assert_eq(link_game_from_json(arr, &g, &err), CLB_ERR_BAD_STATE);
    cr_assert_str_eq(err.detail, "state: expected an object, got an array");
    json_decref(arr);
}

/* --- bounds -------------------------------------------------------------- */

Test(server_link_v1, oversize_input_is_too_large)
{
    size_t n = CLB_MAX_ENCODED_STATE + 1;
    char *s = malloc(n);
    memset(s, 'A', n);
    struct core_game g;
    struct clb_error err;
    cr_assert_eq(link_v1_decode(s, n, &g, &err), CLB_ERR_TOO_LARGE);
    cr_assert_not_null(strstr(err.detail, "16385"), "%s", err.detail);
    /* One byte less is read, and is simply not a state. */
    cr_assert_eq(link_v1_decode(s, n - 1, &g, &err), CLB_ERR_BAD_STATE);
    free(s);
}

/* bomb.link: LZString.compressToBase64("a" x 1 MiB), ~2 KB, from the JS. */
Test(server_link_v1, tiny_input_expanding_past_the_cap_is_too_large)
{
    size_t n = 0;
    char *s = read_link("link/bomb.link", &n);
    cr_assert_lt(n, 4096);
    struct core_game g;
    struct clb_error err;
    cr_assert_eq(link_v1_decode(s, n, &g, &err), CLB_ERR_TOO_LARGE, "%s",
                 err.detail);
    free(s);
}

/* cap_exact.link / cap_plus_one.link: "x" x 65536 and x 65537, from the JS
 * (our compressor will not make the second). */
Test(server_link_v1, decompressed_cap_is_exact)
{
    size_t n = 0;
    char *s = read_link("link/cap_exact.link", &n);
    struct core_game g;
    struct clb_error err;
    /* Exactly the cap: decompressed, then refused as JSON. */
    cr_assert_eq(link_v1_decode(s, n, &g, &err), CLB_ERR_BAD_STATE, "%s",
                 err.detail);
    cr_assert_not_null(strstr(err.detail, "not valid JSON"), "%s", err.detail);
    free(s);
    /* One unit more: refused while decompressing. */
    s = read_link("link/cap_plus_one.link", &n);
    cr_assert_eq(link_v1_decode(s, n, &g, &err), CLB_ERR_TOO_LARGE, "%s",
                 err.detail);
    free(s);
}

Test(server_link_v1, deep_nesting_is_refused_before_parsing)
{
    size_t depth = 60000;
    char *text = malloc(depth + 1);
    memset(text, '[', depth);
    text[depth] = '\0';
    char link[LINK_CAP];
    size_t n = compress_text(text, depth, link, sizeof link);
    struct core_game g;
    struct clb_error err;
    cr_assert_eq(link_v1_decode(link, n, &g, &err), CLB_ERR_BAD_STATE);
    cr_assert_str_eq(err.detail,
                     "the link is damaged: state: JSON nested deeper than 8 "
                     "levels");
    /* Brackets inside strings are text, not nesting. */
    expect_json_error("{\"version\":1,\"gameId\":\"[[[[[[[[[[[[\"}",
                      CLB_ERR_BAD_STATE, "gameId: \"[[[[");
    expect_json_error("{\"version\":1,\"gameId\":\"\\\"[[[[[[[[[[[[\"}",
                      CLB_ERR_BAD_STATE, "gameId:");
    free(text);
}

Test(server_link_v1, json_text_over_the_cap_is_too_large)
{
    size_t n = CLB_MAX_DECODED_STATE + 1;
    char *text = malloc(n);
    memset(text, ' ', n);
    struct core_game g;
    struct clb_error err;
    cr_assert_eq(link_decode_json(text, n, &g, &err), CLB_ERR_TOO_LARGE);
    free(text);
}

/* --- garbage ------------------------------------------------------------- */

Test(server_link_v1, garbage_is_not_a_state)
{
    const char *inputs[] = {
        "",         "A",
        "====",     "!!!!",
        "#N4Ig",    "N4Ig",
        "N4Ig\n",   "N4I g-",
        "abc-/def", "%2B%2F",
        "\xff\xfe", "N4IgbgpgTgzglgewHYgFwEYA0IDmBDAWwgEkATNEPAIwGN0AmAZg",
        "$$$$$$$$", "--------",
        "++++++++", "////////",
    };
    for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++) {
        struct core_game g;
        struct clb_error err;
        enum clb_err rc =
            link_v1_decode(inputs[i], strlen(inputs[i]), &g, &err);
        cr_assert_eq(rc, CLB_ERR_BAD_STATE, "input %zu: %s (%s)", i,
                     clb_err_code(rc), err.detail);
        cr_assert_neq(err.detail[0], '\0');
    }
}

Test(server_link_v1, non_json_text_is_not_a_state)
{
    char link[LINK_CAP];
    const char *text = "hello, world";
    size_t n = compress_text(text, strlen(text), link, sizeof link);
    struct core_game g;
    struct clb_error err;
    cr_assert_eq(link_v1_decode(link, n, &g, &err), CLB_ERR_BAD_STATE);
    cr_assert_not_null(strstr(err.detail, "state: not valid JSON"), "%s",
                       err.detail);
}

/* Random text in either alphabet: never OK, never a crash (the fuzzer goes
 * much further; this keeps a deterministic slice of it in every run). */
Test(server_link_v1, random_links_are_refused)
{
    static const char alphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-$";
    uint64_t x = 0x9E3779B97F4A7C15u;
    char s[600];
    for (int i = 0; i < 2000; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        size_t n = 1 + (size_t)(x % (sizeof s - 1));
        for (size_t k = 0; k < n; k++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            s[k] = alphabet[x % (sizeof alphabet - 1)];
        }
        struct core_game g;
        struct clb_error err;
        enum clb_err rc = link_v1_decode(s, n, &g, &err);
        cr_assert(rc == CLB_ERR_BAD_STATE || rc == CLB_ERR_TOO_LARGE,
                  "random link %d gave %s", i, clb_err_code(rc));
    }
}

/* Flipping any one character of a real link never crashes and never yields
 * an inconsistent state: either refused, or a state that validates. */
Test(server_link_v1, corrupted_real_links_are_refused_or_valid)
{
    size_t n = 0;
    char *s = read_link("link/state_cat.link", &n);
    static const char alphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (size_t i = 0; i < n; i++) {
        char saved = s[i];
        for (size_t k = 0; k < sizeof alphabet - 1; k += 7) {
            s[i] = alphabet[k];
            struct core_game g;
            struct clb_error err, verr;
            enum clb_err rc = link_v1_decode(s, n, &g, &err);
            if (rc == CLB_ERR_OK)
                cr_assert_eq(core_game_validate(&g, &verr), CLB_ERR_OK);
            else
                cr_assert(rc == CLB_ERR_BAD_STATE || rc == CLB_ERR_TOO_LARGE,
                          "%s", clb_err_code(rc));
        }
        s[i] = saved;
    }
    free(s);
}

/* --- the fast reader and the direct writer --------------------------------
 * link_decode_json reads the usual states in place and leaves the rest to
 * jansson (link_decode_json_reference); link_v1_encode and the API write
 * JSON without jansson's trees (link_game_write). Each must agree with
 * jansson byte for byte and field for field. */

/* Decodes text with both readers: the same code, the same detail, the same
 * game. */
static void assert_readers_agree(const char *text, size_t len)
{
    struct core_game a, b;
    struct clb_error ea, eb;
    enum clb_err ra = link_decode_json(text, len, &a, &ea);
    enum clb_err rb = link_decode_json_reference(text, len, &b, &eb);
    cr_assert_eq(ra, rb, "fast %s (%s), jansson %s (%s) on: %.300s",
                 clb_err_code(ra), ea.detail, clb_err_code(rb), eb.detail,
                 text);
    cr_assert_str_eq(ea.detail, eb.detail);
    if (ra == CLB_ERR_OK)
        assert_same_game(&a, &b);
}

/* jansson's compact dump of link_game_to_json, and link_game_write's text,
 * must be the same bytes (or both refuse). Returns the text (malloc'd), or
 * NULL when both refused. */
static char *assert_writers_agree(const struct core_game *g)
{
    json_t *root = link_game_to_json(g);
    char *want = root != NULL
                     ? json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER)
                     : NULL;
    json_decref(root);
    char mem[64];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, 1 << 20);
    struct jout j;
    jout_init(&j, &b, false);
    bool ok = link_game_write(&j, g);
    cr_assert_eq(ok, want != NULL, "writer %d, jansson %d", ok, want != NULL);
    if (want != NULL)
        cr_assert_str_eq(b.p, want);
    out_free(&b);
    return want;
}

Test(server_link_v1, the_writer_and_both_readers_agree_on_random_games)
{
    struct core_lexicon any = ts_any_word();
    uint64_t rng = 20241;
    int positions = 0;
    for (int game = 0; game < 40; game++) {
        struct core_game g;
        core_game_deal(&g, (uint32_t)game * 7919u, game % 3 ? "" : "twl");
        while (!g.game_over && positions < 4000) {
            char *text = assert_writers_agree(&g);
            cr_assert_not_null(text);
            assert_readers_agree(text, strlen(text));
            free(text);
            positions++;
            struct core_move m;
            struct core_move_result r;
            struct clb_error err;
            ts_random_move(&g, &any, &rng, &m);
            cr_assert_eq(core_move_apply(&g, &m, &any, &g, &r, &err),
                         CLB_ERR_OK, "%s", err.detail);
        }
        char *text = assert_writers_agree(&g); /* the finished game */
        assert_readers_agree(text, strlen(text));
        free(text);
    }
    cr_assert_gt(positions, 500);
}

Test(server_link_v1, the_writer_refuses_what_jansson_refuses)
{
    struct core_game g;
    core_game_new(&g, "x", 1, "");
    g.board[3][3] = (char)0xC3;
    cr_assert_null(assert_writers_agree(&g));
    core_game_new(&g, "x", 1, "");
    g.board[3][3] = '\x01'; /* written escaped by both */
    free(assert_writers_agree(&g));
    core_game_new(&g, "x", 1, "le<&x");
    strcpy(g.game_id, "x\"<&\\");
    free(assert_writers_agree(&g));
    core_game_new(&g, "x", 1, "");
    g.has_last_move = true;
    g.last_move.nwords = 1;
    strcpy(g.last_move.words[0], "A\xFF");
    cr_assert_null(assert_writers_agree(&g));
    strcpy(g.last_move.words[0], "\xC3\xA9T\xE2\x82\xAC");
    free(assert_writers_agree(&g));
}

/* Every single-byte change of real states (a byte replaced by one of a
 * set that matters to JSON, or dropped) gives the same answer from both
 * readers: the fast one may only decline, never read a state otherwise. */
Test(server_link_v1, both_readers_agree_on_every_damaged_state)
{
    static const char subst[] = "\"\\{}[],:0129-.eAZaz P\x01\x7f\xc3 tfn";
    const char *names[] = {"link/state_cat.json", "link/state_ended.json",
                           "link/unknown_top_key.json"};
    int tried = 0;
    for (size_t f = 0; f < sizeof names / sizeof names[0]; f++) {
        struct core_game g;
        size_t raw_len;
        char *raw = read_data(names[f], &raw_len);
        /* The file as it is (spaced), and as our writer writes it. */
        assert_readers_agree(raw, raw_len);
        if (link_decode_json_reference(raw, raw_len, &g,
                                       &(struct clb_error){0}) != CLB_ERR_OK) {
            free(raw);
            continue;
        }
        char *compact = assert_writers_agree(&g);
        const char *texts[] = {raw, compact};
        for (int t = 0; t < 2; t++) {
            size_t len = strlen(texts[t]);
            char *buf = malloc(len + 1);
            cr_assert_not_null(buf);
            /* Every position, with three of the substitutions in turn
             * (all of them over every 9 positions) and the drop. */
            for (size_t i = 0; i < len; i++) {
                for (size_t k = i % 9; k <= sizeof subst - 1;
                     k += k + 9 >= sizeof subst - 1 && k < sizeof subst - 1
                              ? sizeof subst - 1 - k
                              : 9) {
                    memcpy(buf, texts[t], len + 1);
                    size_t n = len;
                    if (k == sizeof subst - 1) { /* dropped */
                        memmove(buf + i, buf + i + 1, len - i);
                        n--;
                    } else {
                        buf[i] = subst[k];
                    }
                    assert_readers_agree(buf, n);
                    tried++;
                }
            }
            free(buf);
        }
        free(compact);
        free(raw);
    }
    cr_assert_gt(tried, 20000);
}

/* The bad-state corpus, read by both. */
Test(server_link_v1, both_readers_agree_on_the_bad_states)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s/bad_states", CLB_TEST_DATA_DIR);
    DIR *d = opendir(dir);
    cr_assert_not_null(d);
    struct dirent *e;
    int n = 0;
    while ((e = readdir(d)) != NULL) {
        if (!ends_with(e->d_name, ".json"))
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t len;
        char *json = ts_read_file(path, &len);
        assert_readers_agree(json, len);
        free(json);
        n++;
    }
    closedir(d);
    cr_assert_geq(n, 100);
}
