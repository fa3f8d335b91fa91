/* server/cgi.h - the CGI front end (RFC 3875): one request a process.
 *
 * The web server starts the program for each request with the request in
 * its environment (GATEWAY_INTERFACE=CGI/1.1 says so) and its body on
 * standard input, and relays what it writes on standard output. Nothing
 * is kept between requests, so the program starts, answers and exits:
 * server/gateway.c does the reading and writing, server/app.c the answer.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_CGI_H
#define SRV_CGI_H

#include <stdbool.h>

#include "http.h"

/* True when the environment says this process was started as a CGI
 * program (GATEWAY_INTERFACE=CGI/1.x). */
bool srv_cgi_requested(void);

/* Answers the one request of this process, from the environment and
 * standard input, on standard output. `base` is the operator's mount
 * point (srv_base_check's form), or NULL to take SCRIPT_NAME. Returns the
 * status answered, 0 when the answer could not be written. */
unsigned srv_cgi_run(const struct srv_context *ctx, const char *base);

#endif
