// tests/http/api_doc.test.mjs - every example of docs/API.md, run against
// the real server and compared with the answer the document shows.
// SPDX-License-Identifier: MIT
//
// The document's convention (its "Examples" section): a ```sh block holding
// one `curl -s -X POST http://localhost:8080/api/v1/PATH -d 'BODY'` is
// followed by a ```json block with the answer. Pretty-printing is free (the
// answers are compared parsed); "…" abridges: as a value it stands for any
// value, as an array's last element for any further elements, and the
// member "…": "…" for any further members. A state a request carries must
// appear, unabridged, in an earlier example's answer (unless the answer is
// bad_state), so every example can be reproduced by reading the document
// top to bottom. A ```sh block
// followed by a ```text block is a script: it is run by bash, with
// http://localhost:8080 replaced by the test server's address, and its
// output must be the text exactly. Every ```json block is an answer.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const DOC = path.join(here, '..', '..', 'docs', 'API.md');
const HOST = 'http://localhost:8080';
export const ELIDED = '…';

// The fenced blocks of a Markdown text: [{ lang, text, line, heading }].
export function blocks(md) {
  const out = [];
  const lines = md.split('\n');
  let heading = '';
  for (let i = 0; i < lines.length; i++) {
    const h = /^#+ (.*)/.exec(lines[i]);
    if (h) heading = h[1];
    const m = /^```(\S*)\s*$/.exec(lines[i]);
    if (!m) continue;
    const start = i;
    const body = [];
    for (i++; i < lines.length && lines[i] !== '```'; i++) body.push(lines[i]);
    if (i >= lines.length) throw new Error(`line ${start + 1}: unclosed code block`);
    out.push({ lang: m[1], text: body.join('\n'), line: start + 1, heading });
  }
  return out;
}

// Splits a shell command into words: single quotes only, and a backslash at
// a line's end joins lines. Anything else a shell would expand is refused,
// so the command means the same to the test as to a reader's shell.
export function shellWords(cmd) {
  const s = cmd.replace(/\\\n/g, ' ');
  const words = [];
  let i = 0;
  while (i < s.length) {
    if (/\s/.test(s[i])) { i++; continue; }
    let w = '';
    while (i < s.length && !/\s/.test(s[i])) {
      if (s[i] === "'") {
        const end = s.indexOf("'", i + 1);
        if (end < 0) throw new Error('unclosed quote');
        w += s.slice(i + 1, end);
        i = end + 1;
      } else if (/[A-Za-z0-9_\-.:/=@%,]/.test(s[i])) {
        w += s[i++];
      } else {
        throw new Error(`"${s[i]}" outside single quotes`);
      }
    }
    words.push(w);
  }
  return words;
}

// A curl command of the document's one form: { path, body }.
export function parseCurl(cmd) {
  const w = shellWords(cmd);
  const form = 'curl -s -X POST http://localhost:8080/api/v1/PATH [-d BODY]';
  if (w[0] !== 'curl' || w[1] !== '-s' || w[2] !== '-X' || w[3] !== 'POST' ||
      !w[4]?.startsWith(`${HOST}/`) || !(w.length === 5 || (w.length === 7 && w[5] === '-d'))) {
    throw new Error(`not of the form "${form}": ${cmd}`);
  }
  return { path: w[4].slice(HOST.length), body: w.length === 7 ? w[6] : '' };
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

// The first difference between a documented answer and the server's, as
// "where: what", or null when the server's answer is what the document
// shows (with "…" as described above).
export function difference(doc, got, where = '$') {
  if (doc === ELIDED) return null;
  if (Array.isArray(doc)) {
    if (!Array.isArray(got)) return `${where}: expected an array, got ${JSON.stringify(got)}`;
    const open = doc.length > 0 && doc[doc.length - 1] === ELIDED;
    const shown = open ? doc.slice(0, -1) : doc;
    if (open ? got.length < shown.length : got.length !== shown.length) {
      return `${where}: ${got.length} elements, the document shows ${shown.length}${open ? ' or more' : ''}`;
    }
    for (let i = 0; i < shown.length; i++) {
      const d = difference(shown[i], got[i], `${where}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (isObject(doc)) {
    if (!isObject(got)) return `${where}: expected an object, got ${JSON.stringify(got)}`;
    const open = doc[ELIDED] === ELIDED;
    for (const k of Object.keys(doc)) {
      if (k === ELIDED && open) continue;
      if (!(k in got)) return `${where}.${k}: in the document, not in the answer`;
      const d = difference(doc[k], got[k], `${where}.${k}`);
      if (d) return d;
    }
    if (!open) {
      for (const k of Object.keys(got)) {
        if (!(k in doc)) return `${where}.${k}: in the answer (${JSON.stringify(got[k])}), not in the document`;
      }
    }
    return null;
  }
  return doc === got ? null : `${where}: the document shows ${JSON.stringify(doc)}, the server answers ${JSON.stringify(got)}`;
}

// Every "state" string an answer shows in full.
function statesIn(v, out = new Set()) {
  if (Array.isArray(v)) v.forEach((x) => statesIn(x, out));
  else if (isObject(v)) {
    for (const [k, x] of Object.entries(v)) {
      if (k === 'state' && typeof x === 'string' && x !== ELIDED) out.add(x);
      else statesIn(x, out);
    }
  }
  return out;
}

// The document's examples, in order: { kind: 'curl' | 'script', ... }.
export function examples(md) {
  const bs = blocks(md);
  const out = [];
  for (let i = 0; i < bs.length; i++) {
    const b = bs[i];
    const where = `docs/API.md line ${b.line} (${b.heading})`;
    if (b.lang === 'json') throw new Error(`${where}: a json block that is not the answer of a sh block`);
    if (b.lang !== 'sh') continue;
    const a = bs[i + 1];
    if (a?.lang === 'json') {
      let answer;
      try { answer = JSON.parse(a.text); } catch (e) {
        throw new Error(`docs/API.md line ${a.line}: the answer is not JSON: ${e.message}`);
      }
      out.push({ kind: 'curl', where, ...parseCurl(b.text), answer });
    } else if (a?.lang === 'text') {
      out.push({ kind: 'script', where, script: b.text, output: a.text });
    } else {
      throw new Error(`${where}: a sh block without its answer (a json or text block after it)`);
    }
    i++;
  }
  return out;
}

let srv;
before(async () => { srv = await startServer(); });
after(async () => {
  assert.equal(await srv.stop(), 0, srv.log().slice(-2000));
});

test('the comparison honours exactly the "…" convention', () => {
  assert.equal(difference({ a: 1, [ELIDED]: ELIDED }, { a: 1, b: 2 }), null);
  assert.match(difference({ a: 1 }, { a: 1, b: 2 }), /\$\.b: in the answer/);
  assert.match(difference({ a: 1, b: 2 }, { a: 1 }), /\$\.b: in the document/);
  assert.equal(difference({ a: ELIDED }, { a: [1, 2] }), null);
  assert.match(difference({ a: ELIDED }, {}), /\$\.a: in the document/);
  assert.equal(difference([1, ELIDED], [1, 2, 3]), null);
  assert.equal(difference([1, ELIDED], [1]), null);
  assert.match(difference([1, ELIDED], [2, 3]), /\$\[0\]/);
  assert.match(difference([1, 2], [1, 2, 3]), /3 elements/);
  assert.match(difference({ s: 'A' }, { s: 'B' }), /"A", the server answers "B"/);
  assert.match(difference(9, '9'), /shows 9/);
  // "…" only abridges where it stands alone.
  assert.match(difference('2Py…', '2PyMZ'), /shows "2Py…"/);
});

test('a command outside the one form is refused', () => {
  assert.deepEqual(parseCurl(`curl -s -X POST ${HOST}/api/v1/games -d '{"seed":"docs"}'`),
    { path: '/api/v1/games', body: '{"seed":"docs"}' });
  assert.throws(() => parseCurl(`curl -s -X POST ${HOST}/api/v1/decode -d '{"state":"'"$S"'"}'`),
    /outside single quotes/);
  assert.throws(() => parseCurl(`curl -X POST ${HOST}/api/v1/games`), /not of the form/);
  assert.throws(() => parseCurl('curl -s -X POST http://127.0.0.1:8080/api/v1/games'), /not of the form/);
});

test('every example of docs/API.md gets the answer the document shows', async (t) => {
  const md = readFileSync(DOC, 'utf8');
  const list = examples(md);
  // A floor, so that a parser that stopped finding blocks cannot pass.
  const curls = list.filter((e) => e.kind === 'curl').length;
  assert.ok(curls >= 15 && list.length > curls, `only ${curls} commands and ${list.length - curls} scripts found`);
  const seen = new Set();
  for (const e of list) {
    await t.test(e.where, async () => {
      if (e.kind === 'script') {
        const r = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', e.script.split(HOST).join(srv.url)], {
          encoding: 'utf8',
          env: { ...process.env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH}` },
          timeout: 30000,
        });
        assert.equal(r.status, 0, r.stderr);
        assert.equal(r.stdout.replace(/\n$/, ''), e.output);
        return;
      }
      if (e.body !== '') {
        let body;
        try { body = JSON.parse(e.body); } catch { body = null; }
        // Only a state refused as damaged need not come from an answer.
        if (isObject(body) && typeof body.state === 'string' && e.answer?.error?.code !== 'bad_state') {
          assert.ok(seen.has(body.state),
            `the state ${body.state} is not shown in full in an earlier example's answer`);
        }
      }
      // Noted before the comparison, so that one wrong answer fails its own
      // example only, not every later one that reads its state.
      for (const s of statesIn(e.answer)) seen.add(s);
      const r = await fetch(srv.url + e.path, { method: 'POST', body: e.body });
      const text = await r.text();
      assert.equal(r.headers.get('content-type'), 'application/json', text);
      const got = JSON.parse(text);
      const d = difference(e.answer, got);
      assert.equal(d, null, `${d}\nthe whole answer: ${text}`);
    });
  }
});
