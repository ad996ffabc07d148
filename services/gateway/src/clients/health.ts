import { credentials, makeGenericClientConstructor, type Client } from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import { DEFAULT_CHANNEL_OPTIONS } from '@taal/kit';

const HealthClient = makeGenericClientConstructor(healthService, 'grpc.health.v1.Health');

/** Asks a service's grpc.health.v1 endpoint whether it is SERVING, within a deadline. */
export function healthProbe(address: string, serviceName: string, deadlineMs: number) {
  // The same reconnect backoff as the service clients, so readiness recovers as fast as the calls do.
  const client = new HealthClient(address, credentials.createInsecure(), {
    ...DEFAULT_CHANNEL_OPTIONS,
  }) as Client & Record<string, (...args: unknown[]) => void>;
  return {
    check(): Promise<boolean> {
      return new Promise((resolve) => {
        client.check!({ service: serviceName }, { deadline: Date.now() + deadlineMs }, (error: unknown, reply?: { status?: string | number }) =>
          resolve(!error && (reply?.status === 'SERVING' || reply?.status === 1)),
        );
      });
    },
    close: () => client.close(),
  };
}
