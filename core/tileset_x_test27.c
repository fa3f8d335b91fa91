/* core/tileset_x_test27.c - a made-up 27-letter set for the tests (tileset.h).
 */
/* SPDX-License-Identifier: MIT */
#include "tileset.h"

/* x-test27: English's letters, values and counts, plus a 27th tile "CH"
 * worth 5, two of them (102 tiles). Made up: it proves that nothing
 * assumes 26 letters or one character a tile. A lexicon must be built for
 * it (collabble-dictc --tileset x-test27), so players never meet it. */
const struct core_tileset core_tileset_x_test27 = {
    .name = "x-test27",
    .n = 27,
    .blanks = 2,
    .total = 102,
    .points =
        {
            1, 3, 3,  2, 1, 4, 2, 4, 1, 8, 5, 1,  3, 1,
            1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10, 5,
        },
    .count =
        {
            9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6,
            8, 2, 1, 6, 4,  6, 4, 2, 2, 1, 2, 1, 2,
        },
    .upper =
        {
            "A", "B", "C", "D", "E", "F", "G", "H", "I",
            "J", "K", "L", "M", "N", "O", "P", "Q", "R",
            "S", "T", "U", "V", "W", "X", "Y", "Z", "CH",
        },
    .lower =
        {
            "a", "b", "c", "d", "e", "f", "g", "h", "i",
            "j", "k", "l", "m", "n", "o", "p", "q", "r",
            "s", "t", "u", "v", "w", "x", "y", "z", "ch",
        },
    .vowels = "A E I O U",
};
