// tests/browser/alphabet.test.mjs - the script takes the tile set from the
// page, not from a table of its own: the letters a key types and the blank's
// picker come from #app's data-alphabet (A-Z where the page has none), a
// tile of several characters ("CH") is offered by the picker, and a placed
// tile's points are those the server wrote on the rack tile. The page is
// English here; the tests change what it says in the browser to stand for
// another tile set.
// SPDX-License-Identifier: MIT
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';

let srv, browser;
before(async () => ({ srv, browser } = await h.startBoth()));
after(() => h.stopBoth(srv, browser));

// CAT through the star, a blank and EROND U on Player 1's rack.
async function blankPosition(page, gameId) {
  const s = h.encode(h.makeState({
    board: h.boardWith([[7, 6, 'H', 'CAT']]), p1: ['BLANK', 'E', 'R', 'O', 'N', 'D', 'U'],
    p2: ['A', 'I', 'L', 'S', 'T', 'E', 'M'], score: 10, gameId,
    lastMove: { cells: [[7, 6], [7, 7], [7, 8]], words: ['CAT'], points: 10 },
  }));
  await page.goto(h.appPath(`/#${s}`));
  await h.waitForPosition(page, s);
}
const setAlphabet = (page, a) => page.evaluate((v) => {
  const app = document.getElementById('app');
  if (v === null) app.removeAttribute('data-alphabet'); else app.setAttribute('data-alphabet', v);
}, a);
async function pickerLetters(page) {
  await h.rackTile(page, 'BLANK').click();
  const picker = page.locator('[data-testid=picker]');
  await picker.waitFor({ state: 'visible' });
  const letters = await picker.locator('[data-testid=picker-letter]').evaluateAll((bs) => bs.map((b) => b.textContent));
  await picker.locator('[data-testid=picker-cancel]').click();
  await picker.waitFor({ state: 'hidden' });
  return letters;
}

test('the blank\'s picker offers the page\'s letters, a tile of several characters among them', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  await blankPosition(page, 'alphabetPick');
  assert.equal((await pickerLetters(page)).join(''), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'no data-alphabet: A to Z');
  await setAlphabet(page, 'A B C CH D E');
  assert.deepEqual(await pickerLetters(page), ['A', 'B', 'C', 'CH', 'D', 'E']);
  await h.placeTiles(page, [{ row: 7, col: 9, letter: 'CH', blank: true }]);
  assert.match(await h.cell(page, 7, 9).getAttribute('aria-label'), /^J8, blank as CH, 0 points, placed this turn/);
  h.quiet(p);
  await p.ctx.close();
});

test('a key types only a letter of the page\'s set', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  await blankPosition(page, 'alphabetType');
  await setAlphabet(page, 'A B C D E F G H I J K L M N O P Q R S T U V W X Y'); // no Z
  await h.cell(page, 7, 9).focus();
  await page.keyboard.press('z');
  assert.equal(await page.locator('#board > .pd').count(), 0, 'Z is not a letter of this set: the blank stays');
  await setAlphabet(page, null); // A to Z: the blank stands in for Z
  await h.cell(page, 7, 9).focus();
  await page.keyboard.press('z');
  await h.cell(page, 7, 9).and(page.locator('.pd')).waitFor();
  assert.match(await h.cell(page, 7, 9).getAttribute('aria-label'), /blank as Z, 0 points/);
  h.quiet(p);
  await p.ctx.close();
});

test('a placed tile\'s points are those written on the rack tile', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  await blankPosition(page, 'alphabetPoints');
  await page.evaluate(() => { document.querySelector('#rack [data-letter="E"] sub').textContent = '7'; });
  await h.placeTiles(page, [{ row: 7, col: 9, letter: 'E' }]);
  const placed = h.cell(page, 7, 9);
  assert.equal(await placed.locator('sub').textContent(), '7');
  assert.match(await placed.getAttribute('aria-label'), /^J8, E, 7 points/);
  h.quiet(p);
  await p.ctx.close();
});
