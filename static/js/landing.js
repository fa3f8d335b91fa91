/* static/js/landing.js - the landing and error pages' list of the games
 * this browser keeps (each game's newest line, its other lines as
 * branches, Remove and Undo) and this device's bests. Built as a script
 * of its own, static/landing.js, which the game's script loads the first
 * time it shows such a page, so that a game link's first visit never
 * does (the first-visit budget); it hands its functions back through
 * window.clb.ok. The records: docs/UI.md, "What the browser remembers
 * (localStorage)". */
/* SPDX-License-Identifier: MIT */
import { BASE, $, attr, setA, el, announce, pts, day } from './dom.js';
import { KEY, store, record, save, savedGames, names, named, bests, playerName } from './storage.js';
import { lines, setLines } from './lines.js';
import { tr, trn } from './i18n.js';

// The Undo bar of the last removal, and its timer.
const undo = { bar: null, timer: 0 };

function fillBests() {
  const b = bests(), e = $('bests');
  if (!b || !e) return;
  e.hidden = false;
  const streak = day(new Date().toISOString().slice(0, 10)) - day(b.day) < 2 ? b.streak : 0;
  e.textContent = b.pct >= 0
    ? tr('Your bests: {points}, {pct}% of the best plays, daily streak {streak}',
      { points: pts(b.score), pct: b.pct, streak })
    : tr('Your bests: {points}, daily streak {streak}', { points: pts(b.score), streak });
}

/* ---- the landing page: every game this browser keeps ---- */
function when(ms) {
  try {
    const lang = document.documentElement.lang || [];
    return new Date(ms).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
  } catch (e) {
    return new Date(ms).toLocaleString();
  }
}
function gameSummary(l, me) {
  const state = l.over ? tr('Finished, final score {score}', { score: l.score })
    : me === l.turn ? tr('Your turn, score {score}', { score: l.score })
      : tr('{player} to play, score {score}', { player: playerName(l.turn), score: l.score });
  const who = me ? ' \u00b7 ' + tr('you are {me}, with {partner}', { me: playerName(me), partner: playerName(3 - me) })
    : '';
  return state + who + ' \u00b7 ' + tr('last played {when}', { when: when(l.savedAt) });
}
// One entry of the list: a link to open it, and Remove; a game's title
// with the names this device gave its players, its text named too.
function entry(cls, id, href, title, text, label, testid) {
  if (testid === 'game' && names(id).join('')) {
    title += ': ' + tr('{first} and {second}', { first: named(playerName(1), id), second: named(playerName(2), id) });
  }
  const a = el('a', { href: BASE + '/#' + href }, 'open-' + testid,
    el('b', { textContent: title }), el('span', { textContent: named(text, id) }));
  const rm = el('button', { className: 'minor', textContent: tr('Remove') }, 'remove-' + testid);
  const li = el('li', { className: cls }, 'saved-' + testid, a, rm);
  setA(li, 'data-game-id', id);
  setA(rm, 'data-id', id);
  setA(rm, 'aria-label', tr('Remove {what} from this list', { what: label }));
  $('game-list').appendChild(li);
  return rm;
}
// Every kept game, newest first, opening its newest line; its other
// lines (branches) are listed under it, newest first, each to open or
// remove.
function fillGames() {
  const list = $('game-list');
  if (!list) return;
  list.textContent = '';
  savedGames().forEach((g) => {
    // The newest line is the game's own entry; the others are its branches.
    const l = g.lines[0], n = g.lines.length - 1;
    const text = gameSummary(l, g.me) + (g.grade && g.grade[0] === l.state ? ' \u00b7 ' + g.grade[1] : '') +
      (n ? ' \u00b7 ' + trn('{n} other branch', '{n} other branches', n, { n }) : '');
    entry(l.over ? 'fin' : '', g.id, l.state, g.daily ? tr('Daily deal {day}', { day: g.daily })
      : tr('Game {id}', { id: g.id }), text, tr('game {id}', { id: g.id }), 'game');
    g.lines.slice(1).forEach((b, i) => {
      const name = tr('Branch {n} of game {id}', { n: i + 1, id: g.id });
      const at = tr('{branch}, at move {move}', { branch: name, move: b.move });
      entry('br' + (b.over ? ' fin' : ''), g.id, b.state, at, gameSummary(b, g.me),
        tr('{branch} (move {move})', { branch: name, move: b.move }), 'branch')
        .setAttribute('data-state', b.state);
    });
  });
  $('games').hidden = !list.children.length;
}
function removeGame(btn) {
  const id = attr(btn, 'data-id'), li = btn.closest('li'), r = record(id), one = attr(btn, 'data-state');
  const was = store(KEY + id), ls = lines(r).filter((l) => one && l.state !== one);
  let next = li.nextElementSibling || li.previousElementSibling, what = tr('Game {id}', { id });
  if (ls.length) {
    what = tr('The branch at move {move} of game {id}', { move: lines(r).filter((l) => l.state === one)[0].move, id });
    if (r.draft && r.draft.state === one) delete r.draft;
    setLines(r, ls);
    save(id, r);
  } else {
    store(KEY + id, null);
  }
  fillGames();
  const list = $('game-list');
  next = next && list.querySelector('[data-game-id="' + attr(next, 'data-game-id') + '"] button');
  (next || list.querySelector('button') || $('seed')).focus();
  offerUndo(what, id, was);
}
// A removal can be taken back for 10 seconds: Undo puts the record
// back as it was (every line, names and all).
function offerUndo(what, id, was) {
  const b = el('button', { className: 'btn', textContent: tr('Undo') }, 'undo-remove');
  dropUndo();
  undo.bar = el('p', { className: 'msg ok', textContent: tr('{what} removed from this list.', { what }) + ' ' },
    'undo-bar', b);
  b.onclick = () => {
    store(KEY + id, was);
    dropUndo();
    fillGames();
    announce(tr('{what} is back in the list.', { what }));
    $('game-list').querySelector('a').focus();
  };
  $('games').before(undo.bar);
  announce(tr('{what} removed from this list.', { what }) + ' ' + tr('Undo is offered for 10 seconds.'));
  undo.timer = setTimeout(dropUndo, 1e4);
}
function dropUndo() {
  clearTimeout(undo.timer);
  if (undo.bar) undo.bar.remove();
  undo.bar = null;
}

// Hands the game's script what it calls.
export function install() {
  window.clb.ok({ fill() { fillGames(); fillBests(); }, games: fillGames, remove: removeGame });
}
