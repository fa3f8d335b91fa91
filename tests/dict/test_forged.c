/* tests/dict/test_forged.c - compiled lexicons forged by hand, loaded from
 * memory (dict_from_compiled): a word graph whose every walk is safe
 * (core_kwg_check) but whose GADDAG spells other words than its DAWG must
 * be refused, or the move generator finds plays the rules then refuse
 * (found by tests/fuzz/fuzz_clx.c). */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/movegen.h"
#include "../../dict/dict.h"
#include "../../dict/dict_format.h"

/* A list header with these tiles (1..26 for A..Z, 0 the separator). */
#define T(c) (1u << ((c) - 'A' + 1))
#define SEP 1u
#define ACCEPT CORE_KWG_ACCEPTS

/* A .clx image of `count` nodes with a valid header (words as the DAWG
 * has them) into a new buffer of *len bytes. */
static unsigned char *image_of(const uint32_t *nodes, size_t count,
                               uint32_t words, size_t *len)
{
    *len = DICT_HEADER_BYTES + 4 * count;
    unsigned char *img = calloc(1, *len);
    cr_assert_not_null(img);
    memcpy(img, DICT_MAGIC, DICT_MAGIC_LEN);
    dict_wr32(img + DICT_OFF_VERSION, DICT_VERSION);
    dict_wr32(img + DICT_OFF_HEADER_BYTES, DICT_HEADER_BYTES);
    dict_wr32(img + DICT_OFF_FILE_BYTES, (uint32_t)*len);
    dict_wr32(img + DICT_OFF_WORDS, words);
    dict_wr32(img + DICT_OFF_NODES, (uint32_t)count);
    for (size_t i = 0; i < count; i++)
        dict_wr32(img + DICT_HEADER_BYTES + 4 * i, nodes[i]);
    dict_wr32(img + DICT_OFF_CRC, dict_image_crc(img, *len));
    return img;
}

static enum clb_err load(const uint32_t *nodes, size_t count, uint32_t words,
                         struct dict **d, struct clb_error *err)
{
    size_t len;
    unsigned char *img = image_of(nodes, count, words, &len);
    enum clb_err rc = dict_from_compiled(img, len, "forged.clx", d, err);
    free(img);
    return rc;
}

/* Every play of rack "AC?" on an empty board must be one the rules take. */
static void assert_plays_legal(const struct dict *d)
{
    struct core_game g;
    memset(&g, 0, sizeof g);
    memset(g.board, CORE_EMPTY, sizeof g.board);
    g.hands[CORE_P1].count = 3;
    memcpy(g.hands[CORE_P1].tiles, "ABC", 3);
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g.board,
                      dict_graph(d));
    struct core_play plays[64];
    size_t n = core_movegen_all(&mg, &g.hands[CORE_P1], plays, 64);
    struct core_lexicon lex = dict_lexicon(d);
    cr_assert_gt(n, 0);
    for (size_t i = 0; i < n && i < 64; i++) {
        struct core_move m;
        struct core_move_result r;
        struct clb_error err;
        core_play_to_move(&plays[i], (const char(*)[CLB_BOARD_SIZE])g.board,
                          &m);
        cr_assert_eq(core_move_check(&g, &m, &lex, &r, &err), CLB_ERR_OK,
                     "a generated play is refused: %s", err.detail);
    }
}

/* The word AB, as the compiler lays it out: DAWG A -> {B$}; GADDAG
 * "A<sep>B" and "BA". */
Test(dict_forged, a_graph_whose_gaddag_matches_its_dawg_loads)
{
    // clang-format off
    static const uint32_t nodes[] = {
        8,  10,                   /* the roots */
        T('B'), ACCEPT,           /* 2: {B$} */
        T('A'), ACCEPT,           /* 4: {A$} */
        SEP, 2,                   /* 6: {sep -> 2} */
        T('A'), 2,                /* 8: DAWG root {A -> 2} */
        T('A') | T('B'), 6, 4,    /* 10: GADDAG root {A -> 6, B -> 4} */
    };
    // clang-format on
    struct dict *d = NULL;
    struct clb_error err;
    cr_assert_eq(load(nodes, sizeof nodes / 4, 1, &d, &err), CLB_ERR_OK, "%s",
                 err.detail);
    cr_assert(dict_contains(d, "AB", 2));
    assert_plays_legal(d);
    dict_free(d);
}

Test(dict_forged, a_gaddag_of_other_words_is_refused)
{
    /* DAWG: AB. GADDAG: "A<sep>C" and "CA", the forms of AC: as many
     * strings as AB has letters, every walk safe, and the generator would
     * offer AC, which the rules refuse. */
    // clang-format off
    static const uint32_t nodes[] = {
        10, 12,                   /* the roots */
        T('B'), ACCEPT,           /* 2: {B$} */
        T('C'), ACCEPT,           /* 4: {C$} */
        T('A'), ACCEPT,           /* 6: {A$} */
        SEP, 4,                   /* 8: {sep -> 4} */
        T('A'), 2,                /* 10: DAWG root {A -> 2} */
        T('A') | T('C'), 8, 6,    /* 12: GADDAG root {A -> 8, C -> 6} */
    };
    // clang-format on
    struct dict *d = NULL;
    struct clb_error err;
    cr_assert_eq(load(nodes, sizeof nodes / 4, 1, &d, &err),
                 CLB_ERR_BAD_LEXICON);
    cr_assert_null(d);
    cr_assert_str_eq(err.detail, "forged.clx: corrupt: the GADDAG spells "
                                 "other words than its DAWG");
}

Test(dict_forged, a_gaddag_with_a_string_more_is_refused)
{
    /* The forms of AB, and "CA" besides. */
    // clang-format off
    static const uint32_t nodes[] = {
        8,  10,                          /* the roots */
        T('B'), ACCEPT,                  /* 2: {B$} */
        T('A'), ACCEPT,                  /* 4: {A$} */
        SEP, 2,                          /* 6: {sep -> 2} */
        T('A'), 2,                       /* 8: DAWG root {A -> 2} */
        T('A') | T('B') | T('C'), 6, 4, 4, /* 10: {A -> 6, B -> 4, C -> 4} */
    };
    // clang-format on
    struct dict *d = NULL;
    struct clb_error err;
    cr_assert_eq(load(nodes, sizeof nodes / 4, 1, &d, &err),
                 CLB_ERR_BAD_LEXICON);
    cr_assert_str_eq(err.detail, "forged.clx: corrupt: the GADDAG holds "
                                 "strings that are not its DAWG's words");
}

Test(dict_forged, a_one_letter_word_is_refused)
{
    /* DAWG: A and AB; GADDAG: the forms of both. */
    // clang-format off
    static const uint32_t nodes[] = {
        8,  10,                   /* the roots */
        T('B'), ACCEPT,           /* 2: {B$} */
        T('A'), ACCEPT,           /* 4: {A$} */
        SEP, 2,                   /* 6: {sep -> 2} */
        T('A'), ACCEPT | 2,       /* 8: DAWG root {A$ -> 2} */
        T('A') | T('B'), ACCEPT | 6, 4, /* 10: GADDAG {A$ -> 6, B -> 4} */
    };
    // clang-format on
    struct dict *d = NULL;
    struct clb_error err;
    cr_assert_eq(load(nodes, sizeof nodes / 4, 2, &d, &err),
                 CLB_ERR_BAD_LEXICON);
    cr_assert_str_eq(err.detail, "forged.clx: corrupt: a word of one letter");
}

Test(dict_forged, the_compiled_sowpods_agrees_with_itself)
{
    struct dict *d = NULL;
    struct clb_error err;
    cr_assert_eq(dict_load(CLB_TEST_LEXICON, &d, &err), CLB_ERR_OK, "%s",
                 err.detail);
    cr_assert_eq(dict_word_count(d), 267751);
    dict_free(d);
}
