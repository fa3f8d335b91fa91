// tests/browser/review.test.mjs - the review and the blocked ending in
// Debian's Chromium: the move list's "Best available" cells filled in after
// the page (and again after a move), never the best play of the rack still
// to play; the game-over page's "you scored N of a possible M"; a game that
// neither rack can go on with ending by itself, in words; the review page
// a reader without script reaches from the column's heading.
// SPDX-License-Identifier: MIT
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';
import { DISTRIBUTION } from '../http/server.mjs';

let srv, browser;
before(async () => ({ srv, browser } = await h.startBoth()));
after(() => h.stopBoth(srv, browser));

const quiet = (p) => h.quiet(p);

const REVIEW_CELLS = '[data-testid=move-list] tbody tr:not(.start) > td:nth-child(6)';

// What a review cell says for a best play of the API (null: none).
const cellText = (best) => (best ? `${best.words[0]} at ${best.at} for ${best.points}` : 'No play possible');

// The grade of docs/RULES.md ("Grades"), written again: "Strong, 78%".
function gradeOf(scored, possible) {
  const pct = Math.floor((100 * scored) / possible);
  return `${pct >= 100 ? 'Perfect' : pct >= 90 ? 'Superb' : pct >= 75 ? 'Expert' : pct >= 60 ? 'Strong'
    : pct >= 40 ? 'Good' : 'Learning'}, ${pct}%`;
}

async function reviewCells(page) {
  return page.$$eval(REVIEW_CELLS, (cs) => cs.map((c) => c.textContent));
}

// Waits until the move list has n review cells, all filled in.
async function waitForReview(page, n) {
  await page.waitForFunction(([sel, want]) => {
    const cs = [...document.querySelectorAll(sel)];
    return cs.length === want && cs.every((c) => c.textContent !== '');
  }, [REVIEW_CELLS, n]);
}

async function reviewOf(state) {
  const r = await h.postSearch(`${srv.url}/api/v1/review`, { state });
  assert.equal(r.status, 200, r.text);
  return r.body;
}

// The best play the player to move has now, as a review cell would say it.
async function bestNow(state) {
  const r = await h.postSearch(`${srv.url}/api/v1/plays`, { state, limit: 1 });
  return cellText(r.body.plays[0]);
}

// Counts the page's requests for the review cells.
function countReviews(page) {
  const seen = { n: 0 };
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === h.appPath('/game/review')) seen.n++;
  });
  return seen;
}

test('the review cells fill in after the page, and again after a move; never the rack to play', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  const asked = countReviews(page);
  const { state, game } = await h.playThrough(srv.url, 'review-cells', 3);
  await page.goto(h.appPath(`/#${state}`));
  await h.waitForPosition(page, state);
  await waitForReview(page, 3);
  assert.deepEqual(await reviewCells(page), (await reviewOf(state)).moves.map((m) => cellText(m.best)));
  assert.equal(await page.textContent('[data-testid=move-list] thead th:nth-child(6)'), 'Best available');
  const now = await bestNow(state);
  assert.ok(!(await page.textContent('#app')).includes(now), `${now} shown before its move`);

  // A move on the page: the new page's cells fill in, this move's too.
  const play = await h.findCrossPlay(srv.url, state, game.board, game.hands[game.turn]);
  await h.placeTiles(page, play.tiles);
  await h.previewText(page, { expect: h.previewOf(play) });
  const r = await h.endTurn(page);
  assert.equal(r.moved, true);
  await waitForReview(page, 4);
  const review = await reviewOf(r.state);
  assert.deepEqual(await reviewCells(page), review.moves.map((m) => cellText(m.best)));
  assert.equal(review.moves[3].points, play.points);
  assert.ok(play.points <= review.moves[3].best.points);
  const next = await bestNow(r.state);
  assert.ok(!(await page.textContent('#app')).includes(next), `${next} shown before its move`);
  assert.equal(asked.n, 2, 'one review request a page');
  quiet(p);
  await p.ctx.close();
});

test('the game-over page: "you scored N of a possible M", its cells filled in by the server', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  const { state } = await h.playThrough(srv.url, 'review-over', 4);
  await page.goto(h.appPath(`/#${state}`));
  await h.waitForPosition(page, state);
  await waitForReview(page, 4);
  // One person passing for both racks (the second through the switch).
  for (let i = 0; i < 2; i++) await h.pass(page);
  assert.ok(await page.isVisible('[data-testid=game-over]'));
  const asked = countReviews(page);
  const over = await page.getAttribute('#app', 'data-state');
  const review = await reviewOf(over);
  // Filled in at once: the game-over page is shown once, and has it.
  assert.deepEqual(await reviewCells(page), review.moves.map((m) => cellText(m.best)));
  const fmt = (n) => n.toLocaleString('en-US');
  assert.equal(await page.textContent('[data-testid=review-total]'),
    `Review: you scored ${fmt(review.scored)} of a possible ${fmt(review.possible)}, ` +
    'the best available play of every turn added up. Grade: ' + gradeOf(review.scored, review.possible) + ' of the best plays.');
  assert.ok(review.scored < review.possible);
  await page.waitForLoadState('networkidle');
  assert.equal(asked.n, 0, 'nothing left to ask for');
  quiet(p);
  await p.ctx.close();
});

// A classic link of a game's last move: all 100 tiles out of the bag, the
// board's top six rows full, the first column spelling QUIXOT. P1's only
// play is the E under it (QUIXOTE, Q10 U1 I1 X8 O1 T1 E1 = 23); after it
// neither P1's Z J K V nor P2's W Y F H V can play anywhere.
function lastMoveLink() {
  const p1 = ['E', 'Z', 'J', 'K', 'V'];
  const p2 = ['W', 'Y', 'F', 'H', 'V'];
  const left = { ...DISTRIBUTION };
  for (const t of [...p1, ...p2, ...'QUIXOT']) left[t] -= 1;
  const rest = [];
  for (const [k, n] of Object.entries(left)) for (let i = 0; i < n; i++) rest.push(k === 'BLANK' ? 'e' : k);
  const board = h.emptyBoard();
  [...'QUIXOT'].forEach((ch, r) => { board[r][0] = ch; });
  rest.forEach((ch, i) => { board[Math.floor(i / 14)][1 + (i % 14)] = ch; });
  const bag = Object.fromEntries(Object.keys(DISTRIBUTION).map((k) => [k, 0]));
  return h.encode(h.makeState({ board, p1, p2, bag, score: 300, gameId: 'blockedGame' }));
}

test('a game neither rack can go on with ends by itself, and the page says why', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  const s = lastMoveLink();
  await page.goto(h.appPath(`/#${s}`));
  await h.waitForPosition(page, s);
  assert.equal(await h.stat(page, 'bag'), '0');
  await h.placeTiles(page, [{ row: 6, col: 0, letter: 'E' }]);
  await h.previewText(page, { expect: 'QUIXOTE 23: 23 points' });
  const r = await h.endTurn(page);
  assert.equal(r.moved, true);
  assert.equal(await page.getAttribute('#app', 'data-view'), 'over');
  // 300 + 23, less Z10 J8 K5 V4 + W4 Y4 F4 H4 V4 = 47 left on the racks.
  assert.equal(await h.stat(page, 'final-score'), '276');
  assert.equal(await h.stat(page, 'game-end'),
    'The bag was empty and neither player could play, so the game ended by itself. ' +
    'The tiles left on the racks, worth 47 points, were taken off the score (323 before).');
  const end = await page.$$eval('[data-testid=move-list] tfoot tr > *', (cs) => cs.map((c) => c.textContent));
  assert.deepEqual(end, ['Neither player could play: tiles left on the racks', '\u221247', '276']);
  // The script asks for the review after the move; a busy server's 503
  // makes it ask again a second later, so the cells are awaited.
  await waitForReview(page, 1);
  assert.deepEqual(await reviewCells(page), ['QUIXOTE at A1 for 23']);
  assert.equal(await h.stat(page, 'review-total'),
    'Review: you scored 23 of a possible 23, the best available play of every turn added up. ' +
    'Grade: Perfect, 100% of the best plays.');
  const game = await h.gameOf(srv.url, r.state);
  assert.deepEqual(game.ending, { reason: 'blocked', adjustment: 47 });
  quiet(p);
  await p.ctx.close();
});

test('without JavaScript a link under the move list leads to the review page; the heading is no link', async () => {
  const ctx = await browser.newContext({ baseURL: srv.url, javaScriptEnabled: false, viewport: h.DESKTOP });
  try {
    const page = await ctx.newPage();
    const { state } = await h.playThrough(srv.url, 'review-nojs', 2);
    await page.goto(h.appPath(`/?s=${encodeURIComponent(state)}`));
    assert.deepEqual(await reviewCells(page), ['', '']);
    // The heading only names the column: a link there would only reload.
    assert.equal(await page.locator('[data-testid=move-list] thead a').count(), 0);
    await page.click('[data-testid=review-link]');
    await page.waitForURL(/\/game\/review\?s=/);
    assert.deepEqual(await reviewCells(page), (await reviewOf(state)).moves.map((m) => cellText(m.best)));
    assert.equal(await page.locator('[data-testid=review-link]').count(), 0);
    assert.ok(!(await page.textContent('#app')).includes(await bestNow(state)));
  } finally {
    await ctx.close();
  }
});
