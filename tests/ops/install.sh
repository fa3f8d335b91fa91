#!/usr/bin/env bash
# tests/ops/install.sh - `cmake --install` gives a server that works on its
# own: a Release build installed into a fresh prefix, the build folder then
# renamed away, the installed binary started from another folder. It must
# load its built-in word list, answer /readyz and start a game, and never
# name the build folder (in --help or its log). The whole install is there
# and works too: collabble-cli (a game without the build), collabble-dictc
# (a list compiled that the server then loads), collabble-healthcheck (0
# against the running server, 1 once it stopped), the three manual pages
# as docs/man/ has them, the systemd units naming the installed binary,
# the documentation. `--target uninstall` then leaves no file of it; and
# the same install under DESTDIR with --prefix /usr gives units that name
# /usr/bin/collabble.
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
# Everything cmake --install installs (the default target, tests off).
cmake --build "$tmp/build" -j"$(nproc)" >"$tmp/build.log" 2>&1 ||
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

step "the other programs, with the build folder gone"
p=$tmp/prefix
for prog in collabble collabble-cli collabble-dictc collabble-healthcheck; do
    [ -x "$p/bin/$prog" ] || fail "no bin/$prog after cmake --install"
done
version=$("$p/bin/collabble" --version | head -n 1 | awk '{print $2}')
for prog in collabble-cli collabble-dictc; do
    v=$("$p/bin/$prog" --version) || fail "$prog --version exits non-zero"
    [ "$(head -n 1 <<<"$v" | awk '{print $1, $2}')" = "$prog $version" ] ||
        fail "$prog --version says '$v', not '$prog $version' as collabble does"
done
s=$("$p/bin/collabble-cli" new install-test) || fail "collabble-cli new"
"$p/bin/collabble-cli" show "$s" | grep -q 'score 0  turn P1  bag 86' || fail "collabble-cli show"
printf 'CAT\nDOG\nGOD\nACT\nAT\nTA\nDO\nGO\n' >"$tmp/words.txt"
"$p/bin/collabble-dictc" "$tmp/words.txt" "$tmp/words.clx" >/dev/null || fail "collabble-dictc compiles a list"
"$p/bin/collabble" --port 0 --lexicon "$tmp/words.clx:mine" 2>"$tmp/server2.log" &
pid=$!
port=
for _ in $(seq 1 200); do
    port=$(sed -n 's/.*listening on http:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' "$tmp/server2.log")
    [ -n "$port" ] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
done
[ -n "$port" ] || { cat "$tmp/server2.log"; fail "the server did not start on the list collabble-dictc compiled"; }
"$p/bin/collabble-healthcheck" "$port" 2>/dev/null || fail "collabble-healthcheck against the running server exits non-zero"
kill "$pid"
wait "$pid"
pid=
"$p/bin/collabble-healthcheck" "$port" 2>/dev/null && fail "collabble-healthcheck exits 0 with no server"

step "manual pages, systemd units and documentation"
for page in collabble collabble-cli collabble-dictc; do
    cmp -s "$p/share/man/man1/$page.1" "$src/docs/man/$page.1" ||
        fail "share/man/man1/$page.1 is not docs/man/$page.1"
done
units=$p/lib/systemd/system
for unit in collabble.service collabble@.service; do
    [ -f "$units/$unit" ] || fail "no lib/systemd/system/$unit"
    grep -q "^ExecStart=$p/bin/collabble " "$units/$unit" ||
        fail "$unit does not start the installed binary: $(grep '^ExecStart=' "$units/$unit")"
    [ "$(grep -v '^ExecStart=' "$units/$unit")" = "$(grep -v '^ExecStart=' "$src/docs/systemd/$unit")" ] ||
        fail "the installed $unit differs from docs/systemd/$unit in more than ExecStart"
done
if command -v systemd-analyze >/dev/null; then
    # The installed unit, as systemd would load it, binary and all.
    out=$(systemd-analyze verify --no-pager "$units/collabble.service" 2>&1) ||
        { printf '%s\n' "$out"; fail "systemd-analyze verify refuses the installed unit"; }
    [ -z "$out" ] || { printf '%s\n' "$out"; fail "systemd-analyze verify warns about the installed unit"; }
fi
doc=$p/share/doc/collabble
for f in README.md DESIGN.md LICENSE docs/DEPLOY.md docs/API.md docs/RULES.md \
         docs/LINK.md docs/nginx/collabble.conf docs/systemd/collabble.service \
         deploy/kubernetes/deployment.yaml; do
    [ -s "$doc/$f" ] || fail "no share/doc/collabble/$f"
done

step "cmake --build --target uninstall removes every file it installed"
mv "$tmp/build-renamed" "$tmp/build"
installed=$(wc -l <"$tmp/build/install_manifest.txt")
cmake --build "$tmp/build" --target uninstall >"$tmp/uninstall.log" 2>&1 ||
    { cat "$tmp/uninstall.log"; fail "the uninstall target"; }
left=$(find "$p" ! -type d)
[ -z "$left" ] || fail "files left after uninstall: $left"
for d in share/collabble share/doc/collabble; do
    [ ! -e "$p/$d" ] || fail "$d left after uninstall"
done

step "DESTDIR and --prefix /usr at install time"
DESTDIR=$tmp/stage cmake --install "$tmp/build" --prefix /usr >"$tmp/install2.log" 2>&1 ||
    { cat "$tmp/install2.log"; fail "DESTDIR=... cmake --install --prefix /usr"; }
for f in bin/collabble bin/collabble-cli bin/collabble-dictc bin/collabble-healthcheck share/man/man1/collabble.1; do
    [ -e "$tmp/stage/usr/$f" ] || fail "no /usr/$f under DESTDIR"
done
grep -q '^ExecStart=/usr/bin/collabble ' "$tmp/stage/usr/lib/systemd/system/collabble.service" ||
    fail "with --prefix /usr the unit does not start /usr/bin/collabble"
cmake --build "$tmp/build" --target uninstall >"$tmp/uninstall2.log" 2>&1 ||
    { cat "$tmp/uninstall2.log"; fail "the uninstall target, DESTDIR"; }
left=$(find "$tmp/stage" ! -type d)
[ -z "$left" ] || fail "files left after uninstall under DESTDIR: $left"
echo "install: the server, the CGI layout, $installed files installed and uninstalled: passed"
