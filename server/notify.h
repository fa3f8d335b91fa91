/* server/notify.h - tells a service manager (systemd's Type=notify) that the
 * server is ready and, later, that it is stopping.
 *
 * The protocol is one datagram of "KEY=VALUE" lines to the AF_UNIX socket
 * named by $NOTIFY_SOCKET (a path, or an abstract name written with a
 * leading '@'). Written here in a few lines rather than linking libsystemd:
 * outside systemd the variable is unset and every call does nothing.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_NOTIFY_H
#define SRV_NOTIFY_H

#include <stdbool.h>

/* Sends `state` (e.g. "READY=1") to $NOTIFY_SOCKET. Returns true when it was
 * sent, false when there is no socket to tell or sending failed (never
 * fatal: a server that cannot tell its manager still serves). */
bool srv_notify(const char *state);

#endif
