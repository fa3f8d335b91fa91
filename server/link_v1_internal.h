/* server/link_v1_internal.h - what the classic (v1) link's own files share:
 * the names schema v1 gives the tile kinds and the characters a name may
 * hold, read and written alike by link_v1.c, its fast reader
 * (link_v1_fast.c) and the jansson tree writer of the tools and tests
 * (tools/link_tree.c); the writers' clamp of a count; and the fast
 * reader's entry point. Nothing outside those files includes it: the
 * link's interface is link.h.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_LINK_V1_INTERNAL_H
#define SRV_LINK_V1_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "../core/game.h"
#include "../core/limits.h"
#include "../core/tiles.h"

/* JSON key of each tile kind in "bag" and of the blank in "hands". */
#define LINK_BLANK_NAME "BLANK"

/* A v1 link is English only: its tiles are the English set's. */
#define LINK_V1_SET (&core_tileset_english)

/* True for a letter tile of a v1 link, and for a board square's tile (a
 * letter or a blank standing for one). */
static inline bool link_is_letter(char c)
{
    return core_tile_is_letter(c, LINK_V1_SET->n);
}

static inline bool link_is_tile(char c)
{
    return core_tile_face_letter(c, LINK_V1_SET->n) >= 0;
}

/* True for the characters of a gameId or lexicon name: [A-Za-z0-9_-]
 * (English's tile bytes are the ASCII letters). */
static inline bool is_name_char(char c)
{
    return link_is_tile(c) || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

/* The tile kind of a "bag"/"hands" name (core_kind_name's), or -1. */
static inline int name_kind(const char *s, size_t len)
{
    if (len == 1 && link_is_letter(s[0]))
        return core_tile_kind(LINK_V1_SET, s[0]);
    if (len == sizeof LINK_BLANK_NAME - 1 &&
        memcmp(s, LINK_BLANK_NAME, len) == 0)
        return LINK_V1_SET->n;
    return -1;
}

/* A count of the struct's, 0..max: the writers read no further, so that a
 * corrupt struct cannot make them read past its arrays. */
static inline int link_count(int n, int max)
{
    return n < 0 ? 0 : n > max ? max : n;
}

/* Reads a state in the usual form in place (link_v1_fast.c): true when it
 * is read whole and valid, *g then filled exactly as link_game_from_json
 * would; false for anything else (the caller reads it again with jansson,
 * which words the error). */
bool link_v1_fast_state(const char *text, size_t len, struct core_game *g);

#endif
