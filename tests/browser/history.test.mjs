// tests/browser/history.test.mjs - what the v2 link's history gives a player,
// in Debian's Chromium: the move list, the notice on an older link, the
// classic link for a partner on the original design, a classic link that
// opens and continues, and the GCG download.
// SPDX-License-Identifier: MIT
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';

let srv, browser;
before(async () => ({ srv, browser } = await h.startBoth()));
after(() => h.stopBoth(srv, browser));

const quiet = (p) => h.quiet(p, /status of 422/);

// The move list's rows as the page shows them: [turn, player, move, points,
// score]; the last column, the review, is review.test.mjs's.
async function moveRows(page) {
  return page.$$eval('[data-testid=move-list] tbody tr:not(.start)', (rows) =>
    rows.map((r) => [...r.children].slice(0, 5).map((c) => c.textContent.trim())));
}

test('the move list shows every move, its player, words, points and the running score', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  const { state } = await h.playThrough(srv.url, 'move-list', 4);
  const full = await h.gameOf(srv.url, state, { full: true });
  await page.goto(h.appPath(`/#${state}`));
  await h.waitForPosition(page, state);
  const rows = await moveRows(page);
  assert.equal(rows.length, 4);
  full.history.moves.forEach((m, i) => {
    const words = m.words.map((w, k) => `${w} ${m.wordPoints[k]}`).join(', ');
    assert.deepEqual(rows[i], [String(i + 1), m.player, words, String(m.points), String(m.score)]);
  });
  assert.equal(rows[3][4], await h.stat(page, 'score'), 'the last running score is the score');
  // A table a screen reader can walk: column headers, row headers.
  const heads = await page.$$eval('[data-testid=move-list] thead th', (ths) => ths.map((t) => `${t.getAttribute('scope')}:${t.textContent}`));
  assert.deepEqual(heads, ['col:Turn', 'col:Player', 'col:Move', 'col:Points', 'col:Score', 'col:Best available']);
  assert.equal(await page.locator('[data-testid=move-list] tbody th[scope=row]').count(), 4);
  // The list's box takes the focus so the keyboard can scroll it.
  await page.locator('#moves').focus();
  assert.equal(await page.evaluate(() => document.activeElement.id), 'moves');
  assert.equal(await page.getAttribute('#moves', 'role'), 'region');
  // The download is a plain link to the GCG of this position.
  const dl = page.locator('[data-testid=download]');
  assert.equal(await dl.getAttribute('href'), h.appPath(`/game.gcg?s=${state}`));
  assert.equal(await dl.getAttribute('download'), `collabble-${full.game.gameId}.gcg`);
  const gcg = await (await fetch(`${srv.url}/game.gcg?s=${state}`)).text();
  assert.equal(gcg.split('\n').filter((l) => l.startsWith('>')).length, 4);
  quiet(p);
  await p.ctx.close();
});

test('the game-over page lists the moves and what the racks took off', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  const { state } = await h.playThrough(srv.url, 'over-list', 2);
  await page.goto(h.appPath(`/#${state}`));
  await h.waitForPosition(page, state);
  await h.pass(page);
  await h.pass(page);
  assert.ok(await page.isVisible('[data-testid=game-over]'));
  const rows = await moveRows(page);
  assert.deepEqual(rows.map((r) => r[2]).slice(2), ['Passed', 'Passed']);
  const end = await page.$$eval('[data-testid=move-list] tfoot tr > *', (cs) => cs.map((c) => c.textContent));
  const game = await h.gameOf(srv.url, await page.getAttribute('#app', 'data-state'));
  assert.ok(game.ending.adjustment > 0);
  assert.deepEqual(end, ['Tiles left on the racks', `\u2212${game.ending.adjustment}`, String(game.score)]);
  quiet(p);
  await p.ctx.close();
});

test('an older link of a game says so and offers the newest; Resume offers the newest', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  const { state: s1 } = await h.playThrough(srv.url, 'older-link', 1);
  const { state: s3 } = await h.playThrough(srv.url, 'older-link', 3);
  await page.goto(h.appPath(`/#${s3}`));
  await h.waitForPosition(page, s3);
  assert.equal(await page.locator('[data-testid=stale]').count(), 0, 'the newest has no notice');
  await page.goto(h.appPath(`/#${s1}`));
  await h.waitForPosition(page, s1);
  const notice = page.locator('[data-testid=stale]');
  await notice.waitFor();
  assert.match(await notice.textContent(), /^This is move 1 of this game; you have move 3\./);
  await page.waitForFunction(() => /you have move 3/.test(document.getElementById('live').textContent));
  // The older link did not replace the saved one: Resume still offers move 3.
  const id = await page.getAttribute('#app', 'data-game-id');
  const saved = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), `collabble:game:${id}`));
  assert.equal(saved.state, s3);
  assert.equal(saved.move, 3);
  await page.click('[data-testid=stale-newest]');
  await h.waitForPosition(page, s3);
  assert.equal(await page.locator('[data-testid=stale]').count(), 0);
  // Back to the older one says so again, and asks for no resubmit.
  await page.goBack();
  await h.waitForPosition(page, s1);
  await page.locator('[data-testid=stale]').waitFor();
  await page.goto(h.appPath('/'));
  await page.locator('[data-testid=saved-games]').waitFor({ state: 'visible' });
  assert.equal(await page.getAttribute('[data-testid=open-game]', 'href'), h.appPath(`/#${s3}`));
  quiet(p);
  await p.ctx.close();
});

test('a move made on an older position is the player\'s explicit choice, and starts a branch', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  const { state: s0 } = await h.playThrough(srv.url, 'fork', 0);
  const { state: s2 } = await h.playThrough(srv.url, 'fork', 2);
  await page.goto(h.appPath(`/#${s2}`));
  await h.waitForPosition(page, s2);
  await page.goto(h.appPath(`/#${s0}`));
  await h.waitForPosition(page, s0);
  await page.locator('[data-testid=stale]').waitFor();
  // Read-only until the player chooses to branch from here.
  assert.ok(await page.isDisabled('[data-testid=pass]'));
  await page.click('[data-testid=branch-here]');
  await page.locator('[data-testid=branching]').waitFor();
  await page.click('[data-testid=pass]');
  await page.click('[data-testid=pass-confirm]');
  const r = await h.settle(page, s0);
  const id = await page.getAttribute('#app', 'data-game-id');
  const saved = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), `collabble:game:${id}`));
  assert.equal(saved.state, r.state);
  assert.deepEqual(saved.branches.map((l) => l.state), [s2], 'the newer line is kept');
  quiet(p);
  await p.ctx.close();
});

test('Copy classic link gives the v1 link of the position, for the original design', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  const { state: before } = await h.playThrough(srv.url, 'classic-copy', 2);
  await page.goto(h.appPath(`/#${before}`));
  await h.waitForPosition(page, before);
  // The share area, after this device's move, offers it beside Copy.
  const state = await h.pass(page);
  await page.click('[data-testid=copy-classic]');
  await page.waitForFunction(() => /\u2713/.test(document.querySelector('[data-testid=copy-classic]').textContent));
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.ok(copied.startsWith(`${srv.url}/#`), copied);
  const classic = copied.slice(`${srv.url}/#`.length);
  assert.deepEqual(h.decode(classic), await h.gameOf(srv.url, state), 'LZ-String JSON of the same position');
  quiet(p);
  await p.ctx.close();
});

test('a classic link opens, plays and continues as a v2 link', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  const s = h.encode(h.makeState({
    board: h.boardWith([[7, 6, 'H', 'CAT']]), p1: ['S', 'E', 'R', 'O', 'N', 'D', 'U'],
    p2: ['A', 'I', 'L', 'S', 'T', 'E', 'M'], score: 10, gameId: 'fromClassic',
    lastMove: { cells: [[7, 6], [7, 7], [7, 8]], words: ['CAT'], points: 10 },
  }));
  await page.goto(h.appPath(`/#${s}`));
  await h.waitForPosition(page, s);
  assert.match(await page.textContent('[data-testid=move-list]'), /From a classic link/);
  await h.placeTiles(page, [{ row: 7, col: 9, letter: 'S' }]);
  await h.previewText(page, { expect: 'CATS 6: 6 points' });
  const r = await h.endTurn(page);
  assert.equal(r.moved, true);
  assert.match(r.state, /^2[A-Za-z0-9_-]+$/, 'the next link is v2');
  assert.equal(await h.stat(page, 'score'), '16');
  assert.deepEqual(await moveRows(page), [['1', 'P1', 'CATS 6', '6', '16']]);
  const game = await h.gameOf(srv.url, r.state);
  assert.equal(game.gameId, 'fromClassic');
  quiet(p);
  await p.ctx.close();
});
