// tests/http/fastcgi.test.mjs - the FastCGI front end (server/fastcgi.c)
// spoken to directly, as a web server would: records of the FastCGI 1.0
// protocol over a loopback socket, written here from the specification.
// The web servers themselves (lighttpd, nginx) are tests/hosts'.
// SPDX-License-Identifier: MIT
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { binaryPath, freePort, SECURITY_HEADERS, SANITIZER_REPORT } from './server.mjs';

const BEGIN = 1, END = 3, PARAMS = 4, STDIN = 5, STDOUT = 6;

function record(type, id, content = Buffer.alloc(0)) {
  const pad = (8 - (content.length % 8)) % 8;
  const h = Buffer.from([1, type, id >> 8, id & 255, content.length >> 8, content.length & 255, pad, 0]);
  return Buffer.concat([h, content, Buffer.alloc(pad)]);
}

function pairLen(n) {
  return n < 128 ? Buffer.from([n]) : Buffer.from([(n >>> 24) | 0x80, (n >> 16) & 255, (n >> 8) & 255, n & 255]);
}

function params(env) {
  const parts = [];
  for (const [k, v] of Object.entries(env)) {
    const kb = Buffer.from(k), vb = Buffer.from(v);
    parts.push(pairLen(kb.length), pairLen(vb.length), kb, vb);
  }
  return Buffer.concat(parts);
}

// The records of one request: BEGIN (responder), PARAMS in chunks of at
// most 65535 bytes, the empty PARAMS, then STDIN and the empty STDIN.
function requestRecords(env, body = '', id = 1) {
  const out = [record(BEGIN, id, Buffer.from([0, 1, 0, 0, 0, 0, 0, 0]))];
  const p = params(env);
  for (let i = 0; i < p.length; i += 65535) out.push(record(PARAMS, id, p.subarray(i, i + 65535)));
  out.push(record(PARAMS, id));
  const b = Buffer.from(body);
  for (let i = 0; i < b.length; i += 65535) out.push(record(STDIN, id, b.subarray(i, i + 65535)));
  out.push(record(STDIN, id));
  return Buffer.concat(out);
}

// Collects STDOUT until END_REQUEST; resolves to { status, head, body }
// or { closed: true } when the connection ends first.
function readAnswer(sock) {
  return new Promise((resolve) => {
    let buf = Buffer.alloc(0);
    const out = [];
    const done = (v) => { sock.removeAllListeners('data'); resolve(v); };
    sock.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      while (buf.length >= 8) {
        const len = (buf[4] << 8) | buf[5], pad = buf[6];
        if (buf.length < 8 + len + pad) break;
        const type = buf[1], content = buf.subarray(8, 8 + len);
        buf = buf.subarray(8 + len + pad);
        if (type === STDOUT) out.push(content);
        if (type === END) {
          const all = Buffer.concat(out).toString('latin1');
          const at = all.indexOf('\r\n\r\n');
          const head = all.slice(0, at);
          return done({ status: Number(/^Status: (\d+)/.exec(head)?.[1]), head, body: all.slice(at + 4) });
        }
      }
    });
    sock.on('close', () => done({ closed: true }));
    sock.on('error', () => {});
  });
}

let child, port, stderr = '';

function connect() {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => resolve(s));
    s.on('error', reject);
  });
}

async function ask(env, body = '') {
  const sock = await connect();
  const answer = readAnswer(sock);
  sock.write(requestRecords({ REQUEST_METHOD: 'GET', ...env, CONTENT_LENGTH: String(Buffer.byteLength(body)) }, body));
  const r = await answer;
  sock.destroy();
  return r;
}


before(async () => {
  port = await freePort();
  child = spawn(binaryPath(), ['--fastcgi', `127.0.0.1:${port}`, '--base-path', '/collabble'],
    { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.setEncoding('utf8');
  await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('no start: ' + stderr)), 20000);
    child.stderr.on('data', (c) => { stderr += c; if (/serving FastCGI/.test(stderr)) { clearTimeout(t); resolve(); } });
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
});

after(async () => {
  if (child.exitCode === null) child.kill('SIGTERM');
  assert.doesNotMatch(stderr, SANITIZER_REPORT);
});

test('a page under the mount, with the security headers and its length', async () => {
  const r = await ask({ REQUEST_URI: '/collabble/', SCRIPT_NAME: '/collabble', PATH_INFO: '/', HTTP_HOST: 'x' });
  assert.equal(r.status, 200);
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) {
    assert.ok(r.head.toLowerCase().includes(`${k}: ${v}`.toLowerCase()), k);
  }
  assert.equal(Number(/Content-Length: (\d+)/.exec(r.head)[1]), Buffer.byteLength(r.body, 'latin1'));
  assert.match(r.body, /src="\/collabble\/static\/app\.js\?v=/);
  assert.doesNotMatch(r.body, /(href|src|action)="\/(static|new|game)/);
});

test('a POST body through STDIN, the API under the mount', async () => {
  const body = '{"seed":"fcgi"}';
  const r = await ask({ REQUEST_METHOD: 'POST', REQUEST_URI: '/collabble/api/v1/games', CONTENT_TYPE: 'application/json' }, body);
  assert.equal(r.status, 201);
  assert.ok(JSON.parse(r.body).state);
  const again = await ask({ REQUEST_METHOD: 'POST', REQUEST_URI: '/collabble/api/v1/games', CONTENT_TYPE: 'application/json' }, body);
  assert.equal(JSON.parse(again.body).state, JSON.parse(r.body).state, 'one seed, one game');
});

test('hostile parameters get a 4xx that says what was wrong', async () => {
  const cases = [
    [{ REQUEST_URI: '/collabble/../etc/passwd' }, 400, /segment/],
    [{ REQUEST_URI: '/collabble/game%2Fturn' }, 400, /escaped/],
    [{ REQUEST_URI: '/collabble/game', QUERY_STRING: 's=' + 'A'.repeat(1 << 20) }, 413, /./],
    [{ REQUEST_URI: '/collabble/', HTTP_X: 'x'.repeat(200000) }, 413, /./],
    [{ REQUEST_URI: '/collabble/api/v1/games', REQUEST_METHOD: 'POST', CONTENT_LENGTH: '99999999999999999999' }, 413, /over the limit/],
  ];
  for (const [env, status, re] of cases) {
    const sock = await connect();
    const answer = readAnswer(sock);
    sock.write(requestRecords({ REQUEST_METHOD: 'GET', ...env }));
    const r = await answer;
    sock.destroy();
    assert.equal(r.status, status, JSON.stringify(env).slice(0, 80));
    assert.match(r.body, re);
  }
});

test('a peer that stops sending is cut off, and others are answered meanwhile', async () => {
  const silent = await connect();
  const cut = readAnswer(silent);
  // BEGIN and half the parameters, then nothing.
  silent.write(requestRecords({ REQUEST_METHOD: 'GET', REQUEST_URI: '/collabble/' }).subarray(0, 20));
  const t0 = Date.now();
  const r = await ask({ REQUEST_URI: '/collabble/healthz' });
  assert.equal(r.status, 200);
  assert.ok(Date.now() - t0 < 5000, 'answered while a peer is silent');
  const c = await cut;
  assert.ok(c.closed || c.status >= 400, JSON.stringify(c).slice(0, 100));
  const waited = Date.now() - t0;
  assert.ok(waited < 25000, `cut after ${waited} ms`);
});

test('SIGTERM: a request being read is still answered, then the process exits 0', async () => {
  const sock = await connect();
  const answer = readAnswer(sock);
  const body = '{"seed":"term"}';
  const all = requestRecords({ REQUEST_METHOD: 'POST', REQUEST_URI: '/collabble/api/v1/games',
    CONTENT_TYPE: 'application/json', CONTENT_LENGTH: String(body.length) }, body);
  sock.write(all.subarray(0, all.length - 24)); // all but the body's records
  await new Promise((r) => setTimeout(r, 300));
  const exited = new Promise((r) => child.on('exit', (code) => r(code)));
  child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  sock.write(all.subarray(all.length - 24));
  const r = await answer;
  assert.equal(r.status, 201, JSON.stringify(r).slice(0, 200));
  assert.equal(await exited, 0, stderr);
  assert.match(stderr, /SIGTERM, stopped/);
});
