// tests/hosts/apache_shared.test.mjs - Collabble on a shared host, two
// ways, under Debian's Apache (mpm_event, mod_cgid) set up as such hosts
// are: a web folder whose .htaccess files may set Options and FileInfo,
// and a cgi-bin as Debian's serve-cgi-bin.conf makes it.
//   - /collabble/: a folder with docs/hosts/shared-host.htaccess, the
//     program (collabble-cgi) as collabble.cgi and its exported static
//     files, which Apache serves itself.
//   - /cgi-bin/collabble/: the program copied into cgi-bin and nothing
//     else; it serves its own static files.
// hostSuite() (hosts.mjs) plays the games and makes the checks on each.
// SPDX-License-Identifier: MIT
import { before, after } from 'node:test';
import { chmodSync, copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  cgiBinaryPath, cleanUp, documented, exportStatic, hostSuite, needPrograms, stopHost, workDir,
} from './hosts.mjs';
import { apacheMissing, startApache } from './apache.mjs';

const { apache2 } = needPrograms('hosts_apache_shared', [['apache2', 'apache2']]);
if (apacheMissing()) {
  console.log(`hosts_apache_shared: SKIPPED (${apacheMissing()})`);
  process.exit(77);
}

let host;
let dir;
before(async () => {
  dir = workDir('apache-shared');
  // What the user uploads: the folder with its .htaccess, the program and
  // the static files.
  const web = path.join(dir, 'public_html');
  const folder = path.join(web, 'collabble');
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, '.htaccess'), documented('docs/hosts/shared-host.htaccess', []));
  copyFileSync(cgiBinaryPath(), path.join(folder, 'collabble.cgi'));
  chmodSync(path.join(folder, 'collabble.cgi'), 0o755);
  const staticDir = path.join(folder, 'static');
  exportStatic(staticDir);
  // And the cgi-bin, with the program alone in it.
  const cgiBin = path.join(dir, 'cgi-bin');
  mkdirSync(cgiBin);
  copyFileSync(cgiBinaryPath(), path.join(cgiBin, 'collabble'));
  chmodSync(path.join(cgiBin, 'collabble'), 0o755);
  // The host's configuration: the user's web folder, and Debian's
  // serve-cgi-bin.conf for the cgi-bin.
  const conf = path.join(dir, 'host.conf');
  writeFileSync(conf, `
DocumentRoot "${web}"
<Directory "${web}">
    Options SymLinksIfOwnerMatch
    AllowOverride Options FileInfo Indexes
    Require all granted
</Directory>
ScriptAlias /cgi-bin/ ${cgiBin}/
<Directory "${cgiBin}">
    AllowOverride None
    Options +ExecCGI -MultiViews +SymLinksIfOwnerMatch
    Require all granted
</Directory>
`);
  host = await startApache(apache2, dir, [conf]);
  host.staticDir = staticDir;
});
after(async () => {
  await stopHost(host);
  cleanUp(dir);
});

hostSuite('a shared host\'s folder (.htaccess)', () => host);
hostSuite('a shared host\'s cgi-bin', () => host, { mount: '/cgi-bin/collabble', staticBy: 'program' });
