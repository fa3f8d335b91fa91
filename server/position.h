/* server/position.h - a game position from a turn link of either format.
 *
 * position_open() is the one entry point for every incoming link. A v2 link
 * (first character '2') is read and replayed by core (core/link2.h) with
 * the word list its header names, found among the loaded lexicons by
 * fingerprint; a text in a later format is refused as such; anything else
 * is a classic v1 link (link.h), whose position becomes the start of a
 * history with no moves yet, so a game that began as v1 continues as v2.
 * position_play() makes a move and extends the history and its v2 link;
 * position_write() gives the link in either format. Each thread keeps the
 * positions of its last few links (cache.h), so a link opened again on it
 * is a copy of what exactly that link gave, not a second replay.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_POSITION_H
#define SRV_POSITION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/error.h"
#include "../core/history.h"
#include "../core/link2.h"
#include "http.h"

enum link_format { LINK_V1 = 1, LINK_V2 = 2 };

struct position {
    enum link_format format;     /* the format the link came in */
    int lexicon;                 /* index in ctx->lexicons of its word list */
    const struct dict *dict;     /* that word list */
    struct core_game game;       /* the position itself */
    struct core_history history; /* where it started and every move since */
    bool linked;                 /* link2 is the history's v2 link */
    struct core_link2 link2;
    /* Every move's `after` hash is there (the page's chain): false only
     * for a link opened with POSITION_PLAIN. */
    bool chained;
};

/* What a reader of a position needs beyond the game and its moves. */
enum position_need {
    POSITION_CHAIN, /* every move's position hash: a page's data-chain */
    POSITION_PLAIN, /* not those (the JSON API): the replay skips them */
};

/* Opens the link s (len bytes) of either format. Returns CLB_ERR_OK, or
 * CLB_ERR_BAD_STATE (a damaged or forged link, a move the rules refuse:
 * the detail says which), CLB_ERR_UNKNOWN_LEXICON (naming the list),
 * CLB_ERR_TOO_LARGE, or CLB_ERR_INTERNAL (out of memory). */
enum clb_err position_open(const struct srv_context *ctx, const char *s,
                           size_t len, struct position *pos,
                           struct clb_error *err);

/* position_open() for a reader that only reads the position (a page):
 * *out is the position this thread keeps for the link (cache.h), shared,
 * not copied; or *scratch, filled, when the thread keeps none. *out stays
 * valid until the thread opens another link. */
enum clb_err position_open_shared(const struct srv_context *ctx, const char *s,
                                  size_t len, struct position *scratch,
                                  const struct position **out,
                                  struct clb_error *err);

/* position_open(), for a reader that needs only what `need` says:
 * position_open() is POSITION_CHAIN. */
enum clb_err position_open_for(const struct srv_context *ctx, const char *s,
                               size_t len, enum position_need need,
                               struct position *pos, struct clb_error *err);

/* A new game dealt from `seed`, judged by ctx->lexicons[lexicon]. Cannot
 * fail (lexicon must be a loaded one). */
void position_new(const struct srv_context *ctx, int lexicon, uint32_t seed,
                  struct position *pos);

/* Makes the new game pos (position_new, no move yet) a goals game of
 * `level`: its goals dealt from its seed, its link rewritten. Returns
 * CLB_ERR_OK, or CLB_ERR_BAD_REQUEST (not a difficulty). */
enum clb_err position_set_goals(struct position *pos,
                                enum core_goals_level level,
                                struct clb_error *err);

/* Makes the new game pos (position_new, no move yet) a solo game: the
 * computer holds Player 2's seat at `partner` (core/partner.h). */
enum clb_err position_set_partner(struct position *pos, int partner,
                                  struct clb_error *err);

/* Whether pos waits for the computer's reply: a solo game not over, at
 * Player 2's turn, whose seat is still the computer's. */
bool position_reply_due(const struct position *pos);

/* Hands the computer's seat of pos to a friend (core_history_handover),
 * the link following. */
enum clb_err position_handover(struct position *pos, struct clb_error *err);

/* The computer's reply on pos (position_reply_due): searched within
 * CLB_PARTNER_NODES and made with position_play. *move gets the move as
 * made (canonical), *result its result. */
enum clb_err position_partner_reply(struct position *pos,
                                    struct core_move *move,
                                    struct core_move_result *result,
                                    struct clb_error *err);

/* Makes `move` (or a goals game's helper, CORE_MOVE_HELPER) on pos: the rules
 * judge it with pos->dict, and on success pos->game, its history and its v2
 * link all include it. Returns CLB_ERR_OK, or the rules' error with pos
 * unchanged. */
enum clb_err position_play(struct position *pos, const struct core_move *move,
                           struct core_move_result *result,
                           struct clb_error *err);

/* Writes pos's link in `format` into out (cap bytes, NUL-terminated).
 * A classic link that was never played on has no v2 link when its game is
 * over (CLB_ERR_BAD_STATE); a goals game has no classic link
 * (CLB_ERR_NO_CLASSIC_LINK). Returns CLB_ERR_OK, or CLB_ERR_INTERNAL when
 * cap is short. */
enum clb_err position_write(const struct position *pos, enum link_format format,
                            char *out, size_t cap, size_t *len,
                            struct clb_error *err);

/* Which game this position belongs to, beyond its gameId: "s<seed>" for a
 * game dealt from a seed, "p<hex>" for one that started from a classic
 * link (a hash of that position). Positions with the same start can be
 * ordered by move number. out holds at least 16 bytes. Cannot fail. */
void position_start_id(const struct position *pos, char *out, size_t cap);

/* The word list's identity for a v2 link: the built-in SOWPODS by its
 * fixed fingerprint, any other by its name and fingerprint. */
void position_lexicon_id(const struct srv_context *ctx, int lexicon,
                         struct core_lexicon_id *id);

/* The index of the loaded lexicon called `name`, the one lookup by name
 * (a v1 state's "lexicon", the API's /games, the page's /new). NULL or ""
 * is the server's default (index 0), as a game records it. Else -1 with
 * CLB_ERR_UNKNOWN_LEXICON ("lexicon: \"twl06\" is not loaded on this
 * server"), or CLB_ERR_INTERNAL when no lexicon is loaded. */
int position_lexicon_by_name(const struct srv_context *ctx, const char *name,
                             struct clb_error *err);

/* The language a player picks a game by (ISO 639-1): the index of its
 * default lexicon, the first loaded lexicon whose tile set is of that
 * language (code, len bytes). Else -1 with CLB_ERR_BAD_REQUEST for a code
 * no tile set has (the detail lists the codes), or CLB_ERR_UNKNOWN_LEXICON
 * for a language with no lexicon loaded on this server. */
int position_lexicon_by_language(const struct srv_context *ctx,
                                 const char *code, size_t len,
                                 struct clb_error *err);

/* The lexicon a new game asks for by name (NULL or "": not asked) and by
 * language (NULL or len 0: not asked): by name, by language, or the
 * default; both given, the named lexicon must be of that language
 * (CLB_ERR_BAD_REQUEST otherwise). -1 with *err set as the two lookups
 * set it. */
int position_lexicon_choose(const struct srv_context *ctx, const char *name,
                            const char *language, size_t len,
                            struct clb_error *err);

/* The ISO 639-1 codes players pick by, "en, fr, ...", into out (cap
 * bytes, NUL-terminated): for the messages that list them. */
void position_language_codes(char *out, size_t cap);

/* The name a game records for ctx->lexicons[lexicon]: "" for the server's
 * default, as v1 states have it. */
const char *position_lexicon_label(const struct srv_context *ctx, int lexicon);

/* This process's counts, for the metrics page: links opened, by format
 * (links[0] classic, links[1] v2), and moves applied, by kind (moves[i]
 * for CORE_MOVE_PLAY, _EXCHANGE, _PASS). Counted here, where links are
 * opened and moves made, so that the application needs nothing of the
 * HTTP side; counting is a relaxed atomic add. */
struct position_counts {
    uint64_t links[2];
    uint64_t moves[CORE_MOVE_HELPER];
};
void position_counts(struct position_counts *out);

#endif
