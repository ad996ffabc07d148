// Runs under Node 24 (tools/node24/smoke.sh): the built all-in-one starts with this same Node, then
// /healthz, the published course list and a demo login must answer. Exit code 0 only if all do.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'taal-node24-'));
const port = 19000 + Math.floor(Math.random() * 900);
const base = `http://127.0.0.1:${port}`;
let output = '';
const taal = spawn(process.execPath, ['packages/launcher/dist/all-in-one.js'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
taal.stdout.on('data', (c) => (output += c));
taal.stderr.on('data', (c) => (output += c));

const check = (what, ok) => {
  if (!ok) throw new Error(`Node ${process.version} smoke: ${what} failed\n${output.slice(-3000)}`);
  console.log(`ok  ${what}`);
};

try {
  const until = Date.now() + 120_000;
  let healthy = false;
  while (!healthy && Date.now() < until) {
    healthy = (await fetch(`${base}/healthz`).catch(() => null))?.status === 200;
    if (!healthy) await new Promise((r) => setTimeout(r, 250));
  }
  check(`/healthz on Node ${process.version}`, healthy);
  const courses = await (await fetch(`${base}/api/v1/course/`)).json();
  check('the course list', courses.success && courses.data.length > 0);
  const login = await fetch(`${base}/api/v1/user/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'student@taal.local', password: 'student123' }),
  });
  const session = await login.json();
  check('a demo login', login.status === 200 && typeof session.data?.token === 'string');
  const me = await fetch(`${base}/api/v1/user/me`, { headers: { authorization: `Bearer ${session.data.token}` } });
  check('the signed-in user', me.status === 200);
} finally {
  taal.kill('SIGTERM');
  await new Promise((r) => taal.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
