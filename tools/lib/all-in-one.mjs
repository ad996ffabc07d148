// Starts the built all-in-one (`packages/launcher/dist/all-in-one.js`) on a free port with a fresh
// DATA_DIR, for the benchmark scripts that drive it from outside; resolves once /healthz answers 200.
// `stop()` ends it and removes its data. Needs `npm run build` first.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function startAllInOne(name = 'bench') {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `taal-${name}-`));
  const child = spawn(process.execPath, [path.join(root, 'packages/launcher/dist/all-in-one.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
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
