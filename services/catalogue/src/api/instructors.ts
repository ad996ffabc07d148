import type { CatalogueApi } from './client';
import { type ResponseCache, answer, envelope, fail, idParam, listOf, cachedRead, idOf, refusal, defineRoute, type RouteSpec } from '@taal/edge';
import { InstructorSchema, toApiInstructor } from './instructor-shape';

/** Public instructor reads (spec §7): published instructors; featured at most 10; cached. */
export function instructorRoutes(catalogue: CatalogueApi, cache: ResponseCache): RouteSpec[] {
  return [
    defineRoute({
      method: 'get',
      path: '/instructor/',
      summary: 'Published instructors',
      fairUse: 'reads',
      responses: { 200: answer(listOf(InstructorSchema)) },
      handler: cachedRead(cache, () => 'instructor:list', async () => (await catalogue.listInstructors({})).instructors.map(toApiInstructor)),
    }),
    defineRoute({
      method: 'get',
      path: '/instructor/featured/',
      summary: 'Featured instructors, at most 10',
      fairUse: 'reads',
      responses: { 200: answer(listOf(InstructorSchema)) },
      handler: cachedRead(
        cache,
        () => 'instructor:featured',
        async () => (await catalogue.listInstructors({ featuredOnly: true })).instructors.map(toApiInstructor),
      ),
    }),
    defineRoute({
      method: 'get',
      path: '/instructor/{id}/',
      summary: 'One published instructor',
      params: idParam,
      fairUse: 'reads',
      responses: { 200: answer(envelope(InstructorSchema)), 404: fail('Unknown or unpublished instructor') },
      handler: cachedRead(
        cache,
        (req) => `instructor:${idOf(req, 'INSTRUCTOR_NOT_FOUND')}`,
        async (req) => {
          const { instructor } = await catalogue.getInstructor({ id: idOf(req, 'INSTRUCTOR_NOT_FOUND') });
          if (!instructor) throw refusal('INSTRUCTOR_NOT_FOUND');
          return toApiInstructor(instructor);
        },
      ),
    }),
  ];
}
