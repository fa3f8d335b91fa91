// tests/hosts/lighttpd_cgi.test.mjs - Collabble as a CGI program
// (collabble-cgi) under Debian's lighttpd (mod_cgi), mounted at /collabble
// with docs/hosts/lighttpd-cgi.conf: every request is a process of its own.
// hostSuite() (hosts.mjs) plays the games and makes the checks.
// SPDX-License-Identifier: MIT
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cgiBinaryPath, cleanUp, hostSuite, needPrograms, stopHost, workDir,
} from './hosts.mjs';
import { startLighttpd } from './lighttpd.mjs';

const { lighttpd } = needPrograms('hosts_lighttpd_cgi', [['lighttpd', 'lighttpd']]);

let host;
let dir;
before(async () => {
  dir = workDir('lighttpd-cgi');
  host = await startLighttpd(lighttpd, dir, 'docs/hosts/lighttpd-cgi.conf', () => [
    ['"/usr/lib/cgi-bin/collabble-cgi"', `"${cgiBinaryPath()}"`],
  ]);
});
after(async () => {
  await stopHost(host);
  cleanUp(dir);
});

hostSuite('lighttpd mod_cgi', () => host);

test('each request was a process of its own (a CGI program, not a server)', () => {
  // Only the CGI front end answers without a startup line: a server
  // started by lighttpd would have said where it listens.
  assert.doesNotMatch(host.logs(), /serving FastCGI|listening on/, host.logs().slice(-2000));
});
