/* static/js/i18n.js - the script's words in the page's language. The
 * server writes their translations into the page, as data the script reads
 * (<script type="application/json" id="i18n">, which the
 * Content-Security-Policy lets be: it never runs); an English page has
 * none, and the words are the msgids themselves. Every word the script
 * shows or says goes through t() or tn(), which the build's extractor
 * finds (po/pot.cmake): a message is a literal, its data in named
 * placeholders, t('Blank as {letter}.', { letter }). */
/* SPDX-License-Identifier: MIT */

let table = null;

function read(doc) {
  const e = doc.getElementById('i18n');
  try { return e ? JSON.parse(e.textContent) : {}; } catch (err) { return {}; }
}

// {name} by vars.name; a placeholder with no value is left out.
function fill(s, vars) {
  return vars ? s.replace(/\{([a-z_]+)\}/g, (m, k) => (k in vars ? String(vars[k]) : '')) : s;
}

// msgid in the page's language, its placeholders filled.
export function t(msgid, vars) {
  table = table || read(document);
  const s = table[msgid];
  return fill(typeof s === 'string' && s ? s : msgid, vars);
}

// The form for n of a message with a singular and a plural: the page says
// which form each n from 0 to 199 takes (""), as its language's rule does.
export function tn(one, many, n, vars) {
  table = table || read(document);
  const forms = table[one], rule = table[''];
  if (!Array.isArray(forms) || typeof rule !== 'string') return fill(n === 1 ? one : many, vars);
  const k = +rule[n < 200 ? n : (n % 100) + 100] || 0;
  return fill(forms[k] || forms[forms.length - 1] || many, vars);
}

// A page fetched in place of the one shown (a game opened from the
// landing page) may speak another language: its words, and <html lang>.
export function adopt(doc) {
  table = read(doc);
  if (doc.documentElement && doc.documentElement.lang) document.documentElement.lang = doc.documentElement.lang;
}

// The language switch goes back to the very address shown, its fragment
// (a game's /#S) included, which a form cannot know without the script.
export function keepAddress() {
  document.addEventListener('submit', (e) => {
    const f = e.target;
    if (!f.classList || !f.classList.contains('langs')) return;
    // The form posts to BASE/lang: what is before /lang is where the app is.
    const back = f.querySelector('input[name=back]'), base = new URL(f.action).pathname.replace(/\/lang$/, '');
    const path = location.pathname.slice(base.length);
    if (back) back.value = (path[0] === '/' ? path : '/' + path) + location.search + location.hash;
  });
}
