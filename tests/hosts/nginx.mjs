// tests/hosts/nginx.mjs - Debian's nginx, started by a test with a
// documented snippet (docs/hosts/nginx-*.conf, docs/nginx/*.conf) inside a
// server { } block like Debian's default site, everything under the
// test's folder.
// SPDX-License-Identifier: MIT
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  daemon, freePort, readLog, serverUser, waitForHttp, MOUNT,
} from './hosts.mjs';

// nginx.conf: Debian's, less what would touch the machine. `servers` is
// the text of the server blocks, each given its port by `listen PORT`.
function mainConf(dir, servers, user) {
  return `
daemon off;
worker_processes 1;
pid ${dir}/run/nginx.pid;
error_log ${dir}/log/error.log warn;
${user ? `user ${user.name};` : ''}
events { worker_connections 512; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  types_hash_max_size 2048;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  gzip on;
${servers}
}
`;
}

// A server { } block like Debian's default site, with `snippet` included.
export function siteServer(dir, port, snippet) {
  return `
  server {
    listen 127.0.0.1:${port};
    server_name _;
    root ${dir}/www;
    index index.html;
    location / {
      try_files $uri $uri/ =404;
    }
    include ${snippet};
  }
`;
}

// Starts nginx with the server blocks `servers(port)` (the first port is
// the one returned). Debian's fastcgi_params is copied beside nginx.conf,
// where the snippets' `include fastcgi_params;` finds it.
export async function startNginx(bin, dir, servers, { ready = `${MOUNT}/healthz`, ports = 1 } = {}) {
  const user = serverUser();
  const list = [];
  for (let i = 0; i < ports; i++) list.push(await freePort());
  for (const d of ['www', 'run', 'log', 'tmp']) mkdirSync(path.join(dir, d), { recursive: true });
  if (existsSync('/etc/nginx/fastcgi_params')) copyFileSync('/etc/nginx/fastcgi_params', path.join(dir, 'fastcgi_params'));
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, mainConf(dir, servers(...list), user));
  const check = spawnSync(bin, ['-t', '-p', dir, '-c', conf], { encoding: 'utf8' });
  assert.equal(check.status, 0, `nginx -t:\n${check.stderr}`);
  const proc = daemon(bin, ['-p', dir, '-c', conf]);
  const logs = () => proc.output() + readLog(path.join(dir, 'log', 'error.log'));
  for (const port of list) await waitForHttp(port, ready, proc, logs);
  return {
    base: `http://127.0.0.1:${list[0]}`,
    port: list[0],
    ports: list,
    logs,
    tmp: dir,
    proc,
    stop: () => proc.stop('SIGTERM'),
  };
}
