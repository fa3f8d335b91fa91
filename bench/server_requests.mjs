// bench/server_requests.mjs - the fixed requests the server benchmarks
// measure (bench/server_bench.sh with wrk, bench/server_callgrind.sh with
// callgrind), made once against a running server and then sent as often as
// a benchmark asks.
// SPDX-License-Identifier: MIT
//
//   node bench/server_requests.mjs prepare URL DIR [LINK_FILE]
//     Writes DIR/requests.json: the late-game v2 link (tests/data/link/
//     late_v2.link by default), the same position's classic v1 link (the
//     server writes it: /api/v1/decode with "format": "v1"), and a legal
//     move on it (the best play /api/v1/plays lists), as the requests below.
//   node bench/server_requests.mjs send URL DIR KIND N [START]
//     Sends N requests of KIND one after another on one keep-alive
//     connection (from the START-th of its list, negative from the end),
//     checks each is answered 200 (or 304 where asked), and prints the
//     mean size of the answers' bodies as sent (one request repeated: its
//     size).
//   node bench/server_requests.mjs count DIR KIND
//     Prints how many distinct requests KIND sends in turn.
//   node bench/server_requests.mjs kinds
//     Lists the kinds, one a line: name, method, what it is.
//
// The static file (bench-pad.html, a copy of the v2 page) is embedded by
// bench/server_common.sh, which rebuilds with it.
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// The Accept-Encoding of every current browser: a page comes in brotli, an
// API answer in gzip, a static file in its brotli copy.
const BROWSER = 'gzip, deflate, br';

// What each kind asks (`accept`: its Accept-Encoding). `path` and `body`
// are filled from requests.json.
export const KINDS = {
  page: { method: 'GET', what: 'GET /?s=S, the late-game v2 link: decode, replay, render' },
  'page-v1': { method: 'GET', what: 'GET /?s=S, the same position as a classic v1 link' },
  move: { method: 'POST', what: 'POST /api/v1/move on the v2 link: play, link, JSON answer' },
  'move-v1': { method: 'POST', what: 'POST /api/v1/move on the v1 link (answered as v1)' },
  preview: { method: 'POST', what: 'POST /api/v1/preview of the same move' },
  static: { method: 'GET', what: 'GET /static/bench-pad.html?v=..., the v2 page as a static file' },
  'page-gzip': { method: 'GET', accept: 'gzip', what: 'the page, Accept-Encoding: gzip' },
  'page-br': { method: 'GET', accept: BROWSER, what: `the page, Accept-Encoding: ${BROWSER} (brotli on the fly)` },
  'move-gzip': { method: 'POST', accept: BROWSER, what: `the move, Accept-Encoding: ${BROWSER} (the API: gzip)` },
  'static-gzip': { method: 'GET', accept: BROWSER, what: `the static file, Accept-Encoding: ${BROWSER} (its brotli copy)` },
  'static-304': { method: 'GET', etag: true, what: 'GET /static/bench-pad.html with a matching If-None-Match' },
  // What the script fetches on a first visit to /#S (and after a move): the
  // page without the labels and forms of a page no script runs on.
  'page-script': { method: 'POST', form: true, what: 'POST /game s=S, the page as the script fetches it' },
  'page-script-gzip': { method: 'POST', form: true, accept: 'gzip', what: 'the same, Accept-Encoding: gzip' },
  'page-script-br': { method: 'POST', form: true, accept: BROWSER, what: `the same, Accept-Encoding: ${BROWSER} (brotli)` },
  // Each thread keeps the positions of its last CLB_POSITION_CACHE_ENTRIES
  // (4) links, so the kinds above, one link sent again and again, measure
  // a link the server has just opened (as a turn's page, previews, review
  // and move do). These send MISS_LINKS links in turn, so that none is
  // still kept: every request replays its link.
  'page-miss': { method: 'GET', what: 'the page, 5 links in turn (the late game, then 1-4 more moves: exchanges of one tile), each replayed' },
  'preview-miss': { method: 'POST', what: 'the preview, the same 5 links in turn, each replayed' },
  'page-250': { method: 'GET', what: 'GET /?s=S of a 250-move link (the late game, then 234 exchanges of one tile: the game ends at the limit)' },
  'page-250-miss': { method: 'GET', what: 'the 250-move page and the links of moves 246-249, in turn, each replayed' },
  // A link the server has never seen (issue 31): bench/data/cold_links.txt
  // holds 100 distinct games at move 16 and 20 at move 250, made by
  // self-play (bench/cold_links.mjs); a -cold kind sends each link once in
  // turn, so no per-link cache can answer; its -warm twin sends the first
  // of them again and again.
  'preview-cold': { method: 'POST', what: 'POST /api/v1/preview of the best play, 100 distinct move-16 links in turn' },
  'preview-warm': { method: 'POST', what: 'the same, the first of those links repeated' },
  'page-script-gzip-cold': { method: 'POST', form: true, accept: 'gzip', what: 'POST /game s=S, gzip, the 100 move-16 links in turn' },
  'page-script-gzip-warm': { method: 'POST', form: true, accept: 'gzip', what: 'the same, the first link repeated' },
  'page-script-br-cold': { method: 'POST', form: true, accept: BROWSER, what: 'POST /game s=S, brotli, the 100 move-16 links in turn' },
  'page-script-br-warm': { method: 'POST', form: true, accept: BROWSER, what: 'the same, the first link repeated' },
  'page-cold': { method: 'GET', what: 'GET /?s=S (the no-script page), the 100 move-16 links in turn' },
  'page-warm': { method: 'GET', what: 'the same, the first link repeated' },
  'page-250-cold': { method: 'GET', what: 'GET /?s=S, 20 distinct 250-move links in turn' },
  'page-250-warm': { method: 'GET', what: 'the same, the first 250-move link repeated' },
};
// More links than a thread keeps (CLB_POSITION_CACHE_ENTRIES + 1).
const MISS_LINKS = 5;

function post(url, body) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(url, { method: 'POST', headers: { 'content-length': Buffer.byteLength(data) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => { text += c; });
        res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(text))
          : reject(new Error(`${url}: ${res.statusCode} ${text}`))));
      });
    req.on('error', reject);
    req.end(data);
  });
}

// The cold links (bench/cold_links.mjs made them): { 16: [...], 250: [...] }.
function coldLinks() {
  const by = { 16: [], 250: [] };
  for (const line of readFileSync(`${ROOT}/bench/data/cold_links.txt`, 'latin1').trim().split('\n')) {
    const [moves, link] = line.split(' ');
    by[moves].push(link);
  }
  return by;
}

// The -cold kinds' requests, and their -warm twins (the first one alone).
async function prepareCold(base, req) {
  const cold = coldLinks();
  const previews = [];
  for (const s of cold[16]) {
    const plays = await post(`${base}/api/v1/plays`, { state: s, limit: 1 });
    if (plays.plays.length !== 1) throw new Error(`a cold link has no play: ${s}`);
    previews.push({ path: '/api/v1/preview', body: JSON.stringify({ state: s, move: plays.plays[0].move }) });
  }
  const pageOf = (s) => ({ path: `/?s=${encodeURIComponent(s)}` });
  const sets = {
    preview: previews,
    'page-script-gzip': cold[16].map((s) => ({ path: '/game', body: `s=${encodeURIComponent(s)}` })),
    'page-script-br': cold[16].map((s) => ({ path: '/game', body: `s=${encodeURIComponent(s)}` })),
    page: cold[16].map(pageOf),
    'page-250': cold[250].map(pageOf),
  };
  for (const [k, list] of Object.entries(sets)) {
    req[`${k}-cold`] = list;
    req[`${k}-warm`] = list[0];
  }
}

async function prepare(base, dir, linkFile) {
  const v2 = readFileSync(linkFile ?? `${ROOT}/tests/data/link/late_v2.link`, 'latin1').trim();
  const decoded = await post(`${base}/api/v1/decode`, { state: v2, format: 'v1' });
  const v1 = decoded.state;
  const plays = await post(`${base}/api/v1/plays`, { state: v2, limit: 1 });
  if (plays.plays.length !== 1) throw new Error('the position has no play');
  const move = plays.plays[0].move;
  const game = decoded.game;
  const bag = Object.values(game.bag).reduce((a, b) => a + b, 0);
  const tiles = game.board.flat().filter((c) => c !== '.').length;
  // The same game carried on by exchanges of one tile (legal while the bag
  // holds 7 or more), to 250 moves: the longest link there is.
  const after = [v2];
  let g = game;
  for (let n = decoded.moveNumber; n < 250; n++) {
    const tile = g.hands[g.turn][0];
    const r = await post(`${base}/api/v1/move`, { state: after[after.length - 1], move: { type: 'exchange', tiles: [tile] } });
    after.push(r.state);
    g = r.game;
  }
  const pageOf = (s) => ({ path: `/?s=${encodeURIComponent(s)}` });
  const long = after.slice(-MISS_LINKS).reverse(); // 250, 249, ..., 246 moves
  const req = {
    v2, v1, move,
    'page-script': { path: '/game', body: `s=${encodeURIComponent(v2)}` },
    'page-miss': after.slice(0, MISS_LINKS).map(pageOf),
    'preview-miss': after.slice(0, MISS_LINKS).map((s) => ({ path: '/api/v1/preview', body: JSON.stringify({ state: s, move }) })),
    'page-250': pageOf(long[0]),
    'page-250-miss': long.map(pageOf),
    page: { path: `/?s=${encodeURIComponent(v2)}` },
    'page-v1': { path: `/?s=${encodeURIComponent(v1)}` },
    move: { path: '/api/v1/move', body: JSON.stringify({ state: v2, move }) },
    'move-v1': { path: '/api/v1/move', body: JSON.stringify({ state: v1, move }) },
    preview: { path: '/api/v1/preview', body: JSON.stringify({ state: v2, move }) },
  };
  await prepareCold(base, req);
  writeFileSync(`${dir}/requests.json`, JSON.stringify(req, null, 1));
  // For wrk (bench/cold.lua): each -cold kind's requests, one a line.
  for (const k of Object.keys(KINDS).filter((x) => x.endsWith('-cold')))
    writeFileSync(`${dir}/${k}.reqs`, req[k].map((r) => `${r.path}\t${r.body ?? ''}\n`).join(''));
  // For wrk: the bodies as files (bench/move.lua reads $BENCH_BODY).
  writeFileSync(`${dir}/move.json`, req.move.body);
  writeFileSync(`${dir}/preview.json`, req.preview.body);
  console.log(`   late-game position: ${decoded.moveNumber} moves, ${tiles} tiles on the board, ` +
    `${bag} in the bag, score ${game.score}; v2 link ${v2.length} characters, v1 ${v1.length}; ` +
    `move: ${plays.plays[0].words[0]} for ${plays.plays[0].points}; the 250-move link ${long[0].length} characters`);
}

// The request of `kind`; the static file's address comes from DIR/static.txt
// (written by the shell script once the pad is embedded).
function request(dir, kind) {
  const k = KINDS[kind];
  if (!k) throw new Error(`unknown kind ${kind}`);
  const req = JSON.parse(readFileSync(`${dir}/requests.json`, 'utf8'));
  const base = /-(cold|warm)$/.test(kind) ? kind : kind.replace(/-(gzip|br|304)$/, '');
  let targets;
  if (base === 'static') {
    const s = JSON.parse(readFileSync(`${dir}/static.json`, 'utf8'));
    targets = [{ path: kind === 'static-304' ? s.path.replace(/\?.*$/, '') : s.path }];
    if (k.etag) k.headers = { 'if-none-match': s.etag };
  } else {
    targets = [].concat(req[base]); // one target, or several sent in turn
  }
  return targets.map(({ path, body }) => {
    const headers = { ...(k.headers ?? {}) };
    if (k.accept) headers['accept-encoding'] = k.accept;
    if (k.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
    return { method: k.method, path, body, headers, expect: k.etag ? 304 : 200 };
  });
}

// START: where in a kind's list of requests to begin (negative: from its
// end), so that a warm-up and the measured requests ask different links.
async function send(base, dir, kind, n, start = 0) {
  const rs = request(dir, kind);
  const first = ((start % rs.length) + rs.length) % rs.length;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  // BENCH_WARMUP requests first, on the same connection (so on the same
  // server thread, whose cache a warm kind is about), then the command
  // BENCH_ZERO (callgrind_control -z), then the N counted.
  const warm = Number(process.env.BENCH_WARMUP ?? 0);
  for (let i = 0; i < warm; i++) await one(base, kind, rs[(first - warm + i + rs.length * warm) % rs.length], agent);
  if (process.env.BENCH_ZERO) execSync(process.env.BENCH_ZERO, { stdio: 'ignore' });
  let total = 0;
  for (let i = 0; i < n; i++) total += await one(base, kind, rs[(first + i) % rs.length], agent);
  agent.destroy();
  console.log(Math.round(total / n));
}

// One request on the agent's connection; resolves to its body's size.
function one(base, kind, r, agent) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${r.path}`, { method: r.method, headers: r.headers, agent }, (res) => {
      let bytes = 0;
      res.on('data', (c) => { bytes += c.length; });
      res.on('end', () => (res.statusCode === r.expect ? resolve(bytes)
        : reject(new Error(`${kind}: answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(r.body);
  });
}

const [cmd, ...args] = process.argv.slice(2);
if (cmd === 'prepare') await prepare(args[0], args[1], args[2]);
else if (cmd === 'send') await send(args[0], args[1], args[2], Number(args[3]), Number(args[4] ?? 0));
else if (cmd === 'count') console.log(request(args[0], args[1]).length);
else if (cmd === 'kinds') for (const [k, v] of Object.entries(KINDS)) console.log(`${k}\t${v.method}\t${v.what}`);
else {
  console.error('usage: server_requests.mjs prepare URL DIR [LINK] | send URL DIR KIND N [START] | count DIR KIND | kinds');
  process.exit(2);
}
