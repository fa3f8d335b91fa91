/* server/cgi.c - the CGI front end (cgi.h): the environment, standard
 * input and standard output as a struct srv_gateway_io. */
/* SPDX-License-Identifier: MIT */
#include "cgi.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gateway.h"

extern char **environ;

struct cgi_io {
    struct timespec deadline; /* of the body; tv_sec 0 until the first read */
};

static long cgi_ms_left(const struct timespec *deadline)
{
    struct timespec now;
    (void)clock_gettime(CLOCK_MONOTONIC, &now);
    return (long)(deadline->tv_sec - now.tv_sec) * 1000 +
           (deadline->tv_nsec - now.tv_nsec) / 1000000;
}

/* Standard input, within the body deadline: a web server that passes a
 * CONTENT_LENGTH larger than the body it sends must not hold the process
 * for ever. */
static long cgi_read(void *cls, char *buf, size_t n)
{
    struct cgi_io *io = cls;
    if (io->deadline.tv_sec == 0) {
        (void)clock_gettime(CLOCK_MONOTONIC, &io->deadline);
        io->deadline.tv_sec += CLB_BODY_DEADLINE_S;
    }
    for (;;) {
        long left = cgi_ms_left(&io->deadline);
        if (left <= 0)
            return -1;
        struct pollfd p = {.fd = STDIN_FILENO, .events = POLLIN};
        int ready = poll(&p, 1, (int)left);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            return -1;
        ssize_t got = read(STDIN_FILENO, buf, n);
        if (got < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        return got < 0 ? -1 : (long)got;
    }
}

static bool cgi_write(void *cls, const char *buf, size_t n)
{
    (void)cls;
    while (n > 0) {
        ssize_t put = write(STDOUT_FILENO, buf, n);
        if (put < 0 && errno == EINTR)
            continue;
        if (put <= 0)
            return false;
        buf += put;
        n -= (size_t)put;
    }
    return true;
}

bool srv_cgi_requested(void)
{
    const char *gi = getenv("GATEWAY_INTERFACE");
    return gi != NULL && strncmp(gi, "CGI/1.", 6) == 0;
}

unsigned srv_cgi_run(const struct srv_context *ctx, const char *base)
{
    /* One request a process: no other search to share with. */
    static struct srv_app app;
    srv_app_init(&app, ctx, 0);
    app.one_request = true;
    struct cgi_io state = {.deadline = {0, 0}};
    struct srv_gateway_io io = {
        .cls = &state, .read = cgi_read, .write = cgi_write};
    return srv_gateway_serve(&app, environ, SRV_GATEWAY_CGI, base, &io);
}
