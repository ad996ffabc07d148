/**
 * Test helper (issue 52): one service running alone, serving its own routes on its own port, as its
 * process does in a cluster, with no gateway in front. Its route tests call it there; the gateway
 * is added only where the edge's behaviour is under test. Identity runs beside it (every service
 * checks users' tokens by identity's keys); `also` names the other services it needs, which serve
 * their own routes too (identity's, to sign users in, with commerce, which its routes call).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAllInOne } from '@taal/launcher';

export interface ServiceAlone {
  /** The service's own API, e.g. `http://127.0.0.1:<port>` (routes under /api/v1). */
  base: string;
  /** The own API base of it and of each service in `also`, by name. */
  bases: Record<string, string>;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startServiceAlone(name: string, also: readonly string[] = []): Promise<ServiceAlone> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `taal-${name}-alone-`));
  const taal = await startAllInOne({ PORT: '0', DATA_DIR: dataDir, HOST: '127.0.0.1' }, { targets: [...new Set(['identity', ...also, name])], ownApis: [...also, name] }).catch((err: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  const bases = Object.fromEntries(Object.entries(taal.apiPorts).map(([service, port]) => [service, `http://127.0.0.1:${port}`]));
  if (!bases[name]) throw new Error(`${name} serves no routes of its own`);
  return {
    base: bases[name],
    bases,
    dataDir,
    async stop() {
      await taal.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
