/* core/tileset_de.c - the German tile set (tileset.h). */
/* SPDX-License-Identifier: MIT */
#include "tileset.h"

/* Folds (core_tileset_spell; docs/RULES.md): German keeps Ä, Ö and Ü (tiles of
 * their own), writes ß (and ẞ) as SS as the game always has, and folds every
 * other accent (é to E). */
static const struct core_fold folds[] = {
    {"à", "A"},  {"À", "A"},  {"á", "A"}, {"Á", "A"}, {"â", "A"},  {"Â", "A"},
    {"ã", "A"},  {"Ã", "A"},  {"å", "A"}, {"Å", "A"}, {"æ", "AE"}, {"Æ", "AE"},
    {"ç", "C"},  {"Ç", "C"},  {"è", "E"}, {"È", "E"}, {"é", "E"},  {"É", "E"},
    {"ê", "E"},  {"Ê", "E"},  {"ë", "E"}, {"Ë", "E"}, {"ì", "I"},  {"Ì", "I"},
    {"í", "I"},  {"Í", "I"},  {"î", "I"}, {"Î", "I"}, {"ï", "I"},  {"Ï", "I"},
    {"ñ", "N"},  {"Ñ", "N"},  {"ò", "O"}, {"Ò", "O"}, {"ó", "O"},  {"Ó", "O"},
    {"ô", "O"},  {"Ô", "O"},  {"õ", "O"}, {"Õ", "O"}, {"ø", "O"},  {"Ø", "O"},
    {"œ", "OE"}, {"Œ", "OE"}, {"ù", "U"}, {"Ù", "U"}, {"ú", "U"},  {"Ú", "U"},
    {"û", "U"},  {"Û", "U"},  {"ý", "Y"}, {"Ý", "Y"}, {"ÿ", "Y"},  {"Ÿ", "Y"},
    {"ß", "SS"}, {"ẞ", "SS"},
};

/* German: 102 tiles, 29 letters, 2 blanks, the national edition's
 * distribution. The row order (the machine order, part of every link and
 * draw of the set) is the language's alphabetical order; it never changes. */
const struct core_tileset core_tileset_de = {
    .name = "de",
    .language = "de",
    .language_name = "Deutsch",
    .n = 29,
    .blanks = 2,
    .total = 102,
    .points = {1, 6, 3, 4,  1, 1, 4, 2, 2, 1, 6, 4, 2,  3, 1,
               2, 8, 4, 10, 1, 1, 1, 1, 6, 6, 3, 8, 10, 3},
    .count = {5, 1, 2, 2, 4, 15, 2, 3, 4, 6, 1, 2, 3, 4, 9,
              3, 1, 1, 1, 6, 7,  6, 6, 1, 1, 1, 1, 1, 1},
    .upper = {"A", "Ä", "B", "C", "D", "E", "F", "G", "H", "I",
              "J", "K", "L", "M", "N", "O", "Ö", "P", "Q", "R",
              "S", "T", "U", "Ü", "V", "W", "X", "Y", "Z"},
    .lower = {"a", "ä", "b", "c", "d", "e", "f", "g", "h", "i",
              "j", "k", "l", "m", "n", "o", "ö", "p", "q", "r",
              "s", "t", "u", "ü", "v", "w", "x", "y", "z"},
    .vowels = "A Ä E I O Ö U Ü",
    .folds = folds,
    .n_folds = sizeof folds / sizeof folds[0],
};
