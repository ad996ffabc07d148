import { Kafka, logLevel, Partitioners, type Admin, type Consumer, type IHeaders, type Producer } from 'kafkajs';
import type { Logger } from 'pino';
import { measuredHandler, reportConsumerLag } from '../metrics';
import { fixKafkajsRequestQueue } from './kafkajs-request-queue';
import { streamOf, type EventBus, type EventEnvelope, type EventHandler, type SubscribeOptions, type Subscription } from '../ports/events';

export interface KafkaEventBusOptions {
  brokers: string[];
  clientId: string;
  logger?: Logger;
  /** Partitions for topics this bus creates (default 3). */
  numPartitions?: number;
  /** Replication factor for topics this bus creates (default -1: the broker's default). */
  replicationFactor?: number;
  /** Longest fetch long-poll (default 1000 ms); also bounds how long stop() waits for a fetch. */
  maxWaitTimeInMs?: number;
  /** How long subscribe() waits for the group join (default 60 s). */
  joinTimeoutMs?: number;
  /**
   * How long the broker waits for a silent member before giving its partitions to the others
   * (default 10 s; kafkajs' own is 30 s). A pod killed without leaving its group holds up the
   * group's next join, its own restart included, for this long: a restarted catalogue or commerce
   * served nothing for 30 s. Heartbeats go every tenth of it.
   */
  sessionTimeoutMs?: number;
  /** First retry delay after a handler throws; doubles up to maxRetryDelayMs. Defaults 100 ms / 5 s. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /**
   * Put before every topic and consumer group name (KAFKA_NAMESPACE, e.g. `staging.`), so that
   * deployments, or test runs, sharing one Kafka never read each other's events: with one group
   * name, Kafka splits the partitions between them and each loses what the other consumed.
   * Default none. Metrics and logs keep the plain names.
   */
  namespace?: string;
}

/** What KAFKA_NAMESPACE may be: Kafka's topic characters, ending in a dot or a dash. */
export const KAFKA_NAMESPACE_PATTERN = /^([A-Za-z0-9_-][A-Za-z0-9._-]{0,60}[.-])?$/;

/**
 * Wire format (one Kafka message per envelope):
 * - topic  = the type's stream (`identity.user` for `identity.user.verified`), so every
 *   event type of one entity shares a topic
 * - key    = envelope.key (so one aggregate's events share a partition: ordered across types)
 * - value  = envelope.payload, the raw protobuf bytes
 * - headers: `taal-id`, `taal-type`, `taal-occurred-at`, `taal-schema-version`, and
 *   `taal-traceparent` when the event was traced (utf-8 strings; our own name, since the
 *   kafkajs instrumentation writes `traceparent` with the relay's context, not the request's).
 *   Messages without `taal-id` are not ours and are skipped.
 */
export const HEADER_ID = 'taal-id';
export const HEADER_TYPE = 'taal-type';
export const HEADER_OCCURRED_AT = 'taal-occurred-at';
export const HEADER_SCHEMA_VERSION = 'taal-schema-version';
export const HEADER_TRACEPARENT = 'taal-traceparent';

function header(headers: IHeaders | undefined, name: string): string | undefined {
  const value = headers?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}

export function toKafkaMessage(event: EventEnvelope) {
  return {
    key: event.key,
    value: Buffer.from(event.payload.buffer, event.payload.byteOffset, event.payload.byteLength),
    headers: {
      [HEADER_ID]: event.id,
      [HEADER_TYPE]: event.type,
      [HEADER_OCCURRED_AT]: event.occurredAt,
      [HEADER_SCHEMA_VERSION]: String(event.schemaVersion),
      ...(event.traceparent ? { [HEADER_TRACEPARENT]: event.traceparent } : {}),
    },
  };
}

export function fromKafkaMessage(
  topic: string,
  message: { key: Buffer | null; value: Buffer | null; headers?: IHeaders },
): EventEnvelope | undefined {
  const id = header(message.headers, HEADER_ID);
  if (!id) return undefined;
  const value = message.value ?? Buffer.alloc(0);
  const traceparent = header(message.headers, HEADER_TRACEPARENT);
  return {
    ...(traceparent ? { traceparent } : {}),
    id,
    type: header(message.headers, HEADER_TYPE) ?? '',
    occurredAt: header(message.headers, HEADER_OCCURRED_AT) ?? new Date(0).toISOString(),
    schemaVersion: Number(header(message.headers, HEADER_SCHEMA_VERSION) ?? '1'),
    key: message.key?.toString() ?? '',
    payload: new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The events port on Kafka (kafkajs). Topics are created with the admin client
 * before publishing or subscribing. subscribe() resolves once the consumer has
 * joined its group (GROUP_JOIN) and so has its partition assignment; a new group
 * reads from the beginning. Offsets are committed manually, one message at a time,
 * only after the handler succeeded: a handler that throws is retried in place with
 * backoff (blocking its partition, keeping per-key order) and, if the consumer stops
 * first, its offset stays uncommitted so the event is delivered again later.
 */
export function createKafkaEventBus(options: KafkaEventBusOptions): EventBus {
  const log = options.logger;
  const namespace = options.namespace ?? '';
  if (!KAFKA_NAMESPACE_PATTERN.test(namespace)) throw new Error(`Kafka namespace "${namespace}" must be letters, digits, '.', '_' or '-', ending in '.' or '-'`);
  const topicOf = (type: string) => namespace + streamOf(type);
  fixKafkajsRequestQueue(); // kafkajs's 1 ms timer per connection (./kafkajs-request-queue)
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    logLevel: logLevel.WARN,
    logCreator:
      () =>
      ({ level, log: entry }) => {
        if (!log) return;
        const { message, ...rest } = entry;
        if (level <= logLevel.ERROR) log.error(rest, `kafka: ${message}`);
        else if (level === logLevel.WARN) log.warn(rest, `kafka: ${message}`);
        else log.debug(rest, `kafka: ${message}`);
      },
  });
  const knownTopics = new Set<string>();
  const subscriptions = new Set<Subscription>();
  let admin: Promise<Admin> | undefined;
  let producer: Promise<Producer> | undefined;
  let closed = false;

  const connectAdmin = () =>
    (admin ??= (async () => {
      const a = kafka.admin();
      await a.connect();
      return a;
    })().catch((err) => {
      admin = undefined;
      throw err;
    }));

  const connectProducer = () =>
    (producer ??= (async () => {
      const p = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner, allowAutoTopicCreation: false });
      await p.connect();
      return p;
    })().catch((err) => {
      producer = undefined;
      throw err;
    }));

  async function ensureTopics(topics: readonly string[]) {
    const missing = [...new Set(topics)].filter((t) => !knownTopics.has(t));
    if (missing.length === 0) return;
    const a = await connectAdmin();
    const existing = new Set(await a.listTopics());
    const toCreate = missing.filter((t) => !existing.has(t));
    if (toCreate.length > 0) {
      // Returns false (no error) for topics that someone else created meanwhile.
      await a.createTopics({
        waitForLeaders: true,
        topics: toCreate.map((topic) => ({
          topic,
          numPartitions: options.numPartitions ?? 3,
          replicationFactor: options.replicationFactor ?? -1,
        })),
      });
    }
    for (const t of missing) knownTopics.add(t);
  }

  /**
   * 'latest' means the end of each topic when subscribe() is called (`{ sinceMs }`: the first
   * offset published since then): committed for a group
   * that has no offsets yet, so nothing published after subscribe() returns is skipped
   * (Kafka's own auto.offset.reset=latest is resolved later, at the first fetch).
   */
  async function startNewGroupAt(group: string, topics: readonly string[], sinceMs?: number) {
    // A topic another process has just created may not have its leaders known to this broker
    // yet ("not the leader for that topic-partition", retriable): ask again shortly.
    await whileRetriable(() => startNewGroupOnce(group, topics, sinceMs));
  }

  async function startNewGroupOnce(group: string, topics: readonly string[], sinceMs?: number) {
    const a = await connectAdmin();
    for (const topic of topics) {
      const [committed] = await a.fetchOffsets({ groupId: group, topics: [topic] });
      if (committed && committed.partitions.some((p) => p.offset !== '-1')) continue;
      const ends = await a.fetchTopicOffsets(topic);
      // From a moment: the first offset at or after it per partition; none there (-1): the end.
      const since = sinceMs === undefined ? [] : await a.fetchTopicOffsetsByTimestamp(topic, Date.now() - sinceMs);
      const offsetOf = (partition: number, high: string) => {
        const at = since.find((p) => p.partition === partition)?.offset;
        return at !== undefined && at !== '-1' ? at : high;
      };
      await a.setOffsets({ groupId: group, topic, partitions: ends.map((p) => ({ partition: p.partition, offset: offsetOf(p.partition, p.high) })) });
    }
  }

  return {
    async publish(events) {
      if (closed) throw new Error('event bus is closed');
      if (events.length === 0) return;
      await ensureTopics(events.map((e) => topicOf(e.type)));
      const byTopic = new Map<string, ReturnType<typeof toKafkaMessage>[]>();
      for (const event of events) {
        const topic = topicOf(event.type);
        const list = byTopic.get(topic) ?? [];
        list.push(toKafkaMessage(event));
        byTopic.set(topic, list);
      }
      const p = await connectProducer();
      await p.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
      });
    },

    async subscribe(group: string, types: readonly string[], handler: EventHandler, subscribeOptions: SubscribeOptions = {}): Promise<Subscription> {
      if (closed) throw new Error('event bus is closed');
      const wanted = new Set(types);
      const lag = new Map<string, { stream: string; lag: number }>();
      const topics = [...new Set(types.map(topicOf))];
      await whileRetriable(() => ensureTopics(topics));
      const groupId = namespace + group;
      const from = subscribeOptions.from;
      if (from === 'latest') await startNewGroupAt(groupId, topics);
      else if (typeof from === 'object') await startNewGroupAt(groupId, topics, from.sinceMs);
      let stopping = false;
      // Handled offsets are committed in the background, one request at a time and at most one per
      // COMMIT_INTERVAL_MS: under load the messages handled meanwhile share the next one (one
      // OffsetCommit per message was a broker round trip on every event). A message handled but
      // not yet committed when the consumer dies is delivered again; consumers are idempotent (inbox).
      const commits = offsetCommitter(
        (offsets) => consumer.commitOffsets(offsets),
        (err) => log?.warn({ err, group }, 'kafka offset commit failed; the next one carries it'),
        COMMIT_INTERVAL_MS,
      );
      // Joined again while Kafka answers a retriable error (a topic's leader or the group's
      // coordinator not known yet while several pods start at once), with a fresh consumer.
      let consumer = await whileRetriable(joinGroup);
      // After the join, kafkajs restarts its consumer on a retriable crash by itself, but stops it
      // for good on any other (seen while Kafka restarts): the group then fell silently behind.
      // Such a consumer is replaced by a new one, asked again until it joins or the subscription stops.
      let rejoining: Promise<void> | undefined;
      const rejoin = (error: unknown) =>
        (rejoining ??= (async () => {
          log?.error({ err: error, group }, 'kafka consumer stopped after a crash; joining again with a new one');
          for (let delay = 500; !stopping; delay = Math.min(delay * 2, 10_000)) {
            try {
              const fresh = await joinGroup();
              if (stopping) await fresh.disconnect().catch(() => {});
              else consumer = fresh;
              return;
            } catch (err) {
              log?.warn({ err, group, retryInMs: delay }, 'kafka consumer could not join again yet');
              await sleep(delay);
            }
          }
        })().finally(() => (rejoining = undefined)));
      async function joinGroup(): Promise<Consumer> {
        const consumer: Consumer = kafka.consumer({
          groupId,
          allowAutoTopicCreation: false,
          maxWaitTimeInMs: options.maxWaitTimeInMs ?? 1_000,
          sessionTimeout: options.sessionTimeoutMs ?? 10_000,
          heartbeatInterval: (options.sessionTimeoutMs ?? 10_000) / 10,
        });
        let timer: NodeJS.Timeout | undefined;
        let abandoned = false; // this attempt failed: its consumer handles nothing more
        const joined = new Promise<void>((resolve, reject) => {
          timer = setTimeout(
            () => reject(new Error(`kafka consumer group ${group} did not join within ${options.joinTimeoutMs ?? 60_000} ms`)),
            options.joinTimeoutMs ?? 60_000,
          );
          const offJoin = consumer.on(consumer.events.GROUP_JOIN, () => {
            clearTimeout(timer);
            offJoin();
            offCrash();
            resolve();
          });
          const offCrash = consumer.on(consumer.events.CRASH, (e) => {
            if (e.payload.restart) return;
            clearTimeout(timer);
            offJoin();
            offCrash();
            reject(e.payload.error);
          });
        });
        joined.catch(() => {}); // awaited below; avoid an unhandled rejection if connect fails first
        try {
          await consumer.connect();
          await consumer.subscribe({ topics, fromBeginning: subscribeOptions.from !== 'latest' });
          // Lag per partition as the consumer last saw it (high watermark − handled offset).
          consumer.on(consumer.events.END_BATCH_PROCESS, ({ payload }) => {
            lag.set(`${payload.topic}/${payload.partition}`, { stream: payload.topic.slice(namespace.length), lag: Number(payload.offsetLag) });
          });
          await consumer.run({
            autoCommit: false,
            eachMessage: async ({ topic, partition, message, heartbeat }) => {
              if (stopping || abandoned) return; // left uncommitted: redelivered after restart
              const event = fromKafkaMessage(topic, message);
              // Other types of the same stream are not this group's: skipped, offset moves on.
              if (event && wanted.has(event.type)) {
                let delay = options.retryDelayMs ?? 100;
                for (;;) {
                  try {
                    await measuredHandler(group, () => handler(event));
                    break;
                  } catch (err) {
                    log?.warn({ err, group, eventId: event.id, type: event.type, retryInMs: delay }, 'event handler failed; will redeliver');
                    for (let waited = 0; waited < delay && !stopping; waited += 50) await sleep(50);
                    if (stopping) return;
                    await heartbeat();
                    delay = Math.min(delay * 2, options.maxRetryDelayMs ?? 5_000);
                  }
                }
              }
              commits.handled(topic, partition, (BigInt(message.offset) + 1n).toString());
            },
          });
          await joined;
          consumer.on(consumer.events.CRASH, (e) => {
            if (!e.payload.restart && !stopping && !abandoned) void rejoin(e.payload.error);
          });
        } catch (err) {
          clearTimeout(timer);
          abandoned = true;
          await consumer.disconnect().catch(() => {});
          throw err;
        }
        return consumer;
      }
      const unreportLag = reportConsumerLag(() => {
        const byStream = new Map<string, number>();
        for (const { stream, lag: n } of lag.values()) byStream.set(stream, (byStream.get(stream) ?? 0) + n);
        return [...byStream].map(([stream, n]) => ({ labels: { group, stream }, lag: n }));
      });
      let stopped: Promise<void> | undefined;
      const subscription: Subscription = {
        stop() {
          stopping = true;
          unreportLag();
          subscriptions.delete(subscription);
          // A consumer still joining again is disconnected when it joins (stopping is set).
          // What was handled is committed first (given at most 5 s: Kafka may be away).
          return (stopped ??= commits.drain(5_000).then(() => consumer.disconnect()));
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    async close() {
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.stop()));
      const p = producer;
      const a = admin;
      producer = undefined;
      admin = undefined;
      await Promise.all([
        p?.then((x) => x.disconnect()).catch(() => {}),
        a?.then((x) => x.disconnect()).catch(() => {}),
      ]);
    },
  };
}

/**
 * How often a consumer under load commits its handled offsets. Each one is a broker round trip; a
 * consumer that dies redelivers at most this long's messages, which its inbox applies once.
 */
const COMMIT_INTERVAL_MS = 200;

interface PartitionOffset {
  topic: string;
  partition: number;
  offset: string;
}

/**
 * Commits the latest handled offset of each partition in the background: at most one commit
 * request in flight, and at most one started per `intervalMs` (a message after a quiet spell is
 * committed at once; under load one OffsetCommit carries every message handled in the interval
 * instead of one broker round trip per message). A failed commit is logged; the next handled
 * message of the partition commits past it, or its messages are delivered again (applied once:
 * consumers are idempotent), as are those handled but not yet committed when the consumer dies.
 */
export function offsetCommitter(commit: (offsets: PartitionOffset[]) => Promise<void>, onError: (err: unknown) => void, intervalMs = 0) {
  const pending = new Map<string, PartitionOffset>();
  let inFlight: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let lastStarted = -Infinity;
  const commitPending = async () => {
    const batch = [...pending.values()];
    pending.clear();
    lastStarted = Date.now();
    try {
      await commit(batch);
    } catch (err) {
      // Left uncommitted (e.g. the partition went to another member): delivered again, applied once.
      onError(err);
    }
  };
  const start = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    return (inFlight ??= commitPending().finally(() => {
      inFlight = undefined;
      if (pending.size > 0) schedule();
    }));
  };
  function schedule() {
    if (inFlight || timer) return; // the commit in flight schedules the next when it ends
    const wait = lastStarted + intervalMs - Date.now();
    if (wait <= 0) void start();
    else timer = setTimeout(() => void start(), wait);
  }
  return {
    handled(topic: string, partition: number, offset: string): void {
      pending.set(`${topic}/${partition}`, { topic, partition, offset });
      schedule();
    },
    /** Commits everything handled so far, without waiting for the interval (at most `timeoutMs`). */
    async drain(timeoutMs: number): Promise<void> {
      let limit: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (limit = setTimeout(resolve, timeoutMs)));
      const done = (async () => {
        await inFlight;
        while (pending.size > 0) await start();
      })();
      await Promise.race([done, timeout]);
      clearTimeout(limit);
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Runs `work` again while it fails with an error Kafka marks retriable (up to about 10 s), then gives up with it. */
async function whileRetriable<T>(work: () => Promise<T>, attempts = 10): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const retriable = typeof err === 'object' && err !== null && (err as { retriable?: unknown }).retriable === true;
      if (!retriable || attempt >= attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, 2000)));
    }
  }
}
