import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEnvelope } from '../events/envelope';
import { consumeEvents } from '../events/inbox';
import { enqueueEvent, pruneOutbox, startOutboxRelay } from '../events/outbox';
import { migrate } from '../sql/migrate';
import { waitFor } from '../../../../tools/testing/wait';
import type { EventBus, EventEnvelope, Subscription } from './events';
import type { Sql } from './sql';

/** Unique per test run, so runs against a shared broker never collide (topics, groups). */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const bytes = (text: string) => new TextEncoder().encode(text);
/** A W3C traceparent, as a traced request's events carry (decision 0022). */
const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const text = (payload: Uint8Array) => new TextDecoder().decode(payload);

/** Hooks and tests talk to real servers: jest's project-level testTimeout is not honoured, so set it here. */
const TIMEOUT = 60_000;

/**
 * The EventBus port's contract, run against every adapter (in-process and Kafka).
 * `makeBus` is called once per suite; if it throws (e.g. KAFKA_BROKERS missing) every
 * test fails with its message. Each test uses its own event types and groups.
 */
export function describeEventBusContract(name: string, makeBus: () => Promise<EventBus>): void {
  describe(`EventBus contract: ${name}`, () => {
    let bus: EventBus;
    const subscriptions: Subscription[] = [];
    const run = uniqueName('c');
    let n = 0;
    const newType = () => `test.${run}.thing${++n}.happened`;
    const newGroup = () => `test-${run}-group${++n}`;
    const subscribe = async (group: string, types: string[], handler: (e: EventEnvelope) => Promise<void>) => {
      const sub = await bus.subscribe(group, types, handler);
      subscriptions.push(sub);
      return sub;
    };

    beforeAll(async () => {
      bus = await makeBus();
    }, TIMEOUT);
    afterAll(async () => {
      await Promise.all(subscriptions.map((s) => s.stop()));
      await bus?.close();
    }, TIMEOUT);

    it('delivers events published before and after subscribing, envelope intact (trace context too)', async () => {
      const type = newType();
      const before = { ...createEnvelope({ type, key: 'k1', payload: bytes('before') }), schemaVersion: 3, traceparent: TRACEPARENT };
      await bus.publish([before]);
      const seen: EventEnvelope[] = [];
      await subscribe(newGroup(), [type], async (e) => void seen.push(e));
      const after = createEnvelope({ type, key: 'k1', payload: new Uint8Array([0, 1, 2, 255]) });
      await bus.publish([after]);
      await waitFor(() => seen.length >= 2, 'two events');
      expect(seen.map((e) => e.id)).toEqual([before.id, after.id]);
      const [first, second] = seen;
      expect({ ...first!, payload: text(first!.payload) }).toEqual({ ...before, payload: 'before' });
      expect(Array.from(second!.payload)).toEqual([0, 1, 2, 255]);
      expect(second!.occurredAt).toBe(after.occurredAt);
      expect(second!.schemaVersion).toBe(1);
      expect(second!.type).toBe(type);
      expect(second!.key).toBe('k1');
      expect(second!.traceparent).toBeUndefined();
    }, TIMEOUT);

    it('keeps publish order per key and delivers to every group once', async () => {
      const type = newType();
      const events = Array.from({ length: 30 }, (_, i) =>
        createEnvelope({ type, key: `key${i % 3}`, payload: bytes(String(i)) }),
      );
      const groups = [newGroup(), newGroup()];
      const seen = new Map<string, EventEnvelope[]>(groups.map((g) => [g, []]));
      for (const g of groups) await subscribe(g, [type], async (e) => void seen.get(g)!.push(e));
      await bus.publish(events.slice(0, 10));
      for (const e of events.slice(10)) await bus.publish([e]);
      await waitFor(() => groups.every((g) => seen.get(g)!.length >= 30), '30 events in both groups');
      await sleep(300); // nothing extra arrives
      for (const g of groups) {
        const got = seen.get(g)!;
        expect(got).toHaveLength(30);
        expect(new Set(got.map((e) => e.id)).size).toBe(30);
        for (const key of ['key0', 'key1', 'key2']) {
          expect(got.filter((e) => e.key === key).map((e) => e.id)).toEqual(
            events.filter((e) => e.key === key).map((e) => e.id),
          );
        }
      }
    }, TIMEOUT);

    it('keeps per-key order across the event types of one entity', async () => {
      const stream = `test.${run}.entity${++n}`;
      const [created, updated, removed] = [`${stream}.created`, `${stream}.updated`, `${stream}.removed`];
      const published = [created, updated, updated, removed, created, updated].map((type, i) =>
        createEnvelope({ type, key: `agg${i % 2}`, payload: bytes(String(i)) }),
      );
      const seen: EventEnvelope[] = [];
      await subscribe(newGroup(), [created, updated, removed], async (e) => void seen.push(e));
      for (const e of published) await bus.publish([e]);
      await waitFor(() => seen.length >= published.length, 'every event');
      for (const key of ['agg0', 'agg1'])
        expect(seen.filter((e) => e.key === key).map((e) => e.id)).toEqual(published.filter((e) => e.key === key).map((e) => e.id));
      // A group that wants only some types of the stream gets only those.
      const onlyUpdates: EventEnvelope[] = [];
      await subscribe(newGroup(), [updated], async (e) => void onlyUpdates.push(e));
      await waitFor(() => onlyUpdates.length >= 3, 'the updates');
      await sleep(300);
      expect(onlyUpdates.map((e) => e.id)).toEqual(published.filter((e) => e.type === updated).map((e) => e.id));
    }, TIMEOUT);

    it("a new group asked to start at the latest event skips older ones; a known group resumes where it was", async () => {
      const type = newType();
      const [old, fresh] = [1, 2].map((i) => createEnvelope({ type, key: 'k', payload: bytes(String(i)) }));
      await bus.publish([old!]);
      const group = newGroup();
      const seen: string[] = [];
      const sub = await bus.subscribe(group, [type], async (e) => void seen.push(e.id), { from: 'latest' });
      await bus.publish([fresh!]);
      await waitFor(() => seen.includes(fresh!.id), 'the fresh event');
      await sleep(300);
      expect(seen).toEqual([fresh!.id]);
      await sub.stop();
    }, TIMEOUT);

    it('a new group asked to start from a recent moment gets the events published since, not the older ones', async () => {
      const type = newType();
      const [old, recent, fresh] = [1, 2, 3].map((i) => createEnvelope({ type, key: 'k', payload: bytes(String(i)) }));
      await bus.publish([old!]);
      await sleep(1500);
      await bus.publish([recent!]);
      const seen: string[] = [];
      const sub = await bus.subscribe(newGroup(), [type], async (e) => void seen.push(e.id), { from: { sinceMs: 1000 } });
      await bus.publish([fresh!]);
      await waitFor(() => seen.includes(fresh!.id), 'the fresh event');
      await sleep(300);
      expect(seen).toEqual([recent!.id, fresh!.id]);
      await sub.stop();
      // Nothing published in that window: the group starts at the end.
      const later: string[] = [];
      await sleep(1200);
      const quiet = await bus.subscribe(newGroup(), [type], async (e) => void later.push(e.id), { from: { sinceMs: 500 } });
      const last = createEnvelope({ type, key: 'k', payload: bytes('4') });
      await bus.publish([last]);
      await waitFor(() => later.includes(last.id), 'the last event');
      await sleep(300);
      expect(later).toEqual([last.id]);
      await quiet.stop();
    }, TIMEOUT);

    it('loses nothing across a restart of the bus mid-stream (durable log, committed offsets)', async () => {
      const type = newType();
      const group = newGroup();
      const events = [1, 2, 3, 4].map((i) => createEnvelope({ type, key: 'k', payload: bytes(String(i)) }));
      const first = await makeBus();
      const before: string[] = [];
      // Handles the first two, then keeps failing on the third until the process "dies".
      await first.subscribe(group, [type], async (e) => {
        if (e.id === events[2]!.id) throw new Error('crash before handling');
        before.push(e.id);
      });
      await first.publish(events.slice(0, 3));
      await waitFor(() => before.length >= 2, 'the first two events');
      await sleep(200);
      await first.close();
      await bus.publish([events[3]!]); // published while the consumer is down

      const second = await makeBus();
      const after: string[] = [];
      try {
        await second.subscribe(group, [type], async (e) => void after.push(e.id));
        await waitFor(() => after.length >= 2, 'the events not handled before the restart');
        await sleep(300);
      } finally {
        await second.close();
      }
      expect(before).toEqual([events[0]!.id, events[1]!.id]);
      expect(after).toEqual([events[2]!.id, events[3]!.id]);
    }, TIMEOUT);

    it('redelivers an event whose handler threw, then moves on in order', async () => {
      const type = newType();
      const [a, b] = [1, 2].map((i) => createEnvelope({ type, key: 'same', payload: bytes(String(i)) }));
      const attempts: string[] = [];
      let failuresLeft = 2;
      await subscribe(newGroup(), [type], async (e) => {
        attempts.push(e.id);
        if (e.id === a!.id && failuresLeft-- > 0) throw new Error('transient');
      });
      await bus.publish([a!, b!]);
      await waitFor(() => attempts.includes(b!.id), 'the second event');
      expect(attempts).toEqual([a!.id, a!.id, a!.id, b!.id]);
    }, TIMEOUT);

    it('a group resubscribing resumes after its handled events; an unhandled one comes again', async () => {
      const type = newType();
      const group = newGroup();
      const [a, b, c] = [1, 2, 3].map((i) => createEnvelope({ type, key: 'same', payload: bytes(String(i)) }));
      const first: string[] = [];
      const sub = await subscribe(group, [type], async (e) => {
        first.push(e.id);
        if (e.id === b!.id) throw new Error('not yet'); // keeps failing until we stop
      });
      await bus.publish([a!, b!]);
      await waitFor(() => first.filter((id) => id === b!.id).length >= 2, 'b to be retried');
      await sub.stop();
      expect(first[0]).toBe(a!.id);
      const second: string[] = [];
      await subscribe(group, [type], async (e) => void second.push(e.id));
      await bus.publish([c!]);
      await waitFor(() => second.includes(c!.id), 'c in the new subscription');
      expect(second).toEqual([b!.id, c!.id]);
    }, TIMEOUT);
  });
}

export interface OutboxInboxDeps {
  makeSql: () => Promise<Sql>;
  makeBus: () => Promise<EventBus>;
}

/**
 * The transactional outbox and the idempotent consumer (inbox), end to end through
 * a real Sql and a real EventBus adapter (embedded pair and PostgreSQL + Kafka).
 */
export function describeOutboxInboxContract(name: string, deps: OutboxInboxDeps): void {
  describe(`Outbox and inbox contract: ${name}`, () => {
    let sql: Sql;
    let bus: EventBus;
    const run = uniqueName('o');
    const schema = `obx_${run}`;
    const stops: (() => Promise<void>)[] = [];
    let migrationsDir: string;
    let n = 0;
    const newType = () => `test.${run}.order${++n}.placed`;
    const newGroup = () => `test-${run}-consumer${++n}`;

    beforeAll(async () => {
      sql = await deps.makeSql();
      bus = await deps.makeBus();
      migrationsDir = mkdtempSync(join(tmpdir(), 'taal-outbox-'));
      await migrate(sql, { schema, dir: migrationsDir });
      await sql.query(`CREATE TABLE ${schema}.applied (event_id text PRIMARY KEY, times int NOT NULL)`);
    }, TIMEOUT);
    afterAll(async () => {
      for (const stop of stops.reverse()) await stop().catch(() => {});
      await bus?.close();
      await sql?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
      await sql?.close();
      if (migrationsDir) rmSync(migrationsDir, { recursive: true, force: true });
    }, TIMEOUT);

    it('prunes published rows past their retention and never unpublished ones', async () => {
      const type = newType();
      const old = createEnvelope({ type, key: 'prune-1', payload: bytes('old') });
      const waiting = createEnvelope({ type, key: 'prune-2', payload: bytes('waiting') });
      await sql.transaction(async (tx) => {
        await enqueueEvent(tx, schema, old);
        await enqueueEvent(tx, schema, waiting);
      });
      await sql.query(`UPDATE ${schema}.outbox SET published_at = now() - interval '8 days' WHERE event_id = $1`, [old.id]);
      await sql.query(`UPDATE ${schema}.outbox SET occurred_at = now() - interval '30 days' WHERE event_id = $1`, [waiting.id]);
      expect(await pruneOutbox(sql, schema, 7 * 24 * 3600 * 1000)).toBe(1);
      const { rows } = await sql.query<{ event_id: string }>(
        `SELECT event_id FROM ${schema}.outbox WHERE event_id = ANY($1::text[])`,
        [[old.id, waiting.id]],
      );
      expect(rows.map((r) => r.event_id)).toEqual([waiting.id]);
      // Leave nothing unpublished behind for the relay tests below.
      await sql.query(`DELETE FROM ${schema}.outbox WHERE event_id = $1`, [waiting.id]);
    }, TIMEOUT);

    it('never delivers an event whose transaction rolled back; delivers a committed one once, with its trace context', async () => {
      const type = newType();
      const seen: string[] = [];
      const traceparents: (string | undefined)[] = [];
      const sub = await bus.subscribe(newGroup(), [type], async (e) => {
        seen.push(e.id);
        traceparents.push(e.traceparent);
      });
      stops.push(() => sub.stop());
      const relay = startOutboxRelay({ sql, schema, bus, pollIntervalMs: 200 });
      stops.push(() => relay.stop());

      const rolledBack = createEnvelope({ type, key: 'order-1', payload: bytes('rolled back') });
      await expect(
        sql.transaction(async (tx) => {
          await enqueueEvent(tx, schema, rolledBack);
          throw new Error('business rule failed');
        }),
      ).rejects.toThrow('business rule failed');
      const committed = { ...createEnvelope({ type, key: 'order-1', payload: bytes('committed') }), traceparent: TRACEPARENT };
      await sql.transaction((tx) => enqueueEvent(tx, schema, committed));
      relay.notify();

      await waitFor(() => seen.includes(committed.id), 'the committed event');
      await sleep(1_000); // several polls: nothing else may arrive
      expect(seen).toEqual([committed.id]);
      expect(traceparents).toEqual([TRACEPARENT]);
      const rows = await sql.query<{ event_id: string; published: boolean }>(
        `SELECT event_id, published_at IS NOT NULL AS published FROM ${schema}.outbox WHERE type = $1`,
        [type],
      );
      expect(rows.rows).toEqual([{ event_id: committed.id, published: true }]);
    }, TIMEOUT);

    it('several relays publish every committed event exactly once, in order per key', async () => {
      const type = newType();
      const seen: EventEnvelope[] = [];
      const sub = await bus.subscribe(newGroup(), [type], async (e) => void seen.push(e));
      stops.push(() => sub.stop());
      const events = Array.from({ length: 20 }, (_, i) =>
        createEnvelope({ type, key: `order-${i % 2}`, payload: bytes(String(i)) }),
      );
      for (const e of events) await sql.transaction((tx) => enqueueEvent(tx, schema, e));
      const relays = [1, 2, 3].map(() => startOutboxRelay({ sql, schema, bus, pollIntervalMs: 50, batchSize: 3 }));
      for (const r of relays) stops.push(() => r.stop());
      await waitFor(() => seen.length >= 20, '20 events');
      await sleep(500);
      expect(seen).toHaveLength(20);
      expect(new Set(seen.map((e) => e.id)).size).toBe(20);
      // Relays lease rows and never take a key whose earlier row another relay holds: per-key order holds across them.
      for (const key of ['order-0', 'order-1'])
        expect(seen.filter((e) => e.key === key).map((e) => e.id)).toEqual(events.filter((e) => e.key === key).map((e) => e.id));
      // A single relay keeps insert order across keys too (checked below).
      const single = newType();
      const ordered: string[] = [];
      const sub2 = await bus.subscribe(newGroup(), [single], async (e) => void ordered.push(e.id));
      stops.push(() => sub2.stop());
      for (const r of relays) await r.stop();
      const more = Array.from({ length: 10 }, (_, i) => createEnvelope({ type: single, key: 'k', payload: bytes(String(i)) }));
      for (const e of more) await sql.transaction((tx) => enqueueEvent(tx, schema, e));
      const relay = startOutboxRelay({ sql, schema, bus, pollIntervalMs: 50, batchSize: 4 });
      stops.push(() => relay.stop());
      await waitFor(() => ordered.length >= 10, '10 ordered events');
      expect(ordered).toEqual(more.map((e) => e.id));
    }, TIMEOUT);

    it('a relay holds no transaction while publishing; a batch whose relay died is taken over when its lease ends', async () => {
      // Its own schema: relays of the other tests keep polling theirs.
      const leaseSchema = `${schema}_lease`;
      await migrate(sql, { schema: leaseSchema, dir: migrationsDir });
      stops.push(async () => void (await sql.query(`DROP SCHEMA IF EXISTS ${leaseSchema} CASCADE`)));
      const type = newType();
      const seen: string[] = [];
      const sub = await bus.subscribe(newGroup(), [type], async (e) => void seen.push(e.id));
      stops.push(() => sub.stop());
      // A bus that never answers: the relay hangs in publish, as if it had died there.
      let publishing = 0;
      const stuckBus = { ...bus, publish: () => (publishing++, new Promise<void>(() => undefined)) };
      const stuck = startOutboxRelay({ sql, schema: leaseSchema, bus: stuckBus, pollIntervalMs: 50, leaseMs: 1_500 });
      const event = createEnvelope({ type, key: 'lease-1', payload: bytes('leased') });
      await sql.transaction((tx) => enqueueEvent(tx, leaseSchema, event));
      stuck.notify();
      await waitFor(() => publishing > 0, 'the stuck relay to start publishing');
      // The database is free meanwhile (no transaction held across the publish): other writes go through.
      await sql.transaction((tx) => tx.query(`UPDATE ${leaseSchema}.outbox SET key = key WHERE false`));
      const healthy = startOutboxRelay({ sql, schema: leaseSchema, bus, pollIntervalMs: 100 });
      stops.push(() => healthy.stop());
      await sleep(500);
      expect(seen).toEqual([]); // still leased to the stuck relay
      await waitFor(() => seen.includes(event.id), 'the event, once the lease expired');
      expect(seen).toEqual([event.id]);
      void stuck.stop(); // never settles: its publish never returns
    }, TIMEOUT);

    it('the inbox applies an event delivered twice only once', async () => {
      const type = newType();
      const group = newGroup();
      const handled: string[] = [];
      const sub = await consumeEvents({
        sql,
        schema,
        bus,
        group,
        types: [type],
        handler: async (event, tx) => {
          await tx.query(
            `INSERT INTO ${schema}.applied (event_id, times) VALUES ($1, 1)
             ON CONFLICT (event_id) DO UPDATE SET times = ${schema}.applied.times + 1`,
            [event.id],
          );
          handled.push(event.id);
        },
      });
      stops.push(() => sub.stop());
      const event = createEnvelope({ type, key: 'order-9', payload: bytes('once') });
      const sentinel = createEnvelope({ type, key: 'order-9', payload: bytes('after') });
      await bus.publish([event]);
      await bus.publish([event]); // e.g. the relay re-published after a crash
      await bus.publish([sentinel]); // same key: handled after both copies
      await waitFor(() => handled.includes(sentinel.id), 'the sentinel');
      // The handler returns before its transaction commits: wait for the sentinel's commit too.
      await waitFor(
        async () =>
          (await sql.query(`SELECT 1 FROM ${schema}.processed_events WHERE group_id = $1 AND event_id = $2`, [group, sentinel.id]))
            .rows.length > 0,
        'the sentinel committed',
      );
      const rows = await sql.query<{ event_id: string; times: number }>(
        `SELECT event_id, times FROM ${schema}.applied WHERE event_id = ANY($1::text[]) ORDER BY times`,
        [[event.id, sentinel.id]],
      );
      expect(rows.rows.find((r) => r.event_id === event.id)?.times).toBe(1);
      expect(handled.filter((id) => id === event.id)).toHaveLength(1);
      const processed = await sql.query(
        `SELECT count(*)::int AS n FROM ${schema}.processed_events WHERE group_id = $1`,
        [group],
      );
      expect(processed.rows).toEqual([{ n: 2 }]);
    }, TIMEOUT);

    it('the inbox rolls back a failed handler (with its inbox row) so the retry applies it', async () => {
      const type = newType();
      let failures = 1;
      const done: string[] = [];
      const sub = await consumeEvents({
        sql,
        schema,
        bus,
        group: newGroup(),
        types: [type],
        handler: async (event, tx) => {
          await tx.query(`INSERT INTO ${schema}.applied (event_id, times) VALUES ($1, 1)`, [event.id]);
          if (failures-- > 0) throw new Error('transient');
          done.push(event.id);
        },
      });
      stops.push(() => sub.stop());
      const event = createEnvelope({ type, key: 'order-10', payload: bytes('retry') });
      await bus.publish([event]);
      await waitFor(() => done.includes(event.id), 'the retried event');
      // The handler returns before its transaction commits: wait for the commit, not the call.
      const applied = async () =>
        (await sql.query(`SELECT times FROM ${schema}.applied WHERE event_id = $1`, [event.id])).rows;
      await waitFor(async () => (await applied()).length > 0, 'the retry committed');
      expect(await applied()).toEqual([{ times: 1 }]);
    }, TIMEOUT);
  });
}
