/* server/json_load.c - the one reader of a JSON text through jansson, with
 * failed allocations noted (json_load.h). */
/* SPDX-License-Identifier: MIT */
#include "json_load.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "../core/limits.h"
#include "json_in.h"

/* Set by a failed allocation of jansson's on this thread. */
static _Thread_local bool srv_json_nomem;

static void *srv_json_malloc(size_t n)
{
    void *p = malloc(n);
    if (p == NULL)
        srv_json_nomem = true;
    return p;
}

static void srv_json_install(void)
{
    json_set_alloc_funcs(srv_json_malloc, free);
}

void srv_json_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    (void)pthread_once(&once, srv_json_install);
}

/* json_loadb(text, len, flags, jerr), or NULL with *nomem set when an
 * allocation failed while it parsed (the text may be fine). */
static json_t *srv_json_load(const char *text, size_t len, size_t flags,
                             json_error_t *jerr, bool *nomem)
{
    srv_json_init();
    srv_json_nomem = false;
    json_t *root = json_loadb(text, len, flags, jerr);
    /* A tree made while an allocation failed cannot be trusted: jansson
     * 2.14's lexer drops a byte it had no room to save, so a string can
     * come back one character short. */
    if (root != NULL && srv_json_nomem) {
        json_decref(root);
        root = NULL;
    }
    *nomem = root == NULL && (srv_json_nomem || json_error_code(jerr) ==
                                                    json_error_out_of_memory);
    return root;
}

bool srv_json_fits(size_t len, const struct srv_json_what *what,
                   struct clb_error *err)
{
    if (len <= what->max_bytes)
        return true;
    clb_error_set(err, CLB_ERR_TOO_LARGE,
                  "%s: %zu bytes of JSON, at most %zu allowed", what->name, len,
                  what->max_bytes);
    return false;
}

/* True when text holds nothing but JSON's white space. */
static bool only_space(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (text[i] != ' ' && text[i] != '\t' && text[i] != '\n' &&
            text[i] != '\r')
            return false;
    return true;
}

json_t *srv_json_parse(const char *text, size_t len,
                       const struct srv_json_what *what, struct clb_error *err)
{
    if (!srv_json_fits(len, what, err))
        return NULL;
    if (only_space(text, len)) {
        clb_error_set(err, what->bad, "%s: expected an object, got nothing",
                      what->name);
        return NULL;
    }
    /* jansson would recurse up to 2048 levels; no text Collabble reads
     * needs more than a few, and refusing early keeps a hostile one from
     * spending stack or time. */
    if (jin_too_deep(text, len, CLB_MAX_JSON_DEPTH)) {
        clb_error_set(err, what->bad, "%s: JSON nested deeper than %d levels",
                      what->name, CLB_MAX_JSON_DEPTH);
        return NULL;
    }
    /* Duplicate keys are refused: {"move":A,"move":B} would otherwise mean
     * whichever one a given parser keeps. Any value is read, so that one
     * that is not an object is named below rather than called not JSON. */
    json_error_t jerr;
    bool nomem;
    json_t *root = srv_json_load(
        text, len, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &jerr, &nomem);
    if (nomem) {
        clb_error_set(err, CLB_ERR_INTERNAL, "out of memory");
        return NULL;
    }
    /* jansson words an escaped NUL after its own option's name
     * (JSON_ALLOW_NUL), which means nothing to a client: say what it is. */
    if (root == NULL && json_error_code(&jerr) == json_error_null_character) {
        clb_error_set(err, what->bad,
                      "%s: a string holds \\u0000 (line %d, column %d); "
                      "no text of the API may contain a NUL character",
                      what->name, jerr.line, jerr.column);
        return NULL;
    }
    if (root == NULL) {
        clb_error_set(err, what->bad,
                      "%s: not valid JSON (line %d, column %d: %.60s)",
                      what->name, jerr.line, jerr.column, jerr.text);
        return NULL;
    }
    if (!json_is_object(root)) {
        clb_error_set(err, what->bad, "%s: expected an object, got %s",
                      what->name, srv_json_type_name(root));
        json_decref(root);
        return NULL;
    }
    return root;
}

const char *srv_json_type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a non-integer number";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    case JSON_NULL: return "null";
    }
    /* No default above, so a new jansson type is a compiler warning. */
    return "an unknown value";
}

enum clb_err srv_json_only_keys(const json_t *obj, const char *where,
                                const char *const *allowed,
                                struct clb_error *err)
{
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)obj, key, value)
    {
        bool known = false;
        for (const char *const *a = allowed; *a != NULL; a++)
            known = known || strcmp(key, *a) == 0;
        if (!known)
            return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                                 "%s: unknown key \"%.40s\"", where, key);
    }
    return CLB_ERR_OK;
}
