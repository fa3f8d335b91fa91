/* server/gateway.c - a CGI or FastCGI request into the application, and
 * its answer back as a CGI response (gateway.h).
 *
 * The variables are read once into a struct gw_request; each check says
 * what was wrong and where, and a refused request is answered through
 * srv_app_refuse like a refused HTTP head, with the same pages and JSON.
 * Nothing here allocates: the body is read into the request's own room
 * (CLB_MAX_BODY_BYTES, known before a byte of it is read).
 */
/* SPDX-License-Identifier: MIT */
#include "gateway.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "respond.h"

/* What a refusal says, and its code. */
struct gw_refusal {
    enum clb_err code;
    char detail[CLB_ERR_DETAIL_MAX];
};

struct gw_request {
    struct srv_request req;
    struct srv_head head;
    char method[17];
    char base[CLB_MAX_BASE_PATH + 1];
    size_t content_length;
    /* No CONTENT_LENGTH, but a body all the same: Apache passes a chunked
     * request's body so, to the end of standard input. */
    bool to_end;
    /* A body refused as too large: bytes to read and drop after the
     * answer, so that a web server still writing it (Apache's mod_cgid)
     * does not see the program gone and reset the client before it reads
     * the 413. Never past CONTENT_LENGTH, never more than
     * CLB_MAX_DRAIN_BYTES. */
    size_t drain;
    char body[CLB_MAX_BODY_BYTES + 2];
};

/* The value of NAME in envp, or NULL. */
static const char *gw_env(char **envp, const char *name)
{
    size_t n = strlen(name);
    for (char **e = envp; e != NULL && *e != NULL; e++)
        if (strncmp(*e, name, n) == 0 && (*e)[n] == '=')
            return *e + n + 1;
    return NULL;
}

static bool gw_refuse(struct gw_refusal *r, enum clb_err code, const char *fmt,
                      ...) __attribute__((format(printf, 3, 4)));
static bool gw_refuse(struct gw_refusal *r, enum clb_err code, const char *fmt,
                      ...)
{
    va_list ap;
    va_start(ap, fmt);
    r->code = code;
    (void)vsnprintf(r->detail, sizeof r->detail, fmt, ap);
    va_end(ap);
    return false;
}

/* The HTTP_* variables, each a request header: at most CLB_MAX_HEADERS of
 * them, CLB_MAX_HEAD_BYTES in all, as libmicrohttpd's pool bounds an HTTP
 * head. Their values are only ever looked up, never copied. */
static bool gw_check_head(char **envp, struct gw_refusal *r)
{
    size_t count = 0, bytes = 0;
    for (char **e = envp; e != NULL && *e != NULL; e++) {
        if (strncmp(*e, "HTTP_", 5) != 0)
            continue;
        count++;
        bytes += strlen(*e);
        if (count > CLB_MAX_HEADERS)
            return gw_refuse(r, CLB_ERR_TOO_LARGE,
                             "the request has more than %d headers",
                             CLB_MAX_HEADERS);
        if (bytes > CLB_MAX_HEAD_BYTES)
            return gw_refuse(r, CLB_ERR_TOO_LARGE,
                             "the request's headers are over %d bytes",
                             CLB_MAX_HEAD_BYTES);
    }
    return true;
}

/* REQUEST_METHOD: a token of capital letters (RFC 9110's methods), as
 * the application's routes know them. HEAD is GET without a body. */
static bool gw_read_method(char **envp, struct gw_request *g,
                           struct gw_refusal *r)
{
    const char *m = gw_env(envp, "REQUEST_METHOD");
    if (m == NULL || m[0] == '\0')
        return gw_refuse(r, CLB_ERR_BAD_REQUEST, "REQUEST_METHOD is not set");
    size_t n = strlen(m);
    if (n >= sizeof g->method)
        return gw_refuse(r, CLB_ERR_BAD_REQUEST,
                         "the method is longer than %zu letters",
                         sizeof g->method - 1);
    for (size_t i = 0; i < n; i++)
        if (m[i] < 'A' || m[i] > 'Z')
            return gw_refuse(r, CLB_ERR_BAD_REQUEST,
                             "the method holds a byte other than A-Z");
    memcpy(g->method, m, n + 1);
    g->req.head = strcmp(m, "HEAD") == 0;
    g->req.method = g->req.head ? "GET" : g->method;
    return true;
}

/* A path the application may be asked for: printable ASCII without
 * spaces, led by '/', with no empty, "." or ".." segment, and no escaped
 * '/', '.', '\' or NUL (%2F, %2E, %5C, %00): a web server may or may not
 * have decoded them (an escaped ".." is a ".." segment to one that does),
 * so they are refused either way rather than guessed at.
 * `what` names the variable for the error. */
static bool gw_check_path(const char *p, size_t len, const char *what,
                          struct gw_refusal *r)
{
    if (len == 0 || p[0] != '/')
        return gw_refuse(r, CLB_ERR_BAD_REQUEST, "%s does not start with '/'",
                         what);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)p[i];
        if (c <= 0x20 || c >= 0x7f)
            return gw_refuse(r, CLB_ERR_BAD_REQUEST,
                             "%s holds a space, a control or a non-ASCII "
                             "byte at byte %zu",
                             what, i + 1);
        if (c == '%' && i + 2 < len &&
            ((p[i + 1] == '2' && (p[i + 2] == 'F' || p[i + 2] == 'f' ||
                                  p[i + 2] == 'E' || p[i + 2] == 'e')) ||
             (p[i + 1] == '5' && (p[i + 2] == 'C' || p[i + 2] == 'c')) ||
             (p[i + 1] == '0' && p[i + 2] == '0')))
            return gw_refuse(r, CLB_ERR_BAD_REQUEST,
                             "%s holds an escaped '/', '.', '\\' or NUL at "
                             "byte %zu",
                             what, i + 1);
        if (c != '/')
            continue;
        size_t j = i + 1;
        while (j < len && p[j] != '/')
            j++;
        size_t seg = j - i - 1;
        bool last = j == len;
        if ((seg == 0 && !last) || (seg == 1 && p[i + 1] == '.') ||
            (seg == 2 && p[i + 1] == '.' && p[i + 2] == '.'))
            return gw_refuse(r, CLB_ERR_BAD_REQUEST,
                             "%s holds an empty, '.' or '..' segment at byte "
                             "%zu",
                             what, i + 1);
    }
    return true;
}

/* The mount point: the operator's, else (CGI) SCRIPT_NAME. */
static bool gw_read_base(char **envp, enum srv_gateway_kind kind,
                         const char *base, struct gw_request *g,
                         struct gw_refusal *r)
{
    const char *b = base;
    if (b == NULL && kind == SRV_GATEWAY_CGI)
        b = gw_env(envp, "SCRIPT_NAME");
    if (b == NULL)
        b = "";
    const char *why = srv_base_check(b, strlen(b), g->base);
    if (why != NULL)
        return gw_refuse(r, CLB_ERR_BAD_REQUEST,
                         "the address the program is mounted at (%s) cannot "
                         "be written back: %s",
                         base != NULL ? "COLLABBLE_BASE_PATH" : "SCRIPT_NAME",
                         why);
    g->req.base = (struct clb_str){g->base, strlen(g->base)};
    return true;
}

/* The path inside the application. */
static bool gw_read_path(char **envp, enum srv_gateway_kind kind,
                         struct gw_request *g, struct gw_refusal *r)
{
    /* REQUEST_URI is the target as the client sent it (not RFC 3875's,
     * but every server this runs under sets it): checked for escapes that
     * the decoded variables below would hide. */
    const char *uri = gw_env(envp, "REQUEST_URI");
    struct clb_str raw = {NULL, 0};
    if (uri != NULL && uri[0] != '\0') {
        size_t n = strcspn(uri, "?");
        raw = (struct clb_str){uri, n};
        if (!gw_check_path(uri, n, "the request's path", r))
            return false;
    }
    if (kind == SRV_GATEWAY_FASTCGI && raw.p != NULL) {
        g->req.path = srv_app_path(g->req.base, raw);
        return true;
    }
    const char *info = gw_env(envp, "PATH_INFO");
    if (kind == SRV_GATEWAY_FASTCGI) {
        /* No REQUEST_URI: the path is SCRIPT_NAME then PATH_INFO, and
         * only a path under the mount can be answered. */
        const char *script = gw_env(envp, "SCRIPT_NAME");
        const char *p = info != NULL && info[0] != '\0' ? info : script;
        if (p == NULL || p[0] == '\0')
            p = "/";
        size_t n = strlen(p);
        if (!gw_check_path(p, n, "SCRIPT_NAME/PATH_INFO", r))
            return false;
        g->req.path = srv_app_path(g->req.base, (struct clb_str){p, n});
        return true;
    }
    if (info == NULL || info[0] == '\0') {
        /* The program itself, /cgi-bin/collabble: its landing page. */
        g->req.path = (struct clb_str){"/", 1};
        return true;
    }
    size_t n = strlen(info);
    if (!gw_check_path(info, n, "PATH_INFO", r))
        return false;
    g->req.path = (struct clb_str){info, n};
    return true;
}

static bool gw_read_query(char **envp, struct gw_request *g,
                          struct gw_refusal *r)
{
    const char *q = gw_env(envp, "QUERY_STRING");
    size_t n = q != NULL ? strlen(q) : 0;
    if (n > CLB_MAX_QUERY_BYTES)
        return gw_refuse(r, CLB_ERR_TOO_LARGE,
                         "the query is %zu bytes, over the limit of %d", n,
                         CLB_MAX_QUERY_BYTES);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)q[i];
        if (c <= 0x20 || c == 0x7f)
            return gw_refuse(r, CLB_ERR_BAD_REQUEST,
                             "the query holds a space or a control byte at "
                             "byte %zu",
                             i + 1);
    }
    g->req.query = (struct clb_str){q != NULL ? q : "", n};
    return true;
}

/* CONTENT_LENGTH: absent or empty is no body; otherwise digits only, at
 * most CLB_MAX_BODY_BYTES (refused before a byte of the body is read). */
static bool gw_read_length(char **envp, struct gw_request *g,
                           struct gw_refusal *r)
{
    const char *cl = gw_env(envp, "CONTENT_LENGTH");
    g->content_length = 0;
    g->to_end = false;
    if (cl == NULL || cl[0] == '\0') {
        g->to_end = gw_env(envp, "HTTP_TRANSFER_ENCODING") != NULL;
        return true;
    }
    size_t v = 0;
    for (const char *c = cl; *c != '\0'; c++) {
        if (*c < '0' || *c > '9')
            return gw_refuse(r, CLB_ERR_BAD_REQUEST,
                             "CONTENT_LENGTH '%.20s' is not a number of bytes",
                             cl);
        if (v > CLB_MAX_DRAIN_BYTES) {
            v = CLB_MAX_DRAIN_BYTES + 1; /* no overflow on more digits */
            continue;
        }
        v = v * 10 + (size_t)(*c - '0');
    }
    if (v > CLB_MAX_BODY_BYTES) {
        g->drain = v < CLB_MAX_DRAIN_BYTES ? v : CLB_MAX_DRAIN_BYTES;
        return gw_refuse(r, CLB_ERR_TOO_LARGE,
                         "the body is %.20s bytes, over the limit of %d", cl,
                         CLB_MAX_BODY_BYTES);
    }
    g->content_length = v;
    return true;
}

/* A body of unknown length (gw_request's to_end): read to the end of the
 * stream, at most CLB_MAX_BODY_BYTES (one byte more is a 413). */
static bool gw_read_to_end(const struct srv_gateway_io *io,
                           struct gw_request *g, struct gw_refusal *r)
{
    size_t got = 0;
    for (;;) {
        long n = io->read(io->cls, g->body + got, CLB_MAX_BODY_BYTES + 1 - got);
        if (n < 0)
            return gw_refuse(r, CLB_ERR_BAD_REQUEST,
                             "the body did not arrive in time after %zu bytes",
                             got);
        if (n == 0)
            break;
        got += (size_t)n;
        if (got > CLB_MAX_BODY_BYTES) {
            g->drain = CLB_MAX_DRAIN_BYTES - got;
            return gw_refuse(r, CLB_ERR_TOO_LARGE,
                             "the body is over the limit of %d bytes",
                             CLB_MAX_BODY_BYTES);
        }
    }
    g->body[got] = '\0';
    g->req.body = (struct clb_str){g->body, got};
    return true;
}

/* Reads exactly CONTENT_LENGTH bytes, never one more. */
static bool gw_read_body(const struct srv_gateway_io *io, struct gw_request *g,
                         struct gw_refusal *r)
{
    if (g->to_end)
        return gw_read_to_end(io, g, r);
    size_t got = 0;
    while (got < g->content_length) {
        long n = io->read(io->cls, g->body + got, g->content_length - got);
        if (n <= 0)
            return gw_refuse(r, CLB_ERR_BAD_REQUEST,
                             "the body %s after %zu of its %zu bytes",
                             n == 0 ? "ended" : "did not arrive in time", got,
                             g->content_length);
        got += (size_t)n;
    }
    g->body[got] = '\0';
    g->req.body = (struct clb_str){g->body, got};
    return true;
}

/* The answer's head collects in `buf` and goes out in as few writes as
 * fit it; a value longer than the buffer (a Location can be 16 KiB) is
 * written through. */
struct gw_out {
    const struct srv_gateway_io *io;
    bool ok;
    size_t n;
    char buf[4096];
};

static void gw_put(struct gw_out *o, const char *s, size_t n)
{
    if (!o->ok)
        return;
    if (o->n + n > sizeof o->buf) {
        o->ok = o->io->write(o->io->cls, o->buf, o->n);
        o->n = 0;
        if (o->ok && n > sizeof o->buf) {
            o->ok = o->io->write(o->io->cls, s, n);
            return;
        }
    }
    memcpy(o->buf + o->n, s, n);
    o->n += n;
}

static void gw_puts(struct gw_out *o, const char *s)
{
    gw_put(o, s, strlen(s));
}

/* Writes the answer as a CGI response: Status, the headers, Content-Length,
 * a blank line, and the body unless the request was a HEAD. */
static bool gw_write(const struct srv_gateway_io *io,
                     const struct srv_answer *a, bool head)
{
    static struct gw_out zero;
    struct gw_out o = zero;
    o.io = io;
    o.ok = true;
    char line[96];
    (void)snprintf(line, sizeof line, "Status: %u %s\r\n", a->status,
                   srv_status_text(a->status));
    gw_puts(&o, line);
    for (size_t i = 0; i < a->nheaders; i++) {
        gw_puts(&o, a->headers[i].name);
        gw_put(&o, ": ", 2);
        gw_puts(&o, a->headers[i].value);
        gw_put(&o, "\r\n", 2);
    }
    (void)snprintf(line, sizeof line, "Content-Length: %zu\r\n\r\n", a->len);
    gw_puts(&o, line);
    if (!head)
        gw_put(&o, a->body, a->len);
    if (o.ok && o.n > 0)
        o.ok = io->write(io->cls, o.buf, o.n);
    return o.ok;
}

/* Reads and drops what gw_request's `drain` says, within the body
 * deadline (io->read's), into the request's own room. */
static void gw_drain(const struct srv_gateway_io *io, struct gw_request *g)
{
    while (g->drain > 0) {
        size_t want = g->drain < sizeof g->body ? g->drain : sizeof g->body;
        long n = io->read(io->cls, g->body, want);
        if (n <= 0)
            return;
        g->drain -= (size_t)n;
    }
}

/* Reads and checks everything of the request but its body. */
static bool gw_read(char **envp, enum srv_gateway_kind kind, const char *base,
                    struct gw_request *g, struct gw_refusal *r)
{
    return gw_read_base(envp, kind, base, g, r) && gw_read_method(envp, g, r) &&
           gw_read_path(envp, kind, g, r) && gw_read_query(envp, g, r) &&
           gw_check_head(envp, r) && gw_read_length(envp, g, r);
}

unsigned srv_gateway_serve(struct srv_app *app, char **envp,
                           enum srv_gateway_kind kind, const char *base,
                           const struct srv_gateway_io *io)
{
    /* About 100 KB with the answer, on the stack: the process's (CGI) or
     * a FastCGI thread's (CLB_THREAD_STACK_BYTES). */
    struct gw_request g;
    struct srv_answer a;
    g.req = (struct srv_request){
        .ctx = app->ctx,
        .method = "GET",
        .path = {"/", 1},
        .base = {"", 0},
        .query = {"", 0},
        .body = {"", 0},
        .content_type = gw_env(envp, "CONTENT_TYPE"),
        .host = gw_env(envp, "HTTP_HOST"),
    };
    g.head = (struct srv_head){
        .accept_encoding = gw_env(envp, "HTTP_ACCEPT_ENCODING"),
        .if_none_match = gw_env(envp, "HTTP_IF_NONE_MATCH"),
        .accept_language = gw_env(envp, "HTTP_ACCEPT_LANGUAGE"),
        .cookie = gw_env(envp, "HTTP_COOKIE"),
    };
    g.base[0] = '\0';
    g.drain = 0;
    struct gw_refusal r;
    if (gw_read(envp, kind, base, &g, &r) && gw_read_body(io, &g, &r))
        srv_app_answer(app, &g.req, &g.head, &a);
    else
        srv_app_refuse(&g.req, &g.head, r.code, r.detail, &a);
    unsigned status = a.status;
    bool ok = gw_write(io, &a, g.req.head);
    gw_drain(io, &g);
    srv_answer_free(&a);
    return ok ? status : 0;
}
