/* server/outbuf.c - the per-request output buffer (outbuf.h).
 *
 * A response is built by many small appends; checking each for failure
 * would bury the page code in error handling, so a failed append sets a
 * sticky flag instead and every later append becomes a no-op. The
 * dispatcher tests the flag once and answers 500 rather than send a page
 * cut off in the middle of a tag.
 */
/* SPDX-License-Identifier: MIT */
#include "outbuf.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void out_init(struct out_buf *b, char *mem, size_t cap, size_t max)
{
    b->p = mem;
    b->len = 0;
    b->cap = cap;
    b->max = max < cap ? cap : max;
    b->heap = false;
    b->overflow = cap == 0 || mem == NULL;
    b->nomem = false;
    b->initial = mem;
    b->initial_cap = cap;
    b->base = "";
    b->base_len = 0;
    b->lang = NULL;
    b->lang_chosen = false;
    if (!b->overflow)
        b->p[0] = '\0';
}

void out_free(struct out_buf *b)
{
    if (b->heap)
        free(b->p);
    b->p = b->initial;
    b->cap = b->initial_cap;
    b->heap = false;
    b->len = 0;
}

void out_reset(struct out_buf *b)
{
    b->len = 0;
    b->overflow = b->p == NULL || b->cap == 0;
    b->nomem = false;
    if (!b->overflow)
        b->p[0] = '\0';
}

/* Makes room for `extra` more bytes plus the NUL. Returns false (and sets
 * the sticky flag) when that would pass b->max or allocation fails; the
 * existing contents are then left as they were. */
bool out_grow(struct out_buf *b, size_t extra)
{
    if (b->overflow)
        return false;
    /* len + extra + 1 must not wrap: a hostile length cannot fake room. */
    if (extra > SIZE_MAX - 1 - b->len) {
        b->overflow = true;
        return false;
    }
    size_t need = b->len + extra + 1;
    if (need <= b->cap)
        return true;
    if (need > b->max) {
        b->overflow = true;
        return false;
    }
    /* Doubling keeps a page of many small appends linear overall. */
    size_t ncap = b->cap;
    while (ncap < need)
        ncap = ncap > b->max / 2 ? b->max : ncap * 2;
    char *np;
    if (b->heap) {
        np = realloc(b->p, ncap);
    } else {
        np = malloc(ncap);
        if (np != NULL)
            memcpy(np, b->p, b->len + 1);
    }
    if (np == NULL) {
        b->overflow = b->nomem = true;
        return false;
    }
    b->p = np;
    b->cap = ncap;
    b->heap = true;
    return true;
}

void out_raw(struct out_buf *b, const char *s)
{
    out_rawn(b, s, strlen(s));
}

/* "00" to "99": two digits a step (a move list is mostly numbers). */
static const char out_digits2[] = "0001020304050607080910111213141516171819"
                                  "2021222324252627282930313233343536373839"
                                  "4041424344454647484950515253545556575859"
                                  "6061626364656667686970717273747576777879"
                                  "8081828384858687888990919293949596979899";

/* The digits of v (and its sign), as printf's %d writes them. */
static size_t int_width(int v)
{
    /* Unsigned so INT_MIN works. */
    unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
    size_t width = u < 10 ? 1 : u < 100 ? 2 : 3;
    for (unsigned x = u / 1000; x != 0; x /= 10)
        width++;
    return (size_t)(v < 0) + width;
}

/* Writes v's n characters (int_width) at p. */
static void int_write(char *p, size_t n, int v)
{
    unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
    if (v < 0)
        p[0] = '-';
    /* Backwards from the last digit, two at a time (a page's numbers, a
     * move list's scores above all, are mostly of two or three). */
    char *end = p + n;
    while (u >= 100) {
        unsigned r = u % 100;
        u /= 100;
        end -= 2;
        memcpy(end, out_digits2 + 2 * r, 2);
    }
    if (u >= 10)
        memcpy(end - 2, out_digits2 + 2 * u, 2);
    else
        end[-1] = (char)('0' + u);
}

size_t out_int_at(char *p, int v)
{
    size_t n = int_width(v);
    int_write(p, n, v);
    return n;
}

void out_int(struct out_buf *b, int v)
{
    size_t n = int_width(v);
    /* Room for exactly what is written, as out_rawn would ask. */
    char *p = out_room(b, n);
    if (p == NULL)
        return;
    int_write(p, n, v);
    out_commit(b, n);
}

void out_rawf(struct out_buf *b, const char *fmt, ...)
{
    if (b->overflow)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->p[b->len] = '\0';
        b->overflow = true;
        return;
    }
    if ((size_t)n >= b->cap - b->len) {
        /* Did not fit: grow, then format again from the start. */
        b->p[b->len] = '\0';
        if (!out_grow(b, (size_t)n))
            return;
        va_start(ap, fmt);
        (void)vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
    }
    b->len += (size_t)n;
}
