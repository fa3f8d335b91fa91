// tests/http/bind.test.mjs - where the server listens: --bind repeated (an
// IPv4 and an IPv6 address on one port), "::" for both families where the
// system allows, a name (each of its addresses), a Unix socket for a proxy
// on the same machine; and flags checked before anything loads.
// SPDX-License-Identifier: MIT
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startServer, binaryPath, rawRequest } from './server.mjs';

// Whether this machine has IPv6 on loopback.
function hasIpv6() {
  return Object.values(os.networkInterfaces()).flat().some((i) => i && i.family === 'IPv6' && i.internal);
}

async function healthz(host, port) {
  const r = await rawRequest(port, 'GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n', { host, timeoutMs: 3000 });
  return /^HTTP\/1\.1 200 /.test(r.data);
}

test('--bind :: serves IPv6 and IPv4 on one socket', { skip: !hasIpv6() && 'no IPv6 on loopback' }, async () => {
  const srv = await startServer({ args: ['--bind', '::'] });
  try {
    assert.ok(await healthz('::1', srv.port), 'IPv6');
    assert.ok(await healthz('127.0.0.1', srv.port), 'IPv4 through the dual-stack socket');
  } finally {
    assert.equal(await srv.stop(), 0);
  }
});

test('--bind twice: an IPv4 and an IPv6 address on one port, each said', { skip: !hasIpv6() && 'no IPv6 on loopback' }, async () => {
  const srv = await startServer({ args: ['--bind', '127.0.0.1', '--bind', '::1'] });
  try {
    assert.ok(await healthz('127.0.0.1', srv.port));
    assert.ok(await healthz('::1', srv.port));
    assert.match(srv.log(), new RegExp(`listening on http://127\\.0\\.0\\.1:${srv.port}\\n[^]*listening on http://\\[::1\\]:${srv.port}\\n`));
  } finally {
    assert.equal(await srv.stop(), 0);
  }
});

test('--bind localhost: a name is resolved and each address listened on', async () => {
  const srv = await startServer({ args: ['--bind', 'localhost'] });
  try {
    assert.ok(await healthz('127.0.0.1', srv.port));
  } finally {
    assert.equal(await srv.stop(), 0);
  }
});

test('--bind unix:PATH: a proxy on this machine reaches it, and the file goes at the stop', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clb-sock-'));
  const sock = path.join(dir, 'collabble.sock');
  // A stale file of a server gone is replaced.
  fs.writeFileSync(sock, '');
  fs.rmSync(sock);
  const srv = await startServer({ args: ['--bind', '127.0.0.1', '--bind', 'unix:' + sock] });
  try {
    // startServer returns at the first "listening on" line; the second
    // follows it.
    for (let i = 0; i < 100 && !srv.log().includes(`listening on unix:${sock}\n`); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.match(srv.log(), new RegExp(`listening on unix:${sock.replace(/[.]/g, '\\.')}\\n`));
    const body = await new Promise((resolve, reject) => {
      http.get({ socketPath: sock, path: '/healthz', headers: { host: 'x' } }, (r) => {
        let d = '';
        r.on('data', (c) => { d += c; });
        r.on('end', () => resolve(`${r.statusCode} ${d}`));
      }).on('error', reject);
    });
    assert.equal(body, '200 ok\n');
    // A second server cannot take a socket that answers.
    const second = spawnSync(binaryPath(), ['--port', '0', '--bind', 'unix:' + sock], { encoding: 'utf8', timeout: 20000 });
    assert.equal(second.status, 1, second.stderr);
    assert.match(second.stderr, /cannot listen on unix:.*Address already in use/);
  } finally {
    assert.equal(await srv.stop(), 0);
  }
  assert.ok(!fs.existsSync(sock), 'the socket file is removed at the stop');
  fs.rmSync(dir, { recursive: true, force: true });
});

test('flags are checked before the word lists load: --metrics-bind', () => {
  for (const [args, re] of [[['--metrics', '0', '--metrics-bind', 'bogus.invalid'], /invalid address 'bogus\.invalid'/],
    [['--metrics-bind', '127.0.0.1'], /--metrics-bind needs --metrics PORT/]]) {
    const r = spawnSync(binaryPath(), ['--port', '0', ...args], { encoding: 'utf8', timeout: 20000 });
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, re);
    assert.doesNotMatch(r.stderr, /lexicon|listening/, 'refused before loading or binding');
  }
});

test('--threads and COLLABBLE_THREADS', async () => {
  const srv = await startServer({ args: ['--threads', '3'] });
  assert.ok(await healthz('127.0.0.1', srv.port));
  assert.equal(await srv.stop(), 0);
  const r = spawnSync(binaryPath(), ['--port', '0'], { encoding: 'utf8', env: { ...process.env, COLLABBLE_THREADS: '65' }, timeout: 20000 });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /invalid COLLABBLE_THREADS '65' \(1-64\)/);
});
