import { catalogueV1 } from '@taal/contracts';
import { invalidArgument, notFound, permissionDenied, unauthenticated, unaryHandler, type CallerIdentity } from '@taal/kit';
import type { Sql } from '@taal/kit';
import { FEATURED_INSTRUCTOR_LIMIT } from '../domain/course';
import { recordCoursesUpdated } from '../events/course-events';
import type { CatalogueStore } from '../store/catalogue-store';

const ADMIN = 1;
const CONTENT = 2;

/** Drafts (unpublished items) are visible to the back office only. */
function assertMaySeeDrafts(identity: CallerIdentity | null, wanted: boolean): void {
  if (!wanted) return;
  if (!identity || (identity.userType !== ADMIN && identity.userType !== CONTENT)) {
    throw permissionDenied('Only the back office may see unpublished items');
  }
}

function assertAdmin(identity: CallerIdentity | null): void {
  if (!identity) throw unauthenticated();
  if (identity.userType !== ADMIN) throw permissionDenied('Admin only');
}

export function catalogueService(
  sql: Sql,
  store: CatalogueStore,
  afterCommit: () => void,
): catalogueV1.CatalogueServiceServer {
  return {
    listCourses: unaryHandler(async (req: catalogueV1.ListCoursesRequest, { identity }) => {
      assertMaySeeDrafts(identity, req.includeUnpublished);
      const courses = await store.listCourses({
        includeUnpublished: req.includeUnpublished,
        featuredOnly: req.featuredOnly,
        instructorId: req.instructorId || undefined,
      });
      return { courses };
    }),

    getCourse: unaryHandler(async (req: catalogueV1.GetCourseRequest, { identity }) => {
      assertMaySeeDrafts(identity, req.includeUnpublished);
      if (!req.id) throw invalidArgument('Course id is required');
      const course = await store.getCourse(req.id, req.includeUnpublished);
      if (!course) throw notFound('Course not found');
      return { course };
    }),

    listUpcomingCourses: unaryHandler(async () => ({ courses: await store.listUpcoming() })),

    listInstructors: unaryHandler(async (req: catalogueV1.ListInstructorsRequest, { identity }) => {
      assertMaySeeDrafts(identity, req.includeUnpublished);
      const limit = req.featuredOnly
        ? Math.min(req.limit > 0 ? req.limit : FEATURED_INSTRUCTOR_LIMIT, FEATURED_INSTRUCTOR_LIMIT)
        : req.limit;
      const instructors = await store.listInstructors({
        includeUnpublished: req.includeUnpublished,
        featuredOnly: req.featuredOnly,
        limit,
      });
      return { instructors };
    }),

    getInstructor: unaryHandler(async (req: catalogueV1.GetInstructorRequest, { identity }) => {
      assertMaySeeDrafts(identity, req.includeUnpublished);
      if (!req.id) throw invalidArgument('Instructor id is required');
      const instructor = await store.getInstructor(req.id, req.includeUnpublished);
      if (!instructor) throw notFound('Instructor not found');
      return { instructor };
    }),

    setCoursePublished: unaryHandler(async (req: catalogueV1.SetCoursePublishedRequest, { identity }) => {
      assertAdmin(identity);
      if (!req.id) throw invalidArgument('Course id is required');
      const [course] = await sql.transaction(async (tx) => {
        const changed = await store.updateCourseFlags(tx, [req.id], { published: req.published });
        await recordCoursesUpdated(tx, changed);
        return changed;
      });
      if (!course) throw notFound('Course not found');
      afterCommit();
      return { course };
    }),

    setCourseFeatured: unaryHandler(async (req: catalogueV1.SetCourseFeaturedRequest, { identity }) => {
      assertAdmin(identity);
      const both = req.featuredIds.filter((id) => req.unfeaturedIds.includes(id));
      if (both.length > 0) throw invalidArgument(`A course cannot be featured and unfeatured at once: ${both.join(', ')}`);
      const courses = await sql.transaction(async (tx) => {
        const featured = await store.updateCourseFlags(tx, req.featuredIds, { featured: true });
        const unfeatured = await store.updateCourseFlags(tx, req.unfeaturedIds, { featured: false });
        await recordCoursesUpdated(tx, [...featured, ...unfeatured]);
        return [...featured, ...unfeatured];
      });
      afterCommit();
      return { courses };
    }),
  };
}
