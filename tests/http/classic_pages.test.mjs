// tests/http/classic_pages.test.mjs - what the page says for each kind of
// last move and each ending a classic link can carry, with the exact
// sentence: an exchange, a pass (and the warning that one more ends the
// game), a bingo, and the four endings with and without tiles taken off;
// and the classic link's own refusals of those fields.
// SPDX-License-Identifier: MIT
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, makeState, encode, boardWith, post } from './server.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => {
  assert.equal(await srv.stop(), 0, srv.log().slice(-2000));
});

const board = boardWith([[7, 6, 'H', 'CAT']]);
const racks = { p1: [...'DOGSEAR'], p2: [...'BIRDLEG'] };
const none = { cells: [], words: [], points: 0 };

async function page(state) {
  const r = await fetch(`${srv.url}/?s=${encodeURIComponent(encode(state))}`);
  const html = await r.text();
  return { status: r.status, html };
}

// The text of the element with data-testid=`id`, tags removed.
function text(html, id) {
  const m = new RegExp(`data-testid="${id}"[^>]*>(.*?)</p>`, 's').exec(html);
  assert.ok(m, `no ${id} in the page`);
  return m[1].replace(/<[^>]*>/g, '');
}

describe('the last move', () => {
  test('an exchange says how many tiles', async () => {
    const { status, html } = await page(makeState({
      board, ...racks, score: 10, lastMove: { ...none, type: 'exchange', exchanged: 3 },
    }));
    assert.equal(status, 200);
    assert.equal(text(html, 'last-move'), 'Player 2 exchanged 3 tiles.');
  });

  test('one tile exchanged is singular', async () => {
    const { html } = await page(makeState({
      board, ...racks, turn: 'P2', lastMove: { ...none, type: 'exchange', exchanged: 1 },
    }));
    assert.equal(text(html, 'last-move'), 'Player 1 exchanged 1 tile.');
  });

  test('a pass after a pass warns that one more ends the game', async () => {
    const { html } = await page(makeState({
      board, ...racks, consecutivePasses: 1, lastMove: { ...none, type: 'pass' },
    }));
    assert.equal(text(html, 'last-move'), 'Player 2 passed. One more pass ends the game.');
  });

  test('a play of seven tiles is a bingo', async () => {
    const b = boardWith([[7, 4, 'H', 'DOGSEAR']]);
    const cells = [...'DOGSEAR'].map((_, i) => [7, 4 + i]);
    const { html } = await page(makeState({
      board: b, p1: [...'CATLIKE'], p2: [...'BIRDLEG'], score: 76,
      lastMove: { cells, words: ['DOGSEAR'], points: 76 },
    }));
    assert.equal(text(html, 'last-move'), 'Player 2 played DOGSEAR for 76 points, a bingo.');
  });
});

describe('the endings', () => {
  const over = (ending, extra = {}) => makeState({
    board, ...racks, score: 10, consecutivePasses: 2, gameOver: true,
    lastMove: { ...none, type: 'pass' }, extra: { ending }, ...extra,
  });
  const cases = [
    [{ reason: 'passes', adjustment: 12 },
      'Both players passed in a row, so the game ended. The tiles left on the racks, ' +
      'worth 12 points, were taken off the score (22 before).'],
    [{ reason: 'passes', adjustment: 0 }, 'Both players passed in a row, so the game ended.'],
    [{ reason: 'limit', adjustment: 1 },
      'The game reached 250 moves, the most a game link holds, so it ended. The tiles ' +
      'left on the racks, worth 1 point, were taken off the score.'],
    [{ reason: 'limit', adjustment: 0 },
      'The game reached 250 moves, the most a game link holds, so it ended.'],
    [{ reason: 'blocked', adjustment: 9 },
      'The bag was empty and neither player could play, so the game ended by itself. The ' +
      'tiles left on the racks, worth 9 points, were taken off the score (19 before).'],
    [{ reason: 'blocked', adjustment: 0 },
      'The bag was empty and neither player could play, so the game ended by itself.'],
  ];
  for (const [ending, sentence] of cases) {
    test(`${ending.reason}, ${ending.adjustment} taken off`, async () => {
      const { status, html } = await page(over(ending));
      assert.equal(status, 200);
      assert.equal(text(html, 'game-end'), sentence);
    });
  }

  test('went out, with and without points taken off', async () => {
    for (const [adjustment, tail] of [[5, ' 5 points left on the racks were taken off.'], [0, '']]) {
      const st = makeState({
        board, p1: [], p2: [...'BIRDLEG'], score: 30, gameOver: true,
        lastMove: { cells: [[7, 6], [7, 7], [7, 8]], words: ['CAT'], points: 5 },
        extra: { ending: { reason: 'out', adjustment } },
      });
      // Going out needs an empty bag: the rest of the set goes on the
      // board's top and bottom rows, so the tiles still add up.
      const left = st.bag;
      const b = boardWith([[7, 6, 'H', 'CAT']]);
      let sq = 0;
      for (const [k, n] of Object.entries(left)) {
        for (let i = 0; i < n; i++, sq++) {
          const at = sq < 90 ? sq : sq + 75;
          b[Math.floor(at / 15)][at % 15] = k === 'BLANK' ? 'e' : k;
        }
      }
      st.board = b;
      st.bag = Object.fromEntries(Object.keys(left).map((k) => [k, 0]));
      const { status, html } = await page(st);
      assert.equal(status, 200, html.slice(0, 2000));
      assert.equal(text(html, 'game-end'),
        `Player 1 went out: the bag was empty and they played their last tile.${tail}`);
    }
  });
});

describe('the classic link\'s ending and last move, refused', () => {
  const cases = [
    [{ ...makeState({ board, ...racks }), ending: { reason: 'passes', adjustment: 0 } },
      'ending: only allowed when gameOver is true'],
    [makeState({ board, ...racks, gameOver: true, consecutivePasses: 2, extra: { ending: { reason: 'bored', adjustment: 0 } } }),
      'ending.reason: "bored" is not "passes", "out", "limit" or "blocked"'],
    [makeState({ board, ...racks, gameOver: true, consecutivePasses: 2, extra: { ending: { reason: 'passes', adjustment: -1 } } }),
      'ending.adjustment: -1 is out of range 0..1000000'],
    [makeState({ board, ...racks, lastMove: { ...none, type: 'swap' } }),
      'lastMove.type: "swap" is not "play", "exchange" or "pass"'],
    [makeState({ board, ...racks, lastMove: { ...none, type: 'exchange' } }),
      'lastMove.exchanged: missing (required for an exchange)'],
    [makeState({ board, ...racks, lastMove: { ...none, type: 'pass', exchanged: 2 } }),
      'lastMove.exchanged: only allowed when type is "exchange"'],
    [makeState({ board, ...racks, lastMove: { ...none, type: 'pass', points: 3 } }),
      'lastMove.points: must be 0 for a pass'],
    [makeState({ board, ...racks, lastMove: { ...none, type: 'exchange', exchanged: 2, words: ['CAT'] } }),
      'lastMove.words: must be empty for an exchange'],
  ];
  for (const [state, detail] of cases) {
    test(detail, async () => {
      const r = await post(`${srv.url}/api/v1/decode`, { state: encode(state) });
      assert.equal(r.status, 400, r.text);
      assert.equal(r.body.error.code, 'bad_state');
      assert.equal(r.body.error.detail, detail);
    });
  }
});
