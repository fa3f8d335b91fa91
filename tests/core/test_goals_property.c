/* tests/core/test_goals_property.c - the goals the rules say a play
 * completed, against a re-check written here from the goals' sentences
 * alone: over thousands of moves of random self-play with SOWPODS (a play
 * picked among the ten best of each rack), every face-up goal is judged
 * again from the board before, the tiles placed and the score, and the two
 * must agree both ways (completed means met, and not completed means not
 * met). The words are found here by scanning the board, not taken from
 * the rules' result. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/goals.h"
#include "../../core/movegen.h"
#include "../../core/tiles.h"
#include "../../dict/dict.h"
#include "test_support.h"

/* A word formed: its letters (blank squares lowercase) and which squares
 * were placed now. */
struct word {
    int len;
    char sq[CLB_BOARD_SIZE];
    bool placed[CLB_BOARD_SIZE];
};

struct play {
    char before[CLB_BOARD_SIZE][CLB_BOARD_SIZE];
    char after[CLB_BOARD_SIZE][CLB_BOARD_SIZE];
    const struct core_move *m;
    int points;
    int nwords;
    struct word words[CLB_RACK_SIZE + 1];
    bool main_down;
};

/* The run through (r, c) along (dr, dc), if two letters or more. */
static bool run_through(struct play *p, int r, int c, int dr, int dc,
                        struct word *w)
{
    while (r - dr >= 0 && c - dc >= 0 && p->after[r - dr][c - dc] != '.') {
        r -= dr;
        c -= dc;
    }
    w->len = 0;
    while (r < CLB_BOARD_SIZE && c < CLB_BOARD_SIZE && p->after[r][c] != '.') {
        w->sq[w->len] = p->after[r][c];
        w->placed[w->len] = p->before[r][c] == '.';
        w->len++;
        r += dr;
        c += dc;
    }
    return w->len >= 2;
}

static void find_words(struct play *p)
{
    const struct core_move *m = p->m;
    memcpy(p->after, p->before, sizeof p->after);
    for (int i = 0; i < m->ntiles; i++)
        p->after[m->tiles[i].row][m->tiles[i].col] =
            m->tiles[i].blank ? (char)(m->tiles[i].letter - 'A' + 'a')
                              : m->tiles[i].letter;
    bool down = m->ntiles >= 2 && m->tiles[0].col == m->tiles[1].col;
    int r0 = m->tiles[0].row, c0 = m->tiles[0].col;
    p->nwords = 0;
    if (m->ntiles == 1) {
        /* One tile: across if that makes a word, else down. */
        struct word w;
        down = !run_through(p, r0, c0, 0, 1, &w);
    }
    p->main_down = down;
    if (run_through(p, r0, c0, down, !down, &p->words[0]))
        p->nwords = 1;
    for (int i = 0; i < m->ntiles; i++)
        if (run_through(p, m->tiles[i].row, m->tiles[i].col, !down, down,
                        &p->words[p->nwords]))
            p->nwords++;
}

static char up(char c)
{
    return c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
}

static int vowels(const struct word *w)
{
    int n = 0;
    for (int i = 0; i < w->len; i++)
        n += strchr("AEIOU", up(w->sq[i])) != NULL;
    return n;
}

static bool word_goal(const char *name, const struct word *w)
{
    int n = w->len;
    if (!strcmp(name, "six-letters"))
        return n >= 6;
    if (!strcmp(name, "seven-letters"))
        return n >= 7;
    if (!strcmp(name, "eight-letters"))
        return n >= 8;
    if (!strcmp(name, "jqxz") || !strcmp(name, "fhkvwy")) {
        const char *set = name[0] == 'j' ? "JQXZ" : "FHKVWY";
        for (int i = 0; i < n; i++)
            if (w->sq[i] >= 'A' && w->sq[i] <= 'Z' && strchr(set, w->sq[i]))
                return true;
        return false;
    }
    if (!strcmp(name, "hook")) {
        int placed = 0;
        for (int i = 0; i < n; i++)
            placed += w->placed[i];
        return n >= 3 && placed == 1 && (w->placed[0] || w->placed[n - 1]);
    }
    if (!strcmp(name, "one-vowel"))
        return n >= 4 && vowels(w) == 1;
    if (!strcmp(name, "three-vowels"))
        return vowels(w) >= 3;
    if (!strcmp(name, "palindrome")) {
        for (int i = 0; i < n; i++)
            if (up(w->sq[i]) != up(w->sq[n - 1 - i]))
                return false;
        return n >= 3;
    }
    if (!strcmp(name, "one-pointers")) {
        for (int i = 0; i < n; i++)
            if (!strchr("AEILNORSTU", w->sq[i])) /* a blank is lowercase */
                return false;
        return n >= 5;
    }
    if (!strcmp(name, "same-ends"))
        return n >= 3 && up(w->sq[0]) == up(w->sq[n - 1]);
    if (!strcmp(name, "double-letter")) {
        for (int i = 1; i < n; i++)
            if (up(w->sq[i]) == up(w->sq[i - 1]))
                return true;
        return false;
    }
    return false;
}

/* The premium of a square, from the standard board's layout as the rules
 * print it: TW, DW, TL, DL. */
static char premium(int r, int c)
{
    static const char *const layout[CLB_BOARD_SIZE] = {
        "T..d...T...d..T", ".D...t...t...D.", "..D...d.d...D..",
        "d..D...d...D..d", "....D.....D....", ".t...t...t...t.",
        "..d...d.d...d..", "T..d...D...d..T", "..d...d.d...d..",
        ".t...t...t...t.", "....D.....D....", "d..D...d...D..d",
        "..D...d.d...D..", ".D...t...t...D.", "T..d...T...d..T"};
    return layout[r][c];
}

static bool met(const char *name, struct play *p)
{
    const struct core_move *m = p->m;
    for (int i = 0; i < p->nwords; i++)
        if (word_goal(name, &p->words[i]))
            return true;
    int prem = 0, tw = 0, tl = 0, dw = 0, edge = 0, blanks = 0;
    for (int i = 0; i < m->ntiles; i++) {
        char pr = premium(m->tiles[i].row, m->tiles[i].col);
        prem += pr != '.';
        tw += pr == 'T';
        tl += pr == 't';
        dw += pr == 'D';
        edge += m->tiles[i].row % 14 == 0 || m->tiles[i].col % 14 == 0;
        blanks += m->tiles[i].blank;
    }
    if (!strcmp(name, "two-words"))
        return p->nwords >= 2;
    if (!strcmp(name, "three-words"))
        return p->nwords >= 3;
    if (!strncmp(name, "score-", 6))
        return p->points >= atoi(name + 6);
    if (!strcmp(name, "down"))
        return p->main_down;
    if (!strcmp(name, "across"))
        return !p->main_down;
    if (!strcmp(name, "blank"))
        return blanks > 0;
    if (!strcmp(name, "two-premiums"))
        return prem >= 2;
    if (!strcmp(name, "three-premiums"))
        return prem >= 3;
    if (!strcmp(name, "triple-word"))
        return tw > 0;
    if (!strcmp(name, "triple-letter"))
        return tl > 0;
    if (!strcmp(name, "double-word"))
        return dw > 0;
    if (!strcmp(name, "bingo"))
        return m->ntiles == 7;
    if (!strcmp(name, "five-tiles"))
        return m->ntiles >= 5;
    if (!strcmp(name, "edge"))
        return edge > 0;
    if (!strcmp(name, "small-play"))
        return m->ntiles <= 2 && p->points >= 15;
    if (!strcmp(name, "last-tile")) {
        /* The set's count of each letter: all on the board after. */
        static const int set[26] = {9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2,
                                    6, 8, 2, 1, 6,  4, 6, 4, 2, 2, 1, 2, 1};
        for (int i = 0; i < m->ntiles; i++) {
            if (m->tiles[i].blank)
                continue;
            int n = 0;
            for (int r = 0; r < CLB_BOARD_SIZE; r++)
                for (int c = 0; c < CLB_BOARD_SIZE; c++)
                    n += p->after[r][c] == m->tiles[i].letter;
            if (n == set[m->tiles[i].letter - 'A'])
                return true;
        }
        return false;
    }
    return false;
}

Test(core_goals_property, every_completed_goal_is_met_and_no_other)
{
    struct dict *d;
    struct clb_error err;
    cr_assert_eq(dict_load(CLB_TEST_LEXICON, &d, &err), CLB_ERR_OK, "%s",
                 err.detail);
    struct core_lexicon lex = dict_lexicon(d);
    uint64_t rng = 0x5EED5EEDu;
    int moves = 0, judged = 0, completed = 0;
    int seen[CLB_GOALS_COUNT] = {0};
    for (int game = 0; game < 90; game++) {
        struct core_game g;
        core_game_deal(&g, (uint32_t)game * 7777u + 3u, "");
        core_goals_deal(&g.goals, (uint32_t)game,
                        (enum core_goals_level)(1 + game % 3));
        while (!g.game_over) {
            struct core_movegen mg;
            core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g.board,
                              lex.graph);
            struct core_play top[10];
            size_t n = core_movegen_top(&mg, &g.hands[g.turn], top, 10);
            struct core_move m = {.type = CORE_MOVE_PASS};
            rng = rng * 6364136223846793005u + 1442695040888963407u;
            if (n > 0) {
                size_t k = n < 10 ? n : 10;
                core_play_to_move(&top[(rng >> 33) % k],
                                  (const char(*)[CLB_BOARD_SIZE])g.board, &m);
                core_move_canonical(&g, &m, &m);
            }
            struct core_game before = g;
            struct core_move_result r;
            cr_assert_eq(core_move_apply(&before, &m, &lex, &g, &r, &err),
                         CLB_ERR_OK, "%s", err.detail);
            moves++;
            if (m.type != CORE_MOVE_PLAY)
                continue;
            struct play p;
            memcpy(p.before, before.board, sizeof p.before);
            p.m = &m;
            p.points = r.points;
            find_words(&p);
            cr_assert_eq(p.nwords, r.nwords);
            for (int i = 0; i < CLB_GOALS_FACE_UP; i++) {
                int goal = before.goals.faceup[i];
                const char *name = core_goal_info(goal)->name;
                bool said = false;
                for (int k = 0; k < r.ngoals; k++)
                    said = said || r.goals[k] == goal;
                cr_assert_eq(said, met(name, &p),
                             "game %d move %d: the rules say %s is %s", game,
                             g.moves, name, said ? "met" : "not met");
                judged++;
                completed += said;
                seen[goal] += said;
            }
        }
    }
    cr_assert_gt(moves, 2000, "%d moves", moves);
    cr_assert_gt(completed, 300, "%d goals completed of %d judged", completed,
                 judged);
    /* Most goals were met somewhere (the rarest may not be). */
    int kinds = 0;
    for (int i = 0; i < CLB_GOALS_COUNT; i++)
        kinds += seen[i] > 0;
    cr_assert_geq(kinds, CLB_GOALS_COUNT - 3, "%d goals ever met", kinds);
    dict_free(d);
}
