/* server/move_json.h - a move read from JSON, as the API's "move" member,
 * the page's move field and the command line's MOVE all carry it:
 * {"type":"play","tiles":[{"row":7,"col":7,"letter":"C"},...]},
 * {"type":"exchange","tiles":["Q","BLANK"]}, {"type":"pass"}, or a goals
 * game's {"type":"helper","helper":"swap","give":"Q","take":"E"}.
 * See docs/API.md for the wire format.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_MOVE_JSON_H
#define SRV_MOVE_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "../core/error.h"
#include "../core/game.h"
#include "json_in.h"

/* Reads a move object parsed by jansson into *move. Returns CLB_ERR_OK,
 * CLB_ERR_BAD_REQUEST with a detail naming the field ("move.tiles[1].row:
 * expected an integer"), or CLB_ERR_OUT_OF_BOUNDS for a square off the
 * board. */
enum clb_err move_json_tree(const json_t *m, struct core_move *move,
                            struct clb_error *err);

/* Reads a move object in place at j's current value (json_in.h): true only
 * for a well-formed move of the usual shape ("type" before "tiles") that
 * move_json_tree would read the same; false for anything else, which the
 * caller then reads with move_json_tree to word the error. */
bool move_json_fast(struct jin *j, struct core_move *move);

/* move_json_tree() with the tiles named in the tile set `ts` (its display
 * strings, either case); move_json_tree() and the in-place reader read
 * English's. */
enum clb_err move_json_tree_in(const json_t *m, const struct core_tileset *ts,
                               struct core_move *move, struct clb_error *err);

/* move_json_text() with the tiles named in the tile set `ts`. */
enum clb_err move_json_text_in(const char *text, size_t len,
                               const struct core_tileset *ts,
                               struct core_move *move, struct clb_error *err);

/* Reads a move from its JSON text (len bytes), as the page's move field
 * carries it: in place when it has the usual shape, else through
 * srv_json_parse and move_json_tree. Returns CLB_ERR_OK, CLB_ERR_TOO_LARGE
 * (over CLB_MAX_MOVE_JSON bytes), or CLB_ERR_BAD_REQUEST with
 * srv_json_parse's or move_json_tree's detail ("move: not valid JSON
 * (line 1, column 16: ...)", "move.tiles: expected an array"). */
enum clb_err move_json_text(const char *text, size_t len,
                            struct core_move *move, struct clb_error *err);

#endif
