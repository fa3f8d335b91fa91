/* server/signals.c - the signals a long-running front end answers
 * (signals.h). */
/* SPDX-License-Identifier: MIT */
#include "say.h"
#include "signals.h"

#include <pthread.h>
#include <stdio.h>

void srv_signals_block(sigset_t *set)
{
    sigemptyset(set);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGHUP);
    (void)pthread_sigmask(SIG_BLOCK, set, NULL);
    (void)signal(SIGPIPE, SIG_IGN);
}

int srv_signals_wait(const sigset_t *set)
{
    for (;;) {
        int sig = 0;
        if (sigwait(set, &sig) != 0)
            continue; /* only an invalid set fails; keep waiting */
        if (sig != SIGHUP)
            return sig;
        srv_say(SRV_INFO, "SIGHUP ignored (nothing to reopen: the log is "
                          "standard error; restart to change settings)");
    }
}

const char *srv_signal_name(int sig)
{
    return sig == SIGTERM  ? "SIGTERM"
           : sig == SIGINT ? "SIGINT"
           : sig == SIGHUP ? "SIGHUP"
                           : "signal";
}
