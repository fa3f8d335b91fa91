#!/usr/bin/env bash
# bench/server_bench.sh - requests per second of the collabble server, with
# wrk, for (a) the page of a late-game link, (b) a move through the JSON
# API and (c) a static file of the same size as (a)'s page, all in one run
# on one Release build; prints (a)/(c) and (b)/(c), the lexicon's load
# time and the server's resident memory.
# SPDX-License-Identifier: MIT
#
# Usage: bench/server_bench.sh    (from anywhere; needs cmake, node, wrk,
#                                  curl, and `npm ci` done)
# Environment: BENCH_BUILD_DIR (default build-bench), BENCH_DURATION
# seconds per run (5), BENCH_ROUNDS (3: the three runs are interleaved
# this many times and each figure is the median, which keeps a burst of
# other load on the machine from skewing one ratio), BENCH_CONNECTIONS
# (32), BENCH_THREADS (wrk threads, 2), BENCH_SEED (the bot game's seed).
#
# (c) needs a file the server serves exactly as it serves static/, so the
# Release build embeds one more directory (CLB_STATIC_EXTRA_DIR, a cache
# option meant for this script only) holding bench-pad.html, padded to the
# byte size of (a)'s page. The size is only known once the page renders, so
# the script builds, renders (a), writes the pad, and builds again (only
# the embedded-assets file recompiles).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BENCH_BUILD_DIR:-$ROOT/build-bench}
DURATION=${BENCH_DURATION:-5}
ROUNDS=${BENCH_ROUNDS:-3}
CONNECTIONS=${BENCH_CONNECTIONS:-32}
THREADS=${BENCH_THREADS:-2}
SEED=${BENCH_SEED:-bench-late-game}
PAD_DIR=$BUILD/bench-static
DATA=$BUILD/bench-data
WRK=${WRK:-wrk}

for tool in cmake node curl "$WRK"; do
  command -v "$tool" >/dev/null || { echo "server_bench: $tool not found" >&2; exit 1; }
done
[ -f "$ROOT/node_modules/lz-string/package.json" ] ||
  { echo "server_bench: run 'npm ci' in $ROOT first" >&2; exit 1; }

mkdir -p "$PAD_DIR" "$DATA"

build() {
  cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DCLB_TESTS=OFF \
        -DCLB_SANITIZE=OFF -DCLB_STATIC_EXTRA_DIR="$PAD_DIR" >/dev/null
  cmake --build "$BUILD" -j"$(nproc)" >/dev/null
}

PID=
PORT=
LOG=$DATA/server.log
start_server() {
  : >"$LOG"
  "$BUILD/server/collabble" --port 0 2>"$LOG" &
  PID=$!
  for _ in $(seq 1 200); do
    PORT=$(sed -n 's/^collabble: listening on http:\/\/127\.0\.0\.1:\([0-9]*\)$/\1/p' "$LOG")
    [ -n "$PORT" ] && curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && return 0
    sleep 0.05
  done
  echo "server_bench: the server did not start:" >&2
  cat "$LOG" >&2
  exit 1
}
stop_server() {
  if [ -n "$PID" ]; then
    kill -TERM "$PID" 2>/dev/null || true
    wait "$PID" 2>/dev/null || true
    PID=
  fi
}
trap stop_server EXIT

rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$PID/status"; }

echo "== building $BUILD (Release)"
build
start_server

# A late-game position: a bot plays a seeded game through the API until the
# bag is nearly empty; its next move is (b)'s request.
echo "== playing a game to a late position (seed '$SEED')"
BENCH_URL="http://127.0.0.1:$PORT" BENCH_SEED="$SEED" BENCH_OUT="$DATA" \
BENCH_BOT="$ROOT/tests/http/bot.mjs" node --input-type=module - <<'EOF'
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const { playGame, chooseMove } = await import(pathToFileURL(process.env.BENCH_BOT));
const bag = (g) => Object.values(g.bag).reduce((a, b) => a + b, 0);
const { state, game, moves } = await playGame(process.env.BENCH_URL, process.env.BENCH_SEED,
  (g) => bag(g) <= 8);
const out = process.env.BENCH_OUT;
writeFileSync(`${out}/page-query.txt`, `s=${encodeURIComponent(state)}`);
writeFileSync(`${out}/move.json`, JSON.stringify({ state, move: chooseMove(game) }));
const tiles = game.board.flat().filter((c) => c !== '.').length;
console.log(`   ${moves.length} moves, ${tiles} tiles on the board, ${bag(game)} in the bag, ` +
  `score ${game.score}, state ${state.length} bytes`);
EOF

PAGE_URL="http://127.0.0.1:$PORT/?$(cat "$DATA/page-query.txt")"
PAGE_BYTES=$(curl -s -o "$DATA/page.html" -w '%{size_download}' "$PAGE_URL")
PAGE_STATUS=$(curl -s -o /dev/null -w '%{http_code}' "$PAGE_URL")
MOVE_STATUS=$(curl -s -o "$DATA/move-answer.json" -w '%{http_code}' \
                   --data-binary "@$DATA/move.json" "http://127.0.0.1:$PORT/api/v1/move")
MOVE_BYTES=$(wc -c <"$DATA/move-answer.json")
[ "$PAGE_STATUS" = 200 ] || { echo "server_bench: page answered $PAGE_STATUS" >&2; exit 1; }
[ "$MOVE_STATUS" = 200 ] || { echo "server_bench: move answered $MOVE_STATUS" >&2; exit 1; }
echo "   page: $PAGE_BYTES bytes; move answer: $MOVE_BYTES bytes"

# The pad: the page's size in bytes, HTML, so (c) differs from (a) only in
# how the body is produced.
PAD=$PAD_DIR/bench-pad.html
if [ ! -f "$PAD" ] || [ "$(wc -c <"$PAD")" != "$PAGE_BYTES" ]; then
  echo "== embedding a $PAGE_BYTES-byte bench-pad.html and rebuilding"
  stop_server
  PAD="$PAD" PAD_BYTES="$PAGE_BYTES" node -e '
    const line = "Collabble static padding line for the server benchmark.\n";
    const text = "<!doctype html><title>pad</title><pre>\n" + line.repeat(1 + Number(process.env.PAD_BYTES) / line.length);
    require("fs").writeFileSync(process.env.PAD, text.slice(0, Number(process.env.PAD_BYTES)));'
  build
  start_server
fi
# The server may have restarted on another port.
PAGE_URL="http://127.0.0.1:$PORT/?$(cat "$DATA/page-query.txt")"
PAD_VERSION=$(sha256sum "$PAD" | cut -c1-16)
STATIC_URL="http://127.0.0.1:$PORT/static/bench-pad.html?v=$PAD_VERSION"
STATIC_BYTES=$(curl -s -o /dev/null -w '%{size_download}' "$STATIC_URL")
[ "$STATIC_BYTES" = "$PAGE_BYTES" ] ||
  { echo "server_bench: static $STATIC_BYTES bytes, page $PAGE_BYTES" >&2; exit 1; }

LOAD_LINE=$(grep -m1 '^collabble: lexicon ' "$LOG" || true)
LOAD_MS=$(sed -n 's/.* in \([0-9.]*\) ms.*/\1/p' <<<"$LOAD_LINE")
RSS_IDLE=$(rss_kib)

run() { # name url [lua]
  local name=$1 url=$2 out=$DATA/wrk-$1.txt
  shift 2
  # A short warm-up so every run starts with warm caches and connections.
  "$WRK" -t"$THREADS" -c"$CONNECTIONS" -d2s "$@" "$url" >/dev/null
  "$WRK" -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency "$@" "$url" >>"$out"
  local rps non2xx p50
  # The file collects every round; the last report is this run's.
  rps=$(awk '/^Requests\/sec:/ { v = $2 } END { print v }' "$out")
  non2xx=$(awk '/^Running/ { v = 0 } /Non-2xx or 3xx responses:/ { v = $5 } END { print v + 0 }' "$out")
  p50=$(awk '$1 == "50%" { v = $2 } END { print v }' "$out")
  printf '%s %s %s %s\n' "$name" "$rps" "${non2xx:-0}" "$p50" >>"$DATA/results.txt"
}

: >"$DATA/results.txt"
rm -f "$DATA"/wrk-*.txt
echo "== wrk: $THREADS threads, $CONNECTIONS connections, ${DURATION}s a run, $ROUNDS rounds"
for round in $(seq 1 "$ROUNDS"); do
  run page "$PAGE_URL"
  BENCH_BODY="$DATA/move.json" run move "http://127.0.0.1:$PORT/api/v1/move" -s "$ROOT/bench/move.lua"
  run static "$STATIC_URL"
  echo "   round $round: $(awk -v n=$((3 * round)) 'NR > n - 3 && NR <= n { printf "%s %.0f  ", $1, $2 }' "$DATA/results.txt")"
done
RSS_AFTER=$(rss_kib)

echo
echo "collabble server benchmark ($(nproc) CPUs, wrk on the same machine)"
# Medians over the rounds (sorted by rate, the middle run of each kind).
sort -k1,1 -k2,2g "$DATA/results.txt" |
awk -v page="$PAGE_BYTES" -v move="$MOVE_BYTES" -v rounds="$ROUNDS" '
  { n[$1]++; if (n[$1] == int((rounds + 1) / 2)) { rps[$1] = $2; p50[$1] = $4 }
    bad[$1] += $3 }
  END {
    printf "  (a) late-game page   GET /?s=S        %10.0f req/s  p50 %-8s (%d-byte page)%s\n",
           rps["page"], p50["page"], page, bad["page"] ? "  NON-2XX: " bad["page"] : ""
    printf "  (b) move via the API POST /api/v1/move %10.0f req/s  p50 %-8s (%d-byte answer)%s\n",
           rps["move"], p50["move"], move, bad["move"] ? "  NON-2XX: " bad["move"] : ""
    printf "  (c) static, same size GET /static/...  %10.0f req/s  p50 %-8s (%d bytes)%s\n",
           rps["static"], p50["static"], page, bad["static"] ? "  NON-2XX: " bad["static"] : ""
    printf "  (a)/(c) = %.3f   (b)/(c) = %.3f   (medians of %d runs each)\n",
           rps["page"] / rps["static"], rps["move"] / rps["static"], rounds
  }'
echo "  lexicon load: ${LOAD_MS:-?} ms  (${LOAD_LINE#collabble: })"
echo "  resident memory (VmRSS): ${RSS_IDLE} KiB idle after start, ${RSS_AFTER} KiB after the runs"
echo "  raw wrk output: $DATA/wrk-*.txt"
