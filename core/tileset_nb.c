/* core/tileset_nb.c - the Norwegian tile set (tileset.h). */
/* SPDX-License-Identifier: MIT */
#include "tileset.h"

/* Folds (core_tileset_spell; docs/RULES.md): Norwegian keeps Æ, Ø and Å, reads
 * Ä as Æ and Ö as Ø (the same letters in Swedish and German spelling), and
 * folds every other accent (é to E). */
static const struct core_fold folds[] = {
    {"à", "A"}, {"À", "A"}, {"á", "A"}, {"Á", "A"}, {"â", "A"},  {"Â", "A"},
    {"ã", "A"}, {"Ã", "A"}, {"ä", "Æ"}, {"Ä", "Æ"}, {"ç", "C"},  {"Ç", "C"},
    {"è", "E"}, {"È", "E"}, {"é", "E"}, {"É", "E"}, {"ê", "E"},  {"Ê", "E"},
    {"ë", "E"}, {"Ë", "E"}, {"ì", "I"}, {"Ì", "I"}, {"í", "I"},  {"Í", "I"},
    {"î", "I"}, {"Î", "I"}, {"ï", "I"}, {"Ï", "I"}, {"ñ", "N"},  {"Ñ", "N"},
    {"ò", "O"}, {"Ò", "O"}, {"ó", "O"}, {"Ó", "O"}, {"ô", "O"},  {"Ô", "O"},
    {"õ", "O"}, {"Õ", "O"}, {"ö", "Ø"}, {"Ö", "Ø"}, {"œ", "OE"}, {"Œ", "OE"},
    {"ù", "U"}, {"Ù", "U"}, {"ú", "U"}, {"Ú", "U"}, {"û", "U"},  {"Û", "U"},
    {"ü", "U"}, {"Ü", "U"}, {"ý", "Y"}, {"Ý", "Y"}, {"ÿ", "Y"},  {"Ÿ", "Y"},
};

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
    .vowels = "A E I O U Y Æ Ø Å",
    .folds = folds,
    .n_folds = sizeof folds / sizeof folds[0],
};
