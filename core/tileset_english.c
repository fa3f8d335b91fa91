/* core/tileset_english.c - the English tile set (tileset.h). */
/* SPDX-License-Identifier: MIT */
#include "tileset.h"

/* The English set: 100 tiles, A..Z with the standard values, 2 blanks.
 * Its letters are machine letters 0..25, so its tile bytes are ASCII. It
 * folds nothing but ASCII case: a word with an accent is not English. */
const struct core_tileset core_tileset_english = {
    .name = "english",
    .language = "en",
    .language_name = "English",
    .n = 26,
    .blanks = 2,
    .total = 100,
    .points =
        {
            1, 3, 3, 2,  1, 4, 2, 4, 1, 8, 5, 1, 3,
            1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10,
        },
    .count =
        {
            9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2,
            6, 8, 2, 1, 6,  4, 6, 4, 2, 2, 1, 2, 1,
        },
    .upper =
        {
            "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M",
            "N", "O", "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z",
        },
    .lower =
        {
            "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m",
            "n", "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z",
        },
    .vowels = "A E I O U",
};
