/* static/js/state.js - the script's shared mutable state: the page in
 * view (app, its state S: set together by setPage, read everywhere as
 * plain names, which the minifier shortens), `page`, what lasts across the
 * pages it shows, and `turn`, what belongs to the page in view and starts
 * afresh with each (resetTurn, called once as a page is adopted). What
 * one module alone changes (a drag, the picker, the hint) is its own. */
/* SPDX-License-Identifier: MIT */

export let app = null;  // the #app in view
export let S = '';      // its state (its link), '' for none
export function setPage(x) {
  app = x;
  S = x && x.getAttribute('data-state') || '';
}

export const page = {
  want: null,     // the state being loaded, newest wins
  fork: '',       // an older position the player chose to branch from (its S)
  title0: document.title, // the page's title as the server wrote it
  lost: false,    // the focus was on the page that went
  retry: null,    // what Try again sends
  lists: null,    // static/landing.js's functions, once loaded (a promise)
  dir: [0, 1],    // the typing direction: across, or down ([1, 0])
  touch: false,   // the last press was a finger's
};

// This page's turn: the tiles placed (pending: {row, col, letter, blank,
// idx}), the rack tile picked (sel, and blankAs for a blank), the mode
// (play, exchange, pass), a move being sent (busy), a preview that said
// no (invalid), the typing cursor (cur; armed once placed by the player),
// the phone's zoom left to the script (zoomAuto), an older position shown
// read-only (locked), the newest preview asked (seq, timer), and the
// tile being typed by its characters (run: tiles.js, type).
export const turn = {};
export function resetTurn(pending) {
  clearTimeout(turn.timer);
  Object.assign(turn, {
    pending, sel: -1, blankAs: '', mode: 'play', busy: false, invalid: false,
    cur: pending.length ? [pending[0].row, pending[0].col] : [7, 7], armed: false,
    zoomAuto: true, locked: false, seq: (turn.seq | 0) + 1, timer: 0, run: null,
  });
}
resetTurn([]);
