import { status } from '@grpc/grpc-js';
import { catalogueV1, ServiceNames } from '@taal/contracts';
import { callUnary, createClient, isGrpcStatusError, refuse, type ServiceTokenIssuer } from '@taal/kit';
import type { CourseSource } from '../app/commerce';

/**
 * The catalogue as commerce's price source: GetCourse over gRPC, signed with commerce's own
 * service token and no user token, so unpublished courses are NOT_FOUND (null here).
 */
export function catalogueCourses(address: string, issuer: ServiceTokenIssuer, deadlineMs = 5000): CourseSource & { close(): void } {
  const client = createClient(catalogueV1.CatalogueServiceClient, address, {
    auth: { issuer, audience: ServiceNames.catalogue },
    defaultDeadlineMs: deadlineMs,
  });
  return {
    async getCourse(id, withSaleTerms = false) {
      try {
        const { course, instructorPercentage } = await callUnary(client, 'getCourse', catalogueV1.GetCourseRequest.fromPartial({ id, withSaleTerms }));
        if (!course) return null;
        return withSaleTerms ? { ...course, saleTerms: { instructorId: course.instructorId, percentage: instructorPercentage } } : course;
      } catch (err) {
        if (isGrpcStatusError(err) && err.code === status.NOT_FOUND) return null;
        throw refuse('SERVICE_UNAVAILABLE');
      }
    },
    close: () => client.close(),
  };
}
