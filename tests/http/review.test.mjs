// tests/http/review.test.mjs - the review of a game (POST /api/v1/review,
// POST and GET /game/review, the game-over page), against the real
// collabble binary: for every move made, the best play the mover's rack had
// before it, and never anything about the rack still to play.
// SPDX-License-Identifier: MIT
//
// Run: COLLABBLE_BIN=build/server/collabble node --test tests/http/
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, post, makeState, boardWith, encode } from './server.mjs';
import { chooseMove } from './bot.mjs';

let srv;
const api = (p) => `${srv.url}/api/v1/${p}`;

before(async () => { srv = await startServer(); });
after(async () => { if (srv) assert.equal(await srv.stop(), 0, srv.log()); });

function assertError(res, status, code, detail) {
  assert.equal(res.status, status, res.text);
  assert.equal(res.body.error.code, code, res.text);
  if (detail) assert.match(res.body.error.detail, detail);
}

async function form(path, s) {
  const r = await fetch(`${srv.url}${path}`, { method: 'POST', body: new URLSearchParams({ s }) });
  return { status: r.status, type: r.headers.get('content-type'), text: await r.text() };
}

async function page(path) {
  const r = await fetch(`${srv.url}${path}`);
  return { status: r.status, text: await r.text() };
}

// What a review cell says for a best play (null: none).
const cellText = (best) => (best ? `${best.words[0]} at ${best.at} for ${best.points}` : 'No play possible');

// The review cells of a page or a fragment, in order.
function reviewCells(html) {
  const rows = html.includes('<tbody>') ? html.slice(html.indexOf('<tbody>'), html.indexOf('</tbody>')) : html;
  return rows.split('<tr>').slice(1).filter((r) => !r.startsWith(' class="start"'))
    .map((r) => r.split('<td>').pop().replace(/<\/table>[\s\S]*$/, '').replace(/<\/td>.*$/, ''));
}

// A seeded game through the API: the bot's moves, with an exchange at
// move 3 and a pass at move 6 so that every kind of move is reviewed.
// Returns every state from the first (states[k] is the position before
// move k + 1) and the moves' results.
async function playGame(seed, maxMoves = 200) {
  let r = await post(api('games'), { seed });
  let { state, game } = r.body;
  const states = [state];
  while (!game.gameOver && states.length <= maxMoves) {
    const n = states.length;
    let move = chooseMove(game);
    if (n === 3) move = { type: 'exchange', tiles: game.hands[game.turn].slice(0, 2) };
    if (n === 6) move = { type: 'pass' };
    r = await post(api('move'), { state, move });
    assert.equal(r.status, 200, r.text);
    ({ state, game } = r.body);
    states.push(state);
  }
  return { states, game };
}

describe('POST /api/v1/review', () => {
  test('each move\'s best play is the best /plays listed before it, in the same form', async () => {
    const { states, game } = await playGame('review-api', 14);
    const last = states[states.length - 1];
    const r = await post(api('review'), { state: last });
    assert.equal(r.status, 200, r.text);
    const full = (await post(api('decode'), { state: last })).body;
    assert.equal(r.body.moves.length, full.moveNumber);
    assert.equal(r.body.moves.length, states.length - 1);
    let scored = 0; let possible = 0;
    for (let k = 0; k < r.body.moves.length; k++) {
      const m = r.body.moves[k]; const h = full.history.moves[k];
      assert.deepEqual([m.number, m.player, m.type, m.points], [h.number, h.player, h.type, h.points]);
      const plays = await post(api('plays'), { state: states[k], limit: 1 });
      assert.equal(plays.status, 200, plays.text);
      assert.equal(plays.body.player, m.player);
      assert.deepEqual(m.best, plays.body.plays[0] ?? null, `move ${k + 1}`);
      assert.ok(m.points <= (m.best?.points ?? 0), 'no move beats its rack\'s best');
      scored += m.points;
      possible += m.best?.points ?? 0;
    }
    assert.equal(r.body.moves[2].type, 'exchange');
    assert.equal(r.body.moves[5].type, 'pass');
    assert.ok(r.body.moves[2].best && r.body.moves[5].best, 'an exchange and a pass have a best play too');
    assert.equal(r.body.scored, scored);
    assert.equal(r.body.possible, possible);
    assert.equal(game.gameOver, false);
    // The best play is a real move: /move accepts it with its points.
    const m = await post(api('move'), { state: states[0], move: r.body.moves[0].best.move });
    assert.equal(m.body.result.points, r.body.moves[0].best.points);
  });

  test('a new game has nothing to review; the same request gives the same bytes', async () => {
    const g = await post(api('games'), { seed: 'review-empty' });
    const r = await post(api('review'), { state: g.body.state });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body, { moves: [], scored: 0, possible: 0 });
    const { states } = await playGame('review-bytes', 4);
    const a = await post(api('review'), { state: states[4] });
    const b = await post(api('review'), { state: states[4] });
    assert.equal(a.text, b.text);
  });

  test('a classic link is reviewed from its position on; a finished classic game has nothing', async () => {
    const s = encode(makeState({
      board: boardWith([[7, 6, 'H', 'CAT']]), p1: [...'SEATRON'], p2: [...'DGILMPU'], score: 10,
    }));
    const r0 = await post(api('review'), { state: s });
    assert.deepEqual(r0.body, { moves: [], scored: 0, possible: 0 });
    const best = (await post(api('plays'), { state: s, limit: 1 })).body.plays[0];
    const m = await post(api('move'), { state: s, format: 'v2', move: { type: 'pass' } });
    const r1 = await post(api('review'), { state: m.body.state });
    assert.equal(r1.status, 200, r1.text);
    assert.equal(r1.body.moves.length, 1);
    assert.deepEqual(r1.body.moves[0], { number: 1, player: 'P1', type: 'pass', points: 0, best });
    const over = encode(makeState({ p1: [...'SEATRON'], p2: [...'DGILMPU'], gameOver: true,
      extra: { ending: { reason: 'passes', adjustment: 0 } } }));
    const r2 = await post(api('review'), { state: over });
    assert.equal(r2.status, 200, r2.text);
    assert.deepEqual(r2.body, { moves: [], scored: 0, possible: 0 });
  });

  test('bad input: clear 400s, 405', async () => {
    const s = (await post(api('games'), { seed: 'review-bad' })).body.state;
    assertError(await post(api('review'), {}), 400, 'bad_request', /^state:/);
    assertError(await post(api('review'), { state: s, limit: 3 }), 400, 'bad_request', /unknown key "limit"/);
    assertError(await post(api('review'), { state: 'not a state' }), 400, 'bad_state');
    assertError(await post(api('review'), { state: `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}` }), 400, 'bad_state', /damaged/);
    assertError(await post(api('review'), '[1]'), 400, 'bad_request');
    assertError(await post(api('review'), ''), 400, 'bad_request');
    const other = makeState({ p1: [...'SEATRON'], p2: [...'DGILMPU'], extra: { lexicon: 'nope' } });
    assertError(await post(api('review'), { state: encode(other) }), 400, 'unknown_lexicon');
    const get = await fetch(api('review'));
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('allow'), 'POST');
  });
});

describe('the review on the pages', () => {
  test('POST /game/review answers the cells, GET /game/review the page with them; the board page has none', async () => {
    const { states } = await playGame('review-pages', 7);
    const s = states[7];
    const json = (await post(api('review'), { state: s })).body;
    const want = json.moves.map((m) => cellText(m.best));
    const cells = await form('/game/review', s);
    assert.equal(cells.status, 200);
    assert.match(cells.type, /^text\/html/);
    assert.match(cells.text, /^<table><tr><td>/);
    assert.deepEqual(reviewCells(cells.text), want);
    const filled = await page(`/game/review?s=${encodeURIComponent(s)}`);
    assert.equal(filled.status, 200);
    assert.deepEqual(reviewCells(filled.text), want);
    assert.match(filled.text, /<th scope=col>Best available<\/th>/);
    assert.ok(!filled.text.includes('data-testid="review-link"'));
    // The board page: the same column, its cells empty, its heading no
    // link; a link under the list leads to the page.
    const board = await page(`/?s=${encodeURIComponent(s)}`);
    assert.deepEqual(reviewCells(board.text), want.map(() => ''));
    assert.match(board.text, /<th scope=col>Best available<\/th>/);
    assert.ok(board.text.includes(`<a href="/game/review?s=${s}" data-testid="review-link">`));
    const script = await form('/game', s);
    assert.deepEqual(reviewCells(script.text), want.map(() => ''));
  });

  test('the review never tells the rack still to play: the same answers whatever it holds', async () => {
    // Two classic positions alike but for P2's rack (the bag makes up the
    // difference); P1 plays the same word in both, and P2 is to move.
    const board = boardWith([[7, 5, 'H', 'QUIXOTE']]);
    const p1 = [...'SEATRON'];
    const a = encode(makeState({ board, p1, p2: [...'DGILMPU'], score: 60, gameId: 'reviewSame' }));
    const b = encode(makeState({ board, p1, p2: [...'AEIRSTB'], score: 60, gameId: 'reviewSame' }));
    const play = (await post(api('plays'), { state: a, limit: 1 })).body.plays[0];
    const ma = await post(api('move'), { state: a, format: 'v2', move: play.move });
    const mb = await post(api('move'), { state: b, format: 'v2', move: play.move });
    assert.equal(ma.status, 200, ma.text);
    assert.equal(mb.status, 200, mb.text);
    const [sa, sb] = [ma.body.state, mb.body.state];
    assert.notEqual(sa, sb);
    // What P2 could play now differs between the two...
    const nowA = (await post(api('plays'), { state: sa, limit: 1 })).body.plays[0];
    const nowB = (await post(api('plays'), { state: sb, limit: 1 })).body.plays[0];
    assert.notDeepEqual(nowA, nowB);
    // ...and the review is the same, byte for byte, and names neither.
    const ra = await post(api('review'), { state: sa });
    const rb = await post(api('review'), { state: sb });
    assert.equal(ra.text, rb.text);
    assert.equal(ra.body.moves.length, 1);
    assert.deepEqual(ra.body.moves[0].best, play);
    const ca = await form('/game/review', sa);
    const cb = await form('/game/review', sb);
    assert.equal(ca.text, cb.text);
    assert.deepEqual(reviewCells(ca.text), [cellText(play)]);
    for (const [s, now] of [[sa, nowA], [sb, nowB]]) {
      const texts = [
        (await post(api('review'), { state: s })).text,
        (await form('/game/review', s)).text,
        (await page(`/game/review?s=${encodeURIComponent(s)}`)).text,
        (await page(`/?s=${encodeURIComponent(s)}`)).text,
        (await form('/game', s)).text,
      ];
      for (const t of texts) {
        assert.ok(!t.includes(cellText(now)), `${cellText(now)} shown before its move`);
        assert.ok(!t.includes(JSON.stringify(now.move)), 'the current best move in an answer');
      }
    }
  });

  test('the game-over page leaves the review to its script, which gets the cells and the total', async () => {
    const { states, game } = await playGame('review-over');
    assert.equal(game.gameOver, true, 'played to its end');
    const s = states[states.length - 1];
    const json = (await post(api('review'), { state: s })).body;
    const over = await page(`/?s=${encodeURIComponent(s)}`);
    assert.equal(over.status, 200);
    assert.match(over.text, /data-view="over"/);
    // The page itself reviews nothing: empty cells, the review's link, and
    // the total's place for the script.
    assert.ok(reviewCells(over.text).every((c) => c === ''), 'no review in the page');
    assert.ok(over.text.includes('href="/game/review?s='), 'the link to the review');
    assert.ok(over.text.includes('<p id="review-total" hidden></p>'));
    const cells = await form('/game/review', s);
    assert.deepEqual(reviewCells(cells.text), json.moves.map((m) => cellText(m.best)));
    // Thousands are written as the issue writes them: "a possible 1,034".
    assert.ok(json.possible >= 1000, `a possible ${json.possible}`);
    const fmt = (n) => n.toLocaleString('en-US');
    const sentence = `Review: you scored <strong>${fmt(json.scored)}</strong> of a possible <strong>${fmt(json.possible)}</strong>`;
    assert.match(cells.text, /<p id="review-total" data-testid="review-total" data-result="[^"]*" data-grade="\w+" data-pct=\d+>/);
    assert.ok(cells.text.includes(`>${sentence}`), cells.text.slice(-300));
    const full = await page(`/game/review?s=${encodeURIComponent(s)}`);
    assert.deepEqual(reviewCells(full.text), json.moves.map((m) => cellText(m.best)));
    assert.ok(full.text.includes(`<p data-testid="review-total">${sentence}`), `scored ${json.scored} of ${json.possible}`);
    assert.ok(json.scored < json.possible, 'the bot does not always find the best play');
    assert.ok(!full.text.includes('href="/game/review'), 'nothing left to fetch');
  });

  test('bad requests get the error page', async () => {
    assert.equal((await form('/game/review', 'not a link')).status, 400);
    assert.equal((await form('/game/review', '')).status, 400);
    assert.equal((await page('/game/review?s=2AAAA')).status, 400);
    const r = await fetch(`${srv.url}/game/review`, { method: 'DELETE' });
    assert.equal(r.status, 405);
    assert.equal(r.headers.get('allow'), 'GET, HEAD, POST');
    const none = await fetch(`${srv.url}/game/review`, { redirect: 'manual' });
    assert.equal(none.status, 303);
    assert.equal(none.headers.get('location'), '/');
  });
});
