/* tests/server/test_gateway.c - the CGI and FastCGI front ends' reading and
 * writing (server/gateway.c): every variable a web server hands over is
 * attacker input, and each bad one gets its 4xx answer with what was
 * wrong, never a 5xx; the body is never read past CONTENT_LENGTH; the
 * answer is a CGI response whose URLs are under the mount point.
 */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../server/app.h"
#include "../../server/gateway.h"
#include "test_support.h"

static struct srv_context ctx;
static struct srv_app app;

static void setup(void)
{
    ts_sowpods_context(&ctx);
    srv_app_init(&app, &ctx, 0);
}

static void teardown(void)
{
    ts_context_free(&ctx);
}

TestSuite(server_gateway, .init = setup, .fini = teardown);

/* A fake standard input and output. */
struct fake_io {
    const char *in;
    size_t in_len, in_pos;
    size_t reads;     /* calls to read */
    size_t max_asked; /* the most bytes one read asked for, past the body */
    size_t out_at_first_read; /* bytes written when read was first called */
    bool in_fails;            /* read reports a timeout at the end of `in` */
    char *out;
    size_t out_len, out_cap;
};

static long fake_read(void *cls, char *buf, size_t n)
{
    struct fake_io *f = cls;
    if (f->reads++ == 0)
        f->out_at_first_read = f->out_len;
    size_t left = f->in_len - f->in_pos;
    if (left == 0)
        return f->in_fails ? -1 : 0;
    /* Two bytes at a time: the reader must loop. */
    size_t k = n < left ? n : left;
    if (k > 2)
        k = 2;
    memcpy(buf, f->in + f->in_pos, k);
    f->in_pos += k;
    return (long)k;
}

static bool fake_write(void *cls, const char *buf, size_t n)
{
    struct fake_io *f = cls;
    if (f->out_len + n + 1 > f->out_cap) {
        f->out_cap = (f->out_len + n + 1) * 2;
        f->out = realloc(f->out, f->out_cap);
        cr_assert_not_null(f->out);
    }
    memcpy(f->out + f->out_len, buf, n);
    f->out_len += n;
    f->out[f->out_len] = '\0';
    return true;
}

/* Serves envp (with GATEWAY_INTERFACE added by nothing: the gateway does
 * not read it) and `body` on standard input; returns the status and
 * leaves the whole response in f->out. */
static unsigned serve(char **envp, enum srv_gateway_kind kind, const char *base,
                      const char *body, struct fake_io *f)
{
    memset(f, 0, sizeof *f);
    f->in = body != NULL ? body : "";
    f->in_len = strlen(f->in);
    struct srv_gateway_io io = {
        .cls = f, .read = fake_read, .write = fake_write};
    unsigned st = srv_gateway_serve(&app, envp, kind, base, &io);
    cr_assert_not_null(f->out);
    return st;
}

/* The value of header `name` in the response's head, or NULL. */
static char *head_value(const char *out, const char *name, char *buf,
                        size_t cap)
{
    const char *end = strstr(out, "\r\n\r\n");
    size_t n = strlen(name);
    for (const char *l = out; l != NULL && l < end;) {
        if (strncmp(l, name, n) == 0 && l[n] == ':') {
            const char *v = l + n + 2, *e = strstr(v, "\r\n");
            size_t k = (size_t)(e - v) < cap - 1 ? (size_t)(e - v) : cap - 1;
            memcpy(buf, v, k);
            buf[k] = '\0';
            return buf;
        }
        l = strstr(l, "\r\n");
        l = l != NULL ? l + 2 : NULL;
    }
    return NULL;
}

static const char *body_of(const char *out)
{
    const char *e = strstr(out, "\r\n\r\n");
    cr_assert_not_null(e);
    return e + 4;
}

Test(server_gateway, a_page_is_a_cgi_response_under_script_name)
{
    char *env[] = {
        "REQUEST_METHOD=GET", "SCRIPT_NAME=/cgi-bin/collabble", "PATH_INFO=/",
        "QUERY_STRING=",      "HTTP_HOST=example.org",          NULL};
    struct fake_io f;
    cr_assert_eq(serve(env, SRV_GATEWAY_CGI, NULL, NULL, &f), 200);
    cr_assert(strncmp(f.out, "Status: 200 OK\r\n", 16) == 0, "%.40s", f.out);
    char v[256];
    cr_assert_not_null(
        head_value(f.out, "Content-Security-Policy", v, sizeof v));
    cr_assert_str_eq(head_value(f.out, "X-Frame-Options", v, sizeof v), "DENY");
    const char *body = body_of(f.out);
    cr_assert_eq((size_t)atol(head_value(f.out, "Content-Length", v, sizeof v)),
                 strlen(body));
    cr_assert_not_null(
        strstr(body, "href=\"/cgi-bin/collabble/static/app.css?v="));
    cr_assert_not_null(
        strstr(body, "src=\"/cgi-bin/collabble/static/app.js?v="));
    cr_assert_not_null(strstr(body, "action=\"/cgi-bin/collabble/new\""));
    /* No URL of the app's from the root. */
    cr_assert_null(strstr(body, "href=\"/static"));
    cr_assert_null(strstr(body, "action=\"/new"));
    free(f.out);
}

Test(server_gateway, the_program_itself_is_the_landing_page)
{
    char *env[] = {"REQUEST_METHOD=GET", "SCRIPT_NAME=/c", NULL};
    struct fake_io f;
    cr_assert_eq(serve(env, SRV_GATEWAY_CGI, NULL, NULL, &f), 200);
    free(f.out);
}

Test(server_gateway, a_redirect_goes_under_the_mount)
{
    char *env[] = {"REQUEST_METHOD=GET", "SCRIPT_NAME=/play/", "PATH_INFO=/new",
                   NULL};
    struct fake_io f;
    cr_assert_eq(serve(env, SRV_GATEWAY_CGI, NULL, NULL, &f), 303);
    char v[256];
    cr_assert(strncmp(head_value(f.out, "Location", v, sizeof v),
                      "/play/new?seed=", 15) == 0,
              "%s", v);
    free(f.out);
}

Test(server_gateway, the_operators_base_wins_over_script_name)
{
    char *env[] = {"REQUEST_METHOD=GET", "SCRIPT_NAME=/cgi-bin/x.cgi",
                   "PATH_INFO=/new", NULL};
    struct fake_io f;
    cr_assert_eq(serve(env, SRV_GATEWAY_CGI, "/collabble", NULL, &f), 303);
    char v[256];
    cr_assert(strncmp(head_value(f.out, "Location", v, sizeof v),
                      "/collabble/new?seed=", 20) == 0,
              "%s", v);
    free(f.out);
}

Test(server_gateway, fastcgi_takes_the_path_from_request_uri_under_the_base)
{
    char *env[] = {"REQUEST_METHOD=GET", "REQUEST_URI=/collabble/healthz",
                   "SCRIPT_NAME=/collabble", "PATH_INFO=", NULL};
    struct fake_io f;
    cr_assert_eq(serve(env, SRV_GATEWAY_FASTCGI, "/collabble", NULL, &f), 200);
    cr_assert_str_eq(body_of(f.out), "ok\n");
    free(f.out);
    char *root[] = {"REQUEST_METHOD=GET", "REQUEST_URI=/collabble", NULL};
    cr_assert_eq(serve(root, SRV_GATEWAY_FASTCGI, "/collabble", NULL, &f), 200);
    cr_assert_not_null(strstr(body_of(f.out), "/collabble/static/app.js"));
    free(f.out);
}

Test(server_gateway, a_post_reads_exactly_content_length)
{
    /* 13 bytes of JSON, then bytes that belong to nobody: never read. */
    char *env[] = {"REQUEST_METHOD=POST",           "SCRIPT_NAME=/c",
                   "PATH_INFO=/api/v1/games",       "CONTENT_LENGTH=12",
                   "CONTENT_TYPE=application/json", NULL};
    struct fake_io f;
    cr_assert_eq(
        serve(env, SRV_GATEWAY_CGI, NULL, "{\"seed\":\"x\"}GARBAGE", &f), 201);
    cr_assert_eq(f.in_pos, 12, "read %zu bytes", f.in_pos);
    cr_assert_not_null(strstr(body_of(f.out), "\"state\":"));
    free(f.out);
}

/* The answer to a refused request: its status, JSON for the API. */
static void refused(char **env, const char *body, unsigned status,
                    const char *detail_part)
{
    struct fake_io f;
    cr_assert_eq(serve(env, SRV_GATEWAY_CGI, NULL, body, &f), status, "%s",
                 f.out);
    cr_assert_not_null(strstr(f.out, detail_part), "no '%s' in %s", detail_part,
                       f.out);
    free(f.out);
}

Test(server_gateway, content_length_that_is_not_a_number)
{
    char *neg[] = {"REQUEST_METHOD=POST", "PATH_INFO=/api/v1/games",
                   "CONTENT_LENGTH=-5", NULL};
    refused(neg, "{}", 400, "CONTENT_LENGTH '-5' is not a number of bytes");
    char *junk[] = {"REQUEST_METHOD=POST", "PATH_INFO=/api/v1/games",
                    "CONTENT_LENGTH=12abc", NULL};
    refused(junk, "{}", 400, "is not a number of bytes");
}

Test(server_gateway, content_length_too_large_is_refused_before_reading)
{
    char *huge[] = {"REQUEST_METHOD=POST", "PATH_INFO=/api/v1/games",
                    "CONTENT_LENGTH=99999999999999999999999999", NULL};
    struct fake_io f;
    cr_assert_eq(serve(huge, SRV_GATEWAY_CGI, NULL, "{}", &f), 413);
    /* Read (and dropped) only once the answer was written, and never past
     * what was sent. */
    cr_assert(f.reads == 0 || f.out_at_first_read > 0,
              "read the body of a refused request before answering");
    cr_assert_leq(f.in_pos, 2);
    cr_assert_not_null(strstr(f.out, "\"code\":\"too_large\""));
    free(f.out);
}

Test(server_gateway, a_body_shorter_than_announced)
{
    char *env[] = {"REQUEST_METHOD=POST", "PATH_INFO=/api/v1/games",
                   "CONTENT_LENGTH=100", NULL};
    refused(env, "{}", 400, "the body ended after 2 of its 100 bytes");
}

Test(server_gateway, a_body_that_does_not_arrive_in_time)
{
    char *env[] = {"REQUEST_METHOD=POST", "PATH_INFO=/api/v1/games",
                   "CONTENT_LENGTH=10", NULL};
    struct fake_io f;
    memset(&f, 0, sizeof f);
    f.in = "{}";
    f.in_len = 2;
    f.in_fails = true;
    struct srv_gateway_io io = {
        .cls = &f, .read = fake_read, .write = fake_write};
    cr_assert_eq(srv_gateway_serve(&app, env, SRV_GATEWAY_CGI, NULL, &io), 400);
    cr_assert_not_null(strstr(f.out, "did not arrive in time"));
    free(f.out);
}

Test(server_gateway, paths_with_dot_segments_empty_segments_or_escapes)
{
    const char *bad[][2] = {
        /* (the page escapes the quotes of the message) */
        {"PATH_INFO=/../etc/passwd", "segment at byte 1"},
        {"PATH_INFO=/game/./turn", "segment at byte 6"},
        {"PATH_INFO=//game", "PATH_INFO holds an empty"},
        {"PATH_INFO=/game%2Fturn", "escaped &#39;/&#39;"},
        {"PATH_INFO=/game%2fturn", "escaped &#39;/&#39;"},
        {"PATH_INFO=/game%00", "or NUL at byte 6"},
        {"PATH_INFO=/game%5C", "or NUL at byte 6"},
        {"PATH_INFO=/g\xc3\xa9", "non-ASCII byte at byte 3"},
        {"PATH_INFO=/g e", "a space"},
        {"PATH_INFO=game", "does not start with"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *env[] = {"REQUEST_METHOD=GET", "SCRIPT_NAME=/c",
                       (char *)bad[i][0], NULL};
        refused(env, NULL, 400, bad[i][1]);
    }
    /* REQUEST_URI shows what the web server decoded away. */
    char *decoded[] = {"REQUEST_METHOD=GET", "SCRIPT_NAME=/c",
                       "PATH_INFO=/game/turn", "REQUEST_URI=/c/game%2Fturn",
                       NULL};
    refused(decoded, NULL, 400, "escaped");
}

Test(server_gateway, a_path_under_api_is_refused_in_json)
{
    char *env[] = {"REQUEST_METHOD=POST", "PATH_INFO=/api/v1/move",
                   "QUERY_STRING=a b", NULL};
    refused(env, NULL, 400, "\"detail\":\"the query holds a space");
}

Test(server_gateway, a_query_of_a_megabyte)
{
    size_t n = 1 << 20;
    char *q = malloc(n + 20);
    cr_assert_not_null(q);
    memcpy(q, "QUERY_STRING=", 13);
    memset(q + 13, 'a', n);
    q[13 + n] = '\0';
    char *env[] = {"REQUEST_METHOD=GET", "PATH_INFO=/game", q, NULL};
    refused(env, NULL, 413, "the query is 1048576 bytes");
    free(q);
}

Test(server_gateway, headers_of_any_length_or_count)
{
    size_t n = 100000;
    char *h = malloc(n + 20);
    cr_assert_not_null(h);
    memcpy(h, "HTTP_X_LONG=", 12);
    memset(h + 12, 'x', n);
    h[12 + n] = '\0';
    char *env[] = {"REQUEST_METHOD=GET", "PATH_INFO=/", h, NULL};
    refused(env, NULL, 413, "headers are over");
    free(h);

    char *many[CLB_MAX_HEADERS + 8];
    char names[CLB_MAX_HEADERS + 4][32];
    size_t k = 0;
    many[k++] = "REQUEST_METHOD=GET";
    many[k++] = "PATH_INFO=/";
    for (int i = 0; i < CLB_MAX_HEADERS + 1; i++) {
        snprintf(names[i], sizeof names[i], "HTTP_X_%d=1", i);
        many[k++] = names[i];
    }
    many[k] = NULL;
    refused(many, NULL, 413, "more than 100 headers");
}

Test(server_gateway, a_method_that_is_not_a_token)
{
    char *none[] = {"PATH_INFO=/", NULL};
    refused(none, NULL, 400, "REQUEST_METHOD is not set");
    char *lower[] = {"REQUEST_METHOD=get", "PATH_INFO=/", NULL};
    refused(lower, NULL, 400, "other than A-Z");
    char *wrong[] = {"REQUEST_METHOD=DELETE", "PATH_INFO=/game.gcg", NULL};
    struct fake_io f;
    cr_assert_eq(serve(wrong, SRV_GATEWAY_CGI, NULL, NULL, &f), 405);
    char v[64];
    cr_assert_str_eq(head_value(f.out, "Allow", v, sizeof v), "GET, HEAD");
    free(f.out);
}

Test(server_gateway, a_script_name_that_cannot_be_written_back)
{
    char *env[] = {"REQUEST_METHOD=GET", "SCRIPT_NAME=/c\"><script>",
                   "PATH_INFO=/", NULL};
    struct fake_io f;
    cr_assert_eq(serve(env, SRV_GATEWAY_CGI, NULL, NULL, &f), 400);
    cr_assert_null(strstr(f.out, "<script>"));
    cr_assert_not_null(strstr(f.out, "SCRIPT_NAME"));
    free(f.out);
}

Test(server_gateway, head_has_the_headers_and_no_body)
{
    char *env[] = {"REQUEST_METHOD=HEAD", "SCRIPT_NAME=/c", "PATH_INFO=/",
                   NULL};
    struct fake_io f;
    cr_assert_eq(serve(env, SRV_GATEWAY_CGI, NULL, NULL, &f), 200);
    char v[32];
    cr_assert_gt(atol(head_value(f.out, "Content-Length", v, sizeof v)), 1000);
    cr_assert_str_eq(body_of(f.out), "");
    free(f.out);
}

Test(server_gateway, static_files_and_their_etags)
{
    char *env[] = {"REQUEST_METHOD=GET", "SCRIPT_NAME=/c",
                   "PATH_INFO=/static/app.css", "HTTP_ACCEPT_ENCODING=gzip",
                   NULL};
    struct fake_io f;
    cr_assert_eq(serve(env, SRV_GATEWAY_CGI, NULL, NULL, &f), 200);
    char etag[64], v[64];
    cr_assert_not_null(head_value(f.out, "ETag", etag, sizeof etag));
    cr_assert_str_eq(head_value(f.out, "Content-Encoding", v, sizeof v),
                     "gzip");
    free(f.out);
    char inm[96];
    snprintf(inm, sizeof inm, "HTTP_IF_NONE_MATCH=%s", etag);
    char *again[] = {"REQUEST_METHOD=GET",
                     "SCRIPT_NAME=/c",
                     "PATH_INFO=/static/app.css",
                     "HTTP_ACCEPT_ENCODING=gzip",
                     inm,
                     NULL};
    cr_assert_eq(serve(again, SRV_GATEWAY_CGI, NULL, NULL, &f), 304);
    cr_assert_str_eq(body_of(f.out), "");
    free(f.out);
}

Test(server_gateway, the_base_check)
{
    char out[CLB_MAX_BASE_PATH + 1];
    cr_assert_null(srv_base_check("/", 1, out));
    cr_assert_str_eq(out, "");
    cr_assert_null(srv_base_check("/a/b/", 5, out));
    cr_assert_str_eq(out, "/a/b");
    cr_assert_not_null(srv_base_check("a", 1, out));
    cr_assert_not_null(srv_base_check("/a//b", 5, out));
    cr_assert_not_null(srv_base_check("/a/../b", 7, out));
    cr_assert_not_null(srv_base_check("/a b", 4, out));
    cr_assert_not_null(srv_base_check("/a?b", 4, out));
}

Test(server_gateway, the_path_under_a_base)
{
    struct clb_str base = {"/collabble", 10};
    struct clb_str p =
        srv_app_path(base, (struct clb_str){"/collabble/game", 15});
    cr_assert(p.len == 5 && memcmp(p.p, "/game", 5) == 0);
    p = srv_app_path(base, (struct clb_str){"/collabble", 10});
    cr_assert(p.len == 1 && p.p[0] == '/');
    p = srv_app_path(base, (struct clb_str){"/collabblex", 11});
    cr_assert_eq(p.len, 11);
    p = srv_app_path(base, (struct clb_str){"/game", 5});
    cr_assert_eq(p.len, 5);
}

Test(server_gateway, a_search_past_the_limit_is_a_503_with_retry_after)
{
    /* FastCGI's threads share the places for searches, as HTTP's do: with
     * the only place taken, a review is answered at once with 503. */
    static struct srv_app busy;
    srv_app_init(&busy, &ctx, 1);
    atomic_store(&busy.searching, 1u);
    char *env[] = {"REQUEST_METHOD=POST", "REQUEST_URI=/api/v1/review",
                   "CONTENT_LENGTH=2", "CONTENT_TYPE=application/json", NULL};
    struct fake_io f;
    memset(&f, 0, sizeof f);
    f.in = "{}";
    f.in_len = 2;
    struct srv_gateway_io io = {
        .cls = &f, .read = fake_read, .write = fake_write};
    cr_assert_eq(srv_gateway_serve(&busy, env, SRV_GATEWAY_FASTCGI, NULL, &io),
                 503);
    char v[16];
    cr_assert_str_eq(head_value(f.out, "Retry-After", v, sizeof v), "1");
    cr_assert_not_null(strstr(f.out, "\"code\":\"busy\""));
    free(f.out);
    /* A page costs no search: still answered. */
    char *page[] = {"REQUEST_METHOD=GET", "REQUEST_URI=/healthz", NULL};
    memset(&f, 0, sizeof f);
    cr_assert_eq(srv_gateway_serve(&busy, page, SRV_GATEWAY_FASTCGI, NULL, &io),
                 200);
    free(f.out);
}

Test(server_gateway, a_chunked_body_without_content_length_is_read_to_its_end)
{
    /* Apache passes a chunked request with no CONTENT_LENGTH and the body
     * to the end of standard input. */
    char *env[] = {"REQUEST_METHOD=POST", "PATH_INFO=/api/v1/games",
                   "HTTP_TRANSFER_ENCODING=chunked",
                   "CONTENT_TYPE=application/json", NULL};
    struct fake_io f;
    cr_assert_eq(serve(env, SRV_GATEWAY_CGI, NULL, "{\"seed\":\"x\"}", &f),
                 201);
    char *state = strstr(f.out, "\"state\":\"");
    cr_assert_not_null(state);
    /* The same game as the body with its length. */
    char *sized[] = {"REQUEST_METHOD=POST", "PATH_INFO=/api/v1/games",
                     "CONTENT_LENGTH=12", "CONTENT_TYPE=application/json",
                     NULL};
    struct fake_io g;
    cr_assert_eq(serve(sized, SRV_GATEWAY_CGI, NULL, "{\"seed\":\"x\"}", &g),
                 201);
    cr_assert(strncmp(state, strstr(g.out, "\"state\":\""), 30) == 0);
    free(f.out);
    free(g.out);
    /* One byte over the limit is refused. */
    char *big = malloc(CLB_MAX_BODY_BYTES + 2);
    cr_assert_not_null(big);
    memset(big, ' ', CLB_MAX_BODY_BYTES + 1);
    big[CLB_MAX_BODY_BYTES + 1] = '\0';
    cr_assert_eq(serve(env, SRV_GATEWAY_CGI, NULL, big, &f), 413);
    cr_assert_eq(f.in_pos, (size_t)CLB_MAX_BODY_BYTES + 1, "read %zu",
                 f.in_pos);
    free(f.out);
    free(big);
}

Test(server_gateway, an_escaped_dot_segment_is_refused)
{
    char *env[] = {"REQUEST_METHOD=GET", "SCRIPT_NAME=/c", "PATH_INFO=/healthz",
                   "REQUEST_URI=/c/x/%2e%2e/healthz", NULL};
    refused(env, NULL, 400, "escaped");
}
