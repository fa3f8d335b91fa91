/* server/names.c - the formats' words for core's enums (names.h). */
/* SPDX-License-Identifier: MIT */
#include "names.h"

#include <stdio.h>
#include <string.h>

#include "../core/game.h"
#include "position.h"

#define NAMES(table)                                                           \
    {                                                                          \
        table, sizeof table / sizeof table[0]                                  \
    }

static const struct srv_name move_types[] = {
    {"play", CORE_MOVE_PLAY},
    {"exchange", CORE_MOVE_EXCHANGE},
    {"pass", CORE_MOVE_PASS},
};
static const struct srv_name helpers[] = {
    {"newGoals", CORE_HELPER_NEW_GOALS},
    {"swap", CORE_HELPER_SWAP},
    {"peek", CORE_HELPER_PEEK},
};
static const struct srv_name endings[] = {
    {"passes", CORE_END_PASSES},
    {"out", CORE_END_OUT},
    {"limit", CORE_END_LIMIT},
    {"blocked", CORE_END_BLOCKED},
};
static const struct srv_name players[] = {{"P1", CORE_P1}, {"P2", CORE_P2}};
static const struct srv_name formats[] = {{"v1", LINK_V1}, {"v2", LINK_V2}};

const struct srv_names srv_move_type_names = NAMES(move_types);
const struct srv_names srv_ending_names = NAMES(endings);
const struct srv_names srv_helper_names = NAMES(helpers);
const struct srv_names srv_player_names = NAMES(players);
const struct srv_names srv_format_names = NAMES(formats);

int srv_name_value(const struct srv_names *t, const char *s, size_t len,
                   int none)
{
    if (s == NULL)
        return none;
    for (size_t i = 0; i < t->n; i++)
        if (strlen(t->names[i].name) == len &&
            memcmp(t->names[i].name, s, len) == 0)
            return t->names[i].value;
    return none;
}

const char *srv_name_of(const struct srv_names *t, int value,
                        const char *fallback)
{
    for (size_t i = 0; i < t->n; i++)
        if (t->names[i].value == value)
            return t->names[i].name;
    return fallback;
}

void srv_names_list(const struct srv_names *t, char *out, size_t cap)
{
    size_t n = 0;
    if (cap == 0)
        return;
    out[0] = '\0';
    for (size_t i = 0; i < t->n && n < cap; i++) {
        const char *sep = i == 0 ? "" : i + 1 < t->n ? ", " : " or ";
        int w = snprintf(out + n, cap - n, "%s\"%s\"", sep, t->names[i].name);
        if (w < 0)
            break;
        n += (size_t)w;
    }
}
