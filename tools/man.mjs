// tools/man.mjs - writes a program's manual page from its own --help, so
// that the page says exactly what the program says (docs/man/*.1, checked
// equal by tests/ops/man.sh).
//
//   node tools/man.mjs PROGRAM > docs/man/NAME.1     # PROGRAM: a built binary
//   node tools/man.mjs --all BUILD_DIR DOCS_MAN_DIR  # all three, rewritten
//
// The page is the --help text and nothing more, but NAME (a line of this
// file's table) and SEE ALSO: "Usage:" and its lines are the SYNOPSIS,
// everything after it the DESCRIPTION. Within it, a paragraph flush left is
// prose (troff fills it); a line "  -x, --opt ARG   what it does" with the
// lines indented under it is an option (.TP, the option in bold); any other
// indented line is kept as it is (.nf), as tables and lists are in --help.
// A program with commands gets a COMMANDS section: each command's own
// help (COMMAND --help) less its usage. The version goes in the page's
// footer. No date and no commit: the same help always gives the same
// bytes.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

// The programs with a page: the NAME line's description, and where each
// lives in a build tree (for --all).
export const PAGES = {
  collabble: {
    what: 'a cooperative Scrabble server that keeps no games',
    built: 'server/collabble',
  },
  'collabble-cli': {
    what: 'the Collabble engine on the command line',
    built: 'tools/collabble-cli',
    // Its commands, each with a help of its own (COMMAND --help): the
    // lines of the help's list of commands.
    commands: /^Commands/,
  },
  'collabble-dictc': {
    what: "compile a word list into Collabble's lexicon",
    built: 'dict/collabble-dictc',
  },
};

// Text for troff: backslashes and hyphen-minus escaped (an option stays
// copyable as typed), a line never taken for a request.
function esc(text) {
  const t = text.replace(/\\/g, '\\e').replace(/-/g, '\\-');
  return /^[.']/.test(t) ? `\\&${t}` : t;
}

// "--port N" as bold option words and italic arguments: a word that starts
// with '-' is an option, any other word an argument.
function optionTerm(term) {
  return term
    .split(/(\s+|,\s*|\.\.\.)/)
    .map((w) => {
      if (w === '' || /^(\s+|,\s*|\.\.\.)$/.test(w)) return esc(w);
      if (w.startsWith('-')) return `\\fB${esc(w)}\\fR`;
      return `\\fI${esc(w)}\\fR`;
    })
    .join('');
}

// "  --opt ARG    text" or "  --opt ARG" alone: the term and its text,
// or null for a line that is no option. The text starts at `column` (where
// the lines under it start) when the line has a space just before it, as
// "  --log-format text|json a line per request" has, or else after the
// last run of two or more spaces.
function optionLine(line, column) {
  if (!/^ {2}-\S/.test(line)) return null;
  if (column > 2 && line.length > column && line[column - 1] === ' ' &&
      line[column] !== ' ')
    return { term: line.slice(2, column).trim(), text: line.slice(column) };
  const m = /^ {2}(-\S.*?)(?: {2,}(\S.*))?$/.exec(line);
  return { term: m[1], text: m[2] ?? '' };
}

// The column a line's text starts at when it is indented three or more
// spaces (an option's text continued), else 0.
function continuation(line) {
  const m = /^( {3,})\S/.exec(line ?? '');
  return m === null ? 0 : m[1].length;
}

// The help after its usage: prose paragraphs, options and kept lines. A
// paragraph whose lines are all options with a one-word text (collabble's
// table of environment variables) is a table: kept as it is.
function body(lines, out) {
  let mode = 'none'; // 'prose', 'option', 'verbatim'
  let first = true;
  let table = false;
  const set = (next) => {
    if (mode === 'verbatim' && next !== 'verbatim') out.push('.fi', '.RE');
    if (next === 'verbatim' && mode !== 'verbatim') out.push('.RS 2', '.nf');
    mode = next;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === '') {
      set('none');
      table = false;
      continue;
    }
    if (!table && mode !== 'option' && /^ {2}-\S/.test(line)) {
      let end = i;
      while (end < lines.length && lines[end] !== '') end++;
      table = lines.slice(i, end).every((l) => /^ {2}-\S+ {2,}\S+$/.test(l));
    }
    const opt = table ? null : optionLine(line, continuation(lines[i + 1]));
    if (opt !== null) {
      set('option');
      out.push('.TP', optionTerm(opt.term));
      if (opt.text !== '') out.push(esc(opt.text));
      continue;
    }
    if (mode === 'option' && continuation(line) > 0) {
      out.push(esc(line.trim()));
      continue;
    }
    if (/^\s/.test(line)) {
      set('verbatim');
      out.push(esc(line.slice(2)));
      continue;
    }
    if (mode !== 'prose') {
      set('prose');
      if (!first) out.push('.PP');
    }
    first = false;
    out.push(esc(line));
  }
  set('none');
}

export function manPage(name, help, version, commands = []) {
  const page = PAGES[name];
  if (page === undefined) throw new Error(`no page for ${name}`);
  const lines = help.replace(/\n+$/, '').split('\n');
  if (!lines[0].startsWith('Usage: '))
    throw new Error(`${name} --help does not open with "Usage: "`);
  const out = [
    `.\\" ${name}.1 - written by tools/man.mjs from \`${name} --help\`; do not edit:`,
    `.\\" change the program's help and run tools/man.mjs again.`,
    `.TH ${name.toUpperCase().replace(/-/g, '\\-')} 1 "" "${esc(version)}" "User Commands"`,
    '.nh',
    '.ad l',
    '.SH NAME',
    `${esc(name)} \\- ${esc(page.what)}`,
    '.SH SYNOPSIS',
    '.nf',
  ];
  let i = 0;
  // The usage: its first line less "Usage: ", and every line up to the
  // first blank one, their indent kept relative to the first.
  const indent = 'Usage: '.length;
  out.push(esc(lines[i++].slice(indent)));
  for (; i < lines.length && lines[i] !== ''; i++)
    out.push(esc(lines[i].slice(Math.min(indent, lines[i].search(/\S|$/)))));
  out.push('.fi', '.SH DESCRIPTION');
  body(lines.slice(i), out);
  // A program with commands (collabble-cli): each command's own help,
  // less its usage line, under the command and its arguments.
  for (const [cmd, cmdHelp] of commands) {
    const own = cmdHelp.replace(/\n+$/, '').split('\n');
    const usage = /^Usage: \S+ (?:\[OPTIONS\] )?(.*)$/.exec(own[0]);
    if (usage === null || own[1] !== '')
      throw new Error(`${name} ${cmd} --help does not open with its usage`);
    if (cmd === commands[0][0]) out.push('.SH COMMANDS');
    out.push(`.SS "${esc(usage[1])}"`);
    body(own.slice(2), out);
  }
  const others = Object.keys(PAGES).filter((n) => n !== name);
  out.push(
    '.SH SEE ALSO',
    `${others.map((n) => `\\fB${esc(n)}\\fR(1)`).join(', ')};`,
    'README.md, docs/DEPLOY.md and docs/API.md in share/doc/collabble under',
    'the installation prefix (/usr/local by default).',
  );
  return out.join('\n') + '\n';
}

// The program's answer with an environment of PATH alone (collabble reads
// COLLABBLE_* and answers as CGI under GATEWAY_INTERFACE).
function run(bin, ...args) {
  return execFileSync(bin, args, { encoding: 'utf8', env: { PATH: process.env.PATH } });
}

// The names of the commands listed after the paragraph that opens with
// `heading`, each indented two spaces.
function listedCommands(help, heading) {
  const lines = help.split('\n');
  const at = lines.findIndex((l) => heading.test(l));
  const names = [];
  for (let k = at + 1; at >= 0 && k < lines.length && lines[k] !== ''; k++)
    names.push(/^ {2}(\S+)/.exec(lines[k])[1]);
  return names;
}

export function manPageOf(bin) {
  const name = basename(bin);
  const help = run(bin, '--help');
  const heading = PAGES[name]?.commands;
  const commands = heading === undefined ? [] :
    listedCommands(help, heading).map((c) => [c, run(bin, c, '--help')]);
  // The footer's version is the program's name and version only: what
  // --version may add (the commit, the build's date) changes with every
  // build, and the page must not.
  const version = /^\S+ [0-9][^\s(]*/.exec(run(bin, '--version'))?.[0];
  if (version === undefined) throw new Error(`${name} --version names no version`);
  return manPage(name, help, version, commands);
}

if (process.argv[1] && basename(process.argv[1]) === 'man.mjs') {
  const args = process.argv.slice(2);
  if (args[0] === '--all' && args.length === 3) {
    for (const [name, page] of Object.entries(PAGES)) {
      const file = join(args[2], `${name}.1`);
      writeFileSync(file, manPageOf(join(args[1], page.built)));
      console.error(`man.mjs: wrote ${file}`);
    }
  } else if (args.length === 1 && !args[0].startsWith('-')) {
    process.stdout.write(manPageOf(args[0]));
  } else {
    console.error('Usage: node tools/man.mjs PROGRAM > NAME.1\n' +
                  '       node tools/man.mjs --all BUILD_DIR MAN_DIR');
    process.exit(2);
  }
}
