// tests/http/squares.test.mjs - a square the client sent is the square the
// answer names: an off-board row or column is out_of_bounds with the value
// as sent and no cell (no square of the board can show it), before the rack
// is looked at, through both of the server's move readers, on /move,
// /preview and the page's form.
// SPDX-License-Identifier: MIT
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, post, makeState, encode } from './server.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { assert.equal(await srv.stop(), 0); });

const api = (p) => `${srv.url}/api/v1/${p}`;
// An empty board, P1 to play CATS... (no Q).
const state = () => encode(makeState({ p1: [...'CATSEEN'], p2: [...'DOGSRIL'] }));

describe('squares as sent', () => {
  test('an off-board row is named as sent, with no phantom cell', async () => {
    for (const [row, text] of [[70, '70'], [15, '15'], [-1, '-1'], [-2, '-2'],
      [1e10, '10000000000'], ['-9223372036854775808', '-9223372036854775808']]) {
      const body = `{"state":"${state()}","move":{"type":"play","tiles":[{"row":${row},"col":7,"letter":"C"}]}}`;
      for (const route of ['move', 'preview']) {
        const r = await post(api(route), body);
        // A refusal of the rules: 422 for a move, 200 and not valid for a
        // preview (docs/API.md), the same error either way.
        assert.equal(r.status, route === 'move' ? 422 : 200, `${route} row ${text}: ${r.text}`);
        if (route === 'preview') assert.equal(r.body.valid, false);
        assert.equal(r.body.error.code, 'out_of_bounds');
        assert.equal(r.body.error.detail,
          `move.tiles[0].row: ${text} is off the board (rows and columns are 0 to 14)`);
        assert.deepEqual(r.body.error.cells ?? [], [], `${route} row ${text}: no cell`);
      }
    }
  });

  test('a column too, of any tile', async () => {
    const body = { state: state(), move: { type: 'play', tiles: [
      { row: 7, col: 7, letter: 'C' }, { row: 7, col: 15, letter: 'A' }] } };
    const r = await post(api('move'), body);
    assert.equal(r.status, 422, r.text);
    assert.equal(r.body.error.detail,
      'move.tiles[1].col: 15 is off the board (rows and columns are 0 to 14)');
  });

  test('off the board comes before the rack', async () => {
    // Q is not in P1's rack: still out_of_bounds, the square being off the board.
    const body = { state: state(), move: { type: 'play', tiles: [{ row: 70, col: 7, letter: 'Q' }] } };
    const r = await post(api('move'), body);
    assert.equal(r.status, 422, r.text);
    assert.equal(r.body.error.code, 'out_of_bounds');
  });

  test('an integer past what JSON integers hold here is a 400 naming the field', async () => {
    const body = `{"state":"${state()}","move":{"type":"play","tiles":[{"row":9223372036854775808,"col":7,"letter":"C"}]}}`;
    const r = await post(api('move'), body);
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.error.code, 'bad_request');
  });

  test('an on-board square keeps working', async () => {
    const body = { state: state(), move: { type: 'play', tiles: [
      { row: 7, col: 7, letter: 'C' }, { row: 7, col: 8, letter: 'A' }, { row: 7, col: 9, letter: 'T' }] } };
    const r = await post(api('move'), body);
    assert.equal(r.status, 200, r.text);
  });
});
