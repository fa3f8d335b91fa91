#!/usr/bin/env bash
# tests/data/pages/generate.sh - makes the links of the reference pages
# (*.link) with collabble-cli: greedy games (each turn the best play, a
# pass when there is none) from fixed seeds. The links are committed, and
# so are the pages server_pages renders from them (*.html, *.json).
# SPDX-License-Identifier: MIT
#
# Usage: tests/data/pages/generate.sh BUILD_DIR
set -euo pipefail
DIR=$(cd "$(dirname "$0")" && pwd)
CLI=${1:?usage: generate.sh BUILD_DIR}/tools/collabble-cli

# greedy S N: N more turns of best plays (a pass when there is none).
greedy() {
  local s=$1 n=$2 move
  for _ in $(seq 1 "$n"); do
    move=$("$CLI" plays "$s" 1 | sed -n '2s/^[^{]*//p')
    [ -n "$move" ] || move=pass
    s=$("$CLI" play "$s" "$move" 2>/dev/null | head -1) || break
  done
  echo "$s"
}
# to_end S: best plays until the game is over.
to_end() {
  local s=$1 move next
  while :; do
    move=$("$CLI" plays "$s" 1 2>/dev/null | sed -n '2s/^[^{]*//p') || break
    [ -n "$move" ] || move=pass
    next=$("$CLI" play "$s" "$move" 2>/dev/null | head -1) || break
    [ "$next" = "$s" ] && break
    s=$next
    "$CLI" show "$s" | head -1 | grep -q 'GAME OVER' && break
  done
  echo "$s"
}

mid=$(greedy "$("$CLI" new pages)" 10)
echo "$mid" >"$DIR/mid.link"
"$CLI" play "$mid" pass | head -1 >"$DIR/pass1.link"
# An exchange of the first three tiles of the rack to move.
turn=$("$CLI" show "$mid" | sed -n '1s/.* turn \(P[12]\) .*/\1/p')
rack=$("$CLI" show "$mid" | sed -n "s/^$turn: //p" | tr -d ' ')
"$CLI" play "$mid" "exchange ${rack:0:3}" 2>/dev/null | head -1 >"$DIR/exchange.link"
to_end "$("$CLI" new pages-over)" >"$DIR/over.link"
# The first daily deal (2026-12-01) played to the end: a result link.
to_end "$("$CLI" daily 2026-12-01)" >"$DIR/daily-over.link"
# A Normal goals game: New goals, four best plays, then a Peek (the page
# shows its square); an Easy one played to the end.
goals=$("$CLI" play "$("$CLI" --goals normal new pages-goals)" newgoals | head -1)
goals=$(greedy "$goals" 4)
"$CLI" play "$goals" peek | head -1 >"$DIR/goals-mid.link"
to_end "$("$CLI" --goals easy new pages-goals-over)" >"$DIR/goals-over.link"
