// bench/link_length.mjs - how long turn links are: the text after '#' at
// every position of many complete games, v2 against the classic v1 link of
// the same positions. Prints min / median / max and how many positions
// pass the one-SMS budget (137 characters after '#', so that
// http://localhost:8080/#... is at most 160).
// SPDX-License-Identifier: MIT
//
// The games are the test suite's: tests/http/bot.mjs plays seeded games to
// their end through the real server's API. Run by hand, never in CTest:
//   node bench/link_length.mjs [GAMES]          (default 40)
// with COLLABBLE_BIN pointing at a collabble binary (default: the build of
// scripts/run.sh, then scripts/test.sh's).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET = 137;

if (!process.env.COLLABBLE_BIN) {
  for (const dir of ['build', 'build-test']) {
    const p = path.join(ROOT, dir, 'server', 'collabble');
    if (existsSync(p)) { process.env.COLLABBLE_BIN = p; break; }
  }
}
const { startServer, post } = await import(path.join(ROOT, 'tests/http/server.mjs'));
const { chooseMove } = await import(path.join(ROOT, 'tests/http/bot.mjs'));

const games = Number(process.argv[2] ?? 40);
const srv = await startServer();
const v2 = [];
const v1 = [];
const perGame = [];
try {
  for (let g = 0; g < games; g++) {
    let r = await post(`${srv.url}/api/v1/games`, { seed: `bench-length-${g}` });
    let { state, game } = r.body;
    for (;;) {
      v2.push(state.length);
      const classic = await post(`${srv.url}/api/v1/decode`, { state, format: 'v1' });
      v1.push(classic.body.state.length);
      if (game.gameOver) break;
      r = await post(`${srv.url}/api/v1/move`, { state, move: chooseMove(game) });
      if (r.status !== 200) throw new Error(r.text);
      ({ state, game } = r.body);
    }
    perGame.push({ moves: r.body.moveNumber, length: state.length });
  }
} finally {
  await srv.stop();
}

function summary(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0], median: s[s.length >> 1], max: s[s.length - 1] };
}
const a = summary(v2);
const b = summary(v1);
const moves = summary(perGame.map((x) => x.moves));
const over = v2.filter((n) => n > BUDGET).length;
console.log(`turn link length, ${games} complete bot games, ${v2.length} positions ` +
  `(${moves.min}-${moves.max} moves a game, median ${moves.median})`);
console.log(`  v2 (this format)  min ${a.min}  median ${a.median}  max ${a.max} characters after '#'`);
console.log(`  v1 (classic)      min ${b.min}  median ${b.median}  max ${b.max}`);
console.log(`  over the ${BUDGET}-character one-SMS budget: ${over} of ${v2.length} positions`);
console.log(`  longest URL: http://localhost:8080/# + ${a.max} = ${'http://localhost:8080/#'.length + a.max} characters`);
