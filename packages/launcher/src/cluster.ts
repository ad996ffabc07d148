/**
 * Cluster mode on one machine (`npm run start:cluster`): each service of the registry runs
 * as its own process (`main.js --mode cluster --target <name>`) against the real servers that
 * tools/infra started (their settings are read from $TAAL_INFRA_HOME/env.sh when not already
 * in the environment). Like a Kubernetes restart policy, a process that dies is started again
 * after a short backoff.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ServiceNames } from '@taal/contracts';
import { envPrefix, generateServiceKeyRing, generateSigningKey, grpcOf, readEnvFile } from '@taal/kit';
import { services } from './registry';

const main = path.join(__dirname, 'main.js');

interface TargetSpec {
  name: string;
  env: Record<string, string>;
  /** The script to run; default the launcher's main.js for the service `name`. */
  script?: string[];
}

/** Our card-gateway sandbox as its own process (decision 0014), when no gateway is configured. */
const sandboxMain = path.join(path.dirname(require.resolve('@taal/payments')), 'sandbox-main.js');

/** What each process of a local cluster runs, with its env (exported for the two-replica test). */
export function targets(env: NodeJS.ProcessEnv): TargetSpec[] {
  const jwksPort = env.IDENTITY_JWKS_PORT ?? '50062';
  const edgeHost = (name: string) => env[`${envPrefix(name)}_HOST`] ?? '127.0.0.1';
  const grpcPort = (name: string, port: number) => env[`${envPrefix(name)}_GRPC_PORT`] ?? String(port);
  // Keys for this run (a Kubernetes install keeps them in Secrets, decision 0008): restarted
  // processes get the same ones, so tokens issued before a restart stay good.
  const keyRing = generateServiceKeyRing(services.map((s) => s.name));
  const edge = services.find((s) => !grpcOf(s));
  // The services that serve their own API (issue 52): each on its own port, the edge told where.
  const ownApi = ownApiServices(env);
  const shared: Record<string, string> = {
    SEED_DEMO_DATA: env.SEED_DEMO_DATA ?? 'true',
    IDENTITY_JWKS_URL: `http://127.0.0.1:${jwksPort}/.well-known/jwks.json`,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://${edge ? edgeHost(edge.name) : '127.0.0.1'}:${env.PORT ?? '8080'}`,
    // Where each gRPC service answers (the gateway derives its clients from these).
    ...Object.fromEntries(
      services.flatMap((s) => {
        const grpc = grpcOf(s);
        return grpc ? [[`${envPrefix(s.name)}_ADDR`, `127.0.0.1:${grpcPort(s.name, grpc.port)}`]] : [];
      }),
    ),
    ...Object.fromEntries(ownApi.map(({ name, port }) => [`${envPrefix(name)}_API_ADDR`, `http://127.0.0.1:${port}`])),
  };
  // Identity's own secrets, one per cluster run unless given: restarted identity processes keep honouring tokens.
  const identity: Record<string, string> = {
    IDENTITY_TOKEN_SECRET: env.IDENTITY_TOKEN_SECRET ?? randomBytes(32).toString('base64url'),
    IDENTITY_ACCESS_TOKEN_KEY: env.IDENTITY_ACCESS_TOKEN_KEY ?? JSON.stringify(generateSigningKey('identity-local')),
    IDENTITY_JWKS_PORT: jwksPort,
  };
  // No card gateway configured: run our sandbox beside the services, with store credentials of this run.
  const sandbox: TargetSpec[] = [];
  if (!env.SSLCOMMERZ_BASE_URL) {
    const port = env.SSLCOMMERZ_SANDBOX_PORT ?? '8090';
    const store = {
      SSLCOMMERZ_STORE_ID: 'taal-local',
      SSLCOMMERZ_STORE_PASSWORD: randomBytes(18).toString('base64url'),
    };
    Object.assign(shared, { SSLCOMMERZ_BASE_URL: `http://127.0.0.1:${port}`, ...store });
    sandbox.push({
      name: 'sslcommerz-sandbox',
      script: [sandboxMain],
      env: { ...store, SSLCOMMERZ_SANDBOX_PORT: port },
    });
  }
  return [
    ...sandbox,
    ...services.map((s) => {
      const grpc = grpcOf(s);
      return {
        name: s.name,
        env: {
          ...shared,
          ...(grpc
            ? {
                [`${envPrefix(s.name)}_GRPC_PORT`]: grpcPort(s.name, grpc.port),
                // Its own API's port when it serves it; empty otherwise (a port given for it is not used).
                [`${envPrefix(s.name)}_API_PORT`]: String(ownApi.find((o) => o.name === s.name)?.port ?? ''),
                // One machine, many processes: a service's metrics port only when asked for (<NAME>_METRICS_PORT).
                METRICS_PORT: env[`${envPrefix(s.name)}_METRICS_PORT`] ?? '',
              }
            : { [`${envPrefix(s.name)}_HOST`]: edgeHost(s.name) }),
          ...(s.name === ServiceNames.identity ? identity : {}),
          // Its own database credentials when given (<NAME>_DATABASE_URL; one role per service, issue 22).
          ...(env[`${envPrefix(s.name)}_DATABASE_URL`] ? { DATABASE_URL: env[`${envPrefix(s.name)}_DATABASE_URL`]! } : {}),
          ...keyRing.envFor(s.name),
        },
      };
    }),
  ];
}

/**
 * Which services serve their own API in a local cluster (issue 52): `TAAL_OWN_API` lists them
 * (comma-separated; default `all`, every gRPC service with routes; `none` for none, every route in
 * the gateway), each on `<NAME>_API_PORT` (default 8000 plus its gRPC port's last three digits:
 * commerce 8053).
 */
export function ownApiServices(env: NodeJS.ProcessEnv): { name: string; port: number }[] {
  const asked = env.TAAL_OWN_API ?? 'all';
  const every = services.filter((s) => grpcOf(s) && s.api).map((s) => s.name);
  const listed = (asked === 'all' ? every : asked.split(',')).map((n) => n.trim()).filter((n) => n && n !== 'none');
  return listed.map((name) => {
    const s = services.find((x) => x.name === name);
    const grpc = s && grpcOf(s);
    if (!s || !grpc || !s.api) throw new Error(`TAAL_OWN_API: "${name}" is not a gRPC service with an API part`);
    return { name, port: Number(env[`${envPrefix(name)}_API_PORT`] ?? 8000 + (grpc.port % 1000)) };
  });
}

export function runCluster(baseEnv: NodeJS.ProcessEnv = process.env): { stop(): Promise<void> } {
  const env = { ...readEnvFile(), ...baseEnv, TAAL_MODE: 'cluster' };
  const children = new Map<string, ChildProcess>();
  let stopping = false;

  const log = (fields: Record<string, unknown>) => console.log(JSON.stringify({ time: Date.now(), ...fields }));

  const start = (spec: TargetSpec, attempt = 0) => {
    // TAAL_CPU_PROF_DIR: every process writes a V8 CPU profile there when it stops (tools/bench/profile-summary.mjs reads them).
    const profile = baseEnv.TAAL_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${baseEnv.TAAL_CPU_PROF_DIR}`, `--cpu-prof-name=${spec.name}.${Date.now()}.cpuprofile`] : [];
    const child = spawn(process.execPath, [...profile, ...(spec.script ?? [main, '--mode', 'cluster', '--target', spec.name])], {
      env: { ...env, ...spec.env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.set(spec.name, child);
    log({ msg: 'service started', service: spec.name, pid: child.pid });
    const startedAt = Date.now();
    child.on('exit', (code, signal) => {
      children.delete(spec.name);
      if (stopping) return;
      // Quick crashes back off up to 5 s; a process that ran a while restarts at once.
      const next = Date.now() - startedAt > 10_000 ? 0 : attempt + 1;
      const delay = Math.min(250 * 2 ** next, 5000);
      log({ msg: 'service exited; restarting', service: spec.name, code, signal, delayMs: delay });
      setTimeout(() => !stopping && start(spec, next), delay);
    });
  };

  for (const spec of targets(env)) start(spec);

  return {
    async stop() {
      stopping = true;
      await Promise.all(
        [...children.values()].map(
          (child) =>
            new Promise<void>((resolve) => {
              const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
              child.once('exit', () => {
                clearTimeout(timer);
                resolve();
              });
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

/** The supervisor's process: stops its children on SIGTERM/SIGINT. */
export function superviseCluster(): void {
  const cluster = runCluster();
  const shutdown = () => void cluster.stop().then(() => process.exit(0));
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

if (require.main === module) superviseCluster();
