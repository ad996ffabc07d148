import { Router } from 'express';
import type { CatalogueApi } from '../../clients/catalogue';
import type { ResponseCache } from '../../cache/response-cache';
import { cachedRead, idParam } from '../../http/respond';
import { HttpError } from '../../http/errors';
import { toApiInstructor } from './shape';

/** Public instructor reads (spec §7): published instructors; featured at most 10; cached. */
export function instructorRoutes(catalogue: CatalogueApi, cache: ResponseCache): Router {
  const router = Router();

  router.get(
    '/instructor',
    cachedRead(
      cache,
      () => 'instructor:list',
      async () => (await catalogue.listInstructors({})).instructors.map(toApiInstructor),
    ),
  );

  router.get(
    '/instructor/featured',
    cachedRead(
      cache,
      () => 'instructor:featured',
      async () => (await catalogue.listInstructors({ featuredOnly: true })).instructors.map(toApiInstructor),
    ),
  );

  router.get(
    '/instructor/:id',
    cachedRead(
      cache,
      (req) => `instructor:${idParam(req, 'Instructor not found')}`,
      async (req) => {
        const { instructor } = await catalogue.getInstructor({ id: idParam(req, 'Instructor not found') });
        if (!instructor) throw new HttpError(404, 'NOT_FOUND', 'Instructor not found');
        return toApiInstructor(instructor);
      },
    ),
  );

  return router;
}
