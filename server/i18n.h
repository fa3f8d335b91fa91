/* server/i18n.h - the page's language: message catalogues (po/<code>.po,
 * compiled at build time) and the look-up every page writer uses.
 *
 * A catalogue is chosen per request and travels in the output buffer
 * (struct out_buf's `lang`), so every writer that has the buffer can
 * translate without a new parameter; nothing process-wide (no setlocale,
 * no gettext domain) changes per request. English is the source text: its
 * catalogue is empty and every look-up answers the msgid itself.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_I18N_H
#define SRV_I18N_H

#include <stddef.h>

struct i18n_catalogue;

/* English: the source strings, every look-up answers its msgid. */
extern const struct i18n_catalogue i18n_english;

/* The catalogue for an ISO 639-1 code (len bytes, either case), or NULL. */
const struct i18n_catalogue *i18n_by_code(const char *code, size_t len);

/* The catalogue at i of the known ones (English first), or NULL past the
 * last: for the language switch and the tests. */
const struct i18n_catalogue *i18n_at(int i);

/* The pseudo-catalogue (code "qps"): every message marked, so that a page
 * rendered in it shows any text that missed the catalogues. Chosen only
 * by name (the cookie), never offered or guessed from Accept-Language. */
const struct i18n_catalogue *i18n_pseudo(void);

/* The name of the cookie that keeps a device's choice. */
#define I18N_COOKIE "lang"

/* What a request asks for: the best catalogue Accept-Language names (by
 * q-value, the first of equal ones; "fr-CH" asks for French; at most
 * CLB_MAX_ACCEPT_LANGUAGES ranges read), or the one the cookie `lang`
 * names (at most CLB_MAX_COOKIES cookies read). NULL when none. */
const struct i18n_catalogue *i18n_from_accept(const char *header);
const struct i18n_catalogue *i18n_from_cookie(const char *header);

/* Its code ("en") and its name in its own language ("English"). */
const char *i18n_code(const struct i18n_catalogue *c);
const char *i18n_name(const struct i18n_catalogue *c);

/* The translation of msgid in c (NULL is English), or msgid itself when
 * c has none. Never NULL for a non-NULL msgid. */
const char *i18n_text(const struct i18n_catalogue *c, const char *msgid);

/* The form for n of a message with a singular and a plural (the
 * catalogue's plural rule picks; English: one for n == 1). */
const char *i18n_plural(const struct i18n_catalogue *c, const char *one,
                        const char *many, long n);

/* Which form of a plural c's rule picks for n (0 for the first). */
int i18n_plural_index(const struct i18n_catalogue *c, long n);

/* The k-th form (0 first) of a message with a singular and a plural in
 * c, or NULL past the last (English: one, many). */
const char *i18n_plural_form(const struct i18n_catalogue *c, const char *one,
                             const char *many, int k);

/* The i-th msgid of the script's strings (static/js, marked tr('...') or
 * trn('one', 'many', n)), or NULL past the last; *many is a plural's
 * second msgid, else NULL. The page carries their translations. */
const char *i18n_script_id(int i, const char **many);

/* Marks a string literal for the extractor (xgettext -k N_) where it is
 * stored, to be translated where it is written. */
#define N_(s) (s)

#endif
