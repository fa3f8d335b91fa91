/* server/turn.h - one turn of a request: the human's move and, in a solo
 * game, the computer's reply, limited like a search (the API's /move and
 * the page's End Turn).
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_TURN_H
#define SRV_TURN_H

#include <stdbool.h>

#include "http.h"
#include "position.h"

/* One turn of a request (the API's /move, the page's End Turn): `move` on
 * pos, and in a solo game the computer's reply when its seat is then to
 * move (*replied set, *reply and *reply_result its move and result).
 * With `handover` the computer's seat passes to a friend instead, at
 * Player 2's turn (before the move when the link is already there,
 * after it otherwise), and the computer does not reply. A reply takes a
 * place among the searches (srv_search_take) BEFORE anything is applied:
 * when none is free the answer is CLB_ERR_BUSY and pos is as it was, so
 * the same request, sent again, makes the same turn. A solo game at the
 * computer's turn takes no move but the friend's (`handover`). */
enum clb_err turn_move_and_reply(const struct srv_request *req,
                                 struct position *pos,
                                 const struct core_move *move, bool handover,
                                 struct core_move_result *result,
                                 struct core_move *reply,
                                 struct core_move_result *reply_result,
                                 bool *replied, struct clb_error *err);

#endif
