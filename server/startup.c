/* server/startup.c - the word lists and the mount point a program starts
 * with (startup.h). */
/* SPDX-License-Identifier: MIT */
#include "say.h"
#include "startup.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/tileset.h"
#include "../dict/dict.h"
#include "app.h"
#include "builtin_lexicon.h"
#include "cgi.h"

/* DICT_CHECKED_LIST: the facts of every language's graph the build
 * compiled and checked in full (dict/CMakeLists.txt), and the directory it
 * put them in, the default of --languages. */
#include CLB_LANGUAGES_CHECKED
#ifndef CLB_LANGUAGES_DEFAULT
#error "CLB_LANGUAGES_DEFAULT is the languages directory, set by CMake"
#endif

static const struct dict_image_facts startup_built[] = {
    DICT_CHECKED_LIST{0, 0, 0, 0}};
#define STARTUP_NBUILT (sizeof startup_built / sizeof startup_built[0] - 1)

/* The extension of a compiled lexicon in the languages directory. */
#define STARTUP_CLX ".clx"

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
    if (a->n >= CLB_MAX_GIVEN_LEXICONS) {
        snprintf(why, SRV_STARTUP_WHY_MAX, "%s: at most %d lexicons", from,
                 CLB_MAX_GIVEN_LEXICONS);
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

/* The languages directory: --languages, COLLABBLE_LANGUAGES, else the
 * build's; *given whether one was named (then a missing one is an error). */
static const char *startup_languages_dir(const struct srv_lexicon_args *a,
                                         bool *given, const char **from)
{
    const char *env = getenv(SRV_ENV_LANGUAGES);
    *given = true;
    if (a->languages != NULL) {
        *from = "--languages";
        return a->languages;
    }
    if (env != NULL && env[0] != '\0') {
        *from = SRV_ENV_LANGUAGES;
        return env;
    }
    *given = false;
    *from = "the default";
    return CLB_LANGUAGES_DEFAULT;
}

/* True if `file` is NAME.clx with NAME a lexicon's name; NAME into name. */
static bool startup_language_file(const char *file,
                                  char name[CLB_LEXICON_NAME_MAX + 1])
{
    size_t n = strlen(file), ext = sizeof STARTUP_CLX - 1;
    if (n <= ext || n - ext > CLB_LEXICON_NAME_MAX ||
        strcmp(file + n - ext, STARTUP_CLX) != 0)
        return false;
    for (size_t i = 0; i < n - ext; i++)
        if (!startup_name_char(file[i]))
            return false;
    memcpy(name, file, n - ext);
    name[n - ext] = '\0';
    return true;
}

static int startup_name_cmp(const void *x, const void *y)
{
    return strcmp(x, y);
}

/* The names of the languages' graphs in dir, sorted, into names (at most
 * CLB_MAX_LANGUAGE_LEXICONS): how many, or -1 with why. 0 for a default
 * directory that is not there. */
static int startup_language_names(
    const char *dir, bool given,
    char names[CLB_MAX_LANGUAGE_LEXICONS][CLB_LEXICON_NAME_MAX + 1],
    char why[SRV_STARTUP_WHY_MAX])
{
    DIR *d = opendir(dir);
    if (d == NULL && !given && errno == ENOENT)
        return 0;
    if (d == NULL) {
        snprintf(why, SRV_STARTUP_WHY_MAX, "%.300s: %s", dir, strerror(errno));
        return -1;
    }
    int n = 0;
    char name[CLB_LEXICON_NAME_MAX + 1];
    for (struct dirent *e = readdir(d); e != NULL; e = readdir(d)) {
        if (!startup_language_file(e->d_name, name))
            continue;
        if (n == CLB_MAX_LANGUAGE_LEXICONS) {
            snprintf(why, SRV_STARTUP_WHY_MAX,
                     "%.300s: more than %d compiled lexicons", dir,
                     CLB_MAX_LANGUAGE_LEXICONS);
            closedir(d);
            return -1;
        }
        memcpy(names[n++], name, sizeof name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], startup_name_cmp);
    return n;
}

/* True if ctx has a lexicon of that name already. */
static bool startup_loaded(const struct srv_context *ctx, const char *name)
{
    for (int i = 0; i < ctx->nlexicons; i++)
        if (strcmp(ctx->lexicon_names[i], name) == 0)
            return true;
    return false;
}

/* Maps one language's graph, dir/name.clx, into ctx. */
static bool startup_language_load(const char *dir, const char *name,
                                  struct srv_context *ctx, bool quiet)
{
    char path[4096];
    int len = snprintf(path, sizeof path, "%s/%s" STARTUP_CLX, dir, name);
    if (len < 0 || (size_t)len >= sizeof path) {
        srv_say(SRV_ERROR, "cannot load lexicon '%s': its path is too long",
                name);
        return false;
    }
    struct timespec t0;
    (void)clock_gettime(CLOCK_MONOTONIC, &t0);
    struct clb_error err;
    struct dict *d = NULL;
    bool trusted = false;
    if (dict_map(path, startup_built, STARTUP_NBUILT, &trusted, &d, &err) !=
        CLB_ERR_OK) {
        srv_say(SRV_ERROR, "cannot load lexicon '%s' (from %s): %s%s%s", path,
                "the languages directory", clb_err_str(err.code),
                err.detail[0] != '\0' ? ": " : "", err.detail);
        return false;
    }
    ctx->lexicons[ctx->nlexicons] = d;
    memcpy(ctx->lexicon_names[ctx->nlexicons], name, strlen(name) + 1);
    ctx->nlexicons++;
    const struct core_tileset *ts = dict_tileset(d);
    /* Its size from the graph, not the header: reading the header would
     * bring the file's first pages back in, which dict_map let go. */
    unsigned long bytes =
        (unsigned long)dict_graph(d)->count * 4ul + 64ul;
    if (!quiet)
        srv_say(SRV_INFO,
                "lexicon %s: %zu words from %s in %.1f ms (%s, %s; mapped, "
                "%lu bytes; %s)",
                name, dict_word_count(d), path, startup_ms_since(&t0),
                ts->language != NULL ? ts->language : ts->name,
                ts->language_name != NULL ? ts->language_name : ts->name,
                bytes, trusted ? "checked by the build" : "checked in full");
    return true;
}

/* Every language's graph from the languages directory, after the given
 * lists. */
static bool startup_languages_load(const struct srv_lexicon_args *a,
                                   struct srv_context *ctx, bool quiet)
{
    bool given;
    const char *from;
    const char *dir = startup_languages_dir(a, &given, &from);
    if (dir[0] == '\0')
        return true; /* --languages '': none */
    static char names[CLB_MAX_LANGUAGE_LEXICONS][CLB_LEXICON_NAME_MAX + 1];
    char why[SRV_STARTUP_WHY_MAX];
    int n = startup_language_names(dir, given, names, why);
    if (n < 0) {
        srv_say(SRV_ERROR, "cannot read the languages directory (from %s): %s",
                from, why);
        return false;
    }
    if (n == 0 && !quiet)
        srv_say(SRV_INFO, "no languages in %s: English alone", dir);
    for (int i = 0; i < n; i++) {
        if (startup_loaded(ctx, names[i])) {
            if (!quiet)
                srv_say(SRV_WARN,
                        "%s/%s" STARTUP_CLX " left out: a lexicon named "
                        "'%s' is loaded already",
                        dir, names[i], names[i]);
            continue;
        }
        if (!startup_language_load(dir, names[i], ctx, quiet))
            return false;
    }
    return true;
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
    if (!startup_languages_load(a, ctx, quiet)) {
        srv_lexicons_free(ctx);
        return false;
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
