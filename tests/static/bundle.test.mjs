// tests/static/bundle.test.mjs - the served scripts as esbuild bundles them
// (server/CMakeLists.txt): every module's top-level value reads only what
// is already defined when it runs. The modules import one another in
// circles (a page shown calls keep.js, which may load another page), which
// ES modules allow for functions, hoisted, but not for a constant made
// from another module's constant: bundled, it would read `undefined`
// where the other module comes later in the bundle (the first cut of
// network.js's FREEZE read keep.js's TURN so). Needs esbuild on the PATH,
// as the build does; skipped without it.
//
//   node --test tests/static/bundle.test.mjs     (Node 18 or later)
// SPDX-License-Identifier: MIT
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const STATIC = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'static');
const ESBUILD = process.env.ESBUILD || 'esbuild';

function bundle(entry) {
  const r = spawnSync(ESBUILD, [path.join(STATIC, entry), '--bundle', '--format=iife', '--target=es2017',
    '--log-level=warning'], { encoding: 'utf8' });
  if (r.error) return null;
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}
// The bundle's top-level statements (two spaces in, inside its function).
function statements(code) {
  const out = [];
  for (const line of code.split('\n')) {
    if (/^ {2}\S/.test(line) && !/^ {2}[})\]]/.test(line)) out.push(line);
    else if (out.length) out[out.length - 1] += '\n' + line;
  }
  return out;
}
// The names code reads, strings, comments and property names left out.
function names(code) {
  const bare = code.replace(/\/\/.*$/gm, '').replace(/`(?:[^`\\]|\\.)*`|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, '""');
  return new Set([...bare.matchAll(/(?<![.\w$])([A-Za-z_$][\w$]*)(?!\s*:(?!:))/g)].map((m) => m[1]));
}

for (const entry of ['app.js', 'landing.js', 'more.js']) {
  test(`static/${entry}: no top-level value reads one defined after it`, (t) => {
    const code = bundle(entry);
    if (code === null) return t.skip('esbuild not found');
    const all = statements(code), later = new Map();
    all.forEach((s, i) => {
      const m = /^ {2}(?:var|let|const) ([\w$]+) =/.exec(s);
      if (m) later.set(m[1], i);
    });
    assert.ok(later.size > 5, 'the bundle\'s statements are read');
    all.forEach((s, i) => {
      const m = /^ {2}(?:var|let|const) ([\w$]+) =([\s\S]*)$/.exec(s);
      if (!m) return;
      for (const n of names(m[2])) {
        assert.ok(!(later.get(n) > i), `${m[1]} reads ${n}, defined after it:\n${s.slice(0, 200)}`);
      }
    });
  });
}
