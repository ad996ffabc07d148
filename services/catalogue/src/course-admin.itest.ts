/**
 * The back office's course switches on the catalogue running alone (issues 10 and 52): the admin
 * list with drafts, publish / unpublish and bulk feature, visible to visitors on their next read
 * (the catalogue's events clear its routes' read cache), and refused to students and to the
 * content role (403). Users sign in on identity's own port.
 */
import { waitFor } from '../../../tools/testing/wait';
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';

describe('course publishing and featuring on the catalogue running alone', () => {
  let catalogue: ServiceAlone;
  const tokens: Record<string, string> = {};

  // Each call to the service that serves it (sign-in: identity's own port).
  const { request } = gatewayApi((p) => catalogue.baseFor(p));
  const visible = async (id: string) => ((await request('GET', '/course/')).body.data as { _id: string }[]).some((c) => c._id === id);
  const featured = async (id: string) => ((await request('GET', '/course/featured/')).body.data as { _id: string }[]).some((c) => c._id === id);

  beforeAll(async () => {
    catalogue = await startServiceAlone('catalogue');
    for (const [who, password] of [['admin', 'admin123'], ['content', 'content123'], ['student', 'student123']]) {
      tokens[who!] = (await request('POST', '/user/login/', { email: `${who}@taal.local`, password })).body.data.token;
    }
  }, 120_000);

  afterAll(async () => {
    await catalogue?.stop();
  });

  it('lists drafts for the back office only', async () => {
    const all = (await request('GET', '/course/adminallcourse', undefined, tokens.content)).body.data as { published: boolean }[];
    const published = (await request('GET', '/course/')).body.data as unknown[];
    expect(all.length).toBeGreaterThan(published.length);
    expect(all.some((c) => !c.published)).toBe(true);
    expect((await request('GET', '/course/adminallcourse', undefined, tokens.student)).status).toBe(403);
    expect((await request('GET', '/course/adminallcourse')).status).toBe(401);
  });

  it('unpublishes and publishes again: visitors see the change on their next read', async () => {
    const [course] = (await request('GET', '/course/')).body.data as { _id: string }[];
    expect(await visible(course!._id)).toBe(true); // now cached by the catalogue's routes
    expect(await request('GET', `/course/unpublished/${course!._id}`, undefined, tokens.admin)).toMatchObject({ status: 200, body: { message: 'Course Unpublished!!!', data: { published: false } } });
    await waitFor(async () => !(await visible(course!._id)), 'the course to disappear for visitors');
    expect((await request('GET', `/course/${course!._id}/`)).status).toBe(404);
    expect((await request('GET', `/course/published/${course!._id}`, undefined, tokens.admin)).status).toBe(200);
    await waitFor(() => visible(course!._id), 'the course to come back');
  });

  it('features and unfeatures in one call', async () => {
    const courses = (await request('GET', '/course/')).body.data as { _id: string; featured: boolean }[];
    const plain = courses.find((c) => !c.featured)!;
    const star = courses.find((c) => c.featured)!;
    expect(await featured(star._id)).toBe(true);
    const answer = await request('POST', '/course/featured/add/', { featured: [plain._id], unFeatured: [star._id] }, tokens.admin);
    expect(answer.status).toBe(200);
    await waitFor(async () => (await featured(plain._id)) && !(await featured(star._id)), 'the featured list to change');
    expect((await request('POST', '/course/featured/add/', { featured: [plain._id], unFeatured: [plain._id] }, tokens.admin)).status).toBe(400);
  });

  it('refuses publishing and featuring to students and to the content role (403)', async () => {
    const [course] = (await request('GET', '/course/')).body.data as { _id: string }[];
    for (const who of ['student', 'content']) {
      expect((await request('GET', `/course/unpublished/${course!._id}`, undefined, tokens[who])).status).toBe(403);
      expect((await request('POST', '/course/featured/add/', { featured: [course!._id] }, tokens[who])).status).toBe(403);
    }
    expect(await visible(course!._id)).toBe(true);
    // The content role reaches the catalogue, which refuses in the spec's words, by key.
    expect(await request('GET', `/course/unpublished/${course!._id}`, undefined, tokens.content)).toMatchObject({
      status: 403,
      body: { success: false, message: 'Unpublish Rejected!!', code: 'COURSE_UNPUBLISH_REJECTED', reason: 'COURSE_UNPUBLISH_REJECTED' },
    });
    expect((await request('GET', `/course/published/${course!._id}`, undefined, tokens.content)).body.reason).toBe('COURSE_PUBLISH_REJECTED');
  });
});
