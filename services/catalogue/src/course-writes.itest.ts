import { randomUUID } from 'node:crypto';
import { catalogueEventsV1, catalogueV1, CatalogueEvents, refusalText } from '@taal/contracts';
import { callUnary, createClient, createLogger, createTestAuth, FIELDS_METADATA_KEY, REASON_METADATA_KEY, type CallerIdentity, type EventEnvelope } from '@taal/kit';
import { backends, type Backend } from '../../../tools/testing/backends';
import { waitFor } from '../../../tools/testing/wait';
import { startCatalogue, type RunningCatalogue } from './service';
import { useCaseCalls, useCaseMethods } from './testing/use-case-calls';
import { demoInstructors } from './domain/demo-data';
import { Catalogue } from './app/catalogue';
import { CatalogueStore } from './store/catalogue-store';

const ADMIN: CallerIdentity = { userId: 'admin-1', userType: 1 };
const CONTENT: CallerIdentity = { userId: 'content-1', userType: 2 };
const INSTRUCTOR: CallerIdentity = { userId: 'instructor-1', userType: 3 };
const STUDENT: CallerIdentity = { userId: 'student-1', userType: 4 };
const logger = createLogger('catalogue-writes-test');
const auth = createTestAuth(['gateway', 'catalogue']);
const img = () => `/api/v1/media/images/${randomUUID()}.jpg`;
const pdf = () => `/api/v1/course/${randomUUID()}/documents/${randomUUID()}.pdf`;

const fullCourse = (): catalogueV1.CourseInput => ({
  title: 'Slide guitar from zero',
  subtitle: 'Open tunings and a glass slide',
  description: '<p>Twelve lessons</p>',
  courseHours: 6,
  category: 'Guitar',
  level: 'beginner',
  instructorId: demoInstructors[0]!.id,
  silverPrice: 150000,
  silverOldPrice: 200000,
  silverValidity: 30,
  goldPrice: 250000,
  goldOldPrice: 300000,
  goldValidity: 90,
  diamondPrice: 400000,
  diamondOldPrice: 500000,
  diamondValidity: 365,
  bundle: false,
  thumbnail: img(),
  banner: img(),
  topics: { items: ['Open G', 'Open D'] },
  requirements: { items: ['A guitar'] },
  whoFor: { items: ['Beginners'] },
  addDocuments: [{ name: 'tabs.pdf', url: pdf() }],
});

describe.each(backends)('catalogue writes on %s infrastructure', (_name, makeBackend) => {
  let backend: Backend;
  let catalogue: RunningCatalogue;
  let client: catalogueV1.CatalogueServiceClient;
  const requests: Record<string, { fromPartial(o: object): object }> = {
    createCourse: catalogueV1.CreateCourseRequest,
    updateCourse: catalogueV1.UpdateCourseRequest,
    deleteCourse: catalogueV1.DeleteCourseRequest,
    addFreeLesson: catalogueV1.AddFreeLessonRequest,
    setCoursePublished: catalogueV1.SetCoursePublishedRequest,
    setCourseFeatured: catalogueV1.SetCourseFeaturedRequest,
    createInstructor: catalogueV1.CreateInstructorRequest,
    updateInstructor: catalogueV1.UpdateInstructorRequest,
    setInstructorPublished: catalogueV1.SetInstructorPublishedRequest,
    setInstructorFeatured: catalogueV1.SetInstructorFeaturedRequest,
    createUpcomingCourse: catalogueV1.CreateUpcomingCourseRequest,
    deleteUpcomingCourse: catalogueV1.DeleteUpcomingCourseRequest,
    getCourse: catalogueV1.GetCourseRequest,
    listUpcomingCourses: catalogueV1.ListUpcomingCoursesRequest,
    getInstructor: catalogueV1.GetInstructorRequest,
  };
  // The writes are its routes' use cases now (issue 52): called as those routes call them; the reads
  // other services ask (getCourse, getInstructor) still over gRPC.
  const useCase = useCaseCalls(() => catalogue.useCases);
  const call = async <Res>(method: string, request: object, identity?: CallerIdentity) =>
    useCaseMethods.has(method)
      ? useCase<Res>(method, request, identity)
      : callUnary<object, Res>(client, method, requests[method]!.fromPartial(request), {
          deadlineMs: 5000,
          userToken: identity ? await auth.userToken(identity) : undefined,
        });

  beforeAll(async () => {
    backend = await makeBackend();
    catalogue = await startCatalogue({ sql: backend.sql, bus: backend.bus, logger, host: '127.0.0.1', port: 0, seedDemoData: true, auth: auth.serviceAuth('catalogue') });
    client = createClient(catalogueV1.CatalogueServiceClient, `127.0.0.1:${catalogue.port}`, {
      auth: { issuer: auth.serviceAuth('gateway').issuer, audience: 'catalogue' },
    });
  });

  afterAll(async () => {
    client?.close();
    await catalogue?.stop();
    await backend?.close();
  });

  it('lets the content role add a course (unpublished, announced), and a retried add makes one course', async () => {
    const received: EventEnvelope[] = [];
    const sub = await backend.bus.subscribe(`writes-${randomUUID()}`, [CatalogueEvents.courseUpdated], async (e) => {
      received.push(e);
    });
    try {
      const id = randomUUID();
      const input = fullCourse();
      const { course } = await call<catalogueV1.CreateCourseResponse>('createCourse', { id, course: input }, CONTENT);
      expect(course).toMatchObject({ id, published: false, featured: false, price: 150000, validityDays: 30, documents: [{ name: 'tabs.pdf' }] });
      expect(course!.gold).toEqual({ price: 250000, oldPrice: 300000, validityDays: 90 });
      const again = await call<catalogueV1.CreateCourseResponse>('createCourse', { id, course: input }, CONTENT);
      expect(again.course?.id).toBe(id);
      const { rows } = await backend.sql.query<{ n: string }>('SELECT count(*) AS n FROM catalogue.course WHERE id = $1', [id]);
      expect(Number(rows[0]!.n)).toBe(1);
      await waitFor(() => received.some((e) => e.key === id), 'catalogue.course.updated of the new course');
      expect(catalogueEventsV1.CourseUpdated.decode(received.find((e) => e.key === id)!.payload).course?.title).toBe(input.title);
    } finally {
      await sub.stop();
    }
  });

  it("refuses a course with a missing field: 'Any of the field is not fillup or Failed to Upload!!!' with the fields", async () => {
    const input = { ...fullCourse(), thumbnail: undefined, silverValidity: undefined, category: 'Banjo' };
    const err = await call('createCourse', { id: randomUUID(), course: input }, ADMIN).catch((e: unknown) => e);
    // The catalogue's entry: the spec's English, its key and each field's key as metadata.
    expect(err).toMatchObject({ code: 3, details: 'Any of the field is not fillup or Failed to Upload!!!' });
    const metadata = (err as { metadata: { get(k: string): unknown[] } }).metadata;
    expect(metadata.get(REASON_METADATA_KEY)).toEqual(['COURSE_ADD_FAILED']);
    const fields = JSON.parse(String(metadata.get(FIELDS_METADATA_KEY)[0]));
    expect(fields).toEqual({ catagory: 'INVALID_CATEGORY', priceSilverValidity: 'ENTRY_REQUIRED', thumbnail: 'ENTRY_REQUIRED' });
  });

  it("lets an instructor update their own profile (issue 40), not another's, nor its percentage or featured (PERMISSION_DENIED)", async () => {
    const [mine, other] = [demoInstructors[0]!.id, demoInstructors[1]!.id];
    const owner: CallerIdentity = { ...INSTRUCTOR, instructorId: mine };
    const { instructor } = await call<catalogueV1.UpdateInstructorResponse>('updateInstructor', { id: mine, instructor: { band: 'Own band' } }, owner);
    expect(instructor).toMatchObject({ id: mine, band: 'Own band' });
    await expect(call('updateInstructor', { id: other, instructor: { band: 'Hijacked' } }, owner)).rejects.toMatchObject({ code: 7 });
    await expect(call('updateInstructor', { id: mine, instructor: { percentage: 99 } }, owner)).rejects.toMatchObject({ code: 7 });
    await expect(call('updateInstructor', { id: mine, instructor: { featured: true } }, owner)).rejects.toMatchObject({ code: 7 });
    // An instructor account without a linked profile edits none.
    await expect(call('updateInstructor', { id: mine, instructor: { band: 'x' } }, INSTRUCTOR)).rejects.toMatchObject({ code: 7 });
  });

  it('refuses every write to students and instructors, and publishing, featuring and instructors to the content role (PERMISSION_DENIED)', async () => {
    const { course } = await call<catalogueV1.CreateCourseResponse>('createCourse', { id: randomUUID(), course: fullCourse() }, ADMIN);
    for (const who of [STUDENT, INSTRUCTOR]) {
      await expect(call('createCourse', { id: randomUUID(), course: fullCourse() }, who)).rejects.toMatchObject({ code: 7 });
      await expect(call('updateCourse', { id: course!.id, course: { title: 'x' } }, who)).rejects.toMatchObject({ code: 7 });
      await expect(call('createUpcomingCourse', { id: randomUUID(), name: 'x', photo: img() }, who)).rejects.toMatchObject({ code: 7 });
    }
    for (const who of [STUDENT, CONTENT]) {
      await expect(call('setCoursePublished', { id: course!.id, published: true }, who)).rejects.toMatchObject({ code: 7 });
      await expect(call('setCourseFeatured', { featuredIds: [course!.id] }, who)).rejects.toMatchObject({ code: 7 });
      const profile = { name: 'N', band: 'B', bio: 'b', percentage: 50, photo: img(), banner: img() };
      await expect(call('createInstructor', { id: randomUUID(), instructor: profile }, who)).rejects.toMatchObject({ code: 7 });
      await expect(call('updateInstructor', { id: demoInstructors[0]!.id, instructor: { name: 'x' } }, who)).rejects.toMatchObject({ code: 7 });
      await expect(call('setInstructorPublished', { id: demoInstructors[0]!.id, published: false }, who)).rejects.toMatchObject({ code: 7 });
      await expect(call('setInstructorFeatured', { featuredIds: [demoInstructors[0]!.id] }, who)).rejects.toMatchObject({ code: 7 });
    }
    await expect(call('createCourse', { id: randomUUID(), course: fullCourse() })).rejects.toMatchObject({ code: 16 });
    const still = await call<catalogueV1.GetCourseResponse>('getCourse', { id: course!.id, includeUnpublished: true }, ADMIN);
    expect(still.course).toMatchObject({ published: false, featured: false });
  });

  it('updates only the fields sent, adds documents, and keeps the rest', async () => {
    const { course } = await call<catalogueV1.CreateCourseResponse>('createCourse', { id: randomUUID(), course: fullCourse() }, CONTENT);
    const { course: updated } = await call<catalogueV1.UpdateCourseResponse>(
      'updateCourse',
      { id: course!.id, course: { title: 'Slide guitar, second edition', goldValidity: 120, addDocuments: [{ name: 'more.pdf', url: pdf() }] } },
      CONTENT,
    );
    expect(updated).toMatchObject({ title: 'Slide guitar, second edition', subtitle: course!.subtitle, thumbnail: course!.thumbnail });
    expect(updated!.gold).toEqual({ price: 250000, oldPrice: 300000, validityDays: 120 });
    expect(updated!.documents.map((d) => d.name)).toEqual(['tabs.pdf', 'more.pdf']);
    await expect(call('updateCourse', { id: course!.id, course: { goldValidity: 0 } }, CONTENT)).rejects.toMatchObject({ code: 3, details: refusalText('COURSE_UPDATE_FAILED') });
    await expect(call('updateCourse', { id: randomUUID(), course: { title: 'x' } }, CONTENT)).rejects.toMatchObject({ code: 5 });
  });

  it("adds free lessons (title and YouTube link, 'Please input title and link'), two at most", async () => {
    const { course } = await call<catalogueV1.CreateCourseResponse>('createCourse', { id: randomUUID(), course: fullCourse() }, CONTENT);
    await expect(call('addFreeLesson', { courseId: course!.id, title: 'Intro', youtubeUrl: '' }, CONTENT)).rejects.toMatchObject({ code: 3, details: refusalText('FREE_LESSON_MISSING') });
    await expect(call('addFreeLesson', { courseId: course!.id, title: 'Intro', youtubeUrl: 'https://evil.example/x' }, CONTENT)).rejects.toMatchObject({ code: 3 });
    for (const n of [1, 2, 3]) {
      await call('addFreeLesson', { courseId: course!.id, title: `Free ${n}`, youtubeUrl: `https://www.youtube.com/watch?v=abcdef${n}` }, CONTENT);
    }
    const { course: after } = await call<catalogueV1.GetCourseResponse>('getCourse', { id: course!.id, includeUnpublished: true }, ADMIN);
    expect(after!.freeLessons.map((l) => l.title)).toEqual(['Free 2', 'Free 3']);
  });

  it('discards an unpublished draft (the undo of a failed add) but never a published course', async () => {
    const { course } = await call<catalogueV1.CreateCourseResponse>('createCourse', { id: randomUUID(), course: fullCourse() }, CONTENT);
    await call('deleteCourse', { id: course!.id }, CONTENT);
    await expect(call('getCourse', { id: course!.id, includeUnpublished: true }, ADMIN)).rejects.toMatchObject({ code: 5 });
    const { course: other } = await call<catalogueV1.CreateCourseResponse>('createCourse', { id: randomUUID(), course: fullCourse() }, ADMIN);
    await call('setCoursePublished', { id: other!.id, published: true }, ADMIN);
    await expect(call('deleteCourse', { id: other!.id }, ADMIN)).rejects.toMatchObject({ code: 5 });
  });

  it('lets the admin add, update (only what is sent), publish and feature instructors', async () => {
    const id = randomUUID();
    await expect(call('createInstructor', { id, instructor: { name: 'Only a name' } }, ADMIN)).rejects.toMatchObject({ code: 3, details: refusalText('INSTRUCTOR_ADD_FAILED') });
    const profile = { name: 'Rumana Akter', band: 'Nodi', bio: 'Bass player', percentage: 40, photo: img(), banner: img() };
    const { instructor } = await call<catalogueV1.CreateInstructorResponse>('createInstructor', { id, instructor: profile }, ADMIN);
    expect(instructor).toMatchObject({ ...profile, id, published: false, featured: false });
    const { instructor: updated } = await call<catalogueV1.UpdateInstructorResponse>('updateInstructor', { id, instructor: { band: 'Nodi Live' } }, ADMIN);
    expect(updated).toMatchObject({ name: 'Rumana Akter', band: 'Nodi Live', percentage: 40, photo: profile.photo });
    await call('setInstructorPublished', { id, published: true }, ADMIN);
    const { instructors } = await call<catalogueV1.SetInstructorFeaturedResponse>('setInstructorFeatured', { featuredIds: [id] }, ADMIN);
    expect(instructors[0]).toMatchObject({ id, published: true, featured: true });
    const { instructor: publicView } = await call<catalogueV1.GetInstructorResponse>('getInstructor', { id });
    expect(publicView?.name).toBe('Rumana Akter');
  });

  it('adds and deletes upcoming courses (content role), announcing each change', async () => {
    const received: EventEnvelope[] = [];
    const sub = await backend.bus.subscribe(`upcoming-${randomUUID()}`, [CatalogueEvents.upcomingUpdated], async (e) => {
      received.push(e);
    });
    try {
      await expect(call('createUpcomingCourse', { id: randomUUID(), name: '', photo: img() }, CONTENT)).rejects.toMatchObject({ code: 3, details: refusalText('FIELDS_NOT_FILLED') });
      const id = randomUUID();
      await call('createUpcomingCourse', { id, name: 'Tabla basics', photo: img() }, CONTENT);
      let list = await call<catalogueV1.ListUpcomingCoursesResponse>('listUpcomingCourses', {});
      expect(list.courses.map((c) => c.name)).toContain('Tabla basics');
      await call('deleteUpcomingCourse', { id }, CONTENT);
      list = await call<catalogueV1.ListUpcomingCoursesResponse>('listUpcomingCourses', {});
      expect(list.courses.map((c) => c.id)).not.toContain(id);
      await expect(call('deleteUpcomingCourse', { id }, CONTENT)).rejects.toMatchObject({ code: 5 });
      await waitFor(() => received.filter((e) => e.key === id).length === 2, 'two catalogue.upcoming.updated events');
      expect(received.filter((e) => e.key === id).map((e) => catalogueEventsV1.UpcomingCourseChanged.decode(e.payload).deleted)).toEqual([false, true]);
    } finally {
      await sub.stop();
    }
  });

  it('sanitises a description on add and update, and cleans one stored raw before when it starts', async () => {
    const id = randomUUID();
    const hostile = '<p onclick="alert(1)">Play <strong>slow</strong></p><script>alert(2)</script><a href="javascript:alert(3)">x</a>';
    const { course } = await call<catalogueV1.CreateCourseResponse>('createCourse', { id, course: { ...fullCourse(), description: hostile } }, CONTENT);
    expect(course!.description).toBe('<p>Play <strong>slow</strong></p><a target="_blank" rel="noopener noreferrer">x</a>');
    const { course: updated } = await call<catalogueV1.UpdateCourseResponse>('updateCourse', { id, course: { description: '<em>ok</em><img src=x onerror=alert(4)>' } }, CONTENT);
    expect(updated!.description).toBe('<em>ok</em><img src="x" />');

    // A description written before sanitising on write (as older versions did): the next start cleans it and announces it.
    await backend.sql.query(`UPDATE catalogue.course SET description = $2 WHERE id = $1`, [id, hostile]);
    const received: EventEnvelope[] = [];
    const sub = await backend.bus.subscribe(`backfill-${randomUUID()}`, [CatalogueEvents.courseUpdated], async (e) => {
      received.push(e);
    });
    const restarted = await startCatalogue({ sql: backend.sql, bus: backend.bus, logger, host: '127.0.0.1', port: 0, seedDemoData: true, auth: auth.serviceAuth('catalogue') });
    try {
      const { rows } = await backend.sql.query<{ description: string }>('SELECT description FROM catalogue.course WHERE id = $1', [id]);
      expect(rows[0]!.description).toBe(course!.description);
      await waitFor(() => received.some((e) => e.key === id), 'catalogue.course.updated of the cleaned course');
    } finally {
      await sub.stop();
      await restarted.stop();
    }
  });
  it("sanitises an instructor's bio on add and update, as the public API serves it, and cleans one stored raw before when it starts", async () => {
    const id = randomUUID();
    const hostile = '<p onmouseover="alert(1)">Bass <em>and</em> keys</p><script>alert(2)</script><img src=x onerror=alert(3)>';
    const profile = { name: 'Sadia Noor', band: 'Megh', bio: hostile, percentage: 30, photo: img(), banner: img() };
    const { instructor } = await call<catalogueV1.CreateInstructorResponse>('createInstructor', { id, instructor: profile }, ADMIN);
    const clean = '<p>Bass <em>and</em> keys</p><img src="x" />';
    expect(instructor!.bio).toBe(clean);
    await call('setInstructorPublished', { id, published: true }, ADMIN);
    expect((await call<catalogueV1.GetInstructorResponse>('getInstructor', { id })).instructor!.bio).toBe(clean);
    const { instructor: updated } = await call<catalogueV1.UpdateInstructorResponse>(
      'updateInstructor',
      { id, instructor: { bio: 'Plays <a href="javascript:alert(4)" onclick="x()">live</a><iframe src="https://evil.example"></iframe>' } },
      ADMIN,
    );
    expect(updated!.bio).toBe('Plays <a target="_blank" rel="noopener noreferrer">live</a>');
    // A bio that is only markup is no bio: required on add, as a description is.
    await expect(call('createInstructor', { id: randomUUID(), instructor: { ...profile, bio: '<script>alert(5)</script>' } }, ADMIN)).rejects.toMatchObject({
      code: 3,
      details: refusalText('INSTRUCTOR_ADD_FAILED'),
    });

    // A bio written before sanitising on write (as older versions stored it): the next start cleans it and announces it.
    await backend.sql.query(`UPDATE catalogue.instructor SET bio = $2 WHERE id = $1`, [id, hostile]);
    const received: EventEnvelope[] = [];
    const sub = await backend.bus.subscribe(`bio-backfill-${randomUUID()}`, [CatalogueEvents.instructorUpdated], async (e) => {
      received.push(e);
    });
    const restarted = await startCatalogue({ sql: backend.sql, bus: backend.bus, logger, host: '127.0.0.1', port: 0, seedDemoData: true, auth: auth.serviceAuth('catalogue') });
    try {
      const bioOf = async () => (await backend.sql.query<{ bio: string }>('SELECT bio FROM catalogue.instructor WHERE id = $1', [id])).rows[0]!.bio;
      expect(await bioOf()).toBe(clean);
      await waitFor(() => received.some((e) => e.key === id), 'catalogue.instructor.updated of the cleaned instructor');
      // Idempotent: the next pass finds nothing to change (the demo bios included).
      await expect(new Catalogue(backend.sql, new CatalogueStore(backend.sql), () => {}).sanitiseStoredBios()).resolves.toBe(0);
      expect(await bioOf()).toBe(clean);
    } finally {
      await sub.stop();
      await restarted.stop();
    }
  });
});
