/* server/conns.c - the registry of open connections and its watchdog
 * (conns.h).
 *
 * The list is guarded by one mutex, taken only when a connection opens or
 * closes and when the watchdog scans; the per-request deadline is an atomic
 * that a connection's own thread sets without the lock, so an ordinary
 * request costs two atomic stores and no lock.
 */
/* SPDX-License-Identifier: MIT */
#include "metrics.h"
#include "conns.h"

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

#include "../core/limits.h"

struct srv_conns {
    pthread_mutex_t lock; /* guards head, stopping and the thread's sleep */
    pthread_cond_t wake;
    pthread_t thread;
    struct srv_conn *head;
    bool stopping;
    uint64_t header_ms, body_ms;
};

static uint64_t srv_conns_now_ms(void)
{
    struct timespec ts;
    (void)clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* Shuts down every connection past its deadline. shutdown(2), not close:
 * the descriptor stays libmicrohttpd's, whose thread wakes up to an ended
 * connection and cleans it up as if the client had gone. */
static void srv_conns_sweep(struct srv_conns *cs, uint64_t now)
{
    for (struct srv_conn *c = cs->head; c != NULL; c = c->next) {
        uint64_t d =
            atomic_load_explicit(&c->deadline_ms, memory_order_relaxed);
        if (d == 0 || now < d)
            continue;
        atomic_store_explicit(&c->deadline_ms, 0, memory_order_relaxed);
        (void)shutdown(c->fd, SHUT_RDWR);
        srv_metrics_refused(SRV_REFUSED_DEADLINE);
    }
}

static void *srv_conns_watch(void *arg)
{
    struct srv_conns *cs = arg;
    pthread_mutex_lock(&cs->lock);
    while (!cs->stopping) {
        srv_conns_sweep(cs, srv_conns_now_ms());
        struct timespec until;
        (void)clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += (long)CLB_DEADLINE_CHECK_MS * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec += 1;
            until.tv_nsec -= 1000000000L;
        }
        /* Wakes early only for srv_conns_stop; a timeout is the normal
         * way round the loop. */
        (void)pthread_cond_timedwait(&cs->wake, &cs->lock, &until);
    }
    pthread_mutex_unlock(&cs->lock);
    return NULL;
}

struct srv_conns *srv_conns_start(unsigned header_s, unsigned body_s)
{
    struct srv_conns *cs = calloc(1, sizeof *cs);
    if (cs == NULL)
        return NULL;
    cs->header_ms = (uint64_t)header_s * 1000u;
    cs->body_ms = (uint64_t)body_s * 1000u;
    pthread_condattr_t attr;
    int rc = pthread_condattr_init(&attr);
    if (rc == 0) {
        rc = pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
        if (rc == 0)
            rc = pthread_cond_init(&cs->wake, &attr);
        pthread_condattr_destroy(&attr);
    }
    if (rc != 0) {
        free(cs);
        errno = rc;
        return NULL;
    }
    if ((rc = pthread_mutex_init(&cs->lock, NULL)) != 0) {
        pthread_cond_destroy(&cs->wake);
        free(cs);
        errno = rc;
        return NULL;
    }
    if ((rc = pthread_create(&cs->thread, NULL, srv_conns_watch, cs)) != 0) {
        pthread_mutex_destroy(&cs->lock);
        pthread_cond_destroy(&cs->wake);
        free(cs);
        errno = rc;
        return NULL;
    }
    return cs;
}

void srv_conns_stop(struct srv_conns *cs)
{
    if (cs == NULL)
        return;
    pthread_mutex_lock(&cs->lock);
    cs->stopping = true;
    pthread_cond_signal(&cs->wake);
    pthread_mutex_unlock(&cs->lock);
    pthread_join(cs->thread, NULL);
    /* libmicrohttpd has closed every connection (and so freed each one)
     * before the server stops the watchdog; anything left is a bug, and
     * freeing it here keeps the leak checker's report about that bug. */
    pthread_mutex_destroy(&cs->lock);
    pthread_cond_destroy(&cs->wake);
    free(cs);
}

struct srv_conn *srv_conn_open(struct srv_conns *cs, int fd)
{
    struct srv_conn *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NULL;
    c->fd = fd;
    atomic_init(&c->deadline_ms, srv_conns_now_ms() + cs->header_ms);
    pthread_mutex_lock(&cs->lock);
    c->next = cs->head;
    if (cs->head != NULL)
        cs->head->prev = c;
    cs->head = c;
    pthread_mutex_unlock(&cs->lock);
    return c;
}

void srv_conn_close(struct srv_conns *cs, struct srv_conn *c)
{
    if (c == NULL)
        return;
    pthread_mutex_lock(&cs->lock);
    if (c->prev != NULL)
        c->prev->next = c->next;
    else
        cs->head = c->next;
    if (c->next != NULL)
        c->next->prev = c->prev;
    pthread_mutex_unlock(&cs->lock);
    free(c);
}

void srv_conn_await_headers(struct srv_conns *cs, struct srv_conn *c)
{
    atomic_store_explicit(&c->deadline_ms, srv_conns_now_ms() + cs->header_ms,
                          memory_order_relaxed);
}

void srv_conn_await_body(struct srv_conns *cs, struct srv_conn *c)
{
    atomic_store_explicit(&c->deadline_ms, srv_conns_now_ms() + cs->body_ms,
                          memory_order_relaxed);
}

void srv_conn_request_in(struct srv_conn *c)
{
    atomic_store_explicit(&c->deadline_ms, 0, memory_order_relaxed);
}
