/* tests/server/test_json.c - the JSON written without jansson
 * (server/json_out.c) against jansson's own compact dump, and the strict
 * in-place reader (server/json_in.c): what it reads, and that it fails on
 * everything outside its subset, so jansson reads that instead. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "../../server/json_in.h"
#include "../../server/json_out.h"

/* What jansson writes for the string s (n bytes), or NULL when it refuses
 * it (malloc'd). */
static char *jansson_string(const char *s, size_t n)
{
    json_t *v = json_stringn(s, n);
    if (v == NULL)
        return NULL;
    json_t *a = json_pack("[o]", v);
    char *text = json_dumps(a, JSON_COMPACT);
    json_decref(a);
    cr_assert_not_null(text);
    /* "[...]" -> the string alone */
    size_t len = strlen(text);
    memmove(text, text + 1, len - 2);
    text[len - 2] = '\0';
    return text;
}

/* The writer's text for s, html_safe or not; NULL when it was bad. */
static char *written(const char *s, size_t n, bool html_safe)
{
    char mem[16];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, 1 << 16);
    struct jout j;
    jout_init(&j, &b, html_safe);
    jout_string_n(&j, s, n);
    char *out = j.bad ? NULL : strdup(b.p);
    out_free(&b);
    return out;
}

Test(server_json, strings_are_written_as_jansson_writes_them)
{
    uint64_t x = 88172645463325252ull;
    for (int round = 0; round < 20000; round++) {
        char s[24];
        size_t n = (size_t)(round % 23);
        for (size_t i = 0; i < n; i++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            /* Mostly ASCII (every control byte among them), sometimes any
             * byte, so valid and invalid UTF-8 both come up. */
            s[i] = round % 4 == 0 ? (char)(x >> 24) : (char)((x >> 24) & 0x7f);
        }
        char *want = jansson_string(s, n);
        char *got = written(s, n, false);
        if (want == NULL) {
            cr_assert_null(got, "jansson refuses round %d, the writer not",
                           round);
        } else {
            cr_assert_not_null(got, "the writer refuses round %d", round);
            cr_assert_str_eq(got, want);
        }
        cr_assert_eq(jout_utf8_valid(s, n), want != NULL);
        free(want);
        free(got);
    }
}

Test(server_json, html_safe_strings_never_carry_markup)
{
    char *got = written("<a href='x'>&amp;</a>\"", 22, true);
    cr_assert_str_eq(got, "\"\\u003ca href='x'\\u003e\\u0026amp;\\u003c/a"
                          "\\u003e\\\"\"");
    free(got);
    got = written("\x01\x1f\t\n\x7f", 5, false);
    cr_assert_str_eq(got, "\"\\u0001\\u001F\\t\\n\x7f\"");
    free(got);
}

Test(server_json, utf8_is_checked_as_jansson_checks_it)
{
    static const struct {
        const char *s;
        bool ok;
    } cases[] = {
        {"\xc3\xa9", true},
        {"\xe2\x82\xac", true},
        {"\xf0\x9f\x98\x80", true},
        {"\xc0\x80", false},
        {"\xed\xa0\x80", false},
        {"\xf4\x90\x80\x80", false},
        {"\xe0\x80\xaf", false},
        {"\x80", false},
        {"\xc3", false},
        {"\xf8\x88\x80\x80\x80", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t n = strlen(cases[i].s);
        cr_assert_eq(jout_utf8_valid(cases[i].s, n), cases[i].ok, "case %zu",
                     i);
        char *want = jansson_string(cases[i].s, n);
        cr_assert_eq(want != NULL, cases[i].ok, "jansson, case %zu", i);
        free(want);
    }
}

Test(server_json, containers_get_their_commas)
{
    char mem[256];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, sizeof mem);
    struct jout j;
    jout_init(&j, &b, true);
    jout_open_object(&j);
    jout_key(&j, "a");
    jout_open_array(&j);
    jout_int(&j, -9223372036854775807LL - 1);
    jout_bool(&j, true);
    jout_null(&j);
    jout_open_array(&j);
    jout_close_array(&j);
    jout_open_object(&j);
    jout_close_object(&j);
    jout_close_array(&j);
    jout_key(&j, "b");
    jout_string(&j, "x");
    jout_close_object(&j);
    cr_assert(jout_ok(&j));
    cr_assert_str_eq(b.p, "{\"a\":[-9223372036854775808,true,null,[],{}],"
                          "\"b\":\"x\"}");
}

/* Reads {"s": STRING, "n": INT, "b": BOOL, "a": [INT...], "z": null} in
 * any order; false when the reader fails anywhere. */
static bool read_sample(const char *text, long long *sum)
{
    struct jin j;
    struct clb_str key, s;
    long long v;
    bool flag;
    *sum = 0;
    jin_init(&j, text, strlen(text));
    if (!jin_object(&j))
        return false;
    while (jin_key(&j, &key)) {
        if (jin_is(key, "s")) {
            if (!jin_string(&j, &s))
                return false;
            *sum += (long long)s.len;
        } else if (jin_is(key, "n")) {
            if (!jin_int(&j, &v))
                return false;
            *sum += v;
        } else if (jin_is(key, "b")) {
            if (!jin_bool(&j, &flag))
                return false;
            *sum += flag;
        } else if (jin_is(key, "a")) {
            if (!jin_array(&j))
                return false;
            while (jin_item(&j))
                if (!jin_int(&j, &v))
                    return false;
                else
                    *sum += v;
        } else if (jin_is(key, "z")) {
            if (!jin_peek_null(&j) || !jin_null(&j))
                return false;
        } else {
            return false;
        }
    }
    return jin_end(&j);
}

Test(server_json, the_reader_reads_its_subset)
{
    long long sum;
    cr_assert(read_sample("{}", &sum));
    cr_assert(read_sample(" {\"s\":\"abc\" , \"n\":-12,\"b\":true,"
                          "\"a\":[1, 2 ,3],\"z\":null}\r\n",
                          &sum));
    cr_assert_eq(sum, 3 - 12 + 1 + 6);
    cr_assert(read_sample("{\"a\":[]}", &sum));
    cr_assert(read_sample("{\"n\":0}", &sum));
    cr_assert(read_sample("{\"n\":-0}", &sum));
    cr_assert(read_sample("{\"n\":99999999999999999}", &sum)); /* 17 digits */
}

Test(server_json, the_reader_fails_outside_its_subset)
{
    static const char *const texts[] = {
        "",
        "[]",
        "{",
        "{}}",
        "{} x",
        "{\"s\":\"a\\\"b\"}",         /* an escape */
        "{\"s\":\"\xc3\xa9\"}",       /* UTF-8 */
        "{\"s\":\"a\tb\"}",           /* a control byte */
        "{\"n\":01}",                 /* a leading zero */
        "{\"n\":1.5}",                /* a fraction */
        "{\"n\":1e3}",                /* an exponent */
        "{\"n\":-}",                  /* no digits */
        "{\"n\":123456789012345678}", /* 18 digits: jansson's to judge */
        "{\"a\":[1,]}",               /* a trailing comma */
        "{\"a\":[1 2]}",              /* no comma */
        "{\"n\":1,}",
        "{\"n\" 1}",
        "{\"b\":True}",
        "{\"b\":truex}",
        "{n:1}",
        "{\"z\":nul}",
        "{\"a\":[[[[[[[[[1]]]]]]]]]}", /* too deep (and not an int) */
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        long long sum;
        cr_assert_not(read_sample(texts[i], &sum), "accepted: %s", texts[i]);
    }
}
