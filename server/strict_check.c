/* server/strict_check.c - the start-up guard of strict.c (strict_check.h):
 * the library version compared, and the rules tried on known heads through
 * a private libmicrohttpd daemon fed over socket pairs.
 */
/* SPDX-License-Identifier: MIT */
#include "strict_check.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "../core/limits.h"
#include "strict.h"

/* The self-test's bound on one head: a few milliseconds is the norm, and
 * anything slower means the library does something the rules were not
 * checked against. */
#define CHECK_HEAD_MS 1000
#define CHECK_POLL_MS 5

struct check_head {
    const char *what;
    const char *bytes;
    size_t len;
};
#define HEAD(what, lit)                                                        \
    {                                                                          \
        what, lit, sizeof lit - 1                                              \
    }

/* The heads tests/http/hostile.test.mjs sends the real server: each must
 * be refused... */
static const struct check_head bad_heads[] = {
    HEAD("conflicting Content-Length",
         "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n"
         "Content-Length: 40\r\n\r\n{}"),
    HEAD("repeated Content-Length",
         "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n"
         "Content-Length: 2\r\n\r\n{}"),
    HEAD("Transfer-Encoding with Content-Length",
         "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n"
         "Content-Length: 7\r\n\r\n2\r\n{}\r\n0\r\n\r\n"),
    HEAD("Transfer-Encoding: gzip",
         "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip\r\n\r\n{}"),
    HEAD("Transfer-Encoding: gzip, chunked",
         "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip, chunked\r\n"
         "\r\n2\r\n{}\r\n0\r\n\r\n"),
    HEAD("two Transfer-Encodings",
         "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n"
         "Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"),
    HEAD("Transfer-Encoding on HTTP/1.0",
         "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n"
         "0\r\n\r\n"),
    HEAD("bare LF everywhere", "GET / HTTP/1.1\nHost: t\n\n"),
    HEAD("bare LF ending the request line", "GET / HTTP/1.1\nHost: t\r\n\r\n"),
    HEAD("bare LF ending a header",
         "GET / HTTP/1.1\r\nHost: t\nX-A: b\r\n\r\n"),
    HEAD("bare LF ending the last header", "GET / HTTP/1.1\r\nHost: t\n\r\n"),
    HEAD("bare LF ending the head", "GET / HTTP/1.1\r\nHost: t\r\n\n"),
    HEAD("a folded header",
         "GET / HTTP/1.1\r\nHost: t\r\nX-A: b\r\n c\r\n\r\n"),
    HEAD("a folded header (tab)",
         "GET / HTTP/1.1\r\nX-A: b\r\n\tc\r\nHost: t\r\n\r\n"),
    HEAD("HTTP/1.1 without Host", "GET / HTTP/1.1\r\n\r\n"),
    HEAD("two Hosts", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"),
    HEAD("a space before the colon", "GET / HTTP/1.1\r\nHost : t\r\n\r\n"),
    HEAD("a space inside a header name",
         "GET / HTTP/1.1\r\nHost: t\r\nX A: b\r\n\r\n"),
    HEAD("a NUL in a header value",
         "GET / HTTP/1.1\r\nHost: t\r\nX-A: a\0b\r\n\r\n"),
    HEAD("a CR inside a header value",
         "GET / HTTP/1.1\r\nHost: t\r\nX-A: a\rb\r\n\r\n"),
    HEAD("a space in the target", "GET /a b HTTP/1.1\r\nHost: t\r\n\r\n"),
    HEAD("a tab in the target", "GET /\ta HTTP/1.1\r\nHost: t\r\n\r\n"),
};

/* ...and each of these served: CRLF, blanks around values, empty values,
 * obs-text, HTTP/1.0 without Host, chunked bodies, Content-Length. */
static const struct check_head good_heads[] = {
    HEAD("a plain GET", "GET / HTTP/1.1\r\nHost: t\r\n\r\n"),
    HEAD("blanks, empty values and obs-text",
         "GET /x?y=1 HTTP/1.1\r\nHost:t\r\nX-Empty:\r\nX-Blank:  \t \r\n"
         "X-Tab:\tv\t\r\nX-Obs: caf\xe9\r\n\r\n"),
    HEAD("HTTP/1.0 without Host", "GET / HTTP/1.0\r\n\r\n"),
    HEAD("a chunked body",
         "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
         "2\r\n{}\r\n0\r\n\r\n"),
    HEAD("a chunked body (Chunked)",
         "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: Chunked\r\n\r\n"
         "1\r\n{\r\n1\r\n}\r\n0\r\n\r\n"),
    HEAD("a Content-Length body",
         "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\n{}"),
};

size_t srv_strict_self_test_bad_heads(void)
{
    return sizeof bad_heads / sizeof bad_heads[0];
}

size_t srv_strict_self_test_good_heads(void)
{
    return sizeof good_heads / sizeof good_heads[0];
}

bool srv_strict_version_ok(const char *have, const char *allowed, char *why,
                           size_t cap)
{
    if (have != NULL && (strcmp(have, SRV_STRICT_MHD_VERSION) == 0 ||
                         (allowed != NULL && strcmp(have, allowed) == 0)))
        return true;
    if (cap > 0)
        (void)snprintf(why, cap,
                       "libmicrohttpd %.40s is not %s, the version whose "
                       "request parsing the server's smuggling checks were "
                       "tested with; --allow-libmicrohttpd %.40s starts on it "
                       "all the same (its self-test still runs)",
                       have != NULL ? have : "(unknown)",
                       SRV_STRICT_MHD_VERSION, have != NULL ? have : "VERSION");
    return false;
}

/* What became of one head. */
enum check_outcome {
    CHECK_ACCEPTED,  /* it reached the handler and the rules passed it */
    CHECK_REFUSED,   /* the rules, or libmicrohttpd itself, refused it */
    CHECK_NO_ANSWER, /* nothing within CHECK_HEAD_MS */
    CHECK_BROKEN,    /* the test itself could not run (no socket pair) */
};

struct check_run {
    srv_strict_head_fn *check;
    bool target_ok; /* srv_strict_target() of the raw target */
    bool handled;   /* the handler ran */
    bool accepted;  /* ...and the head passed */
};

/* As server.c's: the raw target, before libmicrohttpd decodes it. */
static void *check_uri(void *cls, const char *uri, struct MHD_Connection *c)
{
    (void)c;
    struct check_run *run = cls;
    run->target_ok = srv_strict_target(uri, strlen(uri));
    return NULL;
}

static enum MHD_Result check_access(void *cls, struct MHD_Connection *conn,
                                    const char *url, const char *method,
                                    const char *version,
                                    const char *upload_data,
                                    size_t *upload_data_size, void **con_cls)
{
    (void)url;
    (void)upload_data;
    (void)con_cls;
    struct check_run *run = cls;
    if (run->handled) {
        *upload_data_size = 0;
        return MHD_YES;
    }
    run->handled = true;
    run->accepted = run->target_ok && run->check(conn, method, version) == NULL;
    /* An empty answer that closes the connection: the head's verdict is
     * all the test wants, and the close tells the reader it is over. */
    struct MHD_Response *r =
        MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
    if (r == NULL)
        return MHD_NO;
    (void)MHD_add_response_header(r, MHD_HTTP_HEADER_CONNECTION, "close");
    enum MHD_Result q = MHD_queue_response(
        conn, run->accepted ? MHD_HTTP_NO_CONTENT : MHD_HTTP_BAD_REQUEST, r);
    MHD_destroy_response(r);
    return q;
}

/* Hands one end of a socket pair to the daemon, writes the head into the
 * other and runs the daemon until it closes the connection. */
static enum check_outcome check_one(struct MHD_Daemon *d, struct check_run *run,
                                    const struct check_head *h)
{
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
        return CHECK_BROKEN;
    /* libmicrohttpd wants a peer address; the loopback one, as a local
     * client's would be. */
    struct sockaddr_in peer = {.sin_family = AF_INET};
    peer.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    run->handled = run->accepted = false;
    run->target_ok = false;
    /* The daemon owns sv[0] from here, and closes it even on failure. */
    if (MHD_add_connection(d, sv[0], (const struct sockaddr *)&peer,
                           sizeof peer) != MHD_YES) {
        close(sv[1]);
        return CHECK_BROKEN;
    }
    size_t sent = 0;
    enum check_outcome out = CHECK_NO_ANSWER;
    for (int waited = 0; waited < CHECK_HEAD_MS; waited += CHECK_POLL_MS) {
        if (sent < h->len) {
            ssize_t n = send(sv[1], h->bytes + sent, h->len - sent,
                             MSG_DONTWAIT | MSG_NOSIGNAL);
            if (n > 0)
                sent += (size_t)n;
        }
        (void)MHD_run(d);
        struct pollfd pfd = {.fd = sv[1], .events = POLLIN};
        if (poll(&pfd, 1, CHECK_POLL_MS) <= 0)
            continue;
        char buf[512];
        ssize_t n = recv(sv[1], buf, sizeof buf, MSG_DONTWAIT);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
            /* The daemon closed the connection: the verdict is in. */
            out = run->accepted ? CHECK_ACCEPTED : CHECK_REFUSED;
            break;
        }
    }
    close(sv[1]);
    (void)MHD_run(d); /* lets the daemon see the close and clean up */
    return out;
}

static void check_quiet(void *cls, const char *fmt, va_list ap)
{
    (void)cls;
    (void)fmt;
    (void)ap;
}

static bool check_fail(char *why, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool check_fail(char *why, size_t cap, const char *fmt, ...)
{
    if (cap == 0)
        return false;
    va_list ap;
    va_start(ap, fmt);
    (void)vsnprintf(why, cap, fmt, ap);
    va_end(ap);
    return false;
}

/* Feeds every head of heads[0..n-1], each of which must be served
 * (`sound`) or refused; false, with why, at the first that is not. */
static bool check_all(struct MHD_Daemon *d, struct check_run *run,
                      const struct check_head *heads, size_t n, bool sound,
                      char *why, size_t cap)
{
    static const char *const said[] = {
        [CHECK_ACCEPTED] = "accepted",
        [CHECK_REFUSED] = "refused",
        [CHECK_NO_ANSWER] = "left unanswered",
        [CHECK_BROKEN] = "not sent (no socket)",
    };
    for (size_t i = 0; i < n; i++) {
        enum check_outcome o = check_one(d, run, &heads[i]);
        if (o != (sound ? CHECK_ACCEPTED : CHECK_REFUSED))
            return check_fail(why, cap,
                              "the request-head self-test failed on "
                              "libmicrohttpd %s: %s%s%s was %s, not %s",
                              MHD_get_version(),
                              sound ? "a sound head (" : "a head with ",
                              heads[i].what, sound ? ")" : "", said[o],
                              sound ? "served" : "refused");
    }
    return true;
}

bool srv_strict_self_test_with(srv_strict_head_fn *check, char *why, size_t cap)
{
    struct check_run run = {.check = check};
    /* The parsing options the real daemon uses (server.c): the default
     * strictness and the same connection memory, so the heads are parsed
     * as they will be. No listening socket, no thread: MHD_run() here. */
    struct MHD_Daemon *d = MHD_start_daemon(
        MHD_USE_NO_LISTEN_SOCKET, 0, NULL, NULL, check_access, &run,
        MHD_OPTION_EXTERNAL_LOGGER, check_quiet, NULL,
        MHD_OPTION_STRICT_FOR_CLIENT, 0, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
        CLB_CONNECTION_MEMORY_BYTES, MHD_OPTION_URI_LOG_CALLBACK, check_uri,
        (void *)&run, MHD_OPTION_END);
    if (d == NULL)
        return check_fail(why, cap,
                          "the request-head self-test could not start "
                          "libmicrohttpd");
    bool ok = check_all(d, &run, bad_heads, srv_strict_self_test_bad_heads(),
                        false, why, cap) &&
              check_all(d, &run, good_heads, srv_strict_self_test_good_heads(),
                        true, why, cap);
    MHD_stop_daemon(d);
    return ok;
}

bool srv_strict_self_test(char *why, size_t cap)
{
    return srv_strict_self_test_with(srv_strict_head, why, cap);
}
