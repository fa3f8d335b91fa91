/* tests/core/test_daily.c - the daily deal's rule (core/daily.h): a UTC
 * date's day number and seed, worked by hand; dates that are not dates;
 * and which games are recognised as a date's deal. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <string.h>

#include "../../core/daily.h"
#include "../../core/limits.h"

static int32_t parsed(const char *s)
{
    int32_t day = -1;
    cr_assert(core_daily_parse(s, strlen(s), &day), "%s", s);
    return day;
}

Test(core_daily, day_numbers_by_hand)
{
    cr_assert_eq(parsed("1970-01-01"), 0);
    /* 1970-03-01: January 31 + February 28 (1970 is not leap) = 59. */
    cr_assert_eq(parsed("1970-03-01"), 59);
    /* 2000-03-01: 30 years of 365 days + the leap days of 1972..1996 (7)
     * = 10,957 to 2000-01-01; + 31 + 29 (2000 is leap: divisible by 400)
     * = 11,017. */
    cr_assert_eq(parsed("2000-03-01"), 11017);
    /* 2026-12-01, the first daily deal: 56 years to 2026-01-01, with 14
     * leap days (1972..2024) = 20,454; + Jan..Nov 2026 (31 28 31 30 31 30
     * 31 31 30 31 30 = 334) = 20,788. */
    cr_assert_eq(parsed("2026-12-01"), 20788);
    cr_assert_eq(parsed("2026-12-01"), CLB_DAILY_FIRST_DAY);
    /* 2100-03-01: 2100 is not leap (divisible by 100, not by 400), so
     * 2100-02-28 + 1 = 2100-03-01: day of 2100-01-01 is 47,482 (130 years,
     * 32 leap days 1972..2096); + 31 + 28 = 47,541. */
    cr_assert_eq(parsed("2100-03-01"), 47541);
    cr_assert_eq(parsed("9999-12-31"), CLB_DAILY_LAST_DAY);
}

Test(core_daily, seeds_by_hand)
{
    /* The seed is 1,000,000,000 + the day number. */
    cr_assert_eq(core_daily_seed(parsed("2026-12-01")), 1000020788u);
    cr_assert_eq(core_daily_seed(parsed("2026-12-02")), 1000020789u);
    /* The last representable day stays below 2^30 = 1,073,741,824. */
    cr_assert_lt(core_daily_seed(CLB_DAILY_LAST_DAY), 1u << CLB_SEED_BITS);
}

Test(core_daily, formats_back)
{
    char out[CORE_DAILY_DATE_LEN + 1];
    static const char *dates[] = {"1970-01-01", "2024-02-29", "2026-12-01",
                                  "2026-12-31", "2100-02-28", "9999-12-31"};
    for (size_t i = 0; i < sizeof dates / sizeof dates[0]; i++) {
        core_daily_format(parsed(dates[i]), out);
        cr_assert_str_eq(out, dates[i]);
    }
    /* Every day of 1970..2110 formats and reads back to itself. */
    for (int32_t d = 0; d < 51500; d++) {
        core_daily_format(d, out);
        cr_assert_eq(parsed(out), d, "%s", out);
    }
}

Test(core_daily, refuses_what_is_not_a_date)
{
    static const char *bad[] = {
        "2026-02-29", /* 2026 is not leap */
        "2100-02-29", /* nor is 2100 */
        "2026-04-31", /* April has 30 days */
        "2026-13-01", "2026-00-10",  "2026-12-00", "1969-12-31", "2026-1-01",
        "2026/12/01", "2026-12-01x", "20261201",   "+026-12-01", "",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int32_t day = 7;
        cr_assert_not(core_daily_parse(bad[i], strlen(bad[i]), &day), "%s",
                      bad[i]);
        cr_assert_eq(day, 7);
    }
}

Test(core_daily, day_of_unix_time)
{
    /* 2026-12-01T00:00:00Z is 20,788 x 86,400 = 1,796,083,200 s. */
    cr_assert_eq(core_daily_day_of(1796083200), 20788);
    cr_assert_eq(core_daily_day_of(1796083199), 20787);
    cr_assert_eq(core_daily_day_of(1796083200 + 86399), 20788);
    cr_assert_eq(core_daily_day_of(-1), -1);
}

static struct core_history seeded(uint32_t seed)
{
    struct core_history h;
    memset(&h, 0, sizeof h);
    h.start = CORE_START_SEED;
    h.seed = seed;
    return h;
}

Test(core_daily, recognises_a_dates_deal_and_nothing_else)
{
    int32_t today = 20790, day = -1; /* 2026-12-03 */
    struct core_history h = seeded(1000020788u);
    cr_assert(core_daily_of(&h, today, &day));
    cr_assert_eq(day, 20788);
    /* Tomorrow's deal is recognised (a partner's clock a little ahead),
     * the day after is not yet. */
    h = seeded(1000020791u);
    cr_assert(core_daily_of(&h, today, &day));
    cr_assert_eq(day, 20791);
    h = seeded(1000020792u);
    cr_assert_not(core_daily_of(&h, today, &day));
    /* Before the first daily deal, a plain seed, a classic start. */
    h = seeded(1000020787u);
    cr_assert_not(core_daily_of(&h, today, &day));
    h = seeded(1478493u); /* the seed text "docs" */
    cr_assert_not(core_daily_of(&h, today, &day));
    h = seeded(1000020788u);
    h.start = CORE_START_POSITION;
    cr_assert_not(core_daily_of(&h, today, &day));
}
