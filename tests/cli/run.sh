#!/usr/bin/env bash
# tests/cli/run.sh - drives collabble-cli through a short game: new, show,
# decode/encode round trip, an invalid word, the legal plays and the best of
# them played, pass, pass, and the usage errors. Usage: run.sh PATH_TO_collabble-cli
set -uo pipefail
cli=$1
pass=0 fail=0
check() { # name, then a command that must succeed
    local name=$1
    shift
    if "$@"; then pass=$((pass + 1)); else
        fail=$((fail + 1))
        echo "FAIL: $name" >&2
    fi
}

s=$("$cli" new cli-test)
check "new prints a state" test -n "$s"
check "same seed, same state" test "$s" = "$("$cli" new cli-test)"
check "show prints the board" bash -c '"$0" show "$1" | grep -q "score 0  turn P1  bag 86"' "$cli" "$s"
check "a new game's link is v2, eleven characters" bash -c '[[ $1 =~ ^2[A-Za-z0-9_-]{10}$ ]]' _ "$s"
c=$("$cli" --format v1 new cli-test)
check "--format v1 gives the classic link" bash -c '[[ $1 == N* ]]' _ "$c"
check "decode/encode round trip of the classic link" bash -c 'test "$("$0" decode "$1" | "$0" encode)" = "$1"' "$cli" "$c"
check "both links show the same game" test "$("$cli" show "$s" | tail -2)" = "$("$cli" show "$c" | tail -2)"

# P1's rack of the seeded game, and a play of its first two tiles as a
# made-up word across the star: refused as not a word, or accepted.
rack=$("$cli" show "$s" | sed -n 's/^P1: //p' | tr -d ' ')
check "P1 has seven tiles" test ${#rack} -eq 7
bad='{"type":"play","tiles":[{"row":7,"col":7,"letter":"Q"},{"row":7,"col":8,"letter":"Q"}]}'
errfile=$(mktemp)
"$cli" play "$s" "$bad" >/dev/null 2>"$errfile"
rc=$?
check "a move refused exits 1" test $rc -eq 1
check "the refusal names its code" grep -q "not_in_rack\|invalid_word" "$errfile"
rm -f "$errfile"

# plays: the count, the best three, and a listed move the rules accept.
out=$("$cli" plays "$s" 3)
check "plays exits 0" test $? -eq 0
check "plays counts the plays" bash -c 'head -1 <<<"$0" | grep -Eq "^[0-9]+ plays for P1 \(rack [A-Z?]{7}\), best first:$"' "$out"
check "plays lists three" test "$(tail -n +2 <<<"$out" | wc -l)" -eq 3
best=$(sed -n 2p <<<"$out")
points=$(awk '{print $1}' <<<"$best")
move=${best#*\{}
move="{$move"
pts=$("$cli" play "$s" "$move" 2>&1 >/dev/null | sed -n 's/^points \([0-9]*\).*/\1/p')
check "the best play is accepted with its points" test "$pts" = "$points"
"$cli" plays "$s" 1001 >/dev/null 2>&1
check "plays N past 1000 exits 2" test $? -eq 2
check "plays 0 only counts" test "$("$cli" plays "$s" 0 | wc -l)" -eq 1

s1=$("$cli" play "$s" pass 2>/dev/null)
check "pass gives a new state" test -n "$s1"
check "the history holds the pass" bash -c '"$0" moves "$1" | grep -q "^  1 P1 pass  +0 = 0$"' "$cli" "$s1"
c1=$("$cli" play "$c" pass 2>/dev/null)
check "a classic link is answered with a classic link" bash -c '[[ $1 == N* ]]' _ "$c1"
v1to2=$("$cli" --format v2 play "$c" pass 2>/dev/null)
check "a classic game continues as v2 on request" bash -c '"$0" show "$1" | grep -q "move 1  format v2"' "$cli" "$v1to2"
s2=$("$cli" play "$s1" pass 2>/dev/null)
check "two passes end the game" bash -c '"$0" show "$1" | grep -q "GAME OVER"' "$cli" "$s2"
check "gcg names both players and the passes" bash -c '"$0" gcg "$1" | grep -c "^>P[12]: [A-Z?]* - +0 0$" | grep -q 2' "$cli" "$s2"
"$cli" play "$s2" pass >/dev/null 2>&1
check "no move after the end" test $? -eq 1
"$cli" plays "$s2" 2>&1 | grep -q "game_over"
check "no plays after the end" test "${PIPESTATUS[0]}" -eq 1

"$cli" --help | grep -q "Usage: collabble-cli"
check "--help exits 0 on stdout" test "${PIPESTATUS[0]}" -eq 0
"$cli" frobnicate >/dev/null 2>&1
check "misuse exits 2" test $? -eq 2
"$cli" show 'not-a-link' >/dev/null 2>&1
check "a damaged link exits 1" test $? -eq 1

echo "cli: $pass passed, $fail failed"
test "$fail" -eq 0
