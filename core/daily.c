/* core/daily.c - dates and the daily deal's seeds (daily.h). The calendar
 * is the proleptic Gregorian one, counted from 1970-01-01 (day 0). */
/* SPDX-License-Identifier: MIT */
#include "daily.h"

#include "limits.h"

static_assert((int64_t)CLB_DAILY_SEED_BASE + CLB_DAILY_LAST_DAY <
                  (INT64_C(1) << CLB_SEED_BITS),
              "every daily seed must fit a v2 link's seed field");

/* Days in 400 Gregorian years, and from 0000-03-01 to 1970-01-01. */
#define DAYS_PER_400Y 146097
#define DAYS_0000_03_TO_1970 719468

int32_t core_daily_day_of(int64_t unix_seconds)
{
    int64_t d = unix_seconds / 86400;
    if (unix_seconds % 86400 < 0)
        d--;
    return (int32_t)d;
}

/* Years are counted from March, so that February, with its leap day, is
 * the last month of a year and every month's first day is a fixed number
 * of days into the year: (153 x month-from-March + 2) / 5. */
static int32_t day_number(int y, int m, int d)
{
    if (m <= 2)
        y--;
    int era = y / 400; /* y >= 1969: never negative */
    int yoe = y - era * 400;
    int doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * DAYS_PER_400Y + doe - DAYS_0000_03_TO_1970;
}

static void civil_date(int32_t day, int *y, int *m, int *d)
{
    int32_t z = day + DAYS_0000_03_TO_1970;
    int era = z / DAYS_PER_400Y;
    int doe = z - era * DAYS_PER_400Y;
    int yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int mp = (5 * doy + 2) / 153;
    *d = doy - (153 * mp + 2) / 5 + 1;
    *m = mp < 10 ? mp + 3 : mp - 9;
    *y = yoe + era * 400 + (*m <= 2);
}

static bool digits(const char *s, int n, int *out)
{
    int v = 0;
    for (int i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return true;
}

bool core_daily_parse(const char *s, size_t len, int32_t *day)
{
    int y, m, d;
    if (len != CORE_DAILY_DATE_LEN || s[4] != '-' || s[7] != '-' ||
        !digits(s, 4, &y) || !digits(s + 5, 2, &m) || !digits(s + 8, 2, &d))
        return false;
    if (y < 1970 || m < 1 || m > 12 || d < 1 || d > 31)
        return false;
    /* A day past its month's end (2026-02-30) comes back as another date. */
    int32_t n = day_number(y, m, d);
    int y2, m2, d2;
    civil_date(n, &y2, &m2, &d2);
    if (y2 != y || m2 != m || d2 != d)
        return false;
    *day = n;
    return true;
}

void core_daily_format(int32_t day, char out[CORE_DAILY_DATE_LEN + 1])
{
    int y, m, d;
    civil_date(day, &y, &m, &d);
    int v[3] = {y, m, d}, w[3] = {4, 2, 2}, at = 0;
    for (int i = 0; i < 3; i++) {
        for (int k = w[i] - 1; k >= 0; k--) {
            out[at + k] = (char)('0' + v[i] % 10);
            v[i] /= 10;
        }
        at += w[i];
        if (i < 2)
            out[at++] = '-';
    }
    out[CORE_DAILY_DATE_LEN] = '\0';
}

uint32_t core_daily_seed(int32_t day)
{
    return (uint32_t)CLB_DAILY_SEED_BASE + (uint32_t)day;
}

bool core_daily_of(const struct core_history *h, int32_t today, int32_t *day)
{
    if (h->start != CORE_START_SEED || h->seed < (uint32_t)CLB_DAILY_SEED_BASE)
        return false;
    int64_t n = (int64_t)h->seed - CLB_DAILY_SEED_BASE;
    if (n < CLB_DAILY_FIRST_DAY || n > CLB_DAILY_LAST_DAY ||
        n > (int64_t)today + 1)
        return false;
    *day = (int32_t)n;
    return true;
}
