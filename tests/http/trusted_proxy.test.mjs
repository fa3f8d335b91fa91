// tests/http/trusted_proxy.test.mjs - who a request is from, behind a
// proxy (server/clients.c): the forwarded address is believed only from a
// --trusted-proxy peer (X-Real-IP, else the right-most address of
// X-Forwarded-For that is not a trusted proxy), never from anyone else;
// behind one, --max-connections-per-ip counts each client's requests in
// progress, not the proxy's connections.
// SPDX-License-Identifier: MIT
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { startServer, rawRequest } from './server.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The client each logged /healthz line names, in order: the last n (the
// first are startServer's own probes).
function clients(log, n) {
  return log.split('\n').filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l)).filter((j) => j.path === '/healthz').map((j) => j.client).slice(-n);
}

async function healthz(port, headers) {
  const r = await rawRequest(port, `GET /healthz HTTP/1.1\r\nHost: t\r\n${headers}Connection: close\r\n\r\n`);
  assert.match(r.data, /^HTTP\/1\.1 200 /, r.data.slice(0, 200));
}

test('a forwarded address from a peer that is no trusted proxy is ignored', async () => {
  const srv = await startServer({ args: ['--log-format', 'json', '--trusted-proxy', '10.9.9.0/24'] });
  try {
    await healthz(srv.port, 'X-Real-IP: 6.6.6.6\r\nX-Forwarded-For: 6.6.6.6\r\n');
    await sleep(100);
    assert.deepEqual(clients(srv.log(), 1), ['127.0.0.1']);
  } finally {
    assert.equal(await srv.stop(), 0);
  }
});

test('from a trusted proxy: X-Real-IP, else the right-most untrusted X-Forwarded-For', async () => {
  const srv = await startServer({ args: ['--log-format', 'json', '--trusted-proxy', '127.0.0.1'] });
  try {
    await healthz(srv.port, 'X-Real-IP: 203.0.113.7\r\nX-Forwarded-For: 1.1.1.1\r\n');
    await healthz(srv.port, 'X-Forwarded-For: 1.2.3.4, 203.0.113.9\r\n');
    await healthz(srv.port, 'X-Forwarded-For: 198.51.100.1, 127.0.0.1\r\n');
    await healthz(srv.port, 'X-Forwarded-For: [2001:db8::5]\r\n');
    await healthz(srv.port, 'X-Forwarded-For: not-an-address\r\n');
    await healthz(srv.port, 'X-Real-IP: <script>\r\n');
    await healthz(srv.port, '');
    await sleep(100);
    assert.deepEqual(clients(srv.log(), 7), ['203.0.113.7', '203.0.113.9', '198.51.100.1', '2001:db8::5',
      '127.0.0.1', '127.0.0.1', '127.0.0.1']);
  } finally {
    assert.equal(await srv.stop(), 0);
  }
});

// Opens a request whose body is half sent and resolves with the socket
// once the server has its head; its answer comes when the body ends.
async function halfSent(port, realIp) {
  const sock = net.connect(port, '127.0.0.1');
  await new Promise((r) => sock.on('connect', r));
  let data = '';
  sock.setEncoding('latin1');
  sock.on('data', (c) => { data += c; });
  const body = '{"seed":"cap"}';
  sock.write(`POST /api/v1/games HTTP/1.1\r\nHost: t\r\nX-Real-IP: ${realIp}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 3)}`);
  await sleep(150);
  return { sock, data: () => data, finish: () => sock.write(body.slice(3)) };
}

test('behind a trusted proxy, the per-address cap counts each client, not the proxy', async () => {
  const srv = await startServer({ args: ['--trusted-proxy', '127.0.0.1', '--max-connections-per-ip', '1'] });
  try {
    const a = await halfSent(srv.port, '203.0.113.7');
    // The same client again, while its first request is in progress: 429.
    const again = await rawRequest(srv.port, 'GET /healthz HTTP/1.1\r\nHost: t\r\nX-Real-IP: 203.0.113.7\r\nConnection: close\r\n\r\n');
    assert.match(again.data, /^HTTP\/1\.1 429 /);
    assert.match(again.data, /Retry-After: 1/i);
    // Another client through the same proxy: served, though the proxy's
    // address already has a connection open.
    await healthz(srv.port, 'X-Real-IP: 203.0.113.8\r\n');
    a.finish();
    await sleep(300);
    assert.match(a.data(), /^HTTP\/1\.1 201 /);
    // The first request over, the client is served again.
    await healthz(srv.port, 'X-Real-IP: 203.0.113.7\r\n');
  } finally {
    assert.equal(await srv.stop(), 0);
  }
});

test('a bad --trusted-proxy is refused at start', async () => {
  const { spawnSync } = await import('node:child_process');
  const { binaryPath } = await import('./server.mjs');
  for (const [v, why] of [['nope', 'not an IPv4 or IPv6 address'], ['10.0.0.0/33', 'not 0 to 32'],
    ['::1/129', 'not 0 to 128']]) {
    const r = spawnSync(binaryPath(), ['--trusted-proxy', v], { encoding: 'utf8' });
    assert.equal(r.status, 2);
    assert.ok(r.stderr.includes(`invalid --trusted-proxy '${v}': the prefix length is ${why}`) ||
      r.stderr.includes(`invalid --trusted-proxy '${v}': ${why}`), r.stderr);
  }
});
