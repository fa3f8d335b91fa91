#!/usr/bin/env bash
# scripts/test.sh - installs what is missing and runs every test: the unit
# tests (Criterion), the codec against the real lz-string, the HTTP tests
# against the real server (hostile clients, and nginx in front of two
# servers), the browser tests in Chromium, a short fuzz run (libFuzzer and
# raw HTTP) and the container test. The build uses AddressSanitizer and
# UndefinedBehaviorSanitizer, with warnings as errors. Arguments go to
# ctest (e.g. `-E container`, `-R http_`).
set -euo pipefail
cd "$(dirname "$0")/.."
T0=$SECONDS
step() { printf 'test.sh: [%3ds] %s\n' "$((SECONDS - T0))" "$*"; }
step "checking and installing dependencies (scripts/deps.sh test)"
bash scripts/deps.sh test
step "configuring build-test (Debug, ASan + UBSan, -Werror)"
cmake -S . -B build-test -DCMAKE_BUILD_TYPE=Debug -DCLB_SANITIZE=ON \
    -DCLB_WERROR=ON >/dev/null
step "building"
cmake --build build-test -j"$(nproc)"
# Leaks fail the run too; ASan's report names the allocation.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
step "running the tests (ctest -j2; each line comes as a test ends)"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
ctest --test-dir build-test --output-on-failure -j2 "$@" 2>&1 | tee "$out" ||
    status=$?
# CTest shows a skipped test as "Skipped" and nothing more: print each
# one's own reason (the tests write "... SKIPPED (reason)"), then CTest's
# summary line again so that it stays the last word.
log=build-test/Testing/Temporary/LastTest.log
if [ -f "$log" ] && grep -q 'SKIPPED (' "$log"; then
    echo
    echo "Skipped, and why:"
    grep -h 'SKIPPED (' "$log" | sed 's/^/  /'
    grep -E '^[0-9]+% tests passed' "$out" | tail -n 1
fi
exit "$status"
