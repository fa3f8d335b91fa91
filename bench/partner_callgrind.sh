#!/usr/bin/env bash
# bench/partner_callgrind.sh - the instructions of each of the computer
# partner's replies, counted by valgrind's callgrind: for each level, every
# reply of Player 2 over seeded solo games (plain, and goals at Normal),
# median and worst, and the reply on the worst position known (two blanks
# on 25 spread vowels). Instruction counts do not move with the machine's
# load, so these are the stable figures on a busy machine.
# SPDX-License-Identifier: MIT
#
# Usage: bench/partner_callgrind.sh   (needs cmake and valgrind)
# Environment: BENCH_BUILD_DIR (default build-bench, a Release build shared
# with the other benchmarks), BENCH_GAMES (games a level and mode, 20).
#
# How: bench_partner --replies plays the games with Player 2's replies in
# one function, partner_reply (core_partner_move and nothing else), and
# callgrind collects only inside it (--toggle-collect) and writes its
# counts after each call (--dump-after), so each dump is one reply.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BENCH_BUILD_DIR:-$ROOT/build-bench}
GAMES=${BENCH_GAMES:-20}

for tool in cmake valgrind; do
  command -v "$tool" >/dev/null || { echo "partner_callgrind: $tool not found" >&2; exit 1; }
done

echo "== building $BUILD (Release)"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$BUILD" -j2 --target bench_partner >/dev/null
BIN=$BUILD/bench/bench_partner

OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

# Runs bench_partner under callgrind with ARGS; prints each reply's
# instructions, one a line.
count() {
  rm -f "$OUT"/cg.out*
  (cd "$OUT" && valgrind --tool=callgrind --toggle-collect=partner_reply \
      --dump-after=partner_reply --dump-instr=no \
      --callgrind-out-file="$OUT/cg.out" "$BIN" "$@" >/dev/null 2>&1)
  # cg.out.N: one reply each; cg.out (the exit's dump) holds none.
  for f in "$OUT"/cg.out.*; do
    sed -n 's/^totals: //p' "$f"
  done
}

# Prints "median worst replies" of the numbers on stdin.
stats() {
  sort -n | awk '{ v[NR] = $1 } END {
    if (NR == 0) { print "no replies"; exit }
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "%10d median %10d worst  (%d replies)\n", m, v[NR], NR }'
}

echo "== instructions a reply (callgrind; $GAMES games a row, Player 1 best)"
for level in casual good best; do
  for goals in off normal; do
    printf '%-7s goals %-7s ' "$level" "$goals"
    count --replies "$level" "$goals" "$GAMES" | stats
  done
done
echo "== the worst position (two blanks on 25 spread vowels)"
for level in casual good best; do
  printf '%-7s               ' "$level"
  count --worst "$level" | stats
done
