// tests/browser/languages.mjs - the lexicons the language tests play with
// where the build has none of its own (languages.test.mjs plays the
// build's <build>/dict/lang/<code>.clx where it is, and in CI only those): the
// language's free word list (the Debian package's /usr/share/dict file,
// the npm package's array), spelled in the language's tile set here, its
// accents folded but for its own letters, and compiled with
// collabble-dictc --tileset CODE into a temporary lexicon the server is
// started with.
// SPDX-License-Identifier: MIT
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from './helpers.mjs';

// Each language's tile faces in machine order (core/tileset_<code>.c: the
// page's data-alphabet must say the same), the
// characters a word keeps as they are (the rest lose their accents), and
// where its list is. `keep` lists the accented letters that are tiles.
export const LANGUAGES = {
  fr: {
    name: 'French', list: ['/usr/share/dict/french'], keep: '',
    faces: 'A B C D E F G H I J K L M N O P Q R S T U V W X Y Z',
  },
  de: {
    name: 'German', list: ['/usr/share/dict/ngerman'], keep: 'ÄÖÜ',
    faces: 'A Ä B C D E F G H I J K L M N O Ö P Q R S T U Ü V W X Y Z',
  },
  es: {
    name: 'Spanish', keep: 'Ñ', faces: 'A B C CH D E F G H I J L LL M N Ñ O P Q R RR S T U V X Y Z',
    list: [process.env.CLB_WORDLIST_ES, path.join(REPO, 'node_modules/an-array-of-spanish-words/index.json')],
  },
  ca: {
    name: 'Catalan', list: ['/usr/share/dict/catalan'], keep: 'Ç·',
    faces: 'A B C Ç D E F G H I J L L·L M N NY O P QU R S T U V X Z',
  },
  pl: {
    name: 'Polish', list: ['/usr/share/dict/polish'], keep: 'ĄĆĘŁŃÓŚŹŻ',
    faces: 'A Ą B C Ć D E Ę F G H I J K L Ł M N Ń O Ó P R S Ś T U W Y Z Ź Ż',
  },
};

// The first list of `code` that exists, or null.
export function listOf(code) {
  return LANGUAGES[code].list.find((f) => f && existsSync(f)) ?? null;
}

// The words of a list file: one a line, or a JSON array.
function readWords(file) {
  const text = readFileSync(file, 'utf8');
  return file.endsWith('.json') ? JSON.parse(text) : text.split(/\r?\n/);
}

// `word` upper-cased and spelled in `faces` (longest tile first), its
// accents dropped but for the letters `keep` holds; null when it cannot
// be spelled in 2 to 15 tiles.
export function spell(word, faces, keep) {
  let w = word.toUpperCase().replace(/ß/g, 'SS').replace(/Œ/g, 'OE').replace(/Æ/g, 'AE');
  w = [...w].map((ch) => (keep.includes(ch) ? ch : ch.normalize('NFD').replace(/[\u0300-\u036f]/g, ''))).join('');
  const tiles = [];
  for (let i = 0; i < w.length;) {
    const t = faces.filter((f) => w.startsWith(f, i)).sort((a, b) => b.length - a.length)[0];
    if (!t) return null;
    tiles.push(t);
    i += t.length;
  }
  return tiles.length >= 2 && tiles.length <= 15 ? tiles : null;
}

// Writes every `step`-th spellable word of code's list (up to 8 tiles: the
// plays a test needs) to dir/CODE.txt and compiles it; resolves to the
// lexicon's path.
export function compile(code, dir, dictc, { step = 1 } = {}) {
  const faces = LANGUAGES[code].faces.split(' ');
  const file = listOf(code);
  const { name, list } = LANGUAGES[code];
  if (!file) throw new Error(`no word list for ${name} (${list.filter(Boolean).join(', ')})`);
  const out = new Set();
  const words = readWords(file);
  for (let i = 0; i < words.length; i += step) {
    const t = spell(words[i], faces, LANGUAGES[code].keep);
    if (t && t.length <= 8) out.add(t.join(''));
  }
  const txt = path.join(dir, `${code}.txt`), clx = path.join(dir, `${code}.clx`);
  writeFileSync(txt, [...out].join('\n') + '\n');
  execFileSync(dictc, ['--tileset', code, txt, clx], { stdio: ['ignore', 'ignore', 'pipe'] });
  return clx;
}
