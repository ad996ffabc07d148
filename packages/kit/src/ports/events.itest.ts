import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqlLogEventBus } from '../events/sql-log';
import { createKafkaEventBus } from '../events/kafka';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../sql/embedded';
import { createSql } from '../sql/pool';
import { requireEnv } from '../../../../tools/testing/env';
import { describeEventBusContract, describeOutboxInboxContract } from './events.contract';

const kafkaBus = async () =>
  createKafkaEventBus({ brokers: requireEnv('KAFKA_BROKERS').split(','), clientId: 'kit-events-contract' });

let embedded: EmbeddedPostgres | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  await embedded?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

const embeddedSql = async () => {
  if (!embedded) {
    dataDir = mkdtempSync(join(tmpdir(), 'taal-events-contract-'));
    embedded = await startEmbeddedPostgres(dataDir);
  }
  return createSql(embedded.connectionString, { max: 2 });
};
// Each bus gets its own pool on the same database, like a restarted process.
const sqlLogBus = async () => {
  const sql = await embeddedSql();
  const bus = createSqlLogEventBus({ sql, pollIntervalMs: 100 });
  return { ...bus, close: async () => (await bus.close(), await sql.close()) };
};

describeEventBusContract('event log in the embedded database', sqlLogBus);
describeEventBusContract('Kafka (KAFKA_BROKERS)', kafkaBus);

describeOutboxInboxContract('embedded PGlite + its event log', {
  makeSql: embeddedSql,
  makeBus: sqlLogBus,
});
describeOutboxInboxContract('PostgreSQL + Kafka', {
  makeSql: async () => createSql(requireEnv('DATABASE_URL')),
  makeBus: kafkaBus,
});
