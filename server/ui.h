/* server/ui.h - the HTML pages: landing, game board, game over, and the
 * form endpoints the page's script posts to. Everything the player sees is
 * rendered here on the server; static/app.js only enhances it.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_UI_H
#define SRV_UI_H

#include "http.h"

/* Routes the page paths ("/", "/game", "/ui/...") ; NULL for any other. */
srv_handler *ui_route(const struct srv_request *req);

#endif
