import type { learningV1 } from '@taal/contracts';
import { unaryHandler } from '@taal/kit';
import type { Certificates } from '../app/certificates';
import type { Learning } from '../app/learning';

/**
 * gRPC adapter of the learning use cases (src/app) that other processes call (issue 52): messaging's
 * lookups (a classroom, a course's lessons), the catalogue's routes (lessons added and undone) and the
 * gateway's page records (a certificate). Learning's own routes call the use cases directly.
 */
export function learningGrpcService(learning: Learning, certificates: Certificates): learningV1.LearningServiceServer {
  return {
    getSecureCourse: unaryHandler(async (req: learningV1.GetSecureCourseRequest, ctx) => learning.secureCourse(ctx, req)),
    listClassroom: unaryHandler(async (_req: learningV1.ListClassroomRequest, ctx) => ({ courses: await learning.classroom(ctx) })),
    addLesson: unaryHandler(async (req: learningV1.AddLessonRequest, ctx) => ({ lesson: await learning.addLesson(ctx, req) })),
    deleteCourseLessons: unaryHandler(async (req: learningV1.DeleteCourseLessonsRequest, ctx) => ({ deleted: await learning.deleteCourseLessons(ctx, req) })),
    verifyCertificate: unaryHandler(async (req: learningV1.VerifyCertificateRequest) => ({ certificate: await certificates.verify(req) })),
  };
}
