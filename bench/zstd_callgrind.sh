#!/usr/bin/env bash
# bench/zstd_callgrind.sh - instructions of compression on the fly, side by
# side in one run: bench_zstd --count under valgrind's callgrind (one dump
# per coding and file, each one answer compressed after a warm-up), summed
# per coding over the files and given as ratios against the server's gzip
# writer, with the bytes.
# SPDX-License-Identifier: MIT
#
# Usage: bench/zstd_callgrind.sh [FILE...]
#   default files: every answer of tests/data/pages of 512 bytes or more
#   (CLB_COMPRESS_MIN_BYTES: smaller answers go as they are)
# Environment: BENCH_BUILD_DIR (default build-bench; a Release tree with
# the tests), BENCH_ZSTD_DICT=1 adds the dictionary codings (bench_zstd.c).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BENCH_BUILD_DIR:-$ROOT/build-bench}
for tool in cmake valgrind callgrind_annotate; do
  command -v "$tool" >/dev/null || { echo "zstd_callgrind: $tool not found" >&2; exit 1; }
done
if [ ! -f "$BUILD/CMakeCache.txt" ]; then
  cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
nice -n 10 cmake --build "$BUILD" -j2 --target bench_zstd >/dev/null
if [ $# -eq 0 ]; then
  mapfile -t files < <(find "$ROOT/tests/data/pages" \( -name '*.html' -o -name '*.json' \) -size +511c | sort)
else
  files=("$@")
fi
dict=()
[ "${BENCH_ZSTD_DICT:-0}" = 1 ] && dict=(--dict)
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
# The counting run prints "CODING FILE BYTES COMPRESSED" for each answer.
valgrind --tool=callgrind --dump-instr=no --collect-jumps=no -q \
  --callgrind-out-file="$OUT/cg.out" "$BUILD/bench/bench_zstd" --count \
  "${dict[@]}" "${files[@]}" >"$OUT/sizes.txt"
# Each dump: "desc: Trigger: Client Request: CODING FILE" and "totals: N".
i=1
while [ -f "$OUT/cg.out.$i" ]; do
  awk '/^desc: Trigger: Client Request: /{sub(/^desc: Trigger: Client Request: /,""); name=$0}
       /^totals: /{print name, $2}' "$OUT/cg.out.$i"
  i=$((i + 1))
done >"$OUT/counts.txt"
node - "$OUT/counts.txt" "$OUT/sizes.txt" <<'JS'
const fs = require('fs');
const [counts, sizes] = process.argv.slice(2).map((f) => fs.readFileSync(f, 'utf8').trim().split('\n'));
const ins = new Map(), bytes = new Map(), inb = new Map(), order = [], filesSeen = [];
for (const l of counts) {
  const [coding, file, n] = l.split(' ');
  if (!ins.has(coding)) { ins.set(coding, new Map()); order.push(coding); }
  ins.get(coding).set(file, Number(n));
  if (!filesSeen.includes(file)) filesSeen.push(file);
}
for (const l of sizes) {
  const [coding, file, n, z] = l.split(' ');
  if (!bytes.has(coding)) bytes.set(coding, new Map());
  bytes.get(coding).set(file, Number(z));
  inb.set(file, Number(n));
}
const base = order[0];
const sum = (m, fs) => fs.reduce((s, f) => s + m.get(f), 0);
const show = (title, fs) => {
  const n = fs.reduce((s, f) => s + inb.get(f), 0);
  console.log(`${title} (${fs.length} file${fs.length > 1 ? 's' : ''}, ${n} bytes)`);
  console.log(`  ${'coding'.padEnd(14)} ${'instructions'.padStart(12)} ${'a byte'.padStart(7)} ${'ratio'.padStart(6)} ${'bytes'.padStart(8)} ${'ratio'.padStart(6)}`);
  const bi = sum(ins.get(base), fs), bb = sum(bytes.get(base), fs);
  for (const c of order) {
    const i = sum(ins.get(c), fs), b = sum(bytes.get(c), fs);
    console.log(`  ${c.padEnd(14)} ${String(i).padStart(12)} ${(i / n).toFixed(2).padStart(7)} ${(i / bi).toFixed(3).padStart(6)} ${String(b).padStart(8)} ${(b / bb).toFixed(3).padStart(6)}`);
  }
};
console.log(`instructions of one answer compressed (callgrind), against ${base}\n`);
for (const f of ['board-mid.html', 'board-late.html', 'api-move.json'])
  if (filesSeen.includes(f)) show(f, [f]);
show('all', filesSeen);
JS
