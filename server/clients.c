/* server/clients.c - who a request is from, behind a proxy (clients.h). */
/* SPDX-License-Identifier: MIT */
#include "clients.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *srv_cidr_parse(const char *s, struct srv_cidr *out)
{
    char host[INET6_ADDRSTRLEN + 1];
    const char *slash = strchr(s, '/');
    size_t n = slash != NULL ? (size_t)(slash - s) : strlen(s);
    if (n == 0 || n >= sizeof host)
        return "not an IPv4 or IPv6 address";
    memcpy(host, s, n);
    host[n] = '\0';
    memset(out, 0, sizeof *out);
    unsigned max;
    if (inet_pton(AF_INET, host, out->addr) == 1) {
        out->family = AF_INET;
        max = 32;
    } else if (inet_pton(AF_INET6, host, out->addr) == 1) {
        out->family = AF_INET6;
        max = 128;
    } else {
        return "not an IPv4 or IPv6 address";
    }
    out->bits = max;
    if (slash != NULL) {
        char *end;
        unsigned long b = strtoul(slash + 1, &end, 10);
        if (slash[1] < '0' || slash[1] > '9' || *end != '\0' || b > max)
            return max == 32 ? "the prefix length is not 0 to 32"
                             : "the prefix length is not 0 to 128";
        out->bits = (unsigned)b;
    }
    return NULL;
}

/* The first `bits` bits of a and b agree. */
static bool clients_prefix_equal(const unsigned char *a, const unsigned char *b,
                                 unsigned bits)
{
    unsigned whole = bits / 8, rest = bits % 8;
    if (memcmp(a, b, whole) != 0)
        return false;
    if (rest == 0)
        return true;
    unsigned char mask = (unsigned char)(0xffu << (8 - rest));
    return (a[whole] & mask) == (b[whole] & mask);
}

/* The address of sa as its family's bytes (an IPv4-mapped IPv6 address
 * as IPv4); the family, or 0 for one without an IP address. */
static int clients_bytes(const struct sockaddr *sa, unsigned char out[16])
{
    if (sa == NULL)
        return 0;
    if (sa->sa_family == AF_INET) {
        memcpy(out, &((const struct sockaddr_in *)sa)->sin_addr, 4);
        return AF_INET;
    }
    if (sa->sa_family == AF_INET6) {
        const unsigned char *a =
            ((const struct sockaddr_in6 *)sa)->sin6_addr.s6_addr;
        static const unsigned char mapped[12] = {0, 0, 0, 0, 0,    0,
                                                 0, 0, 0, 0, 0xff, 0xff};
        if (memcmp(a, mapped, 12) == 0) {
            memcpy(out, a + 12, 4);
            return AF_INET;
        }
        memcpy(out, a, 16);
        return AF_INET6;
    }
    return 0;
}

static bool clients_in(const struct srv_cidr *list, size_t n, int family,
                       const unsigned char *addr)
{
    for (size_t i = 0; i < n; i++)
        if (list[i].family == family &&
            clients_prefix_equal(list[i].addr, addr, list[i].bits))
            return true;
    return false;
}

bool srv_cidr_contains(const struct srv_cidr *list, size_t n,
                       const struct sockaddr *sa)
{
    unsigned char a[16];
    int family = clients_bytes(sa, a);
    return family != 0 && clients_in(list, n, family, a);
}

/* Reads one address of a header (spaces around it allowed, an IPv6
 * address possibly in brackets) into family/bytes; false if it is none. */
static bool clients_parse(const char *s, size_t len, int *family,
                          unsigned char out[16])
{
    while (len > 0 && (*s == ' ' || *s == '\t'))
        s++, len--;
    while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t'))
        len--;
    if (len >= 2 && s[0] == '[' && s[len - 1] == ']')
        s++, len -= 2;
    char host[INET6_ADDRSTRLEN + 1];
    if (len == 0 || len >= sizeof host)
        return false;
    memcpy(host, s, len);
    host[len] = '\0';
    if (inet_pton(AF_INET, host, out) == 1) {
        *family = AF_INET;
        return true;
    }
    if (inet_pton(AF_INET6, host, out) == 1) {
        *family = AF_INET6;
        return true;
    }
    return false;
}

/* The right-most address of X-Forwarded-For that is not a trusted proxy
 * (the one the last trusted proxy saw); false when there is none, or an
 * element that is no address comes first (the header is then not
 * believed). */
static bool clients_forwarded(const char *xff, const struct srv_cidr *trusted,
                              size_t n, int *family, unsigned char out[16])
{
    size_t end = strlen(xff);
    while (end > 0) {
        size_t start = end;
        while (start > 0 && xff[start - 1] != ',')
            start--;
        if (!clients_parse(xff + start, end - start, family, out))
            return false;
        if (!clients_in(trusted, n, *family, out))
            return true;
        end = start > 0 ? start - 1 : 0;
    }
    return false;
}

static void clients_key(int family, const unsigned char *a,
                        struct srv_client *key)
{
    memset(key, 0, sizeof *key);
    if (family == AF_INET) {
        key->addr[10] = key->addr[11] = 0xff;
        memcpy(key->addr + 12, a, 4);
    } else {
        memcpy(key->addr, a, 16);
    }
}

bool srv_client_of(const struct sockaddr *peer, const char *real_ip,
                   const char *forwarded_for, const struct srv_cidr *trusted,
                   size_t ntrusted, char *out, size_t cap,
                   struct srv_client *key)
{
    unsigned char a[16];
    int family = clients_bytes(peer, a);
    /* A Unix socket's peer is a proxy on this machine: trusted as the
     * operator who pointed it there. */
    bool believe = ntrusted > 0 &&
                   (family == 0 || clients_in(trusted, ntrusted, family, a));
    if (believe) {
        int f;
        unsigned char fa[16];
        if ((real_ip != NULL &&
             clients_parse(real_ip, strlen(real_ip), &f, fa)) ||
            (forwarded_for != NULL &&
             clients_forwarded(forwarded_for, trusted, ntrusted, &f, fa))) {
            family = f;
            memcpy(a, fa, 16);
        }
    }
    if (family == 0) {
        (void)snprintf(out, cap, "-");
        return false;
    }
    if (inet_ntop(family, a, out, (socklen_t)cap) == NULL)
        (void)snprintf(out, cap, "-");
    clients_key(family, a, key);
    return true;
}

void srv_client_counts_init(struct srv_client_counts *t)
{
    memset(t->slots, 0, sizeof t->slots);
    (void)pthread_mutex_init(&t->lock, NULL);
}

void srv_client_counts_free(struct srv_client_counts *t)
{
    (void)pthread_mutex_destroy(&t->lock);
}

/* How far a client's slot may be from where its hash points: a lookup
 * costs at most this many compares, and a client that finds no free slot
 * within it is refused as if the table were full. */
#define CLIENTS_PROBES 64

/* The slot of c, or the first free one on its probe path (open
 * addressing, FNV-1a of the address); CLB_MAX_TRACKED_CLIENTS when there
 * is neither. */
static size_t clients_find(const struct srv_client_counts *t,
                           const struct srv_client *c, bool *found)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < sizeof c->addr; i++)
        h = (h ^ c->addr[i]) * 16777619u;
    size_t free_slot = CLB_MAX_TRACKED_CLIENTS;
    for (size_t k = 0; k < CLIENTS_PROBES; k++) {
        size_t i = (h + k) % CLB_MAX_TRACKED_CLIENTS;
        if (t->slots[i].count == 0) {
            if (free_slot == CLB_MAX_TRACKED_CLIENTS)
                free_slot = i;
            continue;
        }
        if (memcmp(&t->slots[i].key, c, sizeof *c) == 0) {
            *found = true;
            return i;
        }
    }
    *found = false;
    return free_slot;
}

bool srv_client_enter(struct srv_client_counts *t, const struct srv_client *c,
                      unsigned max)
{
    (void)pthread_mutex_lock(&t->lock);
    bool found;
    size_t i = clients_find(t, c, &found);
    bool ok =
        i < CLB_MAX_TRACKED_CLIENTS && (!found || t->slots[i].count < max);
    if (ok) {
        t->slots[i].key = *c;
        t->slots[i].count++;
    }
    (void)pthread_mutex_unlock(&t->lock);
    return ok;
}

void srv_client_leave(struct srv_client_counts *t, const struct srv_client *c)
{
    (void)pthread_mutex_lock(&t->lock);
    bool found;
    size_t i = clients_find(t, c, &found);
    if (found)
        t->slots[i].count--;
    (void)pthread_mutex_unlock(&t->lock);
}
