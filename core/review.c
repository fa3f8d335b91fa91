/* core/review.c - the review of a game's history, move by move (review.h).
 *
 * One pass over the moves: at each position, the best play of the rack of
 * the player to move (who is the move's player), then the move itself,
 * made with core_move_apply() so the next position is the rules' own. The
 * best play is checked with core_move_check() before it is kept: its words
 * come from there, and a generator and rules that disagreed would be a bug
 * to report, not a play to show. Pure: no I/O, no heap.
 */
/* SPDX-License-Identifier: MIT */
#include "review.h"

#include <string.h>

/* The best play of the player to move in *g into *rm; false with *err set
 * when the rules refuse it. */
static bool review_position(const struct core_game *g,
                            const struct core_lexicon *lexicon,
                            struct core_review_move *rm, int number,
                            struct clb_error *err)
{
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g->board,
                      lexicon->graph);
    rm->has_best = core_movegen_best(&mg, &g->hands[g->turn], &rm->best);
    if (!rm->has_best)
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

enum clb_err core_review_history(const struct core_history *h,
                                 const struct core_lexicon *lexicon,
                                 struct core_review *out, struct clb_error *err)
{
    clb_error_clear(err);
    out->nmoves = 0;
    out->scored = 0;
    out->possible = 0;
    if (lexicon->graph == NULL)
        return clb_error_set(err, CLB_ERR_INTERNAL,
                             "the word list has no word graph to search");
    int n = h->nmoves < CLB_MAX_GAME_MOVES ? h->nmoves : CLB_MAX_GAME_MOVES;
    struct core_game g = h->first;
    for (int i = 0; i < n; i++) {
        struct core_review_move *rm = &out->moves[i];
        memset(rm, 0, sizeof *rm);
        if (!review_position(&g, lexicon, rm, i + 1, err))
            return err->code;
        struct core_move_result made;
        if (core_move_apply(&g, &h->moves[i].move, lexicon, &g, &made, err) !=
            CLB_ERR_OK)
            return core_history_move_error(err, i + 1);
        rm->points = made.points;
        out->scored += made.points;
        out->possible += rm->has_best ? rm->best.points : 0;
        out->nmoves = i + 1;
    }
    return CLB_ERR_OK;
}
