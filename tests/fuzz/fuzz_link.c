/* tests/fuzz/fuzz_link.c - libFuzzer target for the turn-link decoder
 * (server/link_v1.c): raw bytes as a link S (link_decode), or, when the first
 * byte is '{', as schema-v1 JSON text (link_decode_json). A link never
 * holds '{', so one corpus feeds both modes and every seed keeps its
 * meaning.
 *
 * Besides "no crash, no leak, no UB" (ASan + UBSan), it checks the
 * decoder's contract: a refusal is BAD_STATE or TOO_LARGE with a printable
 * ASCII detail; an accepted state passes core_game_validate, encodes, and
 * decodes back to a state that encodes to the very same link; and for JSON,
 * the fast reader's answer is exactly jansson's (link_decode_json_reference);
 * for a link, LZ-String's direct decoder to UTF-8 gives exactly what its
 * units and their conversion give.
 * Build and run: bash tests/fuzz/run.sh [SECONDS].
 */
/* SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/limits.h"
#include "../../core/lzstring.h"
#include "../../server/link.h"

/* A valid state's link is ~600 bytes; the encoder is given room to spare. */
#define FUZZ_LINK_CAP 8192

/* lz_decompress_*_utf8 must answer as the two steps it saves: the units
 * (lz_decompress_*), then clb_utf16_to_utf8. */
static void check_text_decoder(const char *s, size_t size, bool uri)
{
    static uint16_t units[CLB_MAX_DECODED_STATE];
    static char two[3 * CLB_MAX_DECODED_STATE + 1];
    static char one[3 * CLB_MAX_DECODED_STATE + 1];
    size_t n = 0, two_len = 0, one_len = 0;
    enum lz_status two_st =
        uri ? lz_decompress_uri(s, size, units, CLB_MAX_DECODED_STATE, &n)
            : lz_decompress_base64(s, size, units, CLB_MAX_DECODED_STATE, &n);
    if (two_st == LZ_OK)
        two_st = clb_utf16_to_utf8(units, n, two, sizeof two, &two_len);
    enum lz_status one_st =
        uri ? lz_decompress_uri_utf8(s, size, one, sizeof one, &one_len)
            : lz_decompress_base64_utf8(s, size, one, sizeof one, &one_len);
    if (one_st != two_st || one_len != two_len ||
        (one_st == LZ_OK && memcmp(one, two, one_len + 1) != 0)) {
        fprintf(stderr, "fuzz_link: LZ-String to UTF-8 (%s) differs\n",
                uri ? "URI" : "base64");
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Stops the run with a message: libFuzzer saves the input as a crash. */
static void fail(const char *what, const struct clb_error *err)
{
    fprintf(stderr, "fuzz_link: %s (%s: %s)\n", what, clb_err_code(err->code),
            err->detail);
    abort();
}

static void check_refusal(enum clb_err rc, const struct clb_error *err)
{
    if (rc != err->code)
        fail("returned code differs from err->code", err);
    if (rc != CLB_ERR_BAD_STATE && rc != CLB_ERR_TOO_LARGE)
        fail("refused with an unexpected code", err);
    size_t n = strnlen(err->detail, sizeof err->detail);
    if (n == 0 || n == sizeof err->detail)
        fail("detail empty or not terminated", err);
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)err->detail[i] < 0x20 ||
            (unsigned char)err->detail[i] > 0x7e)
            fail("detail is not printable ASCII", err);
}

static void check_accepted(const struct core_game *game)
{
    static char link[FUZZ_LINK_CAP], again[FUZZ_LINK_CAP];
    struct core_game back;
    struct clb_error err;
    size_t n = 0, n2 = 0;
    if (core_game_validate(game, &err) != CLB_ERR_OK)
        fail("accepted a state core_game_validate refuses", &err);
    if (link_v1_encode(game, link, sizeof link, &n, &err) != CLB_ERR_OK)
        fail("cannot encode an accepted state", &err);
    if (link_v1_decode(link, n, &back, &err) != CLB_ERR_OK)
        fail("cannot decode our own link", &err);
    if (link_v1_encode(&back, again, sizeof again, &n2, &err) != CLB_ERR_OK)
        fail("cannot re-encode", &err);
    if (n != n2 || memcmp(link, again, n) != 0)
        fail("the round trip changed the state", &err);
}

/* The fast reader must say exactly what jansson's reader says: the same
 * code, the same detail, the same game (both zero the struct first, so
 * the bytes compare). */
static void check_readers_agree(const char *text, size_t size, enum clb_err rc,
                                const struct clb_error *err,
                                const struct core_game *game)
{
    struct core_game ref;
    struct clb_error ref_err;
    enum clb_err ref_rc =
        link_decode_json_reference(text, size, &ref, &ref_err);
    if (ref_rc != rc || strcmp(ref_err.detail, err->detail) != 0)
        fail("the fast reader and jansson's disagree", err);
    if (rc == CLB_ERR_OK && memcmp(&ref, game, sizeof ref) != 0)
        fail("the fast reader read another game than jansson's", err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    struct core_game game;
    struct clb_error err;
    bool json = size > 0 && data[0] == '{';
    enum clb_err rc = json ? link_decode_json(text, size, &game, &err)
                           : link_v1_decode(text, size, &game, &err);
    if (json) {
        check_readers_agree(text, size, rc, &err, &game);
    } else if (size <= CLB_MAX_ENCODED_STATE) {
        check_text_decoder(text, size, false);
        check_text_decoder(text, size, true);
    }
    if (rc == CLB_ERR_OK)
        check_accepted(&game);
    else
        check_refusal(rc, &err);
    return 0;
}
