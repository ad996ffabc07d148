/**
 * Test helper (issue 52): one service running alone, serving its own routes on its own port, as its
 * process does in a cluster, with no gateway in front. Its route tests call it there; the gateway
 * is added only where the edge's behaviour is under test.
 *
 * Identity runs beside it: every service checks users' tokens by identity's keys, and users sign
 * in there. `also` names other services it needs running (messaging to send mail, say). Each
 * service running serves its own routes on its own port; one that is not running answers its
 * callers 503, as one that is down.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAllInOne } from '@taal/launcher';

export interface ServiceAlone {
  /** The service's own API, e.g. `http://127.0.0.1:<port>` (routes under /api/v1). */
  base: string;
  /** Identity's own API, where users sign in. */
  identity: string;
  /** The own API of each service running, by name. */
  bases: Record<string, string>;
  /** The data directory (DATA_DIR/mail holds the mail sent). */
  dataDir: string;
  stop(): Promise<void>;
}

export async function startServiceAlone(name: string, options: { also?: readonly string[]; env?: Record<string, string> } = {}): Promise<ServiceAlone> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `taal-${name}-alone-`));
  const running = [...new Set(['identity', ...(options.also ?? []), name])];
  // The web app's address in mailed links: none is served here, and the tests only read the links.
  const env = { PUBLIC_URL: 'http://127.0.0.1', ...options.env, PORT: '0', DATA_DIR: dataDir, HOST: '127.0.0.1' };
  const taal = await startAllInOne(env, { targets: running, ownApis: running }).catch((err: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  const bases = Object.fromEntries(Object.entries(taal.apiPorts).map(([service, port]) => [service, `http://127.0.0.1:${port}`]));
  return {
    base: bases[name]!,
    identity: bases.identity!,
    bases,
    dataDir,
    async stop() {
      await taal.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
