// tests/browser/play.test.mjs - what players of other word-game sites expect
// of the page, in Debian's Chromium: a device that knows which player it is
// (and waits, read-only, for its partner), blind mode that always hides the
// partner, warnings before a game-ending pass, tiles kept across a reload,
// drag and drop by mouse and touch, shuffle, the bag's contents, the list of
// games, the typing direction, the phone's zoomed board, dark mode and
// colour-blind-safe premiums, motion, and the link's QR code read back.
// SPDX-License-Identifier: MIT
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import * as h from './helpers.mjs';

let srv, browser;
before(async () => ({ srv, browser } = await h.startBoth()));
after(() => h.stopBoth(srv, browser));

function player(opts) {
  return h.newPlayer(browser, srv.url, opts);
}
const quiet = (p) => h.quiet(p, /status of 422/);
async function startSeeded(page, seed) {
  await page.goto(h.appPath('/'));
  await page.locator('[data-testid=seed]').fill(seed);
  await page.locator('form [data-testid=new-game]').click();
  return h.waitForGame(page);
}
async function view(page) {
  return page.getAttribute('#app', 'data-view');
}
// The letters a sighted player reads in a plain rack.
async function shownLetters(page, testid) {
  return page.$$eval(`[data-testid=${testid}] li.tile`, (ts) => ts.map((t) => {
    const text = t.innerText.replace(/\s+/g, '');
    if (t.classList.contains('bl')) return text ? 'BLANK' : '';
    return text.replace(/\d+$/, '');
  }).filter((x) => x));
}
// The rack's letters in the order the page shows them.
async function rackOrder(page) {
  return page.$$eval('#rack [data-testid=rack-tile]', (ts) => ts.map((t) => `${t.getAttribute('data-index')}${t.getAttribute('data-letter')}`));
}
async function centre(locator) {
  const b = await locator.boundingBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}
// A drag with the mouse, in steps as a hand moves.
async function mouseDrag(page, from, to) {
  const a = await centre(from), b = await centre(to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + 12, a.y + 6, { steps: 3 });
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}
// A drag with a finger: real touch events through the DevTools protocol,
// which Chromium turns into pointer events of type "touch".
async function touchDrag(page, from, to) {
  const a = await centre(from), b = await centre(to);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: a.x, y: a.y }] });
  for (let i = 1; i <= 10; i++) {
    const x = a.x + ((b.x - a.x) * i) / 10, y = a.y + ((b.y - a.y) * i) / 10;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('blind mode hides the partner\'s rack, never this device\'s, after End Turn', async () => {
  const p = await player();
  const { page } = p;
  const s0 = await startSeeded(page, 'blind-end-turn');
  await page.click('[data-testid=eye-toggle]');
  const play = await h.findFirstPlay(srv.url, s0, await h.rackLetters(page));
  await h.placeTiles(page, play.tiles);
  const r = await h.endTurn(page);
  const game = await h.gameOf(srv.url, r.state);
  // Player 1's own new rack is shown in full, as "Your rack"; Player 2's
  // is the one hidden, though it is now Player 2's turn.
  assert.match(await page.textContent('[data-testid=my-rack]'), /./);
  assert.match(await page.locator('#app h2', { hasText: 'Your rack' }).textContent(), /Your rack \(Player 1\)/);
  assert.deepEqual(await shownLetters(page, 'my-rack'), game.hands.P1);
  assert.match(await page.locator('#app h2', { hasText: 'Partner' }).textContent(), /\(Player 2\)/);
  assert.ok(await page.locator('[data-testid=partner-rack]').evaluate((e) => e.classList.contains('blind')));
  assert.deepEqual(await shownLetters(page, 'partner-rack'), [], 'Player 2\'s letters are hidden');
  const visible = await page.evaluate(() => document.getElementById('app').innerText);
  assert.ok(!visible.includes('Your rack (Player 2)'));
  quiet(p);
  await p.ctx.close();
});

test('this device knows which player it is: the partner\'s turn waits, read-only, until a newer link', async () => {
  const p1 = await player(), p2 = await player();
  const A = p1.page, B = p2.page;
  const s0 = await startSeeded(A, 'who-am-i');
  const play = await h.findFirstPlay(srv.url, s0, await h.rackLetters(A));
  await h.placeTiles(A, play.tiles);
  const { state: s1 } = await h.endTurn(A);
  const id = await A.getAttribute('#app', 'data-game-id');
  assert.equal(JSON.parse(await A.evaluate((k) => localStorage.getItem(k), `collabble:game:${id}`)).me, 1,
    'the device that started the game is Player 1');
  const waits = async (page, s) => {
    assert.equal(await view(page), 'wait');
    assert.equal((await page.textContent('#send-h')).trim(), 'Waiting for Player 2 \u2014 send them the link');
    assert.equal(await page.inputValue('[data-testid=copy-link]'), `${srv.url}/#${s}`);
    assert.equal(await page.locator('[data-testid=end-turn]').count(), 0, 'no End Turn');
    assert.equal(await page.locator('[data-testid=rack-tile]').count(), 0, 'no rack to play from');
  };
  await waits(A, s1);
  // A stray click on the board plays nothing, and says why.
  await h.cell(A, 0, 0).click();
  assert.equal(await A.locator('#board > .pd').count(), 0);
  await A.locator('[data-testid=toast]', { hasText: 'Player 2' }).waitFor({ state: 'visible' });
  // It stays so across a reload.
  await A.reload();
  await h.waitForPosition(A, s1);
  await waits(A, s1);

  // Player 2's device opens the link for Player 2's first turn: it is
  // Player 2, and plays.
  await B.goto(h.appPath(`/#${s1}`));
  await h.waitForPosition(B, s1);
  assert.equal(await view(B), 'board');
  assert.equal(JSON.parse(await B.evaluate((k) => localStorage.getItem(k), `collabble:game:${id}`)).me, 2);
  const game1 = await h.gameOf(srv.url, s1);
  const cross = await h.findCrossPlay(srv.url, s1, game1.board, game1.hands.P2);
  await h.placeTiles(B, cross.tiles);
  const { state: s2 } = await h.endTurn(B);
  assert.equal(await view(B), 'wait');
  assert.match(await B.textContent('#send-h'), /Waiting for Player 1/);

  // The newer link reaches Player 1's browser in another tab: that tab
  // plays, and the waiting tab follows to the newer position.
  const tab = await p1.ctx.newPage();
  await tab.goto(h.appPath(`/#${s2}`));
  await h.waitForPosition(tab, s2);
  assert.equal(await view(tab), 'board');
  await h.waitForPosition(A, s2);
  assert.equal(await view(A), 'board');
  assert.ok(await A.locator('[data-testid=rack-tile]').count() > 0);

  // One person playing both racks switches explicitly.
  await tab.close();
  await A.click('[data-testid=pass]');
  await A.click('[data-testid=pass-confirm]');
  await h.settle(A, s2);
  assert.equal(await view(A), 'wait');
  await A.click('[data-testid=switch-player]');
  await A.waitForFunction(() => document.getElementById('app').getAttribute('data-view') === 'board');
  assert.equal(await h.stat(A, 'turn'), 'Player 2');
  // For that turn only: the device stays Player 1 (switch.test.mjs).
  assert.equal(JSON.parse(await A.evaluate((k) => localStorage.getItem(k), `collabble:game:${id}`)).me, 1);
  quiet(p1);
  quiet(p2);
  await p1.ctx.close();
  await p2.ctx.close();
});

test('the pass that would end the game says so and what the racks cost, even with a full bag', async () => {
  const p = await player();
  const { page } = p;
  const { state } = await h.playThrough(srv.url, 'pass-warn', 1);
  await page.goto(h.appPath(`/#${state}`));
  await h.waitForPosition(page, state);
  await page.click('[data-testid=pass]');
  assert.equal(await page.textContent('[data-testid=pass-question]'),
    'Pass this turn without playing? If Player 1 passes next, the game ends.');
  await page.click('[data-testid=pass-confirm]');
  const r = await h.settle(page, state);
  assert.match(await page.textContent('[data-testid=copy-prompt]'), /You passed\. One more pass ends the game\./);
  await h.takeTurn(page);
  assert.match(await page.textContent('[data-testid=last-move]'), /Player 2 passed\. One more pass ends the game\./);
  const g = await h.gameOf(srv.url, r.state);
  assert.ok(+await h.stat(page, 'bag') > 80, 'the bag is nearly full');
  const value = (rack) => rack.reduce((n, x) => n + (x === 'BLANK' ? 0 : h.TILE_POINTS[x]), 0);
  const cost = Math.min(g.score, value(g.hands.P1) + value(g.hands.P2));
  await page.click('[data-testid=pass]');
  const q = await page.textContent('[data-testid=pass-question]');
  assert.equal(q, `Passing now ends the game: Player 2 passed last turn, and two passes in a row end it. ` +
    `The tiles left on both racks take ${cost} point${cost === 1 ? '' : 's'} off the score (${g.score}, then ${g.score - cost}).`);
  assert.equal(await page.locator('[data-testid=pass-confirm]').evaluate((b) =>
    document.getElementById(b.getAttribute('aria-describedby')).textContent), q, 'the button is described by the warning');
  await page.click('[data-testid=pass-confirm]');
  await h.settle(page, r.state);
  assert.equal(await h.stat(page, 'final-score'), String(g.score - cost));
  quiet(p);
  await p.ctx.close();
});

test('the preview shows the points of each word', async () => {
  const p = await player();
  const { page } = p;
  // S on J8 makes CATS across and HAS down.
  const s = h.encode(h.makeState({
    board: h.boardWith([[7, 6, 'H', 'CAT'], [5, 9, 'V', 'HA']]), p1: ['S', 'E', 'R', 'O', 'N', 'D', 'U'],
    p2: ['A', 'I', 'L', 'S', 'T', 'E', 'M'], score: 20, gameId: 'browserWords',
  }));
  await page.goto(h.appPath(`/#${s}`));
  await h.waitForPosition(page, s);
  await h.placeTiles(page, [{ row: 7, col: 9, letter: 'S' }]);
  const api = (await h.post(`${srv.url}/api/v1/preview`, { state: s, move: { type: 'play', tiles: [{ row: 7, col: 9, letter: 'S' }] } })).body;
  assert.equal(api.words.length, 2);
  const text = await h.previewText(page, { expect: /HAS/ });
  assert.equal(text, `${api.words[0]} ${api.wordPoints[0]}, ${api.words[1]} ${api.wordPoints[1]}: ${api.points} points`);
  assert.equal(text, 'CATS 6, HAS 6: 12 points');
  quiet(p);
  await p.ctx.close();
});

test('after End Turn there is one share area: the link, Copy, Share, the QR code', async () => {
  const p = await player();
  const { page } = p;
  const s0 = await startSeeded(page, 'one-share-area');
  const play = await h.findFirstPlay(srv.url, s0, await h.rackLetters(page));
  await h.placeTiles(page, play.tiles);
  const { state } = await h.endTurn(page);
  const copies = await page.$$eval('#app button', (bs) => bs.filter((b) => /copy/i.test(b.textContent) &&
    !/classic/i.test(b.textContent) && b.getClientRects().length).length);
  assert.equal(copies, 1, 'one Copy button');
  assert.equal(await page.locator('[data-testid=copy-url]').count(), 0);
  const area = page.locator('[data-testid=copy-prompt]');
  for (const id of ['copy-link', 'copy-link-button', 'share-link', 'qr-toggle', 'copy-classic']) {
    assert.equal(await area.locator(`[data-testid=${id}]`).count(), 1, `${id} in the share area`);
  }
  assert.equal(await h.copyLink(page), `${srv.url}/#${state}`);
  // The link shown and the address bar are the app's page: under the mount
  // when the suite runs behind a host (CLB_BROWSER_MOUNT), as written here.
  const link = await page.inputValue('[data-testid=copy-link]');
  const bar = await page.evaluate(() => location.href);
  for (const shown of [link, bar]) {
    assert.equal(shown, `${srv.origin}${h.appPath('/')}#${state}`);
    if (h.MOUNT) assert.ok(shown.startsWith(`${srv.origin}/collabble/#`), shown);
  }
  quiet(p);
  await p.ctx.close();
});

test('the QR code in the share area reads back as the link', async () => {
  if (!existsSync('/usr/bin/zbarimg')) assert.fail('zbarimg is missing: install zbar-tools (scripts/deps.sh test does)');
  const p = await player();
  const { page } = p;
  const { state } = await h.playThrough(srv.url, 'qr-code', 6);
  await page.goto(h.appPath(`/#${state}`));
  await h.waitForPosition(page, state);
  const before = await page.getAttribute('#app', 'data-state');
  await page.click('[data-testid=pass]');
  await page.click('[data-testid=pass-confirm]');
  const r = await h.settle(page, before);
  const svg = page.locator('[data-testid=qr]');
  assert.ok(await svg.isHidden(), 'folded until asked for');
  await page.click('[data-testid=qr-toggle]');
  await svg.waitFor({ state: 'visible' });
  const link = await page.inputValue('[data-testid=copy-link]');
  assert.equal(link, `${srv.url}/#${r.state}`);
  const dir = h.artifactDir();
  mkdirSync(dir, { recursive: true });
  const png = path.join(dir, 'qr-code.png');
  await svg.screenshot({ path: png });
  const read = execFileSync('/usr/bin/zbarimg', ['--raw', '-q', png], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  assert.equal(read, link, 'the code holds exactly the link shown');
  quiet(p);
  await p.ctx.close();
});

test('tiles placed survive a reload of that position, and only of that position', async () => {
  const p = await player();
  const { page } = p;
  const s0 = await startSeeded(page, 'keep-tiles');
  const play = await h.findFirstPlay(srv.url, s0, await h.rackLetters(page));
  await page.click('[data-testid=shuffle]');
  const order = await rackOrder(page);
  await h.placeTiles(page, play.tiles);
  await h.previewText(page, { expect: h.previewOf(play) });
  await page.reload();
  await h.waitForPosition(page, s0);
  await h.previewText(page, { expect: h.previewOf(play) });
  assert.deepEqual(await h.cellsWith(page, 'pd'), h.sortCells(play.tiles.map((x) => [x.row, x.col])));
  for (const x of play.tiles) assert.equal(await h.cell(page, x.row, x.col).getAttribute('data-letter'), x.letter);
  assert.equal(await page.locator('#rack .tile.used').count(), play.tiles.length);
  assert.deepEqual(await rackOrder(page), order, 'the shuffled order too');
  assert.ok(await page.isEnabled('[data-testid=end-turn]'));
  // Recalled, then reloaded: nothing comes back.
  await page.click('[data-testid=recall]');
  await page.reload();
  await h.waitForPosition(page, s0);
  assert.equal(await page.locator('#board > .pd').count(), 0);
  // Played: the next position starts clean.
  await h.placeTiles(page, play.tiles);
  const { state } = await h.endTurn(page);
  await page.reload();
  await h.waitForPosition(page, state);
  assert.equal(await page.locator('#board > .pd').count(), 0);
  quiet(p);
  await p.ctx.close();
});

test('drag and drop with the mouse: rack to board, square to square, back to the rack, and along the rack', async () => {
  const p = await player();
  const { page } = p;
  await startSeeded(page, 'drag-mouse');
  const first = page.locator('#rack [data-testid=rack-tile]').first();
  const letter = await first.getAttribute('data-letter');
  await mouseDrag(page, first, h.cell(page, 7, 7));
  await h.cell(page, 7, 7).and(page.locator('.pd')).waitFor();
  assert.equal(await h.cell(page, 7, 7).getAttribute('data-letter'), letter === 'BLANK' ? await h.cell(page, 7, 7).getAttribute('data-letter') : letter);
  assert.ok(await first.evaluate((t) => t.classList.contains('used')));
  // From square to square.
  await mouseDrag(page, h.cell(page, 7, 7), h.cell(page, 7, 8));
  await h.cell(page, 7, 8).and(page.locator('.pd')).waitFor();
  assert.deepEqual(await h.cellsWith(page, 'pd'), [[7, 8]]);
  assert.match(await h.cell(page, 7, 7).getAttribute('aria-label'), /^H8, centre star, double word, empty$/);
  // Back to the rack.
  await mouseDrag(page, h.cell(page, 7, 8), page.locator('[data-testid=rack]'));
  await page.waitForFunction(() => !document.querySelector('#board > .pd'));
  assert.equal(await page.locator('#rack .tile.used').count(), 0);
  // Along the rack: the first tile dropped on the fourth goes before it.
  const before = await rackOrder(page);
  await mouseDrag(page, page.locator('#rack [data-testid=rack-tile]').nth(0), page.locator('#rack [data-testid=rack-tile]').nth(3));
  const now = await rackOrder(page);
  assert.deepEqual(now, [before[1], before[2], before[0], ...before.slice(3)]);
  // A press without a move is still a click: select, then a square.
  const t = page.locator('#rack [data-testid=rack-tile]:not(.bl)').first();
  await t.click();
  assert.equal(await t.getAttribute('aria-pressed'), 'true');
  await h.cell(page, 7, 7).click();
  await h.cell(page, 7, 7).and(page.locator('.pd')).waitFor();
  quiet(p);
  await p.ctx.close();
});

test('drag and drop by touch on a phone', async () => {
  const p = await player({ phone: true });
  const { page } = p;
  await startSeeded(page, 'drag-touch');
  const tile = page.locator('#rack [data-testid=rack-tile]:not(.bl)').first();
  const letter = await tile.getAttribute('data-letter');
  await touchDrag(page, tile, h.cell(page, 7, 7));
  await h.cell(page, 7, 7).and(page.locator('.pd')).waitFor();
  assert.equal(await h.cell(page, 7, 7).getAttribute('data-letter'), letter);
  await touchDrag(page, h.cell(page, 7, 7), page.locator('[data-testid=rack]'));
  await page.waitForFunction(() => !document.querySelector('#board > .pd'));
  quiet(p);
  await p.ctx.close();
});

test('Shuffle reorders the rack; Recall all takes every placed tile back', async () => {
  const p = await player();
  const { page } = p;
  const s0 = await startSeeded(page, 'shuffle-recall');
  const letters = await h.rackLetters(page);
  const before = await rackOrder(page);
  await page.click('[data-testid=shuffle]');
  const after = await rackOrder(page);
  assert.notDeepEqual(after.map((x) => x.slice(1)), before.map((x) => x.slice(1)), 'a new order');
  assert.deepEqual([...after].sort(), [...before].sort(), 'the same tiles');
  assert.deepEqual([...await h.rackLetters(page)].sort(), [...letters].sort());
  const play = await h.findFirstPlay(srv.url, s0, letters);
  await h.placeTiles(page, play.tiles);
  assert.equal((await page.textContent('[data-testid=recall]')).trim(), 'Recall all');
  await page.click('[data-testid=recall]');
  assert.equal(await page.locator('#board > .pd').count(), 0);
  assert.equal(await page.locator('#rack .tile.used').count(), 0);
  assert.ok(await page.isDisabled('[data-testid=recall]'));
  quiet(p);
  await p.ctx.close();
});

test('the bag\'s count opens to every tile left, by letter', async () => {
  const p = await player({ phone: true });
  const { page } = p;
  const { state } = await h.playThrough(srv.url, 'unseen', 3);
  const game = await h.gameOf(srv.url, state);
  await page.goto(h.appPath(`/#${state}`));
  await h.waitForPosition(page, state);
  const list = page.locator('[data-testid=bag-list]');
  assert.ok(await list.isHidden());
  await page.locator('[data-testid=bag-toggle]').tap();
  await list.waitFor({ state: 'visible' });
  const items = await list.locator('li').allTextContents();
  const want = Object.entries(game.bag).filter(([, n]) => n > 0)
    .map(([k, n]) => `${k === 'BLANK' ? 'Blank' : k}\u00d7${n}`);
  assert.deepEqual(items, want);
  const total = Object.values(game.bag).reduce((a, b) => a + b, 0);
  assert.match(await list.textContent(), new RegExp(`${total} in all\\.`));
  const box = await list.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= h.PHONE.width, 'inside the phone\'s width');
  quiet(p);
  await p.ctx.close();
});

test('the landing page lists every saved game, newest first, and a game can be removed', async () => {
  const p = await player();
  const { page } = p;
  // A: this device played and waits; B: a new game, this device's turn;
  // C: a finished game, opened last.
  const a0 = await startSeeded(page, 'list-a');
  const play = await h.findFirstPlay(srv.url, a0, await h.rackLetters(page));
  await h.placeTiles(page, play.tiles);
  await h.endTurn(page);
  const idA = await page.getAttribute('#app', 'data-game-id');
  await startSeeded(page, 'list-b');
  const idB = await page.getAttribute('#app', 'data-game-id');
  let { state: c } = await h.playThrough(srv.url, 'list-c', 2);
  for (let i = 0; i < 2; i++) c = (await h.post(`${srv.url}/api/v1/move`, { state: c, move: { type: 'pass' } })).body.state;
  await page.goto(h.appPath(`/#${c}`));
  await h.waitForPosition(page, c);
  const idC = await page.getAttribute('#app', 'data-game-id');
  const final = await h.stat(page, 'final-score');

  await page.goto(h.appPath('/'));
  const items = page.locator('[data-testid=saved-game]');
  await items.first().waitFor();
  assert.deepEqual(await items.evaluateAll((ls) => ls.map((l) => l.getAttribute('data-game-id'))), [idC, idB, idA]);
  const text = await items.allTextContents();
  assert.match(text[0], new RegExp(`^Game ${idC}Finished, final score ${final} · last played `));
  assert.match(text[1], new RegExp(`^Game ${idB}Your turn, score 0 · you are Player 1, with Player 2 · last played `));
  assert.match(text[2], new RegExp(`^Game ${idA}Player 2 to play, score ${play.points} · you are Player 1, with Player 2 · last played `));
  assert.ok(await items.nth(0).evaluate((l) => l.classList.contains('fin')), 'the finished game is marked');
  // Remove B: gone from the list, and still gone after a reload.
  await items.nth(1).locator('[data-testid=remove-game]').click();
  assert.equal(await items.count(), 2);
  await page.reload();
  await items.first().waitFor();
  assert.deepEqual(await items.evaluateAll((ls) => ls.map((l) => l.getAttribute('data-game-id'))), [idC, idA]);
  await items.nth(1).locator('[data-testid=open-game]').click();
  await h.waitForGame(page);
  assert.equal(await page.getAttribute('#app', 'data-game-id'), idA);
  quiet(p);
  await p.ctx.close();
});

test('typing direction: an arrow on the square, turned by a second press', async () => {
  const p = await player();
  const { page } = p;
  const s0 = await startSeeded(page, 'typing-arrow');
  const arrow = (r, c) => h.cell(page, r, c).evaluate((b) => getComputedStyle(b, '::after').content);
  // The keyboard reaches the board at the star: the arrow points across.
  await page.locator('[data-testid=shuffle]').focus();
  await page.keyboard.press('Shift+Tab');
  await page.waitForFunction(() => document.activeElement?.matches('#board > [data-row="7"][data-col="7"]'));
  assert.equal(await arrow(7, 7), '"\u2192"');
  // Enter on it (no tile picked) turns it down; typing then goes down.
  await page.keyboard.press('Enter');
  assert.equal(await arrow(7, 7), '"\u2193"');
  const play = await h.findFirstPlay(srv.url, s0, await h.rackLetters(page), { len: 2 });
  for (const x of play.tiles) await page.keyboard.press(x.letter.toLowerCase());
  assert.deepEqual(await h.cellsWith(page, 'pd'), [[7, 7], [8, 7]]);
  assert.equal(await arrow(9, 7), '"\u2193"', 'the arrow follows the cursor');
  // With the mouse: the first click on a square puts the cursor there, the
  // second turns it.
  await h.cell(page, 3, 3).click();
  assert.match(await arrow(3, 3), /"[\u2192\u2193]"/);
  const first = await arrow(3, 3);
  await h.cell(page, 3, 3).click();
  assert.notEqual(await arrow(3, 3), first);
  quiet(p);
  await p.ctx.close();
});

test('phone: the last move and the rack above the fold, a zoomed board while placing, visible hints', async () => {
  const p = await player({ phone: true });
  const { page } = p;
  const { state } = await h.playThrough(srv.url, 'phone-zoom', 2);
  await page.goto(h.appPath(`/#${state}`));
  await h.waitForPosition(page, state);
  for (const id of ['last-move', 'rack']) {
    const b = await page.locator(`[data-testid=${id}]`).boundingBox();
    assert.ok(b.y >= 0 && b.y + b.height <= h.PHONE.height, `${id} above the fold (${b.y}+${b.height})`);
  }
  // Labels large enough to read.
  const label = await h.cell(page, 0, 0).evaluate((b) => parseFloat(getComputedStyle(b).fontSize));
  assert.ok(label >= 10, `premium labels of ${label}px`);
  const small = (await h.cell(page, 7, 7).boundingBox()).width;
  // A tap on an empty square with nothing picked says so, visibly.
  await h.cell(page, 2, 2).tap();
  const toast = page.locator('[data-testid=toast]');
  await toast.waitFor({ state: 'visible' });
  assert.match(await toast.textContent(), /Choose a tile from your rack first/);
  const tb = await toast.boundingBox();
  assert.ok(tb.y >= 0 && tb.y + tb.height <= h.PHONE.height && tb.x >= 0 && tb.x + tb.width <= h.PHONE.width, 'in view');
  // Picking a tile zooms the board: squares a finger can hit.
  await page.locator('#rack [data-testid=rack-tile]:not(.bl)').first().tap();
  await page.waitForFunction(() => document.getElementById('app').classList.contains('zoomed'));
  const big = (await h.cell(page, 7, 7).boundingBox()).width;
  assert.ok(big >= 36 && big > small * 1.5, `squares of ${big}px zoomed (${small}px before)`);
  assert.equal(await page.getAttribute('[data-testid=zoom]', 'aria-pressed'), 'true');
  const o = await h.horizontalOverflow(page);
  assert.ok(o.scrollWidth <= h.PHONE.width, `the page is ${o.scrollWidth}px wide`);
  // The board scrolls in its box; the rack stays where it was.
  const game = await h.gameOf(srv.url, state);
  let target = null;
  for (let r = 0; r < 15 && !target; r++) {
    for (let c = 0; c < 15 && !target; c++) {
      if (game.board[r][c] === '.' && ((r > 0 && game.board[r - 1][c] !== '.') || (c > 0 && game.board[r][c - 1] !== '.'))) target = [r, c];
    }
  }
  await h.cell(page, target[0], target[1]).tap();
  await h.cell(page, target[0], target[1]).and(page.locator('.pd')).waitFor();
  const rack = await page.locator('[data-testid=rack]').boundingBox();
  assert.ok(rack.y + rack.height <= h.PHONE.height, 'the rack is still in view');
  assert.deepEqual(await h.unreachableControls(page), []);
  // The whole board again.
  await page.locator('[data-testid=zoom]').tap();
  assert.equal(await page.getAttribute('[data-testid=zoom]', 'aria-pressed'), 'false');
  assert.ok(Math.abs((await h.cell(page, 7, 7).boundingBox()).width - small) < 1);
  quiet(p);
  await p.ctx.close();
});

for (const scheme of ['light', 'dark']) {
  test(`${scheme} mode follows the system; premium squares stay apart for colour-blind players`, async () => {
    const p = await player();
    const { page } = p;
    await page.emulateMedia({ colorScheme: scheme });
    await startSeeded(page, `colours-${scheme}`);
    const colours = await page.evaluate(() => {
      const rgb = (el) => getComputedStyle(el).backgroundColor.match(/\d+/g).slice(0, 3).map(Number);
      const sq = (r, c) => document.querySelector(`#board > [data-row="${r}"][data-col="${c}"]`);
      return { page: rgb(document.body), panel: rgb(document.querySelector('.panel')), plain: rgb(sq(0, 1)),
        tw: rgb(sq(0, 0)), dw: rgb(sq(1, 1)), tl: rgb(sq(1, 5)), dl: rgb(sq(0, 3)) };
    });
    const light = (c) => h.lab(c, h.CVD.normal)[0];
    if (scheme === 'dark') assert.ok(light(colours.page) < 20 && light(colours.panel) < 30, JSON.stringify(colours));
    else assert.ok(light(colours.page) > 85 && light(colours.panel) > 90, JSON.stringify(colours));
    const kinds = ['plain', 'tw', 'dw', 'tl', 'dl'];
    for (const [vision, m] of Object.entries(h.CVD)) {
      for (let i = 0; i < kinds.length; i++) {
        for (let j = i + 1; j < kinds.length; j++) {
          const d = h.apart(colours[kinds[i]], colours[kinds[j]], m);
          assert.ok(d >= 20, `${scheme}, ${vision}: ${kinds[i]} and ${kinds[j]} only ${d.toFixed(1)} apart`);
        }
      }
    }
    // The labels stay.
    assert.equal(await h.cell(page, 0, 0).textContent(), 'TW');
    assert.equal(await h.cell(page, 0, 3).textContent(), 'DL');
    quiet(p);
    await p.ctx.close();
  });
}

test('motion: a tile placed or recalled and a new score move briefly, and not at all when motion is reduced', async () => {
  for (const reducedMotion of ['no-preference', 'reduce']) {
    const p = await player();
    const { page } = p;
    await page.emulateMedia({ reducedMotion });
    const s0 = await startSeeded(page, `motion-${reducedMotion}`);
    const play = await h.findFirstPlay(srv.url, s0, await h.rackLetters(page));
    const t = play.tiles[0];
    await h.placeTiles(page, [t]);
    const moving = (loc) => loc.evaluate((e) => e.getAnimations().length > 0 || getComputedStyle(e).animationName !== 'none');
    const placed = await moving(h.cell(page, t.row, t.col));
    await h.cell(page, t.row, t.col).click(); // recalled
    const back = page.locator('#rack .tile.back');
    const recalled = await back.count() ? await moving(back.first()) : false;
    await h.placeTiles(page, play.tiles);
    await h.endTurn(page);
    const score = await moving(page.locator('#score'));
    if (reducedMotion === 'reduce') assert.deepEqual([placed, recalled, score], [false, false, false]);
    else assert.deepEqual([placed, recalled, score], [true, true, true]);
    quiet(p);
    await p.ctx.close();
  }
});
