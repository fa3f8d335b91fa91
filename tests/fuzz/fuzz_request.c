/* tests/fuzz/fuzz_request.c - libFuzzer target for everything a request
 * carries past the HTTP layer: the query string and the body, through the
 * real router and handlers (the JSON API's bodies, the pages' form fields,
 * the new-game form), exactly as server.c calls them but without a socket.
 *
 * Input: the first byte picks a method and path from `routes` (new routes
 * go at the end, so the seeds' first bytes keep theirs); the rest is
 * split at the first 0xFF byte into the query and the body (0xFF never
 * occurs in valid UTF-8, so seeds stay readable). The body is cut at
 * CLB_MAX_BODY_BYTES, as the glue does before any handler runs.
 *
 * The pages' routes get a form's content type and the API's JSON; a
 * request has a Host, as a browser's does.
 *
 * Besides "no crash, no leak, no UB", it checks the handlers' contract:
 * every request gets a status from 200 to 499 (never a 500: bad input is
 * the client's error), a content type, and no overflow of the body; an
 * API answer of 200 is the same when only jansson can read the body
 * (check_slow_path_agrees); and a redirect's target reads back
 * (check_redirect_reads).
 * Build and run: bash tests/fuzz/run.sh [SECONDS].
 */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* memmem */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../dict/dict.h"
#include "../../server/http.h"
#include "../../server/router.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const struct {
    const char *method;
    const char *path;
} routes[] = {
    {"POST", "/api/v1/games"},
    {"POST", "/api/v1/move"},
    {"POST", "/api/v1/preview"},
    {"POST", "/api/v1/decode"},
    {"GET", "/"},
    {"GET", "/game"},
    {"POST", "/game"},
    {"POST", "/game/move"},
    {"GET", "/new"},
    {"GET", "/healthz"},
    {"PUT", "/api/v1/move"},
    {"GET", "/nowhere"},
    {"POST", "/api/v1/gcg"},
    {"GET", "/game.gcg"},
    {"POST", "/api/v1/plays"},
    {"POST", "/api/v1/review"},
    {"POST", "/game/review"},
    {"GET", "/game/review"},
    {"POST", "/game/turn"},
    {"GET", "/daily"},
};

/* A small lexicon so that plays reach the word check and are scored. */
static const char words[] = "AT\nTA\nCAT\nACT\nTAX\nAX\nXI\nQI\nZA\nEAT\nTEA\n"
                            "ATE\nRAT\nTAR\nART\nSAT\nSEAT\nEATS\nCATS\n";

static struct srv_context *context(void)
{
    static struct srv_context ctx;
    static int ready;
    if (!ready) {
        struct clb_error err;
        if (dict_from_text(words, sizeof words - 1, "fuzz", &ctx.lexicons[0],
                           &err) != CLB_ERR_OK)
            abort();
        strcpy(ctx.lexicon_names[0], "fuzz");
        ctx.nlexicons = 1;
        ready = 1;
    }
    return &ctx;
}

/* Runs the request through the router and its handler; false for a static
 * file (nothing to check). */
static bool answer(const struct srv_request *req, struct srv_response *resp)
{
    struct srv_route route;
    srv_route(req, &route);
    if (route.asset != NULL)
        return false;
    route.handler(req, resp);
    return true;
}

/* The API reads its usual bodies in place and gives the others to jansson
 * (server/json_in.h); the two must mean the same. An answered body is read
 * again with its "state" key spelt with an escape ("\u0073tate"), which
 * only jansson reads: the answer must be the very same bytes. (Without a
 * backslash in the body, every `"state"` is a whole string, key or value,
 * so the respelling changes no meaning.) */
static void check_slow_path_agrees(const struct srv_request *req,
                                   const struct srv_response *resp)
{
    static const char key[] = "\"state\"", slow[] = "\"\\u0073tate\"";
    static char body[CLB_MAX_BODY_BYTES + 16];
    const char *at = memmem(req->body.p, req->body.len, key, sizeof key - 1);
    if (at == NULL || memchr(req->body.p, '\\', req->body.len) != NULL ||
        req->body.len + 5 > CLB_MAX_BODY_BYTES)
        return;
    size_t pre = (size_t)(at - req->body.p);
    memcpy(body, req->body.p, pre);
    memcpy(body + pre, slow, sizeof slow - 1);
    memcpy(body + pre + sizeof slow - 1, at + sizeof key - 1,
           req->body.len - pre - (sizeof key - 1));
    struct srv_request again = *req;
    again.body = (struct clb_str){body, req->body.len + 5};
    static char mem[CLB_RESPONSE_INITIAL_BYTES];
    struct out_buf out;
    out_init(&out, mem, sizeof mem, CLB_MAX_RESPONSE_BYTES);
    struct srv_response resp2 = {.status = 0, .body = &out};
    (void)answer(&again, &resp2);
    if (resp2.status != resp->status || out.len != resp->body->len ||
        memcmp(out.p, resp->body->p, out.len) != 0) {
        fprintf(stderr,
                "fuzz_request: %s answered %d, and %d with its state key "
                "escaped:\n%.*s\n%.*s\n",
                req->path.p, resp->status, resp2.status, (int)resp->body->len,
                resp->body->p, (int)out.len, out.p);
        abort();
    }
    out_free(&out);
}

/* What the server writes it reads back: a redirect's target (the page
 * after a move made with the forms of a page without script, or the GET
 * that shows a refused one) is asked for as the browser will, and must be
 * answered 200 for a move made, and never 5xx. */
static void check_redirect_reads(const struct srv_request *req,
                                 const struct srv_response *resp)
{
    const char *loc = resp->location;
    const char *q = strchr(loc, '?');
    if (loc[0] != '/' || q == NULL)
        return;
    struct srv_request again = *req;
    again.method = "GET";
    again.path = (struct clb_str){loc, (size_t)(q - loc)};
    again.query = (struct clb_str){q + 1, strlen(q + 1)};
    again.body = (struct clb_str){"", 0};
    static char mem[CLB_RESPONSE_INITIAL_BYTES];
    struct out_buf out;
    out_init(&out, mem, sizeof mem, CLB_MAX_RESPONSE_BYTES);
    static struct srv_response resp2;
    memset(&resp2, 0, sizeof resp2);
    resp2.body = &out;
    (void)answer(&again, &resp2);
    bool made = strncmp(loc, "/game?s=", 8) == 0;
    if (resp2.status < 200 || resp2.status > 499 || out.overflow ||
        (made && resp2.status != 200)) {
        fprintf(stderr, "fuzz_request: %s answered %d to %s\n", req->path.p,
                resp2.status, loc);
        abort();
    }
    out_free(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    size_t pick = data[0] % (sizeof routes / sizeof routes[0]);
    const char *rest = (const char *)data + 1;
    size_t n = size - 1;
    const char *split = memchr(rest, 0xFF, n);
    size_t qlen = split != NULL ? (size_t)(split - rest) : n;
    const char *body = split != NULL ? split + 1 : "";
    size_t blen = split != NULL ? n - qlen - 1 : 0;
    if (blen > CLB_MAX_BODY_BYTES)
        blen = CLB_MAX_BODY_BYTES;

    struct srv_request req = {
        .ctx = context(),
        .method = routes[pick].method,
        .path = {routes[pick].path, strlen(routes[pick].path)},
        .query = {rest, qlen},
        .body = {body, blen},
        /* The pages take forms, the API JSON: each its own, so the form
         * fields (the move form's too) reach their readers. */
        .content_type = strncmp(routes[pick].path, "/api/", 5) == 0
                            ? "application/json"
                            : "application/x-www-form-urlencoded",
        .host = "127.0.0.1:8080",
    };
    static char mem[CLB_RESPONSE_INITIAL_BYTES];
    struct out_buf out;
    out_init(&out, mem, sizeof mem, CLB_MAX_RESPONSE_BYTES);
    struct srv_response resp = {.status = 0, .body = &out};
    if (!answer(&req, &resp))
        return 0;
    if (out.overflow || resp.status < 200 || resp.status > 499 ||
        resp.content_type == NULL) {
        fprintf(stderr, "fuzz_request: %s %s answered %d (overflow %d)\n",
                req.method, routes[pick].path, resp.status, out.overflow);
        abort();
    }
    if (resp.status == 200 && strncmp(routes[pick].path, "/api/", 5) == 0)
        check_slow_path_agrees(&req, &resp);
    if (resp.status == 303)
        check_redirect_reads(&req, &resp);
    out_free(&out);
    return 0;
}
