/* server/builtin_lexicon.h - the word list built into the executable.
 *
 * `collabble` and `collabble-cli` carry the compiled SOWPODS in their own
 * read-only data (server/builtin_lexicon.S), so a copied or installed
 * binary needs no file to start; `--lexicon @builtin[:NAME]` names it
 * beside other lists. Only those two programs link it (the tests load the
 * compiled file from the build tree).
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

/* Loads the built-in list, checked as a compiled file is. Returns as
 * dict_load(). */
enum clb_err srv_builtin_lexicon_load(struct dict **out, struct clb_error *err);

/* Loads `path`, or the built-in list when it is SRV_BUILTIN_LEXICON_FILE. */
enum clb_err srv_lexicon_load(const char *path, struct dict **out,
                              struct clb_error *err);

#endif
