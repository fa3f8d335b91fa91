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

void position_copy(struct position *dst, const struct position *src)
{
    dst->format = src->format;
    dst->lexicon = src->lexicon;
    dst->dict = src->dict;
    dst->game = src->game;
    dst->linked = src->linked;
    const struct core_history *h = &src->history;
    int n = h->nmoves;
    if (n < 0 || n > CLB_MAX_GAME_MOVES)
        n = CLB_MAX_GAME_MOVES; /* never for an opened position */
    memcpy(&dst->history, h, offsetof(struct core_history, moves));
    memcpy(dst->history.moves, h->moves, (size_t)n * sizeof h->moves[0]);
    const struct core_link2 *l = &src->link2;
    size_t len = l->len <= CLB_MAX_LINK2_CHARS ? l->len : CLB_MAX_LINK2_CHARS;
    dst->link2.len = l->len;
    dst->link2.next_bit = l->next_bit;
    memcpy(dst->link2.text, l->text, len);
    dst->link2.text[len] = '\0';
}

bool srv_cache_get(const struct srv_context *ctx, const char *s, size_t len,
                   struct position *pos)
{
    struct cache *c = cache_of_thread(false);
    if (c != NULL && len <= CLB_MAX_LINK2_CHARS)
        for (int i = 0; i < CLB_POSITION_CACHE_ENTRIES; i++) {
            struct cache_entry *e = &c->e[i];
            if (e->used != 0 && e->len == len &&
                memcmp(e->link, s, len) == 0 && key_same(&e->key, ctx)) {
                e->used = ++c->clock;
                position_copy(pos, &e->pos);
                atomic_fetch_add_explicit(&cache_hits, 1,
                                          memory_order_relaxed);
                return true;
            }
        }
    atomic_fetch_add_explicit(&cache_misses, 1, memory_order_relaxed);
    return false;
}

void srv_cache_put(const struct srv_context *ctx, const char *s, size_t len,
                   const struct position *pos)
{
    if (len > CLB_MAX_LINK2_CHARS)
        return;
    struct cache *c = cache_of_thread(true);
    if (c == NULL)
        return;
    struct cache_entry *e = &c->e[0];
    for (int i = 1; i < CLB_POSITION_CACHE_ENTRIES; i++)
        if (c->e[i].used < e->used)
            e = &c->e[i];
    e->used = ++c->clock;
    e->len = len;
    memcpy(e->link, s, len);
    key_make(ctx, &e->key);
    position_copy(&e->pos, pos);
}

void srv_cache_counts(uint64_t *hits, uint64_t *misses)
{
    *hits = atomic_load_explicit(&cache_hits, memory_order_relaxed);
    *misses = atomic_load_explicit(&cache_misses, memory_order_relaxed);
}
