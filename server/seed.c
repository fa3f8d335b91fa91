/* server/seed.c - random bytes for a new game's seed (seed.h). */
/* SPDX-License-Identifier: MIT */
#include "seed.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>

enum clb_err srv_random_bytes_from(srv_random_source *source, void *out,
                                   size_t n, struct clb_error *err)
{
    unsigned char *p = out;
    size_t got = 0;
    while (got < n) {
        ssize_t r = source(p + got, n - got, 0);
        if (r > 0) {
            got += (size_t)r;
            continue;
        }
        if (r < 0 && errno == EINTR)
            continue; /* a signal came first: nothing was lost */
        char why[64];
        if (r == 0 || strerror_r(errno, why, sizeof why) != 0)
            (void)snprintf(why, sizeof why, "no bytes");
        return clb_error_set(err, CLB_ERR_INTERNAL,
                             "the system's random source failed (%s): start "
                             "the game with a seed of your own",
                             why);
    }
    return CLB_ERR_OK;
}

/* getrandom(2) as a srv_random_source (its flags are unsigned int). */
static ssize_t seed_getrandom(void *buf, size_t len, unsigned flags)
{
    return getrandom(buf, len, flags);
}

enum clb_err srv_random_bytes(void *out, size_t n, struct clb_error *err)
{
    return srv_random_bytes_from(seed_getrandom, out, n, err);
}
