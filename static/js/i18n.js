/* static/js/i18n.js - the script's words in the page's language. The
 * server writes their translations into the page, as data the script reads
 * (<script type="application/json" id="i18n">, which the
 * Content-Security-Policy lets be: it never runs); an English page has
 * none, and the words are the msgids themselves. Every word the script
 * shows or says goes through tr() or trn(), as the server's do, which the
 * build's extractor finds (po/pot.cmake): a message is a literal, its data
 * in named placeholders, tr('Blank as {letter}.', { letter }). */
/* SPDX-License-Identifier: MIT */

let table = null;

function read(doc) {
  const e = doc.getElementById('i18n');
  return e ? JSON.parse(e.textContent) : {};
}
// The page's words (none outside a page: node's tests).
function words() { return table || (table = typeof document === 'undefined' ? {} : read(document)); }
// {name} by vars.name.
function fill(s, vars) { return vars ? s.replace(/\{(\w+)\}/g, (m, k) => vars[k]) : s; }

// msgid in the page's language, its placeholders filled.
export function tr(msgid, vars) { return fill(words()[msgid] || msgid, vars); }

// The form for n of a message with a singular and a plural: the page says
// which form each n from 0 to 199 takes (""), as its language's rule does
// (past 199, n % 100 + 100: every rule reads n through n % 100).
export function trn(one, many, n, vars) {
  const f = words()[one], rule = table[''];
  return fill(f && rule ? f[+rule[n < 200 ? n : n % 100 + 100]] || f[0] : n === 1 ? one : many, vars);
}

// A page fetched in place of the one shown (a game opened from the
// landing page) may speak another language: its words, and <html lang>.
export function adopt(doc) {
  table = read(doc);
  document.documentElement.lang = doc.documentElement.lang;
}

// The language switch goes back to the very address shown, its fragment
// (a game's /#S) included, which a form cannot know without the script.
export function keepAddress() {
  document.addEventListener('submit', (e) => {
    const f = e.target, back = f.classList.contains('langs') && f.querySelector('[name=back]');
    // What follows the app's own address (the form's, BASE/lang, less "/lang").
    if (back) back.value = location.href.slice(f.action.length - 5) || '/';
  });
}
