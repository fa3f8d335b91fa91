/* server/encoding.c - content codings (encoding.h): reading Accept-Encoding,
 * gzip on the fly (deflate.h) and brotli on the fly (libbrotlienc).
 *
 * Accept-Encoding is a list of codings, each with an optional weight
 * ("gzip;q=0.8"). A weight is 0 to 1 with at most three decimals, kept here
 * in thousandths; q=0 means "not acceptable". "*" stands for every coding
 * the list does not name. identity is acceptable unless the list refuses
 * it (identity;q=0, or *;q=0 without identity listed), and then only as
 * the last choice. An element that does not parse (a bad weight, a
 * parameter other than q) is ignored, as if absent; the names are
 * case-insensitive and x-gzip is gzip.
 */
/* SPDX-License-Identifier: MIT */
#include "encoding.h"

#include "../core/limits.h"
#include "deflate.h"

#include <brotli/encode.h>
#include <libdeflate.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdalign.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Weights in thousandths; NONE for a coding the list does not mention. */
#define Q_NONE (-1)

struct accept_list {
    int q[3]; /* by enum srv_coding */
    int star; /* the weight of "*", or Q_NONE */
};

static bool is_ows(char c)
{
    return c == ' ' || c == '\t';
}

/* Reads a qvalue (RFC 9110 12.4.2: "0" ["." 0*3DIGIT] / "1" ["." 0*3("0")])
 * from s (n bytes) into thousandths; -1 when it is not one. */
static int parse_qvalue(const char *s, size_t n)
{
    if (n == 0 || (s[0] != '0' && s[0] != '1'))
        return -1;
    int q = (s[0] - '0') * 1000;
    if (n == 1)
        return q;
    if (s[1] != '.' || n > 5)
        return -1;
    int scale = 100;
    for (size_t i = 2; i < n; i++, scale /= 10) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        q += (s[i] - '0') * scale;
    }
    return q <= 1000 ? q : -1;
}

/* One element of the list (s, n bytes): its coding and weight, or false
 * when it does not parse. *coding is -1 for "*", 3 for a coding we do not
 * know. */
static bool parse_element(const char *s, size_t n, int *coding, int *q)
{
    size_t i = 0, end = n;
    while (i < end && is_ows(s[i]))
        i++;
    while (end > i && is_ows(s[end - 1]))
        end--;
    size_t name = i;
    while (i < end && s[i] != ';' && !is_ows(s[i]))
        i++;
    size_t name_len = i - name;
    if (name_len == 0)
        return false;
    static const struct {
        const char *token;
        int coding;
    } names[] = {
        {"identity", SRV_CODING_IDENTITY},
        {"gzip", SRV_CODING_GZIP},
        {"x-gzip", SRV_CODING_GZIP},
        {"br", SRV_CODING_BROTLI},
        {"*", -1},
    };
    *coding = 3;
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (strlen(names[k].token) == name_len &&
            strncasecmp(s + name, names[k].token, name_len) == 0)
            *coding = names[k].coding;
    *q = 1000;
    while (i < end && is_ows(s[i]))
        i++;
    if (i == end)
        return true;
    /* ";" OWS "q" OWS "=" OWS qvalue: the only parameter there is. */
    if (s[i++] != ';')
        return false;
    while (i < end && is_ows(s[i]))
        i++;
    if (i >= end || (s[i] != 'q' && s[i] != 'Q'))
        return false;
    i++;
    while (i < end && is_ows(s[i]))
        i++;
    if (i >= end || s[i] != '=')
        return false;
    i++;
    while (i < end && is_ows(s[i]))
        i++;
    *q = parse_qvalue(s + i, end - i);
    return *q >= 0;
}

static void parse_list(const char *accept, struct accept_list *l)
{
    l->q[0] = l->q[1] = l->q[2] = Q_NONE;
    l->star = Q_NONE;
    const char *p = accept;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t n = comma != NULL ? (size_t)(comma - p) : strlen(p);
        int coding, q;
        /* The first mention of a coding counts; later ones repeat it. */
        if (parse_element(p, n, &coding, &q)) {
            if (coding < 0 && l->star == Q_NONE)
                l->star = q;
            else if (coding >= 0 && coding < 3 && l->q[coding] == Q_NONE)
                l->q[coding] = q;
        }
        if (comma == NULL)
            break;
        p = comma + 1;
    }
}

enum srv_coding srv_coding_choose(const char *accept, unsigned available)
{
    if (accept == NULL)
        return SRV_CODING_IDENTITY;
    struct accept_list l;
    parse_list(accept, &l);
    /* The best acceptable compressed coding; brotli first, so on equal
     * weights the smaller copy wins. */
    static const enum srv_coding compressed[] = {SRV_CODING_BROTLI,
                                                 SRV_CODING_GZIP};
    enum srv_coding best = SRV_CODING_IDENTITY;
    int best_q = 0;
    for (size_t k = 0; k < sizeof compressed / sizeof compressed[0]; k++) {
        enum srv_coding c = compressed[k];
        int q = l.q[c] != Q_NONE ? l.q[c] : l.star;
        if ((available & SRV_CODING_BIT(c)) && q > best_q) {
            best = c;
            best_q = q;
        }
    }
    if (best == SRV_CODING_IDENTITY)
        return best; /* the only one left, acceptable or not */
    /* identity beats it only when weighed higher; unnamed (and not "*"),
     * it is acceptable but the last choice. */
    int identity =
        l.q[SRV_CODING_IDENTITY] != Q_NONE ? l.q[SRV_CODING_IDENTITY] : l.star;
    return identity > best_q ? SRV_CODING_IDENTITY : best;
}

const char *srv_coding_name(enum srv_coding c)
{
    switch (c) {
    case SRV_CODING_GZIP: return "gzip";
    case SRV_CODING_BROTLI: return "br";
    case SRV_CODING_IDENTITY: break;
    }
    return NULL;
}

/* ---- gzip ---------------------------------------------------------------
 * A compressor holds its hash table (32 KB), so each of
 * libmicrohttpd's threads makes one at its first compressed answer and
 * keeps it; the key's destructor frees it when the thread ends. */

static pthread_key_t gzip_key;
static pthread_once_t gzip_once = PTHREAD_ONCE_INIT;
static bool gzip_key_ok;

static void gzip_free(void *z)
{
    srv_deflate_free(z);
}

static void gzip_key_make(void)
{
    gzip_key_ok = pthread_key_create(&gzip_key, gzip_free) == 0;
}

static struct srv_deflate *gzip_compressor(void)
{
    (void)pthread_once(&gzip_once, gzip_key_make);
    if (!gzip_key_ok)
        return NULL;
    struct srv_deflate *z = pthread_getspecific(gzip_key);
    if (z == NULL) {
        z = srv_deflate_new();
        if (z != NULL && pthread_setspecific(gzip_key, z) != 0) {
            srv_deflate_free(z);
            z = NULL;
        }
    }
    return z;
}

size_t srv_gzip(const void *in, size_t n, void *out, size_t cap)
{
    struct srv_deflate *z = gzip_compressor();
    return z != NULL ? srv_deflate_gzip(z, in, n, out, cap) : 0;
}

/* ---- brotli --------------------------------------------------------------
 * libbrotlienc allocates its tables afresh for every answer (0.6 to 1.7 MB,
 * limits.h), and as Debian builds it (BROTLI_ENCODER_EXIT_ON_OOM) it ends
 * the process when an allocation fails. So it allocates from nothing but
 * this thread's arena, taken once from malloc: a bump allocator whose
 * frees do nothing and which starts empty at every answer. An allocation
 * the arena cannot give jumps back out of the library (longjmp) instead of
 * returning NULL; everything the abandoned encoder held is in the arena,
 * so nothing leaks, and the answer goes in gzip. */

/* Quality 5: of 4 to 11 on the pages (bench/README.md, "brotli for the
 * pages"), the step after which bytes barely shrink while the time grows;
 * 11 for the kept copy, made once. A 32 KB window holds a whole page the
 * script fetches (12 to 25 KB), and for a window of at most 64 KB
 * libbrotlienc takes its small-window match finder, which needs the least
 * memory. */
#define BROTLI_QUALITY 5
#define BROTLI_KEPT_QUALITY 11
#define BROTLI_WINDOW_BITS 15

struct brotli_arena {
    jmp_buf full; /* where an allocation past the limit returns to */
    size_t used;
    size_t limit; /* sizeof mem, but in tests */
    alignas(max_align_t) unsigned char mem[CLB_BROTLI_ARENA_BYTES];
};

static void *arena_alloc(void *opaque, size_t n)
{
    struct brotli_arena *a = opaque;
    const size_t align = alignof(max_align_t);
    if (n > a->limit - a->used)
        longjmp(a->full, 1);
    size_t whole = (n + align - 1) / align * align;
    void *p = a->mem + a->used;
    a->used = whole < a->limit - a->used ? a->used + whole : a->limit;
    return p;
}

static void arena_free(void *opaque, void *p)
{
    (void)opaque;
    (void)p; /* the whole arena is emptied before the next answer */
}

static pthread_key_t arena_key;
static pthread_once_t arena_once = PTHREAD_ONCE_INIT;
static bool arena_key_ok;

static void arena_key_make(void)
{
    arena_key_ok = pthread_key_create(&arena_key, free) == 0;
}

static struct brotli_arena *brotli_arena(void)
{
    (void)pthread_once(&arena_once, arena_key_make);
    if (!arena_key_ok)
        return NULL;
    struct brotli_arena *a = pthread_getspecific(arena_key);
    if (a == NULL) {
        a = malloc(sizeof *a);
        if (a != NULL && pthread_setspecific(arena_key, a) != 0) {
            free(a);
            a = NULL;
        }
    }
    return a;
}

/* in as brotli at `quality` into out (cap bytes), the encoder in the first
 * `limit` bytes of a, or 0. Nothing after setjmp is read once it has
 * returned twice. */
static size_t brotli_run(struct brotli_arena *a, size_t limit, int quality,
                         const void *in, size_t n, void *out, size_t cap)
{
    a->used = 0;
    a->limit = limit < sizeof a->mem ? limit : sizeof a->mem;
    if (setjmp(a->full) != 0)
        return 0; /* the arena is full: the encoder is dropped with it */
    BrotliEncoderState *s =
        BrotliEncoderCreateInstance(arena_alloc, arena_free, a);
    if (s == NULL)
        return 0;
    bool ok =
        BrotliEncoderSetParameter(s, BROTLI_PARAM_QUALITY, (uint32_t)quality) &&
        BrotliEncoderSetParameter(s, BROTLI_PARAM_LGWIN, BROTLI_WINDOW_BITS) &&
        BrotliEncoderSetParameter(s, BROTLI_PARAM_MODE, BROTLI_MODE_TEXT) &&
        BrotliEncoderSetParameter(s, BROTLI_PARAM_SIZE_HINT, (uint32_t)n);
    size_t in_left = n, out_left = cap;
    const uint8_t *next_in = in;
    uint8_t *next_out = out;
    /* One call: with all the input and FINISH it runs to the end unless
     * out is too small, which leaves the stream unfinished. */
    ok = ok &&
         BrotliEncoderCompressStream(s, BROTLI_OPERATION_FINISH, &in_left,
                                     &next_in, &out_left, &next_out, NULL) &&
         BrotliEncoderIsFinished(s);
    BrotliEncoderDestroyInstance(s);
    return ok ? cap - out_left : 0;
}

size_t srv_brotli(const void *in, size_t n, void *out, size_t cap)
{
    return srv_brotli_limited(CLB_BROTLI_ARENA_BYTES, in, n, out, cap);
}

size_t srv_brotli_limited(size_t limit, const void *in, size_t n, void *out,
                          size_t cap)
{
    struct brotli_arena *a = n <= CLB_BROTLI_MAX_ANSWER ? brotli_arena() : NULL;
    return a != NULL ? brotli_run(a, limit, BROTLI_QUALITY, in, n, out, cap)
                     : 0;
}

/* ---- an answer the same for every request -------------------------------
 * Kept by each thread as it was, as libdeflate's best level made it and as
 * brotli's best quality made it, each copy made when first asked for: the
 * landing page, which every first visit loads. */

struct answer_kept {
    size_t len;    /* the answer's bytes, 0: none kept */
    size_t gz_len; /* its gzip copy's, 0: not made yet */
    size_t br_len; /* its brotli copy's, 0: not made yet */
    unsigned char body[CLB_MAX_KEPT_ANSWER];
    unsigned char gz[CLB_MAX_KEPT_ANSWER];
    unsigned char br[CLB_MAX_KEPT_ANSWER];
};

static pthread_key_t kept_key;
static pthread_once_t kept_once = PTHREAD_ONCE_INIT;
static bool kept_key_ok;

static void kept_key_make(void)
{
    kept_key_ok = pthread_key_create(&kept_key, free) == 0;
}

/* This thread's slot holding in (n bytes): as it was when the bytes are
 * the same, emptied of its copies when they are not; NULL when the answer
 * is too long or there is no slot (out of memory). */
static struct answer_kept *kept_slot(const void *in, size_t n)
{
    if (n > CLB_MAX_KEPT_ANSWER)
        return NULL;
    (void)pthread_once(&kept_once, kept_key_make);
    if (!kept_key_ok)
        return NULL;
    struct answer_kept *k = pthread_getspecific(kept_key);
    if (k == NULL) {
        k = malloc(sizeof *k);
        if (k != NULL && pthread_setspecific(kept_key, k) != 0) {
            free(k);
            k = NULL;
        }
        if (k == NULL)
            return NULL;
        k->len = 0;
    }
    if (k->len != n || memcmp(k->body, in, n) != 0) {
        memcpy(k->body, in, n);
        k->len = n;
        k->gz_len = k->br_len = 0;
    }
    return k;
}

/* The kept copy z (zlen bytes) into out (cap bytes), or 0. */
static size_t kept_copy(const unsigned char *z, size_t zlen, void *out,
                        size_t cap)
{
    if (zlen > cap)
        return 0;
    memcpy(out, z, zlen);
    return zlen;
}

size_t srv_gzip_kept(const void *in, size_t n, void *out, size_t cap)
{
    struct answer_kept *k = kept_slot(in, n);
    if (k == NULL)
        return srv_gzip(in, n, out, cap);
    if (k->gz_len == 0) {
        struct libdeflate_compressor *c = libdeflate_alloc_compressor(12);
        if (c == NULL)
            return srv_gzip(in, n, out, cap);
        k->gz_len = libdeflate_gzip_compress(c, in, n, k->gz, sizeof k->gz);
        libdeflate_free_compressor(c);
        if (k->gz_len == 0)
            return srv_gzip(in, n, out, cap);
    }
    return kept_copy(k->gz, k->gz_len, out, cap);
}

size_t srv_brotli_kept(const void *in, size_t n, void *out, size_t cap)
{
    struct answer_kept *k = kept_slot(in, n);
    struct brotli_arena *a = k != NULL ? brotli_arena() : NULL;
    if (a == NULL)
        return srv_brotli(in, n, out, cap);
    if (k->br_len == 0) {
        k->br_len = brotli_run(a, sizeof a->mem, BROTLI_KEPT_QUALITY, in, n,
                               k->br, sizeof k->br);
        if (k->br_len == 0)
            return srv_brotli(in, n, out, cap);
    }
    return kept_copy(k->br, k->br_len, out, cap);
}
