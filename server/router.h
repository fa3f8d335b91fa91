/* server/router.h - which handler answers a request.
 *
 * One table of the server's own paths (/healthz, /static/...) in front of
 * the JSON API's and the pages' routers. The libmicrohttpd glue calls
 * srv_route() once per request and either sends an embedded static file or
 * runs the one handler it names; nothing else picks handlers.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_ROUTER_H
#define SRV_ROUTER_H

#include "http.h"
#include "static_assets.h"

struct srv_route {
    /* Exactly one of the two is set. */
    srv_handler *handler;
    const struct srv_static_asset *asset; /* GET/HEAD /static/NAME */
    /* The handler searches for plays (the review, the list of plays): the
     * server runs only so many of these at once (CLB_SEARCH_THREADS_KEPT_FREE).
     */
    bool searches;
};

/* Picks the answer for req: a static file, a handler of the API or the
 * pages, or the 404 / 405 handlers. req->method is "GET" for a HEAD
 * request. Cannot fail. */
void srv_route(const struct srv_request *req, struct srv_route *out);

/* The Allow header for a 405 on `path`. Cannot fail. */
const char *srv_route_allow(struct clb_str path);

#endif
