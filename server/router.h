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

#include <stddef.h>

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

/* The routes, in one table (router.c) that dispatch, the Allow header, the
 * search limiter and the metrics' route labels all read. Route i's path
 * is srv_route_path(i); after the SRV_ROUTE_COUNT routes come two labels:
 * "/static/" and a star (SRV_ROUTE_STATIC) and "other" (SRV_ROUTE_OTHER). */
#define SRV_ROUTE_COUNT 21
#define SRV_ROUTE_STATIC SRV_ROUTE_COUNT
#define SRV_ROUTE_OTHER (SRV_ROUTE_COUNT + 1)
#define SRV_ROUTE_LABELS (SRV_ROUTE_COUNT + 2)

/* The route index of a path (SRV_ROUTE_STATIC for a static file's,
 * SRV_ROUTE_OTHER for any other), and the label of an index. */
size_t srv_route_index(struct clb_str path);
const char *srv_route_path(size_t i);

/* Which methods route i takes, and for which it searches (the review, the
 * list of plays): SRV_METHOD_* bits; GET stands for HEAD too. */
#define SRV_METHOD_GET 1u
#define SRV_METHOD_POST 2u
unsigned srv_route_methods(size_t i);
unsigned srv_route_search_methods(size_t i);

#endif
