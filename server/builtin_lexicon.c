/* server/builtin_lexicon.c - the built-in word list (builtin_lexicon.h),
 * used in place from the executable's read-only data.
 *
 * The build checked these very bytes in full (collabble-dictc --check over
 * the sowpods.clx that builtin_lexicon.S takes in) and wrote what it found
 * to the header included below; a broken image fails the build there. So a
 * start does no copy and no walk of the graph: dict_use_in_place() matches
 * the image's header against those facts and points the lexicon at the
 * bytes, and only the pages a request touches are ever read in (shared
 * with every other process running the same executable). */
/* SPDX-License-Identifier: MIT */
#include "builtin_lexicon.h"

#include <stdint.h>
#include <string.h>

/* DICT_CHECKED_*: the facts of the image, made by the build. */
#include CLB_BUILTIN_LEXICON_CHECKED

/* Defined by builtin_lexicon.S. */
extern const unsigned char clb_builtin_lexicon_bytes[];
extern const uint64_t clb_builtin_lexicon_size;

static const struct dict_image_facts builtin_facts = {
    .bytes = DICT_CHECKED_BYTES,
    .crc = DICT_CHECKED_CRC,
    .words = DICT_CHECKED_WORDS,
    .fingerprint = DICT_CHECKED_FINGERPRINT,
};

const void *srv_builtin_lexicon_bytes(size_t *len)
{
    *len = (size_t)clb_builtin_lexicon_size;
    return clb_builtin_lexicon_bytes;
}

void srv_builtin_lexicon_facts(struct dict_image_facts *out)
{
    *out = builtin_facts;
}

/* The built-in list, used in place (dict_use_in_place(): no copy, the
 * image's header matched against the build's check). Fails only when out
 * of memory for the lexicon's small struct, or on a build whose image and
 * facts differ. Returns as dict_load(). */
static enum clb_err builtin_lexicon_load(struct dict **out,
                                         struct clb_error *err)
{
    return dict_use_in_place(clb_builtin_lexicon_bytes,
                             (size_t)clb_builtin_lexicon_size, &builtin_facts,
                             "the built-in SOWPODS", out, err);
}

enum clb_err srv_lexicon_load(const char *path, struct dict **out,
                              struct clb_error *err)
{
    if (path != NULL && strcmp(path, SRV_BUILTIN_LEXICON_FILE) == 0)
        return builtin_lexicon_load(out, err);
    return dict_load(path, out, err);
}
