// tests/hosts/apache_cgi.test.mjs - Collabble as a CGI program
// (collabble-cgi) under Debian's Apache (mpm_event and mod_cgid), mounted
// at /collabble with
// docs/hosts/apache-cgi.conf: every request is a process of its own,
// started by mod_cgid's daemon. hostSuite() (hosts.mjs) plays the games
// and makes the checks.
// SPDX-License-Identifier: MIT
import { before, after } from 'node:test';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  cgiBinaryPath, cleanUp, documented, exportStatic, hostSuite, needPrograms, stopHost, workDir,
} from './hosts.mjs';
import { apacheMissing, startApache } from './apache.mjs';

const { apache2 } = needPrograms('hosts_apache_cgi', [['apache2', 'apache2']]);
if (apacheMissing()) {
  console.log(`hosts_apache_cgi: SKIPPED (${apacheMissing()})`);
  process.exit(77);
}

let host;
let dir;
before(async () => {
  dir = workDir('apache-cgi');
  const staticDir = path.join(dir, 'static');
  exportStatic(staticDir);
  const bin = cgiBinaryPath();
  const conf = path.join(dir, 'collabble.conf');
  writeFileSync(conf, documented('docs/hosts/apache-cgi.conf', [
    ['/var/www/collabble/static', staticDir],
    ['ScriptAlias /collabble /usr/lib/cgi-bin/collabble-cgi', `ScriptAlias /collabble ${bin}`],
    ['<Directory /usr/lib/cgi-bin>', `<Directory ${path.dirname(bin)}>`],
    ['<Files collabble-cgi>', `<Files ${path.basename(bin)}>`],
  ]));
  host = { ...await startApache(apache2, dir, [conf]), staticDir };
});
after(async () => {
  await stopHost(host);
  cleanUp(dir);
});

hostSuite('Apache mod_cgid', () => host);
