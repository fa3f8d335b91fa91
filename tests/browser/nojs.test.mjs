// tests/browser/nojs.test.mjs - a game played without JavaScript, in
// Debian's Chromium with javaScriptEnabled:false: two players, each a
// browser context of their own, passing the links by pasting them into the
// landing page's box. A play (a refused one first, kept as typed), an
// exchange, a pass and the pass that ends the game, each with the move
// forms; a reload and Back never send a move again. A page with the script
// shows none of it.
// SPDX-License-Identifier: MIT
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import * as h from './helpers.mjs';

let srv, browser;
before(async () => ({ srv, browser } = await h.startBoth()));
after(() => h.stopBoth(srv, browser));

// A player whose browser runs no script.
async function plainPlayer() {
  const ctx = await browser.newContext({ baseURL: srv.url, javaScriptEnabled: false, viewport: h.DESKTOP });
  ctx.setDefaultTimeout(10000);
  const page = await ctx.newPage();
  const problems = [];
  page.on('dialog', (d) => { problems.push(`dialog: ${d.type()} ${d.message()}`); d.dismiss(); });
  return { ctx, page, problems };
}

const state = (page) => page.getAttribute('#app', 'data-state');
const view = (page) => page.getAttribute('#app', 'data-view');
const moves = async (s) => (await h.gameOf(srv.url, s, { full: true })).history.moves;

// Pastes a link into the landing page's box and opens it.
async function openPasted(page, link) {
  await page.goto(h.appPath('/'));
  assert.ok(await page.isVisible('#paste'), 'the landing page offers the box');
  await page.fill('#paste', link);
  await page.click(`noscript form button, form[action="${h.appPath('/game')}"] button`);
  await page.waitForURL(/\/game\?link=/);
}

// The link the mover is to send, as "Copy link" on the page's plain link
// gives it: its address made whole against the page's.
async function sentLink(page) {
  const href = await page.getAttribute('[data-testid=nojs-link]', 'href');
  assert.match(href, new RegExp(`^${h.appPath('/')}#[A-Za-z0-9_-]+$`));
  return new URL(href, page.url()).href;
}

test('a whole game turn by turn without JavaScript: play, exchange, pass, the pass that ends it', async () => {
  const p1 = await plainPlayer(), p2 = await plainPlayer();
  try {
    // Player 1 starts a game with the plain New game form.
    await p1.page.goto(h.appPath('/'));
    await p1.page.fill('[data-testid=seed]', 'nojs-turns');
    await p1.page.click('form [data-testid=new-game]');
    await p1.page.waitForURL(/\/new\?seed=nojs-turns/);
    const s0 = await state(p1.page);
    const g0 = await h.gameOf(srv.url, s0);
    assert.ok(await p1.page.isVisible('[data-testid=nojs-play]'), 'the play form');
    assert.equal(await p1.page.isVisible('[data-testid=end-turn]'), false, 'not the script\'s controls');
    // The help speaks of the forms; the controls only the script runs are
    // not in the page at all.
    await p1.page.click('.help summary');
    assert.match(await p1.page.textContent('.help'), /with the forms above/);
    assert.equal(await p1.page.locator('.help').count(), 1);
    assert.equal(await p1.page.locator('#zoom, #shuffle, #ex-bar, #eye svg').count(), 0);
    assert.match(await p1.page.getAttribute('#rack .tile >> nth=0', 'aria-label'), /^([A-Z]|Blank tile), \d+ points?$/);

    // A word the dictionary lacks first: refused, the form kept as typed.
    const bad = h.findNonWord(g0.hands.P1).map((t) => t.letter).join('');
    await p1.page.fill('#nj-at', '8h');
    await p1.page.fill('#nj-word', bad.toLowerCase());
    await p1.page.click('[data-testid=nojs-play] button[value=play]');
    await p1.page.waitForLoadState();
    assert.match(await p1.page.textContent('[data-testid=message]'), new RegExp(`Not in the dictionary: ${bad}`));
    assert.equal(await p1.page.inputValue('#nj-at'), '8h');
    assert.equal(await p1.page.inputValue('#nj-word'), bad.toLowerCase());
    assert.equal(await state(p1.page), s0, 'nothing was played');

    // Then a real first word, across from the star, typed in lowercase.
    const play = await h.findFirstPlay(srv.url, s0, g0.hands.P1);
    const word = play.tiles.map((t) => t.letter).join('');
    await p1.page.fill('#nj-at', '8H');
    await p1.page.selectOption('#nj-dir', 'across');
    await p1.page.fill('#nj-word', word.toLowerCase());
    await p1.page.click('[data-testid=nojs-play] button[value=play]');
    await p1.page.waitForURL(/\/game\?s=[^&]+&me=1/);
    assert.equal(await view(p1.page), 'wait');
    const s1 = await state(p1.page);
    const after1 = await h.gameOf(srv.url, s1);
    assert.equal(after1.score, play.points);
    assert.deepEqual(after1.board[7].slice(7, 7 + word.length), [...word]);
    const link1 = await sentLink(p1.page);
    assert.equal(link1, `${srv.url}/#${s1}`);
    await p1.page.screenshot({ path: path.join(artifacts(), 'nojs-wait.png'), fullPage: true });

    // A reload shows the page again; Back goes to the board before the
    // move; neither sends the move again (no resubmission prompt).
    await p1.page.reload();
    assert.equal(await state(p1.page), s1);
    await p1.page.goBack();
    assert.equal(await state(p1.page), s0);
    assert.deepEqual(p1.problems, []);
    assert.equal((await moves(s1)).length, 1);

    // Player 2 pastes the link and exchanges their first two tiles.
    await openPasted(p2.page, link1);
    assert.equal(await state(p2.page), s1);
    assert.equal(await h.stat(p2.page, 'turn'), 'Player 2');
    await p2.page.screenshot({ path: path.join(artifacts(), 'nojs-board.png'), fullPage: true });
    await p2.page.check('[data-testid=nojs-exchange] input[name=x0]');
    await p2.page.check('[data-testid=nojs-exchange] input[name=x1]');
    await p2.page.click('[data-testid=nojs-exchange] button[value=exchange]');
    await p2.page.waitForURL(/\/game\?s=[^&]+&me=2/);
    const s2 = await state(p2.page);
    const m2 = await moves(s2);
    assert.equal(m2.length, 2);
    assert.equal(m2[1].type, 'exchange');
    assert.deepEqual(m2[1].tiles, after1.hands.P2.slice(0, 2));

    // Player 1 opens it and passes; the form said what a pass does.
    await openPasted(p1.page, await sentLink(p2.page));
    assert.match(await p1.page.textContent('[data-testid=nojs-pass]'), /Pass this turn without playing\? If Player 2 passes next, the game ends\./);
    await p1.page.click('[data-testid=nojs-pass] button[value=pass]');
    await p1.page.waitForURL(/\/game\?s=[^&]+&me=1/);
    const s3 = await state(p1.page);
    assert.equal((await h.gameOf(srv.url, s3)).consecutivePasses, 1);

    // Player 2's pass would end the game: the form says so, with the cost.
    await openPasted(p2.page, await sentLink(p1.page));
    const g3 = await h.gameOf(srv.url, s3);
    const warning = await p2.page.textContent('[data-testid=nojs-pass]');
    assert.match(warning, /Passing now ends the game: Player 1 passed last turn/);
    assert.ok(warning.includes(`(${g3.score}, then`), warning);
    await p2.page.click('[data-testid=nojs-pass] button:text("Pass and end the game")');
    await p2.page.waitForURL(/\/game\?s=[^&]+&me=2/);
    assert.equal(await view(p2.page), 'over');
    const s4 = await state(p2.page);
    assert.ok((await h.gameOf(srv.url, s4)).gameOver);
    // The final board to send: its link, as on the waiting page.
    assert.equal(await sentLink(p2.page), `${srv.url}/#${s4}`);
    assert.deepEqual(p2.problems, []);
  } finally {
    await p1.ctx.close();
    await p2.ctx.close();
  }
});

test('with the script, the same page shows none of the forms and no paste box', async () => {
  const p = await h.newPlayer(browser, srv.url);
  try {
    const { state: s } = await h.playThrough(srv.url, 'nojs-script', 1);
    await p.page.goto(h.appPath(`/?s=${encodeURIComponent(s)}`));
    await h.waitForGame(p.page);
    assert.equal(await p.page.locator('[data-testid=nojs-forms], #nj-at').count(), 0);
    assert.ok(await p.page.isVisible('[data-testid=end-turn]'));
    // The script adds what only it runs, to this page (a GET, whose help
    // without script it leaves as text) and to the one it fetches for
    // /#S (a POST, which carries none of it): once each, the same.
    const made = async () => ({
      help: await p.page.locator('.help').count(),
      text: (await p.page.textContent('.help')).includes('Drag tiles from your rack'),
      controls: await p.page.locator('#zoom, #shuffle, #ex-bar, #eye svg').count(),
      labels: await p.page.$$eval('#rack .tile', (ts) => ts.map((t) => `${t.dataset.index}${t.dataset.letter}|${t.getAttribute('aria-label')}|${t.getAttribute('aria-pressed')}`)),
    });
    const fromGet = await made();
    assert.deepEqual([fromGet.help, fromGet.text, fromGet.controls], [1, true, 4]);
    assert.equal(fromGet.labels.length, 7);
    for (const l of fromGet.labels) assert.match(l, /^\d([A-Z]|BLANK)\|([A-Z]|Blank tile), \d+ points?\|false$/);
    await p.page.goto(h.appPath(`/#${s}`));
    await h.waitForGame(p.page);
    assert.deepEqual(await made(), fromGet);
    await p.page.goto(h.appPath('/'));
    assert.equal(await p.page.locator('#paste').count(), 0);
    assert.deepEqual(p.problems, []);
  } finally {
    await p.ctx.close();
  }
});

function artifacts() {
  const dir = h.artifactDir();
  mkdirSync(dir, { recursive: true });
  return dir;
}

// axe-core needs script, which a page without it does not run: the page's
// HTML as the server sends it is shown with its <noscript> content made
// plain markup and its own script left out (so the document is the one a
// browser without script builds, with the same stylesheet), and axe runs
// on that, the board's squares included (the server labels them there).
async function axeWithoutScript(p, url, scheme) {
  const html = await (await fetch(srv.url + url)).text();
  const plain = html.replace(/<\/?noscript>/g, '').replace(/<script src="[^"]*"[^>]*><\/script>/, '');
  const at = `${srv.url}/__nojs_axe__`;
  await p.page.route(at, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: plain }));
  await p.page.emulateMedia({ colorScheme: scheme });
  await p.page.goto(at);
  assert.equal(await p.page.evaluate(() => document.documentElement.classList.contains('js')), false);
  await p.page.addScriptTag({ path: path.join(h.REPO, 'node_modules', 'axe-core', 'axe.min.js') });
  const found = await p.page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => ['moderate', 'serious', 'critical'].includes(v.impact))
      .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ') + ': ' + n.failureSummary) }));
  });
  await p.page.unroute(at);
  return found;
}

test('axe finds nothing serious, critical or moderate on the pages without script, the board\'s squares included, light and dark', async () => {
  const p = await h.newPlayer(browser, srv.url, { bypassCSP: true });
  try {
    const { state: s } = await h.playThrough(srv.url, 'nojs', 2);
    const refused = `/game/turn?${new URLSearchParams({ s, act: 'play', at: 'Z9', dir: 'down', word: 'WORD' })}`;
    const next = (await h.post(`${srv.url}/api/v1/move`, { state: s, move: { type: 'pass' } })).body.state;
    let over = next;
    for (let i = 0; i < 2; i++) over = (await h.post(`${srv.url}/api/v1/move`, { state: over, move: { type: 'pass' } })).body.state;
    const pages = { landing: '/', board: `/game?s=${s}`, refused, waiting: `/game?s=${next}&me=${(await h.gameOf(srv.url, s)).turn === 'P1' ? 1 : 2}`, over: `/game?s=${over}`, damaged: '/game?link=2QQQQ' };
    for (const scheme of ['light', 'dark']) {
      for (const [name, url] of Object.entries(pages)) {
        assert.deepEqual(await axeWithoutScript(p, url, scheme), [], `${name} (${scheme})`);
      }
    }
  } finally {
    await p.ctx.close();
  }
});
