// tests/hosts/lighttpd_fastcgi.test.mjs - Collabble as a FastCGI program
// under Debian's lighttpd (mod_fastcgi), mounted at /collabble with
// docs/hosts/lighttpd-fastcgi.conf: lighttpd starts the one process on its
// socket ("bin-path") and passes it every request. hostSuite() (hosts.mjs)
// plays the games and makes the checks.
// SPDX-License-Identifier: MIT
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  binaryPath, cleanUp, hostSuite, needPrograms, stopHost, workDir,
} from './hosts.mjs';
import { startLighttpd } from './lighttpd.mjs';

const { lighttpd } = needPrograms('hosts_lighttpd_fastcgi', [['lighttpd', 'lighttpd']]);

let host;
let dir;
before(async () => {
  dir = workDir('lighttpd-fcgi');
  host = await startLighttpd(lighttpd, dir, 'docs/hosts/lighttpd-fastcgi.conf', (d) => [
    ['"/usr/local/bin/collabble"', `"${binaryPath()}"`],
    ['"/run/lighttpd/collabble.socket"', `"${path.join(d, 'run', 'collabble.socket')}"`],
  ]);
});
after(async () => {
  await stopHost(host);
  // lighttpd stopped the program with it, and the program stopped cleanly.
  if (host) assert.match(host.logs(), /collabble: SIGTERM, stopped/, host.logs().slice(-2000));
  cleanUp(dir);
});

hostSuite('lighttpd mod_fastcgi', () => host);

test('lighttpd started one FastCGI process, on its socket, and it never had to start another', () => {
  // "bin-path": the socket is the program's standard input.
  assert.match(host.logs(), /collabble: serving FastCGI on standard input/, host.logs().slice(-2000));
  assert.equal((host.logs().match(/serving FastCGI on /g) ?? []).length, 1, host.logs().slice(-2000));
});
