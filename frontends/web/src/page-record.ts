// A page that shows one record by id answers 404 when that record does not exist (issue 55).
import type { Request } from 'express';
import { pageForPath, type PageRecord, type RouteTable } from '@taal/web-shared/route-table';

/**
 * Whether the record a page shows exists (routes.json's `record`: a course, instructor, freebie,
 * gift card or certificate by id), asked of the gateway: false answers the page HTTP 404 (it still
 * renders its "not found" view), true or undefined (could not tell) 200 (issue 55).
 */
export type RecordExists = (record: PageRecord, id: string, req: Request) => Promise<boolean | undefined>;

/** How long the page waits for recordExists before answering 200 as if it could not tell. */
const RECORD_CHECK_MS = 1500;

/** The id of the record a page shows: its `id` query parameter, else the path's last segment (`/certificate/:id`). */
export function recordIdOf(pattern: string, pathname: string, query: Record<string, unknown>): string {
  if (!pattern.includes(':')) return typeof query.id === 'string' ? query.id : '';
  const segment = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

/** False when the page shows one record and that record does not exist (or no id was given); else true. */
export async function pageRecordFound(routes: RouteTable, req: Request, check: RecordExists | undefined): Promise<boolean> {
  const match = pageForPath(routes, req.path);
  const record = match?.page.record;
  if (!match || !record || !check) return true;
  const id = recordIdOf(match.pattern, req.path, req.query as Record<string, unknown>);
  if (!id) return false;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), RECORD_CHECK_MS);
  });
  try {
    return (await Promise.race([check(record as PageRecord, id, req).catch(() => undefined), late])) !== false;
  } finally {
    clearTimeout(timer);
  }
}
