/* static/js/network.js - everything the script asks the server: a page for
 * a position (POST /game) swapped in for the one in view, a move (POST
 * /game/move, one a turn per device), the preview of the placed tiles and
 * the review's cells. */
/* SPDX-License-Identifier: MIT */
import { BASE, $, attr, setA, el, announce } from './dom.js';
import { KEY, store, meOf, whoOn, ownerOf } from './storage.js';
import { app, S, page, turn } from './state.js';
import { TURN, all, one, cell, gameId, complete, applyBlind, fit } from './board.js';
import { me, ahead, behind, graded } from './keep.js';
import { hint, say, fail } from './feedback.js';
import { buttons, playMove, scored, goalsOf } from './tiles.js';
import { adopt, focusMain } from './main.js';
import { tr, adopt as adoptWords } from './i18n.js';

export function hashState() {
  const h = location.hash.slice(1);
  try { return decodeURIComponent(h); } catch (e) { return h; }
}

/* ---- pages ---- */
export function fetchPage(url, opts) {
  return fetch(url, opts).then((r) => r.text())
    .then((html) => new DOMParser().parseFromString(html, 'text/html'));
}
// The form every page request carries: the state, who this device is
// and the page's origin (for the share area's link and QR code).
function form(s, who, extra) {
  const f = new URLSearchParams(extra || {});
  f.set('s', s);
  f.set('origin', location.origin);
  if (who) f.set('me', who);
  return f;
}
function openPage(s, who) { return fetchPage(BASE + '/game', { method: 'POST', body: form(s, who) }); }
function swapIn(doc) {
  const score = app && one('#score');
  let next = doc.getElementById('app');
  if (!next) throw new Error('no page');
  page.title0 = doc.title;
  adoptWords(doc); // its language: the game's, which may not be the page's
  next = document.adoptNode(next);
  complete(next); // all before it is seen
  applyBlind(next);
  page.lost = app.contains(document.activeElement); // the focus goes with the old page
  app.replaceWith(next);
  adopt(next);
  const now = $('score');
  if (score && now && score.textContent !== now.textContent) now.classList.add('bump');
}
// Shows position s ('' = landing); the address bar already says /#s.
// When the device's player is only known from the answer (the first
// time this browser sees the link) and it is the partner's turn, the
// page is asked again for its waiting view, before anything is shown.
// `moved`: s is the position just made here (it stays marked so).
export function load(s, moved) {
  const who = s ? whoOn(ownerOf(s), s) : 0;
  page.want = s;
  return (s ? openPage(s, who) : fetchPage(BASE + '/'))
    .then((doc) => {
      const a = doc.getElementById('app'), m = a && !who ? meOf(attr(a, 'data-game-id')) : 0;
      return m && attr(a, 'data-view') === 'board' && m !== +attr(a, 'data-turn') ? openPage(s, m) : doc;
    })
    .then((doc) => {
      if (page.want !== s) return;
      if (moved && doc.getElementById('app')) setA(doc.getElementById('app'), 'data-moved', 1);
      swapIn(doc);
      // the link the server found in s ("/#S." from a chat)
      if (S && S !== s) history.replaceState(null, '', BASE + '/#' + S);
      focusMain();
    }, () => { fail(tr('Could not reach the Collabble server. Check the connection and reload.')); })
    .then(() => { // unless it led on to another
      if (page.want === s) { page.want = null; document.documentElement.classList.remove('loading'); }
    });
}
export function sync() {
  const h = hashState();
  if (h !== S && h !== page.want) load(h);
}

/* ---- the review: each turn's best play (and a finished game's total), for a page without it ---- */
export function review(tries) {
  const s = S, td = all('#moves tr:not(.start)>td:nth-child(6)');
  tries = tries || 0;
  if (!td.length || td[0].textContent) return;
  fetch(BASE + '/game/review', { method: 'POST', body: new URLSearchParams({ s }) }).then((r) => {
    // A server busy with other searches (503) says when to ask again.
    if (r.status == 503 && tries < 3) {
      return setTimeout(() => { if (s === S) review(tries + 1); }, 1e3 * (+r.headers.get('Retry-After') || 1));
    }
    return r.text().then((html) => {
      const doc = new DOMParser().parseFromString(html, 'text/html'), got = doc.querySelectorAll('td');
      const total = doc.getElementById('review-total'), at = $('review-total');
      if (s === S && got.length === td.length) { td.forEach((c, i) => { c.replaceWith(got[i]); }); fit(); }
      if (s === S && total && at) { at.replaceWith(total); graded(total); } // the game-over page's total
    });
  }).catch(() => {});
}

// The placed tiles' words and points, or why they are no play.
export function preview() {
  const mine = ++turn.seq, pv = $('preview');
  fetch(BASE + '/api/v1/preview', {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ state: S, move: playMove() }),
  }).then((r) => r.json()).then((j) => {
    if (mine !== turn.seq) return;
    const e = j.error || {}, text = j.valid ? scored(j) + goalsOf(j)
      // The API's message is English: the page's words for it, by its text
      // (the error table's messages travel with the script's).
      : (e.message ? tr(e.message) : tr('not a valid play')) +
        (e.words && e.words.length ? ': ' + e.words.join(', ') : '');
    (e.cells || []).forEach((rc) => { if (cell(rc[0], rc[1])) cell(rc[0], rc[1]).classList.add('bad'); });
    pv.className = j.valid ? 'preview' : 'preview bad';
    pv.textContent = text.charAt(0).toUpperCase() + text.slice(1);
    // End Turn would only be refused: it waits, with the reason beside it.
    turn.invalid = !j.valid;
    buttons();
    announce(pv.textContent);
  }).catch(() => { if (mine === turn.seq) pv.textContent = ''; });
}

/* ---- moves ---- */
// The control that sent a move says so ("Sending..."), the others are
// disabled until the answer; after a few seconds the page says it is
// still trying, and a failed request offers to try again.
const FREEZE = TURN + ',#ex-confirm,#ex-cancel,#pass-confirm,#pass-cancel,#eye,#zoom';
// One move a turn per device: a tab sends a move only while it holds the
// game's lock, which every tab of the browser respects, and once it holds
// it looks again whether the device has moved on (another tab played the
// turn meanwhile: this one is then read-only, behind(), and nothing is
// sent). The control reads "Sending..." from the press on; the lock is
// let go once the answer is shown and kept.
export function send(move, btn) {
  const s = S, froze = all(FREEZE).filter((b) => !b.disabled), label = btn && btn.textContent;
  if (turn.busy || !S || behind()) return;
  turn.busy = true;
  froze.forEach((b) => { b.disabled = true; });
  if (btn) { btn.classList.add('sending'); btn.textContent = tr('Sending\u2026'); }
  setA(app, 'aria-busy', true);
  announce(tr('Sending your move\u2026'));
  const slow = setTimeout(() => { say(tr('Still sending your move: the server is slow to answer\u2026')); }, 3000);
  // The controls back as they were: the move was not made.
  function undo() {
    clearTimeout(slow);
    turn.busy = false;
    app.removeAttribute('aria-busy');
    froze.forEach((b) => { b.disabled = false; });
    if (btn) { btn.classList.remove('sending'); btn.textContent = label; }
    buttons();
  }
  function failed() {
    undo();
    page.retry = () => { send(move, btn); };
    const m = say(tr('Could not reach the Collabble server, so the move was not made. Your tiles are still here.'),
      true);
    if (!m) return;
    const b = el('button', { id: 'retry', className: 'btn', textContent: tr('Try again') }, 'retry');
    m.append(' ', b);
    b.focus();
  }
  hold(KEY + gameId() + ':lock', () => {
    if (s !== S || turn.locked || ahead()) {
      undo();
      if (s === S) { turn.locked = false; behind(); } // read-only, with the notice
      return;
    }
    const body = form(S, me(), { move: JSON.stringify(move) }), ho = $('handover');
    if (ho && ho.checked) body.set('handover', 1); // a solo game's seat to a friend
    return fetchPage(BASE + '/game/move', { method: 'POST', body }).then((doc) => {
      const before = S, a = doc.getElementById('app'), next = a && attr(a, 'data-state');
      clearTimeout(slow);
      // The other rack played its one turn here, and the turn is this
      // device's own again: it shows that, not the waiting view.
      if (next && attr(a, 'data-view') === 'wait' && meOf(attr(a, 'data-game-id')) === +attr(a, 'data-turn')) {
        history.pushState(null, '', BASE + '/#' + next);
        return load(next, true);
      }
      swapIn(doc);
      if (S && S !== before) history.pushState(null, '', BASE + '/#' + S); // a new position
      focusMain();
      if ($('reply')) announce($('reply').textContent); // a solo game: the computer's reply
    }, failed);
  });
}
// The lock k: the Web Locks API; without it (a page on plain http, an old
// browser) a claim in localStorage, which every tab reads: the newest
// claim wins after 99 ms, the others look again until it is let go (or
// 20 s old, from a tab closed while it sent).
function hold(k, f) {
  const t = Date.now() + Math.random() + '', c = store(k), free = () => { store(k, null); };
  if (navigator.locks) return navigator.locks.request(k, f);
  if (c && Date.now() - parseInt(c) < 2e4) return setTimeout(hold, 99, k, f);
  store(k, t);
  setTimeout(() => {
    const now = store(k);
    if (now && now !== t) return hold(k, f); // claimed at the same moment, after this tab
    Promise.resolve().then(f).then(free, free);
  }, 99);
}
