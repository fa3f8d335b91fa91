// tests/browser/typing_and_lists.test.mjs - rough edges a pair meets (issue 28,
// items 3, 6, 7 and 8), in Debian's Chromium: Backspace after typing on the
// board steps back and takes the last typed tile up, as in a text field; "Your games"
// lists each line of a game once; today's deal opened again after its end
// offers the result or a replay, not a read-only move 0; blind mode hides
// the partner's tiles in the swap helper's list, and the bag's list is
// then the pool of tiles not seen.
// SPDX-License-Identifier: MIT
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';

let srv, browser;
before(async () => ({ srv, browser } = await h.startBoth()));
after(() => h.stopBoth(srv, browser));

const quiet = (p) => h.quiet(p);
// The typing cursor's square, [row, col].
const cursor = (page) => page.$$eval('#board > button', (bs) => {
  const i = bs.findIndex((b) => b.classList.contains('cur'));
  return [Math.floor(i / 15), i % 15];
});
const focused = (page) => page.evaluate(() => {
  const bs = [...document.querySelectorAll('#board > button')], i = bs.indexOf(document.activeElement);
  return i < 0 ? null : [Math.floor(i / 15), i % 15];
});

test('Backspace after typing steps back and takes the last typed tile up, one square at a time; Delete on an empty square does nothing', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  // CAT across row 8; E, R, S typed down from H6 (helpers.mjs).
  const s = await h.typeDownOverCat(page, 'backspace28');
  assert.deepEqual(await h.cellsWith(page, 'pd'), [[5, 7], [6, 7], [8, 7]]);
  assert.deepEqual(await cursor(page), [9, 7], 'the cursor on the empty square after the word');
  // Backspace: back to S, which goes back to the rack.
  await page.keyboard.press('Backspace');
  assert.deepEqual(await h.cellsWith(page, 'pd'), [[5, 7], [6, 7]]);
  assert.deepEqual(await cursor(page), [8, 7]);
  assert.deepEqual(await focused(page), [8, 7], 'the focus goes with it');
  assert.equal(await page.locator('#rack .tile.used[data-letter=S]').count(), 0, 'S is back on the rack');
  // Again: onto the A on the board, which stays; then R.
  await page.keyboard.press('Backspace');
  assert.deepEqual(await h.cellsWith(page, 'pd'), [[5, 7], [6, 7]]);
  assert.deepEqual(await cursor(page), [7, 7]);
  await page.keyboard.press('Backspace');
  assert.deepEqual(await h.cellsWith(page, 'pd'), [[5, 7]]);
  assert.deepEqual(await cursor(page), [6, 7]);
  await page.keyboard.press('Backspace');
  assert.deepEqual(await h.cellsWith(page, 'pd'), []);
  assert.deepEqual(await cursor(page), [5, 7]);
  assert.equal(await page.locator('#rack .tile.used').count(), 0);
  // On an empty square with nothing behind it: the cursor steps back, and
  // nothing else changes; Delete there changes nothing at all.
  await page.keyboard.press('Backspace');
  assert.deepEqual(await cursor(page), [4, 7]);
  await page.keyboard.press('Delete');
  assert.deepEqual(await cursor(page), [4, 7]);
  assert.deepEqual(await h.cellsWith(page, 'pd'), []);
  // Typing again from there places as before; Backspace on a typed tile
  // itself (the cursor moved onto it) still takes it up where it is.
  await page.keyboard.press('o');
  assert.deepEqual(await h.cellsWith(page, 'pd'), [[4, 7]]);
  await page.keyboard.press('ArrowUp');
  assert.deepEqual(await cursor(page), [4, 7]);
  await page.keyboard.press('Delete');
  assert.deepEqual(await h.cellsWith(page, 'pd'), []);
  assert.deepEqual(await cursor(page), [4, 7]);
  // Across, the same: N, D typed from A1; Backspace twice takes both up.
  await h.cell(page, 0, 0).click();
  await page.keyboard.press('ArrowRight'); // across, and back to A1
  await page.keyboard.press('ArrowLeft');
  for (const k of 'nd') await page.keyboard.press(k);
  assert.deepEqual(await h.cellsWith(page, 'pd'), [[0, 0], [0, 1]]);
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  assert.deepEqual(await h.cellsWith(page, 'pd'), []);
  assert.deepEqual(await cursor(page), [0, 0]);
  // At the board's edge, Backspace goes nowhere.
  await page.keyboard.press('Backspace');
  assert.deepEqual(await cursor(page), [0, 0]);
  quiet(p);
  await p.ctx.close();
});

test('"Your games" lists each line once: the game opens its newest, its other lines are its branches', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  // Three moves from one position: three lines of the game on this device.
  const { state: s1, game } = await h.playThrough(srv.url, 'lines-once-28', 1);
  const rack = game.hands[game.turn];
  const tips = [
    (await h.apiMove(srv.url, s1, { type: 'pass' })).state,
    (await h.apiMove(srv.url, s1, { type: 'exchange', tiles: [rack[0]] })).state,
    (await h.apiMove(srv.url, s1, { type: 'exchange', tiles: [rack[0], rack[1]] })).state,
  ];
  for (const s of tips) {
    await page.goto(h.appPath(`/#${s}`));
    await h.waitForPosition(page, s);
  }
  const rec = await h.savedRecord(page);
  assert.equal([rec.state, ...rec.branches.map((l) => l.state)].length, 3, 'three lines kept');
  await page.goto(h.appPath('/'));
  await page.locator('[data-testid=saved-games]').waitFor({ state: 'visible' });
  assert.equal(await page.locator('[data-testid=saved-game]').count(), 1);
  const game1 = await page.getAttribute('[data-testid=open-game]', 'href');
  const branches = await page.$$eval('[data-testid=open-branch]', (as) => as.map((a) => a.getAttribute('href')));
  assert.equal(branches.length, 2, 'two branches, not three');
  assert.ok(!branches.includes(game1), 'the game\'s own line is not listed again as a branch');
  assert.deepEqual([game1, ...branches].sort(), tips.map((s) => h.appPath(`/#${s}`)).sort(), 'every line once');
  assert.equal(game1, h.appPath(`/#${tips[2]}`), 'the game opens the newest line');
  assert.match(await page.textContent('[data-testid=open-game] span'), / \u00b7 2 other branches$/);
  assert.deepEqual(await page.$$eval('[data-testid=saved-branch] b', (bs) => bs.map((b) => b.textContent.replace(/ of game [^,]+/, ''))),
    ['Branch 1, at move 2', 'Branch 2, at move 2']);
  // Removing one branch leaves the game and the other.
  await page.click('[data-testid=remove-branch] >> nth=0');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=saved-branch]').length === 1);
  assert.match(await page.textContent('[data-testid=open-game] span'), / \u00b7 1 other branch$/);
  assert.equal(await page.getAttribute('[data-testid=open-game]', 'href'), game1);
  quiet(p);
  await p.ctx.close();
});

test('the list of kept games is static/landing.js\'s: the landing page loads it, a game link\'s first visit never does', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  const scripts = [];
  page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname); });
  const { state: s } = await h.playThrough(srv.url, 'landing-js-28', 1);
  await page.goto(h.appPath(`/#${s}`));
  await h.waitForPosition(page, s);
  await page.waitForLoadState('networkidle');
  assert.deepEqual(scripts, [h.appPath('/static/app.js')], 'a game link loads the one script');
  await page.goto(h.appPath('/'));
  await page.locator('[data-testid=saved-game]').waitFor();
  assert.deepEqual(scripts.slice(1), [h.appPath('/static/app.js'), h.appPath('/static/landing.js')]);
  // Removing the game and taking it back work through it.
  await page.click('[data-testid=remove-game]');
  await page.locator('[data-testid=undo-remove]').click();
  await page.locator('[data-testid=saved-game]').waitFor();
  h.quiet(p);
  await p.ctx.close();
});

test("today's deal played to its end and opened again: see the result, or play it again as a replay", async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  await page.goto(h.appPath('/'));
  await h.press(page.locator('[data-testid=daily]'));
  const s0 = await h.waitForGame(page);
  let state = await h.pass(page);
  state = await h.pass(page);
  assert.equal(await page.getAttribute('#app', 'data-view'), 'over');
  const score = await page.textContent('[data-testid=final-score]');
  // The game-over page's "Play today's deal": the same deal's first position.
  await h.press(page.locator('[data-testid=play-daily]'));
  await h.waitForPosition(page, s0);
  const notice = page.locator('[data-testid=stale]');
  await notice.waitFor();
  assert.match(await notice.textContent(), new RegExp(`^This game is finished: final score ${score}\\.`));
  assert.doesNotMatch(await notice.textContent(), /This is move 0/);
  const result = page.locator('[data-testid=stale-newest]');
  assert.equal((await result.textContent()).trim(), 'See the result');
  assert.equal(await result.getAttribute('href'), h.appPath(`/#${state}`));
  assert.match(await result.getAttribute('class'), /primary/);
  const again = page.locator('[data-testid=branch-here]');
  assert.equal((await again.textContent()).trim(),
    'Play it again: a replay, beside the finished game');
  // See the result: the finished game.
  await result.click();
  await h.waitForPosition(page, state);
  assert.equal(await page.getAttribute('#app', 'data-view'), 'over');
  // Or play it again: the deal is playable from move 0, the finished game kept.
  await page.goBack();
  await h.waitForPosition(page, s0);
  await page.locator('[data-testid=branch-here]').click();
  await page.locator('[data-testid=branching]').waitFor();
  assert.ok(!(await page.isDisabled('[data-testid=pass]')), 'playable');
  const replay = await h.pass(page);
  assert.notEqual(replay, state);
  const rec = await h.savedRecord(page);
  assert.equal(rec.state, replay);
  assert.deepEqual(rec.branches.map((l) => l.state), [state], 'the finished game is kept');
  quiet(p);
  await p.ctx.close();
});

test('blind mode hides the partner\'s tiles in the swap helper\'s list, and the bag\'s list is the pool of tiles not seen', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  await page.goto(h.appPath('/new?seed=blind-goals-28&goals=normal'));
  const s = await h.waitForGame(page);
  const game = await h.gameOf(srv.url, s);
  const theirs = game.hands[game.turn === 'P1' ? 'P2' : 'P1'];
  assert.ok(Array.isArray(theirs) && theirs.length === 7, JSON.stringify(game.hands));
  const label = (t) => (t === 'BLANK' ? 'blank' : t);
  const options = () => page.$$eval('#h-take option', (os) => os.map((o) => [o.value, o.textContent]));
  // Blind mode off: the partner's letters, as before.
  const open = await options();
  assert.ok(open.length > 0);
  for (const [v, text] of open) assert.equal(text, label(v));
  // Blind mode on: no letter of the hidden rack shows; what is sent is unchanged.
  await page.click('[data-testid=eye-toggle]');
  assert.equal(await page.getAttribute('[data-testid=eye-toggle]', 'aria-pressed'), 'true');
  const hidden = await options();
  assert.deepEqual(hidden.map((o) => o[0]), open.map((o) => o[0]), 'the same tiles to choose');
  hidden.forEach(([, text], i) => assert.equal(text, `hidden tile ${i + 1}`));
  assert.equal(await page.locator('[data-testid=partner-rack]').innerText().then((t) => /[A-Z]/.test(t)), false);
  // The bag's list: the bag and the hidden rack together.
  const want = { ...game.bag };
  for (const t of theirs) want[t] = (want[t] ?? 0) + 1;
  const items = Object.entries(want).filter(([, n]) => n > 0)
    .sort(([a], [b]) => (a === 'BLANK') - (b === 'BLANK') || (a < b ? -1 : 1))
    .map(([k, n]) => `${k === 'BLANK' ? 'Blank' : k}\u00d7${n}`);
  await page.locator('[data-testid=bag-toggle]').click();
  const unseen = page.locator('[data-testid=unseen-list]');
  await unseen.waitFor({ state: 'visible' });
  assert.ok(await page.locator('[data-testid=bag-list]').isHidden(), 'the bag alone is not the list now');
  assert.deepEqual(await unseen.locator('li').allTextContents(), items);
  const total = Object.values(want).reduce((a, b) => a + b, 0);
  assert.match(await unseen.textContent(), new RegExp(`^Tiles you have not seen, in the bag and on the hidden rack:.*${total} in all\\.$`));
  assert.equal(await page.textContent('[data-testid=bag]'), String(total - 7), 'the count is still the bag\'s');
  // The swap sent blind still names a real tile of the partner's.
  await page.selectOption('#h-take', { index: hidden.length - 1 });
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === h.appPath('/game/move'));
  await page.click('[data-testid=helper-swap]');
  const move = JSON.parse(new URLSearchParams((await sent).postData()).get('move'));
  assert.equal(move.take, hidden[hidden.length - 1][0]);
  await page.waitForFunction((x) => document.getElementById('app').getAttribute('data-state') !== x, s);
  // Still blind on the next page; off again, the bag's own list and the letters.
  assert.ok((await options()).every(([, t]) => /^hidden tile \d$/.test(t)));
  await page.click('[data-testid=eye-toggle]');
  for (const [v, text] of await options()) assert.equal(text, label(v));
  assert.equal(await page.getAttribute('[data-testid=unseen-list]', 'hidden'), '');
  assert.equal(await page.getAttribute('[data-testid=bag-list]', 'hidden'), null);
  quiet(p);
  await p.ctx.close();
});
