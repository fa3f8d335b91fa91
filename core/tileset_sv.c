/* core/tileset_sv.c - the Swedish tile set (tileset.h). */
/* SPDX-License-Identifier: MIT */
#include "tileset.h"

/* Folds (core_tileset_spell; docs/RULES.md): Swedish keeps Å, Ä and Ö, reads Æ
 * as Ä and Ø as Ö (the same letters in Danish and Norwegian spelling), and
 * folds every other accent (é to E). */
static const struct core_fold folds[] = {
    {"à", "A"}, {"À", "A"}, {"á", "A"}, {"Á", "A"}, {"â", "A"},  {"Â", "A"},
    {"ã", "A"}, {"Ã", "A"}, {"æ", "Ä"}, {"Æ", "Ä"}, {"ç", "C"},  {"Ç", "C"},
    {"è", "E"}, {"È", "E"}, {"é", "E"}, {"É", "E"}, {"ê", "E"},  {"Ê", "E"},
    {"ë", "E"}, {"Ë", "E"}, {"ì", "I"}, {"Ì", "I"}, {"í", "I"},  {"Í", "I"},
    {"î", "I"}, {"Î", "I"}, {"ï", "I"}, {"Ï", "I"}, {"ñ", "N"},  {"Ñ", "N"},
    {"ò", "O"}, {"Ò", "O"}, {"ó", "O"}, {"Ó", "O"}, {"ô", "O"},  {"Ô", "O"},
    {"õ", "O"}, {"Õ", "O"}, {"ø", "Ö"}, {"Ø", "Ö"}, {"œ", "OE"}, {"Œ", "OE"},
    {"ù", "U"}, {"Ù", "U"}, {"ú", "U"}, {"Ú", "U"}, {"û", "U"},  {"Û", "U"},
    {"ü", "U"}, {"Ü", "U"}, {"ý", "Y"}, {"Ý", "Y"}, {"ÿ", "Y"},  {"Ÿ", "Y"},
};

/* Swedish: 100 tiles, 27 letters, 2 blanks, the national edition's
 * distribution. The row order (the machine order, part of every link and
 * draw of the set) is the language's alphabetical order; it never changes. */
const struct core_tileset core_tileset_sv = {
    .name = "sv",
    .language = "sv",
    .language_name = "Svenska",
    .n = 27,
    .blanks = 2,
    .total = 100,
    .points = {1, 4, 8, 1, 1, 3, 2, 2, 1, 7,  2, 1, 2, 1,
               2, 4, 1, 1, 1, 4, 3, 8, 7, 10, 4, 3, 4},
    .count = {8, 2, 1, 5, 7, 2, 3, 2, 5, 1, 3, 5, 3, 6,
              5, 2, 8, 8, 8, 3, 2, 1, 1, 1, 2, 2, 2},
    .upper = {"A", "B", "C", "D", "E", "F", "G", "H", "I",
              "J", "K", "L", "M", "N", "O", "P", "R", "S",
              "T", "U", "V", "X", "Y", "Z", "Å", "Ä", "Ö"},
    .lower = {"a", "b", "c", "d", "e", "f", "g", "h", "i",
              "j", "k", "l", "m", "n", "o", "p", "r", "s",
              "t", "u", "v", "x", "y", "z", "å", "ä", "ö"},
    .vowels = "A E I O U Y Å Ä Ö",
    .folds = folds,
    .n_folds = sizeof folds / sizeof folds[0],
};
