// tests/http/i18n.test.mjs - the page in the players' language: every
// kind of page rendered in each catalogue, and in the pseudo-catalogue
// ("qps", every message marked ⟦ ⟧), where any visible text or attribute
// that missed the catalogues fails; <html lang>; the choice of language
// (cookie, Accept-Language, the switch) and the headers that say so.
// SPDX-License-Identifier: MIT
//
// Run: COLLABBLE_BIN=build/server/collabble node --test tests/http/i18n.test.mjs
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { startServer } from './server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const PAGES = path.join(here, '..', 'data', 'pages');
const link = (name) => fs.readFileSync(path.join(PAGES, name), 'utf8').trim();
const LANGS = ['en', 'fr', 'de', 'es'];
const ORIGIN = 'http://localhost:8080';
// A solo game (seed "docs", the computer at its best) and a play of its
// first rack, as tests/http/partner.test.mjs uses them.
const SOLO = '20E0NABaPXeg';
const DROID = {
  type: 'play',
  tiles: [['D', 5], ['R', 6], ['O', 7], ['I', 8], ['D', 9]].map(([letter, col]) => ({ row: 7, col, letter })),
};
const MID_BEST = {
  type: 'play',
  tiles: [{ row: 13, col: 7, letter: 'A' }, { row: 13, col: 8, letter: 'M' }, { row: 13, col: 9, letter: 'P' }],
};

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv?.stop(); });

async function get(p, opts = {}) {
  const r = await fetch(srv.url + p, { redirect: 'manual', ...opts });
  return { status: r.status, headers: r.headers, text: await r.text() };
}
function post(p, fields, headers = {}) {
  return get(p, { method: 'POST', body: new URLSearchParams(fields), headers });
}

// Every kind of page, as a request: [name, method, path, fields, status].
function kinds() {
  const mid = link('mid.link'), over = link('over.link'), goals = link('goals-mid.link');
  const goalsOver = link('goals-over.link'), daily = link('daily-over.link');
  return [
    ['landing', 'GET', '/', null, 200],
    ['landing with an error', 'GET', '/new?seed=a%01b', null, 400],
    ['error 404', 'GET', '/nowhere', null, 404],
    ['error 405', 'PUT', '/game', null, 405],
    ['a damaged link', 'GET', '/?s=2AAAAAAAAA', null, 400],
    ['a link too long', 'GET', '/?s=' + '2'.repeat(5000), null, 400],
    ['the board (no script)', 'GET', `/?s=${mid}`, null, 200],
    ['the board (fetched)', 'POST', '/game', { s: mid, me: '1', origin: ORIGIN }, 200],
    ['the waiting view', 'POST', '/game', { s: mid, me: '2', origin: ORIGIN }, 200],
    ['one more pass ends it', 'POST', '/game', { s: link('pass1.link'), me: '2' }, 200],
    ['after an exchange', 'GET', `/game?s=${link('exchange.link')}`, null, 200],
    ['a move made', 'POST', '/game/move', { s: mid, move: JSON.stringify(MID_BEST), me: '1', origin: ORIGIN }, 200],
    ['a move refused', 'POST', '/game/move',
      { s: mid, move: JSON.stringify({ type: 'play', tiles: [{ row: 7, col: 10, letter: 'B' }] }), me: '1' }, 422],
    ['the finished game', 'GET', `/?s=${over}`, null, 200],
    ['the review', 'GET', `/game/review?s=${mid}`, null, 200],
    ['the review\'s cells', 'POST', '/game/review', { s: over }, 200, 'fragment'],
    ['goals mode', 'POST', '/game', { s: goals, me: '1', origin: ORIGIN }, 200],
    ['goals mode, waiting', 'POST', '/game', { s: goals, me: '2', origin: ORIGIN }, 200],
    ['goals mode, over', 'GET', `/?s=${goalsOver}`, null, 200],
    ['the daily deal', 'GET', '/daily?date=2026-12-01', null, 200],
    ['the daily deal, over', 'GET', `/?s=${daily}`, null, 200],
    ['solo: a new game', 'GET', '/new?seed=docs&partner=best', null, 200],
    ['solo: the computer\'s reply', 'POST', '/game/move', { s: SOLO, move: JSON.stringify(DROID), me: '1', origin: ORIGIN }, 200],
    ['no script: a pasted link', 'GET', `/game?link=${encodeURIComponent(` ${ORIGIN}/#${mid} `)}`, null, 200],
    ['no script: a move refused', 'GET', `/game/turn?s=${mid}&act=play&at=8L&dir=down&word=BE`, null, 422],
    ['no script: the waiting page', 'GET', `/game?s=${mid}&me=2&${new URLSearchParams({ origin: ORIGIN })}`, null, 200],
    ['no script: solo', 'GET', `/game?s=${SOLO}&me=1`, null, 200],
  ];
}

async function render([, method, p, fields, status], lang) {
  const headers = { cookie: `lang=${lang}` };
  const r = method === 'POST' ? await post(p, fields, headers)
    : await get(p, { method, headers });
  return r.status === status ? r : { ...r, wrongStatus: true };
}

// The page's visible words: its text (outside <script>, <style>, <code>
// (the game's id) and an error's English detail, <span lang="en">), as one
// stream, since a message's mark may hold markup (a word in <strong>);
// and the attributes a reader meets (title, aria-label, placeholder, alt,
// an optgroup's label).
function visible(html) {
  const out = [];
  const body = html.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<style\b[\s\S]*?<\/style>/g, '')
    .replace(/<code\b[^>]*>[\s\S]*?<\/code>/g, '').replace(/<span lang="en">[^<]*<\/span>/g, '');
  out.push(['text', body.replace(/<[^>]*>/g, '\u0001')]);
  for (const m of body.matchAll(/<(?!\/)[^>]*>/g)) {
    for (const a of m[0].matchAll(/\s(title|aria-label|placeholder|alt|label)="([^"]*)"/g)) out.push([a[1], a[2]]);
  }
  return out;
}

const decode = (s) => s.replace(/&#39;/g, '\'').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>')
  .replace(/&amp;/g, '&');

// What may stand outside the marks: data, not words of the page. The
// brand, the languages' names (the switch's and the tile sets', each in
// its own language: core/tileset_<code>.c's language_name), tiles and words
// in capitals, squares and numbers, a game's seed and dictionary.
const DATA = [/Collabble/g,
  /English|Deutsch|Español|Français|Italiano|Nederlands|Polski|Português|Català|Norsk bokmål|Svenska|Dansk/g, /\b[A-Z0-9]+\b/g, /\bsowpods\b/g, /\bdocs\b/g];

function unmarked(text) {
  // Marks hold marks (a player's name in a sentence): innermost first.
  let rest = decode(text), was;
  do { was = rest; rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' '); } while (rest !== was);
  for (const d of DATA) rest = rest.replace(d, ' ');
  // Two letters or more of a word: a word that missed the catalogue.
  const words = rest.split('\u0001').filter((s) => /\p{L}{2,}/u.test(s)).map((s) => s.trim());
  return words.length ? words.join(' | ') : null;
}

describe('the pseudo-catalogue: every word a page shows comes from a catalogue', () => {
  for (const kind of kinds()) {
    test(kind[0], async () => {
      const r = await render(kind, 'qps');
      assert.ok(!r.wrongStatus, `${kind[0]}: status ${r.status}\n${r.text.slice(0, 400)}`);
      if (!kind[5]) assert.match(r.text, /<html lang="qps">/);
      const bad = visible(r.text).map(([where, t]) => [where, unmarked(t)]).filter(([, t]) => t);
      assert.deepEqual(bad, [], `${kind[0]}: text outside the catalogues`);
      // The script's words come with the page, every one marked.
      const json = /<script type="application\/json" id="i18n">([^<]*)<\/script>/.exec(r.text);
      if (json) {
        const words = JSON.parse(json[1]);
        assert.match(words[''], /^[01]{200}$/, 'the plural rule, n from 0 to 199');
        for (const [id, tr] of Object.entries(words)) {
          if (id === '') continue;
          for (const form of [].concat(tr)) assert.match(form, /^⟦[\s\S]*⟧$/, `the script's ${JSON.stringify(id)}`);
        }
      }
    });
  }
});

describe('each catalogue renders every kind of page', () => {
  for (const lang of LANGS) {
    test(lang, async () => {
      for (const kind of kinds()) {
        const r = await render(kind, lang);
        assert.ok(!r.wrongStatus, `${lang} ${kind[0]}: status ${r.status}`);
        assert.ok(!r.text.includes('⟦'), `${lang} ${kind[0]}: a pseudo mark`);
        if (kind[5]) continue; // a part of a page the script asked for
        assert.match(r.text, new RegExp(`<html lang="${lang}">`), `${lang} ${kind[0]}`);
        // English carries no script words (the msgids are its words).
        assert.equal(r.text.includes('id="i18n"'), lang !== 'en', `${lang} ${kind[0]}: the script's words`);
      }
    });
  }

  test('the landing page speaks each language', async () => {
    const want = { en: 'New game', fr: 'Nouvelle partie', de: 'Neues Spiel', es: 'Partida nueva' };
    for (const [lang, words] of Object.entries(want)) {
      const r = await get('/', { headers: { cookie: `lang=${lang}` } });
      assert.ok(r.text.includes(`<h2 id="new-h">${words}</h2>`), lang);
      assert.ok(r.text.includes(`<button name=lang value=${lang} lang=${lang} aria-current=true>`), lang);
    }
  });
});

describe('choosing the language', () => {
  test('the landing page follows Accept-Language, by q-value', async () => {
    const cases = [
      [undefined, 'en'],
      ['fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5', 'fr'],
      ['en;q=0.5, de;q=0.9', 'de'],
      ['es-419', 'es'],
      ['it, pt;q=0.9, es;q=0.1', 'es'], // the best the server has
      ['it, pt', 'en'], // none: English
      ['fr;q=0, de;q=0.001', 'de'], // q=0 is "not this"
      ['de;q=0.5, fr;q=0.5', 'de'], // equal weights: the first
      ['fr;q=2', 'en'], // not a q-value
      ['fr;q=0.5000', 'en'], // more than three decimals: not one either
      ['qps', 'en'], // the pseudo-catalogue is the tests', by cookie only
      [Array.from({ length: 40 }, () => 'it').join(',') + ',fr', 'en'], // past the ranges read
    ];
    for (const [accept, lang] of cases) {
      const r = await get('/', { headers: accept === undefined ? {} : { 'accept-language': accept } });
      assert.match(r.text, new RegExp(`<html lang="${lang}">`), String(accept));
    }
  });

  test('the cookie outweighs Accept-Language, and an unknown one is no choice', async () => {
    let r = await get('/', { headers: { 'accept-language': 'fr', cookie: 'a=b; lang=de; c=d' } });
    assert.match(r.text, /<html lang="de">/);
    r = await get('/', { headers: { 'accept-language': 'fr', cookie: 'lang=xx' } });
    assert.match(r.text, /<html lang="fr">/);
    r = await get('/', { headers: { cookie: 'xlang=fr' } });
    assert.match(r.text, /<html lang="en">/);
  });

  test('a game\'s page speaks the game\'s language unless the device chose one', async () => {
    // An English game stays English for a French browser; the cookie wins.
    const mid = link('mid.link');
    let r = await get(`/?s=${mid}`, { headers: { 'accept-language': 'fr' } });
    assert.match(r.text, /<html lang="en">/);
    r = await get(`/?s=${mid}`, { headers: { 'accept-language': 'fr', cookie: 'lang=es' } });
    assert.match(r.text, /<html lang="es">/);
    // An error has no game: the browser's language.
    r = await get('/nowhere', { headers: { 'accept-language': 'de' } });
    assert.match(r.text, /<html lang="de">/);
    assert.ok(r.text.includes('Diese Seite gibt es nicht'), 'the error table\'s message, translated');
  });

  test('the switch sets the cookie and goes back, without script', async () => {
    const r = await post('/lang', { lang: 'fr', back: '/?s=abc' });
    assert.equal(r.status, 303);
    assert.equal(r.headers.get('location'), '/?s=abc');
    assert.match(r.headers.get('set-cookie'), /^lang=fr; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly$/);
    // Never to another site, nor anywhere outside the application.
    for (const back of ['//evil.example/', 'https://evil.example/', '/\\evil', 'nowhere', '/a\nb']) {
      const s = await post('/lang', { lang: 'de', back });
      assert.equal(s.status, 303, back);
      assert.equal(s.headers.get('location'), '/', back);
    }
    const g = await get('/lang?lang=es&back=/%23S');
    assert.equal(g.status, 303);
    assert.equal(g.headers.get('location'), '/#S');
    const bad = await post('/lang', { lang: 'xx', back: '/' });
    assert.equal(bad.status, 400);
    assert.equal(bad.headers.get('set-cookie'), null);
  });

  test('the pages say they vary; a French page is never an English one\'s kept copy', async () => {
    // gzip's kept copy, then brotli's (fetch decodes both).
    for (const accept of ['gzip', 'gzip, deflate, br']) {
      const gz = { 'accept-encoding': accept };
      const en = await fetch(srv.url + '/', { headers: gz });
      assert.equal(en.headers.get('vary'), 'Accept-Encoding, Accept-Language, Cookie');
      const enText = await en.text();
      const fr = await fetch(srv.url + '/', { headers: { ...gz, cookie: 'lang=fr' } });
      const frText = await fr.text();
      assert.match(frText, /<html lang="fr">/);
      assert.match(enText, /<html lang="en">/);
      // English again, after French, from the same process: still English.
      const again = await (await fetch(srv.url + '/', { headers: gz })).text();
      assert.equal(again, enText);
    }
    // A small page (no gzip) varies with the language all the same.
    const small = await post('/lang', { lang: 'fr', back: '/' });
    assert.ok(small.text.length < 512);
    assert.equal(small.headers.get('vary'), 'Accept-Language, Cookie');
    // Static files and the API do not.
    const api = await fetch(srv.url + '/api/v1/games', { method: 'POST', body: '{}', headers: { cookie: 'lang=fr' } });
    assert.ok(!(api.headers.get('vary') || '').includes('Cookie'));
  });
});

describe('a game in another language speaks it', () => {
  // Small lists compiled here (collabble-dictc): French, which has a
  // catalogue, and Italian, which has none yet.
  let other, tmp;
  before(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'clb-i18n-'));
    const dictc = process.env.COLLABBLE_DICTC ?? path.join(path.dirname(process.env.COLLABBLE_BIN), '..', 'dict',
      'collabble-dictc');
    const args = [];
    for (const [code, words] of [['fr', 'ARBRE\nCHAT\nMAISON\nRUE\nSOLEIL\nTE\nTU\n'],
      ['it', 'CASA\nGATTO\nSOLE\nTU\n']]) {
      fs.writeFileSync(path.join(tmp, `${code}.txt`), words);
      execFileSync(dictc, ['--tileset', code, path.join(tmp, `${code}.txt`), path.join(tmp, `${code}.clx`)],
        { stdio: ['ignore', 'ignore', 'pipe'] });
      args.push('--lexicon', `${path.join(tmp, `${code}.clx`)}:${code}-test`);
    }
    other = await startServer({ args });
  });
  after(async () => { await other?.stop(); fs.rmSync(tmp, { recursive: true, force: true }); });

  async function game(language) {
    const r = await fetch(`${other.url}/api/v1/games`, { method: 'POST', body: JSON.stringify({ language, seed: 'i18n' }) });
    assert.equal(r.status, 201);
    return (await r.json()).state;
  }
  const page = async (p, headers = {}) => (await fetch(other.url + p, { headers })).text();

  test('a French game is French for an English browser, unless the device chose', async () => {
    const s = await game('fr');
    let html = await page(`/?s=${s}`, { 'accept-language': 'en' });
    assert.match(html, /<html lang="fr">/);
    assert.ok(html.includes('<dt>Tour</dt>') || html.includes('Tour'), 'French words');
    html = await page(`/?s=${s}`, { 'accept-language': 'fr', cookie: 'lang=de' });
    assert.match(html, /<html lang="de">/);
    // The review's cells, which the script fetches for the page, too.
    const cells = await (await fetch(`${other.url}/game/review`, { method: 'POST', body: new URLSearchParams({ s }),
      headers: { 'accept-language': 'en' } })).text();
    assert.ok(!/ at \d/.test(cells) || cells === '', 'no English "at" in a French game\'s review cells');
  });

  test('a game in a language no catalogue has: the browser\'s language', async () => {
    const s = await game('it');
    assert.match(await page(`/?s=${s}`, { 'accept-language': 'es' }), /<html lang="es">/);
    assert.match(await page(`/?s=${s}`), /<html lang="en">/);
  });
});
