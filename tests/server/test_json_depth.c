/* tests/server/test_json_depth.c - the one nesting-depth scan that the v1
 * reader and the API run before jansson (jin_too_deep, server/json_in.h).
 */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <string.h>

#include "../../core/limits.h"
#include "json_in.h"

static bool deep(const char *s)
{
    return jin_too_deep(s, strlen(s), 3);
}

Test(server_json_depth, counts_containers_outside_strings)
{
    cr_assert_not(deep(""));
    cr_assert_not(deep("[{\"a\":[1]}]"));
    cr_assert(deep("[{\"a\":[[1]]}]"));
    cr_assert_not(deep("[[[]]][[[]]]"), "depth, not the count");
    cr_assert_not(deep("[\"[[[[[\"]"), "brackets in a string");
    cr_assert_not(deep("[\"\\\"[[[[\"]"), "an escaped quote keeps the string");
    cr_assert(deep("[\"\\\\\",[[[1]]]]"), "an escaped backslash ends it");
}

/* A closer with nothing open must not buy depth for later openers (the
 * API's own scan used to let "]]]]" then deeper nesting through). */
Test(server_json_depth, closers_first_do_not_lower_the_count)
{
    cr_assert(deep("]]]]]][[[["));
    char text[64] = "]]]]]]]]";
    for (int i = 0; i <= CLB_MAX_JSON_DEPTH; i++)
        strcat(text, "[");
    cr_assert(jin_too_deep(text, strlen(text), CLB_MAX_JSON_DEPTH));
    text[strlen(text) - 1] = '\0';
    cr_assert_not(jin_too_deep(text, strlen(text), CLB_MAX_JSON_DEPTH));
}
