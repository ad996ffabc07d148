/**
 * Learning's use cases called by name, as its tests have always called them (issue 52): before, through
 * gRPC methods that only its own routes used; now directly, as those routes do. Each call answers in the
 * shape the method had and rejects as the use case refuses (a ServiceError reads like a gRPC error). The
 * methods other processes still call (GetSecureCourse, ListClassroom, AddLesson, DeleteCourseLessons,
 * VerifyCertificate) are tested over gRPC, as they are called.
 */
import { examsV1, learningV1, practicalV1, practiceV1 } from '@taal/contracts';
import type { CallerIdentity } from '@taal/kit';
import type { LearningUseCases } from '../api/shape';

type Ctx = { identity: CallerIdentity | null; callerService: string; accessToken?: string };
/* eslint-disable @typescript-eslint/no-explicit-any -- requests arrive as the tests write them, per method */
type Call = (ctx: Ctx, req: any) => Promise<unknown>;

function callsOf({ learning, certificates, exams, practicals, practice }: LearningUseCases): Record<string, Call> {
  return {
    // Lessons and progress.
    getPlayback: (ctx, req) => learning.playback(ctx, req),
    recordProgress: async (ctx, req) => ({ progress: await learning.recordProgress(ctx, req) }),
    listExpiredEnrolments: async (ctx) => ({ enrolments: await learning.expired(ctx) }),
    renameLesson: async (ctx, req) => ({ lesson: await learning.renameLesson(ctx, req) }),
    // Certificates.
    requestCertificate: (ctx, req) => certificates.request(ctx, req),
    listCertificateRequests: (ctx, req) => certificates.list(ctx, req),
    listMyCertificates: (ctx) => certificates.mine(ctx),
    provideCertificate: async (ctx, req) => ({ certificate: await certificates.provide(ctx, req) }),
    getCertificatePdf: async (_ctx, req) => ({ pdf: await certificates.pdf(req) }),
    // Theory exams.
    getExam: (ctx, req) => exams.get(ctx, req),
    saveExam: async (ctx, req) => ({ exam: await exams.save(ctx, req) }),
    deleteExam: async (ctx, req) => ({ deleted: await exams.delete(ctx, req) }),
    addExamAudio: (ctx, req) => exams.addAudio(ctx, req),
    getStudentExam: async (ctx, req) => ({ exam: await exams.forStudent(ctx, req) }),
    startAttempt: async (ctx, req) => ({ exam: await exams.start(ctx, req) }),
    submitAttempt: (ctx, req) => exams.submit(ctx, req),
    // Practical exams.
    getPracticalBrief: (ctx, req) => practicals.brief(ctx, req),
    savePracticalBrief: async (ctx, req) => ({ brief: await practicals.saveBrief(ctx, req) }),
    getStudentPractical: async (ctx, req) => ({ practical: await practicals.forStudent(ctx, req) }),
    submitPractical: async (ctx, req) => ({ submission: await practicals.submit(ctx, req) }),
    listPracticalSubmissions: async (ctx, req) => ({ submissions: await practicals.list(ctx, req) }),
    gradePractical: async (ctx, req) => ({ submission: await practicals.grade(ctx, req) }),
    // Passages and the practice log.
    savePassage: async (ctx, req) => ({ passage: await practice.save(ctx, req) }),
    deletePassage: async (ctx, req) => ({ deleted: await practice.delete(ctx, req) }),
    listPassages: async (ctx, req) => ({ passages: await practice.list(ctx, req) }),
    reportPractice: async (ctx, req) => ({ accepted: await practice.report(ctx, req) }),
    getPracticeLog: async (ctx, req) => ({ log: await practice.log(ctx, req) }),
    getPassageStats: async (ctx, req) => ({ stats: await practice.stats(ctx, req) }),
  };
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The request messages of learning's four protos, by name. */
const messages = [learningV1, examsV1, practicalV1, practiceV1] as unknown as Record<string, { fromPartial(o: object): object } | undefined>[];

/**
 * `call(method, request, identity?, accessToken?)` on the use cases `current()` gives (a test may restart
 * learning): as the gateway for that user (none: a visitor), with their token when given.
 */
export function useCaseCalls(current: () => LearningUseCases) {
  return async <Res = Record<string, never>>(method: string, request: object, identity?: CallerIdentity, accessToken?: string): Promise<Res> => {
    const call = callsOf(current())[method];
    if (!call) throw new Error(`learning has no use case called ${method}`);
    // Every field the test leaves out has its message's default, as on the wire.
    const name = `${method[0]!.toUpperCase()}${method.slice(1)}Request`;
    const message = messages.map((m) => m[name]).find((m) => m !== undefined);
    return (await call({ identity: identity ?? null, callerService: 'gateway', accessToken }, message ? message.fromPartial(request) : request)) as Res;
  };
}
