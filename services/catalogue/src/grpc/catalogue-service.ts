import type { catalogueV1 } from '@taal/contracts';
import { unaryHandler } from '@taal/kit';
import type { Catalogue } from '../app/catalogue';

/** gRPC adapter of the catalogue use cases (src/app): requests in, answers out. */
export function catalogueGrpcService(catalogue: Catalogue): catalogueV1.CatalogueServiceServer {
  return {
    listCourses: unaryHandler(async (req: catalogueV1.ListCoursesRequest, { identity }) => ({
      courses: await catalogue.listCourses(identity, req),
    })),
    getCourse: unaryHandler(async (req: catalogueV1.GetCourseRequest, { identity }) => ({ course: await catalogue.getCourse(identity, req) })),
    listUpcomingCourses: unaryHandler(async () => ({ courses: await catalogue.listUpcomingCourses() })),
    listInstructors: unaryHandler(async (req: catalogueV1.ListInstructorsRequest, { identity }) => ({
      instructors: await catalogue.listInstructors(identity, req),
    })),
    getInstructor: unaryHandler(async (req: catalogueV1.GetInstructorRequest, { identity }) => ({
      instructor: await catalogue.getInstructor(identity, req),
    })),
    setCoursePublished: unaryHandler(async (req: catalogueV1.SetCoursePublishedRequest, { identity }) => ({
      course: await catalogue.setCoursePublished(identity, req),
    })),
    setCourseFeatured: unaryHandler(async (req: catalogueV1.SetCourseFeaturedRequest, { identity }) => ({
      courses: await catalogue.setCourseFeatured(identity, req),
    })),
  };
}
