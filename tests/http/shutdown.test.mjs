// tests/http/shutdown.test.mjs - nothing lost at a stop: on SIGTERM the
// server stops accepting, answers every request already begun (those in
// its handlers, and one whose body is still arriving), answers a request
// begun after the signal on a kept-alive connection with 503 and
// `Connection: close`, logs what it really sent, and only then exits 0.
// SPDX-License-Identifier: MIT
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { startServer, SANITIZER_REPORT } from './server.mjs';
import { worstLink } from './worst.mjs';

// Opens a connection and resolves once it is connected.
function connect(port) {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => resolve(s));
    s.on('error', reject);
  });
}

// Everything the server sends on `sock` until it closes it.
function drain(sock) {
  return new Promise((resolve) => {
    let data = '';
    sock.setEncoding('latin1');
    sock.on('data', (c) => { data += c; });
    sock.on('close', () => resolve(data));
    sock.on('error', () => {});
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Connects, sends `request` whole and resolves, once the last byte has
// left, to { answer }: a promise of everything the server sends on it
// (wrapped, or the outer promise would wait for it). A request "in
// flight" at the stop is one whose bytes are all sent before it.
function sendWhole(port, request) {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => {
      const data = drain(s);
      s.write(request, 'latin1', () => resolve({ answer: data }));
    });
    s.on('error', reject);
  });
}

// The status and body of the one answer in `data` (Content-Length framed).
function oneAnswer(data) {
  const m = /^HTTP\/1\.1 (\d{3}) [^\r]*\r\n([\s\S]*?)\r\n\r\n([\s\S]*)$/.exec(data);
  if (!m) return { status: 0, text: '', head: data.slice(0, 200) };
  const len = /^content-length: *(\d+)/im.exec(m[2]);
  return { status: Number(m[1]), text: m[3], complete: len !== null && Number(len[1]) === m[3].length, head: m[2] };
}

test('requests in flight at SIGTERM are all answered, under load', async () => {
  const srv = await startServer();
  try {
    const s = await worstLink(srv.url, { moves: 40, mode: 'keep' });
    const body = JSON.stringify({ state: s });
    // Searches (the costliest answers; past the limiter's places they
    // are answered 503 at once, which is an answer too) and pages, each
    // on its own connection, every byte sent before the signal.
    const review = `POST /api/v1/review HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    const page = `GET /game?s=${s} HTTP/1.1\r\nHost: t\r\n\r\n`;
    const sent = [];
    for (let i = 0; i < 12; i++) sent.push(sendWhole(srv.port, review), sendWhole(srv.port, page));
    const inflight = await Promise.all(sent);
    const code = srv.stop();
    const answers = (await Promise.all(inflight.map((f) => f.answer))).map(oneAnswer);
    for (const a of answers) {
      assert.ok(a.status === 200 || a.status === 503, `answered ${a.status}: ${a.head}`);
      assert.ok(a.complete && a.text.length > 0, `a whole answer: ${a.head}`);
    }
    assert.ok(answers.some((a) => a.status === 200));
    assert.equal(await code, 0);
    const log = srv.log();
    assert.doesNotMatch(log, SANITIZER_REPORT);
    assert.doesNotMatch(log, / aborted/);
    assert.match(log, /SIGTERM, stopping[\s\S]*stopped/);
    const answered = log.split('\n').filter((l) => / (POST \/api\/v1\/review|GET \/game) (200|503) /.test(l));
    assert.ok(answered.length >= answers.length, `${answered.length} lines for ${answers.length} answers`);
  } finally {
    await srv.stop();
  }
});

test('connections still in the kernel\'s queue at SIGTERM are served, not reset', async () => {
  // Cheap requests, the signal sent the moment the last is written: most
  // are answered before it, some wait in the queue the stop takes over.
  for (let round = 0; round < 10; round++) {
    const srv = await startServer();
    try {
      const sent = [];
      for (let i = 0; i < 32; i++) sent.push(sendWhole(srv.port, 'GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n'));
      const inflight = await Promise.all(sent);
      const code = srv.stop();
      const answers = (await Promise.all(inflight.map((f) => f.answer))).map(oneAnswer);
      for (const a of answers) assert.equal(a.status, 200, a.head);
      assert.equal(await code, 0);
    } finally {
      await srv.stop();
    }
  }
});

test('a body half sent at SIGTERM is read to its end and answered; a new request on a kept connection gets 503', async () => {
  const srv = await startServer();
  try {
    // A kept-alive connection with one request answered.
    const kept = await connect(srv.port);
    const keptData = drain(kept);
    kept.write('GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n');
    await sleep(100);

    const body = '{"seed":"half-sent"}';
    const slow = await connect(srv.port);
    const slowData = drain(slow);
    slow.write(`POST /api/v1/games HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
    slow.write(body.slice(0, 7));
    await sleep(100);
    const code = srv.stop();
    // The signal is in once the server says so (however loaded the machine).
    for (let i = 0; i < 200 && !/SIGTERM, stopping/.test(srv.log()); i++) await sleep(25);
    await sleep(50);
    // Begun after the signal, on the kept connection: refused, and closed.
    // Its answer is awaited before the half-sent body is finished: the
    // server stops once nothing is in flight, so a request sent together
    // with the body's end could arrive after the last one finished, and
    // a stopped server answers nothing.
    kept.write('GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n');
    const keptGot = await keptData;
    slow.write(body.slice(7));
    const got = await slowData;
    assert.match(got, /^HTTP\/1\.1 201 /, got.slice(0, 200));
    assert.match(got, /"state":"/);
    const answers = keptGot.split(/(?=HTTP\/1\.1 )/);
    assert.match(answers[0], /^HTTP\/1\.1 200 /);
    assert.match(answers[1] ?? '', /^HTTP\/1\.1 503 /, keptGot);
    assert.match(answers[1], /Connection: close/i);
    assert.match(answers[1], /Retry-After: 1/i);
    assert.match(answers[1], /stopping/);
    assert.equal(await code, 0);
    // New connections are refused once the signal is in.
    await assert.rejects(connect(srv.port));
  } finally {
    await srv.stop();
  }
});

test('a connection made before SIGTERM whose request comes just after is answered', async () => {
  const srv = await startServer();
  try {
    const sock = await connect(srv.port);
    const got = drain(sock);
    await sleep(100); // accepted, nothing sent yet
    const code = srv.stop();
    for (let i = 0; i < 200 && !/SIGTERM, stopping/.test(srv.log()); i++) await sleep(25);
    await sleep(100);
    sock.write('GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n');
    const data = await got;
    assert.match(data, /^HTTP\/1\.1 200 /, data);
    assert.match(data, /Connection: close/i);
    assert.equal(await code, 0);
  } finally {
    await srv.stop();
  }
});

test('SIGHUP is logged and ignored: the server goes on serving', async () => {
  const srv = await startServer();
  try {
    srv.child.kill('SIGHUP');
    await sleep(200);
    assert.equal(srv.child.exitCode, null, 'still running');
    assert.match(srv.log(), /SIGHUP ignored/);
    assert.equal((await fetch(srv.url + '/healthz')).status, 200);
    assert.equal(await srv.stop(), 0);
  } finally {
    await srv.stop();
  }
});
