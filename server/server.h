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
#include "clients.h"
#include "http.h"

struct srv_server;

/* How the server shares itself out; zero in every field is the default. */
/* How each request is logged on stderr. */
enum srv_log_format {
    SRV_LOG_TEXT, /* TIME ADDRESS METHOD PATH STATUS BYTES DURATIONus */
    SRV_LOG_JSON, /* one JSON object a line, the same fields */
};

struct srv_options {
    unsigned threads;         /* worker threads in all; 0: one per online CPU */
    unsigned max_connections; /* 0: CLB_MAX_CONNECTIONS */
    unsigned max_per_ip;      /* connections from one address; 0: no cap */
    enum srv_log_format log_format;
    bool log_requests_off; /* no line per request (start and stop still) */
    /* The mount point (srv_base_check's form: "" or "/a/b"): a request
     * under it is answered with the prefix taken off, and every URL the
     * answers write is under it. */
    const char *base;
    /* The proxies whose forwarded client address is believed (clients.h);
     * with them, max_per_ip counts each client's requests in progress. */
    const struct srv_cidr *trusted;
    size_t ntrusted;
};

/* One address to listen on: IPv4, IPv6 (the wildcard "::" takes IPv4 too,
 * where the system allows, unless an IPv4 address is also given) or a Unix
 * socket path (AF_UNIX: for a proxy on the same machine). */
struct srv_listener {
    struct sockaddr_storage addr;
    socklen_t len;
};

/* Starts answering on the n listeners (1 to CLB_MAX_LISTENERS; a port 0
 * after the first free port found means that port: --bind localhost
 * --port 0), sharing out the threads. `ctx` must outlive the server;
 * `opts` may be NULL for the defaults. Returns the server, or NULL with
 * errno set (and libmicrohttpd's reason on stderr, when it has one). */
struct srv_server *srv_start(const struct srv_context *ctx,
                             const struct srv_listener *ls, size_t n,
                             const struct srv_options *opts);

/* How many listeners, and the port listener i is bound to (useful after
 * port 0; 0 for a Unix socket). Cannot fail. */
size_t srv_listener_count(const struct srv_server *s);
uint16_t srv_port(const struct srv_server *s, size_t i);

/* Stops: closes the listening socket at once, lets every request already
 * begun finish (within CLB_STOP_GRACE_S; a request begun after the stop,
 * on a connection kept alive, is answered 503 and every answer closes its
 * connection), then closes every connection, joins the threads and frees
 * *s; NULL is fine. Returns how many requests were still unfinished when
 * the bound ran out (0 normally). */
unsigned srv_stop(struct srv_server *s);

#endif
