/* tests/server/test_html.c - the response buffer: escaping, sticky overflow and
 * growth (server/html.c). */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "html.h"

Test(server_html, text_escapes_every_special_char)
{
    char mem[256];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, sizeof mem);
    html_text(&b, "a&b<c>d\"e'f");
    cr_assert_str_eq(b.p, "a&amp;b&lt;c&gt;d&quot;e&#39;f");
    cr_assert_eq(b.len, strlen(b.p));
    cr_assert_not(b.overflow);
    out_free(&b);
}

Test(server_html, attr_escapes_every_special_char)
{
    char mem[256];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, sizeof mem);
    out_raw(&b, "<a title=\"");
    html_attr(&b, "\" onmouseover='x()' & <b>");
    out_raw(&b, "\">");
    cr_assert_str_eq(b.p, "<a title=\"&quot; onmouseover=&#39;x()&#39; "
                          "&amp; &lt;b&gt;\">");
    out_free(&b);
}

Test(server_html, script_in_data_comes_out_inert)
{
    char mem[64];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, 4096);
    html_text(&b, "<script>alert(1)</script>");
    cr_assert_null(strchr(b.p, '<'));
    cr_assert_null(strchr(b.p, '>'));
    cr_assert_str_eq(b.p, "&lt;script&gt;alert(1)&lt;/script&gt;");
    out_free(&b);
}

Test(server_html, safe_text_is_unchanged_and_nul_is_dropped)
{
    char mem[64];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, sizeof mem);
    html_text(&b, "CAT \xe2\x98\x85 14");
    cr_assert_str_eq(b.p, "CAT \xe2\x98\x85 14");
    out_reset(&b);
    html_textn(&b, "A\0B<", 4);
    cr_assert_eq(b.len, 6);
    cr_assert_str_eq(b.p, "AB&lt;");
    out_free(&b);
}

Test(server_html, raw_and_rawf_append)
{
    char mem[8];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, 1024);
    out_raw(&b, "<p>");
    out_rawf(&b, "%d points for %s", 14, "CAT");
    out_rawn(&b, "</p>xyz", 4);
    cr_assert_str_eq(b.p, "<p>14 points for CAT</p>");
    cr_assert_not(b.overflow);
    out_free(&b);
}

Test(server_html, grows_from_stack_to_heap)
{
    char mem[16];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, 1 << 20);
    for (int i = 0; i < 1000; i++)
        out_raw(&b, "0123456789");
    cr_assert_not(b.overflow);
    cr_assert_eq(b.len, 10000);
    cr_assert(b.heap);
    cr_assert_neq(b.p, mem);
    cr_assert_eq(b.p[b.len], '\0');
    for (size_t i = 0; i < b.len; i++)
        cr_assert_eq(b.p[i], (char)('0' + i % 10));
    out_free(&b);
}

Test(server_html, overflow_is_sticky)
{
    char mem[16];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, 32);
    out_raw(&b, "0123456789");
    out_raw(&b, "0123456789");
    cr_assert_not(b.overflow);
    out_raw(&b, "0123456789abcdef"); /* 36 + NUL > 32 */
    cr_assert(b.overflow);
    cr_assert_eq(b.len, 20, "a failed append leaves the contents as they were");
    out_raw(&b, "x"); /* would fit, but the flag is sticky */
    html_text(&b, "y");
    out_rawf(&b, "%d", 1);
    cr_assert(b.overflow);
    cr_assert_eq(b.len, 20);
    cr_assert_str_eq(b.p, "01234567890123456789");
    out_free(&b);
}

Test(server_html, escaping_overflow_is_sticky_at_the_cap)
{
    char mem[8];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, 12);
    html_text(&b, "<<<"); /* 12 bytes escaped: one too many with the NUL */
    cr_assert(b.overflow);
    cr_assert(b.len < 12);
    cr_assert_eq(b.p[b.len], '\0');
    out_free(&b);
}

Test(server_html, rawf_grows)
{
    char mem[4];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, 256);
    out_rawf(&b, "%s-%d", "a long formatted string", 12345);
    cr_assert_str_eq(b.p, "a long formatted string-12345");
    cr_assert_not(b.overflow);
    out_rawf(&b, "%0300d", 1); /* past the cap */
    cr_assert(b.overflow);
    cr_assert_str_eq(b.p, "a long formatted string-12345");
    out_free(&b);
}

Test(server_html, reset_clears_overflow_and_keeps_storage)
{
    char mem[8];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, 64);
    out_raw(&b, "0123456789");
    char *grown = b.p;
    out_rawf(&b, "%0100d", 0);
    cr_assert(b.overflow);
    out_reset(&b);
    cr_assert_not(b.overflow);
    cr_assert_eq(b.len, 0);
    cr_assert_eq(b.p, grown);
    out_raw(&b, "ok");
    cr_assert_str_eq(b.p, "ok");
    out_free(&b);
}

/* out_int writes what printf's %d writes, at every width and sign. */
Test(server_html, out_int_is_printf_d)
{
    static const int edges[] = {
        0,         9,    10,    99,         100,
        999,       1000, 12345, -1,         -10,
        -100,      -999, -1000, 2147483647, -2147483647 - 1,
        1000000000};
    char want[16];
    for (int i = 0; i < 2100; i++) {
        int v = i < 16 ? edges[i] : (i - 1050) * (i % 7 == 0 ? 9973 : 1);
        char mem[4];
        struct out_buf b;
        out_init(&b, mem, sizeof mem, 64);
        out_int(&b, v);
        snprintf(want, sizeof want, "%d", v);
        cr_assert_str_eq(b.p, want, "%d", v);
        out_free(&b);
    }
}
