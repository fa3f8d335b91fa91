// tests/po/placeholders.test.mjs - the page's catalogues (po/*.po) keep
// their messages' data: every translation names exactly the placeholders
// ("{word}", "{n}": server/render_internal.h, "sentences with data in
// them") of the message it translates, so no datum is lost and none is
// shown as "{wrod}". A placeholder is a brace, a-z or '_', and a brace.
// SPDX-License-Identifier: MIT
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const PO_DIR = new URL('../../po/', import.meta.url).pathname;

// The entries of a .po file: { msgid, plural, strs: [msgstr...], line }.
function entries(text) {
  const out = [];
  let cur = null, field = null;
  const unquote = (s) => JSON.parse(s.replace(/\\(?!["\\nt])/g, '\\\\'));
  text.split('\n').forEach((line, i) => {
    let m;
    if ((m = /^msgid (".*")$/.exec(line))) {
      cur = { msgid: unquote(m[1]), plural: null, strs: [], line: i + 1 };
      out.push(cur);
      field = 'msgid';
    } else if ((m = /^msgid_plural (".*")$/.exec(line))) {
      cur.plural = unquote(m[1]);
      field = 'plural';
    } else if ((m = /^msgstr(?:\[(\d+)\])? (".*")$/.exec(line))) {
      field = +(m[1] || 0);
      cur.strs[field] = unquote(m[2]);
    } else if (/^".*"$/.test(line) && cur) {
      if (typeof field === 'number') cur.strs[field] += unquote(line);
      else cur[field] += unquote(line);
    }
  });
  return out.filter((e) => e.msgid !== '');
}

const names = (s) => [...s.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]).sort().join(',');

const files = readdirSync(PO_DIR).filter((f) => f.endsWith('.po'));

test('there are catalogues to check', () => {
  assert.ok(files.length > 0, 'no po/*.po');
});

for (const f of files) {
  test(`${f}: every translation names its message's placeholders`, () => {
    for (const e of entries(readFileSync(join(PO_DIR, f), 'utf8'))) {
      e.strs.forEach((s, i) => {
        if (s === '') return; // untranslated: the English shows
        // A plural's forms may each follow either English form (a form
        // for one may say "one" where English says "{n}").
        const want = e.plural === null ? [names(e.msgid)] : [names(e.msgid), names(e.plural)];
        assert.ok(want.includes(names(s)),
          `${f}:${e.line}: "${s}" (form ${i}) has {${names(s)}}, "${e.msgid}" has {${want[0]}}`);
      });
    }
  });
}
