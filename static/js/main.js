/* static/js/main.js - the script's start, and how it takes over each page
 * it shows (adopt). The parts: state.js (what changes), storage.js and
 * lines.js (what the browser keeps), keep.js (the page in the records),
 * board.js (the page in view), tiles.js (this turn's tiles), network.js
 * (what the server is asked), input.js (keys, clicks, drags), share.js
 * and feedback.js; the landing page's list of games is landing.js, a
 * script of its own (static/landing.js), and what no first visit runs
 * (the blank's picker, the modes' words, the notices, the Names panel's
 * fields...) is more.js, another (static/more.js, tiles.js loads it). */
/* SPDX-License-Identifier: MIT */
import { BASE, $, attr, setA, announce, lazy, sheet } from './dom.js';
import { app, S, page, turn, resetTurn, setPage } from './state.js';
import { all, one, pos, label, view, playable, toPlay, complete, applyBlind, cursorTo, fit, theirMove }
  from './board.js';
import { identify, keep, restoreDraft, nameAll, namesForm, me } from './keep.js';
import { unhint } from './feedback.js';
import { hashState, load, sync, review } from './network.js';
import { onKey, onClick, onFocus, onBlur, onDown, onMove, onUp, onCancel, onStorage } from './input.js';
import { url } from './share.js';
import { tr, keepAddress } from './i18n.js';
import { several, multi } from './tiles.js';

const root = document.documentElement;

// Takes over a freshly shown #app, including tiles the server kept in
// place after a refused move, or this browser kept across a reload.
export function adopt(x) {
  complete(x);
  setPage(x);
  if (multi()) several(); // its typing, ready before a key
  unhint();
  // A square's place among the board's buttons is its coordinate.
  all('#board>button').forEach((b, i) => { setA(b, 'data-row', i / 15 | 0); setA(b, 'data-col', i % 15); label(b); });
  resetTurn(all('#board>.pd').map((c) => {
    const p = pos(c);
    return { row: p[0], col: p[1], letter: attr(c, 'data-letter'), blank: c.hasAttribute('data-blank'),
      idx: +attr(c, 'data-from') };
  }));
  all('#board>button').forEach((c) => { c.tabIndex = -1; }); // roving tabindex
  cursorTo(turn.cur[0], turn.cur[1]);
  if ($('link') && S) $('link').value = url();
  if (navigator.share) all('.share').forEach((b) => { b.hidden = false; });
  applyBlind(x);
  if (S) { identify(x); keep(x); } // an older position (Back, an old link) is not kept
  if (playable()) restoreDraft();
  const ml = $('moves');
  if (ml) ml.scrollTop = ml.scrollHeight; // the newest move in view
  fit();
  review();
  // not the shell a game link opens in
  if (view() === 'error' || view() === 'landing' && !hashState()) listed((L) => L.fill());
  nameAll(x);
  namesForm(x);
  announceAdopted();
}
// What a screen reader hears as a page comes in.
function announceAdopted() {
  const m = $('msg'), send = $('send'), p = send && send.querySelector('p');
  if (m && m.textContent) announce(m.textContent);
  else if (send) announce($('send-h').textContent + '. ' + (p ? p.textContent : ''));
  else if (one('.stale')) announce(one('.stale').textContent);
  else if (playable() && $('last-move') && !$('last-move').textContent.startsWith(newGame())) announce(theirMove());
}
// How a new game's line starts ("New game: "), in the page's language.
function newGame() { return tr('New game: {player} starts. The first word must cover the \u2605.').split('{')[0]; }
// Where the focus goes as a page comes in: the share area's link, End
// Turn after a refused move, else, when it was on the page that went
// (the switch to the other rack, say), the rack. A finished game opens
// at its result.
export function focusMain() {
  const t = $('copy-link') || ($('msg') && $('msg').textContent && $('end-turn')) ||
    (page.lost && playable() && one('#rack .tile:not(.used)')), o = $('game-over');
  if (t && !t.disabled) t.focus({ preventScroll: !!o });
  if (o) o.scrollIntoView({ block: 'nearest' });
}
// The landing and error pages' list of the games this browser keeps,
// and this device's bests, are static/landing.js's: loaded the first
// time such a page is shown (a game link's first visit never loads it),
// it hands `f` its functions (fill, games, remove) through window.clb.
export function listed(f) {
  page.lists = page.lists || Promise.all([lazy($('games'), 'ok'), sheet()]).then((r) => r[0]);
  page.lists.then(f);
}
// The "Check a word" box's answer without leaving the page is
// static/judge.js's, loaded the first time a word is checked; a script
// that does not load leaves the form to be sent as it is.
function onSubmit(e) {
  const f = e.target;
  if (f.id !== 'judge') return;
  e.preventDefault();
  lazy(f, 'judge').then((judge) => { judge(f); }, () => { f.submit(); });
}

export function start() {
  root.classList.add('js');
  if (hashState()) root.classList.add('loading'); // no flash of the landing page
  document.addEventListener('DOMContentLoaded', () => {
    if (!$('app')) return;
    document.addEventListener('pointerdown', unhint, true); // a hint is over once the player acts
    document.addEventListener('keydown', unhint, true);
    document.addEventListener('click', onClick);
    document.addEventListener('submit', onSubmit); // the "Check a word" box
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    document.addEventListener('focusout', onBlur);
    document.addEventListener('pointerdown', onDown);
    addEventListener('pointermove', onMove, { passive: false });
    addEventListener('pointerup', onUp);
    addEventListener('pointercancel', onCancel);
    addEventListener('hashchange', sync);
    addEventListener('popstate', sync);
    addEventListener('storage', onStorage);
    keepAddress();
    addEventListener('resize', fit);
    adopt($('app'));
    const h = hashState();
    if (h && h !== S) return load(h);
    // Opened as /?s=S, /game?s=S or /new?seed=X: show the shareable /#S
    // instead, without a new history entry; and if it is the partner's
    // turn for this device, its waiting view.
    if (S) history.replaceState(null, '', BASE + '/#' + S);
    if (S && playable() && me() !== toPlay()) return load(S);
    root.classList.remove('loading');
  });
}
