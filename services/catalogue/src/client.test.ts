import * as grpc from '@grpc/grpc-js';
import { catalogueV1 } from '@taal/contracts';
import { createTestAuth } from '@taal/kit';
import { catalogueServiceClient } from './client';

// A stand-in catalogue answering GetCourse and GetInstructor, recording what it was asked.
const asked: catalogueV1.GetCourseRequest[] = [];
const course = catalogueV1.Course.fromPartial({ id: 'c1', title: 'Sitar', instructorId: 'i1', published: true });
const fail = (code: grpc.status) => Object.assign(new Error('no'), { code, details: 'no' });
const server = new grpc.Server();
server.addService(catalogueV1.CatalogueServiceService, {
  getCourse: ({ request }: grpc.ServerUnaryCall<catalogueV1.GetCourseRequest, unknown>, done: grpc.sendUnaryData<catalogueV1.GetCourseResponse>) => {
    asked.push(request);
    if (request.id === 'down') return done(fail(grpc.status.INTERNAL));
    if (request.id !== 'c1') return done(fail(grpc.status.NOT_FOUND));
    done(null, { course, instructorPercentage: request.withSaleTerms ? 70 : 0 });
  },
  getInstructor: ({ request }: grpc.ServerUnaryCall<catalogueV1.GetInstructorRequest, unknown>, done: grpc.sendUnaryData<catalogueV1.GetInstructorResponse>) =>
    request.id === 'i1' ? done(null, { instructor: catalogueV1.Instructor.fromPartial({ id: 'i1', name: 'Ravi' }) }) : done(fail(grpc.status.NOT_FOUND)),
} as grpc.UntypedServiceImplementation);
const issuer = createTestAuth(['commerce']).serviceAuth('commerce').issuer;
let address = '';

beforeAll(async () => {
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  address = `127.0.0.1:${port}`;
});
afterAll(() => server.forceShutdown());
beforeEach(() => void asked.splice(0));

describe('the catalogue client other services call', () => {
  it('answers a course, its sale terms when asked, and null for NOT_FOUND; other failures stay errors', async () => {
    const catalogue = catalogueServiceClient(address, issuer);
    expect(await catalogue.course('c1')).toEqual(course);
    expect((await catalogue.course('c1', { saleTerms: true }))?.saleTerms).toEqual({ instructorId: 'i1', percentage: 70 });
    expect(await catalogue.course('gone', { drafts: true })).toBeNull();
    await expect(catalogue.course('down')).rejects.toMatchObject({ code: grpc.status.INTERNAL });
    expect((await catalogue.instructor('i1'))?.name).toBe('Ravi');
    expect(await catalogue.instructor('nobody')).toBeNull();
    expect(asked.map((r) => [r.id, r.includeUnpublished, r.withSaleTerms])).toEqual([
      ['c1', false, false],
      ['c1', false, true],
      ['gone', true, false],
      ['down', false, false],
    ]);
    catalogue.close();
  });

  it('keeps found answers only when asked to, one per request: a draft look is not a published one', async () => {
    const fresh = catalogueServiceClient(address, issuer);
    await fresh.course('c1');
    await fresh.course('c1');
    expect(asked).toHaveLength(2);
    fresh.close();

    asked.splice(0);
    const kept = catalogueServiceClient(address, issuer, { keepMs: 60_000 });
    await Promise.all([kept.course('c1'), kept.course('c1'), kept.course('c1', { drafts: true })]);
    await kept.course('gone');
    await kept.course('gone');
    expect(asked.map((r) => [r.id, r.includeUnpublished])).toEqual([
      ['c1', false],
      ['c1', true],
      ['gone', false],
      ['gone', false],
    ]);
    kept.close();
  });
});
