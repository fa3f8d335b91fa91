/* tests/dict/test_forged.c - compiled lexicons forged by hand, loaded from
 * memory (dict_from_compiled): a word graph that breaks the layout of
 * core/kwg.h in any way is refused for that reason; and one whose every
 * walk is safe (core_kwg_check) but whose GADDAG spells other words than
 * its DAWG must be refused, or the move generator finds plays the rules
 * then refuse (found by tests/fuzz/fuzz_clx.c). */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/movegen.h"
#include "../../dict/dict.h"
#include "../../dict/dict_format.h"

/* Nodes in the layout of core/kwg.h: an arc of tile c (a letter, or SEP
 * for the separator) with marks, leading to list `to`; a header with these
 * letters. */
#define L(c) ((c) - 'A' + 1)
#define SEP 0
#define ARC(tile, marks, to)                                                   \
    ((uint32_t)(tile) << CORE_KWG_TILE_SHIFT | (marks) | (to))
#define ACCEPT CORE_KWG_ACCEPTS
#define END CORE_KWG_END
#define HEAD CORE_KWG_HEADED
#define T(c) (1u << L(c))

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

/* The word AB: DAWG A -> {B$}; GADDAG "A<sep>B" and "BA", its root
 * given a header (a plain list would do; the reader takes both). */
// clang-format off
static const uint32_t word_ab[] = {
    6, 7 | HEAD, 7,                 /* the roots; H, the headed lists */
    ARC(L('B'), ACCEPT | END, 0),   /* 3: {B$} */
    ARC(L('A'), ACCEPT | END, 0),   /* 4: {A$} */
    ARC(SEP, END, 3),               /* 5: {sep -> 3} */
    ARC(L('A'), END, 3),            /* 6: DAWG root {A -> 3} */
    T('A') | T('B'),                /* 7: GADDAG root {A -> 5, B -> 4} */
    ARC(L('A'), 0, 5),
    ARC(L('B'), END, 4),
};
// clang-format on

Test(dict_forged, a_graph_whose_gaddag_matches_its_dawg_loads)
{
    struct dict *d = NULL;
    struct clb_error err;
    cr_assert_eq(load(word_ab, sizeof word_ab / 4, 1, &d, &err), CLB_ERR_OK,
                 "%s", err.detail);
    cr_assert(dict_contains(d, "AB", 2));
    cr_assert_not(dict_contains(d, "BA", 2));
    cr_assert_not(dict_contains(d, "A", 1));
    assert_plays_legal(d);
    dict_free(d);
}

/* Each way a forged graph can break the layout, on the word AB: refused
 * by the check, naming the node and what is wrong with it. */
Test(dict_forged, a_broken_layout_is_refused_for_its_reason)
{
    static const struct {
        size_t at;
        uint32_t value;
        const char *why;
    } cases[] = {
        /* indices out of range, looping, or leading upwards */
        {6, ARC(L('A'), END, CORE_KWG_INDEX_MASK),
         "node 6: an arc to a place that is not a list below it"},
        {6, ARC(L('A'), END, 10),
         "node 6: an arc to a place that is not a list below it"},
        {6, ARC(L('A'), END, 6),
         "node 6: an arc to a place that is not a list below it"},
        {5, ARC(SEP, END, 6),
         "node 5: an arc to a place that is not a list below it"},
        {8, ARC(L('A'), 0, 8),
         "node 8: an arc to a place that is not a list below it"},
        /* a header's mark on a plain list, none on a headed one, a plain
         * reference into the headed lists, or to the node that holds H */
        {6, ARC(L('A'), END, 3 | HEAD),
         "node 6: an arc to a place that is not a list below it"},
        {1, 7, "node 1: a root that is not a list"},
        {0, 8, "node 0: a root that is not a list"},
        {6, ARC(L('A'), END, 2),
         "node 6: an arc to a place that is not a list below it"},
        /* tiles past the set (English's, every set's), a separator that
         * ends a word, an arc to nowhere */
        {3, ARC(27, ACCEPT | END, 0),
         "node 3: an arc of a tile past the tile set"},
        {3, ARC(33, ACCEPT | END, 0),
         "node 3: an arc of a tile past the tile set"},
        {5, ARC(SEP, ACCEPT | END, 3), "node 5: a separator that ends a word"},
        {6, ARC(L('A'), END, 0), "node 6: an arc that leads nowhere"},
        /* lists without their end, or out of order */
        {6, ARC(L('A'), 0, 3), "node 6: a list with no last arc"},
        {4, ARC(L('A'), ACCEPT, 0),
         "node 5: a list whose tiles are out of order"},
        {9, ARC(L('B'), 0, 4), "node 9: a list with no last arc"},
        {8, ARC(L('A'), END, 5), "node 8: a list marked last before its end"},
        /* headers that disagree with their arcs */
        {7, T('A') | T('C'), "node 9: an arc whose tile is not its header's"},
        {7, T('B') | T('C'), "node 8: an arc whose tile is not its header's"},
        {7, T('A') | T('B') | T('C'), "node 7: a list cut short by the end"},
        {7, 0, "node 7: not a list header"},
        {7, T('A') | 1u << 27, "node 7: not a list header"},
        /* H out of range */
        {2, 11, "node 2: the headed lists' start is out of range"},
        {2, 2, "node 2: the headed lists' start is out of range"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        uint32_t nodes[sizeof word_ab / 4];
        memcpy(nodes, word_ab, sizeof nodes);
        nodes[cases[c].at] = cases[c].value;
        struct dict *d = NULL;
        struct clb_error err;
        cr_assert_eq(load(nodes, sizeof nodes / 4, 1, &d, &err),
                     CLB_ERR_BAD_LEXICON, "case %zu loaded", c);
        cr_assert_null(d);
        char want[CLB_ERR_DETAIL_MAX];
        snprintf(want, sizeof want, "forged.clx: corrupt: word graph %s",
                 cases[c].why);
        cr_assert_str_eq(err.detail, want, "case %zu", c);
    }
}

Test(dict_forged, a_gaddag_of_other_words_is_refused)
{
    /* DAWG: AB. GADDAG: "A<sep>C" and "CA", the forms of AC: as many
     * strings as AB has letters, every walk safe, and the generator would
     * offer AC, which the rules refuse. */
    // clang-format off
    static const uint32_t nodes[] = {
        7, 8, 10,                       /* the roots; no headed lists */
        ARC(L('B'), ACCEPT | END, 0),   /* 3: {B$} */
        ARC(L('C'), ACCEPT | END, 0),   /* 4: {C$} */
        ARC(L('A'), ACCEPT | END, 0),   /* 5: {A$} */
        ARC(SEP, END, 4),               /* 6: {sep -> 4} */
        ARC(L('A'), END, 3),            /* 7: DAWG root {A -> 3} */
        ARC(L('A'), 0, 6),              /* 8: GADDAG root {A -> 6, C -> 5} */
        ARC(L('C'), END, 5),
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
        6, 7, 10,                       /* the roots; no headed lists */
        ARC(L('B'), ACCEPT | END, 0),   /* 3: {B$} */
        ARC(L('A'), ACCEPT | END, 0),   /* 4: {A$} */
        ARC(SEP, END, 3),               /* 5: {sep -> 3} */
        ARC(L('A'), END, 3),            /* 6: DAWG root {A -> 3} */
        ARC(L('A'), 0, 5),              /* 7: {A -> 5, B -> 4, C -> 4} */
        ARC(L('B'), 0, 4),
        ARC(L('C'), END, 4),
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
        6, 7, 9,                         /* the roots; no headed lists */
        ARC(L('B'), ACCEPT | END, 0),    /* 3: {B$} */
        ARC(L('A'), ACCEPT | END, 0),    /* 4: {A$} */
        ARC(SEP, END, 3),                /* 5: {sep -> 3} */
        ARC(L('A'), ACCEPT | END, 3),    /* 6: DAWG root {A$ -> 3} */
        ARC(L('A'), ACCEPT, 5),          /* 7: GADDAG {A$ -> 5, B -> 4} */
        ARC(L('B'), END, 4),
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
