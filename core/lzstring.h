/* core/lzstring.h - LZ-String, bit-compatible with lz-string@1.5.0 (JS).
 *
 * The turn link is the game state compressed with LZ-String's
 * compressToBase64. JavaScript strings are UTF-16, and LZ-String works on
 * their code units, so this module does too: callers convert UTF-8 text to
 * UTF-16 units (clb_utf8_to_utf16) before compressing and back after
 * decompressing. Pure: all output goes into caller-supplied buffers and
 * every function is bounded by its output capacity.
 */
/* SPDX-License-Identifier: MIT */
#ifndef CORE_LZSTRING_H
#define CORE_LZSTRING_H

#include <stddef.h>
#include <stdint.h>

enum lz_status {
    LZ_OK = 0,
    LZ_TOO_LARGE, /* output would exceed the caller's capacity */
    LZ_INVALID,   /* not valid compressed data / not valid UTF-8 or UTF-16 */
};

/* compressToBase64: `in` (n UTF-16 units) -> base64 text in out (cap bytes,
 * NUL-terminated). *out_len gets the length without the NUL. */
enum lz_status lz_compress_base64(const uint16_t *in, size_t n, char *out,
                                  size_t cap, size_t *out_len);

/* compressToEncodedURIComponent: as above with the URI-safe alphabet. */
enum lz_status lz_compress_uri(const uint16_t *in, size_t n, char *out,
                               size_t cap, size_t *out_len);

/* decompressFromBase64: len bytes of text -> UTF-16 units in out (cap
 * units). Stops with LZ_TOO_LARGE as soon as cap would be exceeded, so a
 * small hostile input cannot expand without bound. Characters outside the
 * alphabet are treated as the JS treats them (value 0... see DESIGN.md). */
enum lz_status lz_decompress_base64(const char *in, size_t len, uint16_t *out,
                                    size_t cap, size_t *out_n);

/* decompressFromEncodedURIComponent (also accepts ' ' for '+'). */
enum lz_status lz_decompress_uri(const char *in, size_t len, uint16_t *out,
                                 size_t cap, size_t *out_n);

/* UTF-8 -> UTF-16 units. LZ_INVALID for malformed UTF-8. */
enum lz_status clb_utf8_to_utf16(const char *in, size_t len, uint16_t *out,
                                 size_t cap, size_t *out_n);

/* UTF-16 units -> UTF-8 (NUL-terminated). LZ_INVALID for unpaired
 * surrogates. */
enum lz_status clb_utf16_to_utf8(const uint16_t *in, size_t n, char *out,
                                 size_t cap, size_t *out_len);

#endif
