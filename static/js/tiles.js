/* static/js/tiles.js - this turn's tiles: picking a rack tile (and a
 * blank's letter), placing it, moving it, taking it back, typing a word
 * on the board, shuffling the rack, and the exchange and pass modes. */
/* SPDX-License-Identifier: MIT */
import { SELF, $, attr, setA, has, el, announce, pts, lazy } from './dom.js';
import { app, S, page, turn } from './state.js';
import { all, one, cell, rackTile, label, paint, unpaint, animate, alphabet, autoZoom, cursorTo, setDir,
  focusBoard, moveTo } from './board.js';
import { saveDraft } from './keep.js';
import { hint } from './feedback.js';
import { preview, send } from './network.js';
import { tr, trn } from './i18n.js';

// The blank's letter picker (made when first asked for) and what it answers.
let picker = null, onPick = null;
// The typing of tiles of several characters, once loaded (static/runs.js),
// and the keys pressed before it was.
let runs = null, waiting = null;

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
  openPicker((letter) => {
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
  openPicker((letter) => {
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
// A helper of a goals game, sent as a move (it does not end the turn).
export function helper(t) {
  const m = { type: 'helper', helper: attr(t, 'data-helper') };
  if (m.helper === 'swap') { m.give = $('h-give').value; m.take = $('h-take').value; }
  recallAll();
  send(m, t);
}

/* ---- exchange and pass ---- */
export function setMode(m, back) {
  turn.mode = m;
  deselect();
  app.classList.toggle('exchanging', m === 'exchange');
  app.classList.toggle('passing', m === 'pass');
  $('ex-bar').hidden = m !== 'exchange';
  $('pass-bar').hidden = m !== 'pass';
  all('#rack .tile').forEach((t) => { setA(t, 'aria-pressed', false); });
  if (m === 'exchange') {
    recallAll();
    exCount();
    announce(tr('Choose the tiles to exchange, then confirm.'));
    if (one('#rack .tile')) one('#rack .tile').focus();
  } else if (m === 'pass') {
    announce($('pass-q').textContent);
    $('pass-confirm').focus();
  } else if (back && $(back)) {
    $(back).focus();
    announce(back === 'pass' ? tr('Pass cancelled.') : tr('Exchange cancelled.'));
  }
}
export function chosen() {
  return all('#rack .tile[aria-pressed=true]').map((t) => attr(t, 'data-letter'));
}
export function exCount() {
  const n = chosen().length, b = $('ex-confirm');
  b.disabled = !n;
  b.textContent = n ? trn('Exchange {n} tile', 'Exchange {n} tiles', n, { n }) : tr('Exchange');
}

/* ---- the blank's letter picker: a button for each letter of the tile set ---- */
export function pickerOpen() { return picker && picker.open; }
// A press on one of the picker's buttons (a letter, or Cancel) closes it.
export function picked(t) {
  if (!picker || !picker.contains(t)) return false;
  picker.close(attr(t, 'data-letter') || '');
  return true;
}
function pickerFor(letters) {
  const grid = el('div', { className: 'letters' }, '', ...letters.map((l) => {
    const b = el('button', { textContent: l }, 'picker-letter');
    setA(b, 'data-letter', l);
    return b;
  }));
  const p = el('dialog', { id: 'picker', className: 'picker' }, 'picker',
    el('h2', { id: 'picker-h', textContent: tr('Which letter is the blank?') }), grid,
    el('button', { className: 'cancel', textContent: tr('Cancel') }, 'picker-cancel'));
  setA(p, 'aria-labelledby', 'picker-h');
  p.letters = letters.join(' ');
  p.addEventListener('close', () => {
    const f = onPick;
    onPick = null;
    if (f) f(p.returnValue);
  });
  return p;
}
export function openPicker(cb) {
  const letters = alphabet();
  if (!picker || picker.letters !== letters.join(' ')) {
    if (picker) picker.remove();
    picker = pickerFor(letters);
    document.body.appendChild(picker);
  }
  onPick = cb;
  picker.returnValue = '';
  picker.showModal();
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
