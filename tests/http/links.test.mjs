// tests/http/links.test.mjs - v2 turn links through the real server: whole
// games, the history and move number in the API, the one-SMS length, v1
// links opening and continuing, the classic link of a v2 game, canonical
// move order, damaged and newer links, word-list identity across servers,
// and the GCG export.
// SPDX-License-Identifier: MIT
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, post, makeState, boardWith, encode, decode, sowpodsPath } from './server.mjs';
import { playGame, chooseMove } from './bot.mjs';
// The documented CRC-24, here only to forge links for the refusal tests.
import { crc24 } from '../node/link2.mjs';

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
// The longest text after '#' that keeps http://localhost:8080/#... in one
// SMS segment (160 characters).
const SMS_BUDGET = 137;

let srv;
let tmp;
let tiny;
const api = (p) => `${srv.url}/api/v1/${p}`;

function withCrc(s) {
  let crc = crc24(Buffer.from(s[0] + s.slice(5), 'latin1'));
  let check = '';
  for (let i = 0; i < 4; i++, crc >>= 6) check = B64URL[crc & 63] + check;
  return s[0] + check + s.slice(5);
}

before(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'collabble-links-'));
  tiny = path.join(tmp, 'tiny.txt');
  writeFileSync(tiny, 'ZO\nZA\nOX\n');
  srv = await startServer({ args: ['--lexicon', sowpodsPath(), '--lexicon', `${tiny}:tiny`] });
});

after(async () => {
  assert.equal(await srv.stop(), 0, srv.log().slice(-2000));
  rmSync(tmp, { recursive: true, force: true });
});

describe('a whole game in v2 links', () => {
  let played;
  before(async () => {
    played = [];
    let r = await post(api('games'), { seed: 'links-bot' });
    let { state, game } = r.body;
    played.push({ state, body: r.body });
    while (!game.gameOver) {
      const move = chooseMove(game);
      r = await post(api('move'), { state, move });
      assert.equal(r.status, 200, r.text);
      ({ state, game } = r.body);
      played.push({ state, body: r.body, move });
    }
  });

  test('every position is a v2 link of at most 137 characters', () => {
    for (const { state } of played) {
      assert.match(state, /^2[A-Za-z0-9_-]+$/);
      assert.ok(state.length <= SMS_BUDGET, `${state.length} characters: ${state}`);
    }
    assert.ok(played.length > 15, `${played.length} positions`);
  });

  test('the answer has the move number and the whole history, which adds up', () => {
    const last = played[played.length - 1].body;
    assert.equal(last.moveNumber, played.length - 1);
    const { moves } = last.history;
    assert.equal(moves.length, last.moveNumber);
    let score = 0;
    moves.forEach((m, i) => {
      assert.equal(m.number, i + 1);
      assert.equal(m.player, i % 2 === 0 ? 'P1' : 'P2');
      assert.equal(m.type, played[i + 1].move.type);
      assert.equal(m.points, played[i + 1].body.result.points);
      score += m.points;
      assert.equal(m.score, score);
      assert.ok(Array.isArray(m.rack) && m.rack.length > 0);
      if (m.type === 'play') {
        assert.equal(m.tiles.length, played[i + 1].move.tiles.length);
        assert.deepEqual(m.words, played[i + 1].body.result.words);
      }
    });
    const adjustment = last.game.ending?.adjustment ?? 0;
    assert.equal(last.game.score, score - adjustment);
  });

  test('each link decodes to the same game, history and link', async () => {
    for (const { state, body } of played.filter((_, i) => i % 4 === 0 || i === played.length - 1)) {
      const r = await post(api('decode'), { state });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.state, state);
      assert.deepEqual(r.body.game, body.game);
      assert.deepEqual(r.body.history, body.history);
      assert.equal(r.body.moveNumber, body.moveNumber);
    }
  });

  test('the classic link of any position continues exactly as its v2 link', async () => {
    for (const i of [1, Math.floor(played.length / 2), played.length - 2]) {
      const { state } = played[i];
      const { move } = played[i + 1];
      const classic = (await post(api('decode'), { state, format: 'v1' })).body;
      assert.equal(classic.format, 'v1');
      assert.deepEqual(decode(classic.state), played[i].body.game, 'the classic link is LZ-String of the position');
      const fromV1 = await post(api('move'), { state: classic.state, move });
      const fromV2 = played[i + 1].body;
      assert.equal(fromV1.status, 200, fromV1.text);
      assert.equal(fromV1.body.format, 'v1', 'a classic link is answered with a classic link');
      assert.deepEqual(fromV1.body.game, fromV2.game, 'the same draws whichever link travels');
      assert.deepEqual(decode(fromV1.body.state), fromV2.game);
    }
  });

  test('GCG: one line per move, the ending, from the API and as a download', async () => {
    const { state, body } = played[played.length - 1];
    const r = await post(api('gcg'), { state });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.filename, `collabble-${body.game.gameId}.gcg`);
    const lines = r.body.gcg.split('\n');
    assert.equal(lines[0], '#character-encoding UTF-8');
    assert.ok(lines.includes('#player1 P1 Player 1') && lines.includes('#player2 P2 Player 2'));
    const events = lines.filter((l) => l.startsWith('>'));
    assert.ok(events.length >= body.moveNumber, r.body.gcg);
    body.history.moves.forEach((m, i) => {
      const want = m.type === 'pass' ? / - \+0 -?\d+$/ : m.type === 'exchange' ? / -[A-Z?]+ \+0 -?\d+$/
        : new RegExp(` (\\d+[A-O]|[A-O]\\d+) [A-Za-z.]+ \\+${m.points} -?\\d+$`);
      assert.match(events[i], want, `move ${i + 1}: ${events[i]}`);
      assert.ok(events[i].startsWith(`>${m.player}: `));
    });
    const page = await fetch(`${srv.url}/game.gcg?s=${state}`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type'), /^text\/plain/);
    assert.equal(await page.text(), r.body.gcg);
  });
});

describe('moves in any order are one move', () => {
  test('tiles listed backwards draw the same tiles and make the same link', async () => {
    const s = encode(makeState({ p1: [...'CATSEIR'], p2: [...'DOGEXNL'] }));
    const tiles = [{ row: 7, col: 7, letter: 'C' }, { row: 7, col: 8, letter: 'A' }, { row: 7, col: 9, letter: 'T' }];
    const a = await post(api('move'), { state: s, move: { type: 'play', tiles } });
    const b = await post(api('move'), { state: s, move: { type: 'play', tiles: [...tiles].reverse() } });
    assert.equal(a.status, 200, a.text);
    assert.equal(a.text, b.text);
    const ex1 = await post(api('move'), { state: s, move: { type: 'exchange', tiles: ['C', 'R'] } });
    const ex2 = await post(api('move'), { state: s, move: { type: 'exchange', tiles: ['R', 'C'] } });
    assert.equal(ex1.text, ex2.text);
    assert.deepEqual(ex1.body.history.moves[0].tiles, ['C', 'R'], 'in rack order');
  });
});

describe('classic (v1) links keep working', () => {
  const s0 = makeState({
    board: boardWith([[7, 6, 'H', 'CAT']]), p1: [...'SERIOUS'], p2: [...'DOGEXNL'], score: 10,
    lastMove: { cells: [[7, 6], [7, 7], [7, 8]], words: ['CAT'], points: 10 }, gameId: 'classicGame1',
  });

  test('a v1 state is answered with a v1 state, its history empty', async () => {
    const r = await post(api('move'), { state: encode(s0), move: { type: 'pass' } });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.format, 'v1');
    assert.deepEqual(decode(r.body.state), r.body.game);
    assert.equal(r.body.history.start.type, 'position');
    assert.equal(r.body.history.start.score, 10);
    assert.equal(r.body.moveNumber, 1);
  });

  test('asked for v2, it continues as a v2 link that starts at the classic position', async () => {
    const move = { type: 'play', tiles: [{ row: 7, col: 9, letter: 'S' }] };
    const v2 = await post(api('move'), { state: encode(s0), move, format: 'v2' });
    assert.equal(v2.status, 200, v2.text);
    assert.match(v2.body.state, /^2/);
    assert.equal(v2.body.game.gameId, 'classicGame1');
    assert.equal(v2.body.game.score, 10 + 6);
    const next = await post(api('move'), { state: v2.body.state, move: { type: 'pass' } });
    assert.equal(next.status, 200, next.text);
    assert.equal(next.body.format, 'v2');
    assert.equal(next.body.moveNumber, 2);
    assert.deepEqual(next.body.history.moves.map((m) => m.type), ['play', 'pass']);
    // And the same as the classic game would have gone.
    const v1 = await post(api('move'), { state: encode(s0), move });
    const v1next = await post(api('move'), { state: v1.body.state, move: { type: 'pass' } });
    assert.deepEqual(v1next.body.game, next.body.game);
  });

  test('decode answers in the format asked for', async () => {
    const r = await post(api('decode'), { state: encode(s0), format: 'v2' });
    assert.equal(r.status, 200, r.text);
    assert.match(r.body.state, /^2/);
    const back = await post(api('decode'), { state: r.body.state });
    assert.deepEqual({ ...back.body.game, lastMove: null }, { ...r.body.game, lastMove: null });
    assertError(await post(api('decode'), { state: encode(s0), format: 'v9' }), 400, 'bad_request');
  });
});

function assertError(res, status, code) {
  assert.equal(res.status, status, res.text);
  assert.equal(res.body.error.code, code, res.text);
}

describe('damaged, forged and newer links', () => {
  let link;
  before(async () => {
    const { state } = await playGame(srv.url, 'links-damage', (g) => g.board.flat().filter((c) => c !== '.').length > 20);
    link = state;
  });

  test('every truncation and a change at every position is refused as damaged', async () => {
    for (let n = 0; n < link.length; n++) {
      const r = await post(api('decode'), { state: link.slice(0, n) });
      assertError(r, 400, 'bad_state');
    }
    for (let i = 0; i < link.length; i++) {
      const c = B64URL[(B64URL.indexOf(link[i]) + 17) % 64];
      const r = await post(api('decode'), { state: link.slice(0, i) + c + link.slice(i + 1) });
      assertError(r, 400, 'bad_state');
      assert.match(r.body.error.detail, /damaged|not a v2 link|cut short/, r.body.error.detail);
    }
  });

  test('a link in a later format says so, if it is not damaged', async () => {
    const later = withCrc(`3${link.slice(1)}`);
    const r = await post(api('decode'), { state: later });
    assertError(r, 400, 'bad_state');
    assert.match(r.body.error.detail, /newer version/);
  });

  test('a forged link whose moves are not a legal game names the move', async () => {
    // A SOWPODS game's link, rewritten to say it is judged by the tiny
    // list (ZO, ZA, OX), with fresh check characters: the server has that
    // list, replays the moves under it and refuses the first play.
    const fingerprint = (await post(api('games'), { lexicon: 'tiny' })).body.history.wordList.fingerprint;
    const bits = [...link.slice(5)].map((c) => B64URL.indexOf(c).toString(2).padStart(6, '0')).join('');
    const field = (v, w) => v.toString(2).padStart(w, '0');
    const named = bits[0] + '1' + field('tiny'.length - 1, 5) +
      [...'tiny'].map((c) => field(B64URL.indexOf(c), 6)).join('') +
      field(parseInt(fingerprint, 16), 32) + bits.slice(2);
    const padded = named.padEnd(Math.ceil(named.length / 6) * 6, '0');
    let payload = '';
    for (let i = 0; i < padded.length; i += 6) payload += B64URL[parseInt(padded.slice(i, i + 6), 2)];
    const forged = withCrc(`2AAAA${payload}`);
    const r = await post(api('decode'), { state: forged });
    assertError(r, 400, 'bad_state');
    assert.match(r.body.error.detail, /^move 1: Not in the dictionary: [A-Z]+/);
  });
});

describe('the word list a link names', () => {
  test('another server without that list refuses it by name', async () => {
    const tinyGame = (await post(api('games'), { seed: 'by-name', lexicon: 'tiny' })).body;
    const sowpodsGame = (await post(api('games'), { seed: 'by-name' })).body;
    const other = await startServer({ args: ['--lexicon', `${tiny}:small`] });
    try {
      const a = await post(`${other.url}/api/v1/decode`, { state: sowpodsGame.state });
      assertError(a, 400, 'unknown_lexicon');
      assert.match(a.body.error.detail, /sowpods/);
      // The same words under another name are the same list.
      const b = await post(`${other.url}/api/v1/decode`, { state: tinyGame.state });
      assert.equal(b.status, 200, b.text);
    } finally {
      assert.equal(await other.stop(), 0);
    }
    const only = await startServer({ args: ['--lexicon', sowpodsPath()] });
    try {
      const c = await post(`${only.url}/api/v1/decode`, { state: tinyGame.state });
      assertError(c, 400, 'unknown_lexicon');
      assert.match(c.body.error.detail, /"tiny" \(fingerprint [0-9a-f]{8}\)/);
    } finally {
      assert.equal(await only.stop(), 0);
    }
  });
});
