/* server/i18n.c - the message catalogues and their look-up (i18n.h). */
/* SPDX-License-Identifier: MIT */
#include "i18n.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "../core/limits.h"
#include "i18n_data.h"

const struct i18n_catalogue i18n_english = {"en", "English", "n != 1",
                                            2,    NULL,      0};

const struct i18n_catalogue *i18n_at(int i)
{
    if (i == 0)
        return &i18n_english;
    if (i < 0 || i > i18n_ncatalogues)
        return NULL;
    return &i18n_catalogues[i - 1];
}

const struct i18n_catalogue *i18n_pseudo(void)
{
    return &i18n_pseudo_catalogue;
}

static char ascii_lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;
}

static bool code_is(const char *k, const char *code, size_t len)
{
    size_t j = 0;
    while (j < len && k[j] != '\0' && ascii_lower(code[j]) == k[j])
        j++;
    return j == len && k[j] == '\0';
}

const struct i18n_catalogue *i18n_by_code(const char *code, size_t len)
{
    if (code == NULL)
        return NULL;
    for (int i = 0; i18n_at(i) != NULL; i++)
        if (code_is(i18n_at(i)->code, code, len))
            return i18n_at(i);
    if (code_is(i18n_pseudo_catalogue.code, code, len))
        return &i18n_pseudo_catalogue;
    return NULL;
}

const char *i18n_code(const struct i18n_catalogue *c)
{
    return (c != NULL ? c : &i18n_english)->code;
}

const char *i18n_name(const struct i18n_catalogue *c)
{
    return (c != NULL ? c : &i18n_english)->name;
}

/* ---- the compiled catalogue (GNU .mo) ------------------------------------
 * A header of 32-bit words (magic, revision, count, where the msgids'
 * table is, where the translations' table is), then two tables of
 * (length, offset) pairs; the msgids' table sorted by strcmp, each
 * string followed by a NUL. The bytes were made by msgfmt at build
 * time, but every read is still checked against the length: a damaged
 * catalogue answers English, never a read past its end. */

#define MO_MAGIC 0x950412deu

struct mo {
    const unsigned char *p;
    size_t len;
    bool swapped; /* written on a machine of the other byte order */
    uint32_t n, ids, strs;
};

static bool mo_word(const struct mo *m, size_t at, uint32_t *out)
{
    if (at > m->len || m->len - at < 4)
        return false;
    const unsigned char *q = m->p + at;
    uint32_t w;
    memcpy(&w, q, 4);
    if (m->swapped)
        w = (w >> 24) | ((w >> 8) & 0xff00u) | ((w << 8) & 0xff0000u) |
            (w << 24);
    *out = w;
    return true;
}

static bool mo_open(const unsigned char *p, size_t len, struct mo *m)
{
    m->p = p;
    m->len = p != NULL ? len : 0;
    m->swapped = false;
    uint32_t magic;
    if (!mo_word(m, 0, &magic))
        return false;
    if (magic != MO_MAGIC) {
        m->swapped = true;
        if (!mo_word(m, 0, &magic) || magic != MO_MAGIC)
            return false;
    }
    return mo_word(m, 8, &m->n) && mo_word(m, 12, &m->ids) &&
           mo_word(m, 16, &m->strs);
}

/* The i-th string of a table (its NUL-terminated bytes, *n long without
 * the NUL), or NULL when the entry points outside the catalogue. */
static const char *mo_string(const struct mo *m, uint32_t table, uint32_t i,
                             size_t *n)
{
    uint32_t len, off;
    size_t at = (size_t)table + (size_t)i * 8;
    if (!mo_word(m, at, &len) || !mo_word(m, at + 4, &off))
        return NULL;
    if (off >= m->len || m->len - off <= len || m->p[off + len] != '\0')
        return NULL;
    *n = len;
    return (const char *)m->p + off;
}

/* The translation of msgid (every form of a plural, NUL-separated, *n
 * bytes in all), or NULL. A binary search: the table is sorted. */
static const char *mo_find(const struct i18n_catalogue *c, const char *msgid,
                           size_t *n)
{
    struct mo m;
    if (c == NULL || !mo_open(c->mo, c->mo_len, &m))
        return NULL;
    uint32_t lo = 0, hi = m.n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        size_t idn;
        const char *id = mo_string(&m, m.ids, mid, &idn);
        if (id == NULL)
            return NULL;
        int cmp = strcmp(msgid, id);
        if (cmp == 0) {
            const char *s = mo_string(&m, m.strs, mid, n);
            return s != NULL && *n > 0 ? s : NULL;
        }
        if (cmp < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

const char *i18n_text(const struct i18n_catalogue *c, const char *msgid)
{
    size_t n;
    const char *s =
        msgid != NULL && msgid[0] != '\0' ? mo_find(c, msgid, &n) : NULL;
    return s != NULL ? s : msgid;
}

/* ---- plural rules --------------------------------------------------------
 * Plural-Forms' expression, a small piece of C over n (gettext's grammar:
 * ?: || && == != < > <= >= + - * / % ! and parentheses), evaluated as it
 * is read; msgfmt -c has checked it at build time. */

struct plural_eval {
    const char *p;
    unsigned long n;
    int depth;
    bool bad;
};

static unsigned long plural_expr(struct plural_eval *e);

static void plural_space(struct plural_eval *e)
{
    while (*e->p == ' ' || *e->p == '\t')
        e->p++;
}

static bool plural_eat(struct plural_eval *e, const char *tok)
{
    plural_space(e);
    size_t k = strlen(tok);
    if (strncmp(e->p, tok, k) != 0)
        return false;
    /* "<" is not the start of "<=", nor "!" of "!=". */
    if (k == 1 &&
        (tok[0] == '<' || tok[0] == '>' || tok[0] == '!' || tok[0] == '=') &&
        e->p[1] == '=')
        return false;
    e->p += k;
    return true;
}

static unsigned long plural_primary(struct plural_eval *e)
{
    plural_space(e);
    if (++e->depth > CLB_PLURAL_DEPTH_MAX) {
        e->bad = true;
        return 0;
    }
    unsigned long v = 0;
    if (plural_eat(e, "!")) {
        v = !plural_primary(e);
    } else if (plural_eat(e, "(")) {
        v = plural_expr(e);
        if (!plural_eat(e, ")"))
            e->bad = true;
    } else if (*e->p == 'n') {
        e->p++;
        v = e->n;
    } else if (*e->p >= '0' && *e->p <= '9') {
        while (*e->p >= '0' && *e->p <= '9' && v < 1000000)
            v = v * 10 + (unsigned long)(*e->p++ - '0');
    } else {
        e->bad = true;
    }
    e->depth--;
    return v;
}

static unsigned long plural_mul(struct plural_eval *e)
{
    unsigned long v = plural_primary(e);
    for (;;) {
        if (plural_eat(e, "*")) {
            v *= plural_primary(e);
        } else if (plural_eat(e, "/")) {
            unsigned long d = plural_primary(e);
            v = d != 0 ? v / d : 0;
        } else if (plural_eat(e, "%")) {
            unsigned long d = plural_primary(e);
            v = d != 0 ? v % d : 0;
        } else {
            return v;
        }
    }
}

static unsigned long plural_add(struct plural_eval *e)
{
    unsigned long v = plural_mul(e);
    for (;;) {
        if (plural_eat(e, "+"))
            v += plural_mul(e);
        else if (plural_eat(e, "-"))
            v -= plural_mul(e);
        else
            return v;
    }
}

static unsigned long plural_rel(struct plural_eval *e)
{
    unsigned long v = plural_add(e);
    for (;;) {
        if (plural_eat(e, "<="))
            v = v <= plural_add(e);
        else if (plural_eat(e, ">="))
            v = v >= plural_add(e);
        else if (plural_eat(e, "<"))
            v = v < plural_add(e);
        else if (plural_eat(e, ">"))
            v = v > plural_add(e);
        else
            return v;
    }
}

static unsigned long plural_eq(struct plural_eval *e)
{
    unsigned long v = plural_rel(e);
    for (;;) {
        if (plural_eat(e, "=="))
            v = v == plural_rel(e);
        else if (plural_eat(e, "!="))
            v = v != plural_rel(e);
        else
            return v;
    }
}

static unsigned long plural_and(struct plural_eval *e)
{
    unsigned long v = plural_eq(e);
    while (plural_eat(e, "&&")) {
        unsigned long w = plural_eq(e);
        v = v && w;
    }
    return v;
}

static unsigned long plural_or(struct plural_eval *e)
{
    unsigned long v = plural_and(e);
    while (plural_eat(e, "||")) {
        unsigned long w = plural_and(e);
        v = v || w;
    }
    return v;
}

static unsigned long plural_expr(struct plural_eval *e)
{
    if (++e->depth > CLB_PLURAL_DEPTH_MAX) {
        e->bad = true;
        return 0;
    }
    unsigned long v = plural_or(e);
    if (plural_eat(e, "?")) {
        unsigned long a = plural_expr(e);
        if (!plural_eat(e, ":"))
            e->bad = true;
        unsigned long b = plural_expr(e);
        v = v ? a : b;
    }
    e->depth--;
    return v;
}

int i18n_plural_index(const struct i18n_catalogue *c, long n)
{
    const struct i18n_catalogue *k = c != NULL ? c : &i18n_english;
    unsigned long un = n < 0 ? 0ul - (unsigned long)n : (unsigned long)n;
    struct plural_eval e = {k->plural, un, 0, false};
    unsigned long v = plural_expr(&e);
    plural_space(&e);
    if (e.bad || *e.p != '\0' || v >= (unsigned long)k->nplurals)
        return un != 1; /* English's rule, for a rule that cannot be read */
    return (int)v;
}

const char *i18n_plural_form(const struct i18n_catalogue *c, const char *one,
                             const char *many, int k)
{
    size_t len;
    const char *s = mo_find(c, one, &len);
    if (s == NULL)
        return k == 0 ? one : k == 1 ? many : NULL;
    const char *end = s + len;
    for (int i = 0; i < k; i++) {
        s += strlen(s) + 1;
        if (s >= end)
            return NULL;
    }
    return s;
}

const char *i18n_plural(const struct i18n_catalogue *c, const char *one,
                        const char *many, long n)
{
    size_t len;
    const char *s = mo_find(c, one, &len);
    if (s == NULL)
        return n == 1 ? one : many;
    /* The forms, NUL-separated: the index-th, or the last one there. */
    int want = i18n_plural_index(c, n);
    const char *end = s + len;
    for (int i = 0; i < want; i++) {
        const char *next = s + strlen(s) + 1;
        if (next >= end)
            break;
        s = next;
    }
    return s;
}

/* ---- the script's strings ----------------------------------------------- */

const char *i18n_script_id(int i, const char **many)
{
    struct mo m;
    size_t n;
    *many = NULL;
    if (i < 0 || !mo_open(i18n_script_ids, i18n_script_ids_len, &m))
        return NULL;
    /* The header's msgid "" comes first: the script's strings follow. */
    const char *first = m.n > 0 ? mo_string(&m, m.ids, 0, &n) : NULL;
    uint32_t at = (uint32_t)i + (first != NULL && n == 0 ? 1u : 0u);
    if (at >= m.n)
        return NULL;
    const char *s = mo_string(&m, m.ids, at, &n);
    /* A plural's msgid is "one\0many". */
    if (s != NULL && strlen(s) < n)
        *many = s + strlen(s) + 1;
    return s;
}

/* ---- what the request asks for ------------------------------------------ */

static bool is_space(char c)
{
    return c == ' ' || c == '\t';
}

/* A q-value ("1", "0.8", "0.125"; RFC 9110 12.4.2) in thousandths, or -1
 * when it is not one. */
static int q_value(const char *p, size_t n)
{
    if (n == 0 || n > 5 || (p[0] != '0' && p[0] != '1'))
        return -1;
    int q = (p[0] - '0') * 1000;
    if (n == 1)
        return q;
    if (p[1] != '.')
        return -1;
    int scale = 100;
    for (size_t i = 2; i < n; i++, scale /= 10) {
        if (p[i] < '0' || p[i] > '9')
            return -1;
        q += (p[i] - '0') * scale;
    }
    return q <= 1000 ? q : -1;
}

/* One language-range of Accept-Language (p..end, without the comma): its
 * catalogue (by its primary subtag: "fr-CH" is French) or NULL, and its
 * weight in *q. */
static const struct i18n_catalogue *accept_range(const char *p, const char *end,
                                                 int *q)
{
    while (p < end && is_space(*p))
        p++;
    const char *tag = p;
    while (p < end && *p != '-' && *p != ';' && !is_space(*p))
        p++;
    size_t taglen = (size_t)(p - tag);
    *q = 1000;
    const char *semi = memchr(p, ';', (size_t)(end - p));
    while (semi != NULL) {
        const char *v = semi + 1;
        while (v < end && is_space(*v))
            v++;
        const char *next = memchr(v, ';', (size_t)(end - v));
        const char *vend = next != NULL ? next : end;
        while (vend > v && is_space(vend[-1]))
            vend--;
        if (vend - v >= 2 && (v[0] == 'q' || v[0] == 'Q') && v[1] == '=')
            *q = q_value(v + 2, (size_t)(vend - v - 2));
        semi = next;
    }
    /* The pseudo-catalogue is for the tests, which ask by cookie. */
    const struct i18n_catalogue *c = i18n_by_code(tag, taglen);
    return c == &i18n_pseudo_catalogue ? NULL : c;
}

const struct i18n_catalogue *i18n_from_accept(const char *header)
{
    if (header == NULL)
        return NULL;
    const struct i18n_catalogue *best = NULL;
    int best_q = 0;
    const char *p = header;
    for (int i = 0; i < CLB_MAX_ACCEPT_LANGUAGES && *p != '\0'; i++) {
        const char *comma = strchr(p, ',');
        const char *end = comma != NULL ? comma : p + strlen(p);
        int q;
        const struct i18n_catalogue *c = accept_range(p, end, &q);
        /* The first of equal weights wins: the order is the reader's. */
        if (c != NULL && q > best_q) {
            best = c;
            best_q = q;
        }
        if (comma == NULL)
            break;
        p = comma + 1;
    }
    return best;
}

const struct i18n_catalogue *i18n_from_cookie(const char *header)
{
    if (header == NULL)
        return NULL;
    const char *p = header;
    for (int i = 0; i < CLB_MAX_COOKIES && *p != '\0'; i++) {
        while (*p == ' ' || *p == '\t' || *p == ';')
            p++;
        const char *semi = strchr(p, ';');
        const char *end = semi != NULL ? semi : p + strlen(p);
        if (end - p > 5 && memcmp(p, I18N_COOKIE "=", 5) == 0) {
            const char *v = p + 5;
            const char *vend = end;
            while (vend > v && is_space(vend[-1]))
                vend--;
            return i18n_by_code(v, (size_t)(vend - v));
        }
        if (semi == NULL)
            break;
        p = semi + 1;
    }
    return NULL;
}
