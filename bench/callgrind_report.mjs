// bench/callgrind_report.mjs - reads one callgrind dump of N requests of one
// kind and prints instructions per request, heap calls per request and the
// functions that cost the most, for bench/server_callgrind.sh.
// SPDX-License-Identifier: MIT
//
//   node bench/callgrind_report.mjs FILE N [TOP] [--json]
//
// The dump holds everything the server process ran between a zero and a
// dump (callgrind_control -z / -d), on every thread: libmicrohttpd reading
// and writing the socket, our handler, the watchdog. Every figure is divided
// by N. Self cost is a function's own instructions; inclusive adds those of
// the functions it called (recursion into itself not counted twice). The
// heap figures are the calls to malloc, calloc, realloc and free.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const HEAP = ['malloc', 'calloc', 'realloc', 'free'];

export function parse(text) {
  const names = { ob: new Map(), fl: new Map(), fn: new Map() };
  // "(id) name" defines an id, "(id)" uses it; an uncompressed name is itself.
  const resolve = (kind, v) => {
    const m = /^\((\d+)\)(?: (.*))?$/.exec(v);
    if (!m) return v;
    if (m[2] !== undefined) names[kind].set(m[1], m[2]);
    return names[kind].get(m[1]) ?? `?${m[1]}`;
  };
  const self = new Map(); const callsOut = new Map(); const callCount = new Map();
  const objOf = new Map();
  let ob = ''; let fn = ''; let cob = null; let cfn = null; let inCall = false; let total = 0;
  let poolZeroing = 0;
  const key = (o, f) => `${f}\t${o}`;
  for (const line of text.split('\n')) {
    if (line === '' || line[0] === '#') continue;
    const c = line[0];
    if ((c >= '0' && c <= '9') || c === '+' || c === '-' || c === '*') {
      const parts = line.split(' ');
      const ir = parts.length > 1 ? Number(parts[1]) : 0;
      const me = key(ob, fn);
      if (inCall) {
        const callee = key(cob ?? ob, cfn);
        if (callee !== me) callsOut.set(me, (callsOut.get(me) ?? 0) + ir);
        // libmicrohttpd zeroes its whole per-connection pool (64 KiB) for
        // every request with memset, which valgrind counts byte by byte
        // (rep stosb): a cost of the library, told apart in the report.
        if (/libmicrohttpd/.test(ob) && /^__?memset/.test(cfn)) poolZeroing += ir;
        inCall = false; cob = null;
      } else {
        self.set(me, (self.get(me) ?? 0) + ir);
        total += ir;
      }
      continue;
    }
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    const k = line.slice(0, eq); const v = line.slice(eq + 1);
    switch (k) {
      case 'ob': ob = resolve('ob', v); break;
      case 'fl': case 'fi': case 'fe': case 'cfi': case 'cfl': resolve('fl', v); break;
      case 'fn': fn = resolve('fn', v); objOf.set(key(ob, fn), ob); cob = null; break;
      case 'cob': cob = resolve('ob', v); break;
      case 'cfn': cfn = resolve('fn', v); break;
      case 'calls': {
        const n = Number(v.split(' ')[0]);
        callCount.set(cfn, (callCount.get(cfn) ?? 0) + n);
        inCall = true;
        break;
      }
      default: break;
    }
  }
  const fns = [];
  for (const [k, s] of self) {
    const [name, obj] = k.split('\t');
    fns.push({ name, obj: obj.replace(/.*\//, ''), self: s, incl: s + (callsOut.get(k) ?? 0) });
  }
  for (const [k, out] of callsOut) {
    if (self.has(k)) continue;
    const [name, obj] = k.split('\t');
    fns.push({ name, obj: obj.replace(/.*\//, ''), self: 0, incl: out });
  }
  const heap = {};
  for (const h of HEAP) heap[h] = callCount.get(h) ?? 0;
  return { total, fns, heap, poolZeroing };
}

function fmt(x) {
  return Math.round(x).toLocaleString('en-US');
}

const args = process.argv.slice(2);
if (import.meta.url === pathToFileURL(process.argv[1]).href && args.length >= 2) {
  const json = args.includes('--json');
  const rest = args.filter((a) => a !== '--json');
  const [file, nText, topText] = rest;
  const n = Number(nText); const top = Number(topText ?? 12);
  const r = parse(readFileSync(file, 'utf8'));
  if (json) {
    console.log(JSON.stringify({ perRequest: r.total / n, poolZeroing: r.poolZeroing / n, heap: Object.fromEntries(
      Object.entries(r.heap).map(([k, v]) => [k, v / n])) }));
  } else {
    const heapLine = HEAP.map((h) => `${h} ${(r.heap[h] / n).toFixed(1)}`).join(', ');
    console.log(`   ${fmt(r.total / n)} instructions a request (${fmt((r.total - r.poolZeroing) / n)} without ` +
      `libmicrohttpd's pool zeroing, ${fmt(r.poolZeroing / n)}); heap calls a request: ${heapLine}`);
    console.log('   top functions by own instructions a request (inclusive in brackets):');
    for (const f of [...r.fns].sort((a, b) => b.self - a.self).slice(0, top))
      console.log(`     ${fmt(f.self / n).padStart(10)}  (${fmt(f.incl / n).padStart(10)})  ${f.name} [${f.obj}]`);
    console.log('   top functions of the collabble binary by inclusive instructions a request:');
    for (const f of [...r.fns].filter((x) => x.obj === 'collabble').sort((a, b) => b.incl - a.incl).slice(0, top))
      console.log(`     ${fmt(f.incl / n).padStart(10)}  ${f.name}`);
  }
}
