/* static/js/more.js - what the script does that neither a game link's nor
 * a finished game's first visit runs: the blank's letter picker, the
 * exchange and pass modes' words, the notices of an older position and of
 * a branch, the Names panel's fields. A script of its own, static/more.js,
 * which static/app.js loads the first time one of them is needed
 * (tiles.js, more), from the address on its own tag (data-more). It works
 * on the main script's page and turn, in the words of the page in view,
 * through what tiles.js lends it (install): one state, not a copy. What
 * it imports itself keeps no state (the DOM helpers, the records in
 * localStorage, the lines). */
/* SPDX-License-Identifier: MIT */
import { BASE, $, attr, setA, el, announce } from './dom.js';
import { NAME, store, record, save, meOf, names } from './storage.js';
import { moveAt, relate } from './lines.js';

// What the main script lends: app() (the #app in view), turn, tr, trn,
// all, one, deselect, recallAll, gameId, load, send, fail, copy, nameAll,
// and playerName and named (the page's words for the players).
let m = null;
// The blank's letter picker (made when first asked for) and what it answers.
let picker = null, onPick = null;

export function install(lent) {
  m = lent;
  return { picker: openPicker, setMode, count, exchange, stale, branching, branch, names: namesForm, saveNames,
    classic, helper, switchPlayer, older };
}

/* ---- the blank's letter picker: a button for each letter of the tile set ---- */
function pickerFor(letters) {
  const grid = el('div', { className: 'letters' }, '', ...letters.map((l) => {
    const b = el('button', { textContent: l }, 'picker-letter');
    setA(b, 'data-letter', l);
    return b;
  }));
  const p = el('dialog', { id: 'picker', className: 'picker' }, 'picker',
    el('h2', { id: 'picker-h', textContent: m.tr('Which letter is the blank?') }), grid,
    el('button', { className: 'cancel', textContent: m.tr('Cancel') }, 'picker-cancel'));
  setA(p, 'aria-labelledby', 'picker-h');
  p.letters = letters.join(' ');
  // A press on one of its buttons (a letter, or Cancel) closes it; its
  // keys are its own (Escape closes it, and cancels nothing else).
  p.addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (b) p.close(attr(b, 'data-letter') || '');
  });
  p.addEventListener('keydown', (e) => { e.stopPropagation(); });
  p.addEventListener('close', () => {
    const f = onPick;
    onPick = null;
    if (f) f(p.returnValue);
  });
  return p;
}
// The picker for these letters, open; cb gets the letter ('' for none).
function openPicker(letters, cb) {
  if (!picker || picker.letters !== letters.join(' ')) {
    if (picker) picker.remove();
    picker = pickerFor(letters);
    document.body.appendChild(picker);
  }
  onPick = cb;
  picker.returnValue = '';
  picker.showModal();
}

/* ---- exchange and pass: what is said, and where the focus goes ---- */
// The page is in mode m already (tiles.js, setMode); back is the mode
// left by a Cancel or Escape, whose button gets the focus.
function setMode(mode, back) {
  if (m.turn.mode !== mode) return; // left again while this loaded
  if (mode === 'exchange') {
    count();
    announce(m.tr('Choose the tiles to exchange, then confirm.'));
    if (m.one('#rack .tile')) m.one('#rack .tile').focus();
  } else if (mode === 'pass') {
    announce($('pass-q').textContent);
    $('pass-confirm').focus();
  } else if (back && $(back)) {
    $(back).focus();
    announce(back === 'pass' ? m.tr('Pass cancelled.') : m.tr('Exchange cancelled.'));
  }
}
function chosen() {
  return m.all('#rack .tile[aria-pressed=true]').map((t) => attr(t, 'data-letter'));
}
// The exchange button says how many tiles it gives back.
function count() {
  const n = chosen().length, b = $('ex-confirm');
  b.disabled = !n;
  b.textContent = n ? m.trn('Exchange {n} tile', 'Exchange {n} tiles', n, { n }) : m.tr('Exchange');
}
function exchange(btn) {
  if (chosen().length) m.send({ type: 'exchange', tiles: chosen() }, btn);
}

/* ---- the notices of an older position and of a branch (keep.js decides) ---- */
// The notice above the page: a landmark of its own, named by its kind.
function notice(x, testid, text, acts) {
  const box = el('aside', { className: 'stale', textContent: text + ' ' }, testid, ...acts);
  const old = x.querySelector('.stale');
  setA(box, 'aria-label', testid === 'stale' ? m.tr('An older position') : m.tr('A branch of the game'));
  if (old) old.replaceWith(box); else x.querySelector('main').before(box);
  return box;
}
function newest(l, testid, text) {
  return el('a', { className: 'btn primary', href: BASE + '/#' + l.state,
    textContent: text || m.tr('Open the newest (move {move})', { move: l.move }) }, testid);
}
// An older position, read-only already (keep.js, lockStale): the newest
// as the main action, and the explicit choice to play from here, which
// starts a new branch. The first position of a game this device keeps
// finished (today's deal opened again from its result): see the result,
// or play it again.
function stale(x, hit) {
  const at = moveAt(hit.line, hit.i), again = !at && hit.line.over, tr = m.tr;
  const b = el('button', { id: 'branch-here', className: 'btn', textContent: again
    ? tr('Play it again: a replay, beside the finished game')
    : tr('Play from here: this starts a new branch of the game') }, 'branch-here');
  return notice(x, 'stale', again ? tr('This game is finished: final score {score}.', { score: hit.line.score })
    : tr('This is move {move} of this game; you have move {newest}.', { move: at, newest: hit.line.move }),
  [newest(hit.line, 'stale-newest', again && tr('See the result'))].concat(m.turn.locked ? [b] : []));
}
// What a press on an older position is told.
function older() {
  return m.tr('This is an older position: open the newest, or play from here to start a new branch.');
}
// Playing from an older position the player chose: nothing is kept
// until the move is made.
function branching(x, hit) {
  return notice(x, 'branching', m.tr('You are playing from move {move}: your move starts a new branch of the ' +
    'game, and your line to move {newest} stays in Your games.',
  { move: moveAt(hit.line, hit.i), newest: hit.line.move }), [newest(hit.line, 'stale-newest')]);
}
// A new branch made here (fork: from a chosen older position, or a move
// made from one), or a link that branches from the kept lines ls.
function branch(x, now, ls, fork) {
  const tr = m.tr, hit = ls.map((l) => relate(now, l)).reduce((a, b) => b.i > a.i ? b : a);
  return notice(x, 'branch', fork
    ? tr('A new branch of this game: your line to move {move} is kept in Your games.', { move: ls[0].move })
    : (hit.i >= 0 ? tr('This link branches from your game at move {move}.', { move: moveAt(now, hit.i) })
      : tr('This link is another line of this game.')) + ' ' + tr('Both lines are kept in Your games.'),
  [newest(ls[0], 'branch-newest', tr('Open your line (move {move})', { move: ls[0].move }))]);
}

/* ---- names ---- */
// The Names panel's fields (keep.js makes the panel, closed; they come in
// as it is first opened). Its labels say "Player\u00a01", which no naming
// touches.
function namesForm(d) {
  const id = m.gameId(), mine = meOf(id), n = names(id);
  if (d.querySelector('input')) return; // opened again while this loaded
  [1, 2].forEach((p) => {
    const who = m.playerName(p).replace(/ /g, '\u00a0');
    d.append(el('label', { textContent: who + (p === mine ? ' ' + m.tr('(you)') : '') }, '',
      el('input', { id: 'name' + p, value: n[p - 1] || '', maxLength: 24 }, 'name-' + p)));
  });
  d.append(el('button', { id: 'save-names', className: 'btn', textContent: m.tr('Save names') }, 'save-names'),
    el('p', { className: 'note', textContent: m.tr('Kept in this browser only: the link carries no names.') }));
}
function saveNames() {
  const id = m.gameId(), r = record(id) || {};
  const v = [1, 2].map((p) => $('name' + p).value.replace(/[\x00-\x1f\x7f]/g, '').trim().slice(0, 24));
  r.names = v;
  if (r.me) store(NAME, v[r.me - 1]);
  save(id, r);
  m.nameAll(m.app());
  announce(m.tr('Names saved: {first} and {second}.',
    { first: m.named(m.playerName(1), id), second: m.named(m.playerName(2), id) }));
}

/* ---- the classic link, a goals game's helpers, and playing the other rack ---- */
// The v1 link for a partner on the original design, made on demand.
function classic(btn) {
  fetch(BASE + '/api/v1/decode', { method: 'POST',
    body: JSON.stringify({ state: attr(m.app(), 'data-state'), format: 'v1' }) })
    .then((r) => r.json())
    .then((j) => { if (j.state) m.copy(btn, location.origin + BASE + '/#' + j.state); else throw j; })
    .catch(() => { m.fail(m.tr('Could not make the classic link. Try again.')); });
}
// A helper of a goals game, sent as a move (it does not end the turn).
function helper(t) {
  const h = { type: 'helper', helper: attr(t, 'data-helper') };
  if (h.helper === 'swap') { h.give = $('h-give').value; h.take = $('h-take').value; }
  m.recallAll();
  m.send(h, t);
}
// One person playing both racks: this device plays the other rack for
// this turn only, and stays who it is.
function switchPlayer(btn) {
  const id = m.gameId(), r = record(id) || {}, s = attr(m.app(), 'data-state');
  r.as = { state: s, me: +attr(btn, 'data-player') };
  save(id, r);
  m.load(s);
}
