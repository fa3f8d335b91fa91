// tests/ops/yaml.mjs - a reader of the part of YAML that compose.yaml and
// deploy/kubernetes/ are written in, for the offline checks of those files
// (tests/ops/compose.mjs, tests/ops/kubernetes.mjs): Debian 12 packages no
// YAML library for Node.js, and the files are ours, so they keep to a
// subset that is read the same by every YAML reader. What is outside it is
// refused with its line, never guessed at:
//
//   - documents separated by `---`; `#` comments (a `#` after a space, or
//     at the start of a line, outside quotes);
//   - block mappings (`key: value`) and block sequences (`- item`, and
//     `- key: value` opening a mapping), indented with spaces; a sequence
//     may sit at its key's own indentation (`key:` then `- item`);
//   - scalars: plain, 'single' and "double" quoted (JSON's escapes), on one
//     line; a plain `123` is a number, `true`/`false` a boolean, `null`
//     and `~` null; flow sequences of scalars on one line (`[a, "b"]`),
//     and the empty `{}` and `[]`.
//
// Refused: tabs for indentation, anchors, aliases, tags, block scalars
// (`|`, `>`), flow mappings with content, multi-line scalars, duplicate
// keys (kubectl refuses them too), and the plain words YAML 1.1 reads as
// booleans (yes, no, on, off, y, n: Kubernetes' reader is YAML 1.1, so
// `value: on` would be true there and a string here): quote them.
// SPDX-License-Identifier: MIT

export class YamlError extends Error {
  constructor(file, line, message) {
    super(`${file}:${line}: ${message}`);
  }
}

const YAML11_BOOLEANS = /^(y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/;

// The line without its comment: a '#' at the start or after a space,
// outside quotes.
function stripComment(text) {
  let quote = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote !== null) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      if (i === 0 || /[\s[,:-]/.test(text[i - 1])) quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]))) {
      return text.slice(0, i);
    }
  }
  return text;
}

export function parseYaml(source, file = '<yaml>') {
  const docs = [];
  let lines = [];
  const flush = () => {
    if (lines.length > 0) docs.push(parseDocument(lines, file));
    else docs.push(null);
    lines = [];
  };
  source.split('\n').forEach((raw, k) => {
    const no = k + 1;
    if (/^---\s*$/.test(raw)) {
      flush();
      return;
    }
    const text = stripComment(raw.replace(/\r$/, '')).replace(/\s+$/, '');
    if (text === '') return;
    const indent = /^ */.exec(text)[0].length;
    if (text[indent] === '\t') throw new YamlError(file, no, 'a tab in the indentation');
    lines.push({ no, indent, text: text.slice(indent) });
  });
  flush();
  // A file that opens with `---` has an empty document before it.
  return docs.filter((d, i) => !(d === null && i === 0));
}

function parseDocument(lines, file) {
  const st = { lines, at: 0, file };
  const value = parseBlock(st, lines[0].indent);
  if (st.at < lines.length) {
    const l = lines[st.at];
    throw new YamlError(file, l.no, `unexpected indentation of "${l.text}"`);
  }
  return value;
}

function isItem(text) {
  return text === '-' || text.startsWith('- ');
}

// A mapping or a sequence whose lines are at `indent`.
function parseBlock(st, indent) {
  const l = st.lines[st.at];
  return isItem(l.text) ? parseSequence(st, indent) : parseMapping(st, indent);
}

function parseSequence(st, indent) {
  const out = [];
  while (st.at < st.lines.length) {
    const l = st.lines[st.at];
    if (l.indent !== indent || !isItem(l.text)) break;
    const rest = l.text.slice(1).replace(/^ +/, '');
    if (rest === '') {
      st.at++;
      const next = st.lines[st.at];
      if (next === undefined || next.indent <= indent)
        throw new YamlError(st.file, l.no, 'an empty sequence item');
      out.push(parseBlock(st, next.indent));
      continue;
    }
    // "- key: value" opens a mapping whose keys are where `key` is.
    const keyAt = l.indent + (l.text.length - rest.length);
    if (mappingEntry(rest) !== null) {
      st.lines[st.at] = { no: l.no, indent: keyAt, text: rest };
      out.push(parseMapping(st, keyAt));
      continue;
    }
    if (isItem(rest)) throw new YamlError(st.file, l.no, 'a sequence in a sequence item: put it on its own lines');
    out.push(scalarOrFlow(rest, st.file, l.no));
    st.at++;
  }
  return out;
}

// "key: value" or "key:" as { key, value }, or null when the text is no
// mapping entry. A key is plain (no ': ') or quoted.
function mappingEntry(text) {
  let m = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*')\s*:(?:\s+(.*))?$/.exec(text);
  if (m !== null) return { key: unquote(m[1]), value: m[2] ?? '' };
  m = /^([^\s"'#\-[{&*!|>%@`][^:]*?|-[^\s:][^:]*?)\s*:(?:\s+(.*))?$/.exec(text);
  if (m === null) return null;
  return { key: m[1], value: m[2] ?? '' };
}

function parseMapping(st, indent) {
  const out = {};
  while (st.at < st.lines.length) {
    const l = st.lines[st.at];
    if (l.indent < indent) break;
    if (l.indent > indent) throw new YamlError(st.file, l.no, `unexpected indentation of "${l.text}"`);
    if (isItem(l.text)) break;
    const e = mappingEntry(l.text);
    if (e === null) throw new YamlError(st.file, l.no, `not a "key: value" line: "${l.text}"`);
    if (Object.prototype.hasOwnProperty.call(out, e.key))
      throw new YamlError(st.file, l.no, `the key "${e.key}" twice`);
    st.at++;
    if (e.value !== '') {
      out[e.key] = scalarOrFlow(e.value, st.file, l.no);
      continue;
    }
    const next = st.lines[st.at];
    if (next !== undefined && (next.indent > indent || (next.indent === indent && isItem(next.text))))
      out[e.key] = parseBlock(st, next.indent);
    else
      out[e.key] = null;
  }
  return out;
}

function unquote(text) {
  if (text.startsWith('"')) return JSON.parse(text);
  return text.slice(1, -1).replace(/''/g, "'");
}

function scalarOrFlow(text, file, no) {
  if (text === '{}') return {};
  if (text === '[]') return [];
  if (text.startsWith('[')) {
    if (!text.endsWith(']')) throw new YamlError(file, no, 'a flow sequence must close on its line');
    const items = [];
    const re = /\s*("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^,"'[\]{}]+?)\s*(,|$)/y;
    const inner = text.slice(1, -1);
    let at = 0;
    while (at < inner.length) {
      re.lastIndex = at;
      const m = re.exec(inner);
      if (m === null) throw new YamlError(file, no, `a flow sequence of anything but scalars: ${text}`);
      items.push(scalar(m[1], file, no));
      at = re.lastIndex;
      if (m[2] === '') break;
    }
    return items;
  }
  return scalar(text, file, no);
}

function scalar(text, file, no) {
  const t = text.trim();
  if (t.startsWith('"') || t.startsWith("'")) {
    if (!/^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*')$/.test(t))
      throw new YamlError(file, no, `a quoted scalar that does not end on its line: ${t}`);
    return unquote(t);
  }
  if (/^[&*!|>{%@`]/.test(t)) throw new YamlError(file, no, `outside the YAML this reader takes: ${t}`);
  if (/: |:$| #/.test(t)) throw new YamlError(file, no, `a plain scalar with ": " or " #": quote it: ${t}`);
  if (YAML11_BOOLEANS.test(t)) throw new YamlError(file, no, `"${t}" is a boolean in YAML 1.1: quote it`);
  if (t === 'null' || t === '~') return null;
  if (t === 'true') return true;
  if (t === 'false') return false;
  if (/^-?(0|[1-9][0-9]*)$/.test(t)) return Number(t);
  if (/^-?(0|[1-9][0-9]*)\.[0-9]+$/.test(t)) return Number(t);
  return t;
}
