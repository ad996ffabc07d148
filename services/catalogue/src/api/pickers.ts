/**
 * The pickers' reads (issue 51 item 2, decision 0087): a list of 100,000 courses or 20,000 instructors cannot
 * be a <select>, so the screens search as the user types. The back office's course picker (the update forms,
 * the exam's title), the reviews screen's course titles, and the storefront's instructor filter.
 */
import { z } from 'zod';
import { answer, cachedRead, defineRoute, envelope, fail, idParam, listOf, ok, refusal, type ResponseCache, type RouteSpec, type AccessTokenVerifier } from '@taal/edge';
import type { Catalogue } from '../app/catalogue';
import { CourseSchema, toApiCourse } from './course-shape';
import { InstructorSchema, toApiInstructor } from './instructor-shape';
import { userOf } from './shape';
import { writeGuards } from './write-shape';

const searchQuery = (what: string) => ({
  q: { schema: z.string().max(100), description: `The start of ${what} (blank: none found)` },
  limit: { schema: z.string().regex(/^([1-9]|1[0-9]|20)$/), description: 'Matches, 1 to 20 (default 10)' },
});
const limitOf = (value: unknown) => Number(value ?? 0);
const ID_LIST = /^[A-Za-z0-9-]{1,64}(,[A-Za-z0-9-]{1,64}){0,99}$/;

/** The back office's course picker and titles (admin and content; published or not). */
export function coursePickerRoutes(catalogue: Catalogue, tokens: AccessTokenVerifier): RouteSpec[] {
  const { staff } = writeGuards(tokens);
  return [
    defineRoute({
      method: 'get',
      path: '/course/admin/search',
      summary: "The first courses, published or not, whose title starts with q (any case), by title (the back office's course picker, decision 0087; admin and content)",
      auth: staff,
      query: searchQuery('a title'),
      responses: { 200: answer(listOf(CourseSchema)), 400: fail('q over 100 characters or a limit out of 1..20'), 403: fail('Not the admin or content role') },
      handler: async ({ req, res }) => {
        const { courses } = await catalogue.searchCourses(userOf(res), { query: String(req.query.q ?? ''), includeUnpublished: true, limit: limitOf(req.query.limit) });
        res.json(ok(courses.map(toApiCourse)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/course/admin/one/{id}',
      summary: "One course, published or not (the back office's course picker names the chosen course, decision 0087; admin and content)",
      auth: staff,
      params: { id: { ...idParam.id, invalid: () => refusal('COURSE_NOT_FOUND') } },
      responses: { 200: answer(envelope(CourseSchema)), 403: fail('Not the admin or content role'), 404: fail('Course not found (COURSE_NOT_FOUND)') },
      handler: async ({ res, param }) => {
        const course = await catalogue.getCourse(userOf(res), { id: param('id'), includeUnpublished: true });
        res.json(ok(toApiCourse(course)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/course/admin/titles',
      summary: "The titles of some courses, published or not, by id (the reviews screen names a page's courses, decision 0087; admin and content); unknown ids are left out",
      auth: staff,
      query: { ids: { schema: z.string().regex(ID_LIST), description: 'Course ids, comma separated, 1 to 100' } },
      responses: {
        200: answer(listOf(z.object({ _id: z.string(), title: z.string() }))),
        400: fail('No ids, more than 100, or one that is not an id (INVALID_ID)'),
        403: fail('Not the admin or content role'),
      },
      handler: async ({ req, res }) => {
        const ids = String(req.query.ids ?? '').split(',');
        if (!ID_LIST.test(ids.join(','))) throw refusal('INVALID_ID');
        const { courses } = await catalogue.getCourses(userOf(res), { ids, includeUnpublished: true });
        res.json(ok(courses.map((c) => ({ _id: c.id, title: c.title }))));
      },
    }),
  ];
}

/** The storefront's instructor filter (anyone; published instructors only; cached per query). */
export function instructorPickerRoutes(catalogue: Catalogue, cache: ResponseCache): RouteSpec[] {
  return [
    defineRoute({
      method: 'get',
      path: '/instructor/search',
      summary: "The first published instructors whose name starts with q (any case), by name (the course list's instructor filter, decision 0087)",
      fairUse: 'reads',
      query: searchQuery('a name'),
      responses: { 200: answer(listOf(InstructorSchema)), 400: fail('q over 100 characters or a limit out of 1..20') },
      handler: cachedRead(
        cache,
        (req) => `instructor:search:${limitOf(req.query.limit)}:${String(req.query.q ?? '').trim().toLowerCase()}`,
        async (req) => (await catalogue.searchInstructors(null, { query: String(req.query.q ?? ''), includeUnpublished: false, limit: limitOf(req.query.limit) })).instructors.map(toApiInstructor),
      ),
    }),
  ];
}
