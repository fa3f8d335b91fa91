// tests/hosts/deploy_doc.test.mjs - docs/DEPLOY.md shows each host
// configuration as the file the host tests run: a fenced block whose info
// string names a file (```nginx docs/hosts/nginx-fcgiwrap.conf) must be
// that file less its opening comment, and every file of docs/hosts (and
// the sub-path example) must be shown, beside the test that runs it.
// SPDX-License-Identifier: MIT
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './hosts.mjs';

// A configuration file less its opening comment (the lines up to the
// first blank one, which repeat DEPLOY.md's commands) and the blank lines
// after it.
export function shownPart(text) {
  const lines = text.split('\n');
  let i = 0;
  while (i < lines.length && lines[i].startsWith('#')) i++;
  while (i < lines.length && lines[i].trim() === '') i++;
  return lines.slice(i).join('\n').replace(/\n+$/, '');
}

const deploy = readFileSync(path.join(ROOT, 'docs/DEPLOY.md'), 'utf8');
// The blocks whose info string is a language, then a file: [file, line index].
const shown = deploy.split('\n').map((l, i) => [/^```\S+ (docs\/\S+)\s*$/.exec(l)?.[1], i])
  .filter(([f]) => f);

test('each configuration DEPLOY.md shows is its file as it is', () => {
  assert.ok(shown.length >= 6, `only ${shown.length} configurations shown`);
  const lines = deploy.split('\n');
  for (const [file, at] of shown) {
    const end = lines.indexOf('```', at + 1);
    assert.ok(end > at, `docs/DEPLOY.md line ${at + 1}: unclosed block`);
    assert.ok(existsSync(path.join(ROOT, file)), `docs/DEPLOY.md line ${at + 1}: no file ${file}`);
    const want = shownPart(readFileSync(path.join(ROOT, file), 'utf8'));
    const got = lines.slice(at + 1, end).join('\n');
    assert.equal(got, want, `docs/DEPLOY.md line ${at + 1} is not ${file} (less its opening comment)`);
  }
});

test('every host configuration is shown, with the test that runs it', () => {
  const files = [
    ...readdirSync(path.join(ROOT, 'docs/hosts')).map((f) => `docs/hosts/${f}`),
    'docs/nginx/collabble-subpath.conf',
  ];
  for (const f of files) {
    assert.ok(shown.some(([s]) => s === f), `docs/DEPLOY.md does not show ${f}`);
    // The file names its test, and the test reads the file.
    const m = /tests\/hosts\/(\w+\.test\.mjs)/.exec(readFileSync(path.join(ROOT, f), 'utf8'));
    assert.ok(m, `${f} does not name its test`);
    assert.ok(deploy.includes(`tests/hosts/${m[1]}`), `docs/DEPLOY.md does not name ${m[1]}`);
    const src = readFileSync(path.join(ROOT, 'tests/hosts', m[1]), 'utf8');
    assert.ok(src.includes(`'${f}'`), `tests/hosts/${m[1]} does not read ${f}`);
  }
});
