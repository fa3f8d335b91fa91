// tests/hosts/apache.mjs - Debian's Apache, started by a test with a
// documented configuration (docs/hosts/apache-*.conf) inside a main
// configuration like Debian's own (apache2.conf and the modules a fresh
// install enables: mpm_event, mime, alias, deflate, reqtimeout, ...), plus
// the ones the documented file asks for (a2enmod cgid headers), everything
// under the test's folder. As root it runs as www-data (User), since
// Apache refuses to serve as root.
// SPDX-License-Identifier: MIT
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  daemon, freePort, giveTo, readLog, serverUser, waitForHttp, MOUNT,
} from './hosts.mjs';

export const MODULES_DIR = '/usr/lib/apache2/modules';
// Debian's default set, then what docs/hosts/apache-*.conf needs.
const MODULES = [
  'mpm_event', 'authz_core', 'authz_host', 'alias', 'dir', 'env', 'mime', 'filter', 'deflate',
  'reqtimeout', 'setenvif', 'cgid', 'headers', 'rewrite',
];

// null, or why Apache cannot run here (a module missing).
export function apacheMissing() {
  for (const m of MODULES) {
    if (!existsSync(path.join(MODULES_DIR, `mod_${m}.so`))) return `Apache's mod_${m} is missing`;
  }
  return null;
}

function mainConf(dir, port, includes, user, extra) {
  const load = MODULES.map((m) => `LoadModule ${m}_module ${MODULES_DIR}/mod_${m}.so`).join('\n');
  return `
ServerRoot "${dir}"
DefaultRuntimeDir "${dir}/run"
PidFile "${dir}/run/apache2.pid"
Mutex file:${dir}/run default
ErrorLog "${dir}/log/error.log"
LogLevel warn
Listen 127.0.0.1:${port}
ServerName 127.0.0.1
${user ? `User ${user.name}\nGroup ${user.name}` : ''}
${load}
ScriptSock "${dir}/run/cgid.sock"
# Debian's apache2.conf
Timeout 300
KeepAlive On
MaxKeepAliveRequests 100
KeepAliveTimeout 5
HostnameLookups Off
AccessFileName .htaccess
<FilesMatch "^\\.ht">
    Require all denied
</FilesMatch>
<Directory />
    Options FollowSymLinks
    AllowOverride None
    Require all denied
</Directory>
<Directory "${dir}/www">
    Options Indexes FollowSymLinks
    AllowOverride None
    Require all granted
</Directory>
DocumentRoot "${dir}/www"
DirectoryIndex index.html
# Debian's mods-enabled: mime.conf, reqtimeout.conf, deflate.conf
TypesConfig /etc/mime.types
RequestReadTimeout header=20-40,minrate=500
RequestReadTimeout body=10,minrate=500
AddOutputFilterByType DEFLATE text/html text/plain text/xml text/css text/javascript
AddOutputFilterByType DEFLATE application/x-javascript application/javascript application/ecmascript
${extra}
${includes.map((f) => `Include "${f}"`).join('\n')}
`;
}

// Starts apache2 in the foreground with the configuration files
// `includes` (already written, documented ones). Resolves to the host
// description hostSuite() takes (less its staticDir), plus stop().
export async function startApache(bin, dir, includes, { extra = '', ready = `${MOUNT}/healthz` } = {}) {
  const user = serverUser();
  const port = await freePort();
  for (const d of ['www', 'run', 'log']) mkdirSync(path.join(dir, d), { recursive: true });
  giveTo(path.join(dir, 'run'), user);
  const conf = path.join(dir, 'apache2.conf');
  writeFileSync(conf, mainConf(dir, port, includes, user, extra));
  const check = spawnSync(bin, ['-t', '-f', conf], { encoding: 'utf8' });
  assert.equal(check.status, 0, `apache2 -t:\n${check.stdout}${check.stderr}`);
  const proc = daemon(bin, ['-DFOREGROUND', '-f', conf]);
  const logs = () => proc.output() + readLog(path.join(dir, 'log', 'error.log'));
  await waitForHttp(port, ready, proc, logs);
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    shareHost: `127.0.0.1:${port}`,
    logs,
    tmp: dir,
    proc,
    // SIGTERM: Apache stops its children (and mod_cgid's daemon) at once.
    stop: () => proc.stop('SIGTERM'),
  };
}
