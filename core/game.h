/* core/game.h - the game state and the moves that change it.
 *
 * Pure rules: plain structs in, results out; no globals, no I/O, no heap.
 * A struct core_game is the whole of a Collabble game (everything the turn
 * link carries). core_move_apply() validates a play, exchange or pass,
 * scores it, draws tiles deterministically and returns the next state.
 * The lexicon is reached through struct core_lexicon so core never depends
 * on dict/.
 */
/* SPDX-License-Identifier: MIT */
#ifndef CORE_GAME_H
#define CORE_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "limits.h"
#include "tiles.h"

/* Current state-schema version (the spec's v1). */
#define CORE_STATE_VERSION 1

enum core_player { CORE_P1 = 0, CORE_P2 = 1 };

struct core_rack {
    int count;                 /* 0..CLB_RACK_SIZE */
    char tiles[CLB_RACK_SIZE]; /* letter tiles or CORE_BLANK, in order */
};

/* CORE_MOVE_HELPER is not a move of the rules but a goals game's helper
 * (core/goals.h), used during a turn before its move: core_move_apply
 * refuses it, core_history_play hands it to core_goals_helper. Its being a
 * move type lets every client send it where it sends a move. */
enum core_move_type {
    CORE_MOVE_PLAY,
    CORE_MOVE_EXCHANGE,
    CORE_MOVE_PASS,
    CORE_MOVE_HELPER
};

/* Goals mode's difficulty; CORE_GOALS_OFF is a plain game. */
enum core_goals_level {
    CORE_GOALS_OFF,
    CORE_GOALS_EASY,
    CORE_GOALS_NORMAL,
    CORE_GOALS_HARD
};

/* The helpers of goals mode, in the order the v2 link numbers them. */
enum core_helper { CORE_HELPER_NEW_GOALS, CORE_HELPER_SWAP, CORE_HELPER_PEEK };

/* One use of a helper. A swap names a rack slot of the mover's (`mine`)
 * and of the partner's (`theirs`); the others name none (both 0). A swap
 * may be given with tiles (letters, CORE_BLANK) in place of slots:
 * core_move_canonical() names each by the first slot holding it. */
struct core_helper_use {
    uint8_t kind; /* enum core_helper */
    uint8_t mine;
    uint8_t theirs;
};

/* A goals game's goals (core/goals.h): the deck the seed dealt, the goals
 * face up, what the team has done and the helpers it has left. All zero
 * (level CORE_GOALS_OFF) in a plain game. Never hashed into the draws, so
 * a goals game draws its tiles as the same moves would in a plain one. */
struct core_goals {
    uint8_t level;                     /* enum core_goals_level */
    uint8_t ndeck;                     /* goals in this difficulty's deck */
    uint8_t deck[CLB_GOALS_COUNT];     /* goal numbers, in dealt order */
    int16_t faceup[CLB_GOALS_FACE_UP]; /* goal numbers; -1 for none */
    int next;         /* deck draws so far (the deck is dealt round again) */
    int completed;    /* goals completed */
    int target;       /* goals to complete to win */
    int helpers_left; /* the shared pool */
    bool peeked;      /* a Peek was used this turn (cleared by the move) */
};

/* How a finished game ended. CORE_END_LIMIT: the game reached
 * CLB_MAX_GAME_MOVES moves (the most a v2 link holds); the racks come off
 * the score as after two passes. CORE_END_BLOCKED: the bag was empty and
 * neither rack had a legal play (the spec's last ending rule; needs the
 * lexicon's word graph to detect); the racks come off as well. */
enum core_end {
    CORE_END_NONE,
    CORE_END_PASSES,
    CORE_END_OUT,
    CORE_END_LIMIT,
    CORE_END_BLOCKED
};

/* What the previous move did, for highlighting and the partner's summary. */
struct core_last_move {
    enum core_move_type type;
    int ncells;
    struct clb_cell cells[CLB_MAX_MOVE_CELLS];
    int nwords;
    char words[CLB_MAX_WORDS][CLB_WORD_MAX + 1];
    int points;
    int exchanged; /* tiles swapped, for an exchange */
};

struct core_game {
    char game_id[CLB_GAME_ID_MAX + 1];
    /* Lexicon name; "" means the server's default. */
    char lexicon[CLB_LEXICON_NAME_MAX + 1];
    /* The tile set (its lexicon's); NULL means English. Read it through
     * core_game_tileset(). Never hashed: the tiles' bytes are. */
    const struct core_tileset *tileset;
    enum core_player turn;
    /* CORE_EMPTY, a letter tile, or a blank standing for a letter. */
    char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE];
    /* Remaining, by kind (core_tile_kind): the set's letters, then the
     * blank; zero past it. */
    int bag[CLB_MAX_TILE_KINDS];
    struct core_rack hands[CLB_PLAYERS];
    int score;
    bool has_last_move;
    struct core_last_move last_move;
    int consecutive_passes;
    bool game_over;
    enum core_end end;  /* CORE_END_NONE unless game_over */
    int end_adjustment; /* points taken off at the end (>= 0) */
    /* Moves made since the start of the recorded history (the move number
     * of this position). Not part of a v1 state and never hashed into the
     * draws, so a position draws alike whichever link carries it. */
    int moves;
    /* Goals mode; zero in a plain game. Not part of a v1 state. */
    struct core_goals goals;
    /* Who holds Player 2's seat (core/partner.h's enum core_partner):
     * 0, a friend, or the computer at a level. Not part of a v1 state. */
    int partner;
};

/* One tile of a play: where, which letter, and whether a blank stands in. */
struct core_placement {
    int row;
    int col;
    char letter; /* a letter tile (the letter shown, also for a blank) */
    bool blank;
};

struct core_move {
    enum core_move_type type;
    int ntiles;
    /* PLAY: tiles[i] placements. */
    struct core_placement tiles[CLB_RACK_SIZE];
    /* EXCHANGE: rack tiles to swap (letter tiles or CORE_BLANK). */
    char exchange[CLB_RACK_SIZE];
    /* HELPER: which, and a swap's slots. */
    struct core_helper_use helper;
};

/* Where one word of a play lies: its first square, its direction and its
 * length (a goal's predicate reads the words off the board with it). */
struct core_word_at {
    uint8_t row;
    uint8_t col;
    uint8_t down; /* 0 across, 1 down */
    uint8_t len;
};

/* The outcome of a legal move (also what a preview shows). */
struct core_move_result {
    enum core_move_type type;
    int nwords;
    char words[CLB_MAX_WORDS][CLB_WORD_MAX + 1]; /* uppercase, main first */
    int word_points[CLB_MAX_WORDS];
    int points; /* all words plus any bingo bonus */
    bool bingo;
    bool game_over;                             /* this move ended the game */
    struct core_word_at word_at[CLB_MAX_WORDS]; /* where words[i] lies */
    /* A goals game: the face-up goals the play completes, by number. */
    int ngoals;
    uint8_t goals[CLB_GOALS_FACE_UP];
};

struct core_kwg;

/* A word list as core sees it: does it contain `word` (len letter tiles)?
 * `graph` is its word graph (core/kwg.h) for the move generator, which the
 * end-of-game rule "neither player can play" needs; a lexicon without one
 * (NULL: only the unit tests' ten-word lists) cannot detect that ending. */
struct core_lexicon {
    bool (*contains)(const void *ctx, const char *word, size_t len);
    const void *ctx;
    const struct core_kwg *graph;
};

/* Starts a game dealt from a numeric seed (below 2^CLB_SEED_BITS; higher
 * bits are ignored): empty board, full bag, 7 tiles drawn for each player,
 * P1 to move. The gameId and every draw come from the seed, so the same
 * seed always gives the same game (docs/RULES.md gives the procedure).
 * `lexicon` is the name to record ("" for the default; truncated to the
 * limit). Cannot fail. */
void core_game_deal(struct core_game *game, uint32_t seed, const char *lexicon);

/* core_game_deal() in the tile set `tileset` (NULL: English): the same
 * procedure over that set's bag. Cannot fail. */
void core_game_deal_in(struct core_game *game, uint32_t seed,
                       const char *lexicon, const struct core_tileset *tileset);

/* The game's tile set: English when it names none. */
static inline const struct core_tileset *
core_game_tileset(const struct core_game *game)
{
    return game->tileset != NULL ? game->tileset : &core_tileset_english;
}

/* The numeric seed of a seed text (a player's "New game" seed): a hash of
 * its len bytes, so the same text always deals the same game. */
uint32_t core_seed_from_text(const char *text, size_t len);

/* core_game_deal() of core_seed_from_text(seed, len). Cannot fail. */
void core_game_new(struct core_game *game, const char *seed, size_t len,
                   const char *lexicon);

/* The shared score after a move worth `points` (>= 0) on `score` (0 to
 * CLB_MAX_SCORE): their sum, saturated at CLB_MAX_SCORE, so that every
 * state the rules make is one both link formats can carry. The move keeps
 * its full points (lastMove, the history); only the total stops. */
int core_score_add(int score, int points);

/* What ending the game by passes (or the move limit) would take off the
 * score now: the value of the tiles on both racks, at most the score. The
 * rules take exactly this when such an ending comes; the page shows it
 * before the pass that would end the game. Cannot fail. */
int core_end_adjustment(const struct core_game *game);

/* Checks that a state could occur in a real game: dimensions, characters,
 * rack sizes, non-negative counts, and tile conservation (board + racks +
 * bag == the tile set's distribution). Returns CLB_ERR_OK or CLB_ERR_BAD_STATE
 * with a detail naming the field. */
enum clb_err core_game_validate(const struct core_game *game,
                                struct clb_error *err);

/* The canonical form of a move, which is what the rules apply, what seeds
 * the draws and what a v2 link records, so the same move sent in any order
 * draws the same tiles: a play's placements sorted along the line (by row,
 * then column), an exchange's tiles in the order the rack holds them (tiles
 * not in the rack last, as given), a pass with no tiles, and every unused
 * array entry zero. `out` may be `in`. Cannot fail. */
void core_move_canonical(const struct core_game *game,
                         const struct core_move *in, struct core_move *out);

/* Validates and scores a move without changing anything (the preview).
 * Returns CLB_ERR_OK and fills *result, or an error with the offending cells
 * and words in *err. */
enum clb_err core_move_check(const struct core_game *game,
                             const struct core_move *move,
                             const struct core_lexicon *lexicon,
                             struct core_move_result *result,
                             struct clb_error *err);

/* Validates, scores and applies a move: *next becomes the following state
 * (turn flipped, tiles drawn, score and lastMove updated, moves counted; at
 * CLB_MAX_GAME_MOVES the game ends as CORE_END_LIMIT). `game` and `next`
 * may be the same struct. Returns CLB_ERR_OK, or an error with *next
 * untouched. The draws depend only on the state and the canonical move.
 * After the move, with the bag empty and neither rack able to play
 * (searched with lexicon->graph when there is one), the game ends as
 * BLOCKED. */
enum clb_err
core_move_apply(const struct core_game *game, const struct core_move *move,
                const struct core_lexicon *lexicon, struct core_game *next,
                struct core_move_result *result, struct clb_error *err);

/* Tiles left in the bag. Cannot fail. */
int core_bag_count(const struct core_game *game);

/* True when no tile has been played yet. */
bool core_board_empty(const struct core_game *game);

#endif
