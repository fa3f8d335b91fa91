/* core/tileset_pt.c - the Portuguese tile set (tileset.h). */
/* SPDX-License-Identifier: MIT */
#include "tileset.h"

/* Folds (core_tileset_spell; docs/RULES.md): Portuguese keeps Ç (a tile) and
 * folds Á À Â Ã É Ê Í Ó Ô Õ Ú Ü to the bare vowel. */
static const struct core_fold folds[] = {
    {"á", "A"}, {"Á", "A"}, {"à", "A"}, {"À", "A"}, {"â", "A"}, {"Â", "A"},
    {"ã", "A"}, {"Ã", "A"}, {"é", "E"}, {"É", "E"}, {"ê", "E"}, {"Ê", "E"},
    {"í", "I"}, {"Í", "I"}, {"ó", "O"}, {"Ó", "O"}, {"ô", "O"}, {"Ô", "O"},
    {"õ", "O"}, {"Õ", "O"}, {"ú", "U"}, {"Ú", "U"}, {"ü", "U"}, {"Ü", "U"},
};

/* Portuguese: 120 tiles, 24 letters, 3 blanks, the national edition's
 * distribution. The row order (the machine order, part of every link and
 * draw of the set) is the language's alphabetical order; it never changes. */
const struct core_tileset core_tileset_pt = {
    .name = "pt",
    .language = "pt",
    .language_name = "Português",
    .n = 24,
    .blanks = 3,
    .total = 120,
    .points = {1, 3, 2, 3, 2, 1, 4, 4, 4, 1, 5, 2,
               1, 3, 1, 2, 6, 1, 1, 1, 1, 4, 8, 8},
    .count = {14, 3, 4,  2, 5, 11, 2, 2, 2, 10, 2, 5,
              6,  4, 10, 4, 1, 6,  8, 5, 7, 2,  1, 1},
    .upper = {"A", "B", "C", "Ç", "D", "E", "F", "G", "H", "I", "J", "L",
              "M", "N", "O", "P", "Q", "R", "S", "T", "U", "V", "X", "Z"},
    .lower = {"a", "b", "c", "ç", "d", "e", "f", "g", "h", "i", "j", "l",
              "m", "n", "o", "p", "q", "r", "s", "t", "u", "v", "x", "z"},
    .vowels = "A E I O U",
    .folds = folds,
    .n_folds = sizeof folds / sizeof folds[0],
};
