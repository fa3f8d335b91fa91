/* core/tileset_fr.c - the French tile set (tileset.h). */
/* SPDX-License-Identifier: MIT */
#include "tileset.h"

/* French: 102 tiles, 26 letters, 2 blanks, the national edition's
 * distribution. The row order (the machine order, part of every link and
 * draw of the set) is the language's alphabetical order; it never changes. */
const struct core_tileset core_tileset_fr = {
    .name = "fr",
    .language = "fr",
    .language_name = "Français",
    .n = 26,
    .blanks = 2,
    .total = 102,
    .points = {1, 3, 3, 2, 1, 4, 2, 4, 1, 8,  10, 1,  2,
               1, 1, 3, 8, 1, 1, 1, 1, 4, 10, 10, 10, 10},
    .count = {9, 2, 2, 3, 15, 2, 2, 2, 8, 1, 1, 5, 3,
              6, 6, 2, 1, 6,  6, 6, 6, 2, 1, 1, 1, 1},
    .upper = {"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M",
              "N", "O", "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z"},
    .lower = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m",
              "n", "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z"},
};
