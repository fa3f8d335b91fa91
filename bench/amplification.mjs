// bench/amplification.mjs - what the most expensive links cost a server,
// and what they leave a legitimate client, for two collabble binaries in
// one run (before and after), as ratios.
//
//   node bench/amplification.mjs BEFORE_BIN AFTER_BIN [LEXICON.clx]
//
// The worst links are tests/http/worst.mjs's, built through AFTER_BIN's
// API (both binaries read them): 250 moves on a board of 25 spread vowels,
// P1 holding two blanks (passing with ??AEIRS, or exchanging the other
// five so that every rack differs), and the classic position itself for
// the list of plays. For each binary:
//   (1) the CPU time of one request (the server's threads, from
//       /proc/PID/task/*/schedstat, over sequential requests) of every
//       route that can search: the game-over page and its HEAD, the
//       review's page, cells and JSON, the list of plays, a refused move;
//       the worst of them is the figure;
//   (2) a legitimate client's /healthz and mid-game page (POST /game),
//       one after the other for BENCH_SECONDS (default 5), p50 and p99,
//       with 0, 8 and 32 of the worst requests in flight (each sent again
//       as soon as it is answered, whatever the answer).
// A legitimate request not answered within 10 s counts as 10 s.
// SPDX-License-Identifier: MIT
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { worstLink, worstStart } from '../tests/http/worst.mjs';

const [BEFORE, AFTER, LEXICON] = process.argv.slice(2);
if (!BEFORE || !AFTER) {
  console.error('usage: node bench/amplification.mjs BEFORE_BIN AFTER_BIN [LEXICON.clx]');
  process.exit(2);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TIMEOUT_MS = 10000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function start(bin) {
  const args = ['--port', '0', ...(LEXICON ? ['--lexicon', LEXICON] : [])];
  const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  const url = await new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d) => {
      err += d;
      const m = /listening on (http:\/\/\S+)/.exec(err);
      if (m) resolve(m[1]);
    });
    child.on('exit', (c) => reject(new Error(`${bin} exited (${c}): ${err}`)));
  });
  child.stderr.removeAllListeners('data');
  child.stderr.resume();
  return { child, url, pid: child.pid };
}

// Nanoseconds of CPU the process's threads have run.
function cpuNs(pid) {
  let ns = 0;
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try { ns += Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, 'utf8').split(' ')[0]); } catch { /* gone */ }
  }
  return ns;
}

function routes(url, w) {
  const form = (s, extra = {}) => ({ method: 'POST', body: new URLSearchParams({ s, ...extra }) });
  const json = (v) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(v) });
  const e = encodeURIComponent;
  return {
    'GET /?s= (game over)': [`${url}/?s=${e(w.keep)}`, {}],
    'HEAD /?s= (game over)': [`${url}/?s=${e(w.keep)}`, { method: 'HEAD' }],
    'GET /game/review': [`${url}/game/review?s=${e(w.keep)}`, {}],
    'POST /game/review': [`${url}/game/review`, form(w.keep)],
    'POST /api/v1/review (keep)': [`${url}/api/v1/review`, json({ state: w.keep })],
    'POST /api/v1/review (pass)': [`${url}/api/v1/review`, json({ state: w.pass })],
    'POST /api/v1/plays': [`${url}/api/v1/plays`, json({ state: w.start })],
    'POST /game/move (422)': [`${url}/game/move`, form(w.keep, { move: '{"type":"pass"}' })],
  };
}

async function send([u, opts]) {
  const r = await fetch(u, { ...opts, signal: AbortSignal.timeout(TIMEOUT_MS) });
  await r.arrayBuffer();
  return r.status;
}

// (1) CPU ms of one request of each route; n requests each.
async function cpuCosts(srv, w, n) {
  const out = {};
  for (const [name, req] of Object.entries(routes(srv.url, w))) {
    await send(req); // warm
    const t0 = cpuNs(srv.pid);
    for (let i = 0; i < n; i++) await send(req);
    out[name] = (cpuNs(srv.pid) - t0) / n / 1e6;
  }
  return out;
}

const quantile = (v, q) => { const s = [...v].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(q * s.length))]; };

// (2) the legitimate client's latencies with `load` worst requests in flight.
async function latency(srv, w, load) {
  const worst = Object.values(routes(srv.url, w)).filter((_, i) => i !== 1 && i !== 7);
  let stop = false;
  const loops = Array.from({ length: load }, async (_, i) => {
    for (let k = i; !stop; k++) { try { await send(worst[k % worst.length]); } catch { /* timed out */ } }
  });
  if (load > 0) await sleep(500);
  const lat = { healthz: [], page: [] };
  const page = [`${srv.url}/game`, { method: 'POST', body: new URLSearchParams({ s: w.mid }) }];
  const t0 = Date.now();
  while (Date.now() - t0 < SECONDS * 1000) {
    for (const [name, req] of [['healthz', [`${srv.url}/healthz`, {}]], ['page', page]]) {
      const t = performance.now();
      let ok = false;
      try { ok = (await send(req)) === 200; } catch { /* timed out */ }
      lat[name].push(ok ? performance.now() - t : TIMEOUT_MS);
    }
  }
  stop = true;
  await Promise.all(loops);
  return Object.fromEntries(Object.entries(lat).map(([k, v]) => [k, { p50: quantile(v, 0.5), p99: quantile(v, 0.99), n: v.length }]));
}

const after = await start(AFTER);
const w = {
  keep: await worstLink(after.url, { mode: 'keep' }),
  pass: await worstLink(after.url, { mode: 'pass' }),
  start: worstStart(),
};
w.mid = (await (await fetch(`${after.url}/api/v1/games`, { method: 'POST', body: '{"seed":"bench"}' })).json()).state;
after.child.kill('SIGTERM');
await sleep(300);

const results = {};
for (const [label, bin, n] of [['before', BEFORE, 2], ['after', AFTER, 20]]) {
  const srv = await start(bin);
  const cpu = await cpuCosts(srv, w, n);
  const lat = {};
  for (const load of [0, 8, 32]) lat[load] = await latency(srv, w, load);
  srv.child.kill('SIGTERM');
  await sleep(300);
  results[label] = { cpu, lat };
}

const f = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
console.log('CPU of one request (ms; the server\'s threads)   before    after   after/before');
for (const name of Object.keys(results.after.cpu)) {
  const b = results.before.cpu[name], a = results.after.cpu[name];
  console.log(`  ${name.padEnd(44)} ${f(b).padStart(8)} ${f(a).padStart(8)}   ${(a / b).toFixed(4)}`);
}
const worstOf = (c) => Math.max(...Object.values(c));
const wb = worstOf(results.before.cpu), wa = worstOf(results.after.cpu);
console.log(`  ${'the worst single request'.padEnd(44)} ${f(wb).padStart(8)} ${f(wa).padStart(8)}   ${(wa / wb).toFixed(4)}`);
console.log(`\nA legitimate client (ms), ${SECONDS} s each, worst requests in flight: p50 / p99 (requests)`);
for (const load of [0, 8, 32]) {
  for (const k of ['healthz', 'page']) {
    const b = results.before.lat[load][k], a = results.after.lat[load][k];
    console.log(`  ${String(load).padStart(2)} in flight, ${k === 'page' ? 'mid-game page' : '/healthz     '}` +
      `  before ${f(b.p50)} / ${f(b.p99)} (${b.n})   after ${f(a.p50)} / ${f(a.p99)} (${a.n})` +
      `   after/before p50 ${(a.p50 / b.p50).toFixed(3)}, p99 ${(a.p99 / b.p99).toFixed(3)}`);
  }
}
