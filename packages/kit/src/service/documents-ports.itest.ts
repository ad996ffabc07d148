import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireEnv } from '../../../../tools/testing/env';
import { Lifecycle } from '../lifecycle';
import { createLogger } from '../log';
import { clusterPorts, embeddedPorts, mongoDatabaseOf } from '.';

const logger = createLogger('documents-ports-test', 'warn');

describe('the document store port, as services get it (needs.documents; decision 0041)', () => {
  it('all-in-one: one embedded FerretDB under DATA_DIR/documents, a database per service, closed with the lifecycle', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'taal-docs-ports-'));
    const lifecycle = new Lifecycle();
    try {
      const factory = embeddedPorts({ dataDir, lifecycle, logger });
      const a = await factory.portsFor('alpha', { documents: true });
      const b = await factory.portsFor('beta', { documents: true });
      expect(a.documents.connection.name).toBe('alpha');
      expect(b.documents.connection.name).toBe('beta');
      await a.documents.connection.collection('things').insertOne({ n: 1 });
      expect(await b.documents.connection.collection('things').countDocuments()).toBe(0);
      expect(existsSync(join(dataDir, 'documents', 'alpha.sqlite'))).toBe(true);
      // A service that does not ask for documents starts no server and gets no port.
      const none = await factory.portsFor('gamma', { cache: true });
      expect('documents' in none).toBe(false);
    } finally {
      await lifecycle.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('cluster: MONGODB_URL, its database (or one named after the service when it names none)', async () => {
    const url = requireEnv('MONGODB_URL');
    expect(mongoDatabaseOf('mongodb://h:1/taal_x?retryWrites=false')).toBe('taal_x');
    expect(mongoDatabaseOf('mongodb://a:1,b:2/?replicaSet=r')).toBeUndefined();
    const lifecycle = new Lifecycle();
    try {
      const withoutDb = url.replace(/\/[^/?]*(\?|$)/, '/$1');
      const ports = await clusterPorts({ env: { MONGODB_URL: withoutDb }, lifecycle, logger }).portsFor('delta', { documents: true });
      expect(ports.documents.connection.name).toBe('delta');
      const pong = await ports.documents.connection.db!.admin().command({ ping: 1 });
      expect(pong.ok).toBe(1);
      await expect(clusterPorts({ env: { MONGODB_URL: 'http://x' }, lifecycle, logger }).portsFor('delta', { documents: true })).rejects.toThrow(/MONGODB_URL/);
    } finally {
      await lifecycle.stop();
    }
  }, 60_000);
});
