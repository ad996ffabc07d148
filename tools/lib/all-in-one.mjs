// Starts the built all-in-one (`packages/launcher/dist/all-in-one.js`) on a free port with a fresh
// DATA_DIR, for the benchmark scripts that drive it from outside; resolves once /healthz answers 200.
// `stop()` ends it and removes its data. Needs `npm run build` first.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * How `npm start` runs the all-in-one (decision 0044: V8 heap limits and two malloc arenas keep it
 * under 450 MB RSS), read from package.json's start script so every tool measures the process a
 * user runs: `node <flags> <script>` with `env` added to the caller's. The script's leading
 * `NAME=${NAME:-default}` settings and any `${NAME:-default}` in a flag take the caller's value
 * when set, as they do for `npm start`.
 */
export function allInOneCommand(env = process.env) {
  const start = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
  const expand = (word) => word.replace(/\$\{(\w+):-([^}]*)\}/g, (_, name, fallback) => env[name] ?? fallback);
  const words = start.trim().split(/\s+/);
  const nodeAt = words.indexOf('node');
  const script = words[words.length - 1];
  if (nodeAt < 0 || !script.endsWith('all-in-one.js') || !words.some((w) => w.startsWith('--max-old-space-size='))) {
    throw new Error(`package.json's start script no longer has the shape this reads: ${start}`);
  }
  const settings = Object.fromEntries(
    words.slice(0, nodeAt).map((word) => {
      const at = word.indexOf('=');
      return [word.slice(0, at), expand(word.slice(at + 1))];
    }),
  );
  return {
    args: [...words.slice(nodeAt + 1, -1).map(expand), path.join(root, script)],
    env: settings,
  };
}

/** A process's resident memory in MB, as the kernel counts it (VmRSS). */
export function rssMb(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
}

export async function startAllInOne(name = 'bench') {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `taal-${name}-`));
  const command = allInOneCommand();
  const child = spawn(process.execPath, command.args, {
    env: { ...process.env, ...command.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 360; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) return { url, stop };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error('the all-in-one did not become healthy (did you run `npm run build`?)');
}
