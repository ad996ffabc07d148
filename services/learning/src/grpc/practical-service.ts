import type { practicalV1 } from '@taal/contracts';
import { unaryHandler } from '@taal/kit';
import type { Practicals } from '../app/practicals';

/** gRPC adapter of the practical exams (src/app/practicals.ts): requests in, answers out. */
export function practicalGrpcService(practicals: Practicals): practicalV1.PracticalServiceServer {
  return {
    getPracticalBrief: unaryHandler(async (req: practicalV1.GetPracticalBriefRequest, ctx) => practicals.brief(ctx, req)),
    savePracticalBrief: unaryHandler(async (req: practicalV1.SavePracticalBriefRequest, ctx) => ({ brief: await practicals.saveBrief(ctx, req) })),
    getStudentPractical: unaryHandler(async (req: practicalV1.GetStudentPracticalRequest, ctx) => ({ practical: await practicals.forStudent(ctx, req) })),
    submitPractical: unaryHandler(async (req: practicalV1.SubmitPracticalRequest, ctx) => ({ submission: await practicals.submit(ctx, req) })),
    listPracticalSubmissions: unaryHandler(async (req: practicalV1.ListPracticalSubmissionsRequest, ctx) => ({ submissions: await practicals.list(ctx, req) })),
    gradePractical: unaryHandler(async (req: practicalV1.GradePracticalRequest, ctx) => ({ submission: await practicals.grade(ctx, req) })),
  };
}
