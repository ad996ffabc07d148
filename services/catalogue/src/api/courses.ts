import type { CatalogueApi } from './client';
import { type ResponseCache, answer, envelope, fail, idParam, listOf, cachedRead, idOf, refusal, defineRoute, type RouteSpec, callerOf, requireAuth, UserRoles, done, type AccessTokenVerifier } from '@taal/edge';
import { z } from 'zod';
import { CourseAdminMessages as M } from '@taal/contracts';
import { CourseSchema, toApiCourse, toApiUpcoming, UpcomingCourseSchema } from './course-shape';

/** Public course reads (spec §7): published courses only, answered from the response cache. */
export function courseRoutes(catalogue: CatalogueApi, cache: ResponseCache): RouteSpec[] {
  const read = (key: Parameters<typeof cachedRead>[1], load: Parameters<typeof cachedRead>[2]) => cachedRead(cache, key, load);
  return [
    defineRoute({
      method: 'get',
      path: '/course/',
      summary: 'Published courses, newest first',
      fairUse: 'reads',
      responses: { 200: answer(listOf(CourseSchema)) },
      handler: read(() => 'course:list', async () => (await catalogue.listCourses({})).courses.map(toApiCourse)),
    }),
    defineRoute({
      method: 'get',
      path: '/course/featured/',
      summary: 'Featured published courses',
      fairUse: 'reads',
      responses: { 200: answer(listOf(CourseSchema)) },
      handler: read(() => 'course:featured', async () => (await catalogue.listCourses({ featuredOnly: true })).courses.map(toApiCourse)),
    }),
    defineRoute({
      method: 'get',
      path: '/course/upcoming',
      summary: 'Upcoming courses',
      fairUse: 'reads',
      responses: { 200: answer(listOf(UpcomingCourseSchema)) },
      handler: read(() => 'course:upcoming', async () => (await catalogue.listUpcomingCourses({})).courses.map(toApiUpcoming)),
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
          const { course } = await catalogue.getCourse({ id: idOf(req, 'COURSE_NOT_FOUND') });
          if (!course) throw refusal('COURSE_NOT_FOUND');
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
export function courseAdminRoutes(catalogue: CatalogueApi, tokens: AccessTokenVerifier): RouteSpec[] {
  const staff = { label: 'admin and content only', check: requireAuth(tokens, UserRoles.admin, UserRoles.content) };
  const admin = { label: 'admin only', check: requireAuth(tokens, UserRoles.admin) };
  const courseId = { id: { ...idParam.id, invalid: () => refusal('COURSE_NOT_FOUND') } };
  const ids = z.array(z.string().regex(/^[0-9a-fA-F-]{36}$/)).max(500);
  return [
    defineRoute({
      method: 'get',
      path: '/course/adminallcourse',
      summary: 'Every course, published or not, newest first (back office)',
      auth: staff,
      responses: { 200: answer(listOf(CourseSchema)) },
      handler: async ({ res }) => {
        const { courses } = await catalogue.listCourses({ includeUnpublished: true }, callerOf(res));
        res.json({ success: true, data: courses.map(toApiCourse) });
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
          const { course } = await catalogue.setCoursePublished({ id: param('id'), published: state === 'published' }, callerOf(res));
          res.json({ success: true, message: state === 'published' ? M.coursePublished : M.courseUnpublished, data: toApiCourse(course!) });
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
        const { courses } = await catalogue.setCourseFeatured({ featuredIds: body.featured, unfeaturedIds: body.unFeatured }, callerOf(res));
        res.json({ success: true, message: body.featured.length > 0 || body.unFeatured.length === 0 ? M.courseFeatured : M.courseUnfeatured, data: courses.map(toApiCourse) });
      },
    }),
  ];
}
