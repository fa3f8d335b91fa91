// tests/browser/partner.test.mjs - solo games with the computer in Debian's
// Chromium: a solo game played to its end at each level with the script
// (End Turn answers the move and the computer's reply: its tiles marked as
// the last move, the live region announcing it, the move list marking it,
// the link kept the one after it), one played to its end without
// JavaScript (the forms), and one whose link is handed to a second browser
// context that takes Player 2's seat.
//
// A whole game through the page would take minutes: each game is dealt
// from a seed and its early turns are played through the API (the top
// play, as the same server's /plays finds it; the computer replies there
// too), so the page plays the last turns, to the end.
// SPDX-License-Identifier: MIT
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';

let srv, browser;
before(async () => ({ srv, browser } = await h.startBoth()));
after(() => h.stopBoth(srv, browser));

const COLS = 'ABCDEFGHIJKLMNO';

// The top play of the player to move in s, or null when there is none.
async function topPlay(s) {
  const r = await h.postSearch(`${srv.url}/api/v1/plays`, { state: s, limit: 1 });
  assert.equal(r.status, 200, r.text);
  return r.body.plays[0] ?? null;
}

// A solo game at `level`, its turns played through the API until the bag
// holds fewer than `left` tiles: the link for the page to go on with.
async function nearTheEnd(seed, level, left = 12) {
  let r = await h.post(`${srv.url}/api/v1/games`, { seed, partner: 'computer', level });
  for (let i = 0; i < 60; i++) {
    const g = r.body.game;
    const bag = Object.values(g.bag).reduce((a, b) => a + b, 0);
    if (g.gameOver || bag < left) break;
    const p = await topPlay(r.body.state);
    r = await h.postSearch(`${srv.url}/api/v1/move`, { state: r.body.state, move: p ? p.move : { type: 'pass' } });
    assert.equal(r.status, 200, r.text);
  }
  assert.equal(r.body.game.gameOver, false, 'the page has turns left to play');
  return r.body.state;
}

// What the page must show after a turn whose answer is state s: the
// computer's reply (when the game went on) marked as the last move, told
// in the live region, marked in the move list; the link kept is s.
async function checkReply(page, s) {
  const full = await h.gameOf(srv.url, s, { full: true });
  const moves = full.history.moves, last = moves[moves.length - 1];
  if (!last.computer) return full; // the human's move ended the game
  const said = last.type === 'play' ? `The computer played ${last.words[0]} for ${last.points} point`
    : last.type === 'pass' ? 'The computer passed' : 'The computer exchanged';
  await page.waitForFunction((t) => document.getElementById('live')?.textContent.startsWith(t), said);
  assert.ok((await page.textContent('[data-testid=partner-reply]')).startsWith(said));
  assert.match(await page.textContent('[data-testid=last-move]'), /^The computer /);
  if (last.type === 'play') {
    assert.deepEqual(await h.cellsWith(page, 'lm'), h.sortCells(last.tiles.map((t) => [t.row, t.col])),
      'the reply\'s tiles are marked as the last move');
  }
  const rows = await page.$$eval('#moves tbody tr', (trs) => trs.map((tr) => tr.children[1]?.textContent));
  assert.equal(rows[moves.length - 1], 'P2 computer');
  assert.equal(rows[moves.length - 2], 'P1');
  assert.ok(JSON.stringify(await h.savedRecord(page)).includes(s), 'the link kept is the one after the reply');
  return full;
}

for (const level of ['casual', 'good', 'best']) {
  test(`with the script: a solo game at ${level} played to its end`, async () => {
    const p = await h.newPlayer(browser, srv.url);
    try {
      const start = await nearTheEnd(`browser solo ${level}`, level);
      await p.page.goto(h.appPath(`/#${start}`));
      let s = await h.waitForGame(p.page);
      assert.equal(s, start);
      let turns = 0;
      for (; turns < 30; turns++) {
        const play = await topPlay(s);
        if (play) {
          await h.placeTiles(p.page, play.move.tiles);
          await h.previewText(p.page, { expect: h.previewOf(play) });
          const r = await h.endTurn(p.page);
          assert.ok(r.moved, `the play was refused: ${r.error}`);
          s = r.state;
        } else {
          s = await h.pass(p.page);
        }
        const full = await checkReply(p.page, s);
        if (full.game.gameOver) { turns++; break; }
      }
      const g = await h.gameOf(srv.url, s);
      assert.equal(g.gameOver, true, 'the game ended');
      console.log(`# ${level}: ${turns} turns on the page, final score ${g.score} (${g.ending.reason})`);
      assert.match(await p.page.textContent('#send-h'), /The final board/);
      h.quiet(p);
    } finally {
      await p.ctx.close();
    }
  });
}

// The notation the play form takes for a play found by /plays: its main
// word's first square (row, then column) and the whole word, the letters
// already on the board included, a blank it places in lowercase.
function formOf(play) {
  const m = play.at.match(/^([A-O])(\d+)$|^(\d+)([A-O])$/);
  const col = COLS.indexOf(m[1] ?? m[4]), row = +(m[2] ?? m[3]) - 1;
  const down = play.direction === 'down';
  const blanks = new Set(play.move.tiles.filter((t) => t.blank).map((t) => `${t.row},${t.col}`));
  const word = [...play.words[0]].map((ch, i) => (blanks.has(down ? `${row + i},${col}` : `${row},${col + i}`) ? ch.toLowerCase() : ch)).join('');
  return { at: `${row + 1}${COLS[col]}`, dir: down ? 'down' : 'across', word };
}

test('without JavaScript: a solo game played to its end with the forms', async () => {
  const ctx = await browser.newContext({ baseURL: srv.url, javaScriptEnabled: false, viewport: h.DESKTOP });
  ctx.setDefaultTimeout(10000);
  const page = await ctx.newPage();
  try {
    // The landing page's form starts it.
    await page.goto(h.appPath('/'));
    await page.fill('[data-testid=seed]', 'browser solo plain');
    await page.selectOption('#partner', 'good');
    await page.click('form [data-testid=new-game]');
    await page.waitForURL((u) => u.pathname.endsWith('/new') && u.searchParams.get('seed') === 'browser solo plain' &&
      u.searchParams.get('partner') === 'good');
    const first = await page.getAttribute('#app', 'data-state');
    const api = await h.post(`${srv.url}/api/v1/games`, { seed: 'browser solo plain', partner: 'computer', level: 'good' });
    assert.equal(first, api.body.state);
    const start = await nearTheEnd('browser solo plain', 'good');
    await page.goto(h.appPath(`/game?s=${start}`));
    let s = start;
    for (let turn = 0; turn < 30; turn++) {
      const play = await topPlay(s);
      if (play) {
        const f = formOf(play);
        await page.fill('#nj-at', f.at);
        await page.selectOption('#nj-dir', f.dir);
        await page.fill('#nj-word', f.word);
        await page.click('[data-testid=nojs-play] button[value=play]');
      } else {
        await page.click('[data-testid=nojs-pass] button[value=pass]');
      }
      await page.waitForURL((u) => u.searchParams.get('s') !== s && /\/game\?s=[^&]+&me=1$/.test(u.pathname + u.search));
      const next = await page.getAttribute('#app', 'data-state');
      assert.notEqual(next, s, await page.textContent('body'));
      s = next;
      const full = await h.gameOf(srv.url, s, { full: true });
      const moves = full.history.moves, last = moves[moves.length - 1];
      if (last.computer) {
        // One answer: the human's move and the computer's reply after it.
        assert.equal(moves[moves.length - 2].computer, undefined);
        assert.match(await page.textContent('[data-testid=last-move]'), /^The computer (played|passed|exchanged)/);
        const rows = await page.$$eval('#moves tbody tr', (trs) => trs.map((tr) => tr.children[1]?.textContent));
        assert.equal(rows[moves.length - 1], 'P2 computer');
      }
      if (full.game.gameOver) break;
    }
    assert.equal((await h.gameOf(srv.url, s)).gameOver, true, 'the game ended');
  } finally {
    await ctx.close();
  }
});

test('a solo game\'s link handed to a friend, who takes Player 2\'s seat', async () => {
  const a = await h.newPlayer(browser, srv.url), b = await h.newPlayer(browser, srv.url);
  try {
    // Player 1 starts a solo game at casual from the landing page.
    await a.page.goto(h.appPath('/'));
    await a.page.fill('[data-testid=seed]', 'browser hand over');
    await a.page.selectOption('#partner', 'casual');
    await a.page.click('form [data-testid=new-game]');
    const s0 = await h.waitForGame(a.page);
    assert.equal((await h.gameOf(srv.url, s0, { full: true })).history.partner.level, 'casual');
    // A first turn with the computer's reply.
    let play = await topPlay(s0);
    await h.placeTiles(a.page, play.move.tiles);
    let r = await h.endTurn(a.page);
    assert.ok(r.moved);
    await checkReply(a.page, r.state);
    // The second turn hands the seat over: no reply, the link to send.
    play = await topPlay(r.state);
    await h.placeTiles(a.page, play.move.tiles);
    await a.page.check('[data-testid=handover]');
    r = await h.endTurn(a.page);
    assert.ok(r.moved);
    assert.equal(await a.page.locator('[data-testid=partner-reply]').count(), 0);
    assert.equal(await a.page.getAttribute('#app', 'data-view'), 'wait');
    assert.match(await a.page.textContent('#send-h'), /Waiting for Player 2/);
    const handed = await h.gameOf(srv.url, r.state, { full: true });
    assert.deepEqual(handed.history.partner, { level: 'casual', handover: 3 });
    const link = await h.copyLink(a.page);
    // The friend opens it in a browser of their own and plays Player 2.
    await b.page.goto(link);
    const s1 = await h.waitForGame(b.page);
    assert.equal(s1, r.state);
    assert.equal(await h.stat(b.page, 'turn'), 'Player 2');
    play = await topPlay(s1);
    await h.placeTiles(b.page, play.move.tiles);
    const r2 = await h.endTurn(b.page);
    assert.ok(r2.moved);
    assert.equal(await b.page.locator('[data-testid=partner-reply]').count(), 0);
    assert.equal(await b.page.getAttribute('#app', 'data-view'), 'wait');
    const moves = (await h.gameOf(srv.url, r2.state, { full: true })).history.moves;
    assert.equal(moves.length, 4);
    assert.deepEqual(moves.map((m) => Boolean(m.computer)), [false, true, false, false]);
    // Player 1 gets the friend's link back and plays on: nobody replies.
    await a.page.goto(await h.copyLink(b.page));
    await h.waitForPosition(a.page, r2.state);
    play = await topPlay(r2.state);
    await h.placeTiles(a.page, play.move.tiles);
    const r3 = await h.endTurn(a.page);
    assert.ok(r3.moved);
    assert.equal(await a.page.getAttribute('#app', 'data-view'), 'wait');
    h.quiet(a);
    h.quiet(b);
  } finally {
    await a.ctx.close();
    await b.ctx.close();
  }
});
