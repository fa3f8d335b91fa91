/* core/error.h - the one error type that travels from core to the HTTP layer.
 *
 * CLB_FOR_EACH_ERR lists every error once: name, API code, HTTP status, kind
 * and a sentence for a player. The enum, clb_err_code(), clb_err_kind_of()
 * and clb_err_str() are made from it here; only server/ expands the status
 * column. A struct clb_error
 * holds plain data (no heap) so the page can highlight the cells and words.
 */
/* SPDX-License-Identifier: MIT */
#ifndef CLB_ERROR_H
#define CLB_ERROR_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "limits.h"

/* X(NAME, api_code, http_status, kind, message): the message is a sentence
 * for a player without its full stop; a detail may follow it after a
 * colon. The kind says whose the error is (enum clb_err_kind): a RULE the
 * move broke (422: the player can play another), a REQUEST that cannot be
 * read or served as sent (a damaged link, a malformed body: 4xx), or the
 * SERVER's own trouble (5xx); OK alone is NONE. */
#define CLB_FOR_EACH_ERR(X)                                                    \
    X(OK, "ok", 200, NONE, "No error")                                         \
    X(GAME_OVER, "game_over", 422, RULE, "The game is over")                   \
    X(NOT_IN_RACK, "not_in_rack", 422, RULE, "That tile is not in your rack")  \
    X(OUT_OF_BOUNDS, "out_of_bounds", 422, RULE,                               \
      "That square is off the board")                                          \
    X(OCCUPIED, "occupied", 422, RULE, "That square is already taken")         \
    X(NOT_IN_LINE, "not_in_line", 422, RULE,                                   \
      "The tiles must be in one row or one column")                            \
    X(GAP, "gap", 422, RULE, "The tiles must form one word with no gaps")      \
    X(MUST_COVER_CENTER, "must_cover_center", 422, RULE,                       \
      "The first word must cover the centre star")                             \
    X(TOO_SHORT, "too_short", 422, RULE,                                       \
      "The first word needs at least two tiles")                               \
    X(NOT_CONNECTED, "not_connected", 422, RULE,                               \
      "The word must touch a tile already on the board")                       \
    X(INVALID_WORD, "invalid_word", 422, RULE, "Not in the dictionary")        \
    X(EXCHANGE_NOT_ALLOWED, "exchange_not_allowed", 422, RULE,                 \
      "You can only exchange while the bag holds at least 7 tiles")            \
    X(NO_TILES, "no_tiles", 422, RULE, "Choose at least one tile")             \
    X(BAD_STATE, "bad_state", 400, REQUEST,                                    \
      "The game link is damaged or invalid")                                   \
    X(UNKNOWN_LEXICON, "unknown_lexicon", 400, REQUEST,                        \
      "This game uses a dictionary this server does not have")                 \
    X(BAD_REQUEST, "bad_request", 400, REQUEST, "The request is malformed")    \
    X(BAD_NOTATION, "bad_notation", 400, REQUEST,                              \
      "The move could not be read")                                            \
    X(TOO_LARGE, "too_large", 413, REQUEST, "The request is too large")        \
    X(BAD_LEXICON, "bad_lexicon", 500, SERVER,                                 \
      "The word list could not be loaded")                                     \
    X(NOT_FOUND, "not_found", 404, REQUEST, "No such page")                    \
    X(METHOD, "method_not_allowed", 405, REQUEST, "Method not allowed")        \
    X(INTERNAL, "internal", 500, SERVER, "Internal error")                     \
    X(BUSY, "busy", 503, SERVER,                                               \
      "The server is busy with other reviews: try again in a moment")          \
    X(NOT_GOALS_GAME, "not_goals_game", 422, RULE,                             \
      "Helpers belong to goals games; this is a plain game")                   \
    X(NO_HELPER_LEFT, "no_helper_left", 422, RULE,                             \
      "The team has no helper left")                                           \
    X(BAD_SWAP, "bad_swap", 422, RULE,                                         \
      "A swap gives one tile of your rack for a different one of your "        \
      "partner's")                                                             \
    X(NO_CLASSIC_LINK, "no_classic_link", 422, RULE,                           \
      "This game has no classic link: the classic format holds only an "       \
      "English game for two, without goals")                                   \
    X(TOO_MANY, "too_many_requests", 429, REQUEST,                             \
      "Too many requests from one address at once: try again in a moment")

#define CLB_ERR_ENUM_(name, code, status, kind, msg) CLB_ERR_##name,
enum clb_err { CLB_FOR_EACH_ERR(CLB_ERR_ENUM_) CLB_ERR__COUNT };
#undef CLB_ERR_ENUM_

/* Whose an error is: the kind column of CLB_FOR_EACH_ERR. */
enum clb_err_kind {
    CLB_ERR_KIND_NONE,    /* CLB_ERR_OK */
    CLB_ERR_KIND_RULE,    /* a move the rules refuse */
    CLB_ERR_KIND_REQUEST, /* a request, link or form that cannot be used */
    CLB_ERR_KIND_SERVER,  /* the server could not do what was asked */
};

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

/* Whose the error is (the kind column); CLB_ERR_KIND_SERVER if out of
 * range. A rule's detail only repeats what the error's words and cells
 * say, so a page shows it for the other kinds alone. */
enum clb_err_kind clb_err_kind_of(enum clb_err code);

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
