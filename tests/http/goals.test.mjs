// tests/http/goals.test.mjs - goals mode through the JSON API, against the
// real collabble binary: starting a goals game, its goals in `game`, the
// helpers (New goals, Swap a tile, Peek) as moves, the goals a preview and
// a play complete, the refusals, and a whole game played to its end.
// SPDX-License-Identifier: MIT
//
// Run: COLLABBLE_BIN=build/server/collabble \
//      COLLABBLE_SOWPODS=build/dict/sowpods.clx node --test tests/http/
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, post } from './server.mjs';

let srv;
const api = (p) => `${srv.url}/api/v1/${p}`;

before(async () => { srv = await startServer(); });
after(async () => { if (srv) assert.equal(await srv.stop(), 0, srv.log()); });

function assertError(res, status, code, detail) {
  assert.equal(res.status, status, res.text);
  assert.equal(res.body.error.code, code, res.text);
  if (detail) assert.match(res.body.error.detail, detail);
}

const helper = (name, more = {}) => ({ type: 'helper', helper: name, ...more });
const newGame = (body) => post(api('games'), body);
const move = (state, m) => post(api('move'), { state, move: m });

describe('starting a goals game', () => {
  test('each difficulty deals three goals, its target and its helpers', async () => {
    const want = { easy: [12, 3], normal: [14, 2], hard: [13, 1] };
    for (const [level, [target, helpers]] of Object.entries(want)) {
      const r = await newGame({ seed: 'docs', goals: level });
      assert.equal(r.status, 201, r.text);
      const g = r.body.game.goals;
      assert.equal(g.difficulty, level);
      assert.equal(g.faceUp.length, 3);
      for (const f of g.faceUp) {
        assert.equal(typeof f.name, 'string');
        assert.ok(f.text.length > 10);
        assert.ok(f.weight >= 1 && f.weight <= 3);
      }
      assert.deepEqual([g.target, g.helpersLeft, g.completed, g.outcome, g.peek],
        [target, helpers, 0, null, null]);
      assert.equal(r.body.history.start.goals, level);
      // The same deal as the plain game of the seed: the same racks.
      const plain = await newGame({ seed: 'docs' });
      assert.deepEqual(r.body.game.hands, plain.body.game.hands);
      // One character more than the plain game's link.
      assert.equal(r.body.state.length, plain.body.state.length + 1);
    }
  });

  test('a plain game has no goals anywhere', async () => {
    const r = await newGame({ seed: 'docs' });
    assert.equal(r.body.game.goals, undefined);
    assert.equal(r.body.history.start.goals, undefined);
    const m = await move(r.body.state, { type: 'pass' });
    assert.equal(m.body.result.goals, undefined);
  });

  test('refusals: an unknown difficulty, and a classic link of a goals game', async () => {
    assertError(await newGame({ goals: 'expert' }), 400, 'bad_request', /^goals: expected/);
    assertError(await newGame({ goals: 3 }), 400, 'bad_request', /^goals: expected/);
    assertError(await newGame({ seed: 'x', goals: 'easy', format: 'v1' }), 422, 'no_classic_link');
    const g = await newGame({ seed: 'x', goals: 'easy' });
    const d = await post(api('decode'), { state: g.body.state, format: 'v1' });
    assertError(d, 422, 'no_classic_link');
    assert.match(d.body.error.message, /holds only an English game for two, without goals/);
    assert.equal(d.body.error.detail, 'a goals game');
    assertError(await post(api('move'), { state: g.body.state, move: { type: 'pass' }, format: 'v1' }),
      422, 'no_classic_link');
  });
});

describe('helpers', () => {
  test('Peek shows a square of the best play and uses the pool; none is left after', async () => {
    const g = await newGame({ seed: 'docs', goals: 'hard' });
    const p = await move(g.body.state, helper('peek'));
    assert.equal(p.status, 200, p.text);
    assert.equal(p.body.result.type, 'helper');
    assert.deepEqual(p.body.history.helpers, [{ helper: 'peek' }]);
    assert.equal(p.body.game.turn, 'P1', 'a helper is not a turn');
    assert.equal(p.body.game.goals.helpersLeft, 0);
    const sq = p.body.game.goals.peek;
    // The best play's tiles include that square.
    const plays = await post(api('plays'), { state: p.body.state, limit: 1 });
    const tiles = plays.body.plays[0].move.tiles;
    assert.deepEqual({ row: tiles[0].row, col: tiles[0].col }, sq);
    assertError(await move(p.body.state, helper('newGoals')), 422, 'no_helper_left');
    // The move that follows takes the helper into its record, and the
    // peek is gone.
    const after = await move(p.body.state, { type: 'pass' });
    assert.deepEqual(after.body.history.moves[0].helpers, [{ helper: 'peek' }]);
    assert.equal(after.body.history.helpers, undefined);
    assert.equal(after.body.game.goals.peek, null);
  });

  test('Swap a tile trades one tile of each rack in place', async () => {
    const g = await newGame({ seed: 'docs', goals: 'easy' });
    // P1 GRODI?D, P2 OUIITLT.
    const s = await move(g.body.state, helper('swap', { give: 'BLANK', take: 'L' }));
    assert.equal(s.status, 200, s.text);
    assert.deepEqual(s.body.game.hands.P1, ['G', 'R', 'O', 'D', 'I', 'L', 'D']);
    assert.deepEqual(s.body.game.hands.P2, ['O', 'U', 'I', 'I', 'T', 'BLANK', 'T']);
    assert.deepEqual(s.body.history.helpers, [{ helper: 'swap', mine: 5, theirs: 5 }]);
    const played = await move(s.body.state, { type: 'pass' });
    const gcg = (await post(api('gcg'), { state: played.body.state })).body.gcg;
    assert.match(gcg, /^#note P1 used a helper: Swap a tile\n>P1: /m);
    assert.equal(s.body.game.goals.helpersLeft, 2);
    assertError(await move(g.body.state, helper('swap', { give: 'I', take: 'I' })), 422, 'bad_swap', /the same/);
    assertError(await move(g.body.state, helper('swap', { give: 'Z', take: 'O' })), 422, 'bad_swap');
    assertError(await move(g.body.state, helper('swap', { give: 'G' })), 400, 'bad_request', /move.take/);
    assertError(await move(g.body.state, helper('wish')), 400, 'bad_request', /move.helper/);
    assertError(await move(g.body.state, helper('peek', { give: 'G' })), 400, 'bad_request', /unknown key/);
  });

  test('New goals deals the next three', async () => {
    const g = await newGame({ seed: 'docs', goals: 'normal' });
    const n = await move(g.body.state, helper('newGoals'));
    const before = g.body.game.goals.faceUp.map((f) => f.name);
    const now = n.body.game.goals.faceUp.map((f) => f.name);
    assert.equal(now.length, 3);
    for (const name of now) assert.ok(!before.includes(name), `${name} again`);
    assert.equal(n.body.game.goals.helpersLeft, 1);
  });

  test('a helper in a plain game is refused', async () => {
    const g = await newGame({ seed: 'docs' });
    assertError(await move(g.body.state, helper('peek')), 422, 'not_goals_game');
  });
});

describe('completing goals', () => {
  test('the preview and the play say which face-up goals the tiles complete', async () => {
    const g = await newGame({ seed: 'docs', goals: 'easy' });
    // The docs game's Easy deal has "down" face up: DO down from the
    // centre meets it.
    assert.ok(g.body.game.goals.faceUp.some((f) => f.name === 'down'));
    const tiles = [{ row: 7, col: 7, letter: 'D' }, { row: 8, col: 7, letter: 'O' }];
    const pv = await post(api('preview'), { state: g.body.state, move: { type: 'play', tiles } });
    assert.deepEqual(pv.body.goals, ['down']);
    const m = await move(g.body.state, { type: 'play', tiles });
    assert.deepEqual(m.body.result.goals, ['down']);
    assert.equal(m.body.game.goals.completed, 1);
    assert.ok(!m.body.game.goals.faceUp.some((f) => f.name === 'down'));
    assert.deepEqual(m.body.history.moves[0].goals, ['down']);
    // The plays list marks what each play would complete.
    const plays = await post(api('plays'), { state: m.body.state, limit: 5 });
    for (const p of plays.body.plays) assert.ok(Array.isArray(p.goals));
  });

  test('a whole goals game, played with the best plays, ends won or lost', async () => {
    let r = await newGame({ seed: 'whole', goals: 'easy' });
    let done = 0;
    for (let i = 0; i < 200 && !r.body.game.gameOver; i++) {
      const plays = await post(api('plays'), { state: r.body.state, limit: 1 });
      const m = plays.body.plays.length ? plays.body.plays[0].move : { type: 'pass' };
      r = await move(r.body.state, m);
      assert.equal(r.status, 200, r.text);
      done += (r.body.result.goals ?? []).length;
    }
    const g = r.body.game.goals;
    assert.equal(g.completed, done);
    assert.equal(g.outcome, g.completed >= g.target ? 'won' : 'lost');
    // Read back, the link is the same game.
    const d = await post(api('decode'), { state: r.body.state });
    assert.deepEqual(d.body.game.goals, g);
    // The GCG export notes each goal completed and the outcome.
    const gcg = (await post(api('gcg'), { state: r.body.state })).body.gcg;
    assert.equal((gcg.match(/^#note Goal completed: /gm) ?? []).length, done);
    assert.match(gcg, new RegExp(`^#note Goals \\(easy\\): ${done} of ${g.target} completed, ${g.outcome}\\.$`, 'm'));
  });
});

describe('the page', () => {
  const form = (fields) => fetch(`${srv.url}/game/move`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

  test('the /game/move form takes a helper move, and a goals game offers no classic link', async () => {
    const g = await newGame({ seed: 'docs', goals: 'easy' });
    const r = await form({ s: g.body.state, move: JSON.stringify(helper('peek')) });
    const html = await r.text();
    assert.equal(r.status, 200, html);
    assert.match(html, /You used a helper\./);
    // The same player's turn goes on: the page is the next position, with
    // no share area (nothing to send before the move).
    const link = /data-state="([A-Za-z0-9_-]+)"/.exec(html);
    assert.ok(link, 'the page is the next position');
    assert.doesNotMatch(html, /data-testid="copy-prompt"/);
    const d = await post(api('decode'), { state: link[1] });
    assert.deepEqual(d.body.history.helpers, [{ helper: 'peek' }]);
    assert.doesNotMatch(html, /copy-classic/);
    const plain = await form({ s: (await newGame({ seed: 'docs' })).body.state, move: JSON.stringify({ type: 'pass' }) });
    assert.match(await plain.text(), /copy-classic/);
    // A refused helper is the page's error, as a refused move is.
    const bad = await form({ s: g.body.state, move: JSON.stringify(helper('swap', { give: 'I', take: 'I' })) });
    assert.equal(bad.status, 422);
  });
});
