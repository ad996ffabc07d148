/**
 * Two replicas of one service starting at once against a fresh database (what a Deployment
 * with replicas: 2 does on its first rollout): migrations run on start under the advisory
 * lock, so each is applied once, the demo seed runs once, and both replicas become ready.
 * Needs the compiled services (`npm run build`; npm test builds first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { createTestDatabase, kafkaTestNamespace, requireEnv } from '../../../tools/testing/backends';
import { freePort, waitFor } from '../../../tools/testing/wait';
import { demoCourses } from '../../../services/catalogue/src/domain/demo-data';
import { targets } from './cluster';

const root = path.resolve(__dirname, '../../..');

describe('two replicas of the catalogue starting at once', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const replicas: ChildProcess[] = [];
  let output = '';

  beforeAll(async () => {
    requireEnv('KAFKA_BROKERS');
    database = await createTestDatabase();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(
      replicas.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await database?.drop();
  }, 30_000);

  it('applies each migration once and seeds once, and both replicas become ready', async () => {
    const env = { ...process.env, DATABASE_URL: database.url, KAFKA_NAMESPACE: kafkaTestNamespace(), SEED_DEMO_DATA: 'true', SSLCOMMERZ_BASE_URL: 'http://127.0.0.1:9' };
    const catalogue = targets(env).find((t) => t.name === 'catalogue')!;
    for (let i = 0; i < 2; i++) {
      const child = spawn(process.execPath, [path.join(root, 'packages/launcher/dist/main.js'), '--mode', 'cluster', '--target', 'catalogue'], {
        env: { ...env, ...catalogue.env, TAAL_MODE: 'cluster', CATALOGUE_GRPC_PORT: String(await freePort()), METRICS_PORT: '', LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      replicas.push(child);
    }
    const ready = () => replicas.filter((r) => new RegExp(`"pid":${r.pid},[^\\n]*"msg":"catalogue ready"`).test(output)).length;
    await waitFor(() => ready() === 2, 'both replicas to be ready', { timeoutMs: 90_000, context: () => output });
    expect(replicas.every((r) => r.exitCode === null)).toBe(true);

    const pg = new Client({ connectionString: database.url });
    await pg.connect();
    try {
      const applied = await pg.query<{ version: number; n: string }>(`SELECT version, count(*) AS n FROM catalogue.schema_migrations GROUP BY version ORDER BY version`);
      const files = readdirSync(path.join(root, 'services/catalogue/migrations')).filter((f) => /^\d+_.*\.sql$/.test(f));
      expect(applied.rows.map((r) => [r.version, Number(r.n)])).toEqual(files.map((f) => [Number(f.slice(0, f.indexOf('_'))), 1]));
      const courses = await pg.query<{ n: string }>(`SELECT count(*) AS n FROM catalogue.course`);
      expect(Number(courses.rows[0]!.n)).toBe(demoCourses.length);
    } finally {
      await pg.end();
    }
  }, 150_000);
});
