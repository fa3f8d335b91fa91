/* tests/server/test_names.c - the formats' words for core's enums
 * (server/names.h): each table names every value once and reads back what it
 * writes, and a name matches only exactly (case, length, an embedded NUL).
 */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <string.h>

#include "../../core/game.h"
#include "names.h"
#include "position.h"

/* Every value from `from` to `to` has a name, which reads back to it. */
static void round_trips(const struct srv_names *t, int from, int to)
{
    cr_assert_eq(t->n, (size_t)(to - from + 1));
    for (int v = from; v <= to; v++) {
        const char *name = srv_name_of(t, v, NULL);
        cr_assert_not_null(name, "%d has no name", v);
        cr_assert_eq(srv_name_value(t, name, strlen(name), -1), v, "%s", name);
    }
}

Test(server_names, every_value_is_named_and_reads_back)
{
    round_trips(&srv_move_type_names, CORE_MOVE_PLAY, CORE_MOVE_PASS);
    round_trips(&srv_ending_names, CORE_END_PASSES, CORE_END_BLOCKED);
    round_trips(&srv_player_names, CORE_P1, CORE_P2);
    round_trips(&srv_format_names, LINK_V1, LINK_V2);
    cr_assert_str_eq(srv_name_of(&srv_move_type_names, CORE_MOVE_EXCHANGE, ""),
                     "exchange");
    cr_assert_str_eq(srv_name_of(&srv_ending_names, CORE_END_BLOCKED, ""),
                     "blocked");
    cr_assert_str_eq(srv_name_of(&srv_format_names, LINK_V2, ""), "v2");
}

Test(server_names, only_exact_names_match)
{
    const struct srv_names *t = &srv_move_type_names;
    cr_assert_eq(srv_name_value(t, "pass", 4, -1), CORE_MOVE_PASS);
    cr_assert_eq(srv_name_value(t, "Pass", 4, -1), -1);
    cr_assert_eq(srv_name_value(t, "pas", 3, -1), -1);
    cr_assert_eq(srv_name_value(t, "passes", 6, -1), -1);
    cr_assert_eq(srv_name_value(t, "pass\0x", 6, -1), -1, "embedded NUL");
    cr_assert_eq(srv_name_value(t, "pass", 3, -1), -1, "a prefix of a name");
    cr_assert_eq(srv_name_value(t, "", 0, -1), -1);
    cr_assert_eq(srv_name_value(t, "helper", 6, -1), -1,
                 "a classic state's lastMove names no helper");
    cr_assert_eq(srv_name_value(t, NULL, 0, 99), 99, "no string at all");
    cr_assert_eq(srv_name_value(&srv_ending_names, "none", 4, CORE_END_NONE),
                 CORE_END_NONE, "CORE_END_NONE has no name");
    cr_assert_str_eq(srv_name_of(&srv_ending_names, CORE_END_NONE, "fb"), "fb");
    cr_assert_null(srv_name_of(&srv_player_names, 7, NULL));
}

Test(server_names, the_words_for_a_message)
{
    char out[64];
    srv_names_list(&srv_move_type_names, out, sizeof out);
    cr_assert_str_eq(out, "\"play\", \"exchange\" or \"pass\"");
    srv_names_list(&srv_ending_names, out, sizeof out);
    cr_assert_str_eq(out, "\"passes\", \"out\", \"limit\" or \"blocked\"");
    srv_names_list(&srv_player_names, out, sizeof out);
    cr_assert_str_eq(out, "\"P1\" or \"P2\"");
    char small[8];
    srv_names_list(&srv_move_type_names, small, sizeof small);
    cr_assert_str_eq(small, "\"play\",", "cut short, NUL-terminated");
}
