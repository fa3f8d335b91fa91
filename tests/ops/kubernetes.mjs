// tests/ops/kubernetes.mjs - deploy/kubernetes/ is what Kubernetes accepts
// and what Collabble needs, without a cluster:
//
//   node tests/ops/kubernetes.mjs SOURCE_DIR COLLABBLE_BINARY
//
// 1. Every file is read (tests/ops/yaml.mjs) and every object checked
//    against the fields of its kind that these files use, as the API
//    server's strict field validation would: an unknown or misspelt field,
//    a wrong type, a missing required field is refused with its path.
// 2. The objects agree with each other and with the rest of the tree: the
//    Service, the PodDisruptionBudget and the Deployment's selector pick
//    the pod's labels; the autoscaler scales the Deployment, from at least
//    2, on a CPU the container requests; the pod runs as the Dockerfile's
//    user, non-root, read-only, no capabilities; its port is the image's;
//    liveness is /livez and readiness /readyz on it; the preStop wait is
//    COLLABBLE_DRAIN_SECONDS, and terminationGracePeriodSeconds covers it,
//    the drain and CLB_STOP_GRACE_S (core/limits.h); the memory limit
//    holds the measured base and COLLABBLE_MAX_CONNECTIONS connections of
//    CLB_CONNECTION_MEMORY_BYTES each (docs/DEPLOY.md, "Kubernetes").
// 3. The server itself (this build's) starts with the Deployment's
//    environment, names each of its variables in --help, answers the two
//    probes, and after SIGTERM answers /readyz 503 while /livez stays 200.
// 4. Where kubectl is installed, `kubectl apply --dry-run=client
//    --validate=false -f deploy/kubernetes/` runs against a stand-in API
//    server started here (kubectl asks a server which kinds exist even for
//    a client-side dry run; the stand-in knows the four kinds used).
//    Debian 12 has no kubectl package, so on CI this part says it is not
//    run, and 1-3 are the check.
// SPDX-License-Identifier: MIT
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseYaml } from './yaml.mjs';

const [src, bin] = process.argv.slice(2);
if (!src || !bin) {
  console.error('usage: node tests/ops/kubernetes.mjs SOURCE_DIR COLLABBLE_BINARY');
  process.exit(2);
}
const dir = join(src, 'deploy', 'kubernetes');
let pass = 0;
let fail = 0;
function check(ok, what) {
  if (ok) pass++;
  else fail++;
  console.log(`kubernetes: ${ok ? 'ok' : 'FAILED'} - ${what}`);
  return ok;
}

// --- 1. the fields of each kind --------------------------------------------

// A schema is a type name, ['array', item], or an object of fields; a
// field whose name ends in '!' is required.
const str = 'string';
const int = 'int';
const bool = 'bool';
const ios = 'intOrString';
const qty = 'quantity';
const labels = 'map';
const metadata = { 'name!': str, namespace: str, labels, annotations: labels };
const selector = { matchLabels: labels };
const probe = {
  httpGet: { 'path!': str, 'port!': ios, scheme: str },
  initialDelaySeconds: int, periodSeconds: int, timeoutSeconds: int,
  failureThreshold: int, successThreshold: int,
};
const capabilities = { add: ['array', str], drop: ['array', str] };
const seccomp = { 'type!': str };
const container = {
  'name!': str, 'image!': str, imagePullPolicy: str,
  args: ['array', str], command: ['array', str],
  env: ['array', { 'name!': str, value: str }],
  ports: ['array', { name: str, 'containerPort!': int, protocol: str }],
  resources: { requests: 'quantities', limits: 'quantities' },
  livenessProbe: probe, readinessProbe: probe, startupProbe: probe,
  lifecycle: { preStop: { exec: { 'command!': ['array', str] }, sleep: { 'seconds!': int } } },
  securityContext: {
    allowPrivilegeEscalation: bool, readOnlyRootFilesystem: bool, privileged: bool,
    runAsNonRoot: bool, runAsUser: int, runAsGroup: int, capabilities, seccompProfile: seccomp,
  },
};
const KINDS = {
  'apps/v1 Deployment': {
    'metadata!': metadata,
    'spec!': {
      replicas: int, revisionHistoryLimit: int, 'selector!': selector,
      strategy: { type: str, rollingUpdate: { maxSurge: ios, maxUnavailable: ios } },
      'template!': {
        'metadata!': { 'labels!': labels, annotations: labels },
        'spec!': {
          automountServiceAccountToken: bool, enableServiceLinks: bool,
          terminationGracePeriodSeconds: int,
          securityContext: {
            runAsNonRoot: bool, runAsUser: int, runAsGroup: int, fsGroup: int, seccompProfile: seccomp,
          },
          topologySpreadConstraints: ['array', {
            'maxSkew!': int, 'topologyKey!': str, 'whenUnsatisfiable!': str, labelSelector: selector,
          }],
          'containers!': ['array', container],
        },
      },
    },
  },
  'v1 Service': {
    'metadata!': metadata,
    'spec!': {
      type: str, 'selector!': labels,
      'ports!': ['array', { name: str, 'port!': int, targetPort: ios, protocol: str }],
    },
  },
  'autoscaling/v2 HorizontalPodAutoscaler': {
    'metadata!': metadata,
    'spec!': {
      'scaleTargetRef!': { 'apiVersion!': str, 'kind!': str, 'name!': str },
      minReplicas: int, 'maxReplicas!': int,
      metrics: ['array', {
        'type!': str,
        resource: { 'name!': str, 'target!': { 'type!': str, averageUtilization: int, averageValue: qty } },
      }],
      behavior: {
        scaleDown: { stabilizationWindowSeconds: int },
        scaleUp: { stabilizationWindowSeconds: int },
      },
    },
  },
  'policy/v1 PodDisruptionBudget': {
    'metadata!': metadata,
    'spec!': { minAvailable: ios, maxUnavailable: ios, 'selector!': selector },
  },
};

// "500m" -> 0.5 CPU, "128Mi" -> bytes; NaN when it is no quantity.
const SUFFIX = { '': 1, m: 1e-3, k: 1e3, M: 1e6, G: 1e9, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3 };
function quantity(v) {
  const m = /^([0-9]+(?:\.[0-9]+)?)(m|k|M|G|Ki|Mi|Gi)?$/.exec(String(v));
  return m === null ? NaN : Number(m[1]) * SUFFIX[m[2] ?? ''];
}

function validate(value, schema, path, errors) {
  const type = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  if (typeof schema === 'string') {
    const ok = {
      string: type === 'string',
      int: Number.isInteger(value),
      bool: type === 'boolean',
      intOrString: Number.isInteger(value) || type === 'string',
      quantity: (type === 'string' || Number.isInteger(value)) && !Number.isNaN(quantity(value)),
      map: type === 'object' && Object.values(value).every((v) => typeof v === 'string'),
      quantities: type === 'object' && Object.values(value).every((v) => !Number.isNaN(quantity(v))),
    }[schema];
    if (!ok) errors.push(`${path}: ${JSON.stringify(value)} is not a ${schema}`);
    return;
  }
  if (Array.isArray(schema)) {
    if (type !== 'array') errors.push(`${path}: not a list`);
    else value.forEach((v, i) => validate(v, schema[1], `${path}[${i}]`, errors));
    return;
  }
  if (type !== 'object') {
    errors.push(`${path}: not an object`);
    return;
  }
  const known = new Map(Object.keys(schema).map((k) => [k.replace(/!$/, ''), k]));
  for (const [k, v] of Object.entries(value)) {
    if (!known.has(k)) errors.push(`${path}.${k}: unknown field`);
    else validate(v, schema[known.get(k)], `${path}.${k}`, errors);
  }
  for (const k of Object.keys(schema))
    if (k.endsWith('!') && !(k.slice(0, -1) in value)) errors.push(`${path}.${k.slice(0, -1)}: required`);
}

const objects = {};
const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).sort();
check(files.length > 0, `deploy/kubernetes/ has manifests (${files.join(', ')})`);
for (const f of files) {
  let docs;
  try {
    docs = parseYaml(readFileSync(join(dir, f), 'utf8'), `deploy/kubernetes/${f}`).filter((d) => d !== null);
  } catch (e) {
    check(false, e.message);
    continue;
  }
  for (const d of docs) {
    const kind = `${d.apiVersion} ${d.kind}`;
    const schema = KINDS[kind];
    if (!check(schema !== undefined, `${f}: ${kind} is a kind the check knows`)) continue;
    const errors = [];
    const { apiVersion, kind: k, ...rest } = d;
    validate(rest, schema, `${f}: ${d.kind}`, errors);
    check(errors.length === 0, `${f}: ${d.kind} ${d.metadata?.name}: every field known and of its type` +
      (errors.length ? `:\n    ${errors.join('\n    ')}` : ''));
    check(objects[d.kind] === undefined, `${f}: one ${d.kind}`);
    objects[d.kind] = d;
  }
}
for (const k of ['Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget'])
  check(objects[k] !== undefined, `a ${k}`);
if (fail > 0) finish();

// --- 2. the objects together, and with the tree -----------------------------

const dep = objects.Deployment;
const pod = dep.spec.template;
const podLabels = pod.metadata.labels;
const c = pod.spec.containers[0];
const env = Object.fromEntries((c.env ?? []).map((e) => [e.name, e.value]));
const picks = (sel) => sel !== undefined && Object.keys(sel).length > 0 &&
  Object.entries(sel).every(([k, v]) => podLabels[k] === v);
const limitsH = readFileSync(join(src, 'core', 'limits.h'), 'utf8');
const limit = (name) => {
  const m = new RegExp(`#define ${name} (?:\\(\\(size_t\\))?([0-9]+)(?:\\))? ?(?:\\* ?([0-9]+))?`).exec(limitsH);
  return m === null ? NaN : Number(m[1]) * Number(m[2] ?? 1);
};
const dockerfile = readFileSync(join(src, 'Dockerfile'), 'utf8');
const user = /^USER (\d+):(\d+)$/m.exec(dockerfile);
const entry = JSON.parse(/^ENTRYPOINT (\[.*\])$/m.exec(dockerfile)[1]);
const imagePort = Number(entry[entry.indexOf('--port') + 1]);
const version = /project\(collabble VERSION ([0-9.]+)/.exec(readFileSync(join(src, 'CMakeLists.txt'), 'utf8'))[1];

for (const [k, o] of Object.entries(objects))
  check(o.metadata.labels?.['app.kubernetes.io/name'] === 'collabble' && o.metadata.namespace === undefined,
    `${k} is labelled app.kubernetes.io/name: collabble and names no namespace (kubectl -n picks it)`);
check(picks(dep.spec.selector.matchLabels), "the Deployment's selector picks its pods");
check(dep.spec.replicas === undefined, 'the Deployment leaves the number of pods to the autoscaler');
check(pod.spec.containers.length === 1, 'one container a pod');
check(c.image.endsWith(`/collabble:${version}`) || c.image === `collabble:${version}`,
  `the image is collabble:${version}, the project's version (${c.image})`);

// The container's settings (docs/DEPLOY.md, "Kubernetes" and "The container").
const psc = pod.spec.securityContext ?? {};
const csc = c.securityContext ?? {};
check(user !== null && psc.runAsUser === Number(user[1]) && psc.runAsGroup === Number(user[2]),
  `the pod runs as the Dockerfile's USER ${user?.[1]}:${user?.[2]}`);
check(psc.runAsNonRoot === true, 'runAsNonRoot');
check((psc.seccompProfile ?? csc.seccompProfile)?.type === 'RuntimeDefault', 'the runtime\'s default seccomp profile');
check(csc.readOnlyRootFilesystem === true, 'a read-only root file system (the server writes nothing)');
check(csc.allowPrivilegeEscalation === false && csc.privileged !== true, 'no privilege escalation');
check(csc.capabilities?.drop?.includes('ALL') && !(csc.capabilities?.add?.length > 0), 'every capability dropped');
check(pod.spec.automountServiceAccountToken === false, 'no service account token in the pod');

const portOf = (p) => (typeof p === 'number' ? p : c.ports.find((x) => x.name === p)?.containerPort);
check(c.ports.some((p) => p.containerPort === imagePort) && /^EXPOSE 8080$/m.test(dockerfile) && imagePort === 8080,
  `the container port is the image's (ENTRYPOINT --port ${imagePort}, EXPOSE)`);
check(c.livenessProbe?.httpGet?.path === '/livez' && portOf(c.livenessProbe.httpGet.port) === imagePort,
  `liveness: GET /livez on ${imagePort}`);
check(c.readinessProbe?.httpGet?.path === '/readyz' && portOf(c.readinessProbe.httpGet.port) === imagePort,
  `readiness: GET /readyz on ${imagePort}`);

// Stopping: preStop, then SIGTERM, the drain, the requests begun.
const stop = c.lifecycle?.preStop;
const wait = stop?.sleep?.seconds ??
  (stop?.exec?.command?.length === 2 && stop.exec.command[0] === 'sleep' ? Number(stop.exec.command[1]) : NaN);
const drain = Number(env.COLLABBLE_DRAIN_SECONDS);
const grace = pod.spec.terminationGracePeriodSeconds ?? 30;
const stopGrace = limit('CLB_STOP_GRACE_S');
check(Number.isInteger(wait) && wait > 0, `a preStop wait (${wait} s)`);
check(wait === drain, `the preStop wait matches COLLABBLE_DRAIN_SECONDS (${wait} s, ${drain} s)`);
check(drain <= limit('CLB_MAX_DRAIN_S'), `the drain is within CLB_MAX_DRAIN_S (${limit('CLB_MAX_DRAIN_S')} s)`);
check(grace >= wait + drain + stopGrace,
  `terminationGracePeriodSeconds ${grace} >= preStop ${wait} + drain ${drain} + CLB_STOP_GRACE_S ${stopGrace}`);
const rp = c.readinessProbe;
check((rp.periodSeconds ?? 10) * (rp.failureThreshold ?? 3) < drain,
  `readiness sees the drain: period ${rp.periodSeconds} s x ${rp.failureThreshold} failures < ${drain} s`);

// Resources from the measured memory: 16 MiB (about 14 MiB after load,
// deploy/kubernetes/measure.sh) and a pool of CLB_CONNECTION_MEMORY_BYTES
// for each connection, up to COLLABBLE_MAX_CONNECTIONS.
const req = c.resources?.requests ?? {};
const lim = c.resources?.limits ?? {};
check(['cpu', 'memory'].every((r) => req[r] !== undefined && lim[r] !== undefined), 'requests and limits of CPU and memory');
check(['cpu', 'memory'].every((r) => quantity(req[r]) <= quantity(lim[r])), 'each request within its limit');
const conns = Number(env.COLLABBLE_MAX_CONNECTIONS ?? limit('CLB_MAX_CONNECTIONS'));
const need = 16 * 1024 ** 2 + conns * limit('CLB_CONNECTION_MEMORY_BYTES');
check(quantity(lim.memory) >= 1.25 * need,
  `limits.memory ${lim.memory} holds 16 MiB + ${conns} connections x ${limit('CLB_CONNECTION_MEMORY_BYTES') / 1024} KiB ` +
  `= ${(need / 1024 ** 2).toFixed(0)} MiB with a quarter to spare`);
check(quantity(req.memory) >= 16 * 1024 ** 2, `requests.memory ${req.memory} holds the process after load (16 MiB)`);
const threads = Number(env.COLLABBLE_THREADS);
check(threads >= 2 && threads <= limit('CLB_MAX_THREADS'),
  `COLLABBLE_THREADS ${threads}: at least one search and one thread kept for pages`);

// The others.
const svc = objects.Service;
check(picks(svc.spec.selector), "the Service's selector picks the pods");
check(svc.spec.ports.every((p) => portOf(p.targetPort ?? p.port) === imagePort), "the Service sends to the server's port");
const hpa = objects.HorizontalPodAutoscaler;
const ref = hpa.spec.scaleTargetRef;
check(ref.apiVersion === 'apps/v1' && ref.kind === 'Deployment' && ref.name === dep.metadata.name,
  'the autoscaler scales the Deployment');
const minR = hpa.spec.minReplicas ?? 1;
check(minR >= 2 && hpa.spec.maxReplicas >= minR, `from ${minR} pods (at least 2) to ${hpa.spec.maxReplicas}`);
const cpuMetric = hpa.spec.metrics?.find((m) => m.type === 'Resource' && m.resource?.name === 'cpu');
check(cpuMetric?.resource.target.type === 'Utilization' && req.cpu !== undefined,
  'it scales on CPU utilization, of a CPU the container requests');
const pdb = objects.PodDisruptionBudget;
check(picks(pdb.spec.selector.matchLabels), "the PodDisruptionBudget's selector picks the pods");
const { minAvailable, maxUnavailable } = pdb.spec;
check((minAvailable === undefined) !== (maxUnavailable === undefined), 'the budget is minAvailable or maxUnavailable');
const allowed = maxUnavailable !== undefined ? maxUnavailable : minR - minAvailable;
check(Number.isInteger(allowed) && allowed >= 1 && allowed < minR,
  `with ${minR} pods a drain may take ${allowed} and leaves one serving`);

// --- 3. the server with the Deployment's environment ------------------------

const help = spawnSync(bin, ['--help'], { encoding: 'utf8', env: { PATH: process.env.PATH } }).stdout ?? '';
for (const name of Object.keys(env))
  check(help.includes(name), `${name} is a variable \`collabble --help\` lists`);

async function get(port, path) {
  return new Promise((resolve) => {
    http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    }).on('error', () => resolve(0));
  });
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function serverCheck() {
  // The Deployment's variables as they are, but for the metrics listener,
  // which here takes any free port on loopback; the image's --bind and
  // --port become loopback and any port.
  const runEnv = { PATH: process.env.PATH, ...env, COLLABBLE_METRICS: '0', COLLABBLE_METRICS_BIND: '127.0.0.1' };
  const p = spawn(bin, ['--bind', '127.0.0.1', '--port', '0'], { env: runEnv, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  p.stderr.on('data', (d) => { log += d; });
  const exited = new Promise((r) => p.on('exit', (code) => r(code)));
  let port = 0;
  for (let i = 0; i < 300 && port === 0; i++) {
    const m = /listening on http:\/\/127\.0\.0\.1:([0-9]+)/.exec(log);
    if (m) port = Number(m[1]);
    else await sleep(50);
  }
  if (!check(port > 0, "the server starts with the Deployment's environment")) {
    console.log(log);
    p.kill('SIGKILL');
    return;
  }
  check(await get(port, c.livenessProbe.httpGet.path) === 200, `${c.livenessProbe.httpGet.path} answers 200`);
  check(await get(port, c.readinessProbe.httpGet.path) === 200, `${c.readinessProbe.httpGet.path} answers 200`);
  p.kill('SIGTERM');
  await sleep(300);
  check(await get(port, '/readyz') === 503, 'after SIGTERM, /readyz answers 503 (the drain)');
  check(await get(port, '/livez') === 200, 'and /livez 200: the pod is draining, not dead');
  p.kill('SIGTERM'); // a second signal stops it at once
  const code = await Promise.race([exited, sleep(stopGrace * 1000 + 5000).then(() => 'hung')]);
  check(code === 0, `a second SIGTERM stops it (exit ${code})`);
  if (code === 'hung') p.kill('SIGKILL');
}

// --- 4. kubectl, where there is one ------------------------------------------

// Enough of an API server for kubectl's discovery: the four kinds, and 404
// for every object (nothing exists yet, so apply creates each).
function standIn() {
  const groups = [
    ['', 'v1', 'services', 'Service'],
    ['apps', 'v1', 'deployments', 'Deployment'],
    ['autoscaling', 'v2', 'horizontalpodautoscalers', 'HorizontalPodAutoscaler'],
    ['policy', 'v1', 'poddisruptionbudgets', 'PodDisruptionBudget'],
  ];
  const server = http.createServer((rq, rs) => {
    const url = rq.url.split('?')[0];
    const json = (code, body) => {
      rs.writeHead(code, { 'content-type': 'application/json' });
      rs.end(JSON.stringify(body));
    };
    if (url === '/api') return json(200, { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [] });
    if (url === '/apis') {
      return json(200, {
        kind: 'APIGroupList', apiVersion: 'v1',
        groups: groups.filter((g) => g[0]).map(([g, v]) => ({
          name: g, versions: [{ groupVersion: `${g}/${v}`, version: v }],
          preferredVersion: { groupVersion: `${g}/${v}`, version: v },
        })),
      });
    }
    for (const [g, v, plural, kind] of groups) {
      const gv = g ? `${g}/${v}` : v;
      if (url === (g ? `/apis/${gv}` : `/api/${gv}`)) {
        return json(200, {
          kind: 'APIResourceList', apiVersion: 'v1', groupVersion: gv,
          resources: [{ name: plural, singularName: '', namespaced: true, kind,
                        verbs: ['create', 'delete', 'get', 'list', 'patch', 'update'] }],
        });
      }
    }
    return json(404, { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404 });
  });
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r(server)));
}

async function kubectlCheck() {
  if (spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status !== 0) {
    console.log('kubernetes: kubectl is not installed (Debian 12 has no package): the checks above stand for it');
    return;
  }
  const server = await standIn();
  const tmp = mkdtempSync(join(tmpdir(), 'clb-kubectl-'));
  writeFileSync(join(tmp, 'config'), '');
  try {
    const r = await new Promise((resolve) => {
      const k = spawn('kubectl', ['--kubeconfig', join(tmp, 'config'), '--cache-dir', join(tmp, 'cache'),
        '--server', `http://127.0.0.1:${server.address().port}`,
        'apply', '--dry-run=client', '--validate=false', '-f', dir],
      { env: { PATH: process.env.PATH, HOME: tmp } });
      let out = '';
      k.stdout.on('data', (d) => { out += d; });
      k.stderr.on('data', (d) => { out += d; });
      k.on('exit', (status) => resolve({ status, out }));
    });
    const created = r.out.split('\n').filter((l) => / created \(dry run\)$/.test(l));
    check(r.status === 0 && created.length === Object.keys(objects).length,
      `kubectl apply --dry-run=client --validate=false -f deploy/kubernetes/: ${r.out.trim().replace(/\n/g, '; ')}`);
  } finally {
    server.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

function finish() {
  console.log(`kubernetes: ${pass} passed, ${fail} failed`);
  process.exit(fail === 0 ? 0 : 1);
}

await serverCheck();
await kubectlCheck();
finish();
