/* core/goals.h - goals mode: the deck of goals, their predicates, the deal
 * and the helpers.
 *
 * A goals game deals, from its seed, a deck of goals (a table of data:
 * each goal is a predicate kind and a parameter, a player's sentence and
 * a difficulty weight); three lie face up. A play completes every face-up
 * goal it meets, and each completed goal is replaced from the deck; the
 * team wins when it completes its difficulty's target before the game
 * ends. A shared pool of helpers (New goals, Swap a tile, Peek) may be
 * used during a turn, before its move. The predicates judge a move as the
 * rules judged it (core_move_check's result, the board before and after),
 * so what a goal means is the rules' business, never a client's. Pure: no
 * I/O, no heap, no globals but the constant table.
 */
/* SPDX-License-Identifier: MIT */
#ifndef CORE_GOALS_H
#define CORE_GOALS_H

#include <stdbool.h>
#include <stdint.h>

#include "error.h"
#include "game.h"
#include "kwg.h"
#include "limits.h"

/* What a goal asks, as the table gives it. */
struct core_goal_info {
    const char *name; /* stable, for the API: "score-30" */
    const char *text; /* for a player: "Score 30 or more points in a play" */
    int weight;       /* 1 easier .. 3 harder */
};

/* The table's row for goal number `goal` (0..CLB_GOALS_COUNT-1); NULL out
 * of range. */
const struct core_goal_info *core_goal_info(int goal);

/* The API's name of a difficulty ("easy", "normal", "hard"; "off" for a
 * plain game), and the level of a name (CORE_GOALS_OFF when it is none of
 * the three). */
const char *core_goals_level_name(enum core_goals_level level);
enum core_goals_level core_goals_level_of(const char *name, size_t len);

/* A difficulty's target (goals to win) and pool of helpers. */
int core_goals_target(enum core_goals_level level);
int core_goals_helpers(enum core_goals_level level);

/* The letters (machine letters, in the set's order) that letter goal
 * `goal` ("jqxz": the letters worth 8 or more; "fhkvwy": 4 to 7) names in
 * ts, into letters; returns how many (0 for any other goal). English's
 * are J, Q, X, Z and F, H, K, V, W, Y, as the goals' names say. */
int core_goal_letters(int goal, const struct core_tileset *ts,
                      int letters[CLB_MAX_LETTERS]);

/* The player's sentence for `goal` in a game of ts, into out (cap bytes,
 * NUL-terminated, cut if it must be): the table's text, except that a
 * letter goal in a set other than English lists that set's letters ("Play
 * a word with one of these tiles: K, W, X, Y, Z"). English's is exactly
 * core_goal_info(goal)->text. */
void core_goal_text(int goal, const struct core_tileset *ts, char *out,
                    size_t cap);

/* Deals a goals game's goals from the game's seed (docs/RULES.md, "Goals
 * mode"): the difficulty's deck in the order the seed shuffles it, its
 * first three face up, the target and the pool. CORE_GOALS_OFF (or any
 * other value) clears *goals: a plain game. Cannot fail. */
void core_goals_deal(struct core_goals *goals, uint32_t seed,
                     enum core_goals_level level);

/* Sets result->ngoals and result->goals: the face-up goals of `before`
 * that the play meets, in face-up order (none in a plain game). */
void core_goals_judge(const struct core_game *before,
                      const struct core_move *move,
                      const char after[CLB_BOARD_SIZE][CLB_BOARD_SIZE],
                      struct core_move_result *result);

/* Counts the goals *result completed and deals their replacements, and
 * clears the turn's peek. Cannot fail. */
void core_goals_complete(struct core_goals *goals,
                         const struct core_move_result *result);

/* True when the team has completed its target. */
bool core_goals_won(const struct core_goals *goals);

/* Uses a helper on `game` (the turn in progress): *next (may be game)
 * gets the position after it. Returns CLB_ERR_OK, or, with *next
 * untouched: CLB_ERR_NOT_GOALS_GAME (a plain game), CLB_ERR_GAME_OVER,
 * CLB_ERR_NO_HELPER_LEFT, CLB_ERR_BAD_SWAP (a slot not on its rack, two
 * tiles alike, or a slot that is not the first holding its tile), or
 * CLB_ERR_BAD_REQUEST (no such helper). */
enum clb_err core_goals_helper(const struct core_game *game,
                               const struct core_helper_use *use,
                               struct core_game *next, struct clb_error *err);

/* What a Peek shows: the square of the first tile (in line order) of the
 * best play of the mover's rack, searched with `graph` within
 * CLB_PEEK_NODES. False when the rack has no play found. */
bool core_goals_peek(const struct core_game *game, const struct core_kwg *graph,
                     struct clb_cell *square);

#endif
