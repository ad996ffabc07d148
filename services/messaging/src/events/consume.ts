import { withEventSpan, type EventBus, type EventEnvelope, type Subscription } from '@taal/kit';

/**
 * An event consumer whose write is idempotent by itself (decision 0043): no inbox transaction (the
 * document store has none). `write` keys what it writes by the event's cause (a unique _id or index),
 * so a second delivery, or two consumers at once, writes nothing more; the bus commits the offset
 * only after it returns, so a crash before the write is a redelivery.
 */
export function consumeIdempotently<Prepared>(options: {
  bus: EventBus;
  group: string;
  types: readonly string[];
  /** Reads what the write needs (from the payload, or other services); runs on every delivery. */
  prepare: (event: EventEnvelope) => Promise<Prepared>;
  write: (event: EventEnvelope, prepared: Prepared) => Promise<void>;
}): Promise<Subscription> {
  const { bus, group, types } = options;
  return bus.subscribe(
    group,
    types,
    (event) => withEventSpan(event, group, async () => options.write(event, await options.prepare(event))),
    { from: 'earliest' },
  );
}
