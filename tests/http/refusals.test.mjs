// tests/http/refusals.test.mjs - refusal paths of the HTTP layer and the
// command line, each with its exact status and message: malformed
// If-None-Match headers, a chunked body that outgrows the connection's own
// room, header lines the strict head check refuses (an empty name, a DEL
// in a value, a name with a quote), the browser's move without a form or
// with a damaged link, a damaged link on the review page, every refusal of
// the command line and the names lexicons get from their file names, the
// new-game form's seed and list, the API's body refusals, static files'
// ?v= and the access log's cut, and the page of a refused move.
// SPDX-License-Identifier: MIT
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  binaryPath, sowpodsPath, startServer, rawRequest, parseResponses, post, SECURITY_HEADERS,
  makeState, encode, boardWith,
} from './server.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => {
  assert.equal(await srv.stop(), 0, srv.log().slice(-2000));
});

// One request on its own connection: the answer, parsed.
async function one(bytes) {
  const r = await rawRequest(srv.port, bytes, { timeoutMs: 5000 });
  const { responses } = parseResponses(r.data);
  assert.ok(responses.length >= 1, `no answer to ${JSON.stringify(bytes.slice(0, 80))}: ${r.data}`);
  return responses[0];
}

function assertSecurity(headers, where) {
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) {
    assert.equal(headers[k], v, `${where}: ${k}`);
  }
}

// A page's error message (the element the tests and the script read).
// The technical reason a damaged-link page keeps under its Details.
function pageDetails(html) {
  const m = /<details class="help" data-testid="error-details"><summary>Details<\/summary><p>([^<]*)</.exec(html);
  return m ? m[1] : null;
}

function pageMessage(html) {
  const m = /<p class="msg err" id="msg"[^>]*>([^<]*)</.exec(html);
  return m ? m[1] : null;
}

describe('If-None-Match', () => {
  let etag;
  before(async () => {
    // No Accept-Encoding: the identity copy, and its own ETag.
    const r = await one('GET /static/app.css HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n');
    assert.equal(r.status, 200);
    etag = r.headers.etag;
    assert.match(etag, /^"[^"]+"$/);
  });
  const ask = (inm) => one(`GET /static/app.css HTTP/1.1\r\nHost: t\r\nIf-None-Match: ${inm}\r\nConnection: close\r\n\r\n`);

  test('a match anywhere in the list, weak or not, is 304', async () => {
    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, `junk, ${etag}`,
      `W/junk , \t${etag}`, '*', '"x", *', '* , "x"', `Wx, ${etag}`]) {
      const r = await ask(inm);
      assert.equal(r.status, 304, inm);
      assert.equal(r.body, '', inm);
      assert.equal(r.headers.etag, etag, inm);
    }
  });

  test('malformed or other tags send the file', async () => {
    // "*" only counts as a whole element; an unterminated tag ends the
    // list; a bare token is not a tag.
    // A tag of the same length that differs in one character is another.
    const same = etag.slice(0, 1) + (etag[1] === 'a' ? 'b' : 'a') + etag.slice(2);
    for (const inm of ['"other"', etag.slice(0, -1), `"unterminated, ${etag}`,
      '*x', etag.slice(1, -1), 'W/', ',,,', `"${etag}"`, same, `W${etag}`]) {
      const r = await ask(inm);
      assert.equal(r.status, 200, inm);
      assert.ok(r.body.length > 100, inm);
    }
  });
});

describe('bodies', () => {
  test('a chunked body that outgrows the connection\'s room is read whole', async () => {
    // CLB_REQUEST_INLINE_BYTES (768) of room: the first chunk fits in it,
    // the next ones move the body to the heap, keeping what came first.
    const g = await post(`${srv.url}/api/v1/games`, { seed: 'refusals' });
    assert.equal(g.status, 201);
    const json = JSON.stringify({ state: g.body.state });
    const body = json.slice(0, -1) + ' '.repeat(3000) + '}';
    const chunks = [body.slice(0, 100), body.slice(100, 900), body.slice(900)];
    const req = 'POST /api/v1/decode HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n' +
      'Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n' +
      chunks.map((c) => `${c.length.toString(16)}\r\n${c}\r\n`).join('') + '0\r\n\r\n';
    const r = await one(req);
    assert.equal(r.status, 200, r.body);
    const answer = JSON.parse(r.body);
    assert.equal(answer.game.gameId, g.body.game.gameId);
    assert.deepEqual(answer.game.board, g.body.game.board);
  });

  test('a too-large body on a method libmicrohttpd does not skip for us is 413, then cut off', async () => {
    // libmicrohttpd skips an unread body only for POST and PUT: for PATCH
    // the body still arrives after the 413, and the server stops reading.
    const r = await rawRequest(srv.port, 'PATCH /api/v1/decode HTTP/1.1\r\nHost: t\r\n' +
      `Content-Length: 20000\r\n\r\n${'x'.repeat(20000)}`, { timeoutMs: 5000 });
    const { responses } = parseResponses(r.data);
    assert.equal(responses[0]?.status, 413, r.data.slice(0, 200));
    assert.equal(JSON.parse(responses[0].body).error.code, 'too_large');
    assert.ok(r.closed, 'the connection is closed, not read on');
  });

  test('a Content-Length past the body limit is 413 before any byte of it', async () => {
    const r = await one('POST /api/v1/decode HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n' +
      'Content-Length: 16385\r\nConnection: close\r\n\r\n');
    assert.equal(r.status, 413);
    assert.equal(JSON.parse(r.body).error.code, 'too_large');
    assertSecurity(r.headers, '413');
  });
});

describe('the strict head', () => {
  const cases = [
    // libmicrohttpd 0.9.75 drops a line with no name without reporting
    // it, so the walk finds its bytes left over after the last header.
    ['a header line with no name', 'GET /healthz HTTP/1.1\r\nHost: t\r\n: empty\r\n\r\n',
      'a header line or the empty line after the head does not end in CRLF'],
    ['a DEL in a header value', 'GET /healthz HTTP/1.1\r\nHost: t\r\nX-A: a\x7fb\r\n\r\n',
      'a header value holds a control character'],
    ['a quote in a header name', 'GET /healthz HTTP/1.1\r\nHost: t\r\nX"A: b\r\n\r\n',
      'a header name holds a space or a character that is not allowed there'],
    ['HTTP/1.0 with Transfer-Encoding',
      'POST /api/v1/decode HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      'an HTTP/1.0 request cannot use Transfer-Encoding'],
  ];
  for (const [what, bytes, message] of cases) {
    test(`${what} is 400 and says so`, async () => {
      const r = await one(bytes);
      assert.equal(r.status, 400, r.body);
      assert.ok(r.body.includes(message), `${what}: ${r.body}`);
      assertSecurity(r.headers, what);
    });
  }

  test('HTTP/1.2 is 400 and says which versions are spoken', async () => {
    const r = await one('GET /healthz HTTP/1.2\r\nHost: t\r\n\r\n');
    assert.equal(r.status, 400);
    assert.ok(r.body.includes('only HTTP/1.0 and HTTP/1.1 are spoken here'), r.body);
  });

  test('an HTTP/1.0 request without Host is served', async () => {
    const r = await one('GET /healthz HTTP/1.0\r\n\r\n');
    assert.equal(r.status, 200);
  });
});

describe('the browser\'s forms', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  test('a move without a form is 400 "send a form"', async () => {
    const r = await fetch(`${srv.url}/game/move`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}',
    });
    assert.equal(r.status, 400);
    assert.equal(pageMessage(await r.text()), 'The request is malformed (send a form).');
    assert.equal(r.headers.get('cache-control'), 'no-store');
  });

  test('a move on a damaged link is 400 naming the damage', async () => {
    const g = await post(`${srv.url}/api/v1/games`, { seed: 'refusals' });
    const s = g.body.state;
    const bad = s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A');
    const r = await fetch(`${srv.url}/game/move`, {
      method: 'POST', headers: form,
      body: `s=${bad}&move=${encodeURIComponent('{"type":"pass"}')}`,
    });
    assert.equal(r.status, 400);
    // In a player's words, and the technical reason under Details.
    const html = await r.text();
    assert.equal(pageMessage(html),
      'This link is damaged: part of it was changed or cut off. Ask your partner to send it again.');
    assert.equal(pageDetails(html),
      'The game link is damaged or invalid (the link is damaged: its check characters do ' +
      'not match (a character was changed, or some were lost)).');
  });

  test('a move form without a link is 400', async () => {
    const r = await fetch(`${srv.url}/game/move`, {
      method: 'POST', headers: form, body: `move=${encodeURIComponent('{"type":"pass"}')}`,
    });
    assert.equal(r.status, 400);
    assert.match(pageMessage(await r.text()), /^The request is malformed \(.+\)\.$/);
  });

  test('the review page of a damaged link is 400', async () => {
    const r = await fetch(`${srv.url}/game/review?s=2AAAAAAAAAAA`);
    assert.equal(r.status, 400);
    const html = await r.text();
    assert.match(pageMessage(html), /^This link is damaged: /);
    assert.match(pageDetails(html), /^The game link is damaged or invalid \(the link is damaged: /);
  });
});

describe('the command line', () => {
  const run = (args, env = {}) => spawnSync(binaryPath(), args, {
    encoding: 'utf8', timeout: 10000, env: { ...process.env, ...env },
  });
  const usage = [
    [['--lexicon', 'x.clx:'], "--lexicon: lexicon name '' must be 1 to 32 characters"],
    [['--lexicon', `x.clx:${'n'.repeat(33)}`], `--lexicon: lexicon name '${'n'.repeat(33)}' must be 1 to 32 characters`],
    [['--lexicon', 'x:b@d'], "--lexicon: lexicon name 'b@d' may only use A-Z a-z 0-9 _ -"],
    [['--lexicon', ':name'], '--lexicon needs a file'],
    [['--lexicon', 'a/x.clx', '--lexicon=b/x.clx'], "--lexicon: two lexicons are named 'x'"],
    [Array.from({ length: 9 }, (_, i) => `--lexicon=l${i}.clx`), '--lexicon: at most 8 lexicons'],
    [['--port'], '--port needs a value'],
    [['--port=abc'], "invalid port 'abc' (0-65535)"],
    [['--port', '70000'], "invalid port '70000' (0-65535)"],
    [['--port', '99999999999999999999999'], "invalid port '99999999999999999999999' (0-65535)"],
    [['--max-connections', '0'], "invalid --max-connections '0' (1-2048)"],
    [['--max-connections', '99999999999999999999999'],
      "invalid --max-connections '99999999999999999999999' (1-2048)"],
    [['--max-connections-per-ip', '1x'], "invalid --max-connections-per-ip '1x' (0-2048)"],
    [['--max-connections-per-ip', '-1'], "invalid --max-connections-per-ip '-1' (0-2048)"],
    [['--bizarre'], "unknown option '--bizarre'"],
    [['stray'], "unexpected argument 'stray'"],
    // (the resolver's own words end these two: they differ offline)
    [['--bind', 'nonsense.invalid'], "invalid address 'nonsense.invalid': not an IPv4 or IPv6 address, a Unix socket path or a name this machine resolves ("],
    [['--bind', '1'.repeat(300)], `invalid address '${'1'.repeat(300)}'`],
    [['--bind', 'unix:'], "invalid Unix socket path '' (1 to 107 bytes)"],
    [['--metrics-bind', '127.0.0.1'], '--metrics-bind needs --metrics PORT'],
    [['--threads', '0'], "invalid --threads '0' (1-64)"],
  ];
  for (const [args, message] of usage) {
    test(`${args.join(' ').slice(0, 60)}: exit 2, "${message.slice(0, 40)}"`, () => {
      const r = run(['--port', '0', ...args]);
      assert.equal(r.status, 2, r.stderr);
      if (message.endsWith('(')) assert.ok(r.stderr.startsWith(`collabble: ${message}`), r.stderr);
      else assert.equal(r.stderr, `collabble: ${message}\nTry 'collabble --help'.\n`);
    });
  }

  test('-h prints the usage and exits 0', () => {
    const r = run(['-h']);
    assert.equal(r.status, 0);
    assert.match(r.stdout, /^Usage: collabble \[--port N\]/);
  });

  test('a lexicon that cannot be loaded: exit 3 naming the file', () => {
    const r = run(['--port', '0'], { COLLABBLE_LEXICON: ' /nonexistent/a.clx\t' });
    assert.equal(r.status, 3, r.stderr);
    const failure = (e) => e.split('\n').find((l) => l.startsWith('collabble: cannot load'));
    assert.equal(failure(r.stderr), "collabble: cannot load lexicon '/nonexistent/a.clx' (from COLLABBLE_LEXICON): " +
      'The word list could not be loaded: /nonexistent/a.clx: cannot open: No such file or directory');
    // A path without a file name (named "lexicon") fails the same way.
    const d = run(['--port', '0', '--lexicon', '/nonexistent/']);
    assert.equal(d.status, 3, d.stderr);
    assert.equal(failure(d.stderr), "collabble: cannot load lexicon '/nonexistent/' (from --lexicon): " +
      'The word list could not be loaded: /nonexistent/: cannot open: No such file or directory');
  });

  test('an address in brackets is the address', async (t) => {
    const probe = net.createServer();
    const v6 = await new Promise((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen(0, '::1', () => { probe.close(); resolve(true); });
    });
    if (!v6) { t.skip('no IPv6 loopback here'); return; }
    const s6 = await startServer({ args: ['--bind', '[::1]'] });
    try {
      assert.match(s6.log(), /listening on http:\/\/\[::1\]:\d+/);
      assert.equal((await fetch(`http://[::1]:${s6.port}/healthz`)).status, 200);
    } finally {
      assert.equal(await s6.stop(), 0);
    }
  });

  test('COLLABBLE_LEXICON of blanks alone means the default list', async () => {
    const s = await startServer({ env: { COLLABBLE_LEXICON: ' \t\n' } });
    try {
      assert.match(s.log(), /lexicon sowpods: \d+ words from .* \(default\)/);
    } finally {
      assert.equal(await s.stop(), 0);
    }
  });

  test('lexicons are named after their files, other characters made _', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'collabble-names-'));
    try {
      // The extension goes; a leading dot is no extension.
      const files = ['my list.v2.clx', '.hidden', 'plain', 'x_y-9'];
      for (const f of files) fs.copyFileSync(sowpodsPath(), path.join(dir, f));
      // The languages' lists left out (--languages ''): the names given here alone.
      const srv2 = await startServer({ args: [...files.flatMap((f) => ['--lexicon', path.join(dir, f)]), '--languages', ''] });
      try {
        const html = await (await fetch(`${srv2.url}/`)).text();
        const list = /<select id="lexicon"[^]*?<\/select>/.exec(html)[0]; // not the Goals choices
        const names = [...list.matchAll(/<option value="([^"]*)">/g)].map((m) => m[1]);
        assert.deepEqual(names, ['my_list_v2', '_hidden', 'plain', 'x_y-9']);
      } finally {
        assert.equal(await srv2.stop(), 0);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the new-game form', () => {
  let two;
  before(async () => {
    two = await startServer({ args: ['--lexicon', sowpodsPath(), '--lexicon', `${sowpodsPath()}:second`] });
  });
  after(async () => { assert.equal(await two.stop(), 0, two.log().slice(-2000)); });
  const get = (q) => fetch(`${two.url}/new?${q}`, { redirect: 'manual' });
  // The game's link as the page writes it.
  const linkOf = (html) => {
    const m = /game\.gcg\?s=(2[A-Za-z0-9_-]{10,})/.exec(html);
    assert.ok(m, 'no link in the page');
    return m[1];
  };

  test('an unknown or broken lexicon name is 400, the seed kept for correction', async () => {
    for (const [q, seed] of [['lexicon=%zz', undefined], ['lexicon=nope&seed=abc', 'abc']]) {
      const r = await get(q);
      assert.equal(r.status, 400, q);
      const html = await r.text();
      assert.equal(pageMessage(html), 'This game uses a dictionary this server does not have.', q);
      assert.equal(/name="seed"[^>]*value="([^"]*)"/.exec(html)?.[1], seed, q);
    }
  });

  test('a broken escape or an encoded NUL in the seed is 400', async () => {
    for (const q of ['seed=%00', 'seed=a%2', 'seed=a%g1']) {
      const r = await get(q);
      assert.equal(r.status, 400, q);
      assert.equal(pageMessage(await r.text()), 'The request is malformed (the seed is 1 to 64 characters).', q);
    }
  });

  test('no seed (or "seed" without a value) redirects to a random one, keeping the list', async () => {
    for (const [q, tail] of [['seed', ''], ['lexicon=', ''], ['lexicon=second', '&lexicon=second']]) {
      const r = await get(q);
      assert.equal(r.status, 303, q);
      assert.match(r.headers.get('location'), new RegExp(`^/new\\?seed=[a-z0-9]{12}${tail}$`), q);
      await r.text();
    }
  });

  test('"+" in a seed is a space, "%2B" a plus', async () => {
    const links = [];
    for (const q of ['seed=a+b%21', 'seed=a%20b!', 'seed=a%2Bb!']) {
      const r = await get(q);
      assert.equal(r.status, 200, q);
      links.push(linkOf(await r.text()));
    }
    assert.equal(links[0], links[1]);
    assert.notEqual(links[0], links[2]);
  });

  test('the second list by name starts a game (the same words: the same link)', async () => {
    // Both lists are the same file, so the same fingerprint: the link
    // records the built-in list either way.
    const a = await get('seed=same');
    const b = await get('seed=same&lexicon=second');
    assert.equal(a.status, 200);
    assert.equal(b.status, 200);
    assert.equal(linkOf(await a.text()), linkOf(await b.text()));
  });
});

describe('the API\'s request bodies', () => {
  let s;
  before(async () => {
    s = (await post(`${srv.url}/api/v1/games`, { seed: 'refusals-api' })).body.state;
  });
  const refusals = [
    ['games', () => ({ lexicon: 5 }), 400, 'bad_request', 'lexicon: expected a lexicon name'],
    ['games', () => ({ lexicon: 'nope' }), 400, 'unknown_lexicon', 'lexicon: "nope" is not loaded on this server'],
    ['games', () => ({ lexicon: 'n'.repeat(50) }), 400, 'unknown_lexicon',
      `lexicon: "${'n'.repeat(40)}" is not loaded on this server`],
    // An escaped NUL in any string, said in the API's words (not jansson's
    // "JSON_ALLOW_NUL").
    ['games', () => '{"seed":"a\\u0000b"}', 400, 'bad_request',
      'body: a string holds \\u0000 (line 1, column 18); no text of the API may contain a NUL character'],
    ['move', () => ({ state: s, move: { type: 'pass' }, format: 'v3' }), 400, 'bad_request',
      'format: expected "v1" or "v2"'],
    ['move', () => ({ state: s, move: { type: 'pass' }, format: 2 }), 400, 'bad_request',
      'format: expected "v1" or "v2"'],
    ['move', () => `{"state":"${s}","state":"${s}","move":{"type":"pass"}}`, 400, 'bad_request',
      /^body: not valid JSON \(line 1, column \d+: duplicate object key near '"state"'\)$/],
    ['move', () => `{"state":"${s}","move":{"type":"pass"},"move":{"type":"pass"}}`, 400, 'bad_request',
      /^body: not valid JSON \(line 1, column \d+: duplicate object key near '"move"'\)$/],
    ['move', () => `{"state":"${s}","move":{"type":"pass"},"other":1}`, 400, 'bad_request',
      'body: unknown key "other"'],
    // A missing state is worded as a missing move is.
    ['move', () => `{"move":{"type":"pass"}}`, 400, 'bad_request', 'state: required'],
    ['move', () => ({ state: s }), 400, 'bad_request', 'move: required'],
    ['review', () => ({}), 400, 'bad_request', 'state: required'],
    ['move', () => ({ state: 5, move: { type: 'pass' } }), 400, 'bad_request',
      'state: expected the encoded state as a string'],
    ['gcg', () => ({ state: 5 }), 400, 'bad_request', 'state: expected the encoded state as a string'],
    ['decode', () => ({ state: `N4Ig${'A'.repeat(40)}` }), 400, 'bad_state',
      'the link is damaged: it is not a Collabble link'],
  ];
  for (const [endpoint, body, status, code, detail] of refusals) {
    test(`${endpoint}: ${detail}`, async () => {
      const r = await post(`${srv.url}/api/v1/${endpoint}`, body());
      assert.equal(r.status, status, r.text);
      assert.equal(r.body.error.code, code);
      if (detail instanceof RegExp) assert.match(r.body.error.detail, detail);
      else assert.equal(r.body.error.detail, detail);
    });
  }

  test('an unknown key is quoted, unless the cut at 40 bytes splits a character', async () => {
    // 'é' is two bytes: 20 of them are 40 bytes, quoted whole; after an
    // 'a' the 40th byte is the first half of the 20th.
    let r = await post(`${srv.url}/api/v1/decode`, { state: s, ['é'.repeat(20)]: 1 });
    assert.equal(r.status, 400);
    assert.equal(r.body.error.detail, `body: unknown key "${'é'.repeat(20)}"`);
    r = await post(`${srv.url}/api/v1/decode`, { state: s, [`a${'é'.repeat(20)}`]: 1 });
    assert.equal(r.status, 400);
    assert.equal(r.body.error.code, 'bad_request');
    assert.equal(r.body.error.detail, '(not shown: not valid UTF-8)');
  });

  test('the format key is read in any place, and a trailing space is no matter', async () => {
    for (const [body, format] of [
      [`{"format":"v1","state":"${s}","move":{"type":"pass"}}`, 'v1'],
      [`{"state":"${s}","move":{"type":"pass"},"format":"v2"} `, 'v2'],
      [`{"state":"${s}","move":{"type":"pass"}}\n`, 'v2'],
    ]) {
      const r = await post(`${srv.url}/api/v1/move`, body);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.format, format, body);
    }
  });
});

describe('static files and the access log', () => {
  test('only the current ?v= makes a static file immutable', async () => {
    const html = await (await fetch(`${srv.url}/`)).text();
    const v = /\/static\/app\.css\?v=([0-9a-f]+)/.exec(html)?.[1];
    assert.ok(v, 'the page names its stylesheet\'s version');
    const wrong = v.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    for (const [q, cache] of [[`v=${v}`, /immutable/], [`v=${wrong}`, /no-cache/],
      [`w=${v}`, /no-cache/], ['v=1', /no-cache/], [`v=${v}0`, /no-cache/]]) {
      const r = await fetch(`${srv.url}/static/app.css?${q}`);
      assert.equal(r.status, 200, q);
      assert.match(r.headers.get('cache-control'), cache, q);
      await r.text();
    }
  });

  test('a long path is logged cut at 200 bytes, with its other bytes escaped', async () => {
    const long = `/${'x'.repeat(260)}`;
    const odd = `/${'%'.repeat(10)}`;
    for (const p of [long, odd]) {
      const r = await one(`GET ${p} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n`);
      assert.equal(r.status, 404, p);
    }
    // The log line is written as the answer goes out: wait for both.
    let log = '';
    for (let i = 0; i < 50 && !(log.includes('GET /%25') && log.includes('...')); i++) {
      await new Promise((res) => setTimeout(res, 20));
      log = srv.log();
    }
    assert.ok(log.includes(`GET ${long.slice(0, 200)}... 404 `), 'the long path, cut');
    assert.ok(log.includes(`GET /${'%25'.repeat(10)} 404 `), 'the odd path, escaped');
  });
});

describe('a refused move on the page', () => {
  const start = makeState({
    board: boardWith([[7, 6, 'H', 'CAT']]), p1: ['BLANK', 'Q', 'X', 'Z', 'J', 'K', 'V'],
    p2: [...'BIRDLEG'], score: 10, lastMove: { cells: [[7, 6], [7, 7], [7, 8]], words: ['CAT'], points: 10 },
  });
  const cases = [
    ['words not in the list, one tile a blank',
      [{ row: 8, col: 6, letter: 'Q' }, { row: 8, col: 7, letter: 'X', blank: true }],
      'Not in the dictionary: <strong>QX, CQ</strong>.'],
    ['a tile off the board', [{ row: 20, col: 6, letter: 'Q' }], 'That square is off the board.'],
    ['a tile on a taken square', [{ row: 7, col: 6, letter: 'Q' }], 'That square is already taken.'],
    ['a tile not in the rack', [{ row: 8, col: 6, letter: 'A' }], 'That tile is not in your rack.'],
    ['two tiles on one square', [{ row: 8, col: 6, letter: 'Q' }, { row: 8, col: 6, letter: 'X' }],
      'That square is already taken.'],
    ['a word in the corner, apart', [{ row: 14, col: 13, letter: 'Q' }, { row: 14, col: 14, letter: 'X' }],
      'The word must touch a tile already on the board.'],
  ];
  for (const [what, tiles, message] of cases) {
    test(`${what}: 422 "${message.replace(/<[^>]*>/g, '')}"`, async () => {
      const r = await fetch(`${srv.url}/game/move`, {
        method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `s=${encodeURIComponent(encode(start))}&move=${encodeURIComponent(JSON.stringify({ type: 'play', tiles }))}`,
      });
      assert.equal(r.status, 422);
      const html = await r.text();
      assert.equal(/data-testid="message">(.*?)<\/p>/.exec(html)?.[1], message);
    });
  }
});

describe('routes and methods', () => {
  let s;
  before(async () => {
    s = (await post(`${srv.url}/api/v1/games`, { seed: 'refusals-routes' })).body.state;
  });
  const form = (body, type = 'application/x-www-form-urlencoded') => ({
    // Bytes, not a string: fetch gives a string body a type of its own.
    method: 'POST', body: Buffer.from(body), redirect: 'manual',
    headers: type ? { 'content-type': type } : {},
  });

  test('/api alone is the API\'s 404, /apix a page\'s', async () => {
    const a = await fetch(`${srv.url}/api`);
    assert.equal(a.status, 404);
    assert.equal((await a.json()).error.code, 'not_found');
    const b = await fetch(`${srv.url}/apix`);
    assert.equal(b.status, 404);
    assert.equal(pageMessage(await b.text()), 'No such page.');
  });

  test('POST /new is 405, HEAD /new is the page without its body', async () => {
    const r = await fetch(`${srv.url}/new`, form(''));
    assert.equal(r.status, 405);
    assert.equal(pageMessage(await r.text()), 'Method not allowed.');
    const h = await rawRequest(srv.port, 'HEAD /new?seed=x HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n');
    assert.match(h.data, /^HTTP\/1\.1 200 /);
    assert.ok(h.data.endsWith('\r\n\r\n'), 'no body after the head');
  });

  test('a move form without a Content-Type is taken as a form', async () => {
    const r = await fetch(`${srv.url}/game/move`,
      form(`s=${s}&me=1&move=${encodeURIComponent('{"type":"pass"}')}`, null));
    assert.equal(r.status, 200);
    assert.match(await r.text(), /data-view="wait"/);
  });

  test('a move field that is broken or missing is 400', async () => {
    for (const [body, message] of [[`s=${s}&move=%zz`, 'the move is malformed'],
      [`s=${s}`, 'no move was sent']]) {
      const r = await fetch(`${srv.url}/game/move`, form(body));
      assert.equal(r.status, 400, body);
      assert.equal(pageMessage(await r.text()), `The request is malformed (${message}).`);
    }
  });

  test('the review page: a broken escape is refused, no link goes home', async () => {
    const r = await fetch(`${srv.url}/game/review?s=%zz`);
    assert.equal(r.status, 413);
    // In a player's words (the technical reason under Details).
    const html = await r.text();
    assert.equal(pageMessage(html),
      'This link is too long to be a Collabble game: it may have been pasted twice, or with other text. Ask your partner to send it again.');
    assert.equal(pageDetails(html), 'The request is too large (the game link is too long or malformed).');
    const home = await fetch(`${srv.url}/game/review?x=1`, { redirect: 'manual' });
    assert.equal(home.status, 303);
    assert.equal(home.headers.get('location'), '/');
    await home.text();
  });
});

describe('the game form', () => {
  let s;
  before(async () => {
    s = (await post(`${srv.url}/api/v1/games`, { seed: 'refusals-game' })).body.state;
  });
  const game = (body) => fetch(`${srv.url}/game`, {
    method: 'POST', body: Buffer.from(body), redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

  test('a broken escape in s is 413, an empty s 400', async () => {
    let r = await game('s=%zz');
    assert.equal(r.status, 413);
    assert.equal(pageDetails(await r.text()),
      'The request is too large (the game link is too long or malformed).');
    r = await game('s=');
    assert.equal(r.status, 400);
    assert.equal(pageDetails(await r.text()),
      'The game link is damaged or invalid (the link holds no game).');
  });

  test('no link: a form or a download is 400, a bare /game goes home', async () => {
    const malformed = 'The request is malformed (no game was sent).';
    for (const [method, path, body] of [['POST', '/game', 'x=1'], ['GET', '/game.gcg?x=1'],
      ['POST', '/game/review', 'x=1']]) {
      const r = await fetch(`${srv.url}${path}`, {
        method, body: body ? Buffer.from(body) : undefined, redirect: 'manual',
        headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      });
      assert.equal(r.status, 400, path);
      assert.equal(pageMessage(await r.text()), malformed, path);
    }
    const home = await fetch(`${srv.url}/game?x=1`, { redirect: 'manual' });
    assert.equal(home.status, 303);
    assert.equal(home.headers.get('location'), '/');
    await home.text();
    for (const path of ['/game.gcg?s=%zz', '/?s=%zz']) {
      const r = await fetch(`${srv.url}${path}`);
      assert.equal(r.status, 413, path);
      assert.equal(pageDetails(await r.text()),
        'The request is too large (the game link is too long or malformed).', path);
    }
    const d = await fetch(`${srv.url}/game.gcg?s=2AAAAAAAAAAA`);
    assert.equal(d.status, 400);
    assert.match(pageDetails(await d.text()), /^The game link is damaged or invalid \(the link is damaged: its check characters do not match/);
  });

  test('"me" other than 1 or 2 is ignored: the board, not a waiting view', async () => {
    for (const me of ['3', 'x', '12', '']) {
      const r = await game(`s=${s}&me=${me}`);
      assert.equal(r.status, 200, me);
      assert.match(await r.text(), /data-view="board"/, me);
    }
  });
});

describe('the page after a move', () => {
  const start = makeState({
    board: boardWith([[7, 6, 'H', 'CAT']]), p1: [...'DOGSEAR'], p2: [...'BIRDLEG'], score: 10,
    lastMove: { cells: [[7, 6], [7, 7], [7, 8]], words: ['CAT'], points: 10 },
  });
  const moved = async (move, state = start) => {
    const r = await fetch(`${srv.url}/game/move`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `s=${encodeURIComponent(encode(state))}&move=${encodeURIComponent(JSON.stringify(move))}`,
    });
    assert.equal(r.status, 200);
    const html = await r.text();
    const m = /<section class="panel send"[^>]*><h2 id="send-h">([^<]*)<\/h2><p>(.*?)<\/p>/.exec(html);
    assert.ok(m, 'no share area with the move');
    return { heading: m[1], said: m[2].replace(/<[^>]*>/g, '') };
  };

  test('an exchange and a pass say so, and a second pass warns', async () => {
    let r = await moved({ type: 'exchange', tiles: ['D', 'O'] });
    assert.equal(r.said, 'You exchanged tiles.');
    assert.equal(r.heading, 'Waiting for Player 2 — send them the link');
    r = await moved({ type: 'pass' });
    assert.equal(r.said, 'You passed. One more pass ends the game.');
    r = await moved({ type: 'pass' }, { ...start, consecutivePasses: 1 });
    assert.equal(r.heading, 'Send the final board to your partner');
    assert.equal(r.said, 'You passed.');
  });

  test('a bingo says +50', async () => {
    // RETAINS across the centre, E8 to K8: seven 1-point letters, the
    // centre's double word, no letter premium on E8-K8:
    // 7 x 2 = 14, + 50 = 64.
    const st = makeState({ p1: [...'AEINRST'], p2: [...'BIRDLEG'] });
    const tiles = [...'RETAINS'].map((letter, i) => ({ row: 7, col: 4 + i, letter }));
    const r = await moved({ type: 'play', tiles }, st);
    assert.equal(r.said, 'You played RETAINS for 64 points (bingo: +50).');
  });
});

describe('a named word list this server lacks', () => {
  test('is unknown_lexicon, named with its fingerprint', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'collabble-list-'));
    const words = path.join(dir, 'words.txt');
    fs.writeFileSync(words, 'CAT\nCATS\nDOG\nAT\n');
    const two = await startServer({ args: ['--lexicon', sowpodsPath(), '--lexicon', `${words}:my_list-2`] });
    try {
      const g = await post(`${two.url}/api/v1/games`, { seed: 'named', lexicon: 'my_list-2' });
      assert.equal(g.status, 201);
      assert.equal(g.body.game.lexicon, 'my_list-2');
      const r = await post(`${srv.url}/api/v1/decode`, { state: g.body.state });
      assert.equal(r.status, 400);
      assert.equal(r.body.error.code, 'unknown_lexicon');
      assert.match(r.body.error.detail, /^lexicon: "my_list-2" \(fingerprint [0-9a-f]{8}\)$/);
    } finally {
      assert.equal(await two.stop(), 0);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
