export { createEnvelope, type NewEvent } from './envelope';
export { createSqlLogEventBus, type SqlLogEventBusOptions } from './sql-log';
export { createKafkaEventBus, KAFKA_NAMESPACE_PATTERN, type KafkaEventBusOptions } from './kafka';
export {
  enqueueEvent,
  startOutboxRelay,
  pruneOutbox,
  DEFAULT_OUTBOX_RETENTION_MS,
  type OutboxRelay,
  type OutboxRelayOptions,
} from './outbox';
export { consumeEvents, pruneInbox, DEFAULT_INBOX_RETENTION_MS, type ConsumeEventsOptions } from './inbox';
export { consumeDecoded, type ConsumeDecodedOptions, type PayloadCodec } from './decoded';
