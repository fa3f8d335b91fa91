/* tests/dict/test_image.c - a compiled lexicon read from memory
 * (dict_from_compiled, the build's full check of the built-in word list) is
 * the same lexicon as the file, and is checked exactly as the file is. The
 * built-in list used in place: tests/dict/test_builtin.c. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../dict/dict.h"

static unsigned char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    cr_assert(f != NULL, "cannot open %s", path);
    cr_assert(fseek(f, 0, SEEK_END) == 0);
    long n = ftell(f);
    cr_assert(n > 0);
    rewind(f);
    unsigned char *buf = malloc((size_t)n);
    cr_assert(fread(buf, 1, (size_t)n, f) == (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return buf;
}

Test(dict_image, the_image_is_the_file)
{
    size_t len;
    unsigned char *bytes = read_all(CLB_TEST_LEXICON, &len);
    struct clb_error err;
    struct dict *file = NULL, *mem = NULL;
    cr_assert_eq(dict_load(CLB_TEST_LEXICON, &file, &err), CLB_ERR_OK);
    cr_assert_eq(dict_from_compiled(bytes, len, "test image", &mem, &err),
                 CLB_ERR_OK, "%s", err.detail);
    cr_assert_eq(dict_word_count(mem), dict_word_count(file));
    cr_assert_eq(dict_fingerprint(mem), dict_fingerprint(file));
    cr_assert(dict_contains(mem, "QUIXOTE", 7));
    cr_assert_not(dict_contains(mem, "QXZ", 3));
    /* The bytes are copied: the caller's copy may go (or be read-only). */
    memset(bytes, 0, len);
    free(bytes);
    cr_assert(dict_contains(mem, "ZYZZYVA", 7));
    dict_free(mem);
    dict_free(file);
}

Test(dict_image, a_damaged_image_is_refused_by_name)
{
    size_t len;
    unsigned char *bytes = read_all(CLB_TEST_LEXICON, &len);
    struct clb_error err;
    struct dict *d = (struct dict *)1;
    bytes[len / 2] ^= 0x40u;
    cr_assert_eq(
        dict_from_compiled(bytes, len, "the built-in SOWPODS", &d, &err),
        CLB_ERR_BAD_LEXICON);
    cr_assert_null(d);
    cr_assert_str_eq(err.detail,
                     "the built-in SOWPODS: checksum mismatch: the file is "
                     "corrupt");
    bytes[len / 2] ^= 0x40u;
    cr_assert_eq(dict_from_compiled(bytes, len - 4, "img", &d, &err),
                 CLB_ERR_BAD_LEXICON);
    cr_assert(strstr(err.detail, "img: truncated") != NULL, "%s", err.detail);
    cr_assert_eq(dict_from_compiled(bytes, 0, "img", &d, &err),
                 CLB_ERR_BAD_LEXICON);
    cr_assert(strstr(err.detail, "img: truncated (a 0-byte file") != NULL, "%s",
              err.detail);
    cr_assert_eq(dict_from_compiled(NULL, 10, "img", &d, &err),
                 CLB_ERR_BAD_LEXICON);
    cr_assert_str_eq(err.detail, "img: no bytes");
    free(bytes);
}
