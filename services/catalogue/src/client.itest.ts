import { status } from '@grpc/grpc-js';
import { createLogger, createTestAuth, grpcClientCalls } from '@taal/kit';
import { backends, type Backend } from '../../../tools/testing/backends';
import { catalogueServiceClient } from './client';
import { demoCourses, demoInstructors } from './domain/demo-data';
import { startCatalogue, type RunningCatalogue } from './service';

const auth = createTestAuth(['catalogue', 'payouts']);
// As payouts calls it: a service the catalogue shows drafts to (commerce is refused them).
const issuer = auth.serviceAuth('payouts').issuer;
const [, makeBackend] = backends[0]!; // the client is the same whatever the catalogue stores in
const [guitar] = demoCourses;
const instructor = demoInstructors.find((i) => i.id === guitar!.instructorId)!;

/** The GetCourse calls this process has made so far (the kit counts every client call). */
const courseCalls = async () => (await grpcClientCalls.get()).values.filter((v) => v.labels.grpc_method === 'getCourse').reduce((n, v) => n + v.value, 0);

describe('the catalogue client other services call, against the catalogue', () => {
  let backend: Backend;
  let catalogue: RunningCatalogue;
  let address = '';
  beforeAll(async () => {
    backend = await makeBackend();
    catalogue = await startCatalogue({
      sql: backend.sql, bus: backend.bus, logger: createLogger('catalogue-client-test'), host: '127.0.0.1', port: 0, seedDemoData: true, auth: auth.serviceAuth('catalogue'),
    });
    address = `127.0.0.1:${catalogue.port}`;
  }, 60_000);
  afterAll(async () => {
    await catalogue?.stop();
    await backend?.close();
  }, 60_000);

  it('answers a course, its sale terms when asked, an instructor, and null for what the catalogue does not have; a catalogue not there is an error', async () => {
    const client = catalogueServiceClient(address, issuer);
    expect(await client.course(guitar!.id)).toMatchObject({ id: guitar!.id, title: guitar!.title, instructorId: instructor.id });
    expect((await client.course(guitar!.id, { saleTerms: true }))?.saleTerms).toEqual({ instructorId: instructor.id, percentage: instructor.percentage });
    expect(await client.course('no-such-course', { drafts: true })).toBeNull();
    expect((await client.instructor(instructor.id))?.name).toBe(instructor.name);
    expect(await client.instructor('no-such-instructor')).toBeNull();
    client.close();
    const gone = catalogueServiceClient('127.0.0.1:9', issuer, { deadlineMs: 1000 });
    const failure = (await gone.course(guitar!.id).catch((err: unknown) => err)) as { code?: number };
    expect([status.UNAVAILABLE, status.DEADLINE_EXCEEDED]).toContain(failure.code); // an error, not a null
    gone.close();
  }, 30_000);

  it('keeps found answers only when asked to, one per request (a draft look is not a published one), never a miss', async () => {
    const fresh = catalogueServiceClient(address, issuer);
    let before = await courseCalls();
    await fresh.course(guitar!.id);
    await fresh.course(guitar!.id);
    expect((await courseCalls()) - before).toBe(2);
    fresh.close();

    const kept = catalogueServiceClient(address, issuer, { keepMs: 60_000 });
    before = await courseCalls();
    await Promise.all([kept.course(guitar!.id), kept.course(guitar!.id), kept.course(guitar!.id, { drafts: true })]);
    await kept.course('no-such-course');
    await kept.course('no-such-course');
    expect((await courseCalls()) - before).toBe(4); // the course twice (published, drafts), the miss each time
    kept.close();
  }, 30_000);
});
