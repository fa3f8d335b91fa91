// tests/browser/screenshot.mjs - screenshots of a Collabble game in
// progress, desktop (1280x900) and phone (390x844).
// SPDX-License-Identifier: MIT
//
// The browser tests call screenshotGame() and keep the pictures as test
// artifacts. Run directly, this regenerates the README's screenshot:
//
//   node tests/browser/screenshot.mjs
//
// which writes docs/screenshot.png (desktop) and docs/screenshot-phone.png.
// It starts the collabble binary from $COLLABBLE_BIN, else build-test/ or
// build/ (build it first: scripts/test.sh or scripts/run.sh), and uses
// Debian's Chromium. `--out DIR` writes the two files somewhere else.
//
// The game is real: each of its moves is played through the server's API
// from a position holding the tiles it needs, so every word is in the
// lexicon and every score is the server's.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as h from './helpers.mjs';

// [player, word, row, col, direction (H across, V down)], 0-based squares.
const MOVES = [
  ['P1', 'GARDEN', 7, 4, 'H'],
  ['P2', 'PLANET', 5, 5, 'V'],
  ['P1', 'STONE', 10, 4, 'H'],
  ['P2', 'FROZEN', 2, 9, 'V'],
  ['P1', 'ZEST', 5, 9, 'H'],
  ['P2', 'MUSIC', 3, 11, 'V'],
];
// Then P1, with this rack, is placing OTHER down from the O of STONE.
const RACKS = { P1: ['T', 'H', 'E', 'R', 'A', 'I', 'BLANK'], P2: ['L', 'O', 'V', 'E', 'D', 'K', 'Y'] };
const PLACING = [
  { row: 11, col: 6, letter: 'T' }, { row: 12, col: 6, letter: 'H' },
  { row: 13, col: 6, letter: 'E' }, { row: 14, col: 6, letter: 'R' },
];
const FILLER = ['A', 'E', 'I', 'O', 'U', 'L', 'N', 'R', 'S', 'T'];

// The position after MOVES, P1 to play: { state, game }.
export async function gameInProgress(base) {
  let board = h.emptyBoard();
  let score = 0, lastMove = null;
  for (const [who, word, row, col, dir] of MOVES) {
    const tiles = [];
    [...word].forEach((letter, i) => {
      const r = dir === 'V' ? row + i : row, c = dir === 'V' ? col : col + i;
      if (board[r][c] === '.') tiles.push({ row: r, col: c, letter });
    });
    const rack = tiles.map((t) => t.letter);
    for (const f of FILLER) if (rack.length < 7) rack.push(f);
    const other = FILLER.slice(0, 7);
    const state = h.makeState({
      board, score, lastMove, turn: who, gameId: 'readme',
      p1: who === 'P1' ? rack : other, p2: who === 'P2' ? rack : other,
    });
    const r = await h.post(`${base}/api/v1/move`, { state: h.encode(state), move: { type: 'play', tiles } });
    if (r.status !== 200) throw new Error(`${word}: ${r.text}`);
    ({ board, score, lastMove } = r.body.game);
  }
  const game = h.makeState({ board, score, lastMove, gameId: 'readme', p1: RACKS.P1, p2: RACKS.P2 });
  return { state: h.encode(game), game };
}

// Opens the game in progress at each size, places the tiles of the next
// word so its preview shows, and saves { desktop, phone } PNGs. Resolves to
// the viewport sizes used.
export async function screenshotGame(browser, base, out) {
  const { state } = await gameInProgress(base);
  const sizes = {};
  for (const [kind, file] of Object.entries(out)) {
    const phone = kind === 'phone';
    const { ctx, page } = await h.newPlayer(browser, base, { phone });
    try {
      await page.goto(`/#${state}`);
      await h.waitForPosition(page, state);
      await h.placeTiles(page, PLACING, { tap: phone });
      await h.previewText(page, { expect: 'OTHER' });
      // Placing zoomed the phone's board; the picture shows all of it.
      if (await page.evaluate(() => document.getElementById('app').classList.contains('zoomed'))) {
        await page.locator('[data-testid=zoom]').tap();
      }
      await page.evaluate(() => { document.activeElement?.blur(); window.scrollTo(0, 0); });
      await page.screenshot({ path: file, animations: 'disabled' });
      sizes[kind] = page.viewportSize();
    } finally {
      await ctx.close();
    }
  }
  return sizes;
}

async function main() {
  const i = process.argv.indexOf('--out');
  const dir = i > 0 ? path.resolve(process.argv[i + 1]) : path.join(h.REPO, 'docs');
  const srv = await h.startServer();
  const browser = await h.launchBrowser();
  try {
    const out = { desktop: path.join(dir, 'screenshot.png'), phone: path.join(dir, 'screenshot-phone.png') };
    await screenshotGame(browser, srv.url, out);
    for (const f of Object.values(out)) console.log(`wrote ${path.relative(process.cwd(), f) || f}`);
  } finally {
    await browser.close();
    await srv.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => { console.error(e); process.exit(1); });
}
