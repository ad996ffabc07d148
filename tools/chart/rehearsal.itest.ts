/**
 * The install rehearsal (issue 22): deploy/README.md followed literally, then the rendered chart
 * run, for every values file in charts/taal/ci/, one after the other. The README's commands make their objects (tools/chart/install.ts, as the install test
 * does) with this machine's values where the README shows a placeholder: tools/infra's servers
 * in the infrastructure Secret, each service's own role (deploy/service-database.sql, run on a
 * fresh database) in its database Secret. Then every Deployment of `helm template` runs as a local
 * process with its resolved environment, its probes run as the kubelet runs them, and every
 * Service is a proxy to its ready pods (tools/chart/local-cluster.ts says what differs from a
 * node). Through the edge's Service (the one the Ingress names, when the values make one): one card
 * checkout paid on the sandbox and one signed-in page. For the values file with the sandbox's
 * Deployment, commerce and the gateway are then rolled (new pod, ready, old one out of the
 * Service, SIGTERM) under a steady stream of signed-in and public reads, and no request may fail;
 * the other files do not declare the rollout (it tests the same code), to keep CI's time bounded.
 *
 * Each values file gets its own database, Kafka namespace and bucket, and its pods are stopped
 * before the next file's start (one 2-core machine runs them). One pod per Deployment even where
 * the values ask for more (production: 2 or 3, or an HPA's minimum): 15 processes would not start
 * on 2 cores within CI's time, and two-replicas.itest.ts starts two of a service side by side.
 *
 * The chart installs no demo data (SEED_DEMO_DATA=false), and the README has no step that makes
 * the first account; the rehearsal turns the catalogue's and identity's demo data on with --set
 * (the demo student and priced courses), as a staging install would.
 *
 * Needs the compiled services (`npm run build`; npm test builds first) and tools/infra's servers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
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
function withSiteValues(made: Made[], site: { infra: Record<string, string>; databases: Record<string, string>; documentsUrl: string; cardGatewayUrl?: string }): Made[] {
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
    if (o.step.startsWith('2.')) {
      only({ DATABASE_URL: site.databases[o.metadata.name.replace(/^.*-db-/, '')] ?? data.DATABASE_URL! });
      // Messaging's documents (decision 0043): a database of this run's own on MONGODB_URL's server.
      only({ MONGODB_URL: site.documentsUrl });
    }
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

/** The Service the site's address reaches: the one the Ingress sends to, else the gateway's. */
function edgeService(objects: K8sObject[]): { name: string; port: number } {
  const ingress = objects.find((o) => o.kind === 'Ingress');
  const backend = ingress?.spec!.rules[0].http.paths[0].backend.service ?? { name: 'taal-gateway', port: {} };
  const service = objects.find((o) => o.kind === 'Service' && o.metadata.name === backend.name);
  if (!service) throw new Error(`the Ingress sends to the Service ${backend.name}, which the chart does not make`);
  const ports: { name?: string; port: number }[] = service.spec!.ports;
  const port = backend.port.number ?? (backend.port.name ? ports.find((p) => p.name === backend.port.name)?.port : ports[0]?.port);
  if (port === undefined) throw new Error(`the Service ${backend.name} has no port ${backend.port.name}`);
  return { name: backend.name, port };
}

/** Adds the values file to an error's message, so a failure in a hook or a step names it. */
async function naming<T>(file: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (err instanceof Error && !err.message.startsWith(`ci/${file}`)) err.message = `ci/${file}: ${err.message}`;
    throw err;
  }
}

const valuesFiles = readdirSync(path.join(chart, 'ci')).filter((f) => f.endsWith('.yaml')).sort();
// The rollout runs for one file only (CI's time): the one with the sandbox's Deployment, as before.
const rolledFile = 'sandbox-values.yaml';

test('the rehearsal covers every ci values file, and the rolled one is among them', () => {
  expect(valuesFiles).toContain(rolledFile);
  expect(valuesFiles.length).toBeGreaterThan(1);
});

describe.each(valuesFiles)("the README's install, run: ci/%s", (file) => {
  const valuesFile = path.join(chart, 'ci', file);
  let cluster: LocalCluster;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let vendor: ChildProcess | undefined;
  const pods = new Map<string, Pod>();
  let edge = '';
  let student: Account;
  let began = 0;

  beforeAll(() => naming(file, async () => {
    began = Date.now();
    database = await createTestDatabase();
    const databases = Object.fromEntries(Object.entries(await serviceDatabaseUrls(database.url)).map(([service, url]) => [service, url]));
    const values = yaml.load(readFileSync(valuesFile, 'utf8')) as { sandbox?: { enabled?: boolean; publicUrl?: string } };
    const sandboxUrl = values.sandbox?.enabled ? values.sandbox.publicUrl : undefined;
    const infra = Object.fromEntries(['KAFKA_BROKERS', 'REDIS_URL', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'SMTP_URL'].map((k) => [k, requireEnv(k)]));
    infra.S3_BUCKET = `taal-rehearsal-${file.replace(/-values\.yaml$/, '')}-${Date.now().toString(36)}`;
    const readmeObjects = namedBy(followReadme(readme, dir).made, valuesFile);
    let cardGatewayUrl = sandboxUrl;
    if (!sandboxUrl) {
      // No sandbox Deployment in these values: README step 4's Secret must point at a card gateway,
      // and with no store account that is our sandbox run outside the chart, as README step 4
      // tells a platform team to for staging (`node packages/payments/dist/sandbox-main.js`), with
      // the Secret's store credentials.
      const card = valuesOf(readmeObjects.find((o) => o.step.startsWith('4.'))!);
      const port = await freePort();
      vendor = spawn(process.execPath, [path.join(root, 'packages/payments/dist/sandbox-main.js')], {
        env: { PATH: process.env.PATH, SSLCOMMERZ_STORE_ID: card.SSLCOMMERZ_STORE_ID, SSLCOMMERZ_STORE_PASSWORD: card.SSLCOMMERZ_STORE_PASSWORD, SSLCOMMERZ_SANDBOX_PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let vendorOutput = '';
      vendor.stdout!.on('data', (c: Buffer) => (vendorOutput += c.toString()));
      vendor.stderr!.on('data', (c: Buffer) => (vendorOutput += c.toString()));
      cardGatewayUrl = `http://127.0.0.1:${port}`;
      await waitFor(() => vendorOutput.includes('listening') || vendor!.exitCode !== null, 'the card gateway (our sandbox) to listen');
      if (vendor.exitCode !== null) throw new Error(`the sandbox as a card gateway exited with ${vendor.exitCode}:\n${vendorOutput}`);
    }
    // README step 4: the card gateway's address (for staging "point SSLCOMMERZ_BASE_URL at the sandbox", its public URL).
    const documentsUrl = requireEnv('MONGODB_URL').replace(/\/[^/?]*(\?|$)/, `/taal_rehearsal_${Date.now().toString(36)}$1`);
    const made = withSiteValues(readmeObjects, { infra, databases, documentsUrl, cardGatewayUrl });
    const objects: K8sObject[] = [
      ...renderObjects(helm, ['-f', valuesFile, '--set-string', 'services.catalogue.env.SEED_DEMO_DATA=true', '--set-string', 'services.identity.env.SEED_DEMO_DATA=true']),
      ...made,
    ];
    cluster = await LocalCluster.create({ objects, made, outside: {} });

    // The site's public address (PUBLIC_URL, the ingress with its TLS) is the edge's Service here:
    // the proxy stands in for the ingress controller, a loopback hop, which TRUST_PROXY trusts.
    const service = edgeService(objects);
    edge = `http://${cluster.serviceAddress(service.name, service.port)}`;
    const deployments = cluster.deployments();
    for (const d of deployments)
      for (const e of d.spec!.template.spec.containers[0].env ?? []) if (e.name === 'PUBLIC_URL') cluster.mapOutside(new URL(e.value).origin, edge);
    if (sandboxUrl) cluster.mapOutside(new URL(sandboxUrl).origin, `http://${cluster.serviceAddress('taal-sslcommerz-sandbox', 80)}`);

    // Every Deployment at once, one pod each (replicas are a scaling matter; two-replicas.itest.ts starts two at once).
    const started = Date.now();
    for (const d of deployments) pods.set(d.metadata.name, await cluster.startPod(d.metadata.name));
    await Promise.all([...pods.values()].map((p) => cluster.waitReady(p, 150_000)));
    console.log(`rehearsal ci/${file}: ${pods.size} pods ready in ${Math.round((Date.now() - started) / 1000)} s`);
  }), 240_000);

  // This file's pods stop before the next file's start.
  afterAll(async () => {
    await cluster?.stop();
    if (vendor && vendor.exitCode === null) {
      vendor.kill('SIGTERM');
      await new Promise((done) => vendor!.once('exit', done));
    }
    await database?.drop();
    console.log(`rehearsal ci/${file}: ${Math.round((Date.now() - began) / 1000)} s in all (load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  }, 60_000);

  it('runs every Deployment of the chart until its probes pass, and no probe failed', () => {
    expect([...pods.keys()].sort()).toEqual(cluster.deployments().map((d) => d.metadata.name).sort());
    expect(cluster.pods.map((p) => ({ pod: p.name, ready: p.ready, failures: p.failures }))).toEqual(cluster.pods.map((p) => ({ pod: p.name, ready: true, failures: [] })));
  });

  it('pays one card checkout on the sandbox and shows the student a signed-in page, through the edge', () => naming(file, async () => {
    student = await login(edge, 'student@taal.local', 'student123');
    const course = (await paidCourses(edge))[0]!;
    await api(edge).post('/cart/remove_all', { user: student.id }, student.token);
    // The student's browser reaches the sandbox's public URL and the site's through their stand-ins.
    const { orderId } = await cardCheckout(edge, student, course, { browser: (url) => cluster.local(url) });
    await waitFor(async () => ((await api(edge).get(`/order/${student.id}`, student.token)) as { _id: string; paid: boolean }[]).some((o) => o._id === orderId && o.paid), 'the order to be paid');
    const cart = (await api(edge).call('GET', `/cart/${student.id}`, undefined, student.token)).status;
    expect(cart).toBe(200);
    // The site itself: the gateway serves the shell (SERVE_UI), on / and on a client-side route.
    for (const page of ['/', '/studentpanel']) {
      const res = await fetch(`${edge}${page}`);
      expect([page, res.status, res.headers.get('content-type')]).toEqual([page, 200, expect.stringContaining('text/html')]);
      expect(await res.text()).toContain('<div id="root"');
    }
  }), 60_000);

  // Declared for the rolled file only (not a skipped test elsewhere): the rollout tests the same code for every file.
  if (file === rolledFile) it('rolls commerce, then the gateway, under steady signed-in and public reads, and no request fails', async () => {
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
