import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '../ports/events';

export interface NewEvent {
  /** `<domain>.<entity>.<past-tense>`, e.g. `catalogue.course.updated`; also the topic. */
  type: string;
  /** Aggregate id: the partition key (events of one key are delivered in order). */
  key: string;
  /** Protobuf-encoded payload. */
  payload: Uint8Array;
  /** Defaults to 1. */
  schemaVersion?: number;
}

/** Builds an envelope with a fresh uuid id and occurredAt = now. */
export function createEnvelope(event: NewEvent): EventEnvelope {
  return {
    id: randomUUID(),
    type: event.type,
    occurredAt: new Date().toISOString(),
    schemaVersion: event.schemaVersion ?? 1,
    key: event.key,
    payload: event.payload,
  };
}
