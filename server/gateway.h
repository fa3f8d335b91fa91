/* server/gateway.h - a request handed over by a web server: CGI and
 * FastCGI.
 *
 * Both hand the application a request as RFC 3875's variables
 * (REQUEST_METHOD, PATH_INFO, QUERY_STRING, CONTENT_LENGTH, HTTP_*...) and
 * a body stream, and take the answer as a CGI response (a Status line,
 * headers, a blank line, the body). srv_gateway_serve() is that one
 * translation, for both: it checks every variable (they are attacker
 * input: a client chose the path, the query and every HTTP_* header),
 * reads at most CONTENT_LENGTH bytes of the body within the body
 * deadline, asks server/app.c for the answer and writes it. Only how the
 * bytes come and go differs (server/cgi.c: the process's environment and
 * standard input and output; server/fastcgi.c: libfcgi's streams).
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_GATEWAY_H
#define SRV_GATEWAY_H

#include <stdbool.h>
#include <stddef.h>

#include "app.h"

/* How the bytes of one request come and go. */
struct srv_gateway_io {
    void *cls;
    /* Reads up to n bytes of the body into buf: the count read, 0 at the
     * end of the stream, -1 on an error or when the body deadline passed
     * (CLB_BODY_DEADLINE_S from the first call). */
    long (*read)(void *cls, char *buf, size_t n);
    /* Writes all n bytes; false when the peer is gone. */
    bool (*write)(void *cls, const char *buf, size_t n);
};

/* Where the application's path and mount come from. */
enum srv_gateway_kind {
    /* CGI: the path is PATH_INFO; the mount is SCRIPT_NAME, unless the
     * operator set one (`base`). */
    SRV_GATEWAY_CGI,
    /* FastCGI: the path is REQUEST_URI's (else SCRIPT_NAME then
     * PATH_INFO), with the mount `base` taken off when it starts with it,
     * as over HTTP. */
    SRV_GATEWAY_FASTCGI,
};

/* Answers the request in `envp` (NAME=VALUE strings, NULL-terminated),
 * whose body comes through io->read, by writing a CGI response through
 * io->write. `base` is the operator's mount point in srv_base_check's
 * form, or NULL for none. Never fails: a bad request gets its 4xx answer.
 * Returns the status answered (0 when the answer could not be written). */
unsigned srv_gateway_serve(struct srv_app *app, char **envp,
                           enum srv_gateway_kind kind, const char *base,
                           const struct srv_gateway_io *io);

#endif
