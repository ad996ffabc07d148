import { ServiceNames, type catalogueV1 } from '@taal/contracts';
import { unaryHandler, type CallContext } from '@taal/kit';
import type { Catalogue } from '../app/catalogue';
import type { Search } from '../app/search';

/**
 * Services that may read unpublished courses and instructors as themselves (no user): payouts,
 * for sales; learning, for a course's instructor (who may play its paid lessons).
 */
const DRAFT_READERS: ReadonlySet<string> = new Set([ServiceNames.payouts, ServiceNames.learning]);
const trusted = (ctx: CallContext) => !ctx.identity && DRAFT_READERS.has(ctx.callerService);

/** gRPC adapter of the catalogue use cases (src/app): requests in, answers out. */
export function catalogueGrpcService(catalogue: Catalogue, search: Search): catalogueV1.CatalogueServiceServer {
  return {
    listCourses: unaryHandler(async (req: catalogueV1.ListCoursesRequest, { identity }) => ({
      courses: await catalogue.listCourses(identity, req),
    })),
    listCoursePage: unaryHandler(async (req: catalogueV1.ListCoursePageRequest, { identity }) => catalogue.listCoursePage(req, identity)),
    listInstructorPage: unaryHandler(async (req: catalogueV1.ListInstructorPageRequest, { identity }) => catalogue.listInstructorPage(identity, req)),
    searchInstructors: unaryHandler(async (req: catalogueV1.SearchInstructorsRequest, { identity }) => catalogue.searchInstructors(identity, req)),
    searchCourses: unaryHandler(async (req: catalogueV1.SearchCoursesRequest, { identity }) => catalogue.searchCourses(identity, req)),
    getCourses: unaryHandler(async (req: catalogueV1.GetCoursesRequest, { identity }) => catalogue.getCourses(identity, req)),
    getCourseFigures: unaryHandler(async () => catalogue.courseFigures()),
    getCourse: unaryHandler(async (req: catalogueV1.GetCourseRequest, ctx) => {
      const course = await catalogue.getCourse(ctx.identity, req, trusted(ctx));
      // Sale terms go to a service as itself only (commerce records them on the order it creates).
      const instructorPercentage = req.withSaleTerms && !ctx.identity ? await catalogue.instructorPercentage(course.instructorId) : 0;
      return { course, instructorPercentage };
    }),
    listUpcomingCourses: unaryHandler(async () => ({ courses: await catalogue.listUpcomingCourses() })),
    listInstructors: unaryHandler(async (req: catalogueV1.ListInstructorsRequest, { identity }) => ({
      instructors: await catalogue.listInstructors(identity, req),
    })),
    getInstructor: unaryHandler(async (req: catalogueV1.GetInstructorRequest, ctx) => ({
      instructor: await catalogue.getInstructor(ctx.identity, req, trusted(ctx)),
    })),
    setCoursePublished: unaryHandler(async (req: catalogueV1.SetCoursePublishedRequest, { identity }) => ({
      course: await catalogue.setCoursePublished(identity, req),
    })),
    setCourseFeatured: unaryHandler(async (req: catalogueV1.SetCourseFeaturedRequest, { identity }) => ({
      courses: await catalogue.setCourseFeatured(identity, req),
    })),
    createCourse: unaryHandler(async (req: catalogueV1.CreateCourseRequest, { identity }) => ({ course: await catalogue.createCourse(identity, req) })),
    updateCourse: unaryHandler(async (req: catalogueV1.UpdateCourseRequest, { identity }) => ({ course: await catalogue.updateCourse(identity, req) })),
    deleteCourse: unaryHandler(async (req: catalogueV1.DeleteCourseRequest, { identity }) => {
      await catalogue.deleteCourse(identity, req);
      return {};
    }),
    addFreeLesson: unaryHandler(async (req: catalogueV1.AddFreeLessonRequest, { identity }) => ({ course: await catalogue.addFreeLesson(identity, req) })),
    createInstructor: unaryHandler(async (req: catalogueV1.CreateInstructorRequest, { identity }) => ({
      instructor: await catalogue.createInstructor(identity, req),
    })),
    updateInstructor: unaryHandler(async (req: catalogueV1.UpdateInstructorRequest, { identity }) => ({
      instructor: await catalogue.updateInstructor(identity, req),
    })),
    setInstructorPublished: unaryHandler(async (req: catalogueV1.SetInstructorPublishedRequest, { identity }) => ({
      instructor: await catalogue.setInstructorPublished(identity, req),
    })),
    setInstructorFeatured: unaryHandler(async (req: catalogueV1.SetInstructorFeaturedRequest, { identity }) => ({
      instructors: await catalogue.setInstructorFeatured(identity, req),
    })),
    createUpcomingCourse: unaryHandler(async (req: catalogueV1.CreateUpcomingCourseRequest, { identity }) => ({
      course: await catalogue.createUpcomingCourse(identity, req),
    })),
    deleteUpcomingCourse: unaryHandler(async (req: catalogueV1.DeleteUpcomingCourseRequest, { identity }) => ({
      course: await catalogue.deleteUpcomingCourse(identity, req),
    })),
    // Anyone: published items only, whoever asks.
    search: unaryHandler(async (req: catalogueV1.SearchRequest) => search.search(req)),
  };
}
