// tests/browser/two_tabs.test.mjs - one move a turn per device, even when two
// tabs race (issue 28, item 1), in Debian's Chromium: two tabs of one
// browser on the same turn, a different move prepared in each (an
// exchange, a pass). Tab A's move is sent first and its answer held back
// for seconds while tab B presses; then both press at the same moment. On
// a desktop and a phone context, with the Web Locks API and without it
// (the localStorage claim the script falls back on). Exactly one move
// reaches the server, the device keeps one line, and the tab that lost is
// read-only with the usual "this game moved on" view.
// SPDX-License-Identifier: MIT
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';

let srv, browser;
before(async () => ({ srv, browser } = await h.startBoth()));
after(() => h.stopBoth(srv, browser));

// Two tabs of one browser context on the same turn link: { p, A, B, s }.
async function twoTabs(seed, { phone = false, noLocks = false } = {}) {
  const p = await h.newPlayer(browser, srv.url, { phone });
  if (noLocks) {
    // A browser without the Web Locks API (or a page on plain http, where
    // it is not offered).
    await p.ctx.addInitScript(() => Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined }));
  }
  let s; // a deal whose first move the word finder finds
  for (let i = 0; !s && i < 9; i++) s = (await h.playThrough(srv.url, `${seed}-${i}`, 1).catch(() => ({}))).state;
  const A = p.page;
  await A.goto(h.appPath(`/#${s}`));
  await h.waitForPosition(A, s);
  const B = await p.ctx.newPage();
  B.on('pageerror', (e) => p.problems.push(`B: page error: ${e.message}`));
  B.on('console', (m) => { if (m.type() === 'error') p.problems.push(`B: console: ${m.text()}`); });
  await B.goto(h.appPath(`/#${s}`));
  await h.waitForPosition(B, s);
  for (const t of [A, B]) assert.equal(await t.getAttribute('#app', 'data-view'), 'board', 'both tabs can play the turn');
  assert.equal(await A.evaluate(() => typeof navigator.locks), noLocks ? 'undefined' : 'object');
  return { p, A, B, s };
}

// Every move request of the context's tabs.
function moveRequests(ctx) {
  const seen = [];
  ctx.on('request', (r) => {
    if (new URL(r.url()).pathname === h.appPath('/game/move')) seen.push(r.frame().page());
  });
  return seen;
}

// Prepares a move up to its last press: A an exchange of one tile, B a
// pass. Returns the control that sends it.
async function prepare(A, B, tap) {
  const o = { tap };
  await h.press(A.locator('[data-testid=exchange]'), o);
  await h.press(A.locator('#rack .tile').first(), o);
  await h.press(B.locator('[data-testid=pass]'), o);
  await B.locator('[data-testid=pass-confirm]').waitFor();
  return [A.locator('[data-testid=exchange-confirm]'), B.locator('[data-testid=pass-confirm]')];
}

// The tab that lost: read-only, the older-position notice, the newest
// (the winner's position) as its main action; nothing of the turn to play.
async function assertLost(tab, s, won) {
  const notice = tab.locator('[data-testid=stale]');
  await notice.waitFor();
  // Not left waiting: once it holds the lock it finds the device moved on.
  await tab.waitForFunction(() => !document.getElementById('app').hasAttribute('aria-busy'));
  assert.match(await notice.textContent(), /^This is move 1 of this game; you have move 2\./);
  assert.equal(await tab.getAttribute('[data-testid=stale-newest]', 'href'), h.appPath(`/#${won}`));
  assert.equal(await tab.getAttribute('#app', 'data-state'), s);
  const disabled = await tab.$$eval('#rack .tile,#end-turn,#exchange,#pass,#recall,#shuffle', (bs) => bs.map((b) => b.disabled));
  assert.ok(disabled.length >= 10 && disabled.every((d) => d), `every control of the turn disabled: ${disabled}`);
  assert.equal(await tab.getAttribute('[data-testid=stale]', 'data-testid'), 'stale', 'still the notice');
  assert.doesNotMatch(await tab.textContent('#app'), /Sending\u2026/);
}

// The device keeps one line: the winner's position, and no branch.
async function assertOneLine(page, won) {
  const rec = await h.savedRecord(page);
  assert.equal(rec.state, won);
  assert.equal(rec.branches, undefined, `one line, not two: ${JSON.stringify(rec.branches)}`);
}

for (const phone of [false, true]) {
  const kind = phone ? 'phone' : 'desktop';
  test(`${kind}: tab B presses while tab A's move is on its way (its answer held 3 s): only A's move is sent, B becomes read-only`, async () => {
    const { p, A, B, s } = await twoTabs(`race-held-${kind}`, { phone });
    const sent = moveRequests(p.ctx);
    let release;
    const gate = new Promise((r) => { release = r; });
    await p.ctx.route('**/game/move', async (route) => { await gate; await route.continue(); });
    const [a, b] = await prepare(A, B, phone);
    await h.press(a, { tap: phone });
    await A.waitForFunction(() => /Sending/.test(document.querySelector('[data-testid=exchange-confirm]').textContent));
    await h.press(b, { tap: phone });
    await B.waitForTimeout(3000);
    assert.equal(sent.length, 1, 'only A\'s move is on its way');
    release();
    const r = await h.settle(A, s);
    assert.equal(r.moved, true);
    await assertLost(B, s, r.state);
    await B.waitForTimeout(500); // anything B still meant to send would be on its way by now
    assert.deepEqual(sent.map((t) => (t === A ? 'A' : 'B')), ['A'], 'one move for the turn');
    await assertOneLine(A, r.state);
    assert.doesNotMatch(await A.textContent('#app'), /A new branch of this game/);
    // The newest is one press away.
    await h.press(B.locator('[data-testid=stale-newest]'), { tap: phone });
    await h.waitForPosition(B, r.state);
    await p.ctx.unroute('**/game/move');
    h.quiet(p);
    await p.ctx.close();
  });

  for (const noLocks of [false, true]) {
    const how = noLocks ? ', without the Web Locks API' : '';
    test(`${kind}: both tabs press at the same moment${how}: one move is sent, the other tab becomes read-only`, async () => {
      const { p, A, B, s } = await twoTabs(`race-both-${kind}${noLocks ? '-nolocks' : ''}`, { phone, noLocks });
      const sent = moveRequests(p.ctx);
      const [a, b] = await prepare(A, B, phone);
      // Both controls ready, then pressed in the same instant: each tab
      // clicks its control at one moment of the shared clock.
      for (const c of [a, b]) await c.waitFor();
      const at = Date.now() + 300;
      await Promise.all([a, b].map((c) => c.evaluate((e, t) => { setTimeout(() => e.click(), t - Date.now()); }, at)));
      // One of them makes the move; which one is the race's.
      await A.waitForFunction(() => !!document.querySelector('[data-testid=stale]') || document.getElementById('app').hasAttribute('data-moved'));
      const won = await A.evaluate(() => document.getElementById('app').hasAttribute('data-moved')) ? A : B;
      const lost = won === A ? B : A;
      const r = await h.settle(won, s);
      assert.equal(r.moved, true);
      await assertLost(lost, s, r.state);
      await lost.waitForTimeout(500);
      assert.equal(sent.length, 1, `one move for the turn, not ${sent.length}`);
      assert.equal(sent[0], won);
      await assertOneLine(won, r.state);
      // The claim of the fallback is let go.
      assert.deepEqual(await won.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith(':lock'))), []);
      h.quiet(p);
      await p.ctx.close();
    });
  }
}
