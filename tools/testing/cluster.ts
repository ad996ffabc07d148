/**
 * A whole local cluster for a test (`packages/launcher/dist/cluster.js`: one process per service,
 * restarted by its supervisor) on a fresh database, its own Kafka namespace and its own ports, so
 * it never meets another suite's cluster. Needs the compiled services (`npm run build`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createDocumentStore, envPrefix, grpcOf } from '@taal/kit';
import { services } from '../../packages/launcher/src/registry';
import { createTestDatabase, kafkaTestNamespace, requireEnv } from './backends';
import { serviceDatabaseUrls } from './service-databases';
import { freePort, waitFor } from './wait';

const root = path.resolve(__dirname, '../..');

export interface TestCluster {
  /** The gateway, e.g. http://127.0.0.1:41234. */
  base: string;
  databaseUrl: string;
  /** Its document store's URL (messaging's database). */
  documentsUrl: string;
  /** Every pid each service has had, in order (a restarted service has several). */
  pids: Map<string, number[]>;
  /** The current process of a service. */
  pidOf(service: string): number;
  /** Everything the cluster printed so far (for failure messages). */
  output(): string;
  /** SIGTERM, wait for the exit, drop the database. */
  stop(): Promise<void>;
}

/**
 * Starts the cluster with `env` on top of the test's own settings and waits until /healthz answers 200.
 * On a fresh database and document database unless given (restored ones; dropped on stop all the same,
 * but for documents kept by `keepDocuments`: a seeded database a benchmark reads again).
 */
export async function startTestCluster(
  env: Record<string, string>,
  options: { database?: { url: string; drop(): Promise<void> }; documentsUrl?: string; keepDocuments?: boolean } = {},
): Promise<TestCluster> {
  for (const entry of ['packages/launcher/dist/cluster.js', 'packages/launcher/dist/main.js', ...services.map((s) => `services/${s.name}/dist/index.js`)]) {
    if (!existsSync(path.join(root, entry))) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  }
  requireEnv('KAFKA_BROKERS');
  const database = options.database ?? (await createTestDatabase());
  // Each service connects with its own role, which can reach only its own schema (issue 22).
  const databaseUrls = Object.entries(await serviceDatabaseUrls(database.url)).map(([name, url]) => [`${envPrefix(name)}_DATABASE_URL`, url]);
  // Messaging's documents (decision 0043): a database of this cluster's own on MONGODB_URL's server
  // (a restored one when given; dropped on stop all the same).
  const documentsUrl = options.documentsUrl ?? newDocumentsUrl();
  const ports: Record<string, string> = {};
  for (const s of services) if (grpcOf(s)) ports[`${envPrefix(s.name)}_GRPC_PORT`] = String(await freePort());
  // A service that serves its own API (issue 52; TAAL_OWN_API) does so on a port of this cluster's own too.
  for (const s of services) if (grpcOf(s) && s.api) ports[`${envPrefix(s.name)}_API_PORT`] = String(await freePort());
  const httpPort = await freePort();
  const base = `http://127.0.0.1:${httpPort}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'packages/launcher/dist/cluster.js')], {
    env: {
      ...process.env,
      ...ports,
      DATABASE_URL: database.url,
      MONGODB_URL: documentsUrl,
      ...Object.fromEntries(databaseUrls),
      PORT: String(httpPort),
      PUBLIC_URL: base,
      IDENTITY_JWKS_PORT: String(await freePort()),
      METRICS_PORT: String(await freePort()),
      SSLCOMMERZ_SANDBOX_PORT: String(await freePort()),
      SEED_DEMO_DATA: 'true',
      KAFKA_NAMESPACE: kafkaTestNamespace(),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const pids = new Map<string, number[]>();
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const line of chunk.toString().split('\n')) {
      const m = /"msg":"service started","service":"(\w+)","pid":(\d+)/.exec(line);
      if (m) pids.set(m[1]!, [...(pids.get(m[1]!) ?? []), Number(m[2])]);
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await database.drop();
    if (options.keepDocuments) return;
    const documents = await createDocumentStore(documentsUrl).catch(() => null);
    await documents?.connection.dropDatabase().catch(() => {});
    await documents?.close();
  };
  try {
    // Nine processes load their code at once (seconds of CPU each on a busy 2-core machine).
    await waitFor(async () => (await fetch(`${base}/healthz`).catch(() => null))?.status === 200, 'the cluster to be healthy', { timeoutMs: 150_000, context: () => output });
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    base,
    databaseUrl: database.url,
    documentsUrl,
    pids,
    pidOf: (service) => {
      const pid = pids.get(service)?.at(-1);
      if (pid === undefined) throw new Error(`no ${service} process was started`);
      return pid;
    },
    output: () => output,
    stop,
  };
}

/** A new database's URL on MONGODB_URL's server, for one cluster's documents. */
export function newDocumentsUrl(): string {
  return requireEnv('MONGODB_URL').replace(/\/[^/?]*(\?|$)/, `/taal_cluster_${randomUUID().replace(/-/g, '').slice(0, 12)}$1`);
}

/** Whether a process still runs. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
