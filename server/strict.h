/* server/strict.h - the request-head rules libmicrohttpd 0.9.75 lets pass.
 *
 * Two parsers that read one request's framing differently (a proxy in
 * front and this server) are the ground request smuggling grows on, so a
 * head that RFC 9112 calls invalid or ambiguous is refused with 400 before
 * any handler runs: bare LF line ends, folded (obs-fold) header lines,
 * whitespace or other non-token bytes in a header name, control bytes in a
 * value, a missing or repeated Host, repeated Content-Length or
 * Transfer-Encoding, Transfer-Encoding with Content-Length, on HTTP/1.0 or
 * other than "chunked", and spaces or control bytes in the request target.
 * server.c calls srv_strict_head() once a request's headers are in.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_STRICT_H
#define SRV_STRICT_H

#include <stdbool.h>
#include <stddef.h>

#include <microhttpd.h>

/* True if the raw request target (as received, before any decoding) holds
 * only visible ASCII or bytes >= 0x80: no space, no control byte. */
bool srv_strict_target(const char *target, size_t len);

/* Checks the head of the request on `conn`, whose headers libmicrohttpd
 * has just parsed; `method` and `version` are the strings the access
 * handler got.
 * Returns NULL if the head is sound, otherwise a static sentence saying
 * what is wrong (for a 400). Cannot fail otherwise.
 *
 * How line ends and folding are seen: libmicrohttpd parses the head in
 * place, turning each CR and LF that ends a line into a NUL and leaving the
 * name and value of every header where they arrived. So when every line
 * ends in CRLF and none is folded, each header name starts exactly two
 * bytes after the previous line's last byte, and those two bytes are NUL.
 * A bare LF leaves one NUL; a folded line is joined by copying, which
 * moves the header out of that sequence; and the head's length, which
 * libmicrohttpd reports, says where the closing empty line must be. Every
 * byte read lies inside that head. */
const char *srv_strict_head(struct MHD_Connection *conn, const char *method,
                            const char *version);

#endif
