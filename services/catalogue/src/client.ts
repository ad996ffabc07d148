/**
 * The catalogue as another service calls it (`@taal/catalogue/client`): one client, in the
 * catalogue's own terms, beside the edge's spec of the same contract (api/client.ts). Calls go as
 * the calling service itself (no user token), so a draft is seen only when asked for.
 */
import { catalogueV1, ServiceNames } from '@taal/contracts';
import { callUnary, nullWhenNotFound, serviceClient, type ServiceClientOptions, type ServiceTokenIssuer } from '@taal/kit';

/** What a sale of the course is split by: its instructor profile ('' for none) and their share now, percent. */
export interface SaleTerms {
  instructorId: string;
  percentage: number;
}

export type CatalogueCourse = catalogueV1.Course & { saleTerms?: SaleTerms };

export interface CatalogueClient {
  /**
   * A course, or null when the catalogue has none by that id. `drafts`: unpublished ones too
   * (else they are null); `saleTerms`: with its instructor's current share (commerce's checkout).
   */
  course(id: string, options?: { drafts?: boolean; saleTerms?: boolean }): Promise<CatalogueCourse | null>;
  /** An instructor profile, or null when there is none; `drafts`: unpublished ones too. */
  instructor(id: string, options?: { drafts?: boolean }): Promise<catalogueV1.Instructor | null>;
  close(): void;
}

export function catalogueServiceClient(address: string, issuer: ServiceTokenIssuer, options: ServiceClientOptions = {}): CatalogueClient {
  const { client, kept } = serviceClient(catalogueV1.CatalogueServiceClient, address, issuer, ServiceNames.catalogue, options);
  // The request's JSON is the key: a draft or sale terms asked for are never answered from a plainer look.
  const course = kept(async (key: string): Promise<CatalogueCourse | null> => {
    const request = catalogueV1.GetCourseRequest.fromJSON(JSON.parse(key));
    const answer = await nullWhenNotFound(callUnary(client, 'getCourse', request));
    if (!answer?.course) return null;
    const { course: found, instructorPercentage } = answer;
    return request.withSaleTerms ? { ...found, saleTerms: { instructorId: found.instructorId, percentage: instructorPercentage } } : found;
  });
  const instructor = kept(async (key: string) => {
    const answer = await nullWhenNotFound(callUnary(client, 'getInstructor', catalogueV1.GetInstructorRequest.fromJSON(JSON.parse(key))));
    return answer?.instructor ?? null;
  });
  return {
    course: (id, { drafts = false, saleTerms = false } = {}) => course(JSON.stringify({ id, includeUnpublished: drafts, withSaleTerms: saleTerms })),
    instructor: (id, { drafts = false } = {}) => instructor(JSON.stringify({ id, includeUnpublished: drafts })),
    close: () => client.close(),
  };
}
