/**
 * Test helper (issue 52): one service running alone, serving its own routes on its own port, as its
 * process does in a cluster, with no gateway in front. Its route tests call it there; the gateway
 * is added only where the edge's behaviour is under test.
 *
 * Identity runs beside it: every service checks users' tokens by identity's keys, and users sign
 * in there. `also` names other services it needs running (messaging to send mail, say). Each
 * service running serves its own routes on its own port; calls to one that is not running fail as
 * calls to a service that is down do.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAllInOne } from '@taal/launcher';
import { freePort } from './wait';

export interface ServiceAlone {
  /** The service's own API, e.g. `http://127.0.0.1:<port>` (routes under /api/v1). */
  base: string;
  /** The own API of the running service that serves `path` (under /api/v1), by the route tables they publish. */
  baseFor(path: string): string;
  /** The data directory (DATA_DIR/mail holds the mail sent). */
  dataDir: string;
  /** This run's service keys (a test signs with one what a service must refuse). */
  keyRing: Awaited<ReturnType<typeof startAllInOne>>['keyRing'];
  stop(): Promise<void>;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

export interface ServiceAloneOptions {
  /** Other services to run beside it (identity always runs). */
  also?: readonly string[];
  /** Settings, as the all-in-one reads them from its environment. */
  env?: Record<string, string>;
  /**
   * A running service whose own port is the public address (PUBLIC_URL): where a card gateway sends
   * the browser back and its payment notices, for a payment flow tested alone. Otherwise the public
   * address is one nothing answers: mailed links are only read.
   */
  publicOn?: string;
}

export async function startServiceAlone(name: string, options: ServiceAloneOptions = {}): Promise<ServiceAlone> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `taal-${name}-alone-`));
  const running = [...new Set(['identity', ...(options.also ?? []), name])];
  const publicPort = options.publicOn ? await freePort() : undefined;
  const env = { PUBLIC_URL: `http://127.0.0.1${publicPort ? `:${publicPort}` : ''}`, ...options.env, PORT: '0', DATA_DIR: dataDir, HOST: '127.0.0.1' };
  const ownApiPorts = options.publicOn && publicPort ? { [options.publicOn]: publicPort } : {};
  const taal = await startAllInOne(env, { targets: running, ownApis: running, ownApiPorts }).catch((err: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  const bases = Object.values(taal.apiPorts).map((port) => `http://127.0.0.1:${port}`);
  const tables = await Promise.all(
    bases.map(async (base) => {
      const table = (await (await fetch(`${base}/_taal/routes`)).json()) as { routes: { path: string }[] };
      return table.routes.map((route) => ({ base, segments: segmentsOf(route.path) }));
    }),
  );
  const routes = tables.flat();
  const baseFor = (path: string) => {
    const asked = segmentsOf(path.split('?')[0]!);
    // As the edge routes: the same segments, each literal equal or a parameter; literals win.
    let best: { base: string; literals: number } | undefined;
    for (const route of routes) {
      if (route.segments.length !== asked.length) continue;
      if (!route.segments.every((segment, i) => segment.startsWith('{') || segment === asked[i])) continue;
      const literals = route.segments.filter((segment) => !segment.startsWith('{')).length;
      if (!best || literals > best.literals) best = { base: route.base, literals };
    }
    if (!best) throw new Error(`no running service serves ${path}`);
    return best.base;
  };
  return {
    baseFor,
    base: `http://127.0.0.1:${taal.apiPorts[name]}`,
    dataDir,
    keyRing: taal.keyRing,
    async stop() {
      await taal.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
