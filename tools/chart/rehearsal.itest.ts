/**
 * The install rehearsal (issue 22): deploy/README.md followed literally, then the rendered chart
 * run. The README's commands make their objects (tools/chart/install.ts, as the install test
 * does) with this machine's values where the README shows a placeholder: tools/infra's servers
 * in the infrastructure Secret, each service's own role (deploy/service-database.sql, run on a
 * fresh database) in its database Secret. Then every Deployment of `helm template` runs as a local
 * process with its resolved environment, its probes run as the kubelet runs them, and every
 * Service is a proxy to its ready pods (tools/chart/local-cluster.ts says what differs from a
 * node). Through the edge's Service: one card checkout paid on the sandbox and one signed-in page;
 * then commerce and the gateway are rolled (new pod, ready, old one out of the Service, SIGTERM)
 * under a steady stream of signed-in and public reads, and no request may fail.
 *
 * The chart installs no demo data (SEED_DEMO_DATA=false), and the README has no step that makes
 * the first account; the rehearsal turns the catalogue's and identity's demo data on with --set
 * (the demo student and priced courses), as a staging install would.
 *
 * Needs the compiled services (`npm run build`; npm test builds first) and tools/infra's servers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, kafkaTestNamespace, requireEnv } from '../testing/backends';
import { serviceDatabaseUrls } from '../testing/service-databases';
import { freePort, waitFor } from '../testing/wait';
import { api, cardCheckout, login, paidCourses, type Account } from '../lib/marketplace.cjs';
import { buildHelm, chart, renderObjects, root, yaml, type K8sObject } from './helm';
import { followReadme, namedBy, valuesOf, type Made } from './install';
import { LocalCluster, type Pod } from './local-cluster';

const readme = readFileSync(path.join(root, 'deploy/README.md'), 'utf8');
const dir = mkdtempSync(path.join(tmpdir(), 'taal-rehearsal-readme-'));
let helm = '';

beforeAll(() => {
  for (const entry of ['packages/launcher/dist/main.js', 'packages/payments/dist/sandbox-main.js', 'packages/launcher/dist/registry.js']) {
    if (!existsSync(path.join(root, entry))) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  }
  helm = buildHelm();
}, 1_600_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The platform team's values for the README's placeholders: the README's Secrets keep their keys
 * (a key the README drops stays dropped), only the values are this machine's.
 */
function withSiteValues(made: Made[], site: { infra: Record<string, string>; databases: Record<string, string>; cardGatewayUrl?: string }): Made[] {
  return made.map((o) => {
    if (o.kind !== 'Secret' || !o.stringData) return o;
    const data = { ...o.stringData };
    const only = (values: Record<string, string>) => {
      for (const k of Object.keys(data)) if (k in values) data[k] = values[k]!;
    };
    if (o.step.startsWith('1.')) {
      only(site.infra);
      // The README's advice for installations sharing one Kafka: this run's own topics and groups.
      data.KAFKA_NAMESPACE = kafkaTestNamespace();
    }
    if (o.step.startsWith('2.')) only({ DATABASE_URL: site.databases[o.metadata.name.replace(/^.*-db-/, '')] ?? data.DATABASE_URL! });
    if (o.step.startsWith('4.') && site.cardGatewayUrl) only({ SSLCOMMERZ_BASE_URL: site.cardGatewayUrl });
    return { ...o, stringData: data };
  });
}

const t0 = Date.now();
/** What happened when, for a failure's message: the rollouts' steps and the failed reads. */
const timeline: string[] = [];
const mark = (what: string) => timeline.push(`${((Date.now() - t0) / 1000).toFixed(2)} s ${what}`);

/**
 * Reads through the edge's Service until stopped, each client pausing `pauseMs` between its reads
 * (a steady stream, not a flood that would starve the pods starting on the same cores): each
 * answer that is not 200 (or no answer) is a failure.
 */
function steadyReads(reads: (() => Promise<Response>)[], clients: number, pauseMs: number) {
  let running = true;
  let phase = 'steady';
  const counts = { ok: 0, failed: 0, failures: [] as string[] };
  const loops = Array.from({ length: clients }, async (_, i) => {
    while (running) {
      const read = reads[i % reads.length]!;
      try {
        const res = await read();
        const body = await res.text();
        if (res.status === 200) counts.ok++;
        else {
          counts.failed++;
          counts.failures.push(`${phase}: ${res.status} ${res.url}`);
          mark(`${res.status} ${res.url}: ${body.slice(0, 300)}`);
        }
      } catch (err) {
        counts.failed++;
        counts.failures.push(`${phase}: ${(err as Error).message}: ${String((err as { cause?: unknown }).cause ?? '')}`);
        mark(`no answer: ${String((err as { cause?: unknown }).cause ?? err)}`);
      }
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  });
  return {
    counts,
    /** Names what is going on, for the failures' messages. */
    phase(name: string) {
      phase = name;
    },
    async stop() {
      running = false;
      await Promise.all(loops);
      return counts;
    },
  };
}

/** A rolling update of one pod (maxSurge 1, maxUnavailable 0: the chart's Deployments use the default strategy). */
async function roll(cluster: LocalCluster, old: Pod): Promise<Pod> {
  const fresh = await cluster.startPod(old.deployment);
  mark(`${fresh.name} started`);
  await cluster.waitReady(fresh, 120_000);
  mark(`${fresh.name} ready; ${old.name} out of the Service, SIGTERM`);
  const code = await cluster.terminate(old);
  mark(`${old.name} exited with ${code}`);
  if (code !== 0) throw new Error(`${old.name} exited with ${code} after SIGTERM:\n${old.output().slice(-4000)}`);
  return fresh;
}

// The full rehearsal runs for the values file with every Deployment (the sandbox's too); the
// others differ in replicas, autoscaling, ingress and policies, which the install test resolves.
const valuesFile = path.join(chart, 'ci/sandbox-values.yaml');

describe(`the README's install, run: ci/${path.basename(valuesFile)}`, () => {
  let cluster: LocalCluster;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let vendor: ChildProcess | undefined;
  const pods = new Map<string, Pod>();
  let edge = '';
  let student: Account;

  beforeAll(async () => {
    database = await createTestDatabase();
    const databases = Object.fromEntries(Object.entries(await serviceDatabaseUrls(database.url)).map(([service, url]) => [service, url]));
    const values = yaml.load(readFileSync(valuesFile, 'utf8')) as { sandbox?: { enabled?: boolean; publicUrl?: string } };
    const sandboxUrl = values.sandbox?.enabled ? values.sandbox.publicUrl : undefined;
    const infra = Object.fromEntries(['KAFKA_BROKERS', 'REDIS_URL', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'SMTP_URL'].map((k) => [k, requireEnv(k)]));
    infra.S3_BUCKET = `taal-rehearsal-${Date.now().toString(36)}`;
    // README step 4: for staging "point SSLCOMMERZ_BASE_URL at the sandbox" (its public URL).
    const made = withSiteValues(namedBy(followReadme(readme, dir).made, valuesFile), { infra, databases, cardGatewayUrl: sandboxUrl });
    const objects: K8sObject[] = [
      ...renderObjects(helm, ['-f', valuesFile, '--set-string', 'services.catalogue.env.SEED_DEMO_DATA=true', '--set-string', 'services.identity.env.SEED_DEMO_DATA=true']),
      ...made,
    ];
    cluster = await LocalCluster.create({ objects, made, outside: {} });

    // The site's public address (PUBLIC_URL, the ingress) is the edge's Service here.
    const gatewayService = objects.find((o) => o.kind === 'Service' && o.metadata.name === 'taal-gateway')!;
    edge = `http://${cluster.serviceAddress('taal-gateway', gatewayService.spec!.ports[0].port)}`;
    const deployments = cluster.deployments();
    for (const d of deployments)
      for (const e of d.spec!.template.spec.containers[0].env ?? []) if (e.name === 'PUBLIC_URL') cluster.mapOutside(new URL(e.value).origin, edge);
    const card = valuesOf(made.find((o) => o.step.startsWith('4.'))!);
    if (sandboxUrl) {
      cluster.mapOutside(new URL(sandboxUrl).origin, `http://${cluster.serviceAddress('taal-sslcommerz-sandbox', 80)}`);
    } else {
      // No sandbox in the chart: the card vendor's stand-in is our sandbox, with the Secret's store credentials.
      const port = await freePort();
      vendor = spawn(process.execPath, [path.join(root, 'packages/payments/dist/sandbox-main.js')], {
        env: { PATH: process.env.PATH, SSLCOMMERZ_STORE_ID: card.SSLCOMMERZ_STORE_ID, SSLCOMMERZ_STORE_PASSWORD: card.SSLCOMMERZ_STORE_PASSWORD, SSLCOMMERZ_SANDBOX_PORT: String(port) },
        stdio: 'ignore',
      });
      cluster.mapOutside(new URL(card.SSLCOMMERZ_BASE_URL!).origin, `http://127.0.0.1:${port}`);
    }

    // Every Deployment at once, one pod each (replicas are a scaling matter; two-replicas.itest.ts starts two at once).
    const started = Date.now();
    for (const d of deployments) pods.set(d.metadata.name, await cluster.startPod(d.metadata.name));
    await Promise.all([...pods.values()].map((p) => cluster.waitReady(p, 150_000)));
    console.log(`rehearsal: ${pods.size} pods ready in ${Math.round((Date.now() - started) / 1000)} s`);
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
    vendor?.kill('SIGTERM');
    await database?.drop();
  }, 60_000);

  it('runs every Deployment of the chart until its probes pass, and no probe failed', () => {
    expect([...pods.keys()].sort()).toEqual(cluster.deployments().map((d) => d.metadata.name).sort());
    expect(cluster.pods.map((p) => ({ pod: p.name, ready: p.ready, failures: p.failures }))).toEqual(cluster.pods.map((p) => ({ pod: p.name, ready: true, failures: [] })));
  });

  it('pays one card checkout on the sandbox and shows the student a signed-in page, through the edge', async () => {
    student = await login(edge, 'student@taal.local', 'student123');
    const course = (await paidCourses(edge))[0]!;
    await api(edge).post('/cart/remove_all', { user: student.id }, student.token);
    // The student's browser reaches the sandbox's public URL and the site's through their stand-ins.
    const { orderId } = await cardCheckout(edge, student, course, { browser: (url) => cluster.local(url) });
    await waitFor(async () => ((await api(edge).get(`/order/${student.id}`, student.token)) as { _id: string; paid: boolean }[]).some((o) => o._id === orderId && o.paid), 'the order to be paid');
    const cart = (await api(edge).call('GET', `/cart/${student.id}`, undefined, student.token)).status;
    expect(cart).toBe(200);
  }, 60_000);

  it('rolls commerce, then the gateway, under steady signed-in and public reads, and no request fails', async () => {
    const headers = { authorization: `Bearer ${student.token}` };
    const reads = [() => fetch(`${edge}/api/v1/cart/${student.id}`, { headers }), () => fetch(`${edge}/api/v1/course/`)];
    const traffic = steadyReads(reads, 6, 50);
    try {
      await waitFor(() => traffic.counts.ok > 20, 'the reads to flow');
      for (const name of ['taal-commerce', 'taal-gateway']) {
        const old = pods.get(name)!;
        traffic.phase(`rolling ${name}`);
        const fresh = await roll(cluster, old);
        pods.set(name, fresh);
        expect(fresh.ready).toBe(true);
      }
      // A little traffic on the new pods alone.
      traffic.phase('after the rollouts');
      const after = traffic.counts.ok;
      await waitFor(() => traffic.counts.ok > after + 20, 'the reads to go on after the rollouts');
    } finally {
      const counts = await traffic.stop();
      console.log(`rehearsal rollout: ${counts.ok} requests answered 200, ${counts.failed} failed${counts.failures.length ? `: ${counts.failures.slice(0, 5).join('; ')}` : ''}`);
    }
    if (traffic.counts.failed) {
      const complaints = cluster.pods.flatMap((p) => p.output().split('\n').filter((l) => /"level":"(warn|error|fatal)"/.test(l)).map((l) => `${p.name}: ${l.slice(0, 600)}`));
      console.log(`rehearsal timeline:\n${timeline.join('\n')}\nwarnings and errors the pods logged:\n${complaints.join('\n')}`);
    }
    expect(traffic.counts.failures).toEqual([]);
    expect(traffic.counts.ok).toBeGreaterThan(40);
    // No liveness probe gave up and no pod died on its own meanwhile.
    expect(cluster.pods.flatMap((p) => p.failures.map((f) => `${p.name}: ${f}`))).toEqual([]);
  }, 300_000);
});
