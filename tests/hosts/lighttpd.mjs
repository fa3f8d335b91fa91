// tests/hosts/lighttpd.mjs - Debian's lighttpd, started by a test with one
// of the documented configurations (docs/hosts/lighttpd-*.conf) inside a
// main configuration like Debian's own /etc/lighttpd/lighttpd.conf (its
// modules, its URL parsing options, its MIME types), everything under the
// test's folder.
// SPDX-License-Identifier: MIT
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  childrenOf, daemon, documented, exportStatic, freePort, giveTo, processesGone, readLog, serverUser,
  waitForHttp, MOUNT,
} from './hosts.mjs';

// The main configuration: Debian's, less what would touch the machine.
function mainConf(dir, port, snippet, user) {
  const mime = '/usr/share/lighttpd/create-mime.conf.pl';
  return `
server.modules = ( "mod_indexfile", "mod_access", "mod_alias", "mod_redirect" )
server.document-root = "${dir}/www"
server.upload-dirs = ( "${dir}/uploads" )
server.errorlog = "${dir}/log/error.log"
server.breakagelog = "${dir}/log/cgi-stderr.log"
server.pid-file = "${dir}/lighttpd.pid"
server.bind = "127.0.0.1"
server.port = ${port}
${user ? `server.username = "${user.name}"\nserver.groupname = "${user.name}"` : ''}
server.http-parseopts = (
  "header-strict" => "enable",
  "host-strict" => "enable",
  "host-normalize" => "enable",
  "url-normalize-unreserved" => "enable",
  "url-normalize-required" => "enable",
  "url-ctrls-reject" => "enable",
  "url-path-2f-decode" => "enable",
  "url-path-dotseg-remove" => "enable",
)
index-file.names = ( "index.php", "index.html" )
url.access-deny = ( "~", ".inc" )
static-file.exclude-extensions = ( ".php", ".pl", ".fcgi" )
${existsSync(mime) ? `include_shell "${mime}"`
    : 'mimetype.assign = ( ".js" => "text/javascript", ".css" => "text/css", ".txt" => "text/plain" )'}
include "${snippet}"
server.modules += ( "mod_dirlisting", "mod_staticfile" )
`;
}

// Starts lighttpd with `file` (docs/hosts/lighttpd-*.conf), its static
// folder, and the binary and sockets `swaps(dir)` names, rewritten into
// `dir`. Resolves to the host description hostSuite() takes, plus stop().
export async function startLighttpd(bin, dir, file, swaps) {
  const user = serverUser();
  const port = await freePort();
  const staticDir = path.join(dir, 'static');
  exportStatic(staticDir);
  for (const d of ['www', 'uploads', 'run', 'log']) mkdirSync(path.join(dir, d), { recursive: true });
  // lighttpd opens its logs, and makes the FastCGI socket, as its user.
  giveTo(path.join(dir, 'run'), user);
  giveTo(path.join(dir, 'log'), user);
  const snippet = path.join(dir, 'collabble.conf');
  writeFileSync(snippet, documented(file, [
    ['/var/www/collabble/static/', `${staticDir}/`],
    ...swaps(dir),
  ]));
  const conf = path.join(dir, 'lighttpd.conf');
  writeFileSync(conf, mainConf(dir, port, snippet, user));
  const check = spawnSync(bin, ['-tt', '-f', conf], { encoding: 'utf8' });
  assert.equal(check.status, 0, `lighttpd -tt:\n${check.stdout}${check.stderr}`);
  const proc = daemon(bin, ['-D', '-f', conf]);
  const logs = () => proc.output() + readLog(path.join(dir, 'log', 'error.log')) +
    readLog(path.join(dir, 'log', 'cgi-stderr.log'));
  await waitForHttp(port, `${MOUNT}/healthz`, proc, logs);
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    staticDir,
    shareHost: `127.0.0.1:${port}`,
    logs,
    tmp: dir,
    proc,
    // SIGTERM: lighttpd stops at once, and stops the FastCGI program it
    // started, whose output goes to lighttpd's logs: wait for it to be
    // gone too, so that its last words (and a sanitizer's) are in.
    async stop() {
      const started = childrenOf(proc.child.pid);
      const code = await proc.stop('SIGTERM');
      return (await processesGone(started)) ? code : 'hung';
    },
  };
}
