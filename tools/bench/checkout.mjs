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
 * Usage: node tools/bench/checkout.mjs [--students 8] [--seconds 10] [--modes all-in-one,cluster]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const argOf = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const students = Number(argOf('students', 8));
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

/** One paid order by card: cart, order, session, the sandbox's Pay (IPN + validation inside). */
async function checkout(base, student, course) {
  const { post } = api(base);
  await post('/cart/', { user: student.id, course: course._id, tier: 'silver' }, student.token);
  const order = await post('/order', { userId: student.id, amount: course.priceSilver.price, useWallet: false }, student.token);
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

/** Runs `step` in a loop per student for `seconds`; returns completions per second. */
async function loop(list, step) {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  const results = [];
  await Promise.all(
    list.map(async (s, i) => {
      while (Date.now() < until) {
        results.push(await step(s, i));
        done++;
      }
    }),
  );
  return { perSecond: done / seconds, results };
}

async function measure(mode) {
  const port = 18980 + Math.floor(Math.random() * 500);
  const base = `http://127.0.0.1:${port}`;
  const limits = { SIGNUP_MAX_PER_ADDRESS: '100000', SIGNUP_MAX_PER_DOMAIN: '1000000', LOG_LEVEL: 'warn' };
  if (mode === 'all-in-one') {
    startChild([path.join(root, 'packages/launcher/dist/all-in-one.js')], { ...limits, PORT: String(port), DATA_DIR: path.join(work, 'data') });
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
  const { students: list, courses } = await makeStudents(base, students);
  const { get } = api(base);

  const warmUp = await loop(list.slice(0, 2), (s, i) => checkout(base, s, courses[i % courses.length]));
  const baseline = await loop(list, (s) => get(`/wallet/${s.id}`, s.token));
  let n = 0;
  const card = await loop(list, (s, i) => checkout(base, s, courses[(i + n++) % courses.length]));
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
    paidOrdersPerSecond: Number(card.perSecond.toFixed(1)),
    baselineWalletReadsPerSecond: Number(baseline.perSecond.toFixed(1)),
    ratio: Number((card.perSecond / baseline.perSecond).toFixed(3)),
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
  console.log(JSON.stringify({ results, aim: 'paid orders/s >= 300 in cluster mode, zero double spends' }, null, 2));
  process.exitCode = results.every((r) => r.doubleSpends === 0) ? 0 : 1;
} finally {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  rmSync(work, { recursive: true, force: true });
}
