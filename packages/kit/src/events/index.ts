export { createEnvelope, type NewEvent } from './envelope';
export { createInProcessEventBus, type InProcessEventBusOptions } from './in-process';
export { createKafkaEventBus, type KafkaEventBusOptions } from './kafka';
export {
  enqueueEvent,
  startOutboxRelay,
  pruneOutbox,
  DEFAULT_OUTBOX_RETENTION_MS,
  type OutboxRelay,
  type OutboxRelayOptions,
} from './outbox';
export { consumeEvents, type ConsumeEventsOptions } from './inbox';
