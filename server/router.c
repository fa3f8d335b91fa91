/* server/router.c - maps a request's method and path to its answer.
 *
 * Order matters only for the server's own paths, which the page and API
 * routers never claim: /healthz, /livez, /readyz, /static/NAME, then /api
 * (api_route), then
 * the pages (ui_route), and 404 for the rest. A known path asked for with
 * the wrong method gets 405 with an Allow header, an unknown one 404.
 */
/* SPDX-License-Identifier: MIT */
#include "router.h"

#include <stdbool.h>
#include <string.h>

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
    html_lit(resp->body, "ok\n");
}

/* /livez: the process answers. Nothing else is asked of it, so a
 * supervisor restarts only a server that is truly stuck. */
static void router_livez(const struct srv_request *req,
                         struct srv_response *resp)
{
    (void)req;
    resp->status = 200;
    resp->content_type = SRV_TYPE_TEXT;
    html_lit(resp->body, "ok\n");
}

/* /readyz: ready for new players: its word lists loaded (main listens only
 * after loading them) and not draining after SIGTERM. */
static void router_readyz(const struct srv_request *req,
                          struct srv_response *resp)
{
    resp->content_type = SRV_TYPE_TEXT;
    if (atomic_load(&req->ctx->draining)) {
        resp->status = 503;
        html_lit(resp->body, "draining\n");
        return;
    }
    resp->status = 200;
    html_lit(resp->body, "ready\n");
}

static void router_not_found(const struct srv_request *req,
                             struct srv_response *resp)
{
    struct clb_error err;
    clb_error_clear(&err);
    clb_error_set(&err, CLB_ERR_NOT_FOUND, NULL);
    srv_error_for_path(resp, req->path, &err);
}

static void router_method(const struct srv_request *req,
                          struct srv_response *resp)
{
    struct clb_error err;
    clb_error_clear(&err);
    clb_error_set(&err, CLB_ERR_METHOD, NULL);
    srv_error_for_path(resp, req->path, &err);
}

/* The requests whose answer is a search for plays: the review (its page,
 * its cells, its JSON; not a HEAD, which is answered without it) and the
 * list of plays. Everything else (pages, moves, previews, /healthz,
 * static files) costs a replay at most, with the blocked check's small
 * budget. A wrong method is answered 405 without a search. */
static bool router_searches(const struct srv_request *req)
{
    bool post = strcmp(req->method, "POST") == 0;
    if (router_is(req->path, "/api/v1/review") ||
        router_is(req->path, "/api/v1/plays"))
        return post;
    if (router_is(req->path, "/game/review"))
        return post || (strcmp(req->method, "GET") == 0 && !req->head);
    return false;
}

void srv_route(const struct srv_request *req, struct srv_route *out)
{
    bool get = strcmp(req->method, "GET") == 0;
    out->handler = NULL;
    out->asset = NULL;
    out->searches = false;

    if (router_is(req->path, "/healthz")) {
        out->handler = get ? router_healthz : router_method;
        return;
    }
    if (router_is(req->path, "/livez")) {
        out->handler = get ? router_livez : router_method;
        return;
    }
    if (router_is(req->path, "/readyz")) {
        out->handler = get ? router_readyz : router_method;
        return;
    }
    if (router_has_prefix(req->path, ROUTER_STATIC_PREFIX)) {
        size_t skip = strlen(ROUTER_STATIC_PREFIX);
        const struct srv_static_asset *a =
            srv_static_find(req->path.p + skip, req->path.len - skip);
        if (a == NULL)
            out->handler = router_not_found;
        else if (!get)
            out->handler = router_method;
        else
            out->asset = a;
        return;
    }
    out->handler = api_route(req);
    if (out->handler == NULL)
        out->handler = ui_route(req);
    if (out->handler == NULL)
        out->handler = router_not_found;
    out->searches = router_searches(req);
}

/* The methods of the pages (server/ui.c). struct srv_response has no
 * field for a handler to name them, so they are listed here; a page not
 * listed gets the union of what pages accept. */
static const struct {
    const char *path;
    const char *allow;
} router_page_methods[] = {
    {"/", "GET, HEAD"},
    {"/new", "GET, HEAD"},
    {"/game", "GET, HEAD, POST"},
    {"/game/move", "POST"},
    {"/game/turn", "GET, HEAD, POST"},
    {"/game.gcg", "GET, HEAD"},
    {"/game/review", "GET, HEAD, POST"},
};

const char *srv_route_allow(struct clb_str path)
{
    if (srv_is_api_path(path))
        return "POST";
    if (router_is(path, "/healthz") || router_is(path, "/livez") ||
        router_is(path, "/readyz") ||
        router_has_prefix(path, ROUTER_STATIC_PREFIX))
        return "GET, HEAD";
    for (size_t i = 0;
         i < sizeof router_page_methods / sizeof router_page_methods[0]; i++)
        if (router_is(path, router_page_methods[i].path))
            return router_page_methods[i].allow;
    return "GET, HEAD, POST";
}
