/* server/metrics_listener.c - the metrics listener (metrics.h): a second,
 * small HTTP server on libmicrohttpd that answers only GET /metrics. Kept
 * apart from the counters so that a program without an HTTP server (the
 * CGI executable) counts without linking libmicrohttpd. */
/* SPDX-License-Identifier: MIT */
#include "metrics.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <microhttpd.h>

struct srv_metrics_server {
    struct MHD_Daemon *daemon;
};

static enum MHD_Result metrics_answer(struct MHD_Connection *conn,
                                      unsigned status, const char *type,
                                      const char *body, size_t len)
{
    struct MHD_Response *r = MHD_create_response_from_buffer(
        len, (void *)body, MHD_RESPMEM_MUST_COPY);
    if (r == NULL)
        return MHD_NO;
    enum MHD_Result ok =
        MHD_add_response_header(r, "Content-Type", type) == MHD_YES &&
                MHD_add_response_header(r, "Cache-Control", "no-store") ==
                    MHD_YES &&
                MHD_add_response_header(r, "X-Content-Type-Options",
                                        "nosniff") == MHD_YES
            ? MHD_queue_response(conn, status, r)
            : MHD_NO;
    MHD_destroy_response(r);
    return ok;
}

static enum MHD_Result metrics_access(void *cls, struct MHD_Connection *conn,
                                      const char *url, const char *method,
                                      const char *version,
                                      const char *upload_data,
                                      size_t *upload_data_size, void **con_cls)
{
    (void)cls;
    (void)version;
    (void)upload_data;
    if (*con_cls == NULL) { /* the head: wait for the (ignored) body */
        *con_cls = conn;
        return MHD_YES;
    }
    if (*upload_data_size != 0) {
        *upload_data_size = 0;
        return MHD_YES;
    }
    static const char text[] = "text/plain; charset=utf-8";
    if (strcmp(url, "/metrics") != 0)
        return metrics_answer(conn, 404, text, "not found\n", 10);
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
        return metrics_answer(conn, 405, text, "GET only\n", 9);
    char mem[8192];
    struct html_buf b;
    html_init(&b, mem, sizeof mem, 256 * 1024);
    srv_metrics_write(&b);
    enum MHD_Result ok =
        b.overflow ? metrics_answer(conn, 500, text, "too large\n", 10)
                   : metrics_answer(conn, 200, "text/plain; version=0.0.4", b.p,
                                    b.len);
    html_free(&b);
    return ok;
}

struct srv_metrics_server *srv_metrics_start(const struct sockaddr *addr)
{
    struct srv_metrics_server *m = calloc(1, sizeof *m);
    if (m == NULL)
        return NULL;
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD;
    if (addr->sa_family == AF_INET6)
        flags |= MHD_USE_IPv6;
    m->daemon = MHD_start_daemon(
        flags, 0, NULL, NULL, metrics_access, NULL, MHD_OPTION_SOCK_ADDR, addr,
        MHD_OPTION_CONNECTION_LIMIT, 16u, MHD_OPTION_CONNECTION_TIMEOUT, 10u,
        MHD_OPTION_END);
    if (m->daemon == NULL) {
        int e = errno;
        free(m);
        errno = e;
        return NULL;
    }
    return m;
}

uint16_t srv_metrics_port(const struct srv_metrics_server *m)
{
    const union MHD_DaemonInfo *info =
        MHD_get_daemon_info(m->daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info != NULL ? info->port : 0;
}

void srv_metrics_stop(struct srv_metrics_server *m)
{
    if (m == NULL)
        return;
    MHD_stop_daemon(m->daemon);
    free(m);
}
