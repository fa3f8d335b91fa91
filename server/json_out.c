/* server/json_out.c - JSON written straight into an out_buf (json_out.h).
 *
 * The bytes are jansson's compact dump's, so answers did not change when
 * the trees went: strings escape \ and " and the control bytes (the short
 * forms for \b \f \n \r \t, \u00XX with upper-case hex for the rest),
 * integers are printed as %lld, and keys come in the order written. A run
 * of bytes that needs no escape is copied in one go.
 */
/* SPDX-License-Identifier: MIT */
#include "json_out.h"

#include <stdint.h>

void jout_init(struct jout *j, struct out_buf *b, bool html_safe)
{
    j->b = b;
    j->html_safe = html_safe;
    j->comma = false;
    j->bad = false;
}

void jout_key_n(struct jout *j, const char *key, size_t n)
{
    if (j->comma)
        out_char(j->b, ',');
    out_char(j->b, '"');
    out_rawn(j->b, key, n);
    out_rawn(j->b, "\":", 2);
    j->comma = false; /* the value follows the colon */
}

/* The length of the UTF-8 sequence starting with byte c (1-4), or 0 for a
 * byte that cannot start one. */
static size_t utf8_first(unsigned char c)
{
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        return 2;
    if (c >= 0xE0 && c <= 0xEF)
        return 3;
    if (c >= 0xF0 && c <= 0xF4)
        return 4;
    return 0; /* a continuation byte, 0xC0-0xC1 (overlong) or 0xF5 up */
}

bool jout_utf8_valid(const char *s, size_t n)
{
    static const uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000};
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        size_t len = utf8_first(p[i]);
        if (len == 0 || len > n - i)
            return false;
        if (len == 1) {
            i++;
            continue;
        }
        uint32_t v = p[i] & (0x7Fu >> len);
        for (size_t k = 1; k < len; k++) {
            if ((p[i + k] & 0xC0) != 0x80)
                return false;
            v = v << 6 | (p[i + k] & 0x3Fu);
        }
        if (v < least[len] || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
            return false;
        i += len;
    }
    return true;
}

/* What a byte becomes inside a string: NULL for itself. Indexed by byte;
 * the < > & row is used only when html_safe. */
static const char *const jout_escapes[128] = {
    ['"'] = "\\\"", ['\\'] = "\\\\", ['\b'] = "\\b", ['\f'] = "\\f",
    ['\n'] = "\\n", ['\r'] = "\\r",  ['\t'] = "\\t",
};

/* Bytes written as they are inside a string ('1'): printable ASCII but the
 * quote and the backslash; row [1], html_safe, also escapes < > &. One
 * row of 32 a line: 0x00-0x1f, 0x20-0x3f, 0x40-0x5f, 0x60-0x7f. */
static const char jout_plain[2][129] = {
    {"00000000000000000000000000000000"
     "11011111111111111111111111111111"
     "11111111111111111111111111110111"
     "11111111111111111111111111111110"},
    {"00000000000000000000000000000000"
     "11011101111111111111111111110101"
     "11111111111111111111111111110111"
     "11111111111111111111111111111110"},
};

/* The common case in one pass: a string of plain bytes, written with its
 * quotes (and the comma) straight into the buffer. False, with nothing
 * written, at the first byte that is not plain. */
static bool jout_plain_string(struct jout *j, const char *s, size_t n)
{
    const char *plain = jout_plain[j->html_safe];
    char *o = out_room(j->b, n + 3);
    if (o == NULL)
        return true; /* overflowed: nothing more is written anyway */
    size_t k = 0;
    if (j->comma)
        o[k++] = ',';
    o[k++] = '"';
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x80 || plain[c] != '1')
            return false;
        o[k++] = (char)c;
    }
    o[k++] = '"';
    out_commit(j->b, k);
    j->comma = true;
    return true;
}

void jout_string_n(struct jout *j, const char *s, size_t n)
{
    if (jout_plain_string(j, s, n))
        return;
    if (!jout_utf8_valid(s, n)) {
        j->bad = true;
        return;
    }
    if (j->comma)
        out_char(j->b, ',');
    struct out_buf *b = j->b;
    out_char(b, '"');
    size_t run = 0; /* start of the pending run of bytes that stay */
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        const char *esc = NULL;
        char hex[7];
        if (c < 0x80)
            esc = jout_escapes[c];
        if (esc == NULL && c < 0x20) {
            static const char digits[] = "0123456789ABCDEF";
            hex[0] = '\\';
            hex[1] = 'u';
            hex[2] = '0';
            hex[3] = '0';
            hex[4] = digits[c >> 4];
            hex[5] = digits[c & 15];
            hex[6] = '\0';
            esc = hex;
        } else if (esc == NULL && j->html_safe) {
            esc = c == '<'   ? "\\u003c"
                  : c == '>' ? "\\u003e"
                  : c == '&' ? "\\u0026"
                             : NULL;
        }
        if (esc == NULL)
            continue;
        out_rawn(b, s + run, i - run);
        out_raw(b, esc);
        run = i + 1;
    }
    out_rawn(b, s + run, n - run);
    out_char(b, '"');
    j->comma = true;
}

void jout_string(struct jout *j, const char *s)
{
    jout_string_n(j, s, strlen(s));
}

void jout_int(struct jout *j, long long v)
{
    char *o = out_room(j->b, 22); /* a comma, a sign and 20 digits */
    if (o == NULL)
        return;
    size_t k = 0;
    if (j->comma)
        o[k++] = ',';
    if (v >= 0 && v < 10) {
        o[k++] = (char)('0' + v);
    } else {
        char digits[20];
        size_t i = sizeof digits;
        unsigned long long u =
            v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
        do {
            digits[--i] = (char)('0' + u % 10);
            u /= 10;
        } while (u != 0);
        if (v < 0)
            o[k++] = '-';
        memcpy(o + k, digits + i, sizeof digits - i);
        k += sizeof digits - i;
    }
    out_commit(j->b, k);
    j->comma = true;
}

void jout_bool(struct jout *j, bool v)
{
    if (j->comma)
        out_char(j->b, ',');
    if (v)
        out_lit(j->b, "true");
    else
        out_lit(j->b, "false");
    j->comma = true;
}

void jout_null(struct jout *j)
{
    if (j->comma)
        out_char(j->b, ',');
    out_lit(j->b, "null");
    j->comma = true;
}
