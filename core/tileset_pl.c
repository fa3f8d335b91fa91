/* core/tileset_pl.c - the Polish tile set (tileset.h). */
/* SPDX-License-Identifier: MIT */
#include "tileset.h"

/* Polish: 100 tiles, 32 letters, 2 blanks, the national edition's
 * distribution. The row order (the machine order, part of every link and
 * draw of the set) is the language's alphabetical order; it never changes.
 * Polish folds nothing: its nine letters with diacritics are tiles, and a
 * letter outside the set (Q, V, X, an accent Polish lacks) is unspellable. */
const struct core_tileset core_tileset_pl = {
    .name = "pl",
    .language = "pl",
    .language_name = "Polski",
    .n = 32,
    .blanks = 2,
    .total = 100,
    .points = {1, 5, 3, 2, 6, 2, 1, 5, 5, 3, 3, 1, 3, 2, 2, 3,
               2, 1, 7, 1, 5, 2, 1, 1, 5, 2, 3, 1, 2, 1, 9, 5},
    .count = {9, 1, 2, 3, 1, 3, 7, 1, 1, 2, 2, 8, 2, 3, 3, 2,
              3, 5, 1, 6, 1, 3, 4, 4, 1, 3, 2, 4, 4, 5, 1, 1},
    .upper = {"A", "Ą", "B", "C", "Ć", "D", "E", "Ę", "F", "G", "H",
              "I", "J", "K", "L", "Ł", "M", "N", "Ń", "O", "Ó", "P",
              "R", "S", "Ś", "T", "U", "W", "Y", "Z", "Ź", "Ż"},
    .lower = {"a", "ą", "b", "c", "ć", "d", "e", "ę", "f", "g", "h",
              "i", "j", "k", "l", "ł", "m", "n", "ń", "o", "ó", "p",
              "r", "s", "ś", "t", "u", "w", "y", "z", "ź", "ż"},
    .vowels = "A Ą E Ę I O Ó U Y",
};
