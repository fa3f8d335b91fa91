/* tests/server/test_qr.c - the share area's QR code (server/qr.c): the SVG's
 * one path, read back module by module, must be exactly the matrix libqrencode
 * makes for the same text, inside the quiet zone the standard asks for. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <qrencode.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qr.h"

#define QR_TEST_MAX 200 /* modules a side: above version 40's 177 */

struct qr_grid {
    int size; /* the viewBox's side: modules plus both quiet zones */
    unsigned char dark[QR_TEST_MAX][QR_TEST_MAX];
};

/* Reads an <svg> written by qr_svg back into modules: the viewBox, then
 * the path's commands (M x y, m dx dy, h n), each h a run of dark modules
 * along row floor(y). Fails the test on anything else. */
static void qr_read(const char *svg, struct qr_grid *g)
{
    memset(g, 0, sizeof *g);
    int w = 0, h = 0;
    const char *vb = strstr(svg, "viewBox=\"0 0 ");
    cr_assert_not_null(vb);
    cr_assert_eq(sscanf(vb, "viewBox=\"0 0 %d %d\"", &w, &h), 2);
    cr_assert_eq(w, h, "a square picture");
    cr_assert(w > 2 * QR_QUIET_ZONE && w < QR_TEST_MAX);
    g->size = w;
    const char *first = strstr(svg, "<path ");
    cr_assert_not_null(first);
    cr_assert_null(strstr(first + 1, "<path "), "exactly one path");
    const char *d = strstr(first, " d=\"");
    cr_assert_not_null(d);
    d += 4;
    double x = 0, y = 0;
    while (*d != '"') {
        char cmd = *d++;
        char *end;
        double a = strtod(d, &end);
        cr_assert(end != d, "a number after %c", cmd);
        d = end;
        if (cmd == 'M' || cmd == 'm') {
            cr_assert_eq(*d, ' ');
            double b = strtod(d + 1, &end);
            d = end;
            x = cmd == 'M' ? a : x + a;
            y = cmd == 'M' ? b : y + b;
        } else {
            cr_assert_eq(cmd, 'h', "unexpected command %c", cmd);
            int row = (int)y, col = (int)x, n = (int)a;
            cr_assert_float_eq(y - row, 0.5, 1e-9,
                               "runs go along a row's middle");
            cr_assert(n > 0 && col >= 0 && col + n <= w && row >= 0 && row < h);
            for (int i = 0; i < n; i++) {
                cr_assert_not(g->dark[row][col + i], "a module drawn twice");
                g->dark[row][col + i] = 1;
            }
            x += a;
        }
    }
}

/* Draws text and checks it against libqrencode's own code of it. */
static void check_code(const char *text)
{
    char mem[8192];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, 1 << 20);
    cr_assert(qr_svg(&b, text));
    cr_assert_not(b.overflow);
    static const char open[] = "<svg class=\"qr\" ";
    cr_assert(strncmp(b.p, open, sizeof open - 1) == 0);
    cr_assert_not_null(
        strstr(b.p, "role=\"img\" aria-label=\"QR code of the link\""));
    cr_assert_not_null(strstr(b.p, "fill=\"#fff\""), "the quiet zone is white");

    QRcode *want =
        QRcode_encodeString(text, QR_VERSION_AUTO, QR_ECLEVEL, QR_MODE_8, 1);
    cr_assert_not_null(want);
    static struct qr_grid got;
    qr_read(b.p, &got);
    cr_assert_eq(got.size, want->width + 2 * QR_QUIET_ZONE);
    for (int r = 0; r < got.size; r++) {
        for (int c = 0; c < got.size; c++) {
            int y = r - QR_QUIET_ZONE, x = c - QR_QUIET_ZONE;
            bool inside =
                y >= 0 && y < want->width && x >= 0 && x < want->width;
            bool dark = inside && (want->data[y * want->width + x] & 1);
            cr_assert_eq(got.dark[r][c], dark, "module (%d,%d) of \"%s\"", r, c,
                         text);
        }
    }
    QRcode_free(want);
    out_free(&b);
}

Test(server_qr, a_new_games_link_is_drawn_module_for_module)
{
    check_code("http://localhost:8080/#2PyMZABaPXQ");
}

Test(server_qr, a_late_game_link_is_drawn_module_for_module)
{
    /* 23 + 137 characters: the longest link that still fits an SMS. */
    char link[256] = "http://localhost:8080/#2";
    for (size_t i = strlen(link); i < 160; i++)
        link[i] =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
                [i * 7 % 64];
    check_code(link);
}

Test(server_qr, a_late_game_link_makes_a_small_code)
{
    char mem[8192];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, 1 << 20);
    char link[256] = "http://localhost:8080/#2";
    for (size_t i = strlen(link); i < 135; i++)
        link[i] =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
                [i * 5 % 64];
    cr_assert(qr_svg(&b, link));
    struct qr_grid *g = malloc(sizeof *g);
    qr_read(b.p, g);
    /* Version 7 at level L (45 modules) holds 154 bytes. */
    cr_assert_leq(g->size - 2 * QR_QUIET_ZONE, 45);
    cr_assert_lt(b.len, 4000, "%zu bytes of markup", b.len);
    free(g);
    out_free(&b);
}

Test(server_qr, nothing_is_written_for_an_empty_or_oversized_text)
{
    char mem[64];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, 1 << 20);
    cr_assert_not(qr_svg(&b, ""));
    char *big = malloc(CLB_MAX_QR_TEXT + 2);
    memset(big, 'A', CLB_MAX_QR_TEXT + 1);
    big[CLB_MAX_QR_TEXT + 1] = '\0';
    cr_assert_not(qr_svg(&b, big));
    cr_assert_eq(b.len, 0);
    free(big);
    out_free(&b);
}

/* The longest link a page writes (a v2 link of CLB_MAX_LINK2_CHARS after
 * the longest origin and base path) still gets its code: the bound is
 * that sum (core/limits.h), within what the format holds. */
Test(server_qr, the_longest_link_a_page_writes_gets_a_code)
{
    char *text = malloc(CLB_MAX_QR_TEXT + 1);
    cr_assert_not_null(text);
    size_t n = 0;
    n += (size_t)sprintf(text, "https://");
    memset(text + n, 'h', CLB_MAX_ORIGIN - n);
    n = CLB_MAX_ORIGIN;
    text[n++] = '/';
    memset(text + n, 'p', CLB_MAX_BASE_PATH - 1);
    n += CLB_MAX_BASE_PATH - 1;
    memcpy(text + n, "/#2", 3);
    n += 3;
    for (size_t i = 1; i < CLB_MAX_LINK2_CHARS; i++)
        text[n++] =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
                [i % 64];
    text[n] = '\0';
    cr_assert_eq(n, CLB_MAX_QR_TEXT);
    char mem[64];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, 1 << 22);
    cr_assert(qr_svg(&b, text));
    cr_assert_not_null(strstr(b.p, "<svg class=\"qr\""));
    out_free(&b);
    free(text);
}

Test(server_qr, markup_in_the_text_never_reaches_the_svg)
{
    char mem[8192];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, 1 << 20);
    cr_assert(qr_svg(&b, "http://x/#<script>alert(1)</script>"));
    cr_assert_null(strstr(b.p, "script"));
    out_free(&b);
}
