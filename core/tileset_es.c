/* core/tileset_es.c - the Spanish tile set (tileset.h). */
/* SPDX-License-Identifier: MIT */
#include "tileset.h"

/* Folds (core_tileset_spell; docs/RULES.md): Spanish keeps Ñ (a tile) and folds
 * the acute accents and the diaeresis: Á É Í Ó Ú to A E I O U, Ü to U. */
static const struct core_fold folds[] = {
    {"á", "A"}, {"Á", "A"}, {"é", "E"}, {"É", "E"}, {"í", "I"}, {"Í", "I"},
    {"ó", "O"}, {"Ó", "O"}, {"ú", "U"}, {"Ú", "U"}, {"ü", "U"}, {"Ü", "U"},
};

/* Spanish: 100 tiles, 28 letters, 2 blanks, the national edition's
 * distribution. The row order (the machine order, part of every link and
 * draw of the set) is the language's alphabetical order; it never changes. */
const struct core_tileset core_tileset_es = {
    .name = "es",
    .language = "es",
    .language_name = "Español",
    .n = 28,
    .blanks = 2,
    .total = 100,
    .points = {1, 3, 3, 5, 2, 1, 4, 2, 4, 1, 8, 1, 8, 3,
               1, 8, 1, 3, 5, 1, 8, 1, 1, 1, 4, 8, 4, 10},
    .count = {12, 2, 4, 1, 5, 12, 1, 2, 2, 6, 1, 4, 1, 2,
              5,  1, 9, 2, 1, 5,  1, 6, 4, 5, 1, 1, 1, 1},
    .upper = {"A",  "B", "C",  "CH", "D", "E", "F", "G", "H", "I",
              "J",  "L", "LL", "M",  "N", "Ñ", "O", "P", "Q", "R",
              "RR", "S", "T",  "U",  "V", "X", "Y", "Z"},
    .lower = {"a",  "b", "c",  "ch", "d", "e", "f", "g", "h", "i",
              "j",  "l", "ll", "m",  "n", "ñ", "o", "p", "q", "r",
              "rr", "s", "t",  "u",  "v", "x", "y", "z"},
    .vowels = "A E I O U",
    .folds = folds,
    .n_folds = sizeof folds / sizeof folds[0],
};
