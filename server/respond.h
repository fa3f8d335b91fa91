/* server/respond.h - turning a struct clb_error into an HTTP answer.
 *
 * The one place that knows each error's HTTP status (the status column of
 * CLB_FOR_EACH_ERR) and how an error is answered: as the API's JSON error
 * object, or as the pages' error page (whose sentence render_pages.c
 * writes, the one place it is written).
 * JSON itself is written by json_out.h, with html_safe escapes, so no
 * request text can come back as markup in any API answer.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_RESPOND_H
#define SRV_RESPOND_H

#include <stdbool.h>

#include "../core/error.h"
#include "../core/tileset.h"
#include "html.h"
#include "http.h"
#include "json_out.h"

/* Content types the server writes (static strings for srv_response). */
#define SRV_TYPE_JSON "application/json"
#define SRV_TYPE_HTML "text/html; charset=utf-8"
#define SRV_TYPE_TEXT "text/plain; charset=utf-8"

/* The HTTP status of an error code (the status column of error.h); 500 for
 * a code out of range. Cannot fail. */
int clb_err_status(enum clb_err code);

/* Writes the API's error object {"code","message","words","cells",
 * "detail"?} (detail only when non-empty; a detail that is not valid
 * UTF-8, such as request bytes cut short, is replaced by a note saying so).
 * Cannot fail (the writer's flags are sticky). */
void srv_error_write(struct jout *j, const struct clb_error *err);

/* The same for a game of tile set ts: its words in the set's display
 * strings (srv_error_write is English's: its words are their bytes). */
void srv_error_write_in(struct jout *j, const struct core_tileset *ts,
                        const struct clb_error *err);

/* Answers {"error": {...}} with the error's status. Cannot fail: when even
 * that cannot be built the body overflows and the dispatcher answers. */
void srv_error_json(struct srv_response *resp, const struct clb_error *err);

/* The same for a game of tile set ts (srv_error_write_in). */
void srv_error_json_in(struct srv_response *resp, const struct core_tileset *ts,
                       const struct clb_error *err);

/* Answers the error as JSON under /api/ and as a page elsewhere: the one
 * choice the dispatcher makes for errors found before any handler ran. */
void srv_error_for_path(struct srv_response *resp, struct clb_str path,
                        const struct clb_error *err);

/* True for paths under the JSON API ("/api" or "/api/..."). */
bool srv_is_api_path(struct clb_str path);

#endif
