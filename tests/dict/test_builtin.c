/* tests/dict/test_builtin.c - the built-in word list, used in place
 * (srv_lexicon_load of SRV_BUILTIN_LEXICON_FILE, dict_use_in_place): the
 * very bytes linked into the program pass the full check the build ran on
 * them, the in-place lexicon answers as the checked copy does and points at
 * those bytes, a mismatch between image and facts is refused, and the build's
 * check (collabble-dictc --check) fails on a damaged image. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../dict/dict.h"
#include "../../server/builtin_lexicon.h"
#include "test_support.h"

/* The same bytes, loaded the checked way (copied, every check). */
static struct dict *checked_copy(void)
{
    size_t len;
    const void *bytes = srv_builtin_lexicon_bytes(&len);
    struct clb_error err;
    struct dict *d = NULL;
    cr_assert_eq(dict_from_compiled(bytes, len, "copy", &d, &err), CLB_ERR_OK,
                 "%s", err.detail);
    return d;
}

Test(dict_builtin, the_linked_bytes_pass_the_full_check_the_build_ran)
{
    struct dict *copy = checked_copy();
    struct dict_image_facts got, built;
    dict_image_facts(copy, &got);
    srv_builtin_lexicon_facts(&built);
    cr_assert_eq(got.bytes, built.bytes);
    cr_assert_eq(got.crc, built.crc);
    cr_assert_eq(got.words, built.words);
    cr_assert_eq(got.fingerprint, built.fingerprint);
    cr_assert_eq(built.fingerprint, 0xF0234CA1u); /* SOWPODS (DESIGN.md) */
    dict_free(copy);
}

Test(dict_builtin, is_used_in_place_and_answers_as_the_copy)
{
    struct clb_error err;
    struct dict *in_place = NULL;
    cr_assert_eq(srv_lexicon_load(SRV_BUILTIN_LEXICON_FILE, &in_place, &err),
                 CLB_ERR_OK, "%s", err.detail);
    struct dict *copy = checked_copy();

    /* No copy: the graph is the linked bytes' own nodes. */
    size_t len;
    const unsigned char *bytes = srv_builtin_lexicon_bytes(&len);
    const struct core_kwg *g = dict_graph(in_place);
    cr_assert_eq((const void *)g->nodes, (const void *)(bytes + 64));
    cr_assert_eq((size_t)g->count, (len - 64) / 4);
    cr_assert_eq(memcmp(g->nodes, dict_graph(copy)->nodes, len - 64), 0);
    cr_assert_eq(dict_word_count(in_place), dict_word_count(copy));
    cr_assert_eq(dict_fingerprint(in_place), dict_fingerprint(copy));

    /* A sample of the list's words, each also with one letter changed
     * (mostly not words): both lexicons agree on every one. */
    size_t tlen;
    char *text = ts_read_file(CLB_TEST_SOWPODS_TXT, &tlen);
    size_t n = 0, found = 0;
    for (char *line = strtok(text, "\r\n"); line != NULL;
         line = strtok(NULL, "\r\n")) {
        if (n++ % 53 != 0)
            continue;
        size_t wl = strlen(line);
        cr_assert(dict_contains(in_place, line, wl), "%s", line);
        found++;
        line[wl / 2] = (char)('A' + (line[wl / 2] - 'A' + 7) % 26);
        cr_assert_eq(dict_contains(in_place, line, wl),
                     dict_contains(copy, line, wl), "%s", line);
    }
    free(text);
    cr_assert_gt(found, 5000);
    cr_assert_not(dict_contains(in_place, "QXZ", 3));
    cr_assert(dict_contains(in_place, "zyzzyva", 7));

    /* dict_free() frees the struct only; LeakSanitizer would report a leak,
     * and ASan a bad free, if it did otherwise. The bytes stay readable. */
    dict_free(in_place);
    dict_free(copy);
    cr_assert_eq(bytes[1], 'C'); /* the magic, "\x89CLX..." */
}

Test(dict_builtin, at_builtin_names_it)
{
    struct clb_error err;
    struct dict *d = NULL;
    cr_assert_eq(srv_lexicon_load(SRV_BUILTIN_LEXICON_FILE, &d, &err),
                 CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(dict_fingerprint(d), 0xF0234CA1u);
    cr_assert(dict_contains(d, "QUIXOTE", 7));
    dict_free(d);
}

/* Two ways to write an image's bytes: an in-place lexicon saved is the
 * image it was used from, byte for byte. */
Test(dict_builtin, saving_the_in_place_lexicon_writes_its_image)
{
    struct clb_error err;
    struct dict *d = NULL;
    cr_assert_eq(srv_lexicon_load(SRV_BUILTIN_LEXICON_FILE, &d, &err),
                 CLB_ERR_OK);
    char dir[] = "/tmp/clb-builtin-XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    char path[64];
    snprintf(path, sizeof path, "%s/saved.clx", dir);
    cr_assert_eq(dict_save_compiled(d, path, &err), CLB_ERR_OK, "%s",
                 err.detail);
    size_t len, saved_len;
    const void *bytes = srv_builtin_lexicon_bytes(&len);
    char *saved = ts_read_file(path, &saved_len);
    cr_assert_eq(saved_len, len);
    cr_assert_eq(memcmp(saved, bytes, len), 0);
    free(saved);
    unlink(path);
    rmdir(dir);
    dict_free(d);
}

static void expect_refused(const void *bytes, size_t len,
                           const struct dict_image_facts *facts,
                           const char *detail)
{
    struct clb_error err;
    struct dict *d = (struct dict *)1;
    cr_assert_eq(dict_use_in_place(bytes, len, facts, "img", &d, &err),
                 CLB_ERR_BAD_LEXICON);
    cr_assert_null(d);
    cr_assert_str_eq(err.detail, detail);
}

Test(dict_builtin, an_image_that_is_not_the_checked_one_is_refused)
{
    size_t len;
    const unsigned char *bytes = srv_builtin_lexicon_bytes(&len);
    struct dict_image_facts facts, bad;
    srv_builtin_lexicon_facts(&facts);
    const char *other = "img: not the image the build checked";

    bad = facts;
    bad.crc ^= 1u;
    expect_refused(bytes, len, &bad, other);
    bad = facts;
    bad.words++;
    expect_refused(bytes, len, &bad, other);
    bad = facts;
    bad.bytes -= 4;
    expect_refused(bytes, len - 4, &bad, other); /* the header says more */
    expect_refused(bytes, len - 4, &facts, other);
    expect_refused(bytes, 10, &facts, other);

    /* A copy with one header field changed, aligned as malloc aligns. */
    unsigned char *copy = malloc(len);
    memcpy(copy, bytes, len);
    copy[8] ^= 1u; /* the version */
    expect_refused(copy, len, &facts, other);
    copy[8] ^= 1u;
    copy[24] ^= 1u; /* the node count */
    expect_refused(copy, len, &facts, other);
    copy[24] ^= 1u;
    copy[0] = 'W'; /* a word list's first byte */
    expect_refused(copy, len, &facts, other);
    copy[0] = bytes[0];

    /* The nodes are read as uint32_t where they lie. */
    memmove(copy + 1, copy, len - 1);
    expect_refused(copy + 1, len - 1, &facts,
                   "img: not 4-byte aligned: the nodes cannot be used in "
                   "place");
    free(copy);

    expect_refused(NULL, len, &facts, "img: no bytes");
    expect_refused(bytes, len, NULL, "img: no bytes");
}

/* The build's check (dict/CMakeLists.txt runs it on sowpods.clx): a good
 * image gives the facts the program carries; a damaged one fails it and
 * leaves no facts behind, so the build stops. */
static int run_check(const char *image, const char *facts)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "'%s' --check '%s' '%s' >/dev/null 2>&1",
             CLB_TEST_DICTC, image, facts);
    int status = system(cmd);
    cr_assert(WIFEXITED(status));
    return WEXITSTATUS(status);
}

Test(dict_builtin, the_build_check_fails_on_a_damaged_image)
{
    char dir[] = "/tmp/clb-check-XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    char good[64], bad[64], facts[64];
    snprintf(good, sizeof good, "%s/good.clx", dir);
    snprintf(bad, sizeof bad, "%s/bad.clx", dir);
    snprintf(facts, sizeof facts, "%s/facts.h", dir);

    size_t len;
    const unsigned char *bytes = srv_builtin_lexicon_bytes(&len);
    FILE *f = fopen(good, "wb");
    cr_assert_eq(fwrite(bytes, 1, len, f), len);
    fclose(f);
    cr_assert_eq(run_check(good, facts), 0);
    struct dict_image_facts built;
    srv_builtin_lexicon_facts(&built);
    char expect[512];
    snprintf(expect, sizeof expect,
             "#define DICT_CHECKED_BYTES %luu\n"
             "#define DICT_CHECKED_CRC 0x%08lXu\n"
             "#define DICT_CHECKED_WORDS %luu\n"
             "#define DICT_CHECKED_FINGERPRINT 0x%08lXu\n",
             (unsigned long)built.bytes, (unsigned long)built.crc,
             (unsigned long)built.words, (unsigned long)built.fingerprint);
    char *text = ts_read_file(facts, NULL);
    cr_assert(strstr(text, expect) != NULL, "%s", text);
    free(text);

    /* One node damaged: the checksum catches it. */
    unsigned char *copy = malloc(len);
    memcpy(copy, bytes, len);
    copy[len / 2] ^= 0x40u;
    f = fopen(bad, "wb");
    cr_assert_eq(fwrite(copy, 1, len, f), len);
    fclose(f);
    free(copy);
    cr_assert_eq(run_check(bad, facts), 1);
    cr_assert_neq(access(facts, F_OK), 0, "stale facts left behind");

    /* A word list is not a compiled image. */
    cr_assert_eq(run_check(CLB_TEST_SOWPODS_TXT, facts), 1);
    cr_assert_neq(access(facts, F_OK), 0);

    unlink(good);
    unlink(bad);
    rmdir(dir);
}
