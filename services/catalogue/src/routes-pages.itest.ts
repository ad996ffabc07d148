/**
 * The catalogue's paged routes (decision 0084) on the catalogue running alone (issue 52): the back
 * office's courses (drafts included) and instructors, and the visitor's instructors, answer
 * `{ items, next }` pages (next null on the last); read to the end one row at a time they give the
 * same rows as the bounded "all" lists; an edited cursor is INVALID_CURSOR, a page size out of
 * 1..100 INVALID_PAGE_SIZE; the back office's pages are refused to a student.
 */
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { PAGE_QUERY_REFUSALS, readPagedRoute, refusedPageQueries } from '../../../tools/testing/paged-routes';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';

describe('the catalogue’s keyset pages on the catalogue alone', () => {
  let catalogue: ServiceAlone;
  const tokens = { admin: '', student: '' };
  const { get, login } = gatewayApi((p) => catalogue.baseFor(p));

  beforeAll(async () => {
    catalogue = await startServiceAlone('catalogue');
    tokens.admin = (await login('admin@taal.local', 'admin123')).token;
    tokens.student = (await login('student@taal.local', 'student123')).token;
  }, 120_000);

  afterAll(async () => {
    await catalogue?.stop();
  });

  it('pages the back office’s courses (drafts included) as the bounded list lists them', async () => {
    const all = (await get('/course/adminallcourse', tokens.admin)).body.data as { _id: string; featured: boolean }[];
    const { ids, pages } = await readPagedRoute(get, '/course/admin/page', tokens.admin);
    expect(ids).toEqual(all.map((c) => c._id));
    expect(pages).toBe(all.length);
    expect((await readPagedRoute(get, '/course/admin/page?featured=true', tokens.admin, 2)).ids).toEqual(all.filter((c) => c.featured).map((c) => c._id));
    expect((await get('/course/admin/page', tokens.student)).status).toBe(403);
  });

  it('pages the instructors for the back office and for visitors', async () => {
    const all = (await get('/instructor/admin/instructorlist', tokens.admin)).body.data as { _id: string; published: boolean }[];
    expect((await readPagedRoute(get, '/instructor/admin/page', tokens.admin)).ids).toEqual(all.map((i) => i._id));
    expect((await readPagedRoute(get, '/instructor/page', undefined)).ids).toEqual(all.filter((i) => i.published).map((i) => i._id));
    expect((await get('/instructor/admin/page', tokens.student)).status).toBe(403);
  });

  it.each(['/course/admin/page', '/instructor/admin/page', '/instructor/page'])('refuses an edited cursor and a page size out of range on %s', async (route) => {
    expect(await refusedPageQueries(get, route, tokens.admin)).toEqual(PAGE_QUERY_REFUSALS);
  });
});
