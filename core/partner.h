/* core/partner.h - the computer partner: the move the computer makes in
 * Player 2's seat of a solo game, decided from the position alone.
 *
 * A solo game is a cooperative game whose second seat the computer holds at
 * one of three levels (docs/RULES.md, "The computer partner"). Its move is a
 * pure function of the position, the word graph and the level: the same
 * link gets the same reply from any server, on any machine, after any
 * restart. The search is bounded by a count of nodes (core_budget), never by
 * time; when the budget runs out the computer plays the best move found so
 * far (an exchange or a pass when it found no play), never nothing.
 *
 * Pure: no I/O, no allocation, no globals.
 */
/* SPDX-License-Identifier: MIT */
#ifndef CORE_PARTNER_H
#define CORE_PARTNER_H

#include "error.h"
#include "game.h"
#include "movegen.h"

/* Who holds Player 2's seat. The values are part of the v2 link's format
 * (docs/LINK.md, "The v2 link, field by field"): a level's number there is
 * its value here less one. */
enum core_partner {
    CORE_PARTNER_FRIEND = 0, /* a person: links passed by hand */
    /* One of the best few plays scoring at most 35% of the best play's
     * points, picked by the position's hash (in a goals game, one of the
     * top 20 of them meeting an open goal first); a poor rack exchanged. */
    CORE_PARTNER_CASUAL = 1,
    /* The same at most 75% of the best play's points (docs/RULES.md). */
    CORE_PARTNER_GOOD = 2,
    /* The top-scoring play (in a goals game, the top play meeting the
     * most open goals among the top 20). No level uses the helpers. */
    CORE_PARTNER_BEST = 3,
};
#define CORE_PARTNER_LEVELS 3

/* The level's name as the API and the page say it ("casual", "good",
 * "best"; "friend" for CORE_PARTNER_FRIEND). */
const char *core_partner_name(enum core_partner partner);

/* The partner named `name` (one of the names above), or -1. */
int core_partner_from_name(const char *name, size_t len);

/* The computer's move for the player to move in *game (a game not over)
 * at `level` (not CORE_PARTNER_FRIEND), searched with lexicon->graph
 * (required) within *budget (spent as it goes; `exhausted` set when it ran
 * out), into *move: a play, an exchange or a pass that core_move_apply()
 * accepts on *game. Returns CLB_ERR_OK, or CLB_ERR_BAD_REQUEST when the
 * game is over, the level is not a computer's or there is no graph. */
enum clb_err core_partner_move(const struct core_game *game,
                               const struct core_lexicon *lexicon,
                               enum core_partner level,
                               struct core_budget *budget,
                               struct core_move *move, struct clb_error *err);

#endif
