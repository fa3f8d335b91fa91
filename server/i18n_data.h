/* server/i18n_data.h - the shape of the catalogues compiled at build time
 * (po/catalogues.cmake writes i18n_data.c from po/<code>.po through
 * msgfmt); only server/i18n.c reads it.
 *
 * Each catalogue is the .mo file msgfmt wrote, embedded as bytes: its
 * table of msgids is already sorted, so a look-up is a binary search in
 * place, with nothing parsed or copied at start. What the header says and
 * a page needs often (the plural rule, the language's own name) was read
 * out of the .po by the build, so no request reads the header.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_I18N_DATA_H
#define SRV_I18N_DATA_H

#include <stddef.h>

struct i18n_catalogue {
    const char *code;        /* ISO 639-1, lower case: "fr" */
    const char *name;        /* in its own language: "Français" */
    const char *plural;      /* Plural-Forms' plural= expression of n */
    int nplurals;            /* Plural-Forms' nplurals= */
    const unsigned char *mo; /* the compiled catalogue; NULL for English */
    size_t mo_len;
};

/* The catalogues of po/ (English is not among them: its text is the
 * msgids), in the order of their codes. */
extern const struct i18n_catalogue i18n_catalogues[];
extern const int i18n_ncatalogues;

/* The pseudo-catalogue the tests read (code "qps"): every msgid of the
 * sources, marked, so that a page in it shows any untranslated text. */
extern const struct i18n_catalogue i18n_pseudo_catalogue;

/* The msgids of the script's strings (static/js, keyword t): a .mo
 * whose msgids are those strings, for the page to carry their
 * translations to the script. */
extern const unsigned char i18n_script_ids[];
extern const size_t i18n_script_ids_len;

#endif
