/**
 * Payouts' use cases called by name, as its tests have always called them (issue 52): before, through
 * gRPC methods that only its own routes used; now directly, as those routes do. Each call answers in the
 * shape the method had and rejects like a gRPC call (code, details, metadata), so the tests read as before.
 */
import { Metadata } from '@grpc/grpc-js';
import { payoutsV1 } from '@taal/contracts';
import type { CallerIdentity } from '@taal/kit';
import type { PayoutsCaller } from '../app/payouts';
import type { PayoutsUseCases } from '../api/shape';

/* eslint-disable @typescript-eslint/no-explicit-any -- requests arrive as the tests write them, per method */
type Call = (ctx: PayoutsCaller, req: any) => Promise<unknown>;

function callsOf({ payouts }: PayoutsUseCases): Record<string, Call> {
  return {
    listSales: (ctx, req) => payouts.listSales(ctx, req),
    getInstructorTotals: async (ctx, req) => {
      const totals = await payouts.instructorTotals(ctx, req.instructorId);
      const { courses } = await payouts.courseTotalsOf(ctx, req.instructorId);
      return { totals, courses };
    },
    listInstructorTotals: async (ctx, req) => ({ instructors: await payouts.listInstructorTotals(ctx, req.instructorIds) }),
    listCourseTotals: (ctx, req) => payouts.courseTotalsOf(ctx, req.instructorId, req),
    myInstructor: async (ctx) => ({ instructorId: payouts.myInstructor(ctx) }),
    settleDue: async (ctx, req) => ({ totals: await payouts.settleDue(ctx, req) }),
    createSettlement: async (ctx, req) => ({ settlement: await payouts.createSettlement(ctx, req) }),
    listSettlements: (ctx, req) => payouts.listSettlements(ctx, req),
    getReceipt: (ctx, req) => payouts.receipt(ctx, req.settlementId),
    getStatement: async (ctx, req) => ({ pdf: await payouts.statement(ctx, req) }),
    getSocialFigures: async () => ({ figures: await payouts.social() }),
    setSocialFigures: async (ctx, req) => ({ figures: await payouts.setSocial(ctx, req.figures) }),
    salesSummary: (ctx, req) => payouts.salesSummary(ctx, req),
  };
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** `call(method, request, identity?)`: for that user (none: no user), as payouts' own routes call. */
export function useCaseCalls(useCases: PayoutsUseCases) {
  const calls = callsOf(useCases);
  return async <Res = Record<string, never>>(method: string, request: object, identity?: CallerIdentity): Promise<Res> => {
    const call = calls[method];
    if (!call) throw new Error(`payouts has no use case called ${method}`);
    try {
      // Every field the test leaves out has its message's default, as on the wire.
      const messages = payoutsV1 as unknown as Record<string, { fromPartial(o: object): object }>;
      const message = messages[`${method[0]!.toUpperCase()}${method.slice(1)}Request`];
      return (await call({ identity: identity ?? null }, message ? message.fromPartial(request) : request)) as Res;
    } catch (err) {
      // A refusal (the kit's ServiceError) as a gRPC client would have seen it.
      const e = err as { code?: unknown; message: string; metadata?: Metadata };
      if (typeof e.code !== 'number') throw err;
      throw Object.assign(new Error(e.message), { code: e.code, details: e.message, metadata: e.metadata ?? new Metadata() });
    }
  };
}
