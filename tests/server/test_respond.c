/* tests/server/test_respond.c - the one place errors become HTTP: every error
 * row has its status, the JSON error object carries code, message, words and
 * cells, and request text can never come back as markup. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <string.h>

#include <jansson.h>

#include "../../server/respond.h"

Test(server_respond, every_error_row_has_its_status)
{
    /* The status column of CLB_FOR_EACH_ERR, restated by hand. */
    static const struct {
        enum clb_err code;
        int status;
    } want[] = {
        {CLB_ERR_OK, 200},
        {CLB_ERR_GAME_OVER, 422},
        {CLB_ERR_NOT_IN_RACK, 422},
        {CLB_ERR_OUT_OF_BOUNDS, 422},
        {CLB_ERR_OCCUPIED, 422},
        {CLB_ERR_NOT_IN_LINE, 422},
        {CLB_ERR_GAP, 422},
        {CLB_ERR_MUST_COVER_CENTER, 422},
        {CLB_ERR_TOO_SHORT, 422},
        {CLB_ERR_NOT_CONNECTED, 422},
        {CLB_ERR_INVALID_WORD, 422},
        {CLB_ERR_EXCHANGE_NOT_ALLOWED, 422},
        {CLB_ERR_NO_TILES, 422},
        {CLB_ERR_BAD_STATE, 400},
        {CLB_ERR_UNKNOWN_LEXICON, 400},
        {CLB_ERR_BAD_REQUEST, 400},
        {CLB_ERR_BAD_NOTATION, 400},
        {CLB_ERR_TOO_LARGE, 413},
        {CLB_ERR_BAD_LEXICON, 500},
        {CLB_ERR_NOT_FOUND, 404},
        {CLB_ERR_METHOD, 405},
        {CLB_ERR_INTERNAL, 500},
        {CLB_ERR_BUSY, 503},
        {CLB_ERR_NOT_GOALS_GAME, 422},
        {CLB_ERR_NO_HELPER_LEFT, 422},
        {CLB_ERR_BAD_SWAP, 422},
        {CLB_ERR_NO_CLASSIC_LINK, 422},
        {CLB_ERR_TOO_MANY, 429},
    };
    cr_assert_eq(sizeof want / sizeof want[0], (size_t)CLB_ERR__COUNT,
                 "a new error row needs its status here too");
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        cr_assert_eq(clb_err_status(want[i].code), want[i].status, "%s",
                     clb_err_code(want[i].code));
    cr_assert_eq(clb_err_status(CLB_ERR__COUNT), 500);
}

Test(server_respond, error_object_names_words_and_cells)
{
    struct clb_error err;
    clb_error_clear(&err);
    clb_error_set(&err, CLB_ERR_INVALID_WORD, "CTA");
    clb_error_add_word(&err, "CTA", 3);
    clb_error_add_cell(&err, 7, 6);
    clb_error_add_cell(&err, 7, 7);
    clb_error_add_cell(&err, 7, 7); /* named once */
    char mem[512];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, 4096);
    struct jout j;
    jout_init(&j, &b, true);
    srv_error_write(&j, &err);
    cr_assert(jout_ok(&j));
    json_error_t jerr;
    json_t *o = json_loadb(b.p, b.len, 0, &jerr);
    out_free(&b);
    cr_assert_not_null(o, "%s", jerr.text);
    cr_assert_str_eq(json_string_value(json_object_get(o, "code")),
                     "invalid_word");
    cr_assert_str_eq(json_string_value(json_object_get(o, "message")),
                     "Not in the dictionary");
    cr_assert_str_eq(json_string_value(json_object_get(o, "detail")), "CTA");
    json_t *cells = json_object_get(o, "cells");
    cr_assert_eq(json_array_size(cells), 2);
    cr_assert_eq(
        json_integer_value(json_array_get(json_array_get(cells, 1), 1)), 7);
    cr_assert_str_eq(
        json_string_value(json_array_get(json_object_get(o, "words"), 0)),
        "CTA");
    json_decref(o);
}

Test(server_respond, json_body_never_carries_markup)
{
    char mem[256];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, 4096);
    struct srv_response resp = {.body = &b};
    struct clb_error err;
    clb_error_clear(&err);
    clb_error_set(&err, CLB_ERR_BAD_STATE, "gameId: \"<script>&\"");
    srv_error_json(&resp, &err);
    cr_assert_eq(resp.status, 400);
    cr_assert_str_eq(resp.content_type, SRV_TYPE_JSON);
    cr_assert_null(strchr(b.p, '<'));
    cr_assert_null(strchr(b.p, '&'));
    cr_assert_not_null(strstr(b.p, "\\u003cscript\\u003e\\u0026"));
    out_free(&b);
}

/* The pages' error page (outside /api) says the error's sentence once,
 * with its detail escaped: the sentence is render_pages.c's alone. */
Test(server_respond, error_page_sentence_is_escaped_html)
{
    char mem[256];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, 64 * 1024);
    struct srv_response resp = {.body = &b};
    struct clb_error err;
    clb_error_clear(&err);
    clb_error_set(&err, CLB_ERR_BAD_REQUEST, "<img src=x onerror=alert(1)>");
    srv_error_for_path(&resp, (struct clb_str){"/game", 5}, &err);
    cr_assert_eq(resp.status, 400);
    cr_assert_str_eq(resp.content_type, SRV_TYPE_HTML);
    cr_assert_not_null(strstr(b.p, "The request is malformed (&lt;img "
                                   "src=x onerror=alert(1)&gt;)."),
                       "%s", b.p);
    cr_assert_null(strstr(b.p, "<img"));
    out_free(&b);
}

/* The kind column and the status column agree: a rule's refusal is 422,
 * a request's any other 4xx, the server's a 5xx. */
Test(server_respond, every_error_kind_has_its_family_of_status)
{
    for (int c = 0; c < CLB_ERR__COUNT; c++) {
        int status = clb_err_status((enum clb_err)c);
        enum clb_err_kind want = status == 200   ? CLB_ERR_KIND_NONE
                                 : status == 422 ? CLB_ERR_KIND_RULE
                                 : status >= 500 ? CLB_ERR_KIND_SERVER
                                                 : CLB_ERR_KIND_REQUEST;
        cr_assert_eq(clb_err_kind_of((enum clb_err)c), want, "%s",
                     clb_err_code((enum clb_err)c));
    }
    cr_assert_eq(clb_err_kind_of(CLB_ERR__COUNT), CLB_ERR_KIND_SERVER);
}
