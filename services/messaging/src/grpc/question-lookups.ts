import { catalogueV1, learningV1, ServiceNames } from '@taal/contracts';
import { callUnary, createClient, type ServiceTokenIssuer } from '@taal/kit';

/** What lesson questions ask the catalogue and learning (decision 0050). */
export interface QuestionLookups {
  /** A course's instructor profile and title; null when there is no such course. */
  course(courseId: string): Promise<{ instructorId: string; title: string } | null>;
  /** A lesson of the course as the caller sees the course (learning, with the caller's token); null when the course has no such lesson. */
  lesson(userToken: string, courseId: string, lessonId: string): Promise<{ title: string } | null>;
  close(): void;
}

const isNotFound = (err: unknown) => (err as { code?: number }).code === 5;

export function questionLookups(catalogueAddress: string, learningAddress: string, issuer: ServiceTokenIssuer): QuestionLookups {
  const catalogue = createClient(catalogueV1.CatalogueServiceClient, catalogueAddress, { auth: { issuer, audience: ServiceNames.catalogue }, defaultDeadlineMs: 5000 });
  const learning = createClient(learningV1.LearningServiceClient, learningAddress, { auth: { issuer, audience: ServiceNames.learning }, defaultDeadlineMs: 5000 });
  return {
    async course(courseId) {
      try {
        const { course } = await callUnary(catalogue, 'getCourse', catalogueV1.GetCourseRequest.fromPartial({ id: courseId }));
        return course ? { instructorId: course.instructorId, title: course.title } : null;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async lesson(userToken, courseId, lessonId) {
      try {
        const { lessons } = await callUnary(learning, 'getSecureCourse', learningV1.GetSecureCourseRequest.fromPartial({ courseId }), { userToken });
        const found = lessons.find((l) => l.id === lessonId);
        return found ? { title: found.title } : null;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    close() {
      catalogue.close();
      learning.close();
    },
  };
}
