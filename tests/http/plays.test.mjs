// tests/http/plays.test.mjs - POST /api/v1/plays (every legal play of the
// player to move, best first) and the blocked ending, against the real
// collabble binary.
// SPDX-License-Identifier: MIT
//
// Run: COLLABBLE_BIN=build/server/collabble \
//      COLLABBLE_SOWPODS=build/dict/sowpods.clx node --test tests/http/
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  startServer, post, makeState, boardWith, encode, emptyBoard, DISTRIBUTION, sowpodsPath,
} from './server.mjs';

let srv;
let tmp;
const api = (p) => `${srv.url}/api/v1/${p}`;

function assertError(res, status, code, detail) {
  assert.equal(res.status, status, res.text);
  assert.equal(res.body.error.code, code, res.text);
  if (detail) assert.match(res.body.error.detail, detail);
}

// The whole set on the board and in the racks, nothing in the bag: the top
// six rows full (90 tiles, blanks as lowercase; not words, only the lexicon
// of the state judges plays), ten tiles on the racks. A play must put a
// tile on row 6, under a column of six letters.
const P1_END = ['Q', 'Z', 'J', 'K', 'V'];
const P2_END = ['X', 'W', 'Y', 'F', 'H'];

function endBoard() {
  const left = { ...DISTRIBUTION };
  for (const t of [...P1_END, ...P2_END]) left[t] -= 1;
  const tiles = [];
  for (const [k, n] of Object.entries(left)) for (let i = 0; i < n; i++) tiles.push(k === 'BLANK' ? 'e' : k);
  assert.equal(tiles.length, 90);
  const board = emptyBoard();
  tiles.forEach((t, i) => { board[Math.floor(i / 15)][i % 15] = t; });
  return board;
}

// Column 0 of the end board, rows 0-5, as a word (blanks in upper case).
function column0() {
  return endBoard().slice(0, 6).map((row) => row[0].toUpperCase()).join('');
}

function endPosition(lexicon) {
  return makeState({
    board: endBoard(), p1: [...P1_END], p2: [...P2_END], score: 300,
    bag: Object.fromEntries(Object.keys(DISTRIBUTION).map((k) => [k, 0])),
    extra: { lexicon },
  });
}

// Q10 Z10 J8 K5 V4 + X8 W4 Y4 F4 H4 = 61.
const END_RACKS = 61;

before(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'collabble-plays-'));
  // Two words only, so every play of a position can be counted by hand.
  const tiny = path.join(tmp, 'tiny.txt');
  writeFileSync(tiny, 'QI\nZA\n');
  const colx = path.join(tmp, 'colx.txt');
  writeFileSync(colx, `QI\nZA\n${column0()}X\n`);
  srv = await startServer({
    args: ['--lexicon', `${sowpodsPath()}:sowpods`, '--lexicon', `${tiny}:tiny`, '--lexicon', `${colx}:colx`],
  });
});

after(async () => {
  if (srv) assert.equal(await srv.stop(), 0, srv.log());
  rmSync(tmp, { recursive: true, force: true });
});

const tinyState = (fields) => makeState({ ...fields, extra: { lexicon: 'tiny' } });

describe('POST /api/v1/plays', () => {
  test('an opening with two words: every play, best first, by hand', async () => {
    // QI and ZA through the star, across or down, starting on it or just
    // before it: 8 plays, each (10 + 1) x 2 (the star) = 22.
    const s = tinyState({ p1: [...'QIZAEEE'], p2: [...'RSTLNDO'] });
    const r = await post(api('plays'), { state: encode(s), limit: 100 });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.player, 'P1');
    assert.equal(r.body.total, 8);
    assert.equal(r.body.plays.length, 8);
    for (const p of r.body.plays) assert.equal(p.points, 22);
    // Ties go across before down, then by square, then by letters: QI at 8G.
    assert.deepEqual(r.body.plays[0], {
      move: { type: 'play', tiles: [{ row: 7, col: 6, letter: 'Q' }, { row: 7, col: 7, letter: 'I' }] },
      words: ['QI'], wordPoints: [22], points: 22, bingo: false, at: '8G', direction: 'across',
    });
    assert.equal(r.body.plays[4].direction, 'down');
    assert.equal(r.body.plays[4].at, 'H7');
  });

  test('every play listed passes the rules with the same words and points', async () => {
    const s = makeState({
      board: boardWith([[7, 5, 'H', 'QUIXOTE'], [3, 9, 'V', 'ZEBRA']]),
      p1: [...'AERS', 'BLANK', ...'TN'], p2: [...'DGILMOP'],
    });
    const r = await post(api('plays'), { state: encode(s), limit: 40 });
    assert.equal(r.status, 200, r.text);
    assert.ok(r.body.total > 1000, `${r.body.total} plays`);
    assert.equal(r.body.plays.length, 40);
    for (let i = 1; i < r.body.plays.length; i++) {
      assert.ok(r.body.plays[i - 1].points >= r.body.plays[i].points, 'best first');
    }
    for (const p of r.body.plays.slice(0, 12)) {
      const v = await post(api('preview'), { state: encode(s), move: p.move });
      assert.equal(v.status, 200, v.text);
      assert.equal(v.body.valid, true, JSON.stringify(p));
      assert.deepEqual(v.body.words, p.words);
      assert.deepEqual(v.body.wordPoints, p.wordPoints);
      assert.equal(v.body.points, p.points);
      assert.equal(v.body.bingo, p.bingo);
    }
    // The best play is a real move: /move accepts it with the same points.
    const m = await post(api('move'), { state: encode(s), move: r.body.plays[0].move });
    assert.equal(m.status, 200, m.text);
    assert.equal(m.body.result.points, r.body.plays[0].points);
  });

  test('the same request gives the same bytes', async () => {
    const s = encode(makeState({ board: boardWith([[7, 6, 'H', 'CAT']]), p1: [...'SEATRON'], p2: [...'DGILMPU'] }));
    const a = await post(api('plays'), { state: s, limit: 25 });
    const b = await post(api('plays'), { state: s, limit: 25 });
    assert.equal(a.status, 200);
    assert.equal(a.text, b.text);
  });

  test('limit: default 10, 0 counts only, the total never depends on it', async () => {
    const s = encode(makeState({ board: boardWith([[7, 6, 'H', 'CAT']]), p1: [...'SEATRON'], p2: [...'DGILMPU'] }));
    const d = await post(api('plays'), { state: s });
    assert.equal(d.status, 200, d.text);
    assert.equal(d.body.plays.length, 10);
    const z = await post(api('plays'), { state: s, limit: 0 });
    assert.equal(z.status, 200, z.text);
    assert.deepEqual(z.body.plays, []);
    assert.equal(z.body.total, d.body.total);
    const all = await post(api('plays'), { state: s, limit: 1000 });
    assert.equal(all.body.plays.length, Math.min(1000, d.body.total));
    assert.deepEqual(all.body.plays.slice(0, 10), d.body.plays);
  });

  test('the player to move: P2 plays from P2\'s rack', async () => {
    const s = tinyState({ p1: [...'EEEEEEE'], p2: [...'QIRSTLN'], turn: 'P2' });
    const r = await post(api('plays'), { state: encode(s) });
    assert.equal(r.body.player, 'P2');
    assert.equal(r.body.total, 4, 'QI four ways');
  });

  test('no play: a total of 0', async () => {
    const s = tinyState({ p1: [...'EEEEEEE'], p2: [...'QIRSTLN'] });
    const r = await post(api('plays'), { state: encode(s), limit: 5 });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.total, 0);
    assert.deepEqual(r.body.plays, []);
  });

  test('bad input: clear 400s and 422s', async () => {
    const s = encode(makeState({ p1: [...'SEATRON'], p2: [...'DGILMPU'] }));
    for (const limit of [-1, 1001, 2.5, '3', null, true, 1e12]) {
      assertError(await post(api('plays'), { state: s, limit }), 400, 'bad_request', /^limit: expected an integer from 0 to 1000/);
    }
    assertError(await post(api('plays'), { limit: 3 }), 400, 'bad_request', /^state:/);
    assertError(await post(api('plays'), { state: s, limits: 3 }), 400, 'bad_request', /unknown key "limits"/);
    assertError(await post(api('plays'), { state: 'not a state' }), 400, 'bad_state');
    assertError(await post(api('plays'), '[1,2]'), 400, 'bad_request');
    assertError(await post(api('plays'), ''), 400, 'bad_request');
    const other = makeState({ p1: [...'SEATRON'], p2: [...'DGILMPU'], extra: { lexicon: 'nope' } });
    assertError(await post(api('plays'), { state: encode(other) }), 400, 'unknown_lexicon');
    const over = makeState({ p1: [...'SEATRON'], p2: [...'DGILMPU'], gameOver: true });
    assertError(await post(api('plays'), { state: encode(over) }), 422, 'game_over');
    const get = await fetch(api('plays'));
    assert.equal(get.status, 405);
  });
});

describe('the blocked ending', () => {
  test('a pass with the bag empty and no play for either rack ends the game', async () => {
    const s = endPosition('tiny');
    const plays = await post(api('plays'), { state: encode(s) });
    assert.equal(plays.status, 200, plays.text);
    assert.equal(plays.body.total, 0);
    const r = await post(api('move'), { state: encode(s), move: { type: 'pass' } });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.result.gameOver, true);
    const g = r.body.game;
    assert.equal(g.gameOver, true);
    assert.equal(g.consecutivePasses, 1, 'one pass ended it, not two');
    assert.deepEqual(g.ending, { reason: 'blocked', adjustment: END_RACKS });
    assert.equal(g.score, 300 - END_RACKS, 'the racks come off as after two passes');
    // The final page says why, in words.
    const page = await fetch(`${srv.url}/?s=${encodeURIComponent(r.body.state)}`);
    assert.match(await page.text(), /neither player could play/);
    // And a blocked link opens and stays over.
    const again = await post(api('move'), { state: r.body.state, move: { type: 'pass' } });
    assertError(again, 422, 'game_over');
  });

  test('while one rack can still play, the game goes on; its last play blocks it', async () => {
    // "colX": column 0 with an X under it is a word here, and only P2
    // holds an X.
    const s = endPosition('colx');
    const r1 = await post(api('move'), { state: encode(s), move: { type: 'pass' } });
    assert.equal(r1.status, 200, r1.text);
    assert.equal(r1.body.game.gameOver, false, 'P2 can still play');
    const plays = await post(api('plays'), { state: r1.body.state });
    assert.equal(plays.body.player, 'P2');
    // Columns 0 and 1 read the same (the tiles lie in alphabetical order):
    // the X fits under either.
    assert.equal(plays.body.total, 2, JSON.stringify(plays.body.plays));
    assert.deepEqual(plays.body.plays.map((p) => p.at), ['A1', 'B1']);
    assert.deepEqual(plays.body.plays[0].words, [`${column0()}X`]);
    // P2 plays it; now neither rack can play: that play ends the game.
    const r2 = await post(api('move'), { state: r1.body.state, move: plays.body.plays[0].move });
    assert.equal(r2.status, 200, r2.text);
    assert.equal(r2.body.result.gameOver, true);
    assert.equal(r2.body.game.ending.reason, 'blocked');
    assert.equal(r2.body.game.ending.adjustment, END_RACKS - 8, 'the X was played');
  });
});
