// tests/http/goals_page.test.mjs - goals mode on the server-rendered pages,
// against the real collabble binary: the new-game forms' goals choice (and
// its refusals and redirects), a goals game's review after helpers (a swap
// changes the racks the review replays), the game-over page's won and lost
// and the result to share, all against the JSON API's account of the same
// link.
// SPDX-License-Identifier: MIT
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, post } from './server.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { if (srv) assert.equal(await srv.stop(), 0, srv.log()); });

const api = async (what, body) => {
  const r = await post(`${srv.url}/api/v1/${what}`, body);
  assert.ok(r.status === 200 || r.status === 201, r.text);
  return r.body;
};
async function get(path) {
  const r = await fetch(`${srv.url}${path}`, { redirect: 'manual' });
  return { status: r.status, location: r.headers.get('location'), text: await r.text() };
}
const stateOf = (html) => /data-state="([^"]+)"/.exec(html)?.[1];
async function cells(s) {
  const r = await fetch(`${srv.url}/game/review`, { method: 'POST', body: new URLSearchParams({ s }) });
  return { status: r.status, text: await r.text() };
}

test('the new-game forms take a difficulty, keep it through redirects, refuse others', async () => {
  let r = await get('/new?goals=hard');
  assert.equal(r.status, 303);
  assert.match(r.location, /^\/new\?seed=[a-z0-9]{12}&goals=hard$/);
  r = await get('/daily?goals=easy');
  assert.match(r.location, /^\/daily\?date=\d{4}-\d\d-\d\d&goals=easy$/);
  for (const path of ['/new?seed=x&goals=expert', '/daily?date=2026-12-01&goals=off', '/new?seed=x&goals=%00']) {
    r = await get(path);
    assert.equal(r.status, 400, path);
    assert.match(r.text, /goals: expected easy, normal or hard/, path);
  }
  // The page's game is the API's game of the same seed and difficulty.
  r = await get('/new?seed=page-goals&goals=normal');
  assert.equal(stateOf(r.text), (await api('games', { seed: 'page-goals', goals: 'normal' })).state);
  // The targets of docs/RULES.md, "Goals mode".
  const target = (level) => ({ easy: 12, normal: 14, hard: 13 })[level];
  assert.match(r.text, new RegExp(`data-testid="goals-done">0 of ${target('normal')}<`));
  // A plain game is unchanged: no goals anywhere.
  r = await get('/new?seed=page-goals&goals=');
  assert.equal(stateOf(r.text), (await api('games', { seed: 'page-goals' })).state);
  assert.ok(!r.text.includes('data-testid="goals'));
  // The daily deal in goals mode is still the date's deal.
  r = await get('/daily?date=2026-12-01&goals=hard');
  assert.ok(r.text.includes('data-daily=2026-12-01'));
  assert.match(r.text, new RegExp(`data-testid="goals-done">0 of ${target('hard')}<`));
});

test('a goals game is reviewed after its helpers, and its result says lost', async () => {
  let { state, game } = await api('games', { seed: 'review-helpers', goals: 'easy' });
  ({ state, game } = await api('move', { state, move: { type: 'helper', helper: 'newGoals' } }));
  const give = game.hands.P1[0], take = game.hands.P2.find((t) => t !== give);
  ({ state, game } = await api('move', { state, move: { type: 'helper', helper: 'swap', give, take } }));
  const best = (await api('plays', { state, limit: 1 })).plays[0];
  ({ state } = await api('move', { state, move: best.move }));
  for (let i = 0; i < 2; i++) ({ state, game } = await api('move', { state, move: { type: 'pass' } }));
  assert.equal(game.goals.outcome, 'lost');
  const r = await cells(state);
  assert.equal(r.status, 200, r.text);
  const done = game.goals.completed, t = game.goals.target;
  assert.match(r.text, new RegExp(`data-result="Collabble \u00b7 [^"]* \u00b7 3 turns \u00b7 lost ${done}/${t} goals"`));
  const over = await get(`/?s=${state}`);
  assert.ok(over.text.includes(`<strong>You lost</strong>: ${done} goal${done === 1 ? '' : 's'} completed of the ${t} needed before the game ended.`));
  // The move list: the helpers used before the play, in order.
  assert.ok(over.text.includes('<i class="used">(New goals)</i> <i class="used">(Swap a tile)</i>'));
  assert.ok(over.text.includes('data-testid="no-classic"'));
  assert.ok(!over.text.includes('data-testid="copy-classic"'));
});

test('a team that completes its target wins, and the page and the result say so', async () => {
  // A goal-seeking team: of the best plays, the first the server's preview
  // says completes a goal, else the best; two passes once the target is met.
  let { state, game } = await api('games', { seed: 'goals-won', goals: 'easy' });
  while (!game.gameOver && game.goals.outcome !== 'won') {
    const plays = (await api('plays', { state, limit: 25 })).plays;
    let move = plays.length ? plays[0].move : { type: 'pass' };
    for (const p of plays) {
      if ((await api('preview', { state, move: p.move })).goals?.length) { move = p.move; break; }
    }
    ({ state, game } = await api('move', { state, move }));
  }
  assert.equal(game.goals.outcome, 'won', `${game.goals.completed} of ${game.goals.target}`);
  while (!game.gameOver) ({ state, game } = await api('move', { state, move: { type: 'pass' } }));
  const done = game.goals.completed, t = game.goals.target;
  const over = await get(`/?s=${state}`);
  assert.ok(over.text.includes(`<strong>You won</strong>: ${done} goals completed of the ${t} needed.</p>`));
  const r = await cells(state);
  assert.match(r.text, new RegExp(` \u00b7 won ${done}/${t} goals" data-grade=`));
  // The move list marks each completed goal, as many as the API counts.
  assert.equal(over.text.split('data-testid="goal-done"').length - 1, done);
});
