// tests/browser/feedback.test.mjs - defects found playing a whole game,
// in Debian's Chromium: typing over squares already filled, the feedback
// while a move is sent, a move list that fits at every width, a damaged
// link in a player's words, hints that go when no longer true and cover
// no control.
// SPDX-License-Identifier: MIT
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';

let srv, browser;
before(async () => ({ srv, browser } = await h.startBoth()));
after(() => h.stopBoth(srv, browser));

// `aborted`: the request the test itself made fail.
const quiet = (p, { aborted = false } = {}) => h.quiet(p, aborted ? /net::ERR_FAILED/ : null);

test('typing skips over squares already filled; typing their letter as well still works', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  // CAT across row 8; E, R, S typed down from H6 (helpers.mjs).
  const s = await h.typeDownOverCat(page, 'typeOver');
  assert.deepEqual(await h.cellsWith(page, 'pd'), [[5, 7], [6, 7], [8, 7]]);
  assert.deepEqual(await page.$$eval('#board > .pd', (bs) => bs.map((b) => b.getAttribute('data-letter'))), ['E', 'R', 'S']);
  await h.previewText(page, { expect: /^ERAS \d+/ });
  assert.equal(await page.locator('#rack .tile.used[data-letter=S]').count(), 1, 'S left the rack');
  // Typing the letter that is there too steps over it.
  await page.click('[data-testid=recall]');
  await h.cell(page, 5, 7).click();
  for (const k of 'eras') await page.keyboard.press(k);
  assert.deepEqual(await h.cellsWith(page, 'pd'), [[5, 7], [6, 7], [8, 7]]);
  await h.previewText(page, { expect: /^ERAS \d+/ });
  quiet(p);
  await p.ctx.close();
});

test('a move being sent shows on its control, the rest is disabled, a slow answer says so, a failed one offers to try again', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  await page.goto(h.appPath('/new?seed=sending-feedback'));
  const s0 = await h.waitForGame(page);
  const play = await h.findFirstPlay(srv.url, s0, await h.rackLetters(page));
  await h.placeTiles(page, play.tiles);
  await h.previewText(page, { expect: h.previewOf(play) });
  // 4 s of latency on the move.
  let release;
  const gate = new Promise((r) => { release = r; });
  await page.route('**/game/move', async (route) => { await gate; await route.continue(); });
  await page.click('[data-testid=end-turn]');
  const end = page.locator('[data-testid=end-turn]');
  assert.equal((await end.textContent()).trim(), 'Sending\u2026');
  assert.ok(await end.evaluate((b) => b.classList.contains('sending') && getComputedStyle(b).opacity === '1'),
    'the control that sent it shows it, not greyed out');
  for (const id of ['exchange', 'pass', 'recall', 'shuffle']) assert.ok(await page.isDisabled(`[data-testid=${id}]`), `${id} disabled`);
  assert.ok(await page.locator('#rack .tile:not(.used)').first().isDisabled());
  // A press that cannot act now says why.
  await h.cell(page, 0, 0).click();
  await page.locator('[data-testid=toast]', { hasText: 'being sent' }).waitFor({ state: 'visible' });
  await page.locator('[data-testid=message]', { hasText: 'Still sending your move' }).waitFor({ timeout: 5000 });
  release();
  const r = await h.settle(page, s0);
  assert.equal(r.moved, true);
  await page.unroute('**/game/move');

  // A request that fails: the controls come back, and Try again sends it.
  await page.click('[data-testid=switch-player]');
  await page.waitForFunction(() => document.getElementById('app').getAttribute('data-view') === 'board');
  const s1 = await page.getAttribute('#app', 'data-state');
  await page.route('**/game/move', (route) => route.abort(), { times: 1 });
  await page.click('[data-testid=pass]');
  await page.click('[data-testid=pass-confirm]');
  await page.locator('[data-testid=message].err', { hasText: 'Could not reach the Collabble server' }).waitFor();
  assert.equal((await page.textContent('[data-testid=pass-confirm]')).trim().includes('Sending'), false);
  assert.equal(await page.isDisabled('[data-testid=pass-cancel]'), false, 'the controls are back');
  await page.click('[data-testid=retry]');
  const r2 = await h.settle(page, s1);
  assert.equal(r2.moved, true);
  quiet(p, { aborted: true });
  await p.ctx.close();
});

test('the move list and its "Best available" fit their box at every width from 320 to 1920 px: no cell is clipped', async () => {
  const { state } = await h.playThrough(srv.url, 'late-budget', 12);
  for (const width of [320, 390, 768, 900, 1100, 1280, 1920]) {
    const p = await h.newPlayer(browser, srv.url, { viewport: { width, height: 800 } });
    const { page } = p;
    await page.goto(h.appPath(`/#${state}`));
    await h.waitForPosition(page, state);
    await page.waitForFunction(() => document.querySelector('#moves tbody tr:not(.start) td:nth-child(6)')?.textContent);
    const r = await page.evaluate(() => {
      const m = document.getElementById('moves'), box = m.getBoundingClientRect(), bad = [];
      for (const c of m.querySelectorAll('th, td')) {
        const cr = c.getBoundingClientRect();
        if (c.scrollWidth > c.clientWidth + 0.5) bad.push(`"${c.textContent}" ${c.scrollWidth}/${c.clientWidth}`);
        if (cr.right > box.right + 0.5 || cr.left < box.left - 0.5) bad.push(`"${c.textContent}" outside the box`);
      }
      return { bad, scroll: m.scrollWidth, client: m.clientWidth };
    });
    assert.deepEqual(r.bad, [], `at ${width} px`);
    assert.ok(r.scroll <= r.client, `at ${width} px the table is ${r.scroll} px in a ${r.client} px box`);
    quiet(p);
    await p.ctx.close();
  }
});

test('a damaged link says in a player\'s words what happened and what to do, keeps the detail behind Details, and offers the saved games', async () => {
  const LZString = (await import('lz-string')).default;
  for (const scheme of ['light', 'dark']) {
    const p = await h.newPlayer(browser, srv.url, { bypassCSP: true });
    const { page } = p;
    await page.emulateMedia({ colorScheme: scheme });
    // A game this device keeps.
    await page.goto(h.appPath('/new?seed=damaged-saved'));
    await h.waitForGame(page);
    const id = await page.getAttribute('#app', 'data-game-id');
    const good = await page.getAttribute('#app', 'data-state');
    // One character changed in a v2 link; a classic link whose JSON is broken.
    const bad = good.slice(0, 6) + (good[6] === 'A' ? 'B' : 'A') + good.slice(7);
    const classic = LZString.compressToBase64('{"version":1,"gameId":"x\u001e"}');
    for (const [s, detail] of [[bad, /check characters/], [classic, /not valid JSON/]]) {
      // The page before is marked, so the wait is for the new one.
      await page.evaluate(() => document.getElementById('app').setAttribute('data-before', ''));
      await page.goto(h.appPath(`/#${s}`));
      await page.waitForFunction(() => document.getElementById('app')?.getAttribute('data-view') === 'error' &&
        !document.getElementById('app').hasAttribute('data-before') && !document.documentElement.classList.contains('loading'));
      assert.equal((await page.textContent('[data-testid=message]')).trim(),
        'This link is damaged: part of it was changed or cut off. Ask your partner to send it again.');
      const details = page.locator('[data-testid=error-details]');
      assert.equal(await details.getAttribute('open'), null, 'the detail is folded away');
      assert.ok(!(await page.isVisible('[data-testid=error-details] p')));
      await details.locator('summary').click();
      assert.match(await details.locator('p').textContent(), detail);
      await page.locator('[data-testid=saved-games]').waitFor({ state: 'visible' });
      assert.equal(await page.getAttribute(`[data-testid=saved-game][data-game-id="${id}"] [data-testid=open-game]`, 'href'), h.appPath(`/#${good}`));
      const v = await h.axeViolations(page, { moderate: true });
      assert.deepEqual(v, [], `damaged-link page (${scheme}): ${JSON.stringify(v, null, 2)}`);
    }
    assert.deepEqual(p.problems.filter((m) => !/status of 400/.test(m)), [], 'errors or dialogs on the page');
    await p.ctx.close();
  }
});

// The controls in view that a box overlaps.
async function covered(page, sel) {
  return page.evaluate((s) => {
    const t = document.querySelector(s).getBoundingClientRect(), out = [];
    for (const e of document.querySelectorAll('button,a[href],input,select,summary,[tabindex="0"]')) {
      const r = e.getBoundingClientRect();
      if (!r.width || !r.height || e.closest('[hidden]') || e.closest(s)) continue;
      if (r.bottom > t.top && r.top < t.bottom && r.right > t.left && r.left < t.right) {
        out.push(`${e.tagName.toLowerCase()}#${e.id}[${e.getAttribute('aria-label') || e.textContent.trim().slice(0, 20)}]`);
      }
    }
    return out;
  }, sel);
}

test('a hint goes away as soon as it stops being true, and never covers a control (phone and desktop)', async () => {
  const { state } = await h.playThrough(srv.url, 'phone-zoom', 2);
  for (const phone of [true, false]) {
    const p = await h.newPlayer(browser, srv.url, { phone });
    const { page } = p;
    await page.goto(h.appPath(`/#${state}`));
    await h.waitForPosition(page, state);
    const press = (loc) => (phone ? loc.tap() : loc.click());
    // A press on an empty square with nothing picked says so ...
    await press(h.cell(page, 2, 2));
    const toast = page.locator('[data-testid=toast]');
    await toast.waitFor({ state: 'visible' });
    assert.match(await toast.textContent(), /Choose a tile from your rack first/);
    assert.deepEqual(await covered(page, '[data-testid=toast]'), [], `${phone ? 'phone' : 'desktop'}: the hint covers no control`);
    const tb = await toast.boundingBox();
    const vp = page.viewportSize();
    assert.ok(tb.y >= 0 && tb.y + tb.height <= vp.height, 'in view');
    // ... until a tile is picked: then it is no longer true, and goes at once.
    await press(page.locator('#rack [data-testid=rack-tile]:not(.bl)').first());
    assert.equal(await toast.isVisible(), false, 'gone as soon as a tile is picked');
    quiet(p);
    await p.ctx.close();
  }
});
