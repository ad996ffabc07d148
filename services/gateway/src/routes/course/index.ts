import { Router } from 'express';
import type { CatalogueApi } from '../../clients/catalogue';
import type { ResponseCache } from '../../cache/response-cache';
import { cachedRead, idParam } from '../../http/respond';
import { HttpError } from '../../http/errors';
import { toApiCourse, toApiUpcoming } from './shape';

/** Public course reads (spec §7): published courses only, answered from the response cache. */
export function courseRoutes(catalogue: CatalogueApi, cache: ResponseCache): Router {
  const router = Router();

  router.get(
    '/course',
    cachedRead(cache, () => 'course:list', async () => (await catalogue.listCourses({})).courses.map(toApiCourse)),
  );

  router.get(
    '/course/featured',
    cachedRead(
      cache,
      () => 'course:featured',
      async () => (await catalogue.listCourses({ featuredOnly: true })).courses.map(toApiCourse),
    ),
  );

  router.get(
    '/course/upcoming',
    cachedRead(cache, () => 'course:upcoming', async () => (await catalogue.listUpcomingCourses()).courses.map(toApiUpcoming)),
  );

  router.get(
    '/course/:id',
    cachedRead(
      cache,
      (req) => `course:${idParam(req, 'Course not found')}`,
      async (req) => {
        const { course } = await catalogue.getCourse({ id: idParam(req, 'Course not found') });
        if (!course) throw new HttpError(404, 'NOT_FOUND', 'Course not found');
        return toApiCourse(course);
      },
    ),
  );

  return router;
}
