/**
 * Events port. Names are `<domain>.<entity>.<past-tense>` string constants and
 * are also the topic names; payloads are protobuf messages from proto/.
 * Adapters: Kafka (kafkajs) in cluster mode, an in-process bus when embedded.
 * Delivery is at least once: consumers must be idempotent by envelope id
 * (see the inbox in ../events).
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
}

export type EventHandler = (event: EventEnvelope) => Promise<void>;

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
  subscribe(group: string, types: readonly string[], handler: EventHandler): Promise<Subscription>;
  close(): Promise<void>;
}
