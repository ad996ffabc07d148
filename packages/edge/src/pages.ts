/**
 * Keyset pages at the edge (decision 0074): the `cursor` and `limit` query parameters every paged
 * route takes, the page's answer `{ success, data: { items, next } }` (next: null on the last page),
 * and the spec's "all" lists kept in their shape up to a documented bound, with a `Link: <…>; rel="next"`
 * header to the paged route when more remain (nothing is cut without saying so).
 */
import type { Request, Response } from 'express';
import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@taal/kit';

// The limit's pattern below says 1 to 100: it must change with PAGE_SIZE_MAX.
if (PAGE_SIZE_MAX !== 100) throw new Error('pages.ts: the limit pattern states a maximum of 100');
import { envelope, fail } from './api-schemas';
import { refusal } from './errors';
import type { ParamSpec, ResponseSpec } from './route-table';

export { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX };

/** `cursor` (the `next` of the page before) and `limit` (1..PAGE_SIZE_MAX). */
export const pageQuery: Record<'cursor' | 'limit', ParamSpec> = {
  cursor: {
    schema: z.string().regex(/^[A-Za-z0-9_-]{1,512}$/),
    description: 'The `next` of the page before; none for the first page. An edited cursor is refused (INVALID_CURSOR)',
    invalid: () => refusal('INVALID_CURSOR'),
  },
  limit: {
    // 1 to 100 as a pattern the document states (a refine would not reach it).
    schema: z.string().regex(/^(100|[1-9][0-9]?)$/),
    description: `Rows in the page, 1 to ${PAGE_SIZE_MAX} (default ${PAGE_SIZE_DEFAULT})`,
    invalid: () => refusal('INVALID_PAGE_SIZE', { params: { max: PAGE_SIZE_MAX } }),
  },
};

/** A page's answer: its rows newest first and the next page's cursor, null on the last page. */
export const pageOf = <T extends z.ZodType, E extends z.ZodRawShape = Record<never, never>>(item: T, extra?: E) =>
  envelope(z.object({ items: z.array(item), next: z.string().nullable().meta({ description: 'The cursor of the next page; null when this is the last' }), ...(extra ?? ({} as E)) }));

/** The paged routes' 400: an edited cursor or a page size out of range. */
export const badPage: Record<400, ResponseSpec> = { 400: fail('A cursor that is not a page of this list (INVALID_CURSOR), or a page size out of range (INVALID_PAGE_SIZE)') };

/** The request's cursor ('' for the first page) and page size. */
export function pageRequest(req: Request): { cursor: string; limit: number } {
  const cursor = typeof req.query.cursor === 'string' ? req.query.cursor : '';
  const limit = typeof req.query.limit === 'string' ? Number(req.query.limit) : PAGE_SIZE_DEFAULT;
  return { cursor, limit };
}

/** The spec's "all" lists: pages of PAGE_SIZE_MAX read until `bound` rows or the end. */
export async function collectPages<T>(bound: number, read: (cursor: string, limit: number) => Promise<{ items: T[]; next: string }>): Promise<{ items: T[]; next: string }> {
  const items: T[] = [];
  let next = '';
  do {
    const page = await read(next, Math.min(PAGE_SIZE_MAX, bound - items.length));
    items.push(...page.items);
    next = page.next;
  } while (next && items.length < bound);
  return { items, next };
}

/** The bounded "all" list's header: where its next rows are (the paged route, from the last row given). */
export function linkNext(res: Response, pagedPath: string, query: Record<string, string>, next: string): void {
  if (!next) return;
  res.setHeader('Link', `<${pagedPath}?${new URLSearchParams({ ...query, cursor: next }).toString()}>; rel="next"`);
}

/** The bounded "all" list's documented header. */
export const linkHeader = {
  Link: { description: 'When the list was cut at its bound: `<paged route?cursor=…>; rel="next"`, where the rest continues', schema: z.string() },
};
