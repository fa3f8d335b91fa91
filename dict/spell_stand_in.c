/* dict/spell_stand_in.c - TEMPORARY: core_tileset_spell without the sets'
 * folds (core_tileset_cut only), until core's own lands; removed then. */
/* SPDX-License-Identifier: MIT */
#include "../core/tileset.h"

size_t core_tileset_spell(const struct core_tileset *ts, const char *s, size_t n,
                          char *tiles, size_t max, size_t *bad)
{
    size_t count = 0;
    *bad = n;
    for (size_t i = 0; i < n;) {
        int m;
        size_t used = core_tileset_cut(ts, s + i, n - i, &m);
        if (used == 0) {
            *bad = i;
            return 0;
        }
        if (count < max)
            tiles[count] = (char)(0x41 + m);
        count++;
        i += used;
    }
    return count > 0 && count <= max ? count : 0;
}
