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
 * How `npm start` runs the all-in-one (decision 0044: a V8 heap ceiling and two malloc arenas keep
 * it under 450 MB RSS), read from package.json's start script so every tool measures the process a
 * user runs: `node <args>` with `env` added to the caller's. TAAL_HEAP_MB and MALLOC_ARENA_MAX in
 * the environment win, as they do for `npm start`.
 */
export function allInOneCommand(env = process.env) {
  const start = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
  const heap = /--max-old-space-size=\$\{TAAL_HEAP_MB:-(\d+)\}/.exec(start);
  const arenas = /MALLOC_ARENA_MAX=\$\{MALLOC_ARENA_MAX:-(\d+)\}/.exec(start);
  if (!heap || !arenas) throw new Error(`package.json's start script no longer sets the heap and arenas this reads: ${start}`);
  return {
    args: [`--max-old-space-size=${env.TAAL_HEAP_MB ?? heap[1]}`, path.join(root, 'packages/launcher/dist/all-in-one.js')],
    env: { MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? arenas[1] },
  };
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
