/* tests/support/alloc_fail.h - the allocation-failure test build's hook:
 * counts the allocations of one request (or of one stretch of a unit
 * test) and fails the Nth. tests/support/alloc_fail.c says what it
 * counts; DESIGN.md ("Out of memory") how the sweeps use it. */
/* SPDX-License-Identifier: MIT */
#ifndef TS_ALLOC_FAIL_H
#define TS_ALLOC_FAIL_H

#include <stdbool.h>
#include <stddef.h>

/* Starts counting this thread's allocations from now: the fail_at-th
 * fails (and with `persist` every one after it too); fail_at 0 fails
 * none, only counts. */
void clb_alloc_fail_arm(unsigned long fail_at, bool persist);

/* What the stretch since clb_alloc_fail_arm did: how many allocations it
 * asked for, and whether one of them was made to fail. */
struct clb_alloc_fail_result {
    unsigned long count;
    bool hit;
};

/* Stops counting on this thread and says what happened. */
struct clb_alloc_fail_result clb_alloc_fail_disarm(void);

/* The server's hooks (server/alloc_hook.h declares them weak). */
void clb_alloc_fail_next(const char *spec);
void clb_alloc_fail_begin(void);
void clb_alloc_fail_end(void);
size_t clb_alloc_fail_note(char *out, size_t cap);

#endif
