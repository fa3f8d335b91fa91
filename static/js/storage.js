/* static/js/storage.js - what this browser keeps in localStorage, and how
 * an older record is read. One record per game (collabble:game:<gameId>),
 * this device's bests, its own name and blind mode; docs/UI.md, "What the
 * browser remembers (localStorage)", lists every field.
 *
 * The records written as JSON carry a schema version, `v`. A record
 * without one was written before versions (schema 0, the same fields):
 * it is read as it is and migrated on read, in memory only, and written
 * with the version the next time the script saves it, so no player's kept
 * games are lost to an update. A record from a newer script (a higher `v`)
 * is read for the fields this one knows and its other fields kept. */
/* SPDX-License-Identifier: MIT */
import { lines } from './lines.js';
import { tr } from './i18n.js';

export const KEY = 'collabble:game:', BLIND = 'collabble:blind', BEST = 'collabble:bests';
export const NAME = 'collabble:name';
export const SCHEMA = 1;

// localStorage read (v undefined), written (a string) or removed (null);
// nothing where the browser refuses it (private mode).
export function store(k, v) {
  try {
    if (v === undefined) return localStorage.getItem(k);
    if (v === null) localStorage.removeItem(k); else localStorage.setItem(k, v);
  } catch (e) { /* private mode */ }
  return null;
}
export function parse(text) { try { return JSON.parse(text); } catch (e) { return null; } }

// Each schema's step up to the next: MIGRATE[n] makes a schema-n record a
// schema-(n + 1) one. Schema 0 (no `v`) has today's fields: only the
// version is new.
const MIGRATE = [(r) => r];
export function migrate(r) {
  if (!r || typeof r !== 'object' || Array.isArray(r)) return null;
  for (let n = r.v | 0; n < SCHEMA; n++) r = MIGRATE[n](r);
  r.v = Math.max(r.v | 0, SCHEMA);
  return r;
}

// The JSON record under k, migrated; null if there is none or it is not one.
export function readRecord(k) { return migrate(parse(store(k))); }
export function writeRecord(k, r) { r.v = Math.max(r.v | 0, SCHEMA); store(k, JSON.stringify(r)); }

export function record(id) { return readRecord(KEY + id); }
export function save(id, r) { writeRecord(KEY + id, r); }

// Which player this device is in game id (0: not known).
export function meOf(id) { const r = id && record(id); return r && (r.me === 1 || r.me === 2) ? r.me : 0; }
export function setMe(id, me) { const r = record(id) || {}; r.me = me; save(id, r); }
// Who this device is on position s: itself, unless it chose to play the
// other rack for that one turn.
export function whoOn(id, s) { const r = id && record(id); return r && r.as && r.as.state === s ? r.as.me : meOf(id); }

// Every game this browser keeps, each with its lines newest first (`lines`)
// and its id, the game last played first.
export function savedGames() {
  const out = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i), r = k.indexOf(KEY) === 0 && record(k.slice(KEY.length));
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
export function ownerOf(s) {
  const g = savedGames().filter((r) => r.lines.some((l) => l.state === s))[0];
  return g ? g.id : '';
}

/* Names: this device names both players of a game (kept in its record,
 * never in the link); the player's own name is the default for every
 * game it plays. The page's "Player 2" (the move list's "P2") becomes the
 * name wherever it stands. */
// The page's words for the players, in its language (i18n.js): "Player 1"
// anywhere, "P1" as a whole text (the move list's column).
export function playerName(n) { return n === 1 ? tr('Player 1') : tr('Player 2'); }
export function names(id) {
  const r = record(id) || {}, n = (r.names || []).slice(0, 2);
  if (r.me && !n[r.me - 1]) n[r.me - 1] = store(NAME) || '';
  return n;
}
export function named(t, id, n) {
  n = n || names(id);
  [tr('P1'), tr('P2')].forEach((p, i) => {
    if (n[i]) t = t === p ? n[i] : t.split(playerName(i + 1)).join(n[i]);
  });
  return t;
}

// This device's bests: {score, pct, day, streak}, or null.
export function bests() { return readRecord(BEST); }
