// tests/alloc_fail/sweep.mjs - out of memory over HTTP: every kind of
// request, sent to collabble-alloc-fail (the server's objects linked with
// tests/support/alloc_fail.c), first to count its allocations K, then K
// times with the Nth failing and K times with every one from the Nth on
// failing. DESIGN.md "Out of memory" says what must hold; in short:
//   - the server stays up and answers the next request;
//   - with one allocation failing, the answer is whole (its Content-Length
//     all there, nothing after it), carries the security headers, and is
//     either the request's normal answer (the allocation had a fallback;
//     compared decoded, so a gzip answer sent plain is fine) or a 500 whose
//     body is a whole JSON error under /api and a whole page elsewhere;
//   - with every allocation from the Nth failing, the same (the fixed 500
//     is made at start and needs no memory);
//   - stopped with SIGTERM at the end, it exits 0 with no sanitizer report
//     (LeakSanitizer runs at exit in the sanitizer build: a leak of any
//     failed request fails the sweep).
// The arming: a request's X-Collabble-Alloc-Fail header arms the next
// request to begin (server/alloc_hook.h), and that request's access-log
// line says how many allocations it made and which one failed. Requests
// are sent one at a time, each on its own connection, so the count
// includes the connection's own state.
// SPDX-License-Identifier: MIT
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import {
  startServer, rawRequest, parseResponses, SECURITY_HEADERS, SANITIZER_REPORT,
  encode, decode,
} from '../http/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const data = path.join(here, '..', 'data');
const linkOf = (name) => readFileSync(path.join(data, name), 'utf8').trim();
const sanitized = /^(ON|1|TRUE|YES)$/i.test(process.env.CLB_SANITIZED ?? '');
const t0 = Date.now();

// ---- talking to the server -----------------------------------------------

function raw(method, target, { body, headers = {} } = {}) {
  let h = `${method} ${target} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n`;
  for (const [k, v] of Object.entries(headers)) h += `${k}: ${v}\r\n`;
  if (body !== undefined) h += `Content-Length: ${Buffer.byteLength(body)}\r\n`;
  return h + '\r\n' + (body ?? '');
}

const form = (fields) => Object.entries(fields)
  .map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');

// Everything the server wrote for `bytes` on a fresh connection.
async function send(srv, bytes) {
  const r = await rawRequest(srv.port, bytes, { timeoutMs: 10000 });
  assert.ok(r.closed, `no answer within 10 s:\n${srv.log().slice(-2000)}`);
  return r.data;
}

// Arms the next request: "N", "N+" or "count".
async function arm(srv, spec) {
  const got = await send(srv, raw('GET', '/healthz', { headers: { 'X-Collabble-Alloc-Fail': spec } }));
  assert.match(got, /^HTTP\/1\.1 200 /, `the server stopped answering:\n${srv.log().slice(-3000)}`);
}

// The access-log note of the armed request that ends the log, waiting a
// moment for its line (it is written before the answer leaves, but comes
// on another pipe). { count, failed } or null.
async function note(srv, seen) {
  for (let i = 0; i < 400; i++) {
    const lines = srv.log().split('\n').filter((l) => / allocations=\d+ failed=/.test(l));
    if (lines.length > seen.n) {
      seen.n = lines.length;
      const m = / allocations=(\d+) failed=(\S+)/.exec(lines.at(-1));
      return { count: Number(m[1]), failed: m[2], line: lines.at(-1) };
    }
    await new Promise((res) => setTimeout(res, 5));
  }
  return null;
}

function decoded(resp) {
  const b = Buffer.from(resp.body, 'latin1');
  const coding = resp.headers['content-encoding'];
  if (coding === 'gzip') return zlib.gunzipSync(b);
  if (coding === 'br') return zlib.brotliDecompressSync(b);
  return b;
}

// ---- what an answer must be ----------------------------------------------

// The one whole answer in `got`, checked for the security headers (a
// HEAD answer's Content-Length describes the body it leaves out).
function oneAnswer(got, what, head = false) {
  const { responses, rest } = parseResponses(
    head ? got.replace(/\r\nContent-Length: \d+\r\n/i, '\r\nX-Left-Out: 1\r\n') : got);
  assert.equal(responses.length, 1, `${what}: not one whole answer:\n${got.slice(0, 600)}`);
  assert.equal(rest, '', `${what}: bytes after the answer:\n${rest.slice(0, 300)}`);
  const r = responses[0];
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) {
    assert.equal(r.headers[k], v, `${what}: ${k} missing or wrong:\n${r.rawHead}`);
  }
  assert.ok(r.headers['cache-control'], `${what}: no Cache-Control:\n${r.rawHead}`);
  return r;
}

// A 500 with a whole error body (none for HEAD).
function isWhole500(r, head, api) {
  if (r.status !== 500) return false;
  if (head) return true;
  const text = decoded(r).toString('utf8');
  if (api) {
    if (!(r.headers['content-type'] ?? '').startsWith('application/json')) return false;
    try {
      return JSON.parse(text).error.code === 'internal';
    } catch {
      return false;
    }
  }
  return (r.headers['content-type'] ?? '').startsWith('text/html') &&
    text.startsWith('<!doctype html>') && text.endsWith('</html>\n');
}

// The same answer as `normal` (decoded); for a request answered with a
// random new game, the same status and type.
function same(r, normal, random = false) {
  return r.status === normal.status &&
    r.headers['content-type'] === normal.headers['content-type'] &&
    (random || decoded(r).equals(decoded(normal)));
}

// ---- the sweep of one request --------------------------------------------

const totals = { requests: 0, runs: 0, allocations: 0, fallbacks: 0, errors500: 0 };

async function sweep(srv, seen, c) {
  const head = c.bytes.startsWith('HEAD ');
  const api = /^\S+ \/api[/ ?]/.test(c.bytes);
  const normal = oneAnswer(await send(srv, c.bytes), `${c.name} (normal)`, head);
  assert.ok(normal.status < 500, `${c.name}: normally ${normal.status}`);
  if (c.status) assert.equal(normal.status, c.status, `${c.name}: normal status`);
  await arm(srv, 'count');
  const counted = oneAnswer(await send(srv, c.bytes), `${c.name} (counted)`, head);
  assert.ok(same(counted, normal, c.random), `${c.name}: the counted answer differs from the normal one`);
  const n0 = await note(srv, seen);
  assert.ok(n0, `${c.name}: no allocation count in the log`);
  assert.equal(n0.failed, 'none');
  const k = n0.count;
  totals.requests++;
  totals.allocations += k;
  for (const persist of [false, true]) {
    // Counts may grow by one where a thread makes its compressor on its
    // first gzip answer; the sweep goes on while the Nth is reached.
    for (let n = 1; ; n++) {
      const spec = `${n}${persist ? '+' : ''}`;
      const what = `${c.name}, allocation ${spec} of ${k} failing`;
      await arm(srv, spec);
      const got = await send(srv, c.bytes);
      const nt = await note(srv, seen);
      totals.runs++;
      assert.ok(nt, `${what}: no log line:\n${srv.log().slice(-2000)}`);
      if (nt.failed === 'none') {
        assert.ok(n > k - 1, `${what}: only ${nt.count} allocations this time`);
        assert.ok(same(oneAnswer(got, what, head), normal, c.random), `${what}: not reached, yet not the normal answer`);
        break;
      }
      const r = oneAnswer(got, what, head);
      if (same(r, normal, c.random)) {
        totals.fallbacks++;
      } else {
        assert.ok(isWhole500(r, head, api),
          `${what}: status ${r.status} (normally ${normal.status}):\n${r.rawHead}\n\n${decoded(r).toString('utf8').slice(0, 400)}\n${nt.line}`);
        totals.errors500++;
      }
    }
  }
}

// ---- the requests --------------------------------------------------------

const late = linkOf('link/late_v2.link');
const mid = linkOf('pages/mid.link');
const over = linkOf('pages/over.link');
const exch = linkOf('pages/exchange.link');
const ORIGIN = 'http://t';
const BEST = { type: 'play', tiles: [{ row: 13, col: 7, letter: 'A' }, { row: 13, col: 8, letter: 'M' }, { row: 13, col: 9, letter: 'P' }] };
const BAD = { type: 'play', tiles: [{ row: 7, col: 10, letter: 'B' }] };
const GZIP = { 'Accept-Encoding': 'gzip' };
const BR = { 'Accept-Encoding': 'gzip, deflate, br' };

function cases(classic, classicSlow) {
  const json = (o) => JSON.stringify(o);
  const post = (p, body, headers) => raw('POST', p, { body, headers });
  const get = (p, headers) => raw('GET', p, { headers });
  const formPost = (p, f, headers = {}) => post(p, form(f), { 'Content-Type': 'application/x-www-form-urlencoded', ...headers });
  const chunked = (p, body) => `POST ${p} HTTP/1.1\r\nHost: t\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n` +
    [body.slice(0, 500), body.slice(500, 1300), body.slice(1300)].filter((s) => s)
      .map((s) => `${Buffer.byteLength(s).toString(16)}\r\n${s}\r\n`).join('') + '0\r\n\r\n';
  return [
    { name: 'healthz', bytes: get('/healthz') },
    { name: 'landing', bytes: get('/') },
    { name: 'landing, gzip', bytes: get('/', GZIP) },
    { name: 'landing, brotli (the kept copy)', bytes: get('/', BR) },
    { name: 'new game page', bytes: get('/new?seed=sweep') },
    { name: 'new game, bad seed', bytes: get('/new?seed=a%01%3Cb%3E'), status: 400 },
    { name: 'page of a v2 link', bytes: get(`/?s=${encodeURIComponent(late)}`) },
    { name: 'page of a v2 link, gzip', bytes: get(`/?s=${encodeURIComponent(late)}`, GZIP) },
    { name: 'HEAD of a page', bytes: raw('HEAD', `/?s=${encodeURIComponent(mid)}`) },
    { name: 'page of a classic link (a long target)', bytes: get(`/?s=${encodeURIComponent(classic)}`) },
    { name: 'page of a classic link only jansson reads', bytes: get(`/?s=${encodeURIComponent(classicSlow)}`, GZIP) },
    { name: 'page, waiting, with its QR code', bytes: formPost('/game', { s: mid, me: '2', origin: ORIGIN }) },
    { name: 'page as the script fetches it, brotli', bytes: formPost('/game', { s: over, me: '1', origin: ORIGIN }, BR) },
    { name: 'page, exchange', bytes: get(`/game?s=${encodeURIComponent(exch)}`) },
    { name: 'game over page', bytes: get(`/?s=${encodeURIComponent(over)}`, GZIP) },
    { name: 'damaged link page', bytes: get('/?s=2AAAAAAAAA'), status: 400 },
    { name: 'move by form', bytes: formPost('/game/move', { s: mid, move: json(BEST), me: '1', origin: ORIGIN }, GZIP) },
    { name: 'move by form refused', bytes: formPost('/game/move', { s: mid, move: json(BAD), me: '1' }), status: 422 },
    { name: 'classic move by form (a body past the room)', bytes: formPost('/game/move', { s: classic, move: json(BEST), me: '1' }) },
    { name: 'review page', bytes: get(`/game/review?s=${encodeURIComponent(mid)}`) },
    { name: 'review cells', bytes: formPost('/game/review', { s: mid }) },
    { name: 'GCG download', bytes: get(`/game.gcg?s=${encodeURIComponent(over)}`) },
    { name: 'API new game', bytes: post('/api/v1/games', json({ seed: 'sweep' })), status: 201 },
    { name: 'API new game, empty body (a random seed)', bytes: post('/api/v1/games', ''), status: 201, random: true },
    { name: 'API move', bytes: post('/api/v1/move', json({ state: mid, move: BEST }), GZIP) },
    { name: 'API move, chunked body', bytes: chunked('/api/v1/move', json({ state: classic, move: BEST })) },
    { name: 'API move read by jansson', bytes: post('/api/v1/move', `{"\\u0073tate":${json(mid)},"move":${json(BEST)}}`) },
    { name: 'API classic move, v2 asked', bytes: post('/api/v1/move', json({ state: classic, move: BEST, format: 'v2' })) },
    { name: 'API move refused', bytes: post('/api/v1/move', json({ state: mid, move: BAD })), status: 422 },
    { name: 'API preview', bytes: post('/api/v1/preview', json({ state: mid, move: BEST })) },
    { name: 'API decode', bytes: post('/api/v1/decode', json({ state: over, format: 'v1' }), GZIP) },
    { name: 'API decode, classic link only jansson reads', bytes: post('/api/v1/decode', json({ state: classicSlow })) },
    { name: 'API GCG', bytes: post('/api/v1/gcg', json({ state: over })) },
    { name: 'API plays', bytes: post('/api/v1/plays', json({ state: mid, limit: 5 })) },
    { name: 'API plays, a long answer (the heap), gzip', bytes: post('/api/v1/plays', json({ state: mid, limit: 300 }), GZIP) },
    { name: 'API review', bytes: post('/api/v1/review', json({ state: mid }), GZIP) },
    { name: 'API word judge', bytes: post('/api/v1/words', json({ words: ['cat', 'qzx', 'naïve'] })) },
    { name: 'a word checked without script', bytes: get(`/game/word?s=${encodeURIComponent(mid)}&word=cat`) },
    { name: 'API bad JSON', bytes: post('/api/v1/move', '{"state":'), status: 400 },
    { name: 'API 404', bytes: post('/api/v1/nowhere', '{}'), status: 404 },
    { name: 'API 405', bytes: get('/api/v1/move'), status: 405 },
    { name: 'API body too large', bytes: `POST /api/v1/move HTTP/1.1\r\nHost: t\r\nConnection: close\r\nContent-Length: 99999\r\n\r\n`, status: 413 },
    { name: 'refused head (two Content-Length)', bytes: 'POST /api/v1/move HTTP/1.1\r\nHost: t\r\nConnection: close\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}', status: 400 },
    { name: 'page 404', bytes: get('/nowhere'), status: 404 },
    { name: 'static file', bytes: get('/static/app.css') },
    { name: 'static file, brotli', bytes: get('/static/app.js', { 'Accept-Encoding': 'br, gzip' }) },
    { name: 'static file, 304', bytes: null, status: 304 },
  ];
}

// ---- main ----------------------------------------------------------------

const srv = await startServer();
let failed = null;
try {
  // A classic link of the mid-game position, and the same state with an
  // escape in one key, which only jansson reads.
  const dec = JSON.parse(await send(srv, raw('POST', '/api/v1/decode', { body: JSON.stringify({ state: mid, format: 'v1' }) }))
    .then((d) => d.slice(d.indexOf('\r\n\r\n') + 4)));
  const classic = dec.state;
  const slowText = JSON.stringify(decode(classic)).replace('"turn"', '"\\u0074urn"');
  const classicSlow = encode(slowText);
  const list = cases(classic, classicSlow);
  // The static file's ETag, for the 304.
  const css = parseResponses(await send(srv, raw('GET', '/static/app.css'))).responses[0];
  list.find((c) => c.status === 304).bytes = raw('GET', '/static/app.css', { headers: { 'If-None-Match': css.headers.etag } });
  // Each thread makes its gzip compressor on its first gzip answer: warm
  // both up, so the counts stay put (the compressor's own failure is swept
  // on a fresh server below).
  for (let i = 0; i < 8; i++) await send(srv, raw('GET', '/', { headers: GZIP }));
  const seen = { n: 0 };
  const only = process.env.COLLABBLE_ALLOC_FAIL_ONLY;
  for (const c of list) {
    if (only && !c.name.includes(only)) continue;
    await sweep(srv, seen, c);
  }
} catch (e) {
  failed = e;
}
const code = await srv.stop();
const log = srv.log();
if (failed) {
  console.error(failed.message);
  console.error(log.split('\n').filter((l) => SANITIZER_REPORT.test(l) || /^\s+#\d/.test(l)).slice(0, 60).join('\n'));
  process.exit(1);
}
assert.equal(code, 0, `the server did not stop cleanly (${code}):\n${log.slice(-3000)}`);
assert.doesNotMatch(log, SANITIZER_REPORT, `sanitizer report:\n${log.split('\n').filter((l) => !/ allocations=/.test(l)).join('\n').slice(-6000)}`);

// The gzip compressor a thread makes on its first gzip answer, on a fresh
// server each time (a small word list keeps the start quick): for a page
// written afresh (a new game's page), and for the landing page, whose
// best-level copy each thread keeps (srv_gzip_kept: its slot and
// libdeflate's compressor, which fall back to the writer of fresh answers).
// The same with a browser's Accept-Encoding: brotli's arena, made on a
// thread's first brotli answer (its failure sends the page in gzip), and
// the landing page's kept brotli copy (its slot or arena failing, the
// page goes in brotli made afresh, longer than the kept copy).
let freshRuns = 0;
async function firstAnswers(target, headers) {
  const got = { plain: 0, gzip: 0, br: [] };
  const pages = []; // every 200's page, decoded, each the whole answer's
  for (let n = 1; ; n++) {
    const s = await startServer({ args: ['--lexicon', path.join(data, 'lexicons', 'good.txt')] });
    await arm(s, String(n));
    const bytes = await send(s, raw('GET', target, { headers }));
    const nt = await note(s, { n: 0 });
    const codeFresh = await s.stop();
    freshRuns++;
    assert.equal(codeFresh, 0);
    assert.doesNotMatch(s.log(), SANITIZER_REPORT, s.log());
    const what = `first answer of ${target} (${headers['Accept-Encoding']}), allocation ${n} failing`;
    const r = oneAnswer(bytes, what);
    if (nt.failed === 'none') {
      got.whole = r;
      for (const p of pages) assert.ok(p.equals(decoded(r)), `${target}: a page not the whole answer's`);
      break;
    }
    const coding = r.headers['content-encoding'];
    if (r.status === 200 && coding === undefined) got.plain++;
    else if (r.status === 200 && coding === 'gzip') got.gzip++;
    else if (r.status === 200 && coding === 'br') got.br.push(Buffer.byteLength(r.body, 'latin1'));
    else assert.ok(isWhole500(r, false, false), `${what}: ${r.status} ${coding}`);
    if (r.status === 200) pages.push(decoded(r));
  }
  return got;
}
const fresh = await firstAnswers('/new?seed=alloc', GZIP);
// One of them was the compressor's, whose failure sends the page plain.
assert.equal(fresh.plain, 1, `${fresh.plain} of the first gzip answers went out plain`);
const kept = await firstAnswers('/', GZIP);
assert.ok(kept.gzip >= 1 && kept.plain === 0, `the landing: ${kept.gzip} by the fresh writer, ${kept.plain} plain`);
const freshBr = await firstAnswers('/new?seed=alloc', BR);
assert.equal(freshBr.whole.headers['content-encoding'], 'br');
// One was the arena's, whose failure sends the page in gzip; none plain.
assert.ok(freshBr.gzip === 1 && freshBr.plain === 0,
  `brotli: ${freshBr.gzip} of the first answers in gzip, ${freshBr.plain} plain`);
const keptBr = await firstAnswers('/', BR);
const keptLen = Buffer.byteLength(keptBr.whole.body, 'latin1');
assert.equal(keptBr.whole.headers['content-encoding'], 'br');
assert.ok(keptBr.gzip === 0 && keptBr.plain === 0 && keptBr.br.some((len) => len > keptLen),
  `the landing in brotli: ${keptBr.gzip} in gzip, ${keptBr.plain} plain, brotli lengths ${keptBr.br} (kept ${keptLen})`);

// The shipped binary has no hook: the header arms nothing there.
let plainChecked = false;
if (process.env.COLLABBLE_PLAIN_BIN) {
  const own = process.env.COLLABBLE_BIN;
  process.env.COLLABBLE_BIN = process.env.COLLABBLE_PLAIN_BIN;
  const p = await startServer();
  process.env.COLLABBLE_BIN = own;
  await arm(p, '1');
  const r = oneAnswer(await send(p, raw('GET', '/')), 'the shipped binary, armed');
  assert.equal(r.status, 200);
  assert.doesNotMatch(p.log(), / allocations=/);
  assert.equal(await p.stop(), 0);
  plainChecked = true;
}

const secs = ((Date.now() - t0) / 1000).toFixed(1);
console.log(`alloc_fail: ${totals.requests} requests, ${totals.allocations} allocations, ` +
  `${totals.runs} runs with allocations failing (${totals.fallbacks} normal answers by a fallback, ` +
  `${totals.errors500} whole 500s); ` +
  `${freshRuns} fresh servers for the first gzip answer (${fresh.plain} plain: the compressor's; the landing kept: ${kept.gzip} by the fresh writer; brotli: ${freshBr.gzip} in gzip, the arena's; the landing's kept copy: ${keptBr.br.filter((len) => len > keptLen).length} made afresh); ${secs} s` +
  (sanitized ? '; no leak, no sanitizer report' : '; not a sanitizer build: leaks not checked') +
  (plainChecked ? '; the shipped binary ignores the arming header' : ''));
