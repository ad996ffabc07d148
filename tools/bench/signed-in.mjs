#!/usr/bin/env node
/**
 * Signed-in reads against the cached public list, in each run mode (all-in-one, and cluster when
 * tools/infra's servers are up), each mode through its own gateway (machines here are noisy: the
 * ratio is what to read). As the demo student: GET wallet, the secure course view (of the list's
 * first course, a real published one), the cart, the classroom and the notifications; the
 * baseline is GET /api/v1/course/ (the cached list every visitor gets), measured in the same run
 * against the same gateway. Before the clock starts each read must answer 200 once; then one
 * warm-up load per route, then `--rounds` rounds, each loading every route in turn (the loads
 * alternate a round at a time). Per route: the median over the rounds of requests/s, of p50 and of
 * p99, and the ratio to the cached list.
 *
 * Usage: source ~/.cache/taal/infra/env.sh   # the cluster's infra settings (npm run infra:up starts the servers)
 *        node tools/bench/signed-in.mjs [--modes all-in-one,cluster] [--connections 16] [--seconds 5] [--rounds 3] [--profile DIR]
 *   --modes: default both when ${TAAL_INFRA_HOME:-~/.cache/taal/infra}/env.sh exists, else all-in-one only.
 *   Needs the build (npm run build): packages/launcher/dist/{all-in-one,cluster}.js.
 *   --profile DIR: V8 CPU profiles written when the processes stop: the all-in-one runs with
 *   --cpu-prof; the cluster's supervisor gets TAAL_CPU_PROF_DIR=DIR and profiles every service
 *   process (read them with tools/bench/profile-summary.mjs).
 * Aim (issue 25), per mode: every signed-in read >= 0.5x the cached list and p99 <= 50 ms at 16
 * connections. Prints one JSON object with a `results` array (one object per mode, `met` in each).
 * Exits non-zero only when a request failed (a non-2xx answer or a socket error) or a mode could
 * not be measured; a missed aim is reported, not an error.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../lib/free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const argOf = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const connections = Number(argOf('connections', 16));
const seconds = Number(argOf('seconds', 5));
const rounds = Number(argOf('rounds', 3));
const profileDir = argOf('profile', '') ? path.resolve(argOf('profile', '')) : '';
const infraEnv = path.join(process.env.TAAL_INFRA_HOME ?? path.join(os.homedir(), '.cache/taal/infra'), 'env.sh');
const modes = argOf('modes', existsSync(infraEnv) ? 'all-in-one,cluster' : 'all-in-one')
  .split(',')
  .map((m) => m.trim())
  .filter(Boolean);
for (const mode of modes) if (mode !== 'all-in-one' && mode !== 'cluster') throw new Error(`unknown mode ${mode} (all-in-one, cluster)`);

const BASELINE = 'course list (cached, visitor)';
const AIM = { minRatio: 0.5, maxP99Ms: 50 };
// The gRPC services of the registry (packages/launcher/src/registry.ts): in cluster mode each gets a
// free port (<NAME>_GRPC_PORT), so this run never meets the processes of another cluster on this machine.
const GRPC_SERVICES = ['identity', 'catalogue', 'commerce', 'learning', 'messaging', 'store', 'payouts'];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const work = mkdtempSync(path.join(os.tmpdir(), 'taal-bench-signed-in-'));
const children = [];

/** Each child runs in its own process group (the cluster's supervisor and its services), ended as one. */
function startChild(args, env) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  children.push(child);
  return child;
}

/** The live (not zombie) processes of a process group, from /proc; kill(0) where there is no /proc. */
function groupAlive(pgid) {
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // gone meanwhile
      }
      const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(group) === pgid && state !== 'Z') return true;
    }
    return false;
  } catch {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch (err) {
      return err.code === 'EPERM';
    }
  }
}

function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
  } catch {
    /* already gone */
  }
}

/** SIGTERM to the child's group, then waits until every process of it has exited (SIGKILL after 30 s). */
async function stopChild(child) {
  signalGroup(child.pid, 'SIGTERM');
  for (const [signal, ms] of [
    ['SIGKILL', 30_000],
    [null, 5_000],
  ]) {
    const until = Date.now() + ms;
    while (groupAlive(child.pid) && Date.now() < until) await sleep(100);
    if (!groupAlive(child.pid)) return;
    if (signal) {
      console.error(`signed-in bench: process group ${child.pid} still running after SIGTERM; sending ${signal}`);
      signalGroup(child.pid, signal);
    }
  }
  console.error(`signed-in bench: process group ${child.pid} did not exit`);
}

let cleaning;
function cleanUp() {
  cleaning ??= (async () => {
    await Promise.all(children.splice(0).map(stopChild));
    // Only once every child has exited: none still writes its data dir.
    rmSync(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  })();
  return cleaning;
}
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.once(signal, () => {
    console.error(`signed-in bench: ${signal}; stopping the children`);
    void cleanUp().finally(() => process.exit(code));
  });
}

async function waitFor(url, child, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before ${url} answered 200`);
    const res = await fetch(url).catch(() => null);
    if (res?.status === 200) return;
    if (Date.now() > until) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await sleep(250);
  }
}

async function distinctFreePorts(n) {
  const ports = new Set();
  while (ports.size < n) ports.add(await freePort());
  return [...ports];
}

/** Starts the mode's server (its own process group) on free ports; resolves with its base URL once /healthz answers 200. */
async function startMode(mode) {
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const common = { LOG_LEVEL: 'warn' };
  if (mode === 'all-in-one') {
    const [port] = await distinctFreePorts(1);
    const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=all-in-one.${Date.now()}.cpuprofile`] : [];
    const child = startChild([...profile, path.join(root, 'packages/launcher/dist/all-in-one.js')], {
      ...common,
      PORT: String(port),
      DATA_DIR: path.join(work, 'all-in-one-data'),
      METRICS_PORT: '0',
    });
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/healthz`, child, 90_000);
    return base;
  }
  const [port, sandboxPort, jwksPort, metricsPort, ...grpcPorts] = await distinctFreePorts(4 + GRPC_SERVICES.length);
  const child = startChild([path.join(root, 'packages/launcher/dist/cluster.js')], {
    ...common,
    PORT: String(port),
    SSLCOMMERZ_SANDBOX_PORT: String(sandboxPort),
    IDENTITY_JWKS_PORT: String(jwksPort),
    ...Object.fromEntries(GRPC_SERVICES.map((name, i) => [`${name.toUpperCase()}_GRPC_PORT`, String(grpcPorts[i])])),
    // The gateway's metrics listener (9464 by default in cluster mode).
    METRICS_PORT: String(metricsPort),
    // Nothing of the cluster's is kept on disk; should anything look for DATA_DIR, it is this run's.
    DATA_DIR: path.join(work, 'cluster-data'),
    ...(profileDir ? { TAAL_CPU_PROF_DIR: profileDir } : {}),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, child, 180_000);
  return base;
}

/** One autocannon load; failures (non-2xx answers, socket errors) are counted, not thrown, so every mode is reported. */
function load(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, pipelining: 1, headers }, (err, result) => {
      if (err) return reject(err);
      resolve({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors });
    });
  });
}

/** Asks each route once until it answers 200 (a cluster's services may still be catching up on events), within 60 s. */
async function expectOk(base, routes, courseId) {
  const until = Date.now() + 60_000;
  for (const [name, [route, headers]] of Object.entries(routes)) {
    for (;;) {
      const res = await fetch(`${base}${route}`, { headers }).catch((err) => ({ status: 0, text: async () => String(err) }));
      const text = await res.text();
      let wrongCourse = false;
      if (name === 'secure-course' && res.status === 200) {
        try {
          wrongCourse = JSON.parse(text).data?.course !== courseId;
        } catch {
          wrongCourse = true;
        }
      }
      if (res.status === 200 && !wrongCourse) break;
      if (Date.now() > until) throw new Error(`GET ${route} (${name}) answered ${res.status}, not 200 with the course: ${text.slice(0, 200)}`);
      await sleep(500);
    }
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(mode) {
  const base = await startMode(mode);
  const loginRes = await fetch(`${base}/api/v1/user/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'student@taal.local', password: 'student123' }),
  });
  if (loginRes.status !== 200) throw new Error(`the demo student's login answered ${loginRes.status}: ${(await loginRes.text()).slice(0, 200)}`);
  const login = (await loginRes.json()).data;
  const token = login.token;
  const userId = login.user._id;
  const listRes = await fetch(`${base}/api/v1/course/`);
  if (listRes.status !== 200) throw new Error(`GET /api/v1/course/ answered ${listRes.status}`);
  const list = (await listRes.json()).data;
  const courses = Array.isArray(list) ? list : list.courses;
  if (!courses?.length) throw new Error('GET /api/v1/course/ lists no published course (is the demo data seeded?)');
  const courseId = courses[0]._id; // the newest published course
  const auth = { authorization: `Bearer ${token}` };

  const routes = {
    [BASELINE]: [`/api/v1/course/`, {}],
    wallet: [`/api/v1/wallet/${userId}`, auth],
    'secure-course': [`/api/v1/course/secure-course/${courseId}`, auth],
    cart: [`/api/v1/cart/${userId}`, auth],
    classroom: [`/api/v1/classroom/${userId}`, auth],
    notifications: [`/api/v1/notification/user/${userId}`, auth],
  };
  await expectOk(base, routes, courseId);

  const failures = Object.fromEntries(Object.keys(routes).map((name) => [name, 0]));
  const run = async (name) => {
    const [route, headers] = routes[name];
    const r = await load(`${base}${route}`, headers);
    failures[name] += r.non2xx + r.errors;
    return r;
  };
  const results = Object.fromEntries(Object.keys(routes).map((name) => [name, []]));
  for (const name of Object.keys(routes)) await run(name); // warm-up
  const measuredFrom = Date.now();
  for (let i = 0; i < rounds; i++) {
    for (const name of Object.keys(routes)) results[name].push(await run(name));
  }
  const measuredUntil = Date.now();

  const baseline = median(results[BASELINE].map((r) => r.rps));
  const summary = Object.fromEntries(
    Object.entries(results).map(([name, runs]) => {
      const rps = median(runs.map((r) => r.rps));
      return [
        name,
        {
          rps: Math.round(rps),
          ratio: Number((rps / baseline).toFixed(3)),
          p50Ms: median(runs.map((r) => r.p50)),
          p99Ms: median(runs.map((r) => r.p99)),
          failedRequests: failures[name],
        },
      ];
    }),
  );
  const signedIn = Object.entries(summary).filter(([name]) => name !== BASELINE);
  const met = signedIn.every(([, r]) => r.ratio >= AIM.minRatio && r.p99Ms <= AIM.maxP99Ms && r.failedRequests === 0);
  return {
    mode,
    connections,
    secondsPerRun: seconds,
    rounds,
    courseId,
    routes: summary,
    // When the rounds ran (epoch ms), to line up with a CPU profile of the processes.
    measuredFrom,
    measuredUntil,
    failedRequests: Object.values(failures).reduce((a, b) => a + b, 0),
    aim: `every signed-in read ratio >= ${AIM.minRatio} and p99 <= ${AIM.maxP99Ms} ms (at 16 connections)`,
    met,
  };
}

const results = [];
try {
  for (const mode of modes) {
    try {
      results.push(await measure(mode));
    } catch (err) {
      console.error(`signed-in bench: ${mode}: ${err.stack ?? err}`);
      results.push({ mode, error: String(err.message ?? err), met: false });
    }
    // Each mode's processes end before the next mode starts (and before their CPU profiles are read).
    await Promise.all(children.splice(0).map(stopChild));
  }
  console.log(JSON.stringify({ results, ...(profileDir ? { profileDir } : {}) }, null, 2));
  process.exitCode = results.every((r) => !r.error && r.failedRequests === 0) ? 0 : 1;
} finally {
  await cleanUp();
}
