/* core/link2.h - the v2 turn link: a game's history, bit-packed, base64url.
 *
 * A v2 link is the text after '#': a version character ('2'), four check
 * characters (a CRC-24 of the rest) and the history as a bit string: where
 * the game started (a seed, or a classic link's position), which word list
 * judges it, then every move as the fewest bits its position allows, the
 * tiles named by their place in the rack. Nothing the moves imply (board,
 * racks, bag, score) is stored: reading a link replays it through
 * core_history_play(), so a link cannot claim what its moves did not make.
 * docs/LINK.md ("The v2 link") specifies every field.
 *
 * Reading is two calls, because the header names the word list the moves
 * are judged by: core_link2_read_header(), then, with that lexicon,
 * core_link2_read_moves(). Writing appends: a link's bits never change when
 * a move is added after them. Pure: no I/O, no heap, no JSON.
 */
/* SPDX-License-Identifier: MIT */
#ifndef CORE_LINK2_H
#define CORE_LINK2_H

#include <stdbool.h>
#include <stddef.h>

#include "error.h"
#include "game.h"
#include "history.h"
#include "limits.h"

/* The first character of every v2 link. */
#define CORE_LINK2_VERSION_CHAR '2'

/* A v2 link and where its next move's bits go. */
struct core_link2 {
    size_t len;      /* characters in text */
    size_t next_bit; /* payload bit where the next move is written */
    char text[CLB_MAX_LINK2_CHARS + 1]; /* NUL-terminated */
};

/* The link format a text is in, from its first character: 2 for '2', 3..9
 * for the digits a later Collabble may use, 1 for anything else (a v1,
 * LZ-String link). Cannot fail. */
int core_link_format(const char *s, size_t len);

/* The refusal of a link in a later format (core_link_format() of 3..9):
 * CLB_ERR_BAD_STATE saying it was made by a newer Collabble when its check
 * characters hold, and that it is damaged when they do not. */
enum clb_err core_link_newer(const char *s, size_t len, struct clb_error *err);

/* Reads a v2 link's header: the characters, length, check characters and
 * the start and lexicon fields. Fills h (its start, h->first, its lexicon;
 * no moves yet) and *link (the text, positioned at the first move).
 * Returns CLB_ERR_OK, or CLB_ERR_BAD_STATE with a detail ("the link is
 * damaged: ..."). */
enum clb_err core_link2_read_header(const char *s, size_t len,
                                    struct core_history *h,
                                    struct core_link2 *link,
                                    struct clb_error *err);

/* Reads and replays the moves after core_link2_read_header(), judged by
 * `lexicon`: *game becomes the position after the last move, h gets every
 * move's record, and *link is ready for core_link2_append(). Returns
 * CLB_ERR_OK, or CLB_ERR_BAD_STATE: a damaged link, or a move the rules
 * refuse ("move 7: Not in the dictionary: QXZ"). */
enum clb_err core_link2_read_moves(struct core_link2 *link,
                                   const struct core_lexicon *lexicon,
                                   struct core_history *h,
                                   struct core_game *game,
                                   struct clb_error *err);

/* Writes the link of h's start (no moves) into *link. Returns CLB_ERR_OK,
 * or CLB_ERR_INTERNAL when a name in h cannot be written (not 1-32
 * characters of [A-Za-z0-9_-]). */
enum clb_err core_link2_begin(const struct core_history *h,
                              struct core_link2 *link, struct clb_error *err);

/* Adds one move to *link: `move` (canonical, see core_move_canonical) was
 * made on *before and gave *after. Returns CLB_ERR_OK, or CLB_ERR_INTERNAL
 * (with *link unchanged) when the move is not one the rules accepted there
 * or the link would pass CLB_MAX_LINK2_CHARS. */
enum clb_err core_link2_append(struct core_link2 *link,
                               const struct core_game *before,
                               const struct core_move *move,
                               const struct core_game *after,
                               struct clb_error *err);

/* Adds the hand-over of the computer's seat to a friend (core_history_
 * handover took it: `before` is the position it was made on, `after` the
 * same with the seat a friend's) to *link, like core_link2_append. */
enum clb_err core_link2_append_handover(struct core_link2 *link,
                                        const struct core_game *before,
                                        const struct core_game *after,
                                        struct clb_error *err);

/* The whole link of a history: core_link2_begin, then every move replayed
 * with `lexicon` and appended. Returns CLB_ERR_OK, or CLB_ERR_BAD_STATE for
 * a move the rules refuse, or CLB_ERR_INTERNAL as above. */
enum clb_err core_link2_encode(const struct core_history *h,
                               const struct core_lexicon *lexicon,
                               struct core_link2 *link, struct clb_error *err);

#endif
