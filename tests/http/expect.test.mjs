// tests/http/expect.test.mjs - a request with `Expect: 100-continue` and no
// body, followed by more bytes on the connection (found by
// tests/fuzz/http_fuzz.mjs): libmicrohttpd 0.9.75 sent "100 Continue" and
// then closed the connection unanswered. It must be answered (docs/DEPLOY.md,
// "Expect without a body"); requests with a body keep the 100 Continue.
// SPDX-License-Identifier: MIT
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, rawRequest, parseResponses } from './server.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { assert.equal(await srv.stop(), 0); });

const statuses = (data) => parseResponses(data).responses.map((r) => r.status);

test('a body-less request with Expect, then a byte more: answered', async () => {
  for (const head of [
    'GET /healthz HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\n\r\nx',
    'GET /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\nExpect: 100-continue\r\n\r\nx',
    'DELETE /api/v1/decode HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\nExpect: 100-continue\r\n\r\nx',
    'GET /healthz HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\n\r\nGET /healthz HTTP/1.1\r\nHost: t\r\n\r\n',
  ]) {
    const r = await rawRequest(srv.port, head, { timeoutMs: 3000 });
    const got = statuses(r.data).filter((s) => s !== 100);
    assert.ok(got.length >= 1, `no answer to ${JSON.stringify(head)}: ${JSON.stringify(r.data.slice(0, 200))}`);
    assert.ok(got[0] === 200 || got[0] === 405, `${got[0]}`);
  }
});

test('a request with a body and Expect still gets 100 Continue, then its answer, and pipelining goes on', async () => {
  const r = await rawRequest(srv.port,
    'POST /api/v1/decode HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}'
    + 'GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n', { timeoutMs: 3000 });
  assert.deepEqual(statuses(r.data), [100, 400, 200]);
});
