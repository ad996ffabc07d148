/**
 * The certificate requests' paged route (decision 0084) on learning running alone (issue 52): pending
 * and provided requests answer `{ items, next }` pages (next null on the last) whose rows, pending
 * first, are the spec's work list and its total; an edited cursor is INVALID_CURSOR, a page size out
 * of 1..100 INVALID_PAGE_SIZE; the pages are refused to a student.
 */
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { PAGE_QUERY_REFUSALS, readPagedRoute, refusedPageQueries } from '../../../tools/testing/paged-routes';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';

describe('the certificate requests’ keyset pages on learning alone', () => {
  let learning: ServiceAlone;
  const tokens = { admin: '', student: '' };
  const { get, login } = gatewayApi((p) => learning.baseFor(p));

  beforeAll(async () => {
    // The catalogue beside it: learning's demo data (its lessons and requests) follows the catalogue's courses.
    learning = await startServiceAlone('learning', { also: ['catalogue'] });
    tokens.admin = (await login('admin@taal.local', 'admin123')).token;
    tokens.student = (await login('student@taal.local', 'student123')).token;
  }, 120_000);

  afterAll(async () => {
    await learning?.stop();
  });

  it('pages the certificate requests, pending first, as the work list and its total count them, for the back office only', async () => {
    const work = (await get('/user/certificatelist/work', tokens.admin)).body.data as { certificates: { _id: string }[]; total: number };
    const pending = (await readPagedRoute(get, '/user/certificatelist/page', tokens.admin)).ids;
    const provided = (await readPagedRoute(get, '/user/certificatelist/page?status=provided', tokens.admin)).ids;
    expect(work.certificates.map((c) => c._id)).toEqual([...pending, ...provided].slice(0, 20));
    expect(work.total).toBe(pending.length + provided.length);
    expect((await get('/user/certificatelist/page', tokens.student)).status).toBe(403);
  });

  it('refuses an edited cursor and a page size out of range', async () => {
    expect(await refusedPageQueries(get, '/user/certificatelist/page', tokens.admin)).toEqual(PAGE_QUERY_REFUSALS);
  });
});
