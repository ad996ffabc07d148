/**
 * A service's use cases called by name, as its tests called its gRPC methods before issue 52 (decision
 * 0093): a service's `src/testing/use-case-calls.ts` lists its calls (`calls()` again on every call: a test
 * may restart the service), and this gives them the wire's manners. A request gets its message's defaults for every field the test leaves out, and a refusal (the
 * kit's ServiceError) rejects as a gRPC client's error would (code, details, metadata).
 */
import { Metadata } from '@grpc/grpc-js';
import type { CallerIdentity } from '@taal/kit';

/** Who is asking, as a route passes it: the user (none: a visitor or a service) and the calling service. */
export type NamedCallContext = { identity: CallerIdentity | null; callerService: string; accessToken?: string };
/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- requests arrive as the tests write them, per method */
export type NamedCall = (ctx: NamedCallContext, req: any) => Promise<unknown>;

/**
 * `call(method, request, identity?, callerService?, accessToken?)`: as the gateway by default, for that user
 * (none: no user), with their token when given (a use case that asks another service for them).
 */
export function callsByName(service: string, calls: () => Record<string, NamedCall>, ...messages: object[]) {
  const codecs = messages as Record<string, { fromPartial(o: object): object } | undefined>[];
  return async <Res = Record<string, never>>(method: string, request: object, identity?: CallerIdentity, callerService = 'gateway', accessToken?: string): Promise<Res> => {
    const call = calls()[method];
    if (!call) throw new Error(`${service} has no use case called ${method}`);
    try {
      const name = `${method[0]!.toUpperCase()}${method.slice(1)}Request`;
      const message = codecs.map((m) => m[name]).find((m) => m !== undefined);
      return (await call({ identity: identity ?? null, callerService, accessToken }, message ? message.fromPartial(request) : request)) as Res;
    } catch (err) {
      const e = err as { code?: unknown; message: string; metadata?: Metadata };
      if (typeof e.code !== 'number') throw err;
      throw Object.assign(new Error(e.message), { code: e.code, details: e.message, metadata: e.metadata ?? new Metadata() });
    }
  };
}
