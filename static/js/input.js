/* static/js/input.js - the player's hands: keys, clicks and taps, drag
 * and drop, and what another tab of this browser did. */
/* SPDX-License-Identifier: MIT */
import { BASE, attr, setA, has, el, announce } from './dom.js';
import { KEY, BLIND, store, named, playerName } from './storage.js';
import { app, S, page, turn } from './state.js';
import { isCell, pos, view, playable, gameId, toPlay, rackTile, typed, cell, cursorTo, setDir, moveTo,
  zoom, applyBlind } from './board.js';
import { lockStale, movedOn, saveDraft, saveNames } from './keep.js';
import { hint } from './feedback.js';
import { load, send } from './network.js';
import { select, deselect, place, placeBlank, shift, recall, recallAll, shuffle, setMode, more,
  playMove, pressSquare, type } from './tiles.js';
import { copy, share, result } from './share.js';
import { listed } from './main.js';
import { tr } from './i18n.js';

// Said in more than one place, in the page's language (i18n.js); what a
// press on an older position, read-only, is told (with its notice,
// static/more.js's).
const older = () => more((x) => { hint(x.older()); });
const saySending = () => tr('Your move is being sent: wait for the answer.');
const DIRS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
// A drag under way ({el, id, x, y, on, ghost, over}), and whether the
// last press ended one (its click is then no click).
let drag = null, dragged = false;

/* ---- keys ---- */
function escape() {
  if (drag) return endDrag(null);
  if (turn.mode !== 'play') return setMode('play', turn.mode);
  if (turn.sel < 0) return;
  const back = rackTile(turn.sel);
  deselect();
  back.focus();
  announce(tr('Selection cancelled.'));
}
// A key with Ctrl, Alt or Meta is the browser's, not a letter, but for a
// letter typed with AltGr (Windows reports it as Ctrl+Alt) or the Mac's
// Option: Polish keyboards type ł and ą so.
function shortcut(e) {
  return e.metaKey || (e.ctrlKey || e.altKey) &&
    !(e.getModifierState('AltGraph') || e.ctrlKey && e.altKey || e.altKey && e.key > '\x7f');
}
export function onKey(e) {
  if (!app) return; // the blank's picker takes its own keys (more.js)
  const t = e.target, k = e.key;
  if (k === 'Escape') return escape();
  if (k === 'Enter' && /^name[12]$/.test(t.id)) return saveNames();
  if (!isCell(t) || shortcut(e)) return;
  const p = pos(t), d = DIRS[k], letter = typed(k), dir = page.dir;
  if (d) {
    e.preventDefault();
    if (d[0] + d[1] > 0) setDir(d); // typing runs right or down
    moveTo(p[0] + d[0], p[1] + d[1]);
  } else if (k === 'Home' || k === 'End') {
    e.preventDefault();
    moveTo(p[0], k === 'Home' ? 0 : 14);
  } else if (turn.busy) {
    if (letter || k === 'Backspace' || k === 'Delete') hint(saySending());
  } else if (!playable()) {
    if (turn.locked && letter) older();
    // the partner's turn, an older position, or the game is over: look, do not touch
  } else if ((k === 'Backspace' || k === 'Delete') && has(t, 'pd')) {
    e.preventDefault();
    recall(p[0], p[1]);
  } else if (k === 'Backspace') {
    // As in a text field: back one square against the arrow, taking up
    // the tile placed there this turn.
    e.preventDefault();
    moveTo(p[0] - dir[0], p[1] - dir[1]);
    if (has(cell(turn.cur[0], turn.cur[1]), 'pd')) recall(turn.cur[0], turn.cur[1]);
  } else if (letter && turn.mode === 'play') {
    e.preventDefault();
    type(letter, p[0], p[1]);
  }
}
export function onFocus(e) {
  const t = e.target, b = document.getElementById('board');
  if (!app || !b || !isCell(t) || !playable()) return;
  b.classList.add('typing');
  if (t.matches(':focus-visible')) { cursorTo(...pos(t)); turn.armed = true; } // the keyboard arrived
}
export function onBlur(e) {
  const b = document.getElementById('board');
  if (b && isCell(e.target) && !(e.relatedTarget && b.contains(e.relatedTarget))) b.classList.remove('typing');
}

/* ---- drag and drop (Pointer Events: mouse, pen and touch) ----
 * From the rack to a square, a placed tile to another square or back to
 * the rack, and within the rack to reorder it. A press that does not
 * move is a click, so click and tap placement are unchanged. */
export function onDown(e) {
  dragged = false; // a new press: its click is a click
  page.touch = e.pointerType === 'touch';
  if (e.button !== 0 || !app || turn.busy || turn.mode !== 'play' || !playable() || drag) return;
  const t = e.target.closest && e.target.closest('#rack .tile:not(.used),#board>.pd');
  if (!t || !app.contains(t)) return;
  drag = { el: t, id: e.pointerId, x: e.clientX, y: e.clientY, on: false, ghost: null, over: null };
  try { t.setPointerCapture(e.pointerId); } catch (err) { /* not captured: window listeners still follow */ }
}
function startDrag() {
  const t = drag.el, blank = attr(t, 'data-letter') === 'BLANK';
  const ghost = el('div', { className: 'tile ghost', textContent: blank ? '' : attr(t, 'data-letter') });
  if (has(t, 'bl') && !isCell(t)) ghost.classList.add('bl');
  drag.on = true;
  drag.ghost = ghost;
  setA(ghost, 'aria-hidden', 'true');
  document.body.appendChild(ghost);
  t.classList.add('lifted');
  deselect(); // the board does not zoom under a finger already moving
}
function dropTarget(x, y) {
  const at = document.elementFromPoint(x, y);
  return at && (at.closest('#board>button') || at.closest('#rack .tile') || at.closest('#rack'));
}
export function onMove(e) {
  if (!drag || e.pointerId !== drag.id) return;
  if (!drag.on) {
    if (Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y) < 8) return;
    startDrag();
  }
  e.preventDefault();
  drag.ghost.style.transform = 'translate(' + (e.clientX - 24) + 'px,' + (e.clientY - 40) + 'px)';
  let over = dropTarget(e.clientX, e.clientY);
  over = over && isCell(over) && !has(over, 't') ? over : null;
  if (over !== drag.over) {
    if (drag.over) drag.over.classList.remove('over');
    if (over) over.classList.add('over');
    drag.over = over;
  }
}
export function onUp(e) {
  if (!drag || e.pointerId !== drag.id) return;
  if (!drag.on) { drag = null; return; } // a click: onClick takes it
  dragged = true;                             // the click that ends a drag is not a click
  endDrag(dropTarget(e.clientX, e.clientY));
}
export function onCancel(e) {
  if (!drag || e.pointerId !== drag.id) return;
  if (drag.on) endDrag(null); else drag = null;
}
function endDrag(target) {
  const d = drag, t = d.el, rack = document.getElementById('rack');
  drag = null;
  d.ghost.remove();
  t.classList.remove('lifted');
  if (d.over) d.over.classList.remove('over');
  if (!target || !app.contains(target)) return;
  const fromBoard = isCell(t);
  if (isCell(target)) {
    if (has(target, 't')) return;
    if (fromBoard) return shift(pos(t), pos(target));
    const p = pos(target), i = +attr(t, 'data-index'), said = () => { announce(attr(target, 'aria-label')); };
    if (attr(t, 'data-letter') === 'BLANK') return placeBlank(i, p[0], p[1], said);
    turn.sel = i;
    if (place(p[0], p[1])) said();
    return;
  }
  // On the rack: a placed tile goes back; a rack tile goes before the
  // tile it is dropped on (or to the end).
  if (fromBoard) return recall(...pos(t));
  if (target !== t) {
    rack.insertBefore(t, has(target, 'tile') ? target : null);
    saveDraft();
    announce(tr('{tile} moved.', { tile: attr(t, 'aria-label') }));
  }
}

/* ---- clicks ---- */
function onRackTile(t, e) {
  const i = +attr(t, 'data-index');
  if (turn.mode === 'exchange') {
    setA(t, 'aria-pressed', attr(t, 'aria-pressed') !== 'true');
    return more((x) => { x.count(); });
  }
  if (turn.mode === 'pass') setMode('play');
  if (i !== turn.sel) return select(i, e.detail === 0); // detail 0: Enter or Space
  deselect();
  announce(tr('Selection cancelled.'));
}
function onSquare(t) {
  const p = pos(t);
  if (!playable()) {
    if (turn.locked) older();
    else if (view() === 'wait') hint(named(tr('It is {player}\u2019s turn: send them the link.',
      { player: playerName(toPlay()) }), gameId()));
    return;
  }
  if (has(t, 'pd')) { cursorTo(p[0], p[1]); recall(p[0], p[1]); }
  else if (has(t, 't')) cursorTo(p[0], p[1]);
  else if (turn.mode !== 'play') return;
  else if (turn.sel < 0) pressSquare(t, p);
  else {
    cursorTo(p[0], p[1]);
    if (place(p[0], p[1])) announce(attr(t, 'aria-label'));
  }
}
function blind(t) {
  const on = attr(t, 'aria-pressed') !== 'true';
  store(BLIND, on ? '1' : '0');
  applyBlind(app);
  announce(on ? tr('Blind mode on: your partner\u2019s tiles are hidden.') : tr('Blind mode off.'));
}
function zoomButton() {
  turn.zoomAuto = false;
  zoom(!has(app, 'zoomed'));
  announce(has(app, 'zoomed') ? tr('Board zoomed in: it scrolls.') : tr('The whole board is shown.'));
}
// The buttons with an id, and what each does.
const BUTTONS = {
  'end-turn': (t) => { if (turn.pending.length) send(playMove(), t); },
  retry: () => { if (page.retry) page.retry(); },
  recall: recallAll,
  shuffle,
  exchange: () => setMode('exchange'),
  'ex-confirm': (t) => more((x) => { x.exchange(t); }),
  'ex-cancel': () => setMode('play', 'exchange'),
  pass: () => setMode('pass'),
  'pass-confirm': (t) => send({ type: 'pass' }, t),
  'pass-cancel': () => setMode('play', 'pass'),
  'copy-link': (t) => copy(t),
  classic: (t) => more((x) => { x.classic(t); }),
  'share-link': share,
  'copy-result': result,
  'share-result': result,
  switch: (t) => more((x) => { x.switchPlayer(t); }),
  'branch-here': () => { page.fork = S; load(S); },
  zoom: zoomButton,
  'save-names': saveNames,
  eye: blind,
};
export function onClick(e) {
  const t = e.target.closest && e.target.closest('button');
  if (dragged && e.detail > 0) { dragged = false; return; }
  if (!t) return;
  if (!app || !app.contains(t)) return;
  if (turn.busy) return hint(saySending());
  if (t.matches('[data-testid=remove-game],[data-testid=remove-branch]')) return listed((L) => L.remove(t));
  if (t.matches('#rack .tile')) return onRackTile(t, e);
  if (isCell(t)) return onSquare(t);
  if (attr(t, 'data-helper')) return more((x) => { x.helper(t); });
  if (BUTTONS.hasOwnProperty(t.id)) BUTTONS[t.id](t);
}

// Tabs of one game stay in step. Another tab kept a position further on
// this page's line: a waiting page follows it (the partner's link was
// opened there), a page that could play becomes read-only with the
// notice, so this device never plays one turn twice; the landing page
// lists the games anew.
export function onStorage(e) {
  if (!app || !e.key || e.key.indexOf(KEY) !== 0) return;
  if (view() === 'landing' || view() === 'error') return listed((L) => L.games());
  if (e.key !== KEY + gameId() || !S) return;
  const hit = movedOn(e.newValue);
  if (!hit) return;
  if (view() === 'wait') {
    history.pushState(null, '', BASE + '/#' + hit.line.state);
    return load(hit.line.state);
  }
  if (turn.locked) return;
  recallAll();
  setMode('play');
  lockStale(app, hit, (box) => { hint(box.firstChild.textContent + ' ' + tr('Another tab moved on.')); });
}
