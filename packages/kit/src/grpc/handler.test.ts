/**
 * A handler whose database is away (a restart: issue 23's fault suite) refuses the call as
 * UNAVAILABLE, which the edge answers 503 SERVICE_UNAVAILABLE, instead of INTERNAL (a 500).
 */
import { Metadata, status, type ServerUnaryCall, type ServiceError as GrpcError } from '@grpc/grpc-js';
import { Client } from 'pg';
import { DatabaseError } from 'pg-protocol';
import pino from 'pino';
import { freePort } from '../../../../tools/testing/wait';
import { DATABASE_AWAY_MESSAGE, INTERNAL_ERROR_MESSAGE, isServerAway, unaryHandler } from './handler';

/** Runs a handler that throws `error`; answers what reached the caller. */
function answerOf(error: unknown): Promise<Partial<GrpcError> | null> {
  const handler = unaryHandler(() => Promise.reject(error), pino({ level: 'silent' }));
  const call = { request: {}, metadata: new Metadata(), getPath: () => '/taal.test.v1.Test/Call', cancelled: false } as unknown as ServerUnaryCall<object, object>;
  return new Promise((resolve) => handler(call, (err) => resolve(err as Partial<GrpcError> | null)));
}

/** The error pg gives for a database nobody answers at. */
async function refusedConnection(): Promise<unknown> {
  const client = new Client({ host: '127.0.0.1', port: await freePort(), user: 'x', database: 'x' });
  return client.connect().then(
    () => new Error('connected to nothing'),
    (err: unknown) => err,
  );
}

describe('a gRPC handler whose database is away', () => {
  it('refuses as UNAVAILABLE when the database refuses connections, shuts down, starts up or drops the connection', async () => {
    const shuttingDown = new DatabaseError('terminating connection due to administrator command', 100, 'error');
    shuttingDown.code = '57P01';
    const startingUp = new DatabaseError('the database system is starting up', 100, 'error');
    startingUp.code = '57P03';
    const linkFailure = new DatabaseError('connection failure', 100, 'error');
    linkFailure.code = '08006';
    for (const error of [await refusedConnection(), shuttingDown, startingUp, linkFailure, new Error('Connection terminated unexpectedly')]) {
      expect(isServerAway(error)).toBe(true);
      expect(await answerOf(error)).toMatchObject({ code: status.UNAVAILABLE, details: DATABASE_AWAY_MESSAGE });
    }
  });

  it('keeps every other failure INTERNAL with the generic message', async () => {
    const constraint = new DatabaseError('duplicate key value violates unique constraint', 100, 'error');
    constraint.code = '23505';
    for (const error of [constraint, new Error('boom'), new TypeError("Cannot read properties of undefined (reading 'id')")]) {
      expect(isServerAway(error)).toBe(false);
      expect(await answerOf(error)).toMatchObject({ code: status.INTERNAL, details: INTERNAL_ERROR_MESSAGE });
    }
  });
});
