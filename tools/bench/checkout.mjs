#!/usr/bin/env node
/**
 * Paid orders per second through the card sandbox, in each run mode (all-in-one, and cluster
 * when tools/infra's servers are up): per order, a student puts a course in the cart, creates
 * the order, opens a gateway session, and presses Pay on the sandbox's page, which sends the IPN
 * that commerce checks with the validation API before it pays. The baseline, measured in the same
 * run against the same process, is an authenticated read through the same stack (GET wallet), so
 * the ratio is what to read (machines here are noisy). At the end every student's orders are
 * counted: a "double spend" is an order paid that no flow paid, or a wallet below zero.
 *
 * A student may buy a course once per tier, upwards (silver, then the upgrades to gold and diamond;
 * decision 0027 refuses the rest), so each of the `--students` concurrent buyers works through its
 * own students (`--pool` of them in all, signed up before the clock starts), every paid course at
 * every tier in turn.
 *
 * The CPU per paid order is the marketplace's: every process its launcher started (FerretDB
 * included), not the bench's and not the card gateway's stand-in (in all-in-one the bench runs the
 * sandbox as its own process and points the marketplace at it, as a deployment points at SSLCommerz).
 * `--before <rev>` measures that commit too, alternating with this checkout `--rounds` times per
 * mode, and reports the medians and after's share of before's. Cluster runs of both share
 * tools/infra's servers.
 *
 * Usage: node tools/bench/checkout.mjs [--students 8] [--pool 128] [--seconds 10] [--modes all-in-one,cluster]
 *          [--before <rev> [--rounds 1]]
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineCpuMs, processCpu } from '../lib/process-cpu.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const argOf = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const students = Number(argOf('students', 8));
const pool = Math.max(students, Number(argOf('pool', students * 16)));
const seconds = Number(argOf('seconds', 10));
const infraEnv = path.join(process.env.TAAL_INFRA_HOME ?? path.join(os.homedir(), '.cache/taal/infra'), 'env.sh');
const modes = argOf('modes', existsSync(infraEnv) ? 'all-in-one,cluster' : 'all-in-one').split(',');
const beforeRev = argOf('before', undefined);
const rounds = Math.max(1, Number(argOf('rounds', 1)));

const children = [];
const work = mkdtempSync(path.join(os.tmpdir(), 'taal-bench-checkout-'));

function startChild(args, env) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  children.push(child);
  return child;
}

/** Stops every child started so far, with its process group (a cluster's services). */
function stopChildren() {
  for (const child of children.splice(0)) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
}

/** Waits until `url` answers as `ready` says (by default a 200). */
async function waitFor(url, timeoutMs = 90_000, ready = (res) => res.status === 200) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(url).catch(() => null);
    if (res && ready(res)) return;
    if (Date.now() > until) throw new Error(`${url} was not ready within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function api(base) {
  const call = async (method, p, body, token) => {
    const headers = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}/api/v1${p}`, { method, headers, body: body === undefined || body instanceof FormData ? body : JSON.stringify(body) });
    const json = await res.json().catch(() => ({}));
    if (res.status >= 400) throw new Error(`${method} ${p}: ${res.status} ${json.message ?? ''}`);
    return json.data;
  };
  return { get: (p, t) => call('GET', p, undefined, t), post: (p, b, t) => call('POST', p, b, t) };
}

/** Students signed up by the API and verified by the admin (sign-up limits are raised for the bench). */
async function makeStudents(base, n) {
  const { get, post } = api(base);
  const admin = await post('/user/login/', { email: 'admin@taal.local', password: 'admin123' });
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const made = [];
  for (let i = 0; i < n; i++) {
    const email = `bench-${Date.now().toString(36)}-${i}@bench.example.com`;
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: `Bench ${i}`, email, password: 'secret1', confirmPassword: 'secret1', dob: '2000-01-01', phone: '01700000000', address: 'Dhaka' })) form.append(k, v);
    form.append('photo', new Blob([png], { type: 'image/png' }), 'p.png');
    const user = await post('/user/signup/', form);
    await get(`/user/verify/${user._id}`, admin.token);
    const session = await post('/user/login/', { email, password: 'secret1' });
    made.push({ id: user._id, token: session.token });
  }
  const courses = (await get('/course/')).filter((c) => (c.priceSilver?.price ?? 0) > 0);
  return { students: made, courses, adminToken: admin.token };
}

const TIERS = [
  ['silver', 'priceSilver'],
  ['gold', 'priceGold'],
  ['diamond', 'priceDiamond'],
];

/** One paid order by card: cart, order, session, the sandbox's Pay (IPN + validation inside). */
async function checkout(base, student, course, [tier, priceField]) {
  const { post } = api(base);
  await post('/cart/', { user: student.id, course: course._id, tier }, student.token);
  const order = await post('/order', { userId: student.id, amount: course[priceField].price, useWallet: false }, student.token);
  const { GatewayPageURL } = await post(
    '/cart/ssl/',
    { total_amount: order.amount / 100, cus_name: 'Bench', cus_email: 'bench@example.com', cus_phone: '01700000000', value_c: order._id, currency: 'BDT' },
    student.token,
  );
  const html = await (await fetch(GatewayPageURL)).text();
  const action = /action="([^"]+\/pay)"/.exec(html)[1];
  const paid = await fetch(action, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'choice=pay' });
  if (paid.status !== 303) throw new Error(`Pay answered ${paid.status}`);
  // The browser's return through the gateway (validated again; the IPN already paid it).
  await fetch(paid.headers.get('location'), { redirect: 'manual' });
  return order._id;
}

/** Each buyer's purchases, in an order the rules allow: its students one after another, each every course silver → gold → diamond. */
function purchasePlans(list, courses, buyers) {
  const plans = Array.from({ length: buyers }, () => []);
  list.forEach((student, i) => {
    for (const course of courses) for (const tier of TIERS) plans[i % buyers].push([student, course, tier]);
  });
  return plans;
}

/** Runs `step` in a loop per worker for `seconds`; returns completions per second and their latencies. */
async function loop(workers, step) {
  const startedAt = Date.now();
  const until = startedAt + seconds * 1000;
  const results = [];
  const latencies = [];
  await Promise.all(
    workers.map(async (w, i) => {
      while (Date.now() < until) {
        const started = performance.now();
        const result = await step(w, i);
        if (result === undefined) return; // this worker has nothing left to do
        latencies.push(performance.now() - started);
        results.push(result);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q) => Number((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(1));
  return { perSecond: results.length / seconds, results, p50Ms: at(0.5), p99Ms: at(0.99), window: [startedAt, Date.now()] };
}

/**
 * The processes' CPU per second while nobody asks anything (their pollers and timers): the mean of
 * three seconds in a row under 150 ms each, once their start-up work (demo data, first jobs) is over.
 */
async function idleCpuPerSecond(groupCpuMs) {
  const quiet = [];
  for (let tries = 0; quiet.length < 3 && tries < 60; tries++) {
    const before = groupCpuMs();
    await new Promise((r) => setTimeout(r, 1000));
    const used = groupCpuMs() - before;
    if (used < 150) quiet.push(used);
    else quiet.length = 0;
  }
  return quiet.length ? quiet.reduce((a, b) => a + b, 0) / quiet.length : 0;
}

/**
 * Waits until a whole second's CPU is back near the idle rate (at most 120 s): the work the orders
 * queued is done. Returns how long that took and the CPU the orders' work used meanwhile, the idle
 * rate taken off (the pollers would have spent it anyway).
 */
async function untilQuiet(groupCpuMs, idlePerSecond) {
  const started = Date.now();
  const startCpu = groupCpuMs();
  for (;;) {
    const before = groupCpuMs();
    await new Promise((r) => setTimeout(r, 1000));
    const used = groupCpuMs() - before;
    const elapsedMs = Date.now() - started;
    if (used <= idlePerSecond * 1.5 + 20 || elapsedMs > 120_000) {
      return { afterMs: elapsedMs, workCpuMs: Math.max(0, groupCpuMs() - startCpu - (idlePerSecond * elapsedMs) / 1000) };
    }
  }
}

/** The sandbox's process name (tools/lib/process-cpu.mjs labels it by its script). */
const GATEWAY_STAND_IN = 'sandbox-main';

/** CPU ms per order summed by process name (a name may run in several processes), largest first. */
function perOrderByName(processes, orders) {
  const byName = new Map();
  for (const p of processes) byName.set(p.name, (byName.get(p.name) ?? 0) + p.cpuMs);
  const sorted = [...byName].filter(([, ms]) => ms > 0).sort((a, b) => b[1] - a[1]);
  return Object.fromEntries(sorted.map(([name, ms]) => [name, orders ? Number((ms / orders).toFixed(1)) : null]));
}

/**
 * The card gateway's stand-in as its own process, outside the CPU counted: SSLCommerz's servers are
 * not ours, and in all-in-one the sandbox would otherwise run inside the marketplace's process.
 * Cluster mode's launcher starts its own (counted apart, as `sandbox-main`).
 */
function startSandbox(port) {
  const store = { SSLCOMMERZ_STORE_ID: 'bench', SSLCOMMERZ_STORE_PASSWORD: `bench-${process.pid}-${Date.now()}` };
  startChild([path.join(root, 'packages/payments/dist/sandbox-main.js')], { ...store, SSLCOMMERZ_SANDBOX_PORT: String(port) });
  return { SSLCOMMERZ_BASE_URL: `http://127.0.0.1:${port}`, ...store };
}

/** One run of `mode` on the code built at `codeRoot` (this checkout, or --before's). */
async function measure(mode, codeRoot, run) {
  const port = 18980 + Math.floor(Math.random() * 500);
  const base = `http://127.0.0.1:${port}`;
  const limits = { SIGNUP_MAX_PER_ADDRESS: '100000', SIGNUP_MAX_PER_DOMAIN: '1000000', LOG_LEVEL: 'warn' };
  let marketplace;
  if (mode === 'all-in-one') {
    const gateway = startSandbox(port + 1);
    await waitFor(gateway.SSLCOMMERZ_BASE_URL, 30_000, () => true);
    // TAAL_CPU_PROF_DIR (as the cluster's supervisor reads it): a CPU profile of the process, written when it stops.
    const dir = process.env.TAAL_CPU_PROF_DIR;
    const profile = dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=all-in-one.${Date.now()}.cpuprofile`] : [];
    marketplace = startChild([...profile, path.join(codeRoot, 'packages/launcher/dist/all-in-one.js')], {
      ...limits,
      ...gateway,
      PORT: String(port),
      DATA_DIR: path.join(work, `data-${run}`),
    });
  } else {
    marketplace = startChild([path.join(codeRoot, 'packages/launcher/dist/cluster.js')], {
      ...limits,
      PORT: String(port),
      SSLCOMMERZ_SANDBOX_PORT: String(port + 1),
      IDENTITY_JWKS_PORT: String(port + 2),
      IDENTITY_GRPC_PORT: String(port + 3),
      CATALOGUE_GRPC_PORT: String(port + 4),
      COMMERCE_GRPC_PORT: String(port + 5),
    });
  }
  await waitFor(`${base}/healthz`);
  const pgid = marketplace.pid;
  // The marketplace's processes: every one its launcher started but the card gateway's stand-in.
  const marketplaceProcesses = () => processCpu((p) => p.pgid === pgid).filter((p) => p.name !== GATEWAY_STAND_IN);
  const groupCpuMs = () => marketplaceProcesses().reduce((sum, p) => sum + p.cpuMs, 0);
  const idlePerSecond = await idleCpuPerSecond(groupCpuMs);
  const { students: list, courses } = await makeStudents(base, pool);
  const { get } = api(base);

  const plans = purchasePlans(list, courses, students);
  const next = (i) => plans[i].shift();
  const buy = (i) => {
    const purchase = next(i);
    return purchase ? checkout(base, ...purchase) : Promise.resolve(undefined);
  };
  const warmUp = await loop(plans.slice(0, 2), (_, i) => buy(i));
  const baseline = await loop(list.slice(0, students), (s) => get(`/wallet/${s.id}`, s.token).then(() => true));
  // The CPU the marketplace's processes spent per paid order: steadier than orders/s on a busy machine.
  const cpuBefore = groupCpuMs();
  const perProcessBefore = marketplaceProcesses();
  const machineBefore = machineCpuMs();
  const card = await loop(plans, (_, i) => buy(i));
  const machineAfter = machineCpuMs();
  const cpuInWindowMs = groupCpuMs() - cpuBefore;
  const perProcessInWindow = marketplaceProcesses().map((p) => ({ ...p, cpuMs: p.cpuMs - (perProcessBefore.find((b) => b.pid === p.pid)?.cpuMs ?? 0) }));
  // What the paid orders left to do after the clock stopped (receipts rendered and sent, notices
  // stored) is theirs too: counted until the processes are quiet again.
  const trailing = await untilQuiet(groupCpuMs, idlePerSecond);
  const cpuMs = cpuInWindowMs + trailing.workCpuMs;
  if (plans.some((p) => p.length === 0)) console.error('checkout bench: a buyer ran out of purchases; give a larger --pool');
  const flows = new Set([...warmUp.results, ...card.results]);

  // Count: every order a flow completed is Paid, nothing else is, and no wallet is below zero.
  let paidOrders = 0;
  let negativeWallets = 0;
  for (const s of list) {
    paidOrders += (await get(`/order/${s.id}`, s.token)).filter((o) => o.paid).length;
    if ((await get(`/wallet/${s.id}`, s.token)).balance < 0) negativeWallets++;
  }
  return {
    mode,
    students,
    seconds,
    pool,
    paidOrdersPerSecond: Number(card.perSecond.toFixed(1)),
    // The marketplace's CPU per paid order (every process it started; not the bench's own), the
    // work each order left behind (mails) included; and of that, what was spent while the clock ran.
    cpuMsPerOrder: card.results.length ? Number((cpuMs / card.results.length).toFixed(1)) : null,
    cpuMsPerOrderInWindow: card.results.length ? Number((cpuInWindowMs / card.results.length).toFixed(1)) : null,
    // The same, per process (the card sandbox stands in for SSLCommerz's servers, not ours).
    cpuMsPerOrderInWindowByProcess: perOrderByName(perProcessInWindow, card.results.length),
    // The whole machine during the window: CPU its host took away (steal) and left unused (idle).
    machineStealMsInWindow: machineAfter.steal - machineBefore.steal,
    machineIdleMsInWindow: machineAfter.idle - machineBefore.idle,
    // How long after the last order the processes took to be quiet (the backlog they had left).
    settledAfterMs: trailing.afterMs,
    idleCpuMsPerSecond: Math.round(idlePerSecond),
    orderP50Ms: card.p50Ms,
    orderP99Ms: card.p99Ms,
    baselineWalletReadsPerSecond: Number(baseline.perSecond.toFixed(1)),
    walletP50Ms: baseline.p50Ms,
    walletP99Ms: baseline.p99Ms,
    ratio: Number((card.perSecond / baseline.perSecond).toFixed(3)),
    // When the paid orders were measured (epoch ms), to line up with a CPU profile of the processes.
    measuredFrom: card.window[0],
    measuredUntil: card.window[1],
    completedFlows: flows.size,
    paidOrdersCounted: paidOrders,
    // Paid more often than flows paid, or a wallet below zero; the two counts must be equal.
    doubleSpends: Math.max(0, paidOrders - flows.size) + negativeWallets,
  };
}

/**
 * --before <rev>: that commit built in a worktree of its own beside this checkout, to be measured
 * in the same run. Its node_modules are this checkout's, hard-linked (the lock may differ a little:
 * a run that fails to start says so), and the frontends' build is copied from here (the servers
 * refuse to start without one; the bench asks only the API).
 */
function buildBefore(rev) {
  const sh = (cmd, args, cwd = root) => {
    const out = spawnSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    if (out.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${out.status})`);
    return out.stdout.trim();
  };
  const sha = sh('git', ['rev-parse', '--verify', `${rev}^{commit}`]);
  const dir = path.join(work, `before-${sha.slice(0, 12)}`);
  sh('git', ['worktree', 'add', '--detach', '--force', dir, sha]);
  beforeWorktree = dir;
  const linked = ['node_modules', ...['packages', 'services', 'frontends'].flatMap((group) =>
    existsSync(path.join(root, group)) ? readdirSync(path.join(root, group)).map((name) => path.join(group, name, 'node_modules')) : [],
  )];
  for (const rel of linked) {
    if (existsSync(path.join(root, rel)) && existsSync(path.dirname(path.join(dir, rel)))) sh('cp', ['-al', path.join(root, rel), path.join(dir, rel)]);
  }
  console.error(`checkout bench: building ${sha.slice(0, 12)} in ${dir}`);
  sh(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.json'], dir);
  // Every build folder of the frontends, nested ones too (the web server's first-screen renderer).
  const builds = (rel) =>
    readdirSync(path.join(root, rel), { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== 'node_modules' && e.name !== 'src')
      .flatMap((e) => (e.name === 'dist' ? [path.join(rel, e.name)] : builds(path.join(rel, e.name))));
  for (const rel of builds('frontends')) {
    if (existsSync(path.dirname(path.join(dir, rel)))) cpSync(path.join(root, rel), path.join(dir, rel), { recursive: true });
  }
  return { sha, dir };
}

/** The median of the runs' figure `key`, the mean of the middle two for an even count (null when none has it). */
function median(runs, key) {
  const values = runs.map((r) => r[key]).filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (!values.length) return null;
  const mid = (values.length - 1) / 2;
  return Number(((values[Math.floor(mid)] + values[Math.ceil(mid)]) / 2).toFixed(1));
}

let beforeWorktree;
try {
  const before = beforeRev ? buildBefore(beforeRev) : undefined;
  // With --before, each mode runs before, after, before, after… (--rounds pairs): the machine's
  // drift falls on both alike.
  const codes = before ? [['before', before.dir], ['after', root]] : [['this checkout', root]];
  const results = [];
  let run = 0;
  for (const mode of modes) {
    for (let round = 0; round < rounds; round++) {
      for (const [code, codeRoot] of codes) {
        results.push({ code, ...(await measure(mode, codeRoot, run++)) });
        stopChildren();
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
  }
  // Per mode and code: the medians of what to read, and after's as a share of before's.
  const summary = modes.map((mode) => {
    const of = (code) => results.filter((r) => r.mode === mode && r.code === code);
    const figures = (runs) => ({
      runs: runs.length,
      cpuMsPerOrderInWindow: median(runs, 'cpuMsPerOrderInWindow'),
      cpuMsPerOrder: median(runs, 'cpuMsPerOrder'),
      paidOrdersPerSecond: median(runs, 'paidOrdersPerSecond'),
      doubleSpends: runs.reduce((sum, r) => sum + r.doubleSpends, 0),
    });
    if (!before) return { mode, ...figures(of('this checkout')) };
    const [b, a] = [figures(of('before')), figures(of('after'))];
    const share = (key) => (b[key] && a[key] !== null ? Number((a[key] / b[key]).toFixed(3)) : null);
    return { mode, before: { rev: before.sha, ...b }, after: a, afterOverBefore: { cpuMsPerOrderInWindow: share('cpuMsPerOrderInWindow'), cpuMsPerOrder: share('cpuMsPerOrder') } };
  });
  console.log(JSON.stringify({ results, summary, aim: 'paid orders/s >= 100 in cluster mode (300 the aim) and >= 40 in all-in-one, zero double spends' }, null, 2));
  process.exitCode = results.every((r) => r.doubleSpends === 0) ? 0 : 1;
} finally {
  stopChildren();
  if (beforeWorktree) spawnSync('git', ['worktree', 'remove', '--force', beforeWorktree], { cwd: root, stdio: 'ignore' });
  // A child may still be writing its data dir while it stops.
  rmSync(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}
