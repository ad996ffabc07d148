import type { payoutsV1 } from '@taal/contracts';
import { unaryHandler } from '@taal/kit';
import type { Payouts } from '../app/payouts';


/** gRPC transport of payouts: decodes, calls the use case, encodes. Authorisation is in the use cases. */
export function payoutsGrpcService(payouts: Payouts): payoutsV1.PayoutsServiceServer {
  return {
    listSales: unaryHandler(async (req: payoutsV1.ListSalesRequest, ctx) => payouts.listSales(ctx.identity, req)),
    getInstructorTotals: unaryHandler(async (req: payoutsV1.GetInstructorTotalsRequest, ctx) => {
      const totals = await payouts.instructorTotals(ctx.identity, req.instructorId);
      const { courses } = await payouts.courseTotalsOf(ctx.identity, req.instructorId);
      return { totals, courses };
    }),
    listInstructorTotals: unaryHandler(async (req: payoutsV1.ListInstructorTotalsRequest, ctx) => ({
      instructors: await payouts.listInstructorTotals(ctx.identity, req.instructorIds),
    })),
    listCourseTotals: unaryHandler(async (req: payoutsV1.ListCourseTotalsRequest, ctx) => payouts.courseTotalsOf(ctx.identity, req.instructorId, req)),
    myInstructor: unaryHandler(async (_req: payoutsV1.MyInstructorRequest, ctx) => ({
      instructorId: payouts.myInstructor(ctx.identity),
    })),
    settleDue: unaryHandler(async (req: payoutsV1.SettleDueRequest, ctx) => ({ totals: await payouts.settleDue(ctx.identity, req) })),
    createSettlement: unaryHandler(async (req: payoutsV1.CreateSettlementRequest, ctx) => ({
      settlement: await payouts.createSettlement(ctx.identity, req),
    })),
    listSettlements: unaryHandler(async (req: payoutsV1.ListSettlementsRequest, ctx) => payouts.listSettlements(ctx.identity, req)),
    getReceipt: unaryHandler(async (req: payoutsV1.GetReceiptRequest, ctx) => payouts.receipt(ctx.identity, req.settlementId)),
    getStatement: unaryHandler(async (req: payoutsV1.GetStatementRequest, ctx) => ({
      pdf: await payouts.statement(ctx.identity, req),
    })),
    getSocialFigures: unaryHandler(async () => ({ figures: await payouts.social() })),
    setSocialFigures: unaryHandler(async (req: payoutsV1.SetSocialFiguresRequest, ctx) => ({
      figures: await payouts.setSocial(ctx.identity, req.figures),
    })),
    salesSummary: unaryHandler(async (req: payoutsV1.SalesSummaryRequest, ctx) => payouts.salesSummary(ctx.identity, req)),
  };
}
