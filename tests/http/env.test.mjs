// tests/http/env.test.mjs - every option has an environment variable
// (main.c's one table): a variable sets it, a flag wins over it, a bad
// value names the variable, a repeatable one takes several values; --help
// lists every pair.
// SPDX-License-Identifier: MIT
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import { startServer, binaryPath, rawRequest, freePort } from './server.mjs';

function run(args, env) {
  return spawnSync(binaryPath(), args, { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 20000 });
}


test('--help lists a variable for every option', () => {
  const r = run(['--help']);
  assert.equal(r.status, 0);
  const flags = [...r.stdout.matchAll(/^ {2}(--[a-z-]+)\b/gm)].map((m) => m[1]);
  const listed = new Map([...r.stdout.matchAll(/^ {2}(--[a-z-]+) +(COLLABBLE_[A-Z_]+|\(none\))$/gm)]
    .map((m) => [m[1], m[2]]));
  for (const f of new Set(flags)) {
    if (f === '--help' || f === '--version') continue;
    assert.ok(listed.has(f), `${f} has no variable listed`);
    if (f !== '--export-static') assert.match(listed.get(f), /^COLLABBLE_/, f);
  }
});

test('a variable sets its option, and the flag wins over it', async () => {
  const port = await freePort();
  // COLLABBLE_PORT alone: the server is on that port (startServer passes
  // --port 0 itself, so this one runs without it).
  const { spawn } = await import('node:child_process');
  const child = spawn(binaryPath(), [], { env: { ...process.env, COLLABBLE_PORT: String(port), COLLABBLE_LOG_FORMAT: 'json' }, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (c) => { log += c; });
  for (let i = 0; i < 100 && !/listening on/.test(log); i++) await new Promise((r) => setTimeout(r, 100));
  const r = await rawRequest(port, 'GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n');
  assert.match(r.data, /^HTTP\/1\.1 200 /, log);
  child.kill('SIGTERM');
  await new Promise((res) => child.on('exit', res));
  // COLLABBLE_LOG_FORMAT=json: the access line is JSON.
  assert.ok(log.split('\n').some((l) => l.startsWith('{') && JSON.parse(l).path === '/healthz'), log);
  // The flag wins: --port 0 (startServer's) over COLLABBLE_PORT.
  const srv = await startServer({ env: { COLLABBLE_PORT: String(port) } });
  assert.notEqual(srv.port, port);
  assert.equal(await srv.stop(), 0);
});

test('a repeatable variable takes several values', async () => {
  const srv = await startServer({ env: { COLLABBLE_BIND: '127.0.0.1 localhost' } });
  try {
    assert.match(srv.log(), /listening on http:\/\/127\.0\.0\.1:\d+/);
  } finally {
    assert.equal(await srv.stop(), 0);
  }
});

test('a bad value names its variable', () => {
  for (const [env, message] of [
    [{ COLLABBLE_PORT: 'x' }, "invalid COLLABBLE_PORT 'x' (0-65535)"],
    [{ COLLABBLE_LOG_FORMAT: 'yaml' }, "COLLABBLE_LOG_FORMAT takes text or json, not 'yaml'"],
    [{ COLLABBLE_THREADS: '0' }, "invalid COLLABBLE_THREADS '0' (1-64)"],
    [{ COLLABBLE_MAX_CONNECTIONS: '99999' }, "invalid COLLABBLE_MAX_CONNECTIONS '99999' (1-2048)"],
    [{ COLLABBLE_DRAIN_SECONDS: '61' }, "invalid COLLABBLE_DRAIN_SECONDS '61' (0-60)"],
    [{ COLLABBLE_LOG_REQUESTS: 'maybe' }, "COLLABBLE_LOG_REQUESTS takes on or off, not 'maybe'"],
    [{ COLLABBLE_METRICS_BIND: '127.0.0.1' }, '--metrics-bind needs --metrics PORT'],
  ]) {
    const r = run([], env);
    assert.equal(r.status, 2, JSON.stringify(env));
    assert.equal(r.stderr, `collabble: ${message}\nTry 'collabble --help'.\n`);
  }
});

test('--log-format json: every line of a run is one JSON object with a level', async () => {
  const srv = await startServer({ args: ['--log-format', 'json', '--metrics', '0'] });
  await rawRequest(srv.port, 'GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n');
  srv.child.kill('SIGHUP');
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(await srv.stop(), 0);
  const lines = srv.log().split('\n').filter((l) => l !== '');
  assert.ok(lines.length >= 7, lines.join('\n'));
  const said = [];
  for (const l of lines) {
    let j;
    assert.doesNotThrow(() => { j = JSON.parse(l); }, l);
    assert.match(j.time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/, l);
    if (j.msg !== undefined) {
      assert.ok(['info', 'warn', 'error'].includes(j.level), l);
      said.push(j.msg);
    } else {
      assert.equal(j.path, '/healthz', l); // an access line
    }
  }
  for (const re of [/^libmicrohttpd .* self-test passed/, /^lexicon sowpods: /, /^metrics on /, /^listening on /,
    /^SIGHUP ignored/, /^SIGTERM, stopping$/, /^stopped$/]) {
    assert.ok(said.some((m) => re.test(m)), `${re} in ${said.join(' | ')}`);
  }
});
