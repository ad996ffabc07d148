#!/usr/bin/env node
/**
 * Video streaming through the gateway vs nginx (Debian's) serving the very same file from disk,
 * with HTTP Range requests (the way a <video> seeks) at 32 connections. Both are loaded in
 * alternation (machines here are noisy), so the ratio is what to read. The gateway checks the
 * signed URL and streams from the files port (all-in-one: local disk) on every request.
 *
 * Usage: node tools/bench/video.mjs [--connections 32] [--seconds 5] [--rounds 3] [--chunk 65536]
 * Needs nginx (apt-get install nginx-light) and a built tree (npm run build).
 */
import { spawn, execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
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
const chunk = arg('chunk', 64 * 1024);

const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => {
  try {
    execFileSync(p, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});
if (!nginx) {
  console.error('nginx is not installed: apt-get install nginx-light');
  process.exit(2);
}

const work = mkdtempSync(path.join(os.tmpdir(), 'taal-bench-video-'));
const children = [];
const startChild = (cmd, args, env = {}) => {
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
};

async function waitFor(check, what, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => null);
    if (value) return value;
    if (Date.now() > until) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Ranged requests spread over the file, as seeking does. */
function ranges(size) {
  const list = [];
  for (let start = 0; start + chunk <= size && list.length < 64; start += Math.max(chunk, Math.floor(size / 64))) {
    list.push({ method: 'GET', headers: { range: `bytes=${start}-${start + chunk - 1}` } });
  }
  return list.length ? list : [{ method: 'GET', headers: { range: `bytes=0-${size - 1}` } }];
}

function load(url, requests) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, requests }, (err, result) => {
      if (err) return reject(err);
      if (result.errors > 0 || result['2xx'] === 0) return reject(new Error(`${url}: ${result.errors} errors, ${result['2xx']} 2xx, ${result.non2xx} non-2xx`));
      resolve({ rps: result.requests.average, mbps: result.throughput.average / 1e6 });
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  const gatewayPort = 19480 + Math.floor(Math.random() * 400);
  const nginxPort = gatewayPort + 1;
  startChild(process.execPath, [path.join(root, 'packages/launcher/dist/all-in-one.js')], {
    PORT: String(gatewayPort),
    DATA_DIR: path.join(work, 'data'),
    METRICS_PORT: '0',
    LOG_LEVEL: 'warn',
  });
  const base = `http://127.0.0.1:${gatewayPort}`;
  const courses = await waitFor(async () => (await (await fetch(`${base}/api/v1/course/`)).json()).data, 'the catalogue');
  const lesson = await waitFor(async () => {
    const lessons = (await (await fetch(`${base}/api/v1/course/secure-course/${courses[0]._id}`)).json()).data?.lessons ?? [];
    return lessons.find((l) => l.status === 'open' && l.filename);
  }, 'the demo lessons');
  const { url } = (await (await fetch(`${base}/api/v1/lesson/${lesson._id}/playback`)).json()).data;
  const bytes = Buffer.from(await (await fetch(`${base}${url}`)).arrayBuffer());

  // nginx serves the same bytes from a plain folder.
  const site = path.join(work, 'nginx');
  mkdirSync(path.join(site, 'www', 'video'), { recursive: true });
  mkdirSync(path.join(site, 'logs'), { recursive: true });
  writeFileSync(path.join(site, 'www', 'video', lesson.filename), bytes);
  // nginx's workers run as an unprivileged user (when started as root): the folders must be readable.
  for (const dir of [work, site, path.join(site, 'www'), path.join(site, 'www', 'video')]) chmodSync(dir, 0o755);
  writeFileSync(
    path.join(site, 'nginx.conf'),
    `worker_processes 1; pid ${site}/nginx.pid; error_log ${site}/logs/error.log warn;
     events { worker_connections 1024; }
     http { access_log off; sendfile on; types { video/mp4 mp4; }
       client_body_temp_path ${site}/tmp; proxy_temp_path ${site}/tmp; fastcgi_temp_path ${site}/tmp; uwsgi_temp_path ${site}/tmp; scgi_temp_path ${site}/tmp;
       server { listen 127.0.0.1:${nginxPort}; root ${site}/www; } }`,
  );
  startChild(nginx, ['-p', site, '-c', path.join(site, 'nginx.conf'), '-g', 'daemon off;']);
  const nginxUrl = `http://127.0.0.1:${nginxPort}/video/${lesson.filename}`;
  await waitFor(async () => (await fetch(nginxUrl)).status === 200, 'nginx');

  const requests = ranges(bytes.length);
  const gatewayUrl = `${base}${url}`;
  await load(gatewayUrl, requests); // warm-up
  const gateway = [];
  const plain = [];
  for (let i = 0; i < rounds; i++) {
    gateway.push(await load(gatewayUrl, requests));
    plain.push(await load(nginxUrl, requests));
  }
  const g = median(gateway.map((r) => r.rps));
  const n = median(plain.map((r) => r.rps));
  const result = {
    file: { bytes: bytes.length, rangeBytes: chunk, distinctRanges: requests.length },
    connections,
    secondsPerRun: seconds,
    rounds,
    gatewayRangesPerSecond: Math.round(g),
    nginxRangesPerSecond: Math.round(n),
    gatewayMBps: Number(median(gateway.map((r) => r.mbps)).toFixed(1)),
    nginxMBps: Number(median(plain.map((r) => r.mbps)).toFixed(1)),
    ratio: Number((g / n).toFixed(3)),
    aim: 'ratio >= 0.8',
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  rmSync(work, { recursive: true, force: true });
}
