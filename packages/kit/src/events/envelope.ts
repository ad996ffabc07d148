import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '../ports/events';
import { currentTraceParent } from '../telemetry/context';

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

/** Builds an envelope with a fresh uuid id, occurredAt = now and the active trace context. */
export function createEnvelope(event: NewEvent): EventEnvelope {
  const traceparent = currentTraceParent();
  return {
    ...(traceparent ? { traceparent } : {}),
    id: randomUUID(),
    type: event.type,
    occurredAt: new Date().toISOString(),
    schemaVersion: event.schemaVersion ?? 1,
    key: event.key,
    payload: event.payload,
  };
}

/** An event as the outbox and the embedded event log store it. */
export interface StoredEventRow {
  seq: string;
  event_id: string;
  type: string;
  key: string;
  schema_version: number;
  occurred_at: string;
  payload: Buffer;
  trace_parent: string | null;
}

export const STORED_EVENT_COLUMNS = 'seq, event_id, type, key, schema_version, occurred_at, payload, trace_parent';

export function envelopeOfRow(r: StoredEventRow): EventEnvelope {
  return {
    id: r.event_id,
    type: r.type,
    key: r.key,
    schemaVersion: Number(r.schema_version),
    occurredAt: r.occurred_at,
    payload: new Uint8Array(r.payload.buffer, r.payload.byteOffset, r.payload.byteLength),
    ...(r.trace_parent ? { traceparent: r.trace_parent } : {}),
  };
}
