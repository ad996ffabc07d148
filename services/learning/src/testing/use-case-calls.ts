/**
 * Learning's use cases called by name, as its tests have always called them (issue 52): before, through
 * gRPC methods that only its own routes used; now directly, as those routes do. Each call answers in the
 * shape the method had and rejects as the use case refuses (a ServiceError reads like a gRPC error). The
 * methods other processes still call (GetSecureCourse, ListClassroom, AddLesson, DeleteCourseLessons,
 * VerifyCertificate) are tested over gRPC, as they are called.
 */
import { examsV1, learningV1, practicalV1, practiceV1 } from '@taal/contracts';
import { callsByName, type NamedCall } from '../../../../tools/testing/use-case-calls';
import type { CallerIdentity } from '@taal/kit';
import type { LearningUseCases } from '../api/shape';

function callsOf({ learning, certificates, exams, practicals, practice }: LearningUseCases): Record<string, NamedCall> {
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

/**
 * `call(method, request, identity?, accessToken?)` on the use cases `current()` gives (a test may restart
 * learning): as the gateway for that user (none: no user), with their token when given.
 */
export function useCaseCalls(current: () => LearningUseCases) {
  const call = callsByName('learning', () => callsOf(current()), learningV1, examsV1, practicalV1, practiceV1);
  return <Res = Record<string, never>>(method: string, request: object, identity?: CallerIdentity, accessToken?: string) =>
    call<Res>(method, request, identity, 'gateway', accessToken);
}
