import type { Logger } from 'pino';
import type { EventBus, EventEnvelope } from '../ports/events';
import type { Sql, SqlExecutor } from '../ports/sql';
import { assertSchemaName } from '../sql/migrate';

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
    `INSERT INTO ${schema}.outbox (event_id, type, key, schema_version, occurred_at, payload)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [event.id, event.type, event.key, event.schemaVersion, event.occurredAt, Buffer.from(event.payload)],
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

interface OutboxRow {
  seq: string;
  event_id: string;
  type: string;
  key: string;
  schema_version: number;
  occurred_at: string;
  payload: Buffer;
}

/**
 * Publishes unpublished outbox rows in `seq` order and marks them published. Each
 * batch is claimed with `FOR UPDATE SKIP LOCKED` inside a transaction that lasts
 * until the bus accepted the batch, so several replicas can relay safely (each row
 * is claimed by one of them). Order is by insert sequence; rows of transactions
 * committing out of sequence order may be published out of order, so events of one
 * aggregate must come from transactions that lock that aggregate (the usual case).
 * On a bus error the batch is rolled back and retried on the next poll.
 */
export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { sql, schema, bus, logger } = options;
  assertSchemaName(schema);
  const pollInterval = options.pollIntervalMs ?? 1_000;
  const batchSize = options.batchSize ?? 100;
  const retentionMs = options.retentionMs ?? DEFAULT_OUTBOX_RETENTION_MS;
  let lastPruned = 0;
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function publishBatch(): Promise<number> {
    return sql.transaction(async (tx) => {
      const { rows } = await tx.query<OutboxRow>(
        `SELECT seq, event_id, type, key, schema_version, occurred_at, payload
           FROM ${schema}.outbox
          WHERE published_at IS NULL
          ORDER BY seq
          LIMIT $1
          FOR UPDATE SKIP LOCKED`,
        [batchSize],
      );
      if (rows.length === 0) return 0;
      await bus.publish(
        rows.map((r) => ({
          id: r.event_id,
          type: r.type,
          key: r.key,
          schemaVersion: Number(r.schema_version),
          occurredAt: r.occurred_at,
          payload: new Uint8Array(r.payload.buffer, r.payload.byteOffset, r.payload.byteLength),
        })),
      );
      await tx.query(`UPDATE ${schema}.outbox SET published_at = now() WHERE seq = ANY($1::bigint[])`, [
        rows.map((r) => r.seq),
      ]);
      return rows.length;
    });
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

  return {
    notify: trigger,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
