import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEnvelope } from '../events/envelope';
import { createSqlLogEventBus } from '../events/sql-log';
import { createKafkaEventBus } from '../events/kafka';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../sql/embedded';
import { createSql } from '../sql/pool';
import type { Sql } from './sql';
import { requireEnv } from '../../../../tools/testing/env';
import { waitFor } from '../../../../tools/testing/wait';
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

describe('Kafka namespaces (KAFKA_NAMESPACE)', () => {
  const brokers = () => requireEnv('KAFKA_BROKERS').split(',');
  const run = randomUUID().slice(0, 8);

  it('keeps two installations on one Kafka apart, though their consumer groups have the same name', async () => {
    const staging = createKafkaEventBus({ brokers: brokers(), clientId: 'ns-staging', namespace: `staging-${run}.` });
    const production = createKafkaEventBus({ brokers: brokers(), clientId: 'ns-production', namespace: `production-${run}.` });
    try {
      const seen = { staging: [] as string[], production: [] as string[] };
      const type = 'kit.namespace.checked';
      await staging.subscribe('kit.namespace-consumer', [type], async (e) => void seen.staging.push(e.id));
      await production.subscribe('kit.namespace-consumer', [type], async (e) => void seen.production.push(e.id));
      const event = (id: string) => ({ id, type, key: 'k', occurredAt: new Date().toISOString(), schemaVersion: 1, payload: new Uint8Array([1]) });
      const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
      await staging.publish([event(a), event(b)]);
      await production.publish([event(c)]);
      await waitFor(() => seen.staging.length === 2 && seen.production.length === 1, 'each installation to get its own events');
      await new Promise((r) => setTimeout(r, 500));
      expect(seen.staging.sort()).toEqual([a, b].sort());
      expect(seen.production).toEqual([c]);
    } finally {
      await staging.close();
      await production.close();
    }
  }, 90_000);

  it('refuses a namespace Kafka could not name a topic with', () => {
    expect(() => createKafkaEventBus({ brokers: brokers(), clientId: 'x', namespace: 'no spaces.' })).toThrow(/namespace/);
    expect(() => createKafkaEventBus({ brokers: brokers(), clientId: 'x', namespace: 'staging' })).toThrow(/ending in/);
  });
});

describe('event log in the embedded database: its own', () => {
  it('an event published while its group is busy handling another is delivered at once, not at the next look for others’ events', async () => {
    const sql = await embeddedSql();
    // A look for other processes' events only once a minute: what arrives sooner was woken by its publish.
    const bus = createSqlLogEventBus({ sql, pollIntervalMs: 60_000 });
    try {
      const type = `kit.busy.${randomUUID()}`;
      const seen: string[] = [];
      await bus.subscribe(`busy-${randomUUID()}`, [type], async (event) => {
        const text = Buffer.from(event.payload).toString();
        // Published by the handler itself, so the group is not asleep when it is told.
        if (text === 'first') await bus.publish([createEnvelope({ type, key: 'k', payload: Buffer.from('second') })]);
        seen.push(text);
      });
      await bus.publish([createEnvelope({ type, key: 'k', payload: Buffer.from('first') })]);
      await waitFor(() => seen.length === 2, 'both events', { timeoutMs: 5_000 });
      expect(seen).toEqual(['first', 'second']);
    } finally {
      await bus.close();
      await sql.close();
    }
  }, 30_000);

  it('a group reads the events its own process appended from memory, and the log when another process appended in between', async () => {
    const sqlHere = await embeddedSql();
    const sqlThere = await embeddedSql();
    // The log's reads of this process, counted (the reader's query names the log and its offset).
    let logReads = 0;
    const counted: Sql = {
      ...sqlHere,
      query: (text, params) => {
        if (/FROM \S+\.log WHERE seq > \$1/.test(text)) logReads++;
        return sqlHere.query(text, params);
      },
    };
    const here = createSqlLogEventBus({ sql: counted, pollIntervalMs: 60_000 });
    const there = createSqlLogEventBus({ sql: sqlThere, pollIntervalMs: 60_000 });
    try {
      const type = `kit.tail.${randomUUID()}`;
      const other = `kit.tail.other.${randomUUID()}`;
      const publish = (bus: typeof here, t: string, text: string) => bus.publish([createEnvelope({ type: t, key: 'k', payload: Buffer.from(text) })]);
      await publish(here, type, 'before');
      const seen: string[] = [];
      await here.subscribe(`tail-${randomUUID()}`, [type], async (event) => void seen.push(Buffer.from(event.payload).toString()));
      await waitFor(() => seen.length === 1, 'the event published before subscribing');
      const readsAtStart = logReads;
      // Its own events, one of a type it does not take between them: no read of the log.
      for (const text of ['one', 'two']) await publish(here, type, text);
      await publish(here, other, 'not mine');
      await publish(here, type, 'three');
      await waitFor(() => seen.length === 4, 'its own three events');
      expect(logReads).toBe(readsAtStart);
      // Another process's event in between: a gap in what this one appended, so the log is read.
      await publish(there, type, 'from there');
      await publish(here, type, 'four');
      await waitFor(() => seen.length === 6, 'the other process\'s event and the next own one');
      expect(seen).toEqual(['before', 'one', 'two', 'three', 'from there', 'four']);
      expect(logReads).toBeGreaterThan(readsAtStart);
    } finally {
      await here.close();
      await there.close();
      await sqlHere.close();
      await sqlThere.close();
    }
  }, 30_000);
});
