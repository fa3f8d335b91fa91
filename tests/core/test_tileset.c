/* tests/core/test_tileset.c - the tile sets as data (core/tileset.h): every
 * count, value and total of English, x-test27 and the eleven national sets
 * (against the published table, written out), the look-up by name, the
 * byte helpers of core/tiles.h at the edges of the largest set, a deal in a
 * 27-letter set, collabble-dictc's longest-match cutting of words into a
 * set's tiles (core_tileset_cut, which dict/dict_text.c uses), each
 * language's folds (core_tileset_spell), a 32-letter Polish lexicon and a
 * game whose blank stands for Ż (byte 0x80), Spanish CH never spelled by
 * C and H, and goals mode in every set. */
/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* mkstemp, unlink */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../core/game.h"
#include "../../core/goals.h"
#include "../../core/history.h"
#include "../../core/link2.h"
#include "../../core/movegen.h"
#include "../../core/review.h"
#include "../../core/tiles.h"
#include "../../core/tileset.h"
#include "../../dict/dict.h"
#include "../../dict/dict_format.h"
#include "test_support.h"

/* The English set as the rules give it, A to Z, then the blanks. */
static const char en_letters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
static const int en_points[] = {1, 3, 3, 2,  1, 4, 2, 4, 1, 8, 5, 1, 3,
                                1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10};
static const int en_counts[] = {9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2,
                                6, 8, 2, 1, 6,  4, 6, 4, 2, 2, 1, 2, 1};

static void check_english_part(const struct core_tileset *ts)
{
    for (int m = 0; m < 26; m++) {
        char up[2] = {en_letters[m], '\0'};
        char low[2] = {(char)(en_letters[m] | 0x20), '\0'};
        cr_assert_str_eq(ts->upper[m], up);
        cr_assert_str_eq(ts->lower[m], low);
        cr_assert_eq(ts->points[m], en_points[m], "%s", up);
        cr_assert_eq(ts->count[m], en_counts[m], "%s", up);
    }
}

static int counted_total(const struct core_tileset *ts)
{
    int total = ts->blanks;
    for (int m = 0; m < ts->n; m++)
        total += ts->count[m];
    return total;
}

Test(core_tileset, english)
{
    const struct core_tileset *ts = &core_tileset_english;
    cr_assert_str_eq(ts->name, "english");
    cr_assert_eq(ts->n, 26);
    cr_assert_eq(ts->blanks, 2);
    cr_assert_eq(ts->total, 100);
    cr_assert_eq(counted_total(ts), ts->total);
    check_english_part(ts);
    /* English's tile bytes are ASCII: links and draws unchanged. */
    for (int m = 0; m < ts->n; m++) {
        cr_assert_eq(core_letter_tile(m), en_letters[m]);
        cr_assert_eq(core_blank_tile(m), (char)(en_letters[m] | 0x20));
    }
    cr_assert(core_tileset_is_default(ts));
}

Test(core_tileset, x_test27)
{
    const struct core_tileset *ts = &core_tileset_x_test27;
    cr_assert_str_eq(ts->name, "x-test27");
    cr_assert_eq(ts->n, 27);
    cr_assert_eq(ts->blanks, 2);
    cr_assert_eq(ts->total, 102);
    cr_assert_eq(counted_total(ts), ts->total);
    check_english_part(ts);
    cr_assert_str_eq(ts->upper[26], "CH");
    cr_assert_str_eq(ts->lower[26], "ch");
    cr_assert_eq(ts->points[26], 5);
    cr_assert_eq(ts->count[26], 2);
    cr_assert_not(core_tileset_is_default(ts));
}

Test(core_tileset, every_set_fits_its_limits)
{
    for (int i = 0; core_tileset_at(i) != NULL; i++) {
        const struct core_tileset *ts = core_tileset_at(i);
        cr_assert(ts->n >= 1 && ts->n <= CLB_MAX_LETTERS, "%s", ts->name);
        cr_assert(ts->total <= CLB_MAX_TILES, "%s", ts->name);
        cr_assert_eq(counted_total(ts), ts->total, "%s", ts->name);
        /* An exchange must be possible at the start of a game. */
        cr_assert(CLB_EXCHANGE_MIN_BAG <= ts->total - 2 * CLB_RACK_SIZE);
        cr_assert(strlen(ts->name) <= 32, "a v2 link names it");
        for (int m = 0; m < ts->n; m++) {
            cr_assert(ts->upper[m][0] != '\0' && ts->lower[m][0] != '\0');
            cr_assert(strlen(ts->upper[m]) <= CLB_MAX_TILE_BYTES);
        }
        cr_assert_eq(core_tileset_by_name(ts->name, strlen(ts->name)), ts);
    }
    cr_assert_null(core_tileset_by_name("", 0));
    cr_assert_null(core_tileset_by_name("klingon", 7));
    cr_assert_null(core_tileset_by_name("englis", 6));
}

Test(core_tileset, tile_bytes_at_the_edges)
{
    /* The largest set's last letter and its blank (0x80): unsigned tests. */
    cr_assert_eq(core_tile_letter(core_letter_tile(31), 32), 31);
    cr_assert_eq((unsigned char)core_blank_tile(31), 0x80u);
    cr_assert_eq(core_tile_blank_letter(core_blank_tile(31), 32), 31);
    cr_assert_eq(core_tile_letter(core_blank_tile(0), 32), -1);
    cr_assert_eq(core_tile_letter('[', 26), -1);
    cr_assert_eq(core_tile_letter('[', 27), 26);
    cr_assert_eq(core_tile_letter(CORE_BLANK, 32), -1);
    cr_assert_eq(core_tile_letter(CORE_EMPTY, 32), -1);
    cr_assert_eq(core_tile_face('{', 27), '[');
    const struct core_tileset *ts = &core_tileset_x_test27;
    cr_assert_eq(core_tile_points(ts, '['), 5);
    cr_assert_eq(core_tile_points(ts, '{'), 0);
    cr_assert_eq(core_tile_points(&core_tileset_english, '['), 0);
    cr_assert_eq(core_tile_kind(ts, CORE_BLANK), 27);
    cr_assert_eq(core_kind_tile(ts, 27), CORE_BLANK);
    cr_assert_str_eq(core_kind_name(ts, 26), "CH");
    cr_assert_str_eq(core_kind_name(ts, 27), "BLANK");
    cr_assert_str_eq(core_tile_text(ts, '{'), "ch");
    cr_assert_str_eq(core_tile_text(ts, CORE_BLANK), "?");
}

Test(core_tileset, a_deal_in_27_letters)
{
    struct core_game g;
    struct clb_error err;
    core_game_deal_in(&g, 12345, "", &core_tileset_x_test27);
    cr_assert_eq(core_game_tileset(&g), &core_tileset_x_test27);
    cr_assert_eq(core_bag_count(&g), 102 - 2 * CLB_RACK_SIZE);
    cr_assert_eq(core_game_validate(&g, &err), CLB_ERR_OK, "%s", err.detail);
    /* The same seed in English deals as it always did, and another set's
     * deal is its own. */
    struct core_game en;
    core_game_deal(&en, 12345, "");
    cr_assert_eq(core_game_tileset(&en), &core_tileset_english);
    cr_assert_eq(core_bag_count(&en), 100 - 2 * CLB_RACK_SIZE);
}

/* ---- dictc's cutting ---------------------------------------------------- */

Test(core_tileset, longest_match_cutting)
{
    const struct core_tileset *ts = &core_tileset_x_test27;
    int m;
    cr_assert_eq(dict_cut_tile(ts, "CHAT", 4, &m), 2);
    cr_assert_eq(m, 26);
    cr_assert_eq(dict_cut_tile(ts, "chat", 4, &m), 2, "either case");
    cr_assert_eq(m, 26);
    cr_assert_eq(dict_cut_tile(ts, "Ch", 2, &m), 2);
    cr_assert_eq(dict_cut_tile(ts, "C", 1, &m), 1, "C alone is C");
    cr_assert_eq(m, 2);
    cr_assert_eq(dict_cut_tile(ts, "CAT", 3, &m), 1);
    cr_assert_eq(m, 2);
    cr_assert_eq(dict_cut_tile(ts, "\xc3\x89T", 3, &m), 0, "no tile");
    cr_assert_eq(m, -1);
    cr_assert_eq(dict_cut_tile(&core_tileset_english, "CHAT", 4, &m), 1);
    cr_assert_eq(m, 2);
    cr_assert_eq(dict_cut_tile(&core_tileset_english, "z", 1, &m), 1);
    cr_assert_eq(m, 25);
    cr_assert_eq(dict_cut_tile(&core_tileset_english, "[", 1, &m), 0);
}

Test(core_tileset, a_lexicon_in_27_letters)
{
    static const char words[] = "CHAT\nCAT\nCH\nACHE\nTEACH\n";
    struct dict *d;
    struct clb_error err;
    cr_assert_eq(dict_from_text_in(words, sizeof words - 1, "x27",
                                   &core_tileset_x_test27, &d, &err),
                 CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(dict_tileset(d), &core_tileset_x_test27);
    /* CH alone is one tile: not a word of two tiles, left out. */
    cr_assert_eq(dict_word_count(d), 4);
    cr_assert(dict_contains(d, "[AT", 3), "CHAT is CH, A, T");
    cr_assert_not(dict_contains(d, "CHAT", 4), "never spelled by its parts");
    cr_assert(dict_contains(d, "CAT", 3));
    cr_assert(dict_contains(d, "A[E", 3));
    cr_assert(dict_contains(d, "TEA[", 4));
    cr_assert_not(dict_contains(d, "[", 1));

    /* The compiled image names its set and reads back in it. */
    char path[] = "/tmp/test_tileset_XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    cr_assert_eq(dict_save_compiled(d, path, &err), CLB_ERR_OK, "%s",
                 err.detail);
    struct dict *again;
    cr_assert_eq(dict_load(path, &again, &err), CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(dict_tileset(again), &core_tileset_x_test27);
    cr_assert_eq(dict_word_count(again), 4);
    cr_assert(dict_contains(again, "[AT", 3));
    unlink(path);
    dict_free(again);
    dict_free(d);

    /* English refuses what is no letter A-Z, as it always did. */
    cr_assert_eq(dict_from_text("CH\xc3\x89\n", 5, "en", &d, &err),
                 CLB_ERR_BAD_LEXICON);
    cr_assert(strstr(err.detail, "other than A-Z") != NULL, "%s", err.detail);
}

Test(core_tileset, a_v2_link_names_its_set)
{
    static const char words[] = "CHAT\nCAT\nACHE\nTEACH\n";
    struct dict *d;
    struct clb_error err;
    cr_assert_eq(dict_from_text_in(words, sizeof words - 1, "x27",
                                   &core_tileset_x_test27, &d, &err),
                 CLB_ERR_OK, "%s", err.detail);
    struct core_lexicon_id id = {dict_fingerprint(d), "x27",
                                 &core_tileset_x_test27};
    struct core_history *h = malloc(sizeof *h), *back = malloc(sizeof *back);
    struct core_link2 *link = malloc(sizeof *link),
                      *read = malloc(sizeof *read);
    core_history_from_seed(h, 4242, &id, "x27");
    cr_assert_eq(core_game_tileset(&h->first), &core_tileset_x_test27);
    cr_assert_eq(core_link2_begin(h, link, &err), CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(
        core_link2_read_header(link->text, link->len, back, read, &err),
        CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(back->lexicon.tileset, &core_tileset_x_test27);
    cr_assert_eq(core_game_tileset(&back->first), &core_tileset_x_test27);
    cr_assert_eq(
        memcmp(back->first.hands, h->first.hands, sizeof h->first.hands), 0,
        "the same deal");
    /* The same seed in English: a link without the set's field. */
    struct core_lexicon_id en = {dict_fingerprint(d), "x27", NULL};
    struct core_link2 *plain = malloc(sizeof *plain);
    core_history_from_seed(h, 4242, &en, "x27");
    cr_assert_eq(core_link2_begin(h, plain, &err), CLB_ERR_OK, "%s",
                 err.detail);
    cr_assert_lt(plain->len, link->len);
    free(plain);
    free(read);
    free(link);
    free(back);
    free(h);
    dict_free(d);
}

Test(core_tileset, core_cuts_typed_text_as_dictc_does)
{
    const struct core_tileset *ts = &core_tileset_x_test27;
    static const char *const texts[] = {"CHAT", "chat", "Ch",        "C",
                                        "CAT",  "H",    "\xc3\x89T", "[",
                                        "cH",   "z",    "?"};
    for (int s = 0; s < 2; s++) {
        const struct core_tileset *set = s == 0 ? ts : &core_tileset_english;
        for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
            int a, b;
            size_t n = strlen(texts[i]);
            cr_assert_eq(core_tileset_cut(set, texts[i], n, &a),
                         dict_cut_tile(set, texts[i], n, &b), "%s", texts[i]);
            cr_assert_eq(a, b, "%s", texts[i]);
        }
    }
    int m;
    cr_assert_eq(core_tileset_cut(ts, "cH", 2, &m), 2, "either case");
    cr_assert_eq(m, 26);
    cr_assert_eq(core_tileset_cut(ts, "CH", 1, &m), 1, "only n bytes");
    cr_assert_eq(m, 2);
    cr_assert_eq(core_tileset_cut(ts, "", 0, &m), 0);
    cr_assert_eq(m, -1);
}

/* A new game of x-test27 (its lexicon's words in its tiles). */
static struct core_history *x27_history(struct dict **d)
{
    static const char words[] = "CHAT\nCAT\nACHE\nTEACH\n";
    struct clb_error err;
    cr_assert_eq(dict_from_text_in(words, sizeof words - 1, "x27",
                                   &core_tileset_x_test27, d, &err),
                 CLB_ERR_OK, "%s", err.detail);
    struct core_lexicon_id id = {dict_fingerprint(*d), "x27",
                                 &core_tileset_x_test27};
    struct core_history *h = malloc(sizeof *h);
    core_history_from_seed(h, 4242, &id, "x27");
    return h;
}

Test(core_tileset, goals_in_any_set)
{
    struct dict *d;
    struct core_history *h = x27_history(&d);
    struct clb_error err;
    cr_assert_eq(core_history_set_goals(h, CORE_GOALS_EASY, &err), CLB_ERR_OK,
                 "%s", err.detail);
    cr_assert_eq(h->first.goals.level, CORE_GOALS_EASY);

    /* Its link reads back with the same goals dealt. */
    struct core_link2 *link = malloc(sizeof *link),
                      *read = malloc(sizeof *read);
    struct core_history *back = malloc(sizeof *back);
    cr_assert_eq(core_link2_begin(h, link, &err), CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(
        core_link2_read_header(link->text, link->len, back, read, &err),
        CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(back->lexicon.tileset, &core_tileset_x_test27);
    cr_assert_eq(
        memcmp(&back->first.goals, &h->first.goals, sizeof h->first.goals), 0);
    free(back);
    free(read);
    free(link);
    free(h);
    dict_free(d);
}

static int goal_number(const char *name)
{
    for (int i = 0; i < CLB_GOALS_COUNT; i++)
        if (strcmp(core_goal_info(i)->name, name) == 0)
            return i;
    cr_assert_fail("no goal %s", name);
    return -1;
}

/* The letters letter goal `name` names in ts, as "J Q X Z". */
static const char *goal_letters(const char *name, const struct core_tileset *ts)
{
    static char out[256];
    int letters[CLB_MAX_LETTERS];
    int n = core_goal_letters(goal_number(name), ts, letters);
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (i > 0)
            strcat(out, " ");
        strcat(out, ts->upper[letters[i]]);
    }
    return out;
}

Test(core_tileset, letter_goals_by_points)
{
    /* English's, by points, are the letters the goals were named for. */
    cr_assert_str_eq(goal_letters("jqxz", &core_tileset_english), "J Q X Z");
    cr_assert_str_eq(goal_letters("fhkvwy", &core_tileset_english),
                     "F H K V W Y");
    cr_assert_str_eq(goal_letters("jqxz", &core_tileset_fr), "J K Q W X Y Z");
    cr_assert_str_eq(goal_letters("fhkvwy", &core_tileset_fr), "F H V");
    cr_assert_str_eq(goal_letters("jqxz", &core_tileset_es), "J LL Ñ RR X Z");
    cr_assert_str_eq(goal_letters("fhkvwy", &core_tileset_es), "CH F H Q V Y");
    cr_assert_str_eq(goal_letters("jqxz", &core_tileset_pl), "Ź");
    cr_assert_str_eq(goal_letters("fhkvwy", &core_tileset_pl),
                     "Ą Ć Ę F Ń Ó Ś Ż");
    cr_assert_str_eq(goal_letters("jqxz", &core_tileset_ca),
                     "Ç H J L·L NY QU X Z");
    cr_assert_str_eq(goal_letters("six-letters", &core_tileset_fr), "");
    /* Every set has letters for both. */
    for (int i = 0; core_tileset_at(i) != NULL; i++) {
        const struct core_tileset *ts = core_tileset_at(i);
        cr_assert_str_neq(goal_letters("jqxz", ts), "", "%s", ts->name);
        cr_assert_str_neq(goal_letters("fhkvwy", ts), "", "%s", ts->name);
    }
}

Test(core_tileset, goal_texts_name_the_sets_letters)
{
    char text[256];
    for (int g = 0; g < CLB_GOALS_COUNT; g++) {
        core_goal_text(g, &core_tileset_english, text, sizeof text);
        cr_assert_str_eq(text, core_goal_info(g)->text, "English's own");
    }
    core_goal_text(goal_number("jqxz"), &core_tileset_fr, text, sizeof text);
    cr_assert_str_eq(text,
                     "Play a word with one of these tiles: J, K, Q, W, X, Y, "
                     "Z");
    core_goal_text(goal_number("fhkvwy"), &core_tileset_pl, text, sizeof text);
    cr_assert_str_eq(text, "Play a word with one of these tiles: Ą, Ć, Ę, F, "
                           "Ń, Ó, Ś, Ż");
    core_goal_text(goal_number("bingo"), &core_tileset_pl, text, sizeof text);
    cr_assert_str_eq(text, core_goal_info(goal_number("bingo"))->text);
    core_goal_text(goal_number("jqxz"), &core_tileset_fr, text, 10);
    cr_assert_str_eq(text, "Play a wo", "cut to its room");
}

/* The letters of a vowel mask, as "A E I O U". */
static const char *vowel_letters(const struct core_tileset *ts)
{
    static char out[256];
    uint32_t mask = core_tileset_vowels(ts);
    out[0] = '\0';
    for (int m = 0; m < ts->n; m++)
        if (mask >> m & 1u) {
            if (out[0] != '\0')
                strcat(out, " ");
            strcat(out, ts->upper[m]);
        }
    return out;
}

Test(core_tileset, each_sets_vowels)
{
    cr_assert_str_eq(vowel_letters(&core_tileset_english), "A E I O U");
    cr_assert_str_eq(vowel_letters(&core_tileset_x_test27), "A E I O U");
    cr_assert_str_eq(vowel_letters(&core_tileset_fr), "A E I O U Y");
    cr_assert_str_eq(vowel_letters(&core_tileset_de), "A Ä E I O Ö U Ü");
    cr_assert_str_eq(vowel_letters(&core_tileset_es), "A E I O U");
    cr_assert_str_eq(vowel_letters(&core_tileset_it), "A E I O U");
    cr_assert_str_eq(vowel_letters(&core_tileset_nl), "A E I O U");
    cr_assert_str_eq(vowel_letters(&core_tileset_pl), "A Ą E Ę I O Ó U Y");
    cr_assert_str_eq(vowel_letters(&core_tileset_pt), "A E I O U");
    cr_assert_str_eq(vowel_letters(&core_tileset_ca), "A E I O U");
    cr_assert_str_eq(vowel_letters(&core_tileset_nb), "A E I O U Y Æ Ø Å");
    cr_assert_str_eq(vowel_letters(&core_tileset_sv), "A E I O U Y Å Ä Ö");
    cr_assert_str_eq(vowel_letters(&core_tileset_da), "A E I O U Y Æ Ø Å");
    /* Every listed vowel is a letter of its set. */
    for (int i = 0; core_tileset_at(i) != NULL; i++) {
        const struct core_tileset *ts = core_tileset_at(i);
        int listed = 1;
        for (const char *v = ts->vowels; *v != '\0'; v++)
            listed += *v == ' ';
        cr_assert_eq(__builtin_popcount(core_tileset_vowels(ts)), listed, "%s",
                     ts->name);
    }
}

static size_t pl_tiles(const char *word, char *tiles);

/* Whether the play of `word` (tile bytes) across from (7, col) on an empty
 * board of set ts, P1 holding the word's tiles, meets goal `goal`. Any word
 * is a word here: only the goal decides. */
static bool meets_in(const struct core_tileset *ts, const char *goal,
                     const char *word, int col)
{
    struct core_game g;
    ts_game(&g, "", "");
    g.tileset = ts;
    struct core_rack *rack = &g.hands[g.turn];
    rack->count = (int)strlen(word);
    memcpy(rack->tiles, word, strlen(word));
    struct core_move m;
    ts_play_word(&m, &g, CLB_CENTER, col, true, word);
    g.goals.level = CORE_GOALS_NORMAL;
    g.goals.faceup[0] = (int16_t)goal_number(goal);
    g.goals.faceup[1] = g.goals.faceup[2] = -1;
    struct core_lexicon lex = ts_any_word();
    struct core_move_result r;
    struct clb_error err;
    cr_assert_eq(core_move_check(&g, &m, &lex, &r, &err), CLB_ERR_OK, "%s",
                 err.detail);
    return r.ngoals == 1;
}

Test(core_tileset, goals_judged_in_the_games_set)
{
    /* K: 5 points in English (fhkvwy), 10 in French (the rare letters). */
    cr_assert(meets_in(&core_tileset_english, "fhkvwy", "KA", 7));
    cr_assert_not(meets_in(&core_tileset_english, "jqxz", "KA", 7));
    cr_assert(meets_in(&core_tileset_fr, "jqxz", "KA", 7));
    cr_assert_not(meets_in(&core_tileset_fr, "fhkvwy", "KA", 7));
    /* Polish: Ź (letter 30) is its one rare letter; Ą, Ó, Y are vowels. */
    char t[CLB_WORD_MAX + 1] = {0};
    pl_tiles("ŹA", t);
    cr_assert(meets_in(&core_tileset_pl, "jqxz", t, 7));
    memset(t, 0, sizeof t);
    pl_tiles("ĄÓY", t);
    cr_assert(meets_in(&core_tileset_pl, "three-vowels", t, 6));
    cr_assert_not(meets_in(&core_tileset_english, "three-vowels", "BCY", 6));
    cr_assert(meets_in(&core_tileset_fr, "three-vowels", "AYE", 6),
              "Y is a French vowel");
    /* One-pointers by the set's points: Ł is 3 in Polish. */
    memset(t, 0, sizeof t);
    pl_tiles("ANIOŁ", t);
    cr_assert_not(meets_in(&core_tileset_pl, "one-pointers", t, 5));
    memset(t, 0, sizeof t);
    pl_tiles("ANIOR", t);
    cr_assert(meets_in(&core_tileset_pl, "one-pointers", t, 5));
}

/* ---- spelling a word (core_tileset_spell) ------------------------------- */

/* The tiles word spells in ts as their upper display strings, one space
 * between, or "!" and the offset of the character that cannot be spelled
 * ("!3"). */
static const char *spelled(const struct core_tileset *ts, const char *word)
{
    static char out[256];
    char tiles[CLB_WORD_MAX];
    size_t bad = 12345;
    size_t n =
        core_tileset_spell(ts, word, strlen(word), tiles, sizeof tiles, &bad);
    if (n == 0) {
        snprintf(out, sizeof out, "!%zu", bad);
        return out;
    }
    cr_assert_eq(bad, strlen(word), "a word spelled reports no offset");
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        int m = core_tile_letter(tiles[i], ts->n);
        cr_assert(m >= 0, "a letter's tile, never a blank's");
        if (i > 0)
            strcat(out, " ");
        strcat(out, ts->upper[m]);
    }
    return out;
}

Test(core_tileset, spell_folds_french)
{
    const struct core_tileset *ts = &core_tileset_fr;
    cr_assert_str_eq(spelled(ts, "été"), "E T E");
    cr_assert_str_eq(spelled(ts, "ÉTÉ"), "E T E");
    cr_assert_str_eq(spelled(ts, "garçon"), "G A R C O N");
    cr_assert_str_eq(spelled(ts, "GARÇON"), "G A R C O N");
    cr_assert_str_eq(spelled(ts, "œuvre"), "O E U V R E");
    cr_assert_str_eq(spelled(ts, "Œuvre"), "O E U V R E");
    cr_assert_str_eq(spelled(ts, "Lætitia"), "L A E T I T I A");
    cr_assert_str_eq(spelled(ts, "maïs"), "M A I S");
    cr_assert_str_eq(spelled(ts, "bâtiâmes"), "B A T I A M E S");
    cr_assert_str_eq(spelled(ts, "où"), "O U");
    cr_assert_str_eq(spelled(ts, "Noël"), "N O E L");
}

Test(core_tileset, spell_folds_german)
{
    const struct core_tileset *ts = &core_tileset_de;
    cr_assert_str_eq(spelled(ts, "Straße"), "S T R A S S E");
    cr_assert_str_eq(spelled(ts, "STRAẞE"), "S T R A S S E");
    cr_assert_str_eq(spelled(ts, "Äpfel"), "Ä P F E L");
    cr_assert_str_eq(spelled(ts, "über"), "Ü B E R");
    cr_assert_str_eq(spelled(ts, "Öl"), "Ö L");
    cr_assert_str_eq(spelled(ts, "Café"), "C A F E");
}

Test(core_tileset, spell_cuts_spanish_digraphs)
{
    const struct core_tileset *ts = &core_tileset_es;
    cr_assert_str_eq(spelled(ts, "niño"), "N I Ñ O");
    cr_assert_str_eq(spelled(ts, "NIÑO"), "N I Ñ O");
    cr_assert_str_eq(spelled(ts, "coche"), "C O CH E");
    cr_assert_str_eq(spelled(ts, "calle"), "C A LL E");
    cr_assert_str_eq(spelled(ts, "perro"), "P E RR O");
    cr_assert_str_eq(spelled(ts, "Chorizo"), "CH O R I Z O");
    cr_assert_str_eq(spelled(ts, "cHorizo"), "CH O R I Z O");
    cr_assert_str_eq(spelled(ts, "canción"), "C A N C I O N");
    cr_assert_str_eq(spelled(ts, "pingüino"), "P I N G U I N O");
    cr_assert_str_eq(spelled(ts, "llorar"), "LL O R A R");
    cr_assert_str_eq(spelled(ts, "kilo"), "!0", "Spanish has no K tile");
    cr_assert_str_eq(spelled(ts, "web"), "!0", "nor a W");
    cr_assert_str_eq(spelled(ts, "déjà"), "!4", "only its own accents");
}

Test(core_tileset, spell_catalan)
{
    const struct core_tileset *ts = &core_tileset_ca;
    cr_assert_str_eq(spelled(ts, "col·legi"), "C O L·L E G I");
    cr_assert_str_eq(spelled(ts, "COL·LEGI"), "C O L·L E G I");
    cr_assert_str_eq(spelled(ts, "Col·Legi"), "C O L·L E G I");
    cr_assert_str_eq(spelled(ts, "col\xe2\x80\xa7legi"), "C O L·L E G I",
                     "U+2027");
    cr_assert_str_eq(spelled(ts, "col.legi"), "C O L·L E G I");
    cr_assert_str_eq(spelled(ts, "coŀlegi"), "C O L·L E G I");
    cr_assert_str_eq(spelled(ts, "any"), "A NY");
    cr_assert_str_eq(spelled(ts, "Nyap"), "NY A P");
    cr_assert_str_eq(spelled(ts, "quatre"), "QU A T R E");
    cr_assert_str_eq(spelled(ts, "qüestió"), "QU E S T I O",
                     "a fold joins the tile after it");
    cr_assert_str_eq(spelled(ts, "plaça"), "P L A Ç A");
    cr_assert_str_eq(spelled(ts, "Qatar"), "!0", "no Q without U");
    cr_assert_str_eq(spelled(ts, "iraq"), "!3");
    cr_assert_str_eq(spelled(ts, "a·b"), "!1", "a middle dot alone");
    cr_assert_str_eq(spelled(ts, "ll"), "L L", "two Ls are no L·L");
}

Test(core_tileset, spell_the_other_sets)
{
    cr_assert_str_eq(spelled(&core_tileset_it, "perché"), "P E R C H E");
    cr_assert_str_eq(spelled(&core_tileset_it, "CITTÀ"), "C I T T A");
    cr_assert_str_eq(spelled(&core_tileset_it, "jazz"), "!0");
    cr_assert_str_eq(spelled(&core_tileset_nl, "ĳs"), "I J S");
    cr_assert_str_eq(spelled(&core_tileset_nl, "Ĳs"), "I J S");
    cr_assert_str_eq(spelled(&core_tileset_nl, "IJs"), "I J S");
    cr_assert_str_eq(spelled(&core_tileset_nl, "ideeën"), "I D E E E N");
    cr_assert_str_eq(spelled(&core_tileset_nl, "één"), "E E N");
    cr_assert_str_eq(spelled(&core_tileset_pl, "źdźbło"), "Ź D Ź B Ł O");
    cr_assert_str_eq(spelled(&core_tileset_pl, "ŻÓŁW"), "Ż Ó Ł W");
    cr_assert_str_eq(spelled(&core_tileset_pl, "kawa"), "K A W A");
    cr_assert_str_eq(spelled(&core_tileset_pl, "café"), "!3",
                     "Polish folds nothing");
    cr_assert_str_eq(spelled(&core_tileset_pt, "coração"), "C O R A Ç A O");
    cr_assert_str_eq(spelled(&core_tileset_pt, "VOCÊ"), "V O C E");
    cr_assert_str_eq(spelled(&core_tileset_nb, "blåbær"), "B L Å B Æ R");
    cr_assert_str_eq(spelled(&core_tileset_nb, "Ärlig"), "Æ R L I G");
    cr_assert_str_eq(spelled(&core_tileset_nb, "Öl"), "Ø L");
    cr_assert_str_eq(spelled(&core_tileset_nb, "kafé"), "K A F E");
    cr_assert_str_eq(spelled(&core_tileset_sv, "smörgås"), "S M Ö R G Å S");
    cr_assert_str_eq(spelled(&core_tileset_sv, "Ære"), "Ä R E");
    cr_assert_str_eq(spelled(&core_tileset_sv, "Müsli"), "M U S L I");
    cr_assert_str_eq(spelled(&core_tileset_da, "æble"), "Æ B L E");
    cr_assert_str_eq(spelled(&core_tileset_da, "Øl"), "Ø L");
    cr_assert_str_eq(spelled(&core_tileset_da, "Ä"), "Æ");
    cr_assert_str_eq(spelled(&core_tileset_english, "Quiz"), "Q U I Z");
    cr_assert_str_eq(spelled(&core_tileset_english, "été"), "!0",
                     "English folds nothing but case");
    cr_assert_str_eq(spelled(&core_tileset_x_test27, "chat"), "CH A T");
}

Test(core_tileset, spell_refuses_with_the_offset)
{
    /* "xyz\x01": the first of x, y, z the set lacks, else the \x01 at 3
     * (written out per set by hand from its letters). */
    static const struct {
        const struct core_tileset *ts;
        size_t bad;
    } cases[] = {
        {&core_tileset_english, 3}, {&core_tileset_x_test27, 3},
        {&core_tileset_fr, 3},      {&core_tileset_de, 3},
        {&core_tileset_es, 3},      {&core_tileset_it, 0},
        {&core_tileset_nl, 3},      {&core_tileset_pl, 0},
        {&core_tileset_pt, 1},      {&core_tileset_ca, 1},
        {&core_tileset_nb, 0},      {&core_tileset_sv, 3},
        {&core_tileset_da, 3},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char tiles[CLB_WORD_MAX];
        size_t bad = 99;
        cr_assert_eq(core_tileset_spell(cases[c].ts, "xyz\x01", 4, tiles,
                                        sizeof tiles, &bad),
                     0, "%s", cases[c].ts->name);
        cr_assert_eq(bad, cases[c].bad, "%s: %zu", cases[c].ts->name, bad);
    }
    const struct core_tileset *fr = &core_tileset_fr;
    cr_assert_str_eq(spelled(fr, "ab\xff"), "!2", "a stray byte");
    cr_assert_str_eq(spelled(fr, "ab\xc3"), "!2", "a cut-off character");
    cr_assert_str_eq(spelled(fr, "ab\xe2\x82\xac"), "!2", "the euro sign");
    cr_assert_str_eq(spelled(fr, "a b"), "!1");
    cr_assert_str_eq(spelled(fr, "l'eau"), "!1");
    cr_assert_str_eq(spelled(&core_tileset_de, "ab\xc3\x9f?"), "!4",
                     "after a fold, the offset is still the word's");
}

Test(core_tileset, spell_overlong_and_empty)
{
    const struct core_tileset *ts = &core_tileset_fr;
    char tiles[4];
    size_t bad = 99;
    cr_assert_eq(core_tileset_spell(ts, "", 0, tiles, sizeof tiles, &bad), 0);
    cr_assert_eq(bad, 0, "empty: n");
    cr_assert_eq(core_tileset_spell(ts, "abcd", 4, tiles, 4, &bad), 4,
                 "exactly max");
    cr_assert_eq(memcmp(tiles, "ABCD", 4), 0);
    cr_assert_eq(core_tileset_spell(ts, "abcde", 5, tiles, 4, &bad), 0);
    cr_assert_eq(bad, 5, "more than max: n");
    cr_assert_eq(core_tileset_spell(ts, "étés", 6, tiles, 3, &bad), 0);
    cr_assert_eq(bad, 6, "max counts tiles, not bytes");
    cr_assert_eq(core_tileset_spell(ts, "étés", 6, tiles, 4, &bad), 4);
    cr_assert_eq(core_tileset_spell(ts, "abcde1", 6, tiles, 4, &bad), 0);
    cr_assert_eq(bad, 5, "an unspellable character is named even past max");
    /* ß is two tiles: "aß" needs room for three. */
    cr_assert_eq(
        core_tileset_spell(&core_tileset_de, "a\xc3\x9f", 3, tiles, 2, &bad),
        0);
    cr_assert_eq(bad, 3);
    cr_assert_eq(core_tileset_spell(ts, "abc", 2, tiles, 4, &bad), 2,
                 "only n bytes");
}

Test(core_tileset, every_fold_reads_as_tiles)
{
    /* Each row's `to` is the set's tiles, and each `from` is no tile of
     * the set (a tile is never folded away). */
    for (int i = 0; core_tileset_at(i) != NULL; i++) {
        const struct core_tileset *ts = core_tileset_at(i);
        cr_assert_eq(ts->folds == NULL, ts->n_folds == 0, "%s", ts->name);
        for (int k = 0; k < ts->n_folds; k++) {
            const struct core_fold *f = &ts->folds[k];
            char tiles[CLB_MAX_TILE_BYTES];
            size_t bad;
            cr_assert(strlen(f->to) <= CLB_MAX_TILE_BYTES);
            cr_assert_gt(core_tileset_spell(ts, f->to, strlen(f->to), tiles,
                                            sizeof tiles, &bad),
                         0, "%s: %s", ts->name, f->to);
            cr_assert_eq(core_tileset_letter(ts, f->from, strlen(f->from)), -1,
                         "%s: %s", ts->name, f->from);
        }
    }
}

/* ---- the 32nd letter: Polish Ż, and its blank's byte 0x80 -----------------
 */

/* A small list of Polish words, many with Ż (the set's last letter). */
static const char pl_words[] =
    "AŻ\nŻE\nŻAL\nŻAR\nŻUK\nŻEL\nŻER\nŻONA\nŻABA\nŻYTO\nMOŻE\nNOŻE\nŻYŁA\n"
    "WIEŻA\nNA\nNIE\nTAK\nTO\nTA\nTE\nTEN\nOKO\nOKA\nKOT\nKOTY\nLAS\nNOS\n"
    "DOM\nDOMY\nMAMA\nTATA\nAS\nON\nONA\nONO\nONI\nOD\nDO\nPO\nZA\nZE\nNI\n"
    "TU\nJA\nMY\nWY\nCO\nILE\nRAZ\nLAT\nLATO\nMAK\nRAK\nROK\nSOK\nSEN\nDNO\n"
    "NOC\nMOC\nKOC\nLOT\nPOT\nBAL\nBAR\nŁAD\nŁAN\nŁUK\nŹLE\nĆMA\nGĘŚ\nMĄKA\n"
    "RĘKA\nPIES\nKOŃ\nSIEĆ\nIW\nEW\nOW\nAI\nEI\nOI\nIA\nIE\nIO\nAE\nEA\nEO\n";

static struct dict *pl_dict(void)
{
    struct dict *d;
    struct clb_error err;
    cr_assert_eq(dict_from_text_in(pl_words, sizeof pl_words - 1, "pl",
                                   &core_tileset_pl, &d, &err),
                 CLB_ERR_OK, "%s", err.detail);
    return d;
}

/* The tiles of a Polish word, as core spells it. */
static size_t pl_tiles(const char *word, char *tiles)
{
    size_t bad;
    size_t n = core_tileset_spell(&core_tileset_pl, word, strlen(word), tiles,
                                  CLB_WORD_MAX, &bad);
    cr_assert_gt(n, 0, "%s", word);
    return n;
}

Test(core_tileset, a_lexicon_of_32_letters)
{
    cr_assert_eq(core_tileset_pl.n, 32);
    cr_assert_str_eq(core_tileset_pl.upper[31], "Ż");
    struct dict *d = pl_dict();
    struct clb_error err;
    cr_assert_eq(dict_tileset(d), &core_tileset_pl);
    char t[CLB_WORD_MAX];
    size_t n = pl_tiles("ŻE", t);
    cr_assert_eq((unsigned char)t[0], 0x41u + 31u, "Ż is letter 31");
    cr_assert(dict_contains(d, t, n));
    t[0] = core_blank_tile(31); /* 0x80: negative as a signed char */
    cr_assert_eq((unsigned char)t[0], 0x80u);
    cr_assert(dict_contains(d, t, n), "a blank standing for Ż");
    n = pl_tiles("WIEŻA", t);
    cr_assert(dict_contains(d, t, n));
    t[3] = core_blank_tile(31);
    cr_assert(dict_contains(d, t, n));
    n = pl_tiles("ŻEŻ", t);
    cr_assert_not(dict_contains(d, t, n));
    n = pl_tiles("MOŻ", t);
    cr_assert_not(dict_contains(d, t, n), "a prefix is no word");

    /* Saved and loaded, the same words. */
    char path[] = "/tmp/test_tileset_pl_XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    close(fd);
    cr_assert_eq(dict_save_compiled(d, path, &err), CLB_ERR_OK, "%s",
                 err.detail);
    struct dict *again;
    cr_assert_eq(dict_load(path, &again, &err), CLB_ERR_OK, "%s", err.detail);
    unlink(path);
    cr_assert_eq(dict_tileset(again), &core_tileset_pl);
    cr_assert_eq(dict_word_count(again), dict_word_count(d));
    cr_assert_eq(dict_fingerprint(again), dict_fingerprint(d));
    n = pl_tiles("ŻYŁA", t);
    t[0] = core_blank_tile(31);
    cr_assert(dict_contains(again, t, n));
    dict_free(again);
    dict_free(d);
}

/* The rack's plays in the position, or their count: both copies of the
 * search (with and without POPCNT) must agree. */
static size_t pl_plays(const struct core_game *g, const struct core_kwg *kwg,
                       struct core_play *out, size_t cap)
{
    struct core_movegen *mg = malloc(sizeof *mg);
    cr_assert_not_null(mg);
    core_movegen_init(mg, g->board, kwg);
    size_t n = core_movegen_all(mg, &g->hands[g->turn], out, cap);
    core_movegen_use_plain(mg);
    cr_assert_eq(core_movegen_all(mg, &g->hands[g->turn], NULL, 0), n);
    free(mg);
    return n;
}

/* The board of g, read only (what the generator takes). */
static const char (*cboard(const struct core_game *g))[CLB_BOARD_SIZE]
{
    return g->board;
}

static bool has_blank(const struct core_rack *r)
{
    for (int i = 0; i < r->count; i++)
        if (r->tiles[i] == CORE_BLANK)
            return true;
    return false;
}

static bool on_board(const struct core_game *g, char tile)
{
    for (int r = 0; r < CLB_BOARD_SIZE; r++)
        for (int c = 0; c < CLB_BOARD_SIZE; c++)
            if (g->board[r][c] == tile)
                return true;
    return false;
}

Test(core_tileset, a_polish_game_with_the_blank_of_the_32nd_letter)
{
    struct dict *d = pl_dict();
    struct core_lexicon lex = dict_lexicon(d);
    struct core_lexicon_id id = {dict_fingerprint(d), "pl", &core_tileset_pl};
    struct core_history *h = malloc(sizeof *h);
    struct core_play *plays = malloc(4096 * sizeof *plays);
    struct core_game g;
    struct clb_error err;
    const char zblank = core_blank_tile(31);
    /* The first seed whose first rack holds a blank that makes a word as
     * Ż (a play of byte 0x80). */
    int found = -1;
    uint32_t seed = 1;
    for (; seed < 2000 && found < 0; seed++) {
        core_history_from_seed(h, seed, &id, "pl");
        g = h->first;
        if (!has_blank(&g.hands[g.turn]))
            continue;
        size_t n = pl_plays(&g, lex.graph, plays, 4096);
        for (size_t i = 0; i < n && i < 4096 && found < 0; i++)
            if (memchr(plays[i].tiles, zblank, plays[i].ntiles) != NULL)
                found = (int)i;
    }
    cr_assert_geq(found, 0, "some seed deals a blank that plays as Ż");
    struct core_move move;
    struct core_move_result res;
    core_play_to_move(&plays[found], cboard(&g), &move);
    cr_assert_eq(core_history_play(h, &g, &move, &lex, &res, &err), CLB_ERR_OK,
                 "%s", err.detail);
    cr_assert(on_board(&g, zblank), "the blank for Ż lies on the board");
    cr_assert_eq(g.bag[32],
                 core_tileset_pl.blanks - 1 - (has_blank(&g.hands[0]) ? 1 : 0) -
                     (has_blank(&g.hands[1]) ? 1 : 0),
                 "the bag counts its blank as kind 32");

    /* Played on with the best plays to the end (or 60 moves): every play
     * the generator finds is legal, and the search copies agree. */
    for (int k = 0; k < 60 && !g.game_over; k++) {
        size_t n = pl_plays(&g, lex.graph, NULL, 0);
        struct core_movegen *mg = malloc(sizeof *mg);
        core_movegen_init(mg, cboard(&g), lex.graph);
        struct core_play best;
        memset(&move, 0, sizeof move);
        if (n > 0 && core_movegen_best(mg, &g.hands[g.turn], &best))
            core_play_to_move(&best, cboard(&g), &move);
        else
            move.type = CORE_MOVE_PASS;
        free(mg);
        cr_assert_eq(core_history_play(h, &g, &move, &lex, &res, &err),
                     CLB_ERR_OK, "move %d: %s", k + 2, err.detail);
    }
    cr_assert(on_board(&g, zblank));
    int made = 0;
    for (int k = 0; k < h->nmoves; k++)
        made += h->moves[k].move.type == CORE_MOVE_PLAY;
    cr_assert_geq(made, 4, "a game of several plays");

    /* The v2 link names the set and reads back to the same game. */
    struct core_link2 *link = malloc(sizeof *link),
                      *read = malloc(sizeof *read);
    struct core_history *back = malloc(sizeof *back);
    struct core_game again;
    cr_assert_eq(core_link2_encode(h, &lex, link, &err), CLB_ERR_OK, "%s",
                 err.detail);
    cr_assert_eq(
        core_link2_read_header(link->text, link->len, back, read, &err),
        CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(back->lexicon.tileset, &core_tileset_pl);
    cr_assert_eq(core_link2_read_moves(read, &lex, back, &again, &err),
                 CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(back->nmoves, h->nmoves);
    cr_assert_eq(memcmp(again.board, g.board, sizeof g.board), 0);
    cr_assert_eq(memcmp(again.hands, g.hands, sizeof g.hands), 0);
    cr_assert_eq(memcmp(again.bag, g.bag, sizeof g.bag), 0);
    cr_assert_eq(again.score, g.score);
    cr_assert_eq(again.game_over, g.game_over);

    /* The review judges every move, the first (a blank as Ż) included. */
    struct core_review *review = malloc(sizeof *review);
    cr_assert_eq(core_review_history(h, &lex, review, &err), CLB_ERR_OK, "%s",
                 err.detail);
    cr_assert_eq(review->nmoves, h->nmoves);
    cr_assert(review->moves[0].has_best);
    free(review);
    free(back);
    free(read);
    free(link);
    free(plays);
    free(h);
    dict_free(d);
}

/* ---- a multi-letter tile is never spelled by its parts --------------------
 */

/* The tile of `text` in ts (its letter's byte). */
static char tile_of(const struct core_tileset *ts, const char *text)
{
    int m = core_tileset_letter(ts, text, strlen(text));
    cr_assert_geq(m, 0, "%s", text);
    return core_letter_tile(m);
}

Test(core_tileset, spanish_ch_is_not_c_and_h)
{
    const struct core_tileset *es = &core_tileset_es;
    static const char words[] = "COCHE\nOCHO\nCHE\n";
    struct dict *d;
    struct clb_error err;
    cr_assert_eq(dict_from_text_in(words, sizeof words - 1, "es", es, &d, &err),
                 CLB_ERR_OK, "%s", err.detail);
    struct core_lexicon lex = dict_lexicon(d);
    struct core_game g;
    core_game_deal_in(&g, 777, "es", es);
    struct core_rack *rack = &g.hands[g.turn];
    const char *parts[] = {"C", "O", "C", "H", "E", "CH", "?"};
    rack->count = 7;
    for (int i = 0; i < 7; i++)
        rack->tiles[i] = i == 6 ? CORE_BLANK : tile_of(es, parts[i]);

    /* C, O, C, H, E across the centre: the list was cut CH first, so
     * "COCHE" of five tiles is no word. */
    struct core_move m = {.type = CORE_MOVE_PLAY, .ntiles = 5};
    for (int i = 0; i < 5; i++)
        m.tiles[i] = (struct core_placement){CLB_CENTER, 5 + i,
                                             tile_of(es, parts[i]), false};
    struct core_move_result res;
    cr_assert_eq(core_move_check(&g, &m, &lex, &res, &err),
                 CLB_ERR_INVALID_WORD);
    /* C, O, CH, E: the word. */
    m.ntiles = 4;
    const char *word[] = {"C", "O", "CH", "E"};
    for (int i = 0; i < 4; i++)
        m.tiles[i] = (struct core_placement){CLB_CENTER, 5 + i,
                                             tile_of(es, word[i]), false};
    cr_assert_eq(core_move_check(&g, &m, &lex, &res, &err), CLB_ERR_OK, "%s",
                 err.detail);
    /* A blank may stand for CH, a tile of the set like any other. */
    m.tiles[2].blank = true;
    cr_assert_eq(core_move_check(&g, &m, &lex, &res, &err), CLB_ERR_OK, "%s",
                 err.detail);
    dict_free(d);
}

/* ---- every national set, as the issue's table gives it --------------------
 */

/* Each set as published: tiles, blanks, letters, and its distribution
 * copied from the table ("points: letter count ...; ..."), checked against
 * the set's own table letter by letter. */
static const struct {
    const struct core_tileset *ts;
    const char *name, *language;
    int tiles, blanks, letters;
    const char *distribution;
} published[] = {
    {&core_tileset_fr, "fr", "fr", 102, 2, 26,
     "1: A9 E15 I8 L5 N6 O6 R6 S6 T6 U6; 2: D3 G2 M3; 3: B2 C2 P2; "
     "4: F2 H2 V2; 8: J1 Q1; 10: K1 W1 X1 Y1 Z1"},
    {&core_tileset_de, "de", "de", 102, 2, 29,
     "1: A5 D4 E15 I6 N9 R6 S7 T6 U6; 2: G3 H4 L3 O3; 3: B2 M4 W1 Z1; "
     "4: C2 F2 K2 P1; 6: J1 V1 Ä1 Ü1; 8: X1 Ö1; 10: Q1 Y1"},
    {&core_tileset_es, "es", "es", 100, 2, 28,
     "1: A12 E12 I6 L4 N5 O9 R5 S6 T4 U5; 2: D5 G2; 3: B2 C4 M2 P2; "
     "4: F1 H2 V1 Y1; 5: CH1 Q1; 8: J1 LL1 RR1 X1 Ñ1; 10: Z1"},
    {&core_tileset_it, "it", "it", 120, 2, 21,
     "1: A14 E11 I12 O15; 2: C6 R6 S6 T6; 3: L5 M5 N5 U5; "
     "5: B3 D3 F3 P3 V3; 8: G2 H2 Z2; 10: Q1"},
    {&core_tileset_nl, "nl", "nl", 102, 2, 26,
     "1: A6 E18 I4 N10 O6; 2: D5 R5 S5 T5; 3: B2 G3 K3 L3 M3 P2; "
     "4: F2 H2 J2 U3 V2 Z2; 5: C2 W2; 8: X1 Y1; 10: Q1"},
    {&core_tileset_pl, "pl", "pl", 100, 2, 32,
     "1: A9 E7 I8 N5 O6 R4 S4 W4 Z5; 2: C3 D3 K3 L3 M3 P3 T3 Y4; "
     "3: B2 G2 H2 J2 U2 Ł2; 5: F1 Ó1 Ą1 Ę1 Ś1 Ż1; 6: Ć1; 7: Ń1; 9: Ź1"},
    {&core_tileset_pt, "pt", "pt", 120, 3, 24,
     "1: A14 E11 I10 M6 O10 R6 S8 T5 U7; 2: C4 D5 L5 P4; 3: B3 N4 Ç2; "
     "4: F2 G2 H2 V2; 5: J2; 6: Q1; 8: X1 Z1"},
    {&core_tileset_ca, "ca", "ca", 100, 2, 26,
     "1: A12 E13 I8 L4 N6 O5 R8 S8 T5 U4; 2: C3 D3 M3; 3: B2 G2 P2; "
     "4: F1 V1; 8: H1 J1 QU1 Z1; 10: L·L1 NY1 X1 Ç1"},
    {&core_tileset_nb, "nb", "nb", 100, 2, 26,
     "1: A7 D5 E9 I5 L5 N6 R6 S6 T6; 2: F4 G4 K4 M3 O4; 3: H3; "
     "4: B3 J2 P2 U3 V3 Å2; 5: Ø2; 6: Y1 Æ1; 8: W1; 10: C1"},
    {&core_tileset_sv, "sv", "sv", 100, 2, 27,
     "1: A8 D5 E7 I5 L5 N6 R8 S8 T8; 2: G3 H2 K3 M3 O5; 3: F2 V2 Ä2; "
     "4: B2 P2 U3 Å2 Ö2; 7: J1 Y1; 8: C1 X1; 10: Z1"},
    {&core_tileset_da, "da", "da", 100, 2, 27,
     "1: A7 E9 N6 R6; 2: D5 L5 O5 S5 T5; 3: B4 F3 G3 I4 K4 M3 U3 V3; "
     "4: H2 J2 P2 Y2 Å2 Æ2 Ø2; 8: C2 X1 Z1"},
};

/* Checks ts against a distribution string; returns the tiles it counts. */
static int check_distribution(const struct core_tileset *ts, const char *s)
{
    bool seen[CLB_MAX_LETTERS] = {false};
    int tiles = 0, letters = 0, points = 0;
    while (*s != '\0') {
        if (*s == ' ' || *s == ';') {
            s++;
        } else if (s[strspn(s, "0123456789")] == ':') {
            points = atoi(s);
            s += strspn(s, "0123456789") + 1;
        } else {
            size_t len = strcspn(s, "0123456789");
            int m = core_tileset_letter(ts, s, len);
            cr_assert_geq(m, 0, "%s: %.*s", ts->name, (int)len, s);
            cr_assert_not(seen[m], "%s: %.*s twice", ts->name, (int)len, s);
            seen[m] = true;
            cr_assert(strlen(ts->upper[m]) == len &&
                          memcmp(ts->upper[m], s, len) == 0,
                      "%s: %.*s is the tile as printed", ts->name, (int)len, s);
            int count = atoi(s + len);
            cr_assert_eq(ts->points[m], points, "%s: %s", ts->name,
                         ts->upper[m]);
            cr_assert_eq(ts->count[m], count, "%s: %s", ts->name, ts->upper[m]);
            tiles += count;
            letters++;
            s += len + strspn(s + len, "0123456789");
        }
    }
    cr_assert_eq(letters, ts->n, "%s: every letter listed", ts->name);
    return tiles;
}

Test(core_tileset, every_national_set_as_published)
{
    for (size_t i = 0; i < sizeof published / sizeof published[0]; i++) {
        const struct core_tileset *ts = published[i].ts;
        cr_assert_str_eq(ts->name, published[i].name);
        cr_assert_str_eq(ts->language, published[i].language);
        cr_assert_eq(
            core_tileset_by_language(ts->language, strlen(ts->language)), ts);
        cr_assert_eq(ts->n, published[i].letters, "%s", ts->name);
        cr_assert_eq(ts->blanks, published[i].blanks, "%s", ts->name);
        cr_assert_eq(ts->total, published[i].tiles, "%s", ts->name);
        int tiles = check_distribution(ts, published[i].distribution);
        cr_assert_eq(tiles + published[i].blanks, published[i].tiles,
                     "%s: the table's letters and blanks", ts->name);
        cr_assert_eq(counted_total(ts), published[i].tiles, "%s", ts->name);
    }
    cr_assert_eq(core_tileset_by_language("en", 2), &core_tileset_english);
    cr_assert_null(core_tileset_by_language("xx", 2));
}
