/* server/respond.c - errors to HTTP: statuses, JSON error bodies, pages.
 *
 * The status column of CLB_FOR_EACH_ERR is expanded here and nowhere else,
 * so core stays free of HTTP and one new error row updates the enum, the
 * messages and the statuses together. Every JSON body is written through
 * srv_json_body(), which escapes the characters HTML cares about.
 */
/* SPDX-License-Identifier: MIT */
#include "respond.h"

#include <string.h>

#include "render.h"

#define SRV_ERR_STATUS_(name, code, status, msg) [CLB_ERR_##name] = status,
static const int err_statuses[CLB_ERR__COUNT] = {
    CLB_FOR_EACH_ERR(SRV_ERR_STATUS_)};
#undef SRV_ERR_STATUS_

int clb_err_status(enum clb_err code)
{
    if ((unsigned)code >= CLB_ERR__COUNT)
        return 500;
    return err_statuses[code];
}

int srv_error_status(const struct clb_error *err)
{
    return clb_err_status(err->code);
}

json_t *srv_error_object(const struct clb_error *err)
{
    /* jansson's *_new setters take the value's reference even when they
     * fail, so each value built here is owned by exactly one container. */
    json_t *obj = json_object();
    json_t *words = json_array();
    json_t *cells = json_array();
    int bad = obj == NULL || words == NULL || cells == NULL;
    for (int i = 0; !bad && i < err->nwords && i < CLB_MAX_WORDS; i++)
        bad |= json_array_append_new(words, json_string(err->words[i]));
    for (int i = 0; !bad && i < err->ncells && i < CLB_MAX_ERR_CELLS; i++)
        bad |= json_array_append_new(
            cells, json_pack("[ii]", err->cells[i].row, err->cells[i].col));
    if (bad) {
        json_decref(words);
        json_decref(cells);
        json_decref(obj);
        return NULL;
    }
    /* Key order is fixed (jansson keeps insertion order) so the same
     * request always gives byte-identical answers. */
    bad |=
        json_object_set_new(obj, "code", json_string(clb_err_code(err->code)));
    bad |= json_object_set_new(obj, "message",
                               json_string(clb_err_str(err->code)));
    bad |= json_object_set_new(obj, "words", words);
    bad |= json_object_set_new(obj, "cells", cells);
    if (err->detail[0] != '\0') {
        /* A detail may quote request bytes cut at a fixed length, which
         * can split a UTF-8 sequence; json_string() refuses invalid
         * UTF-8, so keep the error and say why its detail is missing. */
        json_t *d = json_string(err->detail);
        if (d == NULL)
            d = json_string("(not shown: not valid UTF-8)");
        bad |= json_object_set_new(obj, "detail", d);
    }
    if (bad) {
        json_decref(obj);
        return NULL;
    }
    return obj;
}

/* json_dump_callback sink: copies into the html_buf, replacing the three
 * characters that could open markup with their \u escapes. They can only
 * occur inside JSON strings, where the escape means the same character. */
static int srv_json_sink(const char *buf, size_t size, void *data)
{
    struct html_buf *b = data;
    size_t start = 0;
    for (size_t i = 0; i < size; i++) {
        const char *esc = NULL;
        switch (buf[i]) {
        case '<': esc = "\\u003c"; break;
        case '>': esc = "\\u003e"; break;
        case '&': esc = "\\u0026"; break;
        default: continue;
        }
        html_rawn(b, buf + start, i - start);
        html_raw(b, esc);
        start = i + 1;
    }
    html_rawn(b, buf + start, size - start);
    return b->overflow ? -1 : 0;
}

bool srv_json_body(struct srv_response *resp, int status, const json_t *v)
{
    resp->status = status;
    resp->content_type = SRV_TYPE_JSON;
    if (v == NULL) {
        resp->body->overflow = true; /* out of memory building v */
        return false;
    }
    if (json_dump_callback(v, srv_json_sink, resp->body, JSON_COMPACT) != 0) {
        resp->body->overflow = true;
        return false;
    }
    html_lit(resp->body, "\n");
    return !resp->body->overflow;
}

void srv_error_json(struct srv_response *resp, const struct clb_error *err)
{
    json_t *root = json_object();
    json_t *obj = srv_error_object(err);
    if (root != NULL && obj != NULL &&
        json_object_set_new(root, "error", obj) == 0) {
        (void)srv_json_body(resp, srv_error_status(err), root);
        json_decref(root);
        return;
    }
    if (root == NULL || obj == NULL)
        json_decref(obj);
    json_decref(root);
    resp->status = srv_error_status(err);
    resp->content_type = SRV_TYPE_JSON;
    resp->body->overflow = true; /* the dispatcher's last-resort answer */
}

void srv_error_html(struct html_buf *b, const struct clb_error *err)
{
    /* "Not in the dictionary: CTA, AZ." - the sentence, then what it is
     * about. */
    html_text(b, clb_err_str(err->code));
    if (err->detail[0] != '\0') {
        html_lit(b, ": ");
        html_text(b, err->detail);
    }
    html_lit(b, ".");
}

void srv_error_page(struct srv_response *resp, const struct clb_error *err)
{
    /* The pages' own error page, so a 404 or a 413 looks like the app and
     * offers the same way back. */
    resp->status = srv_error_status(err);
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
