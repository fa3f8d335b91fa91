/* server/metrics.h - the server's counters, and the Prometheus text page
 * that shows them (opt-in: `--metrics PORT`, on loopback unless
 * `--metrics-bind` says otherwise).
 *
 * One process-wide set of atomic counters, like the process's own
 * resource usage: the HTTP layer counts requests, connections and
 * refusals; the moves and links are counted where they are made
 * (position_counts, server/position.h), and the page reads them there. Counting
 * never allocates or blocks, so it costs a request a few atomic adds. Labels
 * come from fixed tables (the routes, the statuses), never from request text,
 * so a client cannot grow the page. Nothing of a game is counted but its kind.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_METRICS_H
#define SRV_METRICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#include "http.h"

enum srv_refusal {
    SRV_REFUSED_CONNECTIONS, /* the connection cap, overall or per address */
    SRV_REFUSED_DEADLINE,    /* a head or body past its deadline */
    SRV_REFUSED_STRICT,      /* a head refused by the strict rules */
    SRV_REFUSED__COUNT
};

/* One request answered: its path (only its label is kept), status, body
 * bytes sent and duration. */
void srv_metrics_request(struct clb_str path, unsigned status, size_t bytes,
                         uint64_t us);
void srv_metrics_connection_opened(void);
void srv_metrics_connection_closed(void);
void srv_metrics_refused(enum srv_refusal why);
void srv_metrics_set_lexicons(int n);
/* The build (static strings), for collabble_build_info, and the start time
 * (now), for process_start_time_seconds. */
void srv_metrics_set_build(const char *version, const char *commit,
                           const char *date);

/* The route label of a path: "/", "/game/move", "/api/v1/plays",
 * "/static/" followed by a star for the static files, ..., "other". */
const char *srv_metrics_route_label(struct clb_str path);

/* The metrics listener: a second, small HTTP server that answers only
 * GET /metrics. NULL with errno set when it cannot listen. */
struct srv_metrics_server;
struct srv_metrics_server *srv_metrics_start(const struct sockaddr *addr);
uint16_t srv_metrics_port(const struct srv_metrics_server *m);
void srv_metrics_stop(struct srv_metrics_server *m);

#endif
