/* tests/alloc_fail/test_alloc_fail.c - out of memory, in process: the
 * lexicon loaders and every kind of request of tests/server/test_pages.c
 * through the real router and handlers, each run once to count its allocations
 * K and then K times more with the Nth failing (N = 1..K), and once more with
 * every allocation from the Nth on failing.
 *
 * What must hold (DESIGN.md "Out of memory"): a loader returns
 * CLB_ERR_INTERNAL "out of memory" and nothing else changes; a handler
 * either gives the very answer it gives with all the memory it wants (the
 * failed allocation had a fallback), or a complete 500 error (JSON or the
 * error page), or leaves its body marked as failed allocation, which the
 * dispatcher turns into a 500 (tests/alloc_fail/sweep.mjs checks that over
 * HTTP). Never another status, never a half-written body. Leaks fail the
 * run under LeakSanitizer. Linked with tests/support/alloc_fail.c through
 * ld --wrap (tests/alloc_fail.cmake).
 */
/* SPDX-License-Identifier: MIT */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* mkdtemp, unlink, rmdir */
#endif

#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../core/lzstring.h"
#include "alloc_fail.h"
#include "position.h"
#include "respond.h"
#include "router.h"
#include "test_support.h"

#define LEXICONS CLB_TEST_DATA_DIR "/lexicons/"
#define ORIGIN "origin=http%3A%2F%2Flocalhost%3A8080"
#define FORM "application/x-www-form-urlencoded"

/* Total runs, for the summary line each test prints. */
static unsigned long runs;

/* ---- the lexicon loaders ------------------------------------------------ */

/* Runs `load` with no failure to count its allocations, then with the Nth
 * failing for every N (and from the Nth on when `persist`): each failed
 * run must be a clean "out of memory" with no lexicon, each run that
 * reached no failure a working lexicon. */
static void sweep_load(const char *what,
                       enum clb_err (*load)(struct dict **, struct clb_error *),
                       const char *word)
{
    for (int persist = 0; persist <= 1; persist++) {
        for (unsigned long n = 1;; n++) {
            struct dict *d = NULL;
            struct clb_error err;
            clb_error_clear(&err);
            clb_alloc_fail_arm(n, persist);
            enum clb_err rc = load(&d, &err);
            struct clb_alloc_fail_result r = clb_alloc_fail_disarm();
            runs++;
            if (!r.hit) {
                cr_assert_eq(rc, CLB_ERR_OK, "%s: %s", what, err.detail);
                cr_assert(dict_contains(d, word, strlen(word)), "%s", what);
                dict_free(d);
                cr_assert_gt(n, 1, "%s allocates nothing", what);
                break;
            }
            /* INTERNAL, or BAD_LEXICON for a compiled file too large for
             * the memory: both 500, both saying why. */
            cr_assert(rc == CLB_ERR_INTERNAL || rc == CLB_ERR_BAD_LEXICON,
                      "%s, allocation %lu%s failing: error %d (%s)", what, n,
                      persist ? "+" : "", rc, err.detail);
            cr_assert_not_null(strstr(err.detail, "out of memory"),
                               "%s, allocation %lu failing: \"%s\"", what, n,
                               err.detail);
            cr_assert_null(d, "%s, allocation %lu failing", what, n);
        }
    }
}

static enum clb_err load_compiled(struct dict **d, struct clb_error *err)
{
    return dict_load(CLB_TEST_LEXICON, d, err);
}

static enum clb_err load_text_file(struct dict **d, struct clb_error *err)
{
    return dict_load(LEXICONS "good.txt", d, err);
}

static enum clb_err load_text(struct dict **d, struct clb_error *err)
{
    static const char words[] = "CAT\nCATS\nDOG\nDOGS\nQI\nZA\nAXE\nAXES\n"
                                "EAT\nTEA\nATE\nETA\nSEAT\nEATS\nTEAS\n";
    return dict_from_text(words, sizeof words - 1, "small", d, err);
}

Test(alloc_fail, the_lexicon_loaders_say_out_of_memory, .timeout = 240)
{
    runs = 0;
    sweep_load("the compiled SOWPODS", load_compiled, "QUIXOTIC");
    sweep_load("a word list file", load_text_file, "CAT");
    sweep_load("a word list in memory", load_text, "TEAS");
    printf("alloc_fail: the lexicon loaders: %lu runs\n", runs);
}

/* Saving a compiled lexicon: a failure is a clean error, no file left. */
Test(alloc_fail, saving_a_lexicon_says_out_of_memory)
{
    struct dict *d;
    struct clb_error err;
    cr_assert_eq(load_text(&d, &err), CLB_ERR_OK);
    char dir[] = "/tmp/clb-af-XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    char path[64];
    snprintf(path, sizeof path, "%s/out.clx", dir);
    for (unsigned long n = 1;; n++) {
        clb_error_clear(&err);
        clb_alloc_fail_arm(n, false);
        enum clb_err rc = dict_save_compiled(d, path, &err);
        struct clb_alloc_fail_result r = clb_alloc_fail_disarm();
        if (!r.hit) {
            cr_assert_eq(rc, CLB_ERR_OK, "%s", err.detail);
            break;
        }
        cr_assert_eq(rc, CLB_ERR_INTERNAL, "allocation %lu: %s", n, err.detail);
        cr_assert_neq(access(path, F_OK), 0, "allocation %lu left %s", n, path);
    }
    cr_assert_eq(unlink(path), 0);
    cr_assert_eq(rmdir(dir), 0);
    dict_free(d);
}

/* ---- requests through the router and handlers --------------------------- */

static struct srv_context ctx;

static void setup(void)
{
    ts_sowpods_context(&ctx);
}

static void teardown(void)
{
    ts_context_free(&ctx);
}

/* What one run of a handler gave. */
struct answer {
    int status;
    const char *type;
    bool overflow, nomem;
    char *body; /* malloc'd copy */
    size_t len;
    struct clb_alloc_fail_result alloc;
};

/* Runs one request as server.c's dispatcher does, with allocations
 * counted (and failing from fail_at, 0 for none) only inside the handler
 * and its buffer. */
static void run(const char *method, const char *path, const char *query,
                const char *body, unsigned long fail_at, bool persist,
                struct answer *a)
{
    char mem[CLB_RESPONSE_INITIAL_BYTES];
    struct out_buf out;
    out_init(&out, mem, sizeof mem, CLB_MAX_RESPONSE_BYTES);
    struct srv_response resp = {
        .status = 0, .content_type = SRV_TYPE_TEXT, .body = &out};
    struct srv_request req = {
        .ctx = &ctx,
        .method = method,
        .path = {path, strlen(path)},
        .query = {query != NULL ? query : "",
                  query != NULL ? strlen(query) : 0},
        .body = {body != NULL ? body : "", body != NULL ? strlen(body) : 0},
        .content_type =
            body != NULL && strncmp(path, "/api", 4) != 0 ? FORM : NULL,
    };
    clb_alloc_fail_arm(fail_at, persist);
    struct srv_route route;
    srv_route(&req, &route);
    if (route.handler != NULL)
        route.handler(&req, &resp);
    a->alloc = clb_alloc_fail_disarm();
    cr_assert_not_null(route.handler, "%s %s: no handler", method, path);
    a->status = resp.status;
    a->type = resp.content_type;
    a->overflow = out.overflow;
    a->nomem = out.nomem;
    a->len = out.len;
    a->body = malloc(out.len + 1);
    cr_assert_not_null(a->body);
    memcpy(a->body, out.p, out.len + 1);
    out_free(&out);
    runs++;
}

/* True if a->body is a whole error answer saying "internal". */
static bool whole_internal_error(const struct answer *a)
{
    if (a->type != NULL && strcmp(a->type, SRV_TYPE_JSON) == 0) {
        json_error_t jerr;
        json_t *root = json_loadb(a->body, a->len, 0, &jerr);
        const char *code = json_string_value(
            json_object_get(json_object_get(root, "error"), "code"));
        bool ok = code != NULL && strcmp(code, "internal") == 0;
        json_decref(root);
        return ok;
    }
    static const char end[] = "</body></html>\n";
    return a->type != NULL && strcmp(a->type, SRV_TYPE_HTML) == 0 &&
           strstr(a->body, "data-testid=\"error-page\"") != NULL &&
           a->len >= sizeof end - 1 &&
           memcmp(a->body + a->len - (sizeof end - 1), end, sizeof end - 1) ==
               0;
}

/* Counts the request's allocations, then runs it with each one failing
 * (alone, then with all after it): every answer the normal one, a whole
 * 500, or a body the dispatcher answers 500 for. Returns K. */
static unsigned long sweep(const char *name, const char *method,
                           const char *path, const char *query,
                           const char *body)
{
    struct answer normal;
    run(method, path, query, body, 0, false, &normal);
    cr_assert(!normal.overflow && normal.status >= 200 && normal.status < 500,
              "%s: status %d without failure", name, normal.status);
    unsigned long k = normal.alloc.count;
    for (int persist = 0; persist <= 1; persist++) {
        for (unsigned long n = 1; n <= k; n++) {
            struct answer a;
            run(method, path, query, body, n, persist, &a);
            const char *how = persist ? "+" : "";
            cr_assert(a.alloc.hit,
                      "%s: allocation %lu not reached (%lu of %lu): the "
                      "request does not allocate the same way each time",
                      name, n, a.alloc.count, k);
            if (a.overflow) {
                cr_assert(a.nomem,
                          "%s, allocation %lu%s failing: the body overflowed "
                          "without saying it was out of memory",
                          name, n, how);
            } else if (a.status == normal.status && a.len == normal.len &&
                       memcmp(a.body, normal.body, a.len) == 0) {
                /* the failed allocation had a fallback */
            } else {
                cr_assert(a.status == 500 && whole_internal_error(&a),
                          "%s, allocation %lu%s of %lu failing: status %d "
                          "(normally %d), %zu bytes: %.300s",
                          name, n, how, k, a.status, normal.status, a.len,
                          a.body);
            }
            free(a.body);
        }
    }
    free(normal.body);
    return k;
}

static char *read_link(const char *name)
{
    char p[256];
    snprintf(p, sizeof p, "%s/%s", CLB_TEST_DATA_DIR, name);
    FILE *f = fopen(p, "rb");
    cr_assert_not_null(f, "cannot read %s", p);
    char *buf = calloc(1, CLB_MAX_ENCODED_STATE + 2);
    cr_assert_not_null(buf);
    size_t n = fread(buf, 1, CLB_MAX_ENCODED_STATE + 1, f);
    fclose(f);
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
        buf[--n] = '\0';
    return buf;
}

/* The classic (v1) link of the position of v2 link s (malloc'd). */
static char *classic_of(const char *s)
{
    struct position pos;
    struct clb_error err;
    size_t n;
    char *out = malloc(CLB_MAX_ENCODED_STATE + 1);
    cr_assert_not_null(out);
    cr_assert_eq(position_open(&ctx, s, strlen(s), &pos, &err), CLB_ERR_OK,
                 "%s", err.detail);
    cr_assert_eq(
        position_write(&pos, LINK_V1, out, CLB_MAX_ENCODED_STATE + 1, &n, &err),
        CLB_ERR_OK);
    return out;
}

/* The classic link `classic` with an escape in one key ("\u0074urn"),
 * which only jansson reads (link_v1.c's slow path), malloc'd. */
static char *only_jansson_reads(const char *classic)
{
    char json[CLB_MAX_DECODED_STATE];
    size_t n;
    cr_assert_eq(lz_decompress_base64_utf8(classic, strlen(classic), json,
                                           sizeof json - 8, &n),
                 LZ_OK);
    json[n] = '\0';
    char *turn = strstr(json, "\"turn\"");
    cr_assert_not_null(turn);
    memmove(turn + 7, turn + 2, n + 1 - (size_t)(turn + 2 - json));
    memcpy(turn + 1, "\\u0074", 6);
    n += 5;
    static uint16_t units[CLB_MAX_DECODED_STATE];
    for (size_t i = 0; i < n; i++)
        units[i] = (unsigned char)json[i]; /* the state is ASCII */
    char *out = malloc(CLB_MAX_ENCODED_STATE + 1);
    cr_assert_not_null(out);
    size_t len;
    cr_assert_eq(lz_compress_base64(units, n, out, CLB_MAX_ENCODED_STATE, &len),
                 LZ_OK);
    out[len] = '\0';
    return out;
}

#define MID_BEST                                                               \
    "{\"type\":\"play\",\"tiles\":[{\"row\":13,\"col\":7,\"letter\":\"A\"},"   \
    "{\"row\":13,\"col\":8,\"letter\":\"M\"},{\"row\":13,\"col\":9,"           \
    "\"letter\":\"P\"}]}"
#define MID_BAD                                                                \
    "{\"type\":\"play\",\"tiles\":[{\"row\":7,\"col\":10,\"letter\":\"B\"}]}"

TestSuite(requests, .init = setup, .fini = teardown, .timeout = 240);

Test(requests, the_pages_fail_cleanly)
{
    runs = 0;
    unsigned long total = 0;
    char *late = read_link("link/late_v2.link");
    char *mid = read_link("pages/mid.link");
    char *over = read_link("pages/over.link");
    char *exch = read_link("pages/exchange.link");
    char *classic = classic_of(mid);
    char *q;
    total += sweep("landing", "GET", "/", NULL, NULL);
    total += sweep("landing error", "GET", "/new", "seed=a%01%3Cb%3E", NULL);
    total += sweep("new game", "GET", "/new", NULL, NULL);
    total += sweep("damaged link", "GET", "/", "s=2AAAAAAAAA", NULL);
    total += sweep("404", "GET", "/nowhere", NULL, NULL);
    total += sweep("405", "PUT", "/game", NULL, NULL);
    q = ts_state_fields(late, "");
    total += sweep("late board, v2", "GET", "/", q, NULL);
    total += sweep("GCG", "GET", "/game.gcg", q, NULL);
    free(q);
    q = ts_state_fields(mid, "&me=1&" ORIGIN);
    total += sweep("mid board, with origin", "POST", "/game", NULL, q);
    free(q);
    q = ts_state_fields(mid, "&me=2&" ORIGIN);
    total += sweep("waiting page, QR code", "POST", "/game", NULL, q);
    free(q);
    q = ts_state_fields(exch, "");
    total += sweep("exchange page", "GET", "/game", q, NULL);
    free(q);
    q = ts_state_fields(classic, "");
    total += sweep("classic link page", "GET", "/", q, NULL);
    free(q);
    char *slow = only_jansson_reads(classic);
    q = ts_state_fields(slow, "");
    total += sweep("classic link page, read by jansson", "GET", "/", q, NULL);
    free(q);
    char *b = ts_state_body(slow, "");
    total += sweep("classic link decoded by jansson", "POST", "/api/v1/decode",
                   NULL, b);
    free(b);
    free(slow);
    char *move = ts_urlenc(MID_BEST);
    char more[1024];
    snprintf(more, sizeof more, "&move=%s&me=1&%s", move, ORIGIN);
    free(move);
    q = ts_state_fields(mid, more);
    total += sweep("a move by form", "POST", "/game/move", NULL, q);
    free(q);
    move = ts_urlenc(MID_BAD);
    snprintf(more, sizeof more, "&move=%s&me=1", move);
    free(move);
    q = ts_state_fields(mid, more);
    total += sweep("a move refused by form", "POST", "/game/move", NULL, q);
    free(q);
    q = ts_state_fields(classic, more);
    total +=
        sweep("a classic move refused by form", "POST", "/game/move", NULL, q);
    free(q);
    q = ts_state_fields(over, "");
    total += sweep("game over page", "GET", "/", q, NULL);
    free(q);
    q = ts_state_fields(mid, "");
    total += sweep("review page", "GET", "/game/review", q, NULL);
    total += sweep("review cells", "POST", "/game/review", NULL, q);
    free(q);
    q = ts_state_fields(mid, "&word=cat");
    total +=
        sweep("a word checked without script", "GET", "/game/word", q, NULL);
    free(q);
    printf("alloc_fail: pages: %lu allocations swept, %lu runs\n", total, runs);
    free(late);
    free(mid);
    free(over);
    free(exch);
    free(classic);
}

Test(requests, the_api_fails_cleanly)
{
    runs = 0;
    unsigned long total = 0;
    char *mid = read_link("pages/mid.link");
    char *over = read_link("pages/over.link");
    char *classic = classic_of(mid);
    total += sweep("new game", "POST", "/api/v1/games", NULL,
                   "{\"seed\":\"pages\"}");
    total += sweep("new classic game", "POST", "/api/v1/games", NULL,
                   "{\"seed\":\"pages\",\"format\":\"v1\"}");
    total += sweep("new game, empty body", "POST", "/api/v1/games", NULL, "");
    char *b = ts_state_body(mid, ",\"move\":" MID_BEST);
    total += sweep("move", "POST", "/api/v1/move", NULL, b);
    total += sweep("preview", "POST", "/api/v1/preview", NULL, b);
    free(b);
    /* Only jansson reads these (an escape in a key, spaces, a lowercase
     * letter): its allocations are swept too. */
    b = malloc(strlen(mid) + 512);
    cr_assert_not_null(b);
    sprintf(b, "{\"\\u0073tate\":\"%s\",\"move\":%s}", mid, MID_BEST);
    total += sweep("move, read by jansson", "POST", "/api/v1/move", NULL, b);
    total +=
        sweep("preview, read by jansson", "POST", "/api/v1/preview", NULL, b);
    sprintf(b, "{\"\\u0073tate\":\"%s\",\"limit\":2}", mid);
    total += sweep("plays, read by jansson", "POST", "/api/v1/plays", NULL, b);
    free(b);
    b = ts_state_body(classic, ",\"move\":" MID_BEST);
    total += sweep("classic move", "POST", "/api/v1/move", NULL, b);
    free(b);
    b = ts_state_body(mid, ",\"move\":" MID_BAD);
    total += sweep("move refused", "POST", "/api/v1/move", NULL, b);
    total += sweep("preview refused", "POST", "/api/v1/preview", NULL, b);
    free(b);
    b = ts_state_body(mid, ",\"move\":{\"type\":\"pass\"}");
    total += sweep("pass", "POST", "/api/v1/move", NULL, b);
    free(b);
    b = ts_state_body(over, "");
    total += sweep("decode", "POST", "/api/v1/decode", NULL, b);
    total += sweep("gcg", "POST", "/api/v1/gcg", NULL, b);
    free(b);
    b = ts_state_body(mid, ",\"format\":\"v1\"");
    total += sweep("decode to v1", "POST", "/api/v1/decode", NULL, b);
    free(b);
    b = ts_state_body(classic, "");
    total += sweep("decode a classic link", "POST", "/api/v1/decode", NULL, b);
    free(b);
    b = ts_state_body(mid, ",\"limit\":3");
    total += sweep("plays", "POST", "/api/v1/plays", NULL, b);
    free(b);
    b = ts_state_body(mid, "");
    total += sweep("review", "POST", "/api/v1/review", NULL, b);
    free(b);
    total += sweep("the word judge", "POST", "/api/v1/words", NULL,
                   "{\"words\":[\"cat\",\"qzx\",\"na\u00efve\"]}");
    total += sweep("bad JSON", "POST", "/api/v1/move", NULL, "{\"state\":");
    total += sweep("bad state", "POST", "/api/v1/decode", NULL,
                   "{\"state\":\"2AAAAAAAAA\"}");
    total += sweep("404", "POST", "/api/v1/nowhere", NULL, "{}");
    printf("alloc_fail: the API: %lu allocations swept, %lu runs\n", total,
           runs);
    free(mid);
    free(over);
    free(classic);
}
