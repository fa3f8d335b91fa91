/* tests/server/test_pages.c - every kind of page and API answer, byte for byte
 * against the committed reference in tests/data/pages/ (NAME.html and
 * NAME.json), rendered through the real router and handlers with SOWPODS.
 *
 * The renderers and the JSON writer are tuned for speed; these references
 * pin what they write, so a faster writer can only be a faster way to the
 * same bytes. Only the static files' version strings (?v=<hash>, which
 * change with static/ and with minification) are replaced by "VERSION"
 * before comparing.
 *
 * A deliberate change to the markup regenerates the references:
 *   COLLABBLE_WRITE_PAGES=1 build-test/tests/server_pages
 * and the diff of tests/data/pages/ then shows exactly what changed. Any
 * other value is a directory to write them into instead. A run that
 * writes compares nothing, so every check in it fails (after writing its
 * page): such a run can never be taken for a passing one. Run the test
 * again without the variable to see it pass. tests/pages/write_fails.sh
 * (tests/pages.cmake) checks both halves: the run fails, and what it
 * wrote is the references.
 */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "position.h"
#include "router.h"
#include "static_assets.h"
#include "test_support.h"

#define PAGES_DIR CLB_TEST_DATA_DIR "/pages/"
#define PAGE_MAX (1024 * 1024)
#define ORIGIN "origin=http%3A%2F%2Flocalhost%3A8080"
#define FORM "application/x-www-form-urlencoded"

static struct srv_context ctx;

static void setup(void)
{
    ts_sowpods_context(&ctx);
}

static void teardown(void)
{
    ts_context_free(&ctx);
}

TestSuite(server_pages, .init = setup, .fini = teardown);

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    char *buf = malloc(PAGE_MAX);
    cr_assert_not_null(buf);
    size_t n = fread(buf, 1, PAGE_MAX - 1, f);
    fclose(f);
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* The committed link tests/data/<name> (one line). */
static void link_of(const char *name, char *out, size_t cap)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", CLB_TEST_DATA_DIR, name);
    size_t n;
    char *text = read_file(path, &n);
    cr_assert_not_null(text, "cannot read %s", path);
    while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == '\r'))
        n--;
    cr_assert_lt(n, cap);
    memcpy(out, text, n);
    out[n] = '\0';
    free(text);
}

/* The classic (v1) link of the position of v2 link s. */
static void classic_of(const char *s, char *out, size_t cap)
{
    struct position pos;
    struct clb_error err;
    size_t n;
    cr_assert_eq(position_open(&ctx, s, strlen(s), &pos, &err), CLB_ERR_OK,
                 "%s", err.detail);
    cr_assert_eq(position_write(&pos, LINK_V1, out, cap, &n, &err), CLB_ERR_OK);
}

/* Replaces every static file's version in text (len bytes, in place) by
 * "VERSION"; returns the new length. */
static size_t normalize(char *text, size_t len)
{
    for (size_t a = 0; a < srv_static_asset_count; a++) {
        const char *v = srv_static_assets[a].version;
        size_t vn = strlen(v);
        if (vn == 0)
            continue;
        char *p;
        while ((p = strstr(text, v)) != NULL) {
            memcpy(p, "VERSION", 7);
            memmove(p + 7, p + vn, len - (size_t)(p + vn - text) + 1);
            len -= vn - 7;
        }
    }
    return len;
}

/* Runs one request through the router, as server.c does, and compares (or
 * with COLLABBLE_WRITE_PAGES, writes) the body with pages/<name>. */
static void check(const char *name, const char *method, const char *path,
                  const char *query, const char *body, int status)
{
    char mem[CLB_RESPONSE_INITIAL_BYTES];
    struct out_buf out;
    out_init(&out, mem, sizeof mem, CLB_MAX_RESPONSE_BYTES);
    struct srv_response resp = {.status = 0, .body = &out};
    struct srv_request req = {
        .ctx = &ctx,
        .method = method,
        .path = {path, strlen(path)},
        .query = {query != NULL ? query : "",
                  query != NULL ? strlen(query) : 0},
        .body = {body != NULL ? body : "", body != NULL ? strlen(body) : 0},
        .content_type =
            body != NULL && strncmp(path, "/api", 4) != 0 ? FORM : NULL,
        .host = "localhost:8080",
    };
    struct srv_route route;
    srv_route(&req, &route);
    cr_assert_not_null(route.handler, "%s: no handler", name);
    route.handler(&req, &resp);
    cr_assert_not(out.overflow, "%s", name);
    cr_assert_eq(resp.status, status, "%s: status %d", name, resp.status);

    char *got = malloc(out.len + 1);
    cr_assert_not_null(got);
    memcpy(got, out.p, out.len + 1);
    size_t got_len = normalize(got, out.len);
    out_free(&out);

    char file[256];
    snprintf(file, sizeof file, "%s%s", PAGES_DIR, name);
    const char *write_to = getenv("COLLABBLE_WRITE_PAGES");
    if (write_to != NULL) {
        char out[512];
        if (strcmp(write_to, "1") == 0)
            snprintf(out, sizeof out, "%s", file);
        else
            snprintf(out, sizeof out, "%s/%s", write_to, name);
        FILE *f = fopen(out, "wb");
        cr_assert_not_null(f, "cannot write %s", out);
        cr_assert_eq(fwrite(got, 1, got_len, f), got_len);
        cr_assert_eq(fclose(f), 0, "cannot write %s", out);
        free(got);
        /* Non-fatal, so that the test's other pages are written too. */
        cr_expect_fail("%s: written to %s and not compared "
                       "(COLLABBLE_WRITE_PAGES is set); run again without "
                       "it to check the pages",
                       name, out);
        return;
    }
    size_t want_len;
    char *want = read_file(file, &want_len);
    cr_assert_not_null(want,
                       "no reference %s (COLLABBLE_WRITE_PAGES=1 "
                       "makes it)",
                       file);
    size_t i = 0;
    while (i < got_len && i < want_len && got[i] == want[i])
        i++;
    if (i != got_len || i != want_len) {
        size_t from = i > 60 ? i - 60 : 0;
        cr_assert_fail("%s differs from its reference at byte %zu of %zu "
                       "(reference %zu):\n  got  ...%.120s\n  want ...%.120s",
                       name, i, got_len, want_len, got + from, want + from);
    }
    free(want);
    free(got);
}

#define MID_BEST                                                               \
    "{\"type\":\"play\",\"tiles\":[{\"row\":13,\"col\":7,\"letter\":\"A\"},"   \
    "{\"row\":13,\"col\":8,\"letter\":\"M\"},{\"row\":13,\"col\":9,"           \
    "\"letter\":\"P\"}]}"
#define MID_BAD                                                                \
    "{\"type\":\"play\",\"tiles\":[{\"row\":7,\"col\":10,\"letter\":\"B\"}]}"

Test(server_pages, the_landing_and_error_pages)
{
    check("landing.html", "GET", "/", NULL, NULL, 200);
    check("landing-error.html", "GET", "/new", "seed=a%01%3Cb%3E", NULL, 400);
    check("error-damaged.html", "GET", "/", "s=2AAAAAAAAA", NULL, 400);
    check("error-404.html", "GET", "/nowhere", NULL, NULL, 404);
    check("error-405.html", "PUT", "/game", NULL, NULL, 405);
}

Test(server_pages, the_board_pages)
{
    char late[CLB_MAX_ENCODED_STATE + 1], mid[CLB_MAX_ENCODED_STATE + 1];
    link_of("link/late_v2.link", late, sizeof late);
    link_of("pages/mid.link", mid, sizeof mid);
    char *q = ts_state_fields(late, "");
    check("board-late.html", "GET", "/", q, NULL, 200);
    free(q);
    q = ts_state_fields(mid, "&me=1&" ORIGIN);
    check("board-mid.html", "POST", "/game", NULL, q, 200);
    free(q);
    q = ts_state_fields(mid, "&me=2&" ORIGIN);
    check("wait-mid.html", "POST", "/game", NULL, q, 200);
    free(q);
    char s[CLB_MAX_ENCODED_STATE + 1];
    link_of("pages/pass1.link", s, sizeof s);
    q = ts_state_fields(s, "&me=2");
    check("pass1.html", "POST", "/game", NULL, q, 200);
    free(q);
    link_of("pages/exchange.link", s, sizeof s);
    q = ts_state_fields(s, "");
    check("exchange.html", "GET", "/game", q, NULL, 200);
    free(q);
    char classic[CLB_MAX_ENCODED_STATE + 1];
    classic_of(mid, classic, sizeof classic);
    q = ts_state_fields(classic, "");
    check("classic-mid.html", "GET", "/", q, NULL, 200);
    free(q);
}

Test(server_pages, a_move_made_and_a_move_refused)
{
    char mid[CLB_MAX_ENCODED_STATE + 1];
    link_of("pages/mid.link", mid, sizeof mid);
    char *move = ts_urlenc(MID_BEST);
    char more[1024];
    snprintf(more, sizeof more, "&move=%s&me=1&%s", move, ORIGIN);
    free(move);
    char *q = ts_state_fields(mid, more);
    check("moved-mid.html", "POST", "/game/move", NULL, q, 200);
    free(q);
    move = ts_urlenc(MID_BAD);
    snprintf(more, sizeof more, "&move=%s&me=1", move);
    free(move);
    q = ts_state_fields(mid, more);
    check("refused-mid.html", "POST", "/game/move", NULL, q, 422);
    free(q);
}

Test(server_pages, the_game_over_page_and_the_review)
{
    char over[CLB_MAX_ENCODED_STATE + 1], mid[CLB_MAX_ENCODED_STATE + 1];
    link_of("pages/over.link", over, sizeof over);
    link_of("pages/mid.link", mid, sizeof mid);
    char *q = ts_state_fields(over, "");
    check("over.html", "GET", "/", q, NULL, 200);
    free(q);
    q = ts_state_fields(mid, "");
    check("review-mid.html", "GET", "/game/review", q, NULL, 200);
    check("review-cells-mid.html", "POST", "/game/review", NULL, q, 200);
    free(q);
    /* A finished game's review: the total, its grade and the result to
     * share (greedy play is every turn's best: "Perfect", 100%). */
    q = ts_state_fields(over, "");
    check("review-cells-over.html", "POST", "/game/review", NULL, q, 200);
    free(q);
}

/* Goals mode's pages: a Normal game in play after New goals, four plays
 * and a Peek (the goals under the rack, the score line's count, the
 * helpers, the Peek's square, the completed goals in the move list), its
 * waiting view (no classic link, and why), and an Easy game won, with its
 * graded review and the result to share. */
Test(server_pages, goals_mode)
{
    char mid[CLB_MAX_ENCODED_STATE + 1], over[CLB_MAX_ENCODED_STATE + 1];
    link_of("pages/goals-mid.link", mid, sizeof mid);
    link_of("pages/goals-over.link", over, sizeof over);
    char *q = ts_state_fields(mid, "&me=1&" ORIGIN);
    check("goals-mid.html", "POST", "/game", NULL, q, 200);
    free(q);
    q = ts_state_fields(mid, "&me=2&" ORIGIN);
    check("goals-wait.html", "POST", "/game", NULL, q, 200);
    free(q);
    q = ts_state_fields(over, "");
    check("goals-over.html", "GET", "/", q, NULL, 200);
    check("review-cells-goals.html", "POST", "/game/review", NULL, q, 200);
    free(q);
}

/* The daily deal: its first position (the header names the date), and a
 * finished one as its result link opens: "Play today's deal" first; its
 * result names the date. */
Test(server_pages, the_daily_deal)
{
    check("daily-first.html", "GET", "/daily", "date=2026-12-01", NULL, 200);
    char over[CLB_MAX_ENCODED_STATE + 1];
    link_of("pages/daily-over.link", over, sizeof over);
    char *q = ts_state_fields(over, "");
    check("daily-over.html", "GET", "/", q, NULL, 200);
    check("review-cells-daily.html", "POST", "/game/review", NULL, q, 200);
    free(q);
}

/* Without script: the board opened from the landing page's box, a move
 * of the forms refused (the forms as typed, as the GET the refused post
 * is redirected to shows it), and the mover's waiting page the forms'
 * redirect leads to. */
Test(server_pages, the_pages_without_script)
{
    char mid[CLB_MAX_ENCODED_STATE + 1];
    link_of("pages/mid.link", mid, sizeof mid);
    char pasted[CLB_MAX_ENCODED_STATE + 64];
    snprintf(pasted, sizeof pasted, " http://localhost:8080/#%s ", mid);
    char *enc = ts_urlenc(pasted);
    char *q = malloc(strlen(enc) + 8);
    cr_assert_not_null(q);
    sprintf(q, "link=%s", enc);
    free(enc);
    check("nojs-pasted-mid.html", "GET", "/game", q, NULL, 200);
    free(q);
    /* The page a refused post is redirected to shows it (a GET). */
    q = ts_state_fields(mid, "&act=play&at=8L&dir=down&word=B%3Cb%3EE");
    check("nojs-refused-mid.html", "GET", "/game/turn", q, NULL, 400);
    free(q);
    q = ts_state_fields(mid, "&me=2&" ORIGIN);
    check("nojs-wait-mid.html", "GET", "/game", q, NULL, 200);
    free(q);
    /* The "Check a word" box's answer, without script. */
    q = ts_state_fields(mid, "&word=Quixotic");
    check("nojs-word-mid.html", "GET", "/game/word", q, NULL, 200);
    free(q);
}

Test(server_pages, the_api_answers)
{
    char mid[CLB_MAX_ENCODED_STATE + 1], over[CLB_MAX_ENCODED_STATE + 1];
    link_of("pages/mid.link", mid, sizeof mid);
    link_of("pages/over.link", over, sizeof over);
    char classic[CLB_MAX_ENCODED_STATE + 1];
    classic_of(mid, classic, sizeof classic);
    check("api-games.json", "POST", "/api/v1/games", NULL,
          "{\"seed\":\"pages\"}", 201);
    check("api-games-v1.json", "POST", "/api/v1/games", NULL,
          "{\"seed\":\"pages\",\"format\":\"v1\"}", 201);
    check("api-words.json", "POST", "/api/v1/words", NULL,
          "{\"words\":[\"cat\",\"qzx\",\"na\u00efve\"]}", 200);
    char *b = ts_state_body(mid, ",\"move\":" MID_BEST);
    check("api-move.json", "POST", "/api/v1/move", NULL, b, 200);
    check("api-preview.json", "POST", "/api/v1/preview", NULL, b, 200);
    free(b);
    /* The same requests as only jansson reads them (an escape in a key):
     * the same answers, byte for byte, as the in-place reader's. */
    b = malloc(strlen(mid) + 512);
    cr_assert_not_null(b);
    sprintf(b, "{\"\\u0073tate\":\"%s\",\"move\":%s}", mid, MID_BEST);
    check("api-move.json", "POST", "/api/v1/move", NULL, b, 200);
    check("api-preview.json", "POST", "/api/v1/preview", NULL, b, 200);
    sprintf(
        b,
        " { \"move\" : { \"tiles\":[{\"letter\":\"a\",\"col\":7,\"row\":13},"
        "{\"row\":13,\"col\":8,\"letter\":\"M\",\"blank\":false},"
        "{\"row\":13,\"col\":9,\"letter\":\"P\"}],\"type\":\"play\"},"
        "\"state\":\"%s\"}\n",
        mid);
    check("api-move.json", "POST", "/api/v1/move", NULL, b, 200);
    free(b);
    b = ts_state_body(classic, ",\"move\":" MID_BEST);
    check("api-move-v1.json", "POST", "/api/v1/move", NULL, b, 200);
    free(b);
    b = ts_state_body(mid, ",\"move\":" MID_BAD);
    check("api-move-refused.json", "POST", "/api/v1/move", NULL, b, 422);
    check("api-preview-refused.json", "POST", "/api/v1/preview", NULL, b, 200);
    free(b);
    b = ts_state_body(mid, ",\"move\":{\"type\":\"pass\"}");
    check("api-move-pass.json", "POST", "/api/v1/move", NULL, b, 200);
    free(b);
    b = ts_state_body(over, "");
    check("api-decode-over.json", "POST", "/api/v1/decode", NULL, b, 200);
    check("api-gcg-over.json", "POST", "/api/v1/gcg", NULL, b, 200);
    free(b);
    b = ts_state_body(mid, ",\"format\":\"v1\"");
    check("api-decode-v1.json", "POST", "/api/v1/decode", NULL, b, 200);
    free(b);
    b = ts_state_body(mid, ",\"limit\":3");
    check("api-plays.json", "POST", "/api/v1/plays", NULL, b, 200);
    free(b);
    b = ts_state_body(mid, "");
    check("api-review.json", "POST", "/api/v1/review", NULL, b, 200);
    free(b);
    check("api-error-json.json", "POST", "/api/v1/move", NULL,
          "{\"state\":", 400);
    check("api-error-state.json", "POST", "/api/v1/decode", NULL,
          "{\"state\":\"2AAAAAAAAA\"}", 400);
    check("api-error-404.json", "POST", "/api/v1/nowhere", NULL, "{}", 404);
}
