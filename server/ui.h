/* server/ui.h - the HTML pages: landing, game board, game over, and the
 * form endpoints the page's script posts to. Everything the player sees is
 * rendered here on the server; static/app.js only enhances it.
 *
 *   GET  /                 landing page; with ?s=S the board (no script)
 *   GET  /game?s=S         the board of S (no script); without s, 303 to /
 *   GET  /game?link=TEXT   the board of a link pasted without script
 *   POST /game             s=S: the board of S (the script opening /#S)
 *   GET  /new?seed=X       a new game's first position (same seed, same
 *                          game); without a seed, 303 to a random one
 *   POST /game/move        s=S&move=M (M as in the JSON API): the next
 *                          position with the copy prompt, or S again with
 *                          the error, the tiles kept in place (422)
 *   POST /game/turn        the move forms of a page without script: 303 to
 *                          the next position's page, or S again with the
 *                          error and the forms as typed
 *
 * docs/UI.md describes the flow and the hooks the browser tests use.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_UI_H
#define SRV_UI_H

#include "http.h"

/* Routes the page paths above; NULL for any other path. Cannot fail. */
/* The pages' handlers, which server/router.c's table names. */
srv_handler ui_root, ui_game, ui_new, ui_daily, ui_move, ui_turn, ui_gcg,
    ui_review, ui_word;

/* The language switch (server/i18n.h): sets the cookie `lang`. */
srv_handler ui_lang;

#endif
