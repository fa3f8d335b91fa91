#!/usr/bin/env bash
# scripts/run.sh - installs what is missing, builds Collabble (Release) and
# starts the server on http://localhost:8080 with the default lexicon.
# Extra arguments go to the server, e.g. `scripts/run.sh --port 9000`, or
# `scripts/run.sh --bind 0.0.0.0` to be reached from other machines.
# The server starts in the folder run.sh was started from, so a relative
# path among them is the caller's (`scripts/run.sh --lexicon tiny.txt`
# from any folder): only the install and the build run in the source tree.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
T0=$SECONDS
step() { printf 'run.sh: [%3ds] %s\n' "$((SECONDS - T0))" "$*"; }
step "checking and installing dependencies (scripts/deps.sh run)"
bash "$root/scripts/deps.sh" run
step "configuring build (Release)"
(cd "$root" && cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCLB_TESTS=OFF >/dev/null)
step "building"
(cd "$root" && cmake --build build -j"$(nproc)")
step "starting the server (Ctrl-C stops it)"
exec "$root/build/server/collabble" --port 8080 "$@"
