/**
 * Trace context across events (decision 0022). An event written in a request's transaction
 * carries that request's W3C `traceparent`; it travels through the outbox, the embedded log
 * or Kafka (header `taal-traceparent`), and the consumer handles it inside a CONSUMER span
 * parented to it, so the handler's queries join the trace of the request that caused them.
 * Without a tracing SDK (the default) the OpenTelemetry API is a no-op: no traceparent is
 * captured and no span is recorded.
 */
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { EventEnvelope } from '../ports/events';

const tracer = trace.getTracer('@taal/kit/events');

/** The active span's W3C traceparent, or undefined when nothing is being traced. */
export function currentTraceParent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** Runs `handle` in a CONSUMER span that continues the trace the event was published in. */
export function withEventSpan<T>(event: EventEnvelope, group: string, handle: () => Promise<T>): Promise<T> {
  const parent = event.traceparent ? propagation.extract(context.active(), { traceparent: event.traceparent }) : context.active();
  return tracer.startActiveSpan(
    `${event.type} process`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.operation.type': 'process',
        'messaging.destination.name': event.type,
        'messaging.message.id': event.id,
        'messaging.consumer.group.name': group,
      },
    },
    parent,
    async (span) => {
      try {
        return await handle();
      } catch (err) {
        span.recordException(err as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

/** The active trace and span ids for log lines (empty when nothing is being traced). */
export function traceIdsForLog(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const spanContext = span.spanContext();
  return trace.isSpanContextValid(spanContext) ? { trace_id: spanContext.traceId, span_id: spanContext.spanId } : {};
}
