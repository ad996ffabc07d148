/**
 * The nearest real thing to a Kubernetes node on a machine with no API server and no container
 * runtime (issue 22): the rendered chart's Deployments run as local processes, with what the
 * kubelet would give each container (its command and args, its environment resolved from the
 * README's Secrets and ConfigMaps by tools/chart/install.ts, its volumes) and its probes run the
 * kubelet's way; each Service is a TCP proxy standing in for its ClusterIP (kube-proxy), whose
 * endpoints are the ready pods, so a rollout can switch the backend behind it.
 *
 * What differs from a node, and why:
 * - One network namespace: every pod would listen on the same ports (50053, 9464, …). Each pod
 *   gets its own free port for each containerPort it declares, and env values that are exactly
 *   such a port number (COMMERCE_GRPC_PORT=50053, METRICS_PORT=9464, PORT=8080) name it.
 * - No cluster DNS: `taal-<name>:<port>` (and `http://taal-<name>/`, port 80) in env values are
 *   rewritten to the Service proxy's loopback address; outside names (the site's public URL, the
 *   card gateway's) to the address given for them.
 * - No container filesystem: mounts are directories under a temporary folder; `/tmp` is mapped
 *   through TMPDIR (Node's os.tmpdir(), which the services use for uploads, ffmpeg and PDFs). Any
 *   other mount path fails loudly until a mapping is written for it.
 * - The image is this checkout: `node` is this Node, the working directory the repository (the
 *   Containerfile's WORKDIR /app holds the same tree), and the Containerfile's ENV is added.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import { freePort } from '../testing/wait';
import { root, type K8sObject } from './helm';
import { resolve, valuesOf, type Made } from './install';

type Spec = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A Service's ClusterIP port: accepts on loopback and forwards each connection to one ready endpoint, round robin. */
export class ServiceProxy {
  private endpoints: number[] = [];
  private next = 0;
  private readonly sockets = new Set<net.Socket>();
  private constructor(
    readonly service: string,
    readonly servicePort: number,
    readonly targetPort: string | number,
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(service: string, servicePort: number, targetPort: string | number, port: number): Promise<ServiceProxy> {
    const server = net.createServer();
    await new Promise<void>((ok, fail) => server.once('error', fail).listen(port, '127.0.0.1', ok));
    const proxy = new ServiceProxy(service, servicePort, targetPort, server, port);
    server.on('connection', (client) => proxy.forward(client));
    return proxy;
  }

  /** Like kube-proxy: a connection with no ready endpoint is refused; an established one keeps its backend. */
  private forward(client: net.Socket): void {
    if (this.endpoints.length === 0) return void client.destroy();
    const backendPort = this.endpoints[this.next++ % this.endpoints.length]!;
    const backend = net.connect(backendPort, '127.0.0.1');
    this.sockets.add(client).add(backend);
    const close = () => {
      client.destroy();
      backend.destroy();
      this.sockets.delete(client);
      this.sockets.delete(backend);
    };
    client.on('error', close).on('close', close);
    backend.on('error', close).on('close', close);
    client.pipe(backend);
    backend.pipe(client);
  }

  add(port: number): void {
    if (!this.endpoints.includes(port)) this.endpoints.push(port);
  }

  remove(port: number): void {
    this.endpoints = this.endpoints.filter((p) => p !== port);
  }

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((done) => this.server.close(() => done()));
  }
}

/** The kubelet's defaults for a probe (periodSeconds 10, timeoutSeconds 1, thresholds 1 and 3). */
const probeTiming = (p: Spec) => ({
  initialDelayMs: (p.initialDelaySeconds ?? 0) * 1000,
  periodMs: (p.periodSeconds ?? 10) * 1000,
  timeoutMs: (p.timeoutSeconds ?? 1) * 1000,
  successThreshold: p.successThreshold ?? 1,
  failureThreshold: p.failureThreshold ?? 3,
});

// Unref'd: a probe worker's wait never keeps the test process alive.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

/** The Containerfile's final stage: its ENV, which the container's environment starts from. */
function imageEnv(): Record<string, string> {
  const text = readFileSync(path.join(root, 'deploy/Containerfile'), 'utf8');
  const last = text.slice(text.lastIndexOf('\nFROM '));
  const env: Record<string, string> = {};
  for (const [, line] of last.matchAll(/^ENV (.+)$/gm)) for (const [, k, v] of line!.matchAll(/(\w+)=(\S+)/g)) env[k!] = v!;
  return env;
}

export interface Pod {
  name: string;
  deployment: string;
  /** The pod's own port for each containerPort (by name and by number). */
  ports: Map<string | number, number>;
  env: Record<string, string>;
  ready: boolean;
  /** Why the kubelet would have restarted it (liveness failures), or it died. */
  failures: string[];
  output(): string;
  exited: Promise<number | null>;
}

export interface LocalClusterOptions {
  /** The chart's objects and those the README's steps made. */
  objects: K8sObject[];
  made: Made[];
  /** Outside names (an origin like https://sandbox.example.com, or host:port) → the loopback address standing in for them. */
  outside: Record<string, string>;
}

/** The chart's Deployments as processes, its Services as proxies. */
export class LocalCluster {
  readonly proxies: ServiceProxy[] = [];
  readonly pods: Pod[] = [];
  private readonly children = new Map<Pod, ChildProcess>();
  private readonly dir = mkdtempSync(path.join(tmpdir(), 'taal-rehearsal-'));
  private stopping = false;
  private readonly given = new Set<number>();

  /** A free port not yet given to a pod or proxy of this cluster (a pod binds its ports only once it runs). */
  private async port(): Promise<number> {
    for (;;) {
      const port = await freePort();
      if (this.given.has(port)) continue;
      this.given.add(port);
      return port;
    }
  }

  private constructor(private readonly options: LocalClusterOptions) {}

  /** Makes every Service's proxy (with no endpoints yet). */
  static async create(options: LocalClusterOptions): Promise<LocalCluster> {
    const cluster = new LocalCluster(options);
    for (const s of options.objects.filter((o) => o.kind === 'Service'))
      for (const p of s.spec!.ports) cluster.proxies.push(await ServiceProxy.start(s.metadata.name, p.port, p.targetPort ?? p.port, await cluster.port()));
    return cluster;
  }

  deployments(): K8sObject[] {
    return this.options.objects.filter((o) => o.kind === 'Deployment');
  }

  deployment(name: string): K8sObject {
    const d = this.deployments().find((o) => o.metadata.name === name);
    if (!d) throw new Error(`no Deployment ${name}`);
    return d;
  }

  /** The Services whose selector picks the Deployment's pods. */
  private servicesOf(deployment: K8sObject): ServiceProxy[] {
    const labels: Record<string, string> = deployment.spec!.template.metadata.labels;
    const selects = (s: K8sObject) => Object.entries((s.spec!.selector ?? {}) as Record<string, string>).every(([k, v]) => labels[k] === v);
    const names = new Set(this.options.objects.filter((o) => o.kind === 'Service' && selects(o)).map((o) => o.metadata.name));
    return this.proxies.filter((p) => names.has(p.service));
  }

  /** A Service's loopback address for one of its ports (what `taal-<name>:<port>` means here). */
  serviceAddress(service: string, port: number): string {
    const proxy = this.proxies.find((p) => p.service === service && p.servicePort === port);
    if (!proxy) throw new Error(`no Service ${service} with port ${port}`);
    return proxy.address;
  }

  /** Where an outside name (an origin such as https://pay.example.com, or host:port) is reached from here. */
  mapOutside(name: string, address: string): void {
    this.options.outside[name] = address;
  }

  /** Env values with the cluster's and the outside's names replaced by their loopback stand-ins, and the pod's own ports. */
  private mapAddresses(value: string, containerPorts = new Map<number, number>()): string {
    const own = containerPorts.get(Number(value));
    if (/^\d+$/.test(value) && own !== undefined) return String(own);
    let out = value;
    for (const p of this.proxies) {
      out = out.replace(new RegExp(`(?<![\\w.-])${p.service}:${p.servicePort}(?![\\d])`, 'g'), p.address);
      if (p.servicePort === 80) out = out.replace(new RegExp(`(\\w+://)${p.service}(?=[/?#]|$)`, 'g'), `$1${p.address}`);
    }
    for (const [name, address] of Object.entries(this.options.outside)) out = out.split(name).join(address);
    return out;
  }

  /** A URL as a client here reaches it (what DNS and the ingress would do for a browser). */
  local(url: string): string {
    return this.mapAddresses(url);
  }

  /**
   * Starts one pod of the Deployment the kubelet's way: its environment must resolve (else, like
   * CreateContainerConfigError, it never starts), then its command runs and its probes begin.
   * Ready pods become endpoints of their Services.
   */
  async startPod(deploymentName: string): Promise<Pod> {
    const d = this.deployment(deploymentName);
    const spec = d.spec!.template.spec;
    if (spec.initContainers?.length) throw new Error(`${deploymentName}: init containers are not rehearsed yet`);
    if (spec.containers.length !== 1) throw new Error(`${deploymentName}: only one container per pod is rehearsed`);
    const container = spec.containers[0];
    const { env: resolved, problems } = resolve(spec, container, this.options.objects, this.options.made);
    if (problems.length) throw new Error(`${deploymentName} would stay in CreateContainerConfigError:\n${problems.join('\n')}`);

    const name = `${deploymentName}-${this.pods.filter((p) => p.deployment === deploymentName).length + 1}`;
    const podDir = path.join(this.dir, name);
    mkdirSync(podDir);
    const containerPorts = new Map<number, number>();
    const ports = new Map<string | number, number>();
    for (const p of container.ports ?? []) {
      const local = await this.port();
      containerPorts.set(p.containerPort, local);
      ports.set(p.containerPort, local);
      if (p.name) ports.set(p.name, local);
    }
    const env: Record<string, string> = { ...imageEnv() };
    for (const [k, v] of Object.entries(resolved)) env[k] = this.mapAddresses(v, containerPorts);
    Object.assign(env, this.mounts(spec, container, podDir), this.serviceLinks(spec), { HOSTNAME: name, PATH: process.env.PATH ?? '/usr/bin:/bin' });

    // $(VAR) in command and args is expanded from the container's env, as the kubelet does.
    const argv = [...(container.command ?? []), ...(container.args ?? [])].map((a: string) => a.replace(/\$\((\w+)\)/g, (m, k: string) => env[k] ?? m));
    if (argv[0] !== 'node') throw new Error(`${deploymentName}: the rehearsal runs the image's node only (got ${argv[0]})`);
    const child = spawn(process.execPath, argv.slice(1), { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-20_000)));
    child.stderr!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-20_000)));
    const pod: Pod = {
      name,
      deployment: deploymentName,
      ports,
      env,
      ready: false,
      failures: [],
      output: () => output,
      exited: new Promise((done) => child.once('exit', (code) => done(code))),
    };
    this.pods.push(pod);
    this.children.set(pod, child);
    void pod.exited.then((code) => {
      this.setReady(pod, false);
      if (!this.stopping && !(pod as { terminating?: boolean }).terminating) pod.failures.push(`exited with ${code}; its last output:\n${output.slice(-3000)}`);
    });
    void this.runProbes(pod, container);
    return pod;
  }

  /** Volumes as directories; the container's mounts as env (only /tmp, through TMPDIR). */
  private mounts(spec: Spec, container: Spec, podDir: string): Record<string, string> {
    const env: Record<string, string> = {};
    const find = (kind: string, name: string) => this.options.objects.find((o) => o.kind === kind && o.metadata.name === name);
    for (const m of container.volumeMounts ?? []) {
      const v = (spec.volumes ?? []).find((x: Spec) => x.name === m.name);
      const dir = path.join(podDir, 'volumes', m.name);
      mkdirSync(dir, { recursive: true });
      const sources: [string, string | undefined][] = [];
      if (v.secret) sources.push(['Secret', v.secret.secretName]);
      if (v.configMap) sources.push(['ConfigMap', v.configMap.name]);
      for (const s of v.projected?.sources ?? []) sources.push(s.secret ? ['Secret', s.secret.name] : ['ConfigMap', s.configMap?.name]);
      for (const [kind, objectName] of sources) {
        const o = objectName && find(kind, objectName);
        if (o) for (const [file, content] of Object.entries(valuesOf(o))) writeFileSync(path.join(dir, file), content, { mode: 0o400 });
      }
      if (m.mountPath === '/tmp') env.TMPDIR = dir;
      else throw new Error(`${container.name}: no local mapping for the mount ${m.mountPath} (map it through the env var the service reads, in tools/chart/local-cluster.ts)`);
    }
    return env;
  }

  /** enableServiceLinks (on unless the pod turns it off): <NAME>_SERVICE_HOST/_PORT for every Service. */
  private serviceLinks(spec: Spec): Record<string, string> {
    if (spec.enableServiceLinks === false) return {};
    const env: Record<string, string> = {};
    for (const p of this.proxies) {
      const prefix = p.service.toUpperCase().replace(/-/g, '_');
      if (!(`${prefix}_SERVICE_HOST` in env)) Object.assign(env, { [`${prefix}_SERVICE_HOST`]: '127.0.0.1', [`${prefix}_SERVICE_PORT`]: String(p.port), [`${prefix}_PORT`]: `tcp://${p.address}` });
    }
    return env;
  }

  private setReady(pod: Pod, ready: boolean): void {
    pod.ready = ready;
    for (const proxy of this.servicesOf(this.deployment(pod.deployment))) {
      const port = pod.ports.get(proxy.targetPort);
      if (port === undefined) continue;
      if (ready) proxy.add(port);
      else proxy.remove(port);
    }
  }

  private alive(pod: Pod): boolean {
    const child = this.children.get(pod);
    return !!child && child.exitCode === null && child.signalCode === null && !this.stopping;
  }

  /** The kubelet's probe workers: startup first; then readiness (endpoints) and liveness (restarts, here a recorded failure). */
  private async runProbes(pod: Pod, container: Spec): Promise<void> {
    const { startupProbe, readinessProbe, livenessProbe } = container;
    if (startupProbe) {
      const t = probeTiming(startupProbe);
      await sleep(t.initialDelayMs);
      for (let failures = 0; ; ) {
        if (!this.alive(pod)) return;
        if (await this.probe(pod, container, startupProbe, t.timeoutMs)) break;
        if (++failures >= t.failureThreshold) {
          pod.failures.push(`startup probe failed ${failures} times: the kubelet would restart it`);
          return;
        }
        await sleep(t.periodMs);
      }
    }
    const worker = async (probe: Spec, onResult: (ok: boolean, failures: number, t: ReturnType<typeof probeTiming>) => void) => {
      const t = probeTiming(probe);
      // With a startup probe, the others start once it passed; their initial delay still applies.
      await sleep(t.initialDelayMs);
      let failures = 0;
      let successes = 0;
      while (this.alive(pod)) {
        const ok = await this.probe(pod, container, probe, t.timeoutMs);
        failures = ok ? 0 : failures + 1;
        successes = ok ? successes + 1 : 0;
        if (this.alive(pod)) onResult(ok && successes >= t.successThreshold, failures, t);
        await sleep(t.periodMs);
      }
    };
    if (!readinessProbe) this.setReady(pod, true);
    await Promise.all([
      readinessProbe &&
        worker(readinessProbe, (ok, failures, t) => {
          if (ok && !pod.ready) this.setReady(pod, true);
          if (!ok && pod.ready && failures >= t.failureThreshold) this.setReady(pod, false);
        }),
      livenessProbe &&
        worker(livenessProbe, (_ok, failures, t) => {
          if (failures === t.failureThreshold) pod.failures.push(`liveness probe failed ${failures} times: the kubelet would restart it`);
        }),
    ]);
  }

  /** One probe as the kubelet runs it: httpGet (2xx/3xx), grpc (grpc.health.v1 SERVING), tcpSocket (connects), exec (exits 0). */
  private async probe(pod: Pod, container: Spec, probe: Spec, timeoutMs: number): Promise<boolean> {
    const portOf = (p: string | number) => {
      const port = pod.ports.get(p) ?? (typeof p === 'number' ? p : undefined);
      if (port === undefined) throw new Error(`${pod.name}: the probe names the port ${p}, which the container does not declare`);
      return port;
    };
    try {
      if (probe.httpGet) {
        const scheme = (probe.httpGet.scheme ?? 'HTTP').toLowerCase();
        const res = await fetch(`${scheme}://127.0.0.1:${portOf(probe.httpGet.port)}${probe.httpGet.path ?? '/'}`, {
          redirect: 'manual',
          headers: Object.fromEntries((probe.httpGet.httpHeaders ?? []).map((h: Spec) => [h.name, h.value])),
          signal: AbortSignal.timeout(timeoutMs),
        });
        await res.arrayBuffer();
        return res.status >= 200 && res.status < 400;
      }
      if (probe.grpc) return (await grpcHealth(portOf(probe.grpc.port), probe.grpc.service ?? '', timeoutMs)) === 'SERVING';
      if (probe.tcpSocket)
        return await new Promise<boolean>((done) => {
          const s = net.connect(portOf(probe.tcpSocket.port), '127.0.0.1');
          s.setTimeout(timeoutMs, () => (s.destroy(), done(false)));
          s.once('connect', () => (s.destroy(), done(true))).once('error', () => done(false));
        });
      if (probe.exec) {
        const [cmd, ...args] = probe.exec.command as string[];
        const child = spawn(cmd === 'node' ? process.execPath : cmd!, args, { cwd: root, env: pod.env, stdio: 'ignore', timeout: timeoutMs });
        return (await new Promise<number | null>((done) => child.once('exit', done))) === 0;
      }
    } catch {
      return false;
    }
    throw new Error(`${container.name}: a probe with no handler`);
  }

  /** Waits until the pod is ready, failing with its output when it dies or a probe gives up first. */
  async waitReady(pod: Pod, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!pod.ready) {
      if (pod.failures.length) throw new Error(`${pod.name}: ${pod.failures.join('; ')}\n${pod.output().slice(-3000)}`);
      if (Date.now() > deadline) throw new Error(`${pod.name} not ready after ${timeoutMs} ms\n${pod.output().slice(-3000)}`);
      await sleep(100);
    }
  }

  /**
   * A pod's deletion: it leaves its Services' endpoints first (here at once; on a node the
   * endpoint update races the signal), then SIGTERM, SIGKILL after the grace period.
   */
  async terminate(pod: Pod): Promise<number | null> {
    (pod as { terminating?: boolean }).terminating = true;
    this.setReady(pod, false);
    const child = this.children.get(pod)!;
    const grace = (this.deployment(pod.deployment).spec!.template.spec.terminationGracePeriodSeconds ?? 30) * 1000;
    const kill = setTimeout(() => child.kill('SIGKILL'), grace);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const code = await pod.exited;
    clearTimeout(kill);
    return code;
  }

  /** Stops every pod and proxy and removes the pods' folders; safe to call after a failure. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(
      [...this.children].map(async ([pod, child]) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.kill('SIGTERM');
        await pod.exited;
        clearTimeout(kill);
      }),
    );
    await Promise.all(this.proxies.map((p) => p.close()));
    rmSync(this.dir, { recursive: true, force: true });
  }
}

const HealthClient = grpc.makeClientConstructor(healthService as unknown as grpc.ServiceDefinition, 'grpc.health.v1.Health');

/** grpc.health.v1.Health/Check, what the kubelet's grpc probe calls. */
function grpcHealth(port: number, service: string, timeoutMs: number): Promise<string> {
  const client = new HealthClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure()) as unknown as grpc.Client & {
    Check(req: { service: string }, opts: grpc.CallOptions, cb: (err: grpc.ServiceError | null, res?: { status: string }) => void): void;
  };
  return new Promise<string>((done, fail) =>
    client.Check({ service }, { deadline: Date.now() + timeoutMs }, (err, res) => {
      client.close();
      if (err) fail(err);
      else done(String(res!.status));
    }),
  );
}
