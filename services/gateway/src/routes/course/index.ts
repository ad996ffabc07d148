import { Router } from 'express';
import type { CatalogueApi } from '../../clients/catalogue';
import type { ResponseCache } from '../../cache/response-cache';
import { handle, ok, sendJsonBytes } from '../../http/respond';
import { HttpError } from '../../http/errors';
import { toApiCourse, toApiUpcoming } from './shape';

const ID = /^[A-Za-z0-9-]{1,64}$/;

/** Public course reads (spec §7): published courses only. */
export function courseRoutes(catalogue: CatalogueApi, cache: ResponseCache): Router {
  const router = Router();

  router.get(
    '/course',
    handle(async (_req, res) => {
      const body = await cache.getOrLoad('course:list', async () => {
        const { courses } = await catalogue.listCourses({});
        return ok(courses.map(toApiCourse));
      });
      sendJsonBytes(res, body);
    }),
  );

  router.get(
    '/course/featured',
    handle(async (_req, res) => {
      const body = await cache.getOrLoad('course:featured', async () => {
        const { courses } = await catalogue.listCourses({ featuredOnly: true });
        return ok(courses.map(toApiCourse));
      });
      sendJsonBytes(res, body);
    }),
  );

  router.get(
    '/course/upcoming',
    handle(async (_req, res) => {
      const body = await cache.getOrLoad('course:upcoming', async () => {
        const { courses } = await catalogue.listUpcomingCourses();
        return ok(courses.map(toApiUpcoming));
      });
      sendJsonBytes(res, body);
    }),
  );

  router.get(
    '/course/:id',
    handle(async (req, res) => {
      const id = String(req.params.id);
      if (!ID.test(id)) throw new HttpError(404, 'NOT_FOUND', 'Course not found');
      const body = await cache.getOrLoad(`course:${id}`, async () => {
        const { course } = await catalogue.getCourse({ id });
        if (!course) throw new HttpError(404, 'NOT_FOUND', 'Course not found');
        return ok(toApiCourse(course));
      });
      sendJsonBytes(res, body);
    }),
  );

  return router;
}
