/**
 * Messaging's paged routes (decision 0085) on messaging running alone (issue 52): each answers
 * `{ items, next }` (next null on the last page); read to the end one row at a time they give the rows of
 * the spec's bounded list, in its order; an edited cursor is INVALID_CURSOR, a page size out of 1..100
 * INVALID_PAGE_SIZE; the back office's pages are refused to a student and a user's to another user. The
 * spec's list of every notification keeps its shape up to 500 and names the rest in a Link header.
 */
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { listedIds, readPagedRoute } from '../../../tools/testing/paged-routes';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';

describe("messaging's keyset pages on messaging running alone", () => {
  let messaging: ServiceAlone;
  const tokens = { admin: '', student: '', instructor: '' };
  const ids = { admin: '', student: '', instructor: '' };
  let profile = '';
  // Each call to the service that serves it (sign-in: identity's own port).
  const { get, post } = gatewayApi((p) => messaging.baseFor(p));

  beforeAll(async () => {
    // Messaging alone, with the catalogue, whose instructors students write to.
    messaging = await startServiceAlone('messaging', { also: ['catalogue'] });
    for (const [who, password] of [['admin', 'admin123'], ['student', 'student123'], ['instructor', 'instructor123']] as const) {
      const login = await post('/user/login/', { email: `${who}@taal.local`, password });
      tokens[who] = login.body.data.token;
      ids[who] = login.body.data.user._id;
      if (who === 'instructor') profile = login.body.data.user.instructor;
    }
    for (let n = 0; n < 4; n++) expect((await post('/contact/instructor/', { to: profile, message: `Question ${n}` }, tokens.student)).status).toBe(201);
    const pending = (await get(`/contact/mystudent/${profile}`, tokens.instructor)).body.data as { _id: string }[];
    expect((await post(`/contact/r/${pending[1]!._id}`, { reply: 'An answer' }, tokens.instructor)).status).toBe(200);
    for (let n = 0; n < 2; n++) expect((await post('/contact/', { name: 'Visitor', email: `v${n}@example.com`, message: `Hello ${n}` })).status).toBeLessThan(300);
    expect((await post('/report', { kind: 'message', itemId: pending[0]!._id, reason: 'spam' }, tokens.instructor)).status).toBeLessThan(300);
    // More notifications than the spec's list keeps (500), a few at a time.
    for (let n = 0; n < 505; n += 25) {
      await Promise.all(Array.from({ length: 25 }, (_, i) => post('/notification/create', { msg: `Notice ${n + i}` }, tokens.admin)));
    }
  }, 300_000);

  afterAll(async () => {
    await messaging?.stop();
  });

  it('pages each list as its bounded list lists it', async () => {
    const { admin, student, instructor } = tokens;
    const lists: [string, string, string][] = [
      ['/contact/general/page', '/contact/general/', admin],
      ['/contact/student/page', '/contact/student/', admin],
      [`/contact/u/c/${ids.student}/page`, `/contact/u/c/${ids.student}`, student],
      [`/contact/u/p/${ids.student}/page`, `/contact/u/p/${ids.student}`, student],
      ['/review/recent/page', '/review/recent', admin],
      ['/review/hidden/page', '/review/hidden', admin],
      ['/questions/recent/page', '/questions/recent', admin],
      ['/report/queue/page', '/report/queue', admin],
      ['/report/queue/page?open=true', '/report/queue?open=true', admin],
      ['/mass-mail/page', '/mass-mail/', admin],
    ];
    for (const [paged, all, token] of lists) {
      const bounded = await listedIds(get, all, token);
      expect([paged, (await readPagedRoute(get, paged, token)).ids]).toEqual([paged, bounded]);
      expect((await readPagedRoute(get, paged, token, 100)).pages).toBe(1);
    }
    expect((await listedIds(get, '/contact/student/', admin)).length).toBeGreaterThanOrEqual(4);
    // The instructor's: pending first, then answered, each newest first.
    const inbox = await listedIds(get, `/contact/mystudent/${profile}`, instructor);
    const pendingPage = (await readPagedRoute(get, `/contact/mystudent/${profile}/page?answered=false`, instructor, 2)).ids;
    const answeredPage = (await readPagedRoute(get, `/contact/mystudent/${profile}/page?answered=true`, instructor, 2)).ids;
    expect([pendingPage.length, answeredPage.length]).toEqual([3, 1]);
    expect(inbox).toEqual([...pendingPage, ...answeredPage]);
  }, 120_000);

  it('keeps the spec’s notification lists to 500 with a Link to the rest, and pages every one', async () => {
    const all = await get('/notification', tokens.admin);
    expect(all.body.data).toHaveLength(500);
    const link = all.headers.get('link') ?? '';
    expect(link).toMatch(/^<\/api\/v1\/notification\/page\?cursor=[\w-]+>; rel="next"$/);
    const rest = await get(link.slice(link.indexOf('/notification'), link.indexOf('>')), tokens.admin);
    expect(rest.status).toBe(200);
    const paged = (await readPagedRoute(get, '/notification/page', tokens.admin, 100)).ids;
    expect(paged.length).toBeGreaterThanOrEqual(505);
    expect(paged.slice(0, 500)).toEqual((all.body.data as { _id: string }[]).map((n) => n._id));
    expect((rest.body.data.items as { _id: string }[])[0]?._id).toBe(paged[500]);
    // The student's: every notification to everyone (and theirs), a page at a time; the list keeps 500.
    const mine = await get(`/notification/user/${ids.student}/all`, tokens.student);
    expect(mine.body.data).toHaveLength(500);
    expect(mine.headers.get('link')).toMatch(new RegExp(`^</api/v1/notification/user/${ids.student}/page\\?cursor=[\\w-]+>; rel="next"$`));
    expect((await readPagedRoute(get, `/notification/user/${ids.student}/page`, tokens.student, 100)).ids.slice(0, 500)).toEqual((mine.body.data as { _id: string }[]).map((n) => n._id));
  }, 120_000);

  it('refuses an edited cursor, a page size out of range, and another user’s pages', async () => {
    const first = await get('/notification/page?limit=2', tokens.admin);
    const cursor = first.body.data.next as string;
    const parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as string[];
    parts[2] = `${parts[2]}0`;
    const edited = await get(`/notification/page?cursor=${Buffer.from(JSON.stringify(parts)).toString('base64url')}`, tokens.admin);
    expect([edited.status, edited.body.reason]).toEqual([400, 'INVALID_CURSOR']);
    // Another list's cursor is not this list's.
    const other = await get(`/notification/user/${ids.student}/page?cursor=${cursor}`, tokens.student);
    expect([other.status, other.body.reason]).toEqual([400, 'INVALID_CURSOR']);
    const tooMany = await get('/contact/general/page?limit=101', tokens.admin);
    expect([tooMany.status, tooMany.body.reason]).toEqual([400, 'INVALID_PAGE_SIZE']);
    expect((await get('/contact/general/page', tokens.student)).status).toBe(403);
    expect((await get('/review/recent/page', tokens.student)).status).toBe(403);
    expect((await get(`/contact/u/c/${ids.admin}/page`, tokens.student)).status).toBe(403);
    expect((await get(`/notification/user/${ids.admin}/page`, tokens.student)).status).toBe(403);
    expect((await get(`/contact/mystudent/${profile}/page`, tokens.student)).status).toBe(403);
  }, 60_000);
});
