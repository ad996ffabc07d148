import type { conductV1 } from '@taal/contracts';
import { unaryHandler } from '@taal/kit';
import type { Conduct } from '../app/conduct';

/** gRPC adapter of the conduct use cases (app/conduct.ts): reports and blocks (decision 0076). */
export function conductGrpcService(c: Conduct): conductV1.ConductServiceServer {
  return {
    reportItem: unaryHandler(async (req: conductV1.ReportItemRequest, ctx) => ({ report: await c.report(ctx, req) })),
    listReports: unaryHandler(async (req: conductV1.ListReportsRequest, ctx) => {
      const { items, next } = await c.queue(ctx, req.openOnly, req);
      return { reports: items, next };
    }),
    decideReport: unaryHandler(async (req: conductV1.DecideReportRequest, ctx) => ({ report: await c.decide(ctx, req) })),
    blockSender: unaryHandler(async (req: conductV1.BlockSenderRequest, ctx) => ({ block: await c.block(ctx, req) })),
    listBlocks: unaryHandler(async (_req: conductV1.ListBlocksRequest, ctx) => ({ blocks: await c.blocks(ctx) })),
  };
}
