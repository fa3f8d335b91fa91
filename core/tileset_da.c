/* core/tileset_da.c - the Danish tile set (tileset.h). */
/* SPDX-License-Identifier: MIT */
#include "tileset.h"

/* Danish: 100 tiles, 27 letters, 2 blanks, the national edition's
 * distribution. The row order (the machine order, part of every link and
 * draw of the set) is the language's alphabetical order; it never changes. */
const struct core_tileset core_tileset_da = {
    .name = "da",
    .language = "da",
    .language_name = "Dansk",
    .n = 27,
    .blanks = 2,
    .total = 100,
    .points = {1, 3, 8, 2, 1, 3, 3, 4, 3, 4, 3, 2, 3, 1,
               2, 4, 1, 2, 2, 3, 3, 8, 4, 8, 4, 4, 4},
    .count = {7, 4, 2, 5, 9, 3, 3, 2, 4, 2, 4, 5, 3, 6,
              5, 2, 6, 5, 5, 3, 3, 1, 2, 1, 2, 2, 2},
    .upper = {"A", "B", "C", "D", "E", "F", "G", "H", "I",
              "J", "K", "L", "M", "N", "O", "P", "R", "S",
              "T", "U", "V", "X", "Y", "Z", "Æ", "Ø", "Å"},
    .lower = {"a", "b", "c", "d", "e", "f", "g", "h", "i",
              "j", "k", "l", "m", "n", "o", "p", "r", "s",
              "t", "u", "v", "x", "y", "z", "æ", "ø", "å"},
};
