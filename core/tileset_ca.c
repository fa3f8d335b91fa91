/* core/tileset_ca.c - the Catalan tile set (tileset.h). */
/* SPDX-License-Identifier: MIT */
#include "tileset.h"

/* Catalan: 100 tiles, 26 letters, 2 blanks, the national edition's
 * distribution. The row order (the machine order, part of every link and
 * draw of the set) is the language's alphabetical order; it never changes. */
const struct core_tileset core_tileset_ca = {
    .name = "ca",
    .language = "ca",
    .language_name = "Català",
    .n = 26,
    .blanks = 2,
    .total = 100,
    .points = {1, 3, 2,  10, 2, 1, 4, 3, 8, 1, 8, 1,  10,
               2, 1, 10, 1,  3, 8, 1, 1, 1, 1, 4, 10, 8},
    .count = {12, 2, 3, 1, 3, 13, 1, 2, 1, 8, 1, 4, 1,
              3,  6, 1, 5, 2, 1,  8, 8, 5, 4, 1, 1, 1},
    .upper = {"A",  "B", "C", "Ç",   "D", "E", "F",  "G", "H",
              "I",  "J", "L", "L·L", "M", "N", "NY", "O", "P",
              "QU", "R", "S", "T",   "U", "V", "X",  "Z"},
    .lower = {"a",  "b", "c", "ç",   "d", "e", "f",  "g", "h",
              "i",  "j", "l", "l·l", "m", "n", "ny", "o", "p",
              "qu", "r", "s", "t",   "u", "v", "x",  "z"},
};
