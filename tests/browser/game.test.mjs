// tests/browser/game.test.mjs - Collabble as players see it: Debian's
// Chromium (headless, driven by playwright-core) against the real server on
// loopback. CTest runs it as the `browser` test; by hand:
//   COLLABBLE_BIN=build-test/server/collabble node --test tests/browser/game.test.mjs
// Screenshots land in $ARTIFACT_DIR (default build-test/artifacts).
// SPDX-License-Identifier: MIT
//
// Every test is a player's flow: open pages, click or tap or type, read what
// the page shows (the DOM), localStorage and the clipboard. Games are seeded
// through the landing page's form, so racks and plays are the same on every
// run; the plays are chosen from the rack as a player would (helpers.mjs).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import * as h from './helpers.mjs';
import { screenshotGame } from './screenshot.mjs';

const SEED = 'e2e-seed';
let srv, browser;
before(async () => ({ srv, browser } = await h.startBoth()));
after(() => h.stopBoth(srv, browser));

// A player whose page must not throw, log errors or open dialogs; a refused
// play's 422 is expected (the browser logs the status of the fetch).
function player(opts) {
  return h.newPlayer(browser, srv.url, opts);
}
function assertQuiet(p) {
  // A preview the test blocks on purpose logs net::ERR_FAILED; a review
  // the server was busy for (503, at most threads - 1 searches at once)
  // is asked again by the page after its Retry-After.
  const real = p.problems.filter((m) => !/status of 422|status of 503|net::ERR_FAILED/.test(m));
  assert.deepEqual(real, [], 'errors or dialogs on the page');
}

async function startSeeded(page, seed, opts = {}) {
  await page.goto(h.appPath('/'));
  await page.locator('[data-testid=seed]').fill(seed);
  await h.press(page.locator('form [data-testid=new-game]'), opts);
  return h.waitForGame(page);
}

test('two players play a whole game through turn links', async (t) => {
  const p1 = await player();
  const p2 = await player();
  const P1 = p1.page, P2 = p2.page;
  let s0, s1, s2, s3, s4, link, firstPlay, crossPlay;

  await t.test('P1 starts a seeded game from the landing page', async () => {
    await P1.goto(h.appPath('/'));
    assert.ok(await P1.isHidden('[data-testid=resume-box]'), 'no resume offer before any game');
    s0 = await startSeeded(P1, SEED);
    const game = (await h.gameOf(srv.url, s0));
    assert.equal(await h.stat(P1, 'score'), '0');
    assert.equal(await h.stat(P1, 'turn'), 'Player 1');
    assert.equal(await h.stat(P1, 'bag'), '86');
    assert.deepEqual(await h.rackLetters(P1), game.hands.P1);
    assert.deepEqual(await h.partnerLetters(P1), game.hands.P2);
    assert.equal(await P1.locator('#board > button.t').count(), 0, 'an empty board');
    assert.match(await P1.textContent('#board > [data-row="7"][data-col="7"]'), /\u2605/);
    assert.equal(await h.cell(P1, 7, 7).getAttribute('aria-label'), 'H8, centre star, double word, empty');
    // Desktop layout: the board on the left, racks and buttons on the right.
    const board = await P1.locator('[data-testid=board]').boundingBox();
    const rack = await P1.locator('[data-testid=rack]').boundingBox();
    const end = await P1.locator('[data-testid=end-turn]').boundingBox();
    assert.ok(rack.x >= board.x + board.width && end.x >= board.x + board.width, 'racks and buttons beside the board');
    assert.ok(board.y + board.height <= h.DESKTOP.height, 'the whole board fits the window');
  });

  await t.test('a word not in the lexicon is refused, highlighted, its tiles kept', async () => {
    const rack = await h.rackLetters(P1);
    const bad = h.findNonWord(rack);
    const word = bad.map((x) => x.letter).join('');
    await h.placeTiles(P1, bad);
    await h.previewText(P1, { valid: false, expect: new RegExp(`dictionary.*${word}`, 'i') });
    // End Turn waits while the preview says the play is refused, and says why.
    assert.ok(await P1.isDisabled('[data-testid=end-turn]'), 'End Turn is disabled');
    assert.match(await P1.locator('[data-testid=end-turn]').evaluate((b) =>
      document.getElementById(b.getAttribute('aria-describedby')).textContent), new RegExp(`dictionary.*${word}`, 'i'));
    // Without a preview (the server did not answer it), End Turn is the
    // server's to refuse: it answers the same position with the word marked.
    for (const x of bad) await h.cell(P1, x.row, x.col).click();
    await P1.route('**/api/v1/preview', (route) => route.abort());
    await h.placeTiles(P1, bad);
    await P1.waitForFunction(() => !document.querySelector('[data-testid=end-turn]').disabled);
    const r = await h.endTurn(P1);
    await P1.unroute('**/api/v1/preview');
    assert.deepEqual(r, { moved: false, error: 'invalid_word' });
    assert.match(await P1.textContent('[data-testid=message]'), new RegExp(`dictionary.*${word}`, 'i'));
    assert.ok(await P1.isVisible('[data-testid=message]'));
    const cells = bad.map((x) => [x.row, x.col]);
    assert.deepEqual(await h.cellsWith(P1, 'pd'), cells, 'the tiles stay where they were put');
    for (const x of bad) {
      assert.equal(await h.cell(P1, x.row, x.col).getAttribute('data-letter'), x.letter);
    }
    const marked = h.sortCells([...await h.cellsWith(P1, 'bw'), ...await h.cellsWith(P1, 'bad')]
      .filter((c, i, a) => a.findIndex((d) => d[0] === c[0] && d[1] === c[1]) === i));
    assert.deepEqual(marked, cells, 'the refused word is highlighted');
    assert.match(await h.cell(P1, 7, 7).getAttribute('aria-label'), /not valid/);
    assert.equal(h.linkState(P1), s0, 'the link is unchanged');
    assert.equal(await P1.locator('#rack .tile.used').count(), 2);
    // A tile placed this turn goes back to the rack when clicked.
    for (const x of bad) await h.cell(P1, x.row, x.col).click();
    assert.equal(await P1.locator('#board > .pd').count(), 0);
    assert.equal(await P1.locator('#rack .tile.used').count(), 0);
    assert.ok(await P1.isDisabled('[data-testid=end-turn]'));
  });

  await t.test('P1 places a word by clicking, sees words and points, ends the turn', async () => {
    firstPlay = await h.findFirstPlay(srv.url, s0, await h.rackLetters(P1));
    await h.placeTiles(P1, firstPlay.tiles);
    // The words and points show before End Turn.
    await h.previewText(P1, { expect: h.previewOf(firstPlay) });
    assert.ok(await P1.isEnabled('[data-testid=end-turn]'));
    const r = await h.endTurn(P1);
    assert.equal(r.moved, true);
    s1 = r.state;
    assert.equal(h.linkState(P1), s1, 'the address bar holds the new link');
    assert.equal(await h.stat(P1, 'score'), String(firstPlay.points));
    assert.equal(await h.stat(P1, 'turn'), 'Player 2');
    const prompt = P1.locator('[data-testid=copy-prompt]');
    assert.ok(await prompt.isVisible(), 'the copy prompt appears');
    assert.match(await prompt.textContent(), new RegExp(`${firstPlay.words[0]} for ${firstPlay.points} points`));
    assert.equal(await P1.locator('[data-testid=copy-link-button]').evaluate((b) => document.activeElement === b), true,
      'the copy button has the focus');
    link = await h.copyLink(P1);
    assert.equal(link, `${srv.url}/#${s1}`, 'the clipboard holds the turn link');
    assert.equal(await P1.inputValue('[data-testid=copy-link]'), link);
    const game = (await h.gameOf(srv.url, s1));
    const saved = await P1.evaluate((k) => localStorage.getItem(k), `collabble:game:${game.gameId}`);
    assert.ok(saved && saved.includes(s1), 'the position is saved under its gameId');
  });

  await t.test('the back button shows the previous position without resubmitting', async () => {
    const before = p1.problems.length;
    await P1.goBack();
    await h.waitForPosition(P1, s0);
    assert.equal(await h.stat(P1, 'score'), '0');
    assert.equal(await P1.locator('#board > button.t').count(), 0);
    assert.equal(await P1.isVisible('[data-testid=copy-prompt]'), false);
    await P1.goForward();
    await h.waitForPosition(P1, s1);
    assert.equal(await h.stat(P1, 'score'), String(firstPlay.points));
    assert.deepEqual(p1.problems.slice(before), [], 'no dialog, no error');
    assert.ok(!(await P1.content()).includes('ERR_CACHE_MISS'));
  });

  await t.test('P2 opens the link in its own browser and plays across P1\'s word', async () => {
    await P2.goto(link);
    await h.waitForPosition(P2, s1);
    assert.equal(await h.stat(P2, 'score'), String(firstPlay.points), 'the shared score');
    assert.equal(await h.stat(P2, 'turn'), 'Player 2');
    assert.deepEqual(await h.cellsWith(P2, 'lm'), h.sortCells(firstPlay.tiles.map((x) => [x.row, x.col])),
      'P1\'s move is highlighted');
    const last = await P2.textContent('[data-testid=last-move]');
    assert.match(last, new RegExp(`Player 1 played ${firstPlay.words[0]} for ${firstPlay.points} points`));
    const game = (await h.gameOf(srv.url, s1));
    assert.deepEqual(await h.rackLetters(P2), game.hands.P2, 'P2\'s rack is the active one');
    crossPlay = await h.findCrossPlay(srv.url, s1, game.board, game.hands.P2);
    await h.placeTiles(P2, crossPlay.tiles);
    await h.previewText(P2, { expect: h.previewOf(crossPlay) });
    const r = await h.endTurn(P2);
    assert.equal(r.moved, true);
    s2 = r.state;
    const total = firstPlay.points + crossPlay.points;
    assert.equal(await h.stat(P2, 'score'), String(total));
    link = await h.copyLink(P2);
    assert.equal(link, `${srv.url}/#${s2}`);
  });

  await t.test('the link goes back to P1, who sees the new score and P2\'s move', async () => {
    await P1.goto(link);
    await h.waitForPosition(P1, s2);
    assert.equal(await h.stat(P1, 'score'), String(firstPlay.points + crossPlay.points));
    assert.equal(await h.stat(P1, 'turn'), 'Player 1');
    assert.deepEqual(await h.cellsWith(P1, 'lm'), h.sortCells(crossPlay.tiles.map((x) => [x.row, x.col])));
    assert.match(await P1.textContent('[data-testid=last-move]'), new RegExp(`Player 2 played ${crossPlay.words[0]}`));
  });

  await t.test('the landing page lists the game at its latest position', async () => {
    await P1.goto(h.appPath('/'));
    const box = P1.locator('[data-testid=saved-games]');
    await box.waitFor({ state: 'visible' });
    assert.match(await box.textContent(), new RegExp(`Your turn, score ${firstPlay.points + crossPlay.points}`));
    await P1.click('[data-testid=open-game]');
    await h.waitForPosition(P1, s2);
    assert.equal(await h.stat(P1, 'turn'), 'Player 1');
  });

  await t.test('P1 exchanges two tiles: the rack changes and the turn passes', async () => {
    const game = (await h.gameOf(srv.url, s2));
    const rack = await h.rackLetters(P1);
    const bag = await h.stat(P1, 'bag');
    await P1.click('[data-testid=exchange]');
    assert.ok(await P1.isVisible('[data-testid=exchange-confirm]'));
    assert.ok(await P1.isDisabled('[data-testid=exchange-confirm]'), 'nothing chosen yet');
    const tiles = P1.locator('#rack [data-testid=rack-tile]');
    await tiles.nth(0).click();
    await tiles.nth(1).click();
    assert.equal(await tiles.nth(0).getAttribute('aria-pressed'), 'true');
    // The count is static/more.js's, which the first press loads.
    await P1.waitForFunction(() => document.querySelector('[data-testid=exchange-confirm]').textContent.trim() ===
      'Exchange 2 tiles');
    await P1.click('[data-testid=exchange-confirm]');
    const r = await h.settle(P1, s2);
    assert.equal(r.moved, true);
    s3 = r.state;
    const next = (await h.gameOf(srv.url, s3));
    assert.equal(await h.stat(P1, 'turn'), 'Player 2', 'the turn passes');
    assert.equal(await h.stat(P1, 'score'), String(game.score), 'an exchange scores nothing');
    assert.equal(await h.stat(P1, 'bag'), bag, 'the bag keeps its count');
    // P1 now waits for P2: P1's own new rack is "yours", P2's the partner's.
    assert.equal(await P1.getAttribute('#app', 'data-view'), 'wait');
    const after = await P1.$$eval('[data-testid=my-rack] li.tile', (ts) =>
      ts.map((x) => (x.classList.contains('bl') ? 'BLANK' : x.textContent.replace(/\d+$/, ''))));
    assert.deepEqual(after, next.hands.P1);
    assert.deepEqual(await h.partnerLetters(P1), next.hands.P2);
    assert.equal(after.length, 7);
    assert.notDeepEqual(after, rack, 'the rack changed');
    const kept = [...after];
    for (const x of rack.slice(2)) {
      const i = kept.indexOf(x);
      assert.ok(i >= 0, `kept tile ${x} still on the rack`);
      kept.splice(i, 1);
    }
    assert.match(await P1.textContent('[data-testid=copy-prompt]'), /exchanged/);
    link = await h.copyLink(P1);
  });

  await t.test('P2 turns on blind mode; it hides P1\'s rack and survives a reload', async () => {
    await P2.goto(link);
    await h.waitForPosition(P2, s3);
    assert.match(await P2.textContent('[data-testid=last-move]'), /Player 1 exchanged 2 tiles/);
    const shown = (page) => h.partnerShows(page);
    assert.deepEqual(await shown(P2), (await h.gameOf(srv.url, s3)).hands.P1, 'P1\'s letters are shown');
    await P2.click('[data-testid=eye-toggle]');
    assert.equal(await P2.getAttribute('[data-testid=eye-toggle]', 'aria-pressed'), 'true');
    assert.ok(await P2.locator('[data-testid=partner-rack]').evaluate((e) => e.classList.contains('blind')));
    assert.deepEqual(await shown(P2), [], 'the partner\'s letters are hidden');
    assert.equal(await P2.locator('[data-testid=partner-rack] li').count(), 7, 'as seven tile backs');
    assert.equal(await P2.locator('[data-testid=rack-tile]').count(), 7, 'P2\'s own rack stays visible');
    await P2.reload();
    await h.waitForPosition(P2, s3);
    assert.equal(await P2.getAttribute('[data-testid=eye-toggle]', 'aria-pressed'), 'true');
    assert.deepEqual(await shown(P2), [], 'still blind after a reload');
    // The choice belongs to P2's browser only.
    assert.equal(await P1.evaluate(() => localStorage.getItem('collabble:blind')), null);
  });

  await t.test('a reload keeps the position', async () => {
    const score = await h.stat(P2, 'score');
    const board = await P2.$$eval('#board > button.t', (bs) => bs.map((b) => b.getAttribute('aria-label')));
    await P2.reload();
    await h.waitForPosition(P2, s3);
    assert.equal(h.linkState(P2), s3);
    assert.equal(await h.stat(P2, 'score'), score);
    assert.equal(await h.stat(P2, 'turn'), 'Player 2');
    assert.deepEqual(await P2.$$eval('#board > button.t', (bs) => bs.map((b) => b.getAttribute('aria-label'))), board);
  });

  await t.test('pass, pass ends the game and shows the final score', async () => {
    await P2.click('[data-testid=pass]');
    await P2.click('[data-testid=pass-confirm]');
    let r = await h.settle(P2, s3);
    assert.equal(r.moved, true);
    s4 = r.state;
    assert.equal(await h.stat(P2, 'turn'), 'Player 1');
    assert.equal((await h.gameOf(srv.url, s4)).gameOver, false);
    link = await h.copyLink(P2);

    await P1.goto(link);
    await h.waitForPosition(P1, s4);
    assert.match(await P1.textContent('[data-testid=last-move]'), /Player 2 passed\. One more pass ends the game\./);
    const g4 = await h.gameOf(srv.url, s4);
    assert.deepEqual(await h.partnerShows(P1), g4.hands.P2, 'P1 never turned blind mode on');
    await P1.click('[data-testid=pass]');
    // The pass that ends the game says so, and what the racks will cost.
    const value = (rack) => rack.reduce((n, x) => n + (x === 'BLANK' ? 0 : h.TILE_POINTS[x]), 0);
    const cost = Math.min(g4.score, value(g4.hands.P1) + value(g4.hands.P2));
    assert.match(await P1.textContent('[data-testid=pass-question]'),
      new RegExp(`^Passing now ends the game.*take ${cost} points? off the score \\(${g4.score}, then ${g4.score - cost}\\)`));
    assert.equal((await P1.textContent('[data-testid=pass-confirm]')).trim(), 'Pass and end the game');
    await P1.click('[data-testid=pass-confirm]');
    r = await h.settle(P1, s4);
    assert.equal(r.moved, true);
    const end = (await h.gameOf(srv.url, r.state));
    assert.equal(end.gameOver, true);
    const over = P1.locator('[data-testid=game-over]');
    assert.ok(await over.isVisible());
    assert.equal(await h.stat(P1, 'final-score'), String(end.score));
    assert.equal(await h.stat(P1, 'score'), String(end.score));
    assert.equal(await h.stat(P1, 'turn'), 'Game over');
    assert.match(await P1.textContent('[data-testid=game-end]'), /passed/);
    assert.equal(await P1.locator('[data-testid=end-turn]').count(), 0, 'no more moves');
    assert.ok(await P1.isVisible('[data-testid=game-over] [data-testid=new-game]'));
    assert.ok(await P1.isVisible('[data-testid=final-rack-1]'));
    // P2 opens the final link and sees the same ending.
    const finalLink = await h.copyLink(P1);
    await P2.goto(finalLink);
    await h.waitForPosition(P2, r.state);
    assert.equal(await h.stat(P2, 'final-score'), String(end.score));
  });

  assertQuiet(p1);
  assertQuiet(p2);
});

test('a blank is played through the letter picker', async () => {
  const p = await player();
  const { page } = p;
  // A position with CAT through the star and a blank on P1's rack.
  const state = h.makeState({
    board: h.boardWith([[7, 6, 'H', 'CAT']]),
    p1: ['BLANK', 'E', 'R', 'O', 'N', 'D', 'U'],
    p2: ['A', 'I', 'L', 'S', 'T', 'E', 'M'],
    score: 10,
    lastMove: { cells: [[7, 6], [7, 7], [7, 8]], words: ['CAT'], points: 10 },
    gameId: 'browserBlank',
  });
  const s = h.encode(state);
  await page.goto(h.appPath(`/#${s}`));
  await h.waitForPosition(page, s);
  // Cancel first: the blank stays on the rack, unselected.
  await h.rackTile(page, 'BLANK').click();
  const picker = page.locator('[data-testid=picker]');
  await picker.waitFor({ state: 'visible' });
  assert.equal(await picker.locator('[data-testid=picker-letter]').count(), 26);
  // Styled by static/more.css, which came with the picker's script:
  // its letters in a grid of 44-pixel buttons.
  assert.equal(await picker.evaluate((e) => getComputedStyle(e).borderRadius), '14px');
  assert.equal(await picker.locator('.letters').evaluate((e) => getComputedStyle(e).display), 'grid');
  await picker.locator('[data-testid=picker-cancel]').click();
  await picker.waitFor({ state: 'hidden' });
  assert.equal(await h.rackTile(page, 'BLANK').getAttribute('aria-pressed'), 'false');
  // Blank as S: CATS.
  await h.placeTiles(page, [{ row: 7, col: 9, letter: 'S', blank: true }]);
  const placed = h.cell(page, 7, 9);
  assert.ok(await placed.evaluate((e) => e.classList.contains('bl')), 'the blank is marked');
  assert.match(await placed.getAttribute('aria-label'), /blank as S, 0 points/);
  await h.previewText(page, { expect: 'CATS 5: 5 points' });
  const r = await h.endTurn(page);
  assert.equal(r.moved, true);
  const game = (await h.gameOf(srv.url, r.state));
  assert.equal(game.board[7][9], 's', 'stored as a blank played as S');
  assert.equal(await h.stat(page, 'score'), '15');
  const onBoard = h.cell(page, 7, 9);
  assert.ok(await onBoard.evaluate((e) => e.classList.contains('bl') && e.classList.contains('t')));
  assert.match(await onBoard.getAttribute('aria-label'), /blank as S, 0 points/);
  assertQuiet(p);
});

// static/more.js (the blank's picker, the exchange and pass modes' words,
// the notices of an older position, the Names panel's fields...) is
// loaded the first time one of them is needed; `more` routes its request
// (the handler sees each one).
async function routeMore(page, handler) {
  await page.route((u) => u.pathname.endsWith('/static/more.js'), handler);
}
// A position with CAT through the star, a blank on each rack, the bag full.
function blankState(gameId) {
  return h.encode(h.makeState({
    board: h.boardWith([[7, 6, 'H', 'CAT']]),
    p1: ['BLANK', 'E', 'R', 'O', 'N', 'D', 'U'],
    p2: ['BLANK', 'I', 'L', 'S', 'T', 'E', 'M'],
    score: 10,
    lastMove: { cells: [[7, 6], [7, 7], [7, 8]], words: ['CAT'], points: 10 },
    gameId,
  }));
}
const OFFLINE = 'Could not reach the Collabble server. Check the connection and reload.';

test('static/more.js not loading (offline): each of its parts says the server cannot be reached, and the next press loads it', async () => {
  const p = await player();
  const { page } = p;
  let asked = 0, blocked = true;
  await routeMore(page, (route) => { asked++; return blocked ? route.abort() : route.continue(); });
  // The message line and the hint say so (n: the requests so far).
  const said = async (n, what) => {
    await page.waitForFunction((m) => document.getElementById('msg').textContent === m, OFFLINE);
    assert.equal(asked, n, `${what}: asked for it again`);
    assert.equal(await page.textContent('[data-testid=toast]'), OFFLINE, what);
    assert.ok(await page.isVisible('[data-testid=toast]'), what);
    await page.evaluate(() => { document.getElementById('msg').textContent = ''; });
  };
  // An older position: this device (Player 2) keeps move 3 and opens
  // move 1. Read-only at once, its notice missing, and the message says why.
  const { state: s1 } = await h.playThrough(srv.url, 'more-offline', 1);
  let r = await h.apiMove(srv.url, s1, { type: 'exchange', tiles: [(await h.gameOf(srv.url, s1)).hands.P2[0]] });
  r = await h.apiMove(srv.url, r.state, { type: 'exchange', tiles: [r.game.hands.P1[0]] });
  await page.goto(h.appPath(`/#${r.state}`));
  await h.waitForPosition(page, r.state);
  assert.equal(asked, 0, 'a first visit never loads it');
  await page.goto(h.appPath(`/#${s1}`));
  await h.waitForPosition(page, s1);
  await said(1, 'the older position');
  assert.ok(await page.isDisabled('[data-testid=end-turn]'));
  assert.ok(await page.locator('#rack .tile').evaluateAll((ts) => ts.every((t) => t.disabled)), 'the rack is read-only');
  assert.equal(await page.locator('[data-testid=stale]').count(), 0);
  // A game's turn: each press that needs it says so, and the page stays as it was.
  const s = blankState('browserMoreOffline');
  await page.goto(h.appPath(`/#${s}`));
  await h.waitForPosition(page, s);
  await h.rackTile(page, 'BLANK').click();
  await said(2, 'the blank');
  assert.equal(await page.locator('[data-testid=picker]').count(), 0);
  await h.rackTile(page, 'BLANK').click(); // let go
  await page.click('[data-testid=names] summary');
  await said(3, 'the names');
  assert.equal(await page.locator('[data-testid=name-1]').count(), 0);
  await page.click('[data-testid=exchange]');
  await said(4, 'the exchange');
  // Back online: the next press loads it, and the exchange goes on.
  blocked = false;
  const tiles = page.locator('#rack [data-testid=rack-tile]');
  await tiles.nth(1).click();
  await page.waitForFunction(() => document.querySelector('[data-testid=exchange-confirm]').textContent.trim() ===
    'Exchange 1 tile');
  assert.equal(asked, 5);
  await page.click('[data-testid=exchange-cancel]');
  await h.rackTile(page, 'BLANK').click();
  await page.locator('[data-testid=picker]').waitFor({ state: 'visible' });
  await page.locator('[data-testid=picker-cancel]').click();
  assertQuiet(p); // the blocked requests' net::ERR_FAILED aside
  await p.ctx.close();
});

test('a press while static/more.js loads is acted on once it is in, and once', async () => {
  const s = blankState('browserMoreLate');
  // A fresh browser (nothing cached) on s, its request for the script
  // held until release(); every message its live region speaks.
  const open = async () => {
    const p = await player();
    const w = { p, page: p.page, asked: 0, release: null };
    await routeMore(w.page, async (route) => {
      w.asked++;
      await new Promise((r) => { w.release = r; });
      await route.continue();
    });
    await w.page.goto(h.appPath(`/#${s}`));
    await h.waitForPosition(w.page, s);
    await w.page.evaluate(() => {
      const live = document.getElementById('live');
      window.spoken = [];
      new MutationObserver(() => { if (live.textContent) window.spoken.push(live.textContent); })
        .observe(live, { childList: true, characterData: true, subtree: true });
    });
    return w;
  };
  const held = async (w) => {
    for (let i = 0; i < 250 && !w.release; i++) await w.page.waitForTimeout(20);
    assert.equal(w.asked, 1, 'asked for once');
  };
  const spoken = (w, text) => w.page.evaluate((t) => window.spoken.filter((x) => x === t).length, text);
  const done = async (w) => { assertQuiet(w.p); await w.p.ctx.close(); };
  // Exchange, pressed twice (a double tap), and a tile chosen while it loads.
  let w = await open();
  await w.page.click('[data-testid=exchange]');
  await w.page.evaluate(() => document.getElementById('exchange').click());
  const tiles = w.page.locator('#rack [data-testid=rack-tile]');
  await tiles.nth(1).click();
  await held(w);
  assert.ok(await w.page.isVisible('[data-testid=exchange-confirm]'), 'the exchange bar at once');
  assert.equal(await tiles.nth(1).getAttribute('aria-pressed'), 'true');
  w.release();
  await w.page.waitForFunction(() => document.querySelector('[data-testid=exchange-confirm]').textContent.trim() ===
    'Exchange 1 tile');
  await w.page.waitForTimeout(300);
  assert.equal(await tiles.nth(1).getAttribute('aria-pressed'), 'true', 'the tile chosen meanwhile stays chosen');
  assert.equal(await spoken(w, 'Choose the tiles to exchange, then confirm.'), 1, 'said once');
  assert.equal(w.asked, 1);
  await done(w);
  // The blank, pressed while it loads: its picker opens once it is in, once.
  w = await open();
  await h.rackTile(w.page, 'BLANK').click();
  await held(w);
  assert.equal(await w.page.locator('[data-testid=picker]').count(), 0);
  w.release();
  const picker = w.page.locator('[data-testid=picker]');
  await picker.waitFor({ state: 'visible' });
  assert.equal(await w.page.locator('dialog').count(), 1);
  await picker.locator('[data-testid=picker-letter][data-letter=S]').click();
  await picker.waitFor({ state: 'hidden' });
  await h.cell(w.page, 7, 9).click();
  await h.previewText(w.page, { expect: 'CATS 5: 5 points' });
  assert.equal(await spoken(w, 'Blank as S. Choose a square.'), 1);
  await done(w);
  // The Names panel opened, closed and opened again while it loads: its
  // fields once.
  w = await open();
  const summary = w.page.locator('[data-testid=names] summary');
  await summary.click();
  await summary.click();
  await summary.click();
  await held(w);
  w.release();
  await w.page.locator('[data-testid=name-1]').waitFor();
  await w.page.waitForTimeout(200);
  assert.equal(await w.page.locator('[data-testid=names] input').count(), 2);
  await done(w);
});

test('phone: the same game at 390x844 with touch', async () => {
  const p = await player({ phone: true });
  const { page } = p;
  // A phone has a share sheet: stand in for it (Chromium on Linux has none)
  // to see that Share is offered and gets the turn link.
  await p.ctx.addInitScript(() => {
    if (!navigator.share) {
      navigator.share = (data) => {
        sessionStorage.setItem('shared', JSON.stringify(data));
        return Promise.resolve();
      };
    }
  });
  const check = async (where) => {
    const o = await h.horizontalOverflow(page);
    assert.ok(o.scrollWidth <= 390, `${where}: the page is ${o.scrollWidth}px wide`);
    const bad = await h.unreachableControls(page);
    assert.deepEqual(bad, [], `${where}: controls out of reach`);
  };
  await page.goto(h.appPath('/'));
  await check('landing');
  const s0 = await startSeeded(page, SEED, { tap: true });
  await check('new game');
  // The board fills the width and its squares are large enough to tap.
  const box = await page.locator('#board').boundingBox();
  assert.ok(box.width >= 370, `board ${box.width}px wide`);
  const sq = await h.cell(page, 7, 7).boundingBox();
  assert.ok(sq.width >= 22, `squares ${sq.width}px`);
  const tile = await h.rackTile(page, (await h.rackLetters(page))[0]).boundingBox();
  assert.ok(tile.width >= 40 && tile.height >= 40, `rack tiles ${tile.width}x${tile.height}px`);

  const play = await h.findFirstPlay(srv.url, s0, await h.rackLetters(page));
  await h.placeTiles(page, play.tiles, { tap: true });
  await h.previewText(page, { expect: h.previewOf(play) });
  await check('tiles placed');
  const r = await h.endTurn(page, { tap: true });
  assert.equal(r.moved, true);
  await check('copy prompt');
  const link = await h.copyLink(page, { tap: true });
  assert.equal(link, `${srv.url}/#${r.state}`);
  await page.locator('[data-testid=share-link]').tap();
  const shared = await page.waitForFunction(() => sessionStorage.getItem('shared'));
  assert.equal(JSON.parse(await shared.jsonValue()).url, link, 'the share sheet gets the turn link');
  // Stacked: the board first, full width; the racks below it.
  const board = await page.locator('[data-testid=board]').boundingBox();
  const rack = await page.locator('[data-testid=my-rack]').boundingBox();
  assert.ok(rack.y >= board.y + board.height, 'the rack below the board');
  // One person with both racks plays Player 2's turn too: exchange and
  // pass bars.
  await h.takeTurn(page, { tap: true });
  await check('playing both racks');
  await page.locator('[data-testid=exchange]').tap();
  await page.locator('#rack [data-testid=rack-tile]').first().tap();
  await check('exchanging');
  await page.locator('[data-testid=exchange-cancel]').tap();
  await page.locator('[data-testid=pass]').tap();
  await check('passing');
  await page.locator('[data-testid=pass-cancel]').tap();
  await page.locator('.help summary').tap();
  await check('help open');
  await page.locator('.help summary').tap();

  // Pass, pass: the game-over page.
  for (const who of ['Player 2', 'Player 1']) {
    assert.equal(await h.stat(page, 'turn'), who);
    await h.pass(page, { tap: true });
  }
  assert.ok(await page.isVisible('[data-testid=game-over]'));
  await check('game over');

  // The blank's letter picker, on a position with a blank on the rack.
  const s = h.encode(h.makeState({
    board: h.boardWith([[7, 6, 'H', 'CAT']]), p1: ['BLANK', 'E', 'R', 'O', 'N', 'D', 'U'],
    p2: ['A', 'I', 'L', 'S', 'T', 'E', 'M'], score: 10, gameId: 'browserPhone',
    lastMove: { cells: [[7, 6], [7, 7], [7, 8]], words: ['CAT'], points: 10 },
  }));
  await page.goto(h.appPath(`/#${s}`));
  await h.waitForPosition(page, s);
  await h.rackTile(page, 'BLANK').tap();
  await page.locator('[data-testid=picker]').waitFor({ state: 'visible' });
  await check('letter picker');
  await page.locator('[data-testid=picker-letter][data-letter="S"]').tap();
  await h.cell(page, 7, 9).tap();
  await h.previewText(page, { expect: 'CATS 5: 5 points' });
  assertQuiet(p);
});

test('without JavaScript a /?s= link shows the board with the forms that play it', async () => {
  const ctx = await browser.newContext({ baseURL: srv.url, javaScriptEnabled: false, viewport: h.DESKTOP });
  try {
    const page = await ctx.newPage();
    const { state } = await h.playThrough(srv.url, 'nojs', 2);
    const game = (await h.gameOf(srv.url, state));
    await page.goto(h.appPath(`/?s=${encodeURIComponent(state)}`));
    assert.equal(await h.stat(page, 'score'), String(game.score));
    assert.equal(await h.stat(page, 'turn'), 'Player 1');
    const tiles = game.board.flat().filter((x) => x !== '.').length;
    assert.equal(await page.locator('#board > button.t').count(), tiles);
    assert.deepEqual(await h.cellsWith(page, 'lm'), h.sortCells(game.lastMove.cells));
    assert.equal(await page.isVisible('[data-testid=end-turn]'), false, 'no script controls');
    assert.ok(await page.isVisible('[data-testid=nojs-play]'), 'the forms instead (tests/browser/nojs.test.mjs plays them)');
  } finally {
    await ctx.close();
  }
});

test('keyboard only: start a game and play a word', async () => {
  const p = await player();
  const { page } = p;
  const focused = () => page.evaluate(() => {
    const e = document.activeElement;
    return e ? `${e.getAttribute('data-testid') || e.id || e.tagName}|${e.getAttribute('data-letter') || ''}` : '';
  });
  // Tab until the focus is on the element matching `sel`, as a player tabs
  // to a control; at most `max` presses.
  const tabTo = async (sel, max = 120) => {
    for (let i = 0; i < max; i++) {
      if (await page.evaluate((x) => !!document.activeElement?.matches(x), sel)) return;
      await page.keyboard.press('Tab');
    }
    assert.fail(`Tab never reached ${sel} (stopped at ${await focused()})`);
  };
  await page.goto(h.appPath('/'));
  await tabTo('[data-testid=seed]');
  await page.keyboard.type(SEED);
  await tabTo('form [data-testid=new-game]');
  await page.keyboard.press('Enter');
  const s0 = await h.waitForGame(page);
  const play = await h.findFirstPlay(srv.url, s0, await h.rackLetters(page));
  const [first, ...rest] = play.tiles;
  // The first letter: Tab to it on the rack, Enter; the focus goes to the
  // board (the star); Enter places it.
  await tabTo(`#rack [data-testid=rack-tile][data-letter="${first.letter}"]`);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.matches('#board > [data-row="7"][data-col="7"]'));
  await page.keyboard.press('Enter');
  await h.cell(page, 7, 7).and(page.locator('.pd')).waitFor();
  // The rest: arrow right and type the letters (typing runs rightwards).
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.activeElement?.matches('#board > [data-row="7"][data-col="8"]'));
  for (const x of rest) await page.keyboard.press(x.letter.toLowerCase());
  assert.deepEqual(await h.cellsWith(page, 'pd'), play.tiles.map((x) => [x.row, x.col]));
  // Backspace takes the last letter back; typing it again replaces it.
  const last = rest[rest.length - 1];
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Backspace');
  assert.equal(await page.locator('#board > .pd').count(), play.tiles.length - 1);
  await page.keyboard.press(last.letter.toLowerCase());
  await h.previewText(page, { expect: h.previewOf(play) });
  await tabTo('[data-testid=end-turn]');
  await page.keyboard.press('Enter');
  const r = await h.settle(page, s0);
  assert.equal(r.moved, true);
  assert.equal(await h.stat(page, 'score'), String(play.points));
  // The focus lands on Copy: Enter copies the link.
  assert.equal(await focused(), 'copy-link-button|');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /\u2713/.test(document.querySelector('[data-testid=copy-link-button]').textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${srv.url}/#${r.state}`);
  assertQuiet(p);
});

// The issue's pages, in light and in dark mode: landing (with the list of
// games), mid-game (tiles placed, their preview), waiting (the share area,
// its QR code open), exchange, a refused play with the letter picker, and
// game over.
for (const scheme of ['light', 'dark']) {
  test(`accessibility (${scheme}): axe finds no serious or critical violations`, async () => {
    // bypassCSP lets axe's script be injected; the app's own CSP is tested
    // by the HTTP tests.
    const p = await player({ bypassCSP: true });
    const { page } = p;
    await page.emulateMedia({ colorScheme: scheme });
    const report = (where, v) => `${where} (${scheme}): ${v.length} serious/critical violations\n${JSON.stringify(v, null, 2)}`;
    const check = async (where) => {
      const v = await h.axeViolations(page);
      assert.deepEqual(v, [], report(where, v));
    };

    // Mid-game: a position with moves on the board, tiles being placed and
    // their preview shown.
    const { state, game } = await h.playThrough(srv.url, `axe-${scheme}`, 3);
    await page.goto(h.appPath(`/#${state}`));
    await h.waitForPosition(page, state);
    const play = await h.findCrossPlay(srv.url, state, game.board, game.hands[game.turn]);
    await h.placeTiles(page, play.tiles);
    await h.previewText(page, { expect: h.previewOf(play) });
    await page.locator('[data-testid=bag-toggle]').click();
    await check('mid-game page, the bag open');
    await page.locator('[data-testid=bag-toggle]').click();

    // After End Turn: waiting for the partner, the share area, its QR code.
    const moved = await h.endTurn(page);
    assert.equal(await page.getAttribute('#app', 'data-view'), 'wait');
    await page.locator('[data-testid=qr-toggle]').click();
    await check('waiting page with the QR code');

    // The partner's turn played here too: the exchange mode.
    await h.takeTurn(page);
    await page.click('[data-testid=exchange]');
    await page.locator('#rack [data-testid=rack-tile]').first().click();
    await check('exchange');
    await page.click('[data-testid=exchange-cancel]');

    // The landing page with its list of games.
    await page.goto(h.appPath('/'));
    await page.locator('[data-testid=saved-games]').waitFor();
    await check('landing page');

    // A refused play, its word highlighted, and the blank's letter picker.
    const s = h.encode(h.makeState({
      board: h.boardWith([[7, 6, 'H', 'CAT']]), p1: ['BLANK', 'Q', 'R', 'O', 'N', 'D', 'U'],
      p2: ['A', 'I', 'L', 'S', 'T', 'E', 'M'], score: 10, gameId: `browserAxe${scheme}`,
      lastMove: { cells: [[7, 6], [7, 7], [7, 8]], words: ['CAT'], points: 10 },
    }));
    await page.goto(h.appPath(`/#${s}`));
    await h.waitForPosition(page, s);
    await page.route('**/api/v1/preview', (route) => route.abort());
    await h.placeTiles(page, [{ row: 7, col: 9, letter: 'Q' }]);
    await page.waitForFunction(() => !document.querySelector('[data-testid=end-turn]').disabled);
    assert.equal((await h.endTurn(page)).error, 'invalid_word');
    await page.unroute('**/api/v1/preview');
    await h.rackTile(page, 'BLANK').click();
    await page.locator('[data-testid=picker]').waitFor({ state: 'visible' });
    await check('refused play with the letter picker open');
    await page.keyboard.press('Escape');

    // Game over.
    await page.goto(h.appPath(`/#${moved.state}`));
    await h.waitForPosition(page, moved.state);
    await h.pass(page);
    await h.pass(page);
    assert.ok(await page.isVisible('[data-testid=game-over]'));
    await check('game over');
    assertQuiet(p);
    await p.ctx.close();
  });
}

test('screenshots of a game in progress, desktop and phone', async () => {
  const dir = h.artifactDir();
  mkdirSync(dir, { recursive: true });
  const out = {
    desktop: path.join(dir, 'game-desktop.png'),
    phone: path.join(dir, 'game-phone.png'),
  };
  const sizes = await screenshotGame(browser, srv.url, out);
  assert.deepEqual(sizes.desktop, h.DESKTOP);
  assert.deepEqual(sizes.phone, h.PHONE);
});

// The budget: everything a first visit loads (HTML, CSS, JS, any image or
// font) stays at most 64 KB decoded and 20 KB on the wire (compressed, as
// served: the script and stylesheet are minified when they are embedded).
// Measured on the heaviest first visits: a fresh browser opening a
// late-game turn link (the landing shell, the board the script posts for,
// the stylesheet and the script), and a finished game's link (with its
// share area). A fresh browser is never waiting (it is the player to
// move), so the QR code, drawn while waiting, is not part of a first visit.
// The budget is the app's at the root: under a mount (CLB_BROWSER_MOUNT)
// the bytes its path adds to each address the pages write are not counted.
// Raised to 68 KB and 21.5 KB with the twelve languages, and brought back
// with the game's story in a finished game's page: the pages in brotli,
// the parts no first visit runs in static/more.js and their rules in
// static/more.css (docs/UI.md, "The pages").
const DECODED_MAX = 64 * 1024, WIRE_MAX = 20 * 1024;
async function firstVisit(state, check = async () => {}) {
  const p = await player();
  let bytes = 0, wire = 0;
  const seen = [], sizes = [];
  p.page.on('response', (r) => {
    sizes.push((async () => {
      const body = await r.body().catch(() => Buffer.alloc(0));
      const enc = (await r.request().sizes().catch(() => null))?.responseBodySize ?? body.length;
      const mount = h.BASE_PATH ? (body.toString('latin1').split(`${h.BASE_PATH}/`).length - 1) * h.BASE_PATH.length : 0;
      bytes += body.length - mount;
      wire += enc;
      seen.push(`${r.request().method()} ${new URL(r.url()).pathname} ${body.length} (${enc} on the wire)`);
    })());
  });
  await p.page.goto(h.appPath('/#' + state));
  await h.waitForPosition(p.page, state);
  await p.page.waitForLoadState('networkidle');
  await Promise.all(sizes);
  assert.ok(seen.some((l) => l.startsWith(`POST ${h.appPath('/game')} `)), seen.join('\n'));
  await check(p.page);
  assertQuiet(p);
  await p.ctx.close();
  return { bytes, wire, seen };
}

test('a first visit to a late-game link loads at most 64 KB, 20 KB on the wire', async () => {
  const { state: late } = await h.playThrough(srv.url, 'late-budget', 12);
  const { bytes, wire, seen } = await firstVisit(late);
  console.log(`# first visit, late game: ${bytes} bytes, ${wire} on the wire\n# ${seen.join('\n# ')}`);
  assert.ok(bytes <= DECODED_MAX, `first visit loaded ${bytes} bytes:\n${seen.join('\n')}`);
  assert.ok(wire <= WIRE_MAX, `first visit took ${wire} bytes on the wire:\n${seen.join('\n')}`);
  // What is served is the minified script and stylesheet, not the sources
  // (the script's: its entry point and the modules of static/js/ it bundles).
  const modules = readdirSync(path.join(h.REPO, 'static', 'js')).map((m) => path.join('js', m));
  const sources = { 'app.js': ['app.js', ...modules], 'app.css': ['app.css'] };
  for (const f of ['app.js', 'app.css']) {
    const served = seen.find((l) => l.startsWith(`GET ${h.appPath(`/static/${f}`)} `));
    const size = +served.split(' ')[2];
    const source = sources[f].reduce((n, s) => n + statSync(path.join(h.REPO, 'static', s)).size, 0);
    assert.ok(size < source, `${f}: ${served}`);
  }
});

test('a first visit to a finished game, its story drawn, loads at most 64 KB, 20 KB on the wire', async () => {
  let { state } = await h.playThrough(srv.url, 'over-budget', 12);
  for (let i = 0; i < 2; i++) state = (await h.post(`${srv.url}/api/v1/move`, { state, move: { type: 'pass' } })).body.state;
  const { bytes, wire, seen } = await firstVisit(state, async (page) => {
    // The game's story on the page the script fetched, with the link to
    // the review's page for the best plays'.
    assert.equal(await page.locator('#story svg').count(), 1);
    assert.equal(await page.locator('[data-testid=story-link]').count(), 1);
  });
  console.log(`# first visit, finished game: ${bytes} bytes, ${wire} on the wire`);
  assert.ok(bytes <= DECODED_MAX, `first visit loaded ${bytes} bytes:\n${seen.join('\n')}`);
  assert.ok(wire <= WIRE_MAX, `first visit took ${wire} bytes on the wire:\n${seen.join('\n')}`);
});
