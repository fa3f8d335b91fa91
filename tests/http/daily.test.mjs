// tests/http/daily.test.mjs - the daily deal and the grade against the real
// collabble binary: GET /daily sends to today's (UTC) date; a date's deal
// is the game dealt from 1,000,000,000 + its day number, read back from the
// link by the independent reader (tests/node/link2.mjs) and computed here
// from the calendar; dates that are not one, too early or too late are
// refused; a daily deal is told from its seed alone; a finished daily
// deal's review carries the grade and the result to share, checked against
// the API's totals and the bands written again here from docs/RULES.md.
// SPDX-License-Identifier: MIT
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, post } from './server.mjs';
import { readLink, seedFromText } from '../node/link2.mjs';
import { chooseMove } from './bot.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { if (srv) assert.equal(await srv.stop(), 0, srv.log()); });

const iso = (ms) => new Date(ms).toISOString().slice(0, 10);
const DAY = 864e5;
// docs/RULES.md, "The daily deal": the seed of date D is 1,000,000,000 + the
// days from 1970-01-01 to D.
const seedOf = (date) => 1e9 + Date.parse(`${date}T00:00:00Z`) / DAY;

async function get(path) {
  const r = await fetch(`${srv.url}${path}`, { redirect: 'manual' });
  return { status: r.status, location: r.headers.get('location'), text: await r.text() };
}
const stateOf = (html) => /data-state="([^"]+)"/.exec(html)?.[1];

test('GET /daily sends to today\u2019s date (UTC)', async () => {
  const before = iso(Date.now());
  const r = await get('/daily');
  const after = iso(Date.now());
  assert.equal(r.status, 303);
  assert.ok([`/daily?date=${before}`, `/daily?date=${after}`].includes(r.location), r.location);
  assert.equal((await get('/daily?date=')).status, 303);
});

test('a date deals the game of its seed: 1,000,000,000 + its day number', async () => {
  // 2026-12-01 is day 20,788 (56 years, 14 leap days, 334 days to December).
  assert.equal(seedOf('2026-12-01'), 1000020788);
  const dates = ['2026-12-01', '2026-12-02', iso(Date.now()), iso(Date.now() + DAY)];
  for (const date of dates) {
    const r = await get(`/daily?date=${date}`);
    assert.equal(r.status, 200, `${date}: ${r.text.slice(0, 300)}`);
    const s = stateOf(r.text);
    const link = readLink(s);
    assert.deepEqual(link.start, { type: 'seed', seed: seedOf(date) }, date);
    assert.equal(link.moves.length, 0);
    assert.ok(r.text.includes(`data-daily=${date}`), date);
    assert.ok(r.text.includes(`>Daily deal ${date}</p>`), date);
    // The same every time: every team gets the same first racks.
    assert.equal(stateOf((await get(`/daily?date=${date}`)).text), s);
  }
  assert.equal(stateOf((await get('/daily?date=2026-12-01')).text), '2POQtO5sbNA',
    'docs/RULES.md\'s example');
});

test('a date that is not one, before the first deal or after tomorrow is refused', async () => {
  for (const date of ['2026-02-29', '2026-04-31', '2026-13-01', '2026-11-30', '1970-01-01',
    iso(Date.now() + 2 * DAY), '2026-12-1', 'today', '2026-12-01x', '%00']) {
    const r = await get(`/daily?date=${encodeURIComponent(date)}`);
    assert.equal(r.status, 400, date);
    assert.match(r.text, /daily deal&#39;s date is written YYYY-MM-DD/, date);
  }
  const r = await fetch(`${srv.url}/daily`, { method: 'POST' });
  assert.equal(r.status, 405);
});

test('a daily deal is told from its seed: a seed text that is no date is no daily deal', async () => {
  const r = await get('/new?seed=2026-12-01');
  assert.equal(r.status, 200);
  assert.equal(readLink(stateOf(r.text)).start.seed, seedFromText('2026-12-01'));
  assert.ok(!r.text.includes('data-daily'), 'a seed text is not the date\u2019s deal');
  assert.ok(!r.text.includes('Daily deal'));
});

// The grade bands of docs/RULES.md ("Grades"), written again.
function grade(scored, possible) {
  const pct = Math.floor((100 * scored) / possible);
  const name = pct >= 100 ? 'Perfect' : pct >= 90 ? 'Superb' : pct >= 75 ? 'Expert'
    : pct >= 60 ? 'Strong' : pct >= 40 ? 'Good' : 'Learning';
  return { pct, name };
}

test('a finished daily deal\u2019s review: the grade and the result to share, nothing of the board', async () => {
  let state = stateOf((await get('/daily?date=2026-12-01')).text);
  let game = (await post(`${srv.url}/api/v1/decode`, { state })).body.game;
  const words = [];
  // The bot's plays for ten moves (not always the best), then two passes.
  for (let n = 0; !game.gameOver; n++) {
    const move = n < 10 ? chooseMove(game) : { type: 'pass' };
    const r = await post(`${srv.url}/api/v1/move`, { state, move });
    assert.equal(r.status, 200, r.text);
    ({ state, game } = r.body);
    if (r.body.result?.words) words.push(...r.body.result.words);
  }
  const turns = readLink(state).moves.length;
  const rv = (await post(`${srv.url}/api/v1/review`, { state })).body;
  const g = grade(rv.scored, rv.possible);
  const r = await fetch(`${srv.url}/game/review`, { method: 'POST', body: new URLSearchParams({ s: state }) });
  const html = await r.text();
  const pts = game.score === 1 ? 'point' : 'points';
  const text = `Collabble daily 2026-12-01 \u00b7 ${game.score} ${pts} \u00b7 ${g.pct}% of the best plays \u00b7 ${g.name} \u00b7 ${turns} turns`;
  assert.ok(html.includes(`data-result="${text}" data-grade="${g.name}" data-pct=${g.pct}>`), html.slice(-700));
  assert.ok(html.includes(`Grade: <strong data-testid="grade">${g.name}</strong>, ${g.pct}% of the best plays.`));
  const result = /data-result="([^"]*)"/.exec(html)[1];
  for (const w of words) assert.ok(!result.includes(w), `the result names ${w}`);

  // The result link's page: read-only, Play today's deal first.
  const over = await get(`/?s=${state}`);
  assert.ok(over.text.includes('data-view="over"'));
  assert.ok(over.text.includes('data-testid="play-daily">Play today&#39;s deal</button>'));
  assert.ok(over.text.indexOf('play-daily') < over.text.indexOf('data-testid="new-game"'));
  assert.ok(over.text.includes('data-testid="copy-result"'));

  // A game still on has neither the total nor a result.
  const first = stateOf((await get('/daily?date=2026-12-01')).text);
  const one = await post(`${srv.url}/api/v1/move`, { state: first, move: { type: 'pass' } });
  const on = await fetch(`${srv.url}/game/review`, { method: 'POST', body: new URLSearchParams({ s: one.body.state }) });
  assert.ok(!(await on.text()).includes('data-result'));
});
