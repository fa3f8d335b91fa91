/* server/render.h - the HTML of Collabble's pages: landing, board, game over
 * and the in-app error page.
 *
 * ui.c parses and decides; this module only writes markup into an
 * out_buf. Every page is a whole document whose body holds one
 * <div id="app">, which static/app.js swaps in place when it fetches the
 * next position, plus a live region the script keeps across swaps. Every
 * string that comes from a link, a form or the game state is written with
 * html_text()/html_attr(). See docs/UI.md for the hooks tests rely on.
 * The writer is five files, one a room of the page (render_internal.h
 * names them); this header is all the rest of the server sees.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_RENDER_H
#define SRV_RENDER_H

#include <stdbool.h>
#include <stddef.h>

#include "../core/error.h"
#include "../core/game.h"
#include "../core/daily.h"
#include "../core/history.h"
#include "../core/review.h"
#include "html.h"
#include "http.h"

/* A tile placed this turn but not yet played (a refused play keeps them on
 * the board). rack_index is the rack slot it came from. */
struct render_pending {
    int row;
    int col;
    char letter; /* a letter tile, also for a blank (core/tiles.h) */
    bool blank;
    int rack_index;
};

/* Who this device is in the game. The page's script remembers it for each
 * game and says so with the request; without it (no script, or a device
 * new to the game) the player to move is the one looking. */
enum render_viewer {
    RENDER_VIEWER_UNKNOWN,
    RENDER_VIEWER_P1,
    RENDER_VIEWER_P2,
};

/* The move form of a page without script, as the player filled it in:
 * kept when the move is refused so nothing has to be typed again. A field
 * longer than its array is refused before it gets here (ui.c). */
#define RENDER_TYPED_SQUARE 8 /* "8H", "H15": 3 characters and room */
#define RENDER_TYPED_WORD 32  /* 15 letters, and room for a typo's spaces */
struct render_typed {
    char square[RENDER_TYPED_SQUARE + 1];
    bool down;
    char word[RENDER_TYPED_WORD + 1];
    unsigned exchange; /* bit i: rack slot i is chosen to exchange */
    bool handover;     /* a solo game: "My friend plays Player 2" ticked */
};

struct render_judged;

/* Everything the board page shows. */
struct render_view {
    const struct core_game *game;
    const char *state;   /* S of this position, NUL-terminated */
    const char *lexicon; /* the dictionary's name, for the footer */
    /* The moves that led here (the move list), and which game's history
     * this is (position_start_id: the script orders positions of one start
     * by move number). NULL for neither. */
    const struct core_history *history;
    const char *start;
    /* The review of history's moves (the best play each rack had), shown
     * in the move list's last column and, once the game is over, as the
     * team's total against the best plays'. NULL: the column's cells stay
     * empty for the script to fill (POST /game/review) and a plain link
     * leads to the page with them filled. */
    const struct core_review *review;
    /* The date whose daily deal this game is ("2026-12-01"), or "" for
     * any other game (core_daily_of: the seed decides, nothing else). */
    char daily[CORE_DAILY_DATE_LEN + 1];
    /* A goals game after a Peek this turn: the square the best play of
     * the mover's rack covers (core_goals_peek, searched by ui.c, which
     * has the word list). */
    bool peeked;
    struct clb_cell peek;
    /* Set when this position is the result of a move made on this page:
     * the copy prompt is shown with what the move did. */
    const struct core_move_result *moved;
    /* A solo game: the computer's reply to that move, made in the same
     * request (shown after it, and announced by the script). */
    const struct core_move_result *reply;
    /* Who is looking. A viewer who is not the player to move sees the
     * position read-only, waiting for the partner, with the share area;
     * the racks are "yours" and "your partner's" by viewer, not by turn. */
    enum render_viewer viewer;
    /* The origin the page was opened from ("http://localhost:8080"), as
     * the script sends it and ui.c checked it; NULL when not known. The
     * share area's link and its QR code are origin + "/#" + state. */
    const char *origin;
    /* A refused move: its message, and for a play its tiles kept in place
     * and its words and squares highlighted. NULL when none. */
    const struct clb_error *error;
    int npending;
    struct render_pending pending[CLB_RACK_SIZE];
    /* A page a browser navigated to (a GET, or the no-script move form's
     * refusal), which may be read without script: it carries, inside
     * <noscript>, the forms that play a turn without it (a word by
     * square, direction and word; an exchange; a pass) and, while
     * waiting, the link as a plain link. The pages the script fetches
     * (POST) never do. `typed` (may be NULL) refills the forms. */
    bool plain;
    const struct render_typed *typed;
    /* A word the "Check a word" box judged (render_judge.h), or NULL. */
    const struct render_judged *judged;
};

/* Fills view->pending from a refused play: each placement that lies on an
 * empty square of the board gets the first unused rack slot holding its
 * tile (the blank for a blank). Placements that could not have come from
 * the rack or fall off the board are dropped. Cannot fail. */
void render_pending_from_move(struct render_view *view,
                              const struct core_move *move);

/* The landing page: "New game" (with an optional seed, echoed back after
 * an error), the lexicon choice when the server has several, and a hidden
 * list of the games this browser keeps, which the script fills from
 * localStorage. `seed` may be NULL;
 * `err` may be NULL. Cannot fail (overflow is sticky in *b). */
void render_landing(struct out_buf *b, const struct srv_context *ctx,
                    const char *seed, size_t seed_len,
                    const struct clb_error *err);

/* The board page of a position, or the game-over page when the game has
 * ended. Cannot fail (overflow is sticky in *b). */
void render_game(struct out_buf *b, const struct render_view *view);

/* What a finished game's shared result says beside the review's totals:
 * "Collabble daily 2026-12-01 · 932 points · 97% of the best plays ·
 * Superb · 25 turns" (docs/RULES.md, "The daily deal"). */
struct render_result {
    int score;                           /* the final score */
    int turns;                           /* the history's moves */
    char daily[CORE_DAILY_DATE_LEN + 1]; /* as render_view's */
    const struct core_goals *goals;      /* NULL for a plain game */
};

/* A game's words speak the game's language (its tile set's, when a
 * catalogue has it) unless the device chose one: render_game() does it
 * itself; a handler that writes a part of a game's page (the review's
 * cells) calls it first. Cannot fail. */
void render_speak(struct out_buf *b, const struct core_tileset *ts);

/* The review cells of the move list, one table row per move in the list's
 * order, each holding the one cell of the list's review column: the answer
 * of POST /game/review, which the script swaps into the board page. A move
 * the review's budget did not reach says "Not reviewed". `result` (a
 * finished game; NULL for one still on) adds the total's paragraph with
 * the grade and the result to share, with the id of the game-over page's
 * empty place for it. Cannot fail (overflow is sticky in *b). */
void render_review_cells(struct out_buf *b, const struct core_tileset *ts,
                         const struct core_review *review,
                         const struct render_result *result);

/* A page for a link or request that cannot be shown, with the error's
 * sentence and detail (escaped) and a way back to a new game. */
void render_error_page(struct out_buf *b, const struct clb_error *err);

#endif
