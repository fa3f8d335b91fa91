// tests/http/partner.test.mjs - the computer partner through the JSON API,
// against the real collabble binary: starting a solo game, the refusals,
// the computer's reply (present, legal, the same from two processes and
// for the same request twice), the links read back by the server and by
// the independent reader, two-player links unchanged, the seat handed to
// a friend, whole games at each level, and a busy server.
// SPDX-License-Identifier: MIT
//
// Run: COLLABBLE_BIN=build/server/collabble \
//      COLLABBLE_SOWPODS=build/dict/sowpods.clx node --test tests/http/
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, post } from './server.mjs';
import { readLink } from '../node/link2.mjs';

let srv;
let other; // a second process, started separately
const api = (s, p) => `${s.url}/api/v1/${p}`;

before(async () => {
  srv = await startServer();
  other = await startServer();
});
after(async () => {
  if (srv) assert.equal(await srv.stop(), 0, srv.log());
  if (other) assert.equal(await other.stop(), 0, other.log());
});

function assertError(res, status, code, detail) {
  assert.equal(res.status, status, res.text);
  assert.equal(res.body.error.code, code, res.text);
  if (detail) assert.match(res.body.error.detail, detail);
}

const newGame = (body, s = srv) => post(api(s, 'games'), body);
const move = (state, m, more = {}, s = srv) => post(api(s, 'move'), { state, move: m, ...more });
const DROID = {
  type: 'play',
  tiles: [['D', 5], ['R', 6], ['O', 7], ['I', 8], ['D', 9]].map(([letter, col]) => ({ row: 7, col, letter })),
};

// The top play of the player to move, or a pass when there is none.
async function topPlay(state) {
  const r = await post(api(srv, 'plays'), { state, limit: 1 });
  assert.equal(r.status, 200, r.text);
  return r.body.plays.length ? r.body.plays[0].move : { type: 'pass' };
}

describe('starting a solo game', () => {
  test('each level: the link says so, the deal is the plain game\'s', async () => {
    const plain = await newGame({ seed: 'docs' });
    assert.equal(plain.body.state, '2PyMZABaPXQ', 'a two-player link is what it was');
    const seen = new Set();
    for (const level of ['casual', 'good', 'best']) {
      const r = await newGame({ seed: 'docs', partner: 'computer', level });
      assert.equal(r.status, 201, r.text);
      assert.deepEqual(r.body.history.partner, { level });
      assert.deepEqual(r.body.game.hands, plain.body.game.hands);
      assert.equal(readLink(r.body.state).start.partner, level);
      seen.add(r.body.state);
    }
    assert.equal(seen.size, 3);
    // Without a level: good. With "friend": a plain game.
    assert.deepEqual((await newGame({ seed: 'docs', partner: 'computer' })).body.history.partner, { level: 'good' });
    const friend = await newGame({ seed: 'docs', partner: 'friend' });
    assert.equal(friend.body.state, plain.body.state);
    assert.equal(friend.body.history.partner, undefined);
  });

  test('bad partner or level values are clear 400s; a classic link is 422', async () => {
    assertError(await newGame({ partner: 'robot' }), 400, 'bad_request', /partner: expected "friend" or "computer"/);
    assertError(await newGame({ partner: 7 }), 400, 'bad_request', /partner:/);
    assertError(await newGame({ partner: 'computer', level: 'expert' }), 400, 'bad_request', /level: expected "casual", "good" or "best"/);
    assertError(await newGame({ partner: 'computer', level: 'friend' }), 400, 'bad_request', /level: expected/);
    assertError(await newGame({ level: 'best' }), 400, 'bad_request', /level: only with "partner": "computer"/);
    assertError(await newGame({ partner: 'friend', level: 'best' }), 400, 'bad_request', /level: only with/);
    assertError(await newGame({ partner: 'computer', format: 'v1' }), 422, 'no_classic_link', /^a solo game: the computer holds Player 2's seat$/);
  });
});

describe('the computer\'s reply', () => {
  test('answers result, partnerMove and the state after the reply; the reply is legal', async () => {
    const g = await newGame({ seed: 'docs', partner: 'computer', level: 'best' });
    const r = await move(g.body.state, DROID);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body.result.words, ['DROID']);
    const reply = r.body.partnerMove;
    assert.ok(reply, 'a partnerMove');
    assert.equal(r.body.game.turn, 'P1');
    assert.equal(r.body.moveNumber, 2);
    const [mine, its] = r.body.history.moves;
    assert.equal(mine.computer, undefined);
    assert.equal(its.computer, true);
    assert.equal(its.player, 'P2');
    assert.equal(its.points, reply.points);
    assert.equal(r.body.game.score, 14 + reply.points);
    // Legal: the position after DROID alone (the seat handed over, so no
    // reply) previews the computer's move as valid, for the same points.
    const alone = await move(g.body.state, DROID, { handover: true });
    assert.equal(alone.status, 200, alone.text);
    assert.equal(alone.body.partnerMove, undefined);
    const { type, tiles } = reply;
    const p = await post(api(srv, 'preview'), { state: alone.body.state, move: type === 'pass' ? { type } : { type, tiles } });
    assert.equal(p.status, 200, p.text);
    assert.equal(p.body.valid, true, p.text);
    assert.equal(p.body.points, reply.points);
  });

  test('the same link posted twice, and to another process, gets the identical reply', async () => {
    for (const level of ['casual', 'good', 'best']) {
      const g = await newGame({ seed: `same ${level}`, partner: 'computer', level });
      const m = await topPlay(g.body.state);
      const a = await move(g.body.state, m);
      const b = await move(g.body.state, m);
      const c = await move(g.body.state, m, {}, other);
      assert.equal(a.status, 200, a.text);
      assert.ok(a.body.partnerMove);
      assert.equal(b.text, a.text);
      assert.equal(c.text, a.text);
    }
  });

  test('every link read back: by the server and by the independent reader', async () => {
    let state = (await newGame({ seed: 'read back', partner: 'computer', level: 'good' })).body.state;
    for (let turn = 0; turn < 4; turn++) {
      const r = await move(state, await topPlay(state));
      assert.equal(r.status, 200, r.text);
      state = r.body.state;
      const d = await post(api(srv, 'decode'), { state });
      assert.equal(d.status, 200, d.text);
      assert.deepEqual(d.body.history, r.body.history);
      const read = readLink(state);
      assert.equal(read.start.partner, 'good');
      assert.equal(read.moves.length, r.body.moveNumber);
      assert.deepEqual(read.moves.map((x) => Boolean(x.computer)), r.body.history.moves.map((x) => Boolean(x.computer)));
      assert.equal(read.game.score, r.body.game.score);
    }
  });

  test('a two-player game is as it was: no reply, the worked example\'s link', async () => {
    const r = await move('2PyMZABaPXQ', DROID);
    assert.equal(r.body.state, '2f0A2ABaPXXarDQA');
    assert.equal(r.body.partnerMove, undefined);
    assert.equal(r.body.game.turn, 'P2');
    const p = await move(r.body.state, { type: 'pass' });
    assert.equal(p.body.state, '2aqIzABaPXXarDQg');
    assertError(await move(p.body.state, { type: 'pass' }, { handover: true }), 400, 'bad_request', /already a friend's/);
    assertError(await move(p.body.state, { type: 'pass' }, { handover: 'yes' }), 400, 'bad_request', /handover: expected true or false/);
  });

  test('a whole solo game at each level ends by the rules, every reply the computer\'s', async () => {
    for (const level of ['casual', 'good', 'best']) {
      let r = await newGame({ seed: `whole ${level}`, partner: 'computer', level });
      let turns = 0;
      while (!r.body.game.gameOver) {
        assert.ok(++turns < 150, 'the game ends');
        r = await move(r.body.state, await topPlay(r.body.state));
        assert.equal(r.status, 200, r.text);
        if (!r.body.result.gameOver) assert.ok(r.body.partnerMove, 'a reply while the game goes on');
        else assert.equal(r.body.partnerMove, undefined);
      }
      const moves = r.body.history.moves;
      moves.forEach((m, i) => assert.equal(Boolean(m.computer), i % 2 === 1, `move ${i + 1}`));
      assert.ok(r.body.game.ending.reason, 'an ending');
      const read = readLink(r.body.state);
      assert.equal(read.moves.length, moves.length);
      assert.equal(read.game.score, r.body.game.score);
    }
  });
});

describe('handing the seat to a friend', () => {
  test('the human\'s move with handover: no reply, Player 2 to move, a friend from then on', async () => {
    const g = await newGame({ seed: 'docs', partner: 'computer', level: 'casual' });
    const h = await move(g.body.state, DROID, { handover: true });
    assert.equal(h.status, 200, h.text);
    assert.equal(h.body.game.turn, 'P2');
    assert.deepEqual(h.body.history.partner, { level: 'casual', handover: 1 });
    assert.equal(readLink(h.body.state).start.handover, 1);
    // The friend plays Player 2; then Player 1 again, and nobody replies.
    const f = await move(h.body.state, { type: 'pass' });
    assert.equal(f.status, 200, f.text);
    assert.equal(f.body.partnerMove, undefined);
    assert.equal(f.body.history.moves[1].computer, undefined);
    const n = await move(f.body.state, await topPlay(f.body.state));
    assert.equal(n.body.partnerMove, undefined);
    assert.equal(n.body.game.turn, 'P2');
    assertError(await move(n.body.state, { type: 'pass' }, { handover: true }), 400, 'bad_request', /already a friend's/);
    // A goals helper is no move: it hands nothing over, and with a solo
    // goals game it gets no reply either (the turn goes on).
    const goals = await newGame({ seed: 'docs', partner: 'computer', level: 'best', goals: 'easy' });
    assert.deepEqual(goals.body.history.partner, { level: 'best' });
    assertError(await move(goals.body.state, { type: 'helper', helper: 'peek' }, { handover: true }), 400, 'bad_request', /not a helper/);
    const peek = await move(goals.body.state, { type: 'helper', helper: 'peek' });
    assert.equal(peek.status, 200, peek.text);
    assert.equal(peek.body.partnerMove, undefined);
    assert.equal(peek.body.game.turn, 'P1');
    const after = await move(peek.body.state, DROID);
    assert.ok(after.body.partnerMove, 'the move after the helper gets its reply');
    assert.equal(readLink(after.body.state).start.partner, 'best');
    // The older link of the same game is still a solo game: the computer
    // replies there, as an older link always plays on from its own moves.
    const old = await move(g.body.state, DROID);
    assert.ok(old.body.partnerMove);
  });
});

describe('the pages', () => {
  const form = (fields) => new URLSearchParams(fields);
  const page = async (url, opts) => {
    const r = await fetch(url, { redirect: 'manual', ...opts });
    return { status: r.status, location: r.headers.get('location'), retry: r.headers.get('retry-after'), text: await r.text() };
  };
  const DROID_FORM = { act: 'play', at: '8F', dir: 'across', word: 'DROID' };

  test('the landing page and the daily deal offer a friend or the computer at three levels', async () => {
    const r = await page(`${srv.url}/`);
    for (const id of ['partner']) {
      assert.ok(r.text.includes(`<label for=${id}>Partner</label><select id=${id} name=partner>` +
        '<option value="">A friend<optgroup label="The computer"><option>casual<option>good<option>best</optgroup></select>'));
    }
    const solo = await page(`${srv.url}/new?seed=docs&partner=best`);
    assert.equal(solo.status, 200);
    assert.ok(solo.text.includes('data-state="20E0NABaPXeg"'), 'the API\'s solo link');
    const plain = await page(`${srv.url}/new?seed=docs&partner=`);
    assert.ok(plain.text.includes('data-state="2PyMZABaPXQ"'), 'a friend: the game for two');
    const random = await page(`${srv.url}/new?partner=casual`);
    assert.equal(random.status, 303);
    assert.match(random.location, /^\/new\?seed=[^&]+&partner=casual$/);
    const daily = await page(`${srv.url}/daily?partner=good`);
    assert.equal(daily.status, 303);
    assert.match(daily.location, /^\/daily\?date=\d{4}-\d\d-\d\d&partner=good$/);
    const deal = await page(`${srv.url}${daily.location}`);
    const s = deal.text.match(/data-state="([^"]+)"/)[1];
    assert.equal(readLink(s).start.partner, 'good');
    const bad = await page(`${srv.url}/new?seed=x&partner=robot`);
    assert.equal(bad.status, 400);
    assert.match(bad.text, /partner: expected friend, casual, good or best/);
  });

  test('without script: the form post answers with both moves, the link after the reply', async () => {
    const api = await move('20E0NABaPXeg', DROID);
    const r = await page(`${srv.url}/game/turn`, { method: 'POST', body: form({ s: '20E0NABaPXeg', ...DROID_FORM }) });
    assert.equal(r.status, 303);
    assert.equal(r.location, `/game?s=${api.body.state}&me=1`);
    const next = await page(`${srv.url}${r.location}`);
    assert.equal(next.status, 200);
    const words = api.body.partnerMove.words[0];
    assert.match(next.text, new RegExp(`data-testid="last-move">The computer ${api.body.partnerMove.type === 'play' ? `played <strong>${words}` : ''}`));
    assert.match(next.text, /<tr><th scope=row>1<td>P1<td><b>DROID/);
    assert.match(next.text, /<tr><th scope=row>2<td>P2 computer<td>/);
    // Player 1 plays on: the forms are there, with the hand-over box.
    assert.ok(next.text.includes('data-testid="nojs-play"'));
    assert.ok(next.text.includes('data-testid="nojs-handover-play"'));
  });

  test('with script: End Turn\'s page has the move, the reply to announce and the link after it', async () => {
    const api = await move('20E0NABaPXeg', DROID);
    const r = await page(`${srv.url}/game/move`, { method: 'POST', body: form({ s: '20E0NABaPXeg', move: JSON.stringify(DROID), me: '1' }) });
    assert.equal(r.status, 200);
    assert.ok(r.text.includes(`data-state="${api.body.state}"`));
    assert.match(r.text, /You played <strong>DROID<\/strong> for 14 points\./);
    assert.match(r.text, /<p id="reply" data-testid="partner-reply">The computer /);
    assert.ok(r.text.includes('data-testid="handover"'), 'the hand-over box beside End Turn');
  });

  test('handing the seat over from the page: no reply, Player 2\'s turn to send', async () => {
    const api = await move('20E0NABaPXeg', DROID, { handover: true });
    const r = await page(`${srv.url}/game/turn`, { method: 'POST', body: form({ s: '20E0NABaPXeg', ...DROID_FORM, handover: '1' }) });
    assert.equal(r.location, `/game?s=${api.body.state}&me=1`);
    const j = await page(`${srv.url}/game/move`, { method: 'POST', body: form({ s: '20E0NABaPXeg', move: JSON.stringify(DROID), me: '1', handover: '1' }) });
    assert.ok(j.text.includes(`data-state="${api.body.state}"`));
    assert.ok(!j.text.includes('id="reply"'));
    assert.match(j.text, /Waiting for Player 2/);
    // The friend's device opens it and plays Player 2: no computer since.
    const friend = await page(`${srv.url}/game?s=${api.body.state}`);
    assert.ok(friend.text.includes('data-testid="nojs-play"'));
    assert.ok(!friend.text.includes('nojs-handover'));
  });

  test('a two-player game\'s pages have no partner choice in play', async () => {
    const r = await page(`${srv.url}/game?s=2aqIzABaPXXarDQg`);
    assert.ok(!r.text.includes('handover'));
    assert.ok(!r.text.includes('computer'));
  });
});

describe('a busy server', () => {
  test('a reply past the searches it runs at once: 503 busy, nothing applied; the same request later gets the reply', async () => {
    const busy = await startServer({ args: ['--threads', '2'] });
    try {
      const g = await post(api(busy, 'games'), { seed: 'busy', partner: 'computer', level: 'best' });
      const m = await topPlay(g.body.state);
      const want = await move(g.body.state, m, {}, other);
      // A long game to review holds the one search place for a while.
      let state = (await post(api(busy, 'games'), { seed: 'long review' })).body.state;
      for (let i = 0; i < 40; i++) {
        const r = await post(api(busy, 'move'), { state, move: await topPlay(state) });
        if (r.body.game.gameOver) break;
        state = r.body.state;
      }
      let seen503 = false, page503 = false;
      const turnForm = new URLSearchParams({ s: '20E0NABaPXeg', act: 'play', at: '8F', dir: 'across', word: 'DROID' });
      // Each round: six replies, three End Turns without script and three
      // reviews at once, on two threads with one search place: the replies
      // themselves hold the place from each other.
      for (let round = 0; round < 60 && !(seen503 && page503); round++) {
        const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 === 0
          ? post(api(busy, 'move'), { state: g.body.state, move: m })
          : i % 4 === 1
            ? fetch(`${busy.url}/game/turn`, { method: 'POST', body: turnForm, redirect: 'manual' })
              .then(async (r) => ({ page: true, status: r.status, headers: r.headers, text: await r.text() }))
            : post(api(busy, 'review'), { state }))));
        for (const a of answers.filter((x) => x.page)) {
          if (a.status === 503) {
            // The page without script keeps the move typed, and says why.
            page503 = true;
            assert.equal(a.headers.get('retry-after'), '1');
            assert.match(a.text, /your move was not made, and is still here/);
            assert.match(a.text, /name="word"[^>]*value="DROID"/);
          } else assert.equal(a.status, 303);
        }
        for (let i = 0; i < answers.length; i += 2) {
          const a = answers[i];
          if (a.status === 503) {
            seen503 = true;
            assert.equal(a.body.error.code, 'busy', a.text);
            assert.equal(a.headers.get('retry-after'), '1');
          } else {
            assert.equal(a.status, 200, a.text);
            assert.equal(a.text, want.text, 'the reply whatever the load');
          }
        }
      }
      assert.ok(seen503, 'some reply found the search places taken');
      assert.ok(page503, 'some End Turn without script found them taken');
      // Nothing was lost: the request as it was, now, gets the reply.
      const again = await post(api(busy, 'move'), { state: g.body.state, move: m });
      assert.equal(again.text, want.text);
      // A two-player move never waits for a search place.
      const plain = await post(api(busy, 'move'), { state: '2PyMZABaPXQ', move: DROID });
      assert.equal(plain.status, 200);
    } finally {
      assert.equal(await busy.stop(), 0, busy.log());
    }
  });
});
