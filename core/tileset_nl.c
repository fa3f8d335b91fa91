/* core/tileset_nl.c - the Dutch tile set (tileset.h). */
/* SPDX-License-Identifier: MIT */
#include "tileset.h"

/* Dutch: 102 tiles, 26 letters, 2 blanks, the national edition's
 * distribution. The row order (the machine order, part of every link and
 * draw of the set) is the language's alphabetical order; it never changes. */
const struct core_tileset core_tileset_nl = {
    .name = "nl",
    .language = "nl",
    .language_name = "Nederlands",
    .n = 26,
    .blanks = 2,
    .total = 102,
    .points = {1, 3, 5, 2,  1, 4, 3, 4, 1, 4, 3, 3, 3,
               1, 1, 3, 10, 2, 2, 2, 4, 4, 5, 8, 8, 4},
    .count = {6,  2, 2, 5, 18, 2, 3, 2, 4, 2, 3, 3, 3,
              10, 6, 2, 1, 5,  5, 5, 3, 2, 2, 1, 1, 2},
    .upper = {"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M",
              "N", "O", "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z"},
    .lower = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m",
              "n", "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z"},
};
