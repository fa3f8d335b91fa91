/* server/router.c - maps a request's method and path to its answer.
 *
 * One table (router_table) names every route: its path, the methods it
 * takes, those for which it searches, and its handler; /static/NAME is the
 * embedded files. A known path asked for with a method it does not take
 * gets 405 with an Allow header, an unknown one 404.
 */
/* SPDX-License-Identifier: MIT */
#include "router.h"

#include <stdbool.h>
#include <string.h>

#include <assert.h>

#include "api.h"
#include "respond.h"
#include "ui.h"

#define ROUTER_STATIC_PREFIX "/static/"

static bool router_is(struct clb_str path, const char *lit)
{
    size_t n = strlen(lit);
    return path.len == n && memcmp(path.p, lit, n) == 0;
}

static bool router_has_prefix(struct clb_str path, const char *lit)
{
    size_t n = strlen(lit);
    return path.len >= n && memcmp(path.p, lit, n) == 0;
}

static void router_healthz(const struct srv_request *req,
                           struct srv_response *resp)
{
    (void)req;
    /* Ready means the lexicons are loaded: main starts listening only
     * after that, so answering at all is the readiness signal. */
    resp->status = 200;
    resp->content_type = SRV_TYPE_TEXT;
    out_lit(resp->body, "ok\n");
}

/* /livez: the process answers. Nothing else is asked of it, so a
 * supervisor restarts only a server that is truly stuck. */
static void router_livez(const struct srv_request *req,
                         struct srv_response *resp)
{
    (void)req;
    resp->status = 200;
    resp->content_type = SRV_TYPE_TEXT;
    out_lit(resp->body, "ok\n");
}

/* /readyz: ready for new players: its word lists loaded (main listens only
 * after loading them) and not draining after SIGTERM. */
static void router_readyz(const struct srv_request *req,
                          struct srv_response *resp)
{
    resp->content_type = SRV_TYPE_TEXT;
    if (atomic_load(&req->ctx->draining)) {
        resp->status = 503;
        out_lit(resp->body, "draining\n");
        return;
    }
    resp->status = 200;
    out_lit(resp->body, "ready\n");
}

/* A path nothing answers: JSON under /api, a page elsewhere. */
static void router_not_found(const struct srv_request *req,
                             struct srv_response *resp)
{
    struct clb_error err;
    clb_error_clear(&err);
    clb_error_set(&err, CLB_ERR_NOT_FOUND, "%s",
                  srv_is_api_path(req->path) ? "no such API endpoint" : "");
    srv_error_for_path(resp, req->path, &err);
}

/* A known path asked for with a method it does not take: 405, and the
 * Allow header (srv_route_allow) says which it takes. */
static void router_method(const struct srv_request *req,
                          struct srv_response *resp)
{
    struct clb_error err;
    clb_error_clear(&err);
    /* The API's answer says which; a page's says it in its sentence. */
    if (srv_is_api_path(req->path))
        clb_error_set(&err, CLB_ERR_METHOD, "use %s",
                      srv_route_allow(req->path));
    else
        clb_error_set(&err, CLB_ERR_METHOD, NULL);
    srv_error_for_path(resp, req->path, &err);
}

enum { GET = SRV_METHOD_GET, POST = SRV_METHOD_POST };

/* Every route the server answers, once: its path, the methods it takes,
 * those for which it searches for plays (the review and the list of plays:
 * the server runs only so many searches at once; a HEAD never searches),
 * and its handler. Dispatch, the Allow header, the limiter and the
 * metrics' labels all read this table; tests/server/test_router.c walks it. */
static const struct {
    const char *path;
    unsigned methods, searches;
    srv_handler *handler;
} router_table[] = {
    /* clang-format off */
    {"/",               GET,        0,          ui_root},
    {"/new",            GET,        0,          ui_new},
    {"/daily",          GET,        0,          ui_daily},
    {"/game",           GET | POST, 0,          ui_game},
    {"/game/move",      POST,       0,          ui_move},
    {"/game/turn",      GET | POST, 0,          ui_turn},
    {"/game.gcg",       GET,        0,          ui_gcg},
    {"/game/review",    GET | POST, GET | POST, ui_review},
    {"/lang",           GET | POST, 0,          ui_lang},
    {"/game/word",      GET,        0,          ui_word},
    {"/healthz",        GET,        0,          router_healthz},
    {"/livez",          GET,        0,          router_livez},
    {"/readyz",         GET,        0,          router_readyz},
    {"/api/v1/games",   POST,       0,          api_games},
    {"/api/v1/move",    POST,       0,          api_move},
    {"/api/v1/preview", POST,       0,          api_preview},
    {"/api/v1/decode",  POST,       0,          api_decode},
    {"/api/v1/gcg",     POST,       0,          api_gcg},
    {"/api/v1/plays",   POST,       POST,       api_plays},
    {"/api/v1/review",  POST,       POST,       api_review},
    {"/api/v1/words",   POST,       0,          api_words},
    /* clang-format on */
};
static_assert(sizeof router_table / sizeof router_table[0] == SRV_ROUTE_COUNT,
              "SRV_ROUTE_COUNT (router.h) counts router_table's routes");

size_t srv_route_index(struct clb_str path)
{
    for (size_t i = 0; i < SRV_ROUTE_COUNT; i++)
        if (router_is(path, router_table[i].path))
            return i;
    if (router_has_prefix(path, ROUTER_STATIC_PREFIX))
        return SRV_ROUTE_STATIC;
    return SRV_ROUTE_OTHER;
}

const char *srv_route_path(size_t i)
{
    return i < SRV_ROUTE_COUNT     ? router_table[i].path
           : i == SRV_ROUTE_STATIC ? "/static/*"
                                   : "other";
}

unsigned srv_route_methods(size_t i)
{
    return i < SRV_ROUTE_COUNT     ? router_table[i].methods
           : i == SRV_ROUTE_STATIC ? GET
                                   : 0;
}

unsigned srv_route_search_methods(size_t i)
{
    return i < SRV_ROUTE_COUNT ? router_table[i].searches : 0;
}

/* The method bit of a request's method; 0 for one no route takes. */
static unsigned router_method_bit(const char *method)
{
    return strcmp(method, "GET") == 0    ? GET
           : strcmp(method, "POST") == 0 ? POST
                                         : 0;
}

void srv_route(const struct srv_request *req, struct srv_route *out)
{
    size_t i = srv_route_index(req->path);
    unsigned m = router_method_bit(req->method);
    out->handler = NULL;
    out->asset = NULL;
    out->searches = false;
    if (i == SRV_ROUTE_STATIC) {
        size_t skip = strlen(ROUTER_STATIC_PREFIX);
        const struct srv_static_asset *a =
            srv_static_find(req->path.p + skip, req->path.len - skip);
        if (a == NULL)
            out->handler = router_not_found;
        else if (m != GET)
            out->handler = router_method;
        else
            out->asset = a;
        return;
    }
    if (i == SRV_ROUTE_OTHER) {
        out->handler = router_not_found;
        return;
    }
    if ((router_table[i].methods & m) == 0) {
        out->handler = router_method;
        return;
    }
    out->handler = router_table[i].handler;
    out->searches = (router_table[i].searches & m) != 0 && !req->head;
}

const char *srv_route_allow(struct clb_str path)
{
    unsigned m = srv_route_methods(srv_route_index(path));
    return m == (GET | POST) ? "GET, HEAD, POST"
           : m == POST       ? "POST"
           : m == GET        ? "GET, HEAD"
                             : "GET, HEAD, POST";
}
