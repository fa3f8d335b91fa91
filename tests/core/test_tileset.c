/* tests/core/test_tileset.c - the tile sets as data (core/tileset.h): every
 * count, value and total of English and x-test27, the look-up by name, the
 * byte helpers of core/tiles.h at the edges of the largest set, a deal in a
 * 27-letter set, and collabble-dictc's longest-match cutting of words into
 * a set's tiles (core_tileset_cut, which dict/dict_text.c uses), and
 * goals refused for a set other than English. */
/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* mkstemp, unlink */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../core/game.h"
#include "../../core/goals.h"
#include "../../core/history.h"
#include "../../core/link2.h"
#include "../../core/tiles.h"
#include "../../core/tileset.h"
#include "../../dict/dict.h"
#include "../../dict/dict_format.h"

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

Test(core_tileset, goals_need_english)
{
    struct dict *d;
    struct core_history *h = x27_history(&d);
    struct clb_error err;
    cr_assert_eq(core_history_set_goals(h, CORE_GOALS_EASY, &err),
                 CLB_ERR_BAD_REQUEST);
    cr_assert(strstr(err.detail, "x-test27") != NULL, "%s", err.detail);
    cr_assert(strstr(err.detail, "English") != NULL, "%s", err.detail);
    cr_assert_eq(h->first.goals.level, CORE_GOALS_OFF, "no goals dealt");

    /* A link made by hand with goals in x-test27 is refused as such. */
    core_goals_deal(&h->first.goals, h->seed, CORE_GOALS_NORMAL);
    struct core_link2 *link = malloc(sizeof *link),
                      *read = malloc(sizeof *read);
    struct core_history *back = malloc(sizeof *back);
    cr_assert_eq(core_link2_begin(h, link, &err), CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(
        core_link2_read_header(link->text, link->len, back, read, &err),
        CLB_ERR_BAD_STATE);
    cr_assert(strstr(err.detail, "goals need the English tile set") != NULL,
              "%s", err.detail);
    cr_assert(strstr(err.detail, "x-test27") != NULL, "%s", err.detail);
    free(back);
    free(read);
    free(link);
    free(h);
    dict_free(d);
}
