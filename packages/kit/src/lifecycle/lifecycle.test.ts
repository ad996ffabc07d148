import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { transformFileSync } from '@swc/core';
import { Lifecycle } from './index';

describe('Lifecycle', () => {
  it('runs closers once, in reverse order, even when one fails', async () => {
    const order: string[] = [];
    const lc = new Lifecycle();
    lc.onStop('db', () => void order.push('db'));
    lc.onStop('broken', () => {
      order.push('broken');
      throw new Error('boom');
    });
    lc.onStop('server', async () => {
      await new Promise((r) => setTimeout(r, 10));
      order.push('server');
    });
    const first = lc.stop();
    const second = lc.stop();
    expect(lc.stopping).toBe(true);
    await expect(first).rejects.toThrow('1 closer(s) failed');
    await expect(second).rejects.toThrow('1 closer(s) failed');
    await lc.stop().catch(() => undefined);
    expect(order).toEqual(['server', 'broken', 'db']);
    expect(() => lc.onStop('late', () => undefined)).toThrow(/stopping/);
  });
});

describe('installSignalHandlers (child process)', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'taal-lifecycle-'));
    // The module and what it requires (the flush of buffered spans), laid out as in src/.
    for (const [source, target] of [
      ['lifecycle/index.ts', 'lifecycle/index.js'],
      ['telemetry/flush.ts', 'telemetry/flush.js'],
    ]) {
      const { code } = transformFileSync(path.join(__dirname, '..', source!), {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'commonjs' },
      });
      mkdirSync(path.dirname(path.join(dir, target!)), { recursive: true });
      writeFileSync(path.join(dir, target!), code);
    }
    writeFileSync(
      path.join(dir, 'child.js'),
      `
const { Lifecycle, installSignalHandlers } = require('./lifecycle/index.js');
const log = (level) => (obj, msg) => process.stdout.write(JSON.stringify({ level, msg: msg ?? obj }) + '\\n');
const logger = { info: log('info'), warn: log('warn'), error: log('error') };
const lc = new Lifecycle(logger);
const hang = process.argv[2] === 'hang';
lc.onStop('first', () => process.stdout.write('closed first\\n'));
lc.onStop('second', () => new Promise((r) => setTimeout(() => { process.stdout.write('closed second\\n'); r(); }, hang ? 60000 : 50)));
installSignalHandlers(lc, logger, { timeoutMs: 500 });
setInterval(() => {}, 1000);
process.stdout.write('ready\\n');
`,
    );
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function run(
    arg: string,
    signal: NodeJS.Signals,
  ): Promise<{ code: number | null; out: string; ms: number }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(dir, 'child.js'), arg], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      let sentAt = 0;
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (!sentAt && out.includes('ready\n')) {
          sentAt = Date.now();
          child.kill(signal);
        }
      });
      child.on('error', reject);
      child.on('exit', (code) => resolve({ code, out, ms: Date.now() - sentAt }));
    });
  }

  it('stops gracefully on SIGTERM and exits 0', async () => {
    const { code, out } = await run('ok', 'SIGTERM');
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines.indexOf('closed second')).toBeGreaterThan(0);
    expect(lines.indexOf('closed first')).toBeGreaterThan(lines.indexOf('closed second'));
  });

  it('also handles SIGINT', async () => {
    expect((await run('ok', 'SIGINT')).code).toBe(0);
  });

  it('exits 1 when stopping exceeds the hard timeout', async () => {
    const { code, out, ms } = await run('hang', 'SIGTERM');
    expect(code).toBe(1);
    expect(out).toContain('graceful stop timed out');
    expect(out).not.toContain('closed first');
    expect(ms).toBeLessThan(5000);
  });
});
