/**
 * Cluster mode on one machine (`npm run start:cluster`): each service runs as its own
 * process against the real servers that tools/infra started (their settings are read
 * from $TAAL_INFRA_HOME/env.sh when not already in the environment). Like a Kubernetes
 * restart policy, a process that dies is started again after a short backoff.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ServiceNames } from '@taal/contracts';
import { generateServiceKeyRing, generateSigningKey, readEnvFile } from '@taal/kit';

const root = path.resolve(__dirname, '..', '..', '..');

interface ServiceSpec {
  name: string;
  entry: string;
  env: Record<string, string>;
}

function services(env: NodeJS.ProcessEnv): ServiceSpec[] {
  const cataloguePort = env.CATALOGUE_GRPC_PORT ?? '50051';
  const identityPort = env.IDENTITY_GRPC_PORT ?? '50052';
  const jwksPort = env.IDENTITY_JWKS_PORT ?? '50062';
  const host = env.GATEWAY_HOST ?? '127.0.0.1';
  // Keys for this run (a Kubernetes install keeps them in Secrets, decision 0008): restarted
  // processes get the same ones, so tokens issued before a restart stay good.
  const keyRing = generateServiceKeyRing(Object.values(ServiceNames));
  const identityJwksUrl = `http://127.0.0.1:${jwksPort}/.well-known/jwks.json`;
  return [
    {
      name: 'catalogue',
      entry: 'services/catalogue/dist/main.js',
      env: {
        CATALOGUE_GRPC_PORT: cataloguePort,
        SEED_DEMO_DATA: env.SEED_DEMO_DATA ?? 'true',
        IDENTITY_JWKS_URL: identityJwksUrl,
        ...keyRing.envFor(ServiceNames.catalogue),
      },
    },
    {
      name: 'identity',
      entry: 'services/identity/dist/main.js',
      env: {
        IDENTITY_GRPC_PORT: identityPort,
        SEED_DEMO_DATA: env.SEED_DEMO_DATA ?? 'true',
        PUBLIC_URL: env.PUBLIC_URL ?? `http://${host}:${env.PORT ?? '8080'}`,
        // One secret per cluster run unless given: restarted identity processes keep honouring tokens.
        IDENTITY_TOKEN_SECRET: env.IDENTITY_TOKEN_SECRET ?? randomBytes(32).toString('base64url'),
        IDENTITY_ACCESS_TOKEN_KEY: env.IDENTITY_ACCESS_TOKEN_KEY ?? JSON.stringify(generateSigningKey('identity-local')),
        IDENTITY_JWKS_PORT: jwksPort,
        ...keyRing.envFor(ServiceNames.identity),
      },
    },
    {
      name: 'gateway',
      entry: 'services/gateway/dist/main.js',
      env: {
        CATALOGUE_ADDR: `127.0.0.1:${cataloguePort}`,
        IDENTITY_ADDR: `127.0.0.1:${identityPort}`,
        GATEWAY_HOST: host,
        ...keyRing.envFor(ServiceNames.gateway),
      },
    },
  ];
}

export function runCluster(baseEnv: NodeJS.ProcessEnv = process.env): { stop(): Promise<void> } {
  const env = { ...readEnvFile(), ...baseEnv, TAAL_MODE: 'cluster' };
  const children = new Map<string, ChildProcess>();
  let stopping = false;

  const log = (fields: Record<string, unknown>) => console.log(JSON.stringify({ time: Date.now(), ...fields }));

  const start = (spec: ServiceSpec, attempt = 0) => {
    const child = spawn(process.execPath, [path.join(root, spec.entry)], {
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

  for (const spec of services(env)) start(spec);

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

if (require.main === module) {
  const cluster = runCluster();
  const shutdown = () => void cluster.stop().then(() => process.exit(0));
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}
