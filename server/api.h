/* server/api.h - the JSON API (/api/v1/...) and the pieces of it that the
 * HTML pages share (reading a move from JSON).
 * See docs/API.md for the wire format.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_API_H
#define SRV_API_H

#include <jansson.h>

#include "../core/error.h"
#include "../core/game.h"
#include "http.h"

/* Reads a move object ({"type":"play","tiles":[...]}, {"type":"exchange",
 * "tiles":["Q","BLANK"]}, {"type":"pass"}) into *move. Returns CLB_ERR_OK
 * or CLB_ERR_BAD_REQUEST with a detail naming the field. */
enum clb_err api_move_from_json(const json_t *m, struct core_move *move,
                                struct clb_error *err);

/* Reads a move from its JSON text (len bytes), as the page's move field
 * carries it: in place when it has the usual shape, else through jansson
 * and api_move_from_json. Returns CLB_ERR_OK, or CLB_ERR_BAD_REQUEST ("the
 * move is not JSON", or api_move_from_json's detail). */
enum clb_err api_move_read(const char *text, size_t len, struct core_move *move,
                           struct clb_error *err);

/* Routes /api/v1/... ; returns NULL for any other path. */
/* The JSON API's handlers, which server/router.c's table names. */
srv_handler api_games, api_move, api_preview, api_decode, api_gcg, api_plays,
    api_review;

#endif
