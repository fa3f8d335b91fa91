/* server/html.h - the per-request output buffer, with escaping by default.
 *
 * Every response body is built in one struct html_buf: it starts on a fixed
 * buffer the caller owns (usually on the stack), grows on the heap up to a
 * hard cap, and carries a sticky overflow flag that the dispatcher checks
 * once at the end, so writers never test each append. html_text() and
 * html_attr() escape & < > " ' ; only literal markup written by server code
 * goes through html_raw(). Game and request data are never written raw.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_HTML_H
#define SRV_HTML_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

struct html_buf {
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
};

/* Starts on `mem` (cap bytes, cap >= 1); may grow on the heap to `max`. */
void html_init(struct html_buf *b, char *mem, size_t cap, size_t max);

/* Frees any heap growth; the buffer is unusable afterwards. */
void html_free(struct html_buf *b);

/* Empties the buffer and clears the overflow flag, keeping any heap growth
 * so a replacement body (e.g. an error page) needs no new allocation.
 * Cannot fail. */
void html_reset(struct html_buf *b);

/* Makes room for `extra` more bytes (and the NUL) when the buffer is short
 * of it, growing on the heap; false (and the sticky flag set) when that
 * would pass max, allocation fails, or the buffer has overflowed already.
 * The appends below call it only when they do not fit: a page is a few
 * hundred appends, so the common case stays a compare and a copy. */
bool html_grow(struct html_buf *b, size_t extra);

/* Appends literal markup written by server code (never data). */
static inline void html_rawn(struct html_buf *b, const char *s, size_t n)
{
    if ((b->overflow || b->cap - b->len <= n) && !html_grow(b, n))
        return;
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

void html_raw(struct html_buf *b, const char *s);

/* For writers that fill bytes themselves: room for n more bytes, returned
 * as where to write them (then html_commit with how many were written,
 * at most n), or NULL when the buffer cannot grow (the sticky flag is
 * then set). */
static inline char *html_room(struct html_buf *b, size_t n)
{
    if ((b->overflow || b->cap - b->len <= n) && !html_grow(b, n))
        return NULL;
    return b->p + b->len;
}

static inline void html_commit(struct html_buf *b, size_t n)
{
    b->len += n;
    b->p[b->len] = '\0';
}

/* A string literal, its length known at compile time. */
#define html_lit(b, s) html_rawn((b), "" s, sizeof(s) - 1)

/* One byte of markup. */
static inline void html_char(struct html_buf *b, char c)
{
    html_rawn(b, &c, 1);
}

/* A decimal integer, as printf's %d writes it. */
void html_int(struct html_buf *b, int v);

/* printf into the buffer, unescaped: for numbers and server literals, on
 * paths where speed does not matter (the pages use the appends above). */
void html_rawf(struct html_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* A URL of the application's, "/static/app.css" say, written under the
 * mount point (struct html_buf's base): markup, for an attribute. */
#define html_url(b, path)                                                      \
    (html_rawn((b), (b)->base, (b)->base_len), html_lit((b), path))

/* Appends text content / an attribute value, escaping & < > " '. */
void html_text(struct html_buf *b, const char *s);
void html_textn(struct html_buf *b, const char *s, size_t n);
void html_attr(struct html_buf *b, const char *s);

#endif
