/* server/html.h - HTML escaping onto the output buffer (outbuf.h):
 * html_text() and html_attr() escape & < > " ' and drop NUL; html_url()
 * writes one of the application's URLs under its mount point. */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_HTML_H
#define SRV_HTML_H

#include "outbuf.h"

/* A URL of the application's, "/static/app.css" say, written under the
 * mount point (struct out_buf's base): markup, for an attribute. */
#define html_url(b, path)                                                      \
    (out_rawn((b), (b)->base, (b)->base_len), out_lit((b), path))

/* Appends text content / an attribute value, escaping & < > " '. */
void html_text(struct out_buf *b, const char *s);
void html_textn(struct out_buf *b, const char *s, size_t n);
void html_attr(struct out_buf *b, const char *s);

#endif
