import { ServiceNames, type catalogueV1 } from '@taal/contracts';
import { unaryHandler, type CallContext } from '@taal/kit';
import type { Catalogue } from '../app/catalogue';

/**
 * Services that may read unpublished courses and instructors as themselves (no user): payouts,
 * for sales; learning, for a course's instructor (who may play its paid lessons). Not the catalogue
 * itself: its routes call the use cases directly and see drafts only for a back-office user, as when
 * the gateway called them here (issue 52).
 */
const DRAFT_READERS: ReadonlySet<string> = new Set([ServiceNames.payouts, ServiceNames.learning]);
const trusted = (ctx: CallContext) => !ctx.identity && DRAFT_READERS.has(ctx.callerService);

/**
 * gRPC adapter of the catalogue use cases that something outside its own routes calls (src/app):
 * `@taal/catalogue/client` (commerce, learning, messaging), learning's, payouts' and messaging's routes,
 * and the gateway's page records (the web server's own process in cluster mode). The catalogue's own
 * routes call the use cases directly (issue 52, decision 0093).
 */
export function catalogueGrpcService(catalogue: Catalogue): catalogueV1.CatalogueServiceServer {
  return {
    listCourses: unaryHandler(async (req: catalogueV1.ListCoursesRequest, { identity }) => ({
      courses: await catalogue.listCourses(identity, req),
    })),
    listInstructorPage: unaryHandler(async (req: catalogueV1.ListInstructorPageRequest, { identity }) => catalogue.listInstructorPage(identity, req)),
    getCourseFigures: unaryHandler(async () => catalogue.courseFigures()),
    getCourse: unaryHandler(async (req: catalogueV1.GetCourseRequest, ctx) => {
      const course = await catalogue.getCourse(ctx.identity, req, trusted(ctx));
      // Sale terms go to a service as itself only (commerce records them on the order it creates).
      const instructorPercentage = req.withSaleTerms && !ctx.identity ? await catalogue.instructorPercentage(course.instructorId) : 0;
      return { course, instructorPercentage };
    }),
    getInstructor: unaryHandler(async (req: catalogueV1.GetInstructorRequest, ctx) => ({
      instructor: await catalogue.getInstructor(ctx.identity, req, trusted(ctx)),
    })),
  };
}
