import { catalogueV1, ServiceNames } from '@taal/contracts';
import { callUnary, createClient, type ServiceTokenIssuer } from '@taal/kit';

/** A course's instructor profile (catalogue id), or null for no such course: who may reply to its reviews. */
export interface CourseInstructors {
  instructorOf(courseId: string): Promise<string | null>;
  close(): void;
}

/** The catalogue's GetCourse, asked by messaging itself (a service caller, no user). */
export function courseInstructors(address: string, issuer: ServiceTokenIssuer): CourseInstructors {
  const client = createClient(catalogueV1.CatalogueServiceClient, address, { auth: { issuer, audience: ServiceNames.catalogue }, defaultDeadlineMs: 5000 });
  return {
    async instructorOf(courseId) {
      try {
        const { course } = await callUnary(client, 'getCourse', catalogueV1.GetCourseRequest.fromPartial({ id: courseId }));
        return course?.instructorId || null;
      } catch (err) {
        if ((err as { code?: number }).code === 5) return null;
        throw err;
      }
    },
    close: () => client.close(),
  };
}
