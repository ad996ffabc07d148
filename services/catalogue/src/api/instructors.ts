import { catalogueV1 } from '@taal/contracts';
import { type ResponseCache, answer, envelope, fail, idParam, listOf, cachedRead, idOf, defineRoute, type RouteSpec } from '@taal/edge';
import type { Catalogue } from '../app/catalogue';
import type { Response } from 'express';
import { badPage, chargeLoad, collectPages, countedOnLoad, linkHeader, linkNext, ok, pageOf, pageQuery, pageRequest } from '@taal/edge';
import { InstructorSchema, toApiInstructor } from './instructor-shape';

/** The spec's "all" instructor lists answer at most this many, oldest first (decision 0084); a Link header names the paged route for the rest. */
export const INSTRUCTOR_LIST_BOUND = 100;

/** Public instructor reads (spec §7): published instructors; featured at most 10; cached. */
export function instructorRoutes(catalogue: Catalogue, cache: ResponseCache): RouteSpec[] {
  return [
    defineRoute({
      method: 'get',
      path: '/instructor/',
      summary: `Published instructors, oldest first: at most ${INSTRUCTOR_LIST_BOUND} (the rest through GET instructor/page, named by the Link header)`,
      fairUse: 'reads',
      responses: { 200: { ...answer(listOf(InstructorSchema)), headers: linkHeader } },
      // Not cachedRead: its fast lane would answer the cached bytes without the Link header.
      handler: countedOnLoad(async ({ res }: { res: Response }) => {
        const body = await cache.getOrLoad('instructor:list', async () => {
          await chargeLoad(res);
          return collectPages(INSTRUCTOR_LIST_BOUND, async (cursor, limit) => {
            const page = await catalogue.listInstructorPage(null, { includeUnpublished: false, cursor, limit });
            return { items: page.instructors.map(toApiInstructor), next: page.next };
          });
        });
        const { items, next } = JSON.parse(body.toString('utf8')) as { items: unknown[]; next: string };
        linkNext(res, '/api/v1/instructor/page', {}, next);
        res.json(ok(items));
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/instructor/page',
      summary: "A page of published instructors, oldest first (decision 0084); next: the following page's cursor, null on the last",
      fairUse: 'reads',
      query: pageQuery,
      responses: { 200: answer(pageOf(InstructorSchema)), ...badPage },
      handler: cachedRead(
        cache,
        (req) => `instructor:page:${new URLSearchParams(Object.entries(req.query as Record<string, string>).sort()).toString()}`,
        async (req) => {
          const page = await catalogue.listInstructorPage(null, { includeUnpublished: false, ...pageRequest(req) });
          return { items: page.instructors.map(toApiInstructor), next: page.next || null };
        },
      ),
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
        async () => (await catalogue.listInstructors(null, catalogueV1.ListInstructorsRequest.fromPartial({ featuredOnly: true }))).map(toApiInstructor),
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
          // Published only, whoever asks (no user, as this read always went).
          return toApiInstructor(await catalogue.getInstructor(null, { id: idOf(req, 'INSTRUCTOR_NOT_FOUND'), includeUnpublished: false }));
        },
      ),
    }),
  ];
}
