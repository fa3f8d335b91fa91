// tests/refs/refs.mjs - every repository path and every section that the
// documentation and the source comments name exists:
//
//   node tests/refs/refs.mjs [ROOT]      (ROOT: the source tree, default ../..)
//
// What is read: README.md, DESIGN.md, docs/*.md (RULES.md, LINK.md,
// ENGINE.md...), bench/README.md and tests/README.md whole,
// and the comments only (not the code: a string in code is the code's own
// business, and a test of it fails by itself) of every other source file
// in the project's folders (TOP below: core, dict, server, tools, tests,
// static, scripts, docs, bench and deploy), the CMake files, Dockerfile
// and compose.yaml. tests/data/ is data; node_modules/ and build*/ are not
// the project's.
//
// What is checked, each with the line it is on:
//   - a path under one of the project's folders (`server/deflate.c`,
//     `tests/http/`, `tests/fuzz/fuzz_*.c`) names a file or folder that
//     exists. `*`, a <placeholder>, `...` and an ALL-CAPS component
//     (`tests/fuzz/corpus/NAME`) stand for any name, {a,b} for either; a
//     path without an extension may name what is built or run from a file
//     beside it (`bench/bench_link` is bench/bench_link.c, `tests/http/daily`
//     tests/http/daily.test.mjs). A path right after `/`, `.`, `~`, `$`, a
//     letter or a digit is part of another path or an address
//     (/usr/lib/cgi-bin/..., https://.../static/app.js) and is not read.
//   - a bare file name (`link_v1.c`, `write_fails.sh`) is the name of a file
//     in the tree, or of one the build writes (CMake's ${..._BINARY_DIR}/NAME).
//     Not read: names in <...> (system headers, placeholders), names that
//     start with a capital (FACTS.h, Node.js: placeholders and products),
//     and Apache's `<IfModule mod_x.c>`.
//   - a section named in quotes after a document (DESIGN.md, "Limits";
//     docs/DEPLOY.md "TLS"; docs/RULES.md, "Grades"; docs/LINK.md, "The
//     v2 link"; DESIGN.md's "The cost of a request";
//     docs/RULES.md ("Grades", "Rules")) is a heading of that document, or a
//     paragraph or list item of it that opens with the name in bold (the
//     documents name their parts both ways: docs/UI.md, "The share origin"
//     is `- **The share origin.** ...`): the heading's or bold text's whole
//     text, less a final full stop or colon, or that text up to a space, a
//     comma or a colon ("Goals mode" is "Goals mode (`core/goals.c`)").
//
// Prints every stale reference as FILE:LINE: what; exits 1 when there is one.
// SPDX-License-Identifier: MIT
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(process.argv[2] ??
    path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..'));

// The project's own top-level folders: a path starting with one is a
// repository path.
const TOP = ['core', 'dict', 'server', 'tools', 'tests', 'static', 'scripts',
             'docs', 'bench', 'deploy'];

// --- the tree -------------------------------------------------------------

function walk(rel, out) {
    for (const e of fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
        const r = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) {
            if (e.name === '.git' || e.name === 'node_modules' ||
                (rel === '' && e.name.startsWith('build')))
                continue;
            out.dirs.push(r);
            walk(r, out);
        } else {
            out.files.push(r);
        }
    }
    return out;
}
const tree = walk('', { files: [], dirs: [] });
const entries = new Set([...tree.files, ...tree.dirs]);
const basenames = new Set(tree.files.map((f) => path.posix.basename(f)));

// Files the build writes into its own folder, by the name CMake gives them.
for (const f of tree.files.filter((f) => /(^|\/)CMakeLists\.txt$|\.cmake$/.test(f))) {
    const t = fs.readFileSync(path.join(ROOT, f), 'utf8');
    for (const m of t.matchAll(/\$\{(?:CMAKE_|PROJECT_)?(?:CURRENT_)?BINARY_DIR\}\/([\w.\/-]+)/g))
        basenames.add(path.posix.basename(m[1]));
}

// --- what is read of each file --------------------------------------------

const WHOLE = (f) => /^(README|DESIGN)\.md$|^docs\/[^/]+\.md$|^(bench|tests)\/README\.md$/.test(f);
const C_LIKE = /\.(c|h|S|js|mjs|cjs|css)$/;
const HASH = /\.(sh|cmake|conf|service|yaml|yml|htaccess|py|toml)$|(^|\/)(CMakeLists\.txt|Dockerfile|Containerfile)$/;
const LUA = /\.lua$/;
const HTML = /\.html$/;

// The comments of a file, at their own offsets: every other character but
// a newline becomes a space, so that a match's line is its line in the file
// and a reference wrapped over two comment lines still reads as one. The
// comment markers themselves (/*, */, //, #, a block comment's leading *)
// are blanked too.
function blank(s) { return s.replace(/[^\n]/g, ' '); }

function commentsCLike(t) {
    let out = '';
    let i = 0;
    const n = t.length;
    while (i < n) {
        const c = t[i];
        if (c === '/' && t[i + 1] === '*') {
            const end = t.indexOf('*/', i + 2);
            const stop = end < 0 ? n : end;
            const body = t.slice(i + 2, stop).replace(/(^|\n)([ \t]*)\*(?!\/)/g,
                (_, nl, sp) => `${nl}${sp} `);
            out += '  ' + body + (end < 0 ? '' : '  ');
            i = end < 0 ? n : end + 2;
        } else if (c === '/' && t[i + 1] === '/') {
            const end = t.indexOf('\n', i);
            const stop = end < 0 ? n : end;
            out += '  ' + t.slice(i + 2, stop);
            i = stop;
        } else if (c === '"' || c === "'" || c === '`') {
            // A string (a template literal may span lines; the others end
            // at the line, which also bounds a misread regular expression).
            let j = i + 1;
            while (j < n && t[j] !== c && (c === '`' || t[j] !== '\n'))
                j += t[j] === '\\' ? 2 : 1;
            j = Math.min(j + 1, n);
            out += blank(t.slice(i, j));
            i = j;
        } else {
            out += c === '\n' ? '\n' : ' ';
            i++;
        }
    }
    return out;
}

function commentsLine(t, marker) {
    // A comment starts at the marker at the start of a line or after a
    // space or tab (so ${#a[@]}, $#, a URL's #fragment are not comments).
    return t.split('\n').map((line) => {
        const m = marker.exec(line);
        if (!m) return blank(line);
        const at = m.index + m[1].length;
        return ' '.repeat(at + m[2].length) + line.slice(at + m[2].length);
    }).join('\n');
}

function commentsHtml(t) {
    let out = '';
    let i = 0;
    for (;;) {
        const s = t.indexOf('<!--', i);
        if (s < 0) { out += blank(t.slice(i)); break; }
        const e = t.indexOf('-->', s + 4);
        const stop = e < 0 ? t.length : e;
        out += blank(t.slice(i, s)) + '    ' + t.slice(s + 4, stop) + (e < 0 ? '' : '   ');
        i = e < 0 ? t.length : e + 3;
    }
    return out;
}

function readable(f) {
    if (f.startsWith('tests/data/')) return null;
    const t = fs.readFileSync(path.join(ROOT, f), 'utf8');
    if (WHOLE(f)) return t;
    const top = f.split('/')[0];
    if (!TOP.includes(top) && !/^(CMakeLists\.txt|Dockerfile|compose\.yaml)$/.test(f))
        return null;
    if (C_LIKE.test(f)) return commentsCLike(t);
    if (HASH.test(f)) return commentsLine(t, /(^|[ \t])(#+)/);
    if (LUA.test(f)) return commentsLine(t, /(^|[ \t])(--)/);
    if (HTML.test(f)) return commentsHtml(t);
    return null;
}

// --- paths ----------------------------------------------------------------

function globRegex(p) {
    // One regular expression for a path with wildcards: *, <...>, ...,
    // ALL-CAPS components (2+ letters: NAME, FILE, DIR) and {a,b}.
    let s = '';
    const parts = p.split(/(\{[^{}]*\}|<[^<>]*>|\.\.\.|\*|\b[A-Z][A-Z0-9_]+\b)/);
    for (const part of parts) {
        if (part === '') continue;
        if (/^\{.*\}$/.test(part))
            s += '(?:' + part.slice(1, -1).split(',')
                .map((a) => a.replace(/[.+?^$()|[\]\\]/g, '\\$&')).join('|') + ')';
        else if (part === '*' || part === '...' || /^<.*>$/.test(part) ||
                 /^[A-Z][A-Z0-9_]+$/.test(part))
            s += '[^/]*';
        else
            s += part.replace(/[.+?^$()|[\]\\{}]/g, '\\$&');
    }
    return new RegExp('^' + s + '$');
}

function pathExists(p) {
    const bare = p.replace(/\/$/, '');
    if (entries.has(bare)) return true;
    if (/[*<{]|\.\.\.|\b[A-Z][A-Z0-9_]+\b/.test(bare)) {
        const re = globRegex(bare);
        if ([...entries].some((e) => re.test(e))) return true;
    }
    // A program, a module or a test named by its stem: a file beside it
    // whose name is the stem and an extension (.c, .test.mjs...).
    if (!p.endsWith('/') && !/\.[a-z]+$/i.test(path.posix.basename(bare))) {
        const prefix = bare + '.';
        if (tree.files.some((f) => f.startsWith(prefix) && !f.slice(prefix.length).includes('/')))
            return true;
    }
    return false;
}

function trimPath(p) {
    // Sentence punctuation after a path, and a closing bracket that does
    // not belong to it.
    for (;;) {
        const q = p.replace(/[.,:;!?'"`]+$/, '');
        let r = q;
        for (const [o, c] of [['(', ')'], ['{', '}'], ['<', '>'], ['[', ']']]) {
            if (r.endsWith(c) && r.split(o).length < r.split(c).length) r = r.slice(0, -1);
        }
        if (r === p) return p;
        p = r;
    }
}

const PATH_RE = new RegExp(
    String.raw`(?<![\w./~$@%:\\-])((?:${TOP.join('|')})/[\w./*<>{},+-]*)`, 'g');
const NAME_RE = /(?<![\w./~$@%:<\\-])([a-z_][\w-]*\.(?:c|h|S|mjs|cjs|sh|cmake|md|css|js|lua))(?![\w(])/g;

// --- sections -------------------------------------------------------------

const DOCS = {
    'DESIGN.md': 'DESIGN.md', 'DEPLOY.md': 'docs/DEPLOY.md', 'API.md': 'docs/API.md',
    'UI.md': 'docs/UI.md', 'RULES.md': 'docs/RULES.md', 'LINK.md': 'docs/LINK.md',
    'ENGINE.md': 'docs/ENGINE.md', 'README.md': 'README.md',
};
const headingsOf = new Map();
function headings(doc) {
    if (!headingsOf.has(doc)) {
        const t = fs.readFileSync(path.join(ROOT, doc), 'utf8');
        const hs = [];
        let fence = false;
        for (const line of t.split('\n')) {
            if (/^(```|~~~)/.test(line)) fence = !fence;
            if (fence) continue;
            const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line) ||
                /^\s*(?:[-*+]\s+|\d+\.\s+)?\*\*([^*]+?)[.:]?\*\*/.exec(line);
            if (m) hs.push(m[1]);
        }
        headingsOf.set(doc, hs);
    }
    return headingsOf.get(doc);
}
function isHeading(doc, name) {
    return headings(doc).some((h) => h === name ||
        (h.startsWith(name) && /^[ ,:]/.test(h.slice(name.length))));
}
function docOf(named) {
    // docs/DEPLOY.md, DEPLOY.md and ../DEPLOY.md are one document; README.md
    // is the top one unless it is written bench/README.md or tests/README.md.
    if (named.endsWith('bench/README.md')) return 'bench/README.md';
    if (named.endsWith('tests/README.md')) return 'tests/README.md';
    const b = path.posix.basename(named);
    return DOCS[b] ?? null;
}
const SECTION_RE = new RegExp(
    String.raw`((?:[\w.-]+/)*(?:DESIGN|DEPLOY|API|UI|RULES|LINK|ENGINE|README)\.md)(?:'s)?,?\s*\(?` +
    String.raw`("[^"]{1,160}"(?:\s*(?:,|and|or)\s*"[^"]{1,160}")*)`, 'g');

// --- the run ----------------------------------------------------------------

const problems = [];
const lineOf = (t, i) => t.slice(0, i).split('\n').length;
let read = 0;
for (const f of tree.files.sort()) {
    let text;
    try { text = readable(f); } catch { text = null; }
    if (text == null) continue;
    read++;
    for (const m of text.matchAll(PATH_RE)) {
        const p = trimPath(m[1]);
        if (p.endsWith('/') && p.split('/').length === 2 && TOP.includes(p.slice(0, -1))) {
            if (!entries.has(p.slice(0, -1)))
                problems.push(`${f}:${lineOf(text, m.index)}: no such folder ${p}`);
            continue;
        }
        if (!pathExists(p))
            problems.push(`${f}:${lineOf(text, m.index)}: no such path ${p}`);
    }
    for (const m of text.matchAll(NAME_RE)) {
        const name = m[1];
        if (basenames.has(name)) continue;
        if (/IfModule\s+$/.test(text.slice(Math.max(0, m.index - 12), m.index))) continue;
        problems.push(`${f}:${lineOf(text, m.index)}: no file is named ${name}`);
    }
    for (const m of text.matchAll(SECTION_RE)) {
        const doc = docOf(m[1]);
        if (!doc || !entries.has(doc)) continue;
        for (const q of m[2].matchAll(/"([^"]+)"/g)) {
            const name = q[1].replace(/\s+/g, ' ').trim();
            if (!isHeading(doc, name))
                problems.push(`${f}:${lineOf(text, m.index)}: ${doc} has no section "${name}"`);
        }
    }
}

if (problems.length) {
    for (const p of problems) console.log(p);
    console.log(`refs: FAILED (${problems.length} stale references in ${read} files)`);
    process.exit(1);
}
console.log(`refs: every path and section named in ${read} files exists: passed`);
