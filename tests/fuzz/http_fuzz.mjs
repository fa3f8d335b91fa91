// tests/fuzz/http_fuzz.mjs - a raw-HTTP fuzzer against the real server:
// mutated request lines and headers, chunked bodies, pipelined requests,
// NULs and stray CR/LF, and requests sent slowly in pieces, over loopback
// sockets to the collabble binary built with ASan and UBSan.
// SPDX-License-Identifier: MIT
//
// Usage: COLLABBLE_BIN=path/to/collabble node tests/fuzz/http_fuzz.mjs SECONDS
//        [--seed N] [--artifacts DIR]
// (tests/fuzz/run.sh runs it after the libFuzzer targets.)
//
// It fails (exit 1) on any of:
// - a sanitizer report in the server's output, or the server dying;
// - an answer with a 5xx status, other than libmicrohttpd's own 505 for an
//   HTTP version it does not speak;
// - an answer from the application without the security headers.
// libmicrohttpd's own error answers (told apart by their fixed bodies) carry
// no security headers; DESIGN.md lists them. The input that failed is saved
// in the artifacts directory, with the seed to replay the whole run.
// Generation is deterministic for a seed; the timing of slow sends is not.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  SECURITY_HEADERS, SANITIZER_REPORT, parseResponses,
} from '../http/server.mjs';

// The bodies of libmicrohttpd 0.9.75's own error answers
// (src/microhttpd/connection.c), which carry no headers of ours.
const MHD_BODIES = [
  'Your HTTP header was too big for the memory constraints of this webserver.',
  'and your HTTP 1.1 request lacked such a header.',
  'Your HTTP request was syntactically incorrect.',
  'Your HTTP chunked encoding was syntactically incorrect.',
  'The chunk size used in your HTTP chunked encoded request is too large.',
  'Your HTTP request has too large value for <b>Content-Length</b> header.',
  'Your HTTP request has wrong value for <b>Content-Length</b> header.',
  'Requested HTTP version is too old and not supported.',
  'Requested HTTP version is not supported.',
];

function usage(msg) {
  process.stderr.write(`http_fuzz: ${msg}\nusage: COLLABBLE_BIN=BIN node tests/fuzz/http_fuzz.mjs SECONDS [--seed N] [--artifacts DIR]\n`);
  process.exit(2);
}

const argv = process.argv.slice(2);
const seconds = Number(argv[0]);
if (!Number.isInteger(seconds) || seconds < 1) usage('SECONDS must be a positive whole number');
let seed = (Date.now() % 1000000007) >>> 0;
let artifacts = path.resolve('http-fuzz-artifacts');
for (let i = 1; i < argv.length; i++) {
  if (argv[i] === '--seed') seed = Number(argv[++i]) >>> 0;
  else if (argv[i] === '--artifacts') artifacts = path.resolve(argv[++i]);
  else usage(`unknown argument '${argv[i]}'`);
}
const bin = process.env.COLLABBLE_BIN;
if (!bin) usage('set COLLABBLE_BIN to the collabble binary (a sanitizer build)');

// ---- deterministic randomness (xorshift32) ----------------------------
let rs = seed || 1;
const rnd = () => { rs ^= rs << 13; rs >>>= 0; rs ^= rs >>> 17; rs ^= rs << 5; rs >>>= 0; return rs / 4294967296; };
const below = (n) => Math.floor(rnd() * n);
const pick = (a) => a[below(a.length)];
const chance = (p) => rnd() < p;

// ---- the server ---------------------------------------------------------
let stderr = '';
const child = spawn(bin, ['--port', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
child.stderr.setEncoding('latin1');
// Only the sanitizers' lines matter; the access log is dropped as it comes.
child.stderr.on('data', (d) => {
  stderr = (stderr + d).slice(-200000);
});
let exited = null;
const exitedP = new Promise((res) => child.on('exit', (code, sig) => { exited = code ?? sig; res(exited); }));
const port = await new Promise((resolve, reject) => {
  const t = setTimeout(() => reject(new Error(`server did not start:\n${stderr}`)), 20000);
  const look = () => {
    const m = /listening on http:\/\/\S*:(\d+)/.exec(stderr);
    if (m) { clearTimeout(t); child.stderr.off('data', look); resolve(Number(m[1])); }
  };
  child.stderr.on('data', look);
  child.on('exit', () => reject(new Error(`server exited before listening:\n${stderr}`)));
});

// ---- talking to it --------------------------------------------------------
// Sends `pieces` (strings of bytes) with `gapMs` between them, then collects
// what the server writes until it closes or `waitMs` of quiet has passed.
function exchange(pieces, gapMs, waitMs) {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    sock.setEncoding('latin1');
    let data = '';
    let quiet = null;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(quiet);
      sock.destroy();
      resolve(data);
    };
    const arm = () => { clearTimeout(quiet); quiet = setTimeout(finish, waitMs); };
    sock.on('data', (d) => { data += d; arm(); });
    sock.on('close', finish);
    sock.on('error', finish);
    sock.on('connect', async () => {
      for (const p of pieces) {
        if (done) return;
        sock.write(Buffer.from(p, 'latin1'));
        if (gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
      }
      arm();
    });
  });
}

async function get(p, body) {
  const r = await fetch(`http://127.0.0.1:${port}${p}`, body === undefined ? {} : { method: 'POST', body });
  return { status: r.status, text: await r.text() };
}

// A real game, so bodies and links reach the handlers' deeper paths.
const game = JSON.parse((await get('/api/v1/games', '{"seed":"http-fuzz"}')).text);
const STATE = game.state;
const RACK = game.game.hands.P1;

// ---- generating requests ----------------------------------------------------
const METHODS = ['GET', 'POST', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', 'CONNECT', 'get', 'G\0T', 'POST ', '', 'X'.repeat(40)];
const TARGETS = [
  '/', '/healthz', '/api/v1/games', '/api/v1/move', '/api/v1/preview', '/api/v1/decode',
  '/game', '/game/move', '/new', '/new?seed=abc', `/?s=${encodeURIComponent(STATE)}`, `/?s=${STATE}`,
  '/static/app.css', '/static/app.js?v=0', '/static/../server.c', '/%2e%2e/%2e%2e/etc/passwd',
  '//evil.example/', '/?' + '&'.repeat(200), '/?' + '&'.repeat(32000), '/?' + 'a=1&'.repeat(9000), '/?s=' + 'A'.repeat(17000), '/' + 'a'.repeat(3000),
  '*', 'http://127.0.0.1/healthz', '/\u00ff\u00fe', '/%00', '/?s=%ZZ', '/api/v1/%6dove',
];
const VERSIONS = ['HTTP/1.1', 'HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/0.9', 'HTTP/1.2', 'HTTP/1.10', 'http/1.1', 'HTTP/1.1x', '', 'HTTP/'];
const MOVES = [
  `{"type":"play","tiles":[{"row":7,"col":7,"letter":"${RACK[0]}"},{"row":7,"col":8,"letter":"${RACK[1]}"}]}`,
  '{"type":"pass"}', `{"type":"exchange","tiles":["${RACK[0]}"]}`, '{"type":"play","tiles":[]}',
  '{"type":"play","tiles":[{"row":-1,"col":99999999999,"letter":"?"}]}',
];
function body() {
  switch (below(7)) {
    case 0: return `{"state":"${STATE}","move":${pick(MOVES)}}`;
    case 1: return `{"state":"${STATE}"}`;
    case 2: return `s=${encodeURIComponent(STATE)}&move=${encodeURIComponent(pick(MOVES))}`;
    case 3: return pick(['{}', '{"seed":"x"}', '{"seed":"' + 'y'.repeat(100) + '"}', '[', 'null', '{"a":'.repeat(50)]);
    case 4: return 'x'.repeat(pick([0, 1, 100, 16383, 16384, 16385, 20000]));
    case 5: return Array.from({ length: below(300) }, () => String.fromCharCode(below(256))).join('');
    default: return `{"state":"${STATE.slice(0, below(STATE.length))}","move":${pick(MOVES)}}`;
  }
}
function chunked(b) {
  let out = '';
  let at = 0;
  while (at < b.length) {
    const n = Math.min(b.length - at, 1 + below(chance(0.2) ? 5000 : 40));
    const size = chance(0.9) ? n.toString(16) : pick(['', 'zz', '-1', 'ffffffffffffffffff', `${n.toString(16)};ext=1`, ` ${n.toString(16)}`, '0x10']);
    out += `${size}\r\n${b.slice(at, at + n)}\r\n`;
    at += n;
  }
  out += pick(['0\r\n\r\n', '0\r\n\r\n', '0\r\nX-Trailer: t\r\n\r\n', '0\r\n', '', '00\r\n\r\n']);
  return out;
}
const HEADER_NAMES = ['Host', 'Content-Length', 'Transfer-Encoding', 'Connection', 'Content-Type', 'If-None-Match', 'Cookie', 'Expect', 'Upgrade', 'Accept-Encoding', 'X-Forwarded-For', 'Range', 'X-' + 'a'.repeat(100)];
function header(name, b) {
  switch (name) {
    case 'Host': return pick(['t', '127.0.0.1', '', 'a b', 'x'.repeat(300)]);
    case 'Content-Length': return pick([String(b.length), String(b.length), '0', String(b.length + 10), '-1', '99999999999999999999', ' 5', '5 ', '0x10', '1e3', '18446744073709551616']);
    case 'Transfer-Encoding': return pick(['chunked', 'Chunked', 'gzip', 'chunked, gzip', 'gzip, chunked', 'identity', '']);
    case 'Connection': return pick(['close', 'keep-alive', 'Upgrade', 'close, close']);
    case 'Content-Type': return pick(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain']);
    case 'If-None-Match': return pick(['*', '"x"', 'W/"abc"']);
    case 'Cookie': return pick(['a=1', 'a=1; b=2', '=;;', 'x'.repeat(500)]);
    case 'Expect': return pick(['100-continue', 'nothing']);
    default: return pick(['v', '', 'v'.repeat(1000), '\u00e9t\u00e9']);
  }
}
function request() {
  const method = pick(METHODS);
  const b = method === 'GET' && chance(0.7) ? '' : body();
  const useChunked = b !== '' && chance(0.25);
  const lines = [`${method} ${pick(TARGETS)} ${pick(VERSIONS)}`];
  if (chance(0.9)) lines.push(`Host: ${chance(0.9) ? 't' : header('Host', b)}`);
  if (useChunked) lines.push('Transfer-Encoding: chunked');
  else if (b !== '' && chance(0.9)) lines.push(`Content-Length: ${chance(0.85) ? b.length : header('Content-Length', b)}`);
  for (let i = below(4); i > 0; i--) {
    const n = pick(HEADER_NAMES);
    lines.push(`${n}: ${header(n, b)}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n${useChunked ? chunked(b) : b}`;
}
// Byte-level damage: what a parser most often gets wrong.
function mutate(s) {
  const n = chance(0.5) ? 0 : 1 + below(4);
  for (let i = 0; i < n; i++) {
    const at = below(s.length + 1);
    switch (below(10)) {
      case 0: s = s.slice(0, at) + '\0' + s.slice(at); break;
      case 1: s = s.slice(0, at) + pick(['\r', '\n', '\r\n', '\n\n', '\r\r\n']) + s.slice(at); break;
      case 2: s = s.slice(0, at) + s.slice(at + 1 + below(8)); break;
      case 3: s = s.slice(0, at) + String.fromCharCode(below(256)) + s.slice(at + 1); break;
      case 4: { const len = 1 + below(30); s = s.slice(0, at) + s.slice(at, at + len).repeat(1 + below(50)) + s.slice(at); break; }
      case 5: s = s.slice(0, at) + pick([' ', '\t', ':', ' : ', '\r\n ', '\r\n\t', '%', '%0d%0a']) + s.slice(at); break;
      case 6: s = s.slice(0, at); break;
      case 7: s = s.replace(/\r\n/g, (m) => (chance(0.3) ? '\n' : m)); break;
      case 8: s = s.slice(0, at) + pick(HEADER_NAMES) + ': ' + header('x', '') + '\r\n' + s.slice(at); break;
      default: s = s.slice(0, at) + '\r\nContent-Length: ' + below(100) + s.slice(at); break;
    }
  }
  return s;
}

// ---- checking the answers -------------------------------------------------
const failures = [];
function check(data, input) {
  const { responses } = parseResponses(data);
  for (const r of responses) {
    // libmicrohttpd answers a bad Content-Length with its header block sent
    // twice, so the second block (and the real body) arrive as the body.
    // 100 Continue is libmicrohttpd's interim answer to Expect, not ours.
    if (r.status === 100) continue;
    const doubled = r.body.startsWith(`${r.rawHead}\r\n\r\n`);
    const fromMhd = MHD_BODIES.some((b) => r.body.includes(b)) ||
      (doubled && MHD_BODIES.some((b) => data.includes(b)));
    if (r.status >= 500 && !(r.status === 505 && fromMhd)) {
      return `answer ${r.status}: ${r.rawHead.slice(0, 200)} ${r.body.slice(0, 300)}`;
    }
    if (!fromMhd) {
      for (const [k, v] of Object.entries(SECURITY_HEADERS)) {
        if (r.headers[k] !== v) return `answer ${r.status} without ${k}: ${r.rawHead.slice(0, 400)}`;
      }
    }
  }
  return null;
}
function fail(why, input) {
  mkdirSync(artifacts, { recursive: true });
  const file = path.join(artifacts, `http-fuzz-${seed}-${failures.length}.bin`);
  writeFileSync(file, Buffer.from(input, 'latin1'));
  failures.push(`${why}\n  input: ${file}`);
}

// ---- the run --------------------------------------------------------------
const t0 = Date.now();
const deadline = t0 + seconds * 1000;
let runs = 0;
let answers = 0;
async function worker() {
  while (Date.now() < deadline && failures.length === 0 && exited === null) {
    const reqs = Array.from({ length: chance(0.15) ? 2 + below(3) : 1 }, () => (chance(0.7) ? mutate(request()) : request()));
    const input = reqs.join('');
    let pieces = [input];
    let gap = 0;
    if (chance(0.1)) {
      // Slow and in pieces: a byte here, a few there.
      pieces = [];
      for (let at = 0; at < input.length;) {
        const n = 1 + below(chance(0.5) ? 3 : 200);
        pieces.push(input.slice(at, at + n));
        at += n;
      }
      pieces = pieces.slice(0, 40).concat(pieces.length > 40 ? [pieces.slice(40).join('')] : []);
      gap = 1 + below(20);
    }
    const data = await exchange(pieces, gap, 300);
    runs += 1;
    answers += parseResponses(data).responses.length;
    const why = check(data, input);
    if (why) fail(why, input);
  }
}
const workers = Array.from({ length: 6 }, worker);
// Liveness while it runs: the server must keep answering /healthz.
const live = (async () => {
  while (Date.now() < deadline && failures.length === 0 && exited === null) {
    await new Promise((r) => setTimeout(r, 2000));
    try {
      const h = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(5000) });
      await h.text();
      if (h.status !== 200) failures.push(`/healthz answered ${h.status} during the run`);
    } catch (e) {
      if (exited === null) failures.push(`/healthz failed during the run: ${e.message}`);
    }
  }
})();
await Promise.all([...workers, live]);

if (exited === null) child.kill('SIGTERM');
const code = await Promise.race([exitedP, new Promise((r) => setTimeout(() => r('hung'), 10000))]);
if (code === 'hung') { child.kill('SIGKILL'); failures.push('the server did not stop within 10 s of SIGTERM'); }
const report = SANITIZER_REPORT.exec(stderr);
if (report) failures.push(`sanitizer report:\n${stderr.slice(Math.max(0, report.index - 500), report.index + 6000)}`);
else if (code !== 0 && code !== 'hung') failures.push(`the server exited with ${code}:\n${stderr.slice(-3000)}`);

const secs = ((Date.now() - t0) / 1000).toFixed(1);
if (failures.length > 0) {
  console.log(`http_fuzz: FAILED after ${runs} runs in ${secs}s (seed ${seed}):`);
  for (const f of failures) console.log(`- ${f}`);
  process.exit(1);
}
console.log(`http_fuzz: ok: ${runs} runs, ${answers} answers in ${secs}s (seed ${seed})`);
