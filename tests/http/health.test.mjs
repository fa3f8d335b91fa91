// tests/http/health.test.mjs - the health endpoints an operator points a
// supervisor or a proxy at: /livez (the process answers), /readyz (ready
// for players: 503 while it drains after SIGTERM with --drain-seconds),
// /healthz kept as it was; each with the security headers, GET and HEAD
// only. And the container's helper asks /readyz.
// SPDX-License-Identifier: MIT
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { startServer, rawRequest, SECURITY_HEADERS } from './server.mjs';

// A fresh connection each time, so a draining server is asked anew.
async function get(port, p, method = 'GET') {
  const r = await rawRequest(port, `${method} ${p} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n`,
    { timeoutMs: 3000 });
  const m = /^HTTP\/1\.1 (\d{3})/.exec(r.data);
  return { status: m ? Number(m[1]) : 0, data: r.data };
}

describe('health endpoints', () => {
  test('/livez, /readyz and /healthz answer 200 with the security headers', async () => {
    const srv = await startServer();
    try {
      for (const [p, body] of [['/livez', 'ok\n'], ['/readyz', 'ready\n'], ['/healthz', 'ok\n']]) {
        const r = await fetch(`${srv.url}${p}`);
        assert.equal(r.status, 200, p);
        assert.equal(await r.text(), body, p);
        assert.match(r.headers.get('content-type'), /^text\/plain/);
        for (const [k, v] of Object.entries(SECURITY_HEADERS)) assert.equal(r.headers.get(k), v, `${p} ${k}`);
        const head = await get(srv.port, p, 'HEAD');
        assert.equal(head.status, 200, `HEAD ${p}`);
        const post = await fetch(`${srv.url}${p}`, { method: 'POST', body: 'x' });
        assert.equal(post.status, 405, `POST ${p}`);
        assert.equal(post.headers.get('allow'), 'GET, HEAD');
        await post.text();
      }
    } finally {
      assert.equal(await srv.stop(), 0);
    }
  });

  test('after SIGTERM with --drain-seconds, /readyz is 503 while the rest still answers, then it stops', async () => {
    const srv = await startServer({ args: ['--drain-seconds', '3'] });
    const t0 = Date.now();
    srv.child.kill('SIGTERM');
    // The drain starts within a moment of the signal.
    let ready;
    for (let i = 0; i < 40; i++) {
      ready = await get(srv.port, '/readyz');
      if (ready.status === 503) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    assert.equal(ready.status, 503, ready.data);
    assert.match(ready.data, /\r\n\r\ndraining\n$/);
    assert.equal((await get(srv.port, '/livez')).status, 200);
    assert.equal((await get(srv.port, '/healthz')).status, 200);
    assert.equal((await get(srv.port, '/')).status, 200);
    // Its own exit, without a second signal (srv.stop() would send one).
    const code = await new Promise((resolve) => {
      if (srv.child.exitCode !== null) resolve(srv.child.exitCode);
      else srv.child.on('exit', (c) => resolve(c));
    });
    assert.equal(code, 0);
    const ms = Date.now() - t0;
    assert.ok(ms >= 2500 && ms < 10000, `stopped ${ms} ms after SIGTERM, not about 3 s`);
    assert.match(srv.log(), /draining for 3 s/);
  });

  test('a second signal ends the drain at once', async () => {
    const srv = await startServer({ args: ['--drain-seconds', '60'] });
    srv.child.kill('SIGTERM');
    for (let i = 0; i < 40 && (await get(srv.port, '/readyz')).status !== 503; i++) {
      await new Promise((r) => setTimeout(r, 25));
    }
    const t0 = Date.now();
    srv.child.kill('SIGINT');
    assert.equal(await srv.stop(), 0);
    assert.ok(Date.now() - t0 < 5000, 'the second signal did not stop it');
  });

  test('without --drain-seconds, SIGTERM stops at once', async () => {
    const srv = await startServer();
    const t0 = Date.now();
    assert.equal(await srv.stop(), 0);
    assert.ok(Date.now() - t0 < 3000);
  });

  test('--drain-seconds is bounded', () => {
    const r = spawnSync(process.env.COLLABBLE_BIN, ['--drain-seconds', '61'], { encoding: 'utf8' });
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /--drain-seconds/);
  });

  test('the container helper asks /readyz: 0 when ready, 1 while draining', async () => {
    const helper = path.join(path.dirname(process.env.COLLABBLE_BIN), '..', 'tools', 'collabble-healthcheck');
    const srv = await startServer({ args: ['--drain-seconds', '5'] });
    let r = spawnSync(helper, [String(srv.port)], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    srv.child.kill('SIGTERM');
    for (let i = 0; i < 40 && (await get(srv.port, '/readyz')).status !== 503; i++) {
      await new Promise((res) => setTimeout(res, 25));
    }
    r = spawnSync(helper, [String(srv.port)], { encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /\/readyz did not answer 200/);
    srv.child.kill('SIGINT');
    assert.equal(await srv.stop(), 0);
  });
});
