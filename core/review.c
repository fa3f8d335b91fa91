/* core/review.c - the review of a game's history, move by move (review.h).
 *
 * One pass over the moves: at each position, the best play of the rack of
 * the player to move (who is the move's player), then the move itself,
 * made with core_move_apply() so the next position is the rules' own. The
 * best play is checked with core_move_check() before it is kept: its words
 * come from there, and a generator and rules that disagreed would be a bug
 * to report, not a play to show. The same rack on the same board is
 * searched once (the board changes only with a play), and the searches
 * share one budget, spent in move order. Pure: no I/O, no heap.
 */
/* SPDX-License-Identifier: MIT */
#include "review.h"

#include "goals.h"

#include <string.h>

/* A rack as a multiset: its tiles sorted, NUL-padded, so two racks
 * holding the same tiles in any order have the same key. */
struct review_key {
    char tiles[CLB_RACK_SIZE + 1];
};

static void review_key_of(const struct core_rack *rack, struct review_key *k)
{
    memset(k, 0, sizeof *k);
    int n = rack->count < CLB_RACK_SIZE ? rack->count : CLB_RACK_SIZE;
    for (int i = 0; i < n; i++) {
        char c = rack->tiles[i];
        int j = i;
        for (; j > 0 && k->tiles[j - 1] > c; j--)
            k->tiles[j] = k->tiles[j - 1];
        k->tiles[j] = c;
    }
}

/* What the review keeps while it goes: the prepared board (prepared again
 * only when a play changes the board), the budget, and the racks searched
 * on this board, so the same rack on the same board is searched once. */
struct review_pass {
    struct core_movegen mg;
    struct core_budget budget;
    struct review_key keys[CLB_MAX_GAME_MOVES]; /* the rack of each move */
    int board_from; /* the first move made on the current board */
};

/* The earlier move on the current board whose rack was `key`, or -1. */
static int review_seen(const struct review_pass *p, int i,
                       const struct review_key *key)
{
    for (int j = p->board_from; j < i; j++)
        if (memcmp(p->keys[j].tiles, key->tiles, sizeof key->tiles) == 0)
            return j;
    return -1;
}

/* The best play of the player to move in *g into *rm; false with *err set
 * when the rules refuse it. */
static bool review_position(const struct core_game *g,
                            const struct core_lexicon *lexicon,
                            struct review_pass *p, struct core_review_move *rm,
                            int number, struct clb_error *err)
{
    rm->has_best = core_movegen_best(&p->mg, &g->hands[g->turn], &rm->best);
    if (!rm->has_best || p->budget.exhausted)
        return true;
    core_play_to_move(&rm->best, (const char(*)[CLB_BOARD_SIZE])g->board,
                      &rm->move);
    struct clb_error rule;
    if (core_move_check(g, &rm->move, lexicon, &rm->result, &rule) ==
            CLB_ERR_OK &&
        rm->result.points == rm->best.points)
        return true;
    clb_error_set(err, CLB_ERR_INTERNAL,
                  "move %d: the rules refused the best play found", number);
    return false;
}

/* Reviews move i (0-based) on the position *g before it: from an earlier
 * move with the same board and rack, else by a search. False with *err set
 * on a bug; true with p->budget.exhausted set when the budget ran out
 * during this move's search (then *rm is not a review). */
static bool review_move(const struct core_game *g,
                        const struct core_lexicon *lexicon,
                        struct review_pass *p, struct core_review *out, int i,
                        struct clb_error *err)
{
    struct core_review_move *rm = &out->moves[i];
    memset(rm, 0, sizeof *rm);
    review_key_of(&g->hands[g->turn], &p->keys[i]);
    int j = review_seen(p, i, &p->keys[i]);
    if (j >= 0) {
        *rm = out->moves[j];
        return true;
    }
    return review_position(g, lexicon, p, rm, i + 1, err);
}

/* A goals game's helpers come before the move (a swap changes the racks;
 * none changes the board): the move's rack is after them. */
static bool review_helpers(struct core_game *g, const struct core_history *h,
                           int i, struct clb_error *err)
{
    for (int k = 0; k < h->moves[i].nhelpers && k < CLB_GOALS_MAX_HELPERS; k++)
        if (core_goals_helper(g, &h->moves[i].helpers[k], g, err) !=
            CLB_ERR_OK) {
            core_history_move_error(err, i + 1);
            return false;
        }
    return true;
}

/* The review of h's moves from `from` on, into out, whose moves before it
 * and their totals (scored, possible, nodes) are done: those moves are made
 * again without a search, to reach the position before move `from` and to
 * know the racks already searched on its board. */
static enum clb_err review_from(const struct core_history *h,
                                const struct core_lexicon *lexicon,
                                uint64_t nodes, int from,
                                struct core_review *out, struct clb_error *err)
{
    int n = h->nmoves < CLB_MAX_GAME_MOVES ? h->nmoves : CLB_MAX_GAME_MOVES;
    struct core_game g = h->first;
    struct review_pass p;
    p.budget =
        (struct core_budget){.left = nodes - out->nodes, .exhausted = false};
    p.board_from = 0;
    int board_from = 0; /* the first move made on the board of move from */
    for (int i = 0; i < from; i++) {
        if (!review_helpers(&g, h, i, err))
            return err->code;
        review_key_of(&g.hands[g.turn], &p.keys[i]);
        struct core_move_result made;
        if (core_move_apply(&g, &h->moves[i].move, lexicon, &g, &made, err) !=
            CLB_ERR_OK)
            return core_history_move_error(err, i + 1);
        if (h->moves[i].move.type == CORE_MOVE_PLAY)
            board_from = i + 1;
    }
    bool prepared = false;
    for (int i = from; i < n; i++) {
        if (!review_helpers(&g, h, i, err))
            return err->code;
        if (!prepared) {
            core_movegen_init(&p.mg, (const char(*)[CLB_BOARD_SIZE])g.board,
                              lexicon->graph);
            p.mg.budget = &p.budget;
            p.board_from = i == from ? board_from : i;
            prepared = true;
        }
        if (!review_move(&g, lexicon, &p, out, i, err))
            return err->code;
        if (p.budget.exhausted) {
            /* This move and the rest are not reviewed: zeroed, no play. */
            memset(&out->moves[i], 0, (size_t)(n - i) * sizeof out->moves[i]);
            break;
        }
        struct core_review_move *rm = &out->moves[i];
        struct core_move_result made;
        if (core_move_apply(&g, &h->moves[i].move, lexicon, &g, &made, err) !=
            CLB_ERR_OK)
            return core_history_move_error(err, i + 1);
        rm->points = made.points;
        out->scored += made.points;
        out->possible += rm->has_best ? rm->best.points : 0;
        out->reviewed = i + 1;
        /* A play changes the board: the next move's is prepared anew. */
        prepared = h->moves[i].move.type != CORE_MOVE_PLAY;
    }
    out->nmoves = n;
    out->nodes = nodes - p.budget.left;
    return CLB_ERR_OK;
}

static void review_clear(struct core_review *out)
{
    out->nmoves = 0;
    out->reviewed = 0;
    out->scored = 0;
    out->possible = 0;
    out->nodes = 0;
}

enum clb_err core_review_history_within(const struct core_history *h,
                                        const struct core_lexicon *lexicon,
                                        uint64_t nodes, struct core_review *out,
                                        struct clb_error *err)
{
    clb_error_clear(err);
    review_clear(out);
    if (lexicon->graph == NULL)
        return clb_error_set(err, CLB_ERR_INTERNAL,
                             "the word list has no word graph to search");
    return review_from(h, lexicon, nodes, 0, out, err);
}

enum clb_err core_review_history_after(const struct core_history *h,
                                       const struct core_lexicon *lexicon,
                                       uint64_t nodes,
                                       const struct core_review *prev,
                                       struct core_review *out,
                                       struct clb_error *err)
{
    clb_error_clear(err);
    int n = h->nmoves < CLB_MAX_GAME_MOVES ? h->nmoves : CLB_MAX_GAME_MOVES;
    int k = prev->nmoves;
    if (lexicon->graph == NULL || k < 0 || k > n || prev->reviewed < 0 ||
        prev->reviewed > k || prev->nodes > nodes)
        return core_review_history_within(h, lexicon, nodes, out, err);
    review_clear(out);
    memcpy(out->moves, prev->moves, (size_t)k * sizeof out->moves[0]);
    out->scored = prev->scored;
    out->possible = prev->possible;
    out->nodes = prev->nodes;
    out->reviewed = prev->reviewed;
    if (prev->reviewed < k) {
        /* The budget ran out at a move both histories share, on the same
         * position with the same budget left: it runs out there again. */
        memset(&out->moves[k], 0, (size_t)(n - k) * sizeof out->moves[0]);
        out->nmoves = n;
        return CLB_ERR_OK;
    }
    return review_from(h, lexicon, nodes, k, out, err);
}

enum clb_err core_review_history(const struct core_history *h,
                                 const struct core_lexicon *lexicon,
                                 struct core_review *out, struct clb_error *err)
{
    return core_review_history_within(h, lexicon, CLB_REVIEW_NODES, out, err);
}
