#!/usr/bin/env node
/**
 * Signed-in reads against the cached public list, through the same all-in-one gateway, in one run
 * (machines here are noisy: the ratio is what to read). As the demo student: GET wallet, the
 * secure course view, the cart, the classroom and the notifications; the baseline is
 * GET /api/v1/course/ (the cached list every visitor gets). Loads alternate, a round at a time.
 *
 * Usage: node tools/bench/signed-in.mjs [--connections 16] [--seconds 5] [--rounds 3] [--profile DIR]
 *   --profile DIR: the all-in-one runs with --cpu-prof, its .cpuprofile lands in DIR.
 * Aim (issue 25): every signed-in read >= 0.5x the cached list, p99 <= 50 ms at 16 connections.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const argOf = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const connections = Number(argOf('connections', 16));
const seconds = Number(argOf('seconds', 5));
const rounds = Number(argOf('rounds', 3));
const profileDir = argOf('profile', '');

const work = mkdtempSync(path.join(os.tmpdir(), 'taal-bench-signed-in-'));
let child;

async function waitFor(url, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(url).catch(() => null);
    if (res?.status === 200) return;
    if (Date.now() > until) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function load(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, pipelining: 1, headers }, (err, result) => {
      if (err) return reject(err);
      if (result.non2xx > 0 || result.errors > 0) return reject(new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      resolve({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  const port = 18980 + Math.floor(Math.random() * 500);
  const base = `http://127.0.0.1:${port}`;
  const args = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  child = spawn(process.execPath, [...args, path.join(root, 'packages/launcher/dist/all-in-one.js')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: path.join(work, 'data'), METRICS_PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${base}/healthz`);

  const login = await (
    await fetch(`${base}/api/v1/user/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'student@taal.local', password: 'student123' }),
    })
  ).json();
  const token = login.data.token;
  const userId = login.data.user._id;
  const courses = (await (await fetch(`${base}/api/v1/course/`)).json()).data;
  const courseId = (courses.courses ?? courses)[0]._id;
  const auth = { authorization: `Bearer ${token}` };

  const routes = {
    'course list (cached, visitor)': [`/api/v1/course/`, {}],
    wallet: [`/api/v1/wallet/${userId}`, auth],
    'secure-course': [`/api/v1/course/secure-course/${courseId}`, auth],
    cart: [`/api/v1/cart/${userId}`, auth],
    classroom: [`/api/v1/classroom/${userId}`, auth],
    notifications: [`/api/v1/notification/user/${userId}`, auth],
  };
  const results = Object.fromEntries(Object.keys(routes).map((name) => [name, []]));
  for (const [route, headers] of Object.values(routes)) await load(`${base}${route}`, headers); // warm-up
  for (let i = 0; i < rounds; i++) {
    for (const [name, [route, headers]] of Object.entries(routes)) results[name].push(await load(`${base}${route}`, headers));
  }
  const baseline = median(results['course list (cached, visitor)'].map((r) => r.rps));
  const summary = Object.fromEntries(
    Object.entries(results).map(([name, runs]) => {
      const rps = median(runs.map((r) => r.rps));
      return [name, { rps: Math.round(rps), ratio: Number((rps / baseline).toFixed(3)), p50Ms: median(runs.map((r) => r.p50)), p99Ms: median(runs.map((r) => r.p99)) }];
    }),
  );
  const signedIn = Object.entries(summary).filter(([name]) => name !== 'course list (cached, visitor)');
  const met = signedIn.every(([, r]) => r.ratio >= 0.5 && r.p99Ms <= 50);
  console.log(JSON.stringify({ mode: 'all-in-one', connections, secondsPerRun: seconds, rounds, routes: summary, aim: 'ratio >= 0.5 and p99 <= 50 ms', met }, null, 2));
} finally {
  child?.kill('SIGINT');
  await new Promise((r) => (child ? child.once('exit', r) : r()));
  rmSync(work, { recursive: true, force: true });
}
