#!/usr/bin/env bash
# tests/coverage.sh - line and branch coverage of the unit and HTTP tests.
#
# Builds a separate tree (build-cov/: -O1 -g, gcc --coverage with
# -fprofile-update=atomic so that the server's worker threads count
# correctly, no sanitizers), runs the unit tests (core_*, dict_*,
# server_*) and the HTTP tests (http_*) through CTest, and prints, with gcovr, the lines and branches of
# core/, dict/ and server/ and then of every file, lowest branch coverage
# first. A report, not a gate: it exits non-zero only when the build or a
# test fails, never for a percentage. tests/README.md ("Coverage") explains
# what stays uncovered; bench/README.md ("Coverage, issue 15") holds the
# last table.
#
#   bash tests/coverage.sh               build, run, report
#   bash tests/coverage.sh --report      report on the counts already in build-cov/
#   bash tests/coverage.sh --missing F   the lines of file F (e.g. core/link2.c)
#                                        with a branch never taken, after a run
#   bash tests/coverage.sh -- ARGS       extra ctest arguments (e.g. -- -R '^core_')
#
# How branches are counted: every branch gcc keeps at -O1 (each side of an
# if, loop, ?:, && and ||, and each case of a switch), as gcov reports it.
# -O1 rather than -O0 because core/movegen.c compiles its search in copies
# with a constant variant each, whose tests gcc keeps at -O0 (hundreds of
# branches no input can take both ways) and folds at -O1, as in any real
# build. gcovr's --exclude-unreachable-branches drops branches gcc
# attaches to lines without code of their own (such as a closing brace);
# there are no exclusion markers in the sources. --exclude-throw-branches
# is not used: it concerns C++ exceptions, which C has none of. The two
# assert()s of core/lzstring.c are counted like any branch (their failing
# side is never taken: two branches in all).
#
# The server the HTTP tests start writes its counts when it exits, which it
# does cleanly on SIGTERM (the tests' way of stopping it); the gcov runtime
# locks each .gcda file, so the processes CTest runs side by side (-j2) add
# up rather than overwrite each other.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${COVERAGE_BUILD_DIR:-build-cov}
# The tests counted: the unit tests and the HTTP tests (all of http_*: the
# nginx one too, which runs two of our servers). The browser, container,
# fuzz, codec-differential and CLI tests are left out: they are the other
# suites, and the figures stay comparable from run to run. The
# out-of-memory sweeps (alloc_fail_unit, alloc_fail_http) are counted: their
# binaries link the very objects of this build, and they are the tests of
# the allocation-failure branches.
TESTS='^(core_|dict_|server_|http_|alloc_fail_(unit|http)$)'

mode=run
missing=""
ctest_args=()
while [ $# -gt 0 ]; do
    case "$1" in
    --report) mode=report ;;
    --missing)
        mode=missing
        missing=${2:?--missing needs a file, e.g. core/link2.c}
        shift
        ;;
    --) shift; ctest_args=("$@"); break ;;
    -h | --help) sed -n '2,34p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "coverage.sh: unknown argument: $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done

if ! command -v gcovr >/dev/null; then
    echo "coverage.sh: installing gcovr (Debian package gcovr)"
    if [ "$(id -u)" -eq 0 ]; then
        apt-get install -y gcovr >/dev/null
    else
        sudo apt-get install -y gcovr >/dev/null
    fi
fi

# The search path is the build tree alone: other trees under the root
# (build-test/, an older build-cov-*/) would add their counts in.
GCOVR_COMMON=(--root . "$BUILD" --exclude-directories "$BUILD/CMakeFiles"
              --exclude-unreachable-branches
              --filter 'core/' --filter 'dict/' --filter 'server/'
              --exclude 'server/static_assets_data\.c' -j 2)

if [ "$mode" = run ]; then
    bash scripts/deps.sh test
    echo "coverage.sh: configuring $BUILD (-O1 -g, --coverage -fprofile-update=atomic)"
    cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Debug -DCLB_SANITIZE=OFF \
        -DCLB_WERROR=ON -DCMAKE_C_COMPILER=gcc \
        "-DCMAKE_C_FLAGS=--coverage -fprofile-update=atomic -O1 ${COVERAGE_CFLAGS:-}" \
        "-DCMAKE_EXE_LINKER_FLAGS=--coverage" >/dev/null
    echo "coverage.sh: building"
    cmake --build "$BUILD" -j"$(nproc)"
    # Counts from an earlier run (or from the build's own tools, such as
    # the lexicon compiler) would add to this run's.
    find "$BUILD" -name '*.gcda' -delete
    echo "coverage.sh: running the tests (ctest -R '$TESTS')"
    status=0
    ctest --test-dir "$BUILD" --output-on-failure -j2 -R "$TESTS" \
        "${ctest_args[@]}" || status=$?
    if [ "$status" -ne 0 ]; then
        echo "coverage.sh: a test failed; the figures below are of the tests that ran" >&2
    fi
fi

if ! find "$BUILD" -name '*.gcda' -print -quit 2>/dev/null | grep -q .; then
    echo "coverage.sh: no counts in $BUILD; run without --report first" >&2
    exit 1
fi

if [ "$mode" = missing ]; then
    # gcovr's text report names the lines with an untaken branch.
    gcovr "${GCOVR_COMMON[@]}" --branches --filter "$missing" --txt - |
        sed -n '/^File/,$p'
    exit 0
fi

summary=$(mktemp)
trap 'rm -f "$summary"' EXIT
gcovr "${GCOVR_COMMON[@]}" --json-summary "$summary"
python3 - "$summary" <<'EOF'
import json, sys
files = json.load(open(sys.argv[1]))["files"]
def pct(c, t):
    return "%5.1f%%" % (100.0 * c / t) if t else "    -"
dirs = {}
for f in files:
    d = f["filename"].split("/")[0] + "/"
    s = dirs.setdefault(d, [0, 0, 0, 0])
    s[0] += f["line_covered"]; s[1] += f["line_total"]
    s[2] += f["branch_covered"]; s[3] += f["branch_total"]
print()
print("%-10s %16s %18s" % ("directory", "lines", "branches"))
for d in sorted(dirs):
    s = dirs[d]
    print("%-10s %6s %9s %6s %11s" % (d, pct(s[0], s[1]), "%d/%d" % (s[0], s[1]),
                                       pct(s[2], s[3]), "%d/%d" % (s[2], s[3])))
print()
print("%-24s %16s %18s %10s" % ("file", "lines", "branches", "untaken"))
rows = sorted(files, key=lambda f: (f["branch_covered"] / f["branch_total"]
                                    if f["branch_total"] else 1.0, f["filename"]))
for f in rows:
    print("%-24s %6s %9s %6s %11s %10d" % (
        f["filename"], pct(f["line_covered"], f["line_total"]),
        "%d/%d" % (f["line_covered"], f["line_total"]),
        pct(f["branch_covered"], f["branch_total"]),
        "%d/%d" % (f["branch_covered"], f["branch_total"]),
        f["branch_total"] - f["branch_covered"]))
print()
print("Branches never taken, line by line: bash tests/coverage.sh --missing FILE")
EOF
