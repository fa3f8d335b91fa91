#!/usr/bin/env bash
# bench/languages.sh - the budgets of issue 33 with every language loaded:
# the server's start, its resident memory after one game in each language,
# and each language's graph against its word count (bench/languages.mjs
# measures; bench/README.md, "Every language loaded", has the figures).
#
#   bench/languages.sh [BUILD_DIR]      (default: build-release)
#
# BUILD_DIR is a Release build (cmake -S . -B build-release
# -DCMAKE_BUILD_TYPE=Release && cmake --build build-release --target
# collabble): its server, its sowpods.clx and its languages directory
# (<build>/dict/lang, which that build compiles). COLLABBLE_LANGUAGES names another
# directory; RUNS sets the starts timed (default 5). Needs node (>= 18).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-release}
bin=$build/server/collabble
for f in "$bin" "$build/dict/sowpods.clx"; do
    [ -e "$f" ] || {
        echo "languages.sh: $f: not found (build $build in Release first)" >&2
        exit 1
    }
done
dir=${COLLABBLE_LANGUAGES:-$build/dict/lang}
[ -d "$dir" ] || {
    echo "languages.sh: $dir: no languages directory" >&2
    exit 1
}
exec node bench/languages.mjs "$bin" "$build/dict/sowpods.clx" "$dir"
