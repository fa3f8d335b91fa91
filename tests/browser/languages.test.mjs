// tests/browser/languages.test.mjs - a whole game in each of French,
// German, Spanish, Catalan and Polish, in Debian's Chromium through the
// pages: the game starts from the page, its tile set's letters are the
// page's (data-alphabet), the racks and the board show each tile's own
// string (CH, Ñ, L·L), the first turns are typed on the board as a player
// types them (ä, ñ, ł by their keys; Spanish CH as C then H; Catalan L·L
// as L . L, NY as N then Y), a blank's picker offers exactly the set's
// letters, scores are the server's, and the game ends on the page, its
// last turns played there. The middle of each game is played through the
// API (each turn the top play /api/v1/plays finds), as a partner's device
// would, so the file stays a few minutes long; a tile of several
// characters is then measured on a phone's 390-pixel board and rack.
//
// The lexicons: the build's (<build>/dict/lang/<code>.clx, which the server maps at
// start); where the build has none, languages.mjs compiles one here from
// the language's free list, but with CLB_REQUIRE_LANGUAGES=1 (CI) a
// language the build left out fails, and without it a language with no
// list is skipped.
// SPDX-License-Identifier: MIT
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as h from './helpers.mjs';
import { LANGUAGES, compile, listOf } from './languages.mjs';

const REQUIRE = process.env.CLB_REQUIRE_LANGUAGES === '1';
const CODES = ['fr', 'de', 'es', 'ca', 'pl'];
const DOT = '\u00b7';
let srv, browser, tmp;
const ready = {}, why = {};

// The server's build: <build>/server/collabble.
const build = () => path.dirname(path.dirname(path.resolve(h.binary())));
// collabble-dictc beside it: <build>/dict/collabble-dictc.
function dictc() {
  return process.env.COLLABBLE_DICTC ?? path.join(build(), 'dict', 'collabble-dictc');
}
// The languages' graphs the server maps at start: COLLABBLE_LANGUAGES, else
// the build's <build>/dict/lang (CODE.clx, its lexicon named CODE).
function languagesDir() {
  return process.env.COLLABBLE_LANGUAGES || path.join(build(), 'dict', 'lang');
}

before(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'clb-languages-'));
  const lexicons = [];
  for (const code of CODES) {
    if (existsSync(path.join(languagesDir(), `${code}.clx`))) { ready[code] = code; continue; }
    // CI plays the graphs the build made, never a stand-in.
    if (REQUIRE) {
      why[code] = `no ${code}.clx in ${languagesDir()}: the build left ${LANGUAGES[code].name} out`;
      continue;
    }
    if (!listOf(code)) { why[code] = `no word list for ${LANGUAGES[code].name}`; continue; }
    try {
      if (!existsSync(dictc())) throw new Error(`no ${dictc()}: build collabble-dictc`);
      // Polish's list is 4.3 million words: every 8th is plenty to play.
      lexicons.push(`${compile(code, tmp, dictc(), { step: code === 'pl' ? 8 : 1 })}:t-${code}`);
      ready[code] = `t-${code}`;
    } catch (e) {
      why[code] = `${LANGUAGES[code].name}'s lexicon did not compile: ${e.stderr ?? e.message}`;
    }
  }
  const was = process.env.COLLABBLE_LEXICON;
  if (lexicons.length) process.env.COLLABBLE_LEXICON = lexicons.join(' ');
  try {
    ({ srv, browser } = await h.startBoth());
  } finally {
    if (was === undefined) delete process.env.COLLABBLE_LEXICON; else process.env.COLLABBLE_LEXICON = was;
  }
});
after(async () => {
  await h.stopBoth(srv, browser);
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const tileCount = (bag) => Object.values(bag).reduce((a, b) => a + b, 0);
const upper = (s) => (s === '.' ? s : s.toUpperCase());

// The plays of the player to move in s, best first.
async function plays(s, limit = 40) {
  const r = await h.postSearch(`${srv.url}/api/v1/plays`, { state: s, limit });
  assert.equal(r.status, 200, r.text);
  return r.body.plays;
}

// The squares of a play's main word, from its first square: each its
// tile's string and whether this play places it.
function mainWord(game, play) {
  const t = play.move.tiles, down = play.direction === 'down', [dr, dc] = down ? [1, 0] : [0, 1];
  const placed = new Map(t.map((x) => [`${x.row},${x.col}`, x]));
  const at = (r, c) => {
    const p = placed.get(`${r},${c}`);
    if (p) return upper(p.letter);
    return r >= 0 && r < 15 && c >= 0 && c < 15 && game.board[r][c] !== '.' ? upper(game.board[r][c]) : null;
  };
  let r = t[0].row, c = t[0].col;
  while (at(r - dr, c - dc)) { r -= dr; c -= dc; }
  const squares = [];
  for (; at(r, c); r += dr, c += dc) squares.push({ row: r, col: c, face: at(r, c) });
  return { squares, down };
}

// A key as a player's keyboard sends it: the US layout's through
// Playwright, any other character (ñ, ł, ä, ·) as a keyboard of the
// language sends it, a keydown whose key is the character.
async function pressKey(page, cdp, ch) {
  if (/^[a-zA-Z.]$/.test(ch)) return page.keyboard.press(ch);
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: ch, text: ch, unmodifiedText: ch });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: ch });
}

// The keys that type a tile: its characters in lower case (upper case
// when `shout`), L·L as L . L (or L · L when `dot`).
function keysOf(face, { shout = false, dot = false } = {}) {
  const f = shout ? face : face.toLowerCase();
  return [...f].map((ch) => (ch === DOT && !dot ? '.' : ch));
}

// Types play's whole main word on the board from its first square: a
// press there, the arrow turned by the arrow keys, then every tile's
// keys, the ones already on the board included (typing steps over them).
async function typePlay(page, cdp, game, play, opts) {
  const { squares, down } = mainWord(game, play);
  const first = squares[0];
  await h.cell(page, first.row, first.col).click();
  await page.keyboard.press(down ? 'ArrowDown' : 'ArrowRight');
  await page.keyboard.press(down ? 'ArrowUp' : 'ArrowLeft');
  const keys = [];
  for (const sq of squares) for (const k of keysOf(sq.face, opts)) { keys.push(k); await pressKey(page, cdp, k); }
  try {
    await page.waitForFunction((n) => document.querySelectorAll('#board > .pd').length === n, play.move.tiles.length);
  } catch (e) {
    const placed = await page.$$eval('#board > .pd', (bs) => bs.map((x) => x.getAttribute('data-letter')));
    throw new Error(`typing ${keys.join(' ')} for ${JSON.stringify(play.move.tiles)} placed ${placed.join(' ')}`);
  }
  for (const t of play.move.tiles) {
    assert.equal(await h.cell(page, t.row, t.col).getAttribute('data-letter'), t.letter,
      `typing ${keys.join(' ')} placed ${t.letter} at ${t.row},${t.col}`);
  }
  return keys;
}

// The letters the blank's picker offers, as shown.
const pickerLetters = (picker) => picker.locator('[data-testid=picker-letter]').evaluateAll((bs) =>
  bs.map((b) => b.textContent));

// The blank's picker offers exactly the set's letters; the play's tiles
// are placed by picking each (and the blank's letter), then its square.
async function pickPlay(page, play, faces, opts) {
  for (const t of play.move.tiles) {
    await h.press(h.rackTile(page, t.blank ? 'BLANK' : t.letter), opts);
    if (t.blank) {
      const picker = page.locator('[data-testid=picker]');
      await picker.waitFor({ state: 'visible' });
      assert.deepEqual(await pickerLetters(picker), faces, 'the blank may be any letter of the set, and only those');
      await h.press(picker.locator(`[data-testid=picker-letter][data-letter="${t.letter}"]`), opts);
      await picker.waitFor({ state: 'hidden' });
    }
    await h.press(h.cell(page, t.row, t.col), opts);
    await h.cell(page, t.row, t.col).and(page.locator('.pd')).waitFor();
  }
}

// What the page shows of the position: the racks' and the board's tiles
// as the game's strings, and its score.
async function checkShown(page, game) {
  const rack = game.hands[`P${await page.getAttribute('#app', 'data-turn')}`];
  assert.deepEqual(await h.rackLetters(page), rack, 'the rack shows each tile\'s string');
  const board = await page.$$eval('#board > button', (bs) => bs.map((b) =>
    (b.classList.contains('t') ? b.firstChild.nodeValue : '.')));
  assert.deepEqual(board, game.board.flat().map(upper), 'the board shows each tile\'s string');
  assert.equal(+await page.getAttribute('#app', 'data-score'), game.score);
}

// A tile of several characters on a phone: its letters inside its square
// (or rack tile), clear of its value, at 9 px or more.
async function checkLegible(page, where) {
  const bad = await page.$$eval('.w', (els) => els.map((e) => {
    const text = e.querySelector('span') ?? e, sub = e.querySelector('sub'), box = e.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(text.firstChild.nodeType === 3 ? text.firstChild : text.firstChild.firstChild);
    const ink = range.getBoundingClientRect(), v = sub.getBoundingClientRect();
    const size = parseFloat(getComputedStyle(e).fontSize), name = `${e.className} ${range.toString()}`;
    if (box.width === 0) return null;
    if (ink.left < box.left - 0.5 || ink.right > box.right + 0.5) return `${name} wider than its tile`;
    if (ink.right > v.left + 0.5 && ink.bottom > v.top + 0.5) return `${name} runs into its value`;
    if (size < 9) return `${name} at ${size}px`;
    return null;
  }).filter(Boolean));
  assert.deepEqual(bad, [], `tiles of several characters at phone size (${where})`);
}

// One turn on the page: typed (a play without a blank, preferring one
// with a letter still to be typed), or picked from the rack (a blank's
// play, once, to see its picker); a pass when nothing can be played.
async function pageTurn(ctx, { type, want }) {
  const { page, cdp, opts } = ctx;
  await h.takeTurn(page, opts);
  assert.equal(await page.getAttribute('#app', 'data-state'), ctx.s);
  await checkShown(page, ctx.game);
  if (opts.tap) await checkLegible(page, 'a turn on the phone');
  if (!ctx.pickerSeen && (await h.rackLetters(page)).includes('BLANK')) {
    await h.press(h.rackTile(page, 'BLANK'), opts);
    const picker = page.locator('[data-testid=picker]');
    await picker.waitFor({ state: 'visible' });
    assert.deepEqual(await pickerLetters(picker), ctx.faces, 'the blank may be any letter of the set, and only those');
    await h.press(picker.locator('[data-testid=picker-cancel]'), opts);
    await picker.waitFor({ state: 'hidden' });
    ctx.pickerSeen = true;
  }
  const all = await plays(ctx.s, 100);
  if (!all.length) { ctx.s = await h.pass(page, opts); return {}; }
  const has = (p, f) => p.move.tiles.some((t) => f(t.letter));
  const clean = all.filter((p) => !p.move.tiles.some((t) => t.blank));
  let play = null, how = 'pick';
  if (type && clean.length) {
    play = want.map((f) => clean.find((p) => has(p, f))).find(Boolean) ?? clean[0];
    how = 'type';
  } else {
    play = (!ctx.picked && all.find((p) => p.move.tiles.some((t) => t.blank))) || all[0];
  }
  if (how === 'type') {
    const keys = await typePlay(page, cdp, ctx.game, play, { dot: ctx.typed % 2 === 1, shout: ctx.typed === 1 });
    ctx.keys.push(keys.join(''));
    ctx.typed++;
  } else {
    await pickPlay(page, play, ctx.faces, opts);
    if (play.move.tiles.some((t) => t.blank)) ctx.picked = true;
  }
  // The page speaks the game's language ("38 Punkte"): the words and
  // numbers are the play's, the word for points the catalogue's.
  const said = h.previewOf(play).replace(/ points?$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await h.previewText(page, { expect: new RegExp(`${said} \\S`) });
  const r = await h.endTurn(page, opts);
  assert.ok(r.moved, `the play was refused: ${r.error}`);
  ctx.s = r.state;
  return { play, how };
}

// Letters worth typing in each language: a tile of several characters
// first, then one beyond A-Z.
const MULTI = (l) => [...l].length > 1;
const ACCENT = (l) => /[^A-Z]/.test(l) && !MULTI(l);

for (const code of CODES) {
  const name = LANGUAGES[code].name;
  test(`${name}: a whole game in the browser, typed and picked on the page`, async (t) => {
    if (!ready[code]) {
      if (REQUIRE) assert.fail(`${why[code]} (CLB_REQUIRE_LANGUAGES=1)`);
      t.skip(why[code]);
      return;
    }
    const faces = LANGUAGES[code].faces.split(' ');
    const p = await h.newPlayer(browser, srv.url);
    const { page } = p;
    const cdp = await p.ctx.newCDPSession(page);
    let phone = null;
    try {
      await page.goto(h.appPath(`/new?seed=${encodeURIComponent(`languages ${code}`)}&lexicon=${ready[code]}`));
      const ctx = { page, cdp, faces, s: await h.waitForGame(page), typed: 0, picked: false, keys: [], opts: {} };
      assert.equal(await page.getAttribute('#app', 'data-alphabet'), faces.join(' '),
        'the page names the set\'s letters');
      // How a tile of several characters is typed, under the rack.
      const hint = page.locator('[data-testid=typing-hint]');
      if (faces.some(MULTI)) {
        const said = await hint.textContent();
        for (const m of faces.filter(MULTI)) assert.ok(said.includes(m), `the page says how ${m} is typed: ${said}`);
      } else {
        assert.equal(await hint.count(), 0, 'no tile of several characters: nothing to say');
      }
      // axe on the same board (a context that lets its script in).
      const a11y = await h.newPlayer(browser, srv.url, { bypassCSP: true });
      await a11y.page.goto(h.appPath(`/#${ctx.s}`));
      await h.waitForGame(a11y.page);
      await h.assertAxeClean(a11y.page, `${name}'s first board`);
      await a11y.ctx.close();
      ctx.game = await h.gameOf(srv.url, ctx.s);
      assert.deepEqual(Object.keys(ctx.game.bag), [...faces, 'BLANK'], 'the bag counts the set\'s tiles');
      let want = [...faces.filter(MULTI).map((m) => (l) => l === m), ACCENT];
      want.forEach((f, i) => { f.what = faces.filter(MULTI)[i] ?? 'a letter beyond A-Z'; });
      want = want.filter((f) => faces.some(f));
      let turns = 0, onPage = 0;
      while (!ctx.game.gameOver) {
        assert.ok(turns++ < 80, 'the game ends');
        const bag = tileCount(ctx.game.bag);
        // A kind of letter not typed yet that the rack to play holds: this
        // turn is typed on the page.
        const rack = ctx.game.hands[ctx.game.turn];
        const holds = want.filter((f) => rack.some(f));
        const blank = !ctx.pickerSeen && rack.includes('BLANK');
        if (bag === 0 && !phone) {
          // The last turns on a phone, by taps: the link opened there.
          phone = await h.newPlayer(browser, srv.url, { phone: true });
          await phone.page.goto(h.appPath(`/#${ctx.s}`));
          await h.waitForPosition(phone.page, ctx.s);
          Object.assign(ctx, { page: phone.page, cdp: await phone.ctx.newCDPSession(phone.page), opts: { tap: true } });
        }
        if (turns <= 3 || holds.length || blank || bag === 0) {
          const { play, how } = await pageTurn(ctx, { type: turns <= 3 || holds.length > 0, want: holds });
          onPage++;
          // Each tile of several characters typed once, and a letter beyond A-Z.
          if (how === 'type') want = want.filter((f) => !play.move.tiles.some((x) => f(x.letter)));
        } else {
          // The partner's device, through the API; the page opens its link.
          const best = (await plays(ctx.s, 1))[0];
          ctx.s = (await h.apiMove(srv.url, ctx.s, best ? best.move : { type: 'pass' })).state;
          await ctx.page.goto(h.appPath(`/#${ctx.s}`));
          await h.waitForPosition(ctx.page, ctx.s);
        }
        ctx.game = await h.gameOf(srv.url, ctx.s);
      }
      console.log(`# ${name}: ${turns} turns, ${onPage} on the page (typed: ${ctx.keys.join(', ')}), ` +
        `final score ${ctx.game.score}`);
      assert.ok(ctx.typed >= 3, 'three turns or more typed');
      assert.deepEqual(want.map((f) => f.what), [], `each typed (typed: ${ctx.keys.join(', ')})`);
      assert.ok(ctx.pickerSeen, 'a blank\'s picker was opened');
      await ctx.page.locator('[data-testid=game-over]').waitFor();
      // The move list writes each typed word in the tiles' strings (IL·LES, PECH, ÑU).
      const moves = await ctx.page.textContent('#moves');
      for (const k of ctx.keys) {
        const word = k.toUpperCase().replace(/[.]/g, DOT);
        assert.ok(moves.includes(word), `the move list names ${word}`);
      }
      assert.equal(+(await h.stat(ctx.page, 'final-score')).replace(/\D/g, ''), ctx.game.score);
      // The final board on a phone: every tile of several characters legible.
      if (!phone) {
        phone = await h.newPlayer(browser, srv.url, { phone: true });
        await phone.page.goto(h.appPath(`/#${ctx.s}`));
        await h.waitForGame(phone.page);
      }
      if (faces.some(MULTI)) {
        assert.ok(await phone.page.locator('#board > .w').count() > 0, 'the tile typed is on the board');
      }
      await checkLegible(phone.page, `${name}'s final board`);
      await phone.page.screenshot({ path: path.join(h.artifactDir(), `languages-${code}-phone.png`) });
      h.quiet(phone);
      h.quiet(p);
    } finally {
      await p.ctx.close();
      await phone?.ctx.close();
    }
  });
}
