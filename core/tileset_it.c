/* core/tileset_it.c - the Italian tile set (tileset.h). */
/* SPDX-License-Identifier: MIT */
#include "tileset.h"

/* Folds (core_tileset_spell; docs/RULES.md): Italian folds its accents: À È É Ì
 * Í Î Ò Ó Ù Ú to the bare vowel. */
static const struct core_fold folds[] = {
    {"à", "A"}, {"À", "A"}, {"è", "E"}, {"È", "E"}, {"é", "E"},
    {"É", "E"}, {"ì", "I"}, {"Ì", "I"}, {"í", "I"}, {"Í", "I"},
    {"î", "I"}, {"Î", "I"}, {"ò", "O"}, {"Ò", "O"}, {"ó", "O"},
    {"Ó", "O"}, {"ù", "U"}, {"Ù", "U"}, {"ú", "U"}, {"Ú", "U"},
};

/* Italian: 120 tiles, 21 letters, 2 blanks, the national edition's
 * distribution. The row order (the machine order, part of every link and
 * draw of the set) is the language's alphabetical order; it never changes. */
const struct core_tileset core_tileset_it = {
    .name = "it",
    .language = "it",
    .language_name = "Italiano",
    .n = 21,
    .blanks = 2,
    .total = 120,
    .points = {1, 5, 2, 5, 1, 5, 8, 8, 1, 3, 3, 3, 1, 5, 10, 2, 2, 2, 3, 5, 8},
    .count = {14, 3,  6, 3, 11, 3, 2, 2, 12, 5, 5,
              5,  15, 3, 1, 6,  6, 6, 5, 3,  2},
    .upper = {"A", "B", "C", "D", "E", "F", "G", "H", "I", "L", "M",
              "N", "O", "P", "Q", "R", "S", "T", "U", "V", "Z"},
    .lower = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "l", "m",
              "n", "o", "p", "q", "r", "s", "t", "u", "v", "z"},
    .vowels = "A E I O U",
    .folds = folds,
    .n_folds = sizeof folds / sizeof folds[0],
};
