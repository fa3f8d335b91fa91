/* static/js/lines.js - the lines of a game a record keeps, and how a
 * position stands to them: the same position, an older one, one further
 * on, or another branch. Pure: no DOM, no storage.
 *
 * A line is one position this device keeps and everything before it:
 * {state, savedAt, score, turn, over, move, start, tiles, chain}. The
 * record's own fields are the line in play; `branches` holds the others.
 * A line is known by its chain: the hash of every position from the
 * first, five characters each, as the server writes data-chain. */
/* SPDX-License-Identifier: MIT */

export const LINE = ['state', 'savedAt', 'score', 'turn', 'over', 'move', 'start', 'tiles', 'chain'];

function pick(o) {
  const l = {};
  LINE.forEach((k) => { if (o[k] !== undefined) l[k] = o[k]; });
  return l;
}
// Every line the record keeps, the one in play first.
export function lines(r) {
  if (!r || typeof r.state !== 'string' || !r.state) return [];
  return [pick(r)].concat((r.branches || []).filter((b) => b && b.state));
}
// Makes ls the record's lines, ls[0] the one in play.
export function setLines(r, ls) {
  LINE.forEach((k) => { delete r[k]; });
  Object.assign(r, ls[0] || {});
  r.branches = ls.slice(1);
  if (!r.branches.length) delete r.branches;
}
// The line of a page's position, from its data-* attributes (get(name)).
export function lineFrom(get, now) {
  return { state: get('data-state'), savedAt: now, score: +get('data-score'), turn: +get('data-turn'),
    over: get('data-over') !== null, move: +get('data-move'), start: get('data-start'),
    tiles: +get('data-tiles'), chain: get('data-chain') || '' };
}
export function hashes(c) { return (c || '').match(/.{5}/g) || []; }
// Move number of a line's position i (its chain's i-th).
export function moveAt(l, i) { return l.move - (hashes(l.chain).length - 1 - i); }
// What position p is to line l: the same position ('same', i), an older
// one on it ('older', i = where), a position further on ('newer'), or
// another line ('branch', i = p's last position in common, or -1).
export function relate(p, l) {
  const pc = hashes(p.chain), lc = hashes(l.chain);
  if (!pc.length || !lc.length) { // a record from before the chain: by move number, or tiles
    if (p.state === l.state) return { rel: 'same', i: 0 };
    return { rel: (p.start === l.start ? l.move > p.move : l.tiles > p.tiles) ? 'older' : 'newer', i: -1 };
  }
  let i = lc.indexOf(pc[pc.length - 1]);
  if (i === lc.length - 1) return { rel: 'same', i };
  if (i >= 0) return { rel: 'older', i };
  if (pc.indexOf(lc[lc.length - 1]) >= 0) return { rel: 'newer', i: -1 };
  for (i = pc.length - 1; i >= 0 && lc.indexOf(pc[i]) < 0; i--);
  return { rel: 'branch', i };
}
// The first kept line that p stands to as `rel`, with where.
export function related(p, ls, rel) {
  for (let k = 0; k < ls.length; k++) {
    const x = relate(p, ls[k]);
    if (x.rel === rel) return { line: ls[k], k, i: x.i };
  }
  return null;
}
