/**
 * The certificate requests' paged route (decision 0084) on learning running alone (issue 52), a
 * student's three requests among them: pending
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
  const { get, post, login, enrolFree, lessonsOf } = gatewayApi((p) => learning.baseFor(p));

  beforeAll(async () => {
    // The catalogue (learning's demo lessons follow its courses) and commerce (the enrolments) beside it.
    learning = await startServiceAlone('learning', { also: ['catalogue', 'commerce'] });
    tokens.admin = (await login('admin@taal.local', 'admin123')).token;
    const student = await login('student@taal.local', 'student123');
    tokens.student = student.token;
    // Rows to page: the student finishes three courses and asks for their certificates.
    const courses = ((await get('/course/')).body.data as { _id: string }[]).slice(0, 3).map((c) => c._id);
    await enrolFree(tokens.admin, student, courses);
    for (const course of courses) {
      for (const lesson of await lessonsOf(course, student.token)) {
        expect((await post(`/lesson/${lesson._id}/progress`, { position: 1, completed: true }, student.token)).status).toBe(200);
      }
      expect((await get(`/course/certificate/student@taal.local/${course}/Course`, student.token)).status).toBe(200);
    }
  }, 180_000);

  afterAll(async () => {
    await learning?.stop();
  });

  it('pages the certificate requests, pending first, as the work list and its total count them, for the back office only', async () => {
    const work = (await get('/user/certificatelist/work', tokens.admin)).body.data as { certificates: { _id: string }[]; total: number };
    const pending = (await readPagedRoute(get, '/user/certificatelist/page', tokens.admin)).ids;
    expect(pending.length).toBeGreaterThanOrEqual(3);
    const provided = (await readPagedRoute(get, '/user/certificatelist/page?status=provided', tokens.admin)).ids;
    expect(work.certificates.map((c) => c._id)).toEqual([...pending, ...provided].slice(0, 20));
    expect(work.total).toBe(pending.length + provided.length);
    expect((await get('/user/certificatelist/page', tokens.student)).status).toBe(403);
  });

  it('refuses an edited cursor and a page size out of range', async () => {
    expect(await refusedPageQueries(get, '/user/certificatelist/page', tokens.admin)).toEqual(PAGE_QUERY_REFUSALS);
  });
});
