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
 * Usage: node tools/bench/checkout.mjs [--students 8] [--pool 128] [--seconds 10] [--modes all-in-one,cluster]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processCpuMs } from '../lib/process-cpu.mjs';

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

const children = [];
const work = mkdtempSync(path.join(os.tmpdir(), 'taal-bench-checkout-'));

function startChild(args, env) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  children.push(child);
  return child;
}

async function waitFor(url, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(url).catch(() => null);
    if (res?.status === 200) return;
    if (Date.now() > until) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
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

async function measure(mode) {
  const port = 18980 + Math.floor(Math.random() * 500);
  const base = `http://127.0.0.1:${port}`;
  const limits = { SIGNUP_MAX_PER_ADDRESS: '100000', SIGNUP_MAX_PER_DOMAIN: '1000000', LOG_LEVEL: 'warn' };
  if (mode === 'all-in-one') {
    // TAAL_CPU_PROF_DIR (as the cluster's supervisor reads it): a CPU profile of the process, written when it stops.
    const dir = process.env.TAAL_CPU_PROF_DIR;
    const profile = dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=all-in-one.${Date.now()}.cpuprofile`] : [];
    startChild([...profile, path.join(root, 'packages/launcher/dist/all-in-one.js')], { ...limits, PORT: String(port), DATA_DIR: path.join(work, 'data') });
  } else {
    startChild([path.join(root, 'packages/launcher/dist/cluster.js')], {
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
  const pgid = children[children.length - 1].pid;
  const groupCpuMs = () => processCpuMs((p) => p.pgid === pgid);
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
  const card = await loop(plans, (_, i) => buy(i));
  const cpuInWindowMs = groupCpuMs() - cpuBefore;
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

try {
  const results = [];
  for (const mode of modes) {
    results.push(await measure(mode));
    for (const child of children.splice(0)) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
  console.log(JSON.stringify({ results, aim: 'paid orders/s >= 100 in cluster mode (300 the aim) and >= 40 in all-in-one, zero double spends' }, null, 2));
  process.exitCode = results.every((r) => r.doubleSpends === 0) ? 0 : 1;
} finally {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  // A child may still be writing its data dir while it stops.
  rmSync(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}
