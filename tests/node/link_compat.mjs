// tests/node/link_compat.mjs - the differential test of the turn link:
// links made the way the original JavaScript design makes them
// (LZString.compressToBase64(JSON.stringify(state)) with the real
// lz-string 1.5.0) must open in C, and links made in C must open in
// JavaScript, giving the same state object both ways.
// SPDX-License-Identifier: MIT
//
// Usage: node tests/node/link_compat.mjs path/to/link_tool [count]
// The C side is tests/tools/link_tool.c (one link or JSON state per line).
// Prints `link compat: N passed, M failed` last; exits 1 on any failure.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import LZ from 'lz-string';

const tool = process.argv[2];
const COUNT = Number(process.argv[3] ?? 50);
if (!tool || !(COUNT > 0)) {
  console.error('usage: node link_compat.mjs path/to/link_tool [count]');
  process.exit(2);
}

// --- the game, as the original JavaScript would hold it -------------------

const DIST = {
  A: 9, B: 2, C: 2, D: 4, E: 12, F: 2, G: 3, H: 2, I: 9, J: 1, K: 1, L: 4,
  M: 2, N: 6, O: 8, P: 2, Q: 1, R: 6, S: 4, T: 6, U: 4, V: 2, W: 2, X: 1,
  Y: 2, Z: 1, BLANK: 2,
};
const KINDS = Object.keys(DIST);
const POINTS = {
  A: 1, B: 3, C: 3, D: 2, E: 1, F: 4, G: 2, H: 4, I: 1, J: 8, K: 5, L: 1,
  M: 3, N: 1, O: 1, P: 3, Q: 10, R: 1, S: 1, T: 1, U: 1, V: 4, W: 4, X: 8,
  Y: 4, Z: 10, BLANK: 0,
};
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ID_CHARS = LETTERS + LETTERS.toLowerCase() + '0123456789_-';

// mulberry32: a fixed seed makes every run test the same states.
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function draw(bag, rnd) {
  const total = KINDS.reduce((n, k) => n + bag[k], 0);
  if (total === 0) return null;
  let pick = Math.floor(rnd() * total);
  for (const k of KINDS) {
    if (pick < bag[k]) { bag[k]--; return k; }
    pick -= bag[k];
  }
  return null;
}

function refill(hand, bag, rnd) {
  while (hand.length < 7) {
    const t = draw(bag, rnd);
    if (t === null) break;
    hand.push(t);
  }
}

function randomWord(rnd) {
  const n = 2 + Math.floor(rnd() * 14);
  let w = '';
  for (let i = 0; i < n; i++) w += LETTERS[Math.floor(rnd() * 26)];
  return w;
}

// Squares for a play of n tiles: through the centre first, later running on
// from a random tile already on the board. null when none was found.
function findSquares(board, n, first, rnd) {
  for (let attempt = 0; attempt < 40; attempt++) {
    const across = rnd() < 0.5;
    let r, c;
    if (first) {
      const start = 7 - Math.floor(rnd() * n);
      [r, c] = across ? [7, start] : [start, 7];
    } else {
      const occupied = [];
      board.forEach((row, i) => row.forEach((ch, j) => {
        if (ch !== '.') occupied.push([i, j]);
      }));
      [r, c] = occupied[Math.floor(rnd() * occupied.length)];
    }
    const cells = [];
    while (cells.length < n && r < 15 && c < 15) {
      if (board[r][c] === '.') cells.push([r, c]);
      if (across) c++; else r++;
    }
    if (cells.length === n) return cells;
  }
  return null;
}

// A game after `moves` random turns. `ours` adds the optional keys this
// project writes (type, exchanged, ending, lexicon).
function makeState(rnd, moves, ours) {
  const bag = { ...DIST };
  const hands = { P1: [], P2: [] };
  refill(hands.P1, bag, rnd);
  refill(hands.P2, bag, rnd);
  const idLen = 1 + Math.floor(rnd() * 32);
  let gameId = '';
  for (let i = 0; i < idLen; i++) gameId += ID_CHARS[Math.floor(rnd() * ID_CHARS.length)];
  const s = {
    version: 1, gameId, turn: 'P1',
    board: Array.from({ length: 15 }, () => Array(15).fill('.')),
    bag, hands, score: 0, lastMove: null, consecutivePasses: 0, gameOver: false,
  };
  let first = true;
  for (let m = 0; m < moves && !s.gameOver; m++) {
    const hand = s.hands[s.turn];
    const bagCount = KINDS.reduce((n, k) => n + s.bag[k], 0);
    const roll = rnd();
    const min = first ? 2 : 1;
    let cells = null;
    // Mostly plays: a random size, then smaller ones if nothing fits.
    if (roll < 0.9)
      for (let n = min + Math.floor(rnd() * Math.max(hand.length - min + 1, 0)); !cells && n >= min; n--)
        cells = findSquares(s.board, n, first, rnd);
    if (cells) {
      for (const [r, c] of cells) {
        const t = hand.splice(Math.floor(rnd() * hand.length), 1)[0];
        s.board[r][c] = t === 'BLANK' ? LETTERS[Math.floor(rnd() * 26)].toLowerCase() : t;
      }
      const points = Math.floor(rnd() * 120);
      const words = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => randomWord(rnd));
      s.lastMove = { cells, words, points };
      s.score += points;
      s.consecutivePasses = 0;
      refill(hand, s.bag, rnd);
      first = false;
      if (hand.length === 0) {
        s.gameOver = true;
        if (ours) s.ending = { reason: 'out', adjustment: 0 };
      }
    } else if (roll < 0.96 && bagCount >= 7 && hand.length > 0) {
      const k = 1 + Math.floor(rnd() * hand.length);
      const back = hand.splice(0, k);
      refill(hand, s.bag, rnd);
      for (const t of back) s.bag[t]++;
      s.lastMove = { cells: [], words: [], points: 0 };
      if (ours) Object.assign(s.lastMove, { type: 'exchange', exchanged: k });
      s.consecutivePasses = 0;
    } else {
      s.lastMove = { cells: [], words: [], points: 0 };
      if (ours) s.lastMove.type = 'pass';
      s.consecutivePasses++;
      if (s.consecutivePasses === 2) {
        s.gameOver = true;
        const left = [...s.hands.P1, ...s.hands.P2].reduce((n, t) => n + POINTS[t], 0);
        const adjustment = Math.min(left, s.score);
        s.score -= adjustment;
        if (ours) s.ending = { reason: 'passes', adjustment };
      }
    }
    s.turn = s.turn === 'P1' ? 'P2' : 'P1';
  }
  // Last, so the keys stay in the order C writes them.
  if (ours && rnd() < 0.5) s.lexicon = rnd() < 0.5 ? 'TWL06' : 'sowpods';
  return s;
}

// What C writes for a state: every bag key (zeros included). Key order is
// not compared (deepStrictEqual ignores it).
function normalize(s) {
  const n = structuredClone(s);
  n.bag = Object.fromEntries(KINDS.map((k) => [k, s.bag[k] ?? 0]));
  return n;
}

// Variants a writer could produce that must read the same: zero counts left
// out of the bag, keys in another order.
function dropZeroBagKeys(s) {
  const n = structuredClone(s);
  for (const k of KINDS) if (n.bag[k] === 0) delete n.bag[k];
  return n;
}
function reverseKeys(s) {
  return Object.fromEntries(Object.entries(s).reverse());
}

// --- running the C side ---------------------------------------------------

function runTool(command, lines) {
  const r = spawnSync(tool, [command], {
    input: lines.join('\n') + '\n', encoding: 'utf8', maxBuffer: 64 << 20,
  });
  if (r.error) {
    // Without the C side nothing can be compared: one failure, and stop.
    console.log(`FAIL running ${tool} ${command}: ${r.error.message}`);
    console.log('link compat: 0 passed, 1 failed');
    process.exit(1);
  }
  const out = r.stdout.split('\n');
  if (out[out.length - 1] === '') out.pop();
  if (out.length !== lines.length)
    throw new Error(`link_tool ${command}: ${out.length} lines for ${lines.length} inputs; stderr: ${r.stderr}`);
  return out;
}

let passed = 0;
let failed = 0;
function check(name, fn) {
  try {
    fn();
    passed++;
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e.message.split('\n').slice(0, 12).join('\n')}`);
  }
}
function parseC(line) {
  if (line.startsWith('error ')) throw new Error(`C refused it: ${line}`);
  return JSON.parse(line);
}

const rnd = prng(20240601);
const cases = [];
for (let i = 0; i < COUNT; i++) {
  const ours = i % 4 === 3;
  let state = makeState(rnd, i === 0 ? 0 : Math.floor(rnd() * 60), ours);
  let form = 'canonical';
  if (i % 5 === 1) { state = dropZeroBagKeys(state); form = 'no zero bag keys'; }
  else if (i % 5 === 2) { state = reverseKeys(state); form = 'keys reversed'; }
  const json = JSON.stringify(state);
  cases.push({
    name: `state ${i} (${form}${ours ? ', our keys' : ''}, ${state.gameOver ? 'over' : 'in play'})`,
    state, json, canonical: form === 'canonical',
    b64: LZ.compressToBase64(json), uri: LZ.compressToEncodedURIComponent(json),
  });
}

// JavaScript-made links open in C (both alphabets), as the same object.
const fromB64 = runTool('decode', cases.map((c) => c.b64));
const fromUri = runTool('decode', cases.map((c) => c.uri));
// C-made links (from the same JSON) open in JavaScript.
const cLinks = runTool('encode', cases.map((c) => c.json));

cases.forEach((c, i) => {
  const want = normalize(c.state);
  check(`${c.name}: JS base64 link decoded in C`, () => assert.deepStrictEqual(parseC(fromB64[i]), want));
  check(`${c.name}: JS URI link decoded in C`, () => assert.deepStrictEqual(parseC(fromUri[i]), want));
  check(`${c.name}: C link decoded in JS`, () => {
    if (cLinks[i].startsWith('error ')) throw new Error(cLinks[i]);
    const text = LZ.decompressFromBase64(cLinks[i]);
    assert.ok(text, 'JS could not decompress the C link');
    assert.deepStrictEqual(JSON.parse(text), want);
  });
  // Same keys in the same order: C writes the very same link as the JS.
  if (c.canonical)
    check(`${c.name}: C link identical to the JS link`, () => assert.equal(cLinks[i], c.b64));
});

// JS-made links that are not consistent states are refused, with the field.
const base = makeState(prng(7), 10, false);
const broken = [
  ['an extra tile', { ...structuredClone(base), bag: { ...base.bag, E: base.bag.E + 1 } }, 'tiles: '],
  ['a hand of 8', (() => { const s = structuredClone(base); s.hands.P1.push('A'); s.bag.A--; return s; })(), 'hands.P1: has 8 tiles'],
  ['version 2', { ...structuredClone(base), version: 2 }, 'version: 2 is not supported'],
  ['an unknown key inside lastMove', { ...structuredClone(base), lastMove: { ...base.lastMove, extra: 1 } }, 'lastMove: unknown key "extra"'],
  ['a non-ASCII square', (() => { const s = structuredClone(base); s.board[0][0] = '\u00e9'; return s; })(), 'board[0][0]: "??" is not'],
];
const brokenOut = runTool('decode', broken.map(([, s]) => LZ.compressToBase64(JSON.stringify(s))));
broken.forEach(([name, , want], i) => check(`JS link with ${name} refused`, () => {
  assert.ok(brokenOut[i].startsWith('error bad_state: '), brokenOut[i]);
  assert.ok(brokenOut[i].includes(want), `${brokenOut[i]} lacks ${want}`);
}));
// A newer original design may add a top-level key: its link opens here, the
// key is skipped, and everything else reads exactly as without it.
check('JS link with an unknown top-level key opens', () => {
  const [withKey, without] = runTool('decode', [
    LZ.compressToBase64(JSON.stringify({ ...structuredClone(base), addedLater: { any: [1] } })),
    LZ.compressToBase64(JSON.stringify(base)),
  ]);
  assert.ok(!withKey.startsWith('error'), withKey);
  assert.equal(withKey, without);
});
check('JS link of non-JSON text refused', () => {
  const [line] = runTool('decode', [LZ.compressToBase64('just some text \u2603')]);
  assert.ok(line.startsWith('error bad_state: the link is damaged: state: not valid JSON'), line);
});
check('JS link of a million characters refused as too large', () => {
  const [line] = runTool('decode', [LZ.compressToBase64('{'.repeat(1 << 20))]);
  assert.ok(line.startsWith('error too_large: '), line);
});

console.log(`link compat: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
