#!/usr/bin/env bash
# bench/server_memory.sh - the collabble server's resident memory with
# SOWPODS and its word graph, beside the same server with a three-word
# lexicon measured in the same run (the baseline: everything but the
# lexicon). Target (issue 9): the whole server under 16 MB resident.
# SPDX-License-Identifier: MIT
#
# Usage: bench/server_memory.sh   (needs cmake, curl, and `npm ci` done)
# Environment: BENCH_BUILD_DIR (default build-bench, a Release build),
# BENCH_REQUESTS (200: /api/v1/plays requests on a midgame position, and as
# many page renders, before the second reading).
#
# Memory is VmRSS from /proc/PID/status: once the server listens, and after
# the requests (the move generator's buffers live on the handler threads'
# stacks, so they show there); VmHWM is the peak.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BENCH_BUILD_DIR:-$ROOT/build-bench}
REQUESTS=${BENCH_REQUESTS:-200}
for tool in cmake curl; do
  command -v "$tool" >/dev/null || { echo "server_memory: $tool not found" >&2; exit 1; }
done

cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DCLB_SANITIZE=OFF >/dev/null
cmake --build "$BUILD" -j2 --target collabble collabble-cli clb_lexicon >/dev/null
BIN=$BUILD/server/collabble
CLI=$BUILD/tools/collabble-cli
TMP=$(mktemp -d)
PID=
cleanup() { [ -n "$PID" ] && kill "$PID" 2>/dev/null; rm -rf "$TMP"; }
trap cleanup EXIT

# Starts the server with the given arguments; sets PID and PORT.
start() {
  "$BIN" --port 0 "$@" 2>"$TMP/log" &
  PID=$!
  for _ in $(seq 1 200); do
    PORT=$(sed -n 's/^collabble: listening on http:\/\/127\.0\.0\.1:\([0-9]*\)$/\1/p' "$TMP/log")
    [ -n "$PORT" ] && curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && return 0
    sleep 0.05
  done
  echo "server_memory: the server did not start" >&2; cat "$TMP/log" >&2; exit 1
}
stop() { kill "$PID"; wait "$PID" 2>/dev/null || true; PID=; }
kib() { sed -n "s/^$1:[[:space:]]*\([0-9]*\) kB$/\1/p" "/proc/$PID/status"; }

# A midgame position: twelve turns of best plays from a seeded game.
S=$("$CLI" new server-memory)
for _ in $(seq 1 12); do
  move=$("$CLI" plays "$S" 1 | sed -n '2s/^[^{]*//p')
  [ -n "$move" ] || move=pass
  S=$("$CLI" play "$S" "$move" 2>/dev/null)
done
printf '{"state":"%s","limit":1000}' "$S" >"$TMP/plays.json"

load() {
  for _ in $(seq 1 "$REQUESTS"); do
    curl -s -o /dev/null -d @"$TMP/plays.json" "http://127.0.0.1:$PORT/api/v1/plays"
    curl -s -o /dev/null "http://127.0.0.1:$PORT/?s=$S"
  done
}

start
sow_idle=$(kib VmRSS)
load
sow_busy=$(kib VmRSS)
sow_peak=$(kib VmHWM)
total=$(curl -s -d @"$TMP/plays.json" "http://127.0.0.1:$PORT/api/v1/plays" | sed -n 's/.*"total":\([0-9]*\).*/\1/p')
stop

printf 'AT\nTA\nCAT\n' >"$TMP/tiny.txt"
start --lexicon "$TMP/tiny.txt:tiny"
tiny_idle=$(kib VmRSS)
stop

printf 'collabble server resident memory (VmRSS, KiB; Release build)\n'
printf '  with SOWPODS and its graph   %6d idle after start\n' "$sow_idle"
printf '                               %6d after %d /plays (%s plays, limit 1000) and %d pages; peak %d\n' \
  "$sow_busy" "$REQUESTS" "$total" "$REQUESTS" "$sow_peak"
printf '  baseline: a 3-word lexicon   %6d idle after start\n' "$tiny_idle"
printf '  the lexicon'"'"'s share          %6d (%.2fx the baseline server)\n' \
  "$((sow_idle - tiny_idle))" "$(awk -v a="$sow_idle" -v b="$tiny_idle" 'BEGIN { print a / b }')"
printf '  target: under 16384 KiB; %s\n' \
  "$([ "$sow_busy" -lt 16384 ] && echo met || echo MISSED)"
