// bench/cold_links.mjs - makes bench/data/cold_links.txt, the links the
// server benchmarks send one a request so that no per-link cache can answer
// (bench/server_requests.mjs, the *-cold kinds): distinct late-game v2
// links made by cooperative self-play through the server's own API.
// SPDX-License-Identifier: MIT
//
//   node bench/cold_links.mjs URL [GAMES [LONG]] > bench/data/cold_links.txt
//
// Game i is dealt from the seed "cold-i" (so every run makes the same
// links) and played greedily, every turn the best play /api/v1/plays lists
// (an exchange of the whole rack, else a pass, when there is none), up to
// move 16 or the last move before the game ends, whichever comes first:
// one line "16 LINK". The first LONG games then go on by exchanges of one
// tile (legal while the bag holds 7 or more), then passes, to the end of
// the game (at 250 moves, the limit, unless two passes end it sooner): one
// line "250 LINK" each, the longest links there are. GAMES defaults to
// 100, LONG to 20.
import http from 'node:http';

const MOVES = 16;
const LONG_MOVES = 250;

function post(url, body) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(url, { method: 'POST', headers: { 'content-length': Buffer.byteLength(data) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => { text += c; });
        res.on('end', () => (res.statusCode < 300 ? resolve(JSON.parse(text))
          : reject(new Error(`${url}: ${res.statusCode} ${text}`))));
      });
    req.on('error', reject);
    req.end(data);
  });
}

const bagCount = (g) => Object.values(g.bag).reduce((a, b) => a + b, 0);

async function greedy(base, state, game) {
  const plays = await post(`${base}/api/v1/plays`, { state, limit: 1 });
  if (plays.plays.length > 0) return plays.plays[0].move;
  const rack = game.hands[game.turn];
  return bagCount(game) >= 7 ? { type: 'exchange', tiles: rack } : { type: 'pass' };
}

async function main() {
  const [base, gamesArg, longArg] = process.argv.slice(2);
  if (!base) {
    console.error('usage: cold_links.mjs URL [GAMES [LONG]]');
    process.exit(2);
  }
  const games = Number(gamesArg ?? 100);
  const long = Number(longArg ?? 20);
  const out = [];
  const longLinks = [];
  for (let i = 0; i < games; i++) {
    let r = await post(`${base}/api/v1/games`, { seed: `cold-${i}` });
    let { state, game } = r;
    for (let n = 0; n < MOVES; n++) {
      const next = await post(`${base}/api/v1/move`, { state, move: await greedy(base, state, game) });
      if (next.game.gameOver) break; // keep the last position a move can follow
      ({ state, game } = next);
      r = next;
    }
    out.push(`${MOVES} ${state}`);
    if (i >= long) continue;
    let moves = r.moveNumber;
    while (moves < LONG_MOVES && !game.gameOver) {
      const move = bagCount(game) >= 7 ? { type: 'exchange', tiles: [game.hands[game.turn][0]] }
        : { type: 'pass' };
      ({ state, game, moveNumber: moves } = await post(`${base}/api/v1/move`, { state, move }));
    }
    longLinks.push(`${LONG_MOVES} ${state}`);
  }
  process.stdout.write(`${out.concat(longLinks).join('\n')}\n`);
}

await main();
