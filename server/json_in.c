/* server/json_in.c - the strict pull reader of json_in.h: a text is read in
 * place, nothing is allocated, and anything outside the subset it reads
 * fails, so the caller can fall back to jansson for it.
 */
/* SPDX-License-Identifier: MIT */
#include "json_in.h"

#include <string.h>

#include "../core/limits.h"

static_assert(CLB_MAX_JSON_DEPTH < 32, "one bit a level in `first`");

/* Marks the reader failed; returns false so a check reads `return
 * fail(j)`. */
static bool fail(struct jin *j)
{
    j->failed = true;
    return false;
}

static void skip_ws(struct jin *j)
{
    while (j->p < j->end &&
           (*j->p == ' ' || *j->p == '\n' || *j->p == '\r' || *j->p == '\t'))
        j->p++;
}

/* Skips whitespace and says whether c comes next (without taking it). */
static bool next_is(struct jin *j, char c)
{
    skip_ws(j);
    return j->p < j->end && *j->p == c;
}

void jin_init(struct jin *j, const char *text, size_t len)
{
    j->p = text;
    j->end = text + len;
    j->depth = 0;
    j->first = 0;
    j->failed = false;
}

static bool open_container(struct jin *j, char c)
{
    if (j->failed || !next_is(j, c) || j->depth >= CLB_MAX_JSON_DEPTH)
        return fail(j);
    j->p++;
    j->depth++;
    j->first |= 1u << j->depth;
    return true;
}

bool jin_object(struct jin *j)
{
    return open_container(j, '{');
}

bool jin_array(struct jin *j)
{
    return open_container(j, '[');
}

/* The common step of jin_key and jin_item: true when a member follows,
 * false when the container closes with `close` (or on failure). */
static bool member(struct jin *j, char close)
{
    if (j->failed || j->depth == 0)
        return fail(j);
    unsigned bit = 1u << j->depth;
    bool first = (j->first & bit) != 0;
    j->first &= ~bit;
    skip_ws(j);
    if (j->p < j->end && *j->p == close) {
        j->p++;
        j->depth--;
        return false;
    }
    if (first)
        return true;
    if (j->p >= j->end || *j->p != ',')
        return fail(j);
    j->p++;
    return true;
}

bool jin_string(struct jin *j, struct clb_str *out)
{
    if (j->failed || !next_is(j, '"'))
        return fail(j);
    const char *s = ++j->p;
    /* Printable ASCII only: no escapes, no control bytes, no UTF-8 (which
     * jansson checks); those texts take the slow path. */
    while (j->p < j->end && *j->p != '"') {
        unsigned char c = (unsigned char)*j->p;
        if (c < 0x20 || c > 0x7e || c == '\\')
            return fail(j);
        j->p++;
    }
    if (j->p >= j->end)
        return fail(j);
    out->p = s;
    out->len = (size_t)(j->p - s);
    j->p++;
    return true;
}

bool jin_key(struct jin *j, struct clb_str *key)
{
    if (!member(j, '}'))
        return false;
    if (!jin_string(j, key) || !next_is(j, ':'))
        return fail(j);
    j->p++;
    return true;
}

bool jin_item(struct jin *j)
{
    if (!member(j, ']'))
        return false;
    /* A trailing comma ("[1,]") leaves no value: the reader after it
     * fails on the ']'. */
    return true;
}

bool jin_int(struct jin *j, long long *out)
{
    if (j->failed)
        return false;
    skip_ws(j);
    const char *p = j->p;
    bool negative = p < j->end && *p == '-';
    if (negative)
        p++;
    const char *digits = p;
    long long v = 0;
    while (p < j->end && *p >= '0' && *p <= '9' && p - digits < 18)
        v = v * 10 + (*p++ - '0');
    size_t n = (size_t)(p - digits);
    /* No digits, a leading zero, 18 digits or more (jansson's limits are
     * its own), a fraction or an exponent: the slow path's. */
    if (n == 0 || n >= 18 || (n > 1 && *digits == '0') ||
        (p < j->end &&
         (*p == '.' || *p == 'e' || *p == 'E' || (*p >= '0' && *p <= '9'))))
        return fail(j);
    j->p = p;
    *out = negative ? -v : v;
    return true;
}

/* Takes the literal word (true, false, null) if it comes next. */
static bool literal(struct jin *j, const char *word, size_t n)
{
    skip_ws(j);
    if ((size_t)(j->end - j->p) < n || memcmp(j->p, word, n) != 0)
        return false;
    j->p += n;
    return true;
}

bool jin_bool(struct jin *j, bool *out)
{
    if (j->failed)
        return false;
    if (literal(j, "true", 4))
        *out = true;
    else if (literal(j, "false", 5))
        *out = false;
    else
        return fail(j);
    return true;
}

bool jin_null(struct jin *j)
{
    if (j->failed || !literal(j, "null", 4))
        return fail(j);
    return true;
}

bool jin_peek_null(struct jin *j)
{
    skip_ws(j);
    return !j->failed && (size_t)(j->end - j->p) >= 4 &&
           memcmp(j->p, "null", 4) == 0;
}

bool jin_char_array(struct jin *j, char *out, size_t n)
{
    if (j->failed || n == 0)
        return fail(j);
    skip_ws(j);
    /* The compact form, as every writer of ours and the original's makes
     * it: ["A","B",...] with nothing between, read four bytes a string. */
    const char *p = j->p;
    if ((size_t)(j->end - p) >= 4 * n + 1 && p[0] == '[') {
        size_t i = 0;
        for (; i < n; i++) {
            const char *q = p + 1 + 4 * i;
            unsigned char c = (unsigned char)q[1];
            if (q[0] != '"' || q[2] != '"' || q[3] != (i + 1 < n ? ',' : ']') ||
                c < 0x20 || c > 0x7e || c == '"' || c == '\\')
                break;
            out[i] = (char)c;
        }
        if (i == n) {
            j->p = p + 4 * n + 1;
            return true;
        }
    }
    /* Anything else, spaced JSON included: item by item. */
    size_t k = 0;
    if (!jin_array(j))
        return false;
    while (jin_item(j)) {
        struct clb_str s;
        if (k >= n || !jin_string(j, &s) || s.len != 1)
            return fail(j);
        out[k++] = s.p[0];
    }
    return !j->failed && k == n ? true : fail(j);
}

bool jin_end(struct jin *j)
{
    if (j->failed || j->depth != 0)
        return false;
    skip_ws(j);
    return j->p == j->end;
}

bool jin_is(struct clb_str key, const char *lit)
{
    size_t n = strlen(lit);
    return key.len == n && memcmp(key.p, lit, n) == 0;
}

bool jin_too_deep(const char *s, size_t len, int limit)
{
    int depth = 0;
    bool in_string = false;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (in_string) {
            if (c == '\\')
                i++; /* the escaped char can never end the string */
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > limit)
                return true;
        } else if ((c == ']' || c == '}') && depth > 0) {
            depth--;
        }
    }
    return false;
}
