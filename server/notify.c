/* server/notify.c - the service manager's readiness protocol (notify.h). */
/* SPDX-License-Identifier: MIT */
#include "notify.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

bool srv_notify(const char *state)
{
    const char *name = getenv("NOTIFY_SOCKET");
    if (name == NULL || name[0] == '\0' || state == NULL)
        return false;
    size_t len = strlen(name);
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    /* A path must be absolute; '@' names an abstract socket. */
    if ((name[0] != '/' && name[0] != '@') || len >= sizeof addr.sun_path)
        return false;
    memcpy(addr.sun_path, name, len);
    if (name[0] == '@')
        addr.sun_path[0] = '\0';
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return false;
    socklen_t addr_len =
        (socklen_t)(offsetof(struct sockaddr_un, sun_path) + len);
    ssize_t sent = sendto(fd, state, strlen(state), MSG_NOSIGNAL,
                          (const struct sockaddr *)&addr, addr_len);
    close(fd);
    return sent == (ssize_t)strlen(state);
}
