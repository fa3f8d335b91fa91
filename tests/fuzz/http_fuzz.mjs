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
// - a hang: a complete, unambiguously framed request left unanswered for
//   5 s on an open connection, or a connection neither answered nor closed
//   by the server's deadlines (see "the run" below: every case is put in
//   one class, and the counts per class are printed at the end, with the
//   no-answer cases among them);
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
// Resolves to a connection record: { data, closed, lastSend, more(ms), end() }
// where more(ms) waits up to ms for the server to write again or close
// (resolving true if it did either) and end() drops the socket.
function exchange(pieces, gapMs, waitMs) {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    sock.setEncoding('latin1');
    const c = { data: '', closed: false, closedAt: 0, lastSend: Date.now(), lastData: 0 };
    let wake = null;
    let quiet = null;
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      clearTimeout(quiet);
      resolve(c);
    };
    const poke = () => { if (wake) { const w = wake; wake = null; w(true); } };
    c.more = (ms) => new Promise((res) => {
      if (c.closed) { res(true); return; }
      const t = setTimeout(() => { wake = null; res(false); }, ms);
      wake = (v) => { clearTimeout(t); res(v); };
    });
    c.end = () => sock.destroy();
    const arm = () => { clearTimeout(quiet); quiet = setTimeout(settle, waitMs); };
    sock.on('data', (d) => { c.data += d; c.lastData = Date.now(); if (settled) poke(); else arm(); });
    const closed = () => {
      if (!c.closed) { c.closed = true; c.closedAt = Date.now(); }
      poke();
      settle();
    };
    sock.on('close', closed);
    sock.on('error', closed);
    sock.on('connect', async () => {
      for (const p of pieces) {
        if (c.closed) return;
        sock.write(Buffer.from(p, 'latin1'));
        c.lastSend = Date.now();
        if (gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
      }
      c.lastSend = Date.now();
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

// ---- what was sent: complete, incomplete or unframed ---------------------
// A request is "framed" when nobody could read it two ways: its head ends
// with the first CRLF CRLF, every line ends in CRLF (no bare CR or LF, no
// NUL, no folded line), the request line is METHOD SP TARGET SP HTTP/1.0 or
// HTTP/1.1, every header is NAME ":" value, and its body is exactly one
// Content-Length of digits, or one Transfer-Encoding "chunked" (HTTP/1.1,
// no Content-Length) with well-formed chunks, or none. A framed request is
// complete, and the server must answer it (or close right after an answer
// to an earlier one). Reading stops at the first request that is not
// framed, or one after which the server may close (Connection: close,
// HTTP/1.0 without keep-alive), or at the end of what was sent. Returns
// { framed: [method, ...], rest } where rest says what follows them:
// 'none', 'incomplete-head' (no end of a head yet), 'incomplete-body' (a
// framed head whose body is not all there), 'unframed' (bytes the server
// may read either way: no judgement is made on them) or 'after-close'.
const TCHARS = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
function frame(input) {
  const framed = [];
  let at = 0;
  while (at < input.length) {
    const end = input.indexOf('\r\n\r\n', at);
    if (end < 0) {
      return { framed, rest: /\n\r?\n/.test(input.slice(at)) ? 'unframed' : 'incomplete-head' };
    }
    const head = input.slice(at, end);
    if (/\0|\r(?!\n)|(?<!\r)\n|\r\n[ \t]/.test(head)) return { framed, rest: 'unframed' };
    const lines = head.split('\r\n');
    const rl = /^(\S+) (\S+) HTTP\/1\.([01])$/.exec(lines[0]);
    if (!rl || !TCHARS.test(rl[1])) return { framed, rest: 'unframed' };
    const h = {};
    for (const l of lines.slice(1)) {
      const m = /^([^:]+):[ \t]*(.*?)[ \t]*$/.exec(l);
      if (!m || !TCHARS.test(m[1])) return { framed, rest: 'unframed' };
      const k = m[1].toLowerCase();
      (h[k] ??= []).push(m[2]);
    }
    const v11 = rl[3] === '1';
    let bodyEnd = end + 4;
    const te = h['transfer-encoding'];
    const cl = h['content-length'];
    if (te) {
      if (te.length !== 1 || te[0] !== 'chunked' || cl || !v11) return { framed, rest: 'unframed' };
      let p = bodyEnd;
      for (;;) {
        const eol = input.indexOf('\r\n', p);
        if (eol < 0) return { framed, rest: 'incomplete-body' };
        const size = input.slice(p, eol);
        if (!/^[0-9a-fA-F]{1,8}$/.test(size)) return { framed, rest: 'unframed' };
        const n = parseInt(size, 16);
        if (n === 0) {
          // Trailers, then the empty line.
          const fin = input.indexOf('\r\n\r\n', eol);
          if (input.startsWith('\r\n', eol + 2)) { p = eol + 4; break; }
          if (fin < 0) return { framed, rest: 'incomplete-body' };
          const trailers = input.slice(eol + 2, fin);
          if (/\0|\r(?!\n)|(?<!\r)\n/.test(trailers) || !trailers.split('\r\n').every((l) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+:/.test(l))) {
            return { framed, rest: 'unframed' };
          }
          p = fin + 4;
          break;
        }
        if (input.length < eol + 2 + n + 2) return { framed, rest: 'incomplete-body' };
        if (input.slice(eol + 2 + n, eol + 4 + n) !== '\r\n') return { framed, rest: 'unframed' };
        p = eol + 4 + n;
      }
      bodyEnd = p;
    } else if (cl) {
      if (cl.length !== 1 || !/^\d{1,9}$/.test(cl[0])) return { framed, rest: 'unframed' };
      const n = Number(cl[0]);
      if (input.length < bodyEnd + n) return { framed, rest: 'incomplete-body' };
      bodyEnd += n;
    }
    framed.push(rl[1]);
    at = bodyEnd;
    const conn = (h.connection ?? []).join(',').toLowerCase();
    if (/\bclose\b/.test(conn) || (!v11 && !/\bkeep-alive\b/.test(conn)) || /\bupgrade\b/.test(conn)) {
      return { framed, rest: at < input.length ? 'after-close' : 'none' };
    }
  }
  return { framed, rest: 'none' };
}

// The answers in what the server wrote, told apart with the methods of the
// framed requests they answer (a HEAD's answer has no body): interim 100
// Continue answers are not counted.
function countAnswers(data, methods) {
  let at = 0;
  let n = 0;
  for (;;) {
    const end = data.indexOf('\r\n\r\n', at);
    if (end < 0) return n;
    const head = data.slice(at, end);
    const m = /^HTTP\/1\.[01] (\d{3})/.exec(head);
    if (!m) return n;
    const status = Number(m[1]);
    if (status === 100) { at = end + 4; continue; }
    const len = /\r\ncontent-length: *(\d+)/i.exec(head);
    const noBody = methods[n] === 'HEAD' || status === 204 || status === 304;
    at = end + 4 + (noBody || !len ? 0 : Number(len[1]));
    if (data.length < at) return n;
    n += 1;
  }
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
// Every case ends in one class. An answer is what the server owes a framed
// request (frame() above); a case with no answer is one of:
// - incomplete-head / incomplete-body: what was sent is not a whole request
//   (no end of its head, or less body than its head announced), so the
//   server waits for more bytes, and its deadlines must close the
//   connection (CLB_HEADER_DEADLINE_S, CLB_BODY_DEADLINE_S, each 10 s, kept
//   to within 250 ms; the idle timeout is 10 s too): within DEADLINE_MS of
//   the last byte sent, or it is a hang;
// - unframed: bytes that could be read either way (a bare LF, a NUL, a
//   doubtful length): the server may answer, close or wait for more, but
//   must close by the same deadline;
// - closed: the server closed without an answer and no framed request was
//   left unanswered;
// - dropped: a framed request closed without any answer. libmicrohttpd
//   0.9.75 does this when a request's head fills its memory pool (a target
//   of thousands of query fields: it logs a 431 it then cannot send), so
//   it is counted and shown, not failed; it is no hang;
// - hang, a failure: a framed request still unanswered ANSWER_MS after it
//   was sent, the connection open; or a connection neither answered nor
//   closed within DEADLINE_MS.
const ANSWER_MS = 5000;
const DEADLINE_MS = 10000 + 250 + 2000;
const t0 = Date.now();
const deadline = t0 + seconds * 1000;
let runs = 0;
let answers = 0;
const classes = {
  answered: 0, 'incomplete-head': 0, 'incomplete-body': 0, unframed: 0, closed: 0, hang: 0, dropped: 0,
};
const noAnswer = { 'incomplete-head': 0, 'incomplete-body': 0, unframed: 0, closed: 0, hang: 0, dropped: 0 };
const closeMs = {}; // class -> [min, max] ms from the last byte sent to the close
const watching = [];
function count(cls, answered, c) {
  classes[cls] += 1;
  if (!answered) noAnswer[cls] += 1;
  if (c && c.closed && cls !== 'answered' && cls !== 'closed') {
    const ms = c.closedAt - Math.max(c.lastSend, c.lastData);
    const r = (closeMs[cls] ??= [Infinity, 0]);
    r[0] = Math.min(r[0], ms);
    r[1] = Math.max(r[1], ms);
  }
}
// A connection the server rightly keeps open, waiting for more bytes: it
// must be closed by its deadline.
async function watch(c, cls, input, answered) {
  const since = Math.max(c.lastSend, c.lastData);
  while (!c.closed) {
    const left = since + DEADLINE_MS - Date.now();
    if (left <= 0 || !(await c.more(left))) break;
  }
  c.end();
  if (!c.closed) {
    count('hang', answered, c);
    fail(`hang: a connection (${cls}) was neither answered nor closed within ${DEADLINE_MS} ms of its last byte`, input);
  } else {
    count(cls, answered, c);
  }
}
async function oneCase(input, pieces, gap) {
  const c = await exchange(pieces, gap, 300);
  runs += 1;
  const { framed, rest } = frame(input);
  let n = countAnswers(c.data, framed);
  // A framed request not yet answered: the answer is owed within ANSWER_MS.
  while (!c.closed && n < framed.length) {
    const left = c.lastSend + ANSWER_MS - Date.now();
    if (left <= 0 || !(await c.more(left))) break;
    n = countAnswers(c.data, framed);
  }
  answers += parseResponses(c.data).responses.length;
  const why = check(c.data, input);
  if (why) fail(why, input);
  const answered = n > 0 || parseResponses(c.data).responses.some((r) => r.status !== 100);
  if (n < framed.length) {
    c.end();
    if (!c.closed) {
      count('hang', answered, c);
      fail(`hang: framed request ${n + 1} of ${framed.length} got no answer within ${ANSWER_MS} ms`, input);
    } else if (n === 0 && !answered) {
      // Not a hang: counted and shown, not failed (see the classes above).
      count('dropped', answered, c);
    } else {
      count(answered ? 'answered' : 'closed', answered, c);
    }
    return;
  }
  if (c.closed || rest === 'none' || rest === 'after-close') {
    c.end();
    count(answered ? 'answered' : 'closed', answered, c);
    return;
  }
  // Every framed request is answered; the rest is not a whole request.
  const cls = answered && rest === 'unframed' ? 'answered' : rest;
  watching.push(watch(c, cls, input, answered));
}
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
    await oneCase(input, pieces, gap);
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
// The connections still waiting for their deadline.
await Promise.all(watching);

if (exited === null) child.kill('SIGTERM');
const code = await Promise.race([exitedP, new Promise((r) => setTimeout(() => r('hung'), 10000))]);
if (code === 'hung') { child.kill('SIGKILL'); failures.push('the server did not stop within 10 s of SIGTERM'); }
const report = SANITIZER_REPORT.exec(stderr);
if (report) failures.push(`sanitizer report:\n${stderr.slice(Math.max(0, report.index - 500), report.index + 6000)}`);
else if (code !== 0 && code !== 'hung') failures.push(`the server exited with ${code}:\n${stderr.slice(-3000)}`);

const secs = ((Date.now() - t0) / 1000).toFixed(1);
const list = (o) => Object.entries(o).map(([k, v]) => `${k} ${v}`).join(', ');
const totalNo = Object.values(noAnswer).reduce((a, b) => a + b, 0);
console.log(`http_fuzz: cases by class: ${list(classes)}`);
console.log(`http_fuzz: ${totalNo} of ${runs} cases got no answer: ${list(noAnswer)}`);
console.log(`http_fuzz: closed after the last byte (ms, min..max): ${Object.entries(closeMs).map(([k, [a, b]]) => `${k} ${a}..${b}`).join(', ') || 'none'}`);
if (failures.length > 0) {
  console.log(`http_fuzz: FAILED after ${runs} runs in ${secs}s (seed ${seed}):`);
  for (const f of failures) console.log(`- ${f}`);
  process.exit(1);
}
console.log(`http_fuzz: ok: ${runs} runs, ${answers} answers in ${secs}s (seed ${seed})`);
