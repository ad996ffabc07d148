import type { practiceV1 } from '@taal/contracts';
import { unaryHandler } from '@taal/kit';
import type { Practice } from '../app/practice';

/** gRPC adapter of the passages and the practice log (src/app/practice.ts): requests in, answers out. */
export function practiceGrpcService(practice: Practice): practiceV1.PracticeServiceServer {
  return {
    savePassage: unaryHandler(async (req: practiceV1.SavePassageRequest, ctx) => ({ passage: await practice.save(ctx, req) })),
    deletePassage: unaryHandler(async (req: practiceV1.DeletePassageRequest, ctx) => ({ deleted: await practice.delete(ctx, req) })),
    listPassages: unaryHandler(async (req: practiceV1.ListPassagesRequest, ctx) => ({ passages: await practice.list(ctx, req) })),
    reportPractice: unaryHandler(async (req: practiceV1.ReportPracticeRequest, ctx) => ({ accepted: await practice.report(ctx, req) })),
    getPracticeLog: unaryHandler(async (req: practiceV1.GetPracticeLogRequest, ctx) => ({ log: await practice.log(ctx, req) })),
    getPassageStats: unaryHandler(async (req: practiceV1.GetPassageStatsRequest, ctx) => ({ stats: await practice.stats(ctx, req) })),
  };
}
