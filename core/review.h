/* core/review.h - how close each move of a game came to the best play its
 * rack had: the review of a history, move by move.
 *
 * The review of move k is the best play (most points, core_movegen_best)
 * of the mover's rack on the position before move k. The history's replay
 * passes through exactly those positions, so core_review_history() replays
 * it (core_move_apply, as every request does) and searches each position on
 * the way. An exchange or a pass is reviewed too: the rack could have
 * played. Never a hint: only the moves already made are reviewed; the
 * position after the last move, whose rack is still to play, is never
 * searched.
 *
 * It costs one best-play search per distinct position and rack (about
 * 100 us each), which is why the board page does not do it on every
 * render: the pages ask for it in a request of its own (docs/RULES.md, "The
 * review"). A move whose board and rack (as a multiset) an earlier move of
 * the same board had is given that move's best play without a search. The
 * searches share one work budget (core_budget, nodes of the search),
 * spent in move order: when it runs out, that move and every later one
 * are "not reviewed", and the review of moves 1..k depends on those moves
 * alone, never on a move made after them.
 *
 * Pure: caller-owned fixed-size structs, no globals, no I/O, no heap.
 */
/* SPDX-License-Identifier: MIT */
#ifndef CORE_REVIEW_H
#define CORE_REVIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "error.h"
#include "game.h"
#include "history.h"
#include "limits.h"
#include "movegen.h"

/* The review of one move. */
struct core_review_move {
    bool has_best; /* false: the rack had no legal play at all */
    int points;    /* what the move itself scored (0 for exchange, pass) */
    /* The best play, when has_best: the generator's record, the move that
     * makes it (canonical, the API's move form) and its words and points
     * exactly as core_move_check() gives them, main word first. */
    struct core_play best;
    struct core_move move;
    struct core_move_result result;
};

struct core_review {
    int nmoves;     /* the history's moves */
    int reviewed;   /* moves 1..reviewed are reviewed; the rest, when fewer
                     * than nmoves, are not: the budget ran out at the next */
    int scored;     /* the reviewed moves' points added up (no end-of-game
                     * adjustment) */
    int possible;   /* their best plays' points added up */
    uint64_t nodes; /* nodes of the search spent (core_budget) */
    struct core_review_move moves[CLB_MAX_GAME_MOVES];
};

/* Reviews every move of h, judged by `lexicon`, whose word graph the search
 * needs, into *out. Returns CLB_ERR_OK; CLB_ERR_INTERNAL when the lexicon
 * has no word graph, or when the rules refuse a best play the generator
 * found (a bug: never reported as a play); CLB_ERR_BAD_STATE naming the move
 * when a move of h is not legal (h did not come from the rules). On error
 * *out is incomplete and must not be shown. */
enum clb_err core_review_history(const struct core_history *h,
                                 const struct core_lexicon *lexicon,
                                 struct core_review *out,
                                 struct clb_error *err);

/* The same with a budget of `nodes` nodes of the search (CLB_REVIEW_NODES
 * for core_review_history) instead of the default. */
enum clb_err core_review_history_within(const struct core_history *h,
                                        const struct core_lexicon *lexicon,
                                        uint64_t nodes, struct core_review *out,
                                        struct clb_error *err);

/* Carries on `prev`, the review within `nodes` of a history whose moves
 * are h's first prev->nmoves moves from the same start (the caller checks
 * that; the review of moves 1..k depends on them alone), to the review of
 * h: exactly what core_review_history_within(h, lexicon, nodes) gives,
 * searching only the moves after prev's (none when prev ran out of budget:
 * h's review runs out at the same move). Returns as that function. */
enum clb_err core_review_history_after(const struct core_history *h,
                                       const struct core_lexicon *lexicon,
                                       uint64_t nodes,
                                       const struct core_review *prev,
                                       struct core_review *out,
                                       struct clb_error *err);

#endif
