/* server/clients.h - who a request is from, behind a proxy.
 *
 * Behind nginx every connection comes from nginx's address, so the access
 * log and the per-address cap would see one client. An operator names the
 * proxies to believe (--trusted-proxy ADDR[/BITS]); only a request whose
 * peer is one of them has its client taken from the proxy's header
 * (X-Real-IP, else the right-most address of X-Forwarded-For that is not a
 * trusted proxy), and only when that header holds an address; from anyone
 * else the headers are ignored, so a client cannot name itself someone
 * else. Behind a trusted proxy the per-address cap counts a client's
 * requests in progress, in a table of fixed size (CLB_MAX_TRACKED_CLIENTS).
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_CLIENTS_H
#define SRV_CLIENTS_H

#include <netinet/in.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#include "../core/limits.h"

/* An address and a prefix length: 10.0.0.0/8, ::1/128, 127.0.0.1. */
struct srv_cidr {
    int family; /* AF_INET or AF_INET6 */
    unsigned char addr[16];
    unsigned bits;
};

/* A client address, as a key: an IPv4 address is its IPv4-mapped IPv6
 * form, so one client is one key whichever socket it came through. */
struct srv_client {
    unsigned char addr[16];
};

/* Reads "ADDR" or "ADDR/BITS" (IPv4 or IPv6). NULL when good, else why
 * not. */
const char *srv_cidr_parse(const char *s, struct srv_cidr *out);

/* True if sa (AF_INET or AF_INET6) is in one of the n ranges. */
bool srv_cidr_contains(const struct srv_cidr *list, size_t n,
                       const struct sockaddr *sa);

/* The client of a request from `peer`: the forwarded address when the
 * peer is a trusted proxy and its header holds one, else the peer. Writes
 * it as text into out (INET6_ADDRSTRLEN) and as a key into *key; false
 * when the peer has no IP address (a Unix socket) and no header is
 * believed. */
bool srv_client_of(const struct sockaddr *peer, const char *real_ip,
                   const char *forwarded_for, const struct srv_cidr *trusted,
                   size_t ntrusted, char *out, size_t cap,
                   struct srv_client *key);

/* Requests in progress by client. */
struct srv_client_counts {
    pthread_mutex_t lock;
    struct {
        struct srv_client key;
        unsigned count; /* 0: a free slot */
    } slots[CLB_MAX_TRACKED_CLIENTS];
};

void srv_client_counts_init(struct srv_client_counts *t);
void srv_client_counts_free(struct srv_client_counts *t);

/* Counts one more request of `c`; false (nothing counted) when it already
 * has `max` in progress, or when the table is full (a flood of addresses:
 * refused rather than forgotten). */
bool srv_client_enter(struct srv_client_counts *t, const struct srv_client *c,
                      unsigned max);

/* The request counted by srv_client_enter ended. */
void srv_client_leave(struct srv_client_counts *t, const struct srv_client *c);

#endif
