#!/usr/bin/env bash
# tests/fuzz/run.sh - builds the libFuzzer targets (tests/fuzz/fuzz_*.c:
# fuzz_link, fuzz_link2, fuzz_clx, fuzz_request, fuzz_deflate,
# fuzz_gateway) with
# clang in a build directory of their own, and runs each for SECONDS
# (default 60) on a scratch copy of its seed corpus tests/fuzz/corpus/NAME
# (NAME = the target without "fuzz_"), so no new corpus files are ever
# written into the repository. Then it runs the raw-HTTP fuzzer
# (tests/fuzz/http_fuzz.mjs) for SECONDS against the real server built with
# ASan and UBSan. Crash inputs go to BUILD/artifacts/.
# SPDX-License-Identifier: MIT
#
# Usage: bash tests/fuzz/run.sh [SECONDS]
# Environment: CLB_FUZZ_BUILD_DIR (default: build-fuzz in the repository),
#              CLB_FUZZ_JOBS (build jobs, default 2), COLLABBLE_BIN (a
#              sanitizer build of the server for the HTTP fuzzer; default:
#              the one built here with clang), CLB_FUZZ_SEED (its seed).
# Exits 0 when every target ran clean, 1 on a crash, leak, timeout or
# failed build, 2 on misuse.
set -euo pipefail

secs=${1:-60}
if ! [[ $secs =~ ^[1-9][0-9]*$ ]]; then
    echo "run.sh: SECONDS must be a positive whole number, got '$secs'" >&2
    echo "usage: bash tests/fuzz/run.sh [SECONDS]" >&2
    exit 2
fi
if ! command -v clang >/dev/null 2>&1; then
    echo "run.sh: clang not found (libFuzzer needs it)" >&2
    exit 2
fi
if ! command -v node >/dev/null 2>&1; then
    echo "run.sh: node not found (the HTTP fuzzer needs it)" >&2
    exit 2
fi

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${CLB_FUZZ_BUILD_DIR:-$root/build-fuzz}
jobs=${CLB_FUZZ_JOBS:-2}
mkdir -p "$build/artifacts"

# -fno-sanitize-recover: UBSan must stop the run (and save the input), not
# print and go on.
echo "run.sh: configuring and building in $build"
if ! cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER=clang -DCLB_FUZZ=ON \
        -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_C_FLAGS="-fno-sanitize-recover=all" >"$build/configure.log" 2>&1; then
    cat "$build/configure.log" >&2
    echo "run.sh: configure failed" >&2
    exit 1
fi

targets=()
for src in "$here"/fuzz_*.c; do
    [[ -e $src ]] || continue
    targets+=("$(basename "$src" .c)")
done
if [[ ${#targets[@]} -eq 0 ]]; then
    echo "run.sh: no tests/fuzz/fuzz_*.c targets" >&2
    exit 1
fi
server_targets=()
if [[ -z ${COLLABBLE_BIN:-} ]]; then
    server_targets=(collabble clb_lexicon)
fi
cmake --build "$build" -j "$jobs" --target "${targets[@]}" "${server_targets[@]}"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

status=0
for t in "${targets[@]}"; do
    name=${t#fuzz_}
    corpus="$scratch/$name"
    mkdir -p "$corpus"
    if [[ -d $here/corpus/$name ]]; then
        cp -R "$here/corpus/$name/." "$corpus/"
    fi
    # -max_len past 16 KiB: the body and state limits must be reached.
    args=(-max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=20480
          -print_final_stats=1 -artifact_prefix="$build/artifacts/$t-")
    if [[ -f $here/$name.dict ]]; then
        args+=(-dict="$here/$name.dict")
    fi
    log="$build/$t.log"
    echo "run.sh: $t for ${secs}s (log: $log)"
    if "$build/tests/fuzz/$t" "${args[@]}" "$corpus" >"$log" 2>&1; then
        result=ok
    else
        result=FAILED
        status=1
        tail -n 60 "$log" >&2
    fi
    # The last progress line has the coverage; the final stats the runs.
    last=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    echo "run.sh: $t $result: ${execs:-?} runs; $last"
done

# The raw-HTTP fuzzer: the layer libFuzzer's targets do not reach.
bin=${COLLABBLE_BIN:-$build/server/collabble}
seed_args=()
[[ -z ${CLB_FUZZ_SEED:-} ]] || seed_args=(--seed "$CLB_FUZZ_SEED")
log="$build/http_fuzz.log"
echo "run.sh: http_fuzz for ${secs}s against $bin (log: $log)"
if COLLABBLE_BIN="$bin" node "$here/http_fuzz.mjs" "$secs" \
        --artifacts "$build/artifacts" "${seed_args[@]}" >"$log" 2>&1; then
    tail -n 4 "$log"
else
    status=1
    tail -n 80 "$log" >&2
    echo "run.sh: http_fuzz FAILED"
fi
exit $status
