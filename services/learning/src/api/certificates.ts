/** Certificates: asked for by a student, provided by the back office, verified and downloaded by anyone with the id. */
import { z } from 'zod';
import { type learningV1 } from '@taal/contracts';
import { answer, done, envelope, fail, callerOf, refusal, ok, defineRoute, type AuthenticatedCaller, type RouteSpec } from '@taal/edge';
import { badPage, collectPages, linkHeader, linkNext, pageOf, pageQuery, pageRequest } from '@taal/edge';
import { type LearningRouteDeps, forCaller, uuid, guards } from './shape';

const PassedExamSchema = z
  .object({
    kind: z.enum(['theory', 'practical']).meta({ description: 'Which exam (decision 0073)' }),
    passedAt: z.string(),
    scorePercent: z.int().min(0).max(100),
  })
  .meta({ id: 'PassedExam' });
const toPassedExam = (e: learningV1.PassedExam) => ({ kind: e.kind as 'theory' | 'practical', passedAt: e.passedAt, scorePercent: e.scorePercent });
const CertificateSchema = z
  .object({
    _id: z.string(),
    userName: z.string(),
    userEmail: z.string(),
    courseId: z.string(),
    courseName: z.string(),
    provided: z.boolean(),
    requestedAt: z.string(),
    providedAt: z.string(),
    issuedName: z.string().meta({ description: 'The name the certificate was asked under, kept on record; userName is the student’s current name (decision 0042)' }),
    exams: z.array(PassedExamSchema).meta({ description: 'The exams passed before it was asked for (decision 0073); empty for a course that sets none' }),
  })
  .meta({ id: 'CertificateRequest' });
const toCertificate = (c: learningV1.Certificate) => ({
  _id: c.id,
  userName: c.userName,
  userEmail: c.userEmail,
  courseId: c.courseId,
  courseName: c.courseName,
  provided: c.status === 'provided',
  requestedAt: c.requestedAt,
  providedAt: c.providedAt,
  issuedName: c.issuedName,
  exams: c.exams.map(toPassedExam),
});

/** GET user/certificatelist/work (the spec's offset pages) reaches the first this many requests (decision 0084). */
export const CERTIFICATE_LIST_BOUND = 100;

export function certificateRoutes(deps: LearningRouteDeps): RouteSpec[] {
  const { certificates, identity, tokens, catalogue } = deps;
  const { student, staff } = guards(tokens);
  const certificatePage = async (caller: AuthenticatedCaller, status: 'pending' | 'provided', cursor: string, limit: number) => {
    const page = await certificates.list(forCaller(caller), { status, cursor, limit });
    return { items: page.certificates.map(toCertificate), next: page.next };
  };

  return [
    // ---- Certificates ----
    defineRoute({
      method: 'get',
      path: '/course/certificate/{userEmail}/{courseId}/{courseName}',
      summary: "Ask for the course's certificate (students with an enrolment who completed every lesson): status success (asked now), pending or provided, with a message",
      auth: student,
      params: {
        userEmail: { schema: z.string().max(254), description: "The caller's own e-mail; another gives 403" },
        courseId: { schema: uuid(), description: 'The course id (UUID)', invalid: () => refusal('COURSE_NOT_FOUND') },
        courseName: { schema: z.string().max(300), description: 'Shown by the client; the certificate takes the catalogue’s title' },
      },
      responses: {
        200: answer(done(z.object({ status: z.enum(['success', 'pending', 'provided']), certificate: CertificateSchema }))),
        400: fail(
          "'Purchase the course First!!': no enrolment in this course; CERTIFICATE_NEEDS_ALL_LESSONS: a lesson of the course is not completed yet; CERTIFICATE_NEEDS_EXAM: the course's theory exam is not passed yet",
        ),
        403: fail('Another user’s e-mail'),
        404: fail('Unknown course'),
      },
      handler: async ({ res, param }) => {
        const caller = callerOf(res);
        const { user } = await identity.getUser({ id: caller.userId }, caller);
        if (!user || user.email.toLowerCase() !== param('userEmail').toLowerCase()) throw refusal('NOT_YOUR_CERTIFICATE');
        const { course } = await catalogue.getCourse({ id: param('courseId') });
        if (!course) throw refusal('COURSE_NOT_FOUND');
        const asked = await certificates.request(forCaller(caller), { courseId: course.id, userName: user.name, userEmail: user.email, courseName: course.title });
        res.json({ success: true, message: asked.message, data: { status: asked.outcome as 'success' | 'pending' | 'provided', certificate: toCertificate(asked.certificate!) } });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/certificates/mine',
      summary: "The caller's certificates, provided and pending, newest request first (students; the panel's My certificates)",
      auth: student,
      responses: { 200: answer(envelope(z.array(CertificateSchema))) },
      handler: async ({ res }) => {
        const mine = await certificates.mine(forCaller(callerOf(res)));
        res.json(ok(mine.certificates.map(toCertificate)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/user/certificatelist/work',
      summary: `Certificate requests, pending first, newest request first, 20 a page, up to the first ${CERTIFICATE_LIST_BOUND} (admin and content; total counts those, the Link header names the paged route where the rest continue: GET user/certificatelist/page)`,
      auth: staff,
      query: { page: { schema: z.string().regex(/^[0-9]{1,6}$/), description: `The page, from 1 (default 1); past the first ${CERTIFICATE_LIST_BOUND} requests a page is empty` } },
      responses: { 200: { ...answer(envelope(z.object({ certificates: z.array(CertificateSchema), total: z.int().min(0), page: z.int().min(1), pageSize: z.int() }))), headers: linkHeader } },
      handler: async ({ req, res }) => {
        const page = Math.max(1, Math.min(Number.parseInt(String(req.query.page ?? '1'), 10) || 1, 100_000));
        const caller = callerOf(res);
        // Read a keyset page at a time (decision 0084): the pending requests, then the provided, up to the bound.
        const pending = await collectPages(CERTIFICATE_LIST_BOUND, (cursor, limit) => certificatePage(caller, 'pending', cursor, limit));
        const provided = pending.next ? { items: [], next: '' } : await collectPages(CERTIFICATE_LIST_BOUND - pending.items.length, (cursor, limit) => certificatePage(caller, 'provided', cursor, limit));
        const all = [...pending.items, ...provided.items];
        if (pending.next) linkNext(res, '/api/v1/user/certificatelist/page', { status: 'pending' }, pending.next);
        else linkNext(res, '/api/v1/user/certificatelist/page', { status: 'provided' }, provided.next);
        res.json(ok({ certificates: all.slice((page - 1) * 20, page * 20), total: all.length, page, pageSize: 20 }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/user/certificatelist/page',
      summary: "A page of the pending (default) or the provided certificate requests, newest request first (admin and content; decision 0084); next: the following page's cursor, null on the last",
      auth: staff,
      query: { status: { schema: z.enum(['pending', 'provided']), description: 'pending (default) or provided', invalid: () => refusal('INVALID_VALUE') }, ...pageQuery },
      responses: { 200: answer(pageOf(CertificateSchema)), ...badPage },
      handler: async ({ req, res }) => {
        const { cursor, limit } = pageRequest(req);
        const page = await certificatePage(callerOf(res), req.query.status === 'provided' ? 'provided' : 'pending', cursor, limit);
        res.json(ok({ items: page.items, next: page.next || null }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/user/certificate/{id}',
      summary: "Mark a certificate request provided, making its PDF: 'Cetificate Provided Successfully!!' (admin and content)",
      auth: staff,
      params: { id: { schema: uuid(), description: 'The certificate request id', invalid: () => refusal('CERTIFICATE_PROVIDE_FAILED') } },
      responses: { 200: answer(done(CertificateSchema)), 404: fail('Unknown request') },
      handler: async ({ res, param }) => {
        const certificate = await certificates.provide(forCaller(callerOf(res)), { id: param('id') });
        res.json({ success: true, message: 'Cetificate Provided Successfully!!', data: toCertificate(certificate) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/certificate/{id}',
      summary: 'Verify a certificate (public): the name, course and date of a provided certificate, or 404',
      params: { id: { schema: uuid(), description: 'The certificate id', invalid: () => refusal('CERTIFICATE_NOT_FOUND') } },
      fairUse: 'reads',
      responses: {
        200: answer(
          envelope(z.object({ valid: z.literal(true), id: z.string(), userName: z.string(), courseName: z.string(), providedAt: z.string(), exams: z.array(PassedExamSchema) })),
        ),
        404: fail('No such certificate'),
      },
      handler: async ({ res, param }) => {
        const c = await certificates.verify({ id: param('id') });
        res.json(ok({ valid: true as const, id: c.id, userName: c.userName, courseName: c.courseName, providedAt: c.providedAt, exams: c.exams.map(toPassedExam) }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/certificate/{id}/pdf',
      summary: 'The PDF of a provided certificate (public, by its unguessable id)',
      params: { id: { schema: uuid(), description: 'The certificate id', invalid: () => refusal('CERTIFICATE_NOT_FOUND') } },
      fairUse: 'reads',
      responses: { 200: { description: 'The certificate', content: { 'application/pdf': z.string().meta({ format: 'binary' }) } }, 404: fail('No such certificate') },
      handler: async ({ res, param }) => {
        const pdf = await certificates.pdf({ id: param('id') });
        res.status(200).setHeader('Content-Type', 'application/pdf');
        res.setHeader('Content-Disposition', `inline; filename="taal-certificate-${param('id')}.pdf"`);
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.send(pdf);
      },
    }),
  ];
}
