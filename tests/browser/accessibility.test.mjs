// tests/browser/accessibility.test.mjs - what players of other sites expect,
// and the phone and the smaller points, in Debian's Chromium: tile values a
// phone can read, the game-over page's order, dark mode's premium squares,
// the last move marked by shape, undo for Remove, names, the turn alert in
// the tab's title, what a screen reader hears, and axe on every page.
// SPDX-License-Identifier: MIT
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';

let srv, browser;
before(async () => ({ srv, browser } = await h.startBoth()));
after(() => h.stopBoth(srv, browser));

const quiet = (p) => h.quiet(p);
const apiMove = (state, move) => h.apiMove(srv.url, state, move, { format: 'v2' });
// Waits until the live region says `want` (a string or RegExp); returns it.
async function heard(page, want) {
  const re = want instanceof RegExp ? want : new RegExp(`^${want.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  try {
    await page.waitForFunction(([src, flags]) => new RegExp(src, flags).test(document.getElementById('live').textContent),
      [re.source, re.flags], { timeout: 5000 });
  } catch (e) {
    throw new Error(`the live region never said ${re}: it says "${await page.textContent('#live')}"`);
  }
  return page.textContent('#live');
}
// QUIZ across row 8 from F8, the last move: two tiles worth 10; JOW at
// the board's left edge (a J's hook reaches left of its letter).
const QUIZ = h.encode(h.makeState({
  board: h.boardWith([[7, 5, 'H', 'QUIZ'], [10, 0, 'H', 'JOW']]), p1: ['S', 'E', 'R', 'O', 'N', 'D', 'U'],
  p2: ['A', 'I', 'L', 'S', 'T', 'E', 'M'], score: 22, gameId: 'quizTiles',
  lastMove: { cells: [[7, 5], [7, 6], [7, 7], [7, 8]], words: ['QUIZ'], points: 22 },
}));

test('phone: every tile value is at least 10 px and clear of its letter, "10" beside Q and Z too', async () => {
  const p = await h.newPlayer(browser, srv.url, { phone: true });
  const { page } = p;
  await page.goto(h.appPath(`/#${QUIZ}`));
  await h.waitForPosition(page, QUIZ);
  // The ink of the letter and of the value (canvas metrics of the fonts
  // the page uses, placed where the text lies): they must not meet.
  const tiles = await page.$$eval('#board > .t', (bs) => bs.map((b) => {
    const ctx = document.createElement('canvas').getContext('2d');
    const ink = (node, box) => {
      const cs = getComputedStyle(node.nodeType === 3 ? node.parentNode : node);
      ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const range = document.createRange();
      range.selectNodeContents(node);
      const r = range.getBoundingClientRect(), m = ctx.measureText(node.textContent);
      const base = r.top + (r.height - m.fontBoundingBoxAscent - m.fontBoundingBoxDescent) / 2 + m.fontBoundingBoxAscent;
      return { left: r.left - m.actualBoundingBoxLeft, right: r.left + m.actualBoundingBoxRight,
        top: base - m.actualBoundingBoxAscent, bottom: base + m.actualBoundingBoxDescent, box };
    };
    const sub = b.querySelector('sub'), sq = b.getBoundingClientRect();
    return { letter: b.firstChild.nodeValue, value: sub.textContent, size: parseFloat(getComputedStyle(sub).fontSize),
      a: ink(b.firstChild), v: ink(sub.firstChild), square: [sq.left, sq.top, sq.right, sq.bottom] };
  }));
  assert.deepEqual(tiles.map((t) => t.letter + t.value), ['Q10', 'U1', 'I1', 'Z10', 'J8', 'O1', 'W4']);
  for (const t of tiles) {
    assert.ok(t.square[2] - t.square[0] < 26, `a phone's square (${t.square[2] - t.square[0]} px)`);
    assert.ok(t.size >= 10, `${t.letter}'s value is ${t.size} px`);
    const meet = t.a.left < t.v.right && t.v.left < t.a.right && t.a.top < t.v.bottom && t.v.top < t.a.bottom;
    assert.ok(!meet, `${t.letter} and its ${t.value} overlap: ${JSON.stringify([t.a, t.v])}`);
    for (const k of [t.a, t.v]) {
      assert.ok(k.left >= t.square[0] - 0.5 && k.right <= t.square[2] + 0.5 && k.top >= t.square[1] - 0.5 &&
        k.bottom <= t.square[3] + 0.5, `${t.letter}${t.value} stays in its square`);
    }
  }
  quiet(p);
  await p.ctx.close();
});

test('phone: the game-over page shows the result first, then "Send the final board to your partner"', async () => {
  const p = await h.newPlayer(browser, srv.url, { phone: true });
  const { page } = p;
  await page.goto(h.appPath('/new?seed=over-first'));
  await h.waitForGame(page);
  await h.pass(page, { tap: true });
  await h.pass(page, { tap: true });
  assert.equal(await page.getAttribute('#app', 'data-view'), 'over');
  const over = await page.locator('[data-testid=game-over]').boundingBox();
  const send = await page.locator('[data-testid=copy-prompt]').boundingBox();
  assert.equal((await page.textContent('#send-h')).trim(), 'Send the final board to your partner');
  assert.ok(over.y + over.height <= send.y, `the result (y ${over.y}) above the share area (y ${send.y})`);
  quiet(p);
  await p.ctx.close();
});

for (const scheme of ['light', 'dark']) {
  test(`${scheme} mode: triples darker than doubles, and the last move marked by a shape every vision sees`, async () => {
    const p = await h.newPlayer(browser, srv.url);
    const { page } = p;
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(h.appPath(`/#${QUIZ}`));
    await h.waitForPosition(page, QUIZ);
    const c = await page.evaluate(() => {
      const rgb = (s) => s.match(/\d+/g).slice(0, 3).map(Number);
      const sq = (r, col) => document.querySelector(`#board > [data-row="${r}"][data-col="${col}"]`);
      const mark = (b) => {
        const m = getComputedStyle(b, '::before');
        return { content: m.content, w: parseFloat(m.width) + parseFloat(m.borderRightWidth) + parseFloat(m.borderLeftWidth),
          h: parseFloat(m.height) + parseFloat(m.borderTopWidth) + parseFloat(m.borderBottomWidth), colour: rgb(m.borderTopColor) };
      };
      const bg = (b) => rgb(getComputedStyle(b).backgroundColor);
      return { tw: bg(sq(0, 0)), dw: bg(sq(1, 1)), tl: bg(sq(1, 5)), dl: bg(sq(0, 3)),
        last: [...document.querySelectorAll('#board > .lm')].map((b) => ({ bg: bg(b), mark: mark(b) })),
        plain: [...document.querySelectorAll('#board > button:not(.lm)')].map((b) => getComputedStyle(b, '::before').content) };
    });
    const L = (x) => h.lab(x, h.CVD.normal)[0];
    assert.ok(L(c.tl) < L(c.dl), `TL (L ${L(c.tl).toFixed(0)}) darker than DL (L ${L(c.dl).toFixed(0)})`);
    assert.ok(L(c.tw) < L(c.dw), `TW (L ${L(c.tw).toFixed(0)}) darker than DW (L ${L(c.dw).toFixed(0)})`);
    assert.equal(c.last.length, 4);
    for (const t of c.last) {
      assert.ok(t.mark.content !== 'none' && t.mark.w >= 6 && t.mark.h >= 6, `a mark on each tile of the last move: ${JSON.stringify(t.mark)}`);
      for (const [vision, m] of Object.entries(h.CVD)) {
        const d = h.apart(t.mark.colour, t.bg, m);
        assert.ok(d >= 40, `${vision}: the mark only ${d.toFixed(1)} from its tile`);
      }
    }
    assert.ok(c.plain.every((x) => x === 'none'), 'no other square carries the mark');
    quiet(p);
    await p.ctx.close();
  });
}

test('Remove in the saved-games list can be undone for a few seconds', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const { page } = p;
  for (const seed of ['undo-a', 'undo-b']) {
    await page.goto(h.appPath(`/new?seed=${seed}`));
    await h.waitForGame(page);
  }
  const ids = [];
  await page.goto(h.appPath('/'));
  await page.locator('[data-testid=saved-game]').nth(1).waitFor();
  for (const li of await page.locator('[data-testid=saved-game]').all()) ids.push(await li.getAttribute('data-game-id'));
  const before = await page.evaluate((k) => localStorage.getItem(k), `collabble:game:${ids[0]}`);
  await page.click(`[data-testid=saved-game][data-game-id="${ids[0]}"] [data-testid=remove-game]`);
  assert.equal(await page.locator('[data-testid=saved-game]').count(), 1);
  const bar = page.locator('[data-testid=undo-bar]');
  assert.match(await bar.textContent(), new RegExp(`^Game ${ids[0]} removed from this list\\. Undo$`));
  await heard(page, /removed from this list\. Undo is offered for 10 seconds\.$/);
  await page.click('[data-testid=undo-remove]');
  assert.equal(await bar.count(), 0);
  assert.equal(await page.locator('[data-testid=saved-game]').count(), 2);
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), `collabble:game:${ids[0]}`), before, 'the record as it was');
  await heard(page, `Game ${ids[0]} is back in the list.`);
  // Left alone, the offer goes; the game stays removed.
  await page.click(`[data-testid=saved-game][data-game-id="${ids[1]}"] [data-testid=remove-game]`);
  await bar.waitFor();
  await bar.waitFor({ state: 'detached', timeout: 12000 });
  assert.equal(await page.locator('[data-testid=saved-game]').count(), 1);
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), `collabble:game:${ids[1]}`), null);
  quiet(p);
  await p.ctx.close();
});

test('names: each device names its player and the partner, shown wherever the players are named; never in the link', async () => {
  const A = await h.newPlayer(browser, srv.url);
  const B = await h.newPlayer(browser, srv.url);
  const P1 = A.page, P2 = B.page;
  await P1.goto(h.appPath('/new?seed=names-game'));
  const s0 = await h.waitForGame(P1);
  const id = await P1.getAttribute('#app', 'data-game-id');
  // P1 names both: the Names panel, with P1 as "you".
  await P1.click('[data-testid=names] summary');
  assert.equal(await P1.textContent('label:has([data-testid=name-1])'), 'Player\u00a01 (you)');
  await P1.fill('[data-testid=name-1]', '  Ann ');
  await P1.fill('[data-testid=name-2]', 'Bob <b>&amp;');
  await P1.click('[data-testid=save-names]');
  await heard(P1, 'Names saved: Ann and Bob <b>&amp;.');
  assert.deepEqual((await h.savedRecord(P1)).names, ['Ann', 'Bob <b>&amp;']);
  assert.equal(await h.stat(P1, 'turn'), 'Ann');
  assert.match(await P1.textContent('#rack-h'), /^Your rack \(Ann\)$/);
  assert.match(await P1.textContent('#prack-h1'), /^Partner's rack \(Bob <b>&amp;\)$/, 'a name is text, never markup');
  assert.match(await P1.textContent('[data-testid=last-move]'), /^New game: Ann starts\./);
  assert.match(await P1.title(), /Ann to play/);
  assert.equal(await P1.locator('#app b', { hasText: 'Bob' }).count(), 0);
  // A move: the waiting view, the move list.
  const play = await h.findFirstPlay(srv.url, s0, await h.rackLetters(P1));
  await h.placeTiles(P1, play.tiles);
  const { state: s1 } = await h.endTurn(P1);
  assert.equal((await P1.textContent('#send-h')).trim(), 'Waiting for Bob <b>&amp; \u2014 send them the link');
  assert.equal(await P1.textContent('#moves tbody tr:first-child td:nth-child(2)'), 'Ann');
  assert.match(await P1.textContent('[data-testid=switch-player]'), /^Play Bob <b>&amp;'s turn on this device$/);
  // The saved-games list.
  await P1.goto(h.appPath('/'));
  const entry = P1.locator(`[data-testid=saved-game][data-game-id="${id}"]`);
  assert.equal(await entry.locator('b').textContent(), `Game ${id}: Ann and Bob <b>&amp;`);
  assert.match(await entry.locator('span').textContent(), /^Bob <b>&amp; to play, score \d+ · you are Ann, with Bob <b>&amp; ·/);
  // The link carries no names: P2's device knows none, and names its own.
  assert.ok(!(await h.gameOf(srv.url, s1, { full: true }).then(JSON.stringify)).includes('Ann'));
  await P2.goto(h.appPath(`/#${s1}`));
  await h.waitForPosition(P2, s1);
  assert.equal(await h.stat(P2, 'turn'), 'Player 2');
  await P2.click('[data-testid=names] summary');
  assert.equal(await P2.textContent('label:has([data-testid=name-2])'), 'Player\u00a02 (you)');
  await P2.fill('[data-testid=name-2]', 'Bea');
  await P2.press('[data-testid=name-2]', 'Enter'); // Enter in a field saves too
  assert.equal(await h.stat(P2, 'turn'), 'Bea');
  assert.match(await P2.textContent('[data-testid=last-move]'), /^Player 1 played/);
  // The player's own name is the default for the next game it plays.
  await P2.goto(h.appPath('/new?seed=names-next'));
  await h.waitForGame(P2);
  await P2.click('[data-testid=names] summary');
  assert.equal(await P2.inputValue('[data-testid=name-1]'), 'Bea');
  assert.equal(await h.stat(P2, 'turn'), 'Bea');
  quiet(A);
  quiet(B);
  await A.ctx.close();
  await B.ctx.close();
});

test('turn alert: "Your turn" in the tab title when the partner\'s link is opened in another tab; the waiting page says it updates', async () => {
  const p = await h.newPlayer(browser, srv.url);
  const A = p.page;
  await A.goto(h.appPath('/new?seed=turn-alert'));
  const s0 = await h.waitForGame(A);
  assert.match(await A.title(), /^Your turn · /);
  const play = await h.findFirstPlay(srv.url, s0, await h.rackLetters(A));
  await h.placeTiles(A, play.tiles);
  const { state: s1 } = await h.endTurn(A);
  assert.equal(await A.getAttribute('#app', 'data-view'), 'wait');
  assert.equal(await A.textContent('[data-testid=wait-note]'), 'This page updates by itself when your partner\'s link is opened on this device.');
  assert.doesNotMatch(await A.title(), /Your turn/);
  assert.equal(await A.getAttribute('link[rel=icon]', 'href'), 'data:,');
  // The partner plays, and their link is opened in a new tab of this browser.
  const { state: s2 } = await apiMove(s1, { type: 'pass' });
  const B = await p.ctx.newPage();
  await B.goto(h.appPath(`/#${s2}`));
  await h.waitForPosition(B, s2);
  await h.waitForPosition(A, s2);
  assert.equal(await A.getAttribute('#app', 'data-view'), 'board');
  assert.match(await A.title(), /^Your turn · /);
  assert.match(await A.getAttribute('link[rel=icon]', 'href'), /^data:image\/svg\+xml,<svg .*<circle /, 'the tab\'s icon too');
  // The turn played in the other tab: this one is behind, and says no more.
  await h.pass(B);
  await A.locator('[data-testid=stale]').waitFor();
  assert.doesNotMatch(await A.title(), /Your turn/);
  assert.equal(await A.getAttribute('link[rel=icon]', 'href'), 'data:,');
  await B.close();
  quiet(p);
  await p.ctx.close();
});

test('screen readers: the partner\'s move is announced as their link opens; every control that changes the board says what it did', async () => {
  const A = await h.newPlayer(browser, srv.url);
  const B = await h.newPlayer(browser, srv.url);
  await A.page.goto(h.appPath('/new?seed=speak-moves'));
  const s0 = await h.waitForGame(A.page);
  const play = await h.findFirstPlay(srv.url, s0, await h.rackLetters(A.page));
  await h.placeTiles(A.page, play.tiles);
  const { state: s1 } = await h.endTurn(A.page);
  const game = await h.gameOf(srv.url, s1);
  // The first play is across: row then column (8H), as the review and GCG say.
  const at = `${play.tiles[0].row + 1}${String.fromCharCode(65 + play.tiles[0].col)}`;
  const P = B.page;
  await P.goto(h.appPath(`/#${s1}`));
  await h.waitForPosition(P, s1);
  await heard(P, `Player 1 played ${play.words.join(', ')} at ${at} for ${play.points} points. Your turn, score ${game.score}.`);
  // Each control that changes the board or the rack, and what it says.
  const rack = await h.rackLetters(P);
  await h.rackTile(P, rack[0]).click();
  await heard(P, /selected\. Choose a square\.$|^Blank/);
  if (rack[0] === 'BLANK') await P.locator('[data-testid=picker-letter][data-letter=E]').click();
  await h.cell(P, 0, 0).click();
  await heard(P, /^A1, .*placed this turn$/);
  await h.cell(P, 0, 0).click();
  await heard(P, /back on your rack\.$/);
  await h.rackTile(P, rack[1]).click();
  if (rack[1] === 'BLANK') await P.locator('[data-testid=picker-letter][data-letter=E]').click();
  await h.cell(P, 0, 1).click();
  await heard(P, /^B1, /);
  await P.click('[data-testid=recall]');
  await heard(P, 'The tile is back on your rack.');
  await P.click('[data-testid=shuffle]');
  await heard(P, /^Rack shuffled: /);
  await P.click('[data-testid=exchange]');
  await heard(P, 'Choose the tiles to exchange, then confirm.');
  await P.click('#ex-cancel');
  await heard(P, 'Exchange cancelled.');
  await P.click('[data-testid=pass]');
  await heard(P, /^Pass this turn without playing\?/);
  await P.click('#pass-cancel');
  await heard(P, 'Pass cancelled.');
  await P.click('#eye');
  await heard(P, /^Blind mode on/);
  // The phone's zoom.
  await P.setViewportSize(h.PHONE);
  await P.click('[data-testid=zoom]');
  await heard(P, 'Board zoomed in: it scrolls.');
  await P.click('[data-testid=zoom]');
  await heard(P, 'The whole board is shown.');
  quiet(A);
  quiet(B);
  await A.ctx.close();
  await B.ctx.close();
});

// Every kind of page, light and dark: no serious, critical or moderate
// finding (landmark-unique on the move list among them).
for (const scheme of ['light', 'dark']) {
  test(`axe (${scheme}): landing, board, waiting, stale, branch, exchange, damaged link and game over`, async () => {
    const p = await h.newPlayer(browser, srv.url, { bypassCSP: true });
    const { page } = p;
    await page.emulateMedia({ colorScheme: scheme });
    const check = (where) => h.assertAxeClean(page, `${where} (${scheme})`);
    const { state: s2, game } = await h.playThrough(srv.url, `axe16-${scheme}`, 2);
    await page.goto(h.appPath(`/#${s2}`));
    await h.waitForPosition(page, s2);
    const play = await h.findCrossPlay(srv.url, s2, game.board, game.hands[game.turn]);
    await h.placeTiles(page, play.tiles);
    await h.previewText(page, { expect: h.previewOf(play) });
    await page.click('[data-testid=names] summary');
    await check('board, tiles placed, names open');
    await page.click('[data-testid=recall]');
    await page.click('[data-testid=exchange]');
    await page.locator('#rack .tile').first().click();
    await check('exchange');
    await page.click('#ex-confirm');
    await page.locator('[data-testid=copy-prompt]').waitFor();
    const s3 = await h.waitForGame(page);
    assert.equal(await page.getAttribute('#app', 'data-view'), 'wait');
    await check('waiting');
    // The partner passes; an older link is then stale, another move a branch.
    const { state: a4 } = await apiMove(s3, { type: 'pass' });
    const g3 = await h.gameOf(srv.url, s3);
    const { state: b4 } = await apiMove(s3, { type: 'exchange', tiles: [g3.hands[g3.turn][0]] });
    await page.goto(h.appPath(`/#${a4}`));
    await h.waitForPosition(page, a4);
    await page.goto(h.appPath(`/#${s2}`));
    await page.locator('[data-testid=stale]').waitFor();
    await check('stale');
    await page.goto(h.appPath(`/#${b4}`));
    await page.locator('[data-testid=branch]').waitFor();
    await check('branch');
    await page.goto(h.appPath('/'));
    await page.locator('[data-testid=saved-game]').first().waitFor();
    await page.locator('[data-testid=remove-branch]').first().click();
    await page.locator('[data-testid=undo-bar]').waitFor();
    await check('landing, a removal to undo');
    await page.goto(h.appPath(`/#${s2.slice(0, 6)}${s2[6] === 'A' ? 'B' : 'A'}${s2.slice(7)}`));
    await page.locator('[data-testid=error-page]').waitFor();
    await page.locator('[data-testid=saved-games]').waitFor();
    await check('damaged link');
    await page.goto(h.appPath(`/#${a4}`));
    await h.waitForPosition(page, a4);
    await h.pass(page);
    await page.locator('[data-testid=game-over]').waitFor();
    await check('game over');
    assert.deepEqual(p.problems.filter((m) => !/status of (400|503)/.test(m)), [], 'errors or dialogs on the page');
    await p.ctx.close();
  });
}
