// tests/browser/alphabet.test.mjs - the script takes the tile set from the
// page, not from a table of its own: the letters a key types and the blank's
// picker come from #app's data-alphabet (A-Z where the page has none), a
// tile of several characters ("CH") is offered by the picker and typed by
// its characters (C then H; L then . or the middle dot then L), a key
// beyond A-Z (Ç; Ł with AltGr) types its tile, a phone reaches each of
// Polish's 32 letters in the picker, and a placed tile's points are those
// the server wrote on the rack tile. The page is
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

// Rack tiles made other tiles of the page's set, as the server would write
// them: { E: 'L·L' } turns the E into L·L (its face and data-letter).
const retile = (page, map) => page.evaluate((m) => {
  for (const [from, to] of Object.entries(m)) {
    const t = document.querySelector(`#rack [data-letter="${from}"]`);
    t.setAttribute('data-letter', to);
    t.firstChild.nodeValue = to;
  }
}, map);
// A key as a keyboard of the language sends it: keydown's key is the
// character (Playwright's own keyboard knows the US layout only).
async function key(page, cdp, ch) {
  if (/^[a-z.]$/i.test(ch)) return page.keyboard.press(ch);
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: ch, text: ch, unmodifiedText: ch });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: ch });
}
// The preview of tiles of another set, which an English game refuses.
const BAD_PREVIEW = /status of 400/;
const placed = (page) => page.$$eval('#board > .pd', (bs) => bs.map((b) =>
  `${b.getAttribute('data-letter')}${b.hasAttribute('data-blank') ? '?' : ''}`));
// The tiles placed come to be `want`: keys typed before the script's typing
// of several-character tiles (static/runs.js, loaded lazily) has arrived
// wait for it, so a loaded machine may place them a little later.
async function expectPlaced(page, want) {
  let got;
  for (let i = 0; i < 50; i++) {
    got = await placed(page);
    if (JSON.stringify(got) === JSON.stringify(want)) return;
    await page.waitForTimeout(100);
  }
  assert.deepEqual(got, want);
}

test('a tile of several characters is typed by its characters, any letter of the set by its key', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  const cdp = await p.ctx.newCDPSession(page);
  await blankPosition(page, 'alphabetMulti');
  // Catalan's letters: L·L, NY and QU on the rack, and Ç.
  await setAlphabet(page, 'A B C \u00c7 D E F G H I J L L\u00b7L M N NY O P QU R S T U V X Z');
  await retile(page, { E: 'L\u00b7L', R: 'QU', O: 'NY', N: '\u00c7' });
  await h.cell(page, 9, 2).click();
  // L: the blank stands for it; the dot and L make L·L, and the blank goes back.
  for (const k of ['l', '\u00b7', 'l']) await key(page, cdp, k);
  await expectPlaced(page, ['L\u00b7L']);
  // Q is no tile of its own: it waits for its U. N is the blank's, then NY.
  for (const k of ['q', 'u', 'n', 'y', '\u00c7']) await key(page, cdp, k);
  await expectPlaced(page, ['L\u00b7L', 'QU', 'NY', '\u00c7']);
  assert.match(await h.cell(page, 9, 2).getAttribute('aria-label'), /^C10, L\u00b7L, 1 point, placed this turn/);
  assert.ok(await h.cell(page, 9, 2).evaluate((c) => c.classList.contains('w')),
    'L\u00b7L is set as a tile of several characters');
  // The dot is typed as a full stop too; a letter typed in upper case is the same.
  await page.click('[data-testid=recall]');
  await h.cell(page, 9, 2).click();
  for (const k of ['L', '.', 'L', 'Q', 'U']) await key(page, cdp, k);
  await expectPlaced(page, ['L\u00b7L', 'QU']);
  // L then L is two L tiles: a blank for the first, none left for the second.
  await page.click('[data-testid=recall]');
  await h.cell(page, 11, 2).click();
  for (const k of ['l', 'l']) await key(page, cdp, k);
  await expectPlaced(page, ['L?']);
  h.quiet(p, BAD_PREVIEW);
  await p.ctx.close();
});

test('typing over a tile of several characters on the board steps over it', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  await blankPosition(page, 'alphabetOver');
  // Spanish's letters; the board's C (H7) stands for a CH, the rack's D for a CH.
  await setAlphabet(page, 'A B C CH D E F G H I J L LL M N \u00d1 O P Q R RR S T U V X Y Z');
  await page.evaluate(() => {
    document.querySelector('#board > button:nth-of-type(112)').firstChild.nodeValue = 'CH';
  });
  await retile(page, { D: 'CH' });
  await h.cell(page, 7, 6).click();
  for (const k of ['c', 'h', 'a', 't', 'e']) await page.keyboard.press(k);
  await expectPlaced(page, ['E']);
  assert.equal(await h.cell(page, 7, 9).getAttribute('data-letter'), 'E', 'CH, A and T stepped over');
  // C then H from the rack: the blank as C, then the CH tile in its place.
  await h.cell(page, 9, 2).click();
  for (const k of ['c', 'h']) await page.keyboard.press(k);
  await expectPlaced(page, ['E', 'CH']);
  assert.equal(await h.cell(page, 9, 2).getAttribute('data-letter'), 'CH');
  h.quiet(p, BAD_PREVIEW);
  await p.ctx.close();
});

const POLISH = 'A \u0104 B C \u0106 D E \u0118 F G H I J K L \u0141 M N \u0143 O \u00d3 P R S \u015a ' +
  'T U W Y Z \u0179 \u017b';

test('on a phone the picker\'s 32 letters are each within reach, and a tap places the blank as one', async () => {
  const p = await h.newPlayer(browser, srv.url, { phone: true });
  const { page } = p;
  await blankPosition(page, 'alphabetPhone');
  await setAlphabet(page, POLISH);
  await h.rackTile(page, 'BLANK').tap();
  const picker = page.locator('[data-testid=picker]');
  await picker.waitFor({ state: 'visible' });
  assert.equal(await picker.locator('[data-testid=picker-letter]').count(), 32);
  assert.deepEqual(await h.unreachableControls(page), [], 'every letter and Cancel on screen, uncovered');
  await picker.locator('[data-testid=picker-letter][data-letter="\u017b"]').tap();
  await picker.waitFor({ state: 'hidden' });
  await h.cell(page, 9, 7).tap();
  await expectPlaced(page, ['\u017b?']);
  h.quiet(p, BAD_PREVIEW);
  await p.ctx.close();
});

test('a letter typed with AltGr (Ctrl+Alt on Windows) is typed; Ctrl with a letter is the browser\'s', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  const cdp = await p.ctx.newCDPSession(page);
  await blankPosition(page, 'alphabetAltGr');
  // Polish's letters: the blank stands for Ł.
  await setAlphabet(page, POLISH);
  await h.cell(page, 9, 2).click();
  const send = async (key, modifiers) => {
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, text: key, unmodifiedText: key, modifiers });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, modifiers });
  };
  await send('c', 2); // Ctrl+C: a copy, no C
  await expectPlaced(page, []);
  await send('\u0142', 3); // AltGr+L on a Polish keyboard, as Windows reports it
  await expectPlaced(page, ['\u0141?']);
  h.quiet(p, BAD_PREVIEW);
  await p.ctx.close();
});
