/* server/metrics.c - the counters, their Prometheus page and the listener
 * that serves it (metrics.h). A front end of collabble alone (clb_server_lib):
 * the CGI program counts nothing. */
/* SPDX-License-Identifier: MIT */
#include "metrics.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include <microhttpd.h>

#include "../core/game.h"
#include "cache.h"
#include "position.h"
#include "router.h"

/* The statuses the server answers; any other is counted as "other". */
static const unsigned metrics_statuses[] = {
    200, 201, 204, 301, 302, 303, 304, 400, 404, 405,
    408, 413, 414, 422, 429, 431, 500, 503, 505, 0,
};
#define METRICS_NSTATUSES (sizeof metrics_statuses / sizeof metrics_statuses[0])

/* Latency buckets, in microseconds (the page says seconds). */
static const uint64_t metrics_buckets_us[] = {
    100,   250,   500,    1000,   2500,   5000,    10000,
    25000, 50000, 100000, 250000, 500000, 1000000, 2500000,
};
#define METRICS_NBUCKETS                                                       \
    (sizeof metrics_buckets_us / sizeof metrics_buckets_us[0])

static struct {
    _Atomic uint64_t requests[SRV_ROUTE_LABELS][METRICS_NSTATUSES];
    /* by route; the last bucket is +Inf */
    _Atomic uint64_t latency[SRV_ROUTE_LABELS][METRICS_NBUCKETS + 1];
    _Atomic uint64_t latency_sum_us[SRV_ROUTE_LABELS];
    _Atomic uint64_t bytes_out;
    _Atomic int64_t connections_open;
    _Atomic uint64_t refused[SRV_REFUSED__COUNT];
    _Atomic int lexicons;
} metrics;

/* The build's labels and the process's start, set once at start. Labels
 * hold only what the build wrote (a version, a commit's hex, a date), never
 * request text. */
static struct {
    const char *version, *commit, *date;
} metrics_build = {"unknown", "unknown", "unknown"};
static _Atomic int64_t metrics_start_s;

const char *srv_metrics_route_label(struct clb_str path)
{
    return srv_route_path(srv_route_index(path));
}

void srv_metrics_request(struct clb_str path, unsigned status, size_t bytes,
                         uint64_t us)
{
    size_t s = METRICS_NSTATUSES - 1;
    for (size_t i = 0; i + 1 < METRICS_NSTATUSES; i++)
        if (metrics_statuses[i] == status) {
            s = i;
            break;
        }
    atomic_fetch_add_explicit(&metrics.requests[srv_route_index(path)][s], 1,
                              memory_order_relaxed);
    size_t b = 0;
    while (b < METRICS_NBUCKETS && us > metrics_buckets_us[b])
        b++;
    size_t r = srv_route_index(path);
    atomic_fetch_add_explicit(&metrics.latency[r][b], 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&metrics.latency_sum_us[r], us,
                              memory_order_relaxed);
    atomic_fetch_add_explicit(&metrics.bytes_out, bytes, memory_order_relaxed);
}

void srv_metrics_connection_opened(void)
{
    atomic_fetch_add_explicit(&metrics.connections_open, 1,
                              memory_order_relaxed);
}

void srv_metrics_connection_closed(void)
{
    atomic_fetch_sub_explicit(&metrics.connections_open, 1,
                              memory_order_relaxed);
}

void srv_metrics_refused(enum srv_refusal why)
{
    if ((unsigned)why < SRV_REFUSED__COUNT)
        atomic_fetch_add_explicit(&metrics.refused[why], 1,
                                  memory_order_relaxed);
}

void srv_metrics_set_build(const char *version, const char *commit,
                           const char *date)
{
    metrics_build.version = version;
    metrics_build.commit = commit;
    metrics_build.date = date;
    atomic_store(&metrics_start_s, (int64_t)time(NULL));
}

void srv_metrics_set_lexicons(int n)
{
    atomic_store(&metrics.lexicons, n);
}

static void metrics_u64(struct out_buf *b, uint64_t v)
{
    char digits[24];
    size_t i = sizeof digits;
    do {
        digits[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    out_rawn(b, digits + i, sizeof digits - i);
}

static uint64_t metrics_get(_Atomic uint64_t *v)
{
    return atomic_load_explicit(v, memory_order_relaxed);
}

/* "# HELP name text\n# TYPE name type\n" */
static void metrics_head(struct out_buf *b, const char *name, const char *type,
                         const char *help)
{
    out_lit(b, "# HELP ");
    out_raw(b, name);
    out_char(b, ' ');
    out_raw(b, help);
    out_lit(b, "\n# TYPE ");
    out_raw(b, name);
    out_char(b, ' ');
    out_raw(b, type);
    out_char(b, '\n');
}

/* name{key="value"} v */
static void metrics_sample(struct out_buf *b, const char *name, const char *key,
                           const char *value, uint64_t v)
{
    out_raw(b, name);
    if (key != NULL) {
        out_char(b, '{');
        out_raw(b, key);
        out_lit(b, "=\"");
        out_raw(b, value);
        out_lit(b, "\"}");
    }
    out_char(b, ' ');
    metrics_u64(b, v);
    out_char(b, '\n');
}

static void metrics_write_requests(struct out_buf *b)
{
    metrics_head(b, "collabble_http_requests_total", "counter",
                 "Requests answered, by route and status.");
    for (size_t r = 0; r < SRV_ROUTE_LABELS; r++)
        for (size_t s = 0; s < METRICS_NSTATUSES; s++) {
            uint64_t v = metrics_get(&metrics.requests[r][s]);
            if (v == 0)
                continue;
            out_lit(b, "collabble_http_requests_total{route=\"");
            out_raw(b, srv_route_path(r));
            out_lit(b, "\",status=\"");
            if (metrics_statuses[s] != 0)
                out_int(b, (int)metrics_statuses[s]);
            else
                out_lit(b, "other");
            out_lit(b, "\"} ");
            metrics_u64(b, v);
            out_char(b, '\n');
        }
}

/* Microseconds as seconds: six decimals, or without their trailing zeros
 * when `trim` (100 -> "0.0001"). */
static void metrics_seconds(struct out_buf *b, uint64_t us, bool trim)
{
    metrics_u64(b, us / 1000000);
    out_char(b, '.');
    char frac[6];
    uint64_t f = us % 1000000;
    for (int d = 5; d >= 0; d--, f /= 10)
        frac[d] = (char)('0' + f % 10);
    int n = 6;
    while (trim && n > 1 && frac[n - 1] == '0')
        n--;
    out_rawn(b, frac, (size_t)n);
}

static void metrics_write_latency(struct out_buf *b)
{
    metrics_head(b, "collabble_http_request_duration_seconds", "histogram",
                 "Time from a request's first byte to its answer queued, by "
                 "route.");
    for (size_t r = 0; r < SRV_ROUTE_LABELS; r++) {
        uint64_t cumulative = 0;
        for (size_t i = 0; i <= METRICS_NBUCKETS; i++)
            cumulative += metrics_get(&metrics.latency[r][i]);
        if (cumulative == 0)
            continue; /* a route never asked for: no series */
        cumulative = 0;
        for (size_t i = 0; i <= METRICS_NBUCKETS; i++) {
            cumulative += metrics_get(&metrics.latency[r][i]);
            out_lit(b,
                    "collabble_http_request_duration_seconds_bucket{route=\"");
            out_raw(b, srv_route_path(r));
            out_lit(b, "\",le=\"");
            if (i == METRICS_NBUCKETS)
                out_lit(b, "+Inf");
            else
                metrics_seconds(b, metrics_buckets_us[i], true);
            out_lit(b, "\"} ");
            metrics_u64(b, cumulative);
            out_char(b, '\n');
        }
        out_lit(b, "collabble_http_request_duration_seconds_sum{route=\"");
        out_raw(b, srv_route_path(r));
        out_lit(b, "\"} ");
        metrics_seconds(b, metrics_get(&metrics.latency_sum_us[r]), false);
        out_lit(b, "\ncollabble_http_request_duration_seconds_count{route=\"");
        out_raw(b, srv_route_path(r));
        out_lit(b, "\"} ");
        metrics_u64(b, cumulative);
        out_char(b, '\n');
    }
}

/* The build, as a metric of value 1 whose labels say it. */
static void metrics_write_build(struct out_buf *b)
{
    metrics_head(b, "collabble_build_info", "gauge",
                 "The build: version, commit and date.");
    out_lit(b, "collabble_build_info{version=\"");
    out_raw(b, metrics_build.version);
    out_lit(b, "\",commit=\"");
    out_raw(b, metrics_build.commit);
    out_lit(b, "\",built=\"");
    out_raw(b, metrics_build.date);
    out_lit(b, "\"} 1\n");
}

/* The process, under the names of Prometheus' process collector. */
/* Reads /proc/self/statm's size and resident pages with read(2) into a
 * buffer here: stdio's FILE would be an allocation of its own, outside
 * the one the out-of-memory sweeps can fail. */
static bool metrics_read_statm(unsigned long *size, unsigned long *resident)
{
    char text[128];
    int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    ssize_t n = read(fd, text, sizeof text - 1);
    (void)close(fd);
    if (n <= 0)
        return false;
    text[n] = '\0';
    return sscanf(text, "%lu %lu", size, resident) == 2;
}

static void metrics_write_process(struct out_buf *b)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) == 0) {
        uint64_t us = (uint64_t)ru.ru_utime.tv_sec * 1000000u +
                      (uint64_t)ru.ru_utime.tv_usec +
                      (uint64_t)ru.ru_stime.tv_sec * 1000000u +
                      (uint64_t)ru.ru_stime.tv_usec;
        metrics_head(b, "process_cpu_seconds_total", "counter",
                     "User and system CPU time spent, in seconds.");
        out_lit(b, "process_cpu_seconds_total ");
        metrics_seconds(b, us, false);
        out_char(b, '\n');
    }
    /* statm's first two fields: the size and the resident pages. */
    unsigned long size = 0, resident = 0;
    if (metrics_read_statm(&size, &resident)) {
        long page = sysconf(_SC_PAGESIZE);
        uint64_t bytes = (uint64_t)(page > 0 ? page : 4096);
        metrics_head(b, "process_resident_memory_bytes", "gauge",
                     "Resident memory size in bytes.");
        metrics_sample(b, "process_resident_memory_bytes", NULL, NULL,
                       (uint64_t)resident * bytes);
        metrics_head(b, "process_virtual_memory_bytes", "gauge",
                     "Virtual memory size in bytes.");
        metrics_sample(b, "process_virtual_memory_bytes", NULL, NULL,
                       (uint64_t)size * bytes);
    }
    DIR *d = opendir("/proc/self/fd");
    if (d != NULL) {
        uint64_t n = 0;
        for (struct dirent *e; (e = readdir(d)) != NULL;)
            n += e->d_name[0] != '.';
        (void)closedir(d);
        metrics_head(b, "process_open_fds", "gauge",
                     "Number of open file descriptors.");
        metrics_sample(b, "process_open_fds", NULL, NULL,
                       n > 0 ? n - 1 : 0); /* less opendir's own */
    }
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
        metrics_head(b, "process_max_fds", "gauge",
                     "Maximum number of open file descriptors.");
        metrics_sample(b, "process_max_fds", NULL, NULL, (uint64_t)rl.rlim_cur);
    }
    metrics_head(b, "process_start_time_seconds", "gauge",
                 "Start time of the process since the Unix epoch, in "
                 "seconds.");
    metrics_sample(b, "process_start_time_seconds", NULL, NULL,
                   (uint64_t)atomic_load(&metrics_start_s));
}

/* Writes the whole Prometheus text exposition (format 0.0.4) to b. */
static void metrics_write(struct out_buf *b)
{
    metrics_write_build(b);
    metrics_write_process(b);
    metrics_write_requests(b);
    metrics_write_latency(b);
    metrics_head(b, "collabble_http_response_bytes_total", "counter",
                 "Body bytes sent (HEAD answers count none).");
    metrics_sample(b, "collabble_http_response_bytes_total", NULL, NULL,
                   metrics_get(&metrics.bytes_out));
    metrics_head(b, "collabble_connections_open", "gauge",
                 "Connections open now.");
    int64_t open = atomic_load(&metrics.connections_open);
    metrics_sample(b, "collabble_connections_open", NULL, NULL,
                   open > 0 ? (uint64_t)open : 0);
    metrics_head(b, "collabble_refused_total", "counter",
                 "Connections or requests refused by a limit.");
    static const char *const limits[SRV_REFUSED__COUNT] = {
        "connections", "deadline", "strict_head"};
    for (int i = 0; i < SRV_REFUSED__COUNT; i++)
        metrics_sample(b, "collabble_refused_total", "limit", limits[i],
                       metrics_get(&metrics.refused[i]));
    struct position_counts counts;
    position_counts(&counts);
    metrics_head(b, "collabble_moves_total", "counter",
                 "Moves applied, by kind.");
    static const char *const kinds[3] = {"play", "exchange", "pass"};
    static_assert(CORE_MOVE_PLAY == 0 && CORE_MOVE_EXCHANGE == 1 &&
                      CORE_MOVE_PASS == 2,
                  "the kinds' order");
    for (int i = 0; i < 3; i++)
        metrics_sample(b, "collabble_moves_total", "kind", kinds[i],
                       counts.moves[i]);
    metrics_head(b, "collabble_links_opened_total", "counter",
                 "Turn links read, by format.");
    metrics_sample(b, "collabble_links_opened_total", "format", "v1",
                   counts.links[0]);
    metrics_sample(b, "collabble_links_opened_total", "format", "v2",
                   counts.links[1]);
    uint64_t hits, misses;
    srv_cache_counts(&hits, &misses);
    metrics_head(b, "collabble_position_cache_total", "counter",
                 "Links opened, by whether the thread had the position.");
    metrics_sample(b, "collabble_position_cache_total", "result", "hit", hits);
    metrics_sample(b, "collabble_position_cache_total", "result", "miss",
                   misses);
    srv_cache_review_counts(&hits, &misses);
    metrics_head(b, "collabble_reviews_total", "counter",
                 "Reviews made, carried on from the thread's last or whole.");
    metrics_sample(b, "collabble_reviews_total", "made", "carried", hits);
    metrics_sample(b, "collabble_reviews_total", "made", "whole", misses);
    metrics_head(b, "collabble_lexicons_loaded", "gauge", "Word lists loaded.");
    metrics_sample(b, "collabble_lexicons_loaded", NULL, NULL,
                   (uint64_t)atomic_load(&metrics.lexicons));
}

/* ---- the listener: a second, small HTTP server on libmicrohttpd that
 * answers only GET /metrics ---------------------------------------------- */

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
    struct out_buf b;
    out_init(&b, mem, sizeof mem, 256 * 1024);
    metrics_write(&b);
    enum MHD_Result ok =
        b.overflow ? metrics_answer(conn, 500, text, "too large\n", 10)
                   : metrics_answer(conn, 200, "text/plain; version=0.0.4", b.p,
                                    b.len);
    out_free(&b);
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
