/* server/respond.c - errors to HTTP: statuses, JSON error bodies, pages.
 *
 * The status column of CLB_FOR_EACH_ERR is expanded here and nowhere else,
 * so core stays free of HTTP and one new error row updates the enum, the
 * messages and the statuses together. JSON errors are written with
 * json_out.h, html_safe: no request text can come back as markup.
 */
/* SPDX-License-Identifier: MIT */
#include "respond.h"

#include <string.h>

#include "../core/tiles.h"

#include "render.h"

#define SRV_ERR_STATUS_(name, code, status, kind, msg)                         \
    [CLB_ERR_##name] = status,
static const int err_statuses[CLB_ERR__COUNT] = {
    CLB_FOR_EACH_ERR(SRV_ERR_STATUS_)};
#undef SRV_ERR_STATUS_

int clb_err_status(enum clb_err code)
{
    if ((unsigned)code >= CLB_ERR__COUNT)
        return 500;
    return err_statuses[code];
}

void srv_error_write(struct jout *j, const struct clb_error *err)
{
    srv_error_write_in(j, &core_tileset_english, err);
}

void srv_error_write_in(struct jout *j, const struct core_tileset *ts,
                        const struct clb_error *err)
{
    jout_open_object(j);
    jout_key(j, "code");
    jout_string(j, clb_err_code(err->code));
    jout_key(j, "message");
    jout_string(j, clb_err_str(err->code));
    jout_key(j, "words");
    jout_open_array(j);
    for (int i = 0; i < err->nwords && i < CLB_MAX_WORDS; i++) {
        char text[CORE_WORD_TEXT_MAX];
        size_t n = core_tiles_text(ts, err->words[i],
                                   strnlen(err->words[i], CLB_WORD_MAX), text,
                                   sizeof text);
        jout_string_n(j, text, n);
    }
    jout_close_array(j);
    jout_key(j, "cells");
    jout_open_array(j);
    for (int i = 0; i < err->ncells && i < CLB_MAX_ERR_CELLS; i++) {
        jout_open_array(j);
        jout_int(j, err->cells[i].row);
        jout_int(j, err->cells[i].col);
        jout_close_array(j);
    }
    jout_close_array(j);
    if (err->detail[0] != '\0') {
        /* A detail may quote request bytes cut at a fixed length, which
         * can split a UTF-8 sequence: keep the error and say why its
         * detail is missing. */
        size_t n = strnlen(err->detail, sizeof err->detail);
        jout_key(j, "detail");
        if (jout_utf8_valid(err->detail, n))
            jout_string_n(j, err->detail, n);
        else
            jout_string(j, "(not shown: not valid UTF-8)");
    }
    jout_close_object(j);
}

void srv_error_json(struct srv_response *resp, const struct clb_error *err)
{
    srv_error_json_in(resp, &core_tileset_english, err);
}

void srv_error_json_in(struct srv_response *resp, const struct core_tileset *ts,
                       const struct clb_error *err)
{
    resp->status = clb_err_status(err->code);
    resp->content_type = SRV_TYPE_JSON;
    struct jout j;
    jout_init(&j, resp->body, true);
    jout_open_object(&j);
    jout_key(&j, "error");
    srv_error_write_in(&j, ts, err);
    jout_close_object(&j);
    out_lit(resp->body, "\n");
    if (j.bad)
        resp->body->overflow = true; /* the dispatcher's last-resort answer */
}

/* Answers the pages' error page (render_error_page) with the error's
 * status: for errors outside /api, e.g. 404, 405, 413. The pages' own
 * error page, so a 404 or a 413 looks like the app and offers the same
 * way back. */
static void srv_error_page(struct srv_response *resp,
                           const struct clb_error *err)
{
    resp->status = clb_err_status(err->code);
    resp->content_type = SRV_TYPE_HTML;
    render_error_page(resp->body, err);
}

bool srv_is_api_path(struct clb_str path)
{
    if (path.len < 4 || memcmp(path.p, "/api", 4) != 0)
        return false;
    return path.len == 4 || path.p[4] == '/';
}

void srv_error_for_path(struct srv_response *resp, struct clb_str path,
                        const struct clb_error *err)
{
    if (srv_is_api_path(path))
        srv_error_json(resp, err);
    else
        srv_error_page(resp, err);
}
