/* core/lzstring.h - LZ-String, bit-compatible with lz-string@1.5.0 (JS).
 *
 * The turn link is the game state compressed with LZ-String's
 * compressToBase64. JavaScript strings are UTF-16, and LZ-String works on
 * their code units, so this module does too: callers convert UTF-8 text to
 * UTF-16 units (clb_utf8_to_utf16) before compressing and back after
 * decompressing. Pure: all output goes into caller-supplied buffers and
 * every function is bounded by its output capacity.
 *
 * Compatibility, including the JS library's quirks:
 *   - Output is identical to the JS for every input of UTF-16 units, lone
 *     surrogates included. That includes the JS dictionary's blind spot:
 *     an entry spelling "__proto__" cannot be stored in a plain JS object,
 *     so it is counted but never matched, here as there.
 *   - compressToBase64("") is "Q===" (the end code alone), not "".
 *   - decompressFromBase64("") is null in JS: here LZ_INVALID. (JS's
 *     null -> "" has no counterpart: a (pointer, length) string is never
 *     null.)
 *   - A stream that runs out before its end code makes the JS return "":
 *     here LZ_INVALID, as are a reference to an entry that does not exist
 *     (JS: null) and a first code of 3 (JS: carries on with `undefined`).
 *   - Characters outside the alphabet are read as the JS reads them:
 *     getBaseValue yields `undefined`, which the bit operations turn into
 *     0, so they count as a character worth 0. The padding characters
 *     ('=' in base64, '$' in the URI alphabet) are worth 64, whose bits
 *     are never read: also 0. Past the end of the input the reader sees 0s
 *     too, exactly as charAt does. Each byte of the input is one unit, which
 *     matches the JS for ASCII (and for bytes >= 0x80 read as Latin-1).
 *
 * Stack: the compressor's dictionary is 784 KiB and the
 * decompressor's 512 KiB (at the limits below; 640 KiB when a _utf8 form
 * meets text that is not ASCII), all on the stack and released on return;
 * nothing is allocated. Run them on a thread with at least 1 MiB of
 * stack.
 */
/* SPDX-License-Identifier: MIT */
#ifndef CORE_LZSTRING_H
#define CORE_LZSTRING_H

#include <stddef.h>
#include <stdint.h>

enum lz_status {
    LZ_OK = 0,
    LZ_TOO_LARGE, /* output would exceed the caller's capacity or a limit */
    LZ_INVALID,   /* not valid compressed data / not valid UTF-8 or UTF-16 */
};

/* compressToBase64: `in` (n UTF-16 units) -> base64 text in out (cap bytes,
 * NUL-terminated). *out_len (may be NULL) gets the length without the NUL.
 * LZ_TOO_LARGE when n > CLB_MAX_DECODED_STATE (limits.h) or the text and
 * its NUL do not fit in cap; LZ_INVALID for a NULL out (or NULL in with
 * n > 0). On any error out holds "" (if cap > 0) and *out_len is 0. */
enum lz_status lz_compress_base64(const uint16_t *in, size_t n, char *out,
                                  size_t cap, size_t *out_len);

/* For tests: compressToEncodedURIComponent: as above with the URI-safe
 * alphabet and no '=' padding. No link is written with it; it is kept so
 * that the codec is proven against the JS in both of the JS's alphabets
 * (tests/core/test_lzstring.c, tests/node/lz_differential.mjs). */
enum lz_status lz_compress_uri(const uint16_t *in, size_t n, char *out,
                               size_t cap, size_t *out_len);

/* For tests: decompressFromBase64: len bytes of text -> UTF-16 units in
 * out (cap units); the links are read with lz_decompress_base64_utf8, which
 * is defined as this followed by clb_utf16_to_utf8 and is tested against
 * it. *out_n (may be NULL) gets the unit count. Stops with LZ_TOO_LARGE
 * as soon as the output would pass cap, or CLB_MAX_DECODED_STATE if cap is
 * larger, so a small hostile input cannot expand without bound; never
 * reads past in[len - 1]; runs in time linear in len + output. LZ_INVALID
 * for anything the JS would not decode to a string (see above). On error
 * *out_n is 0 and out's contents are unspecified. */
enum lz_status lz_decompress_base64(const char *in, size_t len, uint16_t *out,
                                    size_t cap, size_t *out_n);

/* For tests: decompressFromEncodedURIComponent: as above with the URI-safe
 * alphabet; like the JS it reads ' ' as '+' (what form decoding makes of a
 * '+'). The links are read with lz_decompress_uri_utf8. */
enum lz_status lz_decompress_uri(const char *in, size_t len, uint16_t *out,
                                 size_t cap, size_t *out_n);

/* decompressFromBase64 straight to UTF-8 text (NUL-terminated, cap bytes
 * with the NUL): exactly what lz_decompress_base64 into
 * CLB_MAX_DECODED_STATE units and then clb_utf16_to_utf8 into out give,
 * status, text and *out_len (may be NULL), for every input and cap. When
 * the text is ASCII (a state's JSON always is) and cap is at least
 * CLB_MAX_DECODED_STATE + 9, each unit is written as its byte at once,
 * without the units in between; any other text is decompressed again as
 * units and converted. */
enum lz_status lz_decompress_base64_utf8(const char *in, size_t len, char *out,
                                         size_t cap, size_t *out_len);

/* decompressFromEncodedURIComponent straight to UTF-8, as above. */
enum lz_status lz_decompress_uri_utf8(const char *in, size_t len, char *out,
                                      size_t cap, size_t *out_len);

/* UTF-8 -> UTF-16 units (surrogate pairs above U+FFFF). LZ_INVALID for
 * malformed UTF-8: overlong forms, encoded surrogates, values past
 * U+10FFFF, stray or missing continuation bytes. LZ_TOO_LARGE when the
 * units do not fit in cap. The first problem found wins. On error *out_n
 * (may be NULL) is 0. */
enum lz_status clb_utf8_to_utf16(const char *in, size_t len, uint16_t *out,
                                 size_t cap, size_t *out_n);

/* UTF-16 units -> UTF-8 (NUL-terminated; a U+0000 unit becomes a 0 byte
 * inside, so use *out_len). LZ_INVALID for unpaired surrogates: JS strings
 * may hold them, but a game state is text. LZ_TOO_LARGE when the bytes and
 * the NUL do not fit in cap (3 bytes per unit + 1 always fits). On error
 * out holds "" (if cap > 0) and *out_len (may be NULL) is 0. */
enum lz_status clb_utf16_to_utf8(const uint16_t *in, size_t n, char *out,
                                 size_t cap, size_t *out_len);

#endif
