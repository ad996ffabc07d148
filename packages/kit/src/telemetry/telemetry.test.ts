import { SpanKind, trace } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { createEnvelope } from '../events/envelope';
import { fromKafkaMessage, toKafkaMessage } from '../events/kafka';
import { currentTraceParent, traceIdsForLog, withEventSpan } from './context';

describe('trace context across events', () => {
  const exporter = new InMemorySpanExporter();
  let sdk: NodeSDK;
  const tracer = () => trace.getTracer('test');

  beforeAll(() => {
    sdk = new NodeSDK({ spanProcessors: [new SimpleSpanProcessor(exporter)], instrumentations: [], metricReaders: [], logRecordProcessors: [] });
    sdk.start();
  });
  afterAll(() => sdk.shutdown());
  beforeEach(() => exporter.reset());

  it('an event created while a request is traced carries its traceparent; none is invented otherwise', () => {
    expect(createEnvelope({ type: 'x.y.happened', key: 'k', payload: new Uint8Array() }).traceparent).toBeUndefined();
    tracer().startActiveSpan('POST /api/v1/order', (span) => {
      const event = createEnvelope({ type: 'commerce.order.paid', key: 'o1', payload: new Uint8Array() });
      const { traceId, spanId } = span.spanContext();
      expect(event.traceparent).toBe(`00-${traceId}-${spanId}-01`);
      // Kafka carries it in its own header, beside the kafkajs instrumentation's `traceparent`.
      expect(fromKafkaMessage('commerce.order', { ...toKafkaMessage(event), key: Buffer.from('o1') })?.traceparent).toBe(event.traceparent);
      span.end();
    });
  });

  it("a consumer handles the event in a CONSUMER span of the publisher's trace, active for the handler's own spans", async () => {
    const event = tracer().startActiveSpan('request', (span) => {
      span.end();
      return createEnvelope({ type: 'commerce.order.paid', key: 'o2', payload: new Uint8Array() });
    });
    const request = exporter.getFinishedSpans().find((s) => s.name === 'request')!;
    await withEventSpan(event, 'learning.enrolments', async () => {
      tracer().startSpan('INSERT learning.enrolment').end();
      expect(traceIdsForLog()).toEqual({ trace_id: request.spanContext().traceId, span_id: expect.stringMatching(/^[0-9a-f]{16}$/) });
    });
    const consumer = exporter.getFinishedSpans().find((s) => s.name === 'commerce.order.paid process')!;
    const query = exporter.getFinishedSpans().find((s) => s.name === 'INSERT learning.enrolment')!;
    expect(consumer.kind).toBe(SpanKind.CONSUMER);
    expect(consumer.spanContext().traceId).toBe(request.spanContext().traceId);
    expect(consumer.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(query.parentSpanContext?.spanId).toBe(consumer.spanContext().spanId);
    expect(consumer.attributes['messaging.consumer.group.name']).toBe('learning.enrolments');
  });

  it('a failing handler marks its span as an error and still throws', async () => {
    const event = createEnvelope({ type: 'commerce.order.paid', key: 'o3', payload: new Uint8Array() });
    await expect(withEventSpan(event, 'g', async () => Promise.reject(new Error('transient')))).rejects.toThrow('transient');
    const consumer = exporter.getFinishedSpans().find((s) => s.name === 'commerce.order.paid process')!;
    expect(consumer.status.code).toBe(2); // ERROR
    expect(consumer.events.map((e) => e.name)).toEqual(['exception']);
  });

  it('logs carry no trace ids outside a span', () => {
    expect(traceIdsForLog()).toEqual({});
    expect(currentTraceParent()).toBeUndefined();
  });
});
