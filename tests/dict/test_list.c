/* tests/dict/test_list.c - a language's word list as it is published
 * (dict_from_list: what collabble-dictc --tileset compiles at build time)
 * keeps what can be a play and counts what it leaves out, by reason; and a
 * compiled lexicon mapped from its file (dict_map, the server's languages
 * directory) is trusted by the build's facts, checked in full without
 * them, and refused once damaged. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../core/tileset.h"
#include "../../dict/dict.h"
#include "../../dict/dict_list.h"

static struct dict *list_of(const char *text, const struct core_tileset *ts,
                            struct dict_list_report *r)
{
    struct clb_error err;
    struct dict *d = NULL;
    cr_assert_eq(dict_from_list(text, strlen(text), "test list", ts, NULL, r,
                                &d, &err),
                 CLB_ERR_OK, "%s", err.detail);
    return d;
}

Test(dict_list, french_keeps_words_and_counts_the_rest)
{
    static const char text[] =
        "été\nÉté\nParis\ngarçon\nrôle\nrole\na-t-il\nx\nkHz\n"
        "anticonstitutionnellement\n\ncœur\n";
    struct dict_list_report r;
    struct dict *d = list_of(text, &core_tileset_fr, &r);
    cr_assert_eq(r.read, 11);
    cr_assert_eq(r.capitalised, 2, "Été and Paris: %zu", r.capitalised);
    cr_assert_eq(r.abbreviations, 1);
    cr_assert_eq(r.unspellable, 1);
    cr_assert_eq(r.too_short, 1);
    cr_assert_eq(r.too_long, 1);
    cr_assert_eq(r.duplicates, 1, "rôle and role spell the same tiles");
    cr_assert_eq(r.kept, 4);
    cr_assert_eq(r.nbad, 1);
    cr_assert_eq(r.bad_char[0], '-');
    cr_assert_eq(r.bad_count[0], 1);
    cr_assert(dict_contains(d, "ETE", 3));
    cr_assert(dict_contains(d, "GARCON", 6));
    cr_assert(dict_contains(d, "ROLE", 4));
    cr_assert(dict_contains(d, "COEUR", 5));
    cr_assert_not(dict_contains(d, "PARIS", 5));
    dict_free(d);
}

Test(dict_list, german_keeps_its_nouns)
{
    static const char text[] = "Haus\nStraße\nGmbH\ngehen\n";
    struct dict_list_report r;
    struct dict *d = list_of(text, &core_tileset_de, &r);
    cr_assert(r.nouns_kept);
    cr_assert_eq(r.kept, 3, "%zu kept, %zu abbreviations, %zu unspellable",
                 r.kept, r.abbreviations, r.unspellable);
    cr_assert_eq(r.abbreviations, 1);
    cr_assert_eq(r.capitalised, 0);
    /* German's tile bytes are its machine letters (Ä after A). */
    char tiles[15];
    size_t bad;
    size_t n = core_tileset_spell(&core_tileset_de, "STRASSE", 7, tiles,
                                  sizeof tiles, &bad);
    cr_assert_eq(n, 7);
    cr_assert(dict_contains(d, tiles, n));
    dict_free(d);
}

Test(dict_list, a_list_in_capitals_keeps_every_entry)
{
    static const char text[] = "CHAT\nAB\nZZZ\n";
    struct dict_list_report r;
    struct dict *d = list_of(text, &core_tileset_english, &r);
    cr_assert(r.all_capitals);
    cr_assert_eq(r.kept, 3);
    dict_free(d);
}

Test(dict_list, a_json_array_of_strings)
{
    static const char text[] =
        " [\"ni\\u00f1o\", \"perro\",\"\\\"x\\\"\" , \"caballo\"]\n";
    struct dict_list_report r;
    struct dict *d = list_of(text, &core_tileset_es, &r);
    cr_assert_eq(r.read, 4);
    cr_assert_eq(r.kept, 3);
    cr_assert_eq(r.unspellable, 1);
    cr_assert_eq(r.bad_char[0], '"');
    dict_free(d);
}

Test(dict_list, malformed_json_is_refused_naming_the_entry)
{
    static const char text[] = "[\"uno\", \"dos\\q\"]";
    struct dict_list_report r;
    struct clb_error err;
    struct dict *d = NULL;
    cr_assert_eq(dict_from_list(text, strlen(text), "es.json",
                                &core_tileset_es, NULL, &r, &d, &err),
                 CLB_ERR_BAD_LEXICON);
    cr_assert_null(d);
    cr_assert(strstr(err.detail, "es.json: entry 2: a malformed escape") !=
                  NULL,
              "%s", err.detail);
}

Test(dict_list, a_list_of_no_words_is_refused)
{
    static const char text[] = "Paris\nx\n";
    struct dict_list_report r;
    struct clb_error err;
    struct dict *d = NULL;
    cr_assert_eq(dict_from_list(text, strlen(text), "names",
                                &core_tileset_fr, NULL, &r, &d, &err),
                 CLB_ERR_BAD_LEXICON);
    cr_assert(strstr(err.detail, "no entry of the list is a word") != NULL,
              "%s", err.detail);
}

Test(dict_list, latin1_becomes_utf8)
{
    size_t n = 0;
    char *s = dict_latin1_to_utf8("bl\xe5 \xe6", 5, &n);
    cr_assert_eq(n, 7);
    cr_assert(memcmp(s, "blå æ", 7) == 0);
    free(s);
}

/* A French lexicon saved to a temporary file: its path into path. */
static struct dict *saved(char *path, size_t cap)
{
    struct dict_list_report r;
    struct dict *d = list_of("été\ngarçon\ncœur\nchat\n", &core_tileset_fr, &r);
    snprintf(path, cap, "/tmp/clb-test-list-%d.clx", (int)getpid());
    struct clb_error err;
    cr_assert_eq(dict_save_compiled(d, path, &err), CLB_ERR_OK, "%s",
                 err.detail);
    return d;
}

Test(dict_list, mapped_trusted_by_the_build_facts_or_checked_in_full)
{
    char path[64];
    struct dict *built = saved(path, sizeof path);
    struct dict_image_facts facts;
    dict_image_facts(built, &facts);
    struct clb_error err;
    struct dict *d = NULL;
    bool trusted = true;
    cr_assert_eq(dict_map(path, NULL, 0, &trusted, &d, &err), CLB_ERR_OK,
                 "%s", err.detail);
    cr_assert_not(trusted);
    cr_assert_eq(dict_fingerprint(d), dict_fingerprint(built));
    cr_assert_eq(dict_tileset(d), &core_tileset_fr);
    cr_assert(dict_contains(d, "GARCON", 6));
    dict_free(d);
    cr_assert_eq(dict_map(path, &facts, 1, &trusted, &d, &err), CLB_ERR_OK,
                 "%s", err.detail);
    cr_assert(trusted);
    cr_assert_eq(dict_word_count(d), 4);
    cr_assert(dict_contains(d, "COEUR", 5));
    dict_free(d);
    dict_free(built);
    unlink(path);
}

Test(dict_list, a_damaged_mapped_file_is_refused_either_way)
{
    char path[64];
    struct dict *built = saved(path, sizeof path);
    struct dict_image_facts facts;
    dict_image_facts(built, &facts);
    FILE *f = fopen(path, "r+b");
    cr_assert(f != NULL);
    cr_assert(fseek(f, 80, SEEK_SET) == 0);
    int c = fgetc(f);
    cr_assert(fseek(f, 80, SEEK_SET) == 0);
    fputc(c ^ 0x10, f);
    fclose(f);
    struct clb_error err;
    struct dict *d = NULL;
    bool trusted = false;
    cr_assert_eq(dict_map(path, &facts, 1, &trusted, &d, &err),
                 CLB_ERR_BAD_LEXICON);
    cr_assert(strstr(err.detail, "checksum mismatch") != NULL, "%s",
              err.detail);
    cr_assert_eq(dict_map(path, NULL, 0, &trusted, &d, &err),
                 CLB_ERR_BAD_LEXICON);
    cr_assert_null(d);
    cr_assert_eq(dict_map("/nonexistent/x.clx", NULL, 0, &trusted, &d, &err),
                 CLB_ERR_BAD_LEXICON);
    cr_assert(strstr(err.detail, "cannot open") != NULL, "%s", err.detail);
    dict_free(built);
    unlink(path);
}
