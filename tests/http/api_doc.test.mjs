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
import { startServer } from './server.mjs';

import {
  DOC, ELIDED, HOST, difference, examples, isObject, parseCurl, statesIn,
} from './api_doc.mjs';

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
