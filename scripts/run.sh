#!/usr/bin/env bash
# scripts/run.sh - installs what is missing, builds Collabble (Release) and
# starts the server on http://localhost:8080 with the default lexicon.
# Extra arguments go to the server, e.g. `scripts/run.sh --port 9000`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh run
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCLB_TESTS=OFF >/dev/null
cmake --build build -j"$(nproc)"
exec build/server/collabble --port 8080 "$@"
