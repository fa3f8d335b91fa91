/* tests/tools/lz_tool.c - a line-oriented driver of core/lzstring for the
 * node differential test (tests/node/lz_differential.mjs).
 *
 * Each stdin line is one command; each gets exactly one stdout line:
 *   c <hex>       UTF-16 units (hex of their UTF-16LE bytes) ->
 *                 "<compressToBase64> <compressToEncodedURIComponent>"
 *                 or "err <status>"
 *   d64 <hex>     bytes of base64 text -> "ok <hex UTF-16LE>", "invalid"
 *                 or "toolarge" (output cap: CLB_MAX_DECODED_STATE units)
 *   duri <hex>    the same for decompressFromEncodedURIComponent; both
 *                 also run lz_decompress_*_utf8 and answer "utf8-differs"
 *                 if it does not give what these units convert to
 *   u8 <hex>      UTF-8 bytes -> "ok <hex UTF-16LE>" or "invalid"
 *   u16 <hex>     UTF-16 units -> "ok <hex UTF-8>" or "invalid"
 * Hex keeps every line ASCII whatever the bytes are. A line that is not a
 * command is a bug in the caller: the tool says so and exits 2. */
/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "limits.h"
#include "lzstring.h"

enum tool_exit { TOOL_OK = 0, TOOL_FAIL = 1, TOOL_USAGE = 2 };

static void usage(FILE *f)
{
    fputs("usage: lz_tool < commands\n"
          "  c <hex UTF-16LE>   compress to base64 and URI\n"
          "  d64 <hex bytes>    decompressFromBase64\n"
          "  duri <hex bytes>   decompressFromEncodedURIComponent\n"
          "  u8 <hex bytes>     UTF-8 -> UTF-16\n"
          "  u16 <hex UTF-16LE> UTF-16 -> UTF-8\n",
          f);
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Decodes hex into bytes (in place is fine: the output is shorter).
 * Returns the byte count, or -1 for bad hex. */
static long unhex(const char *s, size_t len, unsigned char *out)
{
    if (len % 2 != 0)
        return -1;
    for (size_t i = 0; i < len; i += 2) {
        int hi = hex_digit(s[i]), lo = hex_digit(s[i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        out[i / 2] = (unsigned char)(hi * 16 + lo);
    }
    return (long)(len / 2);
}

static void put_hex(const unsigned char *b, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        putchar(digits[b[i] >> 4]);
        putchar(digits[b[i] & 15]);
    }
}

static void put_units_hex(const uint16_t *u, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char le[2] = {(unsigned char)(u[i] & 0xFF),
                               (unsigned char)(u[i] >> 8)};
        put_hex(le, 2);
    }
}

static const char *status_name(enum lz_status st)
{
    /* No default: the compiler then flags a new status missing here. */
    switch (st) {
    case LZ_OK: return "ok";
    case LZ_TOO_LARGE: return "toolarge";
    case LZ_INVALID: return "invalid";
    }
    return "unknown";
}

/* Bytes -> UTF-16 units, little-endian pairs. */
static size_t bytes_to_units(const unsigned char *b, size_t n, uint16_t *u)
{
    for (size_t i = 0; i + 1 < n; i += 2)
        u[i / 2] = (uint16_t)(b[i] | (b[i + 1] << 8));
    return n / 2;
}

/* lz_decompress_*_utf8 on the same bytes must give what the units st/u/n
 * give through clb_utf16_to_utf8: the same status and the same text. */
static bool text_decoder_agrees(const char *in, size_t len, bool uri,
                                enum lz_status st, const uint16_t *u, size_t n)
{
    size_t cap = 3 * (size_t)CLB_MAX_DECODED_STATE + 1, want_len = 0,
           got_len = 0;
    char *want = malloc(cap), *got = malloc(cap);
    if (want == NULL || got == NULL) {
        fprintf(stderr, "lz_tool: out of memory\n");
        exit(TOOL_FAIL);
    }
    enum lz_status want_st =
        st == LZ_OK ? clb_utf16_to_utf8(u, n, want, cap, &want_len) : st;
    enum lz_status got_st =
        uri ? lz_decompress_uri_utf8(in, len, got, cap, &got_len)
            : lz_decompress_base64_utf8(in, len, got, cap, &got_len);
    bool same = got_st == want_st && got_len == want_len &&
                (got_st != LZ_OK || memcmp(got, want, got_len + 1) == 0);
    free(want);
    free(got);
    return same;
}

static void run_line(char *line, size_t len, size_t lineno)
{
    char *sp = memchr(line, ' ', len);
    size_t cmd_len = sp != NULL ? (size_t)(sp - line) : len;
    const char *arg = sp != NULL ? sp + 1 : line + len;
    size_t arg_len = len - (size_t)(arg - line);

    unsigned char *bytes = malloc(arg_len / 2 + 1);
    /* Enough for any command: u8 makes at most one unit per byte. */
    uint16_t *units = malloc((arg_len / 2 + 1) * sizeof *units);
    if (bytes == NULL || units == NULL) {
        fprintf(stderr, "lz_tool: out of memory\n");
        exit(TOOL_FAIL);
    }
    long nb = unhex(arg, arg_len, bytes);
    if (nb < 0) {
        fprintf(stderr, "lz_tool: line %zu: bad hex\n", lineno);
        exit(TOOL_USAGE);
    }

    if (cmd_len == 1 && line[0] == 'c') {
        if (nb % 2 != 0) {
            fprintf(stderr, "lz_tool: line %zu: odd UTF-16 bytes\n", lineno);
            exit(TOOL_USAGE);
        }
        size_t n = bytes_to_units(bytes, (size_t)nb, units);
        /* Worst case is about 3 characters per unit; be generous. */
        size_t cap = 8 * n + 64, l64 = 0, luri = 0;
        char *b64 = malloc(cap), *uri = malloc(cap);
        if (b64 == NULL || uri == NULL) {
            fprintf(stderr, "lz_tool: out of memory\n");
            exit(TOOL_FAIL);
        }
        enum lz_status s1 = lz_compress_base64(units, n, b64, cap, &l64);
        enum lz_status s2 = lz_compress_uri(units, n, uri, cap, &luri);
        if (s1 != LZ_OK || s2 != LZ_OK)
            printf("err %s %s\n", status_name(s1), status_name(s2));
        else
            printf("%s %s\n", b64, uri);
        free(b64);
        free(uri);
    } else if ((cmd_len == 3 && memcmp(line, "d64", 3) == 0) ||
               (cmd_len == 4 && memcmp(line, "duri", 4) == 0)) {
        uint16_t *out = malloc(CLB_MAX_DECODED_STATE * sizeof *out);
        if (out == NULL) {
            fprintf(stderr, "lz_tool: out of memory\n");
            exit(TOOL_FAIL);
        }
        size_t n = 0;
        enum lz_status st =
            cmd_len == 3 ? lz_decompress_base64((const char *)bytes, (size_t)nb,
                                                out, CLB_MAX_DECODED_STATE, &n)
                         : lz_decompress_uri((const char *)bytes, (size_t)nb,
                                             out, CLB_MAX_DECODED_STATE, &n);
        /* The direct decoder to UTF-8 must agree with these units and
         * their conversion; if not, the line is no answer at all. */
        if (!text_decoder_agrees((const char *)bytes, (size_t)nb, cmd_len == 4,
                                 st, out, n))
            puts("utf8-differs");
        else if (st == LZ_OK) {
            fputs("ok ", stdout);
            put_units_hex(out, n);
            putchar('\n');
        } else {
            printf("%s\n", status_name(st));
        }
        free(out);
    } else if (cmd_len == 2 && memcmp(line, "u8", 2) == 0) {
        size_t n = 0;
        enum lz_status st = clb_utf8_to_utf16((const char *)bytes, (size_t)nb,
                                              units, (size_t)nb + 1, &n);
        if (st == LZ_OK) {
            fputs("ok ", stdout);
            put_units_hex(units, n);
            putchar('\n');
        } else {
            printf("%s\n", status_name(st));
        }
    } else if (cmd_len == 3 && memcmp(line, "u16", 3) == 0) {
        size_t n = bytes_to_units(bytes, (size_t)nb, units), len8 = 0;
        size_t cap = 3 * n + 1;
        char *text = malloc(cap);
        if (text == NULL) {
            fprintf(stderr, "lz_tool: out of memory\n");
            exit(TOOL_FAIL);
        }
        enum lz_status st = clb_utf16_to_utf8(units, n, text, cap, &len8);
        if (st == LZ_OK) {
            fputs("ok ", stdout);
            put_hex((const unsigned char *)text, len8);
            putchar('\n');
        } else {
            printf("%s\n", status_name(st));
        }
        free(text);
    } else {
        fprintf(stderr, "lz_tool: line %zu: unknown command '%.*s'\n", lineno,
                (int)cmd_len, line);
        exit(TOOL_USAGE);
    }
    free(bytes);
    free(units);
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--help") == 0) {
        usage(stdout);
        return TOOL_OK;
    }
    if (argc != 1) {
        fprintf(stderr, "lz_tool: takes no arguments\n"
                        "Try 'lz_tool --help' for more information.\n");
        return TOOL_USAGE;
    }
    char *line = NULL;
    size_t size = 0, lineno = 0;
    ssize_t got;
    while ((got = getline(&line, &size, stdin)) >= 0) {
        size_t len = (size_t)got;
        lineno++;
        if (len > 0 && line[len - 1] == '\n')
            len--;
        run_line(line, len, lineno);
    }
    free(line);
    if (fflush(stdout) != 0) {
        perror("lz_tool: stdout");
        return TOOL_FAIL;
    }
    return TOOL_OK;
}
