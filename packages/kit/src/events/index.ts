export { createEnvelope, type NewEvent } from './envelope';
export { createInProcessEventBus, type InProcessEventBusOptions } from './in-process';
export { createKafkaEventBus, type KafkaEventBusOptions } from './kafka';
export { enqueueEvent, startOutboxRelay, type OutboxRelay, type OutboxRelayOptions } from './outbox';
export { consumeEvents, type ConsumeEventsOptions } from './inbox';
