/* tests/server/test_strict.c - the start-up guard of the request-head rules
 * (server/strict_check.h): the library version compared, and the
 * self-test, which must pass with the real rules on this libmicrohttpd and
 * fail, naming the head, with rules that let a bad head through or refuse
 * a good one.
 */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <string.h>

#include "strict.h"
#include "strict_check.h"

Test(server_strict_version, the_checked_version_passes)
{
    char why[256] = "untouched";
    cr_assert(srv_strict_version_ok("0.9.75", NULL, why, sizeof why));
    cr_assert_str_eq(why, "untouched");
    /* The library this build runs on. */
    cr_assert(srv_strict_version_ok(MHD_get_version(), NULL, why, sizeof why),
              "%s", why);
}

Test(server_strict_version, another_version_is_refused_in_one_line)
{
    static const char *const others[] = {"0.9.76",  "0.9.74",  "0.9.7",
                                         "0.9.750", "1.0.0",   "0.9.75 ",
                                         "",        "0.9.75.1"};
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        char why[256] = "";
        cr_assert_not(srv_strict_version_ok(others[i], NULL, why, sizeof why),
                      "'%s' passed", others[i]);
        cr_assert_not_null(strstr(why, "is not 0.9.75"), "%s", why);
        cr_assert_null(strchr(why, '\n'), "one line: %s", why);
    }
    char why[256];
    cr_assert_not(srv_strict_version_ok("0.9.76", NULL, why, sizeof why));
    cr_assert_not_null(strstr(why, "libmicrohttpd 0.9.76 is not 0.9.75"), "%s",
                       why);
    cr_assert_not_null(strstr(why, "--allow-libmicrohttpd 0.9.76"), "%s", why);
    cr_assert_not(srv_strict_version_ok(NULL, NULL, why, sizeof why));
    cr_assert_not(srv_strict_version_ok("0.9.76", NULL, NULL, 0));
}

Test(server_strict_version, only_the_version_named_is_allowed)
{
    char why[256];
    cr_assert(srv_strict_version_ok("0.9.76", "0.9.76", why, sizeof why));
    cr_assert(srv_strict_version_ok("0.9.75", "0.9.76", why, sizeof why));
    cr_assert_not(srv_strict_version_ok("0.9.77", "0.9.76", why, sizeof why));
    cr_assert_not(srv_strict_version_ok("0.9.7", "0.9.76", why, sizeof why));
}

Test(server_strict_self_test, passes_with_the_rules_on_this_library)
{
    char why[256] = "";
    cr_assert(srv_strict_self_test(why, sizeof why), "%s", why);
    cr_assert_eq(srv_strict_self_test_bad_heads(), 22);
    cr_assert_eq(srv_strict_self_test_good_heads(), 6);
}

static const char *accept_all(struct MHD_Connection *conn, const char *method,
                              const char *version)
{
    (void)conn;
    (void)method;
    (void)version;
    return NULL;
}

static const char *refuse_all(struct MHD_Connection *conn, const char *method,
                              const char *version)
{
    (void)conn;
    (void)method;
    (void)version;
    return "refused";
}

/* The real rules but one: two Host headers let through, as a library that
 * merged repeated headers would make them. */
static const char *two_hosts_pass(struct MHD_Connection *conn,
                                  const char *method, const char *version)
{
    const char *bad = srv_strict_head(conn, method, version);
    if (bad != NULL && strstr(bad, "more than one Host") != NULL)
        return NULL;
    return bad;
}

/* The real rules but a bare LF ending the request line let through. */
static const char *bare_lf_passes(struct MHD_Connection *conn,
                                  const char *method, const char *version)
{
    const char *bad = srv_strict_head(conn, method, version);
    if (bad != NULL && strstr(bad, "request line ends in a bare LF") != NULL)
        return NULL;
    return bad;
}

Test(server_strict_self_test, fails_when_a_bad_head_gets_through)
{
    char why[256] = "";
    cr_assert_not(srv_strict_self_test_with(accept_all, why, sizeof why));
    cr_assert_not_null(strstr(why, "was accepted, not refused"), "%s", why);
    cr_assert_not_null(strstr(why, "libmicrohttpd 0.9.75"), "%s", why);

    cr_assert_not(srv_strict_self_test_with(two_hosts_pass, why, sizeof why));
    cr_assert_str_eq(why, "the request-head self-test failed on libmicrohttpd "
                          "0.9.75: a head with two Hosts was accepted, not "
                          "refused");

    /* The first head with a bare LF after the request line. */
    cr_assert_not(srv_strict_self_test_with(bare_lf_passes, why, sizeof why));
    cr_assert_not_null(
        strstr(why, "a head with bare LF everywhere was accepted"), "%s", why);
}

Test(server_strict_self_test, fails_when_a_good_head_is_refused)
{
    char why[256] = "";
    cr_assert_not(srv_strict_self_test_with(refuse_all, why, sizeof why));
    cr_assert_str_eq(why, "the request-head self-test failed on libmicrohttpd "
                          "0.9.75: a sound head (a plain GET) was refused, "
                          "not served");
    cr_assert_null(strchr(why, '\n'));
}
