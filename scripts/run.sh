#!/usr/bin/env bash
# scripts/run.sh - installs what is missing, builds Collabble (Release) and
# starts the server on http://localhost:8080 with the default lexicon.
# Extra arguments go to the server, e.g. `scripts/run.sh --port 9000`, or
# `scripts/run.sh --bind 0.0.0.0` to be reached from other machines.
set -euo pipefail
cd "$(dirname "$0")/.."
T0=$SECONDS
step() { printf 'run.sh: [%3ds] %s\n' "$((SECONDS - T0))" "$*"; }
step "checking and installing dependencies (scripts/deps.sh run)"
bash scripts/deps.sh run
step "configuring build (Release)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCLB_TESTS=OFF >/dev/null
step "building"
cmake --build build -j"$(nproc)"
step "starting the server (Ctrl-C stops it)"
exec build/server/collabble --port 8080 "$@"
