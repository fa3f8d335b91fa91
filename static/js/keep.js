/* static/js/keep.js - what the page in view keeps in this browser: its
 * position among the game's lines (a new line, one further on, an older
 * position shown read-only, a branch), who this device is, the tiles
 * placed but not played, the players' names, and a finished game's grade
 * and this device's bests. The records themselves: storage.js. */
/* SPDX-License-Identifier: MIT */
import { BASE, $, attr, has, el, announce, day } from './dom.js';
import { parse, record, save, meOf, setMe, whoOn, names, named, bests, writeRecord, BEST } from './storage.js';
import { lines, setLines, lineFrom, related } from './lines.js';
import { app, S, page, turn } from './state.js';
import { TURN, all, view, playable, gameId, toPlay, cell, rackTile, paint, alphabet } from './board.js';
import { hint } from './feedback.js';
import { load } from './network.js';
import { changed, more } from './tiles.js';
import { tr } from './i18n.js';

export function lineOf(x) { return lineFrom((a) => attr(x, a), Date.now()); }

// An older position: read-only at once, no control of its turn playing;
// its notice (static/more.js's: the newest as the main action, and the
// explicit choice to play from here, which starts a new branch) as it
// comes, then said(notice), if given.
export function lockStale(x, hit, said) {
  turn.locked = view() === 'board';
  x.classList.add('locked');
  all(TURN, x).forEach((t) => { t.disabled = true; });
  nameAll(x); // no "Your turn" in the title now
  more((m, late) => { told(m.stale(x, hit), late, said); });
}
// A notice in: said(it), if given; else, one that came in after its page
// (main.js, announceAdopted, says one already there) is said then, unless
// the page had its own message or share area to say.
function told(box, late, said) {
  if (said) said(box);
  else if (late && !$('send') && !($('msg') && $('msg').textContent)) announce(box.textContent);
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
    if (page.fork !== S) return lockStale(x, hit);
    more((m, late) => { told(m.branching(x, hit), late); });
    return; // nothing is kept until the move is made
  } else if ((hit = related(now, ls, 'newer'))) {
    ls.splice(hit.k, 1);
  } else if (ls.length) {
    const kept = ls.slice(), fork = page.fork === S || moved; // as they are now
    more((m, late) => { told(m.branch(x, now, kept, fork), late); });
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
  const said = (box) => { hint(box.firstChild.textContent + ' ' + tr('Open the newest, or play from here.')); };
  if (hit) lockStale(app, hit, said);
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
// The Names panel of a game's page, closed: its fields are static/more.js's,
// which come in as it is first opened.
export function namesForm(x) {
  const side = x.querySelector('.side'), id = attr(x, 'data-game-id');
  if (!side || !id) return;
  const d = el('details', { className: 'panel names', ontoggle: () => { if (d.open) more((m) => { m.names(d); }); } },
    'names', el('summary', { textContent: tr('Names') }));
  side.insertBefore(d, x.querySelector('.moves'));
}
export function saveNames() { more((m) => { m.saveNames(); }); }

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
