/* server/alloc_hook.h - where the allocation-failure test build hooks into
 * a request (tests/support/alloc_fail.c, DESIGN.md "Out of memory").
 *
 * That build links the very objects that ship with allocation wrappers
 * (ld --wrap) and with the functions below; they fail the Nth allocation
 * of a request armed by a test. Here they are weak: the collabble binary
 * and every other test have none, each hook is then a test of a null
 * address, and the arming header means nothing to them.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_ALLOC_HOOK_H
#define SRV_ALLOC_HOOK_H

#include <stdbool.h>
#include <stddef.h>

/* The request header that arms the next request to begin: "N" fails its
 * Nth allocation, "N+" the Nth and every later one, "count" fails none
 * (the access log then says how many there were). */
#define SRV_ALLOC_FAIL_HEADER "X-Collabble-Alloc-Fail"

void clb_alloc_fail_next(const char *spec) __attribute__((weak));
void clb_alloc_fail_begin(void) __attribute__((weak));
void clb_alloc_fail_end(void) __attribute__((weak));
size_t clb_alloc_fail_note(char *out, size_t cap) __attribute__((weak));

/* True in the allocation-failure build only. */
static inline bool srv_alloc_hooked(void)
{
    return clb_alloc_fail_next != NULL;
}

/* A request's header named what its successor is to fail. */
static inline void srv_alloc_next(const char *spec)
{
    if (clb_alloc_fail_next != NULL && spec != NULL)
        clb_alloc_fail_next(spec);
}

/* A request (or its connection) begins on this thread: it takes the armed
 * failure, if any. */
static inline void srv_alloc_begin(void)
{
    if (clb_alloc_fail_begin != NULL)
        clb_alloc_fail_begin();
}

/* The request ended: this thread counts no more. */
static inline void srv_alloc_end(void)
{
    if (clb_alloc_fail_end != NULL)
        clb_alloc_fail_end();
}

/* What the access log line adds for an armed request ("" otherwise):
 * its bytes, written at out (at most cap). */
static inline size_t srv_alloc_note(char *out, size_t cap)
{
    return clb_alloc_fail_note != NULL ? clb_alloc_fail_note(out, cap) : 0;
}

#endif
