/* tests/server/test_seed.c - the one source of a new game's random seed
 * (server/seed.h): retried on EINTR, continued after short reads, and on
 * failure an error that says what to do, never a weaker seed.
 */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "seed.h"

static int calls;

static ssize_t fails_enosys(void *buf, size_t len, unsigned flags)
{
    (void)buf;
    (void)len;
    (void)flags;
    calls++;
    errno = ENOSYS;
    return -1;
}

static ssize_t reads_nothing(void *buf, size_t len, unsigned flags)
{
    (void)buf;
    (void)len;
    (void)flags;
    calls++;
    return 0;
}

/* Interrupted twice, then one byte a call: 0x41, 0x42, ... */
static ssize_t interrupted_then_short(void *buf, size_t len, unsigned flags)
{
    (void)flags;
    cr_assert_eq(flags, 0u, "getrandom's default source, blocking at boot");
    if (calls++ < 2) {
        errno = EINTR;
        return -1;
    }
    cr_assert_gt(len, 0u);
    *(unsigned char *)buf = (unsigned char)(0x41 + calls - 3);
    return 1;
}

Test(server_seed, the_kernel_fills_every_byte)
{
    unsigned char a[64], b[64];
    struct clb_error err;
    clb_error_clear(&err);
    cr_assert_eq(srv_random_bytes(a, sizeof a, &err), CLB_ERR_OK, "%s",
                 err.detail);
    cr_assert_eq(srv_random_bytes(b, sizeof b, &err), CLB_ERR_OK);
    cr_assert_neq(memcmp(a, b, sizeof a), 0, "two draws of 64 bytes differ");
}

Test(server_seed, interrupted_and_short_reads_are_continued)
{
    unsigned char out[5];
    struct clb_error err;
    clb_error_clear(&err);
    calls = 0;
    cr_assert_eq(
        srv_random_bytes_from(interrupted_then_short, out, sizeof out, &err),
        CLB_ERR_OK);
    cr_assert_eq(calls, 2 + 5);
    cr_assert_eq(memcmp(out, "ABCDE", 5), 0);
}

Test(server_seed, a_failing_source_is_an_error_that_says_what_to_do)
{
    unsigned char out[4];
    struct clb_error err;
    clb_error_clear(&err);
    calls = 0;
    cr_assert_eq(srv_random_bytes_from(fails_enosys, out, sizeof out, &err),
                 CLB_ERR_INTERNAL);
    cr_assert_eq(calls, 1, "no retry but for EINTR");
    cr_assert_str_eq(err.detail, "the system's random source failed "
                                 "(Function not implemented): start the "
                                 "game with a seed of your own");
    calls = 0;
    cr_assert_eq(srv_random_bytes_from(reads_nothing, out, sizeof out, &err),
                 CLB_ERR_INTERNAL);
    cr_assert_eq(calls, 1);
    cr_assert_not_null(strstr(err.detail, "(no bytes)"), "%s", err.detail);
}

static volatile sig_atomic_t alarms;

static void on_alarm(int sig)
{
    (void)sig;
    alarms++;
}

/* The real getrandom(2) under a storm of signals (no SA_RESTART): large
 * reads are then cut short or fail with EINTR, and every byte must still
 * be filled. A zero run of 256 bytes at the end would mean bytes left
 * unwritten (its chance from a random source is 2^-2048). */
Test(server_seed, the_kernel_source_under_signals)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sigemptyset(&sa.sa_mask);
    cr_assert_eq(sigaction(SIGALRM, &sa, NULL), 0);
    struct itimerval every = {{0, 50}, {0, 50}};
    cr_assert_eq(setitimer(ITIMER_REAL, &every, NULL), 0);
    enum { N = 8 << 20 };
    unsigned char *buf = calloc(N, 1);
    cr_assert_not_null(buf);
    struct clb_error err;
    clb_error_clear(&err);
    for (int round = 0; round < 8; round++) {
        memset(buf, 0, N);
        cr_assert_eq(srv_random_bytes(buf, N, &err), CLB_ERR_OK, "%s",
                     err.detail);
        size_t zeros = 0;
        while (zeros < 256 && buf[N - 1 - zeros] == 0)
            zeros++;
        cr_assert_lt(zeros, 256, "the end of the buffer was left unwritten");
    }
    struct itimerval off = {{0, 0}, {0, 0}};
    (void)setitimer(ITIMER_REAL, &off, NULL);
    cr_log_info("%d signals during the reads", (int)alarms);
    cr_assert_gt(alarms, 0);
    free(buf);
}
