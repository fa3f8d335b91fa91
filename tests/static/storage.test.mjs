// tests/static/storage.test.mjs - static/js/storage.js, the records the
// script keeps in localStorage: read, written with their schema version,
// and a record written before versions (an older script's) read and
// migrated, so that no player's kept games are lost to an update.
//
//   node --test tests/static/storage.test.mjs     (Node 18 or later)
// SPDX-License-Identifier: MIT
import { beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';

// localStorage as the browser has it: strings under keys, in order.
class MemoryStorage {
  constructor() { this.m = new Map(); }
  get length() { return this.m.size; }
  key(i) { return [...this.m.keys()][i] ?? null; }
  getItem(k) { return this.m.has(k) ? this.m.get(k) : null; }
  setItem(k, v) { this.m.set(k, String(v)); }
  removeItem(k) { this.m.delete(k); }
  clear() { this.m.clear(); }
}
globalThis.localStorage = new MemoryStorage();
const s = await import('../../static/js/storage.js');

beforeEach(() => { localStorage.clear(); });

// A record as the script wrote it before schema versions: a game on move
// 3 with one branch, the device's player, a draft and names.
const OLD = {
  state: 'S3', savedAt: 3000, score: 20, turn: 2, over: false, move: 3, start: 'sX', tiles: 9, chain: 'aaaaabbbbbccccc',
  branches: [{ state: 'T2', savedAt: 2500, score: 12, turn: 1, over: false, move: 2, start: 'sX', tiles: 6,
    chain: 'aaaaaddddd' }],
  me: 1, draft: { state: 'S3', order: [1, 0, 2, 3, 4, 5, 6], tiles: [[7, 7, 'Q', 0, 1]] }, names: ['Ann', ''],
};

test('a record written before schema versions is read whole, as the current schema', () => {
  localStorage.setItem('collabble:game:G1', JSON.stringify(OLD));
  const r = s.record('G1');
  assert.equal(r.v, s.SCHEMA);
  const { v, ...rest } = r;
  assert.deepEqual(rest, OLD, 'every field as it was');
  assert.equal(s.meOf('G1'), 1);
  assert.deepEqual(s.names('G1'), ['Ann', '']);
});

test('reading migrates in memory only: the stored text stays until the script saves', () => {
  const text = JSON.stringify(OLD);
  localStorage.setItem('collabble:game:G1', text);
  s.record('G1');
  s.savedGames();
  assert.equal(localStorage.getItem('collabble:game:G1'), text);
  const r = s.record('G1');
  s.save('G1', r);
  assert.equal(JSON.parse(localStorage.getItem('collabble:game:G1')).v, s.SCHEMA);
});

test('a saved record carries the schema version', () => {
  s.save('G2', { state: 'S', me: 2 });
  assert.deepEqual(JSON.parse(localStorage.getItem('collabble:game:G2')), { state: 'S', me: 2, v: s.SCHEMA });
  s.setMe('G3', 1);
  assert.equal(JSON.parse(localStorage.getItem('collabble:game:G3')).v, s.SCHEMA);
});

test('a record from a newer script keeps its version and the fields this one does not know', () => {
  localStorage.setItem('collabble:game:G4', JSON.stringify({ v: s.SCHEMA + 1, state: 'S', future: [1] }));
  const r = s.record('G4');
  assert.equal(r.v, s.SCHEMA + 1);
  s.save('G4', r);
  assert.deepEqual(JSON.parse(localStorage.getItem('collabble:game:G4')), { v: s.SCHEMA + 1, state: 'S', future: [1] });
});

test('what is not a record reads as none', () => {
  for (const text of ['not json', '42', '"text"', 'null', '[1,2]']) {
    localStorage.setItem('collabble:game:X', text);
    assert.equal(s.record('X'), null, text);
  }
  assert.equal(s.record('absent'), null);
  assert.equal(s.meOf('absent'), 0);
});

test('the bests written before versions are read, and written with one', () => {
  localStorage.setItem('collabble:bests', JSON.stringify({ score: 5, pct: 10, day: '2026-01-02', streak: 1 }));
  const b = s.bests();
  assert.deepEqual(b, { score: 5, pct: 10, day: '2026-01-02', streak: 1, v: s.SCHEMA });
  b.score = 9;
  s.writeRecord(s.BEST, b);
  assert.equal(JSON.parse(localStorage.getItem('collabble:bests')).v, s.SCHEMA);
  assert.equal(s.bests().score, 9);
});

test('savedGames lists every kept game, newest first, each with its lines newest first', () => {
  localStorage.setItem('collabble:game:old', JSON.stringify({ ...OLD, savedAt: 1000, branches: [] }));
  localStorage.setItem('collabble:game:new', JSON.stringify(OLD));
  localStorage.setItem('collabble:game:empty', JSON.stringify({ me: 1 })); // no line: not listed
  localStorage.setItem('collabble:name', 'Ann');                          // not a game
  localStorage.setItem('collabble:game:new:lock', '123');                 // a lock, not a record
  const games = s.savedGames();
  assert.deepEqual(games.map((g) => g.id), ['new', 'old']);
  assert.deepEqual(games[0].lines.map((l) => l.state), ['S3', 'T2']);
  assert.equal(s.ownerOf('T2'), 'new');
  assert.equal(s.ownerOf('nowhere'), '');
});

test('who this device is: its player, or the other rack for one position', () => {
  s.save('G', { state: 'S1', me: 1, as: { state: 'S1', me: 2 } });
  assert.equal(s.whoOn('G', 'S1'), 2);
  assert.equal(s.whoOn('G', 'S2'), 1);
  s.save('H', { state: 'S1', me: 3 });
  assert.equal(s.meOf('H'), 0, 'only 1 or 2 is a player');
});

test('names: the record\'s, the device\'s own name by default, put in the page\'s text', () => {
  localStorage.setItem('collabble:name', 'Me');
  s.save('G', { state: 'S', me: 2, names: ['Ann', ''] });
  assert.deepEqual(s.names('G'), ['Ann', 'Me']);
  assert.equal(s.named('Player 1 played, Player 2 to play', 'G'), 'Ann played, Me to play');
  assert.equal(s.named('P2', 'G'), 'Me');
  assert.equal(s.named('Player 1 and Player 2', 'none'), 'Player 1 and Player 2');
});

test('a browser that refuses storage (private mode) reads nothing and throws nothing', () => {
  const real = globalThis.localStorage;
  globalThis.localStorage = {
    get length() { throw new Error('denied'); },
    getItem() { throw new Error('denied'); }, setItem() { throw new Error('denied'); },
    removeItem() { throw new Error('denied'); }, key() { throw new Error('denied'); },
  };
  try {
    assert.equal(s.record('G'), null);
    s.save('G', { state: 'S' });
    assert.deepEqual(s.savedGames(), []);
  } finally {
    globalThis.localStorage = real;
  }
});
