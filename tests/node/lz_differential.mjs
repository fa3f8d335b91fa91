// tests/node/lz_differential.mjs - proves core/lzstring bit-compatible with
// the real lz-string@1.5.0 npm package, on thousands of generated inputs.
// SPDX-License-Identifier: MIT
//
// Usage: node tests/node/lz_differential.mjs <path to lz_tool>
//
// For every generated string (ASCII, Latin-1, any BMP unit including lone
// surrogates, surrogate pairs, repetitive text, long text, Collabble
// states) it checks that:
//   - C and JS give byte-for-byte the same compressToBase64 and
//     compressToEncodedURIComponent output;
//   - C decodes the JS outputs (and the URI form with '+' sent as ' ') back
//     to the string, and JS decodes the C outputs back to it;
//   - C's UTF-8 <-> UTF-16 helpers agree with node's (and refuse lone
//     surrogates).
// Then, for hostile input (random bytes, mutated and cut links, and
// hand-built streams with bad references, no end code or huge expansion),
// C's decoders must give exactly JS's result, or refuse exactly where the
// JS fails (null, a throw, or "" for a stream cut short).
//
// The generator is a fixed-seed PRNG: set LZ_DIFF_SEED to replay another
// run. The last line is "lz differential: N passed, M failed"; the exit
// status is 0 only when M is 0.

import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const EXIT_FAIL = 1;
const EXIT_SETUP = 2;

function die(msg) {
  console.error(`lz differential: ${msg}`);
  process.exit(EXIT_SETUP);
}

let LZString;
try {
  LZString = require('lz-string');
} catch {
  die('the lz-string npm package is missing; run `npm ci` at the top of the repository');
}
const lzVersion = require('lz-string/package.json').version;
if (lzVersion !== '1.5.0') die(`lz-string is ${lzVersion}, expected the pinned 1.5.0`);

const tool = process.argv[2];
if (!tool) die('usage: lz_differential.mjs <path to lz_tool>');

// Matches CLB_MAX_DECODED_STATE in core/limits.h: the tool decodes into a
// buffer of this many units.
const MAX_DECODED = 65536;
const STRING_CASES = 4000;
const HOSTILE_CASES = 1000;
const BATCH = 250;

const seed = Number(process.env.LZ_DIFF_SEED ?? 0x5eed1234) >>> 0;
console.log(`lz differential: lz-string ${lzVersion}, seed ${seed} (LZ_DIFF_SEED)`);

// mulberry32: small, fast and the same everywhere.
let rngState = seed;
function rand() {
  rngState = (rngState + 0x6d2b79f5) >>> 0;
  let t = rngState;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const below = (n) => Math.floor(rand() * n);
const pick = (arr) => arr[below(arr.length)];
const chance = (p) => rand() < p;

// ---------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------

function fromUnits(units) {
  let s = '';
  for (let i = 0; i < units.length; i += 4096)
    s += String.fromCharCode(...units.slice(i, i + 4096));
  return s;
}

function genUnits(len, unit) {
  const u = new Array(len);
  for (let i = 0; i < len; i++) u[i] = unit();
  return fromUnits(u);
}

// Mostly short, sometimes a couple of thousand.
const shortLen = () => (chance(0.05) ? below(2000) : below(250));

const ascii = (len) => genUnits(len, () => below(128));
const printable = (len) => genUnits(len, () => 32 + below(95));
const latin1 = (len) => genUnits(len, () => below(256));
// Any unit at all: lone surrogates included, as JS strings allow.
const anyUnit = (len) => genUnits(len, () => below(65536));
// Non-ASCII text from a few scripts, no surrogates.
const bmpText = (len) =>
  genUnits(len, () =>
    pick([
      () => 32 + below(95),
      () => 0xc0 + below(0x40), // Latin-1 letters
      () => 0x100 + below(0x80), // Latin Extended-A: 16-bit literals
      () => 0x391 + below(0x30), // Greek
      () => 0x4e00 + below(200), // CJK
      () => 0xac00 + below(100), // Hangul
      () => 0xe000 + below(0x1900), // private use .. FFFF
    ])(),
  );

function astralText(len) {
  let s = '';
  while (s.length < len) {
    s += pick([
      () => String.fromCodePoint(0x1f600 + below(80)), // emoji
      () => String.fromCodePoint(0x10000 + below(0x100000)), // any plane
      () => String.fromCodePoint(0x1f1e6 + below(26), 0x1f1e6 + below(26)), // flags
      () => 'é',
      () => ' ',
      () => printable(1 + below(4)),
    ])();
  }
  return s;
}

function repetitive(len) {
  const kind = below(6);
  if (kind === 0) {
    const alpha = printable(1 + below(4));
    return genUnits(len, () => alpha.charCodeAt(below(alpha.length)));
  }
  if (kind === 1) return pick(['a', '\u00ff', '\u0100', '\ud83d', '_']).repeat(len);
  // lz-string's dictionary cannot hold the key "__proto__" (a plain JS
  // object): texts that build it exercise that quirk.
  if (kind === 2) {
    const parts = ['__proto__', '__proto_', '_proto__', '__', 'proto', 'x', '__proto__x'];
    let s = '';
    while (s.length < len) s += pick(parts);
    return s.slice(0, len);
  }
  const pieces = [];
  for (let i = 0, n = 1 + below(6); i < n; i++)
    pieces.push(pick([printable, bmpText, astralText, latin1])(1 + below(12)));
  let s = '';
  while (s.length < len) s += chance(0.9) ? pick(pieces) : printable(1);
  return s.slice(0, len);
}

function edge() {
  const units = [0, 1, 0x7f, 0xff, 0x100, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xfffe, 0xffff, 0x5f];
  return genUnits(below(5), () => pick(units));
}

// Collabble states as the JS design writes them (schema v1).
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIST = [9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1];
const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

function collabbleState() {
  const board = Array.from({ length: 15 }, () => Array(15).fill('.'));
  const words = [];
  for (let w = 0, n = below(25); w < n; w++) {
    const len = 2 + below(7);
    const across = chance(0.5);
    const r = below(across ? 15 : 16 - len);
    const c = below(across ? 16 - len : 15);
    let word = '';
    for (let i = 0; i < len; i++) {
      const ch = chance(0.05) ? LETTERS[below(26)].toLowerCase() : LETTERS[below(26)];
      if (across) board[r][c + i] = ch;
      else board[r + i][c] = ch;
      word += ch.toUpperCase();
    }
    words.push({ word, r, c, across, len });
  }
  const bag = {};
  LETTERS.split('').forEach((l, i) => (bag[l] = below(DIST[i] + 1)));
  bag.BLANK = below(3);
  const hand = () =>
    Array.from({ length: below(8) }, () => (chance(0.1) ? 'BLANK' : LETTERS[below(26)]));
  const idLen = 1 + below(32);
  let gameId = '';
  for (let i = 0; i < idLen; i++) gameId += ID_CHARS[below(ID_CHARS.length)];
  if (chance(0.05)) gameId = '__proto__';
  const state = {
    version: 1,
    gameId,
    turn: chance(0.5) ? 'P1' : 'P2',
    board,
    bag,
    hands: { P1: hand(), P2: hand() },
    score: below(900),
    lastMove: null,
    consecutivePasses: below(2),
    gameOver: chance(0.1),
  };
  if (words.length > 0 && chance(0.8)) {
    const m = pick(words);
    const cells = [];
    for (let i = 0; i < m.len; i++) cells.push(m.across ? [m.r, m.c + i] : [m.r + i, m.c]);
    state.lastMove = { cells, words: [m.word], points: below(120) };
  }
  if (chance(0.2)) state.lexicon = pick(['sowpods', 'twl06', 'csw19', 'my-list_2']);
  return JSON.stringify(state);
}

// Long strings: a few thousand units, one in five up to 20000.
const longLen = () => (chance(0.2) ? 2000 + below(18001) : 2000 + below(6001));

// How many of every 80 cases each kind gets. lz-string's own compressor
// (about 5 us a unit in node) is what bounds the run time, so long texts
// are few.
const MIX = [
  ['ascii', 18, () => (chance(0.5) ? ascii(shortLen()) : printable(shortLen()))],
  ['latin1', 7, () => latin1(shortLen())],
  ['any-unit', 10, () => anyUnit(shortLen())],
  ['bmp-text', 7, () => bmpText(shortLen())],
  ['surrogate-pairs', 10, () => astralText(shortLen())],
  ['repetitive', 14, () => repetitive(shortLen())],
  ['collabble-state', 6, collabbleState],
  ['edge', 6, edge],
  ['long', 2, () => pick([printable, bmpText, anyUnit, astralText, repetitive, latin1])(longLen())],
];
const MIX_TOTAL = MIX.reduce((n, [, w]) => n + w, 0);

function genString(i) {
  let slot = i % MIX_TOTAL;
  for (const [category, weight, gen] of MIX) {
    if (slot < weight) return [category, gen()];
    slot -= weight;
  }
  throw new Error('unreachable');
}

// The largest input the C side takes, in the shapes that stress its
// dictionary most: all units distinct, one unit repeated, few units.
function maxStrings() {
  const distinct = [];
  for (let i = 0; i < MAX_DECODED; i++) distinct.push((i * 40503) & 0xffff);
  return [
    ['max-size', fromUnits(distinct)],
    ['max-size', 'a'.repeat(MAX_DECODED)],
    ['max-size', genUnits(MAX_DECODED, () => 97 + below(3))],
  ];
}

// A stream built code by code the way _decompress reads it, to reach
// decoder states random bytes rarely do: long references, references to
// the entry being made, one past it, literals of both widths, a missing
// end code, expansion past the C side's cap.
function craftStream() {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let out = '';
  let val = 0;
  let pos = 0;
  const bits = (v, n) => {
    for (let k = 0; k < n; k++) {
      val = (val << 1) | (v & 1);
      v >>>= 1;
      if (++pos === 6) {
        out += alphabet[val];
        val = 0;
        pos = 0;
      }
    }
  };
  let dictSize = 4;
  let enlargeIn = 4;
  let numBits = 3;
  const enlarge = () => {
    if (--enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  };
  const wide = chance(0.3);
  bits(wide ? 1 : 0, 2);
  bits(wide ? below(65536) : below(256), wide ? 16 : 8);
  const steps = below(chance(0.2) ? 600 : 60);
  const greedy = chance(0.3); // keeps referring to the newest entries
  for (let s = 0; s < steps; s++) {
    const r = rand();
    if (r < 0.15) {
      const w16 = chance(0.3);
      bits(w16 ? 1 : 0, numBits);
      bits(w16 ? below(65536) : below(256), w16 ? 16 : 8);
      dictSize++;
      enlarge();
    } else if (r < 0.985) {
      const code = greedy ? dictSize - below(2) : 3 + below(dictSize - 2);
      bits(code, numBits);
    } else {
      bits(dictSize + 1 + below(5), numBits); // no such entry
    }
    dictSize++;
    enlarge();
  }
  if (chance(0.9)) bits(2, numBits);
  while (pos !== 0) bits(0, 1);
  if (chance(0.9)) bits(0, 6);
  return out;
}

function hostileInput(i) {
  const r = i % 10;
  if (r < 2) return ['random-bytes', latin1(below(200))];
  if (r < 4) {
    const alpha = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-$ ';
    return ['random-alphabet', genUnits(below(300), () => alpha.charCodeAt(below(alpha.length)))];
  }
  if (r < 7) {
    const link = LZString.compressToBase64(pick([collabbleState, () => bmpText(200), () => repetitive(300)])());
    if (chance(0.4)) return ['cut-link', link.slice(0, below(link.length + 1))];
    const chars = link.split('');
    for (let k = 0, n = 1 + below(3); k < n; k++)
      chars[below(chars.length)] = String.fromCharCode(chance(0.8) ? link.charCodeAt(below(link.length)) : below(256));
    return ['mutated-link', chars.join('')];
  }
  return ['crafted-stream', craftStream()];
}

// ---------------------------------------------------------------------
// Encoding for the tool's line protocol
// ---------------------------------------------------------------------

const hexUnits = (s) => Buffer.from(s, 'utf16le').toString('hex');
// Each character is one byte: the JS string is the C input read as Latin-1.
const hexLatin1 = (s) => Buffer.from(s, 'latin1').toString('hex');

// UTF-8 that also encodes lone surrogates (as ED xx xx), which strict
// UTF-8 decoders must refuse.
function looseUtf8(s) {
  const bytes = [];
  for (const ch of s) {
    const cp = ch.codePointAt(0);
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return Buffer.from(bytes).toString('hex');
}

function baseValue(ch, uri) {
  const alpha = uri
    ? 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$'
    : 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=';
  const v = alpha.indexOf(ch);
  return ch === '' || v < 0 ? 0 : v;
}

// The JS goes on with `undefined` after a first code of 3; C refuses.
function firstCodeIs3(input, uri) {
  const v = baseValue((uri ? input.replace(/ /g, '+') : input).charAt(0), uri);
  return (v & 32) !== 0 && (v & 16) !== 0;
}

// ---------------------------------------------------------------------
// Running and judging
// ---------------------------------------------------------------------

let passed = 0;
let failed = 0;
const perCategory = new Map();
const MAX_REPORTS = 10;

function snippet(s) {
  const j = JSON.stringify(s);
  return j.length > 120 ? `${j.slice(0, 117)}...(${s.length} units)` : j;
}

function record(category, problems, input) {
  const c = perCategory.get(category) ?? { passed: 0, failed: 0 };
  if (problems.length === 0) {
    passed++;
    c.passed++;
  } else {
    failed++;
    c.failed++;
    if (failed <= MAX_REPORTS) {
      console.log(`FAIL [${category}] input ${snippet(input)}`);
      for (const p of problems) console.log(`  ${p}`);
    }
  }
  perCategory.set(category, c);
}

function runTool(lines) {
  const res = spawnSync(tool, [], {
    input: lines.join('\n') + '\n',
    encoding: 'latin1',
    maxBuffer: 1 << 30,
  });
  if (res.error) die(`cannot run ${tool}: ${res.error.message}`);
  if (res.status !== 0) die(`${tool} exited with ${res.status}${res.signal ? ` (${res.signal})` : ''}: ${res.stderr}`);
  const out = res.stdout.split('\n');
  if (out[out.length - 1] === '') out.pop();
  if (out.length !== lines.length) die(`${tool} answered ${out.length} lines to ${lines.length}`);
  return out;
}

function cmp(problems, what, got, want) {
  if (got !== want) problems.push(`${what}: got ${snippet(got)}, want ${snippet(want)}`);
}

const STRING_LINES = 6;

// True if `s` has no lone surrogate: String.prototype.isWellFormed, which
// Node 18 (Debian 12's) lacks.
function isWellFormed(s) {
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u >= 0xd800 && u <= 0xdbff) {
      const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (next < 0xdc00 || next > 0xdfff) return false;
      i += 1;
    } else if (u >= 0xdc00 && u <= 0xdfff) {
      return false;
    }
  }
  return true;
}

function stringCommands(s) {
  const js64 = LZString.compressToBase64(s);
  const jsUri = LZString.compressToEncodedURIComponent(s);
  const wellFormed = isWellFormed(s);
  return {
    js64,
    jsUri,
    wellFormed,
    lines: [
      `c ${hexUnits(s)}`,
      `d64 ${hexLatin1(js64)}`,
      `duri ${hexLatin1(jsUri)}`,
      `duri ${hexLatin1(jsUri.replace(/\+/g, ' '))}`,
      `u8 ${wellFormed ? Buffer.from(s, 'utf8').toString('hex') : looseUtf8(s)}`,
      `u16 ${hexUnits(s)}`,
    ],
  };
}

function judgeString(s, cmd, out) {
  const problems = [];
  const want = `ok ${hexUnits(s)}`;
  cmp(problems, 'C compress (base64, URI)', out[0], `${cmd.js64} ${cmd.jsUri}`);
  const [c64, cUri] = out[0].split(' ');
  if (c64 !== undefined && cUri !== undefined && !out[0].startsWith('err')) {
    cmp(problems, 'JS decompressFromBase64(C output)', LZString.decompressFromBase64(c64), s);
    cmp(problems, 'JS decompressFromEncodedURIComponent(C output)', LZString.decompressFromEncodedURIComponent(cUri), s);
  }
  cmp(problems, 'C decompress base64 (JS output)', out[1], want);
  cmp(problems, 'C decompress URI (JS output)', out[2], want);
  cmp(problems, "C decompress URI (JS output, '+' sent as ' ')", out[3], want);
  if (cmd.wellFormed) {
    cmp(problems, 'C UTF-8 -> UTF-16', out[4], want);
    cmp(problems, 'C UTF-16 -> UTF-8', out[5], `ok ${Buffer.from(s, 'utf8').toString('hex')}`);
  } else {
    cmp(problems, 'C UTF-8 -> UTF-16 of a lone surrogate', out[4], 'invalid');
    cmp(problems, 'C UTF-16 -> UTF-8 of a lone surrogate', out[5], 'invalid');
  }
  return problems;
}

function jsDecode(fn, input) {
  try {
    return { value: fn(input) };
  } catch (e) {
    return { threw: e };
  }
}

// C must give JS's string exactly, or refuse where JS has no string:
// null, a throw, "" for a stream cut short (a true empty stream is "ok "
// on the C side), or anything after a first code of 3. It may also refuse
// an output longer than its cap.
function judgeDecode(problems, what, input, uri, cLine) {
  const fn = uri ? LZString.decompressFromEncodedURIComponent : LZString.decompressFromBase64;
  const js = jsDecode(fn, input);
  const jsDesc = js.threw ? `throws ${js.threw.constructor.name}` : snippet(js.value);
  if (cLine.startsWith('ok ')) {
    if (js.threw || js.value === null || `ok ${hexUnits(js.value)}` !== cLine)
      problems.push(`${what}: C ${snippet(cLine)}, JS ${jsDesc}`);
  } else if (cLine === 'toolarge') {
    if (js.threw || js.value === null || js.value.length <= MAX_DECODED)
      problems.push(`${what}: C toolarge, JS ${jsDesc}`);
  } else if (cLine === 'invalid') {
    if (!(js.threw || js.value === null || js.value === '' || firstCodeIs3(input, uri)))
      problems.push(`${what}: C invalid, JS ${jsDesc}`);
  } else {
    problems.push(`${what}: unexpected tool answer ${snippet(cLine)}`);
  }
}

function runStrings(cases) {
  for (let b = 0; b < cases.length; b += BATCH) {
    const batch = cases.slice(b, b + BATCH).map(([category, s]) => ({ category, s, cmd: stringCommands(s) }));
    const out = runTool(batch.flatMap((c) => c.cmd.lines));
    batch.forEach((c, i) => {
      record(c.category, judgeString(c.s, c.cmd, out.slice(i * STRING_LINES, (i + 1) * STRING_LINES)), c.s);
    });
  }
}

function runHostile(cases) {
  for (let b = 0; b < cases.length; b += BATCH) {
    const batch = cases.slice(b, b + BATCH);
    const out = runTool(batch.flatMap(([, s]) => [`d64 ${hexLatin1(s)}`, `duri ${hexLatin1(s)}`]));
    batch.forEach(([category, s], i) => {
      const problems = [];
      judgeDecode(problems, 'decompressFromBase64', s, false, out[2 * i]);
      judgeDecode(problems, 'decompressFromEncodedURIComponent', s, true, out[2 * i + 1]);
      record(category, problems, s);
    });
  }
}

const started = Date.now();
const strings = [];
const maxed = maxStrings();
for (let i = 0; i < STRING_CASES - maxed.length; i++) strings.push(genString(i));
strings.push(...maxed);
runStrings(strings);
const hostile = [];
for (let i = 0; i < HOSTILE_CASES; i++) hostile.push(hostileInput(i));
runHostile(hostile);

const units = strings.reduce((n, [, s]) => n + s.length, 0);
for (const [category, c] of [...perCategory].sort()) {
  console.log(`  ${category.padEnd(16)} ${c.passed} passed, ${c.failed} failed`);
}
console.log(`  ${strings.length} strings (${units} UTF-16 units) and ${hostile.length} hostile inputs in ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`lz differential: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : EXIT_FAIL);
