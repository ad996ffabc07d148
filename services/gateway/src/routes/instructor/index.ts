import { Router } from 'express';
import type { CatalogueApi } from '../../clients/catalogue';
import type { ResponseCache } from '../../cache/response-cache';
import { handle, ok, sendJsonBytes } from '../../http/respond';
import { HttpError } from '../../http/errors';
import { toApiInstructor } from './shape';

const ID = /^[A-Za-z0-9-]{1,64}$/;

/** Public instructor reads (spec §7): published instructors; featured at most 10. */
export function instructorRoutes(catalogue: CatalogueApi, cache: ResponseCache): Router {
  const router = Router();

  router.get(
    '/instructor',
    handle(async (_req, res) => {
      const body = await cache.getOrLoad('instructor:list', async () => {
        const { instructors } = await catalogue.listInstructors({});
        return ok(instructors.map(toApiInstructor));
      });
      sendJsonBytes(res, body);
    }),
  );

  router.get(
    '/instructor/featured',
    handle(async (_req, res) => {
      const body = await cache.getOrLoad('instructor:featured', async () => {
        const { instructors } = await catalogue.listInstructors({ featuredOnly: true });
        return ok(instructors.map(toApiInstructor));
      });
      sendJsonBytes(res, body);
    }),
  );

  router.get(
    '/instructor/:id',
    handle(async (req, res) => {
      const id = String(req.params.id);
      if (!ID.test(id)) throw new HttpError(404, 'NOT_FOUND', 'Instructor not found');
      const body = await cache.getOrLoad(`instructor:${id}`, async () => {
        const { instructor } = await catalogue.getInstructor({ id });
        if (!instructor) throw new HttpError(404, 'NOT_FOUND', 'Instructor not found');
        return ok(toApiInstructor(instructor));
      });
      sendJsonBytes(res, body);
    }),
  );

  return router;
}
