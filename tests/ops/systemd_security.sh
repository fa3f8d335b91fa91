#!/usr/bin/env bash
# tests/ops/systemd_security.sh - the documented systemd unit is hardened:
# `systemd-analyze security --offline=yes` must rate it at most MAX (the
# exposure scale runs from 0.0, everything locked away, to 10.0), and
# `systemd-analyze verify` must find nothing wrong with its directives.
#
#   tests/ops/systemd_security.sh UNIT [MAX]
set -euo pipefail
unit=$1
max=${2:-2.0}
if ! command -v systemd-analyze >/dev/null; then
    echo "systemd_security: FAILED (systemd-analyze is missing; scripts/deps.sh test installs systemd)"
    exit 1
fi
out=$(systemd-analyze security --offline=yes --no-pager "$unit" 2>&1) || true
level=$(printf '%s\n' "$out" | sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p')
if [ -z "$level" ]; then
    printf '%s\n' "$out"
    echo "systemd_security: FAILED (no exposure level in systemd-analyze's output)"
    exit 1
fi
# Directives systemd does not know are warnings on stderr, not a lower
# rating: refuse them too, so a typo cannot pass as hardening. The missing
# binary is expected (the unit names its installed path).
bad=$(printf '%s\n' "$out" | grep -E 'Unknown (key|section)|Failed to parse|Invalid' || true)
if [ -n "$bad" ]; then
    printf '%s\n' "$bad"
    echo "systemd_security: FAILED (the unit has directives systemd refuses)"
    exit 1
fi
printf '%s\n' "$out" | grep -E '^✗' || true
if awk -v l="$level" -v m="$max" 'BEGIN { exit !(l + 0 <= m + 0) }'; then
    echo "systemd_security: exposure $level (at most $max): passed"
else
    echo "systemd_security: FAILED (exposure $level, more than $max)"
    exit 1
fi
