#!/usr/bin/env bash
# bench/server_bench.sh - requests per second of the collabble server, with
# wrk, all in one run on one Release build, interleaved: the page of a
# late-game link (the v2 link, and the same position as a classic v1 link),
# a move through the JSON API, a static file of exactly the v2 page's size,
# and the page and the static file again compressed (the page with
# Accept-Encoding: gzip, the static file with gzip, br: its brotli copy);
# prints each against the static file, the lexicon's load time and the
# server's resident memory.
# SPDX-License-Identifier: MIT
#
# Usage: bench/server_bench.sh    (from anywhere; needs cmake, node, wrk,
#                                  curl, and `npm ci` done)
# Environment: BENCH_BUILD_DIR (default build-bench), BENCH_DURATION
# seconds per run (5), BENCH_ROUNDS (3: the runs are interleaved this many
# times and each figure is the median, which keeps a burst of other load
# on the machine from skewing one ratio), BENCH_CONNECTIONS (32),
# BENCH_THREADS (wrk threads, 2).
#
# The cold kinds (issue 31) send a link the server has never seen on every
# request, each in turn from bench/data/cold_links.txt (100 distinct move-16
# games, 20 distinct 250-move games, made by self-play: bench/cold_links.mjs)
# with bench/cold.lua, beside the first of the same links repeated (warm):
# the preview of the best play, the page as the script fetches it with gzip,
# and the no-script page of a move-16 and of a 250-move link.
#
# The requests are bench/server_requests.mjs's (the late-game link
# tests/data/link/late_v2.link, its classic link, the best play on it),
# the same ones bench/server_callgrind.sh counts instructions of.
#
# The static file is the v2 page itself, embedded as bench-pad.html (see
# bench/server_common.sh): the same bytes, so the two differ only in how
# the body is made.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BENCH_BUILD_DIR:-$ROOT/build-bench}
DURATION=${BENCH_DURATION:-5}
ROUNDS=${BENCH_ROUNDS:-3}
CONNECTIONS=${BENCH_CONNECTIONS:-32}
THREADS=${BENCH_THREADS:-2}
WRK=${WRK:-wrk}

for tool in cmake node curl "$WRK"; do
  command -v "$tool" >/dev/null || { echo "server_bench: $tool not found" >&2; exit 1; }
done
[ -f "$ROOT/node_modules/lz-string/package.json" ] ||
  { echo "server_bench: run 'npm ci' in $ROOT first" >&2; exit 1; }
# shellcheck source=bench/server_common.sh
. "$ROOT/bench/server_common.sh"
trap bench_stop EXIT

rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$PID/status"; }

echo "== building $BUILD (Release), the requests (bench/server_requests.mjs)"
bench_prepare
BASE=http://127.0.0.1:$PORT
path_of() { node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1]))[process.argv[2]].path)' "$DATA/requests.json" "$1"; }
PAGE_PATH=$(path_of page)
PAGE_V1_PATH=$(path_of page-v1)
STATIC_URL="$BASE$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).path)' "$DATA/static.json")"
STATIC_SCRIPT_URL="$BASE$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).path)' "$DATA/static-script.json")"
FORM=application/x-www-form-urlencoded
# The pages in gzip (the kinds named -gzip); the static files in their
# brotli copy, as a browser gets them.
GZ='Accept-Encoding: gzip'
BR='Accept-Encoding: gzip, br'
PAGE_BYTES=$(curl -s -o /dev/null -w '%{size_download}' "$BASE$PAGE_PATH")
PAGE_V1_BYTES=$(curl -s -o /dev/null -w '%{size_download}' "$BASE$PAGE_V1_PATH")
STATIC_BYTES=$(curl -s -o /dev/null -w '%{size_download}' "$STATIC_URL")
PAGE_GZ_BYTES=$(curl -s -H "$GZ" -o /dev/null -w '%{size_download}' "$BASE$PAGE_PATH")
STATIC_GZ_BYTES=$(curl -s -H "$BR" -o /dev/null -w '%{size_download}' "$STATIC_URL")
SCRIPT_BYTES=$(curl -s -o /dev/null -w '%{size_download}' --data-binary "@$DATA/page-script.body" "$BASE/game")
SCRIPT_GZ_BYTES=$(curl -s -H "$GZ" -o /dev/null -w '%{size_download}' --data-binary "@$DATA/page-script.body" "$BASE/game")
STATIC_SCRIPT_BYTES=$(curl -s -o /dev/null -w '%{size_download}' "$STATIC_SCRIPT_URL")
STATIC_SCRIPT_GZ_BYTES=$(curl -s -H "$BR" -o /dev/null -w '%{size_download}' "$STATIC_SCRIPT_URL")
MOVE_STATUS=$(curl -s -o "$DATA/move-answer.json" -w '%{http_code}' \
                   --data-binary "@$DATA/move.json" "$BASE/api/v1/move")
MOVE_BYTES=$(wc -c <"$DATA/move-answer.json")
[ "$MOVE_STATUS" = 200 ] || { echo "server_bench: move answered $MOVE_STATUS" >&2; exit 1; }
[ "$STATIC_BYTES" = "$PAGE_BYTES" ] ||
  { echo "server_bench: static $STATIC_BYTES bytes, page $PAGE_BYTES" >&2; exit 1; }
[ "$STATIC_SCRIPT_BYTES" = "$SCRIPT_BYTES" ] ||
  { echo "server_bench: static-script $STATIC_SCRIPT_BYTES bytes, page-script $SCRIPT_BYTES" >&2; exit 1; }
echo "   page: $PAGE_BYTES bytes (v1 link: $PAGE_V1_BYTES; gzip $PAGE_GZ_BYTES, the static copy $STATIC_GZ_BYTES); move answer: $MOVE_BYTES bytes"
echo "   page-script: $SCRIPT_BYTES bytes (gzip $SCRIPT_GZ_BYTES, the static copy $STATIC_SCRIPT_GZ_BYTES)"

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

KINDS="page page-v1 move static page-gzip static-gzip page-script static-script page-script-gzip static-script-gzip"
COLD_KINDS="preview page-script-gzip page page-250"
NKINDS=$(( $(wc -w <<<"$KINDS") + 2 * $(wc -w <<<"$COLD_KINDS") ))
# cold KIND: the kind's -cold requests in turn, then its -warm request (the
# first of them) again and again.
cold() {
  local k=$1 method=GET type= gz=()
  case $k in
    preview) method=POST type=application/json ;;
    page-script-gzip) method=POST type=$FORM gz=(-H "$GZ") ;;
  esac
  BENCH_REQS="$DATA/$k-cold.reqs" BENCH_METHOD=$method BENCH_TYPE=$type \
    run "$k-cold" "$BASE/" -s "$ROOT/bench/cold.lua" "${gz[@]}"
  head -1 "$DATA/$k-cold.reqs" >"$DATA/$k-warm.reqs"
  BENCH_REQS="$DATA/$k-warm.reqs" BENCH_METHOD=$method BENCH_TYPE=$type \
    run "$k-warm" "$BASE/" -s "$ROOT/bench/cold.lua" "${gz[@]}"
}
: >"$DATA/results.txt"
rm -f "$DATA"/wrk-*.txt
echo "== wrk: $THREADS threads, $CONNECTIONS connections, ${DURATION}s a run, $ROUNDS rounds"
for round in $(seq 1 "$ROUNDS"); do
  run page "$BASE$PAGE_PATH"
  run page-v1 "$BASE$PAGE_V1_PATH"
  BENCH_BODY="$DATA/move.json" run move "$BASE/api/v1/move" -s "$ROOT/bench/move.lua"
  run static "$STATIC_URL"
  run page-gzip "$BASE$PAGE_PATH" -H "$GZ"
  run static-gzip "$STATIC_URL" -H "$BR"
  BENCH_BODY="$DATA/page-script.body" BENCH_TYPE=$FORM run page-script "$BASE/game" -s "$ROOT/bench/move.lua"
  run static-script "$STATIC_SCRIPT_URL"
  BENCH_BODY="$DATA/page-script.body" BENCH_TYPE=$FORM run page-script-gzip "$BASE/game" -s "$ROOT/bench/move.lua" -H "$GZ"
  run static-script-gzip "$STATIC_SCRIPT_URL" -H "$BR"
  for k in $COLD_KINDS; do cold "$k"; done
  echo "   round $round: $(awk -v n=$((NKINDS * round)) -v m="$NKINDS" 'NR > n - m && NR <= n { printf "%s %.0f  ", $1, $2 }' "$DATA/results.txt")"
done
RSS_AFTER=$(rss_kib)

echo
echo "collabble server benchmark ($(nproc) CPUs, wrk on the same machine)"
# Medians over the rounds (sorted by rate, the middle run of each kind).
sort -k1,1 -k2,2g "$DATA/results.txt" |
awk -v page="$PAGE_BYTES" -v pagev1="$PAGE_V1_BYTES" -v move="$MOVE_BYTES" -v rounds="$ROUNDS" \
    -v pagegz="$PAGE_GZ_BYTES" -v staticgz="$STATIC_GZ_BYTES" -v script="$SCRIPT_BYTES" \
    -v scriptgz="$SCRIPT_GZ_BYTES" -v staticscriptgz="$STATIC_SCRIPT_GZ_BYTES" '
  { n[$1]++; if (n[$1] == int((rounds + 1) / 2)) { rps[$1] = $2; p50[$1] = $4 }
    bad[$1] += $3 }
  function line(k, what, bytes) {
    printf "  %-18s %-40s %9.0f req/s  p50 %-8s (%s bytes)%s\n", k, what, rps[k], p50[k], bytes,
           bad[k] ? "  NON-2XX: " bad[k] : ""
  }
  END {
    line("page", "GET /?s=S, the v2 link", page)
    line("page-v1", "GET /?s=S, the same as a v1 link", pagev1)
    line("move", "POST /api/v1/move", move)
    line("static", "GET /static/..., the page'"'"'s size", page)
    line("page-gzip", "the page, Accept-Encoding: gzip", pagegz)
    line("static-gzip", "the static file, gzip", staticgz)
    printf "  page/static = %.3f   page-v1/static = %.3f   move/static = %.3f\n",
           rps["page"] / rps["static"], rps["page-v1"] / rps["static"], rps["move"] / rps["static"]
    line("page-script", "POST /game s=S, as the script fetches it", script)
    line("static-script", "GET /static/..., that page'"'"'s bytes", script)
    line("page-script-gzip", "that page, Accept-Encoding: gzip", scriptgz)
    line("static-script-gzip", "its static twin, gzip", staticscriptgz)
    printf "  page-gzip/static-gzip = %.3f   page-gzip/page = %.3f   (medians of %d runs each)\n",
           rps["page-gzip"] / rps["static-gzip"], rps["page-gzip"] / rps["page"], rounds
    printf "  page-script/static-script = %.3f   page-script-gzip/static-script-gzip = %.3f\n",
           rps["page-script"] / rps["static-script"], rps["page-script-gzip"] / rps["static-script-gzip"]
    print "  a link never seen on every request (cold) beside one link repeated (warm):"
    split("preview page-script-gzip page page-250", cold, " ")
    for (i = 1; i <= 4; i++) {
      c = cold[i] "-cold"; w = cold[i] "-warm"
      printf "  %-22s %9.0f req/s  p50 %-8s  %-22s %9.0f req/s  p50 %-8s  cold/warm = %.3f%s\n",
             c, rps[c], p50[c], w, rps[w], p50[w], rps[c] / rps[w], bad[c] + bad[w] ? "  NON-2XX: " bad[c] + bad[w] : ""
    }
    printf "  page-250-cold/page-cold = %.3f\n", rps["page-250-cold"] / rps["page-cold"]
  }'
echo "  lexicon load: ${LOAD_MS:-?} ms  (${LOAD_LINE#collabble: })"
echo "  resident memory (VmRSS): ${RSS_IDLE} KiB idle after start, ${RSS_AFTER} KiB after the runs"
echo "  raw wrk output: $DATA/wrk-*.txt"
