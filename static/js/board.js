/* static/js/board.js - the page in view: its board and rack as the server
 * wrote them, the tiles painted on it this turn, each square's name for a
 * screen reader, the typing cursor, the phone's zoom, blind mode, and
 * what the server leaves to the script to add (complete). */
/* SPDX-License-Identifier: MIT */
import { $, attr, setA, has, el, svg, pts } from './dom.js';
import { store, BLIND } from './storage.js';
import { tr } from './i18n.js';
import { app, S, page, turn } from './state.js';

// The controls of a turn: disabled on a position shown read-only, and
// while a move is sent.
export const TURN = '#rack .tile,#end-turn,#exchange,#pass,#recall,#shuffle';
const PREM = { tw: () => tr('triple word'), dw: () => tr('double word'), tl: () => tr('triple letter'),
  dl: () => tr('double letter') };
// A premium square's face, as the server writes it (French LD for DL).
const FACE = { tw: () => tr('TW'), dw: () => tr('DW'), tl: () => tr('TL'), dl: () => tr('DL') };
const AZ = 'A B C D E F G H I J K L M N O P Q R S T U V W X Y Z';

export function all(sel, x) { return [...(x || app).querySelectorAll(sel)]; }
export function one(sel) { return app.querySelector(sel); }
export function coord(r, c) { return String.fromCharCode(65 + c) + (r + 1); }
export function cell(r, c) { return one('#board>[data-row="' + r + '"][data-col="' + c + '"]'); }
export function rackTile(i) { return one('#rack [data-index="' + i + '"]'); }
export function isCell(e) { return e.parentNode && e.parentNode.id === 'board'; }
export function pos(e) { return [+attr(e, 'data-row'), +attr(e, 'data-col')]; }
export function view() { return app ? attr(app, 'data-view') : ''; }
export function playable() { return view() === 'board' && !turn.locked; }
export function gameId() { return app && attr(app, 'data-game-id'); }
export function toPlay() { return +attr(app, 'data-turn'); }

// The tile set's letters, as the page names them (data-alphabet: each
// tile's face, in order, one space between), A to Z where it does not.
export function alphabet() { return (app && attr(app, 'data-alphabet') || AZ).split(' '); }
// The middle dot of Catalan's L·L, which a key '.' types too (few
// keyboards have ·).
export const DOT = '\u00b7';
// What key k types toward a tile of the set, upper-cased: a character of
// one of its tiles (Ñ, Ł, the C or H of CH), '' for any other key. A tile
// of several characters is typed by its characters (tiles.js, type); a
// key that is several letters upper-cased (German ß, SS) types each.
export function typed(k) {
  if ([...k].length !== 1) return '';
  const a = alphabet().join(''), u = k === '.' && a.indexOf(DOT) >= 0 ? DOT : k.toUpperCase();
  return [...u].every((ch) => a.indexOf(ch) >= 0) ? u : '';
}
// A tile's points: the number the server wrote on it.
export function points(t) { return +t.querySelector('sub').textContent; }

export function animate(x, cls) {
  x.classList.remove(cls);
  void x.offsetWidth; // restart the animation
  x.classList.add(cls);
}
// Square c shows the tile of rack slot idx, as letter (a blank: 0 points).
export function paint(c, letter, blank, idx) {
  const sub = el('sub', { textContent: blank ? 0 : points(rackTile(idx)) });
  c.classList.add('t', 'pd');
  c.classList.toggle('bl', blank);
  // A tile of several characters is set smaller, as the server marks it.
  c.classList.toggle('w', [...letter].length > 1);
  setA(c, 'data-letter', letter);
  setA(c, 'data-from', idx);
  if (blank) setA(c, 'data-blank', 1); else c.removeAttribute('data-blank');
  c.textContent = letter;
  c.appendChild(sub);
  label(c);
  animate(c, 'drop');
}
// A square's name for a screen reader, from its place, classes and face
// (the server writes none: 225 labels were half of a page's bytes).
export function label(c) {
  const p = pos(c), l = c.classList, k = prem(c);
  let s = coord(p[0], p[1]) + ', ';
  if (l.contains('t')) {
    const face = c.firstChild.nodeValue;
    s += (l.contains('bl') ? tr('blank as {letter}', { letter: face }) : face) + ', ' +
      pts(+c.lastChild.textContent) + (l.contains('pd') ? ', ' + tr('placed this turn') : '') +
      (l.contains('lm') ? ', ' + tr('last move') : '');
  } else {
    s += (l.contains('st') ? tr('centre star') + ', ' : '') + (k ? PREM[k]() + ', ' : '') + tr('empty');
  }
  setA(c, 'aria-label', s + (l.contains('bad') || l.contains('bw') ? ', ' + tr('not valid') : ''));
}
function prem(c) { return ['tw', 'dw', 'tl', 'dl'].filter((x) => has(c, x))[0]; }
export function unpaint(c) {
  const k = prem(c);
  c.classList.remove('t', 'pd', 'bl', 'bad', 'bw', 'drop', 'w');
  ['data-letter', 'data-from', 'data-blank'].forEach((a) => { c.removeAttribute(a); });
  c.textContent = has(c, 'st') ? '\u2605' : k ? FACE[k]() : '';
  label(c);
}

/* ---- what a page the script fetches leaves to the script ----
 * The rack tiles' index, letter and name (read off each tile's face),
 * the zoom and shuffle buttons, the blind-mode eye's icon, the
 * exchange's bar and the help on its controls, each built here and put
 * beside the element of the page it belongs with. A page a browser
 * navigated to carries the tiles' names for readers without script; the
 * rest is added to it the same way. */
const HELP = () => [tr('Drag tiles from your rack to the board, or tap a tile, then a square; tap a placed tile to ' +
  'take it back. The points show before you end your turn.'), tr('Keys: Enter picks a tile, arrows move, Enter ' +
  'places it; or type letters on the board, the way the arrow shows (Enter on an empty square turns it). ' +
  'Escape cancels.')];
function button(props, testid, text) { return el('button', props, testid, text); }
// [beside which element, the one made, how to make it, where (after, by default)]
const MADE = [
  ['#last-move', '#zoom', () => {
    const b = button({ id: 'zoom', className: 'zoom needs-js' }, 'zoom', tr('Zoom board'));
    setA(b, 'aria-pressed', false);
    return b;
  }],
  ['#rack-h', '#shuffle', () => button({ id: 'shuffle', className: 'minor needs-js' }, 'shuffle', tr('Shuffle'))],
  ['#pass-bar', '#ex-bar', () => el('div', { id: 'ex-bar', className: 'bar needs-js', hidden: true }, '',
    el('p', {}, '', tr('Choose the tiles to exchange, then confirm.')),
    button({ id: 'ex-confirm', className: 'primary', disabled: true }, 'exchange-confirm', tr('Exchange')),
    button({ id: 'ex-cancel' }, 'exchange-cancel', tr('Cancel'))), 'before'],
  // A <noscript> help (a page navigated to) is text here, not a .help.
  // The partner's section (the one after the turn's, whatever its label's
  // language).
  ['.play+section', '.help', () => el('details', { className: 'panel help' }, '',
    el('summary', {}, '', tr('How to play')), ...HELP().map((p) => el('p', {}, '', p)))],
];
function eyeIcon() {
  return svg('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' },
    svg('path', { d: 'M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z' }), svg('circle', { cx: 12, cy: 12, r: 3 }),
    svg('path', { class: 'slash', d: 'M3 3l18 18' }));
}
export function complete(x) {
  x.querySelectorAll('#rack>.tile').forEach((e, i) => {
    if (e.hasAttribute('data-letter')) return;
    const bl = has(e, 'bl'), l = bl ? 'BLANK' : e.firstChild.nodeValue;
    setA(e, 'data-index', i);
    setA(e, 'data-letter', l);
    setA(e, 'aria-pressed', 'false');
    setA(e, 'aria-label', (bl ? tr('Blank tile') : l) + ', ' + pts(points(e)));
  });
  MADE.forEach((m) => {
    const at = x.querySelector(m[0]);
    if (at && !x.querySelector(m[1])) at[m[3] || 'after'](m[2]());
  });
  const eye = x.querySelector('#eye');
  if (eye && !eye.firstChild) eye.append(eyeIcon());
}

// The move list wraps between words; only where its longest words
// cannot stand side by side in its box does it break them (.tight).
export function fit() {
  const m = $('moves');
  if (!m) return;
  m.classList.remove('tight');
  m.classList.toggle('tight', m.scrollWidth > m.clientWidth);
}

/* ---- blind mode: the partner's rack (never this device's) hidden ----
 * Hidden means hidden everywhere: the swap helper's list names the
 * partner's tiles by number, not letter, and the bag's list gives way
 * to the server's list of the tiles not seen, the bag's and the hidden
 * rack's. */
export function applyBlind(x) {
  const on = store(BLIND) === '1', pr = x.querySelector('#prack'), eye = x.querySelector('#eye');
  const u = x.querySelector('#unseen');
  if (pr) pr.classList.toggle('blind', on);
  if (eye) setA(eye, 'aria-pressed', on);
  if (u) { u.hidden = !on; u.previousSibling.hidden = on; }
  all('#h-take option', x).forEach((o, i) => {
    o.o = o.o || o.text;
    o.value = o.value; // the letter stays what is sent
    o.text = on ? tr('hidden tile {n}', { n: i + 1 }) : o.o;
  });
}

/* ---- the typing cursor: an arrow says where typed letters go ---- */
export function cursorTo(r, c) {
  const old = cell(turn.cur[0], turn.cur[1]), next = cell(r, c), b = $('board');
  if (!next) return;
  if (old) { old.tabIndex = -1; old.classList.remove('cur'); }
  next.tabIndex = 0;
  next.classList.add('cur');
  turn.cur = [r, c];
  if (b) b.classList.toggle('down', page.dir[0] === 1);
}
export function setDir(d) {
  page.dir = d;
  $('board').classList.toggle('down', d[0] === 1);
}
export function focusBoard() {
  const c = cell(turn.cur[0], turn.cur[1]);
  if (c) c.focus();
}
export function moveTo(r, c) {
  cursorTo(Math.max(0, Math.min(14, r)), Math.max(0, Math.min(14, c)));
  turn.armed = true;
  focusBoard();
}

/* ---- the phone's zoomed board ---- */
function narrow() { return window.matchMedia('(max-width: 767px)').matches; }
export function zoom(on) {
  const z = $('zoom'), w = $('boardwrap');
  if (!z || !w) return;
  app.classList.toggle('zoomed', on);
  setA(z, 'aria-pressed', on);
  z.textContent = on ? tr('Whole board') : tr('Zoom board');
  if (!on) return;
  // Into view: the tiles being placed, else the last move, else the star.
  const lm = all('#board>.lm');
  const c = one('#board>.pd') || lm[Math.floor(lm.length / 2)] || cell(turn.cur[0], turn.cur[1]);
  if (c) {
    w.scrollLeft = c.offsetLeft + c.offsetWidth / 2 - w.clientWidth / 2;
    w.scrollTop = c.offsetTop + c.offsetHeight / 2 - w.clientHeight / 2;
  }
}
export function autoZoom() {
  if (turn.zoomAuto && narrow() && !has(app, 'zoomed')) zoom(true);
}

// The partner's move as the page opens on this device's turn: "Player 2
// played TOWELED at 5E for 44 points. Your turn, score 70." (where the
// word starts, as the review and the GCG write it: row then column
// across, column then row down).
export function theirMove() {
  const l = all('#board>.lm'), k = (r, c) => cell(r, c) && has(cell(r, c), 't');
  let s = $('last-move').textContent;
  // A play's sentence says " for {points}": the square goes before it.
  const f = tr(' for ');
  if (l.length && s.includes(f)) {
    let p = pos(l[0]);
    const d = (l.length > 1 ? pos(l[1])[0] === p[0] : k(p[0], p[1] - 1) || k(p[0], p[1] + 1)) ? [0, 1] : [1, 0];
    while (k(p[0] - d[0], p[1] - d[1])) p = [p[0] - d[0], p[1] - d[1]];
    s = s.replace(f, tr(' at {square} for ', { square: d[1] ? p[0] + 1 + coord(0, p[1])[0] : coord(p[0], p[1]) }));
  }
  return s + ' ' + tr('Your turn, score {score}.', { score: attr(app, 'data-score') });
}
