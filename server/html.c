/* server/html.c - HTML escaping onto the output buffer (html.h): the only
 * way game and request data reach a page. */
/* SPDX-License-Identifier: MIT */
#include "html.h"

#include <string.h>

/* The bytes that must not appear raw, each with its entity (the single
 * quote matters for attributes written with either quote; escaping the same
 * set in text and attributes keeps one rule to remember), and NUL, which is
 * dropped: it is a parse error in HTML and never meaningful in game data,
 * and dropping it keeps the output a valid C string. One table lookup a
 * byte finds them. */
static const char *const html_entities[256] = {
    ['\0'] = "",    ['&'] = "&amp;",  ['<'] = "&lt;",
    ['>'] = "&gt;", ['"'] = "&quot;", ['\''] = "&#39;",
};

void html_textn(struct out_buf *b, const char *s, size_t n)
{
    size_t run = 0; /* start of the pending run of safe bytes */
    for (size_t i = 0; i < n; i++) {
        const char *ent = html_entities[(unsigned char)s[i]];
        if (ent == NULL)
            continue;
        out_rawn(b, s + run, i - run); /* safe runs go in bulk */
        out_raw(b, ent);
        run = i + 1;
    }
    out_rawn(b, s + run, n - run);
}

void html_text(struct out_buf *b, const char *s)
{
    html_textn(b, s, strlen(s));
}

void html_attr(struct out_buf *b, const char *s)
{
    html_textn(b, s, strlen(s));
}
