#!/usr/bin/env bash
# tests/scripts/run_elsewhere.sh - scripts/run.sh started from another
# folder passes the server paths relative to that folder:
# `../tree/scripts/run.sh --lexicon tiny.txt:tiny` run where tiny.txt is
# loads it (the script used to change into the source tree, where the file
# is not, and the server stopped with exit 3).
#
#   tests/scripts/run_elsewhere.sh SOURCE_DIR COLLABBLE
#
# The script runs as it is, copied into a scratch tree where
# scripts/deps.sh and cmake are stand-ins that do nothing and
# build/server/collabble is COLLABBLE, so no install and no build happen.
set -uo pipefail
src=$(cd "$1" && pwd)
server=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
tmp=$(mktemp -d)
pid=
cleanup() {
    [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
mkdir -p "$tmp/tree/scripts" "$tmp/tree/build/server" "$tmp/bin" "$tmp/elsewhere"
cp "$src/scripts/run.sh" "$tmp/tree/scripts/run.sh"
printf '#!/bin/sh\nexit 0\n' >"$tmp/tree/scripts/deps.sh"
printf '#!/bin/sh\nexit 0\n' >"$tmp/bin/cmake"
chmod +x "$tmp/bin/cmake"
ln -s "$server" "$tmp/tree/build/server/collabble"
printf 'cat\ndog\nqi\n' >"$tmp/elsewhere/tiny.txt"

cd "$tmp/elsewhere" || exit 1
PATH="$tmp/bin:$PATH" bash ../tree/scripts/run.sh --port 0 --bind 127.0.0.1 \
    --lexicon tiny.txt:tiny >"$tmp/out" 2>&1 &
pid=$!
for _ in $(seq 1 300); do
    grep -q 'listening on' "$tmp/out" && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
done
if grep -q "listening on" "$tmp/out" && grep -q "lexicon.*tiny" "$tmp/out"; then
    grep "lexicon" "$tmp/out"
    echo "run_elsewhere: the server loaded ./tiny.txt from the caller's folder: passed"
    exit 0
fi
cat "$tmp/out"
echo "run_elsewhere: FAILED (scripts/run.sh --lexicon tiny.txt, run from another folder, did not start the server with it)"
exit 1
