// tests/http/proxy.test.mjs - Debian's nginx, configured with
// docs/nginx/collabble.conf, in front of two Collabble processes on
// loopback: a game started through one process continues through the
// other, TLS, compression and the security headers come through,
// slowloris against nginx does not starve a legitimate client, and
// neither do the most expensive requests (tests/http/worst.mjs).
// SPDX-License-Identifier: MIT
//
// The configuration file is the documented one with only its addresses,
// ports and certificate paths rewritten; the certificate is a throw-away
// self-signed one made with openssl. $NGINX_BIN names nginx (CTest passes
// the one it found); without it the test fails rather than pass unseen.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync, chmodSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import {
  startServer, rawRequest, slowloris, SECURITY_HEADERS, SANITIZER_REPORT,
} from './server.mjs';
import { worstLink } from './worst.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONF = path.join(ROOT, 'docs/nginx/collabble.conf');
const NAME = 'collabble.example.org';
const HEADER_TIMEOUT_S = 10; // client_header_timeout in the configuration

let dir;
let upstreams;
let nginx;
let nginxLog = '';
let httpPort;
let tlsPort;
let ca;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

// One HTTPS request through nginx; resolves to { status, headers, text }
// (gunzipped if nginx compressed it).
function request(method, p, body, { headers = {}, timeoutMs = 5000, localAddress, raw, agent = false } = {}) {
  return new Promise((resolve, reject) => {
    const req = https.request({
      host: '127.0.0.1', port: tlsPort, servername: NAME, ca, method, path: p, localAddress,
      headers: { host: NAME, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      agent, timeout: timeoutMs,
    }, (res) => {
      const parts = [];
      res.on('data', (d) => parts.push(d));
      res.on('end', () => {
        let buf = Buffer.concat(parts);
        if (res.headers['content-encoding'] === 'gzip') buf = zlib.gunzipSync(buf);
        if (res.headers['content-encoding'] === 'br') buf = zlib.brotliDecompressSync(buf);
        resolve({ status: res.statusCode, headers: res.headers, text: buf.toString('utf8') });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${p}: no answer in ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(raw ?? (body === undefined ? undefined : JSON.stringify(body)));
  });
}

// Which upstream logged a line for `what` (e.g. "POST /api/v1/move 200")
// since the marks taken by mark().
// The access log line comes through a pipe, so it may arrive a moment after
// the answer does: wait for it (a second at most).
const mark = () => upstreams.map((u) => u.log().length);
async function servedBy(marks, what) {
  // An access line is "TIME CLIENT METHOD PATH ...": match from the method.
  const count = () => upstreams.map((u, i) => u.log().slice(marks[i]).split('\n')
    .filter((l) => l.replace(/^\S+Z \S+ /, '').startsWith(what)).length);
  for (let i = 0; i < 20 && count().reduce((a, b) => a + b) === 0; i++) await sleep(50);
  return count();
}

// A minimal nginx.conf around `conf`, everything under `dir`.
function minimalNginx(dir, conf) {
  return `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include /etc/nginx/mime.types;
  include ${conf};
}
`;
}

const ACME_TOKEN = 'x1Yk-ChallengeToken_42';
let acmeDir;

before(async () => {
  const bin = process.env.NGINX_BIN;
  assert.ok(bin, 'set NGINX_BIN to Debian\'s nginx (scripts/deps.sh test installs it)');
  dir = mkdtempSync(path.join(tmpdir(), 'collabble-nginx-'));
  chmodSync(dir, 0o755); // nginx's workers may run as another user
  // nginx (on loopback) is their trusted proxy: the client it forwards is
  // the one they log (docs/DEPLOY.md).
  const trust = { args: ['--trusted-proxy', '127.0.0.1'] };
  upstreams = [await startServer(trust), await startServer(trust)];
  httpPort = await freePort();
  tlsPort = await freePort();

  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  const ssl = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2',
    '-subj', `/CN=${NAME}`, '-addext', `subjectAltName=DNS:${NAME}`, '-keyout', key, '-out', cert],
  { encoding: 'utf8' });
  assert.equal(ssl.status, 0, `openssl: ${ssl.stderr}`);
  ca = readFileSync(cert);

  // The documented configuration, pointed at this test's ports and files.
  let conf = readFileSync(CONF, 'utf8');
  const swap = (from, to) => {
    assert.ok(conf.includes(from), `docs/nginx/collabble.conf no longer has "${from}"`);
    conf = conf.split(from).join(to);
  };
  swap('server 127.0.0.1:8081 ', `server 127.0.0.1:${upstreams[0].port} `);
  swap('server 127.0.0.1:8082 ', `server 127.0.0.1:${upstreams[1].port} `);
  swap('listen 80;', `listen 127.0.0.1:${httpPort};`);
  swap('listen 443 ssl http2;', `listen 127.0.0.1:${tlsPort} ssl http2;`);
  swap('listen [::]:80;\n', '');
  swap('listen [::]:443 ssl http2;\n', '');
  // The ACME challenge's folder, with a token in it as certbot leaves one.
  acmeDir = path.join(dir, 'letsencrypt');
  mkdirSync(path.join(acmeDir, '.well-known', 'acme-challenge'), { recursive: true });
  writeFileSync(path.join(acmeDir, '.well-known', 'acme-challenge', ACME_TOKEN), `${ACME_TOKEN}.key-authorization`);
  swap('root /var/www/letsencrypt;', `root ${acmeDir};`);
  // As written it names Debian's self-signed pair (ssl-cert), so that
  // nginx -t passes before the first certificate: check that first.
  assert.ok(conf.includes(`#   ssl_certificate /etc/letsencrypt/live/${NAME}/fullchain.pem;`),
    'the configuration no longer says where the real certificate goes');
  const asWritten = path.join(dir, 'as-written.conf');
  writeFileSync(asWritten, conf);
  writeFileSync(path.join(dir, 'nginx-as-written.conf'), minimalNginx(dir, asWritten));
  const t0 = spawnSync(bin, ['-t', '-p', dir, '-c', path.join(dir, 'nginx-as-written.conf')], { encoding: 'utf8' });
  assert.equal(t0.status, 0, `nginx -t of the configuration as written (before any certificate):\n${t0.stderr}`);
  swap('/etc/ssl/certs/ssl-cert-snakeoil.pem', cert);
  swap('/etc/ssl/private/ssl-cert-snakeoil.key', key);
  writeFileSync(path.join(dir, 'collabble.conf'), conf);
  // A minimal nginx.conf around it, everything under the scratch directory.
  writeFileSync(path.join(dir, 'nginx.conf'), minimalNginx(dir, path.join(dir, 'collabble.conf')));
  const t = spawnSync(bin, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
  assert.equal(t.status, 0, `nginx -t:\n${t.stderr}`);
  nginx = spawn(bin, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  nginx.stderr.setEncoding('utf8');
  nginx.stderr.on('data', (d) => { nginxLog += d; });
  for (let i = 0; ; i++) {
    const r = await rawRequest(httpPort, `GET / HTTP/1.1\r\nHost: ${NAME}\r\nConnection: close\r\n\r\n`, { timeoutMs: 1000 });
    if (r.data.startsWith('HTTP/1.1 301')) break;
    assert.ok(i < 100, `nginx did not start:\n${nginxLog}\n${readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    await sleep(100);
  }
});

after(async () => {
  if (nginx && nginx.exitCode === null) {
    const gone = new Promise((r) => nginx.on('exit', r));
    nginx.kill('SIGQUIT'); // graceful
    await Promise.race([gone, sleep(5000)]);
    if (nginx.exitCode === null && nginx.signalCode === null) nginx.kill('SIGKILL');
  }
  for (const u of upstreams ?? []) {
    assert.equal(await u.stop(), 0, u.log().slice(-2000));
    assert.equal(SANITIZER_REPORT.exec(u.log()), null, u.log().slice(-4000));
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('behind nginx', () => {
  test('the processes log the client nginx saw, and ignore what a client claims', async () => {
    const marks = mark();
    // From 127.0.0.2, claiming to be 6.6.6.6: nginx's X-Real-IP wins.
    const r = await request('GET', '/healthz', undefined,
      { localAddress: '127.0.0.2', headers: { 'x-real-ip': '6.6.6.6', 'x-forwarded-for': '6.6.6.6' } });
    assert.equal(r.status, 200);
    await servedBy(marks, 'GET /healthz');
    const lines = upstreams.map((u, i) => u.log().slice(marks[i])).join('')
      .split('\n').filter((l) => / GET \/healthz /.test(l));
    assert.ok(lines.some((l) => / 127\.0\.0\.2 GET \/healthz /.test(l)), lines.join('\n'));
    assert.ok(!lines.some((l) => l.includes('6.6.6.6')), lines.join('\n'));
  });

  test('nginx\'s own 429 of an API request is JSON, with Retry-After', async () => {
    const body = { state: 'x' };
    const answers = await Promise.all(Array.from({ length: 14 }, () =>
      request('POST', '/api/v1/plays', body, { localAddress: '127.0.0.3' })));
    const limited = answers.filter((a) => a.status === 429);
    assert.ok(limited.length > 0, answers.map((a) => a.status).join(' '));
    for (const a of limited) {
      assert.match(a.headers['content-type'], /^application\/json/);
      assert.equal(a.headers['retry-after'], '1');
      assert.equal(JSON.parse(a.text).error.code, 'too_many_requests');
    }
  });

  test('TLS 1.2 without forward secrecy is refused; an ECDHE suite is taken', () => {
    const tryCipher = (cipher) => spawnSync('openssl', ['s_client', '-connect', `127.0.0.1:${tlsPort}`,
      '-servername', NAME, '-tls1_2', '-cipher', `${cipher}:@SECLEVEL=0`], { input: '', encoding: 'utf8', timeout: 10000 });
    for (const weak of ['AES256-SHA', 'AES128-SHA', 'CAMELLIA256-SHA']) {
      const r = tryCipher(weak);
      assert.doesNotMatch(r.stdout, new RegExp(`Cipher is ${weak}\\b`), weak);
    }
    const good = tryCipher('ECDHE-RSA-AES128-GCM-SHA256');
    assert.match(good.stdout, /Cipher is ECDHE-RSA-AES128-GCM-SHA256/, good.stderr);
  });

  test('plain HTTP is redirected to HTTPS', async () => {
    const r = await rawRequest(httpPort, `GET /?x=1 HTTP/1.1\r\nHost: ${NAME}\r\nConnection: close\r\n\r\n`);
    assert.match(r.data, /^HTTP\/1\.1 301 /);
    assert.match(r.data, new RegExp(`\r\nLocation: https://${NAME.replace(/\./g, '\\.')}/\\?x=1\r\n`));
  });

  test('the ACME challenge is served on plain HTTP; nginx hides its version', async () => {
    const r = await rawRequest(httpPort,
      `GET /.well-known/acme-challenge/${ACME_TOKEN} HTTP/1.1\r\nHost: ${NAME}\r\nConnection: close\r\n\r\n`);
    assert.match(r.data, /^HTTP\/1\.1 200 /, r.data.slice(0, 300));
    assert.ok(r.data.endsWith(`\r\n\r\n${ACME_TOKEN}.key-authorization`), r.data.slice(-200));
    assert.match(r.data, /\r\nServer: nginx\r\n/i);
    const missing = await rawRequest(httpPort,
      `GET /.well-known/acme-challenge/none HTTP/1.1\r\nHost: ${NAME}\r\nConnection: close\r\n\r\n`);
    assert.match(missing.data, /^HTTP\/1\.1 404 /);
    assert.doesNotMatch(missing.data, /nginx\/\d/);
    // Everything else still only redirects.
    const other = await rawRequest(httpPort, `GET /.well-known/other HTTP/1.1\r\nHost: ${NAME}\r\nConnection: close\r\n\r\n`);
    assert.match(other.data, /^HTTP\/1\.1 301 /);
  });

  test('a game started through one process continues through the other', async () => {
    let m = mark();
    const start = await request('POST', '/api/v1/games', { seed: 'proxy-game' });
    assert.equal(start.status, 201, start.text);
    const first = await servedBy(m, 'POST /api/v1/games 201');
    assert.equal(first[0] + first[1], 1, `one process started the game: ${first}`);
    const starter = first[0] === 1 ? 0 : 1;
    const started = JSON.parse(start.text);
    let { state } = started;
    // An exchange, then two passes, which end the game: each move is
    // answered by whichever process nginx picks, from the link alone.
    const moves = [
      { type: 'exchange', tiles: [started.game.hands.P1[0]] }, { type: 'pass' }, { type: 'pass' },
    ];
    const who = [];
    for (const move of moves) {
      m = mark();
      const r = await request('POST', '/api/v1/move', { state, move });
      assert.equal(r.status, 200, r.text);
      ({ state } = JSON.parse(r.text));
      const by = await servedBy(m, 'POST /api/v1/move 200');
      assert.equal(by[0] + by[1], 1, `one process answered the ${move.type}: ${by}`);
      who.push(by[0] === 1 ? 0 : 1);
    }
    // Round robin: the first move went to the other process, and both
    // took part in the game.
    assert.equal(who[0], 1 - starter, `the first move went to process ${who[0]}, the game began on ${starter}`);
    assert.ok(who.includes(0) && who.includes(1), `moves by ${who}`);
    const end = JSON.parse((await request('POST', '/api/v1/decode', { state })).text);
    assert.equal(end.game.gameOver, true, 'the two passes ended the game');
  });

  test('answers keep their security headers, and Collabble\'s compression passes through', async () => {
    const r = await request('GET', '/', undefined, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(r.status, 200);
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) assert.equal(r.headers[k], v, k);
    assert.equal(r.headers['content-encoding'], 'gzip');
    assert.equal(r.headers.vary, 'Accept-Encoding, Accept-Language, Cookie');
    assert.match(r.text, /Collabble/);
    assert.match(r.headers['strict-transport-security'] ?? '', /max-age=/);
    // The very page a process sends itself: nginx compresses nothing.
    const plain = await request('GET', '/', undefined, { headers: { 'accept-encoding': 'identity' } });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.text, r.text);
    // A browser's Accept-Encoding: the page in brotli, through as it is.
    const brPage = await request('GET', '/', undefined, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(brPage.headers['content-encoding'], 'br');
    assert.equal(brPage.headers.vary, 'Accept-Encoding, Accept-Language, Cookie');
    assert.equal(brPage.text, plain.text);
    // A static file's build-time brotli copy, and its ETag, as the process sent them.
    const m = /\/static\/app\.js\?v=([0-9a-f]{16})/.exec(plain.text);
    assert.ok(m, 'the page links its script');
    const br = await request('GET', `/static/app.js?v=${m[1]}`, undefined, { headers: { 'accept-encoding': 'br' } });
    const js = await request('GET', `/static/app.js?v=${m[1]}`, undefined, { headers: { 'accept-encoding': 'identity' } });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers.etag, `"${m[1]}-br"`);
    assert.equal(br.text, js.text);
  });

  test('slowloris through the proxy does not starve a legitimate client', async () => {
    const attackers = 300;
    const t0 = Date.now();
    const attack = await slowloris(attackers,
      (open) => tls.connect({ host: '127.0.0.1', port: tlsPort, servername: NAME, ca }, open),
      `GET /healthz HTTP/1.1\r\nHost: ${NAME}\r\nX-Slow: `);
    const { closedAt } = attack;
    try {
      await sleep(1000);
      // From the same address as every attacker: a page, a new game, a move.
      const page = await request('GET', '/');
      assert.equal(page.status, 200);
      const g = await request('POST', '/api/v1/games', { seed: 'through-slowloris' });
      assert.equal(g.status, 201, g.text);
      const mv = await request('POST', '/api/v1/move', { state: JSON.parse(g.text).state, move: { type: 'pass' } });
      assert.equal(mv.status, 200, mv.text);
      // nginx drops the slow heads at client_header_timeout.
      while (closedAt.length < attackers && Date.now() - t0 < (HEADER_TIMEOUT_S + 8) * 1000) await sleep(250);
      assert.equal(closedAt.length, attackers, `${closedAt.length} of ${attackers} slow heads dropped`);
    } finally {
      attack.stop();
    }
  });

  test('the worst requests through the proxy do not starve a legitimate client', async () => {
    // Built on a process directly, so the rate limits do not slow it.
    const worst = await worstLink(upstreams[0].url, { mode: 'keep' });
    const form = new URLSearchParams({ s: worst }).toString();
    // Kept-alive connections, as a flood that wants to last would use
    // (a TLS handshake a request would load the proxy, not Collabble).
    const agent = new https.Agent({ keepAlive: true, maxSockets: 8 });
    const kinds = [
      () => request('POST', '/api/v1/review', { state: worst }, { agent }),
      () => request('POST', '/game/review', undefined, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, raw: form, agent }),
      () => request('GET', `/game/review?s=${encodeURIComponent(worst)}`, undefined, { agent }),
    ];
    const statuses = {};
    let stop = false;
    const loops = Array.from({ length: 8 }, async (_, i) => {
      for (let k = i; !stop; k++) {
        try {
          const r = await kinds[k % kinds.length]();
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
          // A refusal comes at once: a pause before the next, so that this
          // process's own TLS work does not become what is measured (a
          // flood of refused requests is the proxy's limits' to bear).
          if (r.status !== 200) await sleep(25);
        } catch (e) { statuses.error = (statuses.error ?? 0) + 1; }
      }
    });
    try {
      await sleep(300);
      // Another address (the rate limits are per address), as a player is.
      const legit = { localAddress: '127.0.0.2', timeoutMs: 5000 };
      const start = JSON.parse((await request('POST', '/api/v1/games', { seed: 'through-the-worst' }, legit)).text);
      let slowest = 0;
      for (let i = 0; i < 10; i++) {
        for (const [m, p, b] of [['GET', '/healthz'], ['POST', '/api/v1/decode', { state: start.state }], ['GET', `/?s=${encodeURIComponent(start.state)}`]]) {
          const t0 = Date.now();
          const r = await request(m, p, b, legit);
          slowest = Math.max(slowest, Date.now() - t0);
          assert.equal(r.status, 200, `${m} ${p}: ${r.status}`);
        }
      }
      // Each within its 5 s timeout (request() fails past it). Not a
      // tighter bound: the proxy, both processes and this client share a
      // loaded machine; tests/http/amplification.test.mjs holds a process
      // alone to a second, and bench/amplification.sh measures.
      assert.ok(slowest < 5000, `the slowest legitimate answer took ${slowest} ms`);
    } finally {
      stop = true;
      await Promise.all(loops);
      agent.destroy();
    }
    // The flood met the low-rate zone or a busy process, never a proxy
    // with no live upstream.
    assert.equal(statuses[502], undefined, JSON.stringify(statuses));
    assert.ok((statuses[429] ?? 0) > 0, JSON.stringify(statuses));
  });
});
