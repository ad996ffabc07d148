/**
 * Catalogue use cases: what a caller may see and change. The gRPC layer only adapts these;
 * rules that need no I/O live in ../domain, SQL in ../store.
 */
import type { catalogueV1, RefusalKey } from '@taal/contracts';
import { UserRoles, refuse, refuseFields, type CallerIdentity, type Sql } from '@taal/kit';
import { FEATURED_INSTRUCTOR_LIMIT } from '../domain/course';
import { sanitizeBio, sanitizeRichText } from '../domain/rich-text';
import { checkCourseInput, checkInstructorInput, freeLessonProblems, upcomingProblems, type Problems } from '../domain/course-input';
import { recordCourseDeleted, recordCoursesUpdated, recordInstructorsUpdated, recordUpcomingChanged } from '../events/course-events';
import type { CatalogueStore } from '../store/catalogue-store';
import { courseFigures, listAdminCoursePage, listCoursePage } from '../store/course-pages';
import { coursesByIds, COURSES_BY_ID_MAX, searchCourses } from '../store/course-search';

const ADMIN = UserRoles.admin;
const CONTENT = UserRoles.content;

/** Drafts (unpublished items) are visible to the back office only. */
/** `trustedService`: a back-end service reading as itself (payouts records sales of unpublished courses too). */
function assertMaySeeDrafts(identity: CallerIdentity | null, wanted: boolean, trustedService = false): void {
  if (!wanted || trustedService) return;
  if (!identity || (identity.userType !== ADMIN && identity.userType !== CONTENT)) {
    throw refuse('DRAFTS_BACK_OFFICE_ONLY');
  }
}

function assertAdmin(identity: CallerIdentity | null): void {
  if (!identity) throw refuse('LOGIN_FIRST');
  if (identity.userType !== ADMIN) throw refuse('ADMIN_ONLY');
}

/**
 * Who may write what (decision 0020): the content role (2) adds and edits courses, their lessons
 * and free lessons, and upcoming courses; publishing, featuring and instructors are the admin's.
 */
function assertStaff(identity: CallerIdentity | null): void {
  if (!identity) throw refuse('LOGIN_FIRST');
  if (identity.userType !== ADMIN && identity.userType !== CONTENT) throw refuse('STAFF_ONLY');
}

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** A form with problems: the spec's headline, each field's own key. */
const refuseForm = (headline: RefusalKey, problems: Problems) => refuseFields(problems, headline);
const empty = (p: Problems) => Object.keys(p).length === 0;

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

  /** A page of published courses (decision 0078): anyone may read it; filters and sort as the storefront's list offers them. */
  async listCoursePage(req: catalogueV1.ListCoursePageRequest, caller: Caller = null) {
    if (req.includeUnpublished) {
      // The back office's list (decision 0084): every course, or the featured ones, newest first.
      assertMaySeeDrafts(caller, true);
      const page = await listAdminCoursePage(this.sql, req.featuredOnly, req.cursor, req.limit);
      return { courses: page.items, next: page.next };
    }
    const page = await listCoursePage(this.sql, { category: req.category, level: req.level, instructorId: req.instructorId, sort: req.sort }, req.cursor, req.limit);
    return { courses: page.items, next: page.next };
  }

  courseFigures() {
    return courseFigures(this.sql);
  }

  async getCourse(caller: Caller, req: Pick<catalogueV1.GetCourseRequest, 'id' | 'includeUnpublished'>, trustedService = false) {
    assertMaySeeDrafts(caller, req.includeUnpublished, trustedService);
    if (!req.id) throw refuse('COURSE_ID_REQUIRED');
    const course = await this.store.getCourse(req.id, req.includeUnpublished);
    if (!course) throw refuse('COURSE_NOT_FOUND');
    return course;
  }

  /** An instructor's current share of a sale, percent (0 for no instructor profile): what a sale made now is split by. */
  async instructorPercentage(instructorId: string): Promise<number> {
    if (!instructorId) return 0;
    return (await this.store.instructors.getInstructor(instructorId, true))?.percentage ?? 0;
  }

  listUpcomingCourses() {
    return this.store.upcoming.listUpcoming();
  }

  async listInstructors(caller: Caller, req: catalogueV1.ListInstructorsRequest) {
    assertMaySeeDrafts(caller, req.includeUnpublished);
    const limit = req.featuredOnly
      ? Math.min(req.limit > 0 ? req.limit : FEATURED_INSTRUCTOR_LIMIT, FEATURED_INSTRUCTOR_LIMIT)
      : req.limit;
    return this.store.instructors.listInstructors({ includeUnpublished: req.includeUnpublished, featuredOnly: req.featuredOnly, limit });
  }

  /** Instructors a page at a time, oldest first (decision 0084): the published ones, or (back office) all. */
  async listInstructorPage(caller: Caller, req: catalogueV1.ListInstructorPageRequest) {
    assertMaySeeDrafts(caller, req.includeUnpublished);
    const page = await this.store.instructors.listInstructorPage(req.includeUnpublished, req.cursor, req.limit);
    return { instructors: page.items, next: page.next };
  }

  /** The first instructors whose name starts with a query (decision 0087): at most 20; a blank query finds none. */
  async searchInstructors(caller: Caller, req: catalogueV1.SearchInstructorsRequest) {
    assertMaySeeDrafts(caller, req.includeUnpublished);
    const query = req.query.trim().slice(0, 100);
    if (!query) return { instructors: [] };
    return { instructors: await this.store.instructors.searchInstructors(query, req.includeUnpublished, Math.min(req.limit > 0 ? req.limit : 10, 20)) };
  }

  /** The first courses whose title starts with a query (decision 0087): at most 20; a blank query finds none. */
  async searchCourses(caller: Caller, req: catalogueV1.SearchCoursesRequest) {
    assertMaySeeDrafts(caller, req.includeUnpublished);
    const query = req.query.trim().slice(0, 100);
    if (!query) return { courses: [] };
    return { courses: await searchCourses(this.sql, query, req.includeUnpublished, Math.min(req.limit > 0 ? req.limit : 10, 20)) };
  }

  /** Some courses by id (decision 0087): at most 100 ids, each read by its primary key; unknown ones left out. */
  async getCourses(caller: Caller, req: catalogueV1.GetCoursesRequest) {
    assertMaySeeDrafts(caller, req.includeUnpublished);
    if (req.ids.length > COURSES_BY_ID_MAX) throw refuse('INVALID_ID');
    return { courses: await coursesByIds(this.sql, req.ids, req.includeUnpublished) };
  }

  async getInstructor(caller: Caller, req: catalogueV1.GetInstructorRequest, trustedService = false) {
    assertMaySeeDrafts(caller, req.includeUnpublished, trustedService);
    if (!req.id) throw refuse('INSTRUCTOR_ID_REQUIRED');
    const instructor = await this.store.instructors.getInstructor(req.id, req.includeUnpublished);
    if (!instructor) throw refuse('INSTRUCTOR_NOT_FOUND');
    return instructor;
  }

  async setCoursePublished(caller: Caller, req: catalogueV1.SetCoursePublishedRequest) {
    // The spec's own words for a refused (un)publish ('published Rejected!!', 'Unpublish Rejected!!').
    if (caller && caller.userType !== ADMIN) throw refuse(req.published ? 'COURSE_PUBLISH_REJECTED' : 'COURSE_UNPUBLISH_REJECTED');
    assertAdmin(caller);
    if (!req.id) throw refuse('COURSE_ID_REQUIRED');
    const [course] = await this.sql.transaction(async (tx) => {
      const changed = await this.store.updateCourseFlags(tx, [req.id], { published: req.published });
      await recordCoursesUpdated(tx, changed);
      return changed;
    });
    if (!course) throw refuse('COURSE_NOT_FOUND');
    this.afterCommit();
    return course;
  }

  async setCourseFeatured(caller: Caller, req: catalogueV1.SetCourseFeaturedRequest) {
    assertAdmin(caller);
    const both = req.featuredIds.filter((id) => req.unfeaturedIds.includes(id));
    if (both.length > 0) throw refuse('COURSE_FEATURED_AND_UNFEATURED', { ids: both.join(', ') });
    const courses = await this.sql.transaction(async (tx) => {
      const featured = await this.store.updateCourseFlags(tx, req.featuredIds, { featured: true });
      const unfeatured = await this.store.updateCourseFlags(tx, req.unfeaturedIds, { featured: false });
      await recordCoursesUpdated(tx, [...featured, ...unfeatured]);
      return [...featured, ...unfeatured];
    });
    this.afterCommit();
    return courses;
  }

  // ---- Writes of the back office (issue 10) ----

  async createCourse(caller: Caller, req: catalogueV1.CreateCourseRequest) {
    assertStaff(caller);
    if (!UUID.test(req.id)) throw refuse('INVALID_ID');
    const { values, problems } = checkCourseInput(req.course ?? { addDocuments: [] }, null);
    if (empty(problems) && !(await this.store.instructors.instructorExists(this.sql, values.instructorId))) problems.instructor = 'UNKNOWN_INSTRUCTOR';
    if (!empty(problems)) throw refuseForm('COURSE_ADD_FAILED', problems);
    const course = await this.sql.transaction(async (tx) => {
      const created = await this.store.insertCourse(tx, req.id, values);
      if (!created) return null;
      await recordCoursesUpdated(tx, [created]);
      return created;
    });
    this.afterCommit();
    // A retried call: the course made by the first one.
    return course ?? (await this.getCourse(caller, { id: req.id, includeUnpublished: true }));
  }

  async updateCourse(caller: Caller, req: catalogueV1.UpdateCourseRequest) {
    assertStaff(caller);
    const course = await this.sql.transaction(async (tx) => {
      const current = await this.store.lockCourse(tx, req.id);
      if (!current) throw refuse('COURSE_NOT_FOUND');
      const { values, problems } = checkCourseInput(req.course ?? { addDocuments: [] }, current.values);
      if (req.course?.instructorId !== undefined && empty(problems) && !(await this.store.instructors.instructorExists(tx, values.instructorId))) {
        problems.instructor = 'UNKNOWN_INSTRUCTOR';
      }
      if (!empty(problems)) throw refuseForm('COURSE_UPDATE_FAILED', problems);
      const updated = await this.store.updateCourse(tx, req.id, values);
      await recordCoursesUpdated(tx, [updated]);
      return updated;
    });
    this.afterCommit();
    return course;
  }

  /**
   * The one-time backfill of descriptions stored before they were sanitised on write: each
   * course whose description the allow-list changes is rewritten and announced (so caches drop
   * it). Run at every start; once clean, it finds nothing to change. Answers how many changed.
   */
  async sanitiseStoredDescriptions(): Promise<number> {
    const raw = (await this.store.listCourseDescriptions()).filter((c) => sanitizeRichText(c.description) !== c.description);
    if (raw.length === 0) return 0;
    const changed = await this.sql.transaction(async (tx) => {
      const courses = [];
      for (const { id, description } of raw) {
        const course = await this.store.replaceCourseDescription(tx, id, description, sanitizeRichText(description));
        if (course) courses.push(course);
      }
      await recordCoursesUpdated(tx, courses);
      return courses.length;
    });
    if (changed > 0) this.afterCommit();
    return changed;
  }

  /**
   * The same backfill for instructors' bios (sanitised on write since issue 36; before, stored and
   * served raw): each bio the allow-list changes is rewritten and announced. Run at every start;
   * once clean, it finds nothing to change. Answers how many changed.
   */
  async sanitiseStoredBios(): Promise<number> {
    const raw = (await this.store.instructors.listInstructorBios()).filter((i) => sanitizeBio(i.bio) !== i.bio);
    if (raw.length === 0) return 0;
    const changed = await this.sql.transaction(async (tx) => {
      const instructors = [];
      for (const { id, bio } of raw) {
        const instructor = await this.store.instructors.replaceInstructorBio(tx, id, bio, sanitizeBio(bio));
        if (instructor) instructors.push(instructor);
      }
      await recordInstructorsUpdated(tx, instructors);
      return instructors.length;
    });
    if (changed > 0) this.afterCommit();
    return changed;
  }

  /** Discards an unpublished course nobody bought: the undo of an add that failed half-way. */
  async deleteCourse(caller: Caller, req: catalogueV1.DeleteCourseRequest): Promise<void> {
    assertStaff(caller);
    const deleted = await this.sql.transaction(async (tx) => {
      if (!(await this.store.deleteDraftCourse(tx, req.id))) return false;
      await recordCourseDeleted(tx, req.id);
      return true;
    });
    if (!deleted) throw refuse('COURSE_NOT_DISCARDABLE');
    this.afterCommit();
  }

  async addFreeLesson(caller: Caller, req: catalogueV1.AddFreeLessonRequest) {
    assertStaff(caller);
    const problems = freeLessonProblems(req.title, req.youtubeUrl);
    if (!empty(problems)) throw refuseForm('FREE_LESSON_MISSING', problems);
    const course = await this.sql.transaction(async (tx) => {
      const current = await this.store.lockCourse(tx, req.courseId);
      if (!current) throw refuse('COURSE_NOT_FOUND');
      // The spec shows two free lessons: a third replaces the oldest.
      const lessons = [...current.course.freeLessons, { title: req.title.trim(), youtubeUrl: req.youtubeUrl.trim() }].slice(-2);
      const updated = await this.store.setFreeLessons(tx, req.courseId, lessons);
      await recordCoursesUpdated(tx, [updated]);
      return updated;
    });
    this.afterCommit();
    return course;
  }

  async createInstructor(caller: Caller, req: catalogueV1.CreateInstructorRequest) {
    assertAdmin(caller);
    if (!UUID.test(req.id)) throw refuse('INVALID_ID');
    const { values, problems } = checkInstructorInput(req.instructor ?? {}, null);
    if (!empty(problems)) throw refuseForm('INSTRUCTOR_ADD_FAILED', problems);
    const instructor = await this.sql.transaction(async (tx) => {
      const created = await this.store.instructors.insertInstructor(tx, req.id, values);
      if (created) await recordInstructorsUpdated(tx, [created]);
      return created;
    });
    this.afterCommit();
    return instructor ?? (await this.getInstructor(caller, { id: req.id, includeUnpublished: true }));
  }

  async updateInstructor(caller: Caller, req: catalogueV1.UpdateInstructorRequest) {
    // An instructor edits the public profile their account is linked to (issue 40: the Profile
    // tab edited only the login), never another's, and not the admin's terms (share, featured).
    const own = caller?.userType === UserRoles.instructor && Boolean(caller.instructorId) && caller.instructorId === req.id;
    if (!own) assertAdmin(caller);
    else if (req.instructor?.percentage !== undefined || req.instructor?.featured !== undefined) throw refuse('ADMIN_ONLY');
    const instructor = await this.sql.transaction(async (tx) => {
      const current = await this.store.instructors.lockInstructor(tx, req.id);
      if (!current) throw refuse('INSTRUCTOR_NOT_FOUND');
      const { values, problems } = checkInstructorInput(req.instructor ?? {}, current);
      if (!empty(problems)) throw refuseForm('INSTRUCTOR_UPDATE_FAILED', problems);
      const updated = await this.store.instructors.updateInstructor(tx, req.id, values);
      await recordInstructorsUpdated(tx, [updated]);
      return updated;
    });
    this.afterCommit();
    return instructor;
  }

  async setInstructorPublished(caller: Caller, req: catalogueV1.SetInstructorPublishedRequest) {
    assertAdmin(caller);
    const [instructor] = await this.sql.transaction(async (tx) => {
      const changed = await this.store.instructors.updateInstructorFlags(tx, [req.id], { published: req.published });
      await recordInstructorsUpdated(tx, changed);
      return changed;
    });
    if (!instructor) throw refuse('INSTRUCTOR_NOT_FOUND');
    this.afterCommit();
    return instructor;
  }

  async setInstructorFeatured(caller: Caller, req: catalogueV1.SetInstructorFeaturedRequest) {
    assertAdmin(caller);
    const both = req.featuredIds.filter((id) => req.unfeaturedIds.includes(id));
    if (both.length > 0) throw refuse('INSTRUCTOR_FEATURED_AND_UNFEATURED', { ids: both.join(', ') });
    const instructors = await this.sql.transaction(async (tx) => {
      const featured = await this.store.instructors.updateInstructorFlags(tx, req.featuredIds, { featured: true });
      const unfeatured = await this.store.instructors.updateInstructorFlags(tx, req.unfeaturedIds, { featured: false });
      await recordInstructorsUpdated(tx, [...featured, ...unfeatured]);
      return [...featured, ...unfeatured];
    });
    this.afterCommit();
    return instructors;
  }

  async createUpcomingCourse(caller: Caller, req: catalogueV1.CreateUpcomingCourseRequest) {
    assertStaff(caller);
    if (!UUID.test(req.id)) throw refuse('INVALID_ID');
    const problems = upcomingProblems(req.name, req.photo);
    if (!empty(problems)) throw refuseForm('FIELDS_NOT_FILLED', problems);
    const course = await this.sql.transaction(async (tx) => {
      const created = await this.store.upcoming.insertUpcoming(tx, req.id, req.name.trim(), req.photo);
      await recordUpcomingChanged(tx, created, false);
      return created;
    });
    this.afterCommit();
    return course;
  }

  async deleteUpcomingCourse(caller: Caller, req: catalogueV1.DeleteUpcomingCourseRequest) {
    assertStaff(caller);
    const course = await this.sql.transaction(async (tx) => {
      const deleted = await this.store.upcoming.deleteUpcoming(tx, req.id);
      if (deleted) await recordUpcomingChanged(tx, deleted, true);
      return deleted;
    });
    if (!course) throw refuse('UPCOMING_NOT_FOUND');
    this.afterCommit();
    return course;
  }
}
