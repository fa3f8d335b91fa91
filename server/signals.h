/* server/signals.h - the signals a long-running front end (HTTP, FastCGI)
 * answers, in one place: SIGINT and SIGTERM stop it; SIGHUP, which a
 * terminal's hang-up or an operator's `kill -HUP` (the usual "reload")
 * sends, is said in the log and otherwise ignored: the server has no file
 * to reopen (its log is standard error) and no settings to read again
 * (a restart does that, and loses nothing: the games are in the links).
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_SIGNALS_H
#define SRV_SIGNALS_H

#include <signal.h>

/* Blocks SIGINT, SIGTERM and SIGHUP in the calling thread (and so in every
 * thread it starts afterwards), so that only srv_signals_wait sees them
 * and no handler ever runs in the middle of a request; and ignores SIGPIPE
 * (a client that hangs up mid-answer must not kill the server). */
void srv_signals_block(sigset_t *set);

/* Waits for SIGINT or SIGTERM and returns it; a SIGHUP meanwhile is said
 * on stderr and waited past. */
int srv_signals_wait(const sigset_t *set);

/* "SIGTERM", "SIGINT", "SIGHUP" or "signal". */
const char *srv_signal_name(int sig);

#endif
