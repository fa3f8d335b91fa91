/* static/js/keep.js - what the page in view keeps in this browser: its
 * position among the game's lines (a new line, one further on, an older
 * position shown read-only, a branch), who this device is, the tiles
 * placed but not played, the players' names, and a finished game's grade
 * and this device's bests. The records themselves: storage.js. */
/* SPDX-License-Identifier: MIT */
import { BASE, $, attr, setA, has, el, announce, day } from './dom.js';
import { KEY, store, parse, record, save, meOf, setMe, whoOn, names, named, bests, writeRecord, BEST, NAME, playerName }
  from './storage.js';
import { lines, setLines, lineFrom, moveAt, relate, related } from './lines.js';
import { app, S, page, turn } from './state.js';
import { TURN, all, one, view, playable, gameId, toPlay, cell, rackTile, paint, alphabet } from './board.js';
import { hint } from './feedback.js';
import { load } from './network.js';
import { changed } from './tiles.js';
import { tr } from './i18n.js';

export function lineOf(x) { return lineFrom((a) => attr(x, a), Date.now()); }

// The notice above the page: a landmark of its own, named by its kind.
function notice(x, testid, text, acts) {
  const box = el('aside', { className: 'stale', textContent: text + ' ' }, testid, ...acts);
  const old = x.querySelector('.stale');
  setA(box, 'aria-label', testid === 'stale' ? tr('An older position') : tr('A branch of the game'));
  if (old) old.replaceWith(box); else x.querySelector('main').before(box);
  return box;
}
function newest(l, testid, text) {
  return el('a', { className: 'btn primary', href: BASE + '/#' + l.state,
    textContent: text || tr('Open the newest (move {move})', { move: l.move }) }, testid);
}
// An older position: read-only, the newest as the main action, and the
// explicit choice to play from here, which starts a new branch. The
// first position of a game this device keeps finished (today's deal
// opened again from its result): see the result, or play it again.
export function lockStale(x, p, hit) {
  const at = moveAt(hit.line, hit.i), again = !at && hit.line.over;
  turn.locked = view() === 'board';
  x.classList.add('locked');
  all(TURN, x).forEach((t) => { t.disabled = true; });
  const b = el('button', { id: 'branch-here', className: 'btn', textContent: again
    ? tr('Play it again: a replay, beside the finished game')
    : tr('Play from here: this starts a new branch of the game') }, 'branch-here');
  notice(x, 'stale', again ? tr('This game is finished: final score {score}.', { score: hit.line.score })
    : tr('This is move {move} of this game; you have move {newest}.', { move: at, newest: hit.line.move }),
  [newest(hit.line, 'stale-newest', again && tr('See the result'))].concat(turn.locked ? [b] : []));
  nameAll(x); // no "Your turn" in the title now
}
// What a branch's notice says: a new branch made here, or a link that
// branches from the kept line.
function branchText(now, ls, moved) {
  if (page.fork === S || moved) {
    return tr('A new branch of this game: your line to move {move} is kept in Your games.', { move: ls[0].move });
  }
  const hit = ls.map((l) => relate(now, l)).reduce((a, b) => b.i > a.i ? b : a);
  return (hit.i >= 0 ? tr('This link branches from your game at move {move}.', { move: moveAt(now, hit.i) })
    : tr('This link is another line of this game.')) + ' ' + tr('Both lines are kept in Your games.');
}
// Keeps the page's position in the game's record. The same position as
// a kept line: nothing changes (a classic link of it continues that
// line's history). Further on a kept line: it becomes that line's
// newest. Older than a kept line: nothing is kept and the page is
// read-only (lockStale) unless the player chose to branch from it.
// Anything else, or a move made from a chosen older position, is a new
// branch, kept beside the others: nothing is ever overwritten.
export function keep(x) {
  const id = attr(x, 'data-game-id'), moved = x.hasAttribute('data-moved');
  if (!id) return;
  const now = lineOf(x), r = record(id) || {}, ls = lines(r);
  let hit;
  if (moved) delete r.as; // the one turn played with the other rack is over
  if ((hit = related(now, ls, 'same'))) {
    if (hit.line.state !== S && !moved) { // a classic link of a position this device holds: its history goes on
      history.replaceState(null, '', BASE + '/#' + hit.line.state);
      announce(tr('This link is move {move} of your game: its whole history is here.', { move: hit.line.move }));
      return load(hit.line.state);
    }
    now.savedAt = hit.line.savedAt || now.savedAt; // last played, not last looked at
    ls.splice(hit.k, 1);
  } else if (!moved && (hit = related(now, ls, 'older'))) {
    if (page.fork !== S) return lockStale(x, now, hit);
    notice(x, 'branching', tr('You are playing from move {move}: your move starts a new branch of the game, and ' +
      'your line to move {newest} stays in Your games.', { move: moveAt(hit.line, hit.i), newest: hit.line.move }),
    [newest(hit.line, 'stale-newest')]);
    return; // nothing is kept until the move is made
  } else if ((hit = related(now, ls, 'newer'))) {
    ls.splice(hit.k, 1);
  } else if (ls.length) {
    notice(x, 'branch', branchText(now, ls, moved),
      [newest(ls[0], 'branch-newest', tr('Open your line (move {move})', { move: ls[0].move }))]);
  }
  if (r.draft && r.draft.state !== S) delete r.draft;
  if (attr(x, 'data-daily')) r.daily = attr(x, 'data-daily');
  ls.unshift(now);
  setLines(r, ls);
  save(id, r);
}
// Which player this device is: once set it stays (Switch changes it);
// a device new to a game is the player to move in the first position it
// opens: the one who started it is Player 1, the first to open a link
// for Player 2's turn is Player 2.
export function identify(x) {
  const id = attr(x, 'data-game-id');
  if (id && !meOf(id) && !x.hasAttribute('data-over')) setMe(id, +attr(x, 'data-turn'));
}
export function me() { return whoOn(gameId(), S) || toPlay(); }
// The line kept since (another tab moved) that this position has fallen
// behind, if any (and it is not the branch the player chose).
export function ahead() {
  return page.fork !== S && related(lineOf(app), lines(record(gameId())), 'older');
}
// Just before a move is sent: has this position fallen behind? Then it
// is locked, and nothing sent.
export function behind() {
  const hit = !turn.locked && ahead();
  if (hit) {
    lockStale(app, lineOf(app), hit);
    hint(one('.stale').firstChild.textContent + ' ' + tr('Open the newest, or play from here.'));
  }
  return !!hit || turn.locked;
}
// Another tab kept a position further on this page's line (the storage
// event's new record): the line it is on, if so.
export function movedOn(text) {
  if (page.fork === S) return null;
  return related(lineOf(app), lines(parse(text)), 'older');
}

/* ---- the tiles placed on a position, kept across a reload ---- */
export function saveDraft() {
  const id = gameId(), r = id && record(id);
  if (!r || !playable()) return;
  const order = all('#rack .tile').map((t) => +attr(t, 'data-index')), moved = order.some((v, i) => v !== i);
  if (turn.pending.length || moved) {
    r.draft = { state: S, order, tiles: turn.pending.map((p) => [p.row, p.col, p.letter, p.blank ? 1 : 0, p.idx]) };
  } else {
    delete r.draft;
  }
  save(id, r);
}
export function restoreDraft() {
  const r = record(gameId()), d = r && r.draft, rack = $('rack'), letters = alphabet();
  if (!d || d.state !== S || !rack || turn.pending.length) return;
  (d.order || []).forEach((i) => { const t = rackTile(i); if (t) rack.appendChild(t); });
  (d.tiles || []).forEach((x) => {
    const sq = cell(x[0], x[1]), t = rackTile(x[4]);
    if (!sq || !t || has(sq, 't') || has(t, 'used') ||
      attr(t, 'data-letter') !== (x[3] ? 'BLANK' : x[2]) || letters.indexOf(x[2]) < 0) return;
    turn.pending.push({ row: x[0], col: x[1], letter: x[2], blank: !!x[3], idx: x[4] });
    paint(sq, x[2], !!x[3], x[4]);
    t.classList.add('used');
  });
  if (turn.pending.length) { changed(); announce(tr('Your placed tiles are back on the board.')); }
}

/* ---- names ---- */
// Every text of page x as the server wrote it, named; and the title:
// "Your turn" first while this device can play, with an orange dot for
// the tab's icon.
export function nameAll(x) {
  const w = document.createTreeWalker(x, 4), id = attr(x, 'data-game-id'), n = names(id), mine = playable(),
    icon = document.querySelector('link[rel=icon]');
  let t, v;
  while (id && (t = w.nextNode())) {
    t.o = t.o || t.nodeValue;
    if ((v = named(t.o, id, n)) !== t.nodeValue) t.nodeValue = v;
  }
  document.title = (mine ? tr('Your turn') + ' \u00b7 ' : '') + named(page.title0, id, n);
  if (icon) {
    icon.href = mine ? 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2">' +
      '<circle cx="1" cy="1" r="1" fill="%23d97706"/></svg>' : 'data:,';
  }
}
// The Names panel of a game's page (its labels say "Player\u00a01", which
// no naming touches).
export function namesForm(x) {
  const side = x.querySelector('.side'), id = attr(x, 'data-game-id'), mine = meOf(id), n = names(id);
  if (!side || !id) return;
  const d = el('details', { className: 'panel names' }, 'names', el('summary', { textContent: tr('Names') }));
  [1, 2].forEach((p) => {
    const who = playerName(p).replace(/ /g, '\u00a0');
    d.append(el('label', { textContent: who + (p === mine ? ' ' + tr('(you)') : '') }, '',
      el('input', { id: 'name' + p, value: n[p - 1] || '', maxLength: 24 }, 'name-' + p)));
  });
  d.append(el('button', { id: 'save-names', className: 'btn', textContent: tr('Save names') }, 'save-names'),
    el('p', { className: 'note', textContent: tr('Kept in this browser only: the link carries no names.') }));
  side.insertBefore(d, x.querySelector('.moves'));
}
export function saveNames() {
  const id = gameId(), r = record(id) || {};
  const v = [1, 2].map((p) => $('name' + p).value.replace(/[\x00-\x1f\x7f]/g, '').trim().slice(0, 24));
  r.names = v;
  if (r.me) store(NAME, v[r.me - 1]);
  save(id, r);
  nameAll(app);
  announce(tr('Names saved: {first} and {second}.',
    { first: named(playerName(1), id), second: named(playerName(2), id) }));
}

/* ---- a finished game's result (the server's text and grade) and this device's bests ---- */
// The game-over page's total is in: the result's buttons, the grade for
// the list, and this device's bests (not from a game it only looked at).
export function graded(t) {
  const id = gameId(), r = record(id), g = attr(t, 'data-grade'), p = +attr(t, 'data-pct');
  const d = attr(app, 'data-daily'), b = bests() || {};
  $('result').hidden = false;
  if (!r) return;
  if (g) save(id, (r.grade = [S, g + ' (' + p + '%)'], r));
  if (!meOf(id)) return;
  b.score = Math.max(b.score | 0, +attr(app, 'data-score'));
  if (g) b.pct = Math.max(b.pct | 0, p);
  if (d > (b.day || '')) { b.streak = day(d) - day(b.day) === 1 ? b.streak + 1 : 1; b.day = d; }
  writeRecord(BEST, b);
}
