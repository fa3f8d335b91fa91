/* server/http.h - the shape every request handler has.
 *
 * Each front end (HTTP: server.c, CGI: cgi.c, FastCGI: fastcgi.c) turns
 * a request into a struct srv_request (method, path, query, a fully-read
 * and size-checked body) and hands it to server/app.c, which calls the one
 * handler the router picks and turns the struct srv_response it filled
 * into the answer the front end writes. Handlers never talk to a front
 * end; they read the request, call core/, dict/ and the link codecs, and
 * write a status and a body.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_HTTP_H
#define SRV_HTTP_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "../core/limits.h"
#include "../dict/dict.h"
#include "html.h"

/* A slice of request bytes; not NUL-terminated unless said. */
struct clb_str {
    const char *p;
    size_t len;
};

/* What the server holds for its whole life: the loaded lexicons (read-only,
 * shared by every request) and where its static files are. */
struct srv_context {
    int nlexicons;
    struct dict *lexicons[CLB_MAX_LEXICONS];
    char lexicon_names[CLB_MAX_LEXICONS][CLB_LEXICON_NAME_MAX + 1];
    /* lexicons[0] is the default, used by states without a "lexicon" key. */
    /* Set once SIGTERM or SIGINT starts the drain (--drain-seconds): the
     * server still answers everything, but /readyz says 503 so that a
     * proxy or orchestrator stops sending it new players. */
    atomic_bool draining;
};

struct srv_app;
struct i18n_catalogue;

struct srv_request {
    const struct srv_context *ctx;
    const char *method;       /* "GET", "POST", ... */
    struct clb_str path;      /* inside the application, without the query */
    struct clb_str base;      /* where the application is mounted: "" at the
                               * root, else "/a/b" (server/app.h) */
    struct clb_str query;     /* after '?', may be empty */
    struct clb_str body;      /* at most CLB_MAX_BODY_BYTES */
    const char *content_type; /* may be NULL */
    bool head; /* a HEAD, which handlers see as GET: nothing will be sent */
    const char *host; /* the Host header; NULL when none was sent */
    /* The places among the requests that search, for a handler that finds
     * out only from the body that it searches (a solo game's move): set
     * by srv_app_answer; NULL, no limit. */
    struct srv_app *app;
};

struct srv_response {
    int status;
    const char *content_type;        /* static string */
    const char *cache_control;       /* static string, NULL for the default */
    char location[CLB_MAX_LOCATION]; /* for redirects; "" if none */
    int retry_after;                 /* seconds for Retry-After; 0: none */
    /* The body is what this process answers to every such request (no
     * part of the request in it): its gzip copy is made once a thread at
     * the best level and kept (srv_gzip_kept). */
    bool same_for_all;
    /* A language the device chose (the switch): the answer sets the
     * cookie `lang` to it. NULL: no cookie. */
    const struct i18n_catalogue *set_lang;
    struct out_buf *body;
};

typedef void srv_handler(const struct srv_request *req,
                         struct srv_response *resp);

#endif
