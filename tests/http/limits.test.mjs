// tests/http/limits.test.mjs - the server's bounds under slow, idle and
// numerous clients, and its command line. A file of its own because the
// idle timeout takes ten seconds to show, which node's runner then spends
// in parallel with tests/http/api.test.mjs.
// SPDX-License-Identifier: MIT
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import { binaryPath, startServer, rawRequest } from './server.mjs';

const TIMEOUT_S = 10; // CLB_CONNECTION_TIMEOUT_S
// The cap is CLB_MAX_CONNECTIONS (2048) by default; this test checks how
// a cap behaves on one lowered with --max-connections.
const MAX_CONNECTIONS = 64;

let srv;

before(async () => { srv = await startServer(); });
after(async () => {
  assert.equal(await srv.stop(), 0, srv.log().slice(-2000));
});

async function healthy() {
  const t = Date.now();
  const r = await fetch(`${srv.url}/healthz`);
  assert.equal(r.status, 200);
  await r.text();
  return Date.now() - t;
}

describe('slow and idle clients', () => {
  test('idle and half-sent requests are dropped after the timeout while others are served', async () => {
    const idle = rawRequest(srv.port, '', { timeoutMs: (TIMEOUT_S + 6) * 1000 });
    const partial = rawRequest(srv.port, 'GET /healthz HTTP/1.1\r\nHost: t\r\nX-Slow: ',
      { timeoutMs: (TIMEOUT_S + 6) * 1000 });
    // A body that stops arriving half-way is dropped the same way.
    const body = rawRequest(srv.port,
      'POST /api/v1/decode HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n{"state":',
      { timeoutMs: (TIMEOUT_S + 6) * 1000 });
    for (let i = 0; i < 5; i++) {
      // "At once" with room for a loaded CI machine and a sanitizer build.
      assert.ok(await healthy() < 3000, 'others are served at once');
      await new Promise((r) => setTimeout(r, 1000));
    }
    for (const res of await Promise.all([idle, partial, body])) {
      assert.ok(res.closed, 'the server closed the connection');
      assert.ok(res.ms >= (TIMEOUT_S - 1) * 1000 && res.ms < (TIMEOUT_S + 5) * 1000,
        `closed after ${res.ms} ms`);
      assert.ok(!/^HTTP\/1\.1 200/.test(res.data));
    }
    await healthy();
  });

  test('no more than the cap of connections is served at once, and the server recovers', async () => {
    // Past the cap libmicrohttpd stops accepting: the extra connections
    // wait in the kernel's queue until a slot frees, so the server never
    // holds more than the cap in memory.
    const capped = await startServer({ args: ['--max-connections', String(MAX_CONNECTIONS)] });
    const extra = 44;
    const socks = [];
    let answered = 0;
    await Promise.all(Array.from({ length: MAX_CONNECTIONS + extra }, () => new Promise((resolve) => {
      const s = net.connect(capped.port, '127.0.0.1');
      s.setEncoding('latin1');
      s.on('connect', () => { s.write('GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n'); resolve(); });
      s.on('data', (d) => { if (d.startsWith('HTTP/1.1 200')) answered += 1; });
      s.on('error', () => resolve());
      socks.push(s);
    })));
    for (let t = 0; t < 50 && answered < MAX_CONNECTIONS; t++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 500));
    // Each answered connection stays open (keep-alive), holding its slot.
    assert.ok(answered <= MAX_CONNECTIONS, `${answered} answered`);
    assert.ok(answered >= MAX_CONNECTIONS / 2, `${answered} answered`);
    for (const s of socks) s.destroy();
    await new Promise((r) => setTimeout(r, 300));
    const r = await fetch(`${capped.url}/healthz`);
    assert.equal(r.status, 200);
    await r.text();
    assert.equal(await capped.stop(), 0, capped.log().slice(-2000));
  });
});

describe('the command line', () => {
  const run = (args, env = {}) => spawnSync(binaryPath(), args, {
    encoding: 'utf8', env: { ...process.env, ...env }, timeout: 10000,
  });

  test('--help writes usage to stdout and exits 0', () => {
    const r = run(['--help']);
    assert.equal(r.status, 0);
    assert.match(r.stdout, /^Usage: collabble /);
    assert.match(r.stdout, /--lexicon FILE\[:NAME\]/);
    assert.match(r.stdout, /--max-connections-per-ip N/);
    assert.match(r.stdout, /0\.0\.0\.0/);
    assert.equal(r.stderr, '');
  });

  test('--version prints the version', () => {
    const r = run(['--version']);
    assert.equal(r.status, 0);
    assert.match(r.stdout, /^collabble 0\.1\.0 \(commit ([0-9a-f]{7,}|unknown), built \d{4}-\d\d-\d\d\)\n$/);
  });

  test('misuse says what is wrong, points at --help and exits 2', () => {
    for (const args of [['--bogus'], ['--port'], ['--port', '70000'], ['--port', 'x'],
      ['--bind', 'nosuch.invalid'], ['--lexicon', 'a.txt:bad<name>'], ['extra'],
      ['--max-connections', '0'], ['--max-connections', '99999'], ['--max-connections-per-ip', 'x'],
      ['--lexicon', 'a.txt:x', '--lexicon', 'b.txt:x']]) {
      const r = run(args);
      assert.equal(r.status, 2, args.join(' '));
      assert.match(r.stderr, /^collabble: .+\nTry 'collabble --help'\.\n$/, args.join(' '));
      assert.equal(r.stdout, '');
    }
  });

  test('a lexicon that cannot be loaded exits 3', () => {
    const r = run(['--port', '0', '--lexicon', '/nonexistent/words.txt']);
    assert.equal(r.status, 3);
    assert.match(r.stderr, /^collabble: cannot load lexicon/m);
  });

  test('COLLABBLE_LEXICON is used when no flag is given', () => {
    const r = run(['--port', '0'], { COLLABBLE_LEXICON: '/nonexistent/env-words.txt:envlex' });
    assert.equal(r.status, 3);
    assert.match(r.stderr, /env-words\.txt/);
  });

  test('a port in use exits 1', async () => {
    const r = run(['--port', String(srv.port)]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /cannot listen/);
  });

  test('it listens on IPv6 loopback and stops cleanly on SIGINT', async (t) => {
    const probe = net.createServer();
    const v6 = await new Promise((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen(0, '::1', () => { probe.close(); resolve(true); });
    });
    if (!v6) { t.skip('no IPv6 loopback here'); return; }
    const s6 = await startServer({ args: ['--bind', '::1'] }).catch((e) => e);
    assert.ok(!(s6 instanceof Error), String(s6));
    assert.match(s6.log(), /listening on http:\/\/\[::1\]:\d+/);
    const r = await fetch(`http://[::1]:${s6.port}/healthz`);
    assert.equal(r.status, 200);
    const t0 = Date.now();
    s6.child.kill('SIGINT');
    assert.equal(await s6.stop(), 0);
    assert.ok(Date.now() - t0 < 3000, 'stopped within a second or so (3 s allowed for a loaded machine)');
  });
});

describe('the head', () => {
  test('more than 100 headers: 413 that says so, as the CGI and FastCGI front ends answer', async () => {
    const srv = await startServer();
    try {
      const headers = Array.from({ length: 101 }, (_, i) => `X-H${i}: 1\r\n`).join('');
      const r = await rawRequest(srv.port, `GET /healthz HTTP/1.1\r\nHost: t\r\n${headers}\r\n`);
      assert.match(r.data, /^HTTP\/1\.1 413 /);
      assert.match(r.data, /more than 100 headers/);
      const ok = Array.from({ length: 98 }, (_, i) => `X-H${i}: 1\r\n`).join('');
      const r2 = await rawRequest(srv.port, `GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n${ok}\r\n`);
      assert.match(r2.data, /^HTTP\/1\.1 200 /);
    } finally {
      assert.equal(await srv.stop(), 0);
    }
  });
});
