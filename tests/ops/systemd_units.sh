#!/usr/bin/env bash
# tests/ops/systemd_units.sh - the two documented units are one: the
# template docs/systemd/collabble@.service (a process a port) has every
# directive of docs/systemd/collabble.service, in the same order, and
# differs only in its Description and in ExecStart's port, which is the
# instance name (%i). So a hardening added to one and not the other fails
# here. (Each is rated by tests/ops/systemd_security.sh.)
#
#   tests/ops/systemd_units.sh SYSTEMD_DIR
set -uo pipefail
dir=$1
fail() {
    echo "systemd_units: FAILED ($*)"
    exit 1
}
# The directives and sections, without comments or blank lines.
directives() { grep -v '^[[:space:]]*\(#\|$\)' "$1"; }
one=$(directives "$dir/collabble.service") || fail "no collabble.service"
tpl=$(directives "$dir/collabble@.service") || fail "no collabble@.service"
grep -qx 'ExecStart=/usr/local/bin/collabble .*--port %i\( .*\)\{0,1\}' <<<"$tpl" ||
    fail "the template's ExecStart does not take its port from the instance name (--port %i)"
grep -q '^Description=.*%i' <<<"$tpl" || fail "the template's Description does not name its port"
# The template with its two lines made the single unit's is the single unit.
made=$(sed -e "s|^Description=.*|$(grep '^Description=' <<<"$one")|" \
    -e "s|^ExecStart=.*|$(grep '^ExecStart=' <<<"$one")|" <<<"$tpl")
if [ "$made" != "$one" ]; then
    diff <(printf '%s\n' "$one") <(printf '%s\n' "$made")
    fail "collabble@.service differs from collabble.service in more than Description and ExecStart"
fi
[ "$(sed 's/--port %i/--port 8080/' <<<"$(grep '^ExecStart=' <<<"$tpl")")" = "$(grep '^ExecStart=' <<<"$one")" ] ||
    fail "the two ExecStart lines differ in more than the port"
echo "systemd_units: the template is collabble.service but for its port: passed"
