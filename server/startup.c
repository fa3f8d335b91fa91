/* server/startup.c - the word lists and the mount point a program starts
 * with (startup.h). */
/* SPDX-License-Identifier: MIT */
#include "say.h"
#include "startup.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../dict/dict.h"
#include "app.h"
#include "builtin_lexicon.h"
#include "cgi.h"

static bool startup_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '_' || c == '-';
}

/* NAME from FILE: the base name without its extension, other characters
 * replaced by '_' so it is a valid lexicon name for a state. */
static void startup_default_name(const char *path, char *name)
{
    const char *base = strrchr(path, '/');
    base = base != NULL ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    size_t len =
        dot != NULL && dot != base ? (size_t)(dot - base) : strlen(base);
    size_t n = 0;
    for (size_t i = 0; i < len && n < CLB_LEXICON_NAME_MAX; i++)
        name[n++] = startup_name_char(base[i]) ? base[i] : '_';
    if (n == 0)
        memcpy(name, "lexicon", (n = 7));
    name[n] = '\0';
}

bool srv_lexicon_arg_add(struct srv_lexicon_args *a, char *arg,
                         const char *from, char why[SRV_STARTUP_WHY_MAX])
{
    if (a->n >= CLB_MAX_LEXICONS) {
        snprintf(why, SRV_STARTUP_WHY_MAX, "%s: at most %d lexicons", from,
                 CLB_MAX_LEXICONS);
        return false;
    }
    struct srv_lexicon_arg *l = &a->list[a->n];
    char *colon = strrchr(arg, ':');
    if (colon != NULL) {
        *colon = '\0';
        const char *name = colon + 1;
        size_t n = strlen(name);
        if (n == 0 || n > CLB_LEXICON_NAME_MAX) {
            snprintf(why, SRV_STARTUP_WHY_MAX,
                     "%s: lexicon name '%.64s' must be 1 to %d characters",
                     from, name, CLB_LEXICON_NAME_MAX);
            return false;
        }
        for (size_t i = 0; i < n; i++)
            if (!startup_name_char(name[i])) {
                snprintf(why, SRV_STARTUP_WHY_MAX,
                         "%s: lexicon name '%.64s' may only use A-Z a-z 0-9 "
                         "_ -",
                         from, name);
                return false;
            }
        memcpy(l->name, name, n + 1);
    } else if (strcmp(arg, SRV_BUILTIN_LEXICON_FILE) == 0) {
        memcpy(l->name, SRV_BUILTIN_LEXICON_NAME,
               sizeof SRV_BUILTIN_LEXICON_NAME);
    } else {
        startup_default_name(arg, l->name);
    }
    if (arg[0] == '\0') {
        snprintf(why, SRV_STARTUP_WHY_MAX, "%s needs a file", from);
        return false;
    }
    for (int i = 0; i < a->n; i++)
        if (strcmp(a->list[i].name, l->name) == 0) {
            snprintf(why, SRV_STARTUP_WHY_MAX,
                     "%s: two lexicons are named '%s'", from, l->name);
            return false;
        }
    l->path = arg;
    l->from = from;
    a->n++;
    return true;
}

bool srv_lexicon_args_default(struct srv_lexicon_args *a,
                              char why[SRV_STARTUP_WHY_MAX])
{
    const char *env = getenv(SRV_ENV_LEXICON);
    if (env != NULL && env[strspn(env, " \t\n")] != '\0') {
        /* malloc, not strdup: every allocation goes through the one the
         * out-of-memory sweeps can fail (tests/alloc_fail/symbols.cmake). */
        size_t n = strlen(env) + 1;
        if ((a->env_copy = malloc(n)) == NULL) {
            snprintf(why, SRV_STARTUP_WHY_MAX, "out of memory");
            return false;
        }
        memcpy(a->env_copy, env, n);
        char *save = NULL;
        for (char *t = strtok_r(a->env_copy, " \t\n", &save); t != NULL;
             t = strtok_r(NULL, " \t\n", &save))
            if (!srv_lexicon_arg_add(a, t, SRV_ENV_LEXICON, why))
                return false;
        return true;
    }
    struct srv_lexicon_arg *l = &a->list[a->n++];
    l->path = SRV_BUILTIN_LEXICON_FILE;
    l->from = "the default";
    memcpy(l->name, SRV_BUILTIN_LEXICON_NAME, sizeof SRV_BUILTIN_LEXICON_NAME);
    return true;
}

void srv_lexicons_free(struct srv_context *ctx)
{
    for (int i = 0; i < ctx->nlexicons; i++)
        dict_free(ctx->lexicons[i]);
    ctx->nlexicons = 0;
}

static double startup_ms_since(const struct timespec *t0)
{
    struct timespec t1;
    (void)clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) * 1e3 +
           (double)(t1.tv_nsec - t0->tv_nsec) / 1e6;
}

bool srv_lexicons_load(const struct srv_lexicon_args *a,
                       struct srv_context *ctx, bool quiet)
{
    for (int i = 0; i < a->n; i++) {
        const struct srv_lexicon_arg *l = &a->list[i];
        struct clb_error err;
        clb_error_clear(&err);
        struct timespec t0;
        (void)clock_gettime(CLOCK_MONOTONIC, &t0);
        struct dict *d = NULL;
        if (srv_lexicon_load(l->path, &d, &err) != CLB_ERR_OK) {
            srv_say(SRV_ERROR, "cannot load lexicon '%s' (from %s): %s%s%s",
                    l->path, l->from, clb_err_str(err.code),
                    err.detail[0] != '\0' ? ": " : "", err.detail);
            srv_lexicons_free(ctx);
            return false;
        }
        ctx->lexicons[ctx->nlexicons] = d;
        memcpy(ctx->lexicon_names[ctx->nlexicons], l->name, sizeof l->name);
        ctx->nlexicons++;
        if (!quiet)
            srv_say(SRV_INFO, "lexicon %s: %zu words from %s in %.1f ms%s",
                    l->name, dict_word_count(d),
                    strcmp(l->path, SRV_BUILTIN_LEXICON_FILE) == 0
                        ? "the built-in list"
                        : l->path,
                    startup_ms_since(&t0), i == 0 ? " (default)" : "");
    }
    return true;
}

bool srv_base_arg(const char *v, const char *from,
                  char out[CLB_MAX_BASE_PATH + 1],
                  char why[SRV_STARTUP_WHY_MAX])
{
    const char *bad = srv_base_check(v, strlen(v), out);
    if (bad == NULL)
        return true;
    snprintf(why, SRV_STARTUP_WHY_MAX, "%s '%.300s': %s", from, v, bad);
    return false;
}

/* The 500 of a CGI process that is not set up right. */
static int startup_cgi_fail(const char *prog, const char *why)
{
    fprintf(stderr, "%s: %s\n", prog, why);
    fputs("Status: 500 Internal Server Error\r\n"
          "Content-Type: text/plain; charset=utf-8\r\n\r\n"
          "Collabble is not set up right: see the web server's error log.\n",
          stdout);
    return 1;
}

int srv_cgi_program(const char *prog)
{
    char why[SRV_STARTUP_WHY_MAX];
    static struct srv_lexicon_args lexicons;
    char base[CLB_MAX_BASE_PATH + 1];
    const char *env_base = getenv(SRV_ENV_BASE_PATH);
    if (env_base != NULL &&
        !srv_base_arg(env_base, SRV_ENV_BASE_PATH, base, why))
        return startup_cgi_fail(prog, why);
    if (!srv_lexicon_args_default(&lexicons, why)) {
        free(lexicons.env_copy);
        return startup_cgi_fail(prog, why);
    }
    static struct srv_context ctx;
    if (!srv_lexicons_load(&lexicons, &ctx, true)) {
        free(lexicons.env_copy);
        return startup_cgi_fail(prog, "a word list could not be loaded");
    }
    unsigned status = srv_cgi_run(&ctx, env_base != NULL ? base : NULL);
    srv_lexicons_free(&ctx);
    free(lexicons.env_copy);
    return status != 0 ? 0 : 1;
}
