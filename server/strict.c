/* server/strict.c - the request-head rules libmicrohttpd 0.9.75 lets pass
 * (strict.h). Reads only what libmicrohttpd parsed; changes nothing.
 */
/* SPDX-License-Identifier: MIT */
#include "strict.h"

#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "strict_check.h"

/* The rules below read where libmicrohttpd leaves each header after
 * parsing the head in place, as 0.9.75 does (strict.h). Another version
 * may not: building against one is refused here (CMake says it first),
 * and main.c checks the library it runs on (strict_check.h). */
#if MHD_VERSION != SRV_STRICT_MHD_VERSION_HEX && !defined(CLB_MHD_UNCHECKED)
#error "server/strict.c was checked against libmicrohttpd 0.9.75 only: \
configure with -DCLB_MHD_UNCHECKED=ON to build against another version \
(the server then starts only with --allow-libmicrohttpd VERSION, and only \
when its request-head self-test passes)"
#endif

struct srv_strict_walk {
    const char *expect; /* where the next header name must start */
    const char *end;    /* just past the empty line that ends the head */
    const char *error;  /* the first problem found, or NULL */
    unsigned hosts, lengths, encodings;
    bool chunked; /* the Transfer-Encoding, if any, is exactly "chunked" */
};

/* RFC 9110 5.6.2: tchar. */
static bool srv_strict_tchar(unsigned char c)
{
    if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
        (c >= 'A' && c <= 'Z'))
        return true;
    return c != '\0' && strchr("!#$%&'*+-.^_`|~", c) != NULL;
}

/* RFC 9110 5.5: field-vchar, SP and HTAB; obs-text (>= 0x80) allowed. */
static bool srv_strict_value_ok(const char *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)v[i];
        if ((c < 0x20 && c != '\t') || c == 0x7f)
            return false;
    }
    return true;
}

bool srv_strict_target(const char *target, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)target[i];
        if (c <= 0x20 || c == 0x7f)
            return false;
    }
    return len > 0;
}

static bool srv_strict_is(const char *key, size_t n, const char *name)
{
    return n == strlen(name) && strncasecmp(key, name, n) == 0;
}

/* One header, in the order received: where it lies, what it is. */
static enum MHD_Result srv_strict_header(void *cls, enum MHD_ValueKind kind,
                                         const char *key, size_t key_size,
                                         const char *value, size_t value_size)
{
    (void)kind;
    struct srv_strict_walk *w = cls;
    if (key != w->expect || value < key + key_size + 1 ||
        value_size > (size_t)(w->end - value) ||
        (size_t)(w->end - value) - value_size < 4) {
        /* Also a NUL inside a line: the value then ends early and the
         * next name is not where the line's end puts it. */
        w->error = "a header line is folded, or a line does not end in CRLF";
        return MHD_NO;
    }
    if (key_size == 0) {
        w->error = "a header line has no name";
        return MHD_NO;
    }
    for (size_t i = 0; i < key_size; i++)
        if (!srv_strict_tchar((unsigned char)key[i])) {
            w->error = "a header name holds a space or a character that "
                       "is not allowed there";
            return MHD_NO;
        }
    /* key[key_size] was the colon; only blanks stand before the value. */
    for (const char *p = key + key_size + 1; p < value; p++)
        if (*p != ' ' && *p != '\t') {
            w->error = "a header line is folded, or a line does not end in "
                       "CRLF";
            return MHD_NO;
        }
    if (!srv_strict_value_ok(value, value_size)) {
        w->error = "a header value holds a control character";
        return MHD_NO;
    }
    /* value[value_size] was the CR (or a bare LF); the four bytes from
     * there are inside the head, which ends with at least this line's end
     * and the empty line (checked above). */
    if (value[value_size + 1] != '\0') {
        w->error = "a header line ends in a bare LF instead of CRLF";
        return MHD_NO;
    }
    w->expect = value + value_size + 2;

    if (srv_strict_is(key, key_size, MHD_HTTP_HEADER_HOST)) {
        w->hosts++;
    } else if (srv_strict_is(key, key_size, MHD_HTTP_HEADER_CONTENT_LENGTH)) {
        w->lengths++;
    } else if (srv_strict_is(key, key_size,
                             MHD_HTTP_HEADER_TRANSFER_ENCODING)) {
        w->encodings++;
        w->chunked = srv_strict_is(value, value_size, "chunked");
    }
    return MHD_YES;
}

const char *srv_strict_head(struct MHD_Connection *conn, const char *method,
                            const char *version)
{
    bool v11 = strcmp(version, MHD_HTTP_VERSION_1_1) == 0;
    if (!v11 && strcmp(version, MHD_HTTP_VERSION_1_0) != 0)
        return "only HTTP/1.0 and HTTP/1.1 are spoken here";
    /* The head runs from the method (the request line's first word) for
     * header_size bytes; the version is the line's last word. */
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    size_t vlen = strlen(version);
    if (info == NULL || version <= method ||
        info->header_size < (size_t)(version - method) + vlen + 4)
        return "the head of the request could not be read";
    struct srv_strict_walk w = {.expect = version + vlen + 2,
                                .end = method + info->header_size};
    if (version[vlen + 1] != '\0')
        return "the request line ends in a bare LF instead of CRLF";
    (void)MHD_get_connection_values_n(conn, MHD_HEADER_KIND, srv_strict_header,
                                      &w);
    if (w.error != NULL)
        return w.error;
    /* What is left must be the empty line, as CRLF. */
    if (w.end - w.expect != 2 || w.expect[0] != '\0' || w.expect[1] != '\0')
        return "a header line or the empty line after the head does not "
               "end in CRLF";
    if (w.hosts > 1)
        return "the request has more than one Host header";
    if (v11 && w.hosts == 0)
        return "an HTTP/1.1 request must have a Host header";
    if (w.lengths > 1)
        return "the request has more than one Content-Length header";
    if (w.encodings > 0) {
        if (w.encodings > 1 || !w.chunked)
            return "the only Transfer-Encoding accepted is one \"chunked\"";
        if (w.lengths > 0)
            return "the request has both Transfer-Encoding and "
                   "Content-Length";
        if (!v11)
            return "an HTTP/1.0 request cannot use Transfer-Encoding";
    }
    return NULL;
}
