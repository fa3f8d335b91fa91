// tests/browser/details.test.mjs - issue 28's rough edges, in Debian's
// Chromium: a tile's value clear of its letter on every rack and square,
// a move list that wraps only between words, a finished game that opens at
// its result, the bag's list closing, Swap a tile starting on a valid
// pair, the pass that ends a game at 0 in words, one notation for a move's
// square, the exchange form without script, a phone's own hint that moves
// no control, the focus after "Play Player 2's turn", and the waiting
// view's and landing page's smaller edges.
// SPDX-License-Identifier: MIT
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';

let srv, browser;
before(async () => ({ srv, browser } = await h.startBoth()));
after(() => h.stopBoth(srv, browser));

const quiet = (p) => h.quiet(p);
const api = async (what, body) => (await h.post(`${srv.url}/api/v1/${what}`, body)).body;

async function open(page, s) {
  await page.goto(h.appPath(`/#${s}`));
  await h.waitForPosition(page, s);
}

/* ---- 4: "10" beside Q and Z never meets the letter ---------------------- */

// Q and Z on the board (QI across, ZO down), and on both racks.
const ON_BOARD = h.encode(h.makeState({
  board: h.boardWith([[7, 7, 'H', 'QI'], [3, 3, 'V', 'ZO']]), p1: ['S', 'E', 'R', 'O', 'N', 'D', 'U'],
  p2: ['A', 'I', 'L', 'S', 'T', 'E', 'M'], score: 30, gameId: 'tenOnBoard',
}));
const ON_RACKS = h.encode(h.makeState({
  p1: ['Q', 'A', 'W', 'M', 'E', 'I', 'O'], p2: ['Z', 'A', 'W', 'M', 'E', 'I', 'O'], gameId: 'tenOnRacks',
}));

// The ink of each tile's letter and of its value (canvas metrics of the
// fonts the page uses, placed where the text lies), for the tiles `sel`
// finds (each a tile whose first child is its letter's text and which
// holds a <sub>, or an element holding such a tile).
function inks(page, sel) {
  return page.$$eval(sel, (ts) => ts.map((t) => {
    const face = t.querySelector('span') ?? t;
    const ctx = document.createElement('canvas').getContext('2d');
    const ink = (node) => {
      const cs = getComputedStyle(node.parentNode);
      ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const range = document.createRange();
      range.selectNodeContents(node);
      const r = range.getBoundingClientRect(), m = ctx.measureText(node.textContent);
      const base = r.top + (r.height - m.fontBoundingBoxAscent - m.fontBoundingBoxDescent) / 2 + m.fontBoundingBoxAscent;
      return { left: r.left - m.actualBoundingBoxLeft, right: r.left + m.actualBoundingBoxRight,
        top: base - m.actualBoundingBoxAscent, bottom: base + m.actualBoundingBoxDescent };
    };
    const sub = face.querySelector('sub'), box = t.getBoundingClientRect();
    return { letter: face.firstChild.nodeValue, value: sub.textContent, a: ink(face.firstChild), v: ink(sub.firstChild),
      box: [box.left, box.top, box.right, box.bottom] };
  }));
}

function clear(where, tiles) {
  assert.ok(tiles.length > 0, `${where}: no tiles`);
  for (const t of tiles) {
    const meet = t.a.left < t.v.right && t.v.left < t.a.right && t.a.top < t.v.bottom && t.v.top < t.a.bottom;
    assert.ok(!meet, `${where}: ${t.letter} and its ${t.value} overlap: ${JSON.stringify([t.a, t.v])}`);
    for (const k of [t.a, t.v]) {
      assert.ok(k.left >= t.box[0] - 0.5 && k.right <= t.box[2] + 0.5 && k.top >= t.box[1] - 0.5 &&
        k.bottom <= t.box[3] + 0.5, `${where}: ${t.letter}${t.value} stays on its tile`);
    }
  }
}

test('4: the "10" of Q and Z stays clear of its letter on the racks and the board, phone and desktop', async () => {
  for (const phone of [false, true]) {
    const where = phone ? 'phone' : 'desktop';
    const p = await h.newPlayer(browser, srv.url, { phone });
    const { page } = p;
    await open(page, ON_RACKS);
    const rack = await inks(page, '#rack [data-testid=rack-tile]');
    assert.deepEqual(rack.map((t) => t.letter + t.value).slice(0, 1), ['Q10']);
    clear(`${where} rack`, rack);
    const partner = await inks(page, '#prack li.tile');
    assert.deepEqual(partner.map((t) => t.letter + t.value).slice(0, 1), ['Z10']);
    clear(`${where} partner's rack`, partner);
    await open(page, ON_BOARD);
    const board = await inks(page, '#board > .t');
    assert.deepEqual(board.map((t) => t.letter + t.value).sort(), ['I1', 'O1', 'Q10', 'Z10']);
    clear(`${where} board`, board);
    quiet(p);
    await p.ctx.close();
  }
});

/* ---- 5: the move list wraps only between words ------------------------- */

// The words of the move list that are split over two lines.
function splitWords(page) {
  return page.evaluate(() => {
    const out = [];
    for (const c of document.querySelectorAll('#moves th, #moves td')) {
      const w = document.createTreeWalker(c, NodeFilter.SHOW_TEXT);
      for (let t = w.nextNode(); t; t = w.nextNode()) {
        for (const m of t.nodeValue.matchAll(/\S+/g)) {
          const r = document.createRange();
          r.setStart(t, m.index);
          r.setEnd(t, m.index + m[0].length);
          if ([...r.getClientRects()].filter((x) => x.width > 0).length > 1) out.push(m[0]);
        }
      }
    }
    const box = document.getElementById('moves');
    return { split: out, scroll: box.scrollWidth, client: box.clientWidth };
  });
}

test('5: at 1280x900 (and wider) the move list breaks no word in two, and nothing scrolls sideways', async () => {
  // Twelve plays, an exchange and a pass: "Exchanged 2 tiles" and "Passed"
  // among the words, each turn's best play beside them.
  let { state, game } = await h.playThrough(srv.url, 'late-budget', 12);
  ({ state, game } = await api('move', { state, move: { type: 'exchange', tiles: game.hands[game.turn].slice(0, 2) } }));
  ({ state } = await api('move', { state, move: { type: 'pass' } }));
  for (const viewport of [h.DESKTOP, { width: 1920, height: 1080 }]) {
    const p = await h.newPlayer(browser, srv.url, { viewport });
    const { page } = p;
    await open(page, state);
    await page.waitForFunction(() => [...document.querySelectorAll('#moves tr:not(.start) > td:nth-child(6)')].every((c) => c.textContent));
    assert.match(await page.textContent('#moves'), /Exchanged 2 tiles.*Passed/);
    const r = await splitWords(page);
    assert.deepEqual(r.split, [], `at ${viewport.width}x${viewport.height} these words are split`);
    assert.ok(r.scroll <= r.client, `at ${viewport.width} px the table is ${r.scroll} px in a ${r.client} px box`);
    quiet(p);
    await p.ctx.close();
  }
});

/* ---- 9: a finished game opens at its result ----------------------------- */

test('9: phone: a goals game\'s final link, followed by a waiting tab scrolled down the page, opens at the result', async () => {
  const s0 = (await api('games', { seed: 'final-at-result', goals: 'easy' })).state;
  const p = await h.newPlayer(browser, srv.url, { phone: true });
  const { page } = p;
  await open(page, s0);
  await page.tap('[data-testid=pass]');
  await page.tap('[data-testid=pass-confirm]');
  const { state: s1 } = await h.settle(page, s0);
  assert.equal(await page.getAttribute('#app', 'data-view'), 'wait');
  // The player shows the QR code to the partner, then reads the moves at
  // the foot of the page.
  await page.tap('[data-testid=qr-toggle]');
  await page.locator('[data-testid=qr]').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // The partner's pass ends the game; its link is opened in another tab,
  // which this one follows.
  const fin = (await api('move', { state: s1, move: { type: 'pass' } })).state;
  const other = await p.ctx.newPage();
  await open(other, fin);
  await h.waitForPosition(page, fin);
  assert.equal(await page.getAttribute('#app', 'data-view'), 'over');
  const seen = await page.evaluate(() => ['over-h', 'final-score'].map((id) => {
    const r = document.querySelector(id === 'over-h' ? '#over-h' : '[data-testid=final-score]').getBoundingClientRect();
    return { id, top: r.top, bottom: r.bottom, vh: innerHeight };
  }));
  for (const s of seen) assert.ok(s.top >= 0 && s.bottom <= s.vh, `${s.id} is out of view: ${JSON.stringify(s)}`);
  await other.close();
  quiet(p);
  await p.ctx.close();
});

/* ---- 10: the bag's list closes ----------------------------------------- */

test('10: the bag\'s list closes on a press elsewhere and on Escape, and leaves the rack free', async () => {
  for (const phone of [false, true]) {
    const p = await h.newPlayer(browser, srv.url, { phone });
    const { page } = p;
    const { state } = await h.playThrough(srv.url, 'bag-closes', 2);
    await open(page, state);
    const toggle = page.locator('[data-testid=bag-toggle]'), list = page.locator('[data-testid=bag-list]');
    await h.press(toggle, { tap: phone });
    await list.waitFor({ state: 'visible' });
    // A press elsewhere: a square far from the list.
    await h.press(h.cell(page, 13, 1), { tap: phone });
    await list.waitFor({ state: 'hidden', timeout: 2000 });
    await h.press(toggle, { tap: phone });
    await list.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden', timeout: 2000 });
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('data-testid')), 'bag-toggle', 'the focus is back on the count');
    // Nothing is left over the rack.
    const tile = page.locator('#rack [data-testid=rack-tile]').last();
    await h.press(tile, { tap: phone });
    assert.equal(await tile.getAttribute('aria-pressed'), 'true', 'the press picked the tile');
    quiet(p);
    await p.ctx.close();
  }
});

/* ---- 11: Swap a tile starts on a valid pair ---------------------------- */

test('11: Swap a tile starts on two different tiles, and pressing it swaps them', async () => {
  // A goals game whose racks start with the same tile: the first choice
  // of each list would be "E for E".
  let s0, game;
  for (let i = 0; ; i++) {
    assert.ok(i < 300, 'no seed deals two racks starting with the same tile');
    ({ state: s0, game } = await api('games', { seed: `swap-pair-${i}`, goals: 'easy' }));
    if (game.hands.P1[0] === game.hands.P2[0]) break;
  }
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  await open(page, s0);
  const give = await page.inputValue('#h-give'), take = await page.inputValue('#h-take');
  assert.notEqual(give, take, `the lists start on ${give} for ${take}`);
  assert.ok(await page.isEnabled('[data-testid=helper-swap]'));
  await page.click('[data-testid=helper-swap]');
  const r = await h.settle(page, s0);
  assert.equal(r.moved, true, `the swap was refused: ${r.error}`);
  assert.equal(await page.textContent('[data-testid=message]'), 'You used a helper.');
  const after = await h.gameOf(srv.url, r.state);
  assert.ok(after.hands.P1.includes(take === 'BLANK' ? 'BLANK' : take), `P1 got the ${take}`);
  quiet(p);
  await p.ctx.close();
});

/* ---- 12: the pass that ends the game at 0 ------------------------------- */

test('12: the pass that would end a game at 0 says why nothing comes off; one that would go below 0 says why it stops at 0', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  const cases = [
    [0, 'The score stays 0: the tiles left on both racks would come off it, but it never goes below 0.'],
    [5, 'The tiles left on both racks take 5 points off the score (5, then 0): they are worth 17, but the score never goes below 0.'],
  ];
  for (const [score, want] of cases) {
    const s = h.encode(h.makeState({
      board: h.boardWith([[7, 7, 'H', 'AT']]), p1: ['E', 'R', 'O', 'N', 'D', 'U', 'S'], p2: ['A', 'I', 'L', 'S', 'T', 'E', 'M'],
      score, consecutivePasses: 1, gameId: `passAt${score}`,
      lastMove: { cells: [], words: [], points: 0, type: 'pass' },
    }));
    await open(page, s);
    await page.click('[data-testid=pass]');
    const q = (await page.textContent('[data-testid=pass-question]')).trim();
    assert.equal(q, `Passing now ends the game: Player 2 passed last turn, and two passes in a row end it. ${want}`);
    assert.doesNotMatch(q, /take 0 points|0, then 0/);
    await page.click('[data-testid=pass-cancel]');
  }
  quiet(p);
  await p.ctx.close();
});

/* ---- 13: one notation for a move's square ------------------------------- */

test('13: the partner\'s move is announced in the notation of the review and the GCG: 8G across, G8 down', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  const across = h.encode(h.makeState({
    board: h.boardWith([[7, 6, 'H', 'CAT']]), p1: ['S', 'E', 'R', 'O', 'N', 'D', 'U'],
    p2: ['A', 'I', 'L', 'S', 'T', 'E', 'M'], score: 10, gameId: 'noteAcross',
    lastMove: { cells: [[7, 6], [7, 7], [7, 8]], words: ['CAT'], points: 10 },
  }));
  const down = h.encode(h.makeState({
    board: h.boardWith([[6, 7, 'V', 'CAT']]), p1: ['S', 'E', 'R', 'O', 'N', 'D', 'U'],
    p2: ['A', 'I', 'L', 'S', 'T', 'E', 'M'], score: 10, gameId: 'noteDown',
    lastMove: { cells: [[6, 7], [7, 7], [8, 7]], words: ['CAT'], points: 10 },
  }));
  for (const [s, at] of [[across, '8G'], [down, 'H7']]) {
    await open(page, s);
    await page.waitForFunction((want) => document.getElementById('live').textContent.includes(want), `CAT at ${at} for 10 points`)
      .catch(async () => assert.fail(`the live region says "${await page.textContent('#live')}", not CAT at ${at}`));
  }
  quiet(p);
  await p.ctx.close();
});

/* ---- 14: the exchange form without script ------------------------------- */

test('14: without script, each letter of the exchange form stays on the line of its checkbox', async () => {
  const { state } = await h.playThrough(srv.url, 'nojs-exchange-wrap', 1);
  for (const width of [320, 360, 390, 414, 768, 1024, 1280]) {
    const ctx = await browser.newContext({ baseURL: srv.url, javaScriptEnabled: false, viewport: { width, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(h.appPath(`/game?s=${state}`));
    const rows = await page.$$eval('[data-testid=nojs-exchange] label', (ls) => ls.map((l) => {
      const box = l.querySelector('input').getBoundingClientRect();
      const r = document.createRange();
      r.selectNodeContents(l.lastChild);
      const t = [...r.getClientRects()].filter((x) => x.width > 0);
      return { text: l.textContent.trim(), box: box.top + box.height / 2, lines: t.map((x) => x.top + x.height / 2) };
    }));
    assert.equal(rows.length, 7);
    for (const r of rows) {
      assert.equal(r.lines.length, 1, `at ${width} px "${r.text}" is on ${r.lines.length} lines`);
      assert.ok(Math.abs(r.lines[0] - r.box) < 8, `at ${width} px "${r.text}" is not on its checkbox's line`);
    }
    await ctx.close();
  }
});

/* ---- 15: a phone's hint, and a hint that moves no control ---------------- */

test('15: phone: a tap on an empty square hints at tapping, not typing, and End Turn and Pass stay where they were', async () => {
  const { state } = await h.playThrough(srv.url, 'phone-hint', 2);
  const p = await h.newPlayer(browser, srv.url, { phone: true });
  const { page } = p;
  await open(page, state);
  const where = () => page.evaluate(() => ['end-turn', 'pass', 'exchange'].map((id) => {
    const r = document.getElementById(id).getBoundingClientRect();
    return [id, Math.round(r.top + scrollY), Math.round(r.left)];
  }));
  const before = await where();
  await h.cell(page, 2, 2).tap();
  const toast = page.locator('[data-testid=toast]');
  await toast.waitFor({ state: 'visible' });
  const text = await toast.textContent();
  assert.match(text, /^Choose a tile from your rack first/);
  assert.doesNotMatch(text, /type/i, 'no keyboard on a phone');
  assert.match(text, /tap/);
  assert.deepEqual(await where(), before, 'the controls stay where they were');
  quiet(p);
  await p.ctx.close();
});

test('15: desktop: a click on an empty square still offers typing', async () => {
  const { state } = await h.playThrough(srv.url, 'phone-zoom', 2);
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  await open(page, state);
  await h.cell(page, 2, 2).click();
  const toast = page.locator('[data-testid=toast]');
  await toast.waitFor({ state: 'visible' });
  assert.match(await toast.textContent(), /^Choose a tile from your rack first, or type its letter here/);
  quiet(p);
  await p.ctx.close();
});

/* ---- 16: the focus after "Play Player 2's turn on this device" ----------- */

test('16: after "Play Player 2\'s turn on this device" the focus is on the rack', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  await page.goto(h.appPath('/new?seed=switch-focus'));
  const s0 = await h.waitForGame(page);
  await page.click('[data-testid=pass]');
  await page.click('[data-testid=pass-confirm]');
  await h.settle(page, s0);
  await page.locator('[data-testid=switch-player]').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.getElementById('app').getAttribute('data-view') === 'board');
  const on = await page.evaluate(() => {
    const a = document.activeElement;
    return a.closest('#rack') ? 'rack' : a.closest('#board') ? 'board' : `${a.tagName} ${a.id}`;
  });
  assert.equal(on, 'rack');
  // The keyboard goes on from there: Enter picks the tile.
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('#rack [aria-pressed=true]').count(), 1);
  quiet(p);
  await p.ctx.close();
});

/* ---- 17: the waiting view, How to play, the error page, the Goals choice - */

test('17: the waiting view\'s Copy classic link is no orphan and has room above the note', async () => {
  for (const phone of [false, true]) {
    const p = await h.newPlayer(browser, srv.url, { phone });
    const { page } = p;
    await page.goto(h.appPath('/new?seed=classic-row'));
    const s0 = await h.waitForGame(page);
    await h.press(page.locator('[data-testid=pass]'), { tap: phone });
    await h.press(page.locator('[data-testid=pass-confirm]'), { tap: phone });
    await h.settle(page, s0);
    const m = await page.evaluate(() => {
      const r = (s) => document.querySelector(s).getBoundingClientRect();
      const row = r('#send .sharerow'), classic = r('[data-testid=copy-classic]'), copy = r('[data-testid=copy-link-button]');
      return { row: [row.left, row.right, row.bottom], classic: [classic.left, classic.right, classic.top], copyTop: copy.top,
        note: r('[data-testid=wait-note]').top };
    });
    const where = phone ? 'phone' : 'desktop';
    // On the line of Copy, or a whole line of its own.
    const shares = Math.abs(m.classic[2] - m.copyTop) < 1;
    const whole = Math.abs(m.classic[0] - m.row[0]) < 1 && Math.abs(m.classic[1] - m.row[1]) < 1;
    assert.ok(shares || whole, `${where}: Copy classic link alone on a line: ${JSON.stringify(m)}`);
    assert.ok(m.note - m.row[2] >= 8, `${where}: ${m.note - m.row[2]} px between the buttons and the note`);
    quiet(p);
    await p.ctx.close();
  }
});

test('17: How to play is a card as Names is', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  await page.goto(h.appPath('/new?seed=help-card'));
  await h.waitForGame(page);
  const look = (sel) => page.$eval(sel, (e) => {
    const cs = getComputedStyle(e);
    return [cs.backgroundColor, cs.borderRadius, cs.paddingLeft];
  });
  assert.deepEqual(await look('.side > .help'), await look('[data-testid=names]'));
  quiet(p);
  await p.ctx.close();
});

test('17: the error page on a device with no saved games does not promise any', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  await page.goto(h.appPath('/#2AAAAAAAAAAAAAAAAAAA'));
  await page.waitForFunction(() => document.getElementById('app')?.getAttribute('data-view') === 'error' &&
    !document.documentElement.classList.contains('loading'));
  assert.equal(await page.isVisible('[data-testid=saved-games]'), false, 'this device keeps no game');
  assert.doesNotMatch(await page.textContent('[data-testid=error-page]'), /saved games/i);
  assert.deepEqual(p.problems.filter((m) => !/status of 400/.test(m)), [], 'errors or dialogs on the page');
  await p.ctx.close();
});

test('17: the Goals choice says why Hard needs fewer goals than Normal', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  await page.goto(h.appPath('/'));
  for (const id of ['goals-level']) {
    const opts = await page.$$eval(`[data-testid=${id}] option`, (os) => os.map((o) => o.textContent));
    const hard = opts.find((o) => /^Hard/.test(o));
    assert.match(hard, /^Hard: win with 13 harder goals, 1 helper$/, id);
  }
  quiet(p);
  await p.ctx.close();
});
