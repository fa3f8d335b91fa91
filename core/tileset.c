/* core/tileset.c - the list of known tile sets and the look-up by name
 * (tileset.h). Each set's table is in its own file, tileset_NAME.c. */
/* SPDX-License-Identifier: MIT */
#include "tileset.h"

#include <string.h>

static const struct core_tileset *const sets[] = {
    &core_tileset_english,
    &core_tileset_x_test27,
};

const struct core_tileset *core_tileset_at(int i)
{
    if (i < 0 || (size_t)i >= sizeof sets / sizeof sets[0])
        return NULL;
    return sets[i];
}

const struct core_tileset *core_tileset_by_name(const char *name, size_t len)
{
    if (name == NULL || len == 0)
        return NULL;
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        if (strlen(sets[i]->name) == len &&
            memcmp(sets[i]->name, name, len) == 0)
            return sets[i];
    return NULL;
}
