/* core/tileset_de.c - the German tile set (tileset.h). */
/* SPDX-License-Identifier: MIT */
#include "tileset.h"

/* German: 102 tiles, 29 letters, 2 blanks, the national edition's
 * distribution. The row order (the machine order, part of every link and
 * draw of the set) is the language's alphabetical order; it never changes. */
const struct core_tileset core_tileset_de = {
    .name = "de",
    .language = "de",
    .language_name = "Deutsch",
    .n = 29,
    .blanks = 2,
    .total = 102,
    .points = {1, 6, 3, 4,  1, 1, 4, 2, 2, 1, 6, 4, 2,  3, 1,
               2, 8, 4, 10, 1, 1, 1, 1, 6, 6, 3, 8, 10, 3},
    .count = {5, 1, 2, 2, 4, 15, 2, 3, 4, 6, 1, 2, 3, 4, 9,
              3, 1, 1, 1, 6, 7,  6, 6, 1, 1, 1, 1, 1, 1},
    .upper = {"A", "Ä", "B", "C", "D", "E", "F", "G", "H", "I",
              "J", "K", "L", "M", "N", "O", "Ö", "P", "Q", "R",
              "S", "T", "U", "Ü", "V", "W", "X", "Y", "Z"},
    .lower = {"a", "ä", "b", "c", "d", "e", "f", "g", "h", "i",
              "j", "k", "l", "m", "n", "o", "ö", "p", "q", "r",
              "s", "t", "u", "ü", "v", "w", "x", "y", "z"},
};
