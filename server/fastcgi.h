/* server/fastcgi.h - the FastCGI front end: a persistent process that a
 * web server starts or connects to.
 *
 * Through Debian's libfcgi, the reference library. The process listens on
 * the socket it was started on (standard input a listening socket: how
 * lighttpd's mod_fastcgi, spawn-fcgi and Apache's mod_fcgid start a
 * FastCGI program) or on one it opens itself (--fastcgi ADDR). A pool of
 * threads accepts and answers requests, each through server/gateway.c and
 * server/app.c, with the same search limiter as the HTTP front end.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_FASTCGI_H
#define SRV_FASTCGI_H

#include <signal.h>
#include <stdbool.h>

#include "http.h"

struct srv_fastcgi_options {
    /* NULL: the listening socket is standard input; else a Unix socket
     * path, or HOST:PORT or :PORT for TCP (libfcgi's FCGX_OpenSocket). */
    const char *address;
    unsigned threads; /* 0: one per online CPU */
    const char *base; /* the mount point (srv_base_check's form) or NULL */
};

/* True when standard input is a listening socket: the process was started
 * by a web server as a FastCGI program. */
bool srv_fastcgi_started_on_socket(void);

/* Serves until one of the signals in `stop` arrives (they must be blocked
 * in every thread already), then stops accepting, lets the requests being
 * answered finish and returns 0; 1 when it could not listen (after saying
 * why on stderr). */
int srv_fastcgi_run(const struct srv_context *ctx,
                    const struct srv_fastcgi_options *opts,
                    const sigset_t *stop);

#endif
