import { catalogueV1, ServiceNames } from '@taal/contracts';
import { callUnary, createClient, type ServiceTokenIssuer } from '@taal/kit';
import type { ForwardedUser } from './service-client';

/**
 * Typed, promise-based access to the catalogue service; every call carries a deadline. Reads go
 * without a user (published courses only) unless a staff caller is forwarded for unpublished ones.
 */
export interface CatalogueApi {
  listCourses(req: Partial<catalogueV1.ListCoursesRequest>, caller?: ForwardedUser | null): Promise<catalogueV1.ListCoursesResponse>;
  getCourse(req: Partial<catalogueV1.GetCourseRequest>, caller?: ForwardedUser | null): Promise<catalogueV1.GetCourseResponse>;
  listUpcomingCourses(): Promise<catalogueV1.ListUpcomingCoursesResponse>;
  /** Admin only: the caller is forwarded and the catalogue checks the role. */
  setCoursePublished(req: Partial<catalogueV1.SetCoursePublishedRequest>, caller: ForwardedUser): Promise<catalogueV1.SetCoursePublishedResponse>;
  setCourseFeatured(req: Partial<catalogueV1.SetCourseFeaturedRequest>, caller: ForwardedUser): Promise<catalogueV1.SetCourseFeaturedResponse>;
  listInstructors(req: Partial<catalogueV1.ListInstructorsRequest>): Promise<catalogueV1.ListInstructorsResponse>;
  getInstructor(req: Partial<catalogueV1.GetInstructorRequest>): Promise<catalogueV1.GetInstructorResponse>;
  close(): void;
}

export function connectCatalogue(address: string, deadlineMs: number, issuer: ServiceTokenIssuer): CatalogueApi {
  const client = createClient(catalogueV1.CatalogueServiceClient, address, { auth: { issuer, audience: ServiceNames.catalogue } });
  const call = <Req, Res>(method: string, request: Req, caller?: ForwardedUser | null) =>
    callUnary<Req, Res>(client, method, request, { deadlineMs, userToken: caller?.accessToken });
  return {
    listCourses: (req, caller) => call('listCourses', catalogueV1.ListCoursesRequest.fromPartial(req), caller),
    getCourse: (req, caller) => call('getCourse', catalogueV1.GetCourseRequest.fromPartial(req), caller),
    listUpcomingCourses: () => call('listUpcomingCourses', catalogueV1.ListUpcomingCoursesRequest.fromPartial({})),
    setCoursePublished: (req, caller) => call('setCoursePublished', catalogueV1.SetCoursePublishedRequest.fromPartial(req), caller),
    setCourseFeatured: (req, caller) => call('setCourseFeatured', catalogueV1.SetCourseFeaturedRequest.fromPartial(req), caller),
    listInstructors: (req) => call('listInstructors', catalogueV1.ListInstructorsRequest.fromPartial(req)),
    getInstructor: (req) => call('getInstructor', catalogueV1.GetInstructorRequest.fromPartial(req)),
    close: () => client.close(),
  };
}
