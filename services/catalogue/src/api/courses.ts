import { type ResponseCache, answer, envelope, fail, idParam, listOf, cachedRead, idOf, refusal, defineRoute, type RouteSpec, requireAuth, UserRoles, done, type AccessTokenVerifier } from '@taal/edge';
import { z } from 'zod';
import { catalogueV1, CourseAdminMessages as M } from '@taal/contracts';
import type { Catalogue } from '../app/catalogue';
import type { Response } from 'express';
import { badPage, chargeLoad, collectPages, countedOnLoad, linkHeader, linkNext, ok, pageOf, pageQuery, pageRequest, type ParamSpec } from '@taal/edge';
import { COURSE_CATEGORIES, COURSE_LEVELS, CourseSchema, toApiCourse, toApiUpcoming, UpcomingCourseSchema } from './course-shape';
import { userOf } from './shape';

/**
 * The spec's "all" course lists answer at most this many courses, newest first (decision 0078); a Link header
 * names the paged route for the rest. 25 of the widest realistic courses (7 KB: Bengali titles, a 3 KB HTML
 * description, three of each array) stay under 200 KB (decision 0089, tools/testing/bounded-answers.test.ts).
 */
export const COURSE_LIST_BOUND = 25;
const NO_FILTER = { category: '', level: '', instructorId: '', sort: '', includeUnpublished: false, featuredOnly: false };
const COURSE_SORTS = ['newest', 'rating', 'price', 'price-desc'] as const;

/** GET course/page's filters and sort, and the page. */
const coursePageQuery: Record<string, ParamSpec> = {
  category: { schema: z.enum(COURSE_CATEGORIES), description: 'Only this category', invalid: () => refusal('INVALID_CATEGORY') },
  level: { schema: z.enum(COURSE_LEVELS), description: 'Only this level', invalid: () => refusal('INVALID_LEVEL') },
  instructor: { schema: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), description: "Only this instructor's courses (the instructor's _id)", invalid: () => refusal('INSTRUCTOR_NOT_FOUND') },
  sort: { schema: z.enum(COURSE_SORTS), description: 'newest (default), rating (the best average first, then the most reviewed), price (lowest first), price-desc (highest first)', invalid: () => refusal('UNKNOWN_COURSE_SORT') },
  ...pageQuery,
};

/** Public course reads (spec §7): published courses only, answered from the response cache. */
export function courseRoutes(catalogue: Catalogue, cache: ResponseCache): RouteSpec[] {
  const read = (key: Parameters<typeof cachedRead>[1], load: Parameters<typeof cachedRead>[2]) => cachedRead(cache, key, load);
  return [
    defineRoute({
      method: 'get',
      path: '/course/',
      summary: `Published courses, newest first: at most ${COURSE_LIST_BOUND} (the rest through GET course/page, named by the Link header)`,
      fairUse: 'reads',
      responses: { 200: { ...answer(listOf(CourseSchema)), headers: linkHeader } },
      // Not cachedRead: its fast lane would answer the cached bytes without the Link header.
      handler: countedOnLoad(async ({ res }: { res: Response }) => {
        const body = await cache.getOrLoad('course:list', async () => {
          await chargeLoad(res);
          const { items, next } = await collectPages(COURSE_LIST_BOUND, async (cursor, limit) => {
            const page = await catalogue.listCoursePage({ ...NO_FILTER, cursor, limit });
            return { items: page.courses.map(toApiCourse), next: page.next };
          });
          return { items, next };
        });
        const { items, next } = JSON.parse(body.toString('utf8')) as { items: unknown[]; next: string };
        linkNext(res, '/api/v1/course/page', {}, next);
        res.json(ok(items));
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/course/page',
      summary: 'A page of published courses (decision 0078): by category, level and instructor, newest first, by rating (the best average first), or by price (lowest or highest first); next: the following page\'s cursor, null on the last',
      fairUse: 'reads',
      query: coursePageQuery,
      responses: { 200: answer(pageOf(CourseSchema)), ...badPage, 404: fail('The instructor filter names no instructor (INSTRUCTOR_NOT_FOUND)') },
      handler: read(
        (req) => `course:page:${new URLSearchParams(Object.entries(req.query as Record<string, string>).sort()).toString()}`,
        async (req) => {
          const q = (name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string) : '');
          const page = await catalogue.listCoursePage({ ...NO_FILTER, category: q('category'), level: q('level'), instructorId: q('instructor'), sort: q('sort'), ...pageRequest(req) });
          return { items: page.courses.map(toApiCourse), next: page.next || null };
        },
      ),
    }),
    defineRoute({
      method: 'get',
      path: '/course/figures',
      summary: "The landing page's counters: how many courses are published, how many times they were sold in all, and how many instructor profiles there are (kept counts, decisions 0083 and 0087)",
      fairUse: 'reads',
      responses: { 200: answer(envelope(z.object({ courses: z.int().min(0), sold: z.int().min(0), instructors: z.int().min(0) }))) },
      handler: read(
        () => 'course:figures',
        async () => {
          const f = await catalogue.courseFigures();
          return { courses: f.publishedCourses, sold: f.sold, instructors: f.instructors };
        },
      ),
    }),
    defineRoute({
      method: 'get',
      path: '/course/featured/',
      summary: 'Featured published courses',
      fairUse: 'reads',
      responses: { 200: answer(listOf(CourseSchema)) },
      handler: read(() => 'course:featured', async () => (await catalogue.listCourses(null, catalogueV1.ListCoursesRequest.fromPartial({ featuredOnly: true }))).map(toApiCourse)),
    }),
    defineRoute({
      method: 'get',
      path: '/course/upcoming',
      summary: 'Upcoming courses',
      fairUse: 'reads',
      responses: { 200: answer(listOf(UpcomingCourseSchema)) },
      handler: read(() => 'course:upcoming', async () => (await catalogue.listUpcomingCourses()).map(toApiUpcoming)),
    }),
    defineRoute({
      method: 'get',
      path: '/course/{id}/',
      summary: 'One published course',
      params: idParam,
      fairUse: 'reads',
      responses: { 200: answer(envelope(CourseSchema)), 404: fail('Unknown or unpublished course') },
      handler: read(
        (req) => `course:${idOf(req, 'COURSE_NOT_FOUND')}`,
        async (req) => {
          // Published only, whoever asks (no user, as this read always went).
          const course = await catalogue.getCourse(null, { id: idOf(req, 'COURSE_NOT_FOUND'), includeUnpublished: false });
          return toApiCourse(course);
        },
      ),
    }),
  ];
}

/**
 * The back office's course list and its publish / feature switches (admin-back-office.md §7; issue
 * 10). Publishing and featuring are admin only, checked by the catalogue (the content role may
 * list drafts but not publish). Each write goes through the catalogue's outbox, whose events clear
 * the gateway's read cache (decision 0003), so visitors see the change on their next read.
 */
export function courseAdminRoutes(catalogue: Catalogue, tokens: AccessTokenVerifier): RouteSpec[] {
  const staff = { label: 'admin and content only', check: requireAuth(tokens, UserRoles.admin, UserRoles.content) };
  const admin = { label: 'admin only', check: requireAuth(tokens, UserRoles.admin) };
  const courseId = { id: { ...idParam.id, invalid: () => refusal('COURSE_NOT_FOUND') } };
  const ids = z.array(z.string().regex(/^[0-9a-fA-F-]{36}$/)).max(500);
  return [
    defineRoute({
      method: 'get',
      path: '/course/adminallcourse',
      summary: `Every course, published or not, newest first (back office): at most ${COURSE_LIST_BOUND} (the rest through GET course/admin/page, named by the Link header)`,
      auth: staff,
      responses: { 200: { ...answer(listOf(CourseSchema)), headers: linkHeader } },
      handler: async ({ res }) => {
        const caller = userOf(res);
        const { items, next } = await collectPages(COURSE_LIST_BOUND, async (cursor, limit) => {
          const page = await catalogue.listCoursePage({ ...NO_FILTER, includeUnpublished: true, featuredOnly: false, cursor, limit }, caller);
          return { items: page.courses, next: page.next };
        });
        linkNext(res, '/api/v1/course/admin/page', {}, next);
        res.json({ success: true, data: items.map(toApiCourse) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/course/admin/page',
      summary: "A page of every course, published or not (or the featured ones), newest first (back office, decision 0084); next: the following page's cursor, null on the last",
      auth: staff,
      query: { featured: { schema: z.enum(['true', 'false']), description: 'true: the featured courses only (default false)' }, ...pageQuery },
      responses: { 200: answer(pageOf(CourseSchema)), ...badPage },
      handler: async ({ req, res }) => {
        const featuredOnly = req.query.featured === 'true';
        const page = await catalogue.listCoursePage({ ...NO_FILTER, includeUnpublished: true, featuredOnly, ...pageRequest(req) }, userOf(res));
        res.json(ok({ items: page.courses.map(toApiCourse), next: page.next || null }));
      },
    }),
    ...(['published', 'unpublished'] as const).map((state) =>
      defineRoute({
        method: 'get',
        path: `/course/${state}/{id}`,
        summary: state === 'published' ? 'Publish a course (admin)' : 'Unpublish a course: visitors no longer see it (admin)',
        // The catalogue refuses the content role in the spec's words ('published Rejected!!', 'Unpublish Rejected!!').
        auth: staff,
        params: courseId,
        responses: { 200: answer(done(CourseSchema)), 403: fail(state === 'published' ? "'published Rejected!!' (not the admin)" : "'Unpublish Rejected!!' (not the admin)"), 404: fail('Unknown course') },
        handler: async ({ res, param }) => {
          const course = await catalogue.setCoursePublished(userOf(res), { id: param('id'), published: state === 'published' });
          res.json({ success: true, message: state === 'published' ? M.coursePublished : M.courseUnpublished, data: toApiCourse(course) });
        },
      }),
    ),
    defineRoute({
      method: 'post',
      path: '/course/featured/add/',
      summary: 'Feature and unfeature courses at once (admin)',
      auth: admin,
      body: { schema: z.object({ featured: ids.default([]), unFeatured: ids.default([]) }), headline: 'INVALID_ID' },
      responses: { 200: answer(done(listOf(CourseSchema).shape.data)), 400: fail('A course in both lists, or bad ids') },
      handler: async ({ res, body }) => {
        const courses = await catalogue.setCourseFeatured(userOf(res), { featuredIds: body.featured, unfeaturedIds: body.unFeatured });
        res.json({ success: true, message: body.featured.length > 0 || body.unFeatured.length === 0 ? M.courseFeatured : M.courseUnfeatured, data: courses.map(toApiCourse) });
      },
    }),
  ];
}
