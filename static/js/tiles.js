/* static/js/tiles.js - this turn's tiles: picking a rack tile (and a
 * blank's letter), placing it, moving it, taking it back, typing a word
 * on the board, shuffling the rack, and the exchange and pass modes; and
 * the loading of static/more.js (more), which holds what of these (and
 * of the other parts) no first visit runs. */
/* SPDX-License-Identifier: MIT */
import { SELF, $, attr, setA, has, announce, pts, lazy, sheet } from './dom.js';
import { app, S, page, turn } from './state.js';
import { all, one, cell, rackTile, label, paint, unpaint, animate, alphabet, autoZoom, cursorTo, setDir,
  focusBoard, moveTo, gameId } from './board.js';
import { saveDraft, nameAll } from './keep.js';
import { playerName, named } from './storage.js';
import { hint, fail } from './feedback.js';
import { preview, send, load } from './network.js';
import { tr, trn } from './i18n.js';
import { copy } from './share.js';

// The typing of tiles of several characters, once loaded (static/runs.js),
// and the keys pressed before it was.
let runs = null, waiting = null;
// What static/more.js does, once loaded (more).
let extra = null;

export function select(i, keyboard) {
  const t = rackTile(i);
  deselect();
  if (!t || has(t, 'used')) return;
  turn.sel = i;
  turn.armed = false;
  setA(t, 'aria-pressed', true);
  app.classList.add('picking');
  autoZoom();
  if (attr(t, 'data-letter') !== 'BLANK') {
    announce(tr('{tile} selected. Choose a square.', { tile: attr(t, 'aria-label') }));
    if (keyboard) focusBoard();
    return;
  }
  openPicker(() => turn.sel === i, (letter) => {
    if (!letter) { deselect(); t.focus(); return; }
    turn.blankAs = letter;
    announce(tr('Blank as {letter}. Choose a square.', { letter }));
    focusBoard();
  });
}
export function deselect() {
  if (turn.sel >= 0 && rackTile(turn.sel)) setA(rackTile(turn.sel), 'aria-pressed', false);
  turn.sel = -1;
  turn.blankAs = '';
  if (app) app.classList.remove('picking');
}
// The picked rack tile (or blank, as blankAs) goes to square (r, c).
export function place(r, c) {
  const t = rackTile(turn.sel), sq = cell(r, c);
  if (!t || !sq || has(sq, 't')) return false;
  const blank = attr(t, 'data-letter') === 'BLANK', letter = blank ? turn.blankAs : attr(t, 'data-letter');
  if (!letter) return false;
  turn.pending.push({ row: r, col: c, letter, blank, idx: turn.sel });
  paint(sq, letter, blank, turn.sel);
  t.classList.add('used');
  deselect();
  changed();
  return true;
}
// Rack slot i, a blank, placed at square (r, c) as the letter the
// player picks for it.
export function placeBlank(i, r, c, then) {
  openPicker(() => !has(rackTile(i), 'used') && !has(cell(r, c), 't'), (letter) => {
    if (!letter) return;
    turn.sel = i;
    turn.blankAs = letter;
    if (place(r, c)) then();
  });
}
// A tile placed this turn moves to another empty square (drag and drop).
export function shift(from, to) {
  const p = turn.pending.filter((x) => x.row === from[0] && x.col === from[1])[0], sq = cell(to[0], to[1]);
  if (!p || !sq || has(sq, 't')) return;
  unpaint(cell(p.row, p.col));
  p.row = to[0];
  p.col = to[1];
  paint(sq, p.letter, p.blank, p.idx);
  announce(attr(sq, 'aria-label'));
  changed();
}
export function recall(r, c, quiet) {
  turn.pending = turn.pending.filter((p) => {
    if (p.row !== r || p.col !== c) return true;
    unpaint(cell(r, c));
    const t = rackTile(p.idx);
    if (t) { t.classList.remove('used'); animate(t, 'back'); }
    if (!quiet) announce(tr('{letter} back on your rack.', { letter: p.letter }));
    return false;
  });
  changed();
}
export function recallAll() {
  const n = turn.pending.length;
  turn.pending.slice().forEach((p) => { recall(p.row, p.col, true); });
  if (n) {
    announce(n === 1 ? tr('The tile is back on your rack.')
      : trn('All {n} tile is back on your rack.', 'All {n} tiles are back on your rack.', n, { n }));
  }
}
// Shuffles the rack's order on screen (the rack itself has no order that
// matters: a move names letters, not slots), always to a new order.
export function shuffle() {
  const rack = $('rack'), tiles = all('#rack .tile'), was = letters(tiles);
  for (let tries = 0; tries < 20 && letters(tiles) === was; tries++) {
    for (let i = tiles.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1)), x = tiles[i];
      tiles[i] = tiles[j];
      tiles[j] = x;
    }
  }
  tiles.forEach((t) => { rack.appendChild(t); });
  saveDraft();
  announce(tr('Rack shuffled: {tiles}.', { tiles: tiles.filter((x) => !has(x, 'used'))
    .map((x) => attr(x, 'data-letter') === 'BLANK' ? tr('blank') : attr(x, 'data-letter')).join(', ') }));
}
function letters(tiles) { return tiles.map((t) => attr(t, 'data-letter')).join(); }
export function buttons() {
  if ($('end-turn')) $('end-turn').disabled = !turn.pending.length || turn.busy || turn.invalid;
  if ($('recall')) $('recall').disabled = !turn.pending.length;
}
// Any change to the placed tiles: old highlights go, a preview is asked.
export function changed() {
  all('#board>.bad,#board>.bw').forEach((c) => { c.classList.remove('bad', 'bw'); label(c); });
  const m = $('msg'), pv = $('preview');
  if (m) { m.textContent = ''; m.className = 'msg'; }
  turn.invalid = false;
  buttons();
  saveDraft();
  clearTimeout(turn.timer);
  turn.seq++;
  if (!pv) return;
  // The old answer no longer describes the tiles: say so until the new one.
  pv.className = 'preview';
  pv.textContent = turn.pending.length ? tr('Checking\u2026') : '';
  if (turn.pending.length) turn.timer = setTimeout(preview, 120);
}
export function playMove() {
  return { type: 'play', tiles: turn.pending.map((p) => {
    const t = { row: p.row, col: p.col, letter: p.letter };
    if (p.blank) t.blank = true;
    return t;
  }) };
}
// "QI 11, IT 2: 13 points": each word with its points, then the total.
export function scored(j) {
  return (j.words || []).map((w, i) => w + ' ' + (j.wordPoints || [])[i]).join(', ') +
    ': ' + pts(j.points) + (j.bingo ? tr(', with the 50-point bingo') : '');
}
// A goals game: the face-up goals the play would complete, as the server judged them.
export function goalsOf(j) {
  return j.goals && j.goals.length ? tr(' \u00b7 completes: ') + j.goals.map((n) => {
    const g = one('[data-goal="' + n + '"]');
    return g ? g.textContent : n;
  }).join('; ') : '';
}
/* ---- exchange and pass ---- */
// The mode is the page's at once (a rack tile pressed next is one to
// exchange); what is said, the count and the focus are static/more.js's.
export function setMode(m, back) {
  if (m !== 'play' && turn.mode === m) return; // pressed again while that loads
  turn.mode = m;
  deselect();
  app.classList.toggle('exchanging', m === 'exchange');
  app.classList.toggle('passing', m === 'pass');
  $('ex-bar').hidden = m !== 'exchange';
  $('pass-bar').hidden = m !== 'pass';
  all('#rack .tile').forEach((t) => { setA(t, 'aria-pressed', false); });
  if (m === 'exchange') recallAll();
  if (m !== 'play' || back) more((x) => { x.setMode(m, back); });
}

/* ---- what static/more.js does: the blank's picker, the modes' words, the notices, the names ---- */
// Its functions once loaded (given this script's), and f given them: at
// once, or as they come in (late), then only if the page that asked is
// still the one in view (a press is acted on once, on its own page). A
// script that does not load says so, and the next press asks again.
export function more(f) {
  const was = app;
  if (extra) return f(extra);
  Promise.all([lazy(SELF, 'more', 'data-more'), sheet()]).then(([install]) => {
    extra = extra || install({ app: () => app, turn, tr, trn, all, one, deselect, recallAll, gameId, load, send, fail,
      copy, nameAll, playerName, named });
    if (app === was) f(extra, true);
  }, () => { if (app === was) fail(tr('Could not reach the Collabble server. Check the connection and reload.')); });
}
// The blank's letter picker, open once loaded, unless the page moved on
// meanwhile (still()): cb gets the letter picked ('' for none).
function openPicker(still, cb) {
  more((x) => { if (still()) x.picker(alphabet(), cb); });
}

/* ---- typing on the board ---- */
// A press (click, tap, Enter) on an empty square with no tile picked:
// the first puts the typing cursor there, the next turns its direction.
export function pressSquare(t, p) {
  const dir = page.dir;
  if (turn.armed && turn.cur[0] === p[0] && turn.cur[1] === p[1]) {
    setDir(dir[0] ? [0, 1] : [1, 0]);
    hint(page.dir[0] ? tr('Typing down \u2193.') : tr('Typing across \u2192.'));
    return;
  }
  cursorTo(p[0], p[1]);
  turn.armed = true;
  t.focus();
  // A finger has no keyboard to type with.
  hint(page.touch ? tr('Choose a tile from your rack first, then tap this square.')
    : tr('Choose a tile from your rack first, or type its letter here ({dir}; press the square again to turn).',
      { dir: dir[0] ? tr('down \u2193') : tr('across \u2192') }));
}
// What was typed on the board: each character of u (a key's, upper-cased)
// in turn. A set with tiles of several characters (Spanish CH, Catalan
// L·L) is typed by static/runs.js, loaded as its page comes in
// (several); keys pressed before it is wait for it.
export function type(u, r, c) {
  if (!runs && multi()) {
    if (waiting) { waiting.u += u; return; } // after the first, wherever it leaves the cursor
    waiting = { u, r, c };
    several().then(() => {
      const w = waiting;
      waiting = null;
      type(w.u, w.r, w.c);
    });
    return;
  }
  cursorTo(r, c);
  [...u].forEach((ch) => { (runs && multi() ? runs : typeOne)(ch); });
}
// Whether the page's tile set has a tile of several characters.
export function multi() { return alphabet().some((t) => [...t].length > 1); }
// static/runs.js's typing (its address is this script's data-runs), its
// typeOne given what it needs of this script's; a script that does not
// load leaves one character a tile.
export function several() {
  return lazy(SELF, 'runs', 'data-runs').then((install) => {
    runs = runs || install({ page, turn, cell, alphabet, moveTo, hint, tr, put, recall, fromRack, face });
  }, () => { runs = typeOne; });
}
// A character of a set whose tiles are one character each: its tile, or
// over the board's tile that is it.
function typeOne(ch) {
  const d = page.dir;
  let r = turn.cur[0], c = turn.cur[1], sq = cell(r, c);
  if (face(sq) === ch) return moveTo(r + d[0], c + d[1]);
  while (sq && has(sq, 't')) { r += d[0]; c += d[1]; sq = cell(r, c); }
  if (!sq) return hint(d[0] ? tr('No empty square below.') : tr('No empty square to the right.'));
  if (alphabet().indexOf(ch) >= 0 && put(ch, r, c)) moveTo(r + d[0], c + d[1]);
}
// The letters of the tile a square holds.
function face(sq) { return has(sq, 't') ? sq.firstChild.nodeValue.toUpperCase() : ''; }
// The rack tile that places `letter`: its own, else a blank.
function fromRack(letter) {
  return all('#rack .tile:not(.used)').filter((x) => attr(x, 'data-letter') === letter)[0] ||
    one('#rack .bl:not(.used)');
}
// That tile placed at (r, c).
function put(letter, r, c) {
  const t = fromRack(letter);
  if (!t) return hint(tr('No {letter} on your rack.', { letter }));
  deselect();
  turn.sel = +attr(t, 'data-index');
  turn.blankAs = letter;
  if (!place(r, c)) return false;
  announce(attr(cell(r, c), 'aria-label'));
  return true;
}
