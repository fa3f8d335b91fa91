/* core/tileset_nb.c - the Norwegian tile set (tileset.h). */
/* SPDX-License-Identifier: MIT */
#include "tileset.h"

/* Norwegian: 100 tiles, 26 letters, 2 blanks, the national edition's
 * distribution. The row order (the machine order, part of every link and
 * draw of the set) is the language's alphabetical order; it never changes. */
const struct core_tileset core_tileset_nb = {
    .name = "nb",
    .language = "nb",
    .language_name = "Norsk bokmål",
    .n = 26,
    .blanks = 2,
    .total = 100,
    .points = {1, 4, 10, 1, 1, 2, 2, 3, 1, 4, 2, 1, 2,
               1, 2, 4,  1, 1, 1, 4, 4, 8, 6, 6, 5, 4},
    .count = {7, 3, 1, 5, 9, 4, 4, 3, 5, 2, 4, 5, 3,
              6, 4, 2, 6, 6, 6, 3, 3, 1, 1, 1, 2, 2},
    .upper = {"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M",
              "N", "O", "P", "R", "S", "T", "U", "V", "W", "Y", "Æ", "Ø", "Å"},
    .lower = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m",
              "n", "o", "p", "r", "s", "t", "u", "v", "w", "y", "æ", "ø", "å"},
};
