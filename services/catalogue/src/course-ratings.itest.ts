import { randomUUID } from 'node:crypto';
import { catalogueV1, CatalogueEvents, MessagingEvents, messagingEventsV1 } from '@taal/contracts';
import { callUnary, createClient, createEnvelope, createLogger, createTestAuth, type EventEnvelope } from '@taal/kit';
import { backends, type Backend } from '../../../tools/testing/backends';
import { waitFor } from '../../../tools/testing/wait';
import { startCatalogue, type RunningCatalogue } from './service';
import { useCaseCalls } from './testing/use-case-calls';


const logger = createLogger('catalogue-ratings-test');
const auth = createTestAuth(['gateway', 'catalogue']);

/**
 * A course's rating figures from messaging (decision 0048): stored when newer, ignored when older
 * or repeated, and announced as `catalogue.course.updated` (which drops the edge's cached reads).
 */
describe.each(backends)('course ratings on %s infrastructure', (_name, makeBackend) => {
  let backend: Backend;
  let catalogue: RunningCatalogue;
  let client: catalogueV1.CatalogueServiceClient;
  let published: string[] = [];
  const course = async (id: string) =>
    (await callUnary<catalogueV1.GetCourseRequest, catalogueV1.GetCourseResponse>(client, 'getCourse', catalogueV1.GetCourseRequest.fromPartial({ id }), { deadlineMs: 5000 })).course!;
  const send = (courseId: string, ratingSum: number, ratingCount: number, version: number): EventEnvelope =>
    createEnvelope({
      type: MessagingEvents.courseRatingChanged,
      key: courseId,
      payload: messagingEventsV1.CourseRatingChanged.encode({ courseId, ratingSum, ratingCount, version }).finish(),
    });

  beforeAll(async () => {
    backend = await makeBackend();
    catalogue = await startCatalogue({ sql: backend.sql, bus: backend.bus, logger, host: '127.0.0.1', port: 0, seedDemoData: true, auth: auth.serviceAuth('catalogue') });
    client = createClient(catalogueV1.CatalogueServiceClient, `127.0.0.1:${catalogue.port}`, { auth: { issuer: auth.serviceAuth('gateway').issuer, audience: 'catalogue' } });
    const { courses } = await callUnary<catalogueV1.ListCoursesRequest, catalogueV1.ListCoursesResponse>(client, 'listCourses', catalogueV1.ListCoursesRequest.fromPartial({}), { deadlineMs: 5000 });
    published = courses.map((c) => c.id);
  });

  afterAll(async () => {
    client?.close();
    await catalogue?.stop();
    await backend?.close();
  });

  it('keeps the newest figures: an older or repeated event changes nothing, and each change is announced once', async () => {
    const id = published[0]!;
    const updates: string[] = [];
    const sub = await backend.bus.subscribe(`ratings-${randomUUID()}`, [CatalogueEvents.courseUpdated], async (e) => {
      if (e.key === id) updates.push(e.id);
    });
    try {
      expect(await course(id)).toMatchObject({ ratingSum: 0, ratingCount: 0 });
      const second = send(id, 9, 2, 2_000);
      await backend.bus.publish([send(id, 4, 1, 1_000), second]);
      await waitFor(async () => (await course(id)).ratingCount === 2, 'the first figures');
      // Late: an older version, and the same event delivered again.
      await backend.bus.publish([send(id, 5, 1, 1_500), second]);
      // Then a newer one (a review hidden): its figures win.
      await backend.bus.publish([send(id, 4, 1, 3_000)]);
      await waitFor(async () => (await course(id)).ratingCount === 1, 'the newest figures');
      expect(await course(id)).toMatchObject({ ratingSum: 4, ratingCount: 1 });
      // Three changes stored (versions 1000, 2000, 3000): three announcements, none for the ignored two.
      await waitFor(() => updates.length >= 3, 'three course updates');
      await new Promise((r) => setTimeout(r, 500));
      expect(updates).toHaveLength(3);
    } finally {
      await sub.stop();
    }
  });

  it('ignores figures that 1-5 ratings cannot make, and an unknown course', async () => {
    const id = published[1]!;
    await backend.bus.publish([send(id, 30, 2, 1_000), send(randomUUID(), 5, 1, 1_000), send(id, 5, 1, 2_000)]);
    await waitFor(async () => (await course(id)).ratingCount === 1, 'the valid figures');
    expect(await course(id)).toMatchObject({ ratingSum: 5, ratingCount: 1 });
  });

  it('breaks ties in search with the rating: among equally relevant hits the better rated comes first', async () => {
    // Search is its route's use case (issue 52): called as the route calls it.
    const search = async () => (await useCaseCalls(() => catalogue.useCases)<catalogueV1.SearchResponse>('search', { query: 'guitar' })).courses;
    const before = await search();
    const top = before.filter((h) => h.score === before[0]!.score);
    expect(top.length).toBeGreaterThan(1);
    const last = top[top.length - 1]!.course!.id;
    await backend.bus.publish([send(last, 10, 2, 5_000)]);
    await waitFor(async () => (await search())[0]!.course!.id === last, 'the rated course first among the best matches');
    // A lower relevance tier stays below, however well rated.
    const after = await search();
    expect(after.findIndex((h) => h.score < after[0]!.score)).toBeGreaterThanOrEqual(top.length);
  });
});
