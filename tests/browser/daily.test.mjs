// tests/browser/daily.test.mjs - the daily deal, its result and grades in
// Debian's Chromium: two players (two browser contexts, passing links)
// play today's deal from the landing page to the end; the game-over page
// grades the game and shares a result that spoils nothing of the board,
// with the final link; a visitor opens that link read-only and is offered
// today's deal; the landing page shows the players' bests and the graded
// game, and nothing for the visitor, who only looked.
// SPDX-License-Identifier: MIT
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';

let srv, browser;
before(async () => ({ srv, browser } = await h.startBoth()));
after(() => h.stopBoth(srv, browser));

const quiet = (p) => h.quiet(p);

// Today's UTC date (the seed rule itself is checked in tests/http/daily).
const TODAY = new Date().toISOString().slice(0, 10);

// The grade bands of docs/RULES.md ("Grades"), again: floor(100 x N / M).
function grade(scored, possible) {
  const pct = Math.floor((100 * scored) / possible);
  const name = pct >= 100 ? 'Perfect' : pct >= 90 ? 'Superb' : pct >= 75 ? 'Expert'
    : pct >= 60 ? 'Strong' : pct >= 40 ? 'Good' : 'Learning';
  return { pct, name };
}

// Plays one word from the player's rack on the page (a cross play after
// the first), or passes; resolves to the new state.
async function playWord(page, base, first) {
  const s = await page.getAttribute('#app', 'data-state');
  const rack = await h.rackLetters(page);
  const game = await h.gameOf(base, s);
  const play = first ? await h.findFirstPlay(base, s, rack) : await h.findCrossPlay(base, s, game.board, rack);
  await h.placeTiles(page, play.tiles);
  await h.previewText(page, { expect: h.previewOf(play) });
  const r = await h.endTurn(page);
  assert.equal(r.moved, true, `${play.words} refused: ${r.error}`);
  return { state: r.state, play };
}

async function openLink(page, state) {
  await page.goto(h.appPath(`/#${state}`));
  await h.waitForPosition(page, state);
}

test("two players play today's deal to the end, share the result, and a visitor opens it", async (t) => {
  const p1 = await h.newPlayer(browser, srv.url);
  const p2 = await h.newPlayer(browser, srv.url);
  const v = await h.newPlayer(browser, srv.url);
  // A share sheet where the browser has one: what it is handed is kept.
  await p2.ctx.addInitScript(() => {
    navigator.share = (d) => { window.shared = d; return Promise.resolve(); };
  });
  const P1 = p1.page, P2 = p2.page, V = v.page;
  let s0, state, words = [];

  await t.test("P1 starts today's deal from the landing page", async () => {
    await P1.goto(h.appPath('/'));
    await h.press(P1.locator('[data-testid=daily]'));
    s0 = await h.waitForGame(P1);
    assert.equal(await P1.textContent('[data-testid=daily]'), `Daily deal ${TODAY}`);
    // The same deal as the date's seed gives, whoever deals it.
    const dealt = (await h.post(`${srv.url}/api/v1/games`, { seed: 'anything' })).body.state;
    assert.notEqual(dealt, s0);
    const again = await fetch(`${srv.url}/daily?date=${TODAY}`).then((r) => r.text());
    assert.ok(again.includes(`data-state="${s0}"`), 'the same first position for every team today');
  });

  await t.test('they play in turn through links, then both pass: the game is over', async () => {
    let r = await playWord(P1, srv.url, true);
    words.push(...r.play.words);
    await openLink(P2, r.state);
    r = await playWord(P2, srv.url, false);
    words.push(...r.play.words);
    await openLink(P1, r.state);
    state = await h.pass(P1);
    await openLink(P2, state);
    state = await h.pass(P2);
    assert.equal(await P2.getAttribute('#app', 'data-view'), 'over');
    assert.equal(await P2.textContent('[data-testid=daily]'), `Daily deal ${TODAY}`);
  });

  await t.test('the game-over page grades the game and shares a result that spoils nothing', async () => {
    const rv = (await h.postSearch(`${srv.url}/api/v1/review`, { state })).body;
    const g = grade(rv.scored, rv.possible);
    await P2.waitForSelector('[data-testid=grade]');
    assert.equal(await P2.textContent('[data-testid=grade]'), g.name);
    assert.match(await P2.textContent('[data-testid=review-total]'), new RegExp(`${g.name}, ${g.pct}% of the best plays`));
    const score = await P2.textContent('[data-testid=final-score]');
    const text = `Collabble daily ${TODAY} \u00b7 ${score} point${score === '1' ? '' : 's'} \u00b7 ${g.pct}% of the best plays \u00b7 ${g.name} \u00b7 4 turns`;
    await h.press(P2.locator('[data-testid=copy-result]'));
    await P2.waitForFunction(() => /\u2713/.test(document.querySelector('[data-testid=copy-result]').textContent));
    const copied = await P2.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, `${text}\n${srv.url}/#${state}`);
    for (const w of words) assert.ok(!copied.includes(w), `the result names ${w}`);
    // The share sheet gets the same text and the final link.
    assert.ok(await P2.isVisible('[data-testid=share-result]'));
    await h.press(P2.locator('[data-testid=share-result]'));
    assert.deepEqual(await P2.evaluate(() => window.shared), { title: 'Collabble', text, url: `${srv.url}/#${state}` });
    // Without a share sheet (P1's browser) there is no Share result.
    await openLink(P1, state);
    await P1.waitForSelector('[data-testid=grade]');
    assert.ok(await P1.isVisible('[data-testid=copy-result]'));
    assert.ok(await P1.isHidden('[data-testid=share-result]'));
  });

  await t.test("a visitor opens the result link: the finished game, read-only, and Play today's deal", async () => {
    await openLink(V, state);
    assert.equal(await V.getAttribute('#app', 'data-view'), 'over');
    assert.equal(await V.locator('[data-testid=move-list] tbody tr').count(), 4, 'the four moves');
    await V.waitForSelector('[data-testid=grade]');
    assert.equal(await V.locator('#rack .tile, [data-testid=end-turn]').count(), 0, 'nothing to play');
    await h.press(V.locator('[data-testid=play-daily]'));
    assert.equal(await h.waitForGame(V), s0, "today's deal from its first position");
    assert.equal(await V.getAttribute('#app', 'data-view'), 'board');
  });

  await t.test('the landing page: the players\u2019 bests and the graded game; nothing for the visitor', async () => {
    const rv = (await h.postSearch(`${srv.url}/api/v1/review`, { state })).body;
    const g = grade(rv.scored, rv.possible);
    const score = (await h.gameOf(srv.url, state)).score;
    for (const P of [P1, P2]) {
      await P.goto(h.appPath('/'));
      await P.waitForSelector('[data-testid=bests]');
      assert.equal(await P.textContent('[data-testid=bests]'),
        `Your bests: ${score} point${score === 1 ? '' : 's'}, ${g.pct}% of the best plays, daily streak 1`);
      const entry = await P.textContent('[data-testid=open-game]');
      assert.ok(entry.startsWith(`Daily deal ${TODAY}Finished, final score ${score} \u00b7 `), entry);
      assert.ok(entry.endsWith(` \u00b7 ${g.name} (${g.pct}%)`), entry);
    }
    await V.goto(h.appPath('/'));
    await V.waitForSelector('[data-testid=saved-game]');
    assert.ok(await V.isHidden('[data-testid=bests]'), 'a visitor played nothing');
  });

  quiet(p1);
  quiet(p2);
  quiet(v);
  await Promise.all([p1.ctx.close(), p2.ctx.close(), v.ctx.close()]);
});

test("the daily streak counts days in a row by the deal's date", async () => {
  // Yesterday's deal finished here yesterday (kept as the page keeps it),
  // today's finished now: two in a row.
  const p = await h.newPlayer(browser, srv.url);
  const yesterday = new Date(Date.now() - 864e5).toISOString().slice(0, 10);
  await p.page.goto(h.appPath('/'));
  await p.page.evaluate((d) => localStorage.setItem('collabble:bests',
    JSON.stringify({ score: 5, pct: 10, day: d, streak: 1 })), yesterday);
  await p.page.reload();
  assert.equal(await p.page.textContent('[data-testid=bests]'), 'Your bests: 5 points, 10% of the best plays, daily streak 1');
  await h.press(p.page.locator('[data-testid=daily]'));
  await h.waitForGame(p.page);
  let state = await h.pass(p.page);
  state = await h.pass(p.page);
  await p.page.waitForSelector('[data-testid=review-total]');
  await p.page.goto(h.appPath('/'));
  // Two passes score nothing: the best score and share stay; the streak is 2.
  assert.equal(await p.page.textContent('[data-testid=bests]'), 'Your bests: 5 points, 10% of the best plays, daily streak 2');
  quiet(p);
  await p.ctx.close();
});
