/* server/builtin_lexicon.c - the built-in word list (builtin_lexicon.h). */
/* SPDX-License-Identifier: MIT */
#define _DEFAULT_SOURCE /* madvise's MADV_DONTNEED */
#include "builtin_lexicon.h"

#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Defined by builtin_lexicon.S. */
extern const unsigned char clb_builtin_lexicon_bytes[];
extern const uint64_t clb_builtin_lexicon_size;

/* The executable's pages of the image, read once for the copy, would stay
 * resident (7 MB of a 12 MB process): give them back. They are read-only
 * pages of the file, so the kernel reads them again should anything touch
 * them; only the whole pages inside the image are given back. */
static void builtin_release_pages(void)
{
    long page = sysconf(_SC_PAGESIZE);
    if (page <= 0)
        return;
    uintptr_t lo = (uintptr_t)clb_builtin_lexicon_bytes;
    uintptr_t hi = lo + (uintptr_t)clb_builtin_lexicon_size;
    uintptr_t p = (uintptr_t)page;
    lo = (lo + p - 1) / p * p;
    hi = hi / p * p;
    if (hi > lo)
        (void)madvise((void *)lo, hi - lo, MADV_DONTNEED);
}

enum clb_err srv_builtin_lexicon_load(struct dict **out, struct clb_error *err)
{
    enum clb_err rc = dict_from_compiled(clb_builtin_lexicon_bytes,
                                         (size_t)clb_builtin_lexicon_size,
                                         "the built-in SOWPODS", out, err);
    builtin_release_pages();
    return rc;
}

enum clb_err srv_lexicon_load(const char *path, struct dict **out,
                              struct clb_error *err)
{
    if (path != NULL && strcmp(path, SRV_BUILTIN_LEXICON_FILE) == 0)
        return srv_builtin_lexicon_load(out, err);
    return dict_load(path, out, err);
}
