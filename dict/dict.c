/* dict/dict.c - loads a lexicon file, checks a compiled image, looks words up.
 *
 * The loader reads the whole file into one allocation. A compiled file
 * (dict_format.h) is then checked once, field by field, so a damaged file
 * is refused with CLB_ERR_BAD_LEXICON instead of being trusted by the binary
 * search; a word list is handed to dict_text.c, which builds the same image
 * in memory. Either way a lookup reads only the image and never allocates.
 */
/* SPDX-License-Identifier: MIT */
#include "dict.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dict_format.h"

uint32_t dict_crc32(uint32_t crc, const unsigned char *p, size_t n)
{
    /* Slicing-by-4: four table lookups per 32-bit step keep the check of a
     * 1.3 MB image near a millisecond. The tables are built on the stack on
     * each call (4 KiB, a few microseconds) so the library needs no global
     * state and no initialisation order. */
    uint32_t t[4][256];
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = c & 1u ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        t[0][i] = c;
    }
    for (uint32_t i = 0; i < 256; i++) {
        t[1][i] = (t[0][i] >> 8) ^ t[0][t[0][i] & 0xFFu];
        t[2][i] = (t[1][i] >> 8) ^ t[0][t[1][i] & 0xFFu];
        t[3][i] = (t[2][i] >> 8) ^ t[0][t[2][i] & 0xFFu];
    }
    crc = ~crc;
    while (n >= 4) {
        crc ^= dict_rd32(p);
        crc = t[3][crc & 0xFFu] ^ t[2][(crc >> 8) & 0xFFu] ^
              t[1][(crc >> 16) & 0xFFu] ^ t[0][crc >> 24];
        p += 4;
        n -= 4;
    }
    while (n-- > 0)
        crc = t[0][(crc ^ *p++) & 0xFFu] ^ (crc >> 8);
    return ~crc;
}

uint32_t dict_image_crc(const unsigned char *image, size_t size)
{
    uint32_t crc = dict_crc32(0, image, DICT_OFF_CRC);
    return dict_crc32(crc, image + DICT_HEADER_BYTES, size - DICT_HEADER_BYTES);
}

/* Unpacks the n letter codes of a record (the inverse of dict_pack). */
static void dict_unpack(const unsigned char *rec, size_t n, char *out)
{
    uint32_t acc = 0;
    unsigned bits = 0;
    for (size_t i = 0; i < n; i++) {
        while (bits < 5) {
            acc = acc << 8 | *rec++;
            bits += 8;
        }
        bits -= 5;
        out[i] = (char)('A' + ((acc >> bits) & 31u));
    }
}

/* The fingerprint: CRC-32 of the list as text in one canonical form (every
 * word in upper case followed by a line feed, shorter words first and
 * alphabetical within a length), which is exactly the order of the image's
 * records. It depends on the words alone, not on the file they came from
 * or on this layout, so two servers agree on it whatever they loaded. */
static uint32_t dict_compute_fingerprint(const struct dict *d)
{
    unsigned char buf[16384];
    size_t used = 0;
    uint32_t crc = 0;
    for (int len = DICT_LEN_MIN; len <= DICT_LEN_MAX; len++) {
        const unsigned char *row = d->index[len];
        const unsigned char *rec = d->records[len];
        size_t w = DICT_WIDTH(len);
        for (size_t p = 0; p < DICT_PREFIXES; p++) {
            uint32_t lo = dict_rd32(row + 4u * p);
            uint32_t hi = dict_rd32(row + 4u * (p + 1));
            for (uint32_t i = lo; i < hi; i++) {
                if (used + DICT_LEN_MAX + 1 > sizeof buf) {
                    crc = dict_crc32(crc, buf, used);
                    used = 0;
                }
                buf[used++] = (unsigned char)('A' + p / CLB_LETTERS);
                buf[used++] = (unsigned char)('A' + p % CLB_LETTERS);
                dict_unpack(rec + (size_t)i * w, (size_t)len - 2,
                            (char *)buf + used);
                used += (size_t)len - 2;
                buf[used++] = '\n';
            }
        }
    }
    return dict_crc32(crc, buf, used);
}

void dict_image_attach(struct dict *d)
{
    const unsigned char *rec = d->image + DICT_RECORDS_OFFSET;
    d->words = dict_rd32(d->image + DICT_OFF_WORDS);
    for (int len = 0; len < DICT_LEN_MIN; len++) {
        d->index[len] = NULL;
        d->records[len] = NULL;
    }
    for (int len = DICT_LEN_MIN; len <= DICT_LEN_MAX; len++) {
        const unsigned char *row = dict_index_row(d->image, len);
        d->index[len] = row;
        d->records[len] = rec;
        rec += (size_t)dict_rd32(row + 4u * DICT_PREFIXES) * DICT_WIDTH(len);
    }
    d->fingerprint = dict_compute_fingerprint(d);
}

/* Length of the UTF-8 sequence at s (n bytes left) if it is a printable,
 * well-formed character (no overlong forms, surrogates or values past
 * U+10FFFF, the same rules jansson applies); 0 if it must be escaped. */
static size_t dict_utf8_len(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    if (c < 0x80)
        return c >= 0x20 && c != 0x7F ? 1 : 0;
    size_t len;
    unsigned char lo = 0x80, hi = 0xBF; /* allowed range of the 2nd byte */
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0)
            lo = 0xA0; /* overlong */
        else if (c == 0xED)
            hi = 0x9F; /* UTF-16 surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0)
            lo = 0x90; /* overlong */
        else if (c == 0xF4)
            hi = 0x8F; /* past U+10FFFF */
    } else {
        return 0;
    }
    if (n < len || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    /* C1 controls (U+0080..U+009F) are as unwelcome as C0 ones. */
    if (c == 0xC2 && s[1] < 0xA0)
        return 0;
    return len;
}

bool dict_detail_text(char *out, size_t cap, const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t o = 0, i = 0;
    if (cap == 0)
        return n == 0;
    while (i < n) {
        size_t len = dict_utf8_len(u + i, n - i);
        if (len > 0) {
            if (o + len >= cap)
                break;
            memcpy(out + o, u + i, len);
            o += len;
            i += len;
        } else {
            if (o + 4 >= cap)
                break;
            (void)snprintf(out + o, 5, "\\x%02X", u[i]);
            o += 4;
            i++;
        }
    }
    out[o] = '\0';
    return i == n;
}

void dict_detail_name(char *out, size_t cap, const char *path)
{
    static const char ellipsis[] = "...";
    if (path == NULL)
        path = "(unnamed)";
    size_t n = strlen(path);
    size_t budget = cap < DICT_NAME_BYTES ? cap : DICT_NAME_BYTES;
    if (budget <= sizeof ellipsis) {
        dict_detail_text(out, cap, path, n);
        return;
    }
    if (n < budget) {
        dict_detail_text(out, budget, path, n);
        return;
    }
    /* Keep the tail, starting on a character boundary. */
    size_t keep = budget - sizeof ellipsis;
    const char *tail = path + n - keep;
    while (keep > 0 && ((unsigned char)*tail & 0xC0u) == 0x80u) {
        tail++;
        keep--;
    }
    memcpy(out, ellipsis, sizeof ellipsis - 1);
    dict_detail_text(out + sizeof ellipsis - 1, budget - (sizeof ellipsis - 1),
                     tail, keep);
}

/* Checks the records of one length (n letters after the prefix, w bytes
 * each) against their index row: every code below 26, every pad bit zero,
 * each prefix range strictly increasing. Returns NULL, or the problem.
 * This pass over every record is most of the load time, so it works on
 * whole records as integers: the first 8 bytes big-endian (plus a 9th byte
 * for 15-letter words) compare exactly as memcmp() would, and one SWAR test
 * checks all the codes. */
static const char *dict_records_problem(const unsigned char *row,
                                        const unsigned char *rec, size_t w,
                                        unsigned n)
{
    static_assert(DICT_WIDTH_MAX == 9 && DICT_LEN_MAX - 2 == 13,
                  "a 9th byte holds the last bit of letter 13 and 7 pad bits");
    size_t head = w < 8 ? w : 8;
    unsigned whole = w <= 8 ? n : 12;                  /* codes in the head */
    unsigned under = (unsigned)(8 * head) - 5 * whole; /* bits below them */
    /* A 5-bit code is >= 26 when its top bit is set and its low four bits
     * plus 6 carry into the top bit; computed for all codes at once. */
    uint64_t top = 0, low = 0, six = 0;
    for (unsigned i = 0; i < whole; i++) {
        top |= (uint64_t)16 << (5 * i);
        low |= (uint64_t)15 << (5 * i);
        six |= (uint64_t)6 << (5 * i);
    }
    for (size_t p = 0; p < DICT_PREFIXES; p++) {
        uint32_t lo = dict_rd32(row + 4u * p);
        uint32_t hi = dict_rd32(row + 4u * (p + 1));
        uint64_t prev = 0;
        unsigned prev_tail = 0;
        for (uint32_t i = lo; i < hi; i++, rec += w) {
            uint64_t v = 0;
            for (size_t b = 0; b < head; b++)
                v = v << 8 | rec[b];
            unsigned tail = w > 8 ? rec[8] : 0;
            bool ok;
            if (w > 8) /* the bits under the 12 codes start code 13 */
                ok = ((v & 15u) << 1 | tail >> 7) < CLB_LETTERS &&
                     (tail & 0x7Fu) == 0;
            else
                ok = (v & (((uint64_t)1 << under) - 1)) == 0;
            uint64_t codes = v >> under;
            if (!ok || (codes & top & ((codes & low) + six)) != 0)
                return "a letter code past Z or a pad bit set";
            if (i > lo && !(prev < v || (prev == v && prev_tail < tail)))
                return "out of order or repeated";
            prev = v;
            prev_tail = tail;
        }
    }
    return NULL;
}

/* Checks that size bytes are a complete, undamaged compiled lexicon whose
 * index and records keep every promise dict_contains() relies on: all
 * offsets inside the image, each prefix range sorted with no repeats, every
 * letter code below 26 and every pad bit zero (so the word count is the
 * number of distinct words). The checksum catches accidents; the structural
 * checks make even a deliberately forged image safe to search. */
static enum clb_err dict_image_check(const unsigned char *image, size_t size,
                                     const char *name, struct clb_error *err)
{
    if (size < DICT_HEADER_BYTES)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: truncated (a %zu-byte file; the header "
                             "alone is %u)",
                             name, size, DICT_HEADER_BYTES);
    if (memcmp(image, DICT_MAGIC, DICT_MAGIC_LEN) != 0)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: not a compiled lexicon (bad magic number)",
                             name);
    uint32_t version = dict_rd32(image + DICT_OFF_VERSION);
    if (version != DICT_VERSION)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: format version %lu; this build reads "
                             "version %u (rebuild it with collabble-dictc)",
                             name, (unsigned long)version, DICT_VERSION);
    uint32_t file_bytes = dict_rd32(image + DICT_OFF_FILE_BYTES);
    if (file_bytes > size)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: truncated: %zu of %lu bytes", name, size,
                             (unsigned long)file_bytes);
    if (file_bytes < size)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: %zu bytes, but the header says %lu", name,
                             size, (unsigned long)file_bytes);
    if (dict_image_crc(image, size) != dict_rd32(image + DICT_OFF_CRC))
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: checksum mismatch: the file is corrupt",
                             name);

    bool reserved_zero = true;
    for (size_t i = DICT_OFF_RESERVED; i < DICT_OFF_CRC; i++)
        reserved_zero = reserved_zero && image[i] == 0;
    if (dict_rd32(image + DICT_OFF_HEADER_BYTES) != DICT_HEADER_BYTES ||
        dict_rd32(image + DICT_OFF_LEN_MIN) != DICT_LEN_MIN ||
        dict_rd32(image + DICT_OFF_LEN_MAX) != DICT_LEN_MAX ||
        dict_rd32(image + DICT_OFF_PREFIX) != DICT_PREFIX_LETTERS ||
        !reserved_zero)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: unsupported header fields", name);

    /* The index: each row starts at 0 and never decreases; together the
     * rows must account for exactly the bytes that follow. 64-bit sums so
     * forged counts cannot wrap around. */
    if (size < DICT_RECORDS_OFFSET)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: truncated index",
                             name);
    uint64_t need = DICT_RECORDS_OFFSET, total = 0;
    for (int len = DICT_LEN_MIN; len <= DICT_LEN_MAX; len++) {
        const unsigned char *row = dict_index_row(image, len);
        uint32_t prev = dict_rd32(row);
        if (prev != 0)
            return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                                 "%s: corrupt index (%d-letter words)", name,
                                 len);
        for (size_t p = 1; p < DICT_INDEX_ROW; p++) {
            uint32_t v = dict_rd32(row + 4u * p);
            /* A record of width 0 (two-letter words) is all prefix, so
             * a prefix holds at most one. */
            if (v < prev || (DICT_WIDTH(len) == 0 && v - prev > 1))
                return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                                     "%s: corrupt index (%d-letter words)",
                                     name, len);
            prev = v;
        }
        total += prev;
        need += (uint64_t)prev * DICT_WIDTH(len);
    }
    if (need != size)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: the index does not match the file size",
                             name);
    if (total != dict_rd32(image + DICT_OFF_WORDS))
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: the header counts %lu words, the index "
                             "%llu",
                             name,
                             (unsigned long)dict_rd32(image + DICT_OFF_WORDS),
                             (unsigned long long)total);
    if (total == 0)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: no words", name);

    /* The records: valid codes, zero padding, strictly increasing within
     * each prefix (sorted for the binary search, distinct for the count). */
    const unsigned char *rec = image + DICT_RECORDS_OFFSET;
    for (int len = DICT_LEN_MIN; len <= DICT_LEN_MAX; len++) {
        size_t w = DICT_WIDTH(len);
        if (w == 0)
            continue;
        const unsigned char *row = dict_index_row(image, len);
        const char *problem =
            dict_records_problem(row, rec, w, (unsigned)len - 2);
        if (problem != NULL)
            return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                                 "%s: corrupt %d-letter words: %s", name, len,
                                 problem);
        rec += (size_t)dict_rd32(row + 4u * DICT_PREFIXES) * w;
    }
    return CLB_ERR_OK;
}

enum clb_err dict_load(const char *path, struct dict **out,
                       struct clb_error *err)
{
    char name[DICT_NAME_BYTES];
    *out = NULL;
    clb_error_clear(err);
    dict_detail_name(name, sizeof name, path);
    if (path == NULL)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON, "no file name given");

    /* O_NONBLOCK so a FIFO named by mistake cannot hang the open waiting
     * for a writer; it changes nothing for the regular files we accept. */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: cannot open: %s",
                             name, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        close(fd);
        return clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: %s", name,
                             strerror(e));
    }
    /* Only regular files: a directory, FIFO or device has no meaningful
     * size, and reading one could block or never end. */
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        return clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: not a regular file",
                             name);
    }
    if (st.st_size > (off_t)DICT_MAX_FILE_BYTES) {
        close(fd);
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: %lld bytes, more than the %u MiB a "
                             "lexicon may have",
                             name, (long long)st.st_size,
                             DICT_MAX_FILE_BYTES >> 20);
    }

    /* One allocation: the struct and the image behind it. A compiled file
     * is used in place; a word list is only a staging buffer. */
    size_t cap = (size_t)st.st_size;
    struct dict *d = malloc(sizeof *d + cap);
    if (d == NULL) {
        close(fd);
        return clb_error_set(err, CLB_ERR_BAD_LEXICON,
                             "%s: out of memory for %zu bytes", name, cap);
    }
    size_t size = 0;
    while (size < cap) {
        ssize_t n = read(fd, d->image + size, cap - size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            int e = errno;
            close(fd);
            free(d);
            return clb_error_set(err, CLB_ERR_BAD_LEXICON, "%s: read error: %s",
                                 name, strerror(e));
        }
        if (n == 0)
            break; /* shrank while we read: judge what is there */
        size += (size_t)n;
    }
    close(fd);

    /* The magic's first byte is not text, so it alone decides: a file cut
     * short inside the magic is still reported as a damaged lexicon. */
    if (size > 0 && d->image[0] == (unsigned char)DICT_MAGIC[0]) {
        if (dict_image_check(d->image, size, name, err) != CLB_ERR_OK) {
            free(d);
            return err->code;
        }
        d->size = size;
        dict_image_attach(d);
        *out = d;
        return CLB_ERR_OK;
    }
    enum clb_err rc =
        dict_from_text((const char *)d->image, size, path, out, err);
    free(d);
    return rc;
}

enum clb_err dict_save_compiled(const struct dict *d, const char *path,
                                struct clb_error *err)
{
    char name[DICT_NAME_BYTES];
    clb_error_clear(err);
    dict_detail_name(name, sizeof name, path);
    if (d == NULL || path == NULL)
        return clb_error_set(err, CLB_ERR_INTERNAL,
                             "dict_save_compiled: nothing to save");

    /* Write beside the target and rename over it: a failed or interrupted
     * build never leaves a half-written file that looks up to date. */
    size_t plen = strlen(path);
    char *tmp = malloc(plen + sizeof ".tmp");
    if (tmp == NULL)
        return clb_error_set(err, CLB_ERR_INTERNAL, "%s: out of memory", name);
    memcpy(tmp, path, plen);
    memcpy(tmp + plen, ".tmp", sizeof ".tmp");

    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) {
        int e = errno;
        free(tmp);
        return clb_error_set(err, CLB_ERR_INTERNAL, "%s: cannot create: %s",
                             name, strerror(e));
    }
    size_t done = 0;
    int e = 0;
    while (done < d->size) {
        ssize_t n = write(fd, d->image + done, d->size - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            e = n < 0 ? errno : EIO;
            break;
        }
        done += (size_t)n;
    }
    if (close(fd) != 0 && e == 0)
        e = errno;
    if (e == 0 && rename(tmp, path) != 0)
        e = errno;
    if (e != 0) {
        unlink(tmp);
        free(tmp);
        return clb_error_set(err, CLB_ERR_INTERNAL, "%s: cannot write: %s",
                             name, strerror(e));
    }
    free(tmp);
    return CLB_ERR_OK;
}

bool dict_contains(const struct dict *d, const char *word, size_t len)
{
    if (d == NULL || word == NULL || len < DICT_LEN_MIN || len > DICT_LEN_MAX)
        return false;
    unsigned char codes[DICT_LEN_MAX];
    for (size_t i = 0; i < len; i++) {
        int c = dict_code((unsigned char)word[i]);
        if (c < 0)
            return false;
        codes[i] = (unsigned char)c;
    }
    const unsigned char *row = d->index[len];
    size_t p = (size_t)codes[0] * CLB_LETTERS + codes[1];
    uint32_t lo = dict_rd32(row + 4u * p);
    uint32_t hi = dict_rd32(row + 4u * (p + 1));
    if (lo >= hi)
        return false;
    size_t w = DICT_WIDTH(len);
    if (w == 0)
        return true; /* a two-letter word is its prefix */

    unsigned char key[DICT_WIDTH_MAX];
    dict_pack(codes + DICT_PREFIX_LETTERS, len - DICT_PREFIX_LETTERS, key);
    const unsigned char *rec = d->records[len];
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        int c = memcmp(rec + (size_t)mid * w, key, w);
        if (c == 0)
            return true;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

size_t dict_word_count(const struct dict *d)
{
    return d == NULL ? 0 : d->words;
}

uint32_t dict_fingerprint(const struct dict *d)
{
    return d == NULL ? 0 : d->fingerprint;
}

/* core's callback shape: ctx is the struct dict. */
static bool dict_lexicon_contains(const void *ctx, const char *word, size_t len)
{
    return dict_contains(ctx, word, len);
}

struct core_lexicon dict_lexicon(const struct dict *d)
{
    struct core_lexicon lex = {.contains = dict_lexicon_contains, .ctx = d};
    return lex;
}

void dict_free(struct dict *d)
{
    free(d);
}
