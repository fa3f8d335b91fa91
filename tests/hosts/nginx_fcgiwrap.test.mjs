// tests/hosts/nginx_fcgiwrap.test.mjs - Collabble as a CGI program
// (collabble-cgi) behind Debian's nginx and fcgiwrap, mounted at /collabble
// with
// docs/hosts/nginx-fcgiwrap.conf: nginx passes each request to fcgiwrap
// over FastCGI, and fcgiwrap starts the program for it. fcgiwrap runs on a
// socket of the test's own, as Debian's fcgiwrap.service does (as
// www-data, -f: the program's stderr into nginx's error log).
// hostSuite() (hosts.mjs) plays the games and makes the checks.
// SPDX-License-Identifier: MIT
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  cgiBinaryPath, cleanUp, daemon, documented, exportStatic, giveTo, hostSuite, needPrograms,
  serverUser, sleep, stopHost, workDir,
} from './hosts.mjs';
import { siteServer, startNginx } from './nginx.mjs';

const { nginx, fcgiwrap } = needPrograms('hosts_nginx_fcgiwrap', [['nginx', 'nginx'], ['fcgiwrap', 'fcgiwrap']]);

let host;
let dir;
let wrap;
before(async () => {
  dir = workDir('nginx-fcgiwrap');
  const staticDir = path.join(dir, 'static');
  exportStatic(staticDir);
  // fcgiwrap first, on its socket, as the user nginx's workers run as.
  const run = path.join(dir, 'fcgi');
  mkdirSync(run);
  const user = serverUser();
  giveTo(run, user);
  const sock = path.join(run, 'fcgiwrap.socket');
  wrap = daemon(fcgiwrap, ['-f', '-c', '2', '-s', `unix:${sock}`],
    { group: true, ...(user ? { uid: user.uid, gid: user.gid } : {}) });
  for (let i = 0; !existsSync(sock); i++) {
    assert.ok(i < 100 && wrap.running(), `fcgiwrap did not start: ${wrap.output()}`);
    await sleep(50);
  }
  const snippet = path.join(dir, 'collabble.conf');
  writeFileSync(snippet, documented('docs/hosts/nginx-fcgiwrap.conf', [
    ['alias /var/www/collabble/static/;', `alias ${staticDir}/;`],
    ['fastcgi_param SCRIPT_FILENAME /usr/lib/cgi-bin/collabble-cgi;', `fastcgi_param SCRIPT_FILENAME ${cgiBinaryPath()};`],
    ['fastcgi_pass unix:/run/fcgiwrap.socket;', `fastcgi_pass unix:${sock};`],
  ]));
  const started = await startNginx(nginx, dir, (port) => siteServer(dir, port, snippet));
  // Debian's fastcgi_params passes HTTP_HOST as $host, the name without
  // its port (its security note); an older one passes the header as sent.
  const params = readFileSync(path.join(dir, 'fastcgi_params'), 'utf8');
  const shareHost = /^\s*fastcgi_param\s+HTTP_HOST\s+\$host;/m.test(params) ? '127.0.0.1' : `127.0.0.1:${started.port}`;
  host = {
    ...started,
    staticDir,
    shareHost,
    logs: () => started.logs() + wrap.output(),
    async stop() {
      const a = await started.stop();
      const b = await wrap.stop();
      return a === 'hung' || b === 'hung' ? 'hung' : a;
    },
  };
});
after(async () => {
  if (host) await stopHost(host);
  else if (wrap) await wrap.stop();
  cleanUp(dir);
});

hostSuite('nginx and fcgiwrap', () => host);

test('the static files\' gzip copies are sent by nginx (gzip_static)', async () => {
  const r = await fetch(`${host.base}/collabble/static/app.js`, { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('content-encoding'), 'gzip');
  // fetch has unzipped it: the exported app.js, from its exported .gz.
  assert.equal(await r.text(), readFileSync(path.join(host.staticDir, 'app.js'), 'utf8'));
  assert.equal(Number(r.headers.get('content-length')),
    readFileSync(path.join(host.staticDir, 'app.js.gz')).length, 'the exported .gz, not a compression of its own');
});
