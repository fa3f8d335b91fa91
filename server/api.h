/* server/api.h - the JSON API (/api/v1/...): its handlers.
 * See docs/API.md for the wire format.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_API_H
#define SRV_API_H

#include "http.h"

/* The JSON API's handlers, which server/router.c's table names. */
srv_handler api_games, api_move, api_preview, api_decode, api_gcg, api_plays,
    api_review, api_words;

#endif
