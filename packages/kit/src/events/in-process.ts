import type { Logger } from 'pino';
import type { EventBus, EventEnvelope, EventHandler, Subscription } from '../ports/events';

export interface InProcessEventBusOptions {
  /** Events kept per type for groups that subscribe later (oldest dropped first). Default 10 000. */
  maxEventsPerType?: number;
  /** First retry delay after a handler throws; doubles up to maxRetryDelayMs. Default 20 ms. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  logger?: Logger;
}

interface Logged {
  seq: number;
  event: EventEnvelope;
}

interface Member {
  handler: EventHandler;
}

interface Group {
  name: string;
  types: Set<string>;
  /** Last handled seq per type: the group's committed offsets; kept after stop like Kafka's. */
  committed: Map<string, number>;
  members: Member[];
  running: boolean;
  wake?: () => void;
  /** Resolves when the worker loop has exited. */
  done?: Promise<void>;
}

/**
 * The events port in memory, for the embedded (single-process) mode, with the same
 * observable semantics as the Kafka adapter:
 * - every group sees every event of its types once, delivered sequentially in
 *   publish order (so per-key order holds);
 * - a bounded log per type is kept, so a group subscribing after events were
 *   published still receives them (like a new Kafka group reading from the beginning),
 *   and a group that stops and subscribes again resumes after its last handled event;
 * - a handler that throws gets the same event again after a small backoff, and the
 *   group does not move on until it succeeds.
 * publish() only appends to the log: delivery is asynchronous, never inside the
 * publisher's call. Several subscriptions of one group share it: each event goes to
 * one of them (the oldest live one).
 */
export function createInProcessEventBus(options: InProcessEventBusOptions = {}): EventBus {
  const maxPerType = options.maxEventsPerType ?? 10_000;
  const retryDelay = options.retryDelayMs ?? 20;
  const maxRetryDelay = options.maxRetryDelayMs ?? 1_000;
  const logs = new Map<string, Logged[]>();
  const groups = new Map<string, Group>();
  let nextSeq = 1;
  let closed = false;

  /** The oldest event of the group's types after its committed offsets. */
  function nextFor(group: Group): Logged | undefined {
    let best: Logged | undefined;
    for (const type of group.types) {
      const log = logs.get(type);
      if (!log || log.length === 0) continue;
      const after = group.committed.get(type) ?? 0;
      // Binary search for the first seq > after.
      let lo = 0;
      let hi = log.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (log[mid]!.seq <= after) lo = mid + 1;
        else hi = mid;
      }
      const candidate = log[lo];
      if (candidate && (!best || candidate.seq < best.seq)) best = candidate;
    }
    return best;
  }

  const sleep = (ms: number, group: Group) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      group.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function run(group: Group): Promise<void> {
    let delay = retryDelay;
    while (group.running) {
      const next = nextFor(group);
      const member = group.members[0];
      if (!next || !member) {
        await new Promise<void>((resolve) => (group.wake = resolve));
        continue;
      }
      try {
        await member.handler(next.event);
        group.committed.set(next.event.type, next.seq);
        delay = retryDelay;
      } catch (err) {
        options.logger?.warn(
          { err, group: group.name, eventId: next.event.id, type: next.event.type, retryInMs: delay },
          'event handler failed; will redeliver',
        );
        await sleep(delay, group);
        delay = Math.min(delay * 2, maxRetryDelay);
      }
    }
  }

  function start(group: Group) {
    if (group.running) return;
    group.running = true;
    group.done = run(group);
  }

  async function stop(group: Group) {
    group.running = false;
    group.wake?.();
    await group.done;
  }

  return {
    async publish(events) {
      if (closed) throw new Error('event bus is closed');
      const touched = new Set<string>();
      for (const event of events) {
        let log = logs.get(event.type);
        if (!log) logs.set(event.type, (log = []));
        log.push({ seq: nextSeq++, event });
        if (log.length > maxPerType) log.splice(0, log.length - maxPerType);
        touched.add(event.type);
      }
      for (const group of groups.values()) {
        if (group.running && [...touched].some((t) => group.types.has(t))) group.wake?.();
      }
    },

    async subscribe(groupName, types, handler): Promise<Subscription> {
      if (closed) throw new Error('event bus is closed');
      let group = groups.get(groupName);
      if (!group) {
        group = { name: groupName, types: new Set(), committed: new Map(), members: [], running: false };
        groups.set(groupName, group);
      }
      for (const type of types) group.types.add(type);
      const member: Member = { handler };
      group.members.push(member);
      start(group);
      group.wake?.();
      const g = group;
      let stopped = false;
      return {
        async stop() {
          if (stopped) return;
          stopped = true;
          // Wait for an in-flight delivery to finish before removing the member.
          await stop(g);
          g.members = g.members.filter((m) => m !== member);
          if (g.members.length > 0 && !closed) start(g);
        },
      };
    },

    async close() {
      closed = true;
      await Promise.all([...groups.values()].map((g) => stop(g)));
    },
  };
}
