/* server/encoding.c - content codings (encoding.h): reading Accept-Encoding
 * and gzip on the fly (deflate.h).
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

#include <libdeflate.h>
#include <pthread.h>
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

/* ---- an answer the same for every request -------------------------------
 * Kept by each thread as it was and as libdeflate's best level made it:
 * the landing page, which every first visit loads. */

struct gzip_kept {
    size_t len;  /* the answer's bytes, 0: none kept */
    size_t zlen; /* its gzip copy's */
    unsigned char body[CLB_MAX_KEPT_ANSWER];
    unsigned char z[CLB_MAX_KEPT_ANSWER];
};

static pthread_key_t kept_key;
static pthread_once_t kept_once = PTHREAD_ONCE_INIT;
static bool kept_key_ok;

static void kept_key_make(void)
{
    kept_key_ok = pthread_key_create(&kept_key, free) == 0;
}

static struct gzip_kept *gzip_kept_slot(void)
{
    (void)pthread_once(&kept_once, kept_key_make);
    if (!kept_key_ok)
        return NULL;
    struct gzip_kept *k = pthread_getspecific(kept_key);
    if (k == NULL) {
        k = malloc(sizeof *k);
        if (k != NULL && pthread_setspecific(kept_key, k) != 0) {
            free(k);
            k = NULL;
        }
        if (k != NULL)
            k->len = 0;
    }
    return k;
}

/* in as gzip at libdeflate's best level into k, or false. */
static bool gzip_kept_make(struct gzip_kept *k, const void *in, size_t n)
{
    k->len = 0;
    struct libdeflate_compressor *c = libdeflate_alloc_compressor(12);
    if (c == NULL)
        return false;
    size_t z = libdeflate_gzip_compress(c, in, n, k->z, sizeof k->z);
    libdeflate_free_compressor(c);
    if (z == 0)
        return false;
    memcpy(k->body, in, n);
    k->len = n;
    k->zlen = z;
    return true;
}

size_t srv_gzip_kept(const void *in, size_t n, void *out, size_t cap)
{
    struct gzip_kept *k = n <= CLB_MAX_KEPT_ANSWER ? gzip_kept_slot() : NULL;
    if (k == NULL)
        return srv_gzip(in, n, out, cap);
    bool same = k->len == n && memcmp(k->body, in, n) == 0;
    if (!same && !gzip_kept_make(k, in, n))
        return srv_gzip(in, n, out, cap);
    if (k->zlen > cap)
        return 0;
    memcpy(out, k->z, k->zlen);
    return k->zlen;
}
