// tests/hosts/hosts.mjs - what the host tests share: starting a real web
// server from Debian's package with a configuration read from docs/hosts
// (or docs/nginx), and the checks every host must pass with Collabble
// mounted at /collabble (hostSuite).
// SPDX-License-Identifier: MIT
//
// Each test file starts its own web server on a free loopback port, with a
// configuration written under the build tree ($CLB_HOSTS_WORK, set by
// tests/hosts.cmake): the documented file with only its paths rewritten,
// inside a minimal main configuration. A web server that is not installed
// makes the file print "NAME: SKIPPED (reason)" and exit 77, which CTest
// counts as skipped (scripts/deps.sh test installs them all).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import {
  chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  binaryPath, rawRequest, SECURITY_HEADERS, SANITIZER_REPORT,
} from '../http/server.mjs';
import { chooseMove } from '../http/bot.mjs';
import { examples as apiExamples, difference } from '../http/api_doc.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const MOUNT = '/collabble';
export { binaryPath, SECURITY_HEADERS, SANITIZER_REPORT };

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// collabble-cgi, the CGI front end alone, which docs/DEPLOY.md installs
// for the web servers that start a process a request: $COLLABBLE_CGI_BIN
// (CTest passes $<TARGET_FILE:collabble-cgi>), else beside collabble.
export function cgiBinaryPath() {
  const bin = process.env.COLLABBLE_CGI_BIN ?? path.join(path.dirname(binaryPath()), 'collabble-cgi');
  assert.ok(existsSync(bin), `${bin} is missing: set COLLABBLE_CGI_BIN to collabble-cgi`);
  return bin;
}

// The program's path: PATH first, then the sbin directories a non-root
// PATH may lack. null when it is not installed.
export function findProgram(name) {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/sbin', '/usr/bin', '/bin'];
  for (const d of dirs) {
    if (!d) continue;
    const p = path.join(d, name);
    if (existsSync(p)) return p;
  }
  return null;
}

// Exits 77 (CTest: skipped), saying why, unless every program is
// installed. Call it before any test is declared. Returns their paths.
export function needPrograms(testName, names) {
  const found = {};
  for (const [name, pkg] of names) {
    found[name] = findProgram(name);
    if (!found[name]) {
      console.log(`${testName}: SKIPPED (${name} is not installed: apt-get install ${pkg}, ` +
        'or scripts/deps.sh test)');
      process.exit(77);
    }
  }
  return found;
}

// True when every folder above p lets others in (o+x): the web server's
// own user can reach p.
function reachable(p) {
  for (let d = path.dirname(p); d !== path.dirname(d); d = path.dirname(d)) {
    if (existsSync(d) && (statSync(d).mode & 0o001) === 0) return false;
  }
  return true;
}

// When the tests run as root in a folder others may not enter (a checkout
// under /root, as on a fresh machine), the web server's user could not
// reach the programs: they are copied once into a folder it can, and the
// tests use the copies (the same bytes, so what runs is what was built).
let staged = false;
function stageBinaries() {
  if (staged || typeof process.getuid !== 'function' || process.getuid() !== 0) return;
  staged = true;
  const bins = [binaryPath(), cgiBinaryPath()];
  if (bins.every(reachable)) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'collabble-hosts-bin-'));
  chmodSync(dir, 0o755);
  const [main, cgi] = bins.map((b) => {
    const to = path.join(dir, path.basename(b));
    copyFileSync(b, to);
    chmodSync(to, 0o755);
    return to;
  });
  process.env.COLLABBLE_BIN = main;
  process.env.COLLABBLE_CGI_BIN = cgi;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}

// A fresh directory for one test file, readable by the web server's own
// user: under the build tree ($CLB_HOSTS_WORK) when that user can reach
// it, else under the system's temporary folder.
export function workDir(name) {
  stageBinaries();
  const build = process.env.CLB_HOSTS_WORK;
  const base = build && reachable(path.join(build, 'x')) ? build : path.join(tmpdir(), 'collabble-hosts');
  mkdirSync(base, { recursive: true });
  chmodSync(base, 0o755);
  const dir = mkdtempSync(path.join(base, `${name}-`));
  chmodSync(dir, 0o755);
  return dir;
}

// The unprivileged user a web server (or fcgiwrap) runs as when the tests
// run as root, as Debian's packages do: { name, uid, gid }, or null when
// the tests are not root (the servers then run as the tests' user).
// That user must reach the program and the test's folder: every folder
// above them must let others in (o+x), or the test says so.
export function serverUser() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  for (const name of ['www-data', 'nobody']) {
    const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith(`${name}:`));
    if (line) {
      const f = line.split(':');
      stageBinaries();
      for (const p of [binaryPath(), cgiBinaryPath()]) {
        assert.ok(reachable(p), `${name}, as whom the web server runs under root, cannot reach ${p}`);
      }
      return { name, uid: Number(f[2]), gid: Number(f[3]) };
    }
  }
  return null;
}

// Hands a directory over to the server's user (when there is one), so
// that it can make its sockets there.
export function giveTo(dir, user) {
  if (user) chownSync(dir, user.uid, user.gid);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

// A documented configuration file (relative to the repository), with each
// [from, to] replaced. Every `from` must be in the file, so a document
// that changed under the test makes it fail, not test something else.
export function documented(rel, swaps) {
  let text = readFileSync(path.join(ROOT, rel), 'utf8');
  for (const [from, to] of swaps) {
    assert.ok(text.includes(from), `${rel} no longer has "${from}"`);
    text = text.split(from).join(to);
  }
  return text;
}

// `collabble --export-static DIR`, as an operator runs it: the files the
// web server serves at MOUNT/static/.
export function exportStatic(dir) {
  const r = spawnSync(binaryPath(), ['--export-static', dir], { encoding: 'utf8' });
  assert.equal(r.status, 0, `--export-static: ${r.stderr}`);
  const files = readdirSync(dir).sort();
  assert.ok(files.includes('app.js') && files.includes('app.css'), files.join(' '));
  return files;
}

// A program run for the length of a test file: its output is kept (for
// the sanitizer check and for messages). stop() ends it with `signal` and
// resolves to its exit code or signal once every process that shares its
// output (a FastCGI program it started) has closed it too; 'hung' if that
// takes over `graceMs` (it is then killed). With `group`, it runs in a
// process group of its own, and the signal goes to the whole group (for a
// program whose children do not stop with it, as fcgiwrap's).
export function daemon(cmd, args, { group = false, ...opts } = {}) {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: group, ...opts });
  const kill = (signal) => {
    try {
      if (group) process.kill(-child.pid, signal); else child.kill(signal);
    } catch { /* already gone */ }
  };
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (d) => { out += d; });
  child.stderr.on('data', (d) => { out += d; });
  const closed = new Promise((resolve) => {
    child.on('close', (code, signal) => resolve(code ?? signal));
  });
  const within = (p, ms) => {
    let timer;
    return Promise.race([p, new Promise((r) => { timer = setTimeout(r, ms, 'hung'); })])
      .finally(() => clearTimeout(timer));
  };
  return {
    child,
    output: () => out,
    running: () => child.exitCode === null && child.signalCode === null,
    async stop(signal = 'SIGTERM', graceMs = 10000) {
      if (group || (child.exitCode === null && child.signalCode === null)) kill(signal);
      const code = await within(closed, graceMs);
      if (code === 'hung') {
        kill('SIGKILL');
        child.stdout.destroy();
        child.stderr.destroy();
      }
      return code;
    },
  };
}

// The processes whose parent is `pid` (from /proc).
export function childrenOf(pid) {
  const out = [];
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      // "PID (COMM) STATE PPID ...": COMM may hold spaces, so read after ")".
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(e));
    } catch { /* gone */ }
  }
  return out;
}

// Waits until every process of `pids` has exited (or is a zombie):
// true, or false after `ms`.
export async function processesGone(pids, ms = 10000) {
  const alive = (p) => {
    try { return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${p}/stat`, 'utf8')); } catch { return false; }
  };
  for (const t0 = Date.now(); Date.now() - t0 < ms; await sleep(50)) {
    if (!pids.some(alive)) return true;
  }
  return false;
}

// Stops a host (its stop()), then fails if the web server and every
// program it ran left anything but a clean stop: a sanitizer report (the
// CGI processes' and the FastCGI process's, written as they exit).
export async function stopHost(host) {
  if (!host) return;
  const code = await host.stop();
  assert.notEqual(code, 'hung', `the web server or a program it started did not stop:\n${host.logs().slice(-3000)}`);
  assert.equal(SANITIZER_REPORT.exec(host.logs()), null, host.logs().slice(-6000));
}

// Waits until GET `p` on the port answers with an HTTP status line, or
// fails with `why()` (the server's log) after about 10 s.
export async function waitForHttp(port, p, proc, why) {
  for (let i = 0; ; i++) {
    const r = await rawRequest(port, `GET ${p} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
      { timeoutMs: 1000 });
    if (/^HTTP\/1\.[01] \d{3} /.test(r.data)) return r;
    assert.ok(i < 100 && (!proc || proc.running()), `the web server did not start:\n${why()}`);
    await sleep(100);
  }
}

// Reads a file that may not exist yet.
export function readLog(file) {
  try { return readFileSync(file, 'utf8'); } catch { return ''; }
}

// ---- Requests --------------------------------------------------------

// One request through the host: { status, headers (a Headers), text }.
// Never follows a redirect.
export async function request(base, method, p, { body, headers = {}, type } = {}) {
  const h = { ...headers };
  if (type) h['content-type'] = type;
  const r = await fetch(base + p, { method, body, headers: h, redirect: 'manual' });
  return { status: r.status, headers: r.headers, text: await r.text() };
}

export const form = (fields) => new URLSearchParams(fields).toString();
export const FORM = 'application/x-www-form-urlencoded';

// The headers every answer of the application carries.
export function assertSecurityHeaders(r, where) {
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) {
    assert.equal(r.headers.get(k), v, `${where}: ${k}`);
  }
}

// Every address a page points at (href, src, action, formaction) is under
// the mount: a path that starts with `mount`/, or the page's icon (data:).
// Returns how many were checked.
export function assertLinksUnderMount(html, where, mount = MOUNT) {
  let n = 0;
  for (const m of html.matchAll(/\s(href|src|action|formaction|srcset|poster)=("([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const v = m[3] ?? m[4] ?? m[5];
    n++;
    if (v === 'data:,') continue;
    assert.ok(v.startsWith(`${mount}/`), `${where}: ${m[1]}="${v}" is not under ${mount}/`);
  }
  // No address outside an attribute either (the script reads its base from
  // its own src; nothing else may name /static/ or /api/ at the root).
  assert.doesNotMatch(html, /["'=\s](\/(static|api|game|new|daily)\b)/, `${where}: an address outside ${mount}`);
  return n;
}

export const stateOf = (html) => /data-state="([^"]+)"/.exec(html)?.[1];
export const viewOf = (html) => /data-view="([^"]+)"/.exec(html)?.[1];

const unescapeHtml = (s) => s.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<')
  .replace(/&gt;/g, '>').replace(/&amp;/g, '&');

// The share field's link.
export function shareLink(html) {
  const m = /<input id="link" data-testid="copy-link"[^>]* value="([^"]*)"/.exec(html);
  return m ? unescapeHtml(m[1]) : null;
}

// The text of the page's QR code, read back by zbarimg (as
// tests/http/share_origin.test.mjs does), or null without zbarimg.
export function readQr(html, file) {
  const zbar = findProgram('zbarimg');
  if (!zbar) return null;
  const svg = /<svg class="qr" viewBox="0 0 (\d+) \1"[^>]*>.*?<path stroke="#000" d="([^"]*)"/.exec(html);
  assert.ok(svg, 'the page has a QR code');
  const size = Number(svg[1]);
  const scale = 4;
  const w = size * scale;
  const px = Buffer.alloc(w * w, 255);
  let x = 0;
  let y = 0;
  for (const m of svg[2].matchAll(/([Mm])(\d+) (\d+)(?:\.5)?h(\d+)/g)) {
    if (m[1] === 'M') { x = Number(m[2]); y = Number(m[3]); } else x += Number(m[2]);
    const n = Number(m[4]);
    for (let i = 0; i < n * scale; i++) {
      for (let k = 0; k < scale; k++) px[(y * scale + k) * w + x * scale + i] = 0;
    }
    x += n;
  }
  writeFileSync(file, Buffer.concat([Buffer.from(`P5\n${w} ${w}\n255\n`, 'latin1'), px]));
  return execFileSync(zbar, ['--raw', '-q', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

// ---- Moves as the two kinds of player send them ------------------------

const COLS = 'ABCDEFGHIJKLMNO';

// A play (the API's tiles) as the no-script form's fields: the square the
// whole word starts on, its direction, and the word with the letters
// already on the board.
export function playForm(board, tiles) {
  const at = (r, c) => (r < 0 || c < 0 || r > 14 || c > 14 ? '.' : board[r][c]);
  const placed = new Map(tiles.map((t) => [`${t.row},${t.col}`, t.letter]));
  const [first] = [...tiles].sort((a, b) => a.row - b.row || a.col - b.col);
  let across;
  if (tiles.length > 1) across = tiles[0].row === tiles[1].row;
  else across = at(first.row, first.col - 1) !== '.' || at(first.row, first.col + 1) !== '.';
  const [dr, dc] = across ? [0, 1] : [1, 0];
  let r = first.row;
  let c = first.col;
  while (at(r - dr, c - dc) !== '.') { r -= dr; c -= dc; }
  const start = [r, c];
  let word = '';
  for (;; r += dr, c += dc) {
    const ch = placed.get(`${r},${c}`) ?? at(r, c);
    if (ch === '.') break;
    word += ch.toUpperCase();
  }
  return { act: 'play', at: `${start[0] + 1}${COLS[start[1]]}`, dir: across ? 'across' : 'down', word };
}

// Any move as the no-script forms post it.
export function moveForm(game, move) {
  if (move.type === 'play') return playForm(game.board, move.tiles);
  if (move.type === 'pass') return { act: 'pass' };
  const f = { act: 'exchange' };
  // Each box is a rack slot; its value the tile (? the blank).
  const rack = [...game.hands[game.turn]];
  for (const t of move.tiles) {
    const i = rack.findIndex((x, k) => x === t && !(`x${k}` in f));
    f[`x${i}`] = t === 'BLANK' ? '?' : t;
  }
  return f;
}

// ---- The checks every host passes -------------------------------------

const escapeRe = (t) => t.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

// Declares the tests of one host, the program mounted at `mount`, its
// static files served by the web server out of the exported folder
// (staticBy 'server') or by the program itself ('program'), the program
// answering as a CGI or FastCGI program (front 'gateway') or as an HTTP
// server behind a proxy ('http'). `h()` gives,
// once the host runs:
//   base       'http://127.0.0.1:PORT' (the web server)
//   port       its port
//   staticDir  the exported folder (the one the web server serves, or a
//              copy to compare the program's answers with)
//   shareHost  the Host the program is told (the share link's host)
//   logs()     everything the web server and the program wrote
//   tmp        a scratch folder
export function hostSuite(name, h, { mount = MOUNT, staticBy = 'server', front = 'gateway' } = {}) {
  const M = mount;
  const RM = escapeRe(M);
  const base = () => h().base;
  const get = (p, headers) => request(base(), 'GET', p, { headers });
  const api = async (what, body, ok = [200, 201]) => {
    const r = await request(base(), 'POST', `${M}/api/v1/${what}`, { body: JSON.stringify(body) });
    assert.ok(ok.includes(r.status), `${what}: ${r.status} ${r.text.slice(0, 500)}`);
    assertSecurityHeaders(r, `POST ${M}/api/v1/${what}`);
    return JSON.parse(r.text);
  };
  // A page the script fetches (POST M/game, /game/move, /game/review).
  const scriptPage = async (p, fields) => {
    const r = await request(base(), 'POST', `${M}${p}`, { body: form(fields), type: FORM });
    assertSecurityHeaders(r, `POST ${M}${p}`);
    assertLinksUnderMount(r.text, `POST ${M}${p}`, M);
    return r;
  };
  // A page a browser navigates to, with its addresses checked.
  const page = async (p, status = 200) => {
    const r = await get(p);
    assert.equal(r.status, status, `GET ${p}: ${r.text.slice(0, 300)}`);
    assertSecurityHeaders(r, `GET ${p}`);
    assert.equal(r.headers.get('content-type'), 'text/html; charset=utf-8', p);
    assertLinksUnderMount(r.text, `GET ${p}`, M);
    return r;
  };
  // A redirect of the program: 303, its Location under the mount and
  // matching `re` (written for the path after the mount).
  const redirect = (r, re, where) => {
    assert.equal(r.status, 303, `${where}: ${r.status} ${r.text.slice(0, 300)}`);
    assertSecurityHeaders(r, where);
    const loc = r.headers.get('location');
    assert.ok(loc.startsWith(`${M}/`), `${where}: Location ${loc} is not under ${M}/`);
    const m = new RegExp(`^${RM}${re}$`).exec(loc);
    assert.ok(m, `${where}: Location ${loc}`);
    return m;
  };
  // A no-script form, posted as a browser posts it.
  const turn = (fields) => request(base(), 'POST', `${M}/game/turn`, { body: form(fields), type: FORM });
  const origin = () => base();
  const shareFor = (s) => `http://${h().shareHost}${M}/#${s}`;

  describe(`${name}: Collabble at ${M}`, () => {
    test('the landing page, and every address on it, under the mount', async () => {
      for (const p of [`${M}/`, M]) {
        const r = await get(p);
        if (r.status === 301 || r.status === 302) {
          // The web server's own redirect from M to M/.
          assert.equal(new URL(r.headers.get('location'), base()).pathname, `${M}/`, p);
          continue;
        }
        assert.equal(r.status, 200, `GET ${p}: ${r.text.slice(0, 300)}`);
        assertSecurityHeaders(r, `GET ${p}`);
        assert.match(r.text, /data-view="landing"/, p);
        const n = assertLinksUnderMount(r.text, `GET ${p}`, M);
        assert.ok(n >= 5, `only ${n} addresses on the landing page`);
        assert.ok(r.text.includes(`method="get" action="${M}/new"`), 'the new-game form');
      }
      const health = await get(`${M}/healthz`);
      assert.equal(health.status, 200);
      assert.equal(health.text, 'ok\n');
      assertSecurityHeaders(health, 'healthz');
      // The program's error pages link under the mount too.
      const none = await get(`${M}/no-such-page`);
      assert.equal(none.status, 404);
      assertSecurityHeaders(none, 'a 404 page');
      assertLinksUnderMount(none.text, 'a 404 page', M);
      const damaged = await get(`${M}/game?s=2damaged`);
      assert.equal(damaged.status, 400);
      assertSecurityHeaders(damaged, 'a damaged link');
      assert.ok(assertLinksUnderMount(damaged.text, 'a damaged link', M) >= 3);
      // Outside the mount: the web server's own answer, not the program's.
      const outside = await get('/healthz');
      assert.equal(outside.status, 404);
      assert.equal(outside.headers.get('content-security-policy'), null);
    });

    test(staticBy === 'server'
      ? 'the static files come from the web server, out of the exported folder'
      : 'the static files come from the program (it has them built in)', async () => {
      const landing = (await get(`${M}/`)).text;
      for (const file of ['app.js', 'app.css']) {
        const m = new RegExp(`"${RM}/static/${escapeRe(file)}\\?v=([0-9a-f]{16})"`).exec(landing);
        assert.ok(m, `the landing page links ${file}`);
        const p = `${M}/static/${file}?v=${m[1]}`;
        const r = await get(p, { 'accept-encoding': 'identity' });
        assert.equal(r.status, 200, p);
        assert.equal(r.text, readFileSync(path.join(h().staticDir, file), 'utf8'), `${p} is the exported file`);
        assert.match(r.headers.get('content-type') ?? '',
          file.endsWith('.js') ? /^(text|application)\/javascript\b/ : /^text\/css\b/, p);
        assert.equal(r.headers.get('x-content-type-options'), 'nosniff', p);
        // A versioned address is kept for long.
        const cache = r.headers.get('cache-control') ?? '';
        assert.ok(/max-age=\d{7,}/.test(cache) || r.headers.get('expires'), `${p}: Cache-Control ${cache}`);
        if (staticBy === 'server') {
          // The web server's answer, not the program's: none of the
          // program's headers, and the web server's own ETag (the
          // program's is "<the ?v= hash>").
          assert.equal(r.headers.get('content-security-policy'), null, `${p} was answered by the program`);
          assert.notEqual(r.headers.get('etag'), `"${m[1]}"`, p);
          assert.ok(r.headers.get('etag') || r.headers.get('last-modified'), `${p}: no validator`);
        } else {
          assertSecurityHeaders(r, p);
          assert.equal(r.headers.get('etag'), `"${m[1]}"`, p);
        }
      }
      if (staticBy === 'server') {
        // A file only the folder has: the web server serves the folder.
        writeFileSync(path.join(h().staticDir, 'probe.txt'), 'served from the folder\n');
        const probe = await get(`${M}/static/probe.txt`);
        assert.equal(probe.status, 200);
        assert.equal(probe.text, 'served from the folder\n');
        // And one it lacks is the web server's 404, not the program's.
        const missing = await get(`${M}/static/none.js`);
        assert.equal(missing.status, 404);
        assert.equal(missing.headers.get('content-security-policy'), null);
      }
    });

    test('a whole game: one player with the no-script forms, the other with the script\'s fetches', async () => {
      const seed = `hosts-${name}`;
      // P1 starts it as the landing page's form does.
      const first = await page(`${M}/new?seed=${encodeURIComponent(seed)}`);
      let s = stateOf(first.text);
      assert.ok(s, 'the new game has a link');
      assert.equal(s, (await api('games', { seed })).state, 'the page\'s game is the API\'s');
      assert.ok(first.text.includes(`action="${M}/game/turn"`), 'the no-script forms post under the mount');
      let game = (await api('decode', { state: s })).game;
      let moves = 0;
      let formMoves = 0;
      let scriptMoves = 0;
      let qrChecked = false;
      let refusalChecked = false;
      while (!game.gameOver && moves < 24) {
        const move = chooseMove(game);
        if (game.turn === 'P1') {
          // No script: the page a browser navigates to, and its forms.
          const board = await page(`${M}/game?s=${s}`);
          assert.match(board.text, /data-testid="nojs-forms"/);
          if (!refusalChecked) {
            // A refused move: 303 to the GET that shows the refusal.
            const bad = { s, act: 'play', at: '8H', dir: 'across', word: 'QQQQ' };
            const [loc] = redirect(await turn(bad), '/game/turn\\?.+', 'a refused form');
            assert.equal(loc, `${M}/game/turn?${form(bad)}`);
            const shown = await get(loc);
            assert.ok([400, 422].includes(shown.status), `${loc}: ${shown.status}`);
            assertSecurityHeaders(shown, loc);
            assertLinksUnderMount(shown.text, loc, M);
            assert.match(shown.text, /data-testid="nojs-forms"/, 'the forms again');
            refusalChecked = true;
          }
          const fields = { s, ...moveForm(game, move) };
          const [, next] = redirect(await turn(fields), '/game\\?s=([A-Za-z0-9_-]+)&me=1',
            `the form ${JSON.stringify(fields)}`);
          const after = await page(`${M}/game?s=${next}&me=1`);
          assert.equal(stateOf(after.text), next);
          s = next;
          formMoves++;
        } else {
          // The script: it opens the position, previews a play, sends the
          // move and shows the waiting page with the link to send.
          const opened = await scriptPage('/game', { s, me: '2', origin: origin() });
          assert.equal(opened.status, 200);
          assert.ok(!opened.text.includes('<noscript>'), 'a page the script fetches has no forms');
          if (move.type === 'play') {
            const pv = await api('preview', { state: s, move });
            assert.equal(pv.valid, true, JSON.stringify(pv));
          }
          const sent = await scriptPage('/game/move', { s, me: '2', origin: origin(), move: JSON.stringify(move) });
          assert.equal(sent.status, 200, sent.text.slice(0, 500));
          const next = stateOf(sent.text);
          assert.ok(next && next !== s, 'the move made a new link');
          if (viewOf(sent.text) === 'wait') {
            const link = shareLink(sent.text);
            assert.equal(link, shareFor(next), 'the share link names the host and the mount');
            if (!qrChecked) {
              const qr = readQr(sent.text, path.join(h().tmp, 'qr.pgm'));
              if (qr !== null) assert.equal(qr, link, 'the QR code holds the link');
              else assert.match(sent.text, /<svg class="qr"/, 'the page has a QR code');
              qrChecked = true;
            }
          }
          s = next;
          scriptMoves++;
        }
        moves++;
        game = (await api('decode', { state: s })).game;
      }
      assert.ok(game.gameOver || moves >= 20, `${moves} moves`);
      assert.ok(formMoves >= 5 && scriptMoves >= 5, `${formMoves} moves by form, ${scriptMoves} by script`);
      assert.ok(qrChecked, 'a waiting page with its share link and QR code');
      // The last position's page, its GCG download and the review.
      const last = await page(`${M}/game?s=${s}`);
      const fromApi = await api('gcg', { state: s });
      assert.match(last.text, new RegExp(`href="${RM}/game\\.gcg\\?s=${s}" download="${escapeRe(fromApi.filename)}"`),
        'the page links the GCG download under the mount');
      const gcg = await get(`${M}/game.gcg?s=${s}`);
      assert.equal(gcg.status, 200);
      assertSecurityHeaders(gcg, 'the GCG file');
      assert.match(gcg.headers.get('content-type'), /^text\/plain/);
      assert.equal(gcg.text, fromApi.gcg);
      assert.match(gcg.text, /^#character-encoding UTF-8\n/);
      // The move list's "Best available" cells, filled in by the server:
      // on the review page, and in the cells the script fetches.
      const best = /<td>[A-Z]+ at [0-9A-O]+ for \d+/;
      assert.match((await page(`${M}/game/review?s=${s}`)).text, best);
      const cells = await scriptPage('/game/review', { s });
      assert.equal(cells.status, 200);
      assert.match(cells.text, best);
    });

    test('a goals game: the difficulty through the redirect, helpers by the script, moves by the forms', async () => {
      const [loc] = redirect(await get(`${M}/new?goals=easy`), '/new\\?seed=[a-z0-9]{12}&goals=easy', 'new goals game');
      const first = await page(loc);
      assert.match(first.text, /data-testid="goals-done">0 of 12</);
      let s = stateOf(first.text);
      // Helpers, as the script sends them.
      let r = await scriptPage('/game/move', { s, me: '1', origin: origin(), move: JSON.stringify({ type: 'helper', helper: 'newGoals' }) });
      assert.equal(r.status, 200);
      s = stateOf(r.text);
      let game = (await api('decode', { state: s })).game;
      assert.equal(game.goals.helpersLeft, 2);
      const give = game.hands.P1[0];
      const take = game.hands.P2.find((t) => t !== give);
      r = await scriptPage('/game/move', { s, me: '1', origin: origin(), move: JSON.stringify({ type: 'helper', helper: 'swap', give, take }) });
      s = stateOf(r.text);
      game = (await api('decode', { state: s })).game;
      assert.equal(game.goals.helpersLeft, 1);
      assert.ok(game.hands.P1.includes(take));
      // A move by the forms, then two passes end it short of the target.
      for (const fields of [moveForm(game, chooseMove(game)), { act: 'pass' }, { act: 'pass' }]) {
        [, s] = redirect(await turn({ s, ...fields }), '/game\\?s=([A-Za-z0-9_-]+)&me=[12]', 'a goals move');
      }
      game = (await api('decode', { state: s })).game;
      assert.equal(game.gameOver, true);
      assert.equal(game.goals.outcome, 'lost');
      const over = await page(`${M}/?s=${s}`);
      assert.ok(over.text.includes('<strong>You lost</strong>'), 'the page says lost');
    });

    test('the daily deal', async () => {
      const [loc] = redirect(await get(`${M}/daily`), '/daily\\?date=\\d{4}-\\d\\d-\\d\\d', 'GET /daily');
      const today = await page(loc);
      assert.ok(today.text.includes(`data-daily=${loc.slice(-10)}`));
      // docs/RULES.md's example date, whichever host serves it.
      const known = await page(`${M}/daily?date=2026-12-01`);
      assert.equal(stateOf(known.text), '2POQtO5sbNA');
      redirect(await get(`${M}/daily?goals=hard`), '/daily\\?date=\\d{4}-\\d\\d-\\d\\d&goals=hard', 'GET /daily?goals=hard');
    });

    test('every example of docs/API.md, under the mount', async (t) => {
      const list = apiExamples(readFileSync(path.join(ROOT, 'docs/API.md'), 'utf8'));
      assert.ok(list.filter((e) => e.kind === 'curl').length >= 15, 'the examples were found');
      const url = `${base()}${M}`;
      for (const e of list) {
        await t.test(e.where, async () => {
          if (e.kind === 'script') {
            const r = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', e.script.split('http://localhost:8080').join(url)], {
              encoding: 'utf8',
              env: { ...process.env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH}` },
              timeout: 30000,
            });
            assert.equal(r.status, 0, r.stderr);
            assert.equal(r.stdout.replace(/\n$/, ''), e.output);
            return;
          }
          const r = await fetch(url + e.path, { method: 'POST', body: e.body });
          const text = await r.text();
          assert.equal(r.headers.get('content-type'), 'application/json', text);
          const d = difference(e.answer, JSON.parse(text));
          assert.equal(d, null, `${d}\nthe whole answer: ${text}`);
          assertSecurityHeaders(r, e.where);
        });
      }
    });

    test('a chunked body is read, or refused, but never taken for no body', async () => {
      const { port } = h();
      const want = (await api('games', { seed: 'chunked' })).state;
      const body = '{"seed":"chunked"}';
      const r = await rawRequest(port, `POST ${M}/api/v1/games HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        'Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n' +
        `${(8).toString(16)}\r\n${body.slice(0, 8)}\r\n${(body.length - 8).toString(16)}\r\n${body.slice(8)}\r\n0\r\n\r\n`,
      { timeoutMs: 15000 });
      const st = Number(/^HTTP\/1\.[01] (\d{3})/.exec(r.data)?.[1] ?? 0);
      if (st === 201) {
        assert.ok(r.data.includes(`{"state":"${want}"`), `the game of another seed: ${r.data.slice(0, 600)}`);
      } else {
        assert.ok(st >= 400 && st < 500, `${st || 'no answer'}: ${r.data.slice(0, 300)}`);
      }
    });

    test('hostile requests get a 4xx, never a 5xx, and never a file outside the folder', async () => {
      const { port } = h();
      const status = (data) => Number(/^HTTP\/1\.[01] (\d{3})/.exec(data)?.[1] ?? 0);
      const raw = async (what, bytes, opts = {}) => {
        const r = await rawRequest(port, bytes, { timeoutMs: 15000, ...opts });
        const st = status(r.data);
        // A client that gave up may get no answer at all.
        const ok = (st >= 400 && st < 500) || (opts.mayDrop && st === 0 && r.closed);
        assert.ok(ok, `${what}: ${st || 'no answer'} ${r.data.slice(0, 300)}`);
        assert.doesNotMatch(r.data, /root:x?:0:0:/, `${what}: a file outside the folder`);
        return r;
      };
      const headOf = (p, more = '') => `GET ${p} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${more}Connection: close\r\n\r\n`;
      // A query of a megabyte: refused by the web server (its line limit).
      await raw('a 1 MB query', headOf(`${M}/game?s=${'A'.repeat(1 << 20)}`));
      // One the web server lets through, a damaged state: the program's 400.
      const junk = await get(`${M}/game?s=2${'A'.repeat(6000)}`);
      assert.equal(junk.status, 400, junk.text.slice(0, 300));
      assertSecurityHeaders(junk, 'a 6 KB damaged state');
      if (front === 'gateway') {
        // More headers than a CGI or FastCGI request may pass the program
        // (100): its 413, or the web server's own refusal. (The HTTP
        // server bounds a head by its bytes only.)
        const many = Array.from({ length: 101 }, (_, i) => `X-Filler-${i}: ${i}\r\n`).join('');
        const manyR = await raw('101 headers', headOf(`${M}/healthz`, many));
        if (/Content-Security-Policy/i.test(manyR.data)) assert.equal(status(manyR.data), 413);
      }
      // A body over the program's 16 KiB.
      const big = await request(base(), 'POST', `${M}/api/v1/move`, { body: 'x'.repeat(20000) });
      assert.equal(big.status, 413, big.text.slice(0, 300));
      // A body that ends before its Content-Length: the client gives up
      // half way. Every web server here reads a body before it runs the
      // program, or gives up with the client: a 4xx, or no answer.
      await raw('a body shorter than its Content-Length',
        `POST ${M}/api/v1/games HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 100\r\n\r\n{"seed":"short"`,
        { keepSending: (sock) => sock.end(), mayDrop: true });
      // Dot segments, escaped slashes and backslashes, NUL: refused, by
      // the web server or by the program (which reads the request's own
      // target, REQUEST_URI, for them).
      for (const p of [
        `${M}/static/../../../../../../etc/passwd`,
        `${M}/static/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd`,
        `${M}/static/..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd`,
        `${M}/..%2f..%2f..%2fetc%2fpasswd`,
        `${M}/game%2Fturn`,
        `${M}/api/v1%2Fgames`,
        `${M}/game%5Cturn`,
        `${M}/game%00`,
        `${M}/game/../healthz`,
        `${M}//healthz`,
      ]) {
        await raw(`GET ${p.slice(0, 60)}`, headOf(p));
      }
      // Escaped dots: a web server may decode them and remove the
      // segment; the program sees the request as sent (REQUEST_URI) and
      // refuses it, as it refuses a plain '..'.
      const dots = await rawRequest(port, headOf(`${M}/x/%2e%2e/healthz`));
      const st = status(dots.data);
      assert.ok(st >= 400 && st < 500, `GET ${M}/x/%2e%2e/healthz: ${dots.data.slice(0, 300)}`);
    });
  });
}

// Removes a test's folder unless CLB_HOSTS_KEEP is set (to read its logs).
export function cleanUp(dir) {
  if (dir && !process.env.CLB_HOSTS_KEEP) rmSync(dir, { recursive: true, force: true });
}
