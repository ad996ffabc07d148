/**
 * The paged routes of decision 0084 through the gateway on the all-in-one process: the back office's
 * courses (drafts included) and instructors, the visitor's instructors, the instructors' analytics, the
 * student's purchase history and wallet statement answer `{ items, next }` pages (next null on the last),
 * read to the end one row at a time give the same rows as the bounded "all" lists; an edited cursor is
 * INVALID_CURSOR, a page size out of 1..100 INVALID_PAGE_SIZE; the back office's pages are refused to a student.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAllInOne } from '@taal/launcher';
import { gatewayApi } from '../../../tools/testing/gateway-api';

describe('more keyset pages through the gateway on the all-in-one process', () => {
  let dataDir: string;
  let taal: Awaited<ReturnType<typeof startAllInOne>>;
  let base: string;
  const tokens: Record<string, string> = {};
  let studentId = '';
  const { get, post } = gatewayApi(() => base);

  /** Every row of a paged route, a page of `limit` at a time. */
  const readAll = async (route: string, token: string | undefined, limit = 1) => {
    const ids: string[] = [];
    let pages = 0;
    for (let cursor = ''; ; pages += 1) {
      const sep = route.includes('?') ? '&' : '?';
      const page = await get(`${route}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, token);
      expect(page.status).toBe(200);
      expect(Object.keys(page.body.data).filter((k) => k === 'items' || k === 'next')).toEqual(['items', 'next']);
      ids.push(...(page.body.data.items as { _id: string }[]).map((r) => r._id));
      if (page.body.data.next === null) break;
      expect(typeof page.body.data.next).toBe('string');
      cursor = page.body.data.next as string;
    }
    return { ids, pages: pages + 1 };
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'taal-more-pages-'));
    taal = await startAllInOne({ PORT: '0', DATA_DIR: dataDir, HOST: '127.0.0.1' });
    base = `http://127.0.0.1:${taal.port}`;
    for (const [who, password] of [['admin', 'admin123'], ['student', 'student123']] as const) {
      const login = await post('/user/login/', { email: `${who}@taal.local`, password });
      tokens[who] = login.body.data.token;
      if (who === 'student') studentId = login.body.data.user._id;
    }
  }, 180_000);

  afterAll(async () => {
    await taal?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('pages the back office’s courses (drafts included) as the bounded list lists them', async () => {
    const all = (await get('/course/adminallcourse', tokens.admin)).body.data as { _id: string; featured: boolean }[];
    const { ids, pages } = await readAll('/course/admin/page', tokens.admin);
    expect(ids).toEqual(all.map((c) => c._id));
    expect(pages).toBe(all.length);
    expect((await readAll('/course/admin/page?featured=true', tokens.admin, 2)).ids).toEqual(all.filter((c) => c.featured).map((c) => c._id));
    expect((await get('/course/admin/page', tokens.student)).status).toBe(403);
  });

  it('pages the instructors, the instructors’ analytics, and the visitor’s instructors', async () => {
    const all = (await get('/instructor/admin/instructorlist', tokens.admin)).body.data as { _id: string; published: boolean }[];
    expect((await readAll('/instructor/admin/page', tokens.admin)).ids).toEqual(all.map((i) => i._id));
    expect((await readAll('/analytics/secure/instructor/page', tokens.admin)).ids).toEqual(all.map((i) => i._id));
    const analytics = (await get('/analytics/secure/instructor', tokens.admin)).body.data as { _id: string }[];
    expect(analytics.map((i) => i._id)).toEqual(all.map((i) => i._id));
    expect((await readAll('/instructor/page', undefined)).ids).toEqual(all.filter((i) => i.published).map((i) => i._id));
    expect((await get('/instructor/admin/page', tokens.student)).status).toBe(403);
    expect((await get('/analytics/secure/instructor/page', tokens.student)).status).toBe(403);
  });

  it('pages the student’s purchase history and wallet statement', async () => {
    const orders = (await get(`/order/${studentId}`, tokens.student)).body.data as { _id: string }[];
    expect((await readAll(`/order/${studentId}/page`, tokens.student)).ids).toEqual(orders.map((o) => o._id));
    const statement = await get(`/wallet/${studentId}/statement`, tokens.student);
    expect(statement.status).toBe(200);
    expect(Object.keys(statement.body.data).sort()).toEqual(['balance', 'items', 'next']);
    expect((await get(`/order/${studentId}/page`, tokens.admin)).status).toBe(403);
  });

  it.each([
    '/course/admin/page',
    '/instructor/admin/page',
    '/instructor/page',
    '/analytics/secure/instructor/page',
    'ORDERS',
    'STATEMENT',
  ])('refuses an edited cursor and a page size out of range on %s', async (route) => {
    const path = route === 'ORDERS' ? `/order/${studentId}/page` : route === 'STATEMENT' ? `/wallet/${studentId}/statement` : route;
    const token = route === 'ORDERS' || route === 'STATEMENT' ? tokens.student : tokens.admin;
    const forged = Buffer.from(JSON.stringify(['courses:admin', '2026-01-01 00:00:00+00', 'x', 'aaaaaaaaaa'])).toString('base64url');
    for (const [query, reason] of [
      [`cursor=${forged}`, 'INVALID_CURSOR'],
      ['cursor=not*base64', 'INVALID_CURSOR'],
      ['limit=0', 'INVALID_PAGE_SIZE'],
      ['limit=101', 'INVALID_PAGE_SIZE'],
    ] as const) {
      const answer = await get(`${path}?${query}`, token);
      expect({ query, status: answer.status, reason: answer.body.reason }).toEqual({ query, status: 400, reason });
    }
  });
});
