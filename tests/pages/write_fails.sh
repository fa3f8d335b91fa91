#!/usr/bin/env bash
# tests/pages/write_fails.sh - a run of server_pages with COLLABBLE_WRITE_PAGES
# set writes the page references and fails: it writes every page, exactly
# the committed references (the renderers have not changed), and every
# test of that run fails, so it can never be taken for a passing run.
# Usage: write_fails.sh PATH_TO_server_pages REFERENCE_DIR SCRATCH_DIR
set -uo pipefail
bin=$1 refs=$2 out=$3
rm -rf "$out"
mkdir -p "$out"
log="$out.log"
COLLABBLE_WRITE_PAGES="$out" "$bin" --jobs 2 >"$log" 2>&1
status=$?
fail=0
no() { echo "FAIL: $*" >&2; fail=1; }
[ "$status" -ne 0 ] || no "the writing run exited 0"
grep -q 'Passing: 0 ' "$log" || no "a test of the writing run passed"
grep -q 'not compared (COLLABBLE_WRITE_PAGES is set)' "$log" ||
    no "the writing run does not say that it compared nothing"
grep -q 'Crashing: 0 ' "$log" || no "the writing run crashed"
# The references are the directory's .html and .json files (beside them
# are the links they are made from).
nref=0
for ref in "$refs"/*.html "$refs"/*.json; do
    nref=$((nref + 1))
    cmp "$ref" "$out/${ref##*/}" >&2 || no "${ref##*/} written differs or is missing"
done
nout=$(find "$out" -maxdepth 1 -type f | wc -l)
[ "$nref" -eq "$nout" ] || no "$nout pages written, $nref references"
if [ "$fail" -ne 0 ]; then
    sed 's/^/  server_pages: /' "$log" | tail -n 20 >&2
    exit 1
fi
echo "write_fails: the writing run failed (status $status) and wrote the $nout references"
