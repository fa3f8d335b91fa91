#!/usr/bin/env bash
# bench/hostile_bench.sh - the collabble server under hostile and heavy
# clients, on one Release build (and optionally a second one, e.g. an older
# commit's, measured the same way in the same run):
#   (1) memory: resident KiB before and after COUNT requests that each
#       exhaust libmicrohttpd's per-connection pool (GET /? and 60,000 '&');
#   (2) throughput: wrk on GET /healthz with keep-alive at 32 (the
#       baseline), 256 and 1,000 connections; req/s, errors, and each as a
#       ratio to the 32-connection rate; how many of 1,000 keep-alive
#       clients are answered at all; how long SIGTERM takes under load;
#   (3) slowloris: 500 sockets on 127.0.0.1 each sending a byte of a head
#       every 5 s, while a client on the same address does /healthz and a
#       move; its answers and p50/p99 against the same client unattacked.
# SPDX-License-Identifier: MIT
#
# Usage: bench/hostile_bench.sh [BASELINE_BINARY]
#        (needs cmake, node, wrk and curl: `bash scripts/deps.sh bench`)
# Environment: BENCH_BUILD_DIR (default build-bench), BENCH_DURATION
# seconds per wrk run (10; the issue's figure for 1,000 clients is 30),
# BENCH_POOL_REQUESTS (5000), BENCH_SLOW_ROUNDS (20), BENCH_THREADS (wrk
# threads, 2).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BENCH_BUILD_DIR:-$ROOT/build-bench}
DURATION=${BENCH_DURATION:-10}
POOL_REQUESTS=${BENCH_POOL_REQUESTS:-5000}
SLOW_ROUNDS=${BENCH_SLOW_ROUNDS:-20}
THREADS=${BENCH_THREADS:-2}
BASELINE=${1:-}
DATA=$BUILD/bench-data
WRK=${WRK:-wrk}

for tool in cmake node curl "$WRK"; do
  command -v "$tool" >/dev/null || { echo "hostile_bench: $tool not found (bash scripts/deps.sh bench)" >&2; exit 1; }
done
[ -z "$BASELINE" ] || [ -x "$BASELINE" ] || { echo "hostile_bench: $BASELINE is not an executable" >&2; exit 1; }
# wrk's 1,000 connections and the server's need more than the usual 1,024.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
mkdir -p "$DATA"

echo "== building $BUILD (Release)"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DCLB_TESTS=OFF -DCLB_SANITIZE=OFF >/dev/null
cmake --build "$BUILD" -j"$(nproc)" --target collabble clb_lexicon >/dev/null
LEXICON=$BUILD/dict/sowpods.clx

PID= PORT=
start_server() { # BINARY
  local log=$DATA/hostile-server.log
  : >"$log"
  "$1" --port 0 --lexicon "$LEXICON:sowpods" 2>"$log" &
  PID=$!
  for _ in $(seq 1 200); do
    PORT=$(sed -n 's/^collabble: listening on http:\/\/127\.0\.0\.1:\([0-9]*\)$/\1/p' "$log")
    [ -n "$PORT" ] && curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && return 0
    sleep 0.05
  done
  echo "hostile_bench: the server did not start:" >&2; cat "$log" >&2; exit 1
}
stop_server() { # prints the milliseconds SIGTERM took
  local t0=$(date +%s%3N)
  kill -TERM "$PID" 2>/dev/null || true
  wait "$PID" 2>/dev/null || true
  PID=
  echo $(($(date +%s%3N) - t0))
}
trap '[ -z "$PID" ] || kill -KILL "$PID" 2>/dev/null || true' EXIT
rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$PID/status"; }

wrk_run() { # CONNECTIONS -> "req/s errors"
  local out=$DATA/wrk-hostile-$1.txt
  "$WRK" -t"$THREADS" -c"$1" -d"${DURATION}s" --timeout 5s "http://127.0.0.1:$PORT/healthz" >"$out" 2>&1 || true
  local rps errs non2xx
  rps=$(awk '/^Requests\/sec:/ { print $2 }' "$out")
  errs=$(awk '/Socket errors:/ { gsub(",", ""); print $4 + $6 + $8 + $10 }' "$out")
  non2xx=$(awk '/Non-2xx or 3xx responses:/ { print $5 }' "$out")
  echo "${rps:-0} $(( ${errs:-0} + ${non2xx:-0} ))"
}

measure() { # NAME BINARY
  local name=$1 bin=$2
  echo "== $name: $bin"
  start_server "$bin"
  local rss0 rss1
  rss0=$(rss_kib)
  node "$ROOT/bench/hostile.mjs" pool "$PORT" "$POOL_REQUESTS" 60000
  sleep 1
  rss1=$(rss_kib)
  echo "   (1) resident memory: $rss0 KiB before, $rss1 KiB after $POOL_REQUESTS pool-exhausting requests"
  stop_server >/dev/null

  start_server "$bin"
  local r32 r256 r1000 stop256 each
  r32=$(wrk_run 32)
  r256=$(wrk_run 256)
  r1000=$(wrk_run 1000)
  # wrk counts no error for a client that is never answered at all, so the
  # same 1,000 clients again, counting who was answered.
  each=$(node "$ROOT/bench/hostile.mjs" clients "$PORT" 1000 "$DURATION")
  # SIGTERM in the middle of a 256-connection run.
  "$WRK" -t"$THREADS" -c256 -d"$((DURATION + 5))s" "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 &
  local wrk_pid=$!
  sleep 3
  stop256=$(stop_server)
  wait "$wrk_pid" 2>/dev/null || true
  set -- $r32; local base=$1
  for pair in "32 $r32" "256 $r256" "1000 $r1000"; do
    set -- $pair
    awk -v c="$1" -v r="$2" -v e="$3" -v b="$base" \
      'BEGIN { printf "   (2) %4d connections: %9.0f req/s, %d errors, %.3f x the 32-connection rate\n", c, r, e, r / b }'
  done
  echo "       1,000 keep-alive clients for ${DURATION} s, each asking again once answered: $each"
  echo "       SIGTERM during a 256-connection run took $stop256 ms"

  start_server "$bin"
  local calm attacked
  calm=$(node "$ROOT/bench/hostile.mjs" slowloris "$PORT" 0 "$SLOW_ROUNDS" 5000)
  attacked=$(node "$ROOT/bench/hostile.mjs" slowloris "$PORT" 500 "$SLOW_ROUNDS" 5000)
  stop_server >/dev/null
  echo "   (3) legitimate client, no attack:          $calm"
  echo "       legitimate client, 500 slowloris sockets: $attacked"
}

measure "this build" "$BUILD/server/collabble"
[ -z "$BASELINE" ] || measure "baseline" "$BASELINE"
echo "($(nproc) CPUs; wrk, the attackers and the server share the machine)"
