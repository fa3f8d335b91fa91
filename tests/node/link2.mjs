// tests/node/link2.mjs - a second, independent reader of v2 turn links,
// written from docs/LINK.md ("The v2 link, field by field", "The blocked
// ending in a link" and "The word list a game is judged by") and
// docs/RULES.md ("Rules, and the decisions behind them", "The board and
// the tiles", "Deterministic draws, precisely" and "Goals mode") alone, in
// another language than the server's, importing nothing of it.
// tests/http/spec.test.mjs checks that it reads every link the server makes
// to the very position the server shows, which is the proof that the
// documents specify the format.
// SPDX-License-Identifier: MIT
//
// It replays the rules' bookkeeping (racks, bag, draws, board, score, the
// ending, a goals game's goals and helpers) but judges no play: it trusts that the moves are legal, so it is
// for reading links, not for refusing forged ones. The one rule it must
// judge is the blocked ending, which a link does not record: given the
// list's words (`words`), it searches for a legal play as the rules define
// one; without them it reads what the link's bits alone can tell, and says
// "cannot tell" where they cannot (docs/LINK.md, "The blocked ending in a
// link").

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const POINTS = [1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10];
const SET = [9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1, 2];
const PREMIUM = [
  'T..d...T...d..T', '.D...t...t...D.', '..D...d.d...D..', 'd..D...d...D..d',
  '....D.....D....', '.t...t...t...t.', '..d...d.d...d..', 'T..d...D...d..T',
  '..d...d.d...d..', '.t...t...t...t.', '....D.....D....', 'd..D...d...D..d',
  '..D...d.d...D..', '.D...t...t...D.', 'T..d...T...d..T',
];
const BUILTIN = { name: 'sowpods', fingerprint: 0xf0234ca1 };
const M64 = (1n << 64n) - 1n;

/* ---- FNV-1a 64, splitmix64 ---- */
function fnv(h, bytes) {
  for (const b of bytes) h = ((h ^ BigInt(b)) * 0x100000001b3n) & M64;
  return h;
}
const ascii = (s) => [...s].map((c) => c.charCodeAt(0));
const int4 = (v) => { const u = v >>> 0; return [u & 255, (u >>> 8) & 255, (u >>> 16) & 255, u >>> 24]; };
const FNV_INIT = 0xcbf29ce484222325n;

class Rng {
  constructor(state) { this.s = state; }
  next() {
    this.s = (this.s + 0x9e3779b97f4a7c15n) & M64;
    let z = this.s;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & M64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & M64;
    return z ^ (z >> 31n);
  }
  below(bound) {
    const max = 0xffffffff;
    const limit = max - (max % bound);
    for (;;) {
      const r = Number(this.next() >> 32n);
      if (r < limit) return r % bound;
    }
  }
}

/* ---- tiles: 'A'..'Z', '?' for a blank; kinds 0..26 ---- */
const kindOf = (t) => (t === '?' ? 26 : t.charCodeAt(0) - 65);
const tileOf = (k) => (k === 26 ? '?' : LETTERS[k]);
const value = (t) => (t >= 'A' && t <= 'Z' ? POINTS[t.charCodeAt(0) - 65] : 0);

function draw(g, rng) {
  const total = g.bag.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  let pick = rng.below(total);
  for (let k = 0; k < 27; k++) {
    if (pick < g.bag[k]) { g.bag[k]--; return tileOf(k); }
    pick -= g.bag[k];
  }
  return null;
}
function refill(g, rack, rng) {
  while (rack.length < 7) {
    const t = draw(g, rng);
    if (t === null) return;
    rack.push(t);
  }
}

export function seedFromText(text) {
  const h = fnv(fnv(FNV_INIT, ascii('collabble-seed')), Buffer.from(text, 'utf8'));
  return Number(((h & 0xffffffffn) ^ (h >> 32n)) & ((1n << 30n) - 1n));
}

export function deal(seed) {
  const rng = new Rng(fnv(fnv(FNV_INIT, ascii('collabble-new-game')), int4(seed)));
  let gameId = '';
  for (let i = 0; i < 10; i++) gameId += B64URL[Number(rng.next() % 64n)];
  const g = {
    gameId, turn: 0, board: Array.from({ length: 15 }, () => Array(15).fill('.')),
    bag: [...SET], hands: [[], []], score: 0, passes: 0, over: false, ending: null, moves: 0,
  };
  refill(g, g.hands[0], rng);
  refill(g, g.hands[1], rng);
  return g;
}

function moveSeed(g, m) {
  let h = fnv(FNV_INIT, ascii(g.gameId));
  h = fnv(h, int4(g.turn));
  h = fnv(h, ascii(g.board.map((r) => r.join('')).join('')));
  for (const n of g.bag) h = fnv(h, int4(n));
  for (const rack of g.hands) { h = fnv(h, int4(rack.length)); h = fnv(h, ascii(rack.join(''))); }
  h = fnv(h, int4(g.score));
  h = fnv(h, int4(g.passes));
  h = fnv(h, int4({ play: 0, exchange: 1, pass: 2 }[m.type]));
  const n = m.type === 'pass' ? 0 : m.tiles.length;
  h = fnv(h, int4(n));
  for (let i = 0; i < n; i++) {
    const t = m.type === 'play' ? m.tiles[i] : null;
    h = fnv(h, int4(t ? t.row : 0));
    h = fnv(h, int4(t ? t.col : 0));
    h = fnv(h, int4(t ? t.letter.charCodeAt(0) : 0));
    h = fnv(h, int4(t && t.blank ? 1 : 0));
    h = fnv(h, int4(t ? 0 : m.tiles[i].charCodeAt(0)));
  }
  return new Rng(h);
}

/* ---- scoring: the main word along the line, then one cross-word a tile ---- */
const filled = (b, r, c) => r >= 0 && r < 15 && c >= 0 && c < 15 && b[r][c] !== '.';
function wordScore(b, fresh, r, c, dr, dc) {
  while (filled(b, r - dr, c - dc)) { r -= dr; c -= dc; }
  let sum = 0, mult = 1, len = 0;
  for (; filled(b, r, c); r += dr, c += dc, len++) {
    let v = value(b[r][c]);
    if (fresh.has(`${r},${c}`)) {
      const p = PREMIUM[r][c];
      if (p === 'd') v *= 2; else if (p === 't') v *= 3; else if (p === 'D') mult *= 2; else if (p === 'T') mult *= 3;
    }
    sum += v;
  }
  return len >= 2 ? sum * mult : null;
}
function playPoints(b, tiles) {
  const fresh = new Set(tiles.map((t) => `${t.row},${t.col}`));
  let across = tiles.length >= 2 ? tiles[0].row === tiles[1].row : true;
  let points = 0;
  let main = wordScore(b, fresh, tiles[0].row, tiles[0].col, across ? 0 : 1, across ? 1 : 0);
  if (tiles.length === 1 && main === null) {
    across = false;
    main = wordScore(b, fresh, tiles[0].row, tiles[0].col, 1, 0);
  }
  points += main ?? 0;
  for (const t of tiles) points += wordScore(b, fresh, t.row, t.col, across ? 1 : 0, across ? 0 : 1) ?? 0;
  return points + (tiles.length === 7 ? 50 : 0);
}

/* ---- the blocked ending: is there any legal play for a rack? ---- */

// A word list as the search asks it: whole words and prefixes of words.
export function wordList(words) {
  const upper = words.map((w) => w.toUpperCase());
  const set = new Set(upper);
  const sorted = [...set].sort();
  // Prefixes by binary search, remembered: a replay asks the same ones
  // again at every position it reads.
  const prefixes = new Map();
  return {
    has: (w) => set.has(w),
    hasPrefix: (p) => {
      let known = prefixes.get(p);
      if (known === undefined) {
        let lo = 0, hi = sorted.length;
        while (lo < hi) { const mid = (lo + hi) >> 1; if (sorted[mid] < p) lo = mid + 1; else hi = mid; }
        known = lo < sorted.length && sorted[lo].startsWith(p);
        prefixes.set(p, known);
      }
      return known;
    },
  };
}

const upperOf = (x) => x.toUpperCase();

// The word across (dr = 0) or down through (r, c), the square itself
// being `letter`; '' when it is a single letter.
function crossWord(b, r, c, dr, dc, letter) {
  const at = (rr, cc) => (rr === r && cc === c ? letter : filled(b, rr, cc) ? upperOf(b[rr][cc]) : null);
  let r0 = r, c0 = c;
  while (at(r0 - dr, c0 - dc) !== null) { r0 -= dr; c0 -= dc; }
  let w = '';
  for (let rr = r0, cc = c0; at(rr, cc) !== null; rr += dr, cc += dc) w += at(rr, cc);
  return w.length >= 2 ? w : '';
}

// True when `rack` (tiles 'A'-'Z', '?') has a legal play on board `b`:
// tiles in one line, no gap, touching a tile (on an empty board: covering
// the centre, two tiles at least), every word formed in the list. Every
// legal play makes a word of two letters or more along one of its lines,
// so each line is walked from every square that starts a word, placing a
// rack tile on each empty square in turn, while the letters are a prefix
// of a word and each placed tile's cross-word is a word.
export function canPlay(b, rack, dict) {
  const empty = b.every((row) => row.every((x) => x === '.'));
  // A square a play can touch the board through: a tile, or an empty
  // square beside one (on an empty board: the centre). A walk that cannot
  // reach one with the rack's tiles can make no legal play, and is skipped.
  const hook = (r, c) => (empty ? r === 7 && c === 7
    : filled(b, r, c) || filled(b, r - 1, c) || filled(b, r + 1, c) || filled(b, r, c - 1) || filled(b, r, c + 1));
  for (const [dr, dc] of [[0, 1], [1, 0]]) {
    for (let r = 0; r < 15; r++) {
      for (let c = 0; c < 15; c++) {
        if (filled(b, r - dr, c - dc)) continue; // not where a word starts
        let reach = false;
        for (let rr = r, cc = c, left = rack.length; rr < 15 && cc < 15 && (left > 0 || filled(b, rr, cc)) && !reach; rr += dr, cc += dc) {
          reach = hook(rr, cc);
          if (!filled(b, rr, cc)) left--;
        }
        if (reach && walk(b, r, c, dr, dc, [...rack], '', 0, false, empty, dict)) return true;
      }
    }
  }
  return false;
}

function walk(b, r, c, dr, dc, rack, word, placed, touches, empty, dict) {
  const onBoard = r < 15 && c < 15;
  // The word ends here: with a tile placed, two letters or more, in the
  // list, and touching the board (on an empty board: over the centre).
  if (placed > 0 && (!onBoard || b[r][c] === '.') && word.length >= 2 && touches && dict.has(word)) {
    return true;
  }
  if (!onBoard) return false;
  if (b[r][c] !== '.') {
    const w = word + upperOf(b[r][c]);
    return dict.hasPrefix(w) && walk(b, r + dr, c + dc, dr, dc, rack, w, placed, !empty || touches, empty, dict);
  }
  const tried = new Set();
  for (let i = 0; i < rack.length; i++) {
    const t = rack[i];
    if (tried.has(t)) continue;
    tried.add(t);
    const rest = rack.slice(0, i).concat(rack.slice(i + 1));
    for (const letter of t === '?' ? LETTERS : t) {
      const w = word + letter;
      if (!dict.hasPrefix(w)) continue;
      const cross = crossWord(b, r, c, dc, dr, letter);
      if (cross !== '' && !dict.has(cross)) continue;
      const t2 = touches || (empty ? r === 7 && c === 7 : cross !== '');
      if (walk(b, r + dr, c + dc, dr, dc, rest, w, placed + 1, t2, empty, dict)) return true;
    }
  }
  return false;
}

function finish(g, reason) {
  g.over = true;
  let adjustment = 0;
  if (reason !== 'out') {
    const left = g.hands.flat().reduce((a, t) => a + value(t), 0);
    adjustment = Math.min(left, g.score);
    g.score -= adjustment;
  }
  g.ending = { reason, adjustment };
}

// Applies a canonical move as the rules do (docs/RULES.md), without judging it.
// `blocked(g)` answers, when the bag is empty after a move that did not end
// the game, whether neither rack can play: true, false, or null (cannot
// tell); the game then ends "blocked" on true.
function apply(g, m, blocked) {
  const rng = moveSeed(g, m);
  const rack = g.hands[g.turn];
  let points = 0;
  if (m.type === 'play') {
    for (const t of m.tiles) {
      rack.splice(rack.indexOf(t.blank ? '?' : t.letter), 1);
      g.board[t.row][t.col] = t.blank ? t.letter.toLowerCase() : t.letter;
    }
    points = playPoints(g.board, m.tiles);
    g.score += points;
    g.passes = 0;
    refill(g, rack, rng);
    if (rack.length === 0) finish(g, 'out');
  } else if (m.type === 'exchange') {
    const drawn = m.tiles.map(() => draw(g, rng));
    const used = rack.map(() => false);
    m.tiles.forEach((t, i) => {
      const j = rack.findIndex((x, k) => !used[k] && x === t);
      rack[j] = drawn[i];
      used[j] = true;
      g.bag[kindOf(t)]++;
    });
    g.passes = 0;
  } else {
    g.passes++;
    if (g.passes >= 2) finish(g, 'passes');
  }
  g.undecided = false;
  if (!g.over && g.bag.every((n) => n === 0)) {
    const b = blocked(g);
    if (b === true) finish(g, 'blocked');
    else if (b === null) g.undecided = true;
  }
  g.moves++;
  if (g.moves >= 250 && !g.over) finish(g, 'limit');
  g.turn = 1 - g.turn;
  return points;
}

/* ---- goals mode (docs/RULES.md, "Goals mode") ---- */
// The table: name, weight, and the test of a judged play.
const VOWEL = (ch) => 'AEIOU'.includes(ch);
const anyWord = (f) => (p) => p.words.some(f);
const wordLetters = (w) => w.map((x) => x.toUpperCase());
const GOALS = [
  ['six-letters', 1, anyWord((w) => w.sq.length >= 6)],
  ['seven-letters', 2, anyWord((w) => w.sq.length >= 7)],
  ['eight-letters', 3, anyWord((w) => w.sq.length >= 8)],
  ['two-words', 1, (p) => p.words.length >= 2],
  ['three-words', 2, (p) => p.words.length >= 3],
  ['score-20', 1, (p) => p.points >= 20],
  ['score-30', 1, (p) => p.points >= 30],
  ['score-40', 2, (p) => p.points >= 40],
  ['score-60', 3, (p) => p.points >= 60],
  ['jqxz', 2, anyWord((w) => w.sq.some((x) => 'JQXZ'.includes(x)))],
  ['fhkvwy', 1, anyWord((w) => w.sq.some((x) => 'FHKVWY'.includes(x)))],
  ['down', 1, (p) => p.down],
  ['across', 1, (p) => !p.down],
  ['blank', 2, (p) => p.tiles.some((t) => t.blank)],
  ['two-premiums', 1, (p) => p.tiles.filter((t) => PREMIUM[t.row][t.col] !== '.').length >= 2],
  ['three-premiums', 3, (p) => p.tiles.filter((t) => PREMIUM[t.row][t.col] !== '.').length >= 3],
  ['triple-word', 2, (p) => p.tiles.some((t) => PREMIUM[t.row][t.col] === 'T')],
  ['triple-letter', 1, (p) => p.tiles.some((t) => PREMIUM[t.row][t.col] === 't')],
  ['double-word', 1, (p) => p.tiles.some((t) => PREMIUM[t.row][t.col] === 'D')],
  ['hook', 2, anyWord((w) => {
    const n = w.sq.length;
    return n >= 3 && w.placed.filter(Boolean).length === 1 && (w.placed[0] || w.placed[n - 1]);
  })],
  ['one-vowel', 2, anyWord((w) => w.sq.length >= 4 && wordLetters(w.sq).filter(VOWEL).length === 1)],
  ['bingo', 3, (p) => p.tiles.length === 7],
  ['palindrome', 2, anyWord((w) => { const l = wordLetters(w.sq).join(''); return l.length >= 3 && l === [...l].reverse().join(''); })],
  ['one-pointers', 2, anyWord((w) => w.sq.length >= 5 && w.sq.every((x) => value(x) === 1))],
  ['last-tile', 2, (p) => p.tiles.some((t) => !t.blank &&
    p.board.flat().filter((x) => x === t.letter).length === SET[t.letter.charCodeAt(0) - 65])],
  ['five-tiles', 2, (p) => p.tiles.length >= 5],
  ['same-ends', 2, anyWord((w) => { const l = wordLetters(w.sq); return l.length >= 3 && l[0] === l[l.length - 1]; })],
  ['double-letter', 1, anyWord((w) => wordLetters(w.sq).some((x, i, l) => i > 0 && x === l[i - 1]))],
  ['three-vowels', 1, anyWord((w) => wordLetters(w.sq).filter(VOWEL).length >= 3)],
  ['edge', 2, (p) => p.tiles.some((t) => t.row % 14 === 0 || t.col % 14 === 0)],
  ['small-play', 2, (p) => p.tiles.length <= 2 && p.points >= 15],
];
const LEVELS = [null, { name: 'easy', weights: [1, 2], target: 12, helpers: 3 },
  { name: 'normal', weights: [1, 3], target: 14, helpers: 2 },
  { name: 'hard', weights: [2, 3], target: 13, helpers: 1 }];

function dealGoals(seed, level) {
  const L = LEVELS[level];
  const deck = [];
  GOALS.forEach(([, w], i) => { if (w >= L.weights[0] && w <= L.weights[1]) deck.push(i); });
  const rng = new Rng(fnv(fnv(fnv(FNV_INIT, ascii('collabble-goals')), int4(seed)), int4(level)));
  for (let i = deck.length - 1; i >= 1; i--) {
    const j = rng.below(i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  const goals = { level, deck, draws: 0, faceUp: [-1, -1, -1], completed: 0, target: L.target, helpers: L.helpers };
  for (let i = 0; i < 3; i++) goals.faceUp[i] = drawGoal(goals);
  return goals;
}
function drawGoal(goals) {
  for (;;) {
    const goal = goals.deck[goals.draws % goals.deck.length];
    goals.draws++;
    if (!goals.faceUp.includes(goal)) return goal;
  }
}
// The words a play formed (the main word first), each with its squares and
// which were placed now, read off the board after it.
function wordsFormed(b, tiles) {
  const fresh = new Set(tiles.map((t) => `${t.row},${t.col}`));
  const run = (r, c, dr, dc) => {
    while (filled(b, r - dr, c - dc)) { r -= dr; c -= dc; }
    const w = { sq: [], placed: [] };
    for (; filled(b, r, c); r += dr, c += dc) { w.sq.push(b[r][c]); w.placed.push(fresh.has(`${r},${c}`)); }
    return w.sq.length >= 2 ? w : null;
  };
  let down = tiles.length >= 2 ? tiles[0].col === tiles[1].col : false;
  let main = run(tiles[0].row, tiles[0].col, down ? 1 : 0, down ? 0 : 1);
  if (tiles.length === 1 && main === null) { down = true; main = run(tiles[0].row, tiles[0].col, 1, 0); }
  const words = main ? [main] : [];
  for (const t of tiles) { const w = run(t.row, t.col, down ? 0 : 1, down ? 1 : 0); if (w) words.push(w); }
  return { words, down };
}
// A play's goals, judged on the board after it: completed, then replaced.
function completeGoals(g, tiles, points) {
  const goals = g.goals;
  const { words, down } = wordsFormed(g.board, tiles);
  const p = { words, down, tiles, points, board: g.board };
  const done = goals.faceUp.filter((goal) => GOALS[goal][2](p));
  goals.faceUp = goals.faceUp.map((goal) => (done.includes(goal) ? -1 : goal));
  goals.completed += done.length;
  for (let i = 0; i < 3; i++) if (goals.faceUp[i] < 0) goals.faceUp[i] = drawGoal(goals);
  return done.map((goal) => GOALS[goal][0]);
}
const HELPERS = ['newGoals', 'swap', 'peek'];
function useHelper(g, h, mine, theirs) {
  const goals = g.goals;
  goals.helpers--;
  if (h === 'newGoals') {
    goals.faceUp = [-1, -1, -1];
    for (let i = 0; i < 3; i++) goals.faceUp[i] = drawGoal(goals);
  } else if (h === 'swap') {
    const a = g.hands[g.turn], b = g.hands[1 - g.turn];
    if (a[mine] === b[theirs]) throw new Error('a swap of two tiles alike');
    if (a.indexOf(a[mine]) !== mine || b.indexOf(b[theirs]) !== theirs) throw new Error('damaged: a tile named out of order');
    [a[mine], b[theirs]] = [b[theirs], a[mine]];
  }
}

// A goals game's goals, as the API's G.goals shows them (but "text" and
// "peek", which the link does not decide).
export function goalsOf(g) {
  if (!g.goals) return undefined;
  const G = g.goals;
  return {
    difficulty: LEVELS[G.level].name,
    faceUp: G.faceUp.map((goal) => GOALS[goal][0]),
    completed: G.completed, target: G.target, helpersLeft: G.helpers,
    outcome: G.completed >= G.target ? 'won' : g.over ? 'lost' : null,
  };
}

/* ---- the bit string ---- */
export function crc24(bytes) {
  let crc = 0xb704ce;
  for (const b of bytes) {
    crc ^= b << 16;
    for (let i = 0; i < 8; i++) {
      crc <<= 1;
      if (crc & 0x1000000) crc ^= 0x1864cfb;
    }
  }
  return crc & 0xffffff;
}

const bitsFor = (radix) => { let w = 0; while (2 ** w < radix) w++; return w; };

class Bits {
  constructor(chars, trace) { this.chars = chars; this.pos = 0; this.trace = trace; }
  left() { return 6 * this.chars.length - this.pos; }
  field(radix, what) {
    const w = bitsFor(radix);
    if (this.pos + w > 6 * this.chars.length) throw new Error('the link is cut short');
    let v = 0;
    for (let i = 0; i < w; i++, this.pos++) {
      const c = B64URL.indexOf(this.chars[Math.floor(this.pos / 6)]);
      v = v * 2 + ((c >> (5 - (this.pos % 6))) & 1);
    }
    if (v >= radix) throw new Error(`${what}: ${v} is not below ${radix}`);
    if (this.trace) this.trace.push({ what, radix, bits: w, value: v });
    return v;
  }
}

function readName(bits, what) {
  const n = bits.field(32, `${what} length - 1`) + 1;
  let s = '';
  for (let i = 0; i < n; i++) s += B64URL[bits.field(64, `${what} character`)];
  return s;
}

const emptySquares = (g) => g.board.flat().filter((x) => x === '.').length;

// Reads a v2 link: { game, moves, start, wordList, blocked }. `words`, the
// game's word list as wordList() makes it, decides the blocked ending;
// without it, `blocked` is 'cannot tell' when the link ends where a
// blocked game and one in progress read alike, and the game is reported as
// in progress there. `trace`, an array, gets every field in order (for
// docs/LINK.md's worked example).
// The computer's levels in the order the link numbers them (docs/LINK.md,
// "The computer's seat").
const PARTNER_LEVELS = ['casual', 'good', 'best'];

export function readLink(text, { words = null, trace = null } = {}) {
  if (text[0] !== '2') throw new Error('not a v2 link');
  const chars = [...text];
  if (chars.some((c) => !B64URL.includes(c))) throw new Error('not base64url');
  const stored = chars.slice(1, 5).reduce((v, c) => v * 64 + B64URL.indexOf(c), 0);
  if (crc24(Buffer.from(text[0] + text.slice(5), 'latin1')) !== stored) throw new Error('damaged: check characters');
  const bits = new Bits(chars.slice(5), trace);
  const startKind = bits.field(2, 'start (0 seed, 1 position)');
  const named = bits.field(2, 'word list (0 built-in, 1 named)');
  const list = named
    ? { name: readName(bits, 'word list name'), fingerprint: bits.field(2 ** 32, 'fingerprint') }
    : BUILTIN;
  if (named && list.fingerprint === BUILTIN.fingerprint) throw new Error('damaged: the built-in list written by name');
  let g;
  let start;
  if (startKind === 0) {
    const seed = bits.field(2 ** 30, 'seed');
    g = deal(seed);
    start = { type: 'seed', seed };
    // The mode: a plain game's 4 bits are its first kind field, read again.
    let at = bits.pos;
    let mode = bits.field(16, 'mode');
    // 14: a solo game, the computer's level next, then the mode field again.
    if (mode === 14) {
      g.partner = PARTNER_LEVELS[bits.field(3, 'computer level')];
      start.partner = g.partner;
      at = bits.pos;
      mode = bits.field(16, 'mode');
    }
    if (mode < 10) bits.pos = at;
    else if (mode > 12) throw new Error(`mode: ${mode} is not a difficulty`);
    else {
      g.goals = dealGoals(seed, mode - 9);
      start.goals = LEVELS[mode - 9].name;
    }
  } else {
    g = { board: [], bag: [...SET], hands: [[], []], over: false, ending: null, moves: 0 };
    g.gameId = readName(bits, 'gameId');
    g.turn = bits.field(2, 'turn (0 P1)');
    g.passes = bits.field(2, 'consecutive passes');
    g.score = bits.field(1000001, 'score');
    for (let r = 0; r < 15; r++) {
      g.board.push([]);
      for (let c = 0; c < 15; c++) {
        let x = '.';
        if (bits.field(2, 'square occupied')) {
          const t = bits.field(52, 'board tile');
          x = t < 26 ? LETTERS[t] : LETTERS[t - 26].toLowerCase();
          g.bag[t < 26 ? t : 26]--;
        }
        g.board[r].push(x);
      }
    }
    for (const rack of g.hands) {
      const n = bits.field(8, 'rack count');
      for (let i = 0; i < n; i++) {
        const k = bits.field(27, 'rack tile');
        rack.push(tileOf(k));
        g.bag[k]--;
      }
    }
    if (g.bag.some((n) => n < 0)) throw new Error('damaged: more tiles than the set');
    start = { type: 'position', score: g.score };
  }
  const moves = [];
  // Blocked when neither rack can play. Without the words: when the bits
  // left cannot hold the next kind field (radix 2 + n with the bag empty),
  // a game in progress would have needed them, so it is blocked; when they
  // can, the link alone cannot tell (the end code of a game in progress
  // and a blocked game's padding are the same zero bits).
  const blocked = (p) => (words
    ? !canPlay(p.board, p.hands[0], words) && !canPlay(p.board, p.hands[1], words)
    : bits.left() < bitsFor(2 + p.hands[1 - p.turn].length) ? true : null);
  let undecided = false;
  let helpers = [];
  while (!g.over) {
    const rack = g.hands[g.turn];
    const n = rack.length;
    const x = n >= 1 && g.bag.reduce((a, b) => a + b, 0) >= 7 ? 1 : 0;
    const h = g.goals && g.goals.helpers > 0 ? 1 : 0;
    // The hand-over of the computer's seat: at Player 2's turn of a solo game.
    const o = g.partner && g.turn === 1 ? 1 : 0;
    const kind = bits.field(2 + x + n + h + o, `move ${moves.length + 1} kind`);
    if (kind === 0) break;
    if (o && kind === 2 + x + n + h) {
      if (helpers.length) throw new Error('damaged: the seat handed over after a helper');
      g.partner = null;
      start.handover = moves.length;
      continue;
    }
    const computer = Boolean(g.partner) && g.turn === 1;
    let m;
    if (h && kind === 2 + x + n) {
      const helper = HELPERS[bits.field(3, 'helper')];
      const use = { helper };
      if (helper === 'swap') {
        use.mine = bits.field(n, 'mine');
        use.theirs = bits.field(g.hands[1 - g.turn].length, 'theirs');
      }
      useHelper(g, helper, use.mine, use.theirs);
      helpers.push(use);
      continue;
    }
    if (kind === 1) {
      m = { type: 'pass' };
    } else if (x && kind === 2) {
      const mask = bits.field(2 ** n - 1, 'exchange mask - 1') + 1;
      m = { type: 'exchange', tiles: rack.filter((_, i) => (mask >> i) & 1) };
    } else {
      const k = kind - (2 + x) + 1;
      const E = emptySquares(g);
      const D = k >= 2 ? 2 : 1;
      let P = 1;
      for (let i = 0; i < k; i++) P *= n - i;
      let q = bits.field(E * D * P, `play of ${k}: square, direction, rack slots`);
      const sq = q % E; q = Math.floor(q / E);
      const across = q % D === 0; q = Math.floor(q / D);
      const free = rack.map((t, i) => i);
      const tiles = [];
      let [r, c] = (() => { let i = sq; for (let rr = 0; rr < 15; rr++) for (let cc = 0; cc < 15; cc++) if (g.board[rr][cc] === '.' && i-- === 0) return [rr, cc]; return [-1, -1]; })();
      for (let j = 0; j < k; j++) {
        const pick = q % (n - j); q = Math.floor(q / (n - j));
        const slot = free.splice(pick, 1)[0];
        if (j > 0) { if (across) c++; else r++; }
        while (r < 15 && c < 15 && g.board[r][c] !== '.') { if (across) c++; else r++; }
        if (r >= 15 || c >= 15) throw new Error('damaged: tiles off the board');
        tiles.push({ row: r, col: c, letter: rack[slot], blank: rack[slot] === '?' });
      }
      for (const t of tiles) if (t.blank) t.letter = LETTERS[bits.field(26, 'blank letter')];
      m = { type: 'play', tiles };
    }
    const points = apply(g, m, blocked);
    undecided = g.undecided;
    const record = { ...m, points, score: g.score + (g.over && g.ending.reason !== 'out' ? g.ending.adjustment : 0) };
    if (computer) record.computer = true;
    if (g.goals) {
      // Judged on the board after the play.
      record.goals = m.type === 'play' ? completeGoals(g, m.tiles, points) : [];
      if (helpers.length) record.helpers = helpers;
    }
    helpers = [];
    moves.push(record);
  }
  const total = 6 * (chars.length - 5);
  if (total - bits.pos >= 6) throw new Error('damaged: characters after the end');
  for (; bits.pos < total; bits.pos++) {
    if ((B64URL.indexOf(bits.chars[Math.floor(bits.pos / 6)]) >> (5 - (bits.pos % 6))) & 1) throw new Error('damaged: bits set after the end');
  }
  delete g.undecided;
  const ending = g.over ? g.ending.reason : undecided ? 'cannot tell' : 'in progress';
  return { game: g, moves, start, wordList: list, blocked: ending === 'cannot tell' ? ending : ending === 'blocked', helpers };
}

// The position as the API's schema-v1 object writes it (without lastMove).
export function asSchemaV1(g) {
  const bag = {};
  LETTERS.split('').forEach((l, i) => { bag[l] = g.bag[i]; });
  bag.BLANK = g.bag[26];
  const name = (t) => (t === '?' ? 'BLANK' : t);
  return {
    gameId: g.gameId, turn: g.turn ? 'P2' : 'P1', board: g.board, bag,
    hands: { P1: g.hands[0].map(name), P2: g.hands[1].map(name) },
    score: g.score, consecutivePasses: g.passes, gameOver: g.over,
    ...(g.ending ? { ending: g.ending } : {}),
  };
}
