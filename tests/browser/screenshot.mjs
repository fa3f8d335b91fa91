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
// The game is real: a seeded v2 game played through the server's API, six
// moves deep, each move one of the mover's legal plays as the server lists
// them (the best, or a lesser one, so that the move list's review column
// shows both a best play made and one missed). Then Player 1 places the
// tiles of a play so that its preview shows.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as h from './helpers.mjs';

const SEED = 'readme-4';
// Which of the mover's plays, best first, each of the six moves is.
const CHOICES = [0, 2, 0, 1, 3, 0];

// The mover's plays, best first, without blanks (a blank needs the
// picker, and a screenshot reads better with plain letters).
async function playsOf(base, state, limit = 40) {
  const r = await h.postSearch(`${base}/api/v1/plays`, { state, limit });
  if (r.status !== 200) throw new Error(`plays: ${r.text}`);
  return r.body.plays.filter((p) => p.move.tiles.every((t) => !t.blank));
}

// The position after the six moves, Player 1 to play, and the play whose
// tiles the picture shows placed: { state, play }.
export async function gameInProgress(base) {
  let r = await h.post(`${base}/api/v1/games`, { seed: SEED });
  if (r.status !== 201) throw new Error(`new game: ${r.text}`);
  let { state } = r.body;
  for (const [i, choice] of CHOICES.entries()) {
    const plays = await playsOf(base, state);
    const play = plays[Math.min(choice, plays.length - 1)];
    if (!play) throw new Error(`move ${i + 1}: no play`);
    r = await h.post(`${base}/api/v1/move`, { state, move: play.move });
    if (r.status !== 200) throw new Error(`move ${i + 1}: ${r.text}`);
    ({ state } = r.body);
  }
  // A play of four or five tiles, so the preview has something to say.
  const plays = await playsOf(base, state, 200);
  const play = plays.find((p) => p.move.tiles.length >= 4 && p.move.tiles.length <= 5) ?? plays[0];
  if (!play) throw new Error('no play to place');
  return { state, play };
}

// Opens the game in progress at each size, places the tiles of the next
// word so its preview shows, and saves { desktop, phone } PNGs. Resolves to
// the viewport sizes used.
export async function screenshotGame(browser, base, out) {
  const { state, play } = await gameInProgress(base);
  const moves = 6;
  const sizes = {};
  for (const [kind, file] of Object.entries(out)) {
    const phone = kind === 'phone';
    const { ctx, page } = await h.newPlayer(browser, base, { phone });
    try {
      await page.goto(h.appPath(`/#${state}`));
      await h.waitForPosition(page, state);
      await h.placeTiles(page, play.move.tiles, { tap: phone });
      await h.previewText(page, { expect: play.words[0] });
      // The move list's review column: every move's best play, filled in
      // by the page's script after the page.
      await page.waitForFunction((n) => {
        const cs = [...document.querySelectorAll('[data-testid=move-list] tbody tr:not(.start) > td:nth-child(6)')];
        return cs.length === n && cs.every((c) => c.textContent !== '');
      }, moves);
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
