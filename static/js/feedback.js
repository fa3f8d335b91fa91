/* static/js/feedback.js - what the script tells the player: the message
 * line, and hints, which a sighted player must see too. */
/* SPDX-License-Identifier: MIT */
import { $, el, setA, announce } from './dom.js';

// The hint in view, and when it goes.
let toast = null, toastTimer = 0;

// What a sighted player must see too (a tap that did nothing, a letter
// not on the rack): announced, and shown until the next press or key
// (it is no longer true then) or for a few seconds, where it covers no
// control: the lowest free band of the window, else in the page's flow
// at the end of the message line's panel, so that no control moves.
export function hint(msg) {
  announce(msg);
  const m = $('msg');
  if (!toast) {
    toast = el('div', { className: 'toast' }, 'toast');
    setA(toast, 'aria-hidden', 'true'); // #live speaks it
  }
  toast.textContent = msg;
  toast.className = 'toast';
  Object.assign(toast.style, { visibility: 'hidden', left: 0, top: 0, bottom: 'auto' });
  toast.hidden = false;
  document.body.appendChild(toast);
  const at = freeSpot(toast.offsetWidth, toast.offsetHeight);
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
export function unhint(e) {
  const b = $('bagbox');
  if (toast) toast.hidden = true;
  if (b && b.open && e && (e.key ? e.key === 'Escape' : !b.contains(e.target))) {
    b.open = false;
    if (e.key) e.stopPropagation();
  }
}
// Where a w x h box covers no control in view: [left, top], or null.
function freeSpot(w, h) {
  const W = document.documentElement.clientWidth, H = innerHeight, xs = [(W - w) / 2, W - w - 8, 8], rs = [];
  document.querySelectorAll('button,a[href],input,select,summary,[tabindex="0"]').forEach((e) => {
    const r = e.getBoundingClientRect();
    if (r.width && r.height && r.bottom > 0 && r.top < H && !e.closest('[hidden]')) rs.push(r);
  });
  const free = (x, y) => x >= 0 && !rs.some((r) => r.bottom > y && r.top < y + h && r.right > x && r.left < x + w);
  for (let y = H - h - 8; y >= 0; y -= 8) {
    const x = xs.find((x) => free(x, y));
    if (x !== undefined) return [x, y];
  }
  return null;
}
// The message line: msg, an error when err; returns the line, if any.
export function say(msg, err) {
  const m = $('msg');
  if (m) { m.textContent = msg; m.className = err ? 'msg err' : 'msg'; }
  announce(msg);
  return m;
}
export function fail(msg) {
  const m = $('msg');
  if (m) { m.textContent = msg; m.className = 'msg err'; }
  hint(msg);
}
