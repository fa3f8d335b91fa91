// bench/languages.mjs - what the languages' word lists cost the server
// (bench/languages.sh runs it; bench/README.md, "Every language loaded"):
//   - its start with every language mapped, against English alone
//     (--languages ''): the time from exec to "listening on", the median of
//     RUNS starts (goal: at most 0.5 s);
//   - its resident memory (VmRSS, and of it RssAnon and RssFile, from
//     /proc/PID/status) after one game in each language, each started and
//     its best play asked for through the API, against English alone after
//     one English game (goal: at most 64 MB);
//   - each graph's size against its word count, beside a MAGPIE-style KWG
//     size worked out from its arcs (4 bytes an arc, no list headers), as
//     ratios to English's (the built-in SOWPODS), measured in the same run.
// SPDX-License-Identifier: MIT
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const [bin, sowpods, langDir] = process.argv.slice(2);
const RUNS = Number(process.env.RUNS ?? 5);
if (!bin || !sowpods) {
  console.error('usage: node bench/languages.mjs COLLABBLE SOWPODS.clx [LANGUAGES_DIR]');
  process.exit(2);
}
const langArgs = langDir ? ['--languages', langDir] : [];

// "lexicon fr: 317790 words from DIR/fr.clx in 1.2 ms (fr, ...)"
const LINE = /lexicon (\S+): (\d+) words from (.+?) in ([\d.]+) ms/g;

function start(args) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(bin, ['--port', '0', '--log-requests', 'off', ...args],
      { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d) => {
      log += d;
      const m = /listening on (http:\/\/\S*:\d+)/.exec(log);
      if (m && !child.started) {
        child.started = true;
        resolve({ child, url: m[1], ms: performance.now() - t0, log });
      }
    });
    child.on('exit', (code) => { if (!child.started) reject(new Error(`exited ${code}:\n${log}`)); });
  });
}

function stop(s) {
  return new Promise((resolve) => { s.child.on('exit', resolve); s.child.kill('SIGTERM'); });
}

function lexicons(log) {
  return [...log.matchAll(LINE)].map(([, name, words, from, ms]) =>
    ({ name, words: Number(words), from, ms: Number(ms) }));
}

async function post(url, what, body) {
  const r = await fetch(`${url}/api/v1/${what}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  if (r.status >= 300) throw new Error(`${what} ${JSON.stringify(body).slice(0, 80)}: ${r.status} ${await r.text()}`);
  return r.json();
}

function memory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, anon: kb('RssAnon') / 1024, file: kb('RssFile') / 1024 };
}

// One game started in each lexicon: their states.
async function startGames(s, names) {
  const states = {};
  for (const name of names)
    states[name] = (await post(s.url, 'games', { seed: `bench-${name}`, lexicon: name })).state;
  return states;
}

// Each game's best play asked for (the generator walks the graph: the
// pages it reads come in): the resident memory each adds, in MB.
async function bestPlays(s, states) {
  const added = {};
  for (const [name, state] of Object.entries(states)) {
    const m0 = memory(s.child.pid).rss;
    await post(s.url, 'plays', { state, limit: 1 });
    added[name] = memory(s.child.pid).rss - m0;
  }
  return added;
}

// A graph's shape from its file: nodes, headed lists, arcs (.clx v4,
// dict/dict_format.h and core/kwg.h: nodes from byte 64, nodes[2] where
// the headed lists start, each a header then one arc per bit).
function shape(file) {
  const b = fs.readFileSync(file);
  const n = (b.length - 64) / 4;
  const node = (i) => b.readUInt32LE(64 + 4 * i);
  let headed = 0;
  for (let i = node(2); i < n; headed++) {
    let x = node(i) >>> 0, bits = 0;
    while (x) { x &= x - 1; bits++; }
    i += 1 + bits;
  }
  return { bytes: b.length, nodes: n, arcs: n - 3 - headed };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x, d = 1) => x.toFixed(d);

// Start times, alternating, so both see the same machine.
const all = [], english = [];
let log = '';
for (let i = 0; i < RUNS; i++) {
  let s = await start(langArgs);
  all.push(s.ms); log = s.log; await stop(s);
  s = await start(['--languages', '']);
  english.push(s.ms); await stop(s);
}
const lex = lexicons(log);
const langs = lex.filter((l) => l.name !== lex[0].name);
if (langs.length === 0) throw new Error(`no language loaded:\n${log}`);

// Memory after one game in each, then after each game's best play.
let s = await start(langArgs);
const before = memory(s.child.pid);
const states = await startGames(s, lex.map((l) => l.name));
const after = memory(s.child.pid);
const added = await bestPlays(s, states);
const afterPlays = memory(s.child.pid);
await stop(s);
s = await start(['--languages', '']);
const enBefore = memory(s.child.pid);
const enStates = await startGames(s, [lex[0].name]);
const enAfter = memory(s.child.pid);
await bestPlays(s, enStates);
const enAfterPlays = memory(s.child.pid);
await stop(s);

console.log(`collabble: ${bin}; ${langs.length} languages besides English; ${RUNS} starts each`);
console.log('');
console.log(`start (exec to "listening on", median of ${RUNS}): every language ${fmt(median(all), 1)} ms, ` +
  `English alone ${fmt(median(english), 1)} ms: x${fmt(median(all) / median(english), 2)} (goal <= 500 ms)`);
const mapMs = langs.reduce((t, l) => t + l.ms, 0);
console.log(`  of which mapping and checking the ${langs.length} graphs: ${fmt(mapMs, 1)} ms (the last start's lines)`);
const mem = (m) => `VmRSS ${fmt(m.rss)} MB (RssAnon ${fmt(m.anon)}, RssFile ${fmt(m.file)})`;
console.log(`resident memory (goal <= 64 MB after one game in each language):`);
console.log(`  at start:                            every language ${mem(before)}; English alone ${mem(enBefore)}: x${fmt(before.rss / enBefore.rss, 2)}`);
console.log(`  one game started in each:            every language ${mem(after)}; English alone ${mem(enAfter)}: x${fmt(after.rss / enAfter.rss, 2)}`);
console.log(`  and each game's best play asked for: every language ${mem(afterPlays)}; English alone ${mem(enAfterPlays)}: x${fmt(afterPlays.rss / enAfterPlays.rss, 2)}`);
console.log(`    MB each best play brought in: ${Object.entries(added).map(([n, mb]) => `${n} ${fmt(mb)}`).join(', ')}`);
console.log('');
const en = { name: lex[0].name, words: lex[0].words, ...shape(sowpods) };
const rows = [en, ...langs.map((l) => ({ name: l.name, words: l.words, ...shape(l.from) }))];
const enBpw = en.bytes / en.words;
console.log('lexicon     words  graph bytes  bytes/word  x English   arcs      KWG-style (4 B an arc)  ours/KWG');
for (const r of rows) {
  const bpw = r.bytes / r.words, kwg = 4 * (r.arcs + 2);
  console.log(`${r.name.padEnd(8)} ${String(r.words).padStart(8)} ${String(r.bytes).padStart(12)} ` +
    `${fmt(bpw, 2).padStart(11)} ${fmt(bpw / enBpw, 2).padStart(10)} ${String(r.arcs).padStart(9)} ` +
    `${String(kwg).padStart(14)} ${fmt(r.bytes / kwg, 3).padStart(18)}`);
}
const total = rows.slice(1).reduce((t, r) => t + r.bytes, 0);
console.log(`every language's graph together: ${total} bytes (${fmt(total / 1e6)} MB) for ` +
  `${rows.slice(1).reduce((t, r) => t + r.words, 0)} words`);
