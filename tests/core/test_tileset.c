/* tests/core/test_tileset.c - the tile sets as data (core/tileset.h): every
 * count, value and total of English and x-test27, the look-up by name, the
 * byte helpers of core/tiles.h at the edges of the largest set, a deal in a
 * 27-letter set, and collabble-dictc's longest-match cutting of words into
 * a set's tiles (core_tileset_cut, which dict/dict_text.c uses), and
 * goals refused for a set other than English. */
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
