#!/usr/bin/env bash
# bench/server_callgrind.sh - instructions per request of the real collabble
# server, counted by valgrind's callgrind: the late-game page (v2 link, and
# the same position as a classic v1 link), an API move, a preview, a static
# file of the page's size, and the page, the move and the static file again
# compressed (the page with Accept-Encoding: gzip, and with a browser's
# gzip, deflate, br: in brotli; the move and the static file with the
# browser's); then the page and the preview on links the
# server no longer keeps (-miss), and the page of a 250-move link; and, with
# a link the server has never seen on every request (-cold: 100 distinct
# move-16 games and 20 distinct 250-move games from bench/data/cold_links.txt,
# made by self-play with bench/cold_links.mjs) beside the first of the same
# links repeated (-warm), the preview of the best play, the page as the
# script fetches it with gzip and with brotli, the no-script page, and the
# 250-move page.
# Instruction
# counts do not move with the machine's load, so these are the stable
# figures on a busy machine.
# SPDX-License-Identifier: MIT
#
# Usage: bench/server_callgrind.sh   (needs cmake, node, curl, valgrind,
#                                     and `npm ci` done)
# Environment: BENCH_BUILD_DIR (default build-bench, shared with
# server_bench.sh), BENCH_CG_REQUESTS (requests counted per kind, 40; a
# -cold kind sends each of its links once, 100 or 20),
# BENCH_KINDS (which kinds, in order; `node bench/server_requests.mjs kinds`
# lists them), BENCH_TOP (functions listed per kind, 12).
#
# How: one server runs under callgrind. For each kind a few requests warm
# it up, then `callgrind_control -z` zeroes the counters, N requests are
# sent one after another on the same keep-alive connection (so on the same
# server thread, whose kept positions a warm kind measures), and
# `callgrind_control -d` dumps what the process ran meanwhile, on every
# thread (libmicrohttpd's socket work, the handler, the watchdog). The
# dump divided by N is the figure; bench/callgrind_report.mjs also lists
# the costliest functions and the heap calls a request. An idle phase of
# the same process shows what the background costs (a few thousand
# instructions a second), so it can be told apart from the requests.
#
# libmicrohttpd zeroes its whole per-connection memory pool (64 KiB,
# CLB_CONNECTION_MEMORY_BYTES) at every request, with a memset that
# valgrind counts one instruction a byte (rep stosb): ~98,000 counted
# instructions for ~1 us of real work. Each figure is printed with and
# without it; the goals are read on the figure without it.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BENCH_BUILD_DIR:-$ROOT/build-bench}
N=${BENCH_CG_REQUESTS:-40}
TOP=${BENCH_TOP:-12}
KINDS=${BENCH_KINDS:-page page-v1 move move-v1 preview static static-304 page-gzip page-br move-gzip static-gzip page-script page-script-gzip page-script-br page-miss preview-miss page-250 page-250-miss preview-warm preview-cold page-script-gzip-warm page-script-gzip-cold page-script-br-warm page-script-br-cold page-warm page-cold page-250-warm page-250-cold}
REQ="node $ROOT/bench/server_requests.mjs"

for tool in cmake node curl valgrind callgrind_control; do
  command -v "$tool" >/dev/null || { echo "server_callgrind: $tool not found" >&2; exit 1; }
done
[ -f "$ROOT/node_modules/lz-string/package.json" ] ||
  { echo "server_callgrind: run 'npm ci' in $ROOT first" >&2; exit 1; }
# shellcheck source=bench/server_common.sh
. "$ROOT/bench/server_common.sh"
trap bench_stop EXIT

echo "== building $BUILD (Release)"
bench_prepare
bench_stop

echo "== starting the server under callgrind (the lexicon loads slowly there)"
rm -f "$DATA"/callgrind.out*
LOG=$DATA/callgrind-server.log
bench_start valgrind --tool=callgrind --dump-instr=no --collect-jumps=no \
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
  n=$N
  # A cold kind: every link once, after a warm-up on the last five (which
  # the first requests counted push out of the thread's cache).
  [[ $kind == *-cold ]] && n=$($REQ count "$DATA" "$kind")
  # The warm-up on the connection that is counted (a connection stays on
  # one server thread, and a thread keeps its own positions), the counters
  # zeroed by the sender between the two.
  measure "$kind" env BENCH_WARMUP=5 BENCH_ZERO="callgrind_control -z $PID" \
    $REQ send "$URL" "$DATA" "$kind" "$n"
  f=$DUMP
  bytes=$(cat "$DATA/callgrind-$kind.size")
  echo
  echo "  $kind: $($REQ kinds | awk -F'\t' -v k="$kind" '$1 == k { print $3 }') ($bytes bytes sent)"
  node "$ROOT/bench/callgrind_report.mjs" "$f" "$n" "$TOP"
  printf '%s %s %s\n' "$kind" "$bytes" \
    "$(node "$ROOT/bench/callgrind_report.mjs" "$f" "$n" 0 --json)" >>"$DATA/callgrind-summary.txt"
done

echo
echo "summary, a request: instructions; without libmicrohttpd's pool zeroing (the issue's figures;"
echo "see bench/README.md); heap calls (malloc + calloc + realloc, and free); bytes sent (a mean"
echo "over the links of a -cold kind)"
node -e '
  const lines = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n");
  const rows = lines.map((l) => { const [k, b, ...j] = l.split(" "); return { k, b, ...JSON.parse(j.join(" ")) }; });
  const net = (r) => r.perRequest - r.poolZeroing;
  const stat = rows.find((r) => r.k === "static");
  // Issue 19: the page with gzip (compression included) and the preview,
  // in instructions; a 250-move link at most twice the late-game link.
  // Issue 31: the same goals on links never seen (-cold), and a 250-move
  // link never seen at most twice a move-16 one.
  const goals = { page: 250000, "page-v1": 250000, move: 250000, preview: 60000, "page-gzip": 250000,
                  "page-script-gzip": 250000, "preview-cold": 60000, "page-script-gzip-cold": 250000 };
  const twice = { "page-250": "page", "page-250-miss": "page-miss", "page-250-cold": "page-cold" };
  const byKind = Object.fromEntries(rows.map((r) => [r.k, r]));
  const f = (x) => Math.round(x).toLocaleString("en-US");
  for (const r of rows) {
    const allocs = r.heap.malloc + r.heap.calloc + r.heap.realloc;
    let note = stat && r !== stat ? `  ${(net(r) / net(stat)).toFixed(2)}x static` : "";
    if (goals[r.k] !== undefined)
      note += `  goal <= ${f(goals[r.k])}: ${net(r) <= goals[r.k] ? "met" : "missed by " + f(net(r) - goals[r.k])}`;
    const base = byKind[twice[r.k]];
    if (base) {
      const x = net(r) / net(base);
      note += `  ${x.toFixed(2)}x ${base.k}, goal <= 2x: ${x <= 2 ? "met" : "missed"}`;
    }
    // A page in brotli against the same page in gzip, in the same run.
    const gz = /-br(-|$)/.test(r.k) ? byKind[r.k.replace("-br", "-gzip")] : undefined;
    if (gz) note += `  ${(net(r) / net(gz)).toFixed(2)}x ${gz.k}, bytes ${(Number(r.b) / Number(gz.b)).toFixed(3)}x`;
    const warm = byKind[r.k.replace(/-cold$/, "-warm")];
    if (r.k.endsWith("-cold") && warm) note += `  ${(net(r) / net(warm)).toFixed(2)}x warm`;
    if (r.k === "page-gzip" || r.k === "page-script-gzip" || r.k === "page-script-gzip-cold")
      note += `; bytes goal <= 3,000: ${Number(r.b) <= 3000 ? "met" : "missed by " + f(Number(r.b) - 3000)}`;
    console.log(`  ${r.k.padEnd(21)} ${f(r.perRequest).padStart(11)} ${f(net(r)).padStart(11)}` +
      `  allocs ${allocs.toFixed(1).padStart(6)}  frees ${r.heap.free.toFixed(1).padStart(6)}` +
      `  ${String(r.b).padStart(6)} bytes${note}`);
  }' "$DATA/callgrind-summary.txt"
echo "  raw dumps: $DATA/callgrind.out.* (callgrind_annotate reads them)"
