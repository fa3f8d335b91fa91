// tests/http/words.test.mjs - the word judge and a game's language through
// the real collabble binary: POST /api/v1/words spells each word as a
// player writes it ("été", "garçon") in the language's tiles by the set's
// own folds and longest-match cut, and says whether the list has it; every
// refusal says what and where; the game page's "Check a word" box answers
// without script (GET /game/word) with the game kept; /api/v1/games, /new
// and /daily start a game in a language, the landing page offers the
// languages loaded, and a tile's letter, the bag's keys and the GCG file
// use the tile's own string (a Spanish CH, LL, Ñ). The lists are small ones
// compiled here with collabble-dictc --tileset (fr, es), written as the
// tiles spell them, so the test needs no list installed.
// SPDX-License-Identifier: MIT
//
// Run: COLLABBLE_BIN=build/server/collabble \
//      COLLABBLE_DICTC=build/dict/collabble-dictc \
//      COLLABBLE_SOWPODS=build/dict/sowpods.clx \
//      node --test tests/http/words.test.mjs
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, post, sowpodsPath } from './server.mjs';

const dictc = process.env.COLLABBLE_DICTC;

// French words as the French tiles spell them (accents folded), and
// Spanish ones in Spanish tiles (CH, LL, RR and Ñ are tiles of their own).
const FRENCH = ['ETE', 'GARCON', 'OEUVRE', 'NAIVE', 'CHAT', 'CHIEN', 'MAISON', 'ARBRE', 'EAU', 'AIR',
  'LIT', 'ROI', 'MER', 'SEL', 'OR', 'OS', 'AN', 'RIEN', 'TOUT', 'SOIR'];
const SPANISH = ['CHICO', 'CALLE', 'PERRO', 'NIÑO', 'AÑO', 'CASA', 'MESA', 'LLAMA', 'NOCHE', 'SOL',
  'MAR', 'PAN', 'RÍO'.normalize('NFD').replace(/\p{M}/gu, ''), 'OSO', 'ORO'];

// Catalan's L·L, NY and QU tiles and German's Ä, Ö, Ü (ß is written SS).
const CATALAN = ['COL·LEGI', 'QUATRE', 'ANY', 'CASA'];
const GERMAN = ['STRASSE', 'MÄDCHEN', 'HAUS'];

let srv;
let tmp;
const api = (p) => `${srv.url}/api/v1/${p}`;
const judge = (body) => post(api('words'), body);

before(async () => {
  assert.ok(dictc, 'set COLLABBLE_DICTC to the collabble-dictc binary');
  tmp = mkdtempSync(path.join(tmpdir(), 'clb-words-'));
  const lists = { fr: FRENCH, es: SPANISH, ca: CATALAN, de: GERMAN };
  // Only these lists: no languages' directory (--languages ''), so that
  // Italian is a language with no list loaded.
  const args = ['--languages', '', '--lexicon', `${sowpodsPath()}:sowpods`];
  for (const [code, words] of Object.entries(lists)) {
    writeFileSync(path.join(tmp, `${code}.txt`), words.join('\n') + '\n');
    execFileSync(dictc, ['--tileset', code, path.join(tmp, `${code}.txt`), path.join(tmp, `${code}.clx`)]);
    args.push('--lexicon', `${path.join(tmp, `${code}.clx`)}:${code}-small`);
  }
  srv = await startServer({ args });
});

after(async () => {
  if (srv) assert.equal(await srv.stop(), 0, srv.log());
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

// An error answer: its status, code, and a detail matching `detail`.
function refused(res, status, code, detail) {
  assert.equal(res.status, status, res.text);
  assert.equal(res.body.error.code, code, res.text);
  assert.match(res.body.error.detail, detail);
}

describe('POST /api/v1/words', () => {
  test('French words as written: folded, cut into tiles, judged by the French list', async () => {
    const res = await judge({ language: 'fr', words: ['été', 'garçon', 'xyzzy', 'Œuvre', 'NAÏVE', 'chat'] });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.language, 'fr');
    assert.equal(res.body.lexicon, 'fr-small');
    assert.deepEqual(res.body.words, [
      { word: 'été', tiles: ['E', 'T', 'E'], valid: true },
      { word: 'garçon', tiles: ['G', 'A', 'R', 'C', 'O', 'N'], valid: true },
      { word: 'xyzzy', tiles: ['X', 'Y', 'Z', 'Z', 'Y'], valid: false },
      { word: 'Œuvre', tiles: ['O', 'E', 'U', 'V', 'R', 'E'], valid: true },
      { word: 'NAÏVE', tiles: ['N', 'A', 'I', 'V', 'E'], valid: true },
      { word: 'chat', tiles: ['C', 'H', 'A', 'T'], valid: true },
    ]);
  });

  test('a Spanish word is cut longest match first: CH, LL, RR and Ñ are one tile each', async () => {
    const res = await judge({ language: 'es', words: ['chico', 'Calle', 'perro', 'niño', 'chicos'] });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.words.map((w) => [w.tiles, w.valid]), [
      [['CH', 'I', 'C', 'O'], true],
      [['C', 'A', 'LL', 'E'], true],
      [['P', 'E', 'RR', 'O'], true],
      [['N', 'I', 'Ñ', 'O'], true],
      [['CH', 'I', 'C', 'O', 'S'], false],
    ]);
  });

  test('Catalan\'s L·L (written with a middle dot or a full stop), NY and QU; German\'s ß as SS', async () => {
    let res = await judge({ language: 'ca', words: ['col·legi', 'COL.LEGI', 'quatre', 'any', 'cases'] });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.words.map((w) => [w.tiles, w.valid]), [
      [['C', 'O', 'L·L', 'E', 'G', 'I'], true],
      [['C', 'O', 'L·L', 'E', 'G', 'I'], true],
      [['QU', 'A', 'T', 'R', 'E'], true],
      [['A', 'NY'], true],
      [['C', 'A', 'S', 'E', 'S'], false],
    ]);
    res = await judge({ language: 'de', words: ['Straße', 'Mädchen', 'haus'] });
    assert.deepEqual(res.body.words.map((w) => [w.tiles.join(' '), w.valid]), [
      ['S T R A S S E', true], ['M Ä D C H E N', true], ['H A U S', true],
    ]);
  });

  test('by lexicon name, by default, and a language and a name that agree', async () => {
    let res = await judge({ lexicon: 'es-small', words: ['casa'] });
    assert.deepEqual([res.status, res.body.language, res.body.words[0].valid], [200, 'es', true], res.text);
    res = await judge({ words: ['quixotic', 'perro'] });
    assert.equal(res.body.lexicon, 'sowpods', res.text);
    assert.deepEqual(res.body.words.map((w) => w.valid), [true, false]);
    res = await judge({ language: 'fr', lexicon: 'fr-small', words: ['eau'] });
    assert.deepEqual([res.status, res.body.words[0].valid], [200, true], res.text);
  });

  test('a word longer than the board is spelled but never valid', async () => {
    const res = await judge({ language: 'fr', words: ['anticonstitutionnellement'] });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.words[0].tiles.length, 25);
    assert.equal(res.body.words[0].valid, false);
  });

  test('a word the set cannot spell: its own error naming the word and the character; the others answered', async () => {
    const res = await judge({ language: 'fr', words: ['gar9on', 'été', 'a\u0001b', 'straße'] });
    assert.equal(res.status, 200, res.text);
    const [digit, fine, control, eszett] = res.body.words;
    assert.deepEqual(fine, { word: 'été', tiles: ['E', 'T', 'E'], valid: true });
    for (const w of [digit, control, eszett]) {
      assert.equal(w.valid, false);
      assert.equal(w.tiles, undefined);
      assert.equal(w.error.code, 'bad_request');
    }
    assert.match(digit.error.detail, /^"gar9on" cannot be spelled in the tiles of Français: "9" \(at byte 3\)/);
    assert.match(control.error.detail, /^"a\?b" cannot be spelled .*byte 0x01 \(at byte 1\)/);
    assert.match(eszett.error.detail, /"straße" .*"ß" \(at byte 4\)/);
  });

  test('every malformed request is a 400 that says what and where', async () => {
    const long = 'a'.repeat(65);
    const cases = [
      ['[1]', /^body: expected an object/],
      ['{"words":', /^body/],
      [{}, /^words: required$/],
      [{ words: 'cat' }, /^words: expected an array of 1 to 64 words$/],
      [{ words: [] }, /^words: expected an array of 1 to 64 words$/],
      [{ words: Array(65).fill('cat') }, /^words: expected an array of 1 to 64 words$/],
      [{ words: ['cat', 7] }, /^words\[1\]: expected a word as a string$/],
      [{ words: ['cat', ''] }, /^words\[1\]: expected 1 to 64 bytes, not 0$/],
      [{ words: [long] }, /^words\[0\]: expected 1 to 64 bytes, not 65$/],
      [{ words: ['cat'], state: 'x' }, /^body: unknown key "state"$/],
      [{ words: ['cat'], lexicon: 3 }, /^lexicon: expected a lexicon name$/],
      [{ words: ['cat'], language: 3 }, /^language: expected an ISO 639-1 code: en, fr, de, es/],
      [{ words: ['cat'], language: '' }, /^language: expected an ISO 639-1 code/],
      [{ words: ['cat'], language: 'xx' }, /^language: "xx" is not one of the languages \(ISO 639-1\): en, fr, de, es, it, nl, pl, pt, ca, nb, sv, da$/],
      [{ words: ['cat'], language: 'fr', lexicon: 'sowpods' }, /^lexicon: "sowpods" is not in the language asked for \(fr\): it is English$/],
    ];
    for (const [body, detail] of cases) refused(await judge(body), 400, 'bad_request', detail);
  });

  test('a language or a list this server has not loaded: unknown_lexicon, saying so', async () => {
    refused(await judge({ words: ['casa'], language: 'it' }), 400, 'unknown_lexicon',
      /^language: no word list in Italiano \(it\) is loaded on this server$/);
    refused(await judge({ words: ['cat'], lexicon: 'twl06' }), 400, 'unknown_lexicon', /"twl06" is not loaded/);
  });

  test('only POST; a body over the limit is 413', async () => {
    const get = await fetch(api('words'));
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('allow'), 'POST');
    const big = await post(api('words'), JSON.stringify({ words: ['a'.repeat(17000)] }));
    assert.equal(big.status, 413, big.text);
  });
});

describe('a game in a language', () => {
  test('POST /api/v1/games {"language"}: the language\'s list and set; G says its language', async () => {
    const res = await post(api('games'), { language: 'es', seed: 'idioma' });
    assert.equal(res.status, 201, res.text);
    const g = res.body.game;
    assert.deepEqual([g.language, g.tileset, g.lexicon], ['es', 'es', 'es-small']);
    assert.deepEqual(Object.keys(g.bag), ['A', 'B', 'C', 'CH', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'L', 'LL', 'M',
      'N', 'Ñ', 'O', 'P', 'Q', 'R', 'RR', 'S', 'T', 'U', 'V', 'X', 'Y', 'Z', 'BLANK']);
    const english = await post(api('games'), { seed: 'idioma' });
    assert.equal(english.body.game.language, undefined, 'an English G is its classic state: absent is English');
    assert.equal(english.body.game.tileset, undefined);
    const same = await post(api('games'), { language: 'en', seed: 'idioma' });
    assert.equal(same.body.state, english.body.state, 'English by language is the default game');
  });

  test('refused: an unknown code, a language with no list, a name of another language', async () => {
    refused(await post(api('games'), { language: 'zz' }), 400, 'bad_request', /"zz" is not one of the languages.*en, fr, de/);
    refused(await post(api('games'), { language: 'pl' }), 400, 'unknown_lexicon', /no word list in Polski \(pl\)/);
    refused(await post(api('games'), { language: 'es', lexicon: 'fr-small' }), 400, 'bad_request',
      /"fr-small" is not in the language asked for \(es\): it is Français/);
  });

  test('a Spanish game played: letters, racks and the GCG file in the tiles\' own strings', async () => {
    // A few seeds until a play uses a multi-letter tile or Ñ.
    const tiles = new Set(['CH', 'LL', 'RR', 'Ñ']);
    let seen = null;
    for (let i = 0; i < 40 && !seen; i++) {
      const start = await post(api('games'), { language: 'es', seed: `es-${i}` });
      const plays = await post(api('plays'), { state: start.body.state, limit: 50 });
      const p = plays.body.plays.find((q) => q.move.tiles.some((t) => tiles.has(t.letter)));
      if (p) seen = { state: start.body.state, play: p };
    }
    assert.ok(seen, 'a first play with CH, LL, RR or Ñ');
    const moved = await post(api('move'), { state: seen.state, move: seen.play.move });
    assert.equal(moved.status, 200, moved.text);
    const rec = moved.body.history.moves[0];
    assert.deepEqual(rec.words, seen.play.words);
    assert.ok(rec.tiles.some((t) => tiles.has(t.letter)), JSON.stringify(rec.tiles));
    for (const t of rec.rack) assert.ok(t === 'BLANK' || Object.hasOwn(moved.body.game.bag, t), t);
    const word = seen.play.words[0];
    const gcg = await post(api('gcg'), { state: moved.body.state });
    assert.equal(gcg.status, 200, gcg.text);
    // A blank is written in lower case ("llAMA": a blank as LL).
    assert.ok(gcg.body.gcg.toUpperCase().includes(` ${word} +`),
      `${word} in\n${gcg.body.gcg}`);
    const judged = await judge({ language: 'es', words: [word] });
    assert.equal(judged.body.words[0].valid, true, judged.text);
  });

  test('/new?language= and /daily?language=: the page in the language\'s set; English daily links unchanged', async () => {
    let r = await fetch(`${srv.url}/new?language=fr&seed=x`);
    assert.equal(r.status, 200);
    const page = await r.text();
    assert.match(page, /data-state="2/);
    const state = /data-state="([^"]+)"/.exec(page)[1];
    const decoded = await post(api('decode'), { state });
    assert.equal(decoded.body.game.language, 'fr');
    r = await fetch(`${srv.url}/new?language=fr`, { redirect: 'manual' });
    assert.match(r.headers.get('location'), /^\/new\?seed=[a-z0-9]+&lexicon=fr-small$/);
    r = await fetch(`${srv.url}/daily?language=es`, { redirect: 'manual' });
    assert.match(r.headers.get('location'), /^\/daily\?date=\d{4}-\d\d-\d\d&language=es$/);
    for (const q of ['', '?language=en']) {
      r = await fetch(`${srv.url}/daily${q}`, { redirect: 'manual' });
      assert.match(r.headers.get('location'), /^\/daily\?date=\d{4}-\d\d-\d\d$/, 'English daily links as they were');
    }
    const day = /date=([\d-]+)/.exec(r.headers.get('location'))[1];
    r = await fetch(`${srv.url}/daily?date=${day}&language=es`);
    assert.equal(r.status, 200);
    const daily = /data-state="([^"]+)"/.exec(await r.text())[1];
    const d = await post(api('decode'), { state: daily });
    assert.equal(d.body.game.language, 'es');
    assert.equal(d.body.history.start.seed, 1000000000 + Date.parse(day) / 864e5);
    for (const [q, msg] of [['language=zz', /is not one of the languages/], ['language=it', /no word list in Italiano/],
      ['language=es&lexicon=fr-small', /is not in the language asked for/]]) {
      r = await fetch(`${srv.url}/new?seed=a&${q}`);
      assert.equal(r.status, 400);
      assert.match(await r.text(), msg);
    }
  });

  test('the landing page offers each language with a list loaded, by its own name', async () => {
    const page = await (await fetch(`${srv.url}/`)).text();
    for (const id of ['language']) {
      const select = new RegExp(`<select id=${id} name=language>(.*?)</select>`).exec(page);
      assert.ok(select, `${id} in the landing page`);
      assert.equal(select[1], '<option value=en lang=en selected>English<option value=fr lang=fr>Français' +
        '<option value=de lang=de>Deutsch<option value=es lang=es>Español<option value=ca lang=ca>Català');
    }
    // One list a language: no dictionary to choose.
    assert.doesNotMatch(page, /id="lexicon"/);
  });
});

describe('the game page\'s "Check a word" box', () => {
  let state;
  before(async () => {
    state = (await post(api('games'), { language: 'fr', seed: 'box' })).body.state;
  });
  const box = (html) => /<form id=judge[^]*?<\/form>/.exec(html)?.[0];
  // A French game's page speaks French (docs/UI.md, "The page's
  // language"): the device that chose English reads these in English.
  const english = { cookie: 'lang=en' };

  test('the page the script fetches has it, with the game\'s list and the page\'s words', async () => {
    const r = await fetch(`${srv.url}/game`, { method: 'POST', body: new URLSearchParams({ s: state }), headers: english });
    const b = box(await r.text());
    assert.ok(b, 'a box');
    assert.match(b, /action="\/game\/word"/);
    assert.match(b, /data-lexicon="fr-small" data-yes="in the dictionary" data-no="not in the dictionary"/);
    const fr = box(await (await fetch(`${srv.url}/game`, { method: 'POST', body: new URLSearchParams({ s: state }) })).text());
    assert.match(fr, /data-yes="dans le dictionnaire" data-no="absent du dictionnaire"/, 'the game\'s language');
    assert.ok(b.includes(`name=s value="${state}"`));
    assert.match(b, /<p id=judged role=status><\/p>/);
  });

  test('without script: GET /game/word answers in the box, on the game\'s own page', async () => {
    const cases = [
      ['été', /<strong>été<\/strong> \(E T E\): in the dictionary<\/p>/],
      [' xyzzy ', /<strong>xyzzy<\/strong> \(X Y Z Z Y\): not in the dictionary<\/p>/],
      ['gar9on', /&quot;gar9on&quot; cannot be spelled in the tiles of Français: &quot;9&quot; \(at byte 3\) is no letter of them<\/p>/],
      ['', /type a word to check<\/p>/],
      ['a'.repeat(70), /a word to check is at most 64 bytes<\/p>/],
      ['<b>', /&quot;&lt;b&gt;&quot; cannot be spelled/],
    ];
    for (const [word, answer] of cases) {
      const r = await fetch(`${srv.url}/game/word?${new URLSearchParams({ s: state, word })}`, { headers: english });
      assert.equal(r.status, 200, word);
      const html = await r.text();
      assert.match(box(html), answer, word);
      assert.match(html, new RegExp(`data-state="${state}"`), 'the same game');
      assert.match(html, /data-testid="nojs-forms"/, 'with the forms that play without script');
    }
    const kept = await (await fetch(`${srv.url}/game/word?${new URLSearchParams({ s: state, word: 'été' })}`,
      { headers: english })).text();
    assert.match(box(kept), /value="été"/, 'the word stays in the field');
  });

  test('/game/word: no game is the usual answers; only GET', async () => {
    let r = await fetch(`${srv.url}/game/word?s=2broken&word=a`);
    assert.equal(r.status, 400);
    r = await fetch(`${srv.url}/game/word?word=a`, { redirect: 'manual' });
    assert.equal(r.status, 303);
    r = await fetch(`${srv.url}/game/word`, { method: 'POST', body: 's=x' });
    assert.equal(r.status, 405);
  });
});
