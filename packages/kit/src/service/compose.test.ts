import * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import { createTestAuth } from '../auth/testing';
import { callUnary } from '../grpc';
import { createLogger } from '../log';
import { addressOf, composeService, type Wired } from './compose';

const logger = createLogger('compose-test', 'silent');
const auth = createTestAuth(['probe', 'sample']).serviceAuth('sample');

/** A one-method service; what it answers does not matter here, only that it is served. */
const SampleService: grpc.ServiceDefinition = {
  ping: {
    path: '/taal.test.v1.SampleService/Ping',
    requestStream: false,
    responseStream: false,
    requestSerialize: (v: object) => Buffer.from(JSON.stringify(v)),
    requestDeserialize: (b: Buffer) => JSON.parse(b.toString()) as object,
    responseSerialize: (v: object) => Buffer.from(JSON.stringify(v)),
    responseDeserialize: (b: Buffer) => JSON.parse(b.toString()) as object,
  },
};
const sample = { definition: SampleService, implementation: { ping: (_call: unknown, cb: (e: null, r: object) => void) => cb(null, {}) } };

function healthOf(port: number) {
  const Health = grpc.makeClientConstructor(healthService as unknown as grpc.ServiceDefinition, 'grpc.health.v1.Health');
  const client = new Health(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  return { check: (service: string) => callUnary<{ service: string }, { status: string }>(client, 'Check', { service }), close: () => client.close() };
}

describe('composeService: the one composition root', () => {
  it('serves once the wiring is done, reports every service serving, and stops the server first, then what was kept, newest first', async () => {
    const events: string[] = [];
    const running = await composeService({ name: 'sample', logger, host: '127.0.0.1', port: 0, auth }, async ({ keep }): Promise<Wired<{ answer: number }>> => {
      keep({ close: () => void events.push('client closed') });
      keep({ stop: async () => void events.push('consumer stopped') });
      keep({ stop: async () => void events.push('job stopped') });
      return { services: [sample], extras: { answer: 42 } };
    });
    const health = healthOf(running.port);
    try {
      expect(running.answer).toBe(42);
      expect(await health.check('')).toEqual({ status: 'SERVING' });
      expect(await health.check('taal.test.v1.SampleService')).toEqual({ status: 'SERVING' });
    } finally {
      health.close();
    }
    await running.stop();
    expect(events).toEqual(['job stopped', 'consumer stopped', 'client closed']);
    // The server is gone: nothing listens on its port any more.
    const after = healthOf(running.port);
    try {
      await expect(after.check('')).rejects.toMatchObject({ code: grpc.status.UNAVAILABLE });
    } finally {
      after.close();
    }
  });

  it('closes what the wiring had opened when the start fails part-way, and rethrows', async () => {
    const events: string[] = [];
    await expect(
      composeService({ name: 'sample', logger, host: '127.0.0.1', port: 0, auth }, async ({ keep }) => {
        keep({ stop: async () => void events.push('consumer stopped') });
        throw new Error('the second consumer could not join');
      }),
    ).rejects.toThrow('the second consumer could not join');
    expect(events).toEqual(['consumer stopped']);
  });

  it('names the service a service needs when the registry lists it too late', () => {
    const endpoints = [{ name: 'catalogue', address: '127.0.0.1:50051', healthName: 'x' }];
    expect(addressOf(endpoints, 'catalogue', 'commerce')).toBe('127.0.0.1:50051');
    expect(() => addressOf(endpoints, 'commerce', 'the store')).toThrow('the store needs the commerce service, which the registry does not list before it');
  });
});
