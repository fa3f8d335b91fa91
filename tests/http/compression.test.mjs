// tests/http/compression.test.mjs - content codings through the real server:
// the static files' gzip and brotli copies (made at build time), the pages
// in brotli or gzip and the API answers in gzip on the fly, each read back
// by decompressing it and compared with the uncompressed answer; the
// choice by Accept-Encoding (weights, "*", identity refused), Vary, one
// ETag per coding, HEAD and 304, and small answers left as they are.
// SPDX-License-Identifier: MIT
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { startServer, SECURITY_HEADERS } from './server.mjs';

function assertSecurityHeaders(headers, where) {
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) assert.equal(headers[k], v, `${where}: ${k}`);
  assert.ok(headers['cache-control'], `${where}: cache-control`);
}

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv?.stop(); });

// One request with exactly the headers given (node:http adds no
// Accept-Encoding and decompresses nothing); resolves to
// { status, headers, body (raw bytes) }.
function raw(method, p, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${srv.url}${p}`, { method, headers, agent: false }, (res) => {
      const parts = [];
      res.on('data', (d) => parts.push(d));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

// The body as it was before its Content-Encoding.
function decoded(r) {
  switch (r.headers['content-encoding']) {
    case undefined: return r.body;
    case 'gzip': return zlib.gunzipSync(r.body);
    case 'br': return zlib.brotliDecompressSync(r.body);
    default: throw new Error(`unexpected coding ${r.headers['content-encoding']}`);
  }
}

// The embedded files as the build embeds them (bundled and minified where it does);
// static/js/ holds the script's modules, bundled into its scripts, not served.
function embedded() {
  const dir = new URL('../../static/', import.meta.url);
  const built = path.join(path.dirname(process.env.COLLABBLE_BIN ?? ''), 'static');
  const files = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
  return files.filter((n) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(n)).map((name) => {
    const min = path.join(built, name);
    const bytes = existsSync(min) ? readFileSync(min) : readFileSync(new URL(name, dir));
    return { name, bytes, version: createHash('sha256').update(bytes).digest('hex').slice(0, 16) };
  });
}

describe('static files', () => {
  // Accept-Encoding -> the coding the answer must come in.
  const choices = [
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip;q=1, br;q=0.9', 'gzip'],
    ['br;q=0.5, gzip;q=0.5', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0', undefined],
    ['gzip;q=0.000, br;q=0.0', undefined],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['identity;q=1, gzip;q=0.5', undefined],
    ['identity;q=0, gzip;q=0.001', 'gzip'],
    ['identity;q=0', undefined], // nothing else: sent as it is all the same
    ['*;q=0', undefined],
    ['deflate, compress', undefined],
    ['gzip;q=2, br;q=x', undefined], // bad weights: ignored elements
    ['gzip ; q = 0.8 , br;q=0.7', 'gzip'],
  ];

  test('every file comes in the coding asked for, and decompresses to itself', async () => {
    for (const f of embedded()) {
      for (const [accept, want] of choices) {
        const headers = accept === undefined ? {} : { 'accept-encoding': accept };
        const r = await raw('GET', `/static/${f.name}`, { headers });
        const what = `${f.name} with Accept-Encoding ${JSON.stringify(accept)}`;
        assert.equal(r.status, 200, what);
        assert.equal(r.headers['content-encoding'], want, what);
        assert.deepEqual(decoded(r), f.bytes, what);
        assert.equal(r.headers.vary, 'Accept-Encoding', what);
        const suffix = want === undefined ? '' : want === 'gzip' ? '-gzip' : '-br';
        assert.equal(r.headers.etag, `"${f.version}${suffix}"`, what);
        assert.equal(Number(r.headers['content-length']), r.body.length, what);
        assertSecurityHeaders(r.headers, what);
        if (want !== undefined) assert.ok(r.body.length < f.bytes.length, `${what}: smaller`);
      }
    }
  });

  test('HEAD and 304 name the same copy', async () => {
    for (const f of embedded()) {
      for (const coding of ['identity', 'gzip', 'br']) {
        const headers = { 'accept-encoding': coding };
        const get = await raw('GET', `/static/${f.name}`, { headers });
        const head = await raw('HEAD', `/static/${f.name}`, { headers });
        assert.equal(head.status, 200);
        assert.equal(head.body.length, 0);
        for (const h of ['content-length', 'content-encoding', 'etag', 'vary', 'content-type'])
          assert.equal(head.headers[h], get.headers[h], `${f.name} ${coding}: ${h}`);
        // Its own ETag: not modified. Another coding's: the whole copy.
        const fresh = await raw('GET', `/static/${f.name}`,
          { headers: { ...headers, 'if-none-match': `W/"x", ${get.headers.etag}` } });
        assert.equal(fresh.status, 304, `${f.name} ${coding}`);
        assert.equal(fresh.body.length, 0);
        assert.equal(fresh.headers.etag, get.headers.etag);
        assert.equal(fresh.headers.vary, 'Accept-Encoding');
        const other = coding === 'gzip' ? `"${f.version}-br"` : `"${f.version}-gzip"`;
        const stale = await raw('GET', `/static/${f.name}`, { headers: { ...headers, 'if-none-match': other } });
        assert.equal(stale.status, 200, `${f.name} ${coding} with ${other}`);
        assert.deepEqual(decoded(stale), f.bytes);
        const star = await raw('GET', `/static/${f.name}`, { headers: { ...headers, 'if-none-match': '*' } });
        assert.equal(star.status, 304);
      }
    }
  });
});

describe('pages and API answers', () => {
  let state;
  before(async () => {
    const r = await raw('POST', '/api/v1/games', { body: JSON.stringify({ seed: 'compression' }) });
    state = JSON.parse(r.body).state;
  });

  // What every current browser sends.
  const BROWSER = 'gzip, deflate, br';

  test('a page comes in brotli or gzip as asked, and is the same page', async () => {
    for (const p of ['/', `/?s=${state}`, `/game?s=${state}`]) {
      const plain = await raw('GET', p);
      assert.equal(plain.status, 200);
      assert.equal(plain.headers['content-encoding'], undefined, p);
      assert.equal(plain.headers.vary, 'Accept-Encoding, Accept-Language, Cookie', p);
      // Accept-Encoding -> the coding the page must come in.
      for (const [accept, want] of [
        [BROWSER, 'br'], ['br', 'br'], ['gzip;q=0, br', 'br'], ['gzip', 'gzip'],
        ['gzip, deflate', 'gzip'], ['br;q=0, gzip', 'gzip'], ['br;q=0.5, gzip', 'gzip'],
        ['identity', undefined], ['br;q=0, gzip;q=0', undefined]]) {
        const what = `${p} with ${accept}`;
        const r = await raw('GET', p, { headers: { 'accept-encoding': accept } });
        assert.equal(r.headers['content-encoding'], want, what);
        assert.equal(r.headers.vary, 'Accept-Encoding, Accept-Language, Cookie', what);
        assert.deepEqual(decoded(r), plain.body, what);
        assertSecurityHeaders(r.headers, what);
        if (want === undefined) continue;
        assert.ok(r.body.length < plain.body.length, `${what}: ${r.body.length} of ${plain.body.length}`);
        // The same bytes every time, and HEAD tells their length.
        const again = await raw('GET', p, { headers: { 'accept-encoding': accept } });
        assert.deepEqual(again.body, r.body, what);
        const head = await raw('HEAD', p, { headers: { 'accept-encoding': accept } });
        assert.equal(head.headers['content-encoding'], want, what);
        assert.equal(Number(head.headers['content-length']), r.body.length, what);
        assert.equal(head.body.length, 0);
      }
      const br = await raw('GET', p, { headers: { 'accept-encoding': BROWSER } });
      const gz = await raw('GET', p, { headers: { 'accept-encoding': 'gzip' } });
      assert.ok(br.body.length < gz.body.length, `${p}: brotli ${br.body.length}, gzip ${gz.body.length}`);
    }
  });

  test('a game page as the script fetches it is the same page in brotli, gzip and as it is', async () => {
    const over = readFileSync(new URL('../data/pages/over.link', import.meta.url), 'utf8').trim();
    for (const s of [state, over]) {
      const body = new URLSearchParams({ s, me: '1', origin: 'http://localhost:8080' }).toString();
      const post = (accept) => raw('POST', '/game', {
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded',
          ...(accept === undefined ? {} : { 'accept-encoding': accept }) },
      });
      const plain = await post(undefined);
      assert.equal(plain.status, 200);
      assert.match(plain.body.toString(), /^<!doctype html>/i);
      const br = await post(BROWSER);
      const gz = await post('gzip');
      const id = await post('identity');
      assert.equal(br.headers['content-encoding'], 'br');
      assert.equal(gz.headers['content-encoding'], 'gzip');
      assert.equal(id.headers['content-encoding'], undefined);
      for (const r of [br, gz, id]) {
        assert.equal(r.status, 200);
        assert.equal(r.headers.vary, 'Accept-Encoding, Accept-Language, Cookie');
        assert.deepEqual(decoded(r), plain.body);
        assert.equal(Number(r.headers['content-length']), r.body.length);
      }
      assert.ok(br.body.length < gz.body.length, `brotli ${br.body.length}, gzip ${gz.body.length}`);
      console.log(`# POST /game (${s === over ? 'finished' : 'new'} game): ${plain.body.length} bytes, ` +
        `brotli ${br.body.length}, gzip ${gz.body.length}`);
    }
  });

  test('the landing page\'s kept copies: brotli and gzip, each the same every time', async () => {
    const plain = await raw('GET', '/');
    const first = await raw('GET', '/', { headers: { 'accept-encoding': BROWSER } });
    const gz = await raw('GET', '/', { headers: { 'accept-encoding': 'gzip' } });
    const again = await raw('GET', '/', { headers: { 'accept-encoding': BROWSER } });
    assert.equal(first.headers['content-encoding'], 'br');
    assert.deepEqual(again.body, first.body);
    assert.deepEqual(decoded(first), plain.body);
    assert.deepEqual(decoded(gz), plain.body);
    assert.ok(first.body.length < gz.body.length, `brotli ${first.body.length}, gzip ${gz.body.length}`);
  });

  test('API answers are gzipped when asked, never in brotli; small ones never', async () => {
    const move = JSON.stringify({ state, move: { type: 'pass' } });
    const plain = await raw('POST', '/api/v1/move', { body: move });
    // Brotli is for the pages: a client of the API that offers it gets gzip.
    for (const accept of ['gzip', 'gzip, deflate, br', 'br, gzip']) {
      const gz = await raw('POST', '/api/v1/move', { body: move, headers: { 'accept-encoding': accept } });
      assert.equal(plain.status, 200);
      assert.equal(gz.status, 200);
      assert.equal(gz.headers['content-encoding'], 'gzip', accept);
      assert.equal(gz.headers['content-type'], 'application/json');
      assert.equal(gz.headers.vary, 'Accept-Encoding');
      assert.deepEqual(decoded(gz), plain.body);
    }
    const brOnly = await raw('POST', '/api/v1/move', { body: move, headers: { 'accept-encoding': 'br' } });
    assert.equal(brOnly.headers['content-encoding'], undefined);
    assert.deepEqual(brOnly.body, plain.body);
    // Under CLB_COMPRESS_MIN_BYTES (512): as it is, and it cannot vary.
    const preview = JSON.stringify({ state, move: { type: 'pass' } });
    const small = await raw('POST', '/api/v1/preview', { body: preview, headers: { 'accept-encoding': 'gzip' } });
    assert.ok(small.body.length < 512);
    assert.equal(small.headers['content-encoding'], undefined);
    assert.equal(small.headers.vary, undefined);
    const health = await raw('GET', '/healthz', { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(health.body.toString(), 'ok\n');
    assert.equal(health.headers['content-encoding'], undefined);
    // An error page is a page too.
    for (const coding of ['gzip', 'br']) {
      const missing = await raw('GET', '/nowhere', { headers: { 'accept-encoding': coding } });
      assert.equal(missing.status, 404);
      // (By the page's own size: a page just over the threshold shrinks under it.)
      const size = missing.headers['content-encoding'] ? decoded(missing).length : missing.body.length;
      assert.equal(missing.headers['content-encoding'], size < 512 ? undefined : coding);
    }
  });
});
