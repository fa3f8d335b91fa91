/* server/startup.h - what a program that answers requests does before the
 * first: read the word lists it is given (--lexicon FILE[:NAME], or
 * COLLABBLE_LEXICON, or the built-in list), load them into a struct
 * srv_context, then map every language's compiled list from the languages
 * directory (--languages DIR, or COLLABBLE_LANGUAGES, or the build's own,
 * CLB_LANGUAGES_DEFAULT), and read the mount point (--base-path or
 * COLLABBLE_BASE_PATH). Shared by `collabble` (server/main.c, every front
 * end) and `collabble-cgi` (server/cgi_main.c), so both read their
 * settings alike. Errors come back as a sentence; the programs decide how
 * to say them (an exit with usage, or a CGI 500).
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_STARTUP_H
#define SRV_STARTUP_H

#include <stdbool.h>
#include <stddef.h>

#include "../core/limits.h"
#include "http.h"

#define SRV_ENV_LEXICON "COLLABBLE_LEXICON"
#define SRV_ENV_LANGUAGES "COLLABBLE_LANGUAGES"
#define SRV_ENV_BASE_PATH "COLLABBLE_BASE_PATH"

/* Room for a start-up error's sentence. */
#define SRV_STARTUP_WHY_MAX 512

struct srv_lexicon_arg {
    const char *path;
    char name[CLB_LEXICON_NAME_MAX + 1];
    const char *from; /* "--lexicon" or "COLLABBLE_LEXICON": errors say which */
};

struct srv_lexicon_args {
    int n;
    struct srv_lexicon_arg list[CLB_MAX_GIVEN_LEXICONS];
    char *env_copy; /* COLLABBLE_LEXICON, split in place; free() it */
    /* The languages directory --languages named (NULL: COLLABBLE_LANGUAGES,
     * else the build's default); "" loads none. */
    const char *languages;
};

/* Adds FILE[:NAME] (modified in place: the ':' becomes a NUL), given by
 * `from`, which errors name. False with the reason in why. */
bool srv_lexicon_arg_add(struct srv_lexicon_args *a, char *arg,
                         const char *from, char why[SRV_STARTUP_WHY_MAX]);

/* When no --lexicon was given: COLLABBLE_LEXICON's lists, else the built-in
 * one. False with the reason in why. */
bool srv_lexicon_args_default(struct srv_lexicon_args *a,
                              char why[SRV_STARTUP_WHY_MAX]);

/* Loads every list into ctx, then maps every language's graph (every
 * NAME.clx of the languages directory, in the order of their names, named
 * NAME; dict_map(): trusted by the facts the build's check found, else
 * checked in full), saying on stderr for each its size and load time
 * unless `quiet` (the benchmarks read that line). A missing directory is
 * no error when it is the build's default (English alone then). False
 * after saying why on stderr, with nothing loaded. */
bool srv_lexicons_load(const struct srv_lexicon_args *a,
                       struct srv_context *ctx, bool quiet);

void srv_lexicons_free(struct srv_context *ctx);

/* Reads a base path (srv_base_check) given by `from` into out. False with
 * the reason in why. */
bool srv_base_arg(const char *v, const char *from,
                  char out[CLB_MAX_BASE_PATH + 1],
                  char why[SRV_STARTUP_WHY_MAX]);

/* The whole life of a CGI process (`collabble` or `collabble-cgi`
 * started by a web server): its settings from the environment, its word
 * lists, the one answer on standard output. A setting the operator must
 * mend is answered 500, with the reason on stderr (the web server's error
 * log) after `prog`. Returns the exit status: 0 once answered. */
int srv_cgi_program(const char *prog);

#endif
