// tests/http/share_origin.test.mjs - the share area's link and QR code
// through the real server: the page's `origin` field supplies only the
// scheme, the host is the request's own Host header (docs/UI.md, "The share
// origin"), so a form posted with origin=https://evil.example cannot make
// the waiting page hand the partner a link, or a QR code, to another site.
// The server-drawn QR code is read back with zbarimg (zbar-tools).
// SPDX-License-Identifier: MIT
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, post } from './server.mjs';

let srv;
let tmp;
let host;
const api = (p) => `${srv.url}/api/v1/${p}`;

before(async () => {
  srv = await startServer();
  host = new URL(srv.url).host;
  tmp = mkdtempSync(path.join(tmpdir(), 'collabble-share-'));
});
after(async () => {
  rmSync(tmp, { recursive: true, force: true });
  assert.equal(await srv.stop(), 0);
});

async function form(p, fields) {
  const r = await fetch(`${srv.url}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: r.status, html: await r.text() };
}

const unescape = (s) => s.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<')
  .replace(/&gt;/g, '>').replace(/&amp;/g, '&');

// The share field's link.
function shareLink(html) {
  const m = /<input id="link" data-testid="copy-link"[^>]* value="([^"]*)"/.exec(html);
  assert.ok(m, 'the page has a share field');
  return unescape(m[1]);
}

// The text of the page's server-drawn QR code, read back by zbarimg from a
// picture of the SVG (qr.c draws each row's runs of dark modules as
// "M x y.5h n" then "m dx 0h n"), drawn here as a PGM, 4 pixels a module.
function readQr(html, name) {
  if (!existsSync('/usr/bin/zbarimg')) assert.fail('zbarimg is missing: install zbar-tools (scripts/deps.sh test does)');
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
  const file = path.join(tmp, `${name}.pgm`);
  writeFileSync(file, Buffer.concat([Buffer.from(`P5\n${w} ${w}\n255\n`, 'latin1'), px]));
  return execFileSync('/usr/bin/zbarimg', ['--raw', '-q', file], { encoding: 'utf8' }).trim();
}

async function newGameAndPlay(seed) {
  const g = await post(api('games'), { seed });
  assert.equal(g.status, 201);
  const p = await post(api('plays'), { state: g.body.state, limit: 1 });
  assert.equal(p.status, 200);
  return { state: g.body.state, move: JSON.stringify(p.body.plays[0].move) };
}

test('a move posted with another site as its origin: the share link and its QR code name this server', async () => {
  const { state, move } = await newGameAndPlay('share-origin');
  const r = await form('/game/move', { s: state, move, me: '1', origin: 'https://evil.example' });
  assert.equal(r.status, 200, r.html.slice(0, 500));
  assert.match(r.html, /data-view="wait"/);
  assert.doesNotMatch(r.html, /evil\.example/, 'the other site appears nowhere on the page');
  const link = shareLink(r.html);
  const next = /data-state="([^"]*)"/.exec(r.html)[1];
  // The scheme is the page's own (the server cannot see TLS behind a
  // proxy); the host is the one the request was sent to.
  assert.equal(link, `https://${host}/#${next}`);
  assert.equal(readQr(r.html, 'evil-move'), link, 'the QR code holds the same link');
});

test('the partner opening a position with another site as its origin gets this server in the link and the QR code', async () => {
  const { state } = await newGameAndPlay('share-origin-open');
  const r = await form('/game', { s: state, me: '2', origin: 'http://evil.example:8080' });
  assert.equal(r.status, 200);
  assert.match(r.html, /data-view="wait"/);
  assert.doesNotMatch(r.html, /evil\.example/);
  const link = shareLink(r.html);
  assert.equal(link, `http://${host}/#${state}`);
  assert.equal(readQr(r.html, 'evil-open'), link);
});

test('the page\'s own origin is kept as it is; another port on this host is not', async () => {
  const { state, move } = await newGameAndPlay('share-origin-own');
  const own = await form('/game/move', { s: state, move, me: '1', origin: srv.url });
  assert.equal(own.status, 200);
  const link = shareLink(own.html);
  assert.ok(link.startsWith(`${srv.url}/#2`), link);
  assert.equal(readQr(own.html, 'own'), link);
  const other = await form('/game', { s: state, me: '2', origin: 'http://127.0.0.1:1' });
  assert.equal(shareLink(other.html), `http://${host}/#${state}`);
});

test('without the page\'s origin, or with a malformed one, the link stays relative and there is no QR code', async () => {
  const { state } = await newGameAndPlay('share-origin-none');
  for (const origin of [undefined, 'javascript:alert(1)', 'https://evil.example/path', 'ftp://evil.example']) {
    const fields = { s: state, me: '2' };
    if (origin !== undefined) fields.origin = origin;
    const r = await form('/game', fields);
    assert.equal(r.status, 200);
    assert.equal(shareLink(r.html), `/#${state}`, String(origin));
    assert.doesNotMatch(r.html, /<svg class="qr"/, String(origin));
  }
});
