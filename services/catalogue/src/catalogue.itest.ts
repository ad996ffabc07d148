import { Metadata } from '@grpc/grpc-js';
import { catalogueEventsV1, catalogueV1, CatalogueEvents, refusalText } from '@taal/contracts';
import { callUnary, createClient, createLogger, createTestAuth, type CallerIdentity, type EventEnvelope } from '@taal/kit';
import { backends, type Backend } from '../../../tools/testing/backends';
import { waitFor } from '../../../tools/testing/wait';
import { startCatalogue, type RunningCatalogue } from './service';
import { useCaseCalls, useCaseMethods } from './testing/use-case-calls';
import { COURSE_CATEGORIES, COURSE_LEVELS } from './domain/course';
import { demoCourses, demoInstructors } from './domain/demo-data';

const ADMIN: CallerIdentity = { userId: 'admin-1', userType: 1 };
const STUDENT: CallerIdentity = { userId: 'student-1', userType: 4 };
const logger = createLogger('catalogue-test');
// The catalogue checks its callers' keys: the test calls as the gateway would.
const auth = createTestAuth(['gateway', 'catalogue']);

describe.each(backends)('catalogue service on %s infrastructure', (_name, makeBackend) => {
  let backend: Backend;
  let catalogue: RunningCatalogue;
  let client: catalogueV1.CatalogueServiceClient;

  // Requests are built with fromPartial: generated encoders expect every field present.
  const requests: Record<string, { fromPartial(o: object): object }> = {
    listCourses: catalogueV1.ListCoursesRequest,
    getCourse: catalogueV1.GetCourseRequest,
    listInstructors: catalogueV1.ListInstructorsRequest,
    getInstructor: catalogueV1.GetInstructorRequest,
    setCoursePublished: catalogueV1.SetCoursePublishedRequest,
  };
  // The methods only its routes used are its use cases now (issue 52): called as those routes call them.
  const useCase = useCaseCalls(() => catalogue.useCases);
  const call = async <Res>(method: string, request: object, identity?: CallerIdentity) =>
    useCaseMethods.has(method)
      ? useCase<Res>(method, request, identity)
      : callUnary<object, Res>(client, method, requests[method]!.fromPartial(request), {
          deadlineMs: 5000,
          userToken: identity ? await auth.userToken(identity) : undefined,
        });
  const start = () =>
    startCatalogue({ sql: backend.sql, bus: backend.bus, logger, host: '127.0.0.1', port: 0, seedDemoData: true, auth: auth.serviceAuth('catalogue') });

  beforeAll(async () => {
    backend = await makeBackend();
    catalogue = await start();
    client = createClient(catalogueV1.CatalogueServiceClient, `127.0.0.1:${catalogue.port}`, {
      auth: { issuer: auth.serviceAuth('gateway').issuer, audience: 'catalogue' },
    });
  });

  afterAll(async () => {
    client?.close();
    await catalogue?.stop();
    await backend?.close();
  });

  it('lists only the published demo courses, across every category and level', async () => {
    const { courses } = await call<catalogueV1.ListCoursesResponse>('listCourses', {});
    const published = demoCourses.filter((c) => c.published);
    expect(courses.map((c) => c.id).sort()).toEqual(published.map((c) => c.id).sort());
    expect(courses.length).toBeGreaterThanOrEqual(12);
    expect(new Set(courses.map((c) => c.category))).toEqual(new Set(COURSE_CATEGORIES));
    expect(new Set(courses.map((c) => c.level))).toEqual(new Set(COURSE_LEVELS));
    const guitar = courses.find((c) => c.id === demoCourses[0]!.id)!;
    expect(guitar.silver).toEqual({ price: 150000, oldPrice: 187500, validityDays: 30 });
  });

  it('hides unpublished courses from the public and from students, shows them to admins', async () => {
    const hidden = demoCourses.find((c) => !c.published)!;
    await expect(call('getCourse', { id: hidden.id })).rejects.toMatchObject({ code: 5 });
    await expect(call('listCourses', { includeUnpublished: true }, STUDENT)).rejects.toMatchObject({ code: 7 });
    const { course } = await call<catalogueV1.GetCourseResponse>('getCourse', { id: hidden.id, includeUnpublished: true }, ADMIN);
    expect(course?.published).toBe(false);
  });

  it('refuses a caller without service keys, whatever identity its metadata claims (UNAUTHENTICATED)', async () => {
    const direct = createClient(catalogueV1.CatalogueServiceClient, `127.0.0.1:${catalogue.port}`);
    const forged = new Metadata();
    forged.set('x-taal-user-id', 'admin-1');
    forged.set('x-taal-user-type', '1');
    const hidden = demoCourses.find((c) => !c.published)!;
    try {
      for (const [method, request] of [
        ['getCourse', { id: hidden.id, includeUnpublished: true }],
        ['listCourses', { includeUnpublished: true }],
        ['listCourses', {}],
      ] as const) {
        await expect(
          callUnary<object, unknown>(direct, method, requests[method]!.fromPartial(request), { metadata: forged, deadlineMs: 5000 }),
        ).rejects.toMatchObject({ code: 16 });
      }
      // With service keys but a forged identity instead of a user token: no user, so no drafts (the
      // catalogue's admin methods are its routes' use cases now, issue 52: below, without a user).
      await expect(
        callUnary<object, unknown>(client, 'getCourse', requests.getCourse!.fromPartial({ id: hidden.id, includeUnpublished: true }), {
          metadata: forged,
          deadlineMs: 5000,
        }),
      ).rejects.toMatchObject({ code: 7, details: refusalText('DRAFTS_BACK_OFFICE_ONLY') });
      await expect(call('setCoursePublished', { id: hidden.id, published: true })).rejects.toMatchObject({ code: 16 });
      // A real student token: known, but not an admin.
      await expect(call('setCoursePublished', { id: hidden.id, published: true }, STUDENT)).rejects.toMatchObject({ code: 7 });
    } finally {
      direct.close();
    }
  });

  it("answers a course's sale terms (its instructor's percentage) to a service as itself only, never to a user (decision 0053)", async () => {
    const course = demoCourses.find((c) => c.published)!;
    const percentage = demoInstructors.find((i) => i.id === course.instructorId)!.percentage;
    expect(percentage).toBeGreaterThan(0);
    const asked = (identity?: CallerIdentity) => call<catalogueV1.GetCourseResponse>('getCourse', { id: course.id, withSaleTerms: true }, identity);
    expect(await asked()).toMatchObject({ course: { id: course.id, instructorId: course.instructorId }, instructorPercentage: percentage });
    expect((await asked(STUDENT)).instructorPercentage).toBe(0);
    expect((await call<catalogueV1.GetCourseResponse>('getCourse', { id: course.id })).instructorPercentage).toBe(0);
  });

  it('answers NOT_FOUND for an unknown course or instructor', async () => {
    await expect(call('getCourse', { id: 'no-such-course' })).rejects.toMatchObject({ code: 5, details: 'Course not found' });
    await expect(call('getInstructor', { id: 'nobody' })).rejects.toMatchObject({ code: 5 });
  });

  it('lists instructors with their published courses only, featured ones capped at 10', async () => {
    const { instructors } = await call<catalogueV1.ListInstructorsResponse>('listInstructors', {});
    expect(instructors).toHaveLength(4);
    const all = instructors.flatMap((i) => i.courseIds);
    expect(all.sort()).toEqual(demoCourses.filter((c) => c.published).map((c) => c.id).sort());
    const featured = await call<catalogueV1.ListInstructorsResponse>('listInstructors', { featuredOnly: true, limit: 50 });
    expect(featured.instructors.length).toBeLessThanOrEqual(10);
    expect(featured.instructors.every((i) => i.featured)).toBe(true);
  });

  it('lets only an admin publish, and announces the change as catalogue.course.updated', async () => {
    const hidden = demoCourses.find((c) => !c.published)!;
    await expect(call('setCoursePublished', { id: hidden.id, published: true }, STUDENT)).rejects.toMatchObject({ code: 7 });
    await expect(call('setCoursePublished', { id: hidden.id, published: true })).rejects.toMatchObject({ code: 16 });

    const received: EventEnvelope[] = [];
    const subscription = await backend.bus.subscribe(`catalogue-test-${Date.now()}`, [CatalogueEvents.courseUpdated], async (e) => {
      received.push(e);
    });
    try {
      const { course } = await call<catalogueV1.SetCoursePublishedResponse>('setCoursePublished', { id: hidden.id, published: true }, ADMIN);
      expect(course?.published).toBe(true);
      await waitFor(() => received.some((e) => e.key === hidden.id), 'the catalogue.course.updated event');
      const event = received.find((e) => e.key === hidden.id)!;
      expect(event.type).toBe('catalogue.course.updated');
      expect(catalogueEventsV1.CourseUpdated.decode(event.payload).course?.published).toBe(true);
      const { courses } = await call<catalogueV1.ListCoursesResponse>('listCourses', {});
      expect(courses.map((c) => c.id)).toContain(hidden.id);
    } finally {
      await subscription.stop();
    }
  });

  it('does not seed twice when started again on the same database', async () => {
    const second = await start();
    await second.stop();
    const { rows } = await backend.sql.query<{ n: string }>('SELECT count(*) AS n FROM catalogue.course');
    expect(Number(rows[0]!.n)).toBe(demoCourses.length);
  });
});
