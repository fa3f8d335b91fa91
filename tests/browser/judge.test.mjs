// tests/browser/judge.test.mjs - the game page's "Check a word" box in a
// real browser: with script, a word typed there is judged by
// /api/v1/words without leaving the page (the address stays the game's
// link, the tiles placed stay placed) and the answer is written into the
// box's live region; a word the set cannot spell is answered with why;
// keys typed in the box never reach the board. Without script the same
// box is a form the server answers (tests/http/words.test.mjs).
// SPDX-License-Identifier: MIT
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';

let srv, browser;
before(async () => ({ srv, browser } = await h.startBoth()));
after(() => h.stopBoth(srv, browser));

test('a word checked with script: the answer in the live region, the game and its tiles untouched', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  const { state } = (await h.post(`${srv.url}/api/v1/games`, { seed: 'judge' })).body;
  await page.goto(h.appPath(`/#${state}`));
  await h.waitForPosition(page, state);
  const box = page.locator('#judge');
  assert.equal(await box.getAttribute('data-lexicon'), 'sowpods');
  assert.equal(await page.locator('#judged').getAttribute('role'), 'status');
  const [first] = await h.rackLetters(page);
  await h.placeTiles(page, [{ row: 7, col: 7, letter: first }]);
  const requests = [];
  page.on('request', (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`));
  await page.fill('#jw', 'Quixotic');
  await page.press('#jw', 'Enter');
  await page.waitForFunction(() => document.getElementById('judged').textContent !== '');
  assert.equal(await page.textContent('#judged'), 'Quixotic (Q U I X O T I C): in the dictionary');
  assert.ok(requests.includes(`POST ${h.appPath('/api/v1/words')}`), requests.join('\n'));
  assert.ok(!requests.some((r) => r.includes('/game/word')), 'no page load');
  await h.assertTurnLink(page, state);
  assert.deepEqual(await h.cellsWith(page, 'pd'), [[7, 7]], 'the tile placed stays');
  await page.fill('#jw', 'qzx');
  await page.locator('#judge button').click();
  await page.waitForFunction(() => /not in/.test(document.getElementById('judged').textContent));
  assert.equal(await page.textContent('#judged'), 'qzx (Q Z X): not in the dictionary');
  await page.fill('#jw', 'naïve');
  await page.press('#jw', 'Enter');
  await page.waitForFunction(() => /cannot/.test(document.getElementById('judged').textContent));
  assert.match(await page.textContent('#judged'), /^"naïve" cannot be spelled in the tiles of English: "ï"/);
  h.quiet(p);
  await p.ctx.close();
});
