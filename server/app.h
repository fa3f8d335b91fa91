/* server/app.h - one request in, one answer out: the application every
 * front end shares.
 *
 * Collabble is served three ways: over HTTP (server/server.c, on
 * libmicrohttpd), as a CGI program (server/cgi.c, RFC 3875) and as a
 * FastCGI program (server/fastcgi.c, on libfcgi). Each front end reads a
 * request its own way into a struct srv_request and the few head fields
 * the answer depends on (struct srv_head), calls srv_app_answer(), and
 * writes the struct srv_answer it gets back: a status, a list of headers
 * and a body. The router, the handlers, the static files, compression,
 * the search limiter, the security headers and the mount point are all
 * here, once, so that the three front ends cannot answer differently.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_APP_H
#define SRV_APP_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "../core/error.h"
#include "../core/limits.h"
#include "html.h"
#include "http.h"

/* The Content-Security-Policy of every answer: no inline script or style,
 * nothing from other origins, no framing. */
#define SRV_CSP                                                                \
    "default-src 'none'; script-src 'self'; style-src 'self'; "                \
    "img-src 'self' data:; connect-src 'self'; form-action 'self'; "           \
    "base-uri 'none'; frame-ancestors 'none'"

/* Room on the stack for a compressed answer: a page compresses to a few
 * KB, and an answer whose copy would not fit goes to the heap. */
#define SRV_GZIP_STACK_BYTES (32 * 1024)

/* The most headers an answer carries: the five every answer has, its
 * type, coding, Vary, ETag, Allow, Location and Retry-After, and room for
 * the front end's own (Content-Length, Connection). */
#define SRV_ANSWER_MAX_HEADERS 16

/* What the application holds for its whole life besides struct
 * srv_context: the places among the requests that search (struct
 * srv_route's `searches`), shared by every thread of a front end that
 * answers several requests at once. */
struct srv_app {
    const struct srv_context *ctx;
    atomic_uint searching;
    unsigned max_searching; /* 0: no limit (CGI: one request a process) */
    /* The process answers one request and ends (CGI): an answer the same
     * for every request is not worth brotli's best quality (3 ms). Set by
     * the front end after srv_app_init (false). */
    bool one_request;
};

/* The head fields an answer depends on beyond struct srv_request. */
struct srv_head {
    const char *accept_encoding; /* NULL when not sent */
    const char *if_none_match;   /* NULL when not sent */
    /* The page's language (server/i18n.h): the device's choice (cookie
     * `lang`), else the browser's (Accept-Language); NULL when not sent. */
    const char *accept_language;
    const char *cookie;
};

struct srv_header {
    const char *name;
    const char *value;
};

/* An answer, ready to write. `body` points into the answer itself, into
 * the binary's read-only data (static files, the last-resort pages) or to
 * nothing (len 0); a HEAD is answered with the same headers and no body,
 * which the front end leaves out. */
struct srv_answer {
    unsigned status;
    size_t nheaders;
    struct srv_header headers[SRV_ANSWER_MAX_HEADERS];
    const char *body;
    size_t len;
    bool body_kept; /* body lives as long as the process (not in *a) */
    /* What the answer owns, freed by srv_answer_free. */
    struct out_buf page;
    char *zheap;
    char retry[16];
    char cookie[CLB_MAX_BASE_PATH + 96];
    char location[CLB_MAX_BASE_PATH + CLB_MAX_LOCATION];
    char zmem[SRV_GZIP_STACK_BYTES];
    char mem[CLB_RESPONSE_INITIAL_BYTES];
};

/* Ready to answer for `ctx`; `max_searching` places for searches (0: no
 * limit). Also makes the one-time preparations (jansson's seed and
 * allocator) that must happen before a second thread exists. */
void srv_app_init(struct srv_app *app, const struct srv_context *ctx,
                  unsigned max_searching);

/* Takes a place among the requests that search for a handler whose route
 * does not search by itself (srv_route's `searches`) but whose request
 * turns out to (the computer's reply to a solo game's move); false when
 * every place is taken: the handler then answers the usual 503
 * (srv_search_busy). Each true is followed by srv_search_give. */
bool srv_search_take(const struct srv_request *req);
void srv_search_give(const struct srv_request *req);

/* The busy answer of a handler that could not take a place: 503, Retry-
 * After, the clear "busy" error, JSON under /api or a page. */
void srv_search_busy(const struct srv_request *req, struct srv_response *resp);

/* Answers `req`: static file, handler or error. `req->path` is the path
 * inside the application and `req->base` where it is mounted (Location
 * headers and the page's URLs are written under it). Always fills *a with
 * a whole answer, if need be the fixed last-resort 500; call
 * srv_answer_free afterwards. */
void srv_app_answer(struct srv_app *app, const struct srv_request *req,
                    const struct srv_head *head, struct srv_answer *a);

/* Answers `code` for a request refused before any handler ran (its head or
 * body broke a limit): JSON under /api, a page elsewhere. `detail` says
 * what was wrong and where. */
void srv_app_refuse(const struct srv_request *req, const struct srv_head *head,
                    enum clb_err code, const char *detail,
                    struct srv_answer *a);

/* The answer when no other can be made (memory ran out): a fixed 500
 * from the binary's read-only data, JSON under /api and a page elsewhere,
 * with the headers every answer carries. Needs no memory. */
void srv_app_last_resort(struct srv_answer *a, struct clb_str path);

/* Adds a header to an answer (dropped when the list is full, which the
 * fixed set above never fills). */
void srv_answer_add(struct srv_answer *a, const char *name, const char *value);

/* The value of a header of the answer, or NULL. */
const char *srv_answer_header(const struct srv_answer *a, const char *name);

void srv_answer_free(struct srv_answer *a);

/* The reason phrase of a status ("Not Found"), for the front ends that
 * write a status line themselves. */
const char *srv_status_text(unsigned status);

/* Checks a mount point: "" or "/" (the root) or '/'-led segments of
 * letters, digits and - . _ ~, without empty, "." or ".." segments; a
 * trailing '/' is dropped. Writes the form pages use ("" or "/a/b") into
 * out (CLB_MAX_BASE_PATH + 1 bytes). NULL when good, else why not. */
const char *srv_base_check(const char *s, size_t len, char *out);

/* The path inside the application of a request path that arrived under
 * `base`: the path with base taken off when it starts with it (as a whole
 * segment), "/" for base itself, else the path unchanged (a proxy that
 * strips the prefix, or a direct request). */
struct clb_str srv_app_path(struct clb_str base, struct clb_str path);

#endif
