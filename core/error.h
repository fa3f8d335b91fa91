/* core/error.h - the one error type that travels from core to the HTTP layer.
 *
 * CLB_FOR_EACH_ERR lists every error once: name, API code, HTTP status and a
 * sentence for a player. The enum, clb_err_code() and clb_err_str() are made
 * from it here; only server/ expands the status column. A struct clb_error
 * holds plain data (no heap) so the page can highlight the cells and words.
 */
/* SPDX-License-Identifier: MIT */
#ifndef CLB_ERROR_H
#define CLB_ERROR_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "limits.h"

/* X(NAME, api_code, http_status, message): the message is a sentence for a
 * player without its full stop; a detail may follow it after a colon. */
#define CLB_FOR_EACH_ERR(X)                                                    \
    X(OK, "ok", 200, "No error")                                               \
    X(GAME_OVER, "game_over", 422, "The game is over")                         \
    X(NOT_IN_RACK, "not_in_rack", 422, "That tile is not in your rack")        \
    X(OUT_OF_BOUNDS, "out_of_bounds", 422, "That square is off the board")     \
    X(OCCUPIED, "occupied", 422, "That square is already taken")               \
    X(NOT_IN_LINE, "not_in_line", 422,                                         \
      "The tiles must be in one row or one column")                            \
    X(GAP, "gap", 422, "The tiles must form one word with no gaps")            \
    X(MUST_COVER_CENTER, "must_cover_center", 422,                             \
      "The first word must cover the centre star")                             \
    X(TOO_SHORT, "too_short", 422, "The first word needs at least two tiles")  \
    X(NOT_CONNECTED, "not_connected", 422,                                     \
      "The word must touch a tile already on the board")                       \
    X(INVALID_WORD, "invalid_word", 422, "Not in the dictionary")              \
    X(EXCHANGE_NOT_ALLOWED, "exchange_not_allowed", 422,                       \
      "You can only exchange while the bag holds at least 7 tiles")            \
    X(NO_TILES, "no_tiles", 422, "Choose at least one tile")                   \
    X(BAD_STATE, "bad_state", 400, "The game link is damaged or invalid")      \
    X(UNKNOWN_LEXICON, "unknown_lexicon", 400,                                 \
      "This game uses a dictionary this server does not have")                 \
    X(BAD_REQUEST, "bad_request", 400, "The request is malformed")             \
    X(BAD_NOTATION, "bad_notation", 400, "The move could not be read")         \
    X(TOO_LARGE, "too_large", 413, "The request is too large")                 \
    X(BAD_LEXICON, "bad_lexicon", 500, "The word list could not be loaded")    \
    X(NOT_FOUND, "not_found", 404, "No such page")                             \
    X(METHOD, "method_not_allowed", 405, "Method not allowed")                 \
    X(INTERNAL, "internal", 500, "Internal error")                             \
    X(BUSY, "busy", 503,                                                       \
      "The server is busy with other reviews: try again in a moment")          \
    X(NOT_GOALS_GAME, "not_goals_game", 422,                                   \
      "Helpers belong to goals games; this is a plain game")                   \
    X(NO_HELPER_LEFT, "no_helper_left", 422, "The team has no helper left")    \
    X(BAD_SWAP, "bad_swap", 422,                                               \
      "A swap gives one tile of your rack for a different one of your "        \
      "partner's")                                                             \
    X(NO_CLASSIC_LINK, "no_classic_link", 422,                                 \
      "A goals game has no classic link: the classic format has no place "     \
      "for its goals")                                                         \
    X(TOO_MANY, "too_many_requests", 429,                                      \
      "Too many requests from one address at once: try again in a moment")

#define CLB_ERR_ENUM_(name, code, status, msg) CLB_ERR_##name,
enum clb_err { CLB_FOR_EACH_ERR(CLB_ERR_ENUM_) CLB_ERR__COUNT };
#undef CLB_ERR_ENUM_

/* A board square, 0-based. */
struct clb_cell {
    int row;
    int col;
};

/* What went wrong, and where. code == CLB_ERR_OK means no error. */
struct clb_error {
    enum clb_err code;
    /* Extra human detail, e.g. the JSON field of a bad state; "" if none. */
    char detail[CLB_ERR_DETAIL_MAX];
    int ncells;
    struct clb_cell cells[CLB_MAX_ERR_CELLS];
    int nwords;
    char words[CLB_MAX_WORDS][CLB_WORD_MAX + 1];
};

/* The player-facing sentence for a code; "unknown error" if out of range. */
const char *clb_err_str(enum clb_err code);

/* The stable API code ("invalid_word") for a code; "unknown" if out of
 * range. */
const char *clb_err_code(enum clb_err code);

/* Resets *err to CLB_ERR_OK with no detail, cells or words. Cannot fail. */
void clb_error_clear(struct clb_error *err);

/* Sets err->code and a printf-style detail (truncated to fit); returns code
 * so callers can write `return clb_error_set(err, CLB_ERR_X, "...")`. The
 * arguments may include err->detail itself (to wrap a detail in context):
 * the text is formatted apart before it replaces the old one. */
enum clb_err clb_error_set(struct clb_error *err, enum clb_err code,
                           const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* clb_error_set() with the arguments as a va_list, for wrappers. */
enum clb_err clb_error_setv(struct clb_error *err, enum clb_err code,
                            const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));

/* Appends a cell; ignores it once the array is full. Cannot fail. */
void clb_error_add_cell(struct clb_error *err, int row, int col);

/* Appends a word (truncated to CLB_WORD_MAX); ignored once full. */
void clb_error_add_word(struct clb_error *err, const char *word, size_t len);

#endif
