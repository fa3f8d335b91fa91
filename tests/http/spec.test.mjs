// tests/http/spec.test.mjs - the v2 link format as DESIGN.md specifies it:
// an independent reader written from the document alone (tests/node/
// link2.mjs, JavaScript, no code shared with the server) must read every
// link the server makes, through whole games, to the very position, moves
// and scores the server's API reports.
// SPDX-License-Identifier: MIT
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, post, makeState, boardWith, encode } from './server.mjs';
import { chooseMove } from './bot.mjs';
import { readLink, asSchemaV1, seedFromText } from '../node/link2.mjs';

let srv;
const api = (p) => `${srv.url}/api/v1/${p}`;

before(async () => { srv = await startServer(); });
after(async () => { assert.equal(await srv.stop(), 0); });

// What the server shows of a position, in the reader's terms.
function serverView(body) {
  const { version, lastMove, lexicon, ...rest } = body.game;
  return rest;
}

function assertSame(state, body, where) {
  const read = readLink(state);
  assert.deepEqual(asSchemaV1(read.game), serverView(body), `${where}: the position`);
  assert.deepEqual(read.start, body.history.start, `${where}: the start`);
  assert.equal(read.wordList.name, body.history.wordList.name);
  assert.equal(read.wordList.fingerprint.toString(16).padStart(8, '0'), body.history.wordList.fingerprint);
  assert.equal(read.moves.length, body.moveNumber, `${where}: the move number`);
  read.moves.forEach((m, i) => {
    const s = body.history.moves[i];
    assert.equal(m.type, s.type, `${where}: move ${i + 1}`);
    assert.equal(m.points, s.points, `${where}: move ${i + 1} points`);
    assert.equal(m.score, s.score, `${where}: move ${i + 1} running score`);
  });
}

test('the documented reader reads every position of whole games', async () => {
  for (let g = 0; g < 6; g++) {
    const seed = `spec-${g}`;
    let r = await post(api('games'), { seed });
    assert.equal(r.body.history.start.seed, seedFromText(seed), 'the seed of a seed text');
    let { state, game } = r.body;
    assertSame(state, r.body, `${seed} start`);
    while (!game.gameOver) {
      r = await post(api('move'), { state, move: chooseMove(game) });
      assert.equal(r.status, 200, r.text);
      ({ state, game } = r.body);
      assertSame(state, r.body, `${seed} move ${r.body.moveNumber}`);
    }
  }
});

test('the documented reader reads a classic start, blanks and exchanges', async () => {
  const s0 = makeState({
    board: boardWith([[7, 6, 'H', 'CAT']]), p1: ['BLANK', 'E', 'R', 'O', 'N', 'D', 'U'],
    p2: ['A', 'I', 'L', 'S', 'T', 'E', 'M'], score: 10, gameId: 'spec-Classic_1',
  });
  let r = await post(api('move'), {
    state: encode(s0), format: 'v2',
    move: { type: 'play', tiles: [{ row: 7, col: 9, letter: 'S', blank: true }] },
  });
  assert.equal(r.status, 200, r.text);
  assertSame(r.body.state, r.body, 'blank on a classic start');
  r = await post(api('move'), { state: r.body.state, move: { type: 'exchange', tiles: ['M', 'A', 'E'] } });
  assert.equal(r.status, 200, r.text);
  assertSame(r.body.state, r.body, 'an exchange');
  let { state, game } = r.body;
  for (let i = 0; i < 6 && !game.gameOver; i++) {
    r = await post(api('move'), { state, move: chooseMove(game) });
    ({ state, game } = r.body);
    assertSame(state, r.body, `move ${r.body.moveNumber}`);
  }
});
