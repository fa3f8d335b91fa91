// tests/http/base_path.test.mjs - the application under a mount point
// (--base-path, COLLABBLE_BASE_PATH), the same binary as a CGI program
// (GATEWAY_INTERFACE in its environment), and --export-static.
// SPDX-License-Identifier: MIT
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, binaryPath, SECURITY_HEADERS, SANITIZER_REPORT } from './server.mjs';

const BASE = '/collabble';
let srv;

before(async () => { srv = await startServer({ args: ['--base-path', BASE + '/'] }); });
after(async () => { if (srv) assert.equal(await srv.stop(), 0); });

// Every address a page writes for the app (href, src, action) is under the mount.
function assertUnderMount(html, base = BASE) {
  const urls = [...html.matchAll(/\b(?:href|src|action)="([^"]*)"/g)].map((m) => m[1]);
  assert.ok(urls.length > 3, 'the page writes addresses');
  for (const u of urls) {
    if (u.startsWith('data:') || u.startsWith('#') || u.startsWith('http')) continue;
    assert.ok(u === base + '/' || u.startsWith(base + '/'), `${u} is not under ${base}/`);
  }
}

test('the landing page and its assets are under the mount', async () => {
  const r = await fetch(srv.url + BASE + '/');
  assert.equal(r.status, 200);
  const html = await r.text();
  assertUnderMount(html);
  const js = /src="([^"]*app\.js[^"]*)"/.exec(html)[1];
  const a = await fetch(srv.url + js);
  assert.equal(a.status, 200);
  assert.match(a.headers.get('cache-control'), /immutable/);
  // The mount itself without its slash is the landing page too.
  assert.equal((await fetch(srv.url + BASE)).status, 200);
});

test('a proxy that strips the prefix is served alike', async () => {
  const r = await fetch(srv.url + '/');
  assertUnderMount(await r.text());
  assert.equal((await fetch(srv.url + '/healthz')).status, 200);
  // A path that only begins like the mount is not under it.
  assert.equal((await fetch(srv.url + BASE + 'x/')).status, 404);
});

test('redirects go under the mount, and a game played by forms stays there', async () => {
  const r = await fetch(srv.url + BASE + '/new?seed=base1', { redirect: 'manual' });
  assert.equal(r.status, 200);
  const page = await r.text();
  assertUnderMount(page);
  const s = /name="s" value="([^"]+)"/.exec(page)[1];
  // A pass through the no-script form: 303 to the new position's page.
  const t = await fetch(srv.url + BASE + '/game/turn', {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ s, me: '1', act: 'pass' }),
  });
  assert.equal(t.status, 303, await t.text());
  const loc = t.headers.get('location');
  assert.ok(loc.startsWith(BASE + '/game?s='), loc);
  const next = await fetch(srv.url + loc);
  assert.equal(next.status, 200);
  assertUnderMount(await next.text());
  const daily = await fetch(srv.url + BASE + '/daily', { redirect: 'manual' });
  assert.ok(daily.headers.get('location').startsWith(BASE + '/daily?date='));
});

test('the share link and its QR code carry the mount', async () => {
  const g = await (await fetch(srv.url + BASE + '/api/v1/games', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"seed":"share"}',
  })).json();
  const r = await fetch(srv.url + BASE + '/game', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ s: g.state, me: '2', origin: 'http://x' }), // the waiting side shares
  });
  const html = await r.text();
  const host = new URL(srv.url).host;
  assert.ok(html.includes(`value="http://${host}${BASE}/#${g.state}"`), 'share field under the mount');
});

test('a bad base path is refused at start with the reason', () => {
  for (const [bad, why] of [['collabble', "start with '/'"], ['/a//b', 'empty segment'],
    ['/a/../b', "'..' segment"], ['/a b', 'may only hold']]) {
    const r = spawnSync(binaryPath(), ['--base-path', bad], { encoding: 'utf8' });
    assert.equal(r.status, 2, r.stderr);
    assert.ok(r.stderr.includes(why), r.stderr);
  }
  const r = spawnSync(binaryPath(), ['--port', '0'], {
    encoding: 'utf8', env: { ...process.env, COLLABBLE_BASE_PATH: 'nope' },
  });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /COLLABBLE_BASE_PATH 'nope'/);
});

// The CGI programs: collabble itself, and collabble-cgi (the CGI front end
// alone), which must answer byte for byte alike.
const CGI_BINS = [binaryPath(), process.env.COLLABBLE_CGI_BIN].filter(Boolean);

// Runs a binary as a CGI program; resolves to { head, body, code, stderr }.
function cgi(env, { stdin = '', args = [], keepOpenMs = 0, bin = binaryPath() } = {}) {
  return new Promise((resolve) => {
    const child = spawn(bin, args, {
      env: { PATH: process.env.PATH, ASAN_OPTIONS: process.env.ASAN_OPTIONS ?? '',
        GATEWAY_INTERFACE: 'CGI/1.1', SERVER_PROTOCOL: 'HTTP/1.1', ...env },
    });
    const out = [];
    let err = '';
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => { err += c; });
    child.stdin.on('error', () => {});
    child.stdin.write(stdin);
    if (keepOpenMs === 0) child.stdin.end();
    child.on('close', (code) => {
      const buf = Buffer.concat(out);
      const at = buf.indexOf('\r\n\r\n');
      resolve({ head: buf.subarray(0, at).toString(), body: buf.subarray(at + 4).toString(),
        bytes: buf.subarray(at + 4), code, stderr: err });
    });
  });
}

test('collabble-cgi is built and answers as collabble does', async () => {
  assert.equal(CGI_BINS.length, 2, 'COLLABBLE_CGI_BIN names collabble-cgi');
  const env = { REQUEST_METHOD: 'GET', SCRIPT_NAME: '/c', PATH_INFO: '/game',
    QUERY_STRING: 's=' + (await (await fetch(srv.url + '/api/v1/games', { method: 'POST', body: '{"seed":"same"}' })).json()).state };
  const [a, b] = await Promise.all(CGI_BINS.map((bin) => cgi(env, { bin })));
  assert.match(a.head, /^Status: 200 /);
  assert.equal(b.head, a.head);
  assert.equal(b.body, a.body);
  const v = spawnSync(CGI_BINS[1], ['--version'], { encoding: 'utf8' });
  assert.match(v.stdout, /^collabble-cgi \d/);
  const bare = spawnSync(CGI_BINS[1], [], { encoding: 'utf8', env: { PATH: process.env.PATH } });
  assert.equal(bare.status, 2);
  assert.match(bare.stderr, /GATEWAY_INTERFACE is not set/);
  const broken = await cgi({ REQUEST_METHOD: 'GET', PATH_INFO: '/', COLLABBLE_BASE_PATH: 'x y' }, { bin: CGI_BINS[1] });
  assert.match(broken.head, /^Status: 500 /);
  assert.match(broken.stderr, /COLLABBLE_BASE_PATH 'x y'/);
});

test('as a CGI program: the landing page in brotli, gzip or as it is, alike from both programs', async () => {
  const env = { REQUEST_METHOD: 'GET', SCRIPT_NAME: '/c', PATH_INFO: '/' };
  for (const bin of CGI_BINS) {
    const plain = await cgi({ ...env, HTTP_ACCEPT_ENCODING: 'identity' }, { bin });
    assert.doesNotMatch(plain.head, /Content-Encoding/i);
    for (const [accept, coding, decode] of [['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync]]) {
      const r = await cgi({ ...env, HTTP_ACCEPT_ENCODING: accept }, { bin });
      assert.match(r.head, /^Status: 200 /);
      assert.match(r.head, new RegExp(`\r\nContent-Encoding: ${coding}\r\n`));
      assert.match(r.head, /\r\nVary: Accept-Encoding, Accept-Language, Cookie\r\n/);
      assert.equal(Number(/Content-Length: (\d+)/.exec(r.head)[1]), r.bytes.length);
      assert.ok(decode(r.bytes).equals(plain.bytes), `${bin} ${accept}`);
      assert.equal(r.stderr, '');
    }
  }
});

test('as a CGI program: a page under SCRIPT_NAME, with the security headers', async () => {
  // A query without '=' may reach a CGI program as arguments: ignored.
  for (const bin of CGI_BINS) {
  const r = await cgi({ REQUEST_METHOD: 'GET', SCRIPT_NAME: '/cgi-bin/collabble', PATH_INFO: '/', QUERY_STRING: 'x' },
    { args: ['--port', 'nonsense'], bin });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.head, /^Status: 200 OK\r\n/);
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) {
    assert.ok(r.head.toLowerCase().includes(`${k}: ${v}`.toLowerCase()), k);
  }
  assertUnderMount(r.body, '/cgi-bin/collabble');
  assert.equal(Number(/Content-Length: (\d+)/.exec(r.head)[1]), Buffer.byteLength(r.body));
  assert.doesNotMatch(r.stderr, SANITIZER_REPORT);
  assert.equal(r.stderr, '', 'a CGI request writes nothing to the error log');
  }
});

test('as a CGI program: a JSON API call reads exactly CONTENT_LENGTH', async () => {
  const body = '{"seed":"cgi"}';
  const r = await cgi({ REQUEST_METHOD: 'POST', SCRIPT_NAME: '/c', PATH_INFO: '/api/v1/games',
    CONTENT_TYPE: 'application/json', CONTENT_LENGTH: String(body.length) }, { stdin: body + 'TRAILING' });
  assert.match(r.head, /^Status: 201 Created/);
  assert.ok(JSON.parse(r.body).state);
});

test('as a CGI program: a body that never comes is answered within the deadline', async () => {
  const t0 = Date.now();
  const r = await cgi({ REQUEST_METHOD: 'POST', SCRIPT_NAME: '/c', PATH_INFO: '/api/v1/games',
    CONTENT_LENGTH: '40' }, { stdin: '{"se', keepOpenMs: 1 });
  assert.match(r.head, /^Status: 400 /);
  assert.match(r.body, /did not arrive in time/);
  assert.ok(Date.now() - t0 < 20000);
});

test('as a CGI program: hostile variables get a 4xx that says what was wrong', async () => {
  const cases = [
    [{ PATH_INFO: '/../../etc/passwd' }, 400, /segment/],
    [{ PATH_INFO: '/api/v1/move', REQUEST_URI: '/c/api%2Fv1/move' }, 400, /escaped/],
    // (Linux caps one variable at 128 KiB: a bigger query cannot reach a CGI program.)
    [{ PATH_INFO: '/game', QUERY_STRING: 's=' + 'A'.repeat(120000) }, 413, /too long|too large/i],
    [{ PATH_INFO: '/', HTTP_X_BIG: 'x'.repeat(100000) }, 413, /./],
    [{ PATH_INFO: '/api/v1/games', REQUEST_METHOD: 'POST', CONTENT_LENGTH: '-1' }, 400, /not a number of bytes/],
    [{ PATH_INFO: '/api/v1/games', REQUEST_METHOD: 'POST', CONTENT_LENGTH: '99999999999' }, 413, /over the limit/],
  ];
  for (const [env, status, re] of cases) for (const bin of CGI_BINS) {
    const r = await cgi({ REQUEST_METHOD: 'GET', SCRIPT_NAME: '/c', ...env }, { bin });
    assert.match(r.head, new RegExp(`^Status: ${status} `), JSON.stringify(env).slice(0, 80));
    assert.match(r.body, re);
    assert.doesNotMatch(r.stderr, SANITIZER_REPORT);
  }
});

test('--export-static writes what the server serves, with its compressed copies', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clb-static-'));
  try {
    const r = spawnSync(binaryPath(), ['--export-static', dir, '--base-path', BASE], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /wrote \d+ files/);
    const names = fs.readdirSync(dir);
    for (const f of ['app.js', 'app.css']) {
      assert.ok(names.includes(f) && names.includes(f + '.gz'), names.join(' '));
      const served = Buffer.from(await (await fetch(srv.url + BASE + '/static/' + f,
        { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
      assert.ok(served.equals(fs.readFileSync(path.join(dir, f))), f);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
