#!/usr/bin/env bash
# bench/cache_hits.sh - how often the server's per-thread caches hit over a
# browser test's whole game: tests/browser/game.test.mjs (by default) runs
# against collabble started with --metrics, and the counters of
# server/cache.c are read from /metrics when the test stops each server:
# links opened from a kept position (hit) or replayed (miss), reviews
# carried on from the thread's last or made whole.
# SPDX-License-Identifier: MIT
#
# Usage: bench/cache_hits.sh [BUILD_DIR [TEST_FILE...]]   (BUILD_DIR: build)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=$(cd "${1:-$ROOT/build}" && pwd)
shift || true
[ $# -gt 0 ] || set -- "$ROOT/tests/browser/game.test.mjs"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# The tests start the binary they are given: this one starts the real one
# with a metrics port and saves the metrics when the test stops it.
cat >"$WORK/collabble" <<WRAP
#!/usr/bin/env bash
port=\$((20000 + RANDOM % 20000))
"$BUILD/server/collabble" "\$@" --metrics "\$port" &
child=\$!
save() { curl -s "http://127.0.0.1:\$port/metrics" >"$WORK/metrics.\$child"; kill -TERM \$child; wait \$child; exit 0; }
trap save TERM INT
wait \$child
WRAP
chmod +x "$WORK/collabble"
mkdir -p "$WORK/artifacts"
(cd "$ROOT" && COLLABBLE_BIN="$WORK/collabble" ARTIFACT_DIR="$WORK/artifacts" \
  node --test "$@" | grep -E '^# (pass|fail)')
cat "$WORK"/metrics.* | awk '
  /^collabble_position_cache_total\{result="hit"\}/ { hit += $2 }
  /^collabble_position_cache_total\{result="miss"\}/ { miss += $2 }
  /^collabble_reviews_total\{made="carried"\}/ { carried += $2 }
  /^collabble_reviews_total\{made="whole"\}/ { whole += $2 }
  END {
    printf "links opened: %d, from a kept position %d (%.0f%%), replayed %d\n", hit + miss, hit, 100 * hit / (hit + miss), miss
    printf "reviews: %d, carried on %d (%.0f%%), whole %d\n", carried + whole, carried, 100 * carried / (carried + whole), whole
  }'
