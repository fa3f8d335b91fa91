// tests/browser/branches.test.mjs - one game, one truth, in Debian's
// Chromium: an older link opens read-only with the newest as the main
// action and branching as an explicit choice; a link that branches says so
// and both lines are kept (the landing page lists them, to open or remove);
// tabs of one game stay in step and a device never plays one turn twice;
// the player switch is for one turn; a classic link of a kept position
// continues its history. On real v2 games and on one that began as a
// classic link; axe on the stale and branch pages, light and dark.
// SPDX-License-Identifier: MIT
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';

let srv, browser;
before(async () => ({ srv, browser } = await h.startBoth()));
after(() => h.stopBoth(srv, browser));

const quiet = (p) => h.quiet(p);
const saved = (page) => h.savedRecord(page);
const apiMove = (state, move) => h.apiMove(srv.url, state, move);
// The controls a turn is played with, and whether each is disabled.
async function controls(page) {
  return page.$$eval('#rack .tile,#end-turn,#exchange,#pass,#recall,#shuffle', (bs) => bs.map((b) => b.disabled));
}
// Requests that make a move.
function moveRequests(page) {
  const seen = [];
  page.on('request', (r) => { if (new URL(r.url()).pathname === h.appPath('/game/move')) seen.push(r.url()); });
  return seen;
}

test('an older position opens read-only: the newest is the main action, branching an explicit choice that keeps the newer line', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  // Player 2 passes at move 2, then opens the move-1 link (the repro).
  const { state: s1 } = await h.playThrough(srv.url, 'branch-older', 1);
  await page.goto(h.appPath(`/#${s1}`));
  await h.waitForPosition(page, s1);
  const s2 = await h.pass(page);
  assert.equal(await page.getAttribute('#app', 'data-view'), 'wait');
  await page.goto(h.appPath(`/#${s1}`));
  await h.waitForPosition(page, s1);
  const notice = page.locator('[data-testid=stale]');
  await notice.waitFor();
  // Its rules come with the script that shows it (static/more.css).
  assert.equal(await notice.evaluate((e) => getComputedStyle(e).borderLeftWidth), '4px');
  assert.match(await notice.textContent(), /^This is move 1 of this game; you have move 2\./);
  const newest = page.locator('[data-testid=stale-newest]');
  assert.equal((await newest.textContent()).trim(), 'Open the newest (move 2)');
  assert.equal(await newest.getAttribute('href'), h.appPath(`/#${s2}`));
  assert.match(await newest.getAttribute('class'), /primary/, 'the newest is the main action');
  assert.equal((await page.textContent('[data-testid=branch-here]')).trim(),
    'Play from here: this starts a new branch of the game');
  // Read-only: every control of the turn is disabled, a square does nothing.
  const c = await controls(page);
  assert.ok(c.length >= 10 && c.every((d) => d), `controls disabled: ${c}`);
  await h.cell(page, 0, 0).click();
  await page.keyboard.press('A');
  assert.equal(await page.locator('#board > .pd').count(), 0);
  await page.locator('[data-testid=toast]', { hasText: 'older position' }).waitFor({ state: 'visible' });
  assert.equal((await saved(page)).state, s2, 'the older link replaced nothing');

  // The explicit choice: play from here. The move starts a branch and the
  // newer line is kept beside it.
  const sent = moveRequests(page);
  await page.click('[data-testid=branch-here]');
  await page.locator('[data-testid=branching]').waitFor();
  assert.match(await page.textContent('[data-testid=branching]'), /your line to move 2 stays in Your games/);
  assert.ok((await controls(page)).slice(0, 7).every((d) => !d), 'the rack plays again');
  await page.click('[data-testid=exchange]');
  await page.locator('#rack .tile').first().click();
  await page.click('[data-testid=exchange-confirm]');
  const r = await h.settle(page, s1);
  assert.equal(sent.length, 1);
  assert.notEqual(r.state, s2);
  await page.locator('[data-testid=branch]').waitFor();
  const rec = await saved(page);
  assert.equal(rec.state, r.state, 'the new branch is the line in play');
  assert.deepEqual(rec.branches.map((l) => l.state), [s2], 'and the newer line is kept');

  // The landing page lists both lines, newest first, each to open or
  // remove: the game opens the newest, the other line is its one branch
  // (issue 28: the newest was listed twice, and counted as a branch).
  await page.goto(h.appPath('/'));
  await page.locator('[data-testid=saved-games]').waitFor({ state: 'visible' });
  assert.equal(await page.locator('[data-testid=saved-game]').count(), 1);
  assert.equal(await page.getAttribute('[data-testid=open-game]', 'href'), h.appPath(`/#${r.state}`));
  assert.match(await page.textContent('[data-testid=open-game] span'), / \u00b7 1 other branch$/);
  const branches = page.locator('[data-testid=saved-branch]');
  assert.equal(await branches.count(), 1);
  assert.deepEqual(await page.$$eval('[data-testid=open-branch]', (as) => as.map((a) => a.getAttribute('href'))),
    [h.appPath(`/#${s2}`)], 'the other line');
  assert.match(await branches.nth(0).textContent(), /^Branch 1 of game \S+, at move 2/);
  // The list's rules come with static/landing.js (static/more.css): a
  // list without bullets, the branch set in under its game.
  assert.equal(await page.locator('#game-list').evaluate((e) => getComputedStyle(e).listStyleType), 'none');
  assert.equal(await branches.nth(0).evaluate((e) => getComputedStyle(e).paddingLeft), '20px');
  await page.click('[data-testid=open-branch] >> nth=0');
  await h.waitForPosition(page, s2);
  assert.equal(await page.locator('.stale').count(), 0, 'a kept line opens as itself');
  await page.goto(h.appPath('/'));
  await page.locator('[data-testid=saved-games]').waitFor({ state: 'visible' });
  await page.click('[data-testid=remove-branch] >> nth=0');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=saved-branch]').length === 0);
  assert.equal(await page.locator('[data-testid=saved-game]').count(), 1, 'the game stays, with one line');
  const left = JSON.parse(await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) if (localStorage.key(i).startsWith('collabble:game:')) return localStorage.getItem(localStorage.key(i));
    return null;
  }));
  assert.equal(left.branches, undefined);
  quiet(p);
  await p.ctx.close();
});

test('a link that branches from the saved line says where, and both lines are kept, never overwritten', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  const { state: s2, game } = await h.playThrough(srv.url, 'branch-link', 2);
  const { state: a3 } = await apiMove(s2, { type: 'pass' });
  const { state: a4 } = await apiMove(a3, { type: 'pass' }).catch(() => ({}));
  const { state: b3 } = await apiMove(s2, { type: 'exchange', tiles: [game.hands[game.turn][0]] });
  await page.goto(h.appPath(`/#${a4 || a3}`));
  const mine = a4 || a3;
  await h.waitForPosition(page, mine);
  // The partner's link continues neither the saved line nor an ancestor of it.
  await page.goto(h.appPath(`/#${b3}`));
  await h.waitForPosition(page, b3);
  const notice = page.locator('[data-testid=branch]');
  await notice.waitFor();
  assert.match(await notice.textContent(), /^This link branches from your game at move 2\. Both lines are kept in Your games\./);
  assert.equal(await page.getAttribute('[data-testid=branch-newest]', 'href'), h.appPath(`/#${mine}`));
  const rec = await saved(page);
  assert.equal(rec.state, b3);
  assert.deepEqual(rec.branches.map((l) => l.state), [mine]);
  // Going back to the other line is that line, not an older position.
  await page.click('[data-testid=branch-newest]');
  await h.waitForPosition(page, mine);
  assert.equal(await page.locator('.stale').count(), 0);
  const again = await saved(page);
  assert.deepEqual([again.state, ...again.branches.map((l) => l.state)].sort(), [mine, b3].sort(), 'still both');
  // The ancestor of both is older than either: read-only.
  await page.goto(h.appPath(`/#${s2}`));
  await h.waitForPosition(page, s2);
  await page.locator('[data-testid=stale]').waitFor();
  quiet(p);
  await p.ctx.close();
});

test('tabs of one game stay in step: the tab that falls behind is read-only, and no turn is played twice', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const A = p.page;
  const { state: s3 } = await h.playThrough(srv.url, 'branch-tabs', 2);
  await A.goto(h.appPath(`/#${s3}`));
  await h.waitForPosition(A, s3);
  const B = await p.ctx.newPage();
  await B.goto(h.appPath(`/#${s3}`));
  await h.waitForPosition(B, s3);
  assert.equal(await B.getAttribute('#app', 'data-view'), 'board');
  // A places a tile, then B plays the turn.
  await A.locator('#rack .tile').first().click();
  await h.cell(A, 0, 0).click();
  const sentA = moveRequests(A);
  const r = await h.pass(B);
  // A falls behind: read-only, with the notice and the newest.
  const notice = A.locator('[data-testid=stale]');
  await notice.waitFor();
  assert.match(await notice.textContent(), /^This is move 2 of this game; you have move 3\./);
  assert.equal(await A.getAttribute('[data-testid=stale-newest]', 'href'), h.appPath(`/#${r}`));
  assert.ok((await controls(A)).every((d) => d), 'A cannot play the turn again');
  assert.equal(await A.locator('#board > .pd').count(), 0, 'its placed tile went back');
  assert.equal(sentA.length, 0);
  await A.click('[data-testid=stale-newest]');
  await h.waitForPosition(A, r);
  assert.equal(await A.locator('.stale').count(), 0);
  await B.close();
  quiet(p);
  await p.ctx.close();
});

test('a move is never sent from a position the device has moved on from, even when no tab said so', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  const { state: s2 } = await h.playThrough(srv.url, 'branch-guard', 2);
  const { state: s3, moveNumber } = await apiMove(s2, { type: 'pass' });
  await page.goto(h.appPath(`/#${s2}`));
  await h.waitForPosition(page, s2);
  // This device keeps move 3 in the meantime, written by this very tab
  // (a tab does not hear its own writes): no storage event tells it.
  const rec3 = await page.evaluate(async ([s, at]) => {
    const html = await (await fetch(at, { method: 'POST', body: new URLSearchParams({ s }) })).text();
    const x = new DOMParser().parseFromString(html, 'text/html').getElementById('app');
    const id = x.getAttribute('data-game-id'), k = `collabble:game:${id}`;
    const rec = JSON.parse(localStorage.getItem(k));
    Object.assign(rec, { state: s, move: +x.getAttribute('data-move'), chain: x.getAttribute('data-chain'), turn: +x.getAttribute('data-turn') });
    localStorage.setItem(k, JSON.stringify(rec));
    return rec;
  }, [s3, h.appPath('/game')]);
  assert.equal(rec3.move, moveNumber);
  assert.equal(await page.locator('.stale').count(), 0, 'the page has not heard');
  const sent = moveRequests(page);
  await page.click('[data-testid=pass]');
  await page.click('[data-testid=pass-confirm]');
  await page.locator('[data-testid=stale]').waitFor();
  assert.equal(sent.length, 0, 'no second move for the turn');
  assert.equal((await saved(page)).state, s3);
  quiet(p);
  await p.ctx.close();
});

test('the player switch plays the other rack for that turn only: the device stays who it is', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  await page.goto(h.appPath('/new?seed=switch-once'));
  const s0 = await h.waitForGame(page);
  const id = await page.getAttribute('#app', 'data-game-id');
  await h.pass(page);
  assert.equal(await page.getAttribute('#app', 'data-view'), 'wait');
  await page.click('[data-testid=switch-player]');
  await page.waitForFunction(() => document.getElementById('app').getAttribute('data-view') === 'board');
  assert.equal(await h.stat(page, 'turn'), 'Player 2');
  const s1 = await page.getAttribute('#app', 'data-state');
  assert.notEqual(s1, s0);
  // Player 2's turn played here; then it is Player 1's own turn, on Player 1's device.
  await page.click('[data-testid=exchange]');
  await page.locator('#rack .tile').first().click();
  await page.click('[data-testid=exchange-confirm]');
  const r = await h.settle(page, s1);
  await page.waitForFunction((s) => {
    const app = document.getElementById('app');
    return app.getAttribute('data-state') === s && app.getAttribute('data-view') === 'board';
  }, r.state);
  assert.equal(await h.stat(page, 'turn'), 'Player 1');
  const rec = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), `collabble:game:${id}`));
  assert.equal(rec.me, 1);
  assert.equal(rec.as, undefined, 'the one turn is over');
  await page.reload();
  await h.waitForPosition(page, r.state);
  assert.equal(await page.getAttribute('#app', 'data-view'), 'board');
  await page.goto(h.appPath('/'));
  await page.locator('[data-testid=saved-games]').waitFor({ state: 'visible' });
  assert.match(await page.textContent('[data-testid=saved-game]'), /Your turn.*you are Player 1/);
  quiet(p);
  await p.ctx.close();
});

test('a classic link of a position this device holds continues its history; of an older one, it is read-only', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  const { state: s3 } = await h.playThrough(srv.url, 'older-link', 3);
  const { state: s1 } = await h.playThrough(srv.url, 'older-link', 1);
  const classic = async (s) => (await h.post(`${srv.url}/api/v1/decode`, { state: s, format: 'v1' })).body.state;
  await page.goto(h.appPath(`/#${s3}`));
  await h.waitForPosition(page, s3);
  const c3 = await classic(s3);
  assert.match(c3, /^N/);
  await page.goto(h.appPath(`/#${c3}`));
  await h.waitForPosition(page, s3);
  assert.equal(await page.locator('[data-testid=move-list] tbody tr:not(.start)').count(), 3, 'the earlier moves are there');
  assert.doesNotMatch(await page.textContent('[data-testid=move-list]'), /From a classic link/);
  assert.equal(await page.getAttribute('#app', 'data-view'), 'board');
  const c1 = await classic(s1);
  await page.goto(h.appPath(`/#${c1}`));
  await h.waitForPosition(page, c1);
  const notice = page.locator('[data-testid=stale]');
  await notice.waitFor();
  assert.match(await notice.textContent(), /^This is move 1 of this game; you have move 3\./);
  assert.equal((await saved(page)).state, s3);
  quiet(p);
  await p.ctx.close();
});

test('a game that began as a classic link: its link is an ancestor of the game played on from it', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  const s = h.encode(h.makeState({
    board: h.boardWith([[7, 6, 'H', 'CAT']]), p1: ['S', 'E', 'R', 'O', 'N', 'D', 'U'],
    p2: ['A', 'I', 'L', 'S', 'T', 'E', 'M'], score: 10, gameId: 'branchClassic',
    lastMove: { cells: [[7, 6], [7, 7], [7, 8]], words: ['CAT'], points: 10 },
  }));
  await page.goto(h.appPath(`/#${s}`));
  await h.waitForPosition(page, s);
  const v1 = await h.pass(page);
  assert.match(v1, /^2/);
  const v2 = (await apiMove(v1, { type: 'pass' }).catch(() => null))?.state;
  // The classic link is now an older position of the v2 line.
  await page.goto(h.appPath(`/#${s}`));
  await h.waitForPosition(page, s);
  await page.locator('[data-testid=stale]').waitFor();
  assert.match(await page.textContent('[data-testid=stale]'), /^This is move 0 of this game; you have move 1\./);
  assert.ok(await page.isDisabled('[data-testid=pass]'), 'read-only');
  assert.equal(await page.getAttribute('[data-testid=stale-newest]', 'href'), h.appPath(`/#${v1}`));
  await page.locator('[data-testid=branch-here]').waitFor();
  // The partner's move on the v2 line continues it.
  if (v2) {
    await page.goto(h.appPath(`/#${v2}`));
    await h.waitForPosition(page, v2);
    assert.equal(await page.locator('.stale').count(), 0);
    assert.equal((await saved(page)).state, v2);
    assert.equal((await saved(page)).branches, undefined);
  }
  quiet(p);
  await p.ctx.close();
});

for (const scheme of ['light', 'dark']) {
  test(`axe: the stale and branch pages (${scheme})`, async () => {
    const p = await h.newPlayer(browser, srv.url, { bypassCSP: true });
    const { page } = p;
    await page.emulateMedia({ colorScheme: scheme });
    const check = async (where) => {
      const v = await h.axeViolations(page, { moderate: true });
      assert.deepEqual(v, [], `${where} (${scheme}): ${JSON.stringify(v, null, 2)}`);
    };
    const { state: s2, game } = await h.playThrough(srv.url, `axe-branch-${scheme}`, 2);
    const { state: a3 } = await apiMove(s2, { type: 'pass' });
    const { state: b3 } = await apiMove(s2, { type: 'exchange', tiles: [game.hands[game.turn][0]] });
    await page.goto(h.appPath(`/#${a3}`));
    await h.waitForPosition(page, a3);
    await page.goto(h.appPath(`/#${s2}`));
    await h.waitForPosition(page, s2);
    await page.locator('[data-testid=stale]').waitFor();
    await check('stale');
    await page.goto(h.appPath(`/#${b3}`));
    await h.waitForPosition(page, b3);
    await page.locator('[data-testid=branch]').waitFor();
    await check('branch');
    await page.goto(h.appPath('/'));
    await page.locator('[data-testid=saved-branch]').first().waitFor();
    await check('landing with branches');
    await p.ctx.close();
  });
}
