// tests/http/observe.test.mjs - what an operator watches: the access log
// as text or JSON lines (time, client, method, path, route, status, bytes,
// duration; never the state or the query), --log-requests off, and the
// opt-in Prometheus page on a listener of its own whose counters move.
// SPDX-License-Identifier: MIT
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { startServer, post, rawRequest, makeState, encode } from './server.mjs';

const wait = (ms) => new Promise((r) => setTimeout(r, ms));

// Waits (5 s at most) for ok() to hold: log lines come through a pipe and
// counters from other threads, a moment after the answer.
async function until(ok) {
  for (let i = 0; i < 100 && !(await ok()); i++) await wait(50);
}

// The metrics page as { 'name{labels}': value }.
async function scrape(url) {
  const r = await fetch(url);
  assert.equal(r.status, 200);
  assert.match(r.headers.get('content-type'), /^text\/plain; version=0\.0\.4/);
  const out = {};
  for (const line of (await r.text()).split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^(\S+) (\d+(?:\.\d+)?)$/.exec(line);
    assert.ok(m, `not a sample line: ${line}`);
    out[m[1]] = Number(m[2]);
  }
  return out;
}

function metricsUrl(srv) {
  const m = /metrics on (http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(srv.log());
  assert.ok(m, `no metrics line in:\n${srv.log()}`);
  return m[1];
}

describe('logs', () => {
  test('--log-format json: one object a line with every field, never the state', async () => {
    const srv = await startServer({ args: ['--log-format', 'json'] });
    try {
      const secret = encode(makeState({ gameId: 'SecretGame42', p1: [...'ABCDEFG'], p2: [...'HIJKLMN'] }));
      await post(`${srv.url}/api/v1/decode`, { state: secret });
      await (await fetch(`${srv.url}/?s=${encodeURIComponent(secret)}`)).text();
      await rawRequest(srv.port, 'GET /a"b\\c?token=hidden HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n');
      // A line is written once its answer is out, so wait for the last
      // request's (the start's readiness probes have lines of their own).
      await until(() => srv.log().split('\n').some((l) => l.startsWith('{') && l.includes('"status":404')));
      // The access lines (the others are the server's own: msg, no path).
      const lines = srv.log().split('\n').filter((l) => l.startsWith('{') && !l.includes('"msg":'));
      assert.ok(lines.length >= 3, srv.log());
      const entries = lines.map((l) => JSON.parse(l));
      for (const e of entries) {
        assert.deepEqual(Object.keys(e), ['time', 'level', 'client', 'method', 'path', 'route', 'status', 'bytes', 'duration_us']);
        assert.match(e.time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        assert.equal(e.client, '127.0.0.1');
      }
      const decode = entries.find((e) => e.path === '/api/v1/decode');
      assert.equal(decode.route, '/api/v1/decode');
      assert.equal(decode.status, 200);
      assert.equal(decode.method, 'POST');
      assert.ok(decode.bytes > 0 && decode.duration_us >= 0);
      // A quote and a backslash in the path stay inside the string.
      const odd = entries.find((e) => e.status === 404);
      assert.equal(odd.path, '/a%22b%5Cc');
      assert.equal(odd.route, 'other');
      const log = srv.log();
      assert.ok(!log.includes(secret.slice(0, 40)) && !log.includes('SecretGame42') && !log.includes('hidden'));
    } finally {
      assert.equal(await srv.stop(), 0);
    }
  });

  test('--log-requests off: no line per request, the start and stop still', async () => {
    const srv = await startServer({ args: ['--log-requests', 'off'] });
    await (await fetch(`${srv.url}/livez`)).text();
    await wait(100);
    assert.equal(await srv.stop(), 0);
    assert.ok(!/ GET \/livez /.test(srv.log()), srv.log());
    assert.ok(!/GET \/healthz/.test(srv.log()), srv.log());
    assert.match(srv.log(), /listening on/);
    assert.match(srv.log(), /SIGTERM, stopping/);
  });

  test('a bad value of either flag is refused by name', async () => {
    const { spawnSync } = await import('node:child_process');
    for (const [flag, v] of [['--log-format', 'xml'], ['--log-requests', 'maybe']]) {
      const r = spawnSync(process.env.COLLABBLE_BIN, [flag, v], { encoding: 'utf8' });
      assert.equal(r.status, 2);
      assert.match(r.stderr, new RegExp(`${flag} takes`));
    }
  });
});

describe('metrics', () => {
  test('off by default: no listener line', async () => {
    const srv = await startServer();
    assert.equal(await srv.stop(), 0);
    assert.ok(!/metrics on/.test(srv.log()));
  });

  test('--metrics: the counters move with requests, moves, links, connections and refusals', async () => {
    const srv = await startServer({ args: ['--metrics', '0'] });
    try {
      const url = metricsUrl(srv);
      const before = await scrape(url);
      // The built-in list and each language's (a start line each).
      assert.equal(before.collabble_lexicons_loaded, srv.log().match(/^collabble: lexicon /gm).length);
      const g = await post(`${srv.url}/api/v1/games`, {});
      assert.equal(g.status, 201);
      const m = await post(`${srv.url}/api/v1/move`, { state: g.body.state, move: { type: 'pass' } });
      assert.equal(m.status, 200);
      await (await fetch(`${srv.url}/nowhere`)).text();
      // A head with two Content-Lengths: refused by the strict rules.
      await rawRequest(srv.port, 'POST /api/v1/move HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nx');
      // A connection left open shows in the gauge.
      const sock = net.connect(srv.port, '127.0.0.1');
      await new Promise((r) => sock.once('connect', r));
      let after;
      await until(async () => {
        after = await scrape(url);
        return after.collabble_connections_open >= 1 &&
          (after['collabble_refused_total{limit="strict_head"}'] ?? 0) > (before['collabble_refused_total{limit="strict_head"}'] ?? 0);
      });
      sock.destroy();
      const d = (k) => (after[k] ?? 0) - (before[k] ?? 0);
      assert.equal(d('collabble_http_requests_total{route="/api/v1/games",status="201"}'), 1);
      assert.equal(d('collabble_http_requests_total{route="/api/v1/move",status="200"}'), 1);
      assert.equal(d('collabble_http_requests_total{route="other",status="404"}'), 1);
      assert.ok(d('collabble_http_requests_total{route="/api/v1/move",status="400"}') >= 1);
      assert.equal(d('collabble_moves_total{kind="pass"}'), 1);
      assert.ok(d('collabble_links_opened_total{format="v2"}') >= 1);
      assert.ok(d('collabble_refused_total{limit="strict_head"}') >= 1);
      assert.ok(after.collabble_connections_open >= 1, `open ${after.collabble_connections_open}`);
      assert.ok(d('collabble_http_response_bytes_total') > 0);
      // The latency histogram, by route: each route's +Inf bucket is its
      // count, and the routes asked for are there.
      const counts = Object.keys(after).filter((k) => k.startsWith('collabble_http_request_duration_seconds_count{'));
      assert.ok(counts.length >= 3, counts.join(' '));
      for (const k of counts) {
        const route = /route="([^"]*)"/.exec(k)[1];
        assert.equal(after[`collabble_http_request_duration_seconds_bucket{route="${route}",le="+Inf"}`], after[k], route);
      }
      assert.equal(d('collabble_http_request_duration_seconds_count{route="/api/v1/games"}'), 1);
      // The build and the process, as Prometheus' process collector names them.
      assert.equal(Object.keys(after).filter((k) => k.startsWith('collabble_build_info{version="0.1.0",commit="')).length, 1);
      assert.ok(after.process_cpu_seconds_total > 0);
      assert.ok(after.process_resident_memory_bytes > 1e6);
      assert.ok(after.process_open_fds >= 3);
      assert.ok(Math.abs(after.process_start_time_seconds - Date.now() / 1000) < 120);
      // Only /metrics is there.
      const other = await fetch(url.replace('/metrics', '/'));
      assert.equal(other.status, 404);
      await other.text();
    } finally {
      assert.equal(await srv.stop(), 0);
    }
  });

  test('a head past its deadline is counted', async () => {
    const srv = await startServer({ args: ['--metrics', '0'] });
    try {
      const url = metricsUrl(srv);
      const before = (await scrape(url))['collabble_refused_total{limit="deadline"}'];
      // A head sent a byte every 2 s (slowloris): never silent long enough
      // for the idle timeout, so the watchdog closes it at the header
      // deadline (CLB_HEADER_DEADLINE_S, 10 s).
      const sock = net.connect(srv.port, '127.0.0.1');
      sock.on('error', () => {});
      await new Promise((r) => sock.once('connect', r));
      const head = 'GET /healthz HTTP/1.1\r\nHost: t\r\nX-Slow: ' + 'x'.repeat(64);
      let sent = 0;
      const drip = setInterval(() => { if (!sock.destroyed) sock.write(head[sent++ % head.length]); }, 2000);
      sock.write(head.slice(0, 10));
      const closed = new Promise((r) => sock.once('close', r));
      await Promise.race([closed, wait(25000)]);
      clearInterval(drip);
      let after;
      await until(async () => {
        after = (await scrape(url))['collabble_refused_total{limit="deadline"}'];
        return after > before;
      });
      sock.destroy();
      assert.equal(after, before + 1);
    } finally {
      assert.equal(await srv.stop(), 0);
    }
  });

  test('a connection over the per-address cap is counted', async () => {
    const srv = await startServer({ args: ['--metrics', '0', '--max-connections-per-ip', '2'] });
    const socks = [];
    try {
      const url = metricsUrl(srv);
      for (let i = 0; i < 4; i++) {
        const s = net.connect(srv.port, '127.0.0.1');
        s.on('error', () => {});
        socks.push(s);
      }
      let after;
      await until(async () => {
        after = await scrape(url);
        return after['collabble_refused_total{limit="connections"}'] >= 1;
      });
      for (const s of socks) s.destroy();
      assert.ok(after['collabble_refused_total{limit="connections"}'] >= 1, JSON.stringify(after));
    } finally {
      assert.equal(await srv.stop(), 0);
    }
  });
});
