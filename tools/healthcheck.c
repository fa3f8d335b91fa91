/* tools/healthcheck.c - collabble-healthcheck: the container image's
 * HEALTHCHECK. The runtime image carries no curl or wget, so this asks the
 * server itself: GET /readyz on 127.0.0.1:PORT (default 8080) over a plain
 * socket, exit 0 on an HTTP 200 answer and 1 on anything else (refused,
 * timed out, other status: 503 while the server drains after SIGTERM).
 * /readyz rather than /livez: a container that is up but will not take
 * players (draining) is not healthy for the runtime to send them to.
 * Usage: collabble-healthcheck [PORT]
 */
/* SPDX-License-Identifier: MIT */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

static int fail(const char *what)
{
    fprintf(stderr, "collabble-healthcheck: %s\n", what);
    return 1;
}

int main(int argc, char **argv)
{
    long port = 8080;
    if (argc > 1) {
        char *end;
        port = strtol(argv[1], &end, 10);
        if (*argv[1] == '\0' || *end != '\0' || port < 1 || port > 65535)
            return fail("usage: collabble-healthcheck [PORT]");
    }
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return fail("socket failed");
    struct timeval tv = {.tv_sec = 3, .tv_usec = 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    struct sockaddr_in sa = {.sin_family = AF_INET,
                             .sin_port = htons((unsigned short)port),
                             .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    if (connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0)
        return fail("cannot connect to 127.0.0.1");
    static const char req[] = "GET /readyz HTTP/1.0\r\nHost: 127.0.0.1\r\n"
                              "Connection: close\r\n\r\n";
    if (send(fd, req, sizeof req - 1, 0) != (ssize_t)(sizeof req - 1))
        return fail("send failed");
    /* The status line is all we need: "HTTP/1.x 200 ...". */
    char buf[64];
    size_t got = 0;
    while (got < sizeof buf - 1) {
        ssize_t n = recv(fd, buf + got, sizeof buf - 1 - got, 0);
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    close(fd);
    buf[got] = '\0';
    if (got < 12 || strncmp(buf, "HTTP/1.", 7) != 0 ||
        strncmp(buf + 8, " 200", 4) != 0)
        return fail("/readyz did not answer 200");
    return 0;
}
