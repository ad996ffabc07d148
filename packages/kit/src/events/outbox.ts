import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { EventBus, EventEnvelope } from '../ports/events';
import type { Sql, SqlExecutor } from '../ports/sql';
import { assertSchemaName } from '../sql/migrate';
import { reportOutbox } from '../metrics';
import { STORED_EVENT_COLUMNS, envelopeOfRow, type StoredEventRow } from './envelope';

/**
 * Transactional outbox. A service writes its state change and the event in ONE
 * transaction (enqueueEvent), and a relay publishes committed outbox rows to the bus.
 * An event whose transaction rolled back never exists, so it is never delivered;
 * a committed one is delivered at least once (the relay may publish a row again if
 * it crashes between publishing and marking it published: consumers are idempotent).
 * The `<schema>.outbox` table is created by migrate().
 */
export async function enqueueEvent(tx: SqlExecutor, schema: string, event: EventEnvelope): Promise<void> {
  assertSchemaName(schema);
  await tx.query(
    `INSERT INTO ${schema}.outbox (event_id, type, key, schema_version, occurred_at, payload, trace_parent)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [event.id, event.type, event.key, event.schemaVersion, event.occurredAt, Buffer.from(event.payload), event.traceparent ?? null],
  );
}

export interface OutboxRelayOptions {
  sql: Sql;
  schema: string;
  bus: EventBus;
  logger?: Logger;
  /** Poll period (default 1000 ms); notify() triggers a run immediately. */
  pollIntervalMs?: number;
  /** Rows published per transaction (default 100). */
  batchSize?: number;
  /** Published rows are deleted once older than this (default 7 days); checked hourly. */
  retentionMs?: number;
  /** How long a claimed batch is this relay's to publish before another may take it over (default 30 s). */
  leaseMs?: number;
}

const HOUR_MS = 3_600_000;
export const DEFAULT_OUTBOX_RETENTION_MS = 7 * 24 * HOUR_MS;

/**
 * Deletes outbox rows published longer ago than `olderThanMs`; unpublished rows are never
 * touched. Returns how many were removed. The relay calls it hourly so the table stays small.
 */
export async function pruneOutbox(sql: SqlExecutor, schema: string, olderThanMs: number): Promise<number> {
  assertSchemaName(schema);
  const { rowCount } = await sql.query(
    `DELETE FROM ${schema}.outbox
      WHERE published_at IS NOT NULL AND published_at < now() - make_interval(secs => $1::double precision)`,
    [olderThanMs / 1000],
  );
  return rowCount;
}

export interface OutboxRelay {
  /** Publish now (call after committing a transaction that enqueued events). */
  notify(): void;
  /** Stops polling and waits for the run in progress. */
  stop(): Promise<void>;
}

/**
 * Publishes unpublished outbox rows in `seq` order and marks them published, without
 * holding a database transaction across the publish:
 * 1. claim: one short transaction (serialised per schema by an advisory lock; one round trip) leases the
 *    oldest unpublished, unleased rows to this relay for `leaseMs`, skipping any row of a
 *    key whose earlier row is leased by another relay, so per-key order holds across
 *    replicas;
 * 2. publish the batch to the bus, outside any transaction;
 * 3. mark the rows published (only if this relay still holds the lease).
 * If the bus refuses, the lease is released and the batch retried on the next poll; if
 * the relay dies, the lease expires and another relay takes the rows over (at least
 * once: consumers are idempotent). Rows of transactions committing out of sequence order
 * may be published out of order, so events of one aggregate must come from transactions
 * that lock that aggregate (the usual case).
 */
export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { sql, schema, bus, logger } = options;
  assertSchemaName(schema);
  const pollInterval = options.pollIntervalMs ?? 1_000;
  const batchSize = options.batchSize ?? 100;
  const retentionMs = options.retentionMs ?? DEFAULT_OUTBOX_RETENTION_MS;
  const leaseSeconds = (options.leaseMs ?? 30_000) / 1000;
  const owner = randomUUID();
  let lastPruned = 0;
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  if (!Number.isInteger(batchSize) || batchSize < 1 || !Number.isFinite(leaseSeconds) || leaseSeconds <= 0) {
    throw new Error(`outbox relay of ${schema}: batchSize must be a positive integer and leaseMs positive`);
  }
  // The claim's two statements go as one query without params (one round trip, one implicit
  // transaction that holds the advisory lock until the UPDATE is done; the UPDATE's snapshot is
  // taken after the lock, so it sees another relay's committed claim). Every value in it is the
  // relay's own: the checked schema name and numbers above, and `owner`, a UUID.
  const claimQuery = `SELECT pg_advisory_xact_lock(hashtext('taal.outbox-claim.${schema}'));
     UPDATE ${schema}.outbox o
        SET lease_until = now() + make_interval(secs => ${leaseSeconds}::double precision), lease_owner = '${owner}'
      WHERE o.seq IN (
            SELECT c.seq FROM ${schema}.outbox c
             WHERE c.published_at IS NULL
               AND (c.lease_until IS NULL OR c.lease_until < now())
               AND NOT EXISTS (
                     SELECT 1 FROM ${schema}.outbox e
                      WHERE e.key = c.key AND e.seq < c.seq AND e.published_at IS NULL
                        AND e.lease_until >= now())
             ORDER BY c.seq
             LIMIT ${batchSize})
      RETURNING ${STORED_EVENT_COLUMNS}`;
  const claim = async () => {
    const { rows } = await sql.query<StoredEventRow>(claimQuery);
    return rows.sort((a, b) => (BigInt(a.seq) < BigInt(b.seq) ? -1 : 1));
  };

  async function publishBatch(): Promise<number> {
    const rows = await claim();
    if (rows.length === 0) return 0;
    const seqs = rows.map((r) => r.seq);
    try {
      await bus.publish(rows.map(envelopeOfRow));
    } catch (err) {
      await sql
        .query(`UPDATE ${schema}.outbox SET lease_until = NULL WHERE seq = ANY($1::bigint[]) AND lease_owner = $2`, [seqs, owner])
        .catch(() => undefined); // the lease expires anyway
      throw err;
    }
    await sql.query(
      `UPDATE ${schema}.outbox SET published_at = now(), lease_until = NULL
        WHERE seq = ANY($1::bigint[]) AND lease_owner = $2 AND published_at IS NULL`,
      [seqs, owner],
    );
    return rows.length;
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      try {
        while (!stopped && (await publishBatch()) === batchSize);
        if (Date.now() - lastPruned > HOUR_MS) {
          lastPruned = Date.now();
          await pruneOutbox(sql, schema, retentionMs);
        }
      } catch (err) {
        logger?.error({ err, schema }, 'outbox relay: publishing failed; will retry');
        return;
      }
    } while (again && !stopped);
  }

  function trigger() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain().finally(() => {
      running = undefined;
      schedule();
    });
  }

  function schedule() {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(trigger, pollInterval);
    timer.unref?.();
  }

  trigger();
  const unreport = reportOutbox(schema, async () => {
    const { rows } = await sql.query<{ pending: string; oldest: number | null }>(
      `SELECT count(*) AS pending, extract(epoch FROM now() - min(created_at))::float8 AS oldest
         FROM ${schema}.outbox WHERE published_at IS NULL`,
    );
    return { pending: Number(rows[0]?.pending ?? 0), oldestSeconds: Number(rows[0]?.oldest ?? 0) };
  });

  return {
    notify: trigger,
    async stop() {
      unreport();
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
