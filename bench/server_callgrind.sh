#!/usr/bin/env bash
# bench/server_callgrind.sh - instructions per request of the real collabble
# server, counted by valgrind's callgrind: the late-game page (v2 link, and
# the same position as a classic v1 link), an API move, a preview, a static
# file of the page's size, and the page, the move and the static file again
# with Accept-Encoding: gzip, br. Instruction counts do not move with the
# machine's load, so these are the stable figures on a busy machine.
# SPDX-License-Identifier: MIT
#
# Usage: bench/server_callgrind.sh   (needs cmake, node, curl, valgrind,
#                                     and `npm ci` done)
# Environment: BENCH_BUILD_DIR (default build-bench, shared with
# server_bench.sh), BENCH_CG_REQUESTS (requests counted per kind, 40),
# BENCH_KINDS (which kinds, in order; `node bench/server_requests.mjs kinds`
# lists them), BENCH_TOP (functions listed per kind, 12).
#
# How: one server runs under callgrind. For each kind a few requests warm
# it up, then `callgrind_control -z` zeroes the counters, N requests are
# sent one after another on one keep-alive connection, and
# `callgrind_control -d` dumps what the process ran meanwhile, on every
# thread (libmicrohttpd's socket work, the handler, the watchdog). The
# dump divided by N is the figure; bench/callgrind_report.mjs also lists
# the costliest functions and the heap calls a request. An idle phase of
# the same process shows what the background costs (a few hundred
# instructions a second), so it can be told apart from the requests.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BENCH_BUILD_DIR:-$ROOT/build-bench}
N=${BENCH_CG_REQUESTS:-40}
TOP=${BENCH_TOP:-12}
KINDS=${BENCH_KINDS:-page page-v1 move preview static page-gzip move-gzip static-gzip}
PAD_DIR=$BUILD/bench-static
DATA=$BUILD/bench-data
REQ="node $ROOT/bench/server_requests.mjs"

for tool in cmake node curl valgrind callgrind_control; do
  command -v "$tool" >/dev/null || { echo "server_callgrind: $tool not found" >&2; exit 1; }
done
[ -f "$ROOT/node_modules/lz-string/package.json" ] ||
  { echo "server_callgrind: run 'npm ci' in $ROOT first" >&2; exit 1; }
mkdir -p "$PAD_DIR" "$DATA"

build() {
  cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DCLB_TESTS=OFF \
        -DCLB_SANITIZE=OFF -DCLB_STATIC_EXTRA_DIR="$PAD_DIR" >/dev/null
  cmake --build "$BUILD" -j2 --target collabble clb_lexicon >/dev/null
}

PID=
PORT=
LOG=$DATA/callgrind-server.log
# start_server [launcher...]: the server on a free port, under the launcher.
start_server() {
  : >"$LOG"
  "$@" "$BUILD/server/collabble" --port 0 2>"$LOG" &
  PID=$!
  for _ in $(seq 1 1200); do
    PORT=$(sed -n 's/^collabble: listening on http:\/\/127\.0\.0\.1:\([0-9]*\)$/\1/p' "$LOG")
    [ -n "$PORT" ] && curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && return 0
    sleep 0.1
  done
  echo "server_callgrind: the server did not start:" >&2
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

echo "== building $BUILD (Release)"
build
start_server
URL=http://127.0.0.1:$PORT
$REQ prepare "$URL" "$DATA"
PAGE_URL="$URL$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).page.path)' "$DATA/requests.json")"
PAGE_BYTES=$(curl -s -o "$DATA/page.html" -w '%{size_download}' "$PAGE_URL")

# The pad: a static file of the v2 page's size (the same one server_bench.sh
# embeds), so the static request differs from the page only in how the
# body is made.
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
PAD_VERSION=$(sha256sum "$PAD" | cut -c1-16)
printf '{"path":"/static/bench-pad.html?v=%s","etag":"\\"%s\\""}\n' "$PAD_VERSION" "$PAD_VERSION" \
  >"$DATA/static.json"
stop_server

echo "== starting the server under callgrind (the lexicon loads slowly there)"
rm -f "$DATA"/callgrind.out*
start_server valgrind --tool=callgrind --dump-instr=no --collect-jumps=no \
  --callgrind-out-file="$DATA/callgrind.out" -q
URL=http://127.0.0.1:$PORT
dumps=0
DUMP=
# measure NAME COMMAND...: zero, run the command, dump; sets DUMP to the
# dump's file (callgrind numbers them from 1).
measure() {
  local name=$1
  shift
  callgrind_control -z "$PID" >/dev/null 2>&1
  "$@" >"$DATA/callgrind-$name.size"
  callgrind_control -d "$name" "$PID" >/dev/null 2>&1
  dumps=$((dumps + 1))
  DUMP=$DATA/callgrind.out.$dumps
  for _ in $(seq 1 100); do [ -s "$DUMP" ] && break; sleep 0.1; done
  grep -q "^desc: Trigger: dump $name\$" "$DUMP" ||
    { echo "server_callgrind: $DUMP is not the dump of $name" >&2; exit 1; }
}

echo
echo "collabble server, instructions per request (callgrind, Release build, $N requests a kind)"
measure idle sleep 2
echo "  idle, 2 s: $(node "$ROOT/bench/callgrind_report.mjs" "$DUMP" 1 0 --json |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(Math.round(JSON.parse(s).perRequest).toLocaleString("en-US")+" instructions in all"))')"
: >"$DATA/callgrind-summary.txt"
for kind in $KINDS; do
  $REQ send "$URL" "$DATA" "$kind" 5 >/dev/null
  measure "$kind" $REQ send "$URL" "$DATA" "$kind" "$N"
  f=$DUMP
  bytes=$(cat "$DATA/callgrind-$kind.size")
  echo
  echo "  $kind: $($REQ kinds | awk -F'\t' -v k="$kind" '$1 == k { print $3 }') ($bytes bytes sent)"
  node "$ROOT/bench/callgrind_report.mjs" "$f" "$N" "$TOP"
  printf '%s %s %s\n' "$kind" "$bytes" \
    "$(node "$ROOT/bench/callgrind_report.mjs" "$f" "$N" 0 --json)" >>"$DATA/callgrind-summary.txt"
done

echo
echo "summary (instructions a request; heap calls a request: malloc+calloc+realloc, free)"
node -e '
  const lines = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n");
  const rows = lines.map((l) => { const [k, b, ...j] = l.split(" "); return { k, b, ...JSON.parse(j.join(" ")) }; });
  const stat = rows.find((r) => r.k === "static");
  for (const r of rows) {
    const allocs = r.heap.malloc + r.heap.calloc + r.heap.realloc;
    const ratio = stat ? `  ${(r.perRequest / stat.perRequest).toFixed(2)}x static` : "";
    console.log(`  ${r.k.padEnd(12)} ${Math.round(r.perRequest).toLocaleString("en-US").padStart(11)}` +
      `  allocs ${allocs.toFixed(1).padStart(6)}  frees ${r.heap.free.toFixed(1).padStart(6)}` +
      `  ${String(r.b).padStart(6)} bytes${ratio}`);
  }' "$DATA/callgrind-summary.txt"
echo "  raw dumps: $DATA/callgrind.out.* (callgrind_annotate reads them)"
