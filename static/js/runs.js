/* static/js/runs.js - typing a tile of several characters (Spanish CH,
 * Catalan L·L) by its characters on the board: the script of its own
 * static/runs.js, which static/app.js loads as a page of such a set comes
 * in (tiles.js, several), so that a first visit of any other set never
 * does. It works on the main script's turn and page through what tiles.js
 * lends it (install): one state, not a copy. */
/* SPDX-License-Identifier: MIT */
import { attr, has } from './dom.js';

let page, turn, cell, alphabet, moveTo, hint, tr, put, recall, fromRack, face;
// What tiles.js lends: its turn and page, and the functions that act on them.
export function install(x) {
  ({ page, turn, cell, alphabet, moveTo, hint, tr, put, recall, fromRack, face } = x);
  return typeOne;
}
// A tile of several characters is typed by its characters: the ones that
// follow the tile typed just before make it (Spanish C then H is CH, R
// then R is RR; Catalan N then Y is NY, Q then U is QU, L then · or .
// then L is L·L), which the rules allow since a word never spells such
// a tile by its parts; a character that only starts one (Catalan Q) waits
// for the rest, and so does one that starts a tile on the board (its C,
// of CH), stepped over once whole. turn.run is that tile: its square (at),
// the characters typed toward it (text), the tile placed there (tile, ''
// for none yet; board for the board's), and the square the cursor was
// left on (next), off which it no longer holds.
function typeOne(ch) {
  const d = page.dir, run = turn.run, cur = turn.cur, a = alphabet();
  let r = cur[0], c = cur[1], sq = cell(r, c);
  turn.run = null;
  if (run && run.next[0] === r && run.next[1] === c &&
      (!run.tile || attr(cell(run.at[0], run.at[1]), 'data-letter') === run.tile)) {
    const text = run.text + ch, f = run.board && face(sq);
    if (run.board && f === text) return moveTo(r + d[0], c + d[1]);
    if (!run.board && a.indexOf(text) >= 0) return compose(run, text);
    run.text = text;
    if (run.board ? f.indexOf(text) === 0 : longer(text)) { turn.run = run; return; }
  }
  if (has(sq, 't') && face(sq).indexOf(ch) === 0) {
    if (face(sq) === ch) return moveTo(r + d[0], c + d[1]);
    turn.run = { at: cur, text: ch, next: cur, board: 1 };
    return;
  }
  while (sq && has(sq, 't')) { r += d[0]; c += d[1]; sq = cell(r, c); }
  if (!sq) return hint(d[0] ? tr('No empty square below.') : tr('No empty square to the right.'));
  // Only a part of a tile here (Catalan Q, Y, ·; Spanish R with an RR
  // but no R on the rack): the rest of it may follow.
  const part = !(a.indexOf(ch) >= 0 && fromRack(ch)) && longer(ch);
  if (part || a.indexOf(ch) >= 0 && put(ch, r, c)) {
    moveTo(r + (part ? 0 : d[0]), c + (part ? 0 : d[1]));
    turn.run = { at: [r, c], text: ch, next: turn.cur.slice(), tile: part ? '' : ch };
  }
}
function longer(text) { return alphabet().some((t) => t.length > text.length && t.indexOf(text) === 0); }
// The tile of several characters `text` made where the run started: the
// tile typed before it goes back to the rack (the cursor stays on).
function compose(run, text) {
  const r = run.at[0], c = run.at[1], was = run.tile && turn.pending.filter((p) => p.row === r && p.col === c)[0];
  if (was) recall(r, c, true);
  if (!put(text, r, c)) return was && put(was.letter, r, c); // none on the rack: the tile typed stays
  if (!was) moveTo(r + page.dir[0], c + page.dir[1]);
  turn.run = { at: run.at, text, next: turn.cur.slice(), tile: text };
}
