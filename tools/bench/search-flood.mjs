#!/usr/bin/env node
/**
 * One client floods search; does another, signed-in user notice? (issue 36, decision 0038.) In each
 * run mode (all-in-one, and cluster when tools/infra's servers are up) and each setting, a fresh
 * server is started and the demo student's order page (GET /api/v1/order/{userId}: not kept at the
 * edge, a real read of commerce's database each time; one tab, about 50 loads a second) is timed
 * quiet and while `--flooders` parallel connections search as fast as they are answered (the
 * attack run's shape: 16 anonymous connections from one address, varied words). The two alternate,
 * `--rounds` times `--phase-seconds` each (quiet, flood, quiet, flood, …; the flood runs in a
 * worker thread, paused and drained between its phases, and its client keeps its count across
 * them), so a machine whose other load drifts weighs on both alike. Reported per mode and
 * setting: the student's p50 and p99 over the quiet phases and over the flood phases, p99
 * flood/quiet (the aim: <= 3 with fair use on) and what the flood was answered (200, 429, 503, other).
 *
 * Settings: `after` is the marketplace as configured (per-client limits at the edge, search's time
 * budget in the catalogue); `before` turns both off (SEARCH_MAX_PER_ADDRESS=0,
 * PUBLIC_READS_MAX_PER_ADDRESS=0, SEARCH_CONCURRENCY=0, SEARCH_STATEMENT_TIMEOUT_MS=0), as the
 * code was before decision 0038. `--spread` gives each flooding connection an address of its own
 * (X-Forwarded-For, the gateway trusting loopback): many clients, none over its limit, so only
 * search's time budget stands between them and everyone else.
 *
 * Usage: source ~/.cache/taal/infra/env.sh   # the cluster's infra settings (npm run infra:up)
 *        node tools/bench/search-flood.mjs [--modes all-in-one,cluster] [--settings before,after]
 *             [--flooders 16] [--rounds 4] [--phase-seconds 5] [--spread]
 *   Needs the build (npm run build): packages/launcher/dist/{all-in-one,cluster}.js. Traffic goes
 *   to 127.0.0.1 only; every phase is bounded in time. Prints one JSON object; exits non-zero when
 *   a mode could not be measured or the student's reads failed (a missed aim is reported, not an error).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { freePort } from '../lib/free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const argOf = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const flooders = Number(argOf('flooders', 16));
const rounds = Number(argOf('rounds', 4));
const phaseSeconds = Number(argOf('phase-seconds', 5));
const spread = process.argv.includes('--spread');
const infraEnv = path.join(process.env.TAAL_INFRA_HOME ?? path.join(os.homedir(), '.cache/taal/infra'), 'env.sh');
const list = (name, fallback) =>
  argOf(name, fallback)
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
const modes = list('modes', existsSync(infraEnv) ? 'all-in-one,cluster' : 'all-in-one');
const settings = list('settings', 'before,after');
for (const mode of modes) if (mode !== 'all-in-one' && mode !== 'cluster') throw new Error(`unknown mode ${mode} (all-in-one, cluster)`);
for (const s of settings) if (s !== 'before' && s !== 'after') throw new Error(`unknown setting ${s} (before, after)`);

const AIM = 3;
/** Fair use off: no per-client limits at the edge, no time budget for search (decision 0038's settings). */
const BEFORE = { SEARCH_MAX_PER_ADDRESS: '0', PUBLIC_READS_MAX_PER_ADDRESS: '0', SEARCH_CONCURRENCY: '0', SEARCH_STATEMENT_TIMEOUT_MS: '0' };
/** What the flood looks for: broad and narrow words, prefixes, typos (widened through the dictionary), Bengali, nothing found. */
const QUERIES = ['guitar', 'gu', 'piano chords', 'mastring', 'blues gitar', 'drums', 'গিটার', 'গটর', 'tanvir', 'bass', 'mixing', 'zzzz qqqq', 'sound engineering', 'keyboard', 'rock', 'lesson'];
// The gRPC services of the registry (packages/launcher/src/registry.ts): in cluster mode each gets a
// free port (<NAME>_GRPC_PORT), so this run never meets the processes of another cluster on this machine.
const GRPC_SERVICES = ['identity', 'catalogue', 'commerce', 'learning', 'messaging', 'store', 'payouts'];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// The flood's worker thread runs this module too: it needs none of the main thread's folder, children or signal handlers.
const work = isMainThread ? mkdtempSync(path.join(os.tmpdir(), 'taal-bench-search-flood-')) : '';
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
      console.error(`search-flood bench: process group ${child.pid} still running after SIGTERM; sending ${signal}`);
      signalGroup(child.pid, signal);
    }
  }
  console.error(`search-flood bench: process group ${child.pid} did not exit`);
}

let cleaning;
function cleanUp() {
  cleaning ??= (async () => {
    await Promise.all(children.splice(0).map(stopChild));
    rmSync(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  })();
  return cleaning;
}
for (const [signal, code] of isMainThread
  ? [
      ['SIGINT', 130],
      ['SIGTERM', 143],
    ]
  : []) {
  process.once(signal, () => {
    console.error(`search-flood bench: ${signal}; stopping the children`);
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

/** Starts the mode's server with the setting's env (its own process group) on free ports; resolves with its base URL once /healthz answers 200. */
async function startMode(mode, setting, run) {
  const env = { LOG_LEVEL: 'warn', ...(setting === 'before' ? BEFORE : {}), ...(spread ? { TRUST_PROXY: 'loopback' } : {}) };
  if (mode === 'all-in-one') {
    const [port] = await distinctFreePorts(1);
    const child = startChild([path.join(root, 'packages/launcher/dist/all-in-one.js')], {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, `all-in-one-${run}`),
      METRICS_PORT: '0',
    });
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/healthz`, child, 120_000);
    return base;
  }
  const [port, sandboxPort, jwksPort, metricsPort, ...grpcPorts] = await distinctFreePorts(4 + GRPC_SERVICES.length);
  const child = startChild([path.join(root, 'packages/launcher/dist/cluster.js')], {
    ...env,
    PORT: String(port),
    GATEWAY_HOST: '127.0.0.1',
    SSLCOMMERZ_SANDBOX_PORT: String(sandboxPort),
    IDENTITY_JWKS_PORT: String(jwksPort),
    ...Object.fromEntries(GRPC_SERVICES.map((name, i) => [`${name.toUpperCase()}_GRPC_PORT`, String(grpcPorts[i])])),
    METRICS_PORT: String(metricsPort),
    DATA_DIR: path.join(work, `cluster-${run}`),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, child, 180_000);
  return base;
}

/** A GET on a kept-alive connection of `agent`: resolves with the status once the body is read (never rejects). */
function get(agent, url, headers = {}) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.setTimeout(30_000, () => req.destroy());
  });
}

const quantile = (sorted, q) => Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2));

/** The student's order page read one after another (one browser tab) for `seconds`, into `into` (latencies, failures). */
async function timeOrderPage(base, userId, token, seconds, into = { latencies: [], failed: 0 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = `${base}/api/v1/order/${userId}`;
  const headers = { authorization: `Bearer ${token}` };
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    const started = performance.now();
    const status = await get(agent, url, headers);
    into.latencies.push(performance.now() - started);
    if (status !== 200) into.failed++;
    // About 50 page loads a second: a busy tab, not a second flood.
    await sleep(Math.max(0, 20 - (performance.now() - started)));
  }
  agent.destroy();
  return into;
}

function summary({ latencies, failed }) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { requests: sorted.length, failed, p50Ms: quantile(sorted, 0.5), p99Ms: quantile(sorted, 0.99), maxMs: quantile(sorted, 1) };
}

/**
 * The flood itself, in a worker thread: `flooders` connections searching as fast as they are
 * answered while told 'flood'; on 'pause' they finish what they sent and the worker says 'paused';
 * on 'stop' it posts the answers counted by status and the seconds it flooded.
 */
async function floodWorker({ base, flooders: connections, spread: spreadOut }) {
  const statuses = {};
  let state = 'pause';
  let wake = () => {};
  let woken = Promise.resolve();
  let inFlight = 0;
  let floodingSince = 0;
  let floodedMs = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  woken = new Promise((r) => (wake = r));
  parentPort.on('message', (message) => {
    if (message === 'flood') {
      if (state !== 'flood') floodingSince = Date.now();
      state = 'flood';
      wake();
      return;
    }
    if (state === 'flood') floodedMs += Date.now() - floodingSince;
    if (message === 'stop') {
      state = 'stop';
      wake();
      return;
    }
    state = 'pause';
    woken = new Promise((r) => (wake = r));
    if (inFlight === 0) parentPort.postMessage('paused');
  });
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      const headers = spreadOut ? { 'x-forwarded-for': `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}` } : {};
      for (let n = i; state !== 'stop'; n++) {
        if (state !== 'flood') {
          await woken;
          continue;
        }
        const q = encodeURIComponent(QUERIES[n % QUERIES.length]);
        inFlight++;
        const status = await get(agent, `${base}/api/v1/search?q=${q}`, headers);
        inFlight--;
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (state === 'pause' && inFlight === 0) parentPort.postMessage('paused');
      }
    }),
  );
  agent.destroy();
  parentPort.postMessage({ statuses, seconds: floodedMs / 1000 });
}

/**
 * The flood in a worker thread (its own event loop, so the flood's answers do not delay the timing
 * of the student's reads here): `on()` starts it, `off()` pauses it and resolves once none of its
 * searches is still in flight, `stop()` ends it and resolves with what it was answered.
 */
function flood(base) {
  const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { base, flooders, spread } });
  const listeners = [];
  worker.on('message', (message) => listeners.shift()?.(message));
  const failed = new Promise((_, reject) => worker.once('error', reject));
  const next = () => Promise.race([new Promise((resolve) => listeners.push(resolve)), failed]);
  return {
    on() {
      worker.postMessage('flood');
    },
    async off() {
      const paused = next();
      worker.postMessage('pause');
      await paused;
    },
    async stop() {
      const done = next();
      worker.postMessage('stop');
      const { statuses, seconds } = await done;
      await worker.terminate();
      const total = Object.values(statuses).reduce((a, b) => a + b, 0);
      return { connections: flooders, addresses: spread ? flooders : 1, floodSeconds: Number(seconds.toFixed(1)), perSecond: Math.round(total / seconds), answered: statuses };
    },
  };
}

async function measure(mode, setting, run) {
  const base = await startMode(mode, setting, run);
  const loginRes = await fetch(`${base}/api/v1/user/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'student@taal.local', password: 'student123' }),
  });
  if (loginRes.status !== 200) throw new Error(`the demo student's login answered ${loginRes.status}: ${(await loginRes.text()).slice(0, 200)}`);
  const { token, user } = (await loginRes.json()).data;
  // Warm up: the page and search each answer once (the cluster's services may still be catching up).
  const warm = new http.Agent({ keepAlive: true });
  for (const [url, headers] of [
    [`${base}/api/v1/order/${user._id}`, { authorization: `Bearer ${token}` }],
    [`${base}/api/v1/search?q=guitar`, spread ? { 'x-forwarded-for': '198.19.0.1' } : {}],
  ]) {
    const until = Date.now() + 60_000;
    let status;
    while ((status = await get(warm, url, headers)) !== 200) {
      if (Date.now() > until) throw new Error(`GET ${url} answered ${status}, not 200`);
      await sleep(500);
    }
  }
  warm.destroy();
  await timeOrderPage(base, user._id, token, 2);

  const quietReads = { latencies: [], failed: 0 };
  const floodReads = { latencies: [], failed: 0 };
  const flooding = flood(base);
  let searches;
  try {
    for (let round = 0; round < rounds; round++) {
      await timeOrderPage(base, user._id, token, phaseSeconds, quietReads);
      flooding.on();
      await timeOrderPage(base, user._id, token, phaseSeconds, floodReads);
      // What the flood sent is answered before the next quiet phase starts.
      await flooding.off();
    }
  } finally {
    searches = await flooding.stop();
  }
  const quiet = summary(quietReads);
  const during = summary(floodReads);
  const ratio = quiet.p99Ms > 0 ? Number((during.p99Ms / quiet.p99Ms).toFixed(2)) : null;
  return {
    mode,
    setting,
    orderPage: { quiet, flood: during },
    p99Ratio: ratio,
    p50Ratio: quiet.p50Ms > 0 ? Number((during.p50Ms / quiet.p50Ms).toFixed(2)) : null,
    search: searches,
    ...(setting === 'after' ? { met: ratio !== null && ratio <= AIM && during.failed === 0 } : {}),
  };
}

async function main() {
  const results = [];
  const loadAverage = () => os.loadavg().map((l) => Number(l.toFixed(2)));
  try {
    let run = 0;
    for (const mode of modes) {
      for (const setting of settings) {
        const load = loadAverage();
        try {
          results.push({ ...(await measure(mode, setting, run++)), loadAverageAtStart: load });
        } catch (err) {
          console.error(`search-flood bench: ${mode} ${setting}: ${err.stack ?? err}`);
          results.push({ mode, setting, error: String(err.message ?? err) });
        }
        // Each run's processes end before the next one starts.
        await Promise.all(children.splice(0).map(stopChild));
      }
    }
    console.log(
      JSON.stringify(
        {
          aim: `the student's order-page p99 during the flood <= ${AIM}x its quiet p99, with fair use on (after), in both modes`,
          flooders,
          spread,
          rounds,
          phaseSeconds,
          cpus: os.cpus().length,
          results,
        },
        null,
        2,
      ),
    );
    process.exitCode = results.every((r) => !r.error && r.orderPage.quiet.failed === 0 && r.orderPage.flood.failed === 0) ? 0 : 1;
  } finally {
    await cleanUp();
  }
}

if (isMainThread) await main();
else await floodWorker(workerData);
