/* tests/server/test_cache.c - each thread's positions keyed by the whole
 * link (server/cache.c): a hit is exactly what the same link gave, a link
 * that differs in one character, a refused link, a changed context and a
 * position played on after opening never come back from it, and the
 * least recently used entry is the one that goes. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "position.h"
#include "test_support.h"

static struct srv_context ctx;
static char late[CLB_MAX_LINK2_CHARS + 1];

static void setup(void)
{
    ts_sowpods_context(&ctx);
    FILE *f = fopen(CLB_TEST_DATA_DIR "/link/late_v2.link", "r");
    cr_assert_not_null(f);
    cr_assert_not_null(fgets(late, sizeof late, f));
    fclose(f);
    late[strcspn(late, "\r\n")] = '\0';
}

static void teardown(void)
{
    ts_context_free(&ctx);
}

TestSuite(server_cache, .init = setup, .fini = teardown);

static uint64_t hits(void)
{
    uint64_t h, m;
    srv_cache_counts(&h, &m);
    return h;
}

static enum clb_err open_link(const struct srv_context *c, const char *s,
                              struct position *pos)
{
    struct clb_error err;
    return position_open(c, s, strlen(s), pos, &err);
}

/* The used part of two positions is the same. */
static void assert_same(const struct position *a, const struct position *b)
{
    cr_assert_eq(a->format, b->format);
    cr_assert_eq(a->lexicon, b->lexicon);
    cr_assert_eq(a->dict, b->dict);
    cr_assert_eq(memcmp(&a->game, &b->game, sizeof a->game), 0);
    cr_assert_eq(a->history.nmoves, b->history.nmoves);
    cr_assert_eq(
        memcmp(&a->history.first, &b->history.first, sizeof a->history.first),
        0);
    cr_assert_eq(memcmp(a->history.moves, b->history.moves,
                        (size_t)a->history.nmoves * sizeof a->history.moves[0]),
                 0);
    cr_assert_eq(a->linked, b->linked);
    cr_assert_str_eq(a->link2.text, b->link2.text);
    cr_assert_eq(a->link2.next_bit, b->link2.next_bit);
    /* Everything after the history's moves (a goals game's pending
     * helpers, the link), byte for byte. */
    size_t tail = offsetof(struct position, history) +
                  offsetof(struct core_history, moves) +
                  sizeof a->history.moves;
    cr_assert_eq(memcmp((const char *)a + tail, (const char *)b + tail,
                        sizeof *a - tail),
                 0);
}

static struct position p1, p2, p3;

Test(server_cache, the_same_link_again_is_a_hit_and_the_same_position)
{
    uint64_t h = hits();
    cr_assert_eq(open_link(&ctx, late, &p1), CLB_ERR_OK);
    cr_assert_eq(hits(), h, "the first open replays");
    memset(&p2, 0x5a, sizeof p2);
    cr_assert_eq(open_link(&ctx, late, &p2), CLB_ERR_OK);
    cr_assert_eq(hits(), h + 1);
    assert_same(&p1, &p2);
    cr_assert_eq(p1.history.nmoves, 16);
}

/* One character changed is another link: it is read and judged anew, so
 * its damage is found although the original's position is kept. */
Test(server_cache, a_link_one_character_off_is_read_anew)
{
    cr_assert_eq(open_link(&ctx, late, &p1), CLB_ERR_OK);
    char other[sizeof late];
    strcpy(other, late);
    size_t n = strlen(other);
    other[n - 1] = other[n - 1] == 'A' ? 'B' : 'A';
    uint64_t h = hits();
    cr_assert_neq(open_link(&ctx, other, &p2), CLB_ERR_OK);
    other[n - 1] = '\0'; /* a prefix of it */
    cr_assert_neq(open_link(&ctx, other, &p2), CLB_ERR_OK);
    cr_assert_eq(hits(), h);
}

/* A refused link is not kept: it is refused again, with its reason. */
Test(server_cache, a_refused_link_is_refused_every_time)
{
    char bad[sizeof late];
    strcpy(bad, late);
    bad[2] = bad[2] == 'x' ? 'y' : 'x'; /* its check characters */
    struct clb_error e1, e2;
    cr_assert_neq(position_open(&ctx, bad, strlen(bad), &p1, &e1), CLB_ERR_OK);
    uint64_t h = hits();
    cr_assert_neq(position_open(&ctx, bad, strlen(bad), &p2, &e2), CLB_ERR_OK);
    cr_assert_eq(hits(), h);
    cr_assert_eq(e1.code, e2.code);
    cr_assert_str_eq(e1.detail, e2.detail);
}

/* Another context (another set of word lists) does not share positions. */
Test(server_cache, another_context_replays)
{
    cr_assert_eq(open_link(&ctx, late, &p1), CLB_ERR_OK);
    struct srv_context other = ctx; /* the same lexicons, another context */
    uint64_t h = hits();
    cr_assert_eq(open_link(&other, late, &p2), CLB_ERR_OK);
    cr_assert_eq(hits(), h);
    assert_same(&p1, &p2);
    /* ... and a context whose list was renamed is not the same either. */
    cr_assert_eq(open_link(&ctx, late, &p2), CLB_ERR_OK);
    cr_assert_eq(hits(), h + 1);
    strcpy(ctx.lexicon_names[0], "renamed");
    cr_assert_eq(open_link(&ctx, late, &p2), CLB_ERR_OK);
    cr_assert_eq(hits(), h + 1);
}

/* Playing on an opened position leaves the kept one as the link gave it. */
Test(server_cache, a_move_on_a_hit_does_not_change_what_is_kept)
{
    cr_assert_eq(open_link(&ctx, late, &p1), CLB_ERR_OK);
    cr_assert_eq(open_link(&ctx, late, &p2), CLB_ERR_OK);
    struct core_move pass = {.type = CORE_MOVE_PASS};
    struct core_move_result res;
    struct clb_error err;
    cr_assert_eq(position_play(&p2, &pass, &res, &err), CLB_ERR_OK);
    cr_assert_eq(p2.history.nmoves, 17);
    uint64_t h = hits();
    cr_assert_eq(open_link(&ctx, late, &p3), CLB_ERR_OK);
    cr_assert_eq(hits(), h + 1);
    assert_same(&p1, &p3);
}

/* CLB_POSITION_CACHE_ENTRIES links are kept; one more pushes out the one
 * least recently used, and a hit makes an entry recent again. */
Test(server_cache, the_least_recently_used_link_goes)
{
    char links[CLB_POSITION_CACHE_ENTRIES + 1][CLB_MAX_LINK2_CHARS + 1];
    size_t len;
    struct clb_error err;
    for (int i = 0; i <= CLB_POSITION_CACHE_ENTRIES; i++) {
        position_new(&ctx, 0, (uint32_t)(100 + i), &p1);
        cr_assert_eq(
            position_write(&p1, LINK_V2, links[i], sizeof links[i], &len, &err),
            CLB_ERR_OK);
    }
    for (int i = 0; i < CLB_POSITION_CACHE_ENTRIES; i++)
        cr_assert_eq(open_link(&ctx, links[i], &p1), CLB_ERR_OK);
    uint64_t h = hits();
    cr_assert_eq(open_link(&ctx, links[0], &p1), CLB_ERR_OK); /* 0 recent */
    cr_assert_eq(hits(), h + 1);
    /* One more: links[1], the least recently used, goes. */
    cr_assert_eq(open_link(&ctx, links[CLB_POSITION_CACHE_ENTRIES], &p1),
                 CLB_ERR_OK);
    cr_assert_eq(open_link(&ctx, links[0], &p1), CLB_ERR_OK);
    cr_assert_eq(hits(), h + 2);
    cr_assert_eq(open_link(&ctx, links[1], &p1), CLB_ERR_OK);
    cr_assert_eq(hits(), h + 2, "links[1] was replayed");
}

static uint64_t carried(void)
{
    uint64_t c, w;
    srv_cache_review_counts(&c, &w);
    return c;
}

static struct core_review r1, r2;

/* The review of the same game a move on carries on the thread's last one,
 * and is what a whole review gives; another game is reviewed whole. */
Test(server_cache, the_next_review_of_a_game_carries_on_the_last)
{
    struct clb_error err;
    cr_assert_eq(open_link(&ctx, late, &p1), CLB_ERR_OK);
    uint64_t c = carried();
    cr_assert_eq(srv_cache_review(&p1, &r1, &err), CLB_ERR_OK);
    cr_assert_eq(carried(), c, "the first review is whole");
    struct core_move pass = {.type = CORE_MOVE_PASS};
    struct core_move_result res;
    cr_assert_eq(position_play(&p1, &pass, &res, &err), CLB_ERR_OK);
    cr_assert_eq(srv_cache_review(&p1, &r1, &err), CLB_ERR_OK);
    cr_assert_eq(carried(), c + 1);
    struct core_lexicon lex = dict_lexicon(p1.dict);
    cr_assert_eq(core_review_history(&p1.history, &lex, &r2, &err), CLB_ERR_OK);
    cr_assert_eq(r1.nmoves, 17);
    cr_assert_eq(r1.reviewed, r2.reviewed);
    cr_assert_eq(r1.scored, r2.scored);
    cr_assert_eq(r1.possible, r2.possible);
    cr_assert_eq(r1.nodes, r2.nodes);
    for (int i = 0; i < r1.nmoves; i++) {
        cr_assert_eq(r1.moves[i].has_best, r2.moves[i].has_best);
        cr_assert_eq(r1.moves[i].points, r2.moves[i].points);
        cr_assert_eq(memcmp(&r1.moves[i].move, &r2.moves[i].move,
                            sizeof r1.moves[i].move),
                     0);
    }
    /* Another game (a new deal) is not carried on from this one. */
    position_new(&ctx, 0, 12345, &p2);
    cr_assert_eq(position_play(&p2, &pass, &res, &err), CLB_ERR_OK);
    cr_assert_eq(srv_cache_review(&p2, &r1, &err), CLB_ERR_OK);
    cr_assert_eq(carried(), c + 1);
    cr_assert_eq(r1.nmoves, 1);
}

/* A link the API opened (no chain of position hashes) is opened again for
 * a page with every move's hash, the same as a link opened for a page
 * from the start (another context: not shared); and a page that shares
 * the kept position reads the same one again. */
Test(server_cache, a_page_after_the_api_gets_the_chain)
{
    struct srv_context other = ctx;
    struct clb_error err;
    cr_assert_eq(open_link(&other, late, &p1), CLB_ERR_OK);
    cr_assert(p1.chained);
    cr_assert_gt(p1.history.nmoves, 0);
    cr_assert_eq(
        position_open_for(&ctx, late, strlen(late), POSITION_PLAIN, &p2, &err),
        CLB_ERR_OK);
    cr_assert_not(p2.chained);
    cr_assert_eq(p2.history.moves[p2.history.nmoves - 1].after, 0);
    uint64_t h = hits();
    const struct position *shown = NULL;
    cr_assert_eq(
        position_open_shared(&ctx, late, strlen(late), &p3, &shown, &err),
        CLB_ERR_OK);
    cr_assert_eq(hits(), h); /* replayed, with the chain */
    cr_assert(shown->chained);
    assert_same(&p1, shown);
    const struct position *again = NULL;
    cr_assert_eq(
        position_open_shared(&ctx, late, strlen(late), &p3, &again, &err),
        CLB_ERR_OK);
    cr_assert_eq(hits(), h + 1);
    cr_assert_eq(again, shown); /* the kept one itself */
    /* The API now finds the chained one, and a copy is the same. */
    cr_assert_eq(
        position_open_for(&ctx, late, strlen(late), POSITION_PLAIN, &p2, &err),
        CLB_ERR_OK);
    cr_assert_eq(hits(), h + 2);
    assert_same(&p1, &p2);
}

/* A link refused where the cache would have kept it leaves nothing kept. */
Test(server_cache, a_refused_shared_open_keeps_nothing)
{
    char bad[sizeof late];
    strcpy(bad, late);
    bad[2] = bad[2] == 'x' ? 'y' : 'x';
    struct clb_error err;
    const struct position *shown = NULL;
    cr_assert_neq(
        position_open_shared(&ctx, bad, strlen(bad), &p3, &shown, &err),
        CLB_ERR_OK);
    uint64_t h = hits();
    cr_assert_neq(
        position_open_shared(&ctx, bad, strlen(bad), &p3, &shown, &err),
        CLB_ERR_OK);
    cr_assert_eq(hits(), h);
    cr_assert_eq(open_link(&ctx, late, &p1), CLB_ERR_OK);
}
