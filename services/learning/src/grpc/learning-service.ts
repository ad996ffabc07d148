import type { learningV1 } from '@taal/contracts';
import { unaryHandler } from '@taal/kit';
import type { Certificates } from '../app/certificates';
import type { Learning } from '../app/learning';

/** gRPC adapter of the learning use cases (src/app): requests in, answers out. */
export function learningGrpcService(learning: Learning, certificates: Certificates): learningV1.LearningServiceServer {
  return {
    getSecureCourse: unaryHandler(async (req: learningV1.GetSecureCourseRequest, ctx) => learning.secureCourse(ctx, req)),
    getPlayback: unaryHandler(async (req: learningV1.GetPlaybackRequest, ctx) => learning.playback(ctx, req)),
    recordProgress: unaryHandler(async (req: learningV1.RecordProgressRequest, ctx) => ({ progress: await learning.recordProgress(ctx, req) })),
    listClassroom: unaryHandler(async (_req: learningV1.ListClassroomRequest, ctx) => ({ courses: await learning.classroom(ctx) })),
    listExpiredEnrolments: unaryHandler(async (_req: learningV1.ListExpiredEnrolmentsRequest, ctx) => ({ enrolments: await learning.expired(ctx) })),
    renameLesson: unaryHandler(async (req: learningV1.RenameLessonRequest, ctx) => ({ lesson: await learning.renameLesson(ctx, req) })),
    addLesson: unaryHandler(async (req: learningV1.AddLessonRequest, ctx) => ({ lesson: await learning.addLesson(ctx, req) })),
    deleteCourseLessons: unaryHandler(async (req: learningV1.DeleteCourseLessonsRequest, ctx) => ({ deleted: await learning.deleteCourseLessons(ctx, req) })),
    requestCertificate: unaryHandler(async (req: learningV1.RequestCertificateRequest, ctx) => certificates.request(ctx, req)),
    listCertificateRequests: unaryHandler(async (req: learningV1.ListCertificateRequestsRequest, ctx) => certificates.list(ctx, req)),
    listMyCertificates: unaryHandler(async (_req: learningV1.ListMyCertificatesRequest, ctx) => certificates.mine(ctx)),
    provideCertificate: unaryHandler(async (req: learningV1.ProvideCertificateRequest, ctx) => ({ certificate: await certificates.provide(ctx, req) })),
    verifyCertificate: unaryHandler(async (req: learningV1.VerifyCertificateRequest) => ({ certificate: await certificates.verify(req) })),
    getCertificatePdf: unaryHandler(async (req: learningV1.GetCertificatePdfRequest) => ({ pdf: await certificates.pdf(req) })),
  };
}
