// tests/http/worst.mjs - the most expensive link a client can send: the
// search's slowest case (two blanks on a board of spread vowels, where
// nearly any arrangement makes words) at every other move of the longest
// history a link holds (CLB_MAX_GAME_MOVES). Built through a running
// server's own API, so the link is one the server wrote:
//   - 'pass': P1 holds ??AEIRS and always passes, P2 exchanges all seven
//     (the same rack on the same board 125 times);
//   - 'keep': P1 exchanges the five tiles that are not blanks (every rack
//     differs, two blanks each), P2 exchanges all seven.
// Shared by the amplification tests and bench/amplification.mjs.
// SPDX-License-Identifier: MIT
import { makeState, encode, emptyBoard } from './server.mjs';

export const MAX_MOVES = 250;

// 25 vowels on a grid (rows and columns 1, 4, 7, 10, 13), the rest of the
// tiles in the bag.
export function vowelBoard() {
  const b = emptyBoard();
  const vowels = 'AEIOUAEIOUAEIOAEIOUAEIOUE';
  let k = 0;
  for (const r of [1, 4, 7, 10, 13]) for (const c of [1, 4, 7, 10, 13]) b[r][c] = vowels[k++];
  return b;
}

async function postJson(url, value) {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`${url}: ${r.status} ${text}`);
  return JSON.parse(text);
}

// The classic link the history starts from (another gameId: the same
// position, other draws).
export function worstStart(gameId = 'worstCase01') {
  const st = makeState({
    board: vowelBoard(), p1: ['BLANK', 'BLANK', 'A', 'E', 'I', 'R', 'S'],
    p2: ['B', 'C', 'D', 'F', 'G', 'H', 'K'], gameId, score: 100,
  });
  return encode(st);
}

// Plays the recipe `mode` on `base` (http://host:port) to `moves` moves
// (default: the limit, which ends the game; `moves` short of it gives the
// same game in progress). Returns the v2 link's state text.
export async function worstLink(base, { mode = 'pass', moves = MAX_MOVES, gameId } = {}) {
  let s = worstStart(gameId);
  let g = (await postJson(`${base}/api/v1/decode`, { state: s })).game;
  for (let i = 0; i < moves && !g.gameOver; i++) {
    const rack = g.hands[g.turn];
    let move;
    if (g.turn === 'P1' && mode === 'pass') move = { type: 'pass' };
    else if (g.turn === 'P1') move = { type: 'exchange', tiles: rack.filter((t) => t !== 'BLANK') };
    else move = { type: 'exchange', tiles: rack };
    const r = await postJson(`${base}/api/v1/move`, { state: s, move, format: 'v2' });
    s = r.state;
    g = r.game;
  }
  return s;
}
