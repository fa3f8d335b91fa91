/* core/tileset_da.c - the Danish tile set (tileset.h). */
/* SPDX-License-Identifier: MIT */
#include "tileset.h"

/* Folds (core_tileset_spell; docs/RULES.md): Danish keeps Æ, Ø and Å, reads Ä
 * as Æ and Ö as Ø (the same letters in Swedish and German spelling), and folds
 * every other accent (é to E). */
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
    .vowels = "A E I O U Y Æ Ø Å",
    .folds = folds,
    .n_folds = sizeof folds / sizeof folds[0],
};
