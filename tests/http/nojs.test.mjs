// tests/http/nojs.test.mjs - a turn played without JavaScript: the
// landing page's box that opens a pasted link (GET /game?link=), the move
// forms of a page a browser navigated to (a play by square, direction and
// word; an exchange; a pass) posted to /game/turn, answered 303 to the next
// position's page, and every refusal, answered with the same board, the
// server's message and the forms as typed. The pages the script fetches
// (POST /game) carry none of it. A refused move is shown by a GET too
// (/game/turn?<the form>), so neither reload nor Back ever posts again.
// SPDX-License-Identifier: MIT
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, post, makeState, boardWith, encode, SECURITY_HEADERS } from './server.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => {
  assert.equal(await srv.stop(), 0, srv.log().slice(-2000));
});

const get = async (path) => {
  const r = await fetch(srv.url + path, { redirect: 'manual' });
  return { status: r.status, headers: r.headers, text: await r.text() };
};
// Posts the move form as a browser does.
const turn = async (fields, headers = {}) => {
  const r = await fetch(`${srv.url}/game/turn`, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  });
  return { status: r.status, headers: r.headers, text: await r.text() };
};
// Posts a move the server refuses: it answers 303 to the GET of the same
// fields (/game/turn?...), which shows the refusal; that page's answer.
const refusedTurn = async (fields, headers = {}) => {
  const r = await turn(fields, headers);
  assert.equal(r.status, 303, `${JSON.stringify(fields)}: ${message(r.text)}`);
  const loc = r.headers.get('location');
  assert.equal(loc, `/game/turn?${new URLSearchParams(fields)}`);
  const page = await get(loc);
  assert.equal(page.headers.get('cache-control'), 'no-store');
  return { ...page, location: loc };
};
const decode = async (state) => (await post(`${srv.url}/api/v1/decode`, { state })).body;
const message = (html) => (/<p class="msg err" id="msg" data-testid="message">(.*?)<\/p>/.exec(html) ?? [])[1];
const attr = (html, id, name) => (new RegExp(`id="${id}"[^>]*\\s${name}="([^"]*)"`).exec(html) ?? [])[1];
const forms = (html) => /<noscript><div data-testid="nojs-forms">/.test(html);

// P1 holds DOGSEAR on an empty board; P2 BIRDLEG.
const fresh = encode(makeState({ p1: [...'DOGSEAR'], p2: [...'BIRDLEG'] }));
// CAT across 8G-8I, P1 to move with DOGSEAR.
const withCat = encode(makeState({
  board: boardWith([[7, 6, 'H', 'CAT']]), p1: [...'DOGSEAR'], p2: [...'BIRDLEG'], score: 10,
}));

describe('the pages a browser navigates to carry the forms; the script\'s do not', () => {
  test('GET /?s=S and GET /game?s=S have the three forms, each with the position', async () => {
    for (const path of [`/?s=${encodeURIComponent(fresh)}`, `/game?s=${encodeURIComponent(fresh)}`]) {
      const r = await get(path);
      assert.equal(r.status, 200);
      assert.ok(forms(r.text), path);
      for (const f of ['nojs-play', 'nojs-exchange', 'nojs-pass']) {
        const m = new RegExp(`<form class="bar" method="post" action="/game/turn" data-testid="${f}">.*?</form>`).exec(r.text);
        assert.ok(m, `${path}: ${f}`);
        assert.ok(m[0].includes(`<input type="hidden" name="s" value="${fresh}">`), `${f} carries S`);
      }
      // One box for each rack tile, its value the tile.
      assert.deepEqual([...r.text.matchAll(/name="x(\d)" value="([A-Z?])"/g)].map((m) => m[1] + m[2]),
        ['0D', '1O', '2G', '3S', '4E', '5A', '6R']);
      assert.ok(!r.text.includes('read-only'), 'the board is no longer read-only without script');
    }
  });

  test('POST /game (the script opening a link) has none of it, nor the paste box', async () => {
    const r = await fetch(`${srv.url}/game`, { method: 'POST', body: new URLSearchParams({ s: fresh }) });
    const html = await r.text();
    assert.equal(r.status, 200);
    assert.ok(!html.includes('<noscript>'), 'no noscript block in a page the script fetches');
    assert.ok(!html.includes('/game/turn'));
    assert.ok(!html.includes('read-only'));
  });

  test('the landing page and the error page have the paste box', async () => {
    for (const path of ['/', '/game?s=2damaged']) {
      const r = await get(path);
      assert.match(r.text, /<noscript><form class="card" action="\/game"><h2><label for="paste">Paste a game link to open it<\/label><\/h2><input id="paste" name="link" required>/, path);
    }
  });
});

describe('the paste box opens a pasted link', () => {
  test('a whole link, its query form, S alone, with spaces: the same board as /game?s=S', async () => {
    const want = (await get(`/game?s=${encodeURIComponent(fresh)}`)).text;
    for (const pasted of [
      `http://localhost:8080/#${fresh}`,
      `  ${srv.url}/#${fresh}\n`,
      `https://collabble.example/?s=${encodeURIComponent(fresh)}&me=1`,
      fresh,
      `#${fresh}`,
      `http://h/#${encodeURIComponent(fresh)}`, // an app that escaped the fragment
    ]) {
      const r = await get(`/game?link=${encodeURIComponent(pasted)}`);
      assert.equal(r.status, 200, pasted);
      assert.equal(r.text, want, pasted);
    }
  });

  test('nothing to open, or too much, is said plainly', async () => {
    for (const pasted of ['', '   ', 'http://localhost:8080/#', 'http://localhost:8080/?me=1']) {
      const r = await get(`/game?link=${encodeURIComponent(pasted)}`);
      assert.equal(r.status, 400, JSON.stringify(pasted));
      assert.match(r.text, /no game link was pasted: paste the whole link/);
      assert.ok(r.text.includes('id="paste"'), 'the box is offered again');
    }
    const long = await get(`/game?link=${'A'.repeat(17000)}`);
    assert.equal(long.status, 413);
    const damaged = await get(`/game?link=${encodeURIComponent('http://h/#2QQQQ')}`);
    assert.equal(damaged.status, 400);
    assert.match(damaged.text, /This link is damaged/);
  });
});

describe('a turn played with the forms', () => {
  // DOGS from 8H across: D2 O1 G2 S1 = 6, the star's double word: 12.
  test('a play is answered 303 to the mover\'s next page, which a reload only shows again', async () => {
    const r = await turn({ s: fresh, act: 'play', at: '8H', dir: 'across', word: 'dogs' });
    assert.equal(r.status, 303, r.text);
    assert.equal(r.headers.get('cache-control'), 'no-store');
    const loc = r.headers.get('location');
    const m = /^\/game\?s=([A-Za-z0-9_-]+)&me=1$/.exec(loc);
    assert.ok(m, loc);
    const g = (await decode(m[1])).game;
    assert.equal(g.score, 12);
    assert.deepEqual(g.board[7].slice(7, 11), [...'DOGS']);
    assert.equal(g.turn, 'P2');
    const page = await get(loc);
    assert.equal(page.status, 200);
    assert.match(page.text, /data-view="wait"/);
    // The link to send, as a plain link (its "Copy link" is whole).
    assert.match(page.text, new RegExp(`<a href="/#${m[1]}" data-testid="nojs-link">`));
    assert.match(page.text, new RegExp(`<a href="/game\\?s=${m[1]}" data-testid="nojs-other">Play Player 2&#39;s turn on this device</a>`));
    assert.equal((await get(loc)).text, page.text, 'reloading shows the same page');
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) assert.equal(page.headers.get(k), v, k);
  });

  test('a play down through a letter on the board, and a blank in capitals', async () => {
    // EAR down from H7, through CAT's A on H8: E and R placed.
    const r = await turn({ s: withCat, act: 'play', at: 'H7', dir: 'down', word: 'EAR' });
    assert.equal(r.status, 303, message(r.text));
    const g = (await decode(/s=([^&]*)/.exec(r.headers.get('location'))[1])).game;
    assert.deepEqual([g.board[6][7], g.board[7][7], g.board[8][7]], ['E', 'A', 'R']);
    const blank = await refusedTurn({ s: withCat, act: 'play', at: 'H7', dir: 'down', word: 'eAr' });
    assert.equal(blank.status, 422, 'e and r as blanks: DOGSEAR has no blank');
    assert.match(message(blank.text), /That tile is not in your rack/);
  });

  test('an exchange of the boxes chosen, and a pass', async () => {
    const ex = await turn({ s: fresh, act: 'exchange', x0: 'D', x6: 'R' });
    assert.equal(ex.status, 303, message(ex.text));
    const s1 = /s=([^&]*)/.exec(ex.headers.get('location'))[1];
    const d = await decode(s1);
    assert.equal(d.history.moves.at(-1).type, 'exchange');
    assert.equal(d.game.hands.P1.length, 7);
    const pass = await turn({ s: s1, act: 'pass' });
    assert.equal(pass.status, 303);
    const s2 = /s=([^&]*)&me=2/.exec(pass.headers.get('location'))[1];
    assert.equal((await decode(s2)).game.consecutivePasses, 1);
    // The next pass would end the game: P1's form says so.
    const page = (await get(`/game?s=${s2}`)).text;
    assert.match(page, /data-testid="nojs-pass"><p id="nj-pass-q"><strong>Passing now ends the game<\/strong>: Player 2 passed last turn/);
    assert.match(page, /<button name="act" value="pass" aria-describedby="nj-pass-q">Pass and end the game<\/button>/);
  });

  test('the redirect names no origin, whatever the post says', async () => {
    // A browser posts "Origin: null" under the pages' no-referrer policy,
    // and another site's origin must never reach the page.
    for (const origin of ['null', 'https://evil.example', 'https://a/b"><script>']) {
      const r = await turn({ s: fresh, act: 'pass' }, { origin });
      assert.match(r.headers.get('location'), /^\/game\?s=[A-Za-z0-9_-]+&me=1$/, origin);
      const page = (await get(r.headers.get('location'))).text;
      assert.ok(!page.includes('evil'), origin);
    }
  });
});

describe('a refused move: the same board, the message, the forms as typed', () => {
  const refused = async (fields, status, msg) => {
    const r = await refusedTurn({ s: fresh, ...fields });
    assert.equal(r.status, status, `${JSON.stringify(fields)}: ${message(r.text)}`);
    assert.match(r.text, /data-view="board"/);
    assert.ok(forms(r.text), 'the forms again');
    if (msg) assert.match(message(r.text) ?? '', msg);
    return r.text;
  };

  test('a square that is none, kept as typed with the word and direction', async () => {
    const html = await refused({ act: 'play', at: 'Z9', dir: 'down', word: 'DOGS' }, 400,
      /^The move could not be read \(a square is a row from 1 to 15 and a column from A to O, as 8H\)\.$/);
    assert.equal(attr(html, 'nj-at', 'value'), 'Z9');
    assert.equal(attr(html, 'nj-word', 'value'), 'DOGS');
    assert.match(html, /<option value="down" selected>down<\/option>/);
  });

  test('every field missing, too long or not one of the choices', async () => {
    await refused({ act: 'play', at: '', word: 'DOGS' }, 400, /write the square the word starts on, as 8H/);
    await refused({ act: 'play', at: '8H', word: '' }, 400, /write the word\)/);
    await refused({ act: 'play', at: '8H', word: 'D' }, 400, /the word must have 2 to 15 letters/);
    await refused({ act: 'play', at: '8H', word: 'DO GS' }, 400, /letter 3 of the word is not a letter from A to Z/);
    await refused({ act: 'play', at: '8H', word: 'X'.repeat(40) }, 400, /the word is too long/);
    await refused({ act: 'play', at: '8H'.repeat(6), word: 'DOGS' }, 400, /the square is too long/);
    await refused({ act: 'play', at: '8H', dir: 'sideways', word: 'DOGS' }, 400, /the direction is across or down/);
    await refused({ act: 'play', at: '8N', word: 'DOGS' }, 400, /the word runs off the board at letter 3/);
    await refused({}, 400, /choose Play word, Exchange or Pass/);
    await refused({ act: 'resign' }, 400, /choose Play word, Exchange or Pass/);
    await refused({ act: 'exchange', x0: 'DD' }, 400, /a tile to exchange is one letter/);
    await refused({ act: 'exchange', x0: '1' }, 400, /&#39;1&#39; is not a tile/);
  });

  test('the rules\' refusals: the word where it was to go, its squares marked', async () => {
    const html = await refused({ act: 'play', at: '8H', word: 'DGOS' }, 422, /^Not in the dictionary: <strong>DGOS<\/strong>\.$/);
    assert.equal(attr(html, 'nj-word', 'value'), 'DGOS');
    assert.equal((html.match(/class="tile( bl)? used"/g) ?? []).length, 4, 'the four tiles out of the rack');
    await refused({ act: 'play', at: '8H', word: 'QUIZ' }, 422, /That tile is not in your rack/);
    await refused({ act: 'play', at: '1A', word: 'DOGS' }, 422, /The first word must cover the centre star/);
    await refused({ act: 'exchange' }, 422, /Choose at least one tile/);
  });

  test('a letter that differs from the board names its square', async () => {
    const r = await refusedTurn({ s: withCat, act: 'play', at: 'H7', dir: 'down', word: 'ERA' });
    assert.equal(r.status, 400);
    assert.match(message(r.text), /H8 already holds A, not R \(letter 2 of the word\)/);
    assert.match(r.text, /<p class="nojs" data-testid="nojs-where">The square at fault: H8\.<\/p>/);
  });

  test('an exchange refused keeps the boxes chosen', async () => {
    // Z is not in DOGSEAR (its slot 4 holds E): the rules refuse it.
    const ok = await refusedTurn({ s: fresh, act: 'exchange', x1: 'O', x3: 'S', x4: 'Z' });
    assert.equal(ok.status, 422);
    assert.match(ok.text, /name="x1" value="O" checked>/);
    assert.match(ok.text, /name="x3" value="S" checked>/);
    assert.doesNotMatch(ok.text, /name="x0" value="D" checked>/);
  });

  test('markup typed into the form comes back escaped', async () => {
    const html = await refused({ act: 'play', at: '"><b>', word: '<script>alert(1)</script>' }, 400);
    assert.ok(!html.includes('<script>alert'), 'no script echoed');
    assert.ok(!html.includes('"><b>'), 'no attribute broken out of');
  });

  test('the wrong method, not a form, a damaged or missing link', async () => {
    const put = await fetch(`${srv.url}/game/turn`, { method: 'PUT' });
    assert.equal(put.status, 405);
    assert.equal(put.headers.get('allow'), 'GET, HEAD, POST');
    const bare = await get('/game/turn');
    assert.equal(bare.status, 400);
    assert.match(bare.text, /no game was sent/);
    const json = await fetch(`${srv.url}/game/turn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(json.status, 400);
    assert.match(await json.text(), /send a form/);
    assert.equal((await turn({ act: 'pass' })).status, 400);
    const damaged = await turn({ s: '2QQQQ', act: 'pass' });
    assert.equal(damaged.status, 400);
    assert.match(damaged.text, /This link is damaged/);
    const over = encode(makeState({ p1: [...'DOGSEAR'], p2: [...'BIRDLEG'], gameOver: true, extra: { end: 'passes' } }));
    const r = await refusedTurn({ s: over, act: 'pass' });
    assert.equal(r.status, 422, 'game_over');
    assert.match(r.text, /data-view="over"/);
  });

  test('a crafted body that is no target is refused where it was posted', async () => {
    const r = await fetch(`${srv.url}/game/turn`, {
      method: 'POST', redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `s=${encodeURIComponent(fresh)}&act=play&at=8H&word=DG OS`,
    });
    assert.equal(r.status, 400);
    assert.match(message(await r.text()), /letter 3 of the word is not a letter/);
  });

  test('a GET of the form only judges the move, never makes it', async () => {
    const q = new URLSearchParams({ s: fresh, act: 'play', at: '8H', word: 'DOGS' });
    const r = await get(`/game/turn?${q}`);
    assert.equal(r.status, 200);
    assert.match(r.text, new RegExp(`data-state="${fresh.replace(/[+/]/g, '\\$&')}"`));
    assert.equal(message(r.text), undefined, 'no refusal');
    assert.equal(attr(r.text, 'nj-word', 'value'), 'DOGS');
  });
});
