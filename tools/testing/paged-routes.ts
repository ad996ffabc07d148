/**
 * Test helpers for the paged routes (decisions 0084 and 0085), as a client reads them: every page of
 * a route to its end, and what the route answers to an edited cursor or a page size out of range.
 */
import type { Answer } from './gateway-api';

type Get = (path: string, token?: string) => Promise<Answer>;

/**
 * Every row of a paged route, `limit` at a time: the rows' `key`s and the number of pages. Each page
 * must be 200 with `{ items, next }` (a `totals` beside them allowed), at most `limit` items, and
 * `next` a string until the last page's null.
 */
export async function readPagedRoute(get: Get, route: string, token: string | undefined, limit = 1, key = '_id'): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  for (let cursor = '', pages = 1; ; pages += 1) {
    const sep = route.includes('?') ? '&' : '?';
    const page = await get(`${route}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, token);
    const data = page.body.data as { items?: Record<string, string>[]; next?: unknown } | undefined;
    const keys = Object.keys(data ?? {}).filter((k) => k !== 'totals').sort();
    if (page.status !== 200 || keys.join() !== 'items,next' || data!.items!.length > limit) {
      throw new Error(`${route} page ${pages} answered ${page.status}: ${JSON.stringify(page.body).slice(0, 300)}`);
    }
    ids.push(...data!.items!.map((row) => row[key]!));
    if (data!.next === null) return { ids, pages };
    if (typeof data!.next !== 'string') throw new Error(`${route} page ${pages}: next is ${JSON.stringify(data!.next)}`);
    cursor = data!.next;
  }
}

/** The rows' `key`s of a bounded ("all") list the paged route must match; anything but a 200 fails. */
export async function listedIds(get: Get, route: string, token: string | undefined, key = '_id'): Promise<string[]> {
  const answer = await get(route, token);
  if (answer.status !== 200) throw new Error(`${route} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  return (answer.body.data as Record<string, string>[]).map((row) => row[key]!);
}

/**
 * What a paged route answers to a cursor edited by its client (a real `next` with its position
 * changed, its signature kept; a forged one when the list has one page), a cursor that is not
 * base64url, and page sizes 0 and 101: `[what, status, reason]` each, to compare with
 * PAGE_QUERY_REFUSALS.
 */
export async function refusedPageQueries(get: Get, path: string, token: string | undefined): Promise<[string, number, string | undefined][]> {
  const sep = path.includes('?') ? '&' : '?';
  const first = await get(`${path}${sep}limit=1`, token);
  const next = (first.body.data as { next?: string | null } | undefined)?.next;
  const parts = next ? (JSON.parse(Buffer.from(next, 'base64url').toString('utf8')) as string[]) : ['list', '2026-01-01 00:00:00+00', 'x', 'aaaaaaaaaa'];
  parts[1] = parts[1] === '2001-01-01 00:00:00+00' ? '2002-01-01 00:00:00+00' : '2001-01-01 00:00:00+00';
  const edited = Buffer.from(JSON.stringify(parts)).toString('base64url');
  const answers: [string, number, string | undefined][] = [];
  for (const [what, query] of [
    ['an edited cursor', `cursor=${edited}`],
    ['a cursor that is not base64url', 'cursor=not*base64'],
    ['page size 0', 'limit=0'],
    ['page size 101', 'limit=101'],
  ] as const) {
    const answer = await get(`${path}${sep}${query}`, token);
    answers.push([what, answer.status, answer.body.reason]);
  }
  return answers;
}

export const PAGE_QUERY_REFUSALS: [string, number, string][] = [
  ['an edited cursor', 400, 'INVALID_CURSOR'],
  ['a cursor that is not base64url', 400, 'INVALID_CURSOR'],
  ['page size 0', 400, 'INVALID_PAGE_SIZE'],
  ['page size 101', 400, 'INVALID_PAGE_SIZE'],
];
