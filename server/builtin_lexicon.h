/* server/builtin_lexicon.h - the word list built into the executable.
 *
 * `collabble` and `collabble-cli` carry the compiled SOWPODS in their own
 * read-only data (server/builtin_lexicon.S), so a copied or installed
 * binary needs no file to start; `--lexicon @builtin[:NAME]` names it
 * beside other lists. The list is used in place, read-only, straight from
 * that data: it was checked in full when the program was built
 * (collabble-dictc --check), not at each start, which keeps a process that
 * answers one request (CGI) cheap. Only those two programs link it, and
 * dict_builtin (the other tests load the compiled file from the build
 * tree).
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_BUILTIN_LEXICON_H
#define SRV_BUILTIN_LEXICON_H

#include "../core/error.h"
#include "../dict/dict.h"

/* The FILE of --lexicon that means the built-in list, and the NAME it gets
 * when none is given. */
#define SRV_BUILTIN_LEXICON_FILE "@builtin"
#define SRV_BUILTIN_LEXICON_NAME "sowpods"

/* The built-in image's bytes (*len of them), and what the build's full
 * check of them found: for the test that checks them again. Cannot fail. */
const void *srv_builtin_lexicon_bytes(size_t *len);
void srv_builtin_lexicon_facts(struct dict_image_facts *out);

/* Loads `path`, or the built-in list when it is SRV_BUILTIN_LEXICON_FILE:
 * used in place (dict_use_in_place(): no copy, the image's header matched
 * against the build's check), failing then only when out of memory for the
 * lexicon's small struct, or on a build whose image and facts differ.
 * Returns as dict_load(). */
enum clb_err srv_lexicon_load(const char *path, struct dict **out,
                              struct clb_error *err);

#endif
