/* tests/server/test_router.c - the one route table (server/router.c), walked:
 * every route answers each method it takes with its handler and the others
 * with 405 and an Allow header that lists exactly what it takes; only the
 * review and the list of plays search, never for a HEAD; every route is
 * its own metrics label; anything else is 404, "/static/" a file or 404.
 */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <string.h>

#include "../../server/metrics.h"
#include "../../server/respond.h"
#include "../../server/router.h"
#include "test_support.h"

static struct srv_context ctx;

static void setup(void)
{
    ts_sowpods_context(&ctx);
}

static void teardown(void)
{
    ts_context_free(&ctx);
}

TestSuite(server_router, .init = setup, .fini = teardown);

/* The status a request gets from its route's handler. */
static int status_of(const char *method, const char *path, bool head)
{
    static char mem[CLB_RESPONSE_INITIAL_BYTES];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, CLB_MAX_RESPONSE_BYTES);
    struct srv_response resp;
    memset(&resp, 0, sizeof resp);
    resp.body = &b;
    struct srv_request req = {.ctx = &ctx,
                              .method = method,
                              .path = {path, strlen(path)},
                              .query = {"", 0},
                              .body = {"", 0},
                              .head = head,
                              .host = "t"};
    struct srv_route r;
    srv_route(&req, &r);
    cr_assert((r.handler != NULL) != (r.asset != NULL), "%s %s", method, path);
    if (r.asset != NULL) {
        out_free(&b);
        return 200;
    }
    r.handler(&req, &resp);
    out_free(&b);
    return resp.status;
}

Test(server_router, every_route_takes_its_methods_and_says_so_when_not)
{
    static const char *const methods[] = {"GET", "POST", "PUT", "DELETE",
                                          "PATCH"};
    for (size_t i = 0; i < SRV_ROUTE_COUNT; i++) {
        const char *path = srv_route_path(i);
        unsigned takes = srv_route_methods(i);
        cr_assert_neq(takes, 0u, "%s takes no method", path);
        struct clb_str p = {path, strlen(path)};
        cr_assert_eq(srv_route_index(p), i, "%s", path);
        /* Allow names exactly what the table says. */
        const char *allow = srv_route_allow(p);
        cr_assert_eq(strstr(allow, "GET") != NULL,
                     (takes & SRV_METHOD_GET) != 0, "%s: %s", path, allow);
        cr_assert_eq(strstr(allow, "HEAD") != NULL,
                     (takes & SRV_METHOD_GET) != 0, "%s: %s", path, allow);
        cr_assert_eq(strstr(allow, "POST") != NULL,
                     (takes & SRV_METHOD_POST) != 0, "%s: %s", path, allow);
        for (size_t m = 0; m < sizeof methods / sizeof *methods; m++) {
            unsigned bit = m == 0   ? SRV_METHOD_GET
                           : m == 1 ? SRV_METHOD_POST
                                    : 0;
            int st = status_of(methods[m], path, false);
            if ((takes & bit) == 0)
                cr_assert_eq(st, 405, "%s %s answered %d", methods[m], path,
                             st);
            else
                cr_assert_neq(st, 405, "%s %s answered 405", methods[m], path);
        }
        /* The metrics label of a route is its path. */
        cr_assert_str_eq(srv_metrics_route_label(p), path);
    }
}

Test(server_router, only_the_review_and_the_plays_search_and_never_for_head)
{
    for (size_t i = 0; i < SRV_ROUTE_COUNT; i++) {
        const char *path = srv_route_path(i);
        bool searches = srv_route_search_methods(i) != 0;
        bool expected = strcmp(path, "/game/review") == 0 ||
                        strcmp(path, "/api/v1/review") == 0 ||
                        strcmp(path, "/api/v1/plays") == 0;
        cr_assert_eq(searches, expected, "%s", path);
        cr_assert_eq(srv_route_search_methods(i) & ~srv_route_methods(i), 0u,
                     "%s searches for a method it does not take", path);
        struct srv_request req = {.ctx = &ctx,
                                  .method = "GET",
                                  .path = {path, strlen(path)},
                                  .head = true};
        struct srv_route r;
        srv_route(&req, &r);
        cr_assert_not(r.searches, "HEAD %s searches", path);
    }
}

Test(server_router, the_rest_is_404_and_static_files_are_files)
{
    cr_assert_eq(status_of("GET", "/nowhere", false), 404);
    cr_assert_eq(status_of("GET", "/api/v1/nowhere", false), 404);
    cr_assert_eq(status_of("POST", "/api", false), 404);
    cr_assert_eq(status_of("GET", "/static/app.js", false), 200);
    cr_assert_eq(status_of("GET", "/static/none.js", false), 404);
    cr_assert_eq(status_of("POST", "/static/app.js", false), 405);
    struct clb_str stat = {"/static/app.js", 14}, other = {"/x", 2};
    cr_assert_str_eq(srv_metrics_route_label(stat), "/static/*");
    cr_assert_str_eq(srv_metrics_route_label(other), "other");
    /* POST /daily (issue: it answered 405 with Allow: GET, HEAD, POST). */
    struct clb_str daily = {"/daily", 6};
    cr_assert_str_eq(srv_route_allow(daily), "GET, HEAD");
    cr_assert_eq(status_of("POST", "/daily", false), 405);
}
