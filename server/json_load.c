/* server/json_load.c - jansson's parser, with failed allocations noted
 * (json_load.h). */
/* SPDX-License-Identifier: MIT */
#include "json_load.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

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

json_t *srv_json_load(const char *text, size_t len, size_t flags,
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
