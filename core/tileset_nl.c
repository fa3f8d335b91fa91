/* core/tileset_nl.c - the Dutch tile set (tileset.h). */
/* SPDX-License-Identifier: MIT */
#include "tileset.h"

/* Folds (core_tileset_spell; docs/RULES.md): Dutch folds every accent (é, ë, ï,
 * ö...) and writes the ligature Ĳ as I and J, two tiles, as the Dutch game
 * does. */
static const struct core_fold folds[] = {
    {"à", "A"},  {"À", "A"},  {"á", "A"}, {"Á", "A"}, {"â", "A"},  {"Â", "A"},
    {"ã", "A"},  {"Ã", "A"},  {"ä", "A"}, {"Ä", "A"}, {"å", "A"},  {"Å", "A"},
    {"æ", "AE"}, {"Æ", "AE"}, {"ç", "C"}, {"Ç", "C"}, {"è", "E"},  {"È", "E"},
    {"é", "E"},  {"É", "E"},  {"ê", "E"}, {"Ê", "E"}, {"ë", "E"},  {"Ë", "E"},
    {"ì", "I"},  {"Ì", "I"},  {"í", "I"}, {"Í", "I"}, {"î", "I"},  {"Î", "I"},
    {"ï", "I"},  {"Ï", "I"},  {"ñ", "N"}, {"Ñ", "N"}, {"ò", "O"},  {"Ò", "O"},
    {"ó", "O"},  {"Ó", "O"},  {"ô", "O"}, {"Ô", "O"}, {"õ", "O"},  {"Õ", "O"},
    {"ö", "O"},  {"Ö", "O"},  {"ø", "O"}, {"Ø", "O"}, {"œ", "OE"}, {"Œ", "OE"},
    {"ù", "U"},  {"Ù", "U"},  {"ú", "U"}, {"Ú", "U"}, {"û", "U"},  {"Û", "U"},
    {"ü", "U"},  {"Ü", "U"},  {"ý", "Y"}, {"Ý", "Y"}, {"ÿ", "Y"},  {"Ÿ", "Y"},
    {"ĳ", "IJ"}, {"Ĳ", "IJ"},
};

/* Dutch: 102 tiles, 26 letters, 2 blanks, the national edition's
 * distribution. The row order (the machine order, part of every link and
 * draw of the set) is the language's alphabetical order; it never changes. */
const struct core_tileset core_tileset_nl = {
    .name = "nl",
    .language = "nl",
    .language_name = "Nederlands",
    .n = 26,
    .blanks = 2,
    .total = 102,
    .points = {1, 3, 5, 2,  1, 4, 3, 4, 1, 4, 3, 3, 3,
               1, 1, 3, 10, 2, 2, 2, 4, 4, 5, 8, 8, 4},
    .count = {6,  2, 2, 5, 18, 2, 3, 2, 4, 2, 3, 3, 3,
              10, 6, 2, 1, 5,  5, 5, 3, 2, 2, 1, 1, 2},
    .upper = {"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M",
              "N", "O", "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z"},
    .lower = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m",
              "n", "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z"},
    .vowels = "A E I O U",
    .folds = folds,
    .n_folds = sizeof folds / sizeof folds[0],
};
