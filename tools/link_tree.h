/* tools/link_tree.h - the classic (v1) state as a jansson tree, for
 * collabble-cli and the tests (tools/link_tree.c). The server writes the
 * same JSON without a tree (link_game_write, server/link.h).
 */
/* SPDX-License-Identifier: MIT */
#ifndef CLB_LINK_TREE_H
#define CLB_LINK_TREE_H

#include <jansson.h>

#include "../core/game.h"

/* The state as a schema-v1 JSON object (new reference). NULL when out of
 * memory, or when the struct holds bytes that are not text (never for a
 * decoded or core-made game). */
json_t *link_game_to_json(const struct core_game *game);

#endif
