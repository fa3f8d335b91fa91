// tests/http/api_doc.mjs - reading docs/API.md's examples by the
// document's convention (tests/http/api_doc.test.mjs says it in full): the
// fenced blocks, the one form of a curl command, the examples in order and
// the comparison of a documented answer with a server's. Shared by that
// test (a server at the root) and the host tests (tests/hosts: the same
// examples under a mount, through each web server).
// SPDX-License-Identifier: MIT
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DOC = path.join(here, '..', '..', 'docs', 'API.md');
export const HOST = 'http://localhost:8080';
export const ELIDED = '…';

// The fenced blocks of a Markdown text: [{ lang, text, line, heading }].
export function blocks(md) {
  const out = [];
  const lines = md.split('\n');
  let heading = '';
  for (let i = 0; i < lines.length; i++) {
    const h = /^#+ (.*)/.exec(lines[i]);
    if (h) heading = h[1];
    const m = /^```(\S*)\s*$/.exec(lines[i]);
    if (!m) continue;
    const start = i;
    const body = [];
    for (i++; i < lines.length && lines[i] !== '```'; i++) body.push(lines[i]);
    if (i >= lines.length) throw new Error(`line ${start + 1}: unclosed code block`);
    out.push({ lang: m[1], text: body.join('\n'), line: start + 1, heading });
  }
  return out;
}

// Splits a shell command into words: single quotes only, and a backslash at
// a line's end joins lines. Anything else a shell would expand is refused,
// so the command means the same to the test as to a reader's shell.
export function shellWords(cmd) {
  const s = cmd.replace(/\\\n/g, ' ');
  const words = [];
  let i = 0;
  while (i < s.length) {
    if (/\s/.test(s[i])) { i++; continue; }
    let w = '';
    while (i < s.length && !/\s/.test(s[i])) {
      if (s[i] === "'") {
        const end = s.indexOf("'", i + 1);
        if (end < 0) throw new Error('unclosed quote');
        w += s.slice(i + 1, end);
        i = end + 1;
      } else if (/[A-Za-z0-9_\-.:/=@%,]/.test(s[i])) {
        w += s[i++];
      } else {
        throw new Error(`"${s[i]}" outside single quotes`);
      }
    }
    words.push(w);
  }
  return words;
}

// A curl command of the document's one form: { path, body }.
export function parseCurl(cmd) {
  const w = shellWords(cmd);
  const form = 'curl -s -X POST http://localhost:8080/api/v1/PATH [-d BODY]';
  if (w[0] !== 'curl' || w[1] !== '-s' || w[2] !== '-X' || w[3] !== 'POST' ||
      !w[4]?.startsWith(`${HOST}/`) || !(w.length === 5 || (w.length === 7 && w[5] === '-d'))) {
    throw new Error(`not of the form "${form}": ${cmd}`);
  }
  return { path: w[4].slice(HOST.length), body: w.length === 7 ? w[6] : '' };
}

export const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

// The first difference between a documented answer and the server's, as
// "where: what", or null when the server's answer is what the document
// shows (with "…" as described above).
export function difference(doc, got, where = '$') {
  if (doc === ELIDED) return null;
  if (Array.isArray(doc)) {
    if (!Array.isArray(got)) return `${where}: expected an array, got ${JSON.stringify(got)}`;
    const open = doc.length > 0 && doc[doc.length - 1] === ELIDED;
    const shown = open ? doc.slice(0, -1) : doc;
    if (open ? got.length < shown.length : got.length !== shown.length) {
      return `${where}: ${got.length} elements, the document shows ${shown.length}${open ? ' or more' : ''}`;
    }
    for (let i = 0; i < shown.length; i++) {
      const d = difference(shown[i], got[i], `${where}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (isObject(doc)) {
    if (!isObject(got)) return `${where}: expected an object, got ${JSON.stringify(got)}`;
    const open = doc[ELIDED] === ELIDED;
    for (const k of Object.keys(doc)) {
      if (k === ELIDED && open) continue;
      if (!(k in got)) return `${where}.${k}: in the document, not in the answer`;
      const d = difference(doc[k], got[k], `${where}.${k}`);
      if (d) return d;
    }
    if (!open) {
      for (const k of Object.keys(got)) {
        if (!(k in doc)) return `${where}.${k}: in the answer (${JSON.stringify(got[k])}), not in the document`;
      }
    }
    return null;
  }
  return doc === got ? null : `${where}: the document shows ${JSON.stringify(doc)}, the server answers ${JSON.stringify(got)}`;
}

// Every "state" string an answer shows in full.
export function statesIn(v, out = new Set()) {
  if (Array.isArray(v)) v.forEach((x) => statesIn(x, out));
  else if (isObject(v)) {
    for (const [k, x] of Object.entries(v)) {
      if (k === 'state' && typeof x === 'string' && x !== ELIDED) out.add(x);
      else statesIn(x, out);
    }
  }
  return out;
}

// The document's examples, in order: { kind: 'curl' | 'script', ... }.
export function examples(md) {
  const bs = blocks(md);
  const out = [];
  for (let i = 0; i < bs.length; i++) {
    const b = bs[i];
    const where = `docs/API.md line ${b.line} (${b.heading})`;
    if (b.lang === 'json') throw new Error(`${where}: a json block that is not the answer of a sh block`);
    if (b.lang !== 'sh') continue;
    const a = bs[i + 1];
    if (a?.lang === 'json') {
      let answer;
      try { answer = JSON.parse(a.text); } catch (e) {
        throw new Error(`docs/API.md line ${a.line}: the answer is not JSON: ${e.message}`);
      }
      out.push({ kind: 'curl', where, ...parseCurl(b.text), answer });
    } else if (a?.lang === 'text') {
      out.push({ kind: 'script', where, script: b.text, output: a.text });
    } else {
      throw new Error(`${where}: a sh block without its answer (a json or text block after it)`);
    }
    i++;
  }
  return out;
}

