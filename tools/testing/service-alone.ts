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
import { declaredPath, type DeclaredRoute } from '@taal/edge';
import { startAllInOne } from '@taal/launcher';
import { startSandbox, type RunningSandbox } from '@taal/payments';
import { freePort } from './wait';

export interface ServiceAlone {
  /** The service's own API, e.g. `http://127.0.0.1:<port>` (routes under /api/v1). */
  base: string;
  /** The own API of the running service that serves `path` (under /api/v1), by the route tables they publish. */
  baseFor(path: string): string;
  /** The full address of an API URL (`/api/v1/…`, as answers carry them) on the running service that serves it. */
  urlOf(apiUrl: string): string;
  /** The data directory (DATA_DIR/mail holds the mail sent). */
  dataDir: string;
  /** This run's service keys (a test signs with one what a service must refuse). */
  keyRing: Awaited<ReturnType<typeof startAllInOne>>['keyRing'];
  /** With `cardPayments`: the card gateway's sandbox the service pays through. */
  cardSandbox?: RunningSandbox;
  /**
   * With `cardPayments`: a browser paying on the sandbox's hosted page (`GatewayPageURL`), then
   * following the redirect back to the service; that return's answer (not followed further).
   */
  payByCard(gatewayPageUrl: string): Promise<Response>;
  stop(): Promise<void>;
}

export interface ServiceAloneOptions {
  /** Other services to run beside it (identity always runs). */
  also?: readonly string[];
  /** Settings, as the all-in-one reads them from its environment. */
  env?: Record<string, string>;
  /**
   * Card payments through a sandbox of the test's own (the gateway mounts one only in front of the
   * whole marketplace). The public address (PUBLIC_URL) is then the service's own port, where the
   * sandbox sends the browser back and its payment notices. Otherwise the public address is one
   * nothing answers: mailed links are only read.
   */
  cardPayments?: boolean;
}

const API_PREFIX = '/api/v1';
const CARD_GATEWAY = { storeId: 'taal-service-alone', storePassword: 'service-alone-secret' };

export async function startServiceAlone(name: string, options: ServiceAloneOptions = {}): Promise<ServiceAlone> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `taal-${name}-alone-`));
  const running = [...new Set(['identity', ...(options.also ?? []), name])];
  const cardSandbox = options.cardPayments ? await startSandbox(CARD_GATEWAY) : undefined;
  const publicPort = cardSandbox ? await freePort() : undefined;
  const publicUrl = `http://127.0.0.1${publicPort ? `:${publicPort}` : ''}`;
  const env = {
    PUBLIC_URL: publicUrl,
    ...(cardSandbox ? { SSLCOMMERZ_BASE_URL: cardSandbox.baseUrl, SSLCOMMERZ_STORE_ID: CARD_GATEWAY.storeId, SSLCOMMERZ_STORE_PASSWORD: CARD_GATEWAY.storePassword } : {}),
    ...options.env,
    PORT: '0',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
  };
  const stop = async (taal?: Awaited<ReturnType<typeof startAllInOne>>) => {
    await taal?.stop();
    await cardSandbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const taal = await startAllInOne(env, { targets: running, ownApis: running, ownApiPorts: publicPort ? { [name]: publicPort } : {} }).catch(async (err: unknown) => {
    await stop();
    throw err;
  });
  try {
    // The running services' route tables, as the gateway reads them, and each path's service.
    const serviceOf = new Map<string, string>();
    const routes: DeclaredRoute[] = [];
    for (const port of Object.values(taal.apiPorts)) {
      const base = `http://127.0.0.1:${port}`;
      const table = (await (await fetch(`${base}/_taal/routes`)).json()) as { routes: DeclaredRoute[] };
      for (const route of table.routes) serviceOf.set(route.path, base);
      routes.push(...table.routes);
    }
    const find = declaredPath(routes);
    const baseFor = (asked: string) => {
      const found = find(asked.split('?')[0]!);
      if (!found) throw new Error(`no running service serves ${asked}`);
      return serviceOf.get(found.path)!;
    };
    return {
      base: `http://127.0.0.1:${taal.apiPorts[name]}`,
      baseFor,
      urlOf: (apiUrl) => `${baseFor(apiUrl.slice(API_PREFIX.length))}${apiUrl}`,
      dataDir,
      keyRing: taal.keyRing,
      cardSandbox,
      payByCard: async (gatewayPageUrl) => {
        const page = await (await fetch(gatewayPageUrl)).text();
        const action = /action="([^"]+\/pay)"/.exec(page)?.[1];
        if (!action) throw new Error(`no Pay form on ${gatewayPageUrl}`);
        const paid = await fetch(new URL(action, gatewayPageUrl), { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'choice=pay' });
        return fetch(new URL(paid.headers.get('location')!, publicUrl), { redirect: 'manual' });
      },
      stop: () => stop(taal),
    };
  } catch (err) {
    await stop(taal);
    throw err;
  }
}
