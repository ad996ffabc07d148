import type { Subscription } from '../ports/events';
import type { SqlExecutor } from '../ports/sql';
import { consumeEvents, type ConsumeEventsOptions } from './inbox';

/** What decodes an event's payload: a ts-proto message of the event's contract. */
export interface PayloadCodec<Payload> {
  decode(bytes: Uint8Array): Payload;
}

export type ConsumeDecodedOptions<Payload, Prepared> = Pick<ConsumeEventsOptions, 'sql' | 'schema' | 'bus' | 'group' | 'logger' | 'inboxRetentionMs'> & {
  /** The event type, as its owner's contract names it (e.g. `CommerceEvents.orderPaid`). */
  type: string;
  codec: PayloadCodec<Payload>;
  /** Asks other services what `handle` needs, before the inbox transaction opens (see consumeEvents). */
  prepare?: (payload: Payload) => Promise<Prepared>;
  /** Runs once `handle`'s transaction committed (see consumeEvents). */
  afterCommit?: (payload: Payload) => Promise<void>;
};

/**
 * `handle` runs for every event of one type from the earliest, its payload decoded with its
 * contract's codec, once per event (inbox), in the inbox transaction. The kit names no service's
 * events: the consumer passes the type and codec of the contract it reads.
 */
export function consumeDecoded<Payload, Prepared = undefined>(
  options: ConsumeDecodedOptions<Payload, Prepared>,
  handle: (payload: Payload, tx: SqlExecutor, prepared: Prepared) => Promise<void>,
): Promise<Subscription> {
  const { type, codec, prepare, afterCommit, ...rest } = options;
  return consumeEvents({
    ...rest,
    types: [type],
    from: 'earliest',
    prepare: async (event) => {
      const payload = codec.decode(event.payload);
      return { payload, prepared: (prepare ? await prepare(payload) : undefined) as Prepared };
    },
    handler: (_event, tx, { payload, prepared }) => handle(payload, tx, prepared),
    ...(afterCommit ? { afterCommit: (_event: unknown, { payload }: { payload: Payload }) => afterCommit(payload) } : {}),
  });
}
