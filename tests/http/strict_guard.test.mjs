// tests/http/strict_guard.test.mjs - the start-up guard of the request-head
// checks (server/strict_check.h), seen from the command line: the server
// says which libmicrohttpd it runs on and that the self-test passed before
// it listens, the override flag takes a version and nothing else, and the
// guarded rules then hold on the heads a proxy could be fooled by.
// (Another library version cannot be had here: tests/server/test_strict.c checks
// the comparison and a failing self-test directly.)
// SPDX-License-Identifier: MIT
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { binaryPath, startServer, rawRequest } from './server.mjs';

const run = (args) => spawnSync(binaryPath(), args, { encoding: 'utf8', timeout: 10000 });

describe('the request-head guard at start-up', () => {
  test('the self-test passes and is reported before the server listens', async () => {
    const srv = await startServer();
    const log = srv.log();
    const line = /collabble: libmicrohttpd 0\.9\.75, request-head self-test passed \(22 refused, 6 served\)\n/;
    assert.match(log, line);
    assert.ok(log.search(line) < log.indexOf('listening on'), log);
    // The rules it tested are the ones serving: a folded header is refused.
    const r = await rawRequest(srv.port, 'GET /healthz HTTP/1.1\r\nHost: t\r\nX-A: b\r\n c\r\n\r\n',
      { timeoutMs: 3000 });
    assert.match(r.data, /^HTTP\/1\.1 400 /);
    assert.equal(await srv.stop(), 0);
  });

  test('--allow-libmicrohttpd names a version; the checked one needs none', async () => {
    // Another version allowed changes nothing on the checked library.
    const srv = await startServer({ args: ['--allow-libmicrohttpd', '0.9.76'] });
    assert.match(srv.log(), /libmicrohttpd 0\.9\.75, request-head self-test passed/);
    assert.equal(await srv.stop(), 0);
    for (const args of [['--allow-libmicrohttpd'], ['--allow-libmicrohttpd=']]) {
      const r = run(args);
      assert.equal(r.status, 2, args.join(' '));
      assert.match(r.stderr, /^collabble: --allow-libmicrohttpd needs a (value|version)\nTry 'collabble --help'\.\n$/);
    }
  });

  test('--help documents the flag and exit status 4', () => {
    const r = run(['--help']);
    assert.equal(r.status, 0);
    assert.match(r.stdout, /--allow-libmicrohttpd VERSION/);
    assert.match(r.stdout, /tested with 0\.9\.75 only/);
    assert.match(r.stdout, /4 if libmicrohttpd\nis not the version checked/);
  });
});
