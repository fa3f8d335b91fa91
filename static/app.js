/* static/app.js - the thin layer that makes the server's pages playable.
 * The server renders every page. This script opens a turn link /#S by
 * posting S to /game and swapping in the returned #app (the address bar
 * stays on /#S: reload and back just work), keeps this turn's tiles,
 * previews them via /api/v1/preview, posts moves to /game/move, and keeps
 * the newest position of each game and blind mode in localStorage (an
 * older position says so). Nothing inline: the CSP forbids it. Hooks and
 * flow: docs/UI.md. */
/* SPDX-License-Identifier: MIT */
(function () {
  'use strict';
  var root = document.documentElement;
  var KEY = 'collabble:game:', BLIND = 'collabble:blind';
  var VAL = [1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10];
  var PREM = { tw: 'triple word', dw: 'double word', tl: 'triple letter', dl: 'double letter' };
  var DIRS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  var app, S = '', want = null, live, picker, onPick;
  var pending = [];   // this turn's tiles: {row, col, letter, blank, idx}
  var sel = -1, blankAs = '', mode = 'play', busy = false;
  var cur = [7, 7], dir = [0, 1]; // roving focus square; typing direction
  var seq = 0, timer = 0;         // newest preview wins

  root.classList.add('js');
  if (hashState()) root.classList.add('loading'); // no flash of the landing page

  function $(id) { return document.getElementById(id); }
  function all(sel, el) { return Array.prototype.slice.call((el || app).querySelectorAll(sel)); }
  function attr(el, a) { return el.getAttribute(a); }
  function store(k, v) {
    try { if (v === undefined) return localStorage.getItem(k); localStorage.setItem(k, v); } catch (e) { /* private mode */ }
    return null;
  }
  function hashState() {
    var h = location.hash.slice(1);
    try { return decodeURIComponent(h); } catch (e) { return h; }
  }
  function announce(msg) {
    if (!live) return;
    live.textContent = ''; // cleared first so a repeated message speaks again
    setTimeout(function () { live.textContent = msg; }, 30);
  }
  function coord(r, c) { return String.fromCharCode(65 + c) + (r + 1); }
  function cell(r, c) { return app.querySelector('#board>[data-row="' + r + '"][data-col="' + c + '"]'); }
  function rackTile(i) { return app.querySelector('#rack [data-index="' + i + '"]'); }
  function isCell(el) { return el.parentNode && el.parentNode.id === 'board'; }
  function pos(el) { return [+attr(el, 'data-row'), +attr(el, 'data-col')]; }
  function pts(n) { return n + (n === 1 ? ' point' : ' points'); }

  /* ---- pages ---- */
  function fetchPage(url, opts) {
    return fetch(url, opts).then(function (r) { return r.text(); });
  }
  function swapIn(html) {
    var doc = new DOMParser().parseFromString(html, 'text/html');
    var next = doc.getElementById('app');
    if (!next) throw new Error('no page');
    document.title = doc.title;
    next = document.adoptNode(next);
    applyBlind(next); // before it is seen
    app.replaceWith(next);
    adopt(next);
  }
  // Shows position s ('' = landing); the address bar already says /#s.
  function load(s) {
    want = s;
    (s ? fetchPage('/game', { method: 'POST', body: new URLSearchParams({ s: s }) }) : fetchPage('/'))
      .then(function (html) {
        if (want !== s) return;
        swapIn(html);
        focusMain();
      }, function () { fail('Could not reach the Collabble server. Check the connection and reload.'); })
      .then(function () { want = null; root.classList.remove('loading'); });
  }
  function sync() {
    var h = hashState();
    if (h !== S && h !== want) load(h);
  }
  function fail(msg) {
    var m = $('msg');
    if (m) { m.textContent = msg; m.className = 'msg err'; }
    announce(msg);
  }
  // Takes over a freshly shown #app, including tiles the server kept in
  // place after a refused move.
  function adopt(el) {
    app = el;
    S = attr(el, 'data-state') || '';
    sel = -1; blankAs = ''; mode = 'play'; busy = false;
    clearTimeout(timer); seq++;
    pending = all('#board>.pd').map(function (c) {
      var p = pos(c);
      return { row: p[0], col: p[1], letter: attr(c, 'data-letter'), blank: c.hasAttribute('data-blank'), idx: +attr(c, 'data-from') };
    });
    cur = pending.length ? [pending[0].row, pending[0].col] : [7, 7];
    all('#board>button').forEach(function (c) { c.tabIndex = -1; }); // roving tabindex
    if (cell(cur[0], cur[1])) cell(cur[0], cur[1]).tabIndex = 0;
    if ($('link') && S) $('link').value = url();
    if (navigator.share) all('.share').forEach(function (b) { b.hidden = false; });
    applyBlind(el);
    if (S) keep(el); // an older position (Back, an old link) is not kept
    var ml = $('moves');
    if (ml) ml.scrollTop = ml.scrollHeight; // the newest move in view
    review();
    if (attr(el, 'data-view') === 'landing') fillResume();
    var m = $('msg'), send = $('send');
    if (m && m.textContent) announce(m.textContent);
    else if (send) announce(send.querySelector('p').textContent + ' Send this link to your partner.');
    else if (app.querySelector('.stale')) announce(app.querySelector('.stale').textContent);
  }
  function focusMain() {
    var t = $('copy-link') || ($('msg') && $('msg').textContent && $('end-turn'));
    if (t && !t.disabled) t.focus();
  }

  /* ---- the review: each turn's best play, for a page without it ---- */
  function review() {
    var s = S, td = all('#moves tr:not(.start)>td:nth-child(6)');
    if (td.length && !td[0].textContent) fetchPage('/game/review', { method: 'POST', body: new URLSearchParams({ s: s }) }).then(function (h) {
      var got = new DOMParser().parseFromString(h, 'text/html').querySelectorAll('td');
      if (s === S && got.length === td.length) td.forEach(function (c, i) { c.replaceWith(got[i]); });
    }, function () {});
  }

  /* ---- localStorage: the newest position of each game ---- */
  function keep(x) {
    var id = attr(x, 'data-game-id'), was = null, same, box,
      now = { state: S, savedAt: Date.now(), score: +attr(x, 'data-score'), turn: +attr(x, 'data-turn'), over: x.hasAttribute('data-over'),
        move: +attr(x, 'data-move'), start: attr(x, 'data-start'), tiles: +attr(x, 'data-tiles') };
    if (!id) return;
    try { was = JSON.parse(store(KEY + id)); } catch (e) { /* none kept */ }
    same = was && was.start === now.start;
    // Older than the one kept (by move number, else tiles on the board)?
    // Say so and keep the newer, unless a move was just made here.
    if (!was || was.state === S || x.hasAttribute('data-moved') || (same ? now.move >= was.move : now.tiles >= was.tiles)) {
      return store(KEY + id, JSON.stringify(now));
    }
    box = el('p', { className: 'stale', textContent: same ? 'This is move ' + now.move + ' of this game; you have move ' + was.move + '. '
      : 'This is an older position of this game than yours. ' }, 'stale');
    box.appendChild(el('a', { className: 'btn primary', href: '/#' + was.state, textContent: same ? 'Go to move ' + was.move : 'Go to the newest' }, 'stale-newest'));
    x.querySelector('main').before(box);
  }
  function fillResume() {
    var best = null, id = '';
    try {
      for (var i = 0; i < localStorage.length; i++) {
        var k = localStorage.key(i);
        if (k.indexOf(KEY) !== 0) continue;
        var v = JSON.parse(localStorage.getItem(k));
        if (v && typeof v.state === 'string' && v.state && (!best || v.savedAt > best.savedAt)) { best = v; id = k.slice(KEY.length); }
      }
    } catch (e) { return; }
    if (!best) return;
    $('resume').href = '/#' + best.state;
    $('resume-info').textContent = 'Game ' + id + ': ' + (best.over ? 'finished' : 'Player ' + best.turn + ' to play') +
      ', score ' + best.score + ', saved ' + new Date(best.savedAt).toLocaleString() + '.';
    $('resume-box').hidden = false;
  }
  function applyBlind(el) {
    var on = store(BLIND) === '1', pr = el.querySelector('#prack'), eye = el.querySelector('#eye');
    if (pr) pr.classList.toggle('blind', on);
    if (eye) eye.setAttribute('aria-pressed', on);
  }

  /* ---- placing tiles ---- */
  function select(i, keyboard) {
    var t = rackTile(i);
    deselect();
    if (!t || t.classList.contains('used')) return;
    sel = i;
    t.setAttribute('aria-pressed', true);
    app.classList.add('picking');
    if (attr(t, 'data-letter') !== 'BLANK') {
      announce(attr(t, 'aria-label') + ' selected. Choose a square.');
      if (keyboard) focusBoard();
      return;
    }
    openPicker(function (letter) {
      if (!letter) { deselect(); t.focus(); return; }
      blankAs = letter;
      announce('Blank as ' + letter + '. Choose a square.');
      focusBoard();
    });
  }
  function deselect() {
    if (sel >= 0 && rackTile(sel)) rackTile(sel).setAttribute('aria-pressed', false);
    sel = -1; blankAs = '';
    if (app) app.classList.remove('picking');
  }
  function paint(c, letter, blank, idx) {
    var p = pos(c), v = blank ? 0 : VAL[letter.charCodeAt(0) - 65], sub = document.createElement('sub');
    c.classList.add('t', 'pd');
    c.classList.toggle('bl', blank);
    c.setAttribute('data-letter', letter);
    c.setAttribute('data-from', idx);
    if (blank) c.setAttribute('data-blank', 1);
    c.textContent = letter;
    sub.textContent = v;
    c.appendChild(sub);
    c.setAttribute('aria-label', coord(p[0], p[1]) + ', ' + (blank ? 'blank as ' : '') + letter + ', ' + pts(v) + ', placed this turn');
  }
  function unpaint(c) {
    var p = pos(c), star = c.classList.contains('st');
    var k = ['tw', 'dw', 'tl', 'dl'].filter(function (x) { return c.classList.contains(x); })[0];
    c.classList.remove('t', 'pd', 'bl', 'bad', 'bw');
    ['data-letter', 'data-from', 'data-blank'].forEach(function (a) { c.removeAttribute(a); });
    c.textContent = star ? '\u2605' : k ? k.toUpperCase() : '';
    c.setAttribute('aria-label', coord(p[0], p[1]) + ', ' + (star ? 'centre star, ' : '') + (k ? PREM[k] + ', ' : '') + 'empty');
  }
  function place(r, c) {
    var t = rackTile(sel), sq = cell(r, c);
    if (!t || !sq || sq.classList.contains('t')) return false;
    var blank = attr(t, 'data-letter') === 'BLANK', letter = blank ? blankAs : attr(t, 'data-letter');
    if (!letter) return false;
    pending.push({ row: r, col: c, letter: letter, blank: blank, idx: sel });
    paint(sq, letter, blank, sel);
    t.classList.add('used');
    deselect();
    changed();
    return true;
  }
  function recall(r, c) {
    pending = pending.filter(function (p) {
      if (p.row !== r || p.col !== c) return true;
      unpaint(cell(r, c));
      if (rackTile(p.idx)) rackTile(p.idx).classList.remove('used');
      announce(p.letter + ' back on your rack.');
      return false;
    });
    changed();
  }
  function recallAll() {
    pending.slice().forEach(function (p) { recall(p.row, p.col); });
  }
  function buttons() {
    if ($('end-turn')) $('end-turn').disabled = !pending.length || busy;
    if ($('recall')) $('recall').disabled = !pending.length;
  }
  // Any change to the placed tiles: old highlights go, a preview is asked.
  function changed() {
    all('#board>.bad,#board>.bw').forEach(function (c) { c.classList.remove('bad', 'bw'); });
    var m = $('msg'), pv = $('preview');
    if (m) { m.textContent = ''; m.className = 'msg'; }
    buttons();
    clearTimeout(timer);
    seq++;
    if (!pv) return;
    // The old answer no longer describes the tiles: say so until the new one.
    pv.className = 'preview';
    pv.textContent = pending.length ? 'Checking\u2026' : '';
    if (pending.length) timer = setTimeout(preview, 120);
  }
  function playMove() {
    return { type: 'play', tiles: pending.map(function (p) {
      var t = { row: p.row, col: p.col, letter: p.letter };
      if (p.blank) t.blank = true;
      return t;
    }) };
  }
  function words(list) {
    return (list || []).map(function (w) { return typeof w === 'string' ? w : w.word; }).join(', ');
  }
  function preview() {
    var mine = ++seq, pv = $('preview');
    fetch('/api/v1/preview', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ state: S, move: playMove() })
    }).then(function (r) { return r.json(); }).then(function (j) {
      if (mine !== seq) return;
      var e = j.error || {}, text = j.valid
        ? words(j.words) + ': ' + pts(j.points) + (j.bingo ? ', with the 50-point bingo' : '')
        : (e.message || 'not a valid play') + (e.words && e.words.length ? ': ' + words(e.words) : '');
      (e.cells || []).forEach(function (rc) { if (cell(rc[0], rc[1])) cell(rc[0], rc[1]).classList.add('bad'); });
      pv.className = j.valid ? 'preview' : 'preview bad';
      pv.textContent = text.charAt(0).toUpperCase() + text.slice(1);
      announce(pv.textContent);
    }).catch(function () { if (mine === seq) pv.textContent = ''; });
  }

  /* ---- moves ---- */
  function send(move) {
    if (busy || !S) return;
    busy = true;
    buttons();
    app.setAttribute('aria-busy', true);
    fetchPage('/game/move', { method: 'POST', body: new URLSearchParams({ s: S, move: JSON.stringify(move) }) })
      .then(function (html) {
        var before = S;
        swapIn(html);
        if (S && S !== before) history.pushState(null, '', '/#' + S); // a new position
        focusMain();
      }, function () {
        busy = false;
        app.removeAttribute('aria-busy');
        buttons();
        fail('Could not reach the Collabble server. Your tiles are still here: try again.');
      });
  }
  function setMode(m, back) {
    mode = m;
    deselect();
    app.classList.toggle('exchanging', m === 'exchange');
    app.classList.toggle('passing', m === 'pass');
    $('ex-bar').hidden = m !== 'exchange';
    $('pass-bar').hidden = m !== 'pass';
    all('#rack .tile').forEach(function (t) { t.setAttribute('aria-pressed', false); });
    if (m === 'exchange') {
      recallAll();
      exCount();
      announce('Choose the tiles to exchange, then confirm.');
      if (app.querySelector('#rack .tile')) app.querySelector('#rack .tile').focus();
    } else if (m === 'pass') {
      $('pass-confirm').focus();
    } else if (back && $(back)) {
      $(back).focus();
    }
  }
  function chosen() {
    return all('#rack .tile[aria-pressed=true]').map(function (t) { return attr(t, 'data-letter'); });
  }
  function exCount() {
    var n = chosen().length, b = $('ex-confirm');
    b.disabled = !n;
    b.textContent = n ? 'Exchange ' + n + (n === 1 ? ' tile' : ' tiles') : 'Exchange';
  }

  /* ---- copy and share ---- */
  function url() { return location.origin + '/#' + S; }
  function copy(btn, text) {
    text = text || url();
    if (!attr(btn, 'data-label')) btn.setAttribute('data-label', btn.textContent);
    function done() {
      btn.textContent = 'Copied \u2713';
      announce('Link copied.');
      setTimeout(function () { btn.textContent = attr(btn, 'data-label'); }, 2000);
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
      announce('Select the link and copy it.');
    }
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, fallback);
    else fallback();
  }
  // The v1 link for a partner on the original design, made on demand.
  function classic(btn) {
    fetch('/api/v1/decode', { method: 'POST', body: JSON.stringify({ state: S, format: 'v1' }) })
      .then(function (r) { return r.json(); })
      .then(function (j) { if (j.state) copy(btn, location.origin + '/#' + j.state); else throw j; })
      .catch(function () { fail('Could not make the classic link. Try again.'); });
  }
  function share() {
    navigator.share({ title: 'Collabble', text: 'Your turn in our Collabble game', url: url() }).catch(function () {});
  }

  /* ---- the blank's letter picker ---- */
  function el(tag, props, testid) {
    var e = document.createElement(tag);
    Object.keys(props).forEach(function (k) { e[k] = props[k]; });
    if (testid) e.setAttribute('data-testid', testid);
    return e;
  }
  function openPicker(cb) {
    if (!picker) {
      picker = el('dialog', { id: 'picker', className: 'picker' }, 'picker');
      picker.setAttribute('aria-labelledby', 'picker-h');
      var grid = el('div', { className: 'letters' });
      for (var i = 0; i < 26; i++) {
        var b = el('button', { textContent: String.fromCharCode(65 + i) }, 'picker-letter');
        b.setAttribute('data-letter', b.textContent);
        grid.appendChild(b);
      }
      picker.append(el('h2', { id: 'picker-h', textContent: 'Which letter is the blank?' }), grid,
        el('button', { className: 'cancel', textContent: 'Cancel' }, 'picker-cancel'));
      document.body.appendChild(picker);
      picker.addEventListener('close', function () {
        var f = onPick;
        onPick = null;
        if (f) f(picker.returnValue);
      });
    }
    onPick = cb;
    picker.returnValue = '';
    picker.showModal();
  }

  /* ---- keyboard ---- */
  function focusBoard() {
    var c = cell(cur[0], cur[1]);
    if (c) c.focus();
  }
  function moveTo(r, c) {
    var next = cell(Math.max(0, Math.min(14, r)), Math.max(0, Math.min(14, c)));
    if (!next) return;
    cell(cur[0], cur[1]).tabIndex = -1;
    next.tabIndex = 0;
    cur = pos(next);
    next.focus();
  }
  // A letter typed on the board places that tile (or a blank for it) and
  // moves on, like writing the word.
  function type(letter, r, c) {
    var sq = cell(r, c);
    if (sq.classList.contains('t')) return moveTo(r + dir[0], c + dir[1]);
    var t = all('#rack .tile:not(.used)').filter(function (x) { return attr(x, 'data-letter') === letter; })[0] ||
      app.querySelector('#rack .bl:not(.used)');
    if (!t) return announce('No ' + letter + ' on your rack.');
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
      if (mode !== 'play') setMode('play', mode);
      else if (sel >= 0) { var back = rackTile(sel); deselect(); back.focus(); announce('Selection cancelled.'); }
      return;
    }
    if (!isCell(t) || e.ctrlKey || e.metaKey || e.altKey) return;
    var p = pos(t), d = DIRS[k];
    if (d) {
      e.preventDefault();
      if (d[0] + d[1] > 0) dir = d; // typing runs right or down
      moveTo(p[0] + d[0], p[1] + d[1]);
    } else if (k === 'Home' || k === 'End') {
      e.preventDefault();
      moveTo(p[0], k === 'Home' ? 0 : 14);
    } else if ((k === 'Backspace' || k === 'Delete') && t.classList.contains('pd')) {
      e.preventDefault();
      recall(p[0], p[1]);
    } else if (/^[a-z]$/i.test(k) && mode === 'play') {
      e.preventDefault();
      type(k.toUpperCase(), p[0], p[1]);
    }
  }

  /* ---- clicks ---- */
  function onClick(e) {
    var t = e.target.closest && e.target.closest('button');
    if (!t) return;
    if (picker && picker.contains(t)) return picker.close(attr(t, 'data-letter') || '');
    if (!app || !app.contains(t) || busy) return;
    if (t.matches('#rack .tile')) {
      var i = +attr(t, 'data-index');
      if (mode === 'exchange') {
        t.setAttribute('aria-pressed', attr(t, 'aria-pressed') !== 'true');
        return exCount();
      }
      if (mode === 'pass') setMode('play');
      if (i !== sel) return select(i, e.detail === 0); // detail 0: Enter or Space
      deselect();
      return announce('Selection cancelled.');
    }
    if (isCell(t)) {
      var p = pos(t);
      cell(cur[0], cur[1]).tabIndex = -1;
      t.tabIndex = 0;
      cur = p;
      if (t.classList.contains('pd')) recall(p[0], p[1]);
      else if (t.classList.contains('t') || app.hasAttribute('data-over')) return;
      else if (sel >= 0 && mode === 'play') { if (place(p[0], p[1])) announce(attr(t, 'aria-label')); }
      else announce('Choose a tile from your rack first.');
      return;
    }
    switch (t.id) {
      case 'end-turn': if (pending.length) send(playMove()); break;
      case 'recall': recallAll(); break;
      case 'exchange': setMode('exchange'); break;
      case 'ex-confirm': if (chosen().length) send({ type: 'exchange', tiles: chosen() }); break;
      case 'ex-cancel': setMode('play', 'exchange'); break;
      case 'pass': setMode('pass'); break;
      case 'pass-confirm': send({ type: 'pass' }); break;
      case 'pass-cancel': setMode('play', 'pass'); break;
      case 'copy-url': case 'copy-link': copy(t); break;
      case 'classic': classic(t); break;
      case 'share': case 'share-link': share(); break;
      case 'eye':
        var on = attr(t, 'aria-pressed') !== 'true';
        store(BLIND, on ? '1' : '0');
        applyBlind(app);
        announce(on ? 'Blind mode on: your partner\u2019s tiles are hidden.' : 'Blind mode off.');
    }
  }

  document.addEventListener('DOMContentLoaded', function () {
    live = $('live');
    app = $('app');
    if (!app) return;
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    addEventListener('hashchange', sync);
    addEventListener('popstate', sync);
    adopt(app);
    var h = hashState();
    if (h && h !== S) return load(h);
    root.classList.remove('loading');
    // Opened as /?s=S, /game?s=S or /new?seed=X: show the shareable /#S
    // instead, without a new history entry.
    if (S) history.replaceState(null, '', '/#' + S);
  });
})();
