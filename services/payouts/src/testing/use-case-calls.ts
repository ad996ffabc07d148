/**
 * Payouts' use cases called by name, as its tests have always called them (issue 52): before, through
 * gRPC methods that only its own routes used; now directly, as those routes do. Each call answers in the
 * shape the method had and rejects like a gRPC call (code, details, metadata), so the tests read as before.
 */
import { payoutsV1 } from '@taal/contracts';
import { callsByName, type NamedCall } from '../../../../tools/testing/use-case-calls';
import type { PayoutsUseCases } from '../api/shape';

function callsOf({ payouts }: PayoutsUseCases): Record<string, NamedCall> {
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

/** `call(method, request, identity?, callerService?)`: as the gateway by default, for that user (none: no user). */
export function useCaseCalls(useCases: PayoutsUseCases) {
  const calls = callsOf(useCases);
  return callsByName('payouts', () => calls, payoutsV1);
}
