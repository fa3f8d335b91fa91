/* tests/support/test_support.c - the builders of test_support.h. */
/* SPDX-License-Identifier: MIT */
#include "test_support.h"

#include <criterion/criterion.h>
#include <string.h>

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

static void bag_take(struct core_game *g, char tile)
{
    int kind = core_tile_kind(tile);
    cr_assert(kind >= 0, "bad tile %c", tile);
    cr_assert(g->bag[kind] > 0, "no %c left in the bag", tile);
    g->bag[kind]--;
}

void ts_rack(struct core_game *g, enum core_player who, const char *tiles)
{
    struct core_rack *rack = &g->hands[who];
    for (int i = 0; i < rack->count; i++)
        g->bag[core_tile_kind(rack->tiles[i])]++;
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
    for (int k = 0; k < CLB_TILE_KINDS; k++)
        g->bag[k] = core_tile_distribution(k);
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
        bag_take(g, core_is_lower(ch) ? CORE_BLANK : ch);
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
        if (core_is_lower(ch))
            ts_place(m, r, c, (char)(ch - 'a' + 'A'), true);
        else
            ts_place(m, r, c, ch, false);
    }
}
