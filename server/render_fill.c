/* server/render_fill.c - sentences with data in them: a translated
 * message's placeholders ("{word} at {square}") replaced by the data, in
 * whatever order the translation puts them (render_internal.h). */
/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "render_internal.h"

/* The length of the placeholder's name at s (just past a '{'), or 0 when
 * s holds no placeholder: a name is one or more of a-z and '_', closed by
 * '}'. */
static size_t fill_name_len(const char *s)
{
    size_t n = 0;
    while ((s[n] >= 'a' && s[n] <= 'z') || s[n] == '_')
        n++;
    return n > 0 && s[n] == '}' ? n : 0;
}

void fill_begin(struct fill *f, struct out_buf *b, const char *text)
{
    f->b = b;
    f->at = text;
    f->name = NULL;
    f->name_len = 0;
    f->content = false;
}

void fill_begin_content(struct fill *f, struct out_buf *b, const char *text)
{
    fill_begin(f, b, text);
    f->content = true;
}

/* n bytes of s as an element's content: html.h's escaping, one run
 * between apostrophes at a time, each apostrophe as it is. */
static void put_content_n(struct out_buf *b, const char *s, size_t n)
{
    const char *q;
    while ((q = memchr(s, '\'', n)) != NULL) {
        html_textn(b, s, (size_t)(q - s));
        out_char(b, '\'');
        n -= (size_t)(q - s) + 1;
        s = q + 1;
    }
    html_textn(b, s, n);
}

void put_content(struct out_buf *b, const char *text)
{
    put_content_n(b, text, strlen(text));
}

/* n bytes of the text between placeholders, escaped as f writes it. */
static void fill_text(const struct fill *f, const char *s, size_t n)
{
    if (f->content)
        put_content_n(f->b, s, n);
    else
        html_textn(f->b, s, n);
}

bool fill_next(struct fill *f)
{
    const char *s = f->at;
    for (const char *p = strchr(s, '{'); p != NULL; p = strchr(p + 1, '{')) {
        size_t n = fill_name_len(p + 1);
        if (n == 0)
            continue; /* a brace that opens no placeholder is text */
        fill_text(f, s, (size_t)(p - s));
        f->name = p + 1;
        f->name_len = n;
        f->at = p + n + 2;
        return true;
    }
    size_t n = strlen(s);
    fill_text(f, s, n);
    f->at = s + n;
    f->name = NULL;
    f->name_len = 0;
    return false;
}

bool fill_is(const struct fill *f, const char *name)
{
    return f->name != NULL && strlen(name) == f->name_len &&
           memcmp(f->name, name, f->name_len) == 0;
}

static void fill_write(struct out_buf *b, const struct fill_arg *a)
{
    switch (a->kind) {
    case FILL_KIND_INT: out_int(b, a->n); break;
    case FILL_KIND_TEXT: html_text(b, a->s); break;
    case FILL_KIND_HTML: out_raw(b, a->s); break;
    }
}

void put_fill_args(struct out_buf *b, const char *text, bool content,
                   const struct fill_arg *args, size_t nargs)
{
    struct fill f;
    fill_begin(&f, b, text);
    f.content = content;
    while (fill_next(&f))
        for (size_t i = 0; i < nargs; i++)
            if (fill_is(&f, args[i].name)) {
                fill_write(b, &args[i]);
                break;
            }
}
