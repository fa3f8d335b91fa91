/* server/turn.c - one turn of a request (turn.h): the move, the seat's
 * hand-over, and the computer's reply within a place among the searches.
 */
/* SPDX-License-Identifier: MIT */
#include "turn.h"

#include "../core/partner.h"
#include "app.h"

enum clb_err turn_move_and_reply(const struct srv_request *req,
                                 struct position *pos,
                                 const struct core_move *move, bool handover,
                                 struct core_move_result *result,
                                 struct core_move *reply,
                                 struct core_move_result *reply_result,
                                 bool *replied, struct clb_error *err)
{
    *replied = false;
    clb_error_clear(err);
    const struct core_game *g = &pos->game;
    bool solo = g->partner != CORE_PARTNER_FRIEND;
    if (handover && !solo)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "handover: Player 2's seat is already a "
                             "friend's");
    if (handover && move->type == CORE_MOVE_HELPER)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "handover: with a move, not a helper (the turn "
                             "goes on after a helper)");
    if (solo && !handover && position_reply_due(pos))
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "it is the computer's turn (Player 2): with "
                             "\"handover\": true a friend plays it instead");
    bool search =
        solo && !handover && !g->game_over && move->type != CORE_MOVE_HELPER;
    if (search && !srv_search_take(req))
        return clb_error_set(err, CLB_ERR_BUSY, NULL);
    enum clb_err rc = CLB_ERR_OK;
    if (handover && position_reply_due(pos))
        rc = position_handover(pos, err);
    if (rc == CLB_ERR_OK)
        rc = position_play(pos, move, result, err);
    if (rc == CLB_ERR_OK && handover && position_reply_due(pos))
        rc = position_handover(pos, err);
    if (rc == CLB_ERR_OK && search && position_reply_due(pos)) {
        rc = position_partner_reply(pos, reply, reply_result, err);
        *replied = rc == CLB_ERR_OK;
    }
    if (search)
        srv_search_give(req);
    return rc;
}
