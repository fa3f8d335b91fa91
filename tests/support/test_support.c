/* tests/support/test_support.c - the builders of test_support.h. */
/* SPDX-License-Identifier: MIT */
#include "test_support.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../dict/dict.h"

static bool words_contains(const void *ctx, const char *word, size_t len)
{
    for (const char *const *w = ctx; *w != NULL; w++)
        if (strlen(*w) == len && memcmp(*w, word, len) == 0)
            return true;
    return false;
}

struct core_lexicon ts_lexicon(const char *const *words)
{
    struct core_lexicon lex = {words_contains, words, NULL};
    return lex;
}

static bool any_word(const void *ctx, const char *word, size_t len)
{
    (void)ctx;
    (void)word;
    (void)len;
    return true;
}

struct core_lexicon ts_any_word(void)
{
    struct core_lexicon lex = {any_word, NULL, NULL};
    return lex;
}

/* xorshift64*: a small, seeded generator for the tests' random games. */
static uint32_t rnd(uint64_t *s, uint32_t bound)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return (uint32_t)((*s * UINT64_C(2685821657736338717)) >> 33) % bound;
}

static bool is_filled(const struct core_game *g, int r, int c)
{
    return r >= 0 && r < CLB_BOARD_SIZE && c >= 0 && c < CLB_BOARD_SIZE &&
           g->board[r][c] != CORE_EMPTY;
}

/* A random play: k random rack tiles on the empty squares that follow a
 * start square next to a tile (or the centre), across or down. */
static void random_play(const struct core_game *g, uint64_t *rng,
                        struct core_move *m)
{
    const struct core_rack *rack = &g->hands[g->turn];
    int k = 1 + (int)rnd(rng, (uint32_t)rack->count);
    bool across = rnd(rng, 2) == 0;
    int dr = across ? 0 : 1, dc = across ? 1 : 0;
    int r = CLB_CENTER, c = CLB_CENTER;
    if (!core_board_empty(g)) {
        for (int tries = 0; tries < 400; tries++) {
            r = (int)rnd(rng, CLB_BOARD_SIZE);
            c = (int)rnd(rng, CLB_BOARD_SIZE);
            if (!is_filled(g, r, c) &&
                (is_filled(g, r - 1, c) || is_filled(g, r + 1, c) ||
                 is_filled(g, r, c - 1) || is_filled(g, r, c + 1)))
                break;
        }
    } else if (k < 2) {
        k = 2;
    }
    /* Start a few squares back, so the anchor may fall inside the word. */
    int back = (int)rnd(rng, (uint32_t)k);
    for (int i = 0; i < back && r - dr >= 0 && c - dc >= 0 &&
                    !is_filled(g, r - dr, c - dc);
         i++) {
        r -= dr;
        c -= dc;
    }
    char tiles[CLB_RACK_SIZE];
    memcpy(tiles, rack->tiles, (size_t)rack->count);
    int left = rack->count;
    ts_move_play(m);
    for (int j = 0; j < k; j++) {
        while (is_filled(g, r, c)) {
            r += dr;
            c += dc;
        }
        int pick = (int)rnd(rng, (uint32_t)left);
        char t = tiles[pick];
        tiles[pick] = tiles[--left];
        if (t == CORE_BLANK)
            ts_place(m, r, c, (char)('A' + rnd(rng, 26)), true);
        else
            ts_place(m, r, c, t, false);
        r += dr;
        c += dc;
    }
}

void ts_random_move(const struct core_game *g, const struct core_lexicon *lex,
                    uint64_t *rng, struct core_move *m)
{
    struct core_move_result res;
    struct clb_error err;
    uint32_t roll = rnd(rng, 100);
    memset(m, 0, sizeof *m);
    if (roll < 4 && core_bag_count(g) >= CLB_EXCHANGE_MIN_BAG) {
        const struct core_rack *rack = &g->hands[g->turn];
        m->type = CORE_MOVE_EXCHANGE;
        for (int i = 0; i < rack->count; i++)
            if (m->ntiles == 0 || rnd(rng, 2))
                m->exchange[m->ntiles++] = rack->tiles[i];
        return;
    }
    if (roll >= 7 && g->hands[g->turn].count > 0)
        for (int tries = 0; tries < 60; tries++) {
            random_play(g, rng, m);
            if (core_move_check(g, m, lex, &res, &err) == CLB_ERR_OK)
                return;
        }
    memset(m, 0, sizeof *m);
    m->type = CORE_MOVE_PASS;
}

static void bag_take(struct core_game *g, char tile)
{
    int kind = core_tile_kind(&core_tileset_english, tile);
    cr_assert(kind >= 0, "bad tile %c", tile);
    cr_assert(g->bag[kind] > 0, "no %c left in the bag", tile);
    g->bag[kind]--;
}

void ts_rack(struct core_game *g, enum core_player who, const char *tiles)
{
    struct core_rack *rack = &g->hands[who];
    for (int i = 0; i < rack->count; i++)
        g->bag[core_tile_kind(&core_tileset_english, rack->tiles[i])]++;
    rack->count = 0;
    for (const char *t = tiles; *t; t++) {
        cr_assert(rack->count < CLB_RACK_SIZE);
        bag_take(g, *t);
        rack->tiles[rack->count++] = *t;
    }
}

void ts_game(struct core_game *g, const char *p1_rack, const char *p2_rack)
{
    memset(g, 0, sizeof *g);
    strcpy(g->game_id, "test");
    memset(g->board, CORE_EMPTY, sizeof g->board);
    for (int k = 0; k < (core_tileset_english.n + 1); k++)
        g->bag[k] = core_tile_distribution(&core_tileset_english, k);
    ts_rack(g, CORE_P1, p1_rack);
    ts_rack(g, CORE_P2, p2_rack);
    g->turn = CORE_P1;
}

void ts_board_word(struct core_game *g, int row, int col, bool across,
                   const char *word)
{
    for (size_t i = 0; word[i]; i++) {
        int r = row + (across ? 0 : (int)i), c = col + (across ? (int)i : 0);
        char ch = word[i];
        bag_take(g, core_tile_is_blank_letter(ch, core_tileset_english.n)
                        ? CORE_BLANK
                        : ch);
        g->board[r][c] = ch;
    }
}

void ts_empty_bag(struct core_game *g)
{
    memset(g->bag, 0, sizeof g->bag);
}

void ts_move_play(struct core_move *m)
{
    memset(m, 0, sizeof *m);
    m->type = CORE_MOVE_PLAY;
}

void ts_place(struct core_move *m, int row, int col, char letter, bool blank)
{
    cr_assert(m->ntiles < CLB_RACK_SIZE);
    struct core_placement *t = &m->tiles[m->ntiles++];
    t->row = row;
    t->col = col;
    t->letter = letter;
    t->blank = blank;
}

void ts_play_word(struct core_move *m, const struct core_game *g, int row,
                  int col, bool across, const char *word)
{
    ts_move_play(m);
    for (size_t i = 0; word[i]; i++) {
        int r = row + (across ? 0 : (int)i), c = col + (across ? (int)i : 0);
        if (g->board[r][c] != CORE_EMPTY)
            continue;
        char ch = word[i];
        if (core_tile_is_blank_letter(ch, core_tileset_english.n))
            ts_place(m, r, c, (char)(ch - 'a' + 'A'), true);
        else
            ts_place(m, r, c, ch, false);
    }
}

char *ts_urlenc(const char *s)
{
    char *out = malloc(strlen(s) * 3 + 1), *o = out;
    cr_assert_not_null(out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
            (c >= '0' && c <= '9') || c == '-' || c == '_')
            *o++ = (char)c;
        else
            o += sprintf(o, "%%%02X", c);
    }
    *o = '\0';
    return out;
}

char *ts_state_fields(const char *s, const char *more)
{
    char *es = ts_urlenc(s);
    char *out = malloc(strlen(es) + strlen(more) + 8);
    cr_assert_not_null(out);
    sprintf(out, "s=%s%s", es, more);
    free(es);
    return out;
}

char *ts_state_body(const char *s, const char *more)
{
    char *out = malloc(strlen(s) + strlen(more) + 32);
    cr_assert_not_null(out);
    sprintf(out, "{\"state\":\"%s\"%s}", s, more);
    return out;
}

const char ts_b64url[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

uint32_t ts_crc24(const unsigned char *p, size_t n)
{
    uint32_t crc = 0xB704CEu;
    while (n--) {
        crc ^= (uint32_t)*p++ << 16;
        for (int i = 0; i < 8; i++) {
            crc <<= 1;
            if (crc & 0x1000000u)
                crc ^= 0x1864CFBu;
        }
    }
    return crc & 0xFFFFFFu;
}

void ts_forge_link2_crc(char *s, size_t len)
{
    unsigned char buf[CLB_MAX_LINK2_CHARS + 1];
    buf[0] = (unsigned char)s[0];
    memcpy(buf + 1, s + 5, len - 5);
    uint32_t crc = ts_crc24(buf, len - 4);
    for (int i = 4; i >= 1; i--, crc >>= 6)
        s[i] = ts_b64url[crc & 63u];
}

void ts_sowpods_context(struct srv_context *ctx)
{
    struct clb_error err;
    memset(ctx, 0, sizeof *ctx);
    cr_assert_eq(dict_load(CLB_TEST_LEXICON, &ctx->lexicons[0], &err),
                 CLB_ERR_OK, "%s", err.detail);
    strcpy(ctx->lexicon_names[0], "sowpods");
    ctx->nlexicons = 1;
}

void ts_context_free(struct srv_context *ctx)
{
    for (int i = 0; i < ctx->nlexicons; i++)
        dict_free(ctx->lexicons[i]);
    memset(ctx, 0, sizeof *ctx);
}

char *ts_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot open %s", path);
    cr_assert_eq(fseek(f, 0, SEEK_END), 0);
    long size = ftell(f);
    cr_assert_geq(size, 0);
    rewind(f);
    char *buf = malloc((size_t)size + 1);
    cr_assert_not_null(buf);
    size_t n = fread(buf, 1, (size_t)size, f);
    cr_assert_eq(n, (size_t)size, "cannot read %s", path);
    fclose(f);
    buf[n] = '\0';
    if (len != NULL)
        *len = n;
    return buf;
}

int ts_count(const char *h, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(h, needle); p != NULL;
         p = strstr(p + 1, needle))
        n++;
    return n;
}
