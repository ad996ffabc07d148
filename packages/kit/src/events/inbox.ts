import type { Logger } from 'pino';
import type { EventBus, EventEnvelope, Subscription } from '../ports/events';
import type { Sql, SqlExecutor } from '../ports/sql';
import { assertSchemaName } from '../sql/migrate';
import { withEventSpan } from '../telemetry/context';

export interface ConsumeEventsOptions<Prepared = undefined> {
  sql: Sql;
  /** The consuming service's schema (holds `<schema>.processed_events`, created by migrate()). */
  schema: string;
  bus: EventBus;
  /** Consumer group, e.g. `search.catalogue-events`; also the inbox's dedup scope. */
  group: string;
  types: readonly string[];
  /**
   * Reads what the handler needs from other services, BEFORE the transaction opens: a call
   * made inside it would hold the transaction (and, embedded, the one Postgres connection
   * the called service needs too) for the call's whole duration. Runs on every delivery.
   */
  prepare?: (event: EventEnvelope) => Promise<Prepared>;
  /** Applies the event using `tx`; runs at most once per (group, event id) when it commits. */
  handler: (event: EventEnvelope, tx: SqlExecutor, prepared: Prepared) => Promise<void>;
  /** Runs once the handler's transaction committed (not for an event skipped as already processed), e.g. to tell the edge a user's data changed. */
  afterCommit?: (event: EventEnvelope, prepared: Prepared) => Promise<void>;
  logger?: Logger;
  /** Inbox rows are deleted once older than this (default 30 days, well past the bus's 7-day retention); checked hourly. */
  inboxRetentionMs?: number;
  /** Where a group that never consumed starts (see SubscribeOptions). */
  from?: 'earliest' | 'latest';
}

export const DEFAULT_INBOX_RETENTION_MS = 30 * 24 * 3_600_000;

/** Deletes inbox rows older than `olderThanMs`: events that old are past the bus's retention, never redelivered. */
export async function pruneInbox(sql: SqlExecutor, schema: string, olderThanMs: number): Promise<number> {
  assertSchemaName(schema);
  const { rowCount } = await sql.query(
    `DELETE FROM ${schema}.processed_events WHERE processed_at < now() - make_interval(secs => $1::double precision)`,
    [olderThanMs / 1000],
  );
  return rowCount;
}

/**
 * Idempotent consumer (inbox). Each event is handled in a transaction that first
 * inserts (group, event id) into `<schema>.processed_events` with ON CONFLICT DO
 * NOTHING; if the row already existed the event was applied before and is skipped.
 * The handler's writes and the inbox row commit together, so an event handed over
 * twice (at-least-once delivery, outbox re-publish) is applied once; if the handler
 * throws, both roll back and the bus redelivers.
 */
export function consumeEvents<Prepared = undefined>(options: ConsumeEventsOptions<Prepared>): Promise<Subscription> {
  const { sql, schema, bus, group, types, handler, logger } = options;
  assertSchemaName(schema);
  const retentionMs = options.inboxRetentionMs ?? DEFAULT_INBOX_RETENTION_MS;
  let lastPruned = 0;
  const pruneNowAndThen = async () => {
    if (Date.now() - lastPruned < 3_600_000) return;
    lastPruned = Date.now();
    await pruneInbox(sql, schema, retentionMs).catch((err: unknown) => logger?.warn({ err, schema }, 'inbox: pruning failed'));
  };
  const apply = async (event: EventEnvelope) => {
    const prepared = (options.prepare ? await options.prepare(event) : undefined) as Prepared;
    const applied = await sql.transaction(async (tx) => {
      const inserted = await tx.query(
        `INSERT INTO ${schema}.processed_events (group_id, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [group, event.id],
      );
      if (inserted.rowCount === 0) {
        logger?.debug({ group, eventId: event.id, type: event.type }, 'event already processed; skipped');
        return false;
      }
      await handler(event, tx, prepared);
      return true;
    });
    if (applied) await options.afterCommit?.(event, prepared);
  };
  return bus.subscribe(
    group,
    types,
    async (event) => {
      // The handler's transaction runs in a span joined to the trace that published the event.
      await withEventSpan(event, group, () => apply(event));
      await pruneNowAndThen();
    },
    { from: options.from },
  );
}
