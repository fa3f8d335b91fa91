// tests/http/languages_load.test.mjs - the languages' word lists, compiled
// by the build into its languages directory, are mapped by the server at
// start (a line each, after the default list), and a game starts and is
// played on each through the API; --languages and COLLABBLE_LANGUAGES name
// another directory ('' none), a graph the build did not check is checked
// in full, and a damaged one stops the start, naming it.
// SPDX-License-Identifier: MIT
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { binaryPath, sowpodsPath, startServer } from './server.mjs';

// The languages the build compiles (dict/CMakeLists.txt), by tile set.
const CODES = ['ca', 'da', 'de', 'es', 'fr', 'it', 'nb', 'nl', 'pl', 'pt', 'sv'];
// "lexicon fr: 317790 words from DIR/fr.clx in 1.2 ms (fr, Français;
// mapped, 3026648 bytes; checked by the build)"
const LINE = /^collabble: lexicon (\S+): (\d+) words from (\S+) in [\d.]+ ms \((\S+), [^;]+; mapped, (\d+) bytes; (checked by the build|checked in full)\)$/;

function languageLines(log) {
  return log.split('\n').map((l) => LINE.exec(l)).filter(Boolean)
    .map(([, name, words, file, language, bytes, how]) =>
      ({ name, words: Number(words), file, language, bytes: Number(bytes), how }));
}

// Runs the server to its exit (it must exit by itself): { code, stderr }.
function run(args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(binaryPath(), args, {
      env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`still running:\n${stderr}`)); }, 30000);
    child.on('exit', (code) => { clearTimeout(timer); resolve({ code, stderr }); });
  });
}

async function post(srv, what, body) {
  const r = await fetch(`${srv.url}/api/v1/${what}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const text = await r.text();
  let json;
  try { json = JSON.parse(text); } catch { json = undefined; }
  return { status: r.status, body: json, text };
}

describe('every language loaded at start', () => {
  let srv;
  let langs;
  before(async () => {
    srv = await startServer();
    langs = languageLines(srv.log());
  });
  after(async () => { if (srv) assert.equal(await srv.stop(), 0, srv.log()); });

  test('a line for each language after the default list, every graph the build checked', () => {
    assert.match(srv.log(), /lexicon sowpods: \d+ words from the built-in list in [\d.]+ ms \(default\)/);
    assert.ok(langs.length > 0, `no language loaded:\n${srv.log()}`);
    const names = langs.map((l) => l.name);
    assert.deepEqual(names, [...names].sort(), 'in the order of their names');
    for (const l of langs) {
      assert.ok(CODES.includes(l.name), l.name);
      assert.equal(l.language, l.name, 'each graph is in its language\'s tile set');
      assert.equal(l.how, 'checked by the build');
      assert.equal(path.basename(l.file), `${l.name}.clx`);
      assert.equal(fs.statSync(l.file).size, l.bytes);
      assert.ok(l.words > 50000, `${l.name}: ${l.words} words`);
      assert.ok(fs.existsSync(path.join(path.dirname(l.file), `${l.name}.copyright`)),
        `${l.name}: its licence beside it`);
    }
  });

  test('a game starts on each language\'s list, in its tile set, and plays its best move', async () => {
    for (const { name } of langs) {
      const start = await post(srv, 'games', { seed: `lang-${name}`, lexicon: name });
      assert.equal(start.status, 201, `${name}: ${start.text}`);
      const { state, game } = start.body;
      assert.equal(game.lexicon, name);
      assert.equal(game.tileset, name);
      const plays = await post(srv, 'plays', { state, limit: 1 });
      assert.equal(plays.status, 200, `${name}: ${plays.text}`);
      const move = plays.body.total > 0 ? plays.body.plays[0].move : { type: 'pass' };
      const res = await post(srv, 'move', { state, move });
      assert.equal(res.status, 200, `${name}: ${res.text}\n${JSON.stringify(move)}`);
      assert.equal(res.body.game.lexicon, name);
    }
  });
});

describe('the languages directory', () => {
  let dir;
  let built;
  before(async () => {
    // Where the build put them: the default server's lines say.
    const s = await startServer();
    built = languageLines(s.log());
    assert.equal(await s.stop(), 0);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'collabble-languages-'));
  });
  after(() => { if (dir) fs.rmSync(dir, { recursive: true, force: true }); });

  test("--languages '' loads none: the default list alone", async () => {
    const s = await startServer({ args: ['--languages', ''] });
    try {
      assert.deepEqual(languageLines(s.log()), []);
      assert.match(s.log(), /lexicon sowpods: /);
    } finally {
      assert.equal(await s.stop(), 0);
    }
  });

  test('COLLABBLE_LANGUAGES names a directory: a graph the build checked, and one it did not', async () => {
    assert.ok(built.length > 0);
    const smallest = [...built].sort((a, b) => a.bytes - b.bytes)[0];
    fs.copyFileSync(smallest.file, path.join(dir, `${smallest.name}.clx`));
    fs.copyFileSync(sowpodsPath(), path.join(dir, 'en2.clx'));
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a lexicon\n');
    const s = await startServer({ env: { COLLABBLE_LANGUAGES: dir } });
    try {
      const got = languageLines(s.log());
      assert.deepEqual(got.map((l) => [l.name, l.how]),
        [['en2', 'checked in full'], [smallest.name, 'checked by the build']]);
      const start = await post(s, 'games', { seed: 'x', lexicon: 'en2' });
      assert.equal(start.status, 201, start.text);
    } finally {
      assert.equal(await s.stop(), 0);
      fs.rmSync(path.join(dir, 'en2.clx'));
    }
  });

  test('a damaged graph stops the start, naming the file; so does a missing directory', async () => {
    const file = path.join(dir, 'broken.clx');
    const bytes = fs.readFileSync(sowpodsPath());
    bytes[200] ^= 0x10;
    fs.writeFileSync(file, bytes);
    let r = await run(['--port', '0', '--languages', dir]);
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr, /cannot load lexicon '.*broken\.clx' \(from the languages directory\): .*checksum mismatch/);
    fs.rmSync(file);
    r = await run(['--port', '0', '--languages', path.join(dir, 'none')]);
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr, /cannot read the languages directory \(from --languages\): .*none: No such file or directory/);
  });
});
