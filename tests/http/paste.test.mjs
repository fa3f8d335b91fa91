// tests/http/paste.test.mjs - a turn link as players pass it on (issue 28,
// item 2): pasted from a chat with the sentence around it, a full stop or
// a bracket after it, an escaped space (%20) or a markdown underscore at
// its end. The no-script box (GET /game?link=TEXT) finds the link inside
// the text, and so does every page that opens a link (POST /game, which
// the script posts the fragment to; GET /?s=, /game?s=): the first '#' or
// "s=" that leads to one, the longest valid link after it. A link that is
// really damaged keeps its own message, and a hostile text costs little.
// SPDX-License-Identifier: MIT
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, post, makeState, encode } from './server.mjs';

let srv, v2, v1;
before(async () => {
  srv = await startServer();
  v2 = (await post(`${srv.url}/api/v1/games`, { seed: 'paste-28' })).body.state;
  // A classic link (its alphabet has '+', '/' and '=').
  v1 = encode(makeState({ p1: [...'DOGSEAR'], p2: [...'BIRDLEG'], gameId: 'paste28' }));
});
after(async () => {
  assert.equal(await srv.stop(), 0, srv.log().slice(-2000));
});

const get = async (path) => {
  const r = await fetch(srv.url + path, { redirect: 'manual' });
  return { status: r.status, text: await r.text() };
};
const paste = (text) => get(`/game?link=${encodeURIComponent(text)}`);
const open = async (s) => {
  const r = await fetch(`${srv.url}/game`, { method: 'POST', body: new URLSearchParams({ s }) });
  return { status: r.status, text: await r.text() };
};
const stateOf = (html) => (/ data-state="([^"]*)"/.exec(html) ?? [])[1];
const DAMAGED = /This link is damaged: part of it was changed or cut off\./;

// What chat apps and players do to a link S at the end of a sentence.
const mangled = (S) => [
  `http://h/#${S}.`,
  `http://h/#${S}%20`,
  `Hey, your turn! http://h/#${S} thanks`,
  `Your turn: http://h/#${S}!!`,
  `(see http://h/#${S})`,
  `<http://h/#${S}>`,
  `"http://h/#${S}",`,
  `_http://h/#${S}_`,
  `http://h/?s=${S}&me=1.`,
  `#1 of our games: http://h/#${S}?`,
  `${S}.`,
];

describe('the no-script box finds the link in what was pasted', () => {
  for (const kind of ['v2', 'classic']) {
    test(`a ${kind} link in a chat message, with punctuation or an escaped space after it`, async () => {
      const S = kind === 'v2' ? v2 : v1;
      const want = (await get(`/game?s=${encodeURIComponent(S)}`)).text;
      assert.equal(stateOf(want), S);
      for (const text of mangled(S)) {
        if (kind === 'classic' && text.startsWith('_')) continue; // '_' is not in a classic link's alphabet either way
        const r = await paste(text);
        assert.equal(r.status, 200, `${text}: ${r.text.slice(0, 300)}`);
        assert.equal(r.text, want, text);
      }
    });
  }

  test('a link that is really damaged keeps its message; a text with no link says so', async () => {
    // One character of the payload changed: the check characters refuse it
    // at every length.
    const bad = v2.slice(0, -1) + (v2.endsWith('A') ? 'B' : 'A');
    for (const text of [`Hey, your turn! http://h/#${bad} thanks`, `http://h/#${bad}.`, 'http://h/#2QQQQ.']) {
      const r = await paste(text);
      assert.equal(r.status, 400, text);
      assert.match(r.text, DAMAGED, text);
    }
    for (const text of ['', 'http://localhost:8080/#', 'http://localhost:8080/?me=1', 'Hey! # ?']) {
      const r = await paste(text);
      assert.equal(r.status, 400, JSON.stringify(text));
      assert.match(r.text, /no game link was pasted/);
      assert.ok(r.text.includes('id="paste"'), 'the box is offered again');
    }
  });
});

describe('every page that opens a link reads it the same way', () => {
  test('POST /game (the script posts the fragment it decoded): "S.", "S%20", "S)" open S', async () => {
    for (const S of [v2, v1]) {
      // (A space a form carries as '+' is a classic link's own character,
      // which its decoder reads past the link's end: it opens as it came.)
      const spaced = S === v2 ? [`${S} `, `Hey, your turn! http://h/#${S} thanks`] : [];
      for (const s of [`${S}.`, `${S})`, `${S}%20`, ...spaced]) {
        const r = await open(s);
        assert.equal(r.status, 200, `${s}: ${r.text.slice(0, 300)}`);
        assert.equal(stateOf(r.text), S, 'the page is the link\'s, and says so: the script shows /#S');
      }
    }
    // As it was: a link that opens as sent is that link.
    assert.equal(stateOf((await open(v2)).text), v2);
  });

  test('GET /?s= and /game?s= (a link typed or pasted into the address bar) too', async () => {
    for (const path of [`/?s=${encodeURIComponent(v2)}.`, `/game?s=${encodeURIComponent(v2)}%20`, `/game?s=${encodeURIComponent(v2)}_`]) {
      const r = await get(path);
      assert.equal(r.status, 200, path);
      assert.equal(stateOf(r.text), v2, path);
    }
  });

  test('a damaged link is still called damaged, in the words it always had', async () => {
    const bad = v2.slice(0, -1) + (v2.endsWith('A') ? 'B' : 'A');
    for (const s of [bad, `${bad}.`, '2QQQQ', `${v1.slice(0, 40)}.`]) {
      const r = await open(s);
      assert.equal(r.status, 400, s);
      assert.match(r.text, DAMAGED, s);
    }
  });

  test('a hostile text (many marks, long runs) is answered at once', async () => {
    const texts = [
      `#${'N'.repeat(4000)} `.repeat(4),
      `#${'2'.repeat(4000)} `.repeat(4),
      `s=${'A'.repeat(3000)}&`.repeat(5),
    ];
    for (const t of texts) {
      const t0 = Date.now();
      const r = await paste(t);
      assert.equal(r.status, 400);
      assert.ok(Date.now() - t0 < 1000, `${Date.now() - t0} ms`);
    }
  });
});
