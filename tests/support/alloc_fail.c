/* tests/support/alloc_fail.c - fails the Nth allocation of a request, for
 * the allocation-failure sweeps (tests/alloc_fail/, test_alloc_fail.c).
 *
 * Linked only into the test build's collabble-alloc-fail and
 * test_alloc_fail, with `ld --wrap` for malloc, calloc and realloc (the
 * only allocators the server, dict and core objects call; alloc_fail.cmake
 * checks that no object calls another) and for the library calls that
 * allocate on the server's behalf and report failure to it: libqrencode's
 * QRcode_encodeString and libmicrohttpd's MHD_create_response_from_buffer
 * and MHD_add_response_header, each counted as one allocation. jansson and
 * libdeflate take their allocator from here (json_set_alloc_funcs,
 * libdeflate_set_memory_allocator), so every allocation of theirs counts.
 * Outside: libmicrohttpd's own (its connections, its pool, its parsing)
 * and libc's internal ones; nothing of ours can act on those.
 *
 * The count is per thread: a request runs on one libmicrohttpd thread from
 * its connection's start to its answer. The server arms the next request
 * with a header (server/alloc_hook.h); a unit test arms its own thread.
 */
/* SPDX-License-Identifier: MIT */
#include "alloc_fail.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <libdeflate.h>
#include <microhttpd.h>
#include <qrencode.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
QRcode *__real_QRcode_encodeString(const char *string, int version,
                                   QRecLevel level, QRencodeMode hint,
                                   int casesensitive);
struct MHD_Response *
__real_MHD_create_response_from_buffer(size_t size, void *buffer,
                                       enum MHD_ResponseMemoryMode mode);
enum MHD_Result __real_MHD_add_response_header(struct MHD_Response *response,
                                               const char *header,
                                               const char *content);

void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
QRcode *__wrap_QRcode_encodeString(const char *string, int version,
                                   QRecLevel level, QRencodeMode hint,
                                   int casesensitive);
struct MHD_Response *
__wrap_MHD_create_response_from_buffer(size_t size, void *buffer,
                                       enum MHD_ResponseMemoryMode mode);
enum MHD_Result __wrap_MHD_add_response_header(struct MHD_Response *response,
                                               const char *header,
                                               const char *content);

struct af_state {
    bool counting;
    bool persist;
    bool hit;
    unsigned long fail_at; /* 0: count only */
    unsigned long count;
};

static _Thread_local struct af_state af;

/* One allocation asked for: true when it is the one (or, persisting, one
 * of those) to fail. */
static bool af_fails(void)
{
    if (!af.counting)
        return false;
    af.count++;
    if (af.fail_at == 0 || af.count < af.fail_at ||
        (af.count > af.fail_at && !af.persist))
        return false;
    af.hit = true;
    errno = ENOMEM;
    return true;
}

void *__wrap_malloc(size_t n)
{
    return af_fails() ? NULL : __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size)
{
    return af_fails() ? NULL : __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n)
{
    return af_fails() ? NULL : __real_realloc(p, n);
}

QRcode *__wrap_QRcode_encodeString(const char *string, int version,
                                   QRecLevel level, QRencodeMode hint,
                                   int casesensitive)
{
    if (af_fails())
        return NULL; /* as libqrencode fails: NULL, errno ENOMEM */
    return __real_QRcode_encodeString(string, version, level, hint,
                                      casesensitive);
}

struct MHD_Response *
__wrap_MHD_create_response_from_buffer(size_t size, void *buffer,
                                       enum MHD_ResponseMemoryMode mode)
{
    if (af_fails())
        return NULL;
    return __real_MHD_create_response_from_buffer(size, buffer, mode);
}

enum MHD_Result __wrap_MHD_add_response_header(struct MHD_Response *response,
                                               const char *header,
                                               const char *content)
{
    if (af_fails())
        return MHD_NO;
    return __real_MHD_add_response_header(response, header, content);
}

/* jansson's and libdeflate's allocations go through the counter; their
 * frees are plain free(), as the wrapped malloc is plain malloc below. */
__attribute__((constructor)) static void af_install(void)
{
    json_set_alloc_funcs(__wrap_malloc, free);
    libdeflate_set_memory_allocator(__wrap_malloc, free);
}

/* ---- unit tests: this thread, from now --------------------------------- */

void clb_alloc_fail_arm(unsigned long fail_at, bool persist)
{
    af = (struct af_state){
        .counting = true, .persist = persist, .fail_at = fail_at};
}

struct clb_alloc_fail_result clb_alloc_fail_disarm(void)
{
    struct clb_alloc_fail_result r = {af.count, af.hit};
    af.counting = false;
    return r;
}

/* ---- the server: the next request to begin ----------------------------- */

static pthread_mutex_t af_next_lock = PTHREAD_MUTEX_INITIALIZER;
static bool af_next_armed;
static struct af_state af_next;

void clb_alloc_fail_next(const char *spec)
{
    struct af_state s = {.counting = true};
    if (strcmp(spec, "count") != 0) {
        char *end;
        errno = 0;
        s.fail_at = strtoul(spec, &end, 10);
        s.persist = *end == '+';
        if (errno != 0 || end == spec || s.fail_at == 0 ||
            (*end != '\0' && strcmp(end, "+") != 0))
            return; /* not a spec: nothing armed */
    }
    pthread_mutex_lock(&af_next_lock);
    af_next = s;
    af_next_armed = true;
    pthread_mutex_unlock(&af_next_lock);
}

void clb_alloc_fail_begin(void)
{
    if (af.counting)
        return; /* the request's connection began it already */
    pthread_mutex_lock(&af_next_lock);
    if (af_next_armed) {
        af = af_next;
        af_next_armed = false;
    }
    pthread_mutex_unlock(&af_next_lock);
}

void clb_alloc_fail_end(void)
{
    af.counting = false;
}

size_t clb_alloc_fail_note(char *out, size_t cap)
{
    if (!af.counting || cap == 0)
        return 0;
    char failed[32] = "none";
    if (af.hit)
        snprintf(failed, sizeof failed, "%lu%s", af.fail_at,
                 af.persist ? "+" : "");
    int n = snprintf(out, cap, " allocations=%lu failed=%s", af.count, failed);
    return n < 0 ? 0 : (size_t)n < cap ? (size_t)n : cap - 1;
}
