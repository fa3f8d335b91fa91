#!/usr/bin/env bash
# tests/ops/systemd_security.sh - the documented systemd unit is hardened:
# `systemd-analyze security --offline=yes` must rate it at most MAX (the
# exposure scale runs from 0.0, everything locked away, to 10.0), and
# `systemd-analyze verify` must find nothing wrong with its directives or
# its dependencies (run on a copy whose Exec lines start /bin/true, as the
# installed binary is not here).
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
# `systemd-analyze verify` loads the unit as systemd would and reports what
# it cannot use (an unknown key or value, a bad dependency, a missing
# executable). It exits 0 on a mere warning, so any line it prints about the
# unit fails the test. The unit names its installed binary, which this
# machine lacks: verify a copy whose Exec lines start /bin/true instead.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
copy=$scratch/$(basename "$unit")
sed -E 's#^(Exec[A-Za-z]*=[-@:+!]*)/[^ ]+#\1/bin/true#' "$unit" >"$copy"
verify_status=0
verify=$(systemd-analyze verify --no-pager "$copy" 2>&1) || verify_status=$?
verify_bad=$(printf '%s\n' "$verify" | grep -F "$(basename "$unit")" || true)
if [ "$verify_status" -ne 0 ] || [ -n "$verify_bad" ]; then
    printf '%s\n' "$verify"
    echo "systemd_security: FAILED (systemd-analyze verify refuses the unit, status $verify_status)"
    exit 1
fi
if awk -v l="$level" -v m="$max" 'BEGIN { exit !(l + 0 <= m + 0) }'; then
    echo "systemd_security: exposure $level (at most $max), verify clean: passed"
else
    echo "systemd_security: FAILED (exposure $level, more than $max)"
    exit 1
fi
