import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInProcessEventBus } from '../events/in-process';
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

describeEventBusContract('in-process', async () => createInProcessEventBus());
describeEventBusContract('Kafka (KAFKA_BROKERS)', kafkaBus);

describeOutboxInboxContract('embedded PGlite + in-process bus', {
  makeSql: async () => {
    if (!embedded) {
      dataDir = mkdtempSync(join(tmpdir(), 'taal-events-contract-'));
      embedded = await startEmbeddedPostgres(dataDir);
    }
    return createSql(embedded.connectionString);
  },
  makeBus: async () => createInProcessEventBus(),
});
describeOutboxInboxContract('PostgreSQL + Kafka', {
  makeSql: async () => createSql(requireEnv('DATABASE_URL')),
  makeBus: kafkaBus,
});
