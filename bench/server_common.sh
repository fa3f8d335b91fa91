# bench/server_common.sh - what bench/server_bench.sh (wrk) and
# bench/server_callgrind.sh (instructions) share: the Release build with
# the benchmark's static file embedded, starting and stopping the server,
# and the requests (bench/server_requests.mjs). Sourced, not run.
# SPDX-License-Identifier: MIT
#
# Needs ROOT and BUILD set by the caller; sets PID and PORT, and writes
# into $BUILD/bench-data (DATA): requests.json and the bodies, page.html,
# static.json (the static file's address and ETag).
#
# The static file: the benchmarks compare a page with a static file of the
# same bytes, served the way static/ is. The build embeds one more
# directory (CLB_STATIC_EXTRA_DIR, a cache option meant for the benchmarks
# only) holding bench-pad.html, a copy of the v2 page as the server renders
# it (and bench-pad-script.html, the same position's page as the script
# fetches it, POST /game): the same size and the same compressibility (its build-time gzip and
# brotli copies are made like those of static/). The page is known only
# once the server runs, so the first run builds, renders, copies and builds
# again (only the embedded files recompile).

PAD_DIR=$BUILD/bench-static
DATA=$BUILD/bench-data
LOG=$DATA/server.log
PID=
PORT=
mkdir -p "$PAD_DIR" "$DATA"

bench_build() {
  cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DCLB_TESTS=OFF \
        -DCLB_SANITIZE=OFF -DCLB_STATIC_EXTRA_DIR="$PAD_DIR" >/dev/null
  cmake --build "$BUILD" -j2 --target collabble clb_lexicon >/dev/null
}

# bench_start [LAUNCHER...]: the server on a free loopback port, under the
# launcher if one is given (valgrind), once it answers /healthz.
bench_start() {
  : >"$LOG"
  "$@" "$BUILD/server/collabble" --port 0 2>"$LOG" &
  PID=$!
  for _ in $(seq 1 1200); do
    PORT=$(sed -n 's/^collabble: listening on http:\/\/127\.0\.0\.1:\([0-9]*\)$/\1/p' "$LOG")
    [ -n "$PORT" ] && curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && return 0
    sleep 0.1
  done
  echo "bench: the server did not start:" >&2
  cat "$LOG" >&2
  exit 1
}

bench_stop() {
  if [ -n "$PID" ]; then
    kill -TERM "$PID" 2>/dev/null || true
    wait "$PID" 2>/dev/null || true
    PID=
  fi
}

# bench_prepare: builds, starts the server, makes the requests and the
# static file (rebuilding once when it changed); leaves the server running.
bench_prepare() {
  bench_build
  bench_start
  node "$ROOT/bench/server_requests.mjs" prepare "http://127.0.0.1:$PORT" "$DATA"
  local page
  page=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).page.path)' \
         "$DATA/requests.json")
  curl -s -o "$DATA/page.html" "http://127.0.0.1:$PORT$page"
  # The page as the script fetches it (POST /game), for its own static
  # twin: bench-pad-script.html.
  node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(process.argv[1]))["page-script"].body)' \
       "$DATA/requests.json" >"$DATA/page-script.body"
  curl -s -o "$DATA/page-script.html" --data-binary "@$DATA/page-script.body" \
       "http://127.0.0.1:$PORT/game"
  PAD=$PAD_DIR/bench-pad.html
  PAD_SCRIPT=$PAD_DIR/bench-pad-script.html
  if ! cmp -s "$DATA/page.html" "$PAD" || ! cmp -s "$DATA/page-script.html" "$PAD_SCRIPT"; then
    echo "== embedding the pages as bench-pad.html ($(wc -c <"$DATA/page.html") bytes) and bench-pad-script.html ($(wc -c <"$DATA/page-script.html") bytes), and rebuilding"
    bench_stop
    cp "$DATA/page.html" "$PAD"
    cp "$DATA/page-script.html" "$PAD_SCRIPT"
    bench_build
    bench_start
  fi
  local version
  version=$(sha256sum "$PAD" | cut -c1-16)
  printf '{"path":"/static/bench-pad.html?v=%s","etag":"\\"%s\\""}\n' "$version" "$version" \
    >"$DATA/static.json"
  version=$(sha256sum "$PAD_SCRIPT" | cut -c1-16)
  printf '{"path":"/static/bench-pad-script.html?v=%s"}\n' "$version" >"$DATA/static-script.json"
}
