/* server/cgi_main.c - collabble-cgi: the CGI front end alone, as its own
 * small executable.
 *
 * `collabble` answers as a CGI program too (GATEWAY_INTERFACE in its
 * environment); this is the same application without what a CGI request
 * never uses (libmicrohttpd and its TLS libraries, libfcgi), so the
 * dynamic loader has less to do at every request, and a process a request
 * is as cheap as it can be (bench/cgi_bench.sh). Settings come from the
 * environment only (COLLABBLE_LEXICON, COLLABBLE_BASE_PATH): a web server
 * may pass a query as arguments (RFC 3875, 4.4), which are ignored.
 */
/* SPDX-License-Identifier: MIT */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cgi.h"
#include "startup.h"

#ifndef CLB_VERSION
#define CLB_VERSION "0.1.0"
#endif

int main(int argc, char **argv)
{
    if (!srv_cgi_requested()) {
        bool version = argc > 1 && strcmp(argv[1], "--version") == 0;
        fprintf(version ? stdout : stderr,
                version ? "collabble-cgi %s\n"
                        : "collabble-cgi %s: a CGI program, for a web server "
                          "to run (GATEWAY_INTERFACE is not set).\n"
                          "Settings: COLLABBLE_LEXICON, COLLABBLE_BASE_PATH; "
                          "see 'collabble --help'.\n",
                CLB_VERSION);
        return version ? 0 : 2;
    }
    signal(SIGPIPE, SIG_IGN);
    return srv_cgi_program("collabble-cgi");
}
