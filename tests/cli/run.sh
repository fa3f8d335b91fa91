#!/usr/bin/env bash
# tests/cli/run.sh - drives collabble-cli through a short game: new, show,
# decode/encode round trip, an invalid word, the legal plays and the best of
# them played, pass, pass, and the usage errors; given collabble-dictc and
# a word list, a game in the made-up tile set x-test27 (a CH tile) too.
# Usage: run.sh PATH_TO_collabble-cli [PATH_TO_collabble-dictc WORDS.txt]
set -uo pipefail
cli=$1
dictc=${2:-}
wordlist=${3:-}
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
# review: every move made with its rack's best play; P1's best before its
# pass is the best play `plays` listed on that position.
rv=$("$cli" review "$s2")
check "review exits 0" test $? -eq 0
check "review has a line a move and the total" test "$(wc -l <<<"$rv")" -eq 3
check "review names the move and its best play" bash -c 'grep -Eq "^  1 P1 pass +\+0  best [A-Z]+ at [A-O]?[0-9]+[A-O]? for [0-9]+$" <<<"$0"' "$rv"
first=$("$cli" plays "$s" 1 | sed -n 2p)
check "the best play is the one plays lists first" \
    test "$(sed -n 1p <<<"$rv" | awk '{print $8, $10}')" = "$(awk '{print $2, $1}' <<<"$first")"
check "review totals the moves against the best plays" bash -c 'tail -1 <<<"$0" | grep -Eq "^you scored 0 of a possible [1-9][0-9]*$"' "$rv"
check "a new game has nothing to review" test "$("$cli" review "$s")" = "you scored 0 of a possible 0"
"$cli" review 'not-a-link' >/dev/null 2>&1
check "review of a damaged link exits 1" test $? -eq 1

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

# Conventions of git and curl: help per command, -h and help, --version,
# options named when wrong, --opt=VALUE and options after the command.
for cmd in new show moves gcg decode encode play plays review; do
    out=$("$cli" "$cmd" --help 2>&1)
    check "$cmd --help shows its own usage and exits 0" bash -c '[ $0 -eq 0 ] && grep -q "^Usage: collabble-cli \[OPTIONS\] $1" <<<"$2"' $? "$cmd" "$out"
    check "help $cmd is $cmd --help" test "$("$cli" help "$cmd")" = "$out"
done
check "new --help does not start a game seeded --help" bash -c '! "$0" new --help | grep -q "^2"' "$cli"
check "-h is --help" test "$("$cli" -h)" = "$("$cli" --help)"
check "help alone is --help" test "$("$cli" help)" = "$("$cli" --help)"
check "--version prints the version" bash -c '"$0" --version | grep -Eq "^collabble-cli [0-9]+\.[0-9]+\.[0-9]+$"' "$cli"
msg=$("$cli" --format 2>&1)
check "--format without a value names it and exits 2" bash -c '[ $0 -eq 2 ] && grep -q "option .--format. needs a value" <<<"$1"' $? "$msg"
msg=$("$cli" --format v3 new 2>&1)
check "--format v3 names the value" bash -c '[ $0 -eq 2 ] && grep -q "takes v1 or v2, not .v3." <<<"$1"' $? "$msg"
msg=$("$cli" --colour new 2>&1)
check "an unknown option is named" bash -c '[ $0 -eq 2 ] && grep -q "unknown option .--colour." <<<"$1"' $? "$msg"
msg=$("$cli" frobnicate 2>&1)
check "an unknown command is named" grep -q "unknown command .frobnicate." <<<"$msg"
msg=$("$cli" show 2>&1)
check "a missing argument says so" grep -q "show: missing arguments (usage: show S)" <<<"$msg"
check "--format=v1 works as --format v1" test "$("$cli" --format=v1 new cli-test)" = "$c"
check "an option after the command works" test "$("$cli" new cli-test --format v1)" = "$c"
check "-- ends the options" bash -c 'test "$("$0" -- new --odd-seed)" = "$("$0" new -- --odd-seed)"' "$cli"
check "- reads S from standard input" test "$(echo "$s" | "$cli" show -)" = "$("$cli" show "$s")"
echo "" | "$cli" show - >/dev/null 2>&1
check "- with nothing on standard input exits 2" test $? -eq 2
# The help fits 80 columns, the list shows each command's summary whole
# (the sentence its own help opens with), and each command's help ends
# with a whole sentence.
wide=$( { "$cli" --help; for cmd in new daily show moves gcg decode encode play plays review help; do "$cli" "$cmd" --help; done; } | awk 'length > 80')
check "no line of the help is wider than 80 columns" test -z "$wide"
[ -z "$wide" ] || printf '%s\n' "$wide" >&2
for cmd in new daily show moves gcg decode encode play plays review help; do
    # "  %-7s %-10s SUMMARY": the summary from column 22.
    listed=$("$cli" --help | awk -v c="$cmd" 'substr($0, 1, 10) == sprintf("  %-7s ", c) { print substr($0, 22) }')
    own=$("$cli" "$cmd" --help | sed -n 3p)
    check "the list shows $cmd's summary whole, as its own help opens" \
        test "${own,}" = "$listed."
    check "$cmd --help ends with a whole sentence" \
        bash -c '"$0" "$1" --help | tail -n 1 | grep -q "\.$"' "$cli" "$cmd"
done
# A refusal's headline comes first, then the words and squares it names.
rack=$("$cli" show "$s" | sed -n 's/^P1: //p' | tr -d ' ')
msg=$("$cli" play "$s" "8D ${rack:1:5}" 2>&1)
check "an invalid word exits 1" test $? -eq 1
check "the refusal's headline is its first line" \
    bash -c 'head -n 1 <<<"$0" | grep -q "^collabble-cli: invalid_word: Not in the dictionary - $1$"' "$msg" "${rack:1:5}"
check "then the word and the squares, named" \
    bash -c 'sed -n 2p <<<"$0" | grep -q "^  word: $1$" && sed -n 3p <<<"$0" | grep -q "^  cell: 7,3 (D8)$"' "$msg" "${rack:1:5}"
# A link of a word list this program was not given: no "server" here.
words=$(mktemp)
printf 'CAT\nDOG\nAT\n' >"$words"
msg=$("$cli" --lexicon "$words" show "$s" 2>&1)
check "a link of another word list exits 1" test $? -eq 1
check "the refusal names --lexicon, not a server" \
    bash -c 'grep -q "^collabble-cli: unknown_lexicon: .*--lexicon" <<<"$0" && ! grep -qi server <<<"$0"' "$msg"
rm -f "$words"
# play takes the notation plays prints (8B DODGIER): the same move as JSON.
best=$("$cli" plays "$s" 1 | sed -n 2p)
at=$(awk '{print $2}' <<<"$best")
word=$(awk '{print $4}' <<<"$best" | cut -d, -f1)
json="{${best#*\{}"
check "play 'SQUARE WORD' is the same move as its JSON" \
    test "$("$cli" play "$s" "$at $word" 2>/dev/null)" = "$("$cli" play "$s" "$json" 2>/dev/null)"
# Through a letter on the board: the second play's word includes it.
s1=$("$cli" play "$s" "$at $word" 2>/dev/null)
b2=$("$cli" plays "$s1" 1 | sed -n 2p)
j2="{${b2#*\{}"
check "a play through letters on the board, in the notation" \
    test "$("$cli" play "$s1" "$(awk '{print $2}' <<<"$b2") $(awk '{print $4}' <<<"$b2" | cut -d, -f1)" 2>/dev/null)" = "$("$cli" play "$s1" "$j2" 2>/dev/null)"
msg=$("$cli" play "$s" "8Z $word" 2>&1)
check "a square off the board is named" bash -c '[ $0 -eq 2 ] && grep -q "8Z. is not a square" <<<"$1"' $? "$msg"
msg=$("$cli" play "$s" '{"type":"play","tiles":[{"row":7' 2>&1)
check "a truncated JSON move says where" bash -c '[ $0 -eq 2 ] && grep -q "not valid JSON (column [0-9]*:" <<<"$1"' $? "$msg"

# A goals game: started with --goals, its goals shown, helpers used, a goal
# completed, and its refusals.
g=$("$cli" --goals easy new docs)
check "a goals game's link is one character longer" test ${#g} -eq $((${#s} + 1))
check "show lists the goals, the target and the helpers" \
    bash -c '"$0" show "$1" | grep -q "^goals easy: 0 of 12  helpers 3$"' "$cli" "$g"
check "show lists three goals face up" test "$("$cli" show "$g" | grep -c '^  [a-z][a-z0-9-]* ')" -eq 3
g1=$("$cli" play "$g" "swap ? L" 2>/dev/null)
check "a swap trades one tile each" bash -c '"$0" show "$1" | grep -q "^P1: G R O D I L D$"' "$cli" "$g1"
check "a swap uses a helper, not the turn" \
    bash -c '"$0" show "$1" | grep -q "turn P1" && "$0" show "$1" | grep -q "helpers 2$"' "$cli" "$g1"
err=$("$cli" play "$g1" "H8 DO" 2>&1 >/dev/null)
check "a play names the goal it completes" grep -q "^goal down$" <<<"$err"
g2=$("$cli" play "$g1" "H8 DO" 2>/dev/null)
check "the move list shows the helper and the goal" \
    bash -c '"$0" moves "$1" | grep -q "P1 helper swap" && "$0" moves "$1" | grep -q "goals down$"' "$cli" "$g2"
g3=$("$cli" play "$g2" peek 2>/dev/null)
check "peek shows a square" bash -c '"$0" show "$1" | grep -Eq "^peek: the best play covers [A-O][0-9]+$"' "$cli" "$g3"
g4=$("$cli" play "$g3" newgoals 2>/dev/null)
msg=$("$cli" play "$g4" peek 2>&1)
check "no helper left is refused" bash -c '[ $0 -eq 1 ] && grep -q "no_helper_left" <<<"$1"' $? "$msg"
msg=$("$cli" play "$s" peek 2>&1)
check "a helper in a plain game is refused" bash -c '[ $0 -eq 1 ] && grep -q "not_goals_game" <<<"$1"' $? "$msg"
msg=$("$cli" play "$g" "swap I I" 2>&1)
check "a swap of two tiles alike is refused" bash -c '[ $0 -eq 1 ] && grep -q "bad_swap" <<<"$1"' $? "$msg"
msg=$("$cli" --format v1 --goals hard new docs 2>&1)
check "a goals game has no classic link" bash -c '[ $0 -eq 1 ] && grep -q "no_classic_link" <<<"$1"' $? "$msg"
msg=$("$cli" --goals expert new 2>&1)
check "an unknown difficulty is a usage error" bash -c '[ $0 -eq 2 ] && grep -q "easy, normal or hard" <<<"$1"' $? "$msg"

# A game in x-test27: its CH tile shown, typed and refused in its display
# strings; a goals game in it.
if [ -n "$dictc" ]; then
    tmp=$(mktemp -d)
    "$dictc" --tileset x-test27 "$wordlist" "$tmp/x27.clx" >/dev/null
    x27=("$cli" --lexicon "$tmp/x27.clx")
    seed=
    for i in $(seq 0 60); do # a deal whose P1 rack holds a CH tile
        s=$("${x27[@]}" new "ch-$i")
        if "${x27[@]}" show "$s" | grep -q '^P1:.* CH\b'; then seed=ch-$i; break; fi
    done
    check "a deal with a CH tile, shown as CH" test -n "$seed"
    best=$("${x27[@]}" plays "$s" 1000 | grep '"letter":"CH"' | grep -v blank | head -n 1)
    at=$(awk '{print $2}' <<<"$best")
    word=$(awk '{print $4}' <<<"$best" | cut -d, -f1)
    json="{${best#*\{}"
    check "plays writes CH words in display strings" grep -q CH <<<"$word"
    check "a CH word typed in the notation is the same move as its JSON" \
        test "$("${x27[@]}" play "$s" "$at $word" 2>/dev/null)" = "$("${x27[@]}" play "$s" "$json" 2>/dev/null)"
    check "its words and points in display strings" \
        bash -c '"${@:3}" play "$0" "$1" 2>&1 >/dev/null | grep -q "^$2 [0-9]"' "$s" "$at $word" "$word" "${x27[@]}"
    msg=$("${x27[@]}" play "$s" "8H CHT" 2>&1)
    check "a refused CH word is written as CH" \
        bash -c 'grep -q "^collabble-cli: invalid_word: Not in the dictionary - CHT$" <<<"$0" && grep -q "^  word: CHT$" <<<"$0"' "$msg"
    check "exchange CH" "${x27[@]}" play "$s" "exchange CH"
    g=$("${x27[@]}" --goals easy new "$seed")
    check "a goals game in x-test27, its goals shown" \
        bash -c '"${@:1}" show "$0" | grep -q "^goals easy: 0 of 12"' "$g" "${x27[@]}"
    rm -rf "$tmp"
fi

# --language: the list must be in the language asked for; English is the
# built-in list's; an unknown code is a usage error naming the codes.
check "--language en with the built-in list" test "$("$cli" --language en new docs)" = "$("$cli" new docs)"
msg=$("$cli" --language xx new 2>&1)
check "--language xx is a usage error listing the codes" \
    bash -c '[ $0 -eq 2 ] && grep -q "ISO 639-1 code (en, fr, de, es, it, nl, pl, pt, ca, nb, sv, da)" <<<"$1"' $? "$msg"
msg=$("$cli" --lexicon @builtin --language fr new 2>&1)
check "--language fr with the built-in list says which to give" \
    bash -c '[ $0 -eq 2 ] && grep -q "built-in word list is in English, not Français.*--tileset fr" <<<"$1"' $? "$msg"
if [ -n "$dictc" ]; then
    tmp=$(mktemp -d)
    printf 'ete\nchat\ngarcon\n' >"$tmp/fr.txt"
    "$dictc" --tileset fr "$tmp/fr.txt" "$tmp/fr.clx" >/dev/null
    s=$("$cli" --lexicon "$tmp/fr.clx" --language fr new docs)
    check "--language fr with a French list deals a French game" \
        test "$s" = "$("$cli" --lexicon "$tmp/fr.clx" new docs)"
    check "its link names the French set" grep -q 'fr' <<<"$s"
    msg=$("$cli" --lexicon "$tmp/fr.clx" --language de new 2>&1)
    check "--language de with a French list is refused" \
        bash -c '[ $0 -eq 2 ] && grep -q "is in Français, not Deutsch" <<<"$1"' $? "$msg"
    mkdir "$tmp/lang" && cp "$tmp/fr.clx" "$tmp/lang/fr.clx"
    check "--language fr alone: fr.clx of COLLABBLE_LANGUAGES" \
        test "$(COLLABBLE_LANGUAGES="$tmp/lang" "$cli" --language fr new docs)" = "$s"
    msg=$(COLLABBLE_LANGUAGES= "$cli" --language fr new docs 2>&1)
    check "--language fr with no list nor directory says what to give" \
        bash -c '[ $0 -eq 2 ] && grep -q "with --lexicon FILE, or the languages. directory in COLLABBLE_LANGUAGES" <<<"$1"' $? "$msg"
    # A Spanish rack in its tiles' strings, in plays as in show.
    printf 'CHICO\nNIÑO\nCALLE\nPERRO\n' >"$tmp/es.txt"
    "$dictc" --tileset es "$tmp/es.txt" "$tmp/es.clx" >/dev/null
    es=("$cli" --lexicon "$tmp/es.clx")
    s=$("${es[@]}" new docs)
    rack=$("${es[@]}" show "$s" | sed -n 's/^P1: //p' | tr -d ' ')
    check "plays names the rack in the set's strings" \
        bash -c '"${@:2}" plays "$0" 0 | grep -qF "(rack $1)"' "$s" "$rack" "${es[@]}"
    rm -rf "$tmp"
fi

echo "cli: $pass passed, $fail failed"
test "$fail" -eq 0
