// tests/browser/story.test.mjs - the game's story (server/render_story.c) in
// Debian's Chromium: on a 390-pixel phone, light and dark, a finished
// game's page (the one the script fetches, a first visit's) shows the
// picture with the team's line and links to the review's page, which
// shows it with both lines, each within the screen's width; its lines and marks stand out
// from the panel in both schemes (3:1, what WCAG asks of graphics, the
// lines' opacity counted); it parses as SVG (DOMParser, image/svg+xml);
// axe-core finds nothing moderate or worse on either page; no error and
// no report of the Content-Security-Policy's; and without JavaScript the
// finished page draws the team's line itself (axe on that page without
// script: nojs.test.mjs). Screenshots in artifacts/.
// SPDX-License-Identifier: MIT
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import * as h from './helpers.mjs';
import { playGame } from '../http/bot.mjs';

let srv, browser, state;
before(async () => {
  ({ srv, browser } = await h.startBoth());
  // A finished game of the test bot's (one word through one tile, never
  // the best play: the two lines part).
  ({ state } = await playGame(srv.url, 'story-browser'));
});
after(() => h.stopBoth(srv, browser));

// The picture as the page lays it out and colours it: its box, the
// viewport's width, the page's own width (no sideways scrolling), and the
// contrast of each line, mark and label against the panel behind it.
async function looks(page) {
  return page.evaluate(() => {
    const rgb = (c) => c.match(/[\d.]+/g).slice(0, 3).map(Number);
    const lum = (c) => {
      const [r, g, b] = rgb(c).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
    let bg = document.getElementById('story');
    while (getComputedStyle(bg).backgroundColor === 'rgba(0, 0, 0, 0)') bg = bg.parentElement;
    const panel = getComputedStyle(bg).backgroundColor;
    // A colour drawn at an opacity over the panel: what the eye gets.
    const over = (c, a) => `rgb(${rgb(c).map((v, i) => v * a + rgb(panel)[i] * (1 - a)).join(',')})`;
    const svg = document.querySelector('#story svg'), box = svg.getBoundingClientRect();
    const contrast = {};
    for (const cls of ['s0', 's9', 's1', 's2', 'sb', 'sc', 'sx']) {
      const el = svg.querySelector(`.${cls}`);
      if (!el) continue;
      const cs = getComputedStyle(el);
      contrast[cls] = cs.stroke !== 'none' ? ratio(over(cs.stroke, +cs.strokeOpacity), panel)
        : ratio(over(cs.fill, +cs.fillOpacity), panel);
    }
    const text = svg.querySelector(':scope > text');
    contrast.text = ratio(getComputedStyle(text).fill, panel);
    return {
      left: box.left, right: box.right, width: box.width, height: box.height,
      viewport: window.innerWidth, page: document.documentElement.scrollWidth,
      visible: getComputedStyle(svg).visibility === 'visible' && box.width > 0 && box.height > 0,
      contrast, panel,
      caption: document.getElementById('story-c').textContent,
      label: svg.getAttribute('aria-labelledby'), described: document.getElementById(svg.getAttribute('aria-describedby'))?.textContent,
    };
  });
}

function checkLooks(l, where) {
  assert.ok(l.visible, `${where}: the picture is shown`);
  assert.ok(l.left >= 0 && l.right <= l.viewport, `${where}: within the screen (${l.left}-${l.right} of ${l.viewport})`);
  assert.ok(l.page <= l.viewport, `${where}: the page does not scroll sideways (${l.page})`);
  assert.ok(l.width >= 280, `${where}: ${l.width} px wide`);
  for (const [cls, c] of Object.entries(l.contrast)) assert.ok(c >= 3, `${where}: .${cls} at ${c.toFixed(2)}:1 on ${l.panel}`);
  assert.equal(l.label, 'story-c');
  assert.match(l.described, /^After move \d+ the team had \d+ points/);
}

// The server's own bytes of the picture (not the DOM's: the browser would
// mend what it parsed), read as SVG by the browser's XML parser.
async function parsesAsSvg(page, url) {
  return page.evaluate(async (u) => {
    const html = await (await fetch(u)).text();
    if (!html.includes('<svg viewBox')) return { error: 'no story' };
    const svg = html.slice(html.indexOf('<svg viewBox'), html.indexOf('</svg>', html.indexOf('<svg viewBox')) + 6)
      .replace('<svg ', '<svg xmlns="http://www.w3.org/2000/svg" ');
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    return { error: doc.querySelector('parsererror')?.textContent ?? null, root: doc.documentElement.localName,
      paths: doc.querySelectorAll('path').length };
  }, url);
}

// The finished game's page (a link, as a player opens it) on a phone in
// `scheme`, then the review's page its story link leads to, for
// `check(page)`. The Content-Security-Policy is the server's unless
// `bypassCSP` (axe-core is injected as an inline script, which the policy
// refuses); `finished(page)` checks the first page.
async function onPhone(scheme, check, { bypassCSP = false, finished = async () => {} } = {}) {
  const p = await h.newPlayer(browser, srv.url, { phone: true, bypassCSP });
  const { page } = p;
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(h.appPath(`/#${state}`));
  await h.waitForPosition(page, state);
  // The review's total in place: the script's requests are done.
  await page.waitForSelector('[data-testid=review-total]');
  await finished(page);
  await page.click('[data-testid=story-link]');
  // The review's page (the script then shows its address as /#S).
  await page.waitForFunction(() => /against the best plays/.test(document.getElementById('story-c')?.textContent));
  await check(page);
  h.quiet(p); // no error and no report of the policy's
  await p.ctx.close();
}

for (const scheme of ['light', 'dark']) {
  test(`phone, ${scheme}: from the finished game's page to its story, with the best plays, and axe finds nothing`, async () => {
    await onPhone(scheme, async (page) => {
      assert.equal(await page.locator('#story path.s9[d^="M36 "]').count(), 1, 'the best plays\' line');
      assert.equal(await page.locator('#story').count(), 1);
      const l = await looks(page);
      checkLooks(l, scheme);
      if (scheme === 'dark') assert.notEqual(l.panel, 'rgb(255, 255, 255)', 'the dark scheme\'s panel');
      await page.locator('#story').scrollIntoViewIfNeeded();
      const parsed = await parsesAsSvg(page, h.appPath(`/game/review?s=${state}`));
      assert.deepEqual([parsed.error, parsed.root], [null, 'svg']);
      assert.ok(parsed.paths > 5);
      await page.locator('#story').screenshot({ path: path.join(h.artifactDir(), `story-phone-${scheme}.png`) });
    }, {
      finished: async (page) => {
        // A first visit's page: the team's line, and the link to the
        // review's page for the best plays'.
        assert.equal(await page.locator('#story').count(), 1);
        assert.match(await page.textContent('#story-c'), /comes with the review/);
        assert.equal(await page.locator('#story path.s9[d^="M36 "]').count(), 0);
        checkLooks(await looks(page), `${scheme}, the finished game's page`);
        assert.ok(await page.locator('[data-testid=story-link]').isVisible());
      },
    });
    await onPhone(scheme, (page) => h.assertAxeClean(page, `the review page's story, phone, ${scheme}`), {
      bypassCSP: true,
      finished: (page) => h.assertAxeClean(page, `the finished game's page, phone, ${scheme}`),
    });
  });
}

test('without JavaScript: the finished page\'s story (the team\'s line), and the review page\'s with the best plays', async () => {
  const ctx = await browser.newContext({ baseURL: srv.url, javaScriptEnabled: false, viewport: h.PHONE, colorScheme: 'dark' });
  const page = await ctx.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  await page.goto(h.appPath(`/?s=${state}`));
  assert.match(await page.textContent('#story-c'), /comes with the review/);
  assert.equal(await page.locator('#story path.s9[d^="M36 "]').count(), 0);
  checkLooks(await looks(page), 'no script, finished page');
  await page.click('[data-testid=story-link]');
  await page.waitForURL(/\/game\/review\?s=/);
  assert.match(await page.textContent('#story-c'), /against the best plays/);
  assert.equal(await page.locator('#story path.s9[d^="M36 "]').count(), 1);
  checkLooks(await looks(page), 'no script, review page');
  assert.deepEqual(problems, []);
  await ctx.close();
});
