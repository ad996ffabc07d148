/**
 * Events port. Names are `<domain>.<entity>.<past-tense>` string constants; payloads are
 * protobuf messages from proto/. Events of one entity (`<domain>.<entity>`, the stream)
 * share one ordered channel, so per-key order holds across event types (user.registered
 * before user.verified). Adapters: Kafka (kafkajs; one topic per stream) in cluster mode,
 * a log table in the embedded database when embedded. Both are durable and deliver at
 * least once: consumers must be idempotent by envelope id (see the inbox in ../events).
 */
export interface EventEnvelope {
  /** Unique event id (uuid); the idempotency key for consumers. */
  id: string;
  /** Event name, e.g. `catalogue.course.updated`; also the topic. */
  type: string;
  /** ISO-8601 time the state change happened. */
  occurredAt: string;
  schemaVersion: number;
  /** Aggregate id; the partition key. */
  key: string;
  /** Protobuf-encoded payload. */
  payload: Uint8Array;
  /** W3C traceparent of the request that caused the event, when it was traced (decision 0022). */
  traceparent?: string;
}

export type EventHandler = (event: EventEnvelope) => Promise<void>;

export interface SubscribeOptions {
  /**
   * Where a group that has never consumed starts: 'earliest' (default) reads every retained
   * event; 'latest' only what is published from now on (for consumers that only care about
   * changes from now, such as a cache invalidator with a fresh per-process group). A group
   * that consumed before always resumes after its last handled event. `{ sinceMs }` starts at
   * the first event published in the last `sinceMs` (a verifier loading the session revocations
   * that can still matter, decision 0024).
   */
  from?: 'earliest' | 'latest' | { sinceMs: number };
}

/** The ordered channel an event travels on: its type without the last segment (`identity.user`). */
export function streamOf(type: string): string {
  const cut = type.lastIndexOf('.');
  return cut > 0 ? type.slice(0, cut) : type;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface EventBus {
  publish(events: readonly EventEnvelope[]): Promise<void>;
  /**
   * Registers a consumer group for the given event types. Resolves only once the
   * subscription is live, so a service can report ready after awaiting it.
   * Each group sees every event once (at least once under failure); a handler that
   * throws leaves the event to be delivered again.
   */
  subscribe(group: string, types: readonly string[], handler: EventHandler, options?: SubscribeOptions): Promise<Subscription>;
  close(): Promise<void>;
}
