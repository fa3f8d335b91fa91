/* server/outbuf.h - the per-request output buffer: every answer's bytes
 * (HTML pages, JSON, GCG, Prometheus text) are built in it; HTML escaping
 * is server/html.h's.
 *
 * Every response body is built in one struct out_buf: it starts on a fixed
 * buffer the caller owns (usually on the stack), grows on the heap up to a
 * hard cap, and carries a sticky overflow flag that the dispatcher checks
 * once at the end, so writers never test each append. Only literal markup
 * and text written by server code goes through out_raw(); game and request
 * data reach a page only through html.h's escapers.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_OUTBUF_H
#define SRV_OUTBUF_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

struct out_buf {
    char *p;       /* current storage: the caller's buffer or the heap */
    size_t len;    /* bytes written (p[len] is kept '\0') */
    size_t cap;    /* bytes available in p */
    size_t max;    /* growth limit */
    bool heap;     /* p was allocated here */
    bool overflow; /* sticky: an append did not fit or allocation failed */
    bool nomem;    /* ... and it was allocation that failed */
    char *initial; /* the caller's buffer, for reset */
    size_t initial_cap;
    /* Where the application is mounted ("" at the root, "/collabble"
     * under a sub-path; never a trailing '/'): every URL a page writes
     * starts with it (html_url). Set by the front end (server/app.c) from
     * SCRIPT_NAME or --base-path, checked to hold only URL-safe bytes. */
    const char *base;
    size_t base_len;
    /* The page's language (server/i18n.h; NULL is English): writers
     * translate through tr()/put_tr() in server/render_internal.h. */
    const struct i18n_catalogue *lang;
    /* The device chose it (its cookie): a game's page keeps it rather than
     * speak the game's language. */
    bool lang_chosen;
};

/* Starts on `mem` (cap bytes, cap >= 1); may grow on the heap to `max`. */
void out_init(struct out_buf *b, char *mem, size_t cap, size_t max);

/* Frees any heap growth; the buffer is unusable afterwards. */
void out_free(struct out_buf *b);

/* Empties the buffer and clears the overflow flag, keeping any heap growth
 * so a replacement body (e.g. an error page) needs no new allocation.
 * Cannot fail. */
void out_reset(struct out_buf *b);

/* Makes room for `extra` more bytes (and the NUL) when the buffer is short
 * of it, growing on the heap; false (and the sticky flag set) when that
 * would pass max, allocation fails, or the buffer has overflowed already.
 * The appends below call it only when they do not fit: a page is a few
 * hundred appends, so the common case stays a compare and a copy. */
bool out_grow(struct out_buf *b, size_t extra);

/* Appends literal markup written by server code (never data). */
static inline void out_rawn(struct out_buf *b, const char *s, size_t n)
{
    if ((b->overflow || b->cap - b->len <= n) && !out_grow(b, n))
        return;
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

void out_raw(struct out_buf *b, const char *s);

/* For writers that fill bytes themselves: room for n more bytes, returned
 * as where to write them (then out_commit with how many were written,
 * at most n), or NULL when the buffer cannot grow (the sticky flag is
 * then set). */
static inline char *out_room(struct out_buf *b, size_t n)
{
    if ((b->overflow || b->cap - b->len <= n) && !out_grow(b, n))
        return NULL;
    return b->p + b->len;
}

static inline void out_commit(struct out_buf *b, size_t n)
{
    b->len += n;
    b->p[b->len] = '\0';
}

/* A string literal, its length known at compile time. */
#define out_lit(b, s) out_rawn((b), "" s, sizeof(s) - 1)

/* One byte of markup. */
static inline void out_char(struct out_buf *b, char c)
{
    out_rawn(b, &c, 1);
}

/* A decimal integer, as printf's %d writes it. */
void out_int(struct out_buf *b, int v);

/* The same written at p, which has room for OUT_INT_MAX bytes (for a
 * writer filling out_room() itself); returns how many it wrote. */
#define OUT_INT_MAX 11
size_t out_int_at(char *p, int v);

/* printf into the buffer, unescaped: for numbers and server literals, on
 * paths where speed does not matter (the pages use the appends above). */
void out_rawf(struct out_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
