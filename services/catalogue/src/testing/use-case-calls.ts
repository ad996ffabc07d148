/**
 * The catalogue's use cases called by name, as its tests have always called them (issue 52): before, through
 * gRPC methods that only its own routes used; now directly, as those routes do. Each call answers in the
 * shape the method had and rejects as the use case refuses (a ServiceError reads like a gRPC error: code,
 * details, metadata). The methods other processes still call (grpc/catalogue-service.ts, freebie-service.ts)
 * are not here: their tests keep calling them over gRPC.
 */
import { catalogueV1, freebiesV1 } from '@taal/contracts';
import { callsByName, type NamedCall } from '../../../../tools/testing/use-case-calls';
import type { CatalogueUseCases } from '../api/shape';

function callsOf({ catalogue, freebies, search }: CatalogueUseCases): Record<string, NamedCall> {
  return {
    // CatalogueService's retired methods (the adapter's answers as they were).
    listCoursePage: ({ identity }, req) => catalogue.listCoursePage(req, identity),
    searchInstructors: ({ identity }, req) => catalogue.searchInstructors(identity, req),
    searchCourses: ({ identity }, req) => catalogue.searchCourses(identity, req),
    getCourses: ({ identity }, req) => catalogue.getCourses(identity, req),
    listUpcomingCourses: async () => ({ courses: await catalogue.listUpcomingCourses() }),
    listInstructors: async ({ identity }, req) => ({ instructors: await catalogue.listInstructors(identity, req) }),
    setCoursePublished: async ({ identity }, req) => ({ course: await catalogue.setCoursePublished(identity, req) }),
    setCourseFeatured: async ({ identity }, req) => ({ courses: await catalogue.setCourseFeatured(identity, req) }),
    createCourse: async ({ identity }, req) => ({ course: await catalogue.createCourse(identity, req) }),
    updateCourse: async ({ identity }, req) => ({ course: await catalogue.updateCourse(identity, req) }),
    deleteCourse: async ({ identity }, req) => (await catalogue.deleteCourse(identity, req), {}),
    addFreeLesson: async ({ identity }, req) => ({ course: await catalogue.addFreeLesson(identity, req) }),
    createInstructor: async ({ identity }, req) => ({ instructor: await catalogue.createInstructor(identity, req) }),
    updateInstructor: async ({ identity }, req) => ({ instructor: await catalogue.updateInstructor(identity, req) }),
    setInstructorPublished: async ({ identity }, req) => ({ instructor: await catalogue.setInstructorPublished(identity, req) }),
    setInstructorFeatured: async ({ identity }, req) => ({ instructors: await catalogue.setInstructorFeatured(identity, req) }),
    createUpcomingCourse: async ({ identity }, req) => ({ course: await catalogue.createUpcomingCourse(identity, req) }),
    deleteUpcomingCourse: async ({ identity }, req) => ({ course: await catalogue.deleteUpcomingCourse(identity, req) }),
    // Anyone: published items only, whoever asks.
    search: (_ctx, req) => search.search(req),
    // FreebieService's retired methods.
    listFreebies: async () => ({ freebies: await freebies.list() }),
    createFreebie: async ({ identity }, req) => ({ freebie: await freebies.create(identity, req) }),
    updateFreebie: ({ identity }, req) => freebies.update(identity, req),
    deleteFreebie: ({ identity }, req) => freebies.delete(identity, req.id),
    getPopup: async (_ctx, req) => ({ popup: await freebies.getPopup(req.id) }),
    updatePopup: ({ identity }, req) => freebies.updatePopup(identity, req),
  };
}

/** The methods `useCaseCalls` answers (the retired ones); any other is still a gRPC method. */
export const useCaseMethods: ReadonlySet<string> = new Set(Object.keys(callsOf({} as CatalogueUseCases)));

/**
 * `call(method, request, identity?, callerService?)` on the use cases `current()` gives (a test may restart
 * the catalogue): as the gateway called for that user (none: no user).
 */
export function useCaseCalls(current: () => CatalogueUseCases) {
  return callsByName('the catalogue', () => callsOf(current()), catalogueV1, freebiesV1);
}
