import * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import { createLogger } from '../log';
import { freePort } from '../../../../tools/testing/wait';
import {
  callUnary,
  createClient,
  grpcStatusToHttp,
  isGrpcStatusError,
  refuse,
  requireIdentity,
  serveCallsInProcess,
  startGrpcServer,
  unaryHandler,
  UserRoles,
  type CallerIdentity,
  type GrpcClientConstructor,
  type RunningGrpcServer,
} from './index';
import { createTestAuth } from '../auth/testing';
import { generateSigningKey, ServiceTokenIssuer } from '../auth';

// A tiny hand-written service with JSON messages, so these tests don't depend on generated code.
function jsonMethod<Req, Res>(name: string): grpc.MethodDefinition<Req, Res> {
  return {
    path: `/taal.test.v1.EchoService/${name}`,
    requestStream: false,
    responseStream: false,
    requestSerialize: (v: Req) => Buffer.from(JSON.stringify(v)),
    requestDeserialize: (b: Buffer) => JSON.parse(b.toString()) as Req,
    responseSerialize: (v: Res) => Buffer.from(JSON.stringify(v)),
    responseDeserialize: (b: Buffer) => JSON.parse(b.toString()) as Res,
  };
}

interface EchoRequest {
  text: string;
}
interface EchoResponse {
  text: string;
  identity: CallerIdentity | null;
}
interface FailRequest {
  kind: 'not-found' | 'crash' | 'sync-crash';
}
interface SlowRequest {
  ms: number;
}
interface BigRequest {
  bytes: number;
}

const EchoServiceService = {
  echo: jsonMethod<EchoRequest, EchoResponse>('Echo'),
  fail: jsonMethod<FailRequest, EchoResponse>('Fail'),
  slow: jsonMethod<SlowRequest, EchoResponse>('Slow'),
  big: jsonMethod<BigRequest, EchoResponse>('Big'),
};

type Cb<Res> = (error: grpc.ServiceError | null, response: Res) => void;
interface EchoServiceClient extends grpc.Client {
  echo(request: EchoRequest, callback: Cb<EchoResponse>): grpc.ClientUnaryCall;
  echo(
    request: EchoRequest,
    metadata: grpc.Metadata,
    options: Partial<grpc.CallOptions>,
    callback: Cb<EchoResponse>,
  ): grpc.ClientUnaryCall;
  fail(
    request: FailRequest,
    metadata: grpc.Metadata,
    options: Partial<grpc.CallOptions>,
    callback: Cb<EchoResponse>,
  ): grpc.ClientUnaryCall;
  slow(
    request: SlowRequest,
    metadata: grpc.Metadata,
    options: Partial<grpc.CallOptions>,
    callback: Cb<EchoResponse>,
  ): grpc.ClientUnaryCall;
  big(
    request: BigRequest,
    metadata: grpc.Metadata,
    options: Partial<grpc.CallOptions>,
    callback: Cb<EchoResponse>,
  ): grpc.ClientUnaryCall;
}
const EchoServiceClient = grpc.makeGenericClientConstructor(
  EchoServiceService,
  'taal.test.v1.EchoService',
) as unknown as GrpcClientConstructor<EchoServiceClient>;

const logger = createLogger('grpc-test');

const implementation = {
  big: unaryHandler<BigRequest, EchoResponse>(async (req) => ({ text: 'x'.repeat(req.bytes), identity: null })),
  echo: unaryHandler<EchoRequest, EchoResponse>(async (req, ctx) => ({
    text: req.text,
    identity: ctx.identity,
  })),
  fail: unaryHandler<FailRequest, EchoResponse>((req) => {
    if (req.kind === 'not-found') throw refuse('COURSE_NOT_FOUND');
    if (req.kind === 'sync-crash') throw new Error('sync secret details');
    return Promise.reject(new Error('database password=hunter2 rejected'));
  }, logger),
  slow: unaryHandler<SlowRequest, EchoResponse>(
    (req) =>
      new Promise((resolve) => {
        setTimeout(() => resolve({ text: 'slow', identity: null }), req.ms).unref();
      }),
  ),
};

// The echo server verifies its callers; tests call it as the gateway would.
const testAuth = createTestAuth(['gateway', 'echo', 'other']);
const asGateway = { issuer: testAuth.serviceAuth('gateway').issuer, audience: 'echo' };

function start(port = 0, shutdownTimeoutMs = 1000): Promise<RunningGrpcServer> {
  return startGrpcServer({
    host: '127.0.0.1',
    port,
    services: [{ definition: EchoServiceService, implementation }],
    auth: testAuth.serviceAuth('echo').authenticator,
    logger,
    shutdownTimeoutMs,
  });
}

function connect(port: number, options: { defaultDeadlineMs?: number } = {}): EchoServiceClient {
  return createClient(EchoServiceClient, `127.0.0.1:${port}`, { ...options, auth: asGateway });
}

async function expectGrpcError(p: Promise<unknown>, code: grpc.status): Promise<grpc.ServiceError> {
  try {
    await p;
  } catch (err) {
    if (!isGrpcStatusError(err)) throw err;
    expect(grpc.status[err.code]).toBe(grpc.status[code]);
    return err;
  }
  throw new Error(`expected ${grpc.status[code]}`);
}

// The same behaviour over loopback gRPC and in process (the all-in-one's calls, in-process.ts).
describe.each([
  ['over a loopback socket', false],
  ['in process', true],
])('gRPC helpers against a loopback server, %s', (_way, inProcess) => {
  let server: RunningGrpcServer;
  let client: EchoServiceClient;

  beforeAll(async () => {
    serveCallsInProcess(inProcess);
    server = await start();
    client = connect(server.port);
  });
  afterAll(async () => {
    client.close();
    await server.stop();
    serveCallsInProcess(false);
  });

  it('reports NOT_SERVING until told otherwise, per service and overall', async () => {
    const HealthClient = grpc.makeClientConstructor(
      healthService as unknown as grpc.ServiceDefinition,
      'grpc.health.v1.Health',
    );
    const health = new HealthClient(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure());
    const check = (service: string) =>
      callUnary<{ service: string }, { status: string }>(health, 'Check', { service });
    try {
      expect(await check('')).toEqual({ status: 'NOT_SERVING' });
      expect(await check('taal.test.v1.EchoService')).toEqual({ status: 'NOT_SERVING' });
      await expectGrpcError(check('nope.Service'), grpc.status.NOT_FOUND);

      server.health.setStatus('taal.test.v1.EchoService', true);
      expect(await check('taal.test.v1.EchoService')).toEqual({ status: 'SERVING' });
      expect(await check('')).toEqual({ status: 'NOT_SERVING' });
      server.health.setStatus('', true);
      expect(await check('')).toEqual({ status: 'SERVING' });
      server.health.setAll(false);
      expect(await check('taal.test.v1.EchoService')).toEqual({ status: 'NOT_SERVING' });
      server.health.setAll(true);
      expect(await check('')).toEqual({ status: 'SERVING' });
    } finally {
      health.close();
    }
  });

  it('reads the caller from a verified user token forwarded with a service token', async () => {
    const identity: CallerIdentity = { userId: 'u-42', userType: UserRoles.instructor };
    const userToken = await testAuth.userToken(identity);
    const res = await callUnary(client, 'echo', { text: 'hi' }, { userToken, deadlineMs: 2000 });
    // The token's session id travels too (identity spares the session that changes a password).
    expect(res).toEqual({ text: 'hi', identity: { ...identity, sessionId: 'test-session' } });
    const anonymous = await callUnary(client, 'echo', { text: 'anon' });
    expect(anonymous.identity).toBeNull();
  });

  it('refuses calls without valid service credentials, whatever the metadata claims', async () => {
    const bare = createClient(EchoServiceClient, `127.0.0.1:${server.port}`);
    const forged = new grpc.Metadata();
    forged.set('x-taal-user-id', 'admin');
    forged.set('x-taal-user-type', '1');
    try {
      const refused = await expectGrpcError(callUnary(bare, 'echo', { text: 'x' }, { metadata: forged }), grpc.status.UNAUTHENTICATED);
      expect(refused.details).toBe('Invalid or missing service credentials');
      // A token addressed to another service is not good here.
      const elsewhere = new ServiceTokenIssuer(testAuth.ring.signingKeys.gateway!);
      const wrongAudience = new grpc.Metadata();
      wrongAudience.set('authorization', `Bearer ${await elsewhere.tokenFor('other')}`);
      await expectGrpcError(callUnary(bare, 'echo', { text: 'x' }, { metadata: wrongAudience }), grpc.status.UNAUTHENTICATED);
      // A key outside the key set, even one named after a known service.
      const stranger = new ServiceTokenIssuer(generateSigningKey('gateway'));
      const unknownKey = new grpc.Metadata();
      unknownKey.set('authorization', `Bearer ${await stranger.tokenFor('echo')}`);
      await expectGrpcError(callUnary(bare, 'echo', { text: 'x' }, { metadata: unknownKey }), grpc.status.UNAUTHENTICATED);
    } finally {
      bare.close();
    }
  });

  it('ignores forged identity metadata and refuses bad user tokens', async () => {
    const forged = new grpc.Metadata();
    forged.set('x-taal-user-id', 'admin');
    forged.set('x-taal-user-type', '1');
    expect((await callUnary(client, 'echo', { text: 'x' }, { metadata: forged })).identity).toBeNull();

    const expired = await testAuth.userToken({ userId: 'u', userType: 4 }, { ttlSeconds: -5 });
    await expectGrpcError(callUnary(client, 'echo', { text: 'x' }, { userToken: expired }), grpc.status.UNAUTHENTICATED);
    // A token signed by a service key is not a user token.
    const other = createTestAuth(['gateway']);
    const foreign = await other.userToken({ userId: 'u', userType: 1 });
    await expectGrpcError(callUnary(client, 'echo', { text: 'x' }, { userToken: foreign }), grpc.status.UNAUTHENTICATED);
    await expectGrpcError(callUnary(client, 'echo', { text: 'x' }, { userToken: 'not.a.jwt' }), grpc.status.UNAUTHENTICATED);
  });

  it('keeps ServiceError codes and hides other errors behind INTERNAL', async () => {
    const nf = await expectGrpcError(callUnary(client, 'fail', { kind: 'not-found' }), grpc.status.NOT_FOUND);
    expect(nf.details).toBe('Course not found');
    const crash = await expectGrpcError(callUnary(client, 'fail', { kind: 'crash' }), grpc.status.INTERNAL);
    expect(crash.details).toBe('Internal error');
    const sync = await expectGrpcError(
      callUnary(client, 'fail', { kind: 'sync-crash' }),
      grpc.status.INTERNAL,
    );
    expect(sync.details).toBe('Internal error');
  });

  it("receives an answer over gRPC's 4 MB default (a whole catalogue of 10,000 courses is ~5 MB)", async () => {
    const { text } = await callUnary<BigRequest, EchoResponse>(client, 'big', { bytes: 12 << 20 });
    expect(text.length).toBe(12 << 20);
  });

  it('always sets a deadline: DEADLINE_EXCEEDED against a slow handler', async () => {
    const t0 = Date.now();
    await expectGrpcError(
      callUnary(client, 'slow', { ms: 3000 }, { deadlineMs: 200 }),
      grpc.status.DEADLINE_EXCEEDED,
    );
    expect(Date.now() - t0).toBeLessThan(1500);
  });

  it('uses the client default deadline and refuses infinite ones', async () => {
    const quick = connect(server.port, { defaultDeadlineMs: 150 });
    try {
      await expectGrpcError(callUnary(quick, 'slow', { ms: 3000 }), grpc.status.DEADLINE_EXCEEDED);
      await expect(callUnary(quick, 'echo', { text: 'x' }, { deadlineMs: Infinity })).rejects.toThrow(
        RangeError,
      );
      await expect(callUnary(quick, 'echo', { text: 'x' }, { deadlineMs: 0 })).rejects.toThrow(RangeError);
    } finally {
      quick.close();
    }
  });
});

describe('calls in process', () => {
  afterAll(() => serveCallsInProcess(false));

  it('reach the listed handler without the socket, and the network once the server stopped', async () => {
    serveCallsInProcess(true);
    const server = await start();
    const client = connect(server.port);
    try {
      expect((await callUnary(client, 'echo', { text: 'one' })).text).toBe('one');
      // The socket is gone; the call is still answered, so it never used it.
      server.server.forceShutdown();
      expect((await callUnary(client, 'echo', { text: 'two' })).text).toBe('two');
      await server.stop();
      await expectGrpcError(callUnary(client, 'echo', { text: 'three' }, { deadlineMs: 2000 }), grpc.status.UNAVAILABLE);
    } finally {
      client.close();
    }
  });
});

describe('gRPC client resilience', () => {
  it('fails fast with UNAVAILABLE when nothing listens', async () => {
    const port = await freePort();
    const client = connect(port);
    try {
      const t0 = Date.now();
      await expectGrpcError(
        callUnary(client, 'echo', { text: 'x' }, { deadlineMs: 10_000 }),
        grpc.status.UNAVAILABLE,
      );
      expect(Date.now() - t0).toBeLessThan(2000);
    } finally {
      client.close();
    }
  });

  it('finds a server again after it restarts on the same port', async () => {
    let server = await start();
    const { port } = server;
    const client = connect(port);
    try {
      expect((await callUnary(client, 'echo', { text: 'before' })).text).toBe('before');
      await server.stop();
      await expectGrpcError(
        callUnary(client, 'echo', { text: 'down' }, { deadlineMs: 3000 }),
        grpc.status.UNAVAILABLE,
      );

      server = await start(port);
      const t0 = Date.now();
      let text: string | undefined;
      while (Date.now() - t0 < 5000) {
        try {
          text = (await callUnary(client, 'echo', { text: 'after' }, { deadlineMs: 1000 })).text;
          break;
        } catch (err) {
          if (!isGrpcStatusError(err) || err.code !== grpc.status.UNAVAILABLE) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      expect(text).toBe('after');
      expect(Date.now() - t0).toBeLessThan(3000);
    } finally {
      client.close();
      await server.stop();
    }
  });

  it('forces shutdown when in-flight calls outlast the timeout', async () => {
    const server = await start(0, 300);
    const client = connect(server.port);
    try {
      const pending = callUnary(client, 'slow', { ms: 10_000 }, { deadlineMs: 20_000 });
      await new Promise((r) => setTimeout(r, 100));
      const t0 = Date.now();
      await server.stop();
      expect(Date.now() - t0).toBeLessThan(2000);
      await expect(pending).rejects.toBeDefined();
    } finally {
      client.close();
    }
  });
});

describe('requireIdentity', () => {
  it('requireIdentity checks presence and type', () => {
    expect(() => requireIdentity({ identity: null })).toThrow('Please login first');
    expect(() => requireIdentity({ identity: { userId: 'a', userType: 4 } }, 1, 2)).toThrow(
      'You do not have permission to do this',
    );
    expect(requireIdentity({ identity: { userId: 'a', userType: 1 } }, 1)).toEqual({
      userId: 'a',
      userType: 1,
    });
  });
});

describe('grpcStatusToHttp', () => {
  it('maps every status code', () => {
    const s = grpc.status;
    const expected: [grpc.status, number][] = [
      [s.OK, 200],
      [s.CANCELLED, 500],
      [s.UNKNOWN, 500],
      [s.INVALID_ARGUMENT, 400],
      [s.DEADLINE_EXCEEDED, 504],
      [s.NOT_FOUND, 404],
      [s.ALREADY_EXISTS, 409],
      [s.PERMISSION_DENIED, 403],
      [s.RESOURCE_EXHAUSTED, 429],
      [s.FAILED_PRECONDITION, 400],
      [s.ABORTED, 409],
      [s.OUT_OF_RANGE, 400],
      [s.UNIMPLEMENTED, 501],
      [s.INTERNAL, 500],
      [s.UNAVAILABLE, 503],
      [s.DATA_LOSS, 500],
      [s.UNAUTHENTICATED, 401],
    ];
    for (const [code, http] of expected) expect([s[code], grpcStatusToHttp(code)]).toEqual([s[code], http]);
  });
});

// Compile-time check of callUnary's inference from a generated-style client (never run).
export async function _typeCheck(client: EchoServiceClient): Promise<EchoResponse> {
  const res: EchoResponse = await callUnary(client, 'echo', { text: 'x' });
  return res;
}
