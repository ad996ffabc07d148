/**
 * Messaging's lists at the edge (decision 0085, after 0074): each list is a paged route answering
 * `{ items, next }` (`cursor` and `limit` in the query) and, where the spec names a plain list, that
 * route kept in its shape up to a documented bound, read a page of 100 at a time, with a
 * `Link: <…/page?cursor=…>; rel="next"` header when more remain. No answer grows with a collection.
 */
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { answer, badPage, collectPages, defineRoute, linkHeader, linkNext, listOf, ok, pageOf, pageQuery, pageRequest, type Access, type ParamSpec, type ResponseSpec, type RouteSpec } from '@taal/edge';

/** How the spec's plain lists are cut: rows, newest first; each keeps its answer under 256 KB at its widest realistic rows (decision 0089). */
export const LIST_BOUNDS = { contacts: 60, studentMessages: 60, notifications: 500, reviews: 50, questions: 30, reports: 70, massMails: 15 } as const;

interface ListSpec<T, S extends z.ZodType> {
  /** The spec's list route (OpenAPI form), e.g. '/contact/general/'; none: only the paged route. */
  path?: string;
  /** The paged route, e.g. '/contact/general/page'. */
  pagePath: string;
  /** What the list is ("Visitors' contact messages, newest first"). */
  summary: string;
  auth: Access;
  params?: Record<string, ParamSpec>;
  /** Query parameters besides cursor and limit (both routes take them). */
  query?: Record<string, ParamSpec>;
  /** The answers besides 200 and the page's 400. */
  responses?: Record<number, ResponseSpec>;
  cachedPerUser?: (req: Request) => string;
  bound: number;
  item: S;
  toApi: (row: T) => z.input<S>;
  /** Reads one page from the service. */
  read: (req: Request, res: Response, param: (name: string) => string, page: { cursor: string; limit: number }) => Promise<{ items: T[]; next: string }>;
  /** The query the Link to the rest carries besides the cursor. */
  linkQuery?: (req: Request) => Record<string, string>;
}

/** The paged route of a list and, with `path`, its bounded plain list. */
export function listRoutes<T, S extends z.ZodType>(spec: ListSpec<T, S>): RouteSpec[] {
  const paged = defineRoute({
    method: 'get',
    path: spec.pagePath,
    summary: `${spec.summary}: a page (decision 0085); next: the following page's cursor, null on the last`,
    auth: spec.auth,
    ...(spec.params ? { params: spec.params } : {}),
    query: { ...spec.query, ...pageQuery },
    ...(spec.cachedPerUser ? { cachedPerUser: spec.cachedPerUser } : {}),
    responses: { 200: answer(pageOf(spec.item)), ...badPage, ...spec.responses },
    handler: async ({ req, res, param }) => {
      const page = await spec.read(req, res, param, pageRequest(req));
      res.json(ok({ items: page.items.map(spec.toApi), next: page.next || null }));
    },
  });
  if (!spec.path) return [paged];
  const all = defineRoute({
    method: 'get',
    path: spec.path,
    summary: `${spec.summary}: at most ${spec.bound} (the rest through GET ${spec.pagePath.replace(/^\//, '')}, named by the Link header)`,
    auth: spec.auth,
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.query ? { query: spec.query } : {}),
    responses: { 200: { ...answer(listOf(spec.item)), headers: linkHeader }, ...spec.responses },
    handler: async ({ req, res, param }) => {
      const { items, next } = await collectPages(spec.bound, (cursor, limit) => spec.read(req, res, param, { cursor, limit }));
      const pagePath = `/api/v1${spec.pagePath.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(param(name)))}`;
      linkNext(res, pagePath, spec.linkQuery?.(req) ?? {}, next);
      res.json(ok(items.map(spec.toApi)));
    },
  });
  return [paged, all];
}
