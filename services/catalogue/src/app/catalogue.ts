/**
 * Catalogue use cases: what a caller may see and change. The gRPC layer only adapts these;
 * rules that need no I/O live in ../domain, SQL in ../store.
 */
import type { catalogueV1 } from '@taal/contracts';
import { CallerUserTypes, invalidArgument, notFound, permissionDenied, unauthenticated, type CallerIdentity, type Sql } from '@taal/kit';
import { FEATURED_INSTRUCTOR_LIMIT } from '../domain/course';
import { recordCoursesUpdated } from '../events/course-events';
import type { CatalogueStore } from '../store/catalogue-store';

const ADMIN = CallerUserTypes.admin;
const CONTENT = CallerUserTypes.content;

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

type Caller = CallerIdentity | null;

export class Catalogue {
  constructor(
    private readonly sql: Sql,
    private readonly store: CatalogueStore,
    /** Called after a transaction that enqueued events committed (wakes the outbox relay). */
    private readonly afterCommit: () => void,
  ) {}

  async listCourses(caller: Caller, req: catalogueV1.ListCoursesRequest) {
    assertMaySeeDrafts(caller, req.includeUnpublished);
    return this.store.listCourses({
      includeUnpublished: req.includeUnpublished,
      featuredOnly: req.featuredOnly,
      instructorId: req.instructorId || undefined,
    });
  }

  async getCourse(caller: Caller, req: catalogueV1.GetCourseRequest) {
    assertMaySeeDrafts(caller, req.includeUnpublished);
    if (!req.id) throw invalidArgument('Course id is required');
    const course = await this.store.getCourse(req.id, req.includeUnpublished);
    if (!course) throw notFound('Course not found');
    return course;
  }

  listUpcomingCourses() {
    return this.store.listUpcoming();
  }

  async listInstructors(caller: Caller, req: catalogueV1.ListInstructorsRequest) {
    assertMaySeeDrafts(caller, req.includeUnpublished);
    const limit = req.featuredOnly
      ? Math.min(req.limit > 0 ? req.limit : FEATURED_INSTRUCTOR_LIMIT, FEATURED_INSTRUCTOR_LIMIT)
      : req.limit;
    return this.store.listInstructors({ includeUnpublished: req.includeUnpublished, featuredOnly: req.featuredOnly, limit });
  }

  async getInstructor(caller: Caller, req: catalogueV1.GetInstructorRequest) {
    assertMaySeeDrafts(caller, req.includeUnpublished);
    if (!req.id) throw invalidArgument('Instructor id is required');
    const instructor = await this.store.getInstructor(req.id, req.includeUnpublished);
    if (!instructor) throw notFound('Instructor not found');
    return instructor;
  }

  async setCoursePublished(caller: Caller, req: catalogueV1.SetCoursePublishedRequest) {
    assertAdmin(caller);
    if (!req.id) throw invalidArgument('Course id is required');
    const [course] = await this.sql.transaction(async (tx) => {
      const changed = await this.store.updateCourseFlags(tx, [req.id], { published: req.published });
      await recordCoursesUpdated(tx, changed);
      return changed;
    });
    if (!course) throw notFound('Course not found');
    this.afterCommit();
    return course;
  }

  async setCourseFeatured(caller: Caller, req: catalogueV1.SetCourseFeaturedRequest) {
    assertAdmin(caller);
    const both = req.featuredIds.filter((id) => req.unfeaturedIds.includes(id));
    if (both.length > 0) throw invalidArgument(`A course cannot be featured and unfeatured at once: ${both.join(', ')}`);
    const courses = await this.sql.transaction(async (tx) => {
      const featured = await this.store.updateCourseFlags(tx, req.featuredIds, { featured: true });
      const unfeatured = await this.store.updateCourseFlags(tx, req.unfeaturedIds, { featured: false });
      await recordCoursesUpdated(tx, [...featured, ...unfeatured]);
      return [...featured, ...unfeatured];
    });
    this.afterCommit();
    return courses;
  }
}
