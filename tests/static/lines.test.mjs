// tests/static/lines.test.mjs - static/js/lines.js, the branch logic: the
// lines a record keeps, and how a position stands to each (the same, an
// older one, one further on, another branch), by the chain of position
// hashes the server writes (data-chain), or, for a line kept before
// chains, by move number or tiles.
//
//   node --test tests/static/lines.test.mjs     (Node 18 or later)
// SPDX-License-Identifier: MIT
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LINE, lines, setLines, lineFrom, hashes, moveAt, relate, related } from '../../static/js/lines.js';

// A line at move `move` whose history is the positions named by `chain`
// (one letter a position, made five characters long, as the server's hashes are).
function line(state, move, chain, extra = {}) {
  return { state, savedAt: move * 1000, score: move * 10, turn: move % 2 + 1, over: false, move, start: 'sX',
    tiles: move * 3, chain: [...chain].map((c) => c.repeat(5)).join(''), ...extra };
}

test('hashes cuts a chain into its five-character hashes', () => {
  assert.deepEqual(hashes('aaaaabbbbb'), ['aaaaa', 'bbbbb']);
  assert.deepEqual(hashes(''), []);
  assert.deepEqual(hashes(undefined), []);
});

test('moveAt: the move number of a line\'s i-th position', () => {
  const l = line('S', 7, 'abcd'); // positions of moves 4, 5, 6, 7
  assert.equal(moveAt(l, 3), 7);
  assert.equal(moveAt(l, 0), 4);
});

test('relate: the same position, an older one, one further on, a branch', () => {
  const kept = line('K', 3, 'abcd');
  assert.deepEqual(relate(line('K', 3, 'abcd'), kept), { rel: 'same', i: 3 });
  assert.deepEqual(relate(line('B', 1, 'ab'), kept), { rel: 'older', i: 1 });
  assert.deepEqual(relate(line('N', 5, 'abcdef'), kept), { rel: 'newer', i: -1 });
  assert.deepEqual(relate(line('X', 3, 'abxy'), kept), { rel: 'branch', i: 1 }, 'last in common: b');
  assert.deepEqual(relate(line('Y', 1, 'zy'), kept), { rel: 'branch', i: -1 }, 'nothing in common');
});

test('relate: a line kept before chains, by state, move number or tiles', () => {
  const kept = line('K', 5, '', { chain: '' });
  assert.equal(relate(line('K', 5, 'abc'), kept).rel, 'same');
  assert.equal(relate(line('P', 2, 'ab'), kept).rel, 'older', 'same start, fewer moves');
  assert.equal(relate(line('P', 8, 'ab'), kept).rel, 'newer');
  const other = line('Q', 2, 'ab', { start: 'p123', tiles: 40 });
  assert.equal(relate(other, kept).rel, 'newer', 'another start: more tiles on the board is further on');
});

test('related finds the first kept line that a position stands to as asked', () => {
  const ls = [line('A', 4, 'abce'), line('B', 3, 'abcd')];
  const p = line('P', 2, 'abc');
  assert.deepEqual(related(p, ls, 'older'), { line: ls[0], k: 0, i: 2 });
  assert.equal(related(p, ls, 'same'), null);
  assert.deepEqual(related(line('B', 3, 'abcd'), ls, 'same'), { line: ls[1], k: 1, i: 3 });
});

test('lines and setLines: the line in play first, the branches after, round trip', () => {
  const a = line('A', 4, 'abce'), b = line('B', 3, 'abcd');
  const r = { ...a, branches: [b, null, { move: 1 }], me: 1, names: ['x', 'y'] };
  assert.deepEqual(lines(r), [a, b], 'empty and stateless branches are dropped');
  setLines(r, [b, a]);
  assert.deepEqual(lines(r), [b, a]);
  assert.equal(r.me, 1, 'the record\'s other fields stay');
  setLines(r, [a]);
  assert.equal(r.branches, undefined, 'no branches: no field');
  assert.deepEqual(lines({ me: 1 }), []);
  assert.deepEqual(lines(null), []);
});

test('lineFrom reads a line off a page\'s data-* attributes', () => {
  const attrs = { 'data-state': 'S', 'data-score': '12', 'data-turn': '2', 'data-move': '4', 'data-start': 'sQ',
    'data-tiles': '11', 'data-chain': 'aaaaabbbbb' };
  const l = lineFrom((a) => attrs[a] ?? null, 99);
  assert.deepEqual(l, { state: 'S', savedAt: 99, score: 12, turn: 2, over: false, move: 4, start: 'sQ', tiles: 11,
    chain: 'aaaaabbbbb' });
  assert.deepEqual(Object.keys(l), LINE);
  assert.equal(lineFrom((a) => ({ ...attrs, 'data-over': '' })[a] ?? null, 0).over, true);
});
