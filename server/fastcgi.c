/* server/fastcgi.c - the FastCGI front end (fastcgi.h). */
/* SPDX-License-Identifier: MIT */
#include "say.h"
#include "fastcgi.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <fcgiapp.h>

#include "gateway.h"
#include "signals.h"

struct fcgi_server {
    struct srv_app app;
    const char *base;
    int listen_fd;
    atomic_bool stopping;
};

static long fcgi_read(void *cls, char *buf, size_t n)
{
    FCGX_Request *r = cls;
    int want = n > (size_t)CLB_MAX_BODY_BYTES ? CLB_MAX_BODY_BYTES : (int)n;
    int got = FCGX_GetStr(buf, want, r->in);
    /* libfcgi reports a stream error (a read that timed out, a peer
     * gone) as a short count, as it reports the end of the body. */
    if (got <= 0)
        return FCGX_GetError(r->in) != 0 ? -1 : 0;
    return got;
}

static bool fcgi_write(void *cls, const char *buf, size_t n)
{
    FCGX_Request *r = cls;
    while (n > 0) {
        int part = n > 65536 ? 65536 : (int)n;
        if (FCGX_PutStr(buf, part, r->out) != part)
            return false;
        buf += part;
        n -= (size_t)part;
    }
    return true;
}

static void *fcgi_worker(void *arg)
{
    struct fcgi_server *s = arg;
    FCGX_Request req;
    if (FCGX_InitRequest(&req, s->listen_fd, 0) != 0)
        return NULL;
    while (!atomic_load(&s->stopping)) {
        /* Every thread accepts on its own (libfcgi's example serializes
         * accept for systems that need it; Linux does not): a thread held
         * by a slow peer's parameters never holds up the others. */
        if (FCGX_Accept_r(&req) < 0)
            continue; /* the accept timed out (SO_RCVTIMEO), or stopping */
        struct srv_gateway_io io = {
            .cls = &req, .read = fcgi_read, .write = fcgi_write};
        (void)srv_gateway_serve(&s->app, req.envp, SRV_GATEWAY_FASTCGI, s->base,
                                &io);
        FCGX_Finish_r(&req);
    }
    FCGX_Free(&req, 0);
    return NULL;
}

bool srv_fastcgi_started_on_socket(void)
{
    int listening = 0;
    socklen_t len = sizeof listening;
    return getsockopt(STDIN_FILENO, SOL_SOCKET, SO_ACCEPTCONN, &listening,
                      &len) == 0 &&
           listening != 0;
}

/* A connection that sends nothing for CLB_HEADER_DEADLINE_S is given up:
 * accepted sockets take the timeout of the listening one (Linux), so a
 * request's parameters and body must keep coming, and a thread waiting in
 * accept looks up every so often to see whether it should stop. */
static void fcgi_set_deadline(int fd)
{
    struct timeval tv = {.tv_sec = CLB_HEADER_DEADLINE_S, .tv_usec = 0};
    (void)setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    (void)setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
}

int srv_fastcgi_run(const struct srv_context *ctx,
                    const struct srv_fastcgi_options *opts,
                    const sigset_t *stop)
{
    static struct fcgi_server s;
    unsigned threads = opts->threads;
    if (threads == 0) {
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        threads = cpus < 1 ? 1 : (unsigned)cpus;
    }
    if (threads > CLB_MAX_THREADS)
        threads = CLB_MAX_THREADS;
    srv_app_init(&s.app, ctx,
                 threads > CLB_SEARCH_THREADS_KEPT_FREE
                     ? threads - CLB_SEARCH_THREADS_KEPT_FREE
                     : 1);
    s.base = opts->base;
    atomic_init(&s.stopping, false);
    if (FCGX_Init() != 0) {
        srv_say(SRV_ERROR, "libfcgi could not start");
        return 1;
    }
    s.listen_fd = STDIN_FILENO;
    if (opts->address != NULL) {
        s.listen_fd = FCGX_OpenSocket(opts->address, CLB_LISTEN_BACKLOG);
        if (s.listen_fd < 0) {
            srv_say(SRV_ERROR, "cannot listen for FastCGI on %s: %s",
                    opts->address, strerror(errno));
            return 1;
        }
    }
    fcgi_set_deadline(s.listen_fd);

    pthread_attr_t attr;
    (void)pthread_attr_init(&attr);
    (void)pthread_attr_setstacksize(&attr, CLB_THREAD_STACK_BYTES);
    pthread_t tids[CLB_MAX_THREADS];
    unsigned started = 0;
    for (; started < threads; started++)
        if (pthread_create(&tids[started], &attr, fcgi_worker, &s) != 0)
            break;
    (void)pthread_attr_destroy(&attr);
    if (started == 0) {
        srv_say(SRV_ERROR, "cannot start a FastCGI thread");
        return 1;
    }
    srv_say(SRV_INFO, "serving FastCGI on %s (%u threads)",
            opts->address != NULL ? opts->address : "standard input", started);

    int sig = srv_signals_wait(stop);
    /* Stop accepting: a thread in accept() wakes (EINVAL), a thread
     * answering finishes its request first. */
    atomic_store(&s.stopping, true);
    (void)shutdown(s.listen_fd, SHUT_RDWR);
    for (unsigned i = 0; i < started; i++)
        (void)pthread_join(tids[i], NULL);
    srv_say(SRV_INFO, "%s, stopped", srv_signal_name(sig));
    if (opts->address != NULL)
        (void)close(s.listen_fd);
    return 0;
}
