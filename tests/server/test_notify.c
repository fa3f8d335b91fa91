/* tests/server/test_notify.c - the service manager's readiness protocol
 * (server/notify.c): the datagram reaches a socket named by a path or an
 * abstract name, nothing is sent without $NOTIFY_SOCKET, and the real
 * server says READY=1 once it answers and STOPPING=1 on SIGTERM. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../server/notify.h"

/* A datagram socket bound to `name` (a path, or '@' for an abstract name),
 * as systemd makes one. */
static int listen_at(const char *name)
{
    int fd = socket(AF_UNIX, SOCK_DGRAM, 0);
    cr_assert(fd >= 0);
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    size_t len = strlen(name);
    memcpy(addr.sun_path, name, len);
    if (name[0] == '@')
        addr.sun_path[0] = '\0';
    else
        unlink(name);
    socklen_t alen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + len);
    cr_assert(bind(fd, (struct sockaddr *)&addr, alen) == 0, "bind: %s",
              strerror(errno));
    return fd;
}

/* The next datagram within `ms`, or "" when none came. */
static void receive(int fd, char *buf, size_t size, int ms)
{
    struct pollfd p = {.fd = fd, .events = POLLIN};
    buf[0] = '\0';
    if (poll(&p, 1, ms) != 1)
        return;
    ssize_t n = recv(fd, buf, size - 1, 0);
    buf[n > 0 ? n : 0] = '\0';
}

Test(server_notify, a_path_socket_gets_the_state)
{
    char path[64];
    snprintf(path, sizeof path, "/tmp/clb-notify-%d.sock", (int)getpid());
    int fd = listen_at(path);
    setenv("NOTIFY_SOCKET", path, 1);
    cr_assert(srv_notify("READY=1"));
    char got[64];
    receive(fd, got, sizeof got, 1000);
    cr_assert_str_eq(got, "READY=1");
    close(fd);
    unlink(path);
}

Test(server_notify, an_abstract_socket_gets_the_state)
{
    char name[64];
    snprintf(name, sizeof name, "@clb-notify-%d", (int)getpid());
    int fd = listen_at(name);
    setenv("NOTIFY_SOCKET", name, 1);
    cr_assert(srv_notify("STOPPING=1"));
    char got[64];
    receive(fd, got, sizeof got, 1000);
    cr_assert_str_eq(got, "STOPPING=1");
    close(fd);
}

Test(server_notify, nothing_is_sent_without_a_valid_socket)
{
    unsetenv("NOTIFY_SOCKET");
    cr_assert_not(srv_notify("READY=1"));
    setenv("NOTIFY_SOCKET", "", 1);
    cr_assert_not(srv_notify("READY=1"));
    setenv("NOTIFY_SOCKET", "relative/path", 1); /* neither '/' nor '@' */
    cr_assert_not(srv_notify("READY=1"));
    setenv("NOTIFY_SOCKET", "/nonexistent-dir/none.sock", 1);
    cr_assert_not(srv_notify("READY=1"));
    char longname[200];
    memset(longname, 'a', sizeof longname - 1);
    longname[0] = '/';
    longname[sizeof longname - 1] = '\0';
    setenv("NOTIFY_SOCKET", longname, 1); /* longer than sun_path */
    cr_assert_not(srv_notify("READY=1"));
}

#ifdef CLB_TEST_SERVER
/* True when the server at 127.0.0.1:port accepts a connection now. */
static bool port_answers(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET,
                            .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bool ok = connect(fd, (struct sockaddr *)&a, sizeof a) == 0;
    close(fd);
    return ok;
}

/* A free loopback port, found by binding port 0. */
static int free_port(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    cr_assert(bind(fd, (struct sockaddr *)&a, sizeof a) == 0);
    cr_assert(getsockname(fd, (struct sockaddr *)&a, &len) == 0);
    close(fd);
    return ntohs(a.sin_port);
}

Test(server_notify, the_server_is_ready_when_it_answers_and_says_when_it_stops)
{
    char name[64];
    snprintf(name, sizeof name, "@clb-notify-server-%d", (int)getpid());
    int fd = listen_at(name);
    int port = free_port();
    char port_text[16];
    snprintf(port_text, sizeof port_text, "%d", port);
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        setenv("NOTIFY_SOCKET", name, 1);
        execl(CLB_TEST_SERVER, CLB_TEST_SERVER, "--port", port_text,
              "--lexicon", CLB_TEST_LEXICON, (char *)NULL);
        _exit(127);
    }
    char got[64];
    receive(fd, got, sizeof got, 30000);
    cr_assert_str_eq(got, "READY=1");
    /* READY=1 comes after the socket listens: it must answer at once. */
    cr_assert(port_answers(port), "READY=1 before the port answers");
    kill(pid, SIGTERM);
    receive(fd, got, sizeof got, 10000);
    cr_assert_str_eq(got, "STOPPING=1");
    int status = 0;
    cr_assert(waitpid(pid, &status, 0) == pid);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0,
              "the server exits 0 on SIGTERM (status %d)", status);
    close(fd);
}
#endif
