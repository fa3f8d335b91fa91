/* server/server.h - the HTTP server: libmicrohttpd in, srv_request out.
 *
 * srv_start() listens on one address and answers every request on
 * libmicrohttpd's own threads: it bounds the connection count, idle time,
 * the time a request may take to arrive and the body size, refuses heads
 * with ambiguous framing, turns a request into a struct srv_request, lets the
 * router pick the answer and sends it with the security headers every
 * response carries, logging one line per request. srv_stop() stops it.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_SERVER_H
#define SRV_SERVER_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/socket.h>

#include "app.h"
#include "http.h"

struct srv_server;

/* How the server shares itself out; zero in every field is the default. */
/* How each request is logged on stderr. */
enum srv_log_format {
    SRV_LOG_TEXT, /* TIME ADDRESS METHOD PATH STATUS BYTES DURATIONus */
    SRV_LOG_JSON, /* one JSON object a line, the same fields */
};

struct srv_options {
    unsigned threads;         /* worker threads; 0: one per online CPU */
    unsigned max_connections; /* 0: CLB_MAX_CONNECTIONS */
    unsigned max_per_ip;      /* connections from one address; 0: no cap */
    enum srv_log_format log_format;
    bool log_requests_off; /* no line per request (start and stop still) */
    /* The mount point (srv_base_check's form: "" or "/a/b"): a request
     * under it is answered with the prefix taken off, and every URL the
     * answers write is under it. */
    const char *base;
};

/* Starts answering on `addr` (IPv4 or IPv6, port 0 for any free port).
 * `ctx` must outlive the server; `opts` may be NULL for the defaults.
 * Returns the server, or NULL with errno set and a reason written to
 * stderr by libmicrohttpd. */
struct srv_server *srv_start(const struct srv_context *ctx,
                             const struct sockaddr *addr,
                             const struct srv_options *opts);

/* The port actually bound (useful after port 0). Cannot fail. */
uint16_t srv_port(const struct srv_server *s);

/* Stops: closes the listening socket at once, lets every request already
 * begun finish (within CLB_STOP_GRACE_S; a request begun after the stop,
 * on a connection kept alive, is answered 503 and every answer closes its
 * connection), then closes every connection, joins the threads and frees
 * *s; NULL is fine. Returns how many requests were still unfinished when
 * the bound ran out (0 normally). */
unsigned srv_stop(struct srv_server *s);

#endif
