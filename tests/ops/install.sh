#!/usr/bin/env bash
# tests/ops/install.sh - `cmake --install` gives a server that works on its
# own: a Release build installed into a fresh prefix, the build folder then
# renamed away, the installed binary started from another folder. It must
# load its built-in word list, answer /readyz and start a game, and never
# name the build folder (in --help or its log).
#
#   tests/ops/install.sh SOURCE_DIR SOWPODS_TXT
set -uo pipefail
src=$1
sowpods=$2
tmp=$(mktemp -d)
pid=
cleanup() {
    [ -z "$pid" ] || kill "$pid" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
fail() {
    echo "install: FAILED ($*)"
    exit 1
}
step() { echo "install: $*"; }

step "configuring and building a Release server in a fresh folder"
cmake -S "$src" -B "$tmp/build" -DCMAKE_BUILD_TYPE=Release -DCLB_TESTS=OFF \
    -DCLB_SOWPODS_TXT="$sowpods" -DCMAKE_INSTALL_PREFIX="$tmp/prefix" \
    >"$tmp/configure.log" 2>&1 || { tail -20 "$tmp/configure.log"; fail "configure"; }
cmake --build "$tmp/build" -j"$(nproc)" --target collabble collabble-cgi >"$tmp/build.log" 2>&1 ||
    { tail -20 "$tmp/build.log"; fail "build"; }
step "cmake --install into a prefix, then the build folder renamed away"
cmake --install "$tmp/build" >"$tmp/install.log" 2>&1 ||
    { cat "$tmp/install.log"; fail "cmake --install"; }
bin=$tmp/prefix/bin/collabble
[ -x "$bin" ] || fail "no $bin after cmake --install"
mv "$tmp/build" "$tmp/build-renamed"
mkdir -p "$tmp/elsewhere"
cd "$tmp/elsewhere" || fail "cd"

help=$("$bin" --help) || fail "--help exits non-zero"
if grep -q "build-renamed\|$tmp/build" <<<"$help"; then
    fail "--help names the build folder"
fi

"$bin" --port 0 2>"$tmp/server.log" &
pid=$!
port=
for _ in $(seq 1 200); do
    port=$(sed -n 's/.*listening on http:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' "$tmp/server.log")
    [ -n "$port" ] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
done
[ -n "$port" ] || { cat "$tmp/server.log"; fail "the installed server did not start"; }
grep -q "words from the built-in list" "$tmp/server.log" ||
    { cat "$tmp/server.log"; fail "the word list was not the built-in one"; }
ready=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/readyz")
[ "$ready" = 200 ] || fail "/readyz answered $ready"
game=$(curl -s -w '\n%{http_code}' -X POST -d '{}' "http://127.0.0.1:$port/api/v1/games")
[ "$(tail -n 1 <<<"$game")" = 201 ] || fail "POST /api/v1/games answered $(tail -n 1 <<<"$game")"
grep -q '"state"' <<<"$game" || fail "no state in the new game"
kill "$pid"
wait "$pid"
rc=$?
pid=
[ "$rc" = 0 ] || fail "the server exited $rc on SIGTERM"
if grep -q "$tmp/build" "$tmp/server.log"; then
    fail "the log names the build folder"
fi

step "the web server's layout: lib/cgi-bin/collabble answers as a CGI program, share/collabble/static holds what it serves"
[ -x "$tmp/prefix/lib/cgi-bin/collabble-cgi" ] || fail "no lib/cgi-bin/collabble-cgi after cmake --install"
cgi=$tmp/prefix/lib/cgi-bin/collabble
[ -x "$cgi" ] || fail "no $cgi after cmake --install"
out=$(env -i GATEWAY_INTERFACE=CGI/1.1 REQUEST_METHOD=GET SCRIPT_NAME=/cgi-bin/collabble PATH_INFO=/ "$cgi" </dev/null)
head -n 1 <<<"$out" | grep -q '^Status: 200 OK' || fail "the CGI program answered: $(head -n 1 <<<"$out")"
grep -q 'src="/cgi-bin/collabble/static/app.js?v=' <<<"$out" || fail "the CGI page's script is not under SCRIPT_NAME"
for f in app.js app.css app.js.gz; do
    [ -s "$tmp/prefix/share/collabble/static/$f" ] || fail "no share/collabble/static/$f"
done
served=$(env -i GATEWAY_INTERFACE=CGI/1.1 REQUEST_METHOD=GET PATH_INFO=/static/app.js "$cgi" </dev/null | sed '1,/^\r$/d' | md5sum)
[ "$served" = "$(md5sum <"$tmp/prefix/share/collabble/static/app.js")" ] ||
    fail "the exported app.js differs from the one the program serves"
echo "install: 2 passed, 0 failed"
