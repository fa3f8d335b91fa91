// tests/http/server.mjs - starts the real collabble binary for HTTP tests,
// and builds turn-link states to drive it with.
// SPDX-License-Identifier: MIT
//
// The binary comes from $COLLABBLE_BIN (CTest passes $<TARGET_FILE:collabble>)
// and listens on a free loopback port (--port 0); the port is read from its
// "listening on" line, and the server is ready once /healthz answers.
// Crafted positions are plain schema-v1 objects compressed with the same
// lz-string the browser uses, so a test can set up any board and know its
// exact score.
import { spawn } from 'node:child_process';
import net from 'node:net';
import LZString from 'lz-string';

// The headers every answer of the application carries (server/server.c).
export const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

// What a sanitizer writes when it finds something (ASan, LSan, UBSan).
export const SANITIZER_REPORT = /ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:|SUMMARY: (Address|Undefined|Leak)/;

// The 100-tile English bag, index A..Z then BLANK.
export const DISTRIBUTION = {
  A: 9, B: 2, C: 2, D: 4, E: 12, F: 2, G: 3, H: 2, I: 9, J: 1, K: 1, L: 4,
  M: 2, N: 6, O: 8, P: 2, Q: 1, R: 6, S: 4, T: 6, U: 4, V: 2, W: 2, X: 1,
  Y: 2, Z: 1, BLANK: 2,
};

export function binaryPath() {
  const bin = process.env.COLLABBLE_BIN ?? process.argv[2];
  if (!bin) throw new Error('set COLLABBLE_BIN to the collabble binary');
  return bin;
}

// The compiled default lexicon ($COLLABBLE_SOWPODS, set by CTest), for
// tests that load it next to another one.
export function sowpodsPath() {
  const p = process.env.COLLABBLE_SOWPODS;
  if (!p) throw new Error('set COLLABBLE_SOWPODS to the compiled sowpods.clx');
  return p;
}

// A free loopback port (bound, then let go) for a process a test starts
// itself.
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

// Starts collabble with extra args; resolves to
// { url, port, stop(), log() } once /healthz answers 200.
export async function startServer({ args = [], env = {} } = {}) {
  const child = spawn(binaryPath(), ['--port', '0', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const { url, port } = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${stderr}`)), 20000);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const m = /listening on (http:\/\/\S*:(\d+))/.exec(stderr);
      if (m) { clearTimeout(timer); resolve({ url: m[1], port: Number(m[2]) }); }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${stderr}`));
    });
  });
  // Probed on connections that close, so that no pooled keep-alive
  // connection is left holding a slot a test counts.
  for (let i = 0; ; i++) {
    const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
    const r = await rawRequest(port, 'GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n',
      { timeoutMs: 2000, host });
    if (/^HTTP\/1\.1 200 /.test(r.data)) break;
    if (i > 100) throw new Error(`server not ready:\n${stderr}`);
    await new Promise((res) => setTimeout(res, 50));
  }
  const exited = new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    child.on('exit', (code, signal) => resolve(code ?? signal));
  });
  return {
    url,
    port,
    child,
    log: () => stderr,
    // Stops with SIGTERM; resolves to the exit code (0 for a clean stop).
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

// POSTs a JSON value (or a raw string) and returns { status, headers, body,
// text } with body parsed when the answer is JSON.
export async function post(url, value, headers = {}) {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof value === 'string' ? value : JSON.stringify(value),
  });
  const text = await r.text();
  let body = null;
  if ((r.headers.get('content-type') ?? '').startsWith('application/json')) {
    body = JSON.parse(text);
  }
  return { status: r.status, headers: r.headers, body, text };
}

// Sends raw bytes on a fresh connection and collects everything the server
// writes until it closes (or `timeoutMs` passes). Resolves to
// { data, closed, ms }.
export function rawRequest(port, bytes, { timeoutMs = 5000, keepSending, host = '127.0.0.1' } = {}) {
  return new Promise((resolve) => {
    const start = Date.now();
    const sock = net.connect(port, host);
    let data = '';
    let done = false;
    const finish = (closed) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      sock.destroy();
      resolve({ data, closed, ms: Date.now() - start });
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    sock.on('connect', () => {
      sock.write(bytes);
      if (keepSending) keepSending(sock);
    });
    sock.setEncoding('latin1');
    sock.on('data', (d) => { data += d; });
    sock.on('end', () => finish(true));
    sock.on('close', () => finish(true));
    sock.on('error', () => finish(true));
  });
}

// Splits what a server wrote on one connection into answers:
// [{ status, headers (lower-case names -> value; repeated ones joined with
// ", "), rawHead, body }], stopping at the first incomplete one. `rest` is
// what was left over.
export function parseResponses(data) {
  const out = [];
  let at = 0;
  for (;;) {
    const end = data.indexOf('\r\n\r\n', at);
    if (end < 0) break;
    const rawHead = data.slice(at, end);
    const lines = rawHead.split('\r\n');
    const m = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0]);
    if (!m) break;
    const headers = {};
    for (const l of lines.slice(1)) {
      const i = l.indexOf(':');
      if (i < 0) continue;
      const k = l.slice(0, i).trim().toLowerCase();
      const v = l.slice(i + 1).trim();
      headers[k] = k in headers ? `${headers[k]}, ${v}` : v;
    }
    const len = Number(headers['content-length'] ?? 0);
    if (data.length < end + 4 + len) break;
    out.push({ status: Number(m[1]), headers, rawHead, body: data.slice(end + 4, end + 4 + len) });
    at = end + 4 + len;
  }
  return { responses: out, rest: data.slice(at) };
}

// Slowloris: opens `count` sockets with `connect(onOpen)` (net.connect or
// tls.connect) and sends each a byte of `head` every second, never
// finishing it. Resolves once all are open to { closedAt, stop }:
// closedAt collects, for each socket the server closes, the milliseconds
// since the start; stop() ends the attack.
export async function slowloris(count, connect, head) {
  const socks = [];
  const closedAt = [];
  const t0 = Date.now();
  await Promise.all(Array.from({ length: count }, () => new Promise((resolve) => {
    const s = connect(resolve);
    s.on('error', () => resolve());
    s.on('close', () => closedAt.push(Date.now() - t0));
    socks.push(s);
  })));
  let at = 0;
  const drip = setInterval(() => {
    for (const s of socks) if (!s.destroyed) s.write(head[Math.min(at, head.length - 1)]);
    at += 1;
  }, 1000);
  return {
    closedAt,
    stop() {
      clearInterval(drip);
      for (const s of socks) s.destroy();
    },
  };
}

// An empty 15x15 board as arrays of ".".
export function emptyBoard() {
  return Array.from({ length: 15 }, () => Array(15).fill('.'));
}

// Places words on a board: [[row, col, 'H'|'V', 'WORD'], ...]; lowercase
// letters are blanks.
export function boardWith(words) {
  const b = emptyBoard();
  for (const [r, c, dir, w] of words) {
    [...w].forEach((ch, i) => {
      if (dir === 'H') b[r][c + i] = ch; else b[r + i][c] = ch;
    });
  }
  return b;
}

// A consistent schema-v1 state: the bag holds whatever the board and the
// racks do not (tile conservation), unless `bag` is given.
export function makeState({
  board = emptyBoard(), p1, p2, turn = 'P1', score = 0, lastMove = null,
  consecutivePasses = 0, gameOver = false, gameId = 'httpTest01', bag, extra = {},
}) {
  const left = { ...DISTRIBUTION };
  const take = (k) => {
    left[k] -= 1;
    if (left[k] < 0) throw new Error(`too many ${k} in the crafted state`);
  };
  for (const row of board) {
    for (const ch of row) {
      if (ch === '.') continue;
      take(ch === ch.toLowerCase() ? 'BLANK' : ch);
    }
  }
  for (const t of [...p1, ...p2]) take(t);
  return {
    version: 1, gameId, turn, board, bag: bag ?? left,
    hands: { P1: p1, P2: p2 }, score, lastMove, consecutivePasses, gameOver,
    ...extra,
  };
}

// The encoded state S of a state object (as the browser's link has it).
export function encode(state) {
  return LZString.compressToBase64(typeof state === 'string' ? state : JSON.stringify(state));
}

export function decode(s) {
  return JSON.parse(LZString.decompressFromBase64(s));
}

export function bagCount(game) {
  return Object.values(game.bag).reduce((a, b) => a + b, 0);
}
