// tests/ops/compose.mjs - compose.yaml builds the image the Dockerfile
// describes, labels and all, and rotates its log:
//
//   node tests/ops/compose.mjs SOURCE_DIR
//
//   - every build argument that the Dockerfile's LABEL uses (VERSION,
//     REVISION, CREATED, SOURCE) is passed by compose.yaml's build.args as
//     ${COLLABBLE_IMAGE_<NAME>:-<the Dockerfile's default>}: set in the
//     shell, it reaches the label; unset, the build is the Dockerfile's own
//     (and VERSION's default is the project's version in CMakeLists.txt);
//   - the log is rotated (json-file or local, with max-size and max-file);
//   - what docs/DEPLOY.md, "The container" says of it: loopback port,
//     read-only, no capabilities, no new privileges, memory and process
//     limits.
//
// Where `docker compose` or `podman compose` runs, its own `config` reads the
// file too, with the variables set, and must give the labels' values.
// SPDX-License-Identifier: MIT
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseYaml } from './yaml.mjs';

const src = process.argv[2];
let pass = 0;
let fail = 0;
function check(ok, what) {
  if (ok) {
    pass++;
    console.log(`compose: ok - ${what}`);
  } else {
    fail++;
    console.log(`compose: FAILED - ${what}`);
  }
}

// The final stage of the Dockerfile: its ARGs (name -> default) and the
// names its LABEL instruction uses.
function dockerfile(text) {
  const joined = text.replace(/\\\n/g, ' ').split('\n');
  const last = joined.map((l) => /^FROM\s/i.test(l)).lastIndexOf(true);
  const args = new Map();
  const labelled = new Set();
  for (const l of joined.slice(last + 1)) {
    const a = /^ARG\s+([A-Z_][A-Z0-9_]*)(?:=(\S*))?\s*$/.exec(l);
    if (a !== null) args.set(a[1], a[2] ?? '');
    if (/^LABEL\s/.test(l))
      for (const m of l.matchAll(/\$\{?([A-Z_][A-Z0-9_]*)\}?/g)) labelled.add(m[1]);
  }
  return { args, labelled };
}

const df = dockerfile(readFileSync(join(src, 'Dockerfile'), 'utf8'));
const docs = parseYaml(readFileSync(join(src, 'compose.yaml'), 'utf8'), 'compose.yaml');
const svc = docs[0]?.services?.collabble;
check(svc !== undefined, 'compose.yaml has the service collabble');
if (svc === undefined) process.exit(1);

const project = /project\(collabble VERSION ([0-9.]+)/.exec(
  readFileSync(join(src, 'CMakeLists.txt'), 'utf8'))?.[1];
check(df.labelled.size >= 4 && ['VERSION', 'REVISION', 'CREATED', 'SOURCE'].every((a) => df.labelled.has(a)),
  `the Dockerfile's LABEL uses VERSION, REVISION, CREATED and SOURCE (${[...df.labelled].join(', ')})`);
check(df.args.get('VERSION') === project,
  `the Dockerfile's VERSION (${df.args.get('VERSION')}) is the project's (${project})`);
const args = svc.build?.args ?? {};
for (const name of df.labelled) {
  if (!df.args.has(name)) {
    check(false, `the LABEL's ${name} is an ARG of the final stage`);
    continue;
  }
  const want = `\${COLLABBLE_IMAGE_${name}:-${df.args.get(name)}}`;
  check(args[name] === want, `build.args.${name} is "${want}" (it is ${JSON.stringify(args[name])})`);
}
for (const name of Object.keys(args))
  check(df.args.has(name), `build.args.${name} is an ARG of the Dockerfile's final stage`);

const log = svc.logging ?? {};
check(log.driver === 'json-file' || log.driver === 'local', `the log driver rotates (${log.driver})`);
const opts = log.options ?? {};
check(typeof opts['max-size'] === 'string' && /^[1-9][0-9]*[kmg]$/.test(opts['max-size']),
  `logging.options.max-size is a size, as a string (${JSON.stringify(opts['max-size'])})`);
check(typeof opts['max-file'] === 'string' && /^[1-9][0-9]*$/.test(opts['max-file']),
  `logging.options.max-file is a count, as a string (${JSON.stringify(opts['max-file'])})`);

check(Array.isArray(svc.ports) && svc.ports.every((p) => String(p).startsWith('127.0.0.1:')),
  'the port is published on loopback only');
check(svc.read_only === true, 'read-only');
check(Array.isArray(svc.cap_drop) && svc.cap_drop.includes('ALL'), 'every capability dropped');
check(Array.isArray(svc.security_opt) && svc.security_opt.includes('no-new-privileges:true'), 'no new privileges');
check(typeof svc.mem_limit === 'string' && Number.isInteger(svc.pids_limit), 'memory and processes limited');

// A real compose, where there is one, with the variables set.
const env = {
  ...process.env,
  COLLABBLE_IMAGE_VERSION: '9.8.7',
  COLLABBLE_IMAGE_REVISION: '0123456789abcdef0123456789abcdef01234567',
  COLLABBLE_IMAGE_CREATED: '2026-12-01T00:00:00Z',
  COLLABBLE_IMAGE_SOURCE: 'https://example.org/collabble.git',
};
let ran = false;
for (const cmd of [['docker', 'compose'], ['podman', 'compose']]) {
  const v = spawnSync(cmd[0], [cmd[1], 'version'], { encoding: 'utf8' });
  if (v.status !== 0) continue;
  const r = spawnSync(cmd[0], [cmd[1], '-f', join(src, 'compose.yaml'), 'config', '--format', 'json'],
                      { encoding: 'utf8', env });
  if (r.status !== 0) {
    check(false, `${cmd.join(' ')} config reads compose.yaml: ${r.stderr.trim()}`);
    ran = true;
    break;
  }
  const got = JSON.parse(r.stdout).services.collabble.build.args;
  check(got.VERSION === '9.8.7' && got.REVISION === env.COLLABBLE_IMAGE_REVISION &&
        got.CREATED === env.COLLABBLE_IMAGE_CREATED && got.SOURCE === env.COLLABBLE_IMAGE_SOURCE,
        `${cmd.join(' ')} config passes the variables to the build: ${JSON.stringify(got)}`);
  ran = true;
  break;
}
if (!ran)
  console.log('compose: neither `docker compose` nor `podman compose` runs here: compose.yaml read by tests/ops/yaml.mjs only');
console.log(`compose: ${pass} passed, ${fail} failed`);
process.exit(fail === 0 ? 0 : 1);
