/* server/cache.c - each thread's last few positions, keyed by the whole
 * link (cache.h).
 *
 * Why per thread: a lookup then needs no lock, and one player's requests
 * on a keep-alive connection land on the same libmicrohttpd thread. The
 * room is allocated at a thread's first put and freed when it ends, like
 * the gzip compressor (encoding.c); the pages of an entry are touched only
 * as far as its history goes, so short games cost little resident memory.
 */
/* SPDX-License-Identifier: MIT */
#include "cache.h"

#include <pthread.h>
#include <stddef.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "alloc_hook.h"

/* What a position was opened with, besides the link: the loaded word lists
 * (a v2 link names one by fingerprint, a classic one by name). Compared in
 * full, so that a context whose lexicons changed never gets another's
 * position. */
struct cache_key {
    const struct srv_context *ctx;
    int nlexicons;
    const struct dict *lexicons[CLB_MAX_LEXICONS];
    char names[CLB_MAX_LEXICONS][CLB_LEXICON_NAME_MAX + 1];
};

struct cache_entry {
    uint64_t used; /* when last hit or put; 0 for an empty entry */
    size_t len;
    char link[CLB_MAX_LINK2_CHARS];
    struct cache_key key;
    struct position pos;
};

struct cache {
    uint64_t clock;
    struct cache_entry e[CLB_POSITION_CACHE_ENTRIES];
};

static pthread_key_t cache_tls;
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;
static bool cache_tls_ok;
static _Atomic uint64_t cache_hits, cache_misses;

static void cache_tls_make(void)
{
    cache_tls_ok = pthread_key_create(&cache_tls, free) == 0;
}

/* The allocation-failure build keeps nothing: its sweeps need a request to
 * allocate the same way every time it is sent, which a hit would not. */
static struct cache *cache_of_thread(bool make)
{
    if (srv_alloc_hooked())
        return NULL;
    (void)pthread_once(&cache_once, cache_tls_make);
    if (!cache_tls_ok)
        return NULL;
    struct cache *c = pthread_getspecific(cache_tls);
    if (c == NULL && make) {
        /* malloc, not calloc: only the entries' stamps need zeroing, and
         * the rest of the room stays untouched until used. */
        c = malloc(sizeof *c);
        if (c == NULL)
            return NULL;
        c->clock = 0;
        for (int i = 0; i < CLB_POSITION_CACHE_ENTRIES; i++)
            c->e[i].used = 0;
        if (pthread_setspecific(cache_tls, c) != 0) {
            free(c);
            return NULL;
        }
    }
    return c;
}

static void key_make(const struct srv_context *ctx, struct cache_key *k)
{
    memset(k, 0, sizeof *k);
    k->ctx = ctx;
    k->nlexicons = ctx->nlexicons;
    for (int i = 0; i < ctx->nlexicons && i < CLB_MAX_LEXICONS; i++) {
        k->lexicons[i] = ctx->lexicons[i];
        memcpy(k->names[i], ctx->lexicon_names[i], sizeof k->names[i]);
    }
}

static bool key_same(const struct cache_key *k, const struct srv_context *ctx)
{
    if (k->ctx != ctx || k->nlexicons != ctx->nlexicons)
        return false;
    for (int i = 0; i < ctx->nlexicons && i < CLB_MAX_LEXICONS; i++)
        if (k->lexicons[i] != ctx->lexicons[i] ||
            strncmp(k->names[i], ctx->lexicon_names[i], sizeof k->names[i]) !=
                0)
            return false;
    return true;
}

/* Copies the size bytes of the struct at src to dst but for the unused
 * end of the array at arr (arr_size bytes, of which used are in use):
 * every field before and after the array, whatever the struct holds. */
static void copy_but_unused(void *dst, const void *src, size_t size, size_t arr,
                            size_t arr_size, size_t used)
{
    char *d = dst;
    const char *s = src;
    memcpy(d, s, arr + used);
    memcpy(d + arr + arr_size, s + arr + arr_size, size - arr - arr_size);
}

/* Copies src into dst but for the unused end of its history's moves: what
 * a struct copy would give, for less. Cannot fail. */
static void position_copy(struct position *dst, const struct position *src)
{
    int n = src->history.nmoves;
    if (n < 0 || n > CLB_MAX_GAME_MOVES)
        n = CLB_MAX_GAME_MOVES; /* never for an opened position */
    copy_but_unused(dst, src, sizeof *src,
                    offsetof(struct position, history) +
                        offsetof(struct core_history, moves),
                    sizeof src->history.moves,
                    (size_t)n * sizeof src->history.moves[0]);
}

const struct position *srv_cache_find(const struct srv_context *ctx,
                                      const char *s, size_t len, bool chained)
{
    struct cache *c = cache_of_thread(false);
    if (c != NULL && len <= CLB_MAX_LINK2_CHARS)
        for (int i = 0; i < CLB_POSITION_CACHE_ENTRIES; i++) {
            struct cache_entry *e = &c->e[i];
            if (e->used != 0 && e->len == len && memcmp(e->link, s, len) == 0 &&
                key_same(&e->key, ctx) && (e->pos.chained || !chained)) {
                e->used = ++c->clock;
                atomic_fetch_add_explicit(&cache_hits, 1, memory_order_relaxed);
                return &e->pos;
            }
        }
    atomic_fetch_add_explicit(&cache_misses, 1, memory_order_relaxed);
    return NULL;
}

bool srv_cache_get(const struct srv_context *ctx, const char *s, size_t len,
                   bool chained, struct position *pos)
{
    const struct position *kept = srv_cache_find(ctx, s, len, chained);
    if (kept == NULL)
        return false;
    position_copy(pos, kept);
    return true;
}

/* The entry the link s is to be kept in: the same link's with the same
 * word lists, else the least recently used one. */
static struct cache_entry *entry_for(struct cache *c,
                                     const struct srv_context *ctx,
                                     const char *s, size_t len)
{
    struct cache_entry *e = &c->e[0];
    for (int i = 1; i < CLB_POSITION_CACHE_ENTRIES; i++)
        if (c->e[i].used < e->used)
            e = &c->e[i];
    /* One link is kept once (kept without the chain a page then asked
     * for, it is replaced). */
    for (int i = 0; i < CLB_POSITION_CACHE_ENTRIES; i++)
        if (c->e[i].used != 0 && c->e[i].len == len &&
            memcmp(c->e[i].link, s, len) == 0 && key_same(&c->e[i].key, ctx))
            e = &c->e[i];
    return e;
}

struct position *srv_cache_claim(const struct srv_context *ctx, const char *s,
                                 size_t len)
{
    if (len > CLB_MAX_LINK2_CHARS)
        return NULL;
    struct cache *c = cache_of_thread(true);
    if (c == NULL)
        return NULL;
    struct cache_entry *e = entry_for(c, ctx, s, len);
    e->used = 0; /* empty until srv_cache_keep */
    e->len = len;
    memcpy(e->link, s, len);
    key_make(ctx, &e->key);
    return &e->pos;
}

void srv_cache_keep(struct position *pos)
{
    struct cache *c = cache_of_thread(false);
    struct cache_entry *e =
        (struct cache_entry *)((char *)pos - offsetof(struct cache_entry, pos));
    if (c != NULL)
        e->used = ++c->clock;
}

void srv_cache_put(const struct srv_context *ctx, const char *s, size_t len,
                   const struct position *pos)
{
    if (len > CLB_MAX_LINK2_CHARS)
        return;
    struct cache *c = cache_of_thread(true);
    if (c == NULL)
        return;
    struct cache_entry *e = entry_for(c, ctx, s, len);
    e->used = ++c->clock;
    e->len = len;
    memcpy(e->link, s, len);
    key_make(ctx, &e->key);
    position_copy(&e->pos, pos);
}

/* ---- the review -----------------------------------------------------------
 * One review a thread, with the history it reviewed: the next review on
 * the thread is most often of the same game one or two moves on (the page
 * after a move asks for it), and the review of moves 1..k depends on them
 * alone. */

struct review_memo {
    const struct dict *dict; /* NULL for none */
    struct core_history h;
    struct core_review r;
};

static pthread_key_t review_tls;
static pthread_once_t review_once = PTHREAD_ONCE_INIT;
static bool review_tls_ok;
static _Atomic uint64_t reviews_carried, reviews_whole;

static void review_tls_make(void)
{
    review_tls_ok = pthread_key_create(&review_tls, free) == 0;
}

/* As cache_of_thread, for the review. */
static struct review_memo *review_of_thread(void)
{
    if (srv_alloc_hooked())
        return NULL;
    (void)pthread_once(&review_once, review_tls_make);
    if (!review_tls_ok)
        return NULL;
    struct review_memo *m = pthread_getspecific(review_tls);
    if (m == NULL) {
        m = malloc(sizeof *m);
        if (m == NULL)
            return NULL;
        m->dict = NULL;
        if (pthread_setspecific(review_tls, m) != 0) {
            free(m);
            return NULL;
        }
    }
    return m;
}

/* True when m reviewed h's first moves: the same word list, start and
 * moves (records compared in full: they are zeroed before being written). */
static bool review_is_prefix(const struct review_memo *m,
                             const struct position *pos)
{
    const struct core_history *a = &m->h, *b = &pos->history;
    return m->dict != NULL && m->dict == pos->dict && a->start == b->start &&
           a->seed == b->seed && a->nmoves >= 0 && a->nmoves <= b->nmoves &&
           m->r.nmoves == a->nmoves &&
           memcmp(&a->lexicon, &b->lexicon, sizeof a->lexicon) == 0 &&
           memcmp(&a->first, &b->first, sizeof a->first) == 0 &&
           memcmp(a->moves, b->moves, (size_t)a->nmoves * sizeof a->moves[0]) ==
               0;
}

enum clb_err srv_cache_review(const struct position *pos,
                              struct core_review *out, struct clb_error *err)
{
    struct core_lexicon lex = dict_lexicon(pos->dict);
    struct review_memo *m = review_of_thread();
    enum clb_err rc;
    if (m != NULL && review_is_prefix(m, pos)) {
        rc = core_review_history_after(&pos->history, &lex, CLB_REVIEW_NODES,
                                       &m->r, out, err);
        atomic_fetch_add_explicit(&reviews_carried, 1, memory_order_relaxed);
    } else {
        rc = core_review_history(&pos->history, &lex, out, err);
        atomic_fetch_add_explicit(&reviews_whole, 1, memory_order_relaxed);
    }
    if (m == NULL)
        return rc;
    m->dict = NULL;
    if (rc != CLB_ERR_OK)
        return rc;
    /* Only what is in use: the history's moves, the review's moves. */
    size_t n = (size_t)out->nmoves;
    copy_but_unused(&m->h, &pos->history, sizeof m->h,
                    offsetof(struct core_history, moves), sizeof m->h.moves,
                    n * sizeof m->h.moves[0]);
    m->h.nmoves = out->nmoves;
    copy_but_unused(&m->r, out, sizeof m->r,
                    offsetof(struct core_review, moves), sizeof m->r.moves,
                    n * sizeof m->r.moves[0]);
    m->dict = pos->dict;
    return rc;
}

void srv_cache_review_counts(uint64_t *carried, uint64_t *whole)
{
    *carried = atomic_load_explicit(&reviews_carried, memory_order_relaxed);
    *whole = atomic_load_explicit(&reviews_whole, memory_order_relaxed);
}

void srv_cache_counts(uint64_t *hits, uint64_t *misses)
{
    *hits = atomic_load_explicit(&cache_hits, memory_order_relaxed);
    *misses = atomic_load_explicit(&cache_misses, memory_order_relaxed);
}
