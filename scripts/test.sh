#!/usr/bin/env bash
# scripts/test.sh - installs what is missing and runs every test: the unit
# tests (Criterion), the codec against the real lz-string, the HTTP tests
# against the real server, the browser tests in Chromium, a short fuzz run
# and the container test. The build uses AddressSanitizer and
# UndefinedBehaviorSanitizer, with warnings as errors.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh test
cmake -S . -B build-test -DCMAKE_BUILD_TYPE=Debug -DCLB_SANITIZE=ON \
    -DCLB_WERROR=ON >/dev/null
cmake --build build-test -j"$(nproc)"
# Leaks fail the run too; ASan's report names the allocation.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
ctest --test-dir build-test --output-on-failure -j2 "$@"
