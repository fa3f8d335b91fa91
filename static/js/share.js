/* static/js/share.js - the turn link and a finished game's result: copy
 * (with a fallback where the clipboard API is missing) and share. */
/* SPDX-License-Identifier: MIT */
import { BASE, $, attr, setA, announce } from './dom.js';
import { S } from './state.js';
import { hint } from './feedback.js';
import { tr } from './i18n.js';

export function url() { return location.origin + BASE + '/#' + S; }
export function copy(btn, text) {
  text = text || ($('link') ? $('link').value : url());
  if (!attr(btn, 'data-label')) setA(btn, 'data-label', btn.textContent);
  function done() {
    btn.textContent = tr('Copied \u2713');
    announce(tr('Link copied.'));
    setTimeout(() => { btn.textContent = attr(btn, 'data-label'); }, 2000);
  }
  function fallback() { // plain http on a LAN address has no clipboard API
    const ta = document.createElement('textarea');
    let ok = false;
    ta.value = text;
    ta.className = 'sr';
    document.body.appendChild(ta);
    ta.select();
    try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
    ta.remove();
    if (ok) return done();
    if ($('link')) { $('link').focus(); $('link').select(); }
    hint(tr('Select the link and copy it.'));
  }
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, fallback);
  else fallback();
}
export function share() {
  navigator.share({ title: 'Collabble', text: tr('Your turn in our Collabble game'), url: url() }).catch(() => {});
}
export function result(t) {
  const x = attr($('review-total'), 'data-result');
  if (t.id === 'copy-result') copy(t, x + '\n' + url());
  else navigator.share({ title: 'Collabble', text: x, url: url() }).catch(() => {});
}
