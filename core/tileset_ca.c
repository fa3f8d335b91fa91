/* core/tileset_ca.c - the Catalan tile set (tileset.h). */
/* SPDX-License-Identifier: MIT */
#include "tileset.h"

/* Folds (core_tileset_spell; docs/RULES.md): Catalan keeps Ç (a tile), folds À
 * È É Í Ï Ò Ó Ú Ü, and reads the other ways of writing the geminated L (with
 * U+2027, with a full stop, with Ŀ) as the L·L tile. NY, QU and L·L are then
 * cut longest match first; a Q not followed by U has no tile. */
static const struct core_fold folds[] = {
    {"à", "A"},    {"À", "A"},    {"è", "E"}, {"È", "E"},     {"é", "E"},
    {"É", "E"},    {"í", "I"},    {"Í", "I"}, {"ï", "I"},     {"Ï", "I"},
    {"ò", "O"},    {"Ò", "O"},    {"ó", "O"}, {"Ó", "O"},     {"ú", "U"},
    {"Ú", "U"},    {"ü", "U"},    {"Ü", "U"}, {"L‧L", "L·L"}, {"L.L", "L·L"},
    {"ĿL", "L·L"}, {"ŀL", "L·L"},
};

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
    .vowels = "A E I O U",
    .folds = folds,
    .n_folds = sizeof folds / sizeof folds[0],
};
