/* static/js/dom.js - the few DOM helpers every part of the script uses,
 * and where the app is mounted. */
/* SPDX-License-Identifier: MIT */
import { trn } from './i18n.js';

let css = null; // static/more.css, once asked for (sheet)

// Where the app is mounted ('' at the root, '/collabble' under a sub-path):
// the server writes each script's address under it, as BASE/static/NAME.js,
// so every address the script asks for is BASE + the app's path. Read while
// the script first runs, the only time document.currentScript is its own.
export const SELF = document.currentScript;
export const BASE = new URL('..', SELF.src).pathname.replace(/\/$/, '');

export function $(id) { return document.getElementById(id); }
export function attr(e, a) { return e.getAttribute(a); }
export function setA(e, a, v) { e.setAttribute(a, v); }
export function has(e, c) { return e.classList.contains(c); }

// A small DOM builder: tag, properties (set as properties), an optional
// data-testid, then children (elements or text).
export function el(tag, props, testid, ...kids) {
  const e = document.createElement(tag);
  Object.keys(props).forEach((k) => { e[k] = props[k]; });
  if (testid) setA(e, 'data-testid', testid);
  e.append(...kids);
  return e;
}

// A script of its own, static/NAME.js, whose versioned address the page
// writes on e (attribute a, data-js unless named), loaded once, when first
// needed: it hands what it exports to window.clb[key] (the promise's
// value); a script that does not load rejects it, and the next call asks
// for it again (the connection may be back).
const scripts = {};
export function lazy(e, key, a) {
  scripts[key] = scripts[key] || new Promise((ok, no) => {
    (window.clb = window.clb || {})[key] = ok;
    document.head.append(el('script', { src: attr(e, a || 'data-js'), onerror: () => { delete scripts[key]; no(); } }));
  });
  return scripts[key];
}

// The rules of what those scripts show (static/more.css: the blank's
// picker, the notices of an older position, the list of kept games), from
// the address on the main script's tag (data-css), loaded once, with the
// first of them to show something: the promise settles when the sheet is
// in or has failed (then the next call asks again; unstyled beats none).
export function sheet() {
  css = css || new Promise((ok) => {
    document.head.append(el('link', { rel: 'stylesheet', href: attr(SELF, 'data-css'), onload: ok,
      onerror: () => { css = null; ok(); } }));
  });
  return css;
}

// An SVG element with its attributes (SVG has no properties to set).
export function svg(tag, attrs, ...kids) {
  const e = document.createElementNS('http://www.w3.org/2000/svg', tag);
  Object.keys(attrs).forEach((k) => { setA(e, k, attrs[k]); });
  e.append(...kids);
  return e;
}

export function pts(n) { return trn('{n} point', '{n} points', n, { n }); }
export function day(d) { return Date.parse(d) / 864e5; }

// What a screen reader hears now (#live, which every page carries).
export function announce(msg) {
  const live = $('live');
  if (!live) return;
  live.textContent = ''; // cleared first so a repeated message speaks again
  setTimeout(() => { live.textContent = msg; }, 30);
}
