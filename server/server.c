/* server/server.c - the libmicrohttpd glue (server.h).
 *
 * libmicrohttpd runs a small pool of threads, each polling its share of
 * the connections with poll(2), so one slow client costs a socket, never a
 * thread. (Not epoll: libmicrohttpd 0.9.75's edge-triggered epoll loop
 * stalls once a thread's connections fill its 128-event batch.) Every
 * connection is registered in conns.c, whose watchdog cuts off a request
 * that takes too long to arrive. For each request this file keeps a struct
 * srv_pending, owned by its connection so it is freed even when
 * libmicrohttpd abandons the request: the raw request target
 * (libmicrohttpd would otherwise hand over the path already
 * percent-decoded and the query pre-split), the start time for the access
 * log, and the body, refused with 413 as soon as it is known to be too
 * large. A head with ambiguous framing is refused with 400 (strict.c).
 * When the request is complete it builds the struct srv_request, asks the
 * router, runs the one handler, and sends the struct srv_response with the
 * headers every response carries (srv_send, the one place a body leaves).
 */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* accept4 */
#include "say.h"
#include "server.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/un.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <microhttpd.h>

#include "alloc_hook.h"
#include "clients.h"
#include "conns.h"
#include "metrics.h"
#include "respond.h"
#include "router.h"
#include "strict.h"

/* Path bytes shown in the access log; longer ones are cut with "...". */
#define SRV_LOG_PATH_MAX 200
/* Room in a log line for what the allocation-failure test build adds. */
#define SRV_LOG_NOTE_MAX 64

/* One address the server listens on: a libmicrohttpd daemon of its own
 * (with its share of the threads) on a socket made here. */
struct srv_listen {
    struct MHD_Daemon *daemon;
    int fd;         /* the listening socket, until the stop */
    uint16_t port;  /* 0 for a Unix socket */
    char path[108]; /* a Unix socket's path, removed at the stop */
};

struct srv_server {
    size_t nlisten;
    struct srv_listen listen[CLB_MAX_LISTENERS];
    const struct srv_context *ctx;
    struct srv_conns *conns;
    /* While MHD_start_daemon runs, libmicrohttpd's complaints are kept
     * here instead of printed: a failure to listen is reported once, by
     * the caller, with the address it was asked for (libmicrohttpd's own
     * line names port 0 when given a socket address). */
    bool starting;
    char start_error[256];
    /* The application, with its places for searches: the worker threads
     * less CLB_SEARCH_THREADS_KEPT_FREE, at least one. */
    struct srv_app app;
    char base[CLB_MAX_BASE_PATH + 1]; /* the mount point, "" at the root */
    /* Requests begun and not yet ended (struct srv_pending's `active`),
     * which a stop lets finish; and the stop: from then on no connection
     * is accepted, every answer closes its connection, and a request begun
     * after it is answered 503. */
    atomic_uint active;
    atomic_uint fresh; /* connections with no request begun yet */
    /* Connections the stop took from the kernel's queue and handed to
     * libmicrohttpd, which reports them (srv_notify_connection) only
     * later, from its own thread: until then they are neither active nor
     * fresh, and a stop that did not wait for them would reset them. */
    atomic_uint handed;
    atomic_bool stopping;
    _Atomic uint64_t stop_us;
    /* --trusted-proxy, and behind them the requests in progress by client
     * for --max-connections-per-ip (NULL without both). */
    size_t ntrusted;
    struct srv_cidr trusted[CLB_MAX_TRUSTED_PROXIES];
    unsigned max_per_ip;
    struct srv_client_counts *counts;
};

/* The state of a connection's current request. It is made at the
 * connection's first request and reused by the next ones (reset between
 * them), so a request whose target and body fit `room` allocates nothing;
 * a longer target or body takes its size from the heap, freed at the end
 * of the request. */
struct srv_pending {
    struct srv_conn *conn; /* the connection, which owns this request */
    struct srv_server *server;
    struct clb_str base; /* the server's mount point */
    uint64_t start_us;
    bool target_ok;    /* no space or control byte in the raw target */
    bool headers_seen; /* the access handler ran its first call */
    bool answered;     /* a response was queued before the body ended */
    bool nomem;        /* no memory for the body: it is read and dropped */
    size_t uri_len;
    char *uri; /* the raw request target, NUL-terminated: in room or heap */
    size_t body_len, body_cap;
    size_t declared; /* the Content-Length, 0 when none was sent */
    char *body; /* in room after the target, or on the heap; NULL at first */
    char *uri_heap, *body_heap; /* what this request allocated */
    /* The answer queued, logged when the request ends (srv_completed), so
     * that the line says whether it was all sent. */
    bool queued, active;
    bool kept; /* the connection answered a request before this one */
    /* Who the request is from (srv_client_note), and whether it counts
     * against the per-address cap behind a trusted proxy. */
    bool has_client, counted;
    struct srv_client client;
    char client_text[INET6_ADDRSTRLEN + 1];
    unsigned log_status;
    size_t log_bytes;
    char log_method[17];
    char log_note[SRV_LOG_NOTE_MAX + 1];
    size_t room_used;
    char room[CLB_REQUEST_INLINE_BYTES];
};

static uint64_t srv_now_us(void)
{
    struct timespec ts;
    (void)clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* p's request begins or ends: the count a stop waits on, and the
 * client's count behind a trusted proxy. */
static void srv_active(struct srv_server *s, struct srv_pending *p, bool on)
{
    if (!on && p->counted) {
        p->counted = false;
        srv_client_leave(s->counts, &p->client);
    }
    if (p->active == on)
        return;
    p->active = on;
    if (on)
        atomic_fetch_add(&s->active, 1u);
    else
        atomic_fetch_sub(&s->active, 1u);
}

/* A connection started: if the stop handed it over, it is counted as
 * fresh now (or gone), so it leaves `handed`. One started by
 * libmicrohttpd's own accept just before the stop may take a handed one's
 * place; that one is fresh, so the stop still waits. */
static void srv_handed_started(struct srv_server *s)
{
    unsigned n = atomic_load(&s->handed);
    while (n > 0 && !atomic_compare_exchange_weak(&s->handed, &n, n - 1u))
        ;
}

/* sc's first request began, or it closed: no longer a fresh connection. */
static void srv_conn_begun(struct srv_server *s, struct srv_conn *sc)
{
    if (sc->fresh) {
        sc->fresh = false;
        atomic_fetch_sub(&s->fresh, 1u);
    }
}

/* ---- access log ------------------------------------------------------- */

/* Appends s, showing bytes outside printable ASCII as %XX so a request
 * cannot forge log lines or smuggle terminal escapes. */
static size_t srv_log_clean(char *out, size_t cap, const char *s, size_t len,
                            size_t max, bool json)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t n = 0;
    size_t shown = len < max ? len : max;
    for (size_t i = 0; i < shown && n + 4 < cap; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c > 0x20 && c < 0x7f && c != '%' &&
            !(json && (c == '"' || c == '\\'))) {
            out[n++] = (char)c;
        } else {
            out[n++] = '%';
            out[n++] = hex[c >> 4];
            out[n++] = hex[c & 15];
        }
    }
    if (shown < len && n + 4 < cap) {
        memcpy(out + n, "...", 3);
        n += 3;
    }
    return n;
}

/* Writes v in decimal at out (at most 20 digits); returns its length. */
static size_t srv_log_number(char *out, uint64_t v)
{
    char digits[20];
    size_t i = sizeof digits;
    do {
        digits[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    memcpy(out, digits + i, sizeof digits - i);
    return sizeof digits - i;
}

/* How requests are logged: set once by srv_start, before any thread, for
 * the process's one server (a second server in one process, as some tests
 * start, logs the same way). */
static enum srv_log_format srv_log_format = SRV_LOG_TEXT;
static bool srv_log_off = false;

/* The request's client into p (text and key): the peer, or behind a
 * trusted proxy the address it forwards (clients.h). */
static void srv_client_note(const struct srv_server *s,
                            struct MHD_Connection *conn, struct srv_pending *p)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    const struct sockaddr *sa = info != NULL ? info->client_addr : NULL;
    bool trusting = s != NULL && s->ntrusted > 0;
    p->has_client = srv_client_of(
        sa,
        trusting
            ? MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "X-Real-IP")
            : NULL,
        trusting ? MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
                                               "X-Forwarded-For")
                 : NULL,
        trusting ? s->trusted : NULL, trusting ? s->ntrusted : 0,
        p->client_text, sizeof p->client_text, &p->client);
}

/* One line per request: time, client address, method, path, status, body
 * bytes, microseconds; as text or as a JSON object (--log-format). Never
 * the query or the body: they carry the players' private state. In JSON,
 * the path's '"' and '\' are percent-encoded like every other byte that is
 * not plain, so a path can never break out of its string. */
static void srv_log_access(const char *client_text, const char *method,
                           struct clb_str path, unsigned status, size_t bytes,
                           uint64_t us, const char *note, bool aborted)
{
    if (srv_log_off)
        return;
    bool json = srv_log_format == SRV_LOG_JSON;
    char line[192 + 3 * SRV_LOG_PATH_MAX + 64 + SRV_LOG_NOTE_MAX];
    char when[32], client[INET6_ADDRSTRLEN + 1];
    size_t wn = srv_say_time(when);
    size_t cn = strnlen(client_text, sizeof client - 1);
    memcpy(client, client_text, cn);
    client[cn] = '\0';
    size_t n = 0;
#define SRV_PUT(lit)                                                           \
    (memcpy(line + n, lit, sizeof(lit) - 1), n += sizeof(lit) - 1)
    if (json)
        SRV_PUT("{\"time\":\"");
    memcpy(line + n, when, wn);
    n += wn;
    if (json)
        SRV_PUT("\",\"level\":\"info\",\"client\":\"");
    else
        line[n++] = ' ';
    memcpy(line + n, client, cn);
    n += cn;
    if (json)
        SRV_PUT("\",\"method\":\"");
    else
        line[n++] = ' ';
    n += srv_log_clean(line + n, 64, method, strlen(method), 16, json);
    if (json)
        SRV_PUT("\",\"path\":\"");
    else
        line[n++] = ' ';
    n += srv_log_clean(line + n, sizeof line - n - 96 - SRV_LOG_NOTE_MAX,
                       path.p, path.len, SRV_LOG_PATH_MAX, json);
    if (json) {
        SRV_PUT("\",\"route\":\"");
        const char *route = srv_metrics_route_label(path);
        size_t rn = strlen(route);
        memcpy(line + n, route, rn);
        n += rn;
        SRV_PUT("\",\"status\":");
    } else {
        line[n++] = ' ';
    }
    /* The numbers: 96 bytes at most, left for them above. */
    n += srv_log_number(line + n, status);
    if (json)
        SRV_PUT(",\"bytes\":");
    else
        line[n++] = ' ';
    n += srv_log_number(line + n, bytes);
    if (json)
        SRV_PUT(",\"duration_us\":");
    else
        line[n++] = ' ';
    n += srv_log_number(line + n, us);
    if (json) {
        if (aborted)
            SRV_PUT(",\"aborted\":true");
        SRV_PUT("}\n");
    } else {
        SRV_PUT("us");
        /* The client went away before the whole answer was sent. */
        if (aborted)
            SRV_PUT(" aborted");
        /* The allocation-failure build's note (nothing otherwise). */
        size_t nn = strnlen(note, SRV_LOG_NOTE_MAX);
        memcpy(line + n, note, nn);
        n += nn;
        line[n++] = '\n';
    }
#undef SRV_PUT
    /* One write(2) per line keeps lines of concurrent requests whole. */
    if (write(STDERR_FILENO, line, n) < 0) {
        /* Nowhere left to report a failing log; the request goes on. */
    }
}

static void srv_mhd_log(void *cls, const char *fmt, va_list ap)
{
    struct srv_server *s = cls;
    /* The one refusal libmicrohttpd does itself: the connection cap, overall
     * or per address (it says the same for both). */
    if (strncmp(fmt, "Server reached connection limit", 31) == 0)
        srv_metrics_refused(SRV_REFUSED_CONNECTIONS);
    if (s != NULL && s->starting) {
        (void)vsnprintf(s->start_error, sizeof s->start_error, fmt, ap);
        s->start_error[strcspn(s->start_error, "\n")] = '\0';
        return;
    }
    char msg[480];
    if (vsnprintf(msg, sizeof msg, fmt, ap) < 0)
        return;
    srv_say(SRV_WARN, "libmicrohttpd: %s", msg);
}

/* ---- sending ---------------------------------------------------------- */

static struct clb_str srv_path_of(const struct srv_pending *p)
{
    const char *q = memchr(p->uri, '?', p->uri_len);
    return (struct clb_str){p->uri,
                            q != NULL ? (size_t)(q - p->uri) : p->uri_len};
}

static struct clb_str srv_query_of(const struct srv_pending *p)
{
    const char *q = memchr(p->uri, '?', p->uri_len);
    if (q == NULL)
        return (struct clb_str){p->uri + p->uri_len, 0};
    return (struct clb_str){q + 1, p->uri_len - (size_t)(q + 1 - p->uri)};
}

/* Logs p's answer, once: when the request ends, `aborted` when the client
 * went away before all of it was sent. */
static void srv_log_pending(struct MHD_Connection *conn, struct srv_pending *p,
                            bool aborted)
{
    if (!p->queued)
        return;
    p->queued = false;
    if (p->client_text[0] == '\0')
        srv_client_note(p->server, conn, p);
    srv_log_access(p->client_text, p->log_method, srv_path_of(p), p->log_status,
                   aborted ? 0 : p->log_bytes, srv_now_us() - p->start_us,
                   p->log_note, aborted);
}

/* Queues `r` (a response the caller keeps), records it for the log, and
 * reports to libmicrohttpd whether the connection may go on. */
static enum MHD_Result srv_queue_kept(struct MHD_Connection *conn,
                                      struct srv_pending *p, const char *method,
                                      unsigned status, struct MHD_Response *r,
                                      size_t bytes)
{
    enum MHD_Result ok =
        r != NULL ? MHD_queue_response(conn, status, r) : MHD_NO;
    if (strcmp(method, "HEAD") == 0)
        bytes = 0;
    uint64_t us = srv_now_us() - p->start_us;
    srv_metrics_request(srv_app_path(p->base, srv_path_of(p)),
                        ok == MHD_YES ? status : 0, bytes, us);
    p->queued = true;
    p->log_status = ok == MHD_YES ? status : 0;
    p->log_bytes = bytes;
    (void)snprintf(p->log_method, sizeof p->log_method, "%s", method);
    /* The allocation-failure build's count, as of the answer. */
    p->log_note[srv_alloc_note(p->log_note, SRV_LOG_NOTE_MAX)] = '\0';
    if (p->conn == NULL) /* a request not kept: no end will be reported */
        srv_log_pending(conn, p, false);
    return ok;
}

/* The same for a response made for this request: it is given up. */
static enum MHD_Result srv_queue(struct MHD_Connection *conn,
                                 struct srv_pending *p, const char *method,
                                 unsigned status, struct MHD_Response *r,
                                 size_t bytes)
{
    enum MHD_Result ok = srv_queue_kept(conn, p, method, status, r, bytes);
    if (r != NULL)
        MHD_destroy_response(r);
    return ok;
}

/* libmicrohttpd's response of an application answer (its body copied
 * unless it lives as long as the process), with `Connection: close` when
 * `close`; NULL when memory ran out. */
static struct MHD_Response *srv_mhd_response(const struct srv_answer *a,
                                             bool close)
{
    struct MHD_Response *r = MHD_create_response_from_buffer(
        a->len, (void *)a->body,
        a->body_kept ? MHD_RESPMEM_PERSISTENT : MHD_RESPMEM_MUST_COPY);
    if (r == NULL)
        return NULL;
    bool ok = true;
    for (size_t i = 0; ok && i < a->nheaders; i++)
        ok = MHD_add_response_header(r, a->headers[i].name,
                                     a->headers[i].value) == MHD_YES;
    if (ok && close)
        ok = MHD_add_response_header(r, MHD_HTTP_HEADER_CONNECTION, "close") ==
             MHD_YES;
    if (!ok) {
        MHD_destroy_response(r);
        return NULL;
    }
    return r;
}

/* The application's last-resort 500 as a libmicrohttpd response,
 * [api][close], made at the first start while there is memory, and shared
 * by every connection of every server of the process (libmicrohttpd
 * counts a response's uses), so that the last resort needs no memory. */
static struct MHD_Response *srv_oom_answers[2][2];
static pthread_once_t srv_oom_once = PTHREAD_ONCE_INIT;

static void srv_oom_prepare(void)
{
    static struct srv_answer a; /* 80 KB: not on a thread's stack */
    for (int api = 0; api < 2; api++) {
        srv_app_last_resort(&a, api ? (struct clb_str){"/api", 4}
                                    : (struct clb_str){"/", 1});
        for (int close = 0; close < 2; close++)
            srv_oom_answers[api][close] = srv_mhd_response(&a, close);
    }
}

/* The answer when no other can be made, because memory ran out for the
 * request's own state, for libmicrohttpd's response or for one of its
 * headers: the application's last resort, made at start; should that have
 * failed, made now, and when even that fails the connection is closed
 * without an answer. */
static enum MHD_Result srv_last_resort(struct MHD_Connection *conn,
                                       struct srv_pending *p,
                                       const char *method, bool close)
{
    struct clb_str path = srv_app_path(p->base, srv_path_of(p));
    bool api = srv_is_api_path(path);
    struct MHD_Response *shared = srv_oom_answers[api][close];
    static struct srv_answer fixed; /* only its read-only body is used */
    if (shared != NULL) {
        srv_app_last_resort(&fixed, path);
        return srv_queue_kept(conn, p, method, 500, shared, fixed.len);
    }
    struct srv_answer a;
    srv_app_last_resort(&a, path);
    return srv_queue(conn, p, method, 500, srv_mhd_response(&a, close), a.len);
}

/* Sends an application answer, closing the connection after it when
 * `close` is set (a request whose framing cannot be trusted). The body is
 * copied into libmicrohttpd's response (its one allocation of it), so the
 * caller frees the answer right after. This is where a body leaves the
 * server. */
static enum MHD_Result srv_send(struct MHD_Connection *conn,
                                struct srv_pending *p, const char *method,
                                const struct srv_answer *a, bool close)
{
    struct MHD_Response *r = srv_mhd_response(a, close);
    if (r == NULL)
        return srv_last_resort(conn, p, method, close);
    return srv_queue(conn, p, method, a->status, r, a->len);
}

/* A head value of the request, or NULL. */
static const char *srv_header(struct MHD_Connection *conn, const char *name)
{
    return MHD_lookup_connection_value(conn, MHD_HEADER_KIND, name);
}

/* The request as the application reads it. */
static struct srv_request srv_request_of(struct srv_server *s,
                                         struct MHD_Connection *conn,
                                         struct srv_pending *p,
                                         const char *method)
{
    /* HEAD is GET without the body: handlers only ever see GET, and
     * libmicrohttpd leaves the body out of a HEAD answer by itself. */
    bool head = strcmp(method, "HEAD") == 0;
    return (struct srv_request){
        .ctx = s->ctx,
        .method = head ? "GET" : method,
        .path = srv_app_path(p->base, srv_path_of(p)),
        .base = p->base,
        .query = srv_query_of(p),
        .body = {p->body != NULL ? p->body : "", p->body_len},
        .content_type = srv_header(conn, MHD_HTTP_HEADER_CONTENT_TYPE),
        .head = head,
        .host = srv_header(conn, MHD_HTTP_HEADER_HOST),
    };
}

static struct srv_head srv_head_of(struct MHD_Connection *conn)
{
    return (struct srv_head){
        .accept_encoding = srv_header(conn, MHD_HTTP_HEADER_ACCEPT_ENCODING),
        .if_none_match = srv_header(conn, "If-None-Match"),
        .accept_language = srv_header(conn, "Accept-Language"),
        .cookie = srv_header(conn, "Cookie"),
    };
}

/* Answers `code` without running any handler: JSON under /api, a page
 * elsewhere; `close` as for srv_send. */
static enum MHD_Result srv_send_error(struct srv_server *s,
                                      struct MHD_Connection *conn,
                                      struct srv_pending *p, const char *method,
                                      enum clb_err code, const char *detail,
                                      bool close)
{
    struct srv_request req = srv_request_of(s, conn, p, method);
    struct srv_head head = srv_head_of(conn);
    struct srv_answer a;
    srv_app_refuse(&req, &head, code, detail, &a);
    enum MHD_Result rc =
        srv_send(conn, p, method, &a, close || atomic_load(&s->stopping));
    srv_answer_free(&a);
    return rc;
}

/* ---- a complete request ----------------------------------------------- */

static enum MHD_Result srv_dispatch(struct srv_server *s,
                                    struct MHD_Connection *conn,
                                    struct srv_pending *p, const char *method)
{
    struct srv_request req = srv_request_of(s, conn, p, method);
    struct srv_head head = srv_head_of(conn);
    struct srv_answer a;
    srv_app_answer(&s->app, &req, &head, &a);
    enum MHD_Result rc =
        srv_send(conn, p, method, &a, atomic_load(&s->stopping));
    srv_answer_free(&a);
    return rc;
}

/* Reads the request's Content-Length into p->declared (0 when there is
 * none); true when it announces a body over the limit, answered at once,
 * before a byte of it is read. */
static bool srv_declared_too_large(struct MHD_Connection *conn,
                                   struct srv_pending *p)
{
    p->declared = 0;
    const char *cl = MHD_lookup_connection_value(
        conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    if (cl == NULL)
        return false;
    /* libmicrohttpd has already refused a malformed Content-Length. */
    errno = 0;
    unsigned long long n = strtoull(cl, NULL, 10);
    if (errno == ERANGE || n > CLB_MAX_BODY_BYTES)
        return true;
    p->declared = (size_t)n;
    return false;
}

/* Makes room in p's body for n more bytes (body_len + n is within
 * CLB_MAX_BODY_BYTES, which the caller checked): in the connection's room
 * when the body fits there, else on the heap, sized by the Content-Length
 * (or doubling, for a chunked body). False when out of memory. */
static bool srv_body_room(struct srv_pending *p, size_t n)
{
    size_t need = p->body_len + n;
    if (need <= p->body_cap)
        return true;
    size_t want = need > p->declared ? need : p->declared;
    if (p->body == NULL && want <= sizeof p->room - p->room_used) {
        p->body = p->room + p->room_used;
        p->body_cap = sizeof p->room - p->room_used;
        return true;
    }
    size_t cap = p->body_cap * 2 > want ? p->body_cap * 2 : want;
    if (cap > CLB_MAX_BODY_BYTES)
        cap = CLB_MAX_BODY_BYTES;
    char *heap = realloc(p->body_heap, cap);
    if (heap == NULL)
        return false;
    if (p->body_heap == NULL && p->body_len > 0)
        memcpy(heap, p->body, p->body_len); /* it was in the room */
    p->body = p->body_heap = heap;
    p->body_cap = cap;
    return true;
}

/* Answers before the body is read (or before all of it is): the request
 * deadline no longer applies, since nothing more of it is awaited. */
static enum MHD_Result srv_answer_early(struct srv_server *s,
                                        struct MHD_Connection *conn,
                                        struct srv_pending *p,
                                        const char *method, enum clb_err code,
                                        const char *detail, bool close)
{
    p->answered = true;
    srv_conn_request_in(p->conn);
    return srv_send_error(s, conn, p, method, code, detail, close);
}

static enum MHD_Result srv_too_large(struct srv_server *s,
                                     struct MHD_Connection *conn,
                                     struct srv_pending *p, const char *method)
{
    return srv_answer_early(s, conn, p, method, CLB_ERR_TOO_LARGE, "", false);
}

/* The first call for a request, once its headers are in: refuses what
 * cannot be served before any of the body is read. */
static enum MHD_Result srv_headers_in(struct srv_server *s,
                                      struct MHD_Connection *conn,
                                      struct srv_pending *p, const char *method,
                                      const char *version)
{
    p->headers_seen = true;
    srv_conn_await_body(s->conns, p->conn);
    if (srv_alloc_hooked())
        srv_alloc_next(MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
                                                   SRV_ALLOC_FAIL_HEADER));
    const char *bad = p->target_ok
                          ? srv_strict_head(conn, method, version)
                          : "the request target holds a space or a control "
                            "character";
    if (bad != NULL) {
        srv_metrics_refused(SRV_REFUSED_STRICT);
        /* The framing is in doubt, so nothing after this head on the
         * connection can be trusted to be a request: close it. */
        return srv_answer_early(s, conn, p, method, CLB_ERR_BAD_REQUEST, bad,
                                true);
    }
    if (atomic_load(&s->stopping) && p->kept &&
        p->start_us >= atomic_load(&s->stop_us))
        /* Begun after the stop, on a connection kept alive: a replica
         * that is not stopping will answer it. */
        return srv_answer_early(s, conn, p, method, CLB_ERR_BUSY,
                                "the server is stopping; ask again", true);
    /* As many headers as the CGI and FastCGI front ends take (gateway.c):
     * a head is bounded in bytes by libmicrohttpd's pool, in count here. */
    int headers = MHD_get_connection_values(conn, MHD_HEADER_KIND, NULL, NULL);
    if (headers > CLB_MAX_HEADERS)
        return srv_answer_early(s, conn, p, method, CLB_ERR_TOO_LARGE,
                                "the request has more than 100 headers", true);
    srv_client_note(s, conn, p);
    if (s->counts != NULL && p->has_client) {
        if (!srv_client_enter(s->counts, &p->client, s->max_per_ip)) {
            srv_metrics_refused(SRV_REFUSED_CONNECTIONS);
            return srv_answer_early(s, conn, p, method, CLB_ERR_TOO_MANY,
                                    "this address has as many requests in "
                                    "progress as --max-connections-per-ip "
                                    "allows",
                                    true);
        }
        p->counted = true;
    }
    if (srv_declared_too_large(conn, p))
        return srv_too_large(s, conn, p, method);
    /* libmicrohttpd 0.9.75 answers an Expect header with "100 Continue"
     * even when no body follows, and when the next pipelined request's
     * bytes are already in, it calls again before this request is
     * complete, where no answer can be queued: the connection was closed
     * unanswered (found by tests/fuzz/http_fuzz.mjs). Such a request is
     * answered now; libmicrohttpd then closes the connection after it. */
    if (p->declared == 0 &&
        MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
                                    MHD_HTTP_HEADER_EXPECT) != NULL &&
        MHD_lookup_connection_value(
            conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_TRANSFER_ENCODING) == NULL) {
        p->answered = true;
        srv_conn_request_in(p->conn);
        return srv_dispatch(s, conn, p, method);
    }
    return MHD_YES;
}

/* What a request's *con_cls holds when srv_uri_log could not keep it. */
static char srv_unkept;

static enum MHD_Result srv_access(void *cls, struct MHD_Connection *conn,
                                  const char *url, const char *method,
                                  const char *version, const char *upload_data,
                                  size_t *upload_data_size, void **con_cls)
{
    /* url is already decoded; the raw target is in p->uri. */
    struct srv_server *s = cls;
    if (*con_cls == NULL) {
        /* srv_uri_log ran out of memory: with nothing of the request
         * kept, answer at once and close the connection after it. */
        *con_cls = &srv_unkept;
        struct srv_pending lost = {.uri = (char *)url,
                                   .uri_len = strlen(url),
                                   .start_us = srv_now_us()};
        return srv_last_resort(conn, &lost, method, true);
    }
    if (*con_cls == &srv_unkept) /* answered above; read no body */
        return *upload_data_size != 0 ? MHD_NO : MHD_YES;
    struct srv_pending *p = *con_cls;

    if (!p->headers_seen)
        return srv_headers_in(s, conn, p, method, version);
    if (*upload_data_size != 0) {
        size_t n = *upload_data_size;
        if (p->answered) {
            /* 413 is already on its way (libmicrohttpd only skips the
             * body by itself for POST and PUT); stop reading. */
            return MHD_NO;
        }
        if (n > CLB_MAX_BODY_BYTES - p->body_len) {
            /* A chunked body grew past the limit: answer now if
             * libmicrohttpd lets us, otherwise close the connection
             * rather than read on. */
            return srv_too_large(s, conn, p, method);
        }
        if (p->nomem || !srv_body_room(p, n)) {
            /* Read the rest and drop it, and answer 500 once it is in:
             * libmicrohttpd 0.9.75 cannot queue an answer mid-body. Its
             * length still counts against the limit above. */
            p->nomem = true;
            p->body_len += n;
            *upload_data_size = 0;
            return MHD_YES;
        }
        memcpy(p->body + p->body_len, upload_data, n);
        p->body_len += n;
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (p->answered)
        return MHD_YES;
    srv_conn_request_in(p->conn);
    if (p->nomem)
        return srv_last_resort(conn, p, method, false);
    return srv_dispatch(s, conn, p, method);
}

/* Gives back what the request took from the heap; p is ready for the
 * connection's next request. */
static void srv_pending_reset(struct srv_pending *p)
{
    free(p->uri_heap);
    free(p->body_heap);
    p->uri_heap = p->body_heap = NULL;
    p->body = NULL;
}

/* The connection is closing: its request state goes with it (and its
 * answer to the log, if its end was never reported). */
static void srv_pending_free(struct srv_server *s, struct MHD_Connection *conn,
                             struct srv_pending *p)
{
    if (p == NULL)
        return;
    srv_log_pending(conn, p, false);
    srv_active(s, p, false);
    srv_pending_reset(p);
    p->conn->request = NULL;
    free(p);
}

/* Called once per request with the raw target, before the headers: the
 * place to start the clock and keep the target undecoded. What it returns
 * becomes *con_cls. It is kept in the connection, made at its first
 * request and reused by the next: libmicrohttpd 0.9.75 does not always
 * report the end of a request it gives up on (a query of thousands of '&'
 * exhausts its pool before the headers), so what a request took from the
 * heap is given back when it ends (srv_completed), when the next one
 * starts (here), or when the connection closes (srv_notify_connection),
 * whichever comes first. */
static void *srv_uri_log(void *cls, const char *uri, struct MHD_Connection *c)
{
    struct srv_server *s = cls;
    srv_alloc_begin();
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    struct srv_conn *sc = info != NULL ? info->socket_context : NULL;
    if (sc == NULL)
        return NULL; /* not registered (out of memory): dropped */
    srv_conn_begun(s, sc);
    struct srv_pending *p = sc->request;
    if (p == NULL) {
        p = malloc(sizeof *p);
        if (p == NULL)
            return NULL;
        p->uri_heap = p->body_heap = NULL;
        p->conn = sc;
        p->queued = p->active = p->kept = false;
        sc->request = p;
    } else {
        /* A request this connection's previous one left behind
         * unreported. */
        srv_log_pending(c, p, false);
        srv_pending_reset(p);
        p->kept = true;
    }
    srv_active(s, p, true);
    size_t n = strlen(uri);
    p->base = (struct clb_str){s->base, strlen(s->base)};
    p->server = s;
    p->client_text[0] = '\0';
    p->has_client = p->counted = false;
    p->start_us = srv_now_us();
    p->target_ok = srv_strict_target(uri, n);
    p->headers_seen = p->answered = p->nomem = false;
    p->body = NULL;
    p->body_len = p->body_cap = p->declared = 0;
    if (n < sizeof p->room) {
        p->uri = p->room;
        p->room_used = n + 1;
    } else if ((p->uri = p->uri_heap = malloc(n + 1)) != NULL) {
        p->room_used = 0;
    } else {
        return NULL;
    }
    p->uri_len = n;
    memcpy(p->uri, uri, n + 1);
    return p;
}

/* A request ended (answered, or given up): give back what it took, and
 * start the clock for the next request on this connection. */
static void srv_completed(void *cls, struct MHD_Connection *conn,
                          void **con_cls, enum MHD_RequestTerminationCode why)
{
    struct srv_server *s = cls;
    if (*con_cls != NULL && *con_cls != &srv_unkept) {
        struct srv_pending *p = *con_cls;
        srv_log_pending(conn, p, why != MHD_REQUEST_TERMINATED_COMPLETED_OK);
        srv_active(s, p, false);
        srv_pending_reset(p);
        srv_conn_await_headers(s->conns, p->conn);
    }
    *con_cls = NULL;
    srv_alloc_end();
}

/* A connection opened or closed. Closing comes before libmicrohttpd closes
 * the socket, so the watchdog never sees a descriptor that was reused. */
static void srv_notify_connection(void *cls, struct MHD_Connection *conn,
                                  void **socket_context,
                                  enum MHD_ConnectionNotificationCode toe)
{
    struct srv_server *s = cls;
    if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
        srv_alloc_begin(); /* the connection is part of its first request */
        srv_metrics_connection_opened();
        const union MHD_ConnectionInfo *info =
            MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
        struct srv_conn *sc =
            info != NULL ? srv_conn_open(s->conns, info->connect_fd) : NULL;
        if (sc != NULL) {
            sc->fresh = true;
            atomic_fetch_add(&s->fresh, 1u);
        }
        srv_handed_started(s);
        *socket_context = sc;
        return;
    }
    srv_metrics_connection_closed();
    struct srv_conn *sc = *socket_context;
    if (sc != NULL) {
        srv_conn_begun(s, sc);
        srv_pending_free(s, conn, sc->request);
        srv_conn_close(s->conns, sc);
    }
    *socket_context = NULL;
    srv_alloc_end();
}

/* ---- life cycle ------------------------------------------------------- */

/* The listening socket for l: IPv6's wildcard takes IPv4 too (one socket
 * for both, where the system allows) unless `v6only`; a Unix socket's
 * stale file (no one answers on it) is replaced. -1 with errno set. */
static int srv_listen_socket(const struct srv_listener *l, bool v6only)
{
    int family = l->addr.ss_family;
    int fd = socket(family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0)
        return -1;
    int one = 1, zero = 0;
    if (family != AF_UNIX)
        (void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (family == AF_INET6)
        (void)setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, v6only ? &one : &zero,
                         sizeof one);
    if (family == AF_UNIX) {
        const struct sockaddr_un *un = (const struct sockaddr_un *)&l->addr;
        int probe = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (probe >= 0) {
            bool live =
                connect(probe, (const struct sockaddr *)un, l->len) == 0;
            (void)close(probe);
            if (live) {
                (void)close(fd);
                errno = EADDRINUSE;
                return -1;
            }
        }
        (void)unlink(un->sun_path); /* a file left by a server gone */
    }
    if (bind(fd, (const struct sockaddr *)&l->addr, l->len) != 0 ||
        listen(fd, CLB_LISTEN_BACKLOG) != 0) {
        int e = errno;
        (void)close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

/* The port a socket is bound to (0 for a Unix socket). */
static uint16_t srv_bound_port(int fd)
{
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    if (getsockname(fd, (struct sockaddr *)&ss, &len) != 0)
        return 0;
    if (ss.ss_family == AF_INET)
        return ntohs(((struct sockaddr_in *)&ss)->sin_port);
    if (ss.ss_family == AF_INET6)
        return ntohs(((struct sockaddr_in6 *)&ss)->sin6_port);
    return 0;
}

/* Starts libmicrohttpd on L's socket with `threads` threads. */
static bool srv_start_daemon(struct srv_server *s, struct srv_listen *L,
                             int family, unsigned threads, unsigned max_conns,
                             unsigned max_per_ip)
{
    /* MHD_USE_ITC: a stop can close the listening socket
     * (MHD_quiesce_daemon) while the connections go on. */
    unsigned flags =
        MHD_USE_POLL_INTERNAL_THREAD | MHD_USE_ERROR_LOG | MHD_USE_ITC;
    if (family == AF_INET6)
        flags |= MHD_USE_IPv6;
    /* MHD_OPTION_STRICT_FOR_CLIENT stays 0: its level 1 refuses a missing
     * Host and spaces in the target with an answer of its own, without the
     * security headers; strict.c refuses both, and more, with ours. A Unix
     * socket's peers have no address to count. */
    s->starting = true;
    L->daemon = MHD_start_daemon(
        flags, 0, NULL, NULL, srv_access, s, MHD_OPTION_EXTERNAL_LOGGER,
        srv_mhd_log, (void *)s, MHD_OPTION_LISTEN_SOCKET, (MHD_socket)L->fd,
        MHD_OPTION_THREAD_POOL_SIZE, threads, MHD_OPTION_CONNECTION_LIMIT,
        max_conns, MHD_OPTION_PER_IP_CONNECTION_LIMIT,
        family == AF_UNIX ? 0u : max_per_ip, MHD_OPTION_CONNECTION_TIMEOUT,
        (unsigned)CLB_CONNECTION_TIMEOUT_S, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
        CLB_CONNECTION_MEMORY_BYTES, MHD_OPTION_THREAD_STACK_SIZE,
        (size_t)CLB_THREAD_STACK_BYTES, MHD_OPTION_STRICT_FOR_CLIENT, 0,
        MHD_OPTION_URI_LOG_CALLBACK, srv_uri_log, (void *)s,
        MHD_OPTION_NOTIFY_COMPLETED, srv_completed, (void *)s,
        MHD_OPTION_NOTIFY_CONNECTION, srv_notify_connection, (void *)s,
        MHD_OPTION_END);
    s->starting = false;
    if (L->daemon == NULL && s->start_error[0] != '\0')
        srv_say(SRV_ERROR, "libmicrohttpd: %s", s->start_error);
    return L->daemon != NULL;
}

static void srv_free_counts(struct srv_server *s)
{
    if (s->counts != NULL) {
        srv_client_counts_free(s->counts);
        free(s->counts);
        s->counts = NULL;
    }
}

/* Closes what srv_start made of the listeners before the first n. */
static void srv_close_listeners(struct srv_server *s)
{
    for (size_t i = 0; i < s->nlisten; i++) {
        struct srv_listen *L = &s->listen[i];
        if (L->daemon != NULL)
            MHD_stop_daemon(L->daemon);
        if (L->fd >= 0)
            (void)close(L->fd);
        if (L->path[0] != '\0')
            (void)unlink(L->path);
    }
    s->nlisten = 0;
}

struct srv_server *srv_start(const struct srv_context *ctx,
                             const struct srv_listener *ls, size_t n,
                             const struct srv_options *opts)
{
    static const struct srv_options defaults = {0};
    if (opts == NULL)
        opts = &defaults;
    if (n == 0 || n > CLB_MAX_LISTENERS) {
        errno = EINVAL;
        return NULL;
    }
    unsigned threads = opts->threads;
    if (threads == 0) {
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        threads = cpus < 1 ? 1 : cpus > 16 ? 16 : (unsigned)cpus;
    }
    unsigned max_conns = opts->max_connections != 0 ? opts->max_connections
                                                    : CLB_MAX_CONNECTIONS;
    struct srv_server *s = calloc(1, sizeof *s);
    if (s == NULL)
        return NULL;
    s->ctx = ctx;
    srv_log_format = opts->log_format;
    srv_log_off = opts->log_requests_off;
    srv_app_init(&s->app, ctx,
                 threads > CLB_SEARCH_THREADS_KEPT_FREE
                     ? threads - CLB_SEARCH_THREADS_KEPT_FREE
                     : 1);
    s->ntrusted = opts->ntrusted < CLB_MAX_TRUSTED_PROXIES
                      ? opts->ntrusted
                      : CLB_MAX_TRUSTED_PROXIES;
    if (s->ntrusted > 0)
        memcpy(s->trusted, opts->trusted, s->ntrusted * sizeof *s->trusted);
    s->max_per_ip = opts->max_per_ip;
    if (s->ntrusted > 0 && s->max_per_ip > 0) {
        s->counts = malloc(sizeof *s->counts);
        if (s->counts == NULL) {
            free(s);
            return NULL;
        }
        srv_client_counts_init(s->counts);
    }
    if (opts->base != NULL &&
        srv_base_check(opts->base, strlen(opts->base), s->base) != NULL) {
        free(s);
        errno = EINVAL;
        return NULL;
    }
    (void)pthread_once(&srv_oom_once, srv_oom_prepare);
    s->conns = srv_conns_start(CLB_HEADER_DEADLINE_S, CLB_BODY_DEADLINE_S);
    if (s->conns == NULL) {
        int e = errno;
        free(s);
        errno = e;
        return NULL;
    }
    /* IPv6's wildcard takes IPv4 too, unless IPv4 has a socket of its own. */
    bool v4 = false;
    for (size_t i = 0; i < n; i++)
        v4 = v4 || ls[i].addr.ss_family == AF_INET;
    /* The threads are shared out; each listener has one at least. */
    unsigned each = threads / (unsigned)n > 0 ? threads / (unsigned)n : 1;
    uint16_t first_port = 0;
    for (size_t i = 0; i < n; i++) {
        struct srv_listen *L = &s->listen[s->nlisten++];
        L->fd = -1;
        struct srv_listener l = ls[i];
        /* Port 0 twice (--bind localhost --port 0) is one free port. */
        if (first_port != 0 && l.addr.ss_family == AF_INET &&
            ((struct sockaddr_in *)&l.addr)->sin_port == 0)
            ((struct sockaddr_in *)&l.addr)->sin_port = htons(first_port);
        if (first_port != 0 && l.addr.ss_family == AF_INET6 &&
            ((struct sockaddr_in6 *)&l.addr)->sin6_port == 0)
            ((struct sockaddr_in6 *)&l.addr)->sin6_port = htons(first_port);
        L->fd = srv_listen_socket(&l, v4);
        if (L->fd >= 0 && l.addr.ss_family == AF_UNIX)
            (void)snprintf(L->path, sizeof L->path, "%s",
                           ((struct sockaddr_un *)&l.addr)->sun_path);
        int e = errno;
        /* Behind trusted proxies the cap is counted by client, here;
         * libmicrohttpd's would cap the proxy itself. */
        unsigned per_ip = s->ntrusted > 0 ? 0 : opts->max_per_ip;
        if (L->fd < 0 || !srv_start_daemon(s, L, l.addr.ss_family, each,
                                           max_conns, per_ip)) {
            e = L->fd < 0 ? e : errno;
            if (L->daemon == NULL && L->fd >= 0) {
                (void)close(L->fd);
                L->fd = -1;
            }
            srv_close_listeners(s);
            srv_conns_stop(s->conns);
            srv_free_counts(s);
            free(s);
            errno = e != 0 ? e : EINVAL;
            return NULL;
        }
        L->port = srv_bound_port(L->fd);
        if (first_port == 0)
            first_port = L->port;
    }
    return s;
}

size_t srv_listener_count(const struct srv_server *s)
{
    return s->nlisten;
}

uint16_t srv_port(const struct srv_server *s, size_t i)
{
    return i < s->nlisten ? s->listen[i].port : 0;
}

/* The connections the kernel had made but libmicrohttpd not yet taken when
 * the stop came: their clients sent their requests before it, so they are
 * served like the others rather than reset with the listening socket. */
static void srv_take_queued(struct srv_server *s, struct MHD_Daemon *d,
                            int listen_fd)
{
    int fl = fcntl(listen_fd, F_GETFL);
    if (fl < 0 || fcntl(listen_fd, F_SETFL, fl | O_NONBLOCK) < 0)
        return; /* it could block: leave the queue to the kernel */
    for (;;) {
        struct sockaddr_storage addr;
        socklen_t len = sizeof addr;
        int fd = accept4(listen_fd, (struct sockaddr *)&addr, &len,
                         SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0)
            return; /* EAGAIN: no more */
        /* libmicrohttpd closes fd itself, even when it refuses it. */
        atomic_fetch_add(&s->handed, 1u);
        if (MHD_add_connection(d, fd, (struct sockaddr *)&addr, len) != MHD_YES)
            srv_handed_started(s);
    }
}

unsigned srv_stop(struct srv_server *s)
{
    if (s == NULL)
        return 0;
    /* No new connection (those still in the kernel's queue are taken
     * first), and from now on every answer closes its connection. */
    atomic_store(&s->stop_us, srv_now_us());
    atomic_store(&s->stopping, true);
    for (size_t i = 0; i < s->nlisten; i++) {
        struct srv_listen *L = &s->listen[i];
        MHD_socket fd = MHD_quiesce_daemon(L->daemon);
        if (fd != MHD_INVALID_SOCKET) {
            srv_take_queued(s, L->daemon, fd);
            (void)close(fd);
        }
        L->fd = -1;
    }
    /* Every request already begun is finished, within the bound: its
     * head and body have their own deadlines (conns.c), its answer its
     * work budget. */
    /* A connection accepted with no request begun yet is waited for a
     * moment (its client's request may be on its way), not the whole
     * bound (a browser's spare connection may never send one). */
    unsigned left = atomic_load(&s->active);
    uint64_t t0 = srv_now_us();
    uint64_t until = t0 + (uint64_t)CLB_STOP_GRACE_S * 1000000u;
    uint64_t fresh_until = t0 + (uint64_t)CLB_STOP_FIRST_REQUEST_MS * 1000u;
    for (;;) {
        uint64_t now = srv_now_us();
        left = atomic_load(&s->active);
        bool waiting_fresh =
            (atomic_load(&s->fresh) > 0 || atomic_load(&s->handed) > 0) &&
            now < fresh_until;
        if ((left == 0 && !waiting_fresh) || now >= until)
            break;
        struct timespec tick = {0, 5 * 1000000L};
        (void)nanosleep(&tick, NULL);
    }
    /* closes (and so frees) every connection */
    srv_close_listeners(s);
    srv_conns_stop(s->conns);
    srv_free_counts(s);
    free(s);
    return left;
}
