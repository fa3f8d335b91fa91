/* static/app.js - the thin layer that makes the server's pages playable.
 * The server renders every page. This script opens a turn link /#S by
 * posting S to /game and swapping in the returned #app (the address bar
 * stays on /#S: reload and back just work), keeps this turn's tiles
 * (clicks, keys, drag and drop), previews them via /api/v1/preview and
 * posts moves to /game/move. It remembers in localStorage, per game, the
 * newest position, which player this device is (sent with each request
 * as `me`, so the server shows the partner's turn read-only) and the
 * tiles placed but not yet played; and blind mode. Nothing inline: the
 * CSP forbids it. Hooks, keys and storage: docs/UI.md. Minified at build
 * time (esbuild), so names and comments cost the player nothing. */
/* SPDX-License-Identifier: MIT */
(() => {
  'use strict';
  var root = document.documentElement;
  // Where the app is mounted ('' at the root, '/collabble' under a
  // sub-path): the server writes this script's address under it, as
  // BASE/static/app.js, so every address below is BASE + the app's path.
  var BASE = new URL('..', document.currentScript.src).pathname.replace(/\/$/, '');
  var KEY = 'collabble:game:', BLIND = 'collabble:blind', BEST = 'collabble:bests';
  var OLDER = 'This is an older position: open the newest, or play from here to start a new branch.',
    SENDING = 'Your move is being sent: wait for the answer.',
    TURN = '#rack .tile,#end-turn,#exchange,#pass,#recall,#shuffle';
  var VAL = [1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10];
  var PREM = { tw: 'triple word', dw: 'double word', tl: 'triple letter', dl: 'double letter' };
  var DIRS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  var app, S = '', want = null, live, picker, onPick, toast, toastTimer;
  var pending = [];   // this turn's tiles: {row, col, letter, blank, idx}
  var sel = -1, blankAs = '', mode = 'play', busy = false, invalid = false;
  var cur = [7, 7], dir = [0, 1], armed = false; // typing cursor and direction
  var seq = 0, timer = 0;         // newest preview wins
  var drag = null, dragged = false, zoomAuto = true, touch = false; // touch: the last press was a finger's
  var locked = false, fork = '';  // an older position: read-only, unless the player chose to branch from it (fork = its S)
  var title0 = document.title;    // the page's title as the server wrote it

  root.classList.add('js');
  if (hashState()) root.classList.add('loading'); // no flash of the landing page

  /* ---- small helpers ---- */
  function $(id) { return document.getElementById(id); }
  function all(sel, el) { return Array.prototype.slice.call((el || app).querySelectorAll(sel)); }
  function attr(el, a) { return el.getAttribute(a); }
  function has(el, c) { return el.classList.contains(c); }
  function setA(el, a, v) { el.setAttribute(a, v); }
  function one(sel) { return app.querySelector(sel); }
  function store(k, v) {
    try {
      if (v === undefined) return localStorage.getItem(k);
      if (v === null) localStorage.removeItem(k); else localStorage.setItem(k, v);
    } catch (e) { /* private mode */ }
    return null;
  }
  function parse(text) { try { return JSON.parse(text); } catch (e) { return null; } }
  function hashState() {
    var h = location.hash.slice(1);
    try { return decodeURIComponent(h); } catch (e) { return h; }
  }
  function el(tag, props, testid) {
    var e = document.createElement(tag);
    Object.keys(props).forEach((k) => { e[k] = props[k]; });
    if (testid) setA(e, 'data-testid', testid);
    return e;
  }
  function announce(msg) {
    if (!live) return;
    live.textContent = ''; // cleared first so a repeated message speaks again
    setTimeout(() => { live.textContent = msg; }, 30);
  }
  // What a sighted player must see too (a tap that did nothing, a letter
  // not on the rack): announced, and shown until the next press or key
  // (it is no longer true then) or for a few seconds, where it covers no
  // control: the lowest free band of the window, else in the page's flow
  // at the end of the message line's panel, so that no control moves.
  function hint(msg) {
    announce(msg);
    if (!toast) {
      toast = el('div', { className: 'toast' }, 'toast');
      setA(toast, 'aria-hidden', 'true'); // #live speaks it
    }
    toast.textContent = msg;
    toast.className = 'toast';
    Object.assign(toast.style, { visibility: 'hidden', left: 0, top: 0, bottom: 'auto' });
    toast.hidden = false;
    document.body.appendChild(toast);
    var at = freeSpot(toast.offsetWidth, toast.offsetHeight), m = $('msg');
    if (at) {
      toast.style.left = at[0] + 'px';
      toast.style.top = at[1] + 'px';
    } else if (m) {
      toast.className = 'toast inflow';
      m.parentNode.append(toast); // below the turn's controls: none of them moves
    }
    toast.style.visibility = '';
    clearTimeout(toastTimer);
    toastTimer = setTimeout(unhint, 3500);
  }
  // A press or a key ends a hint; the bag's list closes at a press outside
  // it, or at Escape (which then cancels nothing else).
  function unhint(e) {
    var b = $('bagbox');
    if (toast) toast.hidden = true;
    if (b && b.open && e && (e.key ? e.key === 'Escape' : !b.contains(e.target))) {
      b.open = false;
      if (e.key) e.stopPropagation();
    }
  }
  // Where a w x h box covers no control in view: [left, top], or null.
  function freeSpot(w, h) {
    var W = document.documentElement.clientWidth, H = innerHeight, xs = [(W - w) / 2, W - w - 8, 8], rs = [];
    document.querySelectorAll('button,a[href],input,select,summary,[tabindex="0"]').forEach((e) => {
      var r = e.getBoundingClientRect();
      if (r.width && r.height && r.bottom > 0 && r.top < H && !e.closest('[hidden]')) rs.push(r);
    });
    for (var y = H - h - 8; y >= 0; y -= 8) {
      for (var i = 0; i < 3; i++) {
        var x = xs[i];
        if (x >= 0 && !rs.some((r) => r.bottom > y && r.top < y + h && r.right > x && r.left < x + w)) return [x, y];
      }
    }
    return null;
  }
  function coord(r, c) { return String.fromCharCode(65 + c) + (r + 1); }
  function cell(r, c) { return one('#board>[data-row="' + r + '"][data-col="' + c + '"]'); }
  function rackTile(i) { return one('#rack [data-index="' + i + '"]'); }
  function isCell(el) { return el.parentNode && el.parentNode.id === 'board'; }
  function pos(el) { return [+attr(el, 'data-row'), +attr(el, 'data-col')]; }
  function pts(n) { return n + (n === 1 ? ' point' : ' points'); }
  function view() { return app ? attr(app, 'data-view') : ''; }
  function playable() { return view() === 'board' && !locked; }
  function gameId() { return app && attr(app, 'data-game-id'); }
  function turn() { return +attr(app, 'data-turn'); }

  /* ---- localStorage: one record per game ----
   * collabble:game:<gameId> = the line of the game this device plays (its
   * newest position), the other lines it keeps (branches), which player
   * this device is (me, and `as` for one turn played with the other rack)
   * and the tiles placed but not played (draft). docs/UI.md lists every
   * field. A line is known by its chain: the hash of every position from
   * the first, five characters each, as the server writes data-chain. */
  var LINE = ['state', 'savedAt', 'score', 'turn', 'over', 'move', 'start', 'tiles', 'chain'];
  function record(id) { var r = parse(store(KEY + id)); return r && typeof r === 'object' ? r : null; }
  function save(id, r) { store(KEY + id, JSON.stringify(r)); }
  function meOf(id) { var r = id && record(id); return r && (r.me === 1 || r.me === 2) ? r.me : 0; }
  function setMe(id, me) { var r = record(id) || {}; r.me = me; save(id, r); }
  // Who this device is on position s: itself, unless it chose to play the
  // other rack for that one turn.
  function whoOn(id, s) { var r = id && record(id); return r && r.as && r.as.state === s ? r.as.me : meOf(id); }
  function pick(o) { var l = {}; LINE.forEach((k) => { if (o[k] !== undefined) l[k] = o[k]; }); return l; }
  // Every line the record keeps, the one in play first.
  function lines(r) {
    return r && typeof r.state === 'string' && r.state ? [pick(r)].concat((r.branches || []).filter((b) => b && b.state)) : [];
  }
  function setLines(r, ls) {
    LINE.forEach((k) => { delete r[k]; });
    Object.assign(r, ls[0] || {});
    r.branches = ls.slice(1);
    if (!r.branches.length) delete r.branches;
  }
  function lineOf(x) {
    return { state: attr(x, 'data-state'), savedAt: Date.now(), score: +attr(x, 'data-score'), turn: +attr(x, 'data-turn'),
      over: x.hasAttribute('data-over'), move: +attr(x, 'data-move'), start: attr(x, 'data-start'), tiles: +attr(x, 'data-tiles'),
      chain: attr(x, 'data-chain') || '' };
  }
  function hashes(c) { return (c || '').match(/.{5}/g) || []; }
  // Move number of a line's position i (its chain's i-th).
  function moveAt(l, i) { return l.move - (hashes(l.chain).length - 1 - i); }
  // What position p is to line l: the same position ('same', i), an older
  // one on it ('older', i = where), a position further on ('newer'), or
  // another line ('branch', i = p's last position in common, or -1).
  function relate(p, l) {
    var pc = hashes(p.chain), lc = hashes(l.chain), i;
    if (!pc.length || !lc.length) { // a record from before the chain: by move number, or tiles
      if (p.state === l.state) return { rel: 'same', i: 0 };
      return { rel: (p.start === l.start ? l.move > p.move : l.tiles > p.tiles) ? 'older' : 'newer', i: -1 };
    }
    i = lc.indexOf(pc[pc.length - 1]);
    if (i === lc.length - 1) return { rel: 'same', i: i };
    if (i >= 0) return { rel: 'older', i: i };
    if (pc.indexOf(lc[lc.length - 1]) >= 0) return { rel: 'newer', i: -1 };
    for (i = pc.length - 1; i >= 0 && lc.indexOf(pc[i]) < 0; i--);
    return { rel: 'branch', i: i };
  }
  // The first kept line that p stands to as `rel`, with where.
  function related(p, ls, rel) {
    for (var k = 0; k < ls.length; k++) {
      var x = relate(p, ls[k]);
      if (x.rel === rel) return { line: ls[k], k: k, i: x.i };
    }
    return null;
  }
  function savedGames() {
    var out = [];
    try {
      for (var i = 0; i < localStorage.length; i++) {
        var k = localStorage.key(i), r = k.indexOf(KEY) === 0 && record(k.slice(KEY.length));
        if (r && typeof r.state === 'string' && r.state) {
          r.id = k.slice(KEY.length);
          r.lines = lines(r).sort((a, b) => (b.savedAt || 0) - (a.savedAt || 0));
          out.push(r);
        }
      }
    } catch (e) { /* private mode */ }
    return out.sort((a, b) => (b.lines[0].savedAt || 0) - (a.lines[0].savedAt || 0));
  }
  // The game one of whose kept lines is at s, if any (to say who we are at once).
  function ownerOf(s) {
    var g = savedGames().filter((r) => r.lines.some((l) => { return l.state === s; }))[0];
    return g ? g.id : '';
  }
  // The notice above the page: a landmark of its own, named by its kind.
  function notice(x, testid, text, acts) {
    var box = el('aside', { className: 'stale', textContent: text + ' ' }, testid);
    setA(box, 'aria-label', testid === 'stale' ? 'An older position' : 'A branch of the game');
    acts.forEach((a) => { box.appendChild(a); });
    (x.querySelector('.stale') ? x.querySelector('.stale').replaceWith(box) : x.querySelector('main').before(box));
    return box;
  }
  function newest(l, testid, text) {
    return el('a', { className: 'btn primary', href: BASE + '/#' + l.state, textContent: text || 'Open the newest (move ' + l.move + ')' }, testid);
  }
  // An older position: read-only, the newest as the main action, and the
  // explicit choice to play from here, which starts a new branch. The
  // first position of a game this device keeps finished (today's deal
  // opened again from its result): see the result, or play it again.
  function lockStale(x, p, hit) {
    var at = moveAt(hit.line, hit.i), again = !at && hit.line.over, b;
    locked = view() === 'board';
    x.classList.add('locked');
    all(TURN, x).forEach((t) => { t.disabled = true; });
    b = el('button', { className: 'btn', textContent: again ? 'Play it again: a replay, beside the finished game'
      : 'Play from here: this starts a new branch of the game' }, 'branch-here');
    b.id = 'branch-here';
    notice(x, 'stale', again ? 'This game is finished: final score ' + hit.line.score + '.'
      : 'This is move ' + at + ' of this game; you have move ' + hit.line.move + '.',
      [newest(hit.line, 'stale-newest', again && 'See the result')].concat(locked ? [b] : []));
    nameAll(x); // no "Your turn" in the title now
  }
  // Keeps the page's position in the game's record. The same position as
  // a kept line: nothing changes (a classic link of it continues that
  // line's history). Further on a kept line: it becomes that line's
  // newest. Older than a kept line: nothing is kept and the page is
  // read-only (lockStale) unless the player chose to branch from it.
  // Anything else, or a move made from a chosen older position, is a new
  // branch, kept beside the others: nothing is ever overwritten.
  function keep(x) {
    var id = attr(x, 'data-game-id'), r, ls, now, hit, moved = x.hasAttribute('data-moved');
    if (!id) return;
    now = lineOf(x);
    r = record(id) || {};
    ls = lines(r);
    if (moved) delete r.as; // the one turn played with the other rack is over
    if ((hit = related(now, ls, 'same'))) {
      if (hit.line.state !== S && !moved) { // a classic link of a position this device holds: its history goes on
        history.replaceState(null, '', BASE + '/#' + hit.line.state);
        announce('This link is move ' + hit.line.move + ' of your game: its whole history is here.');
        return load(hit.line.state);
      }
      now.savedAt = hit.line.savedAt || now.savedAt; // last played, not last looked at
      ls.splice(hit.k, 1);
    } else if (!moved && (hit = related(now, ls, 'older'))) {
      if (fork !== S) return lockStale(x, now, hit);
      notice(x, 'branching', 'You are playing from move ' + moveAt(hit.line, hit.i) + ': your move starts a new branch of the game, and your line to move ' +
        hit.line.move + ' stays in Your games.', [newest(hit.line, 'stale-newest')]);
      return; // nothing is kept until the move is made
    } else if ((hit = related(now, ls, 'newer'))) {
      ls.splice(hit.k, 1);
    } else if (ls.length) {
      hit = ls.map((l) => relate(now, l)).reduce((a, b) => b.i > a.i ? b : a);
      notice(x, 'branch', fork === S || moved ? 'A new branch of this game: your line to move ' + ls[0].move + ' is kept in Your games.'
        : hit.i >= 0 ? 'This link branches from your game at move ' + moveAt(now, hit.i) + '. Both lines are kept in Your games.'
          : 'This link is another line of this game. Both lines are kept in Your games.', [newest(ls[0], 'branch-newest', 'Open your line (move ' + ls[0].move + ')')]);
    }
    if (r.draft && r.draft.state !== S) delete r.draft;
    if (attr(x, 'data-daily')) r.daily = attr(x, 'data-daily');
    ls.unshift(now);
    setLines(r, ls);
    save(id, r);
  }
  // Which player this device is: once set it stays (Switch changes it);
  // a device new to a game is the player to move in the first position it
  // opens: the one who started it is Player 1, the first to open a link
  // for Player 2's turn is Player 2.
  function identify(x) {
    var id = attr(x, 'data-game-id');
    if (id && !meOf(id) && !x.hasAttribute('data-over')) setMe(id, +attr(x, 'data-turn'));
  }
  function me() { return whoOn(gameId(), S) || turn(); }
  // The line kept since (another tab moved) that this position has fallen
  // behind, if any (and it is not the branch the player chose).
  function ahead() { return fork !== S && related(lineOf(app), lines(record(gameId())), 'older'); }
  // Just before a move is sent: has this position fallen behind? Then it
  // is locked, and nothing sent.
  function behind() {
    var hit = !locked && ahead();
    if (hit) { lockStale(app, lineOf(app), hit); hint(one('.stale').firstChild.textContent + ' Open the newest, or play from here.'); }
    return !!hit || locked;
  }

  /* ---- the tiles placed on a position, kept across a reload ---- */
  function saveDraft() {
    var id = gameId(), r = id && record(id);
    if (!r || !playable()) return;
    var order = all('#rack .tile').map((t) => +attr(t, 'data-index'));
    var moved = order.some((v, i) => v !== i);
    if (pending.length || moved) {
      r.draft = { state: S, order: order, tiles: pending.map((p) => [p.row, p.col, p.letter, p.blank ? 1 : 0, p.idx]) };
    } else {
      delete r.draft;
    }
    save(id, r);
  }
  function restoreDraft() {
    var r = record(gameId()), d = r && r.draft, rack = $('rack');
    if (!d || d.state !== S || !rack || pending.length) return;
    (d.order || []).forEach((i) => { var t = rackTile(i); if (t) rack.appendChild(t); });
    (d.tiles || []).forEach((x) => {
      var sq = cell(x[0], x[1]), t = rackTile(x[4]);
      if (!sq || !t || has(sq, 't') || has(t, 'used') ||
        attr(t, 'data-letter') !== (x[3] ? 'BLANK' : x[2]) || !/^[A-Z]$/.test(x[2])) return;
      pending.push({ row: x[0], col: x[1], letter: x[2], blank: !!x[3], idx: x[4] });
      paint(sq, x[2], !!x[3], x[4]);
      t.classList.add('used');
    });
    if (pending.length) { changed(); announce('Your placed tiles are back on the board.'); }
  }

  /* ---- pages ---- */
  function fetchPage(url, opts) {
    return fetch(url, opts).then((r) => r.text())
      .then((html) => new DOMParser().parseFromString(html, 'text/html'));
  }
  // The form every page request carries: the state, who this device is
  // and the page's origin (for the share area's link and QR code).
  function form(s, who, extra) {
    var f = new URLSearchParams(extra || {});
    f.set('s', s);
    f.set('origin', location.origin);
    if (who) f.set('me', who);
    return f;
  }
  function openPage(s, who) { return fetchPage(BASE + '/game', { method: 'POST', body: form(s, who) }); }
  function swapIn(doc) {
    var next = doc.getElementById('app'), score = app && one('#score');
    if (!next) throw new Error('no page');
    title0 = doc.title;
    next = document.adoptNode(next);
    complete(next); // all before it is seen
    applyBlind(next);
    lost = app.contains(document.activeElement); // the focus goes with the old page
    app.replaceWith(next);
    adopt(next);
    var now = $('score');
    if (score && now && score.textContent !== now.textContent) now.classList.add('bump');
  }
  // Shows position s ('' = landing); the address bar already says /#s.
  // When the device's player is only known from the answer (the first
  // time this browser sees the link) and it is the partner's turn, the
  // page is asked again for its waiting view, before anything is shown.
  // `moved`: s is the position just made here (it stays marked so).
  function load(s, moved) {
    var who = s ? whoOn(ownerOf(s), s) : 0;
    want = s;
    return (s ? openPage(s, who) : fetchPage(BASE + '/'))
      .then((doc) => {
        var a = doc.getElementById('app'), m = a && !who ? meOf(attr(a, 'data-game-id')) : 0;
        return m && attr(a, 'data-view') === 'board' && m !== +attr(a, 'data-turn') ? openPage(s, m) : doc;
      })
      .then((doc) => {
        if (want !== s) return;
        if (moved && doc.getElementById('app')) setA(doc.getElementById('app'), 'data-moved', 1);
        swapIn(doc);
        if (S && S !== s) history.replaceState(null, '', BASE + '/#' + S); // the link the server found in s ("/#S." from a chat)
        focusMain();
      }, () => { fail('Could not reach the Collabble server. Check the connection and reload.'); })
      .then(() => { if (want === s) { want = null; root.classList.remove('loading'); } }); // unless it led on to another
  }
  function sync() {
    var h = hashState();
    if (h !== S && h !== want) load(h);
  }
  function fail(msg) {
    var m = $('msg');
    if (m) { m.textContent = msg; m.className = 'msg err'; }
    hint(msg);
  }
  // Takes over a freshly shown #app, including tiles the server kept in
  // place after a refused move, or this browser kept across a reload.
  // What a page the script fetches leaves to the script, which runs it:
  // the rack tiles' index, letter and name (read off each tile's face),
  // the zoom and shuffle buttons, the blind-mode eye's icon, the
  // exchange's bar and the help on its controls. A page a browser
  // navigated to carries the tiles' names for readers without script; the
  // rest is added to it the same way.
  var EYE = '<svg viewBox="0 0 24 24" aria-hidden=true focusable=false><path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z"/><circle cx=12 cy=12 r=3 /><path class=slash d="M3 3l18 18"/></svg>';
  // [where, what it is, its markup, where it goes (after, by default)]
  var MADE = [
    ['#last-move', '#zoom', '<button id=zoom class="zoom needs-js" data-testid=zoom aria-pressed=false>Zoom board</button>'],
    ['#rack-h', '#shuffle', '<button id=shuffle class="minor needs-js" data-testid=shuffle>Shuffle</button>'],
    ['#pass-bar', '#ex-bar', '<div class="bar needs-js" id=ex-bar hidden><p>Choose the tiles to exchange, then confirm.</p><button class=primary id=ex-confirm data-testid=exchange-confirm disabled>Exchange</button><button id=ex-cancel data-testid=exchange-cancel>Cancel</button></div>', 'beforebegin'],
    // A <noscript> help (a page navigated to) is text here, not a .help.
    ['.play+[aria-label=Partner]', '.help', '<details class="panel help"><summary>How to play</summary><p>Drag tiles from your rack to the board, or tap a tile, then a square; tap a placed tile to take it back. The points show before you end your turn.</p><p>Keys: Enter picks a tile, arrows move, Enter places it; or type letters on the board, the way the arrow shows (Enter on an empty square turns it). Escape cancels.</p></details>']
  ];
  function complete(x) {
    x.querySelectorAll('#rack>.tile').forEach((t, i) => {
      if (t.hasAttribute('data-letter')) return;
      var bl = has(t, 'bl'), l = bl ? 'BLANK' : t.firstChild.nodeValue, v = t.querySelector('sub').textContent;
      setA(t, 'data-index', i);
      setA(t, 'data-letter', l);
      setA(t, 'aria-pressed', 'false');
      setA(t, 'aria-label', (bl ? 'Blank tile' : l) + ', ' + pts(+v));
    });
    MADE.forEach((m) => {
      var at = x.querySelector(m[0]);
      if (at && !x.querySelector(m[1])) at.insertAdjacentHTML(m[3] || 'afterend', m[2]);
    });
    var eye = x.querySelector('#eye');
    if (eye && !eye.firstChild) eye.innerHTML = EYE;
  }
  function adopt(x) {
    complete(x);
    app = x;
    unhint();
    S = attr(x, 'data-state') || '';
    // A square's place among the board's buttons is its coordinate.
    all('#board>button').forEach((b, i) => { setA(b, 'data-row', i / 15 | 0); setA(b, 'data-col', i % 15); label(b); });
    sel = -1; blankAs = ''; mode = 'play'; busy = false; invalid = false; armed = false; zoomAuto = true; locked = false;
    clearTimeout(timer); seq++;
    pending = all('#board>.pd').map((c) => {
      var p = pos(c);
      return { row: p[0], col: p[1], letter: attr(c, 'data-letter'), blank: c.hasAttribute('data-blank'), idx: +attr(c, 'data-from') };
    });
    cur = pending.length ? [pending[0].row, pending[0].col] : [7, 7];
    all('#board>button').forEach((c) => { c.tabIndex = -1; }); // roving tabindex
    cursorTo(cur[0], cur[1]);
    if ($('link') && S) $('link').value = url();
    if (navigator.share) all('.share').forEach((b) => { b.hidden = false; });
    applyBlind(x);
    if (S) { identify(x); keep(x); } // an older position (Back, an old link) is not kept
    if (playable()) restoreDraft();
    var ml = $('moves');
    if (ml) ml.scrollTop = ml.scrollHeight; // the newest move in view
    fit();
    review();
    if (view() === 'error' || view() === 'landing' && !hashState()) listed((L) => L.fill()); // not the shell a game link opens in
    nameAll(x);
    namesForm(x);
    var m = $('msg'), send = $('send');
    if (m && m.textContent) announce(m.textContent);
    else if (send) announce($('send-h').textContent + '. ' + (send.querySelector('p') ? send.querySelector('p').textContent : ''));
    else if (one('.stale')) announce(one('.stale').textContent);
    else if (playable() && $('last-move') && !/^New game/.test($('last-move').textContent)) announce(theirMove());
  }
  // The partner's move as the page opens on this device's turn: "Player 2
  // played TOWELED at 5E for 44 points. Your turn, score 70." (where the
  // word starts, as the review and the GCG write it: row then column
  // across, column then row down).
  function theirMove() {
    var l = all('#board>.lm'), t = $('last-move').textContent, p, d, k;
    if (l.length && /played/.test(t)) {
      p = pos(l[0]);
      k = (r, c) => cell(r, c) && has(cell(r, c), 't');
      d = (l.length > 1 ? pos(l[1])[0] === p[0] : k(p[0], p[1] - 1) || k(p[0], p[1] + 1)) ? [0, 1] : [1, 0];
      while (k(p[0] - d[0], p[1] - d[1])) p = [p[0] - d[0], p[1] - d[1]];
      t = t.replace(' for ', ' at ' + (d[1] ? p[0] + 1 + coord(0, p[1])[0] : coord(p[0], p[1])) + ' for ');
    }
    return t + ' Your turn, score ' + attr(app, 'data-score') + '.';
  }
  // Where the focus goes as a page comes in: the share area's link, End
  // Turn after a refused move, else, when it was on the page that went
  // (the switch to the other rack, say), the rack. A finished game opens
  // at its result.
  var lost = false;
  function focusMain() {
    var t = $('copy-link') || ($('msg') && $('msg').textContent && $('end-turn')) ||
      (lost && playable() && one('#rack .tile:not(.used)')), o = $('game-over');
    if (t && !t.disabled) t.focus({ preventScroll: !!o });
    if (o) o.scrollIntoView({ block: 'nearest' });
  }
  // Tabs of one game stay in step. Another tab kept a position further on
  // this page's line: a waiting page follows it (the partner's link was
  // opened there), a page that could play becomes read-only with the
  // notice, so this device never plays one turn twice; the landing page
  // lists the games anew.
  function onStorage(e) {
    if (!app || !e.key || e.key.indexOf(KEY) !== 0) return;
    if (view() === 'landing' || view() === 'error') return listed((L) => L.games());
    if (e.key !== KEY + gameId() || !S || fork === S) return;
    var now = lineOf(app), hit = related(now, lines(parse(e.newValue)), 'older');
    if (!hit) return;
    if (view() === 'wait') {
      history.pushState(null, '', BASE + '/#' + hit.line.state);
      return load(hit.line.state);
    }
    if (locked) return;
    recallAll();
    setMode('play');
    lockStale(app, now, hit);
    hint(one('.stale').firstChild.textContent + ' Another tab moved on.');
  }

  // The move list wraps between words; only where its longest words
  // cannot stand side by side in its box does it break them (.tight).
  function fit() {
    var m = $('moves');
    if (!m) return;
    m.classList.remove('tight');
    m.classList.toggle('tight', m.scrollWidth > m.clientWidth);
  }

  /* ---- the review: each turn's best play (and a finished game's total), for a page without it ---- */
  function review(tries) {
    var s = S, td = all('#moves tr:not(.start)>td:nth-child(6)');
    tries = tries || 0;
    if (td.length && !td[0].textContent) fetch(BASE + '/game/review', { method: 'POST', body: new URLSearchParams({ s: s }) }).then((r) => {
      // A server busy with other searches (503) says when to ask again.
      if (r.status == 503 && tries < 3) return setTimeout(() => { if (s === S) review(tries + 1); }, 1e3 * (+r.headers.get('Retry-After') || 1));
      return r.text().then((html) => {
        var doc = new DOMParser().parseFromString(html, 'text/html'), got = doc.querySelectorAll('td'), total = doc.getElementById('review-total'), at = $('review-total');
        if (s === S && got.length === td.length) { td.forEach((c, i) => { c.replaceWith(got[i]); }); fit(); }
        if (s === S && total && at) { at.replaceWith(total); graded(total); } // the game-over page's total
      });
    }).catch(() => {});
  }

  /* ---- a finished game's result (the server's text and grade) and this device's bests ---- */
  function day(d) { return Date.parse(d) / 864e5; }
  // The game-over page's total is in: the result's buttons, the grade for
  // the list, and this device's bests (not from a game it only looked at).
  function graded(t) {
    var id = gameId(), r = record(id), g = attr(t, 'data-grade'), p = +attr(t, 'data-pct'), d = attr(app, 'data-daily'), b = parse(store(BEST)) || {};
    $('result').hidden = false;
    if (!r) return;
    if (g) save(id, (r.grade = [S, g + ' (' + p + '%)'], r));
    if (!meOf(id)) return;
    b.score = Math.max(b.score | 0, +attr(app, 'data-score'));
    if (g) b.pct = Math.max(b.pct | 0, p);
    if (d > (b.day || '')) { b.streak = day(d) - day(b.day) === 1 ? b.streak + 1 : 1; b.day = d; }
    store(BEST, JSON.stringify(b));
  }
  function result(t) {
    var x = attr($('review-total'), 'data-result');
    if (t.id === 'copy-result') copy(t, x + '\n' + url());
    else navigator.share({ title: 'Collabble', text: x, url: url() }).catch(() => {});
  }
  // The landing and error pages' list of the games this browser keeps,
  // and this device's bests, are static/landing.js's: loaded the first
  // time such a page is shown (a game link's first visit never loads it),
  // it takes what it needs of this script and hands `f` its functions
  // (fill, games, remove).
  var lists;
  function listed(f) {
    lists = lists || new Promise((ok) => {
      window.clb = { $, el, attr, setA, store, parse, record, save, lines, setLines, savedGames, names, named, announce, pts, day, KEY, BEST, BASE, ok };
      document.head.append(el('script', { src: attr($('games'), 'data-js') })); // its versioned address
    });
    lists.then(f);
  }

  /* ---- names: this device names both players of a game (kept in its
   * record, never in the link); the player's own name is the default for
   * every game it plays. The page's "Player 2" (the move list's "P2")
   * becomes the name wherever it stands. ---- */
  var NAME = 'collabble:name', PN = /Player ([12])|^P([12])$/g;
  function names(id) {
    var r = record(id) || {}, n = (r.names || []).slice(0, 2);
    if (r.me && !n[r.me - 1]) n[r.me - 1] = store(NAME) || '';
    return n;
  }
  function named(t, id, n) {
    n = n || names(id || gameId());
    return t.replace(PN, (m, a, b) => n[(a || b) - 1] || m);
  }
  // Every text of page x as the server wrote it, named; and the title:
  // "Your turn" first while this device can play, with an orange dot for
  // the tab's icon.
  function nameAll(x) {
    var w = document.createTreeWalker(x, 4), t, v, id = attr(x, 'data-game-id'), n = names(id), mine = playable(),
      icon = document.querySelector('link[rel=icon]');
    while (id && (t = w.nextNode())) {
      t.o = t.o || t.nodeValue;
      if ((v = named(t.o, id, n)) !== t.nodeValue) t.nodeValue = v;
    }
    document.title = (mine ? 'Your turn \u00b7 ' : '') + named(title0, id, n);
    if (icon) icon.href = mine ? 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><circle cx="1" cy="1" r="1" fill="%23d97706"/></svg>' : 'data:,';
  }
  // The Names panel of a game's page (its labels say "Player\u00a01", which
  // no naming touches).
  function namesForm(x) {
    var side = x.querySelector('.side'), id = attr(x, 'data-game-id'), mine = meOf(id), n = names(id),
      d = el('details', { className: 'panel names' }, 'names');
    if (!side || !id) return;
    d.append(el('summary', { textContent: 'Names' }));
    [1, 2].forEach((p) => {
      var l = el('label', { textContent: 'Player\u00a0' + p + (p === mine ? ' (you)' : '') });
      l.append(el('input', { id: 'name' + p, value: n[p - 1] || '', maxLength: 24 }, 'name-' + p));
      d.append(l);
    });
    d.append(el('button', { id: 'save-names', className: 'btn', textContent: 'Save names' }, 'save-names'),
      el('p', { className: 'note', textContent: 'Kept in this browser only: the link carries no names.' }));
    side.insertBefore(d, x.querySelector('.moves'));
  }
  function saveNames() {
    var id = gameId(), r = record(id) || {}, v = [1, 2].map((p) => {
      return $('name' + p).value.replace(/[\x00-\x1f\x7f]/g, '').trim().slice(0, 24);
    });
    r.names = v;
    if (r.me) store(NAME, v[r.me - 1]);
    save(id, r);
    nameAll(app);
    announce('Names saved: ' + named('Player 1 and Player 2') + '.');
  }

  /* ---- blind mode: the partner's rack (never this device's) hidden ---- */
  // Hidden means hidden everywhere: the swap helper's list names the
  // partner's tiles by number, not letter, and the bag's list gives way
  // to the server's list of the tiles not seen, the bag's and the hidden
  // rack's.
  function applyBlind(x) {
    var on = store(BLIND) === '1', pr = x.querySelector('#prack'), eye = x.querySelector('#eye'), u = x.querySelector('#unseen');
    if (pr) pr.classList.toggle('blind', on);
    if (eye) setA(eye, 'aria-pressed', on);
    if (u) { u.hidden = !on; u.previousSibling.hidden = on; }
    all('#h-take option', x).forEach((o, i) => {
      o.o = o.o || o.text;
      o.value = o.value; // the letter stays what is sent
      o.text = on ? 'hidden tile ' + (i + 1) : o.o;
    });
  }

  /* ---- placing tiles ---- */
  function select(i, keyboard) {
    var t = rackTile(i);
    deselect();
    if (!t || has(t, 'used')) return;
    sel = i;
    armed = false;
    setA(t, 'aria-pressed', true);
    app.classList.add('picking');
    autoZoom();
    if (attr(t, 'data-letter') !== 'BLANK') {
      announce(attr(t, 'aria-label') + ' selected. Choose a square.');
      if (keyboard) focusBoard();
      return;
    }
    openPicker((letter) => {
      if (!letter) { deselect(); t.focus(); return; }
      blankAs = letter;
      announce('Blank as ' + letter + '. Choose a square.');
      focusBoard();
    });
  }
  function deselect() {
    if (sel >= 0 && rackTile(sel)) setA(rackTile(sel), 'aria-pressed', false);
    sel = -1; blankAs = '';
    if (app) app.classList.remove('picking');
  }
  function animate(x, cls) {
    x.classList.remove(cls);
    void x.offsetWidth; // restart the animation
    x.classList.add(cls);
  }
  function paint(c, letter, blank, idx) {
    var v = blank ? 0 : VAL[letter.charCodeAt(0) - 65], sub = document.createElement('sub');
    c.classList.add('t', 'pd');
    c.classList.toggle('bl', blank);
    setA(c, 'data-letter', letter);
    setA(c, 'data-from', idx);
    if (blank) setA(c, 'data-blank', 1); else c.removeAttribute('data-blank');
    c.textContent = letter;
    sub.textContent = v;
    c.appendChild(sub);
    label(c);
    animate(c, 'drop');
  }
  // A square's name for a screen reader, from its place, classes and face
  // (the server writes none: 225 labels were half of a page's bytes).
  function label(c) {
    var p = pos(c), l = c.classList, k = prem(c), s = coord(p[0], p[1]) + ', ';
    if (l.contains('t')) s += (l.contains('bl') ? 'blank as ' : '') + c.firstChild.nodeValue + ', ' + pts(+c.lastChild.textContent) + (l.contains('pd') ? ', placed this turn' : '') + (l.contains('lm') ? ', last move' : '');
    else s += (l.contains('st') ? 'centre star, ' : '') + (k ? PREM[k] + ', ' : '') + 'empty';
    setA(c, 'aria-label', s + (l.contains('bad') || l.contains('bw') ? ', not valid' : ''));
  }
  function prem(c) { return ['tw', 'dw', 'tl', 'dl'].filter((x) => has(c, x))[0]; }
  function unpaint(c) {
    var k = prem(c);
    c.classList.remove('t', 'pd', 'bl', 'bad', 'bw', 'drop');
    ['data-letter', 'data-from', 'data-blank'].forEach((a) => { c.removeAttribute(a); });
    c.textContent = has(c, 'st') ? '\u2605' : k ? k.toUpperCase() : '';
    label(c);
  }
  function place(r, c) {
    var t = rackTile(sel), sq = cell(r, c);
    if (!t || !sq || has(sq, 't')) return false;
    var blank = attr(t, 'data-letter') === 'BLANK', letter = blank ? blankAs : attr(t, 'data-letter');
    if (!letter) return false;
    pending.push({ row: r, col: c, letter: letter, blank: blank, idx: sel });
    paint(sq, letter, blank, sel);
    t.classList.add('used');
    deselect();
    changed();
    return true;
  }
  // A tile placed this turn moves to another empty square (drag and drop).
  function shift(from, to) {
    var p = pending.filter((x) => x.row === from[0] && x.col === from[1])[0], sq = cell(to[0], to[1]);
    if (!p || !sq || has(sq, 't')) return;
    unpaint(cell(p.row, p.col));
    p.row = to[0]; p.col = to[1];
    paint(sq, p.letter, p.blank, p.idx);
    announce(attr(sq, 'aria-label'));
    changed();
  }
  function recall(r, c, quiet) {
    pending = pending.filter((p) => {
      if (p.row !== r || p.col !== c) return true;
      unpaint(cell(r, c));
      var t = rackTile(p.idx);
      if (t) { t.classList.remove('used'); animate(t, 'back'); }
      if (!quiet) announce(p.letter + ' back on your rack.');
      return false;
    });
    changed();
  }
  function recallAll() {
    var n = pending.length;
    pending.slice().forEach((p) => { recall(p.row, p.col, true); });
    if (n) announce(n === 1 ? 'The tile is back on your rack.' : 'All ' + n + ' tiles are back on your rack.');
  }
  // Shuffles the rack's order on screen (the rack itself has no order that
  // matters: a move names letters, not slots), always to a new order.
  function shuffle() {
    var rack = $('rack'), tiles = all('#rack .tile'), was = letters(tiles);
    for (var tries = 0; tries < 20 && letters(tiles) === was; tries++) {
      for (var i = tiles.length - 1; i > 0; i--) {
        var j = Math.floor(Math.random() * (i + 1)), x = tiles[i];
        tiles[i] = tiles[j]; tiles[j] = x;
      }
    }
    tiles.forEach((t) => { rack.appendChild(t); });
    saveDraft();
    announce('Rack shuffled: ' + tiles.filter((t) => !has(t, 'used'))
      .map((t) => attr(t, 'data-letter') === 'BLANK' ? 'blank' : attr(t, 'data-letter')).join(', ') + '.');
  }
  function letters(tiles) { return tiles.map((t) => attr(t, 'data-letter')).join(); }
  function buttons() {
    if ($('end-turn')) $('end-turn').disabled = !pending.length || busy || invalid;
    if ($('recall')) $('recall').disabled = !pending.length;
  }
  // Any change to the placed tiles: old highlights go, a preview is asked.
  function changed() {
    all('#board>.bad,#board>.bw').forEach((c) => { c.classList.remove('bad', 'bw'); label(c); });
    var m = $('msg'), pv = $('preview');
    if (m) { m.textContent = ''; m.className = 'msg'; }
    invalid = false;
    buttons();
    saveDraft();
    clearTimeout(timer);
    seq++;
    if (!pv) return;
    // The old answer no longer describes the tiles: say so until the new one.
    pv.className = 'preview';
    pv.textContent = pending.length ? 'Checking\u2026' : '';
    if (pending.length) timer = setTimeout(preview, 120);
  }
  function playMove() {
    return { type: 'play', tiles: pending.map((p) => {
      var t = { row: p.row, col: p.col, letter: p.letter };
      if (p.blank) t.blank = true;
      return t;
    }) };
  }
  // "QI 11, IT 2: 13 points": each word with its points, then the total.
  function scored(j) {
    return (j.words || []).map((w, i) => w + ' ' + (j.wordPoints || [])[i]).join(', ') +
      ': ' + pts(j.points) + (j.bingo ? ', with the 50-point bingo' : '');
  }
  // A goals game: the face-up goals the play would complete, as the server judged them.
  function goalsOf(j) {
    return j.goals && j.goals.length ? ' \u00b7 completes: ' + j.goals.map((n) => {
      var g = one('[data-goal="' + n + '"]');
      return g ? g.textContent : n;
    }).join('; ') : '';
  }
  // A helper of a goals game, sent as a move (it does not end the turn).
  function helper(t) {
    var m = { type: 'helper', helper: attr(t, 'data-helper') };
    if (m.helper === 'swap') { m.give = $('h-give').value; m.take = $('h-take').value; }
    recallAll();
    send(m, t);
  }
  function preview() {
    var mine = ++seq, pv = $('preview');
    fetch(BASE + '/api/v1/preview', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ state: S, move: playMove() })
    }).then((r) => r.json()).then((j) => {
      if (mine !== seq) return;
      var e = j.error || {}, text = j.valid ? scored(j) + goalsOf(j)
        : (e.message || 'not a valid play') + (e.words && e.words.length ? ': ' + e.words.join(', ') : '');
      (e.cells || []).forEach((rc) => { if (cell(rc[0], rc[1])) cell(rc[0], rc[1]).classList.add('bad'); });
      pv.className = j.valid ? 'preview' : 'preview bad';
      pv.textContent = text.charAt(0).toUpperCase() + text.slice(1);
      // End Turn would only be refused: it waits, with the reason beside it.
      invalid = !j.valid;
      buttons();
      announce(pv.textContent);
    }).catch(() => { if (mine === seq) pv.textContent = ''; });
  }

  /* ---- moves ---- */
  // The control that sent a move says so ("Sending..."), the others are
  // disabled until the answer; after a few seconds the page says it is
  // still trying, and a failed request offers to try again.
  var FREEZE = TURN + ',#ex-confirm,#ex-cancel,#pass-confirm,#pass-cancel,#eye,#zoom';
  var retry = null;
  function say(msg, err) {
    var m = $('msg');
    if (m) { m.textContent = msg; m.className = err ? 'msg err' : 'msg'; }
    announce(msg);
    return m;
  }
  // One move a turn per device: a tab sends a move only while it holds the
  // game's lock, which every tab of the browser respects, and once it holds
  // it looks again whether the device has moved on (another tab played the
  // turn meanwhile: this one is then read-only, behind(), and nothing is
  // sent). The control reads "Sending..." from the press on; the lock is
  // let go once the answer is shown and kept.
  function send(move, btn) {
    var s = S, froze = all(FREEZE).filter((b) => !b.disabled), label = btn && btn.textContent, slow;
    if (busy || !S || behind()) return;
    busy = true;
    froze.forEach((b) => { b.disabled = true; });
    if (btn) { btn.classList.add('sending'); btn.textContent = 'Sending\u2026'; }
    setA(app, 'aria-busy', true);
    announce('Sending your move\u2026');
    slow = setTimeout(() => { say('Still sending your move: the server is slow to answer\u2026'); }, 3000);
    // The controls back as they were: the move was not made.
    function undo() {
      clearTimeout(slow);
      busy = false;
      app.removeAttribute('aria-busy');
      froze.forEach((b) => { b.disabled = false; });
      if (btn) { btn.classList.remove('sending'); btn.textContent = label; }
      buttons();
    }
    hold(KEY + gameId() + ':lock', () => {
      if (s !== S || locked || ahead()) {
        undo();
        if (s === S) { locked = false; behind(); } // read-only, with the notice
        return;
      }
      return fetchPage(BASE + '/game/move', { method: 'POST', body: form(S, me(), { move: JSON.stringify(move) }) })
        .then((doc) => {
          var before = S, a = doc.getElementById('app'), next = a && attr(a, 'data-state');
          clearTimeout(slow);
          // The other rack played its one turn here, and the turn is this
          // device's own again: it shows that, not the waiting view.
          if (next && attr(a, 'data-view') === 'wait' && meOf(attr(a, 'data-game-id')) === +attr(a, 'data-turn')) {
            history.pushState(null, '', BASE + '/#' + next);
            return load(next, true);
          }
          swapIn(doc);
          if (S && S !== before) history.pushState(null, '', BASE + '/#' + S); // a new position
          focusMain();
        }, () => {
          undo();
          retry = () => { send(move, btn); };
          var m = say('Could not reach the Collabble server, so the move was not made. Your tiles are still here.', true), b;
          if (!m) return;
          b = el('button', { id: 'retry', className: 'btn', textContent: 'Try again' }, 'retry');
          m.append(' ', b);
          b.focus();
        });
    });
  }
  // The lock k: the Web Locks API; without it (a page on plain http, an old
  // browser) a claim in localStorage, which every tab reads: the newest
  // claim wins after 99 ms, the others look again until it is let go (or
  // 20 s old, from a tab closed while it sent).
  function hold(k, f) {
    var t = Date.now() + Math.random() + '', c = store(k), free = () => { store(k, null); };
    if (navigator.locks) return navigator.locks.request(k, f);
    if (c && Date.now() - parseInt(c) < 2e4) return setTimeout(hold, 99, k, f);
    store(k, t);
    setTimeout(() => {
      if ((c = store(k)) && c !== t) return hold(k, f); // claimed at the same moment, after this tab
      Promise.resolve().then(f).then(free, free);
    }, 99);
  }
  function setMode(m, back) {
    mode = m;
    deselect();
    app.classList.toggle('exchanging', m === 'exchange');
    app.classList.toggle('passing', m === 'pass');
    $('ex-bar').hidden = m !== 'exchange';
    $('pass-bar').hidden = m !== 'pass';
    all('#rack .tile').forEach((t) => { setA(t, 'aria-pressed', false); });
    if (m === 'exchange') {
      recallAll();
      exCount();
      announce('Choose the tiles to exchange, then confirm.');
      if (one('#rack .tile')) one('#rack .tile').focus();
    } else if (m === 'pass') {
      announce($('pass-q').textContent);
      $('pass-confirm').focus();
    } else if (back && $(back)) {
      $(back).focus();
      announce((back === 'pass' ? 'Pass' : 'Exchange') + ' cancelled.');
    }
  }
  function chosen() {
    return all('#rack .tile[aria-pressed=true]').map((t) => attr(t, 'data-letter'));
  }
  function exCount() {
    var n = chosen().length, b = $('ex-confirm');
    b.disabled = !n;
    b.textContent = n ? 'Exchange ' + n + (n === 1 ? ' tile' : ' tiles') : 'Exchange';
  }
  // One person playing both racks: this device plays the other rack for
  // this turn only, and stays who it is.
  function switchPlayer(btn) {
    var id = gameId(), r = record(id) || {};
    r.as = { state: S, me: +attr(btn, 'data-player') };
    save(id, r);
    load(S);
  }

  /* ---- copy and share ---- */
  function url() { return location.origin + BASE + '/#' + S; }
  function copy(btn, text) {
    text = text || ($('link') ? $('link').value : url());
    if (!attr(btn, 'data-label')) setA(btn, 'data-label', btn.textContent);
    function done() {
      btn.textContent = 'Copied \u2713';
      announce('Link copied.');
      setTimeout(() => { btn.textContent = attr(btn, 'data-label'); }, 2000);
    }
    function fallback() { // plain http on a LAN address has no clipboard API
      var ta = document.createElement('textarea'), ok = false;
      ta.value = text;
      ta.className = 'sr';
      document.body.appendChild(ta);
      ta.select();
      try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
      ta.remove();
      if (ok) return done();
      if ($('link')) { $('link').focus(); $('link').select(); }
      hint('Select the link and copy it.');
    }
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, fallback);
    else fallback();
  }
  // The v1 link for a partner on the original design, made on demand.
  function classic(btn) {
    fetch(BASE + '/api/v1/decode', { method: 'POST', body: JSON.stringify({ state: S, format: 'v1' }) })
      .then((r) => r.json())
      .then((j) => { if (j.state) copy(btn, location.origin + BASE + '/#' + j.state); else throw j; })
      .catch(() => { fail('Could not make the classic link. Try again.'); });
  }
  function share() {
    navigator.share({ title: 'Collabble', text: 'Your turn in our Collabble game', url: url() }).catch(() => {});
  }

  /* ---- the blank's letter picker ---- */
  function openPicker(cb) {
    if (!picker) {
      picker = el('dialog', { id: 'picker', className: 'picker' }, 'picker');
      setA(picker, 'aria-labelledby', 'picker-h');
      var grid = el('div', { className: 'letters' });
      for (var i = 0; i < 26; i++) {
        var b = el('button', { textContent: String.fromCharCode(65 + i) }, 'picker-letter');
        setA(b, 'data-letter', b.textContent);
        grid.appendChild(b);
      }
      picker.append(el('h2', { id: 'picker-h', textContent: 'Which letter is the blank?' }), grid,
        el('button', { className: 'cancel', textContent: 'Cancel' }, 'picker-cancel'));
      document.body.appendChild(picker);
      picker.addEventListener('close', () => {
        var f = onPick;
        onPick = null;
        if (f) f(picker.returnValue);
      });
    }
    onPick = cb;
    picker.returnValue = '';
    picker.showModal();
  }

  /* ---- the typing cursor: an arrow says where typed letters go ---- */
  function cursorTo(r, c) {
    var old = cell(cur[0], cur[1]), next = cell(r, c), b = $('board');
    if (!next) return;
    if (old) { old.tabIndex = -1; old.classList.remove('cur'); }
    next.tabIndex = 0;
    next.classList.add('cur');
    cur = [r, c];
    if (b) b.classList.toggle('down', dir[0] === 1);
  }
  function setDir(d) {
    dir = d;
    $('board').classList.toggle('down', dir[0] === 1);
  }
  function focusBoard() {
    var c = cell(cur[0], cur[1]);
    if (c) c.focus();
  }
  function moveTo(r, c) {
    cursorTo(Math.max(0, Math.min(14, r)), Math.max(0, Math.min(14, c)));
    armed = true;
    focusBoard();
  }
  // A press (click, tap, Enter) on an empty square with no tile picked:
  // the first puts the typing cursor there, the next turns its direction.
  function pressSquare(t, p) {
    if (armed && cur[0] === p[0] && cur[1] === p[1]) {
      setDir(dir[0] ? [0, 1] : [1, 0]);
      hint(dir[0] ? 'Typing down \u2193.' : 'Typing across \u2192.');
      return;
    }
    cursorTo(p[0], p[1]);
    armed = true;
    t.focus();
    // A finger has no keyboard to type with.
    hint('Choose a tile from your rack first' + (touch ? ', then tap this square.' : ', or type its letter here (' +
      (dir[0] ? 'down \u2193' : 'across \u2192') + '; press the square again to turn).'));
  }
  // A letter typed on the board places that tile (or a blank for it) and
  // moves on, like writing the word. On a square already filled, its own
  // letter steps over it; any other letter goes to the next empty square
  // on (players type only the new letters, as on Woogles).
  function type(letter, r, c) {
    var sq = cell(r, c);
    if (has(sq, 't') && sq.firstChild.nodeValue.toUpperCase() === letter) return moveTo(r + dir[0], c + dir[1]);
    while (sq && has(sq, 't')) { r += dir[0]; c += dir[1]; sq = cell(r, c); }
    if (!sq) return hint('No empty square ' + (dir[0] ? 'below.' : 'to the right.'));
    var t = all('#rack .tile:not(.used)').filter((x) => attr(x, 'data-letter') === letter)[0] ||
      one('#rack .bl:not(.used)');
    if (!t) return hint('No ' + letter + ' on your rack.');
    deselect();
    sel = +attr(t, 'data-index');
    blankAs = letter;
    if (place(r, c)) {
      announce(attr(sq, 'aria-label'));
      moveTo(r + dir[0], c + dir[1]);
    }
  }
  function onKey(e) {
    if (!app || (picker && picker.open)) return;
    var t = e.target, k = e.key;
    if (k === 'Escape') {
      if (drag) return endDrag(null);
      if (mode !== 'play') setMode('play', mode);
      else if (sel >= 0) { var back = rackTile(sel); deselect(); back.focus(); announce('Selection cancelled.'); }
      return;
    }
    if (k === 'Enter' && /^name[12]$/.test(t.id)) return saveNames();
    if (!isCell(t) || e.ctrlKey || e.metaKey || e.altKey) return;
    var p = pos(t), d = DIRS[k];
    if (d) {
      e.preventDefault();
      if (d[0] + d[1] > 0) setDir(d); // typing runs right or down
      moveTo(p[0] + d[0], p[1] + d[1]);
    } else if (k === 'Home' || k === 'End') {
      e.preventDefault();
      moveTo(p[0], k === 'Home' ? 0 : 14);
    } else if (busy) {
      if (/^[a-z]$|^Backspace$|^Delete$/i.test(k)) hint(SENDING);
    } else if (!playable()) {
      if (locked && /^[a-z]$/i.test(k)) hint(OLDER);
      return; // the partner's turn, an older position, or the game is over: look, do not touch
    } else if ((k === 'Backspace' || k === 'Delete') && has(t, 'pd')) {
      e.preventDefault();
      recall(p[0], p[1]);
    } else if (k === 'Backspace') {
      // As in a text field: back one square against the arrow, taking up
      // the tile placed there this turn.
      e.preventDefault();
      moveTo(p[0] - dir[0], p[1] - dir[1]);
      if (has(cell(cur[0], cur[1]), 'pd')) recall(cur[0], cur[1]);
    } else if (/^[a-z]$/i.test(k) && mode === 'play') {
      e.preventDefault();
      type(k.toUpperCase(), p[0], p[1]);
    }
  }
  function onFocus(e) {
    var t = e.target, b = $('board');
    if (!app || !b || !isCell(t) || !playable()) return;
    b.classList.add('typing');
    if (t.matches(':focus-visible')) { cursorTo.apply(null, pos(t)); armed = true; } // the keyboard arrived
  }
  function onBlur(e) {
    var b = $('board');
    if (b && isCell(e.target) && !(e.relatedTarget && b.contains(e.relatedTarget))) b.classList.remove('typing');
  }

  /* ---- the phone's zoomed board ---- */
  function narrow() { return window.matchMedia('(max-width: 767px)').matches; }
  function zoom(on) {
    var z = $('zoom'), w = $('boardwrap'), c;
    if (!z || !w) return;
    app.classList.toggle('zoomed', on);
    setA(z, 'aria-pressed', on);
    z.textContent = on ? 'Whole board' : 'Zoom board';
    if (!on) return;
    // Into view: the tiles being placed, else the last move, else the star.
    c = one('#board>.pd') || all('#board>.lm')[Math.floor(all('#board>.lm').length / 2)] || cell(cur[0], cur[1]);
    if (c) {
      w.scrollLeft = c.offsetLeft + c.offsetWidth / 2 - w.clientWidth / 2;
      w.scrollTop = c.offsetTop + c.offsetHeight / 2 - w.clientHeight / 2;
    }
  }
  function autoZoom() {
    if (zoomAuto && narrow() && !has(app, 'zoomed')) zoom(true);
  }

  /* ---- drag and drop (Pointer Events: mouse, pen and touch) ----
   * From the rack to a square, a placed tile to another square or back to
   * the rack, and within the rack to reorder it. A press that does not
   * move is a click, so click and tap placement are unchanged. */
  function onDown(e) {
    dragged = false; // a new press: its click is a click
    touch = e.pointerType === 'touch';
    if (e.button !== 0 || !app || busy || mode !== 'play' || !playable() || drag) return;
    var t = e.target.closest && e.target.closest('#rack .tile:not(.used),#board>.pd');
    if (!t || !app.contains(t)) return;
    drag = { el: t, id: e.pointerId, x: e.clientX, y: e.clientY, on: false, ghost: null, over: null };
    try { t.setPointerCapture(e.pointerId); } catch (err) { /* not captured: window listeners still follow */ }
  }
  function startDrag() {
    var t = drag.el, ghost = el('div', { className: 'tile ghost', textContent: attr(t, 'data-letter') === 'BLANK' ? '' : attr(t, 'data-letter') });
    if (has(t, 'bl') && !isCell(t)) ghost.classList.add('bl');
    drag.on = true;
    drag.ghost = ghost;
    setA(ghost, 'aria-hidden', 'true');
    document.body.appendChild(ghost);
    t.classList.add('lifted');
    deselect(); // the board does not zoom under a finger already moving
  }
  function dropTarget(x, y) {
    var at = document.elementFromPoint(x, y);
    return at && (at.closest('#board>button') || at.closest('#rack .tile') || at.closest('#rack'));
  }
  function onMove(e) {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.on) {
      if (Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y) < 8) return;
      startDrag();
    }
    e.preventDefault();
    drag.ghost.style.transform = 'translate(' + (e.clientX - 24) + 'px,' + (e.clientY - 40) + 'px)';
    var over = dropTarget(e.clientX, e.clientY);
    over = over && isCell(over) && !has(over, 't') ? over : null;
    if (over !== drag.over) {
      if (drag.over) drag.over.classList.remove('over');
      if (over) over.classList.add('over');
      drag.over = over;
    }
  }
  function onUp(e) {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.on) { drag = null; return; } // a click: onClick takes it
    dragged = true;                        // the click that ends a drag is not a click
    endDrag(dropTarget(e.clientX, e.clientY));
  }
  function endDrag(target) {
    var d = drag, t = d.el, rack = $('rack');
    drag = null;
    d.ghost.remove();
    t.classList.remove('lifted');
    if (d.over) d.over.classList.remove('over');
    if (!target || !app.contains(target)) return;
    var fromBoard = isCell(t);
    if (isCell(target)) {
      if (has(target, 't')) return;
      if (fromBoard) return shift(pos(t), pos(target));
      var p = pos(target), i = +attr(t, 'data-index');
      if (attr(t, 'data-letter') !== 'BLANK') {
        sel = i;
        if (place(p[0], p[1])) announce(attr(target, 'aria-label'));
        return;
      }
      openPicker((letter) => {
        if (!letter) return;
        sel = i; blankAs = letter;
        if (place(p[0], p[1])) announce(attr(target, 'aria-label'));
      });
      return;
    }
    // On the rack: a placed tile goes back; a rack tile goes before the
    // tile it is dropped on (or to the end).
    if (fromBoard) return recall.apply(null, pos(t));
    if (target !== t) {
      rack.insertBefore(t, has(target, 'tile') ? target : null);
      saveDraft();
      announce(attr(t, 'aria-label') + ' moved.');
    }
  }

  /* ---- clicks ---- */
  function onClick(e) {
    var t = e.target.closest && e.target.closest('button');
    if (dragged && e.detail > 0) { dragged = false; return; }
    if (!t) return;
    if (picker && picker.contains(t)) return picker.close(attr(t, 'data-letter') || '');
    if (!app || !app.contains(t)) return;
    if (busy) return hint(SENDING);
    if (t.matches('[data-testid=remove-game],[data-testid=remove-branch]')) return listed((L) => L.remove(t));
    if (t.matches('#rack .tile')) {
      var i = +attr(t, 'data-index');
      if (mode === 'exchange') {
        setA(t, 'aria-pressed', attr(t, 'aria-pressed') !== 'true');
        return exCount();
      }
      if (mode === 'pass') setMode('play');
      if (i !== sel) return select(i, e.detail === 0); // detail 0: Enter or Space
      deselect();
      return announce('Selection cancelled.');
    }
    if (isCell(t)) {
      var p = pos(t);
      if (!playable()) {
        if (locked) hint(OLDER);
        else if (view() === 'wait') hint(named('It is Player ' + turn() + '\u2019s turn: send them the link.'));
        return;
      }
      if (has(t, 'pd')) { cursorTo(p[0], p[1]); recall(p[0], p[1]); }
      else if (has(t, 't')) cursorTo(p[0], p[1]);
      else if (sel >= 0 && mode === 'play') { cursorTo(p[0], p[1]); if (place(p[0], p[1])) announce(attr(t, 'aria-label')); }
      else if (mode === 'play') pressSquare(t, p);
      return;
    }
    if (attr(t, 'data-helper')) return helper(t);
    switch (t.id) {
      case 'end-turn': if (pending.length) send(playMove(), t); break;
      case 'retry': if (retry) retry(); break;
      case 'recall': recallAll(); break;
      case 'shuffle': shuffle(); break;
      case 'exchange': setMode('exchange'); break;
      case 'ex-confirm': if (chosen().length) send({ type: 'exchange', tiles: chosen() }, t); break;
      case 'ex-cancel': setMode('play', 'exchange'); break;
      case 'pass': setMode('pass'); break;
      case 'pass-confirm': send({ type: 'pass' }, t); break;
      case 'pass-cancel': setMode('play', 'pass'); break;
      case 'copy-link': copy(t); break;
      case 'classic': classic(t); break;
      case 'share-link': share(); break;
      case 'copy-result': case 'share-result': result(t); break;
      case 'switch': switchPlayer(t); break;
      case 'branch-here': fork = S; load(S); break;
      case 'zoom':
        zoomAuto = false;
        zoom(!has(app, 'zoomed'));
        announce(has(app, 'zoomed') ? 'Board zoomed in: it scrolls.' : 'The whole board is shown.');
        break;
      case 'save-names': saveNames(); break;
      case 'eye':
        var on = attr(t, 'aria-pressed') !== 'true';
        store(BLIND, on ? '1' : '0');
        applyBlind(app);
        announce(on ? 'Blind mode on: your partner\u2019s tiles are hidden.' : 'Blind mode off.');
    }
  }

  document.addEventListener('DOMContentLoaded', () => {
    live = $('live');
    app = $('app');
    if (!app) return;
    document.addEventListener('pointerdown', unhint, true); // a hint is over once the player acts
    document.addEventListener('keydown', unhint, true);
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    document.addEventListener('focusout', onBlur);
    document.addEventListener('pointerdown', onDown);
    addEventListener('pointermove', onMove, { passive: false });
    addEventListener('pointerup', onUp);
    addEventListener('pointercancel', (e) => { if (drag && e.pointerId === drag.id) { if (drag.on) endDrag(null); else drag = null; } });
    addEventListener('hashchange', sync);
    addEventListener('popstate', sync);
    addEventListener('storage', onStorage);
    addEventListener('resize', fit);
    adopt(app);
    var h = hashState();
    if (h && h !== S) return load(h);
    // Opened as /?s=S, /game?s=S or /new?seed=X: show the shareable /#S
    // instead, without a new history entry; and if it is the partner's
    // turn for this device, its waiting view.
    if (S) history.replaceState(null, '', BASE + '/#' + S);
    if (S && playable() && me() !== turn()) return load(S);
    root.classList.remove('loading');
  });
})();
