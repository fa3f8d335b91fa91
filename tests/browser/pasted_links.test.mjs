// tests/browser/pasted_links.test.mjs - a turn link as a chat app passes it on
// (issue 28, item 2), opened in Debian's Chromium: "/#S." (the link ended
// a sentence), "/#S%20" (an escaped space), "/#S)" and "/#S_" open the
// position S, and the address bar then shows /#S; a link that is really
// damaged keeps its message; the no-script box finds the link inside a
// chat message.
// SPDX-License-Identifier: MIT
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';

let srv, browser;
before(async () => ({ srv, browser } = await h.startBoth()));
after(() => h.stopBoth(srv, browser));

test('a link with a full stop, an escaped space, a bracket or an underscore after it opens its position', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  const { state: s } = await h.playThrough(srv.url, 'paste-28-browser', 1);
  for (const tail of ['.', '%20', ')', '_', '!!', '%20thanks']) {
    await page.goto(h.appPath(`/#${s}${tail}`));
    await h.waitForPosition(page, s); // the page is S's, and the address bar says /#S
    assert.equal(await page.getAttribute('#app', 'data-view'), 'board', tail);
    assert.equal(await page.locator('[data-testid=error-page]').count(), 0, tail);
    assert.equal(new URL(page.url()).pathname, h.appPath('/'));
  }
  // The device keeps the one position, whatever the link looked like.
  const rec = await h.savedRecord(page);
  assert.equal(rec.state, s);
  assert.equal(rec.branches, undefined);
  h.quiet(p);
  await p.ctx.close();
});

test('a damaged link keeps its message', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  const { state: s } = await h.playThrough(srv.url, 'paste-28-damaged', 1);
  const bad = s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A');
  await page.goto(h.appPath(`/#${bad}.`));
  await page.locator('[data-testid=error-page]').waitFor();
  assert.match(await page.textContent('[data-testid=message]'), /This link is damaged: part of it was changed or cut off\./);
  h.quiet(p, /status of 400/);
  await p.ctx.close();
});

test('without script, the paste box opens the link in a chat message', async () => {
  const ctx = await browser.newContext({ baseURL: srv.url, javaScriptEnabled: false });
  const page = await ctx.newPage();
  const { state: s } = await h.playThrough(srv.url, 'paste-28-nojs', 1);
  await page.goto(h.appPath('/'));
  await page.fill('#paste', `Hey, your turn! ${srv.url}/#${s} thanks`);
  await page.press('#paste', 'Enter');
  await page.waitForURL(/\/game\?link=/);
  assert.equal(await page.getAttribute('#app', 'data-state'), s);
  assert.equal(await page.getAttribute('#app', 'data-view'), 'board');
  await ctx.close();
});
