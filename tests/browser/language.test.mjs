// tests/browser/language.test.mjs - the page in the players' language, in
// Debian's Chromium: the browser's language picks the landing page's; the
// switch changes it for this device, with and without script, and comes
// back to the game shown (/#S); the script's own words (the controls it
// adds, what it announces) are in the page's language too.
// SPDX-License-Identifier: MIT
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';

let srv, browser;
before(async () => ({ srv, browser } = await h.startBoth()));
after(() => h.stopBoth(srv, browser));

const lang = (page) => page.getAttribute('html', 'lang');

test('Accept-Language picks the landing page\'s language; the switch keeps a choice for the device', async () => {
  const ctx = await browser.newContext({ baseURL: srv.url, locale: 'de-DE', viewport: h.DESKTOP });
  ctx.setDefaultTimeout(10000);
  const page = await ctx.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  try {
    await page.goto(h.appPath('/'));
    assert.equal(await lang(page), 'de');
    assert.equal(await page.textContent('#new-h'), 'Neues Spiel');
    // Français, from the switch under the page: the landing page again.
    await page.click('form.langs button[value=fr]');
    await page.waitForFunction(() => document.documentElement.lang === 'fr');
    assert.equal(await page.textContent('#new-h'), 'Nouvelle partie');
    assert.equal(await page.getAttribute('form.langs [aria-current]', 'value'), 'fr');
    // A new game, in French: the controls the script adds speak French.
    await page.fill('[data-testid=seed]', 'langues');
    await page.click('#new-game');
    const s = await h.waitForGame(page);
    await page.waitForSelector('#shuffle');
    assert.equal((await page.textContent('#shuffle')).trim(), 'Mélanger');
    assert.equal((await page.textContent('#zoom')).trim().length > 0, true);
    // Español, from the game: back to the very game, in Spanish.
    await page.click('form.langs button[value=es]');
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    await h.waitForPosition(page, s);
    assert.equal((await page.textContent('#end-turn')).trim(), 'Terminar turno');
    await page.waitForSelector('#shuffle');
    assert.equal((await page.textContent('#shuffle')).trim(), 'Mezclar');
    // What the script says: a tile picked, then Escape.
    await page.click('#rack .tile');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.getElementById('live').textContent === 'Selección cancelada.');
    assert.deepEqual(problems, []);
  } finally {
    await ctx.close();
  }
});

test('without script, the switch works and comes back to the game', async () => {
  const ctx = await browser.newContext({ baseURL: srv.url, javaScriptEnabled: false, viewport: h.DESKTOP });
  ctx.setDefaultTimeout(10000);
  const page = await ctx.newPage();
  try {
    await page.goto(h.appPath('/new?seed=sans-script'));
    const s = await page.getAttribute('#app', 'data-state');
    assert.equal(await lang(page), 'en');
    await page.click('form.langs button[value=de]');
    await page.waitForURL(/\?s=/);
    assert.equal(await lang(page), 'de');
    assert.equal(await page.getAttribute('#app', 'data-state'), s);
    assert.ok(await page.isVisible('[data-testid=nojs-play]'), 'the play form');
    assert.equal(await page.textContent('[data-testid=nojs-play] legend'), 'Ein Wort legen');
  } finally {
    await ctx.close();
  }
});
