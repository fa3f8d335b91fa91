// tests/hosts/nginx_subpath.test.mjs - Debian's nginx in front of a
// Collabble HTTP process started with --base-path /collabble, mounted at
// /collabble/ of a site with docs/nginx/collabble-subpath.conf (nginx
// passes the prefix on, the process takes it off). The process serves its
// own static files. hostSuite() (hosts.mjs) plays the games and makes the
// checks; then the other proxy_pass style (with a slash: nginx takes the
// prefix off) is checked on a second server block.
// SPDX-License-Identifier: MIT
import { before, after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startServer } from '../http/server.mjs';
import {
  assertLinksUnderMount, assertSecurityHeaders, cleanUp, documented, exportStatic, form, hostSuite,
  needPrograms, request, stateOf, stopHost, workDir, FORM, SANITIZER_REPORT,
} from './hosts.mjs';
import { siteServer, startNginx } from './nginx.mjs';

const { nginx } = needPrograms('hosts_nginx_subpath', [['nginx', 'nginx']]);

let host;
let dir;
let srv;
before(async () => {
  dir = workDir('nginx-subpath');
  srv = await startServer({ args: ['--base-path', '/collabble'] });
  // The files the process serves, exported to compare them with.
  const staticDir = path.join(dir, 'static');
  exportStatic(staticDir);
  const asDocumented = documented('docs/nginx/collabble-subpath.conf', [
    ['proxy_pass http://127.0.0.1:8080;', `proxy_pass http://127.0.0.1:${srv.port};`],
  ]);
  const snippet = path.join(dir, 'collabble.conf');
  writeFileSync(snippet, asDocumented);
  // The other style: nginx takes the prefix off.
  const stripped = path.join(dir, 'collabble-stripped.conf');
  writeFileSync(stripped, asDocumented.replace(`proxy_pass http://127.0.0.1:${srv.port};`,
    `proxy_pass http://127.0.0.1:${srv.port}/;`));
  const started = await startNginx(nginx, dir,
    (a, b) => siteServer(dir, a, snippet) + siteServer(dir, b, stripped), { ports: 2 });
  host = {
    ...started,
    staticDir,
    // proxy_set_header Host $host: the name, without the port.
    shareHost: '127.0.0.1',
    logs: () => started.logs() + srv.log(),
    async stop() {
      const a = await started.stop();
      const b = await srv.stop();
      assert.equal(b, 0, srv.log().slice(-2000));
      return a;
    },
  };
});
after(async () => {
  await stopHost(host);
  cleanUp(dir);
});

hostSuite('nginx proxy at a sub-path', () => host, { staticBy: 'program', front: 'http' });

describe('proxy_pass with a slash: nginx takes the prefix off, the process serves the rest as it is', () => {
  const base = () => `http://127.0.0.1:${host.ports[1]}`;
  test('the pages, a move by form, the API and the static files, all under the mount', async () => {
    const landing = await request(base(), 'GET', '/collabble/');
    assert.equal(landing.status, 200);
    assertSecurityHeaders(landing, 'the landing page');
    assertLinksUnderMount(landing.text, 'the landing page');
    const js = /"(\/collabble\/static\/app\.js\?v=[0-9a-f]{16})"/.exec(landing.text)[1];
    assert.equal((await request(base(), 'GET', js)).status, 200);
    const first = await request(base(), 'GET', '/collabble/new?seed=stripped');
    assertLinksUnderMount(first.text, 'a new game');
    const s = stateOf(first.text);
    const moved = await request(base(), 'POST', '/collabble/game/turn', { body: form({ s, act: 'pass' }), type: FORM });
    assert.equal(moved.status, 303);
    assert.match(moved.headers.get('location'), /^\/collabble\/game\?s=[A-Za-z0-9_-]+&me=1$/);
    const api = await request(base(), 'POST', '/collabble/api/v1/decode', { body: JSON.stringify({ state: s }) });
    assert.equal(api.status, 200);
    assert.equal(JSON.parse(api.text).game.turn, 'P1');
    // The process's log names the paths it was asked for: without the
    // prefix here, with it through the first server block.
    assert.match(srv.log(), / GET \/new 200 /);
    assert.match(srv.log(), / GET \/collabble\/new 200 /);
    assert.equal(SANITIZER_REPORT.exec(srv.log()), null);
  });
});
