/* core/daily.h - the daily deal: which seed a UTC date deals, and which
 * date's deal a game is.
 *
 * The seed of date D is CLB_DAILY_SEED_BASE + D's day number, the days
 * from 1970-01-01 to D (core/limits.h), so anybody can check a daily
 * link's seed by hand (docs/RULES.md, "The daily deal"). A game is the deal of
 * D when it was dealt from that seed: nothing else is trusted, since the
 * same seed deals the same racks whoever made the link. Pure: no clock
 * (the caller gives today's day number), no I/O.
 */
/* SPDX-License-Identifier: MIT */
#ifndef CORE_DAILY_H
#define CORE_DAILY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "history.h"

/* "2026-12-01": ten characters. */
#define CORE_DAILY_DATE_LEN 10

/* The day number (days since 1970-01-01) of `unix_seconds`, in UTC. */
int32_t core_daily_day_of(int64_t unix_seconds);

/* Reads a date written YYYY-MM-DD (exactly CORE_DAILY_DATE_LEN bytes, a
 * real day from 1970-01-01 to 9999-12-31) into its day number. False for
 * anything else. */
bool core_daily_parse(const char *s, size_t len, int32_t *day);

/* Writes day (0..CLB_DAILY_LAST_DAY) as YYYY-MM-DD, NUL-terminated. */
void core_daily_format(int32_t day, char out[CORE_DAILY_DATE_LEN + 1]);

/* The seed of day's deal: CLB_DAILY_SEED_BASE + day. */
uint32_t core_daily_seed(int32_t day);

/* True when h is a daily deal: dealt from a seed (not a classic
 * position) that is the seed of a day from CLB_DAILY_FIRST_DAY to
 * today + 1 (a partner's server whose clock is a little ahead may already
 * deal tomorrow's); *day is that day. */
bool core_daily_of(const struct core_history *h, int32_t today, int32_t *day);

#endif
