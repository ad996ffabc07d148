import type { Logger } from 'pino';
import type { EventBus, EventHandler, SubscribeOptions, Subscription } from '../ports/events';
import type { Sql } from '../ports/sql';
import { assertSchemaName } from '../sql/migrate';
import { measuredHandler, reportConsumerLag } from '../metrics';
import { STORED_EVENT_COLUMNS, envelopeOfRow, type StoredEventRow } from './envelope';

export interface SqlLogEventBusOptions {
  sql: Sql;
  /** Schema of the log and the offsets (default `taal_events`). */
  schema?: string;
  /** How often an idle group looks for new events published by another process (default 1000 ms). */
  pollIntervalMs?: number;
  /** First retry delay after a handler throws; doubles up to maxRetryDelayMs. Default 20 ms / 1 s. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** Log rows are deleted once older than this (default 7 days, like the outbox); checked hourly. */
  retentionMs?: number;
  logger?: Logger;
}

interface Member {
  handler: EventHandler;
}

interface Group {
  name: string;
  types: Set<string>;
  /** Last handled seq; `<schema>.offsets` holds it durably within OFFSET_WRITE_MS (storeOffsetSoon). */
  offset: bigint;
  /** The offset last written to `<schema>.offsets`. */
  storedOffset: bigint;
  offsetTimer?: NodeJS.Timeout;
  members: Member[];
  running: boolean;
  /** Ends the group's current sleep. */
  wake?: () => void;
  /** Woken while not asleep (reading, handling): its next sleep ends at once, so no event waits for the poll. */
  woken?: boolean;
  done?: Promise<void>;
}

const HOUR_MS = 3_600_000;
const BATCH = 100;
/**
 * A group's offset is written at most this often: one write per event and group was a third of a
 * paid order's statements in the embedded database. A crash repeats at most this much of the
 * group's events, which every consumer takes as it takes Kafka's redeliveries (its inbox).
 */
const OFFSET_WRITE_MS = 250;
/** Rows this process appended last, kept so its own groups read them without a query. */
const RECENT_ROWS = 1_000;

/**
 * The events port for the embedded mode, kept in the database instead of memory, so a
 * restart loses nothing (at least once, like Kafka):
 * - publish() appends to `<schema>.log` under a transaction-scoped lock, so sequence order
 *   is commit order and a reader never skips a row that commits late;
 * - each group's offset (last handled seq) lives in `<schema>.offsets` and moves only after
 *   its handler succeeded (written within OFFSET_WRITE_MS, and when the group stops); after a
 *   restart the group resumes there;
 * - one log for every type: a group sees its types in publish order, so per-key order
 *   holds across event types;
 * - a handler that throws gets the same event again after a backoff, and the group does
 *   not move on until it succeeds;
 * - a new group starts at the beginning of the log, or at its end with `from: 'latest'`.
 * Several subscriptions of one group in this process share it: each event goes to one.
 */
export function createSqlLogEventBus(options: SqlLogEventBusOptions): EventBus {
  const { sql, logger } = options;
  const schema = options.schema ?? 'taal_events';
  assertSchemaName(schema);
  const pollInterval = options.pollIntervalMs ?? 1_000;
  const retryDelay = options.retryDelayMs ?? 20;
  const maxRetryDelay = options.maxRetryDelayMs ?? 1_000;
  const retentionMs = options.retentionMs ?? 7 * 24 * HOUR_MS;
  const groups = new Map<string, Group>();
  let closed = false;
  let lastPruned = 0;
  /**
   * The rows this process appended last, by seq, as committed. A group whose next rows are all
   * here, seq after seq from its offset on, reads them from here: no other row can sit between
   * two consecutive seqs. A gap (another process's row, or a seq a rolled-back append used)
   * sends it to the log, as does an offset older than the oldest row kept.
   */
  const recent = new Map<bigint, StoredEventRow>();

  function remember(rows: StoredEventRow[]): void {
    for (const row of rows) recent.set(BigInt(row.seq), row);
    for (const seq of recent.keys()) {
      if (recent.size <= RECENT_ROWS) break;
      recent.delete(seq);
    }
  }

  /**
   * The group's next rows of its types from memory, and the last seq they cover (rows of other
   * types included), or null when the log must be read.
   */
  function recentAfter(group: Group): { rows: StoredEventRow[]; coveredTo: bigint } | null {
    if (!recent.has(group.offset + 1n)) return null;
    const rows: StoredEventRow[] = [];
    let coveredTo = group.offset;
    for (let row = recent.get(coveredTo + 1n); row && rows.length < BATCH; row = recent.get(coveredTo + 1n)) {
      coveredTo++;
      if (group.types.has(row.type)) rows.push(row);
    }
    return { rows, coveredTo };
  }

  let ready: Promise<void> | undefined;
  const ensureTables = () =>
    (ready ??= sql
      .transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`taal.events-log.${schema}`]);
        await tx.query(`
          CREATE SCHEMA IF NOT EXISTS ${schema};
          CREATE TABLE IF NOT EXISTS ${schema}.log (
            seq bigserial PRIMARY KEY,
            event_id text NOT NULL,
            type text NOT NULL,
            key text NOT NULL,
            schema_version integer NOT NULL,
            occurred_at text NOT NULL,
            payload bytea NOT NULL,
            appended_at timestamptz NOT NULL DEFAULT now()
          );
          ALTER TABLE ${schema}.log ADD COLUMN IF NOT EXISTS trace_parent text;
          CREATE TABLE IF NOT EXISTS ${schema}.offsets (
            group_id text PRIMARY KEY,
            seq bigint NOT NULL,
            updated_at timestamptz NOT NULL DEFAULT now()
          );`);
      })
      .catch((err: unknown) => {
        ready = undefined;
        throw err;
      }));

  async function prune(): Promise<void> {
    if (Date.now() - lastPruned < HOUR_MS) return;
    lastPruned = Date.now();
    await sql.query(`DELETE FROM ${schema}.log WHERE appended_at < now() - make_interval(secs => $1::double precision)`, [
      retentionMs / 1000,
    ]);
  }

  const sleep = (ms: number, group: Group) =>
    new Promise<void>((resolve) => {
      if (group.woken) {
        group.woken = false;
        return resolve();
      }
      const done = () => {
        clearTimeout(timer);
        group.wake = undefined;
        group.woken = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref?.();
      group.wake = done;
    });

  const wake = (group: Group) => {
    group.woken = true;
    group.wake?.();
  };

  async function deliver(group: Group, row: StoredEventRow): Promise<void> {
    let delay = retryDelay;
    while (group.running) {
      const member = group.members[0];
      if (!member) return;
      try {
        await measuredHandler(group.name, () => member.handler(envelopeOfRow(row)));
        group.offset = BigInt(row.seq);
        storeOffsetSoon(group);
        return;
      } catch (err) {
        logger?.warn({ err, group: group.name, eventId: row.event_id, type: row.type, retryInMs: delay }, 'event handler failed; will redeliver');
        await sleep(delay, group);
        delay = Math.min(delay * 2, maxRetryDelay);
      }
    }
  }

  function storeOffsetSoon(group: Group): void {
    if (group.offsetTimer) return;
    group.offsetTimer = setTimeout(() => {
      group.offsetTimer = undefined;
      void storeOffset(group);
    }, OFFSET_WRITE_MS);
    group.offsetTimer.unref?.();
  }

  /** Writes the group's offset if it moved; never backwards (an earlier write may land late). */
  async function storeOffset(group: Group): Promise<void> {
    const offset = group.offset;
    if (offset === group.storedOffset) return;
    try {
      await sql.query(`UPDATE ${schema}.offsets SET seq = $2, updated_at = now() WHERE group_id = $1 AND seq < $2`, [group.name, offset.toString()]);
      if (offset > group.storedOffset) group.storedOffset = offset;
    } catch (err) {
      logger?.warn({ err, group: group.name }, 'event log: offset not written; tried again');
      if (group.running) storeOffsetSoon(group);
    }
  }

  async function run(group: Group): Promise<void> {
    while (group.running) {
      const fromMemory = recentAfter(group);
      let rows = fromMemory?.rows ?? [];
      try {
        if (!fromMemory) {
          rows = (
            await sql.query<StoredEventRow>(
              `SELECT ${STORED_EVENT_COLUMNS}
                 FROM ${schema}.log WHERE seq > $1 AND type = ANY($2::text[]) ORDER BY seq LIMIT ${BATCH}`,
              [group.offset.toString(), [...group.types]],
            )
          ).rows;
        }
        // Whichever way the rows came: a process whose groups always read from memory prunes too.
        await prune();
      } catch (err) {
        if (!group.running) return;
        logger?.error({ err, group: group.name }, 'event log: reading failed; will retry');
      }
      for (const row of rows) {
        if (!group.running) return;
        await deliver(group, row);
      }
      // Rows of other types read from memory are passed, as the log's query passes them.
      if (fromMemory && group.running && group.offset < fromMemory.coveredTo) {
        group.offset = fromMemory.coveredTo;
        storeOffsetSoon(group);
      }
      if (rows.length < BATCH && group.running) await sleep(pollInterval, group);
    }
  }

  function start(group: Group) {
    if (group.running) return;
    group.running = true;
    group.done = run(group);
  }

  async function stop(group: Group) {
    group.running = false;
    wake(group);
    await group.done;
    clearTimeout(group.offsetTimer);
    group.offsetTimer = undefined;
    await storeOffset(group);
  }

  // Lag: events of a group's types after its offset (one query per group at scrape time).
  const unreportLag = reportConsumerLag(async () => {
    const lags = [];
    for (const group of groups.values()) {
      const { rows } = await sql.query<{ lag: string }>(`SELECT count(*) AS lag FROM ${schema}.log WHERE seq > $1 AND type = ANY($2::text[])`, [
        group.offset.toString(),
        [...group.types],
      ]);
      lags.push({ labels: { group: group.name, stream: 'all' }, lag: Number(rows[0]?.lag ?? 0) });
    }
    return lags;
  });

  return {
    async publish(events) {
      if (closed) throw new Error('event bus is closed');
      if (events.length === 0) return;
      await ensureTables();
      const appended = await sql.transaction(async (tx) => {
        // One appender at a time: seq order is commit order, so readers never skip a late commit.
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`taal.events-append.${schema}`]);
        const rows: StoredEventRow[] = [];
        for (const e of events) {
          // The row kept in memory is made of the very values inserted.
          const row = {
            event_id: e.id,
            type: e.type,
            key: e.key,
            schema_version: e.schemaVersion,
            occurred_at: e.occurredAt,
            payload: Buffer.from(e.payload),
            trace_parent: e.traceparent ?? null,
          };
          const { rows: inserted } = await tx.query<{ seq: string }>(
            `INSERT INTO ${schema}.log (event_id, type, key, schema_version, occurred_at, payload, trace_parent)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING seq`,
            [row.event_id, row.type, row.key, row.schema_version, row.occurred_at, row.payload, row.trace_parent],
          );
          rows.push({ ...row, seq: String(inserted[0]!.seq) });
        }
        return rows;
      });
      remember(appended);
      for (const group of groups.values()) if (events.some((e) => group.types.has(e.type))) wake(group);
    },

    async subscribe(groupName, types, handler, subscribeOptions: SubscribeOptions = {}): Promise<Subscription> {
      if (closed) throw new Error('event bus is closed');
      await ensureTables();
      let group = groups.get(groupName);
      if (!group) {
        // A group known from an earlier run resumes at its offset; a new one starts where asked.
        const from = subscribeOptions.from;
        const end = `(SELECT coalesce(max(seq), 0) FROM ${schema}.log)`;
        const start =
          from === 'latest'
            ? end
            : typeof from === 'object'
              ? `coalesce((SELECT min(seq) - 1 FROM ${schema}.log WHERE appended_at >= now() - make_interval(secs => ${Number(from.sinceMs) / 1000})), ${end})`
              : '0';
        await sql.query(`INSERT INTO ${schema}.offsets (group_id, seq) VALUES ($1, ${start}) ON CONFLICT (group_id) DO NOTHING`, [groupName]);
        const { rows } = await sql.query<{ seq: string }>(`SELECT seq FROM ${schema}.offsets WHERE group_id = $1`, [groupName]);
        group = groups.get(groupName); // another subscribe of the same group may have won meanwhile
        if (!group) {
          const offset = BigInt(rows[0]!.seq);
          group = { name: groupName, types: new Set(), offset, storedOffset: offset, members: [], running: false };
          groups.set(groupName, group);
        }
      }
      for (const type of types) group.types.add(type);
      const member: Member = { handler };
      group.members.push(member);
      start(group);
      wake(group);
      const g = group;
      let stopped = false;
      return {
        async stop() {
          if (stopped) return;
          stopped = true;
          // Let an in-flight delivery finish before removing the member.
          await stop(g);
          g.members = g.members.filter((m) => m !== member);
          if (g.members.length > 0 && !closed) start(g);
          else groups.delete(g.name);
        },
      };
    },

    async close() {
      closed = true;
      unreportLag();
      await Promise.all([...groups.values()].map((g) => stop(g)));
      groups.clear();
    },
  };
}
