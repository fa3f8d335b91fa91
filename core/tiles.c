/* core/tiles.c - the premium layout and the names of tile kinds
 * (tiles.h). Pure, cannot fail. */
/* SPDX-License-Identifier: MIT */
#include "tiles.h"

#include <string.h>

/* The spec's premium squares, one quadrant-symmetric map:
 * T = triple word, D = double word (and the star), t = triple letter,
 * d = double letter, _ = none. A lookup, since scoring asks for every
 * square of every word. */
#define T CORE_PREMIUM_TW
#define D CORE_PREMIUM_DW
#define t CORE_PREMIUM_TL
#define d CORE_PREMIUM_DL
#define _ CORE_PREMIUM_NONE
const unsigned char core_premium_grid_[CLB_BOARD_SIZE][CLB_BOARD_SIZE] = {
    {T, _, _, d, _, _, _, T, _, _, _, d, _, _, T}, /*  0 */
    {_, D, _, _, _, t, _, _, _, t, _, _, _, D, _}, /*  1 */
    {_, _, D, _, _, _, d, _, d, _, _, _, D, _, _}, /*  2 */
    {d, _, _, D, _, _, _, d, _, _, _, D, _, _, d}, /*  3 */
    {_, _, _, _, D, _, _, _, _, _, D, _, _, _, _}, /*  4 */
    {_, t, _, _, _, t, _, _, _, t, _, _, _, t, _}, /*  5 */
    {_, _, d, _, _, _, d, _, d, _, _, _, d, _, _}, /*  6 */
    {T, _, _, d, _, _, _, D, _, _, _, d, _, _, T}, /*  7 */
    {_, _, d, _, _, _, d, _, d, _, _, _, d, _, _}, /*  8 */
    {_, t, _, _, _, t, _, _, _, t, _, _, _, t, _}, /*  9 */
    {_, _, _, _, D, _, _, _, _, _, D, _, _, _, _}, /* 10 */
    {d, _, _, D, _, _, _, d, _, _, _, D, _, _, d}, /* 11 */
    {_, _, D, _, _, _, d, _, d, _, _, _, D, _, _}, /* 12 */
    {_, D, _, _, _, t, _, _, _, t, _, _, _, D, _}, /* 13 */
    {T, _, _, d, _, _, _, T, _, _, _, d, _, _, T}, /* 14 */
};
#undef T
#undef D
#undef t
#undef d
#undef _

const char *core_kind_name(const struct core_tileset *ts, int kind)
{
    if (kind >= 0 && kind < ts->n)
        return ts->upper[kind];
    return "BLANK";
}

const char *core_tile_text(const struct core_tileset *ts, char tile)
{
    int m = core_tile_letter(tile, ts->n);
    if (m >= 0)
        return ts->upper[m];
    m = core_tile_blank_letter(tile, ts->n);
    if (m >= 0)
        return ts->lower[m];
    return tile == CORE_BLANK ? "?" : "";
}

size_t core_tiles_text(const struct core_tileset *ts, const char *tiles,
                       size_t n, char *out, size_t cap)
{
    size_t len = 0;
    if (core_tileset_is_default(ts)) { /* its bytes, whatever they hold */
        len = cap > 0 && n >= cap ? cap - 1 : n;
        if (cap > 0) {
            memcpy(out, tiles, len);
            out[len] = '\0';
        }
        return len;
    }
    for (size_t i = 0; i < n && cap > 0; i++) {
        const char *t = core_tile_text(ts, tiles[i]);
        size_t k = strlen(t);
        if (len + k >= cap)
            break;
        memcpy(out + len, t, k);
        len += k;
    }
    if (cap > 0)
        out[len] = '\0';
    return len;
}
