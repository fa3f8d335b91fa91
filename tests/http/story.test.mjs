// tests/http/story.test.mjs - the game's story (server/render_story.c) on
// the pages that hold it, against the real collabble binary: the picture
// of the team's running score against the best plays' on the review's
// page (both lines, with the totals the JSON review gives) and on a
// finished game's page a browser navigates to (the team's line alone: the
// review is not made for that page), parsed as XML by libxml2's xmllint,
// and at most 2 KB on the wire; the pages the script fetches carry only
// the link to it; the longest history a link holds, whose review runs
// out of budget, says which moves were not reviewed.
// SPDX-License-Identifier: MIT
//
// Run: COLLABBLE_BIN=build/server/collabble node --test tests/http/story.test.mjs
// Needs xmllint (Debian's libxml2-utils, scripts/deps.sh test): it fails,
// not skips, without it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { startServer, post } from './server.mjs';
import { playGame } from './bot.mjs';

// core/limits.h's CLB_STORY_WIRE_MAX and CLB_STORY_MARK_ALL_MAX.
const WIRE_MAX = 2048;
const MARK_ALL_MAX = 50;

let srv;
before(async () => { srv = await startServer(); });
after(async () => { if (srv) assert.equal(await srv.stop(), 0, srv.log()); });

async function get(path) {
  const r = await fetch(`${srv.url}${path}`);
  return { status: r.status, headers: r.headers, text: await r.text() };
}

async function form(path, s) {
  const r = await fetch(`${srv.url}${path}`, { method: 'POST', body: new URLSearchParams({ s }) });
  return { status: r.status, text: await r.text() };
}

// The page's one story: its block and the <svg> inside it.
function storyOf(html) {
  const figures = html.split('<div class="story"').length - 1;
  assert.equal(figures, 1, 'one story on the page');
  const fig = html.slice(html.indexOf('<div class="story"'), html.indexOf('</svg></div>') + 12);
  const svg = fig.slice(fig.indexOf('<svg'), fig.indexOf('</svg>') + 6);
  return { fig, svg };
}

// The SVG must be well-formed XML: libxml2's parser reads it (with the
// SVG namespace added, which HTML gives the element by itself) and writes
// it back; a parse error fails the test with xmllint's message.
function parseXml(svg) {
  const doc = svg.replace('<svg ', '<svg xmlns="http://www.w3.org/2000/svg" ');
  const r = spawnSync('xmllint', ['--nonet', '-'], { input: doc, encoding: 'utf8' });
  assert.ok(!r.error, `xmllint: ${r.error?.message} (Debian: apt-get install libxml2-utils)`);
  assert.equal(r.status, 0, `xmllint refused the story:\n${r.stderr}\n${svg}`);
  return r.stdout;
}

// Each path's d, by class.
function paths(svg) {
  const out = {};
  for (const m of svg.matchAll(/<path class="(\w+)"[^>]* d="([^"]*)"\/>/g)) (out[m[1]] ??= []).push(m[2]);
  return out;
}

// The points of a path of relative steps ("M36 160l12-4h12..."), absolute.
function points(d) {
  const m = /^M(\d+) (\d+)/.exec(d);
  assert.ok(m, d);
  let x = +m[1]; let y = +m[2];
  const pts = [[x, y]];
  for (const s of d.slice(m[0].length).matchAll(/([hl])(-?\d+)(?:( |(?=-))(-?\d+))?/g)) {
    x += +s[2];
    if (s[1] === 'l') y += +s[4];
    pts.push([x, y]);
  }
  return pts;
}

// What every story must be: parsed as XML, labelled and described, inside
// the viewBox, integers only, no style or script, small on the wire.
function checkStory(html, what) {
  const { fig, svg } = storyOf(html);
  parseXml(svg);
  assert.match(svg, /^<svg viewBox="0 0 320 184" width="100%" fill="currentColor" font-size="12" role="img" aria-labelledby="story-c" aria-describedby="story-d">/);
  assert.match(fig, /<p id="story-c">The game&#39;s story: [^<]+<\/p>/);
  assert.match(svg, /<desc id="story-d">[^<]+<\/desc>/);
  // Nothing the Content-Security-Policy refuses, no colour of its own.
  assert.doesNotMatch(fig, /style=|<script|\son[a-z]+=|<foreignObject|="#/i);
  for (const d of svg.matchAll(/ d="([^"]*)"/g)) assert.doesNotMatch(d[1], /[.eE]/, 'integers only');
  for (const p of Object.values(paths(svg)).flat().filter((d) => /^M\d+ \d+[hl]/.test(d) && !/z/.test(d))) {
    for (const [x, y] of points(p)) assert.ok(x >= 0 && x <= 320 && y >= 0 && y <= 184, `${p}: (${x}, ${y})`);
  }
  const wire = gzipSync(svg).length;
  console.log(`# ${what}: the story is ${svg.length} bytes, ${wire} gzipped`);
  assert.ok(wire <= WIRE_MAX, `${what}: ${wire} bytes gzipped`);
  return { fig, svg, d: paths(svg) };
}

// A finished game of the bot's (it plays one word through one tile, never
// the best play: the two lines part), decoded with its history.
let game;
async function finished() {
  if (game) return game;
  const { state } = await playGame(srv.url, 'story-http');
  const full = (await post(`${srv.url}/api/v1/decode`, { state })).body;
  assert.ok(full.game.gameOver);
  const review = (await post(`${srv.url}/api/v1/review`, { state })).body;
  game = { state, moves: full.history.moves, review, final: full.game.score };
  return game;
}

// The link from a finished page to the story on the review's page.
const linkTo = (state) => `<a href="/game/review?s=${state}" data-testid="story-link">`;

test('the finished game\'s page draws the team\'s score move by move; the best plays come with the review', async () => {
  const { state, moves } = await finished();
  const r = await get(`/?s=${state}`);
  assert.equal(r.status, 200);
  assert.match(r.headers.get('content-security-policy'), /style-src 'self'/);
  assert.ok(r.text.includes(linkTo(state)), 'the link to the review\'s story');
  const { fig, svg, d } = checkStory(r.text, 'finished page');
  assert.match(fig, /\(the best plays&#39; running total comes with the review\)/);
  assert.equal(d.s9, undefined, 'no best plays\' line without the review');
  // The team's line: a point before the first move and one after each,
  // rising with the score (y grows down), level on a move of no points.
  const team = points(d.s0.find((p) => p.startsWith('M36 ')));
  assert.equal(team.length, moves.length + 1);
  for (let k = 1; k < team.length; k++) {
    assert.ok(team[k][0] > team[k - 1][0]);
    if (moves[k - 1].points === 0) assert.equal(team[k][1], team[k - 1][1], `move ${k}`);
    else assert.ok(team[k][1] <= team[k - 1][1], `move ${k}`);
  }
  assert.equal(team[team.length - 1][0], 314);
  // Each player's moves by shape: one dot or square a move (and the
  // legend's), at the team line's point.
  assert.ok(moves.length <= MARK_ALL_MAX, 'a game short enough to mark every move');
  for (const [cls, who] of [['s1', 'P1'], ['s2', 'P2']]) {
    const marks = d[cls].filter((p) => !/^M(4|70) 26h0$/.test(p));
    const n = marks.length ? marks[0].split('h0').length - 1 : 0;
    assert.equal(n, moves.filter((m) => m.player === who).length, `${cls}: ${marks}`);
  }
  // Bingos: one triangle each (and the legend's).
  const bingos = moves.filter((m) => m.bingo);
  assert.equal(d.sb.join('').split('z').length - 1, bingos.length + 1);
  for (const b of bingos) assert.ok(svg.includes(`${b.words[0]} (move ${b.number}, Player ${b.player.slice(1)})`), b.words[0]);
  assert.match(svg, new RegExp(`After move ${moves.length} the team had ${moves[moves.length - 1].score} points`));
});

test('the page the script fetches, a first visit\'s, draws the team\'s line too, with the link', async () => {
  const { state, moves } = await finished();
  const page = await form('/game', state);
  assert.equal(page.status, 200);
  assert.ok(page.text.includes(linkTo(state)));
  const { fig, d } = checkStory(page.text, 'the script\'s finished page');
  assert.match(fig, /comes with the review/);
  assert.equal(d.s9, undefined, 'no best plays\' line without the review');
  assert.equal(points(d.s0.find((p) => p.startsWith('M36 '))).length, moves.length + 1);
  // The same picture as the finished page a browser navigates to.
  const plain = await get(`/?s=${state}`);
  const pic = (h) => h.slice(h.indexOf('<div class="story"'), h.indexOf('</svg></div>') + 12);
  assert.equal(pic(page.text), pic(plain.text));
  const cells = await form('/game/review', state);
  assert.equal(cells.status, 200);
  assert.ok(!cells.text.includes('<svg'));
});

test('the review\'s page adds the best plays\' line, with the JSON review\'s totals', async () => {
  const { state, moves, review } = await finished();
  assert.ok(!review.budgetExhausted);
  assert.ok(review.possible > review.scored, 'the bot is no best player');
  for (const [what, r] of [['review page', await get(`/game/review?s=${state}`)]]) {
    assert.equal(r.status, 200, what);
    assert.ok(!r.text.includes('data-testid="story-link"'), 'the story itself, no link to it');
    const { fig, svg, d } = checkStory(r.text, what);
    assert.match(fig, /against the best plays&#39; running total<\/p>/);
    assert.ok(svg.includes(`the best plays added up to ${review.possible}.`), svg);
    assert.doesNotMatch(svg, /not reviewed/i);
    const best = points(d.s9.find((p) => p.startsWith('M36 ')));
    const team = points(d.s0.find((p) => p.startsWith('M36 ')));
    assert.equal(best.length, moves.length + 1);
    // Never below the team: higher on the page, or level.
    for (let k = 0; k < best.length; k++) assert.ok(best[k][1] <= team[k][1], `move ${k}`);
    assert.ok(best[best.length - 1][1] < team[team.length - 1][1]);
  }
});

test('the longest history a link holds: the moves the review did not reach are said, within 2 KB', async () => {
  // 250 exchanges of whole racks (the game ends at the move limit): every
  // rack is searched on the empty board, more than the review's budget.
  let r = await post(`${srv.url}/api/v1/games`, { seed: 'story-long' });
  let { state, game } = r.body;
  for (let i = 0; !game.gameOver; i++) {
    assert.ok(i < 250);
    r = await post(`${srv.url}/api/v1/move`, { state, move: { type: 'exchange', tiles: game.hands[game.turn] } });
    assert.equal(r.status, 200, r.text);
    ({ state, game } = r.body);
  }
  const review = (await post(`${srv.url}/api/v1/review`, { state })).body;
  assert.equal(review.moves.length, 250);
  assert.ok(review.budgetExhausted, 'the review runs out of budget');
  const k = review.reviewedMoves;
  const page = await get(`/game/review?s=${state}`);
  const { svg, d } = checkStory(page.text, 'the longest history');
  assert.ok(svg.includes(`After move ${k} the team had 0 and the best plays ${review.possible}; moves ${k + 1}\u2013250 were not reviewed`), svg);
  // The best plays' line stops at move k, where a line marks the stop.
  const best = points(d.s9.find((p) => p.startsWith('M36 ')));
  assert.equal(best.length, k + 1);
  const stop = d.sc.find((p) => p.endsWith('V160'));
  assert.equal(+/^M(\d+)/.exec(stop)[1], best[k][0]);
  assert.match(svg, />Not reviewed after<\/text>/);
  // No move played a bingo or met a goal: past 50 moves, no player marks.
  assert.deepEqual(d.s1, ['M4 26h0']);
  assert.deepEqual(d.s2, ['M70 26h0']);
  const finishedPage = await get(`/?s=${state}`);
  checkStory(finishedPage.text, 'the longest history, finished page');
});
