// tests/static/style.test.mjs - the script's sources (static/*.js and the
// modules of static/js/) keep the project's JavaScript style: lines of at
// most 120 columns, no `var`, a module's own mutable state (a top-level
// `let`) declared at its top, before its first function, and each file
// opens with its purpose line.
//
//   node --test tests/static/style.test.mjs     (Node 18 or later)
// SPDX-License-Identifier: MIT
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const STATIC = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'static');
const files = ['', 'js'].flatMap((dir) => readdirSync(path.join(STATIC, dir))
  .filter((f) => f.endsWith('.js')).map((f) => path.join(dir, f)));

test('the script is split into the modules of static/js/', () => {
  assert.ok(files.includes(path.join('js', 'main.js')), files.join(' '));
});

for (const f of files) {
  test(`static/${f}`, () => {
    const text = readFileSync(path.join(STATIC, f), 'utf8');
    text.split('\n').forEach((line, i) => {
      assert.ok(line.length <= 120, `static/${f}:${i + 1} is ${line.length} columns`);
      assert.doesNotMatch(line, /(^|[\s;(])var\s/, `static/${f}:${i + 1} declares a var`);
    });
    const lines = text.split('\n'), firstFunction = lines.findIndex((l) => /^(export )?function /.test(l));
    lines.forEach((line, i) => {
      const early = firstFunction < 0 || i < firstFunction;
      if (/^(export )?let /.test(line)) assert.ok(early, `static/${f}:${i + 1}: a let mid-file`);
    });
    assert.ok(text.startsWith(`/* static/${f.split(path.sep).join('/')} - `), `static/${f}: its purpose line`);
  });
}
