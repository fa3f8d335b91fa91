/* server/conns.h - every open connection, and the deadlines of its requests.
 *
 * libmicrohttpd's own timeout only measures silence, so a client that sends
 * one byte every few seconds keeps a connection for ever (slowloris). The
 * server therefore registers each connection here when libmicrohttpd
 * accepts it and takes it out when libmicrohttpd closes it; in between it
 * says when the connection starts waiting for a request's headers, when
 * the headers are in (now the body must follow) and when the whole request
 * is in. A watchdog thread wakes a few times a second and shuts down the
 * socket of any connection past its deadline; libmicrohttpd then sees the
 * connection end and closes it the ordinary way, on its own thread.
 *
 * A connection also holds the state of its current request for server.c
 * (`request`), so that whatever libmicrohttpd forgets to hand back at the
 * end of a request is still freed when the connection closes.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_CONNS_H
#define SRV_CONNS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

struct srv_conns;

struct srv_conn {
    /* Owned by server.c: its current request's state, or NULL. Only the
     * connection's libmicrohttpd thread touches it. */
    void *request;
    /* Also server.c's: accepted, and no request begun on it yet (a stop
     * waits a moment for such a connection's first request). */
    bool fresh;
    /* The rest belongs to conns.c. */
    int fd;
    _Atomic uint64_t deadline_ms; /* monotonic; 0 while none applies */
    struct srv_conn *prev, *next;
};

/* Starts the watchdog: headers must be complete `header_s` seconds after a
 * connection starts waiting for a request, the body `body_s` seconds after
 * the headers. Returns NULL with errno set if the thread cannot start. */
struct srv_conns *srv_conns_start(unsigned header_s, unsigned body_s);

/* Stops the watchdog and frees the registry; the connections must all be
 * closed already (libmicrohttpd's daemon stopped). NULL is fine. */
void srv_conns_stop(struct srv_conns *cs);

/* Registers a connection on socket `fd`, waiting for its first request.
 * Returns NULL when out of memory (the caller then drops the client). */
struct srv_conn *srv_conn_open(struct srv_conns *cs, int fd);

/* Unregisters and frees `c` (NULL is fine). Must run before the socket is
 * closed, so the watchdog never shuts down a reused descriptor: it does
 * when libmicrohttpd's connection-closed notification calls it. The caller
 * frees c->request first. */
void srv_conn_close(struct srv_conns *cs, struct srv_conn *c);

/* The connection waits for a new request: the header deadline starts. */
void srv_conn_await_headers(struct srv_conns *cs, struct srv_conn *c);

/* The headers are in: the body deadline starts. */
void srv_conn_await_body(struct srv_conns *cs, struct srv_conn *c);

/* The whole request is in (or answered): no deadline until the next one;
 * the idle timeout still covers a client that stops reading the answer. */
void srv_conn_request_in(struct srv_conn *c);

#endif
