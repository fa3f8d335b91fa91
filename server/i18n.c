/* server/i18n.c - the message catalogues and their look-up (i18n.h). */
/* SPDX-License-Identifier: MIT */
#include "i18n.h"

#include <string.h>

struct i18n_catalogue {
    const char *code;
    const char *name;
};

const struct i18n_catalogue i18n_english = {"en", "English"};

static const struct i18n_catalogue *const catalogues[] = {&i18n_english};

const struct i18n_catalogue *i18n_at(int i)
{
    if (i < 0 || (size_t)i >= sizeof catalogues / sizeof catalogues[0])
        return NULL;
    return catalogues[i];
}

static char ascii_lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;
}

const struct i18n_catalogue *i18n_by_code(const char *code, size_t len)
{
    for (int i = 0; code != NULL && i18n_at(i) != NULL; i++) {
        const char *k = i18n_at(i)->code;
        size_t j = 0;
        while (j < len && k[j] != '\0' && ascii_lower(code[j]) == k[j])
            j++;
        if (j == len && k[j] == '\0')
            return i18n_at(i);
    }
    return NULL;
}

const char *i18n_code(const struct i18n_catalogue *c)
{
    return (c != NULL ? c : &i18n_english)->code;
}

const char *i18n_name(const struct i18n_catalogue *c)
{
    return (c != NULL ? c : &i18n_english)->name;
}

const char *i18n_text(const struct i18n_catalogue *c, const char *msgid)
{
    (void)c;
    return msgid;
}

const char *i18n_plural(const struct i18n_catalogue *c, const char *one,
                        const char *many, long n)
{
    (void)c;
    return n == 1 ? one : many;
}
