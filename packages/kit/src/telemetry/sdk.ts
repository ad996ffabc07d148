/**
 * OpenTelemetry tracing for one process (decision 0022). Off unless an OTLP endpoint is
 * configured (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT); then
 * the HTTP, Express, gRPC, pg, ioredis and kafkajs instrumentations record spans and an
 * OTLP/HTTP exporter sends them in batches.
 *
 * Instrumentations patch modules as they are required, so this file must be loaded before
 * anything else: it imports only OpenTelemetry, and the launcher's entry imports it first.
 */
import { NodeSDK } from '@opentelemetry/sdk-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { tracingConfigured } from './configured';

export interface Tracing {
  /** Flushes buffered spans and stops the exporter. */
  shutdown(): Promise<void>;
}


/**
 * Starts tracing for `serviceName` when an endpoint is configured; returns null (and
 * changes nothing: @opentelemetry/api stays a no-op) otherwise.
 */
export function startTracing(serviceName: string, env: NodeJS.ProcessEnv = process.env): Tracing | null {
  if (!tracingConfigured(env)) return null;
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME?.trim() || serviceName,
    // The exporter reads OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT and _HEADERS itself.
    traceExporter: new OTLPTraceExporter(),
    // Only traces here: metrics are prom-client's /metrics, logs are pino's stdout.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        // Probes and scrapes would be most of the traffic and none of the interest.
        ignoreIncomingRequestHook: (req) => /^\/(metrics|healthz|readyz|livez)\b/.test(req.url ?? ''),
      }),
      new ExpressInstrumentation(),
      new GrpcInstrumentation({ ignoreGrpcMethods: ['Check', 'Watch'] }),
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
      new KafkaJsInstrumentation(),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
