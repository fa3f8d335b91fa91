// bench/hostile.mjs - the client side of bench/hostile_bench.sh: hostile
// requests, and a legitimate client timed while attackers hold sockets.
// SPDX-License-Identifier: MIT
//
//   node bench/hostile.mjs pool PORT COUNT BYTES
//       COUNT requests "GET /?&&&...&" with BYTES '&' (32 at a time),
//       each of which exhausts libmicrohttpd's per-connection pool; no
//       answer ever comes, so each connection is dropped after 300 ms.
//   node bench/hostile.mjs clients PORT COUNT SECONDS
//       COUNT keep-alive clients, each asking GET /healthz again as soon as
//       it is answered, for SECONDS. Prints one JSON line: how many clients
//       were answered at least once, the answers, and the closed ones.
//   node bench/hostile.mjs slowloris PORT ATTACKERS ROUNDS DRIP_MS
//       ATTACKERS sockets each send one byte of a request head every
//       DRIP_MS, never finishing it (0 attackers: the baseline); meanwhile a
//       legitimate client on the same address does ROUNDS rounds of
//       GET /healthz and POST /api/v1/move, one request at a time, each
//       given 5 s. Prints one JSON line: answered, asked, p50/p99/max ms.
import net from 'node:net';

const [mode, portArg, ...rest] = process.argv.slice(2);
const port = Number(portArg);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Sends bytes and resolves when the server closes, or after timeoutMs.
function send(bytes, timeoutMs) {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    const done = () => { clearTimeout(t); s.destroy(); resolve(); };
    const t = setTimeout(done, timeoutMs);
    s.on('connect', () => s.write(bytes));
    s.on('data', () => {});
    s.on('close', done);
    s.on('error', done);
  });
}

async function pool(count, bytes) {
  const req = `GET /?${'&'.repeat(bytes)} HTTP/1.1\r\nHost: b\r\n\r\n`;
  let sent = 0;
  await Promise.all(Array.from({ length: 32 }, async () => {
    while (sent < count) {
      sent += 1;
      await send(req, 300);
    }
  }));
}

async function clients(count, seconds) {
  const req = 'GET /healthz HTTP/1.1\r\nHost: b\r\n\r\n';
  const end = Date.now() + seconds * 1000;
  let answers = 0;
  let served = 0;
  let closed = 0;
  const socks = [];
  await Promise.all(Array.from({ length: count }, () => new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    socks.push(s);
    s.setEncoding('latin1');
    let buf = '';
    let mine = 0;
    const finish = () => { clearTimeout(t); resolve(); };
    const t = setTimeout(finish, seconds * 1000 + 1000);
    s.on('connect', () => s.write(req));
    s.on('data', (d) => {
      buf += d;
      // /healthz answers "ok": one complete answer per "\r\n\r\nok".
      let k;
      while ((k = buf.indexOf('\r\n\r\nok')) >= 0) {
        buf = buf.slice(k + 6);
        answers += 1;
        if (mine++ === 0) served += 1;
        if (Date.now() < end) s.write(req); else finish();
      }
    });
    s.on('close', () => { closed += 1; finish(); });
    s.on('error', () => {});
  })));
  for (const s of socks) s.destroy();
  console.log(JSON.stringify({ clients: count, served, answers, closed }));
}

async function timed(url, init) {
  const t0 = process.hrtime.bigint();
  try {
    const r = await fetch(url, { ...init, signal: AbortSignal.timeout(5000) });
    const text = await r.text();
    return { ok: r.status < 300, ms: Number(process.hrtime.bigint() - t0) / 1e6, text };
  } catch {
    return { ok: false, ms: 5000, text: '' };
  }
}

async function slowloris(attackers, rounds, dripMs) {
  const head = 'GET /healthz HTTP/1.1\r\nHost: b\r\nX-Slow: ';
  const socks = [];
  for (let i = 0; i < attackers; i++) {
    const s = net.connect(port, '127.0.0.1');
    s.on('error', () => {});
    socks.push(s);
  }
  let at = 0;
  const drip = setInterval(() => {
    for (const s of socks) if (!s.destroyed && s.writable) s.write(head[Math.min(at, head.length - 1)]);
    at += 1;
  }, dripMs);
  await sleep(Math.min(dripMs, 2000) + 500);
  const base = `http://127.0.0.1:${port}`;
  const game = await timed(`${base}/api/v1/games`, { method: 'POST', body: '{"seed":"bench"}' });
  const state = game.ok ? JSON.parse(game.text).state : '';
  const times = [];
  let answered = 0;
  let asked = 0;
  for (let i = 0; i < rounds; i++) {
    for (const r of [
      await timed(`${base}/healthz`),
      await timed(`${base}/api/v1/move`, {
        method: 'POST', body: JSON.stringify({ state, move: { type: 'pass' } }),
      }),
    ]) {
      asked += 1;
      if (r.ok) answered += 1;
      times.push(r.ms);
    }
  }
  clearInterval(drip);
  for (const s of socks) s.destroy();
  times.sort((a, b) => a - b);
  const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  console.log(JSON.stringify({
    attackers, answered, asked, p50: q(0.5).toFixed(1), p99: q(0.99).toFixed(1), max: times[times.length - 1].toFixed(1),
  }));
}

if (mode === 'pool') await pool(Number(rest[0]), Number(rest[1]));
else if (mode === 'clients') await clients(Number(rest[0]), Number(rest[1]));
else if (mode === 'slowloris') await slowloris(Number(rest[0]), Number(rest[1]), Number(rest[2]));
else {
  console.error('usage: node bench/hostile.mjs pool PORT COUNT BYTES | clients PORT COUNT SECONDS | slowloris PORT ATTACKERS ROUNDS DRIP_MS');
  process.exit(2);
}
