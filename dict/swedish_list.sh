#!/bin/sh
# dict/swedish_list.sh - the Swedish word list the build compiles, made from
# the hunspell dictionary (Debian's hunspell-sv): every form its affix rules
# make (unmunch, from hunspell-tools), kept only where hunspell itself
# accepts it (hunspell -G), one word a line in UTF-8.
#
#   dict/swedish_list.sh DIR/sv_SE OUT.txt
#
# Why: Debian's wswedish is small (121,000 entries, most of them without
# their inflections); the hunspell dictionary spells the whole language, but
# as stems and affix rules. unmunch expands the rules blindly, so a form it
# makes is kept only when hunspell, which applies them with their
# conditions, accepts it. Measured on this build's machine: unmunch 0.2 s,
# hunspell -G about 5 s for 852,000 forms; a line of progress every tenth.
# Writes OUT.txt through a temporary file, so a failed run leaves none.
set -eu

dic=$1.dic
aff=$1.aff
out=$2
for f in "$dic" "$aff"; do
    [ -r "$f" ] || {
        echo "swedish_list.sh: $f: not found (install hunspell-sv)" >&2
        exit 1
    }
done
for p in unmunch hunspell; do
    command -v "$p" >/dev/null || {
        echo "swedish_list.sh: $p: not found (install hunspell-tools and hunspell)" >&2
        exit 1
    }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
say() { echo "swedish_list.sh: $*" >&2; }

say "unmunch $dic"
# unmunch says every line of the affix file it parses on stderr: not news.
unmunch "$dic" "$aff" 2>/dev/null | LC_ALL=C sort -u >"$tmp/forms"
total=$(wc -l <"$tmp/forms")
say "$total forms; hunspell -G keeps those hunspell accepts"
split -n l/10 "$tmp/forms" "$tmp/part."
i=0
for part in "$tmp"/part.*; do
    hunspell -G -d "$1" <"$part" >>"$tmp/kept"
    i=$((i + 1))
    say "hunspell -G: $i of 10 parts, $(wc -l <"$tmp/kept") forms kept"
done
mv "$tmp/kept" "$out.tmp"
mv "$out.tmp" "$out"
