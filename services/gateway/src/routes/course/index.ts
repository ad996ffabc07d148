import type { CatalogueApi } from '../../clients/catalogue';
import type { ResponseCache } from '../../cache/response-cache';
import { answer, envelope, fail, idParam, listOf } from '../../http/api-schemas';
import { cachedRead, idParam as idOf } from '../../http/respond';
import { HttpError } from '../../http/errors';
import { defineRoute, type RouteSpec } from '../../http/route-table';
import { CourseSchema, toApiCourse, toApiUpcoming, UpcomingCourseSchema } from './shape';

/** Public course reads (spec §7): published courses only, answered from the response cache. */
export function courseRoutes(catalogue: CatalogueApi, cache: ResponseCache): RouteSpec[] {
  const read = (key: Parameters<typeof cachedRead>[1], load: Parameters<typeof cachedRead>[2]) => cachedRead(cache, key, load);
  return [
    defineRoute({
      method: 'get',
      path: '/course/',
      summary: 'Published courses, newest first',
      responses: { 200: answer(listOf(CourseSchema)) },
      handler: read(() => 'course:list', async () => (await catalogue.listCourses({})).courses.map(toApiCourse)),
    }),
    defineRoute({
      method: 'get',
      path: '/course/featured/',
      summary: 'Featured published courses',
      responses: { 200: answer(listOf(CourseSchema)) },
      handler: read(() => 'course:featured', async () => (await catalogue.listCourses({ featuredOnly: true })).courses.map(toApiCourse)),
    }),
    defineRoute({
      method: 'get',
      path: '/course/upcoming',
      summary: 'Upcoming courses',
      responses: { 200: answer(listOf(UpcomingCourseSchema)) },
      handler: read(() => 'course:upcoming', async () => (await catalogue.listUpcomingCourses()).courses.map(toApiUpcoming)),
    }),
    defineRoute({
      method: 'get',
      path: '/course/{id}/',
      summary: 'One published course',
      params: idParam,
      responses: { 200: answer(envelope(CourseSchema)), 404: fail('Unknown or unpublished course') },
      handler: read(
        (req) => `course:${idOf(req, 'Course not found')}`,
        async (req) => {
          const { course } = await catalogue.getCourse({ id: idOf(req, 'Course not found') });
          if (!course) throw new HttpError(404, 'NOT_FOUND', 'Course not found');
          return toApiCourse(course);
        },
      ),
    }),
  ];
}
