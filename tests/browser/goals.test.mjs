// tests/browser/goals.test.mjs - goals mode's page in Debian's Chromium:
// two players (two browser contexts, passing links) play an Easy goals
// game from the landing page to the end. The page shows what the server
// computed, checked here against the JSON API for the same link: the three
// goals and the score line's goals done, the helpers with what each does
// (New goals, Swap a tile, Peek) used from the page, the preview naming
// the goals a play would complete, the completed goal marked in the move
// list, no classic link and why, and the game-over page's won or lost with
// the shared result. On a phone the goals sit above the fold with the rack.
// SPDX-License-Identifier: MIT
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';

let srv, browser;
before(async () => ({ srv, browser } = await h.startBoth()));
after(() => h.stopBoth(srv, browser));

const quiet = (p) => h.quiet(p);

const api = async (what, body) => (await h.post(`${srv.url}/api/v1/${what}`, body)).body;
const goalsOf = async (state) => (await h.gameOf(srv.url, state)).goals;
const texts = (page, sel) => page.$$eval(sel, (es) => es.map((e) => e.textContent));

async function startGoals(page, seed, level) {
  await page.goto(h.appPath('/'));
  await page.locator('[data-testid=seed]').fill(seed);
  await page.selectOption('[data-testid=goals-level]', level);
  await h.press(page.locator('form [data-testid=new-game]'));
  return h.waitForGame(page);
}

// The page's goals and counts against the API's for the same link.
async function showsGoals(page, state) {
  const g = await goalsOf(state);
  assert.deepEqual(await texts(page, '[data-testid=goals] li'), g.faceUp.map((x) => x.text));
  assert.equal(await page.textContent('[data-testid=goals-done]'), `${g.completed} of ${g.target}`);
  return g;
}

// Sends a helper from the page; resolves to the position after it.
async function useHelper(page, name) {
  const before = await page.getAttribute('#app', 'data-state');
  await h.press(page.locator(`[data-testid=helper-${name}]`));
  const r = await h.settle(page, before);
  assert.equal(r.moved, true, `${name}: ${r.error}`);
  return r.state;
}

test('two players play a goals game to the end with its helpers', async (t) => {
  const p1 = await h.newPlayer(browser, srv.url);
  const p2 = await h.newPlayer(browser, srv.url);
  const P1 = p1.page, P2 = p2.page;
  let state, goal;

  await t.test('P1 starts an Easy goals game: three goals, none done, three helpers', async () => {
    state = await startGoals(P1, 'goals-e2e', 'easy');
    const g = await showsGoals(P1, state);
    assert.equal(g.difficulty, 'easy');
    assert.equal(g.faceUp.length, 3);
    assert.equal(await P1.textContent('[data-testid=helpers-left]'), '3 left, shared');
    assert.match(await P1.textContent('.helpers'), /New goals replaces the three goals/);
  });

  await t.test('New goals deals three others; the turn goes on, nothing to send', async () => {
    const before = await goalsOf(state);
    state = await useHelper(P1, 'newGoals');
    const g = await showsGoals(P1, state);
    assert.notDeepEqual(g.faceUp, before.faceUp);
    assert.equal(await P1.textContent('[data-testid=helpers-left]'), '2 left, shared');
    assert.equal(await P1.getAttribute('#app', 'data-view'), 'board', 'still P1 to play');
    assert.equal(await P1.locator('[data-testid=copy-prompt]').count(), 0);
    assert.equal(await P1.textContent('[data-testid=message]'), 'You used a helper.');
  });

  await t.test('the preview names the goals a play would complete; the move list marks them', async () => {
    // Of P1's plays, one the server's preview says completes a goal.
    let play;
    for (const p of (await api('plays', { state, limit: 60 })).plays) {
      const pv = await api('preview', { state, move: p.move });
      if (pv.goals && pv.goals.length) { play = { ...p, goals: pv.goals }; break; }
    }
    assert.ok(play, 'a play that completes a goal');
    const g = await goalsOf(state);
    goal = g.faceUp.find((x) => x.name === play.goals[0]).text;
    await h.placeTiles(P1, play.move.tiles);
    await h.previewText(P1, { expect: new RegExp(`completes: .*${goal}`) });
    const r = await h.endTurn(P1);
    assert.equal(r.moved, true, r.error);
    state = r.state;
    const marks = await texts(P1, '[data-testid=goal-done]');
    assert.ok(marks.includes(`\u2713 ${goal}`), marks.join('|'));
    // Waiting: the goals and the count stay in view.
    await showsGoals(P1, state);
    assert.equal(await P1.textContent('[data-testid=goals-done]'), `${play.goals.length} of ${(await goalsOf(state)).target}`);
    // No classic link, and why.
    assert.equal(await P1.locator('[data-testid=copy-classic]').count(), 0);
    assert.match(await P1.textContent('[data-testid=no-classic]'), /no place for goals/);
  });

  await t.test('P2 opens the link, swaps a tile with P1 and peeks', async () => {
    await P2.goto(h.appPath(`/#${state}`));
    await h.waitForPosition(P2, state);
    await showsGoals(P2, state);
    const give = await P2.$eval('#h-give', (s) => s.value);
    const take = await P2.$eval('#h-take', (s) => s.value);
    const want = await api('move', { state, move: { type: 'helper', helper: 'swap', give, take } });
    state = await useHelper(P2, 'swap');
    assert.equal(state, want.state, 'the same swap as the API makes');
    assert.deepEqual(await h.rackLetters(P2), want.game.hands.P2);
    const peek = await api('move', { state, move: { type: 'helper', helper: 'peek' } });
    state = await useHelper(P2, 'peek');
    assert.equal(state, peek.state);
    const sq = peek.game.goals.peek;
    assert.equal(await P2.textContent('[data-testid=peek]'),
      `Peek: the best play covers ${String.fromCharCode(65 + sq.col)}${sq.row + 1}.`);
    assert.equal(await P2.textContent('[data-testid=helpers-left]'), '0 left, shared');
    assert.ok(await P2.isDisabled('[data-testid=helper-newGoals]'), 'the pool is spent');
    state = await h.pass(P2);
  });

  await t.test('P1 passes too: the game is over, lost, and the result says so', async () => {
    await P1.goto(h.appPath(`/#${state}`));
    await h.waitForPosition(P1, state);
    state = await h.pass(P1);
    const g = await goalsOf(state);
    assert.equal(g.outcome, 'lost');
    assert.equal(await P1.textContent('[data-testid=goals-outcome]'),
      `You lost: ${g.completed} goal${g.completed === 1 ? '' : 's'} completed of the ${g.target} needed before the game ended.`);
    await P1.waitForSelector('[data-testid=grade]');
    await h.press(P1.locator('[data-testid=copy-result]'));
    await P1.waitForFunction(() => /\u2713/.test(document.querySelector('[data-testid=copy-result]').textContent));
    const copied = await P1.evaluate(() => navigator.clipboard.readText());
    assert.match(copied.split('\n')[0], new RegExp(` \u00b7 3 turns \u00b7 lost ${g.completed}/${g.target} goals$`));
    assert.ok(!copied.includes(goal), 'the result names no goal');
  });

  quiet(p1);
  quiet(p2);
  await Promise.all([p1.ctx.close(), p2.ctx.close()]);
});

test('on a phone the goals are above the fold with the rack; the daily deal has goals too', async () => {
  const p = await h.newPlayer(browser, srv.url, { phone: true });
  await p.page.goto(h.appPath('/'));
  await p.page.selectOption('[data-testid=goals-level]', 'hard');
  await h.press(p.page.locator('[data-testid=daily]'));
  const s = await h.waitForGame(p.page);
  const g = await showsGoals(p.page, s);
  assert.equal(g.difficulty, 'hard');
  assert.match(await p.page.textContent('[data-testid=daily]'), /^Daily deal \d{4}-\d\d-\d\d$/);
  const rack = await p.page.locator('[data-testid=rack]').boundingBox();
  const goals = await p.page.locator('[data-testid=goals] ol').boundingBox();
  assert.ok(rack.y + rack.height <= h.PHONE.height, `the rack at ${JSON.stringify(rack)}`);
  assert.ok(goals.y + goals.height <= h.PHONE.height, `the goals at ${JSON.stringify(goals)}`);
  quiet(p);
  await p.ctx.close();
});

test('axe finds no serious or critical violations on a goals game or the landing page, light and dark', async () => {
  const p = await h.newPlayer(browser, srv.url, { bypassCSP: true });
  for (const scheme of ['light', 'dark']) {
    await p.page.emulateMedia({ colorScheme: scheme });
    await p.page.goto(h.appPath('/new?seed=goals-axe&goals=easy'));
    await h.waitForGame(p.page);
    assert.deepEqual(await h.axeViolations(p.page), [], `goals game (${scheme})`);
    await p.page.goto(h.appPath('/'));
    await p.page.waitForSelector('[data-testid=daily]');
    assert.deepEqual(await h.axeViolations(p.page), [], `landing (${scheme})`);
  }
  await p.ctx.close();
});
