/* tests/fuzz/fuzz_clx.c - libFuzzer target for the compiled-lexicon loader
 * (dict/dict.c, core/kwg.c): a .clx file is what an operator loads with
 * --lexicon, and its word graph is then walked by every lookup and by the
 * move generator without bounds checks, so the loader's check is all that
 * stands between a forged file and the search.
 *
 * The first input byte chooses the mode. Without bit 7 the rest of the
 * input is the word graph's nodes (little-endian, a multiple of 4 bytes),
 * and the target writes a valid header in front of them: magic, version,
 * sizes, node count, the CRC, and (unless bit 0) the word count the graph
 * really has; without that the fuzzer would hardly ever get past the CRC
 * and the count, and the graph is what needs exploring. With bit 7 the
 * rest is the whole file as it stands, its CRC fixed when bit 6 is set:
 * the header's own checks.
 *
 * On whatever the loader accepts it looks words up (each word the DAWG
 * spells must be found, and words cut from the input must not crash) and
 * generates plays on an empty board and on one holding a word of the list,
 * for a rack cut from the input. Besides "no crash, no leak, no UB", it
 * checks the contract the server relies on: a refusal is
 * CLB_ERR_BAD_LEXICON with a printable detail, and every play the
 * generator finds is one the rules accept with the same list, for the same
 * points (the review, /api/v1/plays and the blocked ending all trust it).
 * Build and run: bash tests/fuzz/run.sh [SECONDS].
 */
/* SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/movegen.h"
#include "../../dict/dict.h"
#include "../../dict/dict_format.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Plays checked against the rules per position: enough to cover every
 * shape a small forged graph spells, bounded so one input stays fast. */
#define FUZZ_PLAYS 64
/* Words of the DAWG looked up again: the lists a fuzzer makes are small. */
#define FUZZ_WORDS 256

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz_clx: %s (%s)\n", what, detail);
    abort();
}

static void check_refusal(enum clb_err rc, const struct clb_error *err)
{
    if (rc != CLB_ERR_BAD_LEXICON || err->code != rc)
        fail("refused with an unexpected code", err->detail);
    size_t n = strnlen(err->detail, sizeof err->detail);
    if (n == 0 || n == sizeof err->detail)
        fail("detail empty or not terminated", err->detail);
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)err->detail[i] < 0x20 ||
            (unsigned char)err->detail[i] == 0x7f)
            fail("detail holds a control character", err->detail);
}

/* The words the DAWG spells, depth first, up to FUZZ_WORDS of them; each
 * must be found by dict_contains(). *first gets the first of 2..15
 * letters (len 0 if none). */
struct walk {
    const struct dict *d;
    const struct core_kwg *g;
    int seen;
    char word[CLB_WORD_MAX + 1];
    char first[CLB_WORD_MAX + 1];
    size_t first_len;
};

static void walk_words(struct walk *w, uint32_t list, size_t depth)
{
    if (list == 0 || depth >= CLB_WORD_MAX || w->seen >= FUZZ_WORDS)
        return;
    for (unsigned t = 1; t < CORE_KWG_TILES; t++) {
        uint32_t arc = core_kwg_arc(w->g, list, t);
        if (arc == 0)
            continue;
        w->word[depth] = (char)('A' + t - 1);
        size_t len = depth + 1;
        if (core_kwg_accepts(arc) && len >= CLB_WORD_MIN) {
            w->seen++;
            if (!dict_contains(w->d, w->word, len))
                fail("a word the graph spells is not found", "");
            if (w->first_len == 0) {
                memcpy(w->first, w->word, len);
                w->first_len = len;
            }
        }
        walk_words(w, core_kwg_target(arc), len);
    }
}

/* Every play the generator finds for the player to move in *g must be
 * one core_move_check() accepts, for the same points; the cheaper
 * searches must agree with the full list. */
static void check_plays(const struct dict *d, const struct core_game *g)
{
    static struct core_play plays[FUZZ_PLAYS];
    struct core_movegen mg;
    struct core_lexicon lex = dict_lexicon(d);
    const struct core_rack *rack = &g->hands[g->turn];
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g->board,
                      dict_graph(d));
    size_t n = core_movegen_all(&mg, rack, plays, FUZZ_PLAYS);
    if (core_movegen_any(&mg, rack) != (n > 0))
        fail("core_movegen_any disagrees with the list", "");
    struct core_play best, top[3];
    bool has_best = core_movegen_best(&mg, rack, &best);
    if (has_best != (n > 0))
        fail("core_movegen_best disagrees with the list", "");
    size_t ntop = core_movegen_top(&mg, rack, top, 3);
    if (ntop != n)
        fail("core_movegen_top counts differently", "");
    if (has_best && core_play_compare(&best, &top[0]) != 0)
        fail("the best play is not the top play", "");
    for (size_t i = 0; i < n && i < FUZZ_PLAYS; i++) {
        struct core_move move;
        struct core_move_result res;
        struct clb_error err;
        clb_error_clear(&err);
        core_play_to_move(&plays[i], (const char(*)[CLB_BOARD_SIZE])g->board,
                          &move);
        if (core_move_check(g, &move, &lex, &res, &err) != CLB_ERR_OK)
            fail("the generator found a play the rules refuse", err.detail);
        if (res.points != plays[i].points)
            fail("the generator scored a play differently", "");
    }
}

/* A position for the checks: an empty board or one holding `word` across
 * the centre, and a rack of up to 7 tiles (letters and blanks) from the
 * input. Not a conserved game: the rules' play checks do not need one. */
static void position(struct core_game *g, const char *word, size_t len,
                     const uint8_t *data, size_t size)
{
    memset(g, 0, sizeof *g);
    memset(g->board, CORE_EMPTY, sizeof g->board);
    g->turn = CORE_P1;
    int col = CLB_CENTER - (int)len / 2;
    for (size_t i = 0; i < len; i++)
        g->board[CLB_CENTER][col + (int)i] = word[i];
    struct core_rack *rack = &g->hands[CORE_P1];
    for (size_t i = 0; i < size && rack->count < CLB_RACK_SIZE; i++) {
        unsigned v = data[i] % (core_tileset_english.n + 1);
        rack->tiles[rack->count++] =
            v == core_tileset_english.n ? CORE_BLANK : (char)('A' + v);
    }
}

/* A valid header in front of `nodes` bytes of nodes at image + 64. */
static void write_header(unsigned char *image, size_t nodes_bytes,
                         bool count_from_input, uint32_t input_words)
{
    memset(image, 0, DICT_HEADER_BYTES);
    memcpy(image, DICT_MAGIC, DICT_MAGIC_LEN);
    dict_wr32(image + DICT_OFF_VERSION, DICT_VERSION);
    dict_wr32(image + DICT_OFF_HEADER_BYTES, DICT_HEADER_BYTES);
    dict_wr32(image + DICT_OFF_FILE_BYTES,
              (uint32_t)(DICT_HEADER_BYTES + nodes_bytes));
    size_t count = nodes_bytes / 4;
    dict_wr32(image + DICT_OFF_NODES, (uint32_t)count);
    uint32_t words = input_words;
    if (!count_from_input && count >= CORE_KWG_MIN_NODES) {
        /* The count the graph has, so the loader goes on to the rest. */
        uint32_t *nodes = malloc(count * sizeof *nodes);
        uint32_t *scratch =
            malloc(CORE_KWG_CHECK_SCRATCH(count) * sizeof *scratch);
        if (nodes == NULL || scratch == NULL)
            fail("out of memory", "");
        for (size_t i = 0; i < count; i++)
            nodes[i] = dict_rd32(image + DICT_HEADER_BYTES + 4 * i);
        struct clb_error err;
        clb_error_clear(&err);
        if (core_kwg_check(nodes, count, core_tileset_english.n, scratch, &words,
                           &err) != CLB_ERR_OK)
            words = 0;
        free(scratch);
        free(nodes);
    }
    dict_wr32(image + DICT_OFF_WORDS, words);
    size_t size = DICT_HEADER_BYTES + nodes_bytes;
    dict_wr32(image + DICT_OFF_CRC, dict_image_crc(image, size));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    uint8_t mode = data[0];
    data++;
    size--;
    unsigned char *image;
    size_t len;
    if (mode & 0x80) {
        len = size;
        image = malloc(len + 1);
        if (image == NULL)
            fail("out of memory", "");
        memcpy(image, data, size);
        if ((mode & 0x40) && len >= DICT_HEADER_BYTES)
            dict_wr32(image + DICT_OFF_CRC, dict_image_crc(image, len));
    } else {
        size_t nodes_bytes = size & ~(size_t)3;
        len = DICT_HEADER_BYTES + nodes_bytes;
        image = malloc(len);
        if (image == NULL)
            fail("out of memory", "");
        memcpy(image + DICT_HEADER_BYTES, data, nodes_bytes);
        uint32_t input_words = size >= 4 ? dict_rd32(data) : 0;
        write_header(image, nodes_bytes, (mode & 1) != 0, input_words);
    }

    struct dict *d = NULL;
    struct clb_error err;
    enum clb_err rc = dict_from_compiled(image, len, "fuzz.clx", &d, &err);
    free(image);
    if (rc != CLB_ERR_OK) {
        check_refusal(rc, &err);
        if (d != NULL)
            fail("a refusal that returned a lexicon", err.detail);
        return 0;
    }
    if (d == NULL || dict_word_count(d) == 0)
        fail("accepted without words", "");

    /* Lookups: every word the DAWG spells, then slices of the input as
     * words (found or not, never a crash), NULL and the empty word. */
    struct walk w = {.d = d, .g = dict_graph(d)};
    walk_words(&w, core_kwg_dawg_root(w.g), 0);
    char word[CLB_WORD_MAX + 2];
    for (size_t at = 0; at + 1 < size; at += 3) {
        size_t n = 1 + data[at] % (CLB_WORD_MAX + 1);
        size_t k = 0;
        for (; k < n && at + 1 + k < size; k++)
            word[k] = (char)('A' + data[at + 1 + k] % core_tileset_english.n);
        (void)dict_contains(d, word, k);
    }
    (void)dict_contains(d, NULL, 0);
    (void)dict_contains(d, "", 0);
    (void)dict_fingerprint(d);

    /* Plays: on an empty board, and through the first word of the list. */
    struct core_game g;
    position(&g, "", 0, data, size);
    check_plays(d, &g);
    if (w.first_len > 0) {
        position(&g, w.first, w.first_len, data + (size > 7 ? 7 : 0),
                 size > 7 ? size - 7 : size);
        check_plays(d, &g);
    }
    dict_free(d);
    return 0;
}
