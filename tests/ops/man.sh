#!/usr/bin/env bash
# tests/ops/man.sh - the manual pages say what the programs say: each of
# docs/man/collabble.1, collabble-cli.1 and collabble-dictc.1 is exactly
# what tools/man.mjs writes from this build's program's --help (and, for
# collabble-cli, each command's --help). Where groff is installed, each
# page also renders without a warning, and its text, word for word, is
# the help's (so the writer drops and adds nothing).
#
#   tests/ops/man.sh SOURCE_DIR NODE COLLABBLE COLLABBLE_CLI COLLABBLE_DICTC
set -uo pipefail
src=$1
node=$2
shift 2
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() {
    pass=$((pass + 1))
    echo "man: ok - $*"
}
bad() {
    fail=$((fail + 1))
    echo "man: FAILED - $*"
}

# The words of a help as the page shows them: "Usage: " taken off the
# first line; for a command's help, "Usage: PROGRAM [OPTIONS] " taken off
# (the page's subsection is the command and its arguments).
help_words() {
    local bin=$1
    env -i PATH="$PATH" "$bin" --help | sed '1s/^Usage: //'
    if [ "$(basename "$bin")" = collabble-cli ]; then
        local cmd
        for cmd in $(env -i PATH="$PATH" "$bin" --help |
            awk '/^Commands/ { on = 1; next } on && /^$/ { exit } on { print $1 }'); do
            env -i PATH="$PATH" "$bin" "$cmd" --help | sed '1s/^Usage: [^ ]* \[OPTIONS\] //'
        done
    fi
}

for bin in "$@"; do
    name=$(basename "$bin")
    page=$src/docs/man/$name.1
    if [ ! -f "$page" ]; then
        bad "$name: no docs/man/$name.1"
        continue
    fi
    if ! "$node" "$src/tools/man.mjs" "$bin" >"$tmp/$name.1" 2>"$tmp/$name.err"; then
        cat "$tmp/$name.err"
        bad "$name: tools/man.mjs failed"
        continue
    fi
    if cmp -s "$tmp/$name.1" "$page"; then
        ok "docs/man/$name.1 is what $name --help says"
    else
        diff -u "$page" "$tmp/$name.1" | head -40
        bad "docs/man/$name.1 differs from $name --help (write it again: node tools/man.mjs --all BUILD_DIR docs/man)"
    fi

    if ! command -v groff >/dev/null; then
        echo "man: $name: groff is not installed, the page is not rendered (apt-get install groff-base)"
        continue
    fi
    warnings=$(groff -man -ww -z -Tascii "$page" 2>&1)
    if [ -z "$warnings" ]; then
        ok "$name.1 renders without a warning"
    else
        printf '%s\n' "$warnings" | head -10
        bad "$name.1: groff warns"
    fi
    # The page's text between SYNOPSIS and SEE ALSO, less its section
    # headings (flush left), against the help's words.
    groff -man -Tascii -P-cbou -rLL=200n "$page" 2>/dev/null |
        awk '/^SYNOPSIS$/ { on = 1; next } /^SEE ALSO$/ { on = 0 } on && !/^[A-Z][A-Z ]*$/' |
        tr -s ' \t\n' '\n\n\n' | sed '/^$/d' >"$tmp/$name.page-words"
    help_words "$bin" | tr -s ' \t\n' '\n\n\n' | sed '/^$/d' >"$tmp/$name.help-words"
    if cmp -s "$tmp/$name.page-words" "$tmp/$name.help-words"; then
        ok "$name.1 reads word for word as $name --help ($(wc -l <"$tmp/$name.help-words") words)"
    else
        diff "$tmp/$name.help-words" "$tmp/$name.page-words" | head -20
        bad "$name.1's text is not the help's"
    fi
done
echo "man: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
