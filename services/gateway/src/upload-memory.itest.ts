/**
 * The all-in-one's memory while a 300 MB lesson video streams through its gateway (issue 10):
 * measured on a process of its own (VmRSS from /proc), not on the jest worker, whose heap holds
 * whatever earlier suites left and would measure their garbage too. The cluster-mode twin is in
 * packages/launcher/src/cluster.itest.ts. Needs the compiled launcher (`npm run build`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { postHugeFile } from '../../../tools/testing/uploads';
import { freePort, waitFor } from '../../../tools/testing/wait';

const root = path.resolve(__dirname, '../../..');

describe('a 300 MB upload through the all-in-one gateway', () => {
  let child: ChildProcess;
  let base: string;
  let output = '';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'taal-upload-memory-'));
  const api = gatewayApi(() => base);

  beforeAll(async () => {
    const entry = path.join(root, 'packages/launcher/dist/all-in-one.js');
    if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [entry], {
      env: { ...process.env, TAAL_MODE: 'embedded', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, METRICS_PORT: '0', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(async () => (await fetch(`${base}/healthz`).catch(() => null))?.status === 200, 'the all-in-one to be healthy', { timeoutMs: 120_000, context: () => output });
  }, 150_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('keeps the process RSS growth under 64 MB while a 300 MB video streams through the gateway', async () => {
    const { token } = await api.login('admin@taal.local', 'admin123');
    const course = ((await api.request('GET', '/course/adminallcourse', undefined, token)).body.data as { _id: string }[])[0]!;
    const rssMb = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024;
    const before = rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
    try {
      const status = await postHugeFile(`${base}/api/v1/course/${course._id}/lessons`, token, [['title', 'A very long lesson'], ['status', 'paid']], {
        field: 'video',
        filename: 'big.mp4',
        contentType: 'video/mp4',
        totalBytes: 300 * 1024 * 1024,
      });
      // Learning refuses bytes that are not a video: 400, after the whole file went through.
      expect(status).toBe(400);
    } finally {
      clearInterval(sampler);
    }
    console.info(`all-in-one RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, growth ${(peak - before).toFixed(1)} MB`);
    expect(peak - before).toBeLessThan(64);
  }, 300_000);
});
