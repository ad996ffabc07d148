#!/usr/bin/env node
/**
 * GET /api/v1/course/ through the all-in-one gateway vs a bare Express app serving the
 * very same bytes from memory. Both run as child processes of this script and are loaded
 * in alternation (machines here are noisy), so the ratio is what to read, not absolute
 * numbers. Fails unless the gateway reaches 90% of bare Express with a p99 of at most 20 ms
 * (issue 25). Usage: node tools/bench/course-list.mjs [--connections 32] [--seconds 5] [--rounds 3]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const connections = arg('connections', 32);
const seconds = arg('seconds', 5);
const rounds = arg('rounds', 3);
const ROUTE = '/api/v1/course/';
const MIN_RATIO = 0.9;
const MAX_P99_MS = 20;

const work = mkdtempSync(path.join(os.tmpdir(), 'taal-bench-'));
const children = [];

function startChild(args, env) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}

async function waitFor(url, timeoutMs = 30000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(url).catch(() => null);
    if (res?.status === 200) return res;
    if (Date.now() > until) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, pipelining: 1 }, (err, result) => {
      if (err) return reject(err);
      if (result.non2xx > 0 || result.errors > 0) return reject(new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      resolve({ rps: result.requests.average, p99: result.latency.p99 });
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  const gatewayPort = 18480 + Math.floor(Math.random() * 500);
  const barePort = gatewayPort + 1;
  startChild([path.join(root, 'packages/launcher/dist/all-in-one.js')], {
    PORT: String(gatewayPort),
    DATA_DIR: path.join(work, 'data'),
    // Measured as deployed: request metrics on (cluster mode always has them).
    METRICS_PORT: '0',
    LOG_LEVEL: 'warn',
  });
  await waitFor(`http://127.0.0.1:${gatewayPort}/healthz`);
  const bytes = Buffer.from(await (await waitFor(`http://127.0.0.1:${gatewayPort}${ROUTE}`)).arrayBuffer());
  const bodyFile = path.join(work, 'body.json');
  writeFileSync(bodyFile, bytes);

  const bareScript = `
    const express = require(${JSON.stringify(path.join(root, 'node_modules/express'))});
    const body = require('node:fs').readFileSync(${JSON.stringify(bodyFile)});
    const app = express();
    app.get(${JSON.stringify(ROUTE)}, (_req, res) => { res.type('application/json').send(body); });
    app.listen(${barePort}, '127.0.0.1');`;
  startChild(['-e', bareScript], {});
  await waitFor(`http://127.0.0.1:${barePort}${ROUTE}`);

  const gateway = [];
  const bare = [];
  await load(`http://127.0.0.1:${gatewayPort}${ROUTE}`); // warm-up
  for (let i = 0; i < rounds; i++) {
    gateway.push(await load(`http://127.0.0.1:${gatewayPort}${ROUTE}`));
    bare.push(await load(`http://127.0.0.1:${barePort}${ROUTE}`));
  }
  const g = median(gateway.map((r) => r.rps));
  const b = median(bare.map((r) => r.rps));
  const result = {
    route: ROUTE,
    bytes: bytes.length,
    connections,
    secondsPerRun: seconds,
    rounds,
    gatewayRps: Math.round(g),
    bareExpressRps: Math.round(b),
    ratio: Number((g / b).toFixed(3)),
    gatewayP99Ms: median(gateway.map((r) => r.p99)),
    target: `ratio >= ${MIN_RATIO}, gateway p99 <= ${MAX_P99_MS} ms`,
  };
  console.log(JSON.stringify(result, null, 2));
  process.exitCode = result.ratio >= MIN_RATIO && result.gatewayP99Ms <= MAX_P99_MS ? 0 : 1;
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
