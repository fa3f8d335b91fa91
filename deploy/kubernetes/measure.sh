#!/usr/bin/env bash
# deploy/kubernetes/measure.sh - the figures behind the Deployment's
# resources (docs/DEPLOY.md, "Kubernetes"): one Collabble process held to
# one CPU, as a pod with `limits.cpu: 1` is, with the Deployment's thread
# count; wrk on another CPU sends each request of a player's turn (the
# late-game link of bench/server_requests.mjs) and prints the requests a
# second of each; then the process's memory idle, after the runs, and with
# many keep-alive connections open at once (each having asked for a page,
# so that libmicrohttpd's pool of each was used).
#
#   bash scripts/deps.sh bench    # once: wrk
#   cmake -S . -B build-rel -DCMAKE_BUILD_TYPE=Release -DCLB_TESTS=OFF && cmake --build build-rel -j2
#   deploy/kubernetes/measure.sh build-rel [THREADS [CONNECTIONS]]
#
# THREADS: the server's --threads (2, as the Deployment sets); CONNECTIONS:
# the connections held open for the memory figure (1024). Needs two CPUs
# (the server on CPU 0, wrk on CPU 1), wrk, node, curl and taskset.
# SPDX-License-Identifier: MIT
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD=$(cd "${1:?usage: measure.sh BUILD_DIR [THREADS [CONNECTIONS]]}" && pwd)
THREADS=${2:-2}
CONNS=${3:-1024}
DURATION=${MEASURE_DURATION:-5}
BIN=$BUILD/server/collabble
for tool in wrk node curl taskset; do
  command -v "$tool" >/dev/null || { echo "measure: $tool not found" >&2; exit 1; }
done
[ -x "$BIN" ] || { echo "measure: no $BIN (build it first)" >&2; exit 1; }
[ "$(nproc)" -ge 2 ] || { echo "measure: needs two CPUs" >&2; exit 1; }
TMP=$(mktemp -d)
PID=
cleanup() { [ -z "$PID" ] || kill "$PID" 2>/dev/null; rm -rf "$TMP"; }
trap cleanup EXIT

# The server on CPU 0 only, as the Deployment runs it: its environment.
: >"$TMP/log"
COLLABBLE_THREADS=$THREADS COLLABBLE_LOG_REQUESTS=off COLLABBLE_MAX_CONNECTIONS=$((CONNS + 64)) \
  taskset -c 0 "$BIN" --port 0 2>"$TMP/log" &
PID=$!
PORT=
for _ in $(seq 1 200); do
  PORT=$(sed -n 's/^collabble: listening on http:\/\/127\.0\.0\.1:\([0-9]*\)$/\1/p' "$TMP/log")
  [ -n "$PORT" ] && curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break
  sleep 0.05
done
[ -n "$PORT" ] || { cat "$TMP/log" >&2; echo "measure: the server did not start" >&2; exit 1; }
BASE=http://127.0.0.1:$PORT
kib() { sed -n "s/^$1:[[:space:]]*\([0-9]*\) kB$/\1/p" "/proc/$PID/status"; }
# The server's CPU time so far, in clock ticks (user + system: fields 14
# and 15 of /proc/PID/stat, after the command's name in parentheses).
ticks() { sed 's/^.*) //' "/proc/$PID/stat" | awk '{ print $12 + $13 }'; }
HZ=$(getconf CLK_TCK)
IDLE=$(kib VmRSS)

node "$ROOT/bench/server_requests.mjs" prepare "$BASE" "$TMP" >/dev/null
field() { node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1]))[process.argv[2]]; process.stdout.write(process.argv[3] ? r[process.argv[3]] : r)' "$TMP/requests.json" "$@"; }
field page-script body >"$TMP/page.body"
# Two games' reviews in turn, so that no thread carries one on from its
# last review: the late-game link, and a game of 16 best plays dealt from
# another seed (collabble-cli).
CLI=$BUILD/tools/collabble-cli
S=$("$CLI" new measure)
for _ in $(seq 1 16); do
  move=$("$CLI" plays "$S" 1 | sed -n '2s/^[^{]*//p')
  S=$("$CLI" play "$S" "${move:-pass}" 2>/dev/null)
done
printf '{"state":"%s"}' "$(field v2)" >"$TMP/review1.json"
printf '{"state":"%s"}' "$S" >"$TMP/review2.json"
cat >"$TMP/two.lua" <<LUA
local bodies = {}
for i, p in ipairs({"$TMP/review1.json", "$TMP/review2.json"}) do
  local f = assert(io.open(p, "rb")); bodies[i] = f:read("*a"); f:close()
end
local n = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
request = function()
  n = n + 1
  return wrk.format(nil, nil, nil, bodies[n % 2 + 1])
end
LUA
# gzip for the rows so named; a browser's Accept-Encoding (the page in
# brotli) for the row so named.
GZ='Accept-Encoding: gzip'
BR='Accept-Encoding: gzip, deflate, br'
FORM=application/x-www-form-urlencoded

# name, connections, then wrk's arguments: requests a second, from wrk
# on CPU 1.
rate() {
  local name=$1 c=$2
  shift 2
  taskset -c 1 wrk -t1 -c"$c" -d1s "$@" >/dev/null
  local t0 t1 rps n bad
  t0=$(ticks)
  taskset -c 1 wrk -t1 -c"$c" -d"${DURATION}s" "$@" >"$TMP/wrk.txt"
  t1=$(ticks)
  rps=$(awk '/^Requests\/sec:/ { print $2 }' "$TMP/wrk.txt")
  n=$(awk '/requests in/ { print $1 }' "$TMP/wrk.txt")
  bad=$(awk '/Non-2xx or 3xx responses:/ { print $5 }' "$TMP/wrk.txt")
  # The server's own CPU time (user + system) a request: what a pod's CPU
  # buys, whatever else shares the machine.
  printf '  %-36s %8.0f req/s  %7.3f ms of CPU each%s\n' "$name" "$rps" \
    "$(awk -v t=$((t1 - t0)) -v hz="$HZ" -v n="$n" 'BEGIN { print 1000 * t / hz / n }')" \
    "${bad:+  (non-2xx: $bad)}"
}

echo "collabble on one CPU, --threads $THREADS (wrk on another CPU, ${DURATION} s a run; the late-game link):"
BENCH_BODY=$TMP/page.body BENCH_TYPE=$FORM rate "page (POST /game, gzip)" 16 "$BASE/game" -s "$ROOT/bench/move.lua" -H "$GZ"
BENCH_BODY=$TMP/page.body BENCH_TYPE=$FORM rate "page (POST /game, brotli)" 16 "$BASE/game" -s "$ROOT/bench/move.lua" -H "$BR"
BENCH_BODY=$TMP/preview.json rate "preview (POST /api/v1/preview)" 16 "$BASE/api/v1/preview" -s "$ROOT/bench/move.lua"
BENCH_BODY=$TMP/move.json rate "move (POST /api/v1/move, gzip)" 16 "$BASE/api/v1/move" -s "$ROOT/bench/move.lua" -H "$GZ"
# One at a time: with --threads 2 the server runs one search at once and
# answers another 503.
rate "review, whole (two games in turn)" 1 "$BASE/api/v1/review" -s "$TMP/two.lua"
rate "static file (GET /static/app.js, br)" 16 "$BASE$(curl -s "$BASE/" | grep -o '/static/app\.js?v=[0-9a-f]*' | head -1)" -H "$GZ"
AFTER=$(kib VmRSS)

# CONNS keep-alive connections, each asking for the page once and then
# held open, all at once.
node - "$PORT" "$CONNS" "$TMP/page.body" <<'EOF' &
const net = require('node:net');
const fs = require('node:fs');
const [port, n, bodyFile] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4]];
const body = fs.readFileSync(bodyFile);
const req = Buffer.concat([Buffer.from(`POST /game HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n` +
  `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`), body]);
let answered = 0;
for (let i = 0; i < n; i++) {
  const s = net.connect(port, '127.0.0.1', () => s.write(req));
  let got = false;
  s.on('data', () => { if (!got) { got = true; if (++answered === n) console.log('open'); } });
  s.on('error', () => {});
}
setTimeout(() => process.exit(0), 8000);
EOF
HOLDER=$!
for _ in $(seq 1 70); do sleep 0.1; done
HELD=$(kib VmRSS)
wait "$HOLDER" || true
PEAK=$(kib VmHWM)
echo "memory (VmRSS): ${IDLE} KiB idle, ${AFTER} KiB after the runs, ${HELD} KiB with ${CONNS} connections open; peak (VmHWM) ${PEAK} KiB"
